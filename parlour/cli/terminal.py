"""Terminal play for any game: it renders ``view(seat)`` and the visible log, never game internals."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from parlour.cards import SUIT_NAMES, Pack, get_pack
from parlour.engine import Game, IllegalAction, State
from parlour.players import Player

MAX_INPUT = 200
"""A typed line longer than this is no move of any game; it is refused unread."""

HELP = """Type a move as shown (e.g. [bold]play 9H[/bold], case does not matter) or its number;
for a range such as [bold]bet N (1-95)[/bold] type the amount: [bold]bet 20[/bold].
Other commands: [bold]moves[/bold] (list legal moves), [bold]hand[/bold] (show the table again),
[bold]history[/bold] (tricks or events so far), [bold]rules[/bold], [bold]help[/bold], [bold]quit[/bold]."""

SHOWN = {
    "game", "seat", "players", "current_player", "is_over", "scores", "teams", "winners", "legal_actions",
    "legal_ranges",
    "hand", "trick", "last_trick", "tricks", "trump", "turn_up", "message", "dealer", "hand_number",
    "order", "phase", "hands_played", "exposed_this_trick", "leader", "bookkeeping",
}  # fmt: skip
"""Keys the panel shows in their own way or not at all; so are keys starting with ``_``."""


class TerminalGame:
    """One human at ``seat`` against computer players, in a plain terminal."""

    def __init__(
        self,
        game: Game,
        seat: int,
        bots: Mapping[int, Player],
        seed: int | None,
        console: Console,
        ask: Callable[[str], str] | None = None,
    ) -> None:
        self.game = game
        self.seat = seat
        self.bots = bots
        self.seed = seed
        self.console = console
        self.ask = ask or (lambda prompt: console.input(prompt))
        try:
            self.pack: Pack | None = get_pack(game.pack)
        except ValueError:
            self.pack = None
        self.shown_events = 0

    # --- naming ---------------------------------------------------------------------

    def who(self, seat: int, view: Mapping[str, Any]) -> str:
        if seat == self.seat:
            return "you"
        for team in view.get("teams", []):
            if self.seat in team and seat in team and len(team) > 1:
                return f"seat {seat} (partner)"
        order = view.get("order")
        if order and self.seat in order and len(order) > 2:
            i = order.index(self.seat)
            if order[(i + 1) % len(order)] == seat:
                return f"seat {seat} (left)"
            if order[(i - 1) % len(order)] == seat:
                return f"seat {seat} (right)"
        return f"seat {seat}"

    def card(self, code: str, trump: str | None = None) -> Text:
        shown = self.pack.pretty(code) if self.pack and self.pack.is_card(code) else code
        style = "bold red" if code[-1:] in ("H", "D") and self.pack and self.pack.suit(code) else ""
        if trump and code[-1:] == trump and self.pack and self.pack.suit(code) == trump:
            return Text(shown + "*", style="bold yellow")
        return Text(shown, style=style)

    def cards(self, codes: Sequence[str], trump: str | None = None) -> Text:
        out = Text()
        for i, c in enumerate(codes):
            if i:
                out.append(" ")
            out.append_text(self.card(c, trump))
        return out

    # --- the loop ---------------------------------------------------------------------

    def run(self) -> None:
        state = self.game.new(seed=self.seed)
        if self.seed is None:
            dealt = "every deal is shuffled live by the system's random source (--seed N replays a match)"
        else:
            dealt = f"seed {self.seed} (replay with --seed {self.seed})"
        self.console.print(
            Panel(
                f"[bold]{escape(self.game.title)}[/bold] — you are seat {self.seat}; {dealt}.\n{HELP}",
                expand=False,
            )
        )
        try:
            while not state.is_over:
                self.show_events(state)
                current = state.current_player
                assert current is not None
                if current == self.seat:
                    if not self.human_turn(state):
                        self.console.print("You left the table.")
                        return
                else:
                    state.apply(self.bots[current].choose(state.view(current), self.game))
            self.show_events(state)
            self.show_end(state)
        except (KeyboardInterrupt, EOFError):
            self.console.print("\nYou left the table.")

    def human_turn(self, state: State) -> bool:
        view = state.view(self.seat)
        self.render(view)
        legal: list[str] = view["legal_actions"]
        while True:
            raw = self.ask("[bold green]your move>[/bold green] ").strip()
            low = raw.lower()
            if not raw:
                continue
            if len(raw) > MAX_INPUT:
                self.say_error(f"That line is too long to be a move ({len(raw):,} characters).")
                continue
            if low in ("quit", "exit", "q"):
                return False
            if low in ("help", "?"):
                self.console.print(HELP)
                continue
            if low == "moves":
                self.show_moves(legal, view.get("legal_ranges", []))
                continue
            if low == "hand":
                self.render(view)
                continue
            if low == "history":
                self.show_history(state, view)
                continue
            if low == "rules":
                self.console.print(Markdown(self.game.rules_text()))
                continue
            action = raw
            if raw.isascii() and raw.isdigit():  # a move's number ('²' is a digit to isdigit, not to int)
                index = int(raw) - 1 if len(raw) <= 6 else -1
                if not 0 <= index < len(legal):
                    shown = raw if len(raw) <= 12 else raw[:12] + "…"
                    self.say_error(f"There is no move {shown}; moves are 1 to {len(legal)}.")
                    continue
                action = legal[index]
            elif len(raw.split()) == 1 and not any(a == low for a in legal):
                # A bare card code means playing it, where that is a move.
                guess = f"play {raw}"
                if state.normalize(guess) in legal:
                    action = guess
            try:
                state.apply(action, seat=self.seat)
            except IllegalAction as exc:
                self.say_error(exc.reason)
                continue
            return True

    def say_error(self, text: str) -> None:
        """An error in red, printed as plain text: a user's input is never read as markup."""
        self.console.print(Text(text, style="red"))

    # --- rendering ------------------------------------------------------------------

    def render(self, view: Mapping[str, Any]) -> None:
        trump = view.get("trump")
        head = Table.grid(padding=(0, 2))
        head.add_column()
        head.add_column()
        if view.get("hand_number"):
            head.add_row("hand", str(view["hand_number"]))
        if "dealer" in view and view["dealer"] is not None:
            head.add_row("dealer", self.who(view["dealer"], view))
        if trump:
            head.add_row("trumps", f"{SUIT_NAMES.get(trump, trump)} ({trump})")
        if view.get("turn_up"):
            head.add_row("turn-up", self.card(view["turn_up"], trump))
        head.add_row("score", self.score_line(view))
        for key, value in view.items():
            if (
                key in SHOWN
                or key.startswith("_")
                or (isinstance(value, list | dict) and len(str(value)) > 70)
                or value in (None, [], {})
            ):
                continue
            head.add_row(key.replace("_", " "), self.value_text(value, trump))
        self.console.print(Panel(head, title=Text(str(view.get("message", ""))), expand=False))
        if view.get("last_trick"):
            last = self.trick_text(_pairs(view["last_trick"]), view)
            self.console.print(Text("last trick: ").append_text(last))
        trick = view.get("trick")
        if trick is not None:
            pairs = _pairs(trick)
            self.console.print(
                Text("on the table: ").append_text(self.trick_text(pairs, view) if pairs else Text("-"))
            )
        if view.get("hand") is not None:
            self.console.print(Text("your hand: ").append_text(self.cards(view["hand"], trump)))
        self.show_moves(view["legal_actions"], view.get("legal_ranges", []))

    def trick_text(self, pairs: Sequence[Sequence[Any]], view: Mapping[str, Any]) -> Text:
        out = Text()
        for i, (seat, code) in enumerate(pairs):
            if i:
                out.append(",  ")
            out.append(f"{self.who(seat, view) if isinstance(seat, int) else seat} ")
            out.append_text(self.card(str(code), view.get("trump")))
        return out

    def value_text(self, value: Any, trump: str | None = None) -> Text:
        """A value from a view; a list of card codes is shown as cards, with suit symbols."""
        if isinstance(value, list):
            if value and self.pack and all(isinstance(v, str) and self.pack.is_card(v) for v in value):
                return self.cards(value, trump)
            return Text(" ".join(str(v) for v in value))
        if isinstance(value, str) and self.pack and self.pack.is_card(value) and len(value) > 1:
            return self.card(value, trump)
        return Text(str(value))

    def score_line(self, view: Mapping[str, Any]) -> str:
        scores = view["scores"]
        parts = []
        for team in view.get("teams") or [[s] for s in range(len(scores))]:
            names = " & ".join(self.who(s, view) for s in team)
            parts.append(f"{names}: {scores[team[0]]:g}")
        return "   ".join(parts)

    def show_moves(self, legal: Sequence[str], ranges: Sequence[Mapping[str, Any]] = ()) -> None:
        if not legal and not ranges:
            return
        text = Text("moves: ")
        for r in ranges:
            amount = f"{r['min']}" if r["min"] == r["max"] else f"N ({r['min']}-{r['max']})"
            text.append(f"{r['verb']} {amount}", style="bold")
            text.append("  ")
        for first, last in _runs(legal):
            if first == last:
                text.append(f"{first + 1}) ", style="dim")
                text.append(legal[first])
            else:
                text.append(f"{first + 1}-{last + 1}) ", style="dim")
                text.append(f"{legal[first]} … {legal[last]}")
            text.append("  ")
        self.console.print(text)

    def show_events(self, state: State) -> None:
        events = state.events(self.seat)
        view = state.view(self.seat)
        for event in events[self.shown_events :]:
            text = event.data.get("text")
            if text:
                self.console.print(Text("· ", style="dim").append(self.name_seats(str(text), view)))
        self.shown_events = len(events)

    def name_seats(self, text: str, view: Mapping[str, Any]) -> str:
        def name(m: re.Match[str]) -> str:
            seat = int(m.group(1))
            return f"seat {seat} (you)" if seat == self.seat else self.who(seat, view)

        return re.sub(r"\bseat (\d+)\b", name, text)

    def show_history(self, state: State, view: Mapping[str, Any]) -> None:
        tricks = view.get("tricks")
        if tricks:
            for i, t in enumerate(tricks, 1):
                number = t.get("number", i) if isinstance(t, dict) else i
                line = Text(f"trick {number}: ").append_text(self.trick_text(_pairs(t), view))
                if isinstance(t, dict) and "winner" in t:
                    line.append(f"  → {self.who(t['winner'], view)}")
                self.console.print(line)
            return
        for event in state.events(self.seat)[-40:]:
            if event.data.get("text"):
                self.console.print(Text("· " + self.name_seats(str(event.data["text"]), view)))

    def show_end(self, state: State) -> None:
        view = state.view(self.seat)
        winners = state.winners
        if not winners:
            verdict = "The match is drawn."
        elif self.seat in winners:
            verdict = "[bold green]You win![/bold green]"
        else:
            verdict = "[bold red]You lose.[/bold red]"
        self.console.print(Panel(f"{verdict}\nfinal score — {self.score_line(view)}", expand=False))


def _pairs(trick: Any) -> list[list[Any]]:
    """Cards of a trick as ``[seat, card]`` pairs, from the shapes games use in views."""
    if isinstance(trick, dict):
        trick = trick.get("cards", trick.get("plays", []))
    out: list[list[Any]] = []
    for entry in trick or []:
        if isinstance(entry, dict):
            out.append([entry.get("seat", "?"), entry.get("card", "?")])
        elif isinstance(entry, list | tuple) and len(entry) >= 2:
            out.append([entry[0], entry[1]])
    return out


def _runs(legal: Sequence[str]) -> list[tuple[int, int]]:
    """Index ranges of moves to show together: runs of one word with consecutive numbers (bet 1 … bet 95)."""
    out: list[tuple[int, int]] = []
    i = 0
    while i < len(legal):
        j = i
        word, _, num = legal[i].rpartition(" ")
        if num.isdigit():
            while j + 1 < len(legal):
                w2, _, n2 = legal[j + 1].rpartition(" ")
                if w2 != word or not n2.isdigit() or int(n2) != int(num) + (j + 1 - i):
                    break
                j += 1
        if j - i < 3:
            out.extend((k, k) for k in range(i, j + 1))
        else:
            out.append((i, j))
        i = j + 1
    return out
