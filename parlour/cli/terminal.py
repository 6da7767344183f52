"""Terminal play for any game, drawn from the typed view alone (``parlour.engine.views.View``).

Nothing here names a game: the table is the view's zones, tricks, seats, scores and the game's typed
extras (named by their field labels), and the running commentary is the text of the events a seat may
see. One or more people play at one terminal against computer players; with several, the screen hides
each hand until its owner sits down.
"""

from __future__ import annotations

import dataclasses
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.cells import cell_len
from rich.console import Console, Group
from rich.markdown import Markdown
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from parlour.cards import SUIT_NAMES, Pack, get_pack
from parlour.engine import Game, IllegalAction, State
from parlour.engine.rng import derive_seed, fresh_seed
from parlour.engine.views import View, Zone, label_of
from parlour.players import MOVE_SECONDS, Player, hint

MAX_INPUT = 200
"""A typed line longer than this is no move of any game; it is refused unread."""

QUIT = ("quit", "exit", "q")
COMMANDS = ("moves", "hand", "hint", "history", "rules", "help", "quit")

HELP = """Type a move as shown (e.g. [bold]play 9H[/bold]; case does not matter; Tab completes) or its
number; for a range such as [bold]bet N (1-95)[/bold] type the amount: [bold]bet 20[/bold].
Other commands: [bold]moves[/bold] (list the moves), [bold]hand[/bold] (show the table again),
[bold]hint[/bold] (the strong computer player's move for you, and why), [bold]history[/bold] (what has
happened), [bold]rules[/bold], [bold]help[/bold], [bold]quit[/bold]."""

Ask = Callable[[str, Sequence[str]], str]
"""``ask(prompt, completions) -> line``: reads one line (the completions offered to Tab)."""

SHOWN_AS_COUNT = {"stock", "talon", "tricks_won", "pile", "discards", "kitty"}
"""Zones shown as a number of cards when long (their cards are known, but a list would be noise)."""


def prompt_toolkit_ask() -> Ask:
    """Line editing, history and Tab completion of the legal moves (prompt_toolkit)."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import WordCompleter
    from prompt_toolkit.formatted_text import ANSI

    session: PromptSession[str] = PromptSession()

    def ask(prompt: str, completions: Sequence[str]) -> str:
        completer = WordCompleter(list(completions), ignore_case=True, sentence=True)
        return session.prompt(ANSI(prompt), completer=completer)

    return ask


def plain_ask() -> Ask:
    """Lines from a pipe or a file (no terminal to edit on): the prompt is written, a line read."""

    def ask(prompt: str, completions: Sequence[str]) -> str:
        sys.stdout.write(ANSI_CODES.sub("", prompt))
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        return line.rstrip("\n")

    return ask


ANSI_CODES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class LeftTable(Exception):
    """The person typed "quit" at a pause."""


class TerminalGame:
    """People at ``humans`` seats against computer players, at one terminal."""

    def __init__(
        self,
        game: Game[Any],
        humans: Sequence[int],
        bots: Mapping[int, Player],
        seed: int | None,
        console: Console,
        ask: Ask | None = None,
        hint_seconds: float | None = MOVE_SECONDS,
    ) -> None:
        self.game = game
        self.hint_seconds = hint_seconds
        """How long a hint may think (``None``: its playout budget only, as in a seeded match)."""
        self.humans = list(humans)
        self.bots = bots
        self.seed = seed
        self.console = console
        self._ask = ask
        try:
            self.pack: Pack | None = get_pack(game.pack)
        except ValueError:
            self.pack = None
        self.shown_events = {h: 0 for h in self.humans}
        self.at_table = self.humans[0]
        """The person whose eyes are on the screen (the seat whose view is drawn)."""

    # --- input --------------------------------------------------------------------------------

    def ask(self, prompt: str, completions: Sequence[str] = ()) -> str:
        if self._ask is None:
            self._ask = prompt_toolkit_ask() if sys.stdin.isatty() else plain_ask()
        return self._ask(prompt, completions)

    # --- naming -------------------------------------------------------------------------------

    def who(self, seat: int, view: View[Any]) -> str:
        if seat == view.seat:
            return "you"
        mine = next((t for t in view.teams if view.seat in t), [])
        if seat in mine and len(mine) > 1:
            return f"seat {seat} (partner)"
        return f"seat {seat}"

    def side(self, team: Sequence[int], view: View[Any]) -> str:
        return " & ".join(self.who(s, view) for s in team)

    def card(self, code: str | None, trump: str | None = None) -> Text:
        if code is None:
            return Text("▒", style="dim")
        shown = self.pack.pretty(code) if self.pack and self.pack.is_card(code) else code
        suit = self.pack.suit(code) if self.pack and self.pack.is_card(code) else None
        if trump and suit == trump:
            return Text(shown + "*", style="bold yellow")
        return Text(shown, style="bold red" if suit in ("H", "D") else "")

    def cards(self, codes: Sequence[str | None], trump: str | None = None) -> Text:
        out = Text()
        for i, c in enumerate(codes):
            if i:
                out.append(" ")
            out.append_text(self.card(c, trump))
        return out

    def log_words(self, text: str, view: View[Any]) -> str:
        """A log line as the table shows cards: suit symbols ("seat 1 plays C♦"), as the panel above
        it does; some games' lines gave codes ("plays CD"), others symbols."""
        named = self.name_seats(text, view)
        pack = self.pack
        if pack is None:
            return named

        def symbol(m: re.Match[str]) -> str:
            code = m.group(0)
            return pack.pretty(code) if pack.is_card(code) and pack.suit(code) else code

        return re.sub(r"(?<![\w'’-])[0-9A-Z]{2,3}(?![\w'’-])", symbol, named)

    def name_seats(self, text: str, view: View[Any]) -> str:
        def name(m: re.Match[str]) -> str:
            seat = int(m.group(1))
            return f"seat {seat} (you)" if seat == view.seat else self.who(seat, view)

        return re.sub(r"\bseat (\d+)\b", name, text)

    # --- the loop -----------------------------------------------------------------------------

    def run(self) -> None:
        state = self.game.new(seed=self.seed)
        if self.seed is None:
            dealt = "every deal is shuffled live by the system's random source (--seed N replays a match)"
        else:
            dealt = f"seed {self.seed} (replay with --seed {self.seed})"
        seats = ", ".join(f"seat {h}" for h in self.humans)
        players = "you are " + seats if len(self.humans) == 1 else f"people at {seats}"
        self.console.print(
            Panel(f"[bold]{escape(self.game.title)}[/bold] — {players}; {dealt}.\n{HELP}", expand=False)
        )
        try:
            while not state.is_over:
                current = state.current_player
                assert current is not None
                if current in self.humans:
                    self.sit_down(current)
                    self.show_events(state)
                    if not self.human_turn(state, current):
                        self.console.print("You left the table.")
                        return
                else:
                    state.apply(self.bots[current].choose(state.view(current), self.game), seat=current)
                    self.show_events(state)
            self.show_events(state)
            self.show_end(state)
        except (KeyboardInterrupt, EOFError, LeftTable):
            self.console.print("\nYou left the table.")

    def sit_down(self, seat: int) -> None:
        """With several people at one terminal, hide the last one's hand before the next sits down."""
        if seat == self.at_table or len(self.humans) == 1:
            return
        self.console.clear()
        self.console.print(Panel(f"Seat {seat}'s turn. Pass the terminal to seat {seat}.", expand=False))
        self.pause(f"seat {seat}, press Enter when nobody else is looking> ")
        self.console.clear()
        self.at_table = seat

    def pause(self, prompt: str) -> None:
        """Wait for Enter; "quit" at a pause leaves the table as it does at a move."""
        if self.ask(prompt).strip().lower() in QUIT:
            raise LeftTable

    def human_turn(self, state: State, seat: int) -> bool:
        view = state.view(seat)
        self.render(view)
        legal = view.legal_actions
        while True:
            raw = self.ask("\x1b[1;32myour move>\x1b[0m ", [*legal, *COMMANDS]).strip()
            low = raw.lower()
            if not raw:
                continue
            if len(raw) > MAX_INPUT:
                self.say_error(f"That line is too long to be a move ({len(raw):,} characters).")
                continue
            if low in QUIT:
                return False
            if low in ("help", "?"):
                self.console.print(HELP)
                continue
            if low == "moves":
                self.show_moves(view)
                continue
            if low == "hand":
                self.render(view)
                continue
            if low == "hint":
                self.show_hint(state, view)
                continue
            if low == "history":
                self.show_history(state, view)
                continue
            if low == "rules":
                self.console.print(Markdown(self.game.rules_text()))
                continue
            action = raw
            ranges = view.legal_ranges
            if raw.isascii() and raw.isdigit() and not legal and len(ranges) == 1:
                action = f"{ranges[0].verb} {raw}"  # the only move names an amount: the number is it
            elif raw.isascii() and raw.isdigit():  # a move's number ('²' is a digit to isdigit, not to int)
                index = int(raw) - 1 if len(raw) <= 6 else -1
                if not 0 <= index < len(legal):
                    shown = raw if len(raw) <= 12 else raw[:12] + "…"
                    if not legal:
                        forms = ", ".join(f"'{r.verb} N' ({r.min}-{r.max})" for r in ranges)
                        self.say_error(f"There are no numbered moves here; type {forms}.")
                    elif ranges:
                        forms = ", ".join(f"'{r.verb} N'" for r in ranges)
                        self.say_error(f"There is no move {shown}; moves are 1 to {len(legal)}, or {forms}.")
                    else:
                        self.say_error(f"There is no move {shown}; moves are 1 to {len(legal)}.")
                    continue
                action = legal[index]
            elif len(raw.split()) == 1 and state.normalize(f"play {raw}") in legal:
                action = f"play {raw}"  # a bare card code means playing it, where that is a move
            try:
                state.apply(action, seat=seat)
            except IllegalAction as exc:
                self.say_error(exc.reason)
                continue
            return True

    def show_hint(self, state: State, view: View[Any]) -> None:
        """The strong player's move for this seat and its reason, from the seat's view alone. In a
        seeded match the hint is seeded by the position, so asking again gives the same answer."""
        seed = fresh_seed() if self.seed is None else derive_seed(self.seed, "hint", len(state.log))
        self.console.print(Text("thinking…", style="dim"))
        try:
            advice = hint(view, self.game, seed, seconds=self.hint_seconds)
        except (ValueError, TypeError) as exc:
            self.say_error(f"No hint here: {exc}")
            return
        line = Text("hint: ", style="bold cyan")
        line.append(advice.action, style="bold")
        if advice.reason:
            line.append(f" — {self.name_seats(advice.reason, view)}")
        self.console.print(line)

    def say_error(self, text: str) -> None:
        """An error in red, printed as plain text: a user's input is never read as markup."""
        self.console.print(Text(text, style="red"))

    # --- drawing the table --------------------------------------------------------------------

    def render(self, view: View[Any]) -> None:
        trump = view.trump
        head = Table.grid(padding=(0, 2))
        head.add_column(style="dim")
        head.add_column()
        if view.hand_number:
            head.add_row("hand", str(view.hand_number))
        for s in view.seats:
            for role in s.roles:
                head.add_row(role, self.who(s.seat, view))
        if trump:
            head.add_row("trumps", f"{SUIT_NAMES.get(trump, trump)} ({trump})")
        head.add_row("score", self.score_line(view))
        if view.chips is not None:
            head.add_row("chips", self.per_seat_line(view.chips, view))
        for label, value in self.extra_rows(view):
            head.add_row(label, value)
        for zone in view.zones:
            if zone.owner is None:
                head.add_row(self.zone_label(zone), self.zone_text(zone, trump))
        for s in view.seats:
            if s.seat == view.seat:
                continue
            parts = (
                [Text(f"{s.hand_size} card{'' if s.hand_size == 1 else 's'} in hand")]
                if s.hand_size is not None
                else []
            )
            for zone in view.zones:
                if zone.owner == s.seat and zone.kind != "hand":
                    parts.append(Text(f"{self.zone_label(zone)} ").append_text(self.zone_text(zone, trump)))
            if parts:
                head.add_row(self.who(s.seat, view), Text("  ·  ").join(parts))
        title = Text(self.name_seats(view.situation, view)) if view.situation else Text(self.game.title)
        body: list[Any] = [head]
        if view.score_sheet is not None and view.score_sheet.rows:
            body.append(self.sheet(view))
        self.console.print(Panel(Group(*body), title=title, expand=False))
        if view.last_trick is not None and view.last_trick.plays:
            won = view.last_trick.winner
            line = Text("last trick" + (f" (won by {self.who(won, view)})" if won is not None else "") + ": ")
            self.console.print(line.append_text(self.plays(view.last_trick.plays, view)))
        if view.trick is not None:
            plays = self.plays(view.trick.plays, view) if view.trick.plays else Text("-")
            self.console.print(Text("on the table: ").append_text(plays))
        for zone in view.zones:
            if zone.owner == view.seat and zone.kind != "hand":
                mine = Text(f"your {self.zone_label(zone)}: ")
                self.console.print(mine.append_text(self.zone_text(zone, trump)))
        if view.seat is not None and any(z.kind == "hand" and z.owner == view.seat for z in view.zones):
            self.console.print(Text("your hand: ").append_text(self.cards(view.hand, trump)))
        self.show_moves(view)

    def zone_label(self, zone: Zone) -> str:
        return zone.label or zone.kind.replace("_", " ")

    def zone_text(self, zone: Zone, trump: str | None) -> Text:
        if not zone.cards and zone.size == 0:
            return Text("none", style="dim")
        if all(c is None for c in zone.cards) or (zone.kind in SHOWN_AS_COUNT and zone.size > 8):
            return Text(f"{zone.size} card{'s' if zone.size != 1 else ''}")
        return self.cards(zone.cards, trump)

    def plays(self, plays: Sequence[Any], view: View[Any]) -> Text:
        out = Text()
        for i, p in enumerate(plays):
            if i:
                out.append(",  ")
            out.append(f"{self.who(p.seat, view)} ")
            out.append_text(self.card(p.card, view.trump))
        return out

    def score_line(self, view: View[Any]) -> str:
        return "   ".join(f"{self.side(team, view)}: {view.scores[team[0]]:g}" for team in view.teams)

    def per_seat_line(self, values: Sequence[Any], view: View[Any], cards: bool = False) -> Text:
        out = Text()
        for s, v in enumerate(values):
            if s:
                out.append("   ")
            out.append(f"{self.who(s, view)}: ")
            out.append_text(self.value(v, view, cards))
        return out

    def per_side_line(self, values: Sequence[Any], view: View[Any], cards: bool = False) -> Text:
        out = Text()
        for i, (team, v) in enumerate(zip(view.teams, values, strict=False)):
            if i:
                out.append("   ")
            out.append(f"{self.side(team, view)}: ")
            out.append_text(self.value(v, view, cards))
        return out

    def value(self, value: Any, view: View[Any], cards: bool = False) -> Text:
        """One value of a game's extras, in words: never a Python list, dict or ``True``."""
        if isinstance(value, bool):
            return Text("yes" if value else "no")
        if value is None:
            return Text("-", style="dim")
        if isinstance(value, float):
            return Text(f"{value:g}")
        if isinstance(value, str):
            if cards and self.pack and self.pack.is_card(value):
                return self.card(value, view.trump)
            return Text(self.name_seats(value, view))
        if isinstance(value, list | tuple):
            if not value:
                return Text("none", style="dim")
            if cards and all(isinstance(v, str | None) for v in value):
                return self.cards(value, view.trump)
            out = Text()
            for i, v in enumerate(value):
                if i:
                    out.append(", ")
                out.append_text(self.value(v, view, cards))
            return out
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            parts = [
                Text(f"{label_of(f)} ").append_text(self.value(getattr(value, f.name), view, cards))
                for f in dataclasses.fields(value)
            ]
            return Text("; ").join(parts)
        return Text(str(value))

    def extra_rows(self, view: View[Any]) -> list[tuple[str, Text]]:
        extra = view.extra
        if not dataclasses.is_dataclass(extra) or isinstance(extra, type):
            return []
        rows: list[tuple[str, Text]] = []
        for f in dataclasses.fields(extra):
            if f.metadata.get("show") is False:
                continue
            value = getattr(extra, f.name)
            if value is None or value == [] or value == "":
                continue
            cards = bool(f.metadata.get("cards"))
            per = f.metadata.get("per")
            if per == "seat" and isinstance(value, list):
                rows.append((label_of(f), self.per_seat_line(value, view, cards)))
            elif per == "side" and isinstance(value, list):
                rows.append((label_of(f), self.per_side_line(value, view, cards)))
            else:
                rows.append((label_of(f), self.value(value, view, cards)))
        return rows

    def sheet(self, view: View[Any]) -> Table:
        sheet = view.score_sheet
        assert sheet is not None
        table = Table(title="score sheet", title_style="dim", show_edge=False)
        table.add_column("")
        for column in sheet.columns:
            table.add_column(self.name_seats(column, view), justify="right")
        for row in sheet.rows[-8:]:
            table.add_row(row.label, *(f"{v:g}" for v in row.values))
        return table

    def show_moves(self, view: View[Any]) -> None:
        legal, ranges = view.legal_actions, view.legal_ranges
        if not legal and not ranges:
            return
        # each move kept whole on its line ("8) play 4C" was split after "play" at the window's edge)
        items: list[list[tuple[str, str]]] = []
        for r in ranges:
            amount = f"{r.min}" if r.min == r.max else f"N ({r.min}-{r.max})"
            items.append([(f"{r.verb} {amount}", "bold")])
        for i, action in enumerate(legal):
            items.append([(f"{i + 1}) ", "dim"), (self.name_seats(action, view), "")])
        lead = "moves: "
        text = Text(lead)
        column = len(lead)
        for n, parts in enumerate(items):
            size = sum(cell_len(part) for part, _ in parts)
            if n and column + 2 + size > self.console.width:
                text.append("\n" + " " * len(lead))
                column = len(lead)
            elif n:
                text.append("  ")
                column += 2
            for part, style in parts:
                text.append(part, style=style)
            column += size
        self.console.print(text)

    # --- the commentary -----------------------------------------------------------------------

    def show_events(self, state: State) -> None:
        """Print what the seat at the screen may see of what happened since it last looked; at the end
        of a hand, pause on how it scored."""
        seat = self.at_table
        events = state.events(seat)
        view = state.view(seat)
        start = self.shown_events[seat]
        hand_ended = False
        for event in events[start:]:
            text = event.data.get("text")
            if text:
                style = "bold" if event.kind in ("hand_end", "match_end") else ""
                self.console.print(Text("· ", style="dim").append(self.log_words(str(text), view), style))
            hand_ended = hand_ended or event.kind == "hand_end"
        self.shown_events[seat] = len(events)
        if hand_ended and not state.is_over:
            self.console.print(Text(f"score: {self.score_line(view)}", style="bold"))
            self.pause("the hand is over: press Enter for the next> ")

    def show_history(self, state: State, view: View[Any]) -> None:
        for event in state.events(view.seat)[-40:]:
            if event.data.get("text"):
                self.console.print(Text("· " + self.log_words(str(event.data["text"]), view)))

    def show_end(self, state: State) -> None:
        view = state.view(self.at_table)
        outcome = view.outcome
        assert outcome is not None
        if outcome.draw:
            verdict = "The match is drawn"
        elif self.at_table in outcome.winners and len(self.humans) == 1:
            verdict = "[bold green]You win![/bold green]"
        elif len(self.humans) == 1:
            verdict = "[bold red]You lose.[/bold red]"
        else:
            verdict = "Won by " + escape(" & ".join(f"seat {s}" for s in outcome.winners))
        reason = escape(self.name_seats(outcome.reason, view))
        score = escape(self.score_line(view))
        self.console.print(Panel(f"{verdict} ({reason})\nfinal score — {score}", expand=False))
