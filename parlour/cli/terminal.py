"""Terminal play for any game, drawn from the typed view alone (``parlour.engine.views.View``).

Nothing here names a game: the table is the view's zones, tricks, seats, scores and the game's typed
extras (named by their field labels), and the running commentary is the text of the events a seat may
see. One or more people play at one terminal against computer players; with several, the screen hides
each hand until its owner sits down.
"""

from __future__ import annotations

import contextlib
import dataclasses
import difflib
import functools
import itertools
import os
import pydoc
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.markdown import Markdown, MarkdownElement, TableElement
from rich.markup import escape
from rich.pager import Pager
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from parlour.cards import SUIT_NAMES, SUIT_SYMBOLS, Pack, get_pack
from parlour.cli import saved
from parlour.engine import Game, IllegalAction, MalformedAction, State
from parlour.engine.errors import echo as quoted
from parlour.engine.events import retold_lines
from parlour.engine.rng import derive_seed, fresh_seed
from parlour.engine.views import View, Zone, holds_of, is_quiet, label_of
from parlour.players import MOVE_SECONDS, Player, hint
from parlour.sim import seat_label

MAX_INPUT = 200
"""A typed line longer than this is no move of any game; it is refused unread."""

QUIT = ("quit", "exit", "q")
HISTORY = 40
"""How many of the latest log lines ``history`` shows."""
PIPED_REPEATS = 10
"""How many times running the same line, read from a pipe, is answered at one move before the table is
left: ``yes 1 | parlour play lansquenet`` refused "1" (a bet of 1 or banco) forever."""
COMMANDS = ("moves", "hand", "table", "score", "hint", "history", "rules", "save", "help", "quit")


def other_commands(sheet: bool = True) -> str:
    """The commands besides the moves; ``score`` names a score sheet only where the game keeps one
    (Bezique's and Lansquenet's players were promised one they never saw)."""
    score = "the score and the score sheet" if sheet else "the score"
    return (
        "Other commands: [bold]moves[/bold] (list the moves), [bold]hand[/bold] (show the table again), "
        "[bold]table[/bold] (the whole table, where a short window shows it compact), [bold]score[/bold] "
        f"({score}), [bold]hint[/bold] (the strong computer player's move for you, and why), "
        "[bold]history[/bold] (what has happened), [bold]rules[/bold], [bold]save[/bold] (put the match "
        "aside to play on later; [bold]quit[/bold] does it too), [bold]help[/bold], [bold]quit[/bold]."
    )


def help_text(game: Game[Any], pack: Pack | None, sheet: bool = True) -> str:
    """How to type a move, told with this game's own moves: two paragraphs, each one line of source
    text, which the terminal wraps (a hard break inside a sentence left "its" alone on a line of an
    80-column window). Every game was told "e.g. play 9H" and "bet N (1-95) ... bet 20": Roquet has no
    bets, Lansquenet no "play", and Open Tarock's pack no 9H."""
    specs = game.notation.specs
    # a card played, where the game plays cards: Apology's welcome said "e.g. bury 9H", its first
    # action of a card, which only the taker makes, once a deal
    carded = [s.kind for s in specs if s.args[:1] == ("card",)]
    with_card = "play" if "play" in carded else next(iter(carded), None)
    if with_card is not None and pack is not None:
        nines = [c for c in pack.cards if pack.suit(c) and pack.rank(c) == "9"]
        card = "9H" if "9H" in pack.cards else (nines or [c for c in pack.cards if pack.suit(c)])[0]
        example = f"{with_card} {card}"
    else:
        example = next((s.kind for s in specs if not s.args), specs[0].usage)
    line = (
        f"Type a move as shown (e.g. [bold]{example}[/bold]; case does not matter; Tab completes) or its "
        "number"
    )
    amount = next((s.kind for s in specs if "amount" in s.args), None)
    if amount is not None:
        line += (
            f"; where a range is shown, such as [bold]{amount} N (1-95)[/bold], type the amount: "
            f"[bold]{amount} 20[/bold]"
        )
    return f"{line}.\n{other_commands(sheet)}"


def hint_reason(action: str, reason: str) -> str:
    """A hint's reason as it reads after its move: one that opens by naming the move again, its verb
    alone before a colon ("pass — passes: only 12% ..."), goes on from after it ("pass — only 12% ...")."""
    verb = action.split()[0].lower() if action.split() else ""
    head, sep, rest = reason.partition(": ")
    forms = {verb + "s", verb + "es", verb[:-1] + "ies" if verb.endswith("y") else verb + "s"}
    if verb and sep and rest and head.lower() in forms:
        return rest
    return reason


Ask = Callable[[str, Sequence[str]], str]
"""``ask(prompt, completions) -> line``: reads one line (the completions offered to Tab)."""

SHOWN_AS_COUNT = {"stock", "talon", "tricks_won", "pile", "discards", "kitty"}
"""Zones shown as a number of cards when long (their cards are known, but a list would be noise)."""


def of_mover(prompt: str) -> str:
    """A prompt worded to the seat deciding ("pay with a card from the tricks you won") said of that
    seat to another ("... the tricks they won"), as the web table's ``ofMover`` says it."""
    before = "to|for|with|from|at|by|of|beside|before|after|than|give|gives|show|shows"
    out = re.sub(rf"\b({before}) you\b", r"\1 them", prompt)
    for word, said in (("yourself", "themselves"), ("yours", "theirs"), ("your", "their"), ("you", "they")):
        out = re.sub(rf"\b{word}\b", said, out)
        out = re.sub(rf"\b{word.capitalize()}\b", said.capitalize(), out)
    return out


HELD_IN = {"stack"}
"""Zones that hold a seat's cards in play where it has no hand (open tarock's stacks)."""


class _FoldedTable(TableElement):
    """A table of a rules text whose cells wrap (a long word folded) rather than end in "…": at 80
    columns Bishops Whist's research tables cut the players they compare ("floor10-pu…")."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for part in super().__rich_console__(console, options):
            if isinstance(part, Table):
                for column in part.columns:
                    column.overflow = "fold"
            yield part


class RulesText(Markdown):
    """A game's rules as the terminal shows them: Markdown whose tables wrap their cells."""

    elements: ClassVar[dict[str, type[MarkdownElement]]] = {**Markdown.elements, "table_open": _FoldedTable}


class SystemPager(Pager):
    """The reader's pager (``$PAGER``, else ``less``) with colours kept (``LESS=-R`` unless set)."""

    def show(self, content: str) -> None:
        command = os.environ.get("PAGER") or ("less" if shutil.which("less") else "")
        if not command:
            pydoc.pager(content)  # pydoc finds another way, or prints
            return
        env = {**os.environ, "LESS": os.environ.get("LESS", "-R")}
        with contextlib.suppress(OSError):
            subprocess.run(shlex.split(command), input=content.encode(), env=env, check=False)
            return
        pydoc.pager(content)


@contextlib.contextmanager
def paged(console: Console) -> Iterator[None]:
    """What is printed inside goes to a pager where a person reads at a terminal (the rules text is
    hundreds of lines, and scrolled past unread); printed plainly otherwise (a pipe, a file, tests)."""
    if console.is_terminal and sys.stdin.isatty():
        with console.pager(pager=SystemPager(), styles=True):
            yield
    else:
        yield


def prompt_toolkit_ask() -> Ask:
    """Line editing, history and Tab completion of the legal moves (prompt_toolkit)."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import WordCompleter
    from prompt_toolkit.formatted_text import ANSI
    from prompt_toolkit.shortcuts import CompleteStyle

    session: PromptSession[str] = PromptSession()

    def ask(prompt: str, completions: Sequence[str]) -> str:
        # listed moves kept apart by three spaces ("play LS   play 7S", not "play LS play 7S")
        shown = {c: c + "  " for c in completions}
        completer = WordCompleter(list(completions), ignore_case=True, sentence=True, display_dict=shown)
        # completed as a shell does (Tab: the common part; Tab again: the moves listed above the
        # prompt): the pop-up menu kept 8 blank rows under the prompt at every move, which in a
        # window of 24 rows pushed the top of the table off the screen
        return session.prompt(
            ANSI(prompt),
            completer=completer,
            complete_style=CompleteStyle.READLINE_LIKE,
            complete_while_typing=False,
            reserve_space_for_menu=0,
        )

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


SYMBOL_SUITS = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
"""A suit's letter by its symbol: "♣" is "C"."""

TYPED_SUITS = {**SYMBOL_SUITS, "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
"""A suit's letter by a symbol a person may type or paste, filled or hollow."""


def typed_codes(line: str) -> str:
    """A card typed as the table draws it ("play 8♣", copied from the hand above) in its code ("play
    8C"): it was refused as "not a card of this game's pack"."""
    line = line.replace("\ufe0f", "")  # an emoji's presentation mark, pasted with "♥️"
    suits = "".join(TYPED_SUITS)
    return re.sub(
        rf"(?<![\w'’-])([0-9A-Za-z]{{1,4}})([{suits}])(?!\w)", lambda m: m[1] + TYPED_SUITS[m[2]], line
    )


def as_typed(reason: str, typed: str, read: str) -> str:
    """A refusal's quotes of the line as it was read ('10H', its suit symbol made a letter by
    ``typed_codes``) as the person typed it: "play 10♥" was answered "'10H' is not a card", a code the
    person never wrote."""
    for mine, code in zip(typed.split(), read.split(), strict=False):
        if mine != code:
            reason = reason.replace(f"'{code}'", f"'{mine}'")
    return reason


CODE = r"(?<![\w'’-])[0-9A-Z]{1,5}"
"""A card's code in a log line, as a whole word ("XXI", "SK", "7C"), never part of a longer word."""

ANSI_CODES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


FRACTIONS = {(1, 3): "⅓", (2, 3): "⅔"}
"""The fractions a game's lines write as a glyph: thirds. A half is "5.5", as Apology's log and the web
table write it (the terminal's rows said "5½" under "seat 2 wins trick 10 (5.5 points)")."""


def number(value: float) -> str:
    """A score as the games' own lines write it: "22⅓", not "22.3333" (open tarock counts in thirds);
    "5.5", as the log says it."""
    if float(value).is_integer():
        return str(int(value))  # whole: f"{1234567:g}" is "1.23457e+06"
    whole = int(value)  # toward zero: -22⅓ is "-22" and "⅓"
    frac = Fraction(abs(value - whole)).limit_denominator(12)
    glyph = FRACTIONS.get((frac.numerator, frac.denominator))
    if glyph is None or abs(float(frac) - abs(value - whole)) > 1e-6:
        return f"{value:g}"
    sign = "-" if value < 0 and whole == 0 else ""
    return f"{sign}{whole if whole else ''}{glyph}"


SEAT = re.compile(r"\b([Ss])eat (\d+)\b('s\b)?")
"""A seat in a game's text, by the engine's number from 0 ("seat 0", "Seat 2", "seat 1's")."""

SEAT_LIST = re.compile(r"\b([Ss]eats) (\d+(?:, \d+)*,? (?:and|&) \d+)\b")
"""Seats listed in a game's text ("seats 0 and 2", Bishops Whist's sides), by the engine's numbers."""


def seat_word(seat: int, capital: bool = False) -> str:
    """A seat as a person at the terminal reads it: numbered from 1, as the web table ("Seat 1") and the
    options (``--seat 1``) number the seats. The engine, the games' texts and a saved file number them
    from 0; a game's text is renumbered as it is shown (``seats_from_one``, ``TerminalGame.name_seats``),
    never in the game. The count is ``parlour.sim.seat_label``'s, the designer's tools' own."""
    label = seat_label(seat)
    return label[:1].upper() + label[1:] if capital else label


def seat_list_from_one(text: str) -> str:
    """A game's lists of seats numbered from 1: "seats 0 and 2" reads "seats 1 and 3"."""

    def listed(m: re.Match[str]) -> str:
        return f"{m[1]} " + re.sub(r"\d+", lambda n: str(int(n[0]) + 1), m[2])

    return SEAT_LIST.sub(listed, text)


def seats_from_one(text: str) -> str:
    """A game's text with every seat numbered from 1 and nobody named ("seat 1 & seat 3 win" of the
    engine's seats 0 and 2 reads "seat 2 & seat 4 win"), for a screen several people read. A number
    that is not a seat's ("deal 1", "trick 3", "seats" counted) stays as it is."""
    return SEAT.sub(lambda m: seat_word(int(m[2]), m[1] == "S") + (m[3] or ""), seat_list_from_one(text))


def gerund(verb: str) -> str:
    """A decision's kind as what the seats are doing: "bid" is "bidding", "bury" "burying", "declare"
    "declaring", "meld" "melding"."""
    word = verb.split()[0].lower() if verb.split() else ""
    if not word:
        return ""
    if word.endswith("e") and not word.endswith(("ee", "ye", "oe")):
        return word[:-1] + "ing"
    if re.fullmatch(r"[^aeiou]*[aeiou][^aeiouwxy]", word):  # one short syllable: "bet", "bid"
        return word + word[-1] + "ing"
    return word + "ing"


def plural(word: str) -> str:
    """A role's name for several seats: "players", "defenders"."""
    return word if word.endswith("s") else word + "s"


def listed(names: Sequence[str]) -> str:
    """Names joined as a sentence lists them: "seat 1 & seat 3", "seat 1, seat 2 & seat 3" (Apology's
    three defenders won as "seat 1 & seat 2 & seat 3")."""
    return " & ".join(names) if len(names) < 3 else f"{', '.join(names[:-1])} & {names[-1]}"


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
        opponents: Mapping[int, str] | None = None,
        keep: Path | bool = False,
        holding: saved.Held | None = None,
    ) -> None:
        self.game = game
        self.holding = holding
        """The match's file held by this terminal (``saved.hold``): no other terminal takes it up."""
        self.opponents = opponents
        """The kind of computer player at each seat not a person's: what a saved match seats again."""
        self.keep: Path | None = keep if isinstance(keep, Path) else None
        """The file the match is saved to (the one it was taken up from, or the last ``save``)."""
        self.keeps = bool(keep)
        """Whether a match left unfinished is saved (``parlour play`` and ``resume``; not a test's table)."""
        self.hint_seconds = hint_seconds
        """How long a hint may think (``None``: its playout budget only, as in a seeded match)."""
        self.humans = list(humans)
        self.bots = bots
        self.seed = seed
        self.console = console
        self._ask = ask
        self.piped = False
        """Whether the lines come from a pipe or a file, which cannot answer a refusal."""
        try:
            self.pack: Pack | None = get_pack(game.pack)
        except ValueError:
            self.pack = None
        self.shown_events = {h: 0 for h in self.humans}
        self.at_table = self.humans[0]
        """The person whose eyes are on the screen (the seat whose view is drawn)."""
        self.typed_ahead: tuple[int, str] | None = None
        """A line a person typed at a pause (seat, line), kept as that seat's next line at its move."""
        self.compact = False
        """Whether the table was last drawn compact (a short terminal): the moves are listed so too."""
        self.said_compact = False
        """Whether the person was told, in a line, that the table is compact and how to see it whole."""
        self.said_short = False
        self.keeps_sheet = True
        """Whether the game keeps a score sheet (its view has one), which ``score`` shows."""
        """Whether the person was told, in a line, that the window is too short for any table."""
        self.log_tail: list[Text] = []
        """The latest log lines printed (``LOG_ROOM`` of them at most), as printed."""
        self.layouts_drawn = 0
        """Compact tables drawn to check their rows (``compact_parts``): one a move where the rows
        counted without drawing are right."""
        self.measured: dict[tuple[str, str, int, int, int], int] = {}
        self.shorter: dict[str, tuple[str, list[list[Text]]]] = {}
        self.lined: dict[tuple[str, str, str, str, int], Text] = {}
        """Each row's value on one line (``one_line``), by its text, separator, kind and width."""
        """Shorter forms of the same fact for the panel's rows whose values list cards or items, by the
        row's label: (the value as ``plain_of`` writes it, the forms, longest first). The compact
        table shows the first that fits where the value would be cut (``compact_cells``)."""
        """The lines of each row of the compact panel, by its text and its columns' widths."""
        self.log_above = False
        """Whether log lines were printed since the table was last drawn (they are just above it)."""

    # --- input --------------------------------------------------------------------------------

    def ask(self, prompt: str, completions: Sequence[str] = ()) -> str:
        if self._ask is None:
            self.piped = not sys.stdin.isatty()
            self._ask = plain_ask() if self.piped else prompt_toolkit_ask()
        return self._ask(prompt, completions)

    # --- naming -------------------------------------------------------------------------------

    def who(self, seat: int, view: View[Any]) -> str:
        if seat == view.seat:
            return "you"
        mine = next((t for t in view.teams if view.seat in t), [])
        if seat in mine and len(mine) > 1:
            return f"{seat_word(seat)} (partner)"
        return seat_word(seat)

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
        it does (some games' lines gave codes, "plays CD", others symbols); a card outside the suits by
        its name, as the web table's log says it ("escapes with the Landsknecht", where the terminal
        said "escapes with N"), unless the line names it already ("tarock XXI")."""
        named = self.name_seats(text, view)
        pack = self.pack
        if pack is None:
            return named

        def symbol(m: re.Match[str]) -> str:
            code = m.group(0)
            if not pack.is_card(code):
                return code
            if pack.suit(code):
                return pack.pretty(code)
            name = pack.card_name(code)
            before = named[: m.start()].lower()
            if name.lower().endswith(f" {code.lower()}") and before.endswith(name[: -len(code)].lower()):
                return code
            words = name if before.endswith("the ") or " " in name else f"the {name}"
            return words[:1].upper() + words[1:] if m.start() == 0 else words

        def parted(m: re.Match[str]) -> str:
            # a run of cards with one outside the suits among them, parted by commas: named, "turns up
            # IV XIII SK 7C" ran into "tarock IV tarock XIII the Sküs 7♣" (as the web table's listCards);
            # a run the game wrote with suit symbols too ("turns up 7♣ II C♦ 2♥" read "7♣ tarock II C♦ 2♥")
            words = m.group(0).split(" ")
            codes = [w[:-1] + SYMBOL_SUITS[w[-1]] if w[-1] in SYMBOL_SUITS else w for w in words]
            if all(pack.is_card(c) for c in codes) and any(not pack.suit(c) for c in codes):
                return ", ".join(codes)
            return m.group(0)

        card = rf"[0-9A-Z]{{1,5}}[{''.join(SYMBOL_SUITS)}]?"
        named = re.sub(rf"(?<![\w'’-]){card}(?: {card})+(?![\w'’-])", parted, named)
        return re.sub(rf"{CODE}(?![\w'’-])", symbol, named)

    QUOTED = re.compile(r"(?<![\w'’])'[^']*'(?![\w'’])")
    """A quoted span of a refusal's reason: a move as it is typed ('play 9H'), left as it is written."""

    def reason_words(self, reason: str, view: View[Any]) -> str:
        """Why a move was refused, as the table draws the rest: a suited card by its symbol, as the
        hand above shows it ("you do not hold 9H" beside "your hand: 9♥ ..."), and the seat at the
        screen as "your" (Apology's "E is not in seat 0's hand", said to seat 0). A move quoted as it is
        typed ('play 9H') keeps its code."""
        pack = self.pack

        def card(m: re.Match[str]) -> str:
            code = m.group(0)
            return pack.pretty(code) if pack is not None and pack.is_card(code) and pack.suit(code) else code

        def outside(text: str) -> str:
            return re.sub(rf"{CODE}(?![\w'’-])", card, self.name_seats(text, view))

        parts = self.QUOTED.split(reason)
        quotes = self.QUOTED.findall(reason)
        out = outside(parts[0])
        for quote, part in zip(quotes, parts[1:], strict=True):
            out += quote + outside(part)
        return out

    def name_seats(self, text: str, view: View[Any]) -> str:
        """A game's text as the table says it: each seat numbered from 1 (the engine's "seat 0" is the
        terminal's "seat 1", as at the web table), the reader's marked "(you)" and its possessive "your"
        ("seat 0's hand" said to seat 0), a partner marked (its possessive "your partner's"); "Seat" at
        a sentence's start kept so. The one place where a game's text has its seats renumbered: a text
        already named is not passed again (it would be renumbered twice)."""

        def name(m: re.Match[str]) -> str:
            seat, capital, possessive = int(m[2]), m[1] == "S", m[3] or ""
            if seat == view.seat:
                if possessive:
                    return "Your" if capital else "your"
                return f"{seat_word(seat, capital)} (you)"
            named = self.who(seat, view)
            if possessive and named.endswith(" (partner)"):
                # "seat 3 (partner)'s hand" put the possessive after the mark: said as "your" is
                named = "your partner"
            return (named[:1].upper() + named[1:] if capital else named) + possessive

        return SEAT.sub(name, seat_list_from_one(text))

    # --- the loop -----------------------------------------------------------------------------

    def run(self, resumed: State | None = None) -> None:
        """Play the match to its end (or until the person leaves), from its start or from ``resumed``."""
        state = self.game.new(seed=self.seed) if resumed is None else resumed
        self.keeps_sheet = state.view(self.at_table).score_sheet is not None
        for seat in self.humans if resumed is not None else ():
            # taken up again: the log from the current round's start (a past round's end would pause
            # on its score again); the rounds before are in the score and "history"
            ends = [i for i, event in enumerate(state.events(seat)) if event.kind == "hand_end"]
            self.shown_events[seat] = ends[-1] + 1 if ends else 0
        if resumed is not None and self.keep is not None:
            dealt = "taken up again where it was left"
        elif self.seed is None:
            dealt = "every deal is shuffled live by the system's random source (--seed N replays a match)"
        else:
            dealt = f"seed {self.seed} (replay with --seed {self.seed})"
        seats = listed([seat_word(h) for h in self.humans])
        players = "you are " + seats if len(self.humans) == 1 else f"people at {seats}"
        title = f"[bold]{escape(self.game.title)}[/bold] — {players}; {dealt}."
        self.console.print(
            Panel(f"{title}\n{help_text(self.game, self.pack, self.keeps_sheet)}", expand=False)
        )
        if resumed is not None and self.keep is not None:
            self.console.print(Text(f"(from {self.keep})", style="dim"), soft_wrap=True)
        try:
            self.play(state)
        finally:
            if self.holding is not None:
                self.holding.release()

    def play(self, state: State) -> None:
        """The match from ``state`` on, put aside if the person leaves (``run`` lets its file go after)."""
        try:
            while not state.is_over:
                current = state.current_player
                assert current is not None
                if current in self.humans:
                    self.sit_down(current)
                    self.show_events(state)
                    if not self.human_turn(state, current):
                        self.console.print("You left the table.")
                        self.put_aside(state)
                        return
                else:
                    state.apply(self.bots[current].choose(state.view(current), self.game), seat=current)
                    self.show_events(state)
            self.show_events(state)
            self.drop_typed_ahead("the match is over")
            self.show_end(state)
            if self.opponents is not None:  # the match ended and the program with it: what now?
                self.console.print(Text(f"Another match: {self.again()}"), soft_wrap=True)
            if self.keep is not None and saved.in_folder(self.keep):
                self.keep.unlink(missing_ok=True)  # put aside by parlour and now played out
        except (KeyboardInterrupt, EOFError, LeftTable):
            self.console.print("\nYou left the table.")
            self.put_aside(state)

    def again(self) -> str:
        """The command that plays another match like this one: the game, its options, the seats and the
        computer players as they were, without the seed (which would replay this very match)."""
        words = ["parlour", "play", self.game.name]
        if self.humans != [0]:
            words += (
                ["--seat", str(self.humans[0] + 1)]  # the options number seats from 1, the engine from 0
                if len(self.humans) == 1
                else ["--humans", ",".join(str(h + 1) for h in self.humans)]
            )
        kinds = set((self.opponents or {}).values())
        if len(kinds) == 1:
            words += ["--opponents", kinds.pop()]
        for option in self.game.option_specs:
            value = self.game.options.get(option.name, option.default)
            if value != option.default:
                text = (
                    str(value).lower()
                    if isinstance(value, bool)
                    # as -o reads it back: "62⅓" and "1e-07" were refused, "0.123457" another number
                    else format(Decimal(repr(value)).normalize(), "f")
                    if isinstance(value, float)
                    else str(value)
                )
                words += ["-o", f"{option.name}={text}"]
        return shlex.join(words)

    def put_aside(self, state: State, path: Path | None = None, fresh: bool = False) -> Path | None:
        """Save an unfinished match to ``path`` (or the file it came from, or a new one in the saves
        folder) and say how to take it up again; ``quit`` threw a long match away. ``fresh``: ``path``
        is a new name of the saves folder's (``saved.new_path``), which another name may replace."""
        if state.is_over or self.opponents is None or (path is None and not self.keeps):
            return None
        fresh = fresh or (path is None and self.keep is None)
        where = path or self.keep or saved.new_path(self.game.name)
        aside = saved.PutAside(tuple(self.humans), dict(self.opponents), self.seed, state)
        held = self.holding
        tries = 5
        while held is None or not _same_file(held.path, where):
            try:  # the file it goes to is this terminal's from now on: no other takes it up meanwhile
                held = saved.hold(where)
            except saved.InUse as exc:
                tries -= 1
                if fresh and tries:
                    # another terminal chose the same new name this very minute: the match takes the
                    # next one (it was refused, and lost at quit)
                    where = saved.new_path(self.game.name)
                    continue
                self.say_error(f"The match is not saved to {where}: {exc}.")
                return None
        try:
            saved.PutAside.from_json(aside.to_json())  # what is written is taken up again
            aside.write(where)
        except (saved.BadSave, OSError) as exc:
            if held is not self.holding:
                held.release()
            if isinstance(exc, saved.BadSave):  # Ctrl-C inside a move can leave it half made
                self.say_error("The match could not be saved: it was stopped in the middle of a move.")
            else:
                self.say_error(f"The match could not be saved to {where}: {exc.strerror or exc}.")
            return None
        # The file held before (the earlier copy) is let go only once it is removed below: let go
        # sooner, another terminal could take that copy up in the moment between.
        earlier = None
        if held is not self.holding:
            earlier, self.holding = self.holding, held
        before, self.keep, self.keeps = self.keep, where, True  # kept up to date when the person leaves
        again = "parlour resume" if saved.in_folder(where) else f"parlour resume {where}"
        # soft-wrapped: a path folded with a hard break would not copy whole
        self.console.print(Text(f"The match is saved in {where}. To play on: {again}"), soft_wrap=True)
        try:
            if before is not None and saved.in_folder(before) and not _same_file(before, where):
                # The copy parlour put aside is never written again: left, "parlour resume" took up that
                # earlier position, and the match could be played on twice.
                with contextlib.suppress(saved.BadSave):
                    saved.forget(before, holding=earlier)
                    self.console.print(
                        Text(f"(Its earlier copy, {before}, is removed: this file is the match now.)"),
                        soft_wrap=True,
                    )
        finally:
            if earlier is not None:
                earlier.release()
        return where

    def sit_down(self, seat: int) -> None:
        """With several people at one terminal, hide the last one's hand before the next sits down."""
        if seat == self.at_table or len(self.humans) == 1:
            return
        self.console.clear()
        words = f"{seat_word(seat, capital=True)}'s turn. Pass the terminal to {seat_word(seat)}."
        if self.typed_ahead is not None and self.typed_ahead[0] != seat:
            # the line itself goes unsaid: "play 9H" would show seat 1 a card of seat 0's hand
            typist = self.typed_ahead[0]
            words += (
                f"\n{seat_word(typist, capital=True)}: what you typed at the pause was not taken "
                "(not your turn)."
            )
            self.typed_ahead = None
        self.console.print(Panel(words, expand=False))
        self.pause(f"{seat_word(seat)}, press Enter when nobody else is looking> ", owner=seat)
        self.console.clear()
        self.at_table = seat
        # the last person's log lines are theirs: the compact table never shows them to the next
        self.log_tail, self.log_above = [], False

    def pause(self, prompt: str, owner: int | None = None, state: State | None = None) -> None:
        """Wait for Enter; "quit" at a pause leaves the table as it does at a move. Any other line was
        thrown away without a word ("play 9H" typed at "press Enter for the next>" was lost): "help"
        and, given the ``state``, "hand", "history" and "rules" are answered there and the pause goes
        on; a move or "moves" or "hint" is kept, said so, and taken as the ``owner``'s next line at its
        move (or said not taken, if the match ends first or another seat moves). A move's number ends
        the pause but is not kept: it numbers a list its typist has not yet seen."""
        owner = self.at_table if owner is None else owner
        while True:
            raw = self.ask(prompt, COMMANDS).strip()
            low = raw.lower()
            if not raw:
                return
            if low in QUIT:
                raise LeftTable
            if len(raw) > MAX_INPUT:
                self.say_error(f"That line is too long to be a move ({len(raw):,} characters): not taken.")
                return
            if low in ("help", "?"):
                self.console.print(help_text(self.game, self.pack, self.keeps_sheet))
                continue
            if state is not None and low in ("hand", "table", "score", "history", "rules"):
                view = state.view(owner)
                if low in ("hand", "table"):
                    self.render(view, whole=low == "table")
                elif low == "score":
                    self.show_score(view)
                elif low == "history":
                    self.show_history(state, view)
                else:
                    with paged(self.console):
                        self.console.print(RulesText(self.game.rules_text()))
                continue
            if raw.isascii() and raw.isdigit():  # the pause ends, as a line typed to go on means it to
                self.say_error(
                    f"'{raw}' was not taken: a move's number is read at your move, where the moves are "
                    "listed."
                )
                return
            before = self.typed_ahead
            self.typed_ahead = (owner, raw)
            instead = f" in place of '{before[1]}'" if before is not None and before[0] == owner else ""
            self.console.print(Text(f"'{raw}' is kept{instead}: it is taken at your next move.", style="dim"))
            return

    def drop_typed_ahead(self, why: str) -> None:
        """Say that a line kept from a pause is not taken, and why (the match ended before its move)."""
        if self.typed_ahead is not None:
            seat, line = self.typed_ahead
            self.typed_ahead = None
            who = "" if len(self.humans) == 1 else f" by {seat_word(seat)}"
            self.say_error(f"'{line}', typed{who} at the pause, was not taken: {why}.")

    def human_turn(self, state: State, seat: int) -> bool:
        view = state.view(seat)
        self.render(view)
        legal = view.legal_actions
        kept = self.typed_ahead[1] if self.typed_ahead is not None and self.typed_ahead[0] == seat else None
        self.typed_ahead = None
        last, repeats = "", 0
        while True:
            if kept is not None:  # the line typed at the pause, taken now that the table is shown
                raw, kept = kept, None
                echo = Text("your move> ", style="bold green").append(f"{raw}  (typed at the pause)")
                self.console.print(echo)
            else:
                raw = self.ask("\x1b[1;32myour move>\x1b[0m ", [*legal, *COMMANDS]).strip()
            low = raw.lower()
            repeats = repeats + 1 if raw == last else 1
            last = raw
            if self.piped and repeats > PIPED_REPEATS:
                # the move is not taken by a line said again and again: a script would spin forever
                self.say_error(f"'{raw[:40]}' was read {PIPED_REPEATS} times running without a move.")
                return False
            if not raw:
                continue
            if len(raw) > MAX_INPUT:
                self.say_error(f"That line is too long to be a move ({len(raw):,} characters).")
                continue
            typed = raw  # as the person typed it, suit symbols and all: a refusal quotes it so
            if low != "save" and not low.startswith("save "):  # a path is left as typed ("save 8♥.json")
                raw = typed_codes(raw)
                low = raw.lower()
            if low in QUIT:
                return False
            if low in ("help", "?"):
                self.console.print(help_text(self.game, self.pack, self.keeps_sheet))
                continue
            if low == "moves":
                self.show_moves(view)
                continue
            if low in ("hand", "table"):
                self.render(view, whole=low == "table")
                continue
            if low == "score":
                self.show_score(view)
                self.show_moves(view)
                continue
            if low == "hint":
                self.show_hint(state, view)
                continue
            if low == "history":
                self.show_history(state, view)
                self.show_moves(view)  # forty lines scrolled the question and the moves off the screen
                continue
            if low == "save" or low.startswith("save "):
                if self.opponents is None:
                    self.say_error("This table cannot be saved.")
                else:
                    named = raw[4:].strip()
                    where = (
                        Path(named).expanduser().absolute()
                        if named
                        else self.keep or saved.new_path(self.game.name)
                    )
                    self.put_aside(state, where, fresh=not named and self.keep is None)
                continue
            if low == "rules":
                with paged(self.console):
                    self.console.print(RulesText(self.game.rules_text()))
                self.show_moves(view)  # printed without a pager, hundreds of lines hid the question
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
                    else:
                        # "moves are 1 to 1, or 'bet N'" for a bet of 50 where 1 to 25 may be bet
                        numbered = "the only move is 1" if len(legal) == 1 else f"moves are 1 to {len(legal)}"
                        forms = "".join(f", or '{r.verb} N' ({r.min}-{r.max})" for r in ranges)
                        self.say_error(f"There is no move {shown}; {numbered}{forms}.")
                    continue
                amount = next((r for r in ranges if len(raw) <= 6 and r.min <= int(raw) <= r.max), None)
                if amount is not None:
                    # Lansquenet lists "bet N (1-50)  1) banco  2) pass": "1", meant as a bet of 1, went
                    # banco, the whole bank; a number that may be either is taken as neither
                    self.say_error(
                        f"'{raw}' could be move {raw} ({legal[index]}) or a {amount.verb} of {raw}: type "
                        f"'{legal[index]}' or '{amount.verb} {raw}'."
                    )
                    continue
                action = legal[index]
            elif len(raw.split()) == 1 and state.normalize(f"play {raw}") in legal:
                action = f"play {raw}"  # a bare card code means playing it, where that is a move
            try:
                state.apply(action, seat=seat)
            except IllegalAction as exc:
                reason = exc.reason
                first = raw.split()[0] if raw.split() else ""
                notation = self.game.notation
                if (
                    isinstance(exc, MalformedAction)
                    and first
                    and notation.spec(notation.aliases.get(first.lower(), first.lower())) is None
                ):
                    # "foo" was answered with every action of the game ("the actions are 'play <card>',
                    # 'trump <suit>', 'deal', ..."), those not open now too, and not the commands
                    reason = f"{quoted(first)} is neither a move nor a command here"
                elif not isinstance(exc, MalformedAction):  # a malformed line's reason echoes what was typed
                    reason = self.reason_words(reason, view)
                reason = as_typed(reason, typed, raw)
                self.say_error(reason + self.did_you_mean(raw, legal, ranges, exc))
                continue
            return True

    @staticmethod
    def did_you_mean(raw: str, legal: Sequence[str], ranges: Sequence[Any], exc: IllegalAction) -> str:
        """A typo's nearest legal move: "plya 9H" was answered with every action of the game, the
        ones not open now included ('trump <suit>', 'deal', 'expose <card>'...), and no move."""
        if not isinstance(exc, MalformedAction):
            return ""
        verbs = {a.split()[0].lower() for a in legal if a.split()} | {r.verb.lower() for r in ranges}
        if raw.split() and raw.split()[0].lower() in verbs:
            return ""  # a move of the right kind, written wrong ("bet 2.5"): its reason says how
        near = difflib.get_close_matches(raw.lower(), [a.lower() for a in legal], n=1, cutoff=0.75)
        if near:
            return f"\ndid you mean '{legal[[a.lower() for a in legal].index(near[0])]}'?"
        return "\ntype 'moves' for the moves open to you now, 'help' for the commands"

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
        reason = hint_reason(advice.action, advice.reason)
        if reason:  # cards as the table shows them: "leads the 6H" was "leads the 6♥"'s code
            line.append(f" — {self.log_words(reason, view)}")
        self.console.print(line)

    def say_error(self, text: str) -> None:
        """An error in red, printed as plain text: a user's input is never read as markup."""
        self.console.print(Text(text, style="red"))

    # --- drawing the table --------------------------------------------------------------------

    def render(self, view: View[Any], whole: bool = False) -> None:
        """The table and the moves. At a terminal too short for them (an 80x24 window), the compact
        table (``compact_parts``) unless ``whole`` (the ``table`` command): the top of the panel, often
        the trick or the hand, had scrolled off when the person was asked to move. A pipe or a file
        (tests, scripts) always reads the whole table: Rich gives a console that is no terminal 25
        rows, which says nothing of its reader."""
        parts = [*self.table_parts(view), *self.moves_parts(view)]
        self.compact = not whole and self.too_tall(parts)
        if self.compact:
            # drawn again ('hand', 'table'), nothing new stands above the table: the log lines that did
            # have scrolled off, and the compact table shows the latest itself
            parts = self.compact_parts(view, [] if self.log_above else self.log_tail)
        self.log_above = False
        for part in parts:
            self.console.print(part)

    def too_tall(self, parts: Sequence[RenderableType]) -> bool:
        """Whether ``parts``, the prompt under them and the rows kept for the log above (``LOG_ROOM``,
        as the compact table keeps them) pass the height of the terminal they are drawn on: Lansquenet's
        four seats' panel fitted 80x24 to the row, and the others' last moves had scrolled off."""
        return self.console.is_terminal and self.rows(parts) + 1 + self.LOG_ROOM > self.console.height

    def rows(self, parts: Sequence[RenderableType], width: int | None = None) -> int:
        """The rows ``parts`` take when printed, one after another, at the console's width (or
        ``width``)."""
        options = self.console.options if width is None else self.console.options.update_width(width)
        return sum(len(self.console.render_lines(part, options, pad=False)) for part in parts)

    def table_rows(self, view: View[Any]) -> list[tuple[str, Text | list[Text], str, str]]:
        """The panel's rows: (label, value, separator, kind). A value given as parts is packed onto lines
        whole; the kind ("round", "role", "trumps", "score", "purse", "extra", "quiet", "zone", "seat")
        says what the compact table keeps first ("quiet": a game's fact that says nothing at a move)."""
        trump = view.trump
        rows: list[tuple[str, Text | list[Text], str, str]] = []
        self.shorter = {}
        if view.hand_number and self.one_round(view):
            # a match of one deal says nothing of deals, as the web table's badge ("deal 1 of 1" told a
            # player nothing they did not know): the trick in play alone, or, before the first card is
            # played to a trick, what the seats are doing ("trick 1" stood above Apology's bidding)
            if self.trick_begun(view):
                rows.append(("trick", Text(str(view.trick.number if view.trick else "")), "", "round"))
            elif self.phase_words(view):
                rows.append(("now", Text(self.phase_words(view)), "", "round"))
        elif view.hand_number:
            rows.append((view.round_word, Text(self.round_of(view)), "", "round"))
        for label, seats in self.role_rows(view):
            rows.append((label, [Text(self.who(s, view)) for s in seats], ", ", "role"))
        if trump:
            # the table marks each trump with a star ("K♠*"), which nothing explained
            rows.append(
                (
                    "trumps",
                    Text(f"{SUIT_NAMES.get(trump, trump)} ({trump}); a trump is marked *"),
                    "",
                    "trumps",
                )
            )
        # where the game counts chips the score is a seat's chips wherever they lie and the view's chips
        # its purse: rows "score" and "chips" were two numbers a newcomer could not tell apart
        rows.append((self.score_label(view), self.score_parts(view), "   ", "score"))
        if view.chips is not None:
            rows.append(("in the purse", self.per_seat_parts(view.chips, view), "   ", "purse"))
        for label, value, kind in self.extra_rows(view):
            rows.append((label, value, "   ", kind))
        for zone in view.zones:
            if zone.owner is None:
                # a label may name seats by the engine's numbers (Lansquenet's "the réjouissance: seat 2
                # bets 20" stood beside "seat 3: 20" in the bets, as the web's namer renumbers it)
                label = self.name_seats(self.zone_label(zone), view)
                rows.append((label, self.zone_text(zone, trump), "", "zone"))
        for s in view.seats:
            if s.seat == view.seat:
                continue
            # an empty hand goes unsaid, as at the web table ("0 cards in hand" after the last trick)
            parts = [Text(self.held(s.seat, s.hand_size, view))] if s.hand_size else []
            zones = [z for z in view.zones if z.owner == s.seat and z.kind != "hand"]
            parts += [self.zone_part(zone, trump) for zone in zones]
            if parts:
                rows.append((self.who(s.seat, view), parts, "  ·  ", "seat"))
                held = parts[: len(parts) - len(zones)]
                forms = [held + [self.zone_part(z, trump, last) for z in zones] for last in (3, 1)]
                # several zones of a kind by their count and the last: "6 melds … pair of threes, 2
                # points 3♠* 3♥" (Roquet's other seat's melds were cut after the second)
                grouped: list[Text] = []
                counted: list[Text] = []  # the shortest: how many of each ("6 melds", "5 tricks won")
                for kind, group in itertools.groupby(zones, key=lambda z: z.kind):
                    same = list(group)
                    if len(same) == 1:
                        grouped.append(self.zone_part(same[0], trump, 1))
                        won = self.won_words(same[0])
                        if won:
                            counted.append(Text(won))
                        elif kind == "melds" and same[0].label:
                            # one meld by its name and points ("sequence of three, 3 points"), its
                            # cards under 'table': with them Roquet's seat's tricks won were cut
                            counted.append(Text(self.zone_label(same[0])))
                        else:
                            counted.append(self.zone_part(same[0], trump, 1))
                    else:
                        many = f"{len(same)} {plural(kind.replace('_', ' '))}"
                        grouped.append(Text(f"{many} … ").append_text(self.zone_part(same[-1], trump, 1)))
                        counted.append(Text(many))
                self.shorten(rows[-1], [*forms, held + grouped, held + counted])
        return rows

    @staticmethod
    def role_rows(view: View[Any]) -> list[tuple[str, list[int]]]:
        """One row a role, its seats listed: Lansquenet showed "player seat 0", "player seat 1" and
        "player seat 2" on three rows, Apology "defender" three times around the taker."""
        holders: dict[str, list[int]] = {}
        for s in view.seats:
            for role in s.roles:
                holders.setdefault(role, []).append(s.seat)
        return [(role if len(seats) == 1 else plural(role), seats) for role, seats in holders.items()]

    def seat_runs(self, seats: Sequence[int], view: View[Any]) -> Text:
        """Seats said short, where listed one by one they would not fit a line: the person and a partner
        first, as they are named ("you"), then the others' numbers with three or more in a row as a
        range: "you, seats 2 to 9" (Lansquenet's ten seats' players were cut after "seat 6")."""
        named = [self.who(s, view) for s in seats if self.who(s, view) != seat_word(s)]
        plain = [s for s in seats if self.who(s, view) == seat_word(s)]
        runs: list[list[int]] = []
        for s in plain:
            if runs and s == runs[-1][-1] + 1:
                runs[-1].append(s)
            else:
                runs.append([s])
        numbers: list[str] = []
        for run in runs:
            first, last = seat_word(run[0]).split()[-1], seat_word(run[-1]).split()[-1]
            if len(run) >= 3:
                numbers.append(f"{first} to {last}")
            else:
                numbers += [seat_word(s).split()[-1] for s in run]
        if len(plain) == 1:
            named.append(seat_word(plain[0]))
        elif plain:
            named.append("seats " + ", ".join(numbers))
        return Text(", ".join(named))

    LOG_ROOM = 3
    """Rows the compact table leaves above it, where it can, for the latest lines of the log (printed
    just before it): what the others have just played."""

    KEPT_FIRST = ("round", "trumps", "score", "zone", "role", "purse", "extra", "seat", "zero", "idle")
    """The panel's rows by the order the compact table keeps them: the round, trumps and score always;
    then the cards on the table (a stock, a turn-up, a livret), the roles, the purse, the game's own
    facts and the other seats, each of the later ones left out first; the rows that say nothing at a
    move (``idle``) before any. Bishops Whist at 80x24 kept its phase and hands played and left out
    every other seat's cards in hand and tricks won."""

    def compact_parts(self, view: View[Any], tail: Sequence[Text] = ()) -> list[RenderableType]:
        """The table for a short terminal: what the seat needs to move. The round, trumps, the score
        and the cards the game shows on the table always; the game's state line as the title; the trick
        in play, the seat's own cards (its hand in full), the question and the moves (their verb said
        once). The other rows, one line each, and the last trick are kept while they fit, the least
        needed left out first, leaving ``LOG_ROOM`` rows for the log above where it can; ``table``
        shows the whole panel, ``score`` the score sheet (where the game keeps one), ``history`` the
        log. That the table is compact is said in a line the first time, and on the panel's border
        after. ``tail``: the latest log lines, shown above the panel in the rows left for the log (a
        table drawn again has none printed above it). In a window too short for the smallest compact
        table (below some 22 rows), it is drawn all the same, without the log lines, and a line says
        so once, with the rows it needs."""
        title = self.title_of(view).plain
        table = self.table_rows(view)
        # single counts at 0 said nothing together where two or more stand at 0 ("taker's card points
        # so far 0", "defence's card points so far 0" kept while seats 3 and 4 gave way at 80x24)
        zeros = sum(self.single_zero(value, kind) for _, value, _, kind in table) >= 2
        rows = [
            (
                label,
                value,
                sep,
                "idle"
                if self.idle(value, kind) or self.in_title(label, value, kind, title)
                else "zero"
                if self.all_zero(value, kind) or (zeros and self.single_zero(value, kind))
                else kind,
            )
            for label, value, sep, kind in table
        ]
        order = sorted(range(len(rows)), key=lambda i: (self.KEPT_FIRST.index(rows[i][3]), i))
        always = {"round", "trumps", "score"}
        droppable = [i for i in order if rows[i][3] not in always]
        note = not self.said_compact
        self.said_compact = True
        height = self.console.height
        own = self.own_zone_lines(view)
        # as many of the latest log lines as fit the rows left for the log, the last one at least
        head: list[RenderableType] = []
        for line in reversed(tail):
            if head and self.rows([line, *head]) > self.LOG_ROOM:
                break
            head.insert(0, line)
        room = max(0, self.LOG_ROOM - self.rows(head))
        head_rows = self.rows(head)
        # the other rows left out one by one, the least needed first; then the last trick; then the
        # seat's own cards outside the hand on one line. Each layout's rows are counted, not drawn: the
        # lines under the panel once for each way of packing them, the panel's rows one by one (each
        # measured once, ``panel_rows``); only a layout counted to fit is drawn, to check it. Drawing
        # each in full made a move at 80x14 take 0.1 to 0.5 s (some 25 layouts drawn a move).
        for packed, last in ((True, True), (True, False), (False, False)):
            under = self.rows(self.compact_under(view, own, packed, last, note, ""))
            for keep in range(len(droppable), -1, -1):
                kept = set(droppable[:keep]) | {i for i in range(len(rows)) if rows[i][3] in always}
                kept_rows = [r for i, r in enumerate(rows) if i in kept]
                spare = height - (head_rows + self.panel_rows(view, kept_rows) + under + 1 + room)
                if spare < 0:
                    continue
                whole = self.made_whole(view, kept_rows, spare)
                kept_rows, whole = self.idle_for_whole(
                    view, rows, kept_rows, whole, droppable[:keep], height - (head_rows + under + 1 + room)
                )
                least = [rows[i] for i in droppable[:keep] if rows[i] in kept_rows]
                if least and least[-1][3] == "extra" and self.cut_last(view, kept_rows, whole, least[-1]):
                    # the least needed row kept, a game's fact cut at the border, gives way: with
                    # Lansquenet's ten seats "chips won in the last deal … 5 to 9: 0  1…" took the row
                    # the title's bank left, below the ten purses made whole
                    continue
                least_kept = rows[droppable[keep - 1]] if keep else None
                if least_kept and self.less_than_purse(least_kept) and self.purse_cut(view, kept_rows, whole):
                    # the purses cut at the border ("… 8: 228  9: …" with nine seats) take the row of the
                    # least needed one kept, to wrap whole: a seat's chips are what it bets from
                    continue
                parts = head + self.compact_layout(view, kept_rows, own, packed, last, note, whole=whole)
                self.layouts_drawn += 1
                if self.rows(parts) + 1 + room <= height:
                    return parts
        kept_rows = [r for r in rows if r[3] in always]
        best: list[RenderableType] = head + self.compact_layout(view, kept_rows, own, False, False, note)
        if self.rows(best) + 1 > height:
            # too short even for the smallest: its top scrolls off, the log lines' first
            best = best[len(head) :]
            if self.rows(best) + 1 > height and not self.said_short:
                self.said_short = True
                short = (
                    f"This window is {height} rows high; the table needs {self.rows(best) + 1}: "
                    "a taller one shows it all."
                )
                kept_rows = [r for r in rows if r[3] in always]
                best = self.compact_layout(view, kept_rows, own, False, False, note, short)
        return best

    def idle_for_whole(
        self,
        view: View[Any],
        rows: Sequence[tuple[str, Text | list[Text], str, str]],
        kept_rows: list[tuple[str, Text | list[Text], str, str]],
        whole: set[int],
        kept: Sequence[int],
        height: int,
    ) -> tuple[list[tuple[str, Text | list[Text], str, str]], set[int]]:
        """The compact panel's rows and those packed whole, where a row that says nothing at a move
        (``idle``: a phase, an empty pile) is left out so that a value cut at the border reads whole on
        the row it leaves: at 80x24 Bezique's "stage last eight" stood above "melds declared this hand
        you: common marriage K♦ Q♦ (20)  2: common marria…". ``kept``: the rows kept, by their order
        of need (the idle ones last); ``height``: the rows the panel may take."""
        cut = self.cut_count(view, kept_rows, whole)
        best = (kept_rows, whole)
        always = [i for i in range(len(rows)) if rows[i][3] in ("round", "trumps", "score")]
        for keep in range(len(kept) - 1, -1, -1):
            # as many idle rows as make the most values whole, and no more: with Lansquenet's nine and
            # ten seats "bets" gave its row to the purses and "the bank 0" its own to "chips won in the
            # last deal", which stayed cut when the first row given up made one value whole
            if cut == 0 or rows[kept[keep]][3] not in ("idle", "zero"):
                break
            fewer = [r for i, r in enumerate(rows) if i in set(kept[:keep]) | set(always)]
            spare = height - self.panel_rows(view, fewer)
            if spare < 0:
                break
            made = self.made_whole(view, fewer, spare)
            left = self.cut_count(view, fewer, made)
            if left < cut:
                cut, best = left, (fewer, made)
        return best

    def cut_last(
        self,
        view: View[Any],
        rows: Sequence[tuple[str, Text | list[Text], str, str]],
        whole: Collection[int],
        row: tuple[str, Text | list[Text], str, str],
    ) -> bool:
        """Whether ``row``, among the compact panel's ``rows``, is shown cut at the border (its shorter
        forms tried)."""
        if row not in rows:
            return False
        i = list(rows).index(row)
        _, _, cells = self.compact_cells(view, rows, whole)
        _, shown, _, room = cells[i]
        return any(cell_len(line) > room for line in shown.plain.split("\n"))

    def purse_cut(
        self,
        view: View[Any],
        rows: Sequence[tuple[str, Text | list[Text], str, str]],
        whole: Collection[int],
    ) -> bool:
        """Whether the purses' row, among the compact panel's ``rows``, is shown cut at the border."""
        return any(self.cut_last(view, rows, whole, row) for row in rows if row[3] == "purse")

    def less_than_purse(self, row: tuple[str, Text | list[Text], str, str]) -> bool:
        """Whether ``row`` is less needed than the purses (a game's fact, another seat's row, one that
        says nothing at a move): it gives way where the purses are cut."""
        return self.KEPT_FIRST.index(row[3]) > self.KEPT_FIRST.index("purse")

    def cut_count(
        self, view: View[Any], rows: Sequence[tuple[str, Text | list[Text], str, str]], whole: Collection[int]
    ) -> int:
        """How many of the compact panel's ``rows`` show a value cut or shortened: not whole."""
        _, _, cells = self.compact_cells(view, rows, whole, abridged=False)
        return sum(
            rows[i][3] != "score" and any(cell_len(line) > room for line in shown.plain.split("\n"))
            for i, (_, shown, _, room) in enumerate(cells)
        )

    def made_whole(
        self, view: View[Any], rows: Sequence[tuple[str, Text | list[Text], str, str]], spare: int
    ) -> set[int]:
        """The rows of a compact table, among ``rows``, whose values are cut at the border but fit whole
        on lines within the ``spare`` rows the window leaves, the most needed first: at 80x24 Apology's
        "cards played this deal" and the other seats' tricks won ended in "…" with a row or two to
        spare. No row is left out for it: a row less needed is kept cut rather than dropped."""
        whole: set[int] = set()
        if spare <= 0:
            return whole
        _, _, cells = self.compact_cells(view, rows, abridged=False)
        cut = [
            i
            for i, (_, shown, _, room) in enumerate(cells)
            if rows[i][3] != "score" and any(cell_len(line) > room for line in shown.plain.split("\n"))
        ]
        now = self.panel_rows(view, rows)
        for i in sorted(cut, key=lambda i: (self.KEPT_FIRST.index(rows[i][3]), i)):
            trial = whole | {i}
            _, _, wrapped = self.compact_cells(view, rows, trial)
            if any(cell_len(line) > wrapped[i][3] for line in wrapped[i][1].plain.split("\n")):
                continue  # a part wider than the row: cut all the same
            rows_then = self.panel_rows(view, rows, trial)
            if rows_then - now <= spare:
                spare -= rows_then - now
                now, whole = rows_then, trial
        return whole

    @staticmethod
    def idle(value: Text | list[Text], kind: str) -> bool:
        """Whether a row says nothing at a move: a game's fact it calls quiet (``views.is_quiet``: its
        phase, a count of the rounds played), or a pile on the table with no cards in it (Lansquenet's
        "the bank's card none", "the players' card none", "cards turned none" before a card is turned)."""
        if kind == "quiet":
            return True
        return kind == "zone" and isinstance(value, Text) and value.plain == "none"

    @staticmethod
    def all_zero(value: Text | list[Text], kind: str) -> bool:
        """Whether a game's row of every seat's count says 0 of each ("bets you: 0  2 to 9: 0", Bezique's
        "shown sevens of trumps still held you: 0  seat 2: 0"): it says little at a move, and gives way
        (``zero``, after the rows that say nothing) where a value would be cut; at 80x24 such rows kept
        Lansquenet's ten purses and Bezique's melds cut at the border."""
        if isinstance(value, Text):  # a single count: ``single_zero``
            return False
        return kind == "extra" and len(value) > 1 and all(re.fullmatch(r".+: 0", p.plain) for p in value)

    @staticmethod
    def single_zero(value: Text | list[Text], kind: str) -> bool:
        """Whether a game's row is a single count at 0 ("taker's card points so far 0"). Alone beside
        a count that is not 0 (the defence's 6) it says a lot and is kept; two or more at 0 together
        say nothing at a move (no card point taken yet, nothing buried), and rank ``zero`` with a row
        of every seat's count at 0: they give way before any seat's row."""
        return kind == "extra" and isinstance(value, Text) and value.plain == "0"

    @staticmethod
    def in_title(label: str, value: Text | list[Text], kind: str, title: str) -> bool:
        """Whether a row says what the panel's title says, its label and value side by side in either
        order: Lansquenet's title "bank 268 held by seat 10; 149 may still be bet" above the rows "the
        bank 268" and "may still be bet 149", while its ten purses were cut for want of a row. Such a
        row says nothing at a move (``idle``); the round, trumps and score are kept all the same."""
        if kind in ("round", "trumps", "score") or not isinstance(value, Text) or not value.plain:
            return False
        name = re.escape(label.removeprefix("the "))
        said = re.escape(value.plain)
        return re.search(rf"(?<!\S)({name} {said}|{said} {name})(?![^\s;,.])", title) is not None

    def compact_layout(
        self,
        view: View[Any],
        rows: Sequence[tuple[str, Text | list[Text], str, str]],
        own: Sequence[Text],
        packed: bool,
        last: bool,
        note: bool,
        too_short: str = "",
        whole: Collection[int] = (),
    ) -> list[RenderableType]:
        """The compact table of ``rows`` (each on one line, cut at the border; the score, and the rows
        numbered in ``whole``, packed whole onto lines), the seat's ``own`` zones ``packed`` onto
        lines (else on one line, cut), the ``last`` trick; the line that says the table is compact if
        ``note``, and the ``too_short`` one that the window is too short, if any."""
        _, _, cells = self.compact_cells(view, rows, whole)
        # the label keeps its width and a long value is cut ("targets by o…" beside a long row of cards);
        # a longer label wraps between its words, a row more, rather than end in "…" (Lansquenet's "the
        # bank's card, last d…"), unless its value leaves it the room (``compact_cells``): rows of
        # other widths are a grid of their own
        body: list[RenderableType] = []
        for (wide, room), run in itertools.groupby(cells, key=lambda cell: cell[2:]):
            head = Table.grid(padding=(0, 2))
            head.add_column(style="dim", min_width=wide, max_width=wide, overflow="fold")
            head.add_column(max_width=room, no_wrap=True, overflow="ellipsis")
            for label, shown, _, _ in run:
                head.add_row(label, shown)
            body.append(head)
        title = self.title_of(view)
        if cell_len(title.plain) > self.console.width - 6:
            title.stylize("bold")
            body.insert(0, title)
            title = Text("")
        out: list[RenderableType] = [
            Panel(
                Group(*body),
                title=title or None,
                subtitle=Text("compact: 'table' shows all", style="dim"),
                subtitle_align="right",
                expand=False,
            )
        ]
        return out + self.compact_under(view, own, packed, last, note, too_short)

    def panel_rows(
        self,
        view: View[Any],
        rows: Sequence[tuple[str, Text | list[Text], str, str]],
        whole: Collection[int] = (),
    ) -> int:
        """The rows the compact table's panel of ``rows`` takes, counted without drawing it: its two
        borders, its title where it heads the body, and each row's lines (a wrapped label's two), each
        row measured once at its columns' widths and kept (``cell_rows``)."""
        _, _, cells = self.compact_cells(view, rows, whole)
        width = self.console.width
        title = self.title_of(view)
        count = 2
        if cell_len(title.plain) > width - 6:
            count += self.cell_rows("", title, 0, width - 4)
        return count + sum(self.cell_rows(label, shown, wide, room) for label, shown, wide, room in cells)

    def cell_rows(self, label: str, shown: Text, label_width: int, value_width: int) -> int:
        """The lines of one row of the compact panel (a label ``label_width`` wide that wraps, a value
        cut at ``value_width``), or of a text alone where ``label_width`` is 0; measured once a size."""
        key = (label, shown.plain, label_width, value_width, self.console.width)
        if key not in self.measured:
            if len(self.measured) > 4096:
                self.measured.clear()
            if label_width:
                grid = Table.grid(padding=(0, 2))
                grid.add_column(min_width=label_width, max_width=label_width, overflow="fold")
                grid.add_column(max_width=value_width, no_wrap=True, overflow="ellipsis")
                grid.add_row(label, shown)
                self.measured[key] = self.rows([grid], self.console.width - 4)
            else:
                self.measured[key] = self.rows([shown], value_width)
        return self.measured[key]

    def compact_cells(
        self,
        view: View[Any],
        rows: Sequence[tuple[str, Text | list[Text], str, str]],
        whole: Collection[int] = (),
        abridged: bool = True,
    ) -> tuple[int, int, list[tuple[str, Text, int, int]]]:
        """The compact panel's columns: the labels' width, the values' and each row's (label, value as
        shown, its label's width and its value's, where a long label takes more), the value on one
        line (the score's, and those of the rows numbered in ``whole``, packed whole onto lines,
        broken between their parts)."""
        width = self.console.width
        # a label is cut at three tenths of the width, or as far as the score's line leaves room for, up
        # to two fifths: "your card points with y…" and "taker's card points so …" said little
        score = [self.natural_width(r[1], r[2]) for r in rows if r[3] == "score"]
        room = width - 6 - max(score, default=width)
        room = max(10, width * 3 // 10, min(width * 2 // 5, room))
        longest = max((cell_len(r[0]) for r in rows), default=0)
        # a label the score's line cuts is whole where that line, its parts two spaces apart, leaves it
        # room (up to half the width): Apology's "your card points with your buri…" was one column short
        # beside "you: 0   seat 2: 0   seat 3: 0   seat 4: 0"
        tight = [self.natural_width(r[1], "  ") for r in rows if r[3] == "score"]
        score_sep = ""
        if score and longest > room and longest <= min(width // 2, width - 6 - max(tight)):
            room, score_sep = longest, "  "
        label_width = min(longest, room)
        value_width = max(20, width - 4 - label_width - 2)

        def shaped(i: int, value_width: int, shorter: bool = abridged) -> Text:
            label, value, sep, kind = rows[i]
            if score_sep and sep == "   ":
                sep = score_sep  # the rows of every seat's values as the score's ("you: 0  seat 2: 0")
            if isinstance(value, list) and kind == "score":
                shown = self.pack_parts(value, sep, value_width)
                short = self.pack_parts([self.seatless(v) for v in value], "  ", value_width)
                if short.plain.count("\n") < shown.plain.count("\n"):
                    # Lansquenet's ten seats took three of the 24 rows: "you: 11  2: 100  3: 132"
                    shown = short
            elif i in whole and isinstance(value, list):
                shown = self.pack_parts(value, sep, value_width)
                if all(": " in v.plain for v in value):
                    short = self.pack_parts([self.seatless(v) for v in value], "  ", value_width)
                    if short.plain.count("\n") < shown.plain.count("\n"):
                        shown = short
                if any(cell_len(line) > value_width for line in shown.plain.split("\n")):
                    # a part wider than the row (a seat's melds, "you: common marriage K♥ Q♥ (20),
                    # royal marriage K♠ Q♠ (40)") is broken between its words
                    lines = [
                        line for part in shown.split("\n") for line in part.wrap(self.console, value_width)
                    ]
                    for line in lines:
                        line.rstrip()
                    shown = Text("\n").join(lines)
            elif i in whole and isinstance(value, Text):
                shown = Text("\n").join(value.wrap(self.console, value_width))
            elif isinstance(value, list):
                shown = self.one_line(view, label, value, sep, kind, value_width)
                kept = self.shorter.get(label)
                if shown.cell_len > value_width and sep.strip() == "·":
                    # one space each side of "·" before a shorter form: Apology's taker's row "13 cards in
                    # hand  ·  buried 6 cards  ·  tricks won none  ·  escaped…" had no shorter form
                    shown = self.one_line(view, label, value, " · ", kind, value_width)
                if shorter and shown.cell_len > value_width and kept and kept[0] == self.plain_of(value):
                    # a shorter form of the same fact, where the value would be cut: each seat's cards
                    # played by their count and the last ("you: 13 … N 7♥"), a pile's ("8 … 7♦ 9♦")
                    tight = " · " if sep.strip() == "·" else sep  # "8 cards in hand · 3 melds"
                    for form in kept[1]:
                        shown = self.one_line(view, label, form, sep, kind, value_width)
                        if shown.cell_len > value_width:
                            shown = self.one_line(view, label, form, tight, kind, value_width)
                        if shown.cell_len <= value_width:
                            break
            else:
                shown = value
            if kind != "score" and i not in whole and "\n" in shown.plain:
                shown = Text(" ").join(shown.split("\n"))
            return shown

        def fits(i: int, value_width: int, shorter: bool = abridged) -> bool:
            return all(
                cell_len(line) <= value_width for line in shaped(i, value_width, shorter).plain.split("\n")
            )

        # a label longer than the column beside a short value ("the dealer still holds the turn-up
        # yes") takes the room the value leaves, with the long labels next to it, rather than wrap onto
        # a row more: wrapped, Bishops Whist's two left out the other seats' rows at 80x24. A value
        # that would be whole beside a wrapped label, and is cut beside the long one, keeps the wrap.
        sizes = [(label_width, value_width)] * len(rows)
        long = [i for i, r in enumerate(rows) if cell_len(r[0]) > label_width and r[3] != "score"]
        runs: list[list[int]] = []
        for i in long:
            if runs and runs[-1][-1] == i - 1:
                runs[-1].append(i)
            else:
                runs.append([i])

        def widen(group: list[int]) -> bool:
            wide = max(cell_len(rows[i][0]) for i in group)
            room_left = width - 4 - wide - 2
            # (a value narrower than 20 takes a row beside its label where it is whole there: Hoyle's
            # "the réjouissance: seat 1 (you) bets 10, seat 3 bets 9, seat 4 bets 46" wrapped in three
            # rows of its column beside "9♦")
            narrow = room_left > 0 and all(fits(i, room_left) for i in group)
            if (room_left >= 20 or narrow) and all(
                fits(i, room_left) or not fits(i, value_width) for i in group
            ):
                for i in group:
                    sizes[i] = (wide, room_left)
                return True
            return False

        for run in runs:
            # the run together, else each label on its own: with Lansquenet's nine seats "chips won in
            # the last deal" alone took its width, and the two labels under it wrapped a row more each
            if len(run) == 1 or not widen(run):
                for i in run:
                    widen([i])
        # a short label beside a value cut at the values' column ("seat 2  8 cards in hand  ·  declared
        # cards none …") gives the value the room it leaves, the short labels next to it in a column of
        # their own: Bezique's other seat and Apology's cards played were cut at 80x24 with half a row
        # to spare to their left
        short = [
            i
            for i, r in enumerate(rows)
            if r[3] != "score" and cell_len(r[0]) < label_width and sizes[i] == (label_width, value_width)
        ]
        short = [i for i in short if not fits(i, value_width, False)]
        for run in self.runs(short):
            # a row whole beside its own short label is not cut for a longer one next to it: with
            # Lansquenet's ten seats "bets" under "in the purse" (once the title's bank between them
            # gave way, term-13) was cut at the purse's column, and wrapped onto a row more
            wide = max(cell_len(rows[i][0]) for i in run)
            alone = [
                i
                for i in run
                if not fits(i, width - 4 - wide - 2, False)
                and fits(i, width - 4 - cell_len(rows[i][0]) - 2, False)
            ]
            for group in ([i for i in run if i not in alone], *([i] for i in alone)):
                if not group:
                    continue
                wide = max(cell_len(rows[i][0]) for i in group)
                room_left = width - 4 - wide - 2
                for i in group:
                    sizes[i] = (wide, room_left)
        cells = [(rows[i][0], shaped(i, sizes[i][1]), *sizes[i]) for i in range(len(rows))]
        return label_width, value_width, cells

    def one_line(
        self, view: View[Any], label: str, value: Sequence[Text], sep: str, kind: str, width: int
    ) -> Text:
        """A row's parts on one line, said shorter where they pass ``width``: a role's seats as runs
        ("you, seats 2 to 9"), each seat's value without the word "seat" ("2: 0  3: 0"), then seats
        next to each other with the same value together ("3 to 9: 100"). Kept by the row's text and
        width, as the compact table asks for it at every layout it counts."""
        key = (label, self.plain_of(value), sep, kind, width)
        if key not in self.lined:
            if len(self.lined) > 4096:
                self.lined.clear()
            self.lined[key] = self.line_of(view, label, value, sep, kind, width)
        return self.lined[key].copy()

    def line_of(
        self, view: View[Any], label: str, value: Sequence[Text], sep: str, kind: str, width: int
    ) -> Text:
        """``one_line``'s line, made."""
        shown = Text(sep).join(value)
        if shown.cell_len > width and kind == "role":
            return self.seat_runs(dict(self.role_rows(view))[label], view)
        if shown.cell_len > width and all(": " in v.plain for v in value):
            # Lansquenet's ten seats' bets were cut after the fourth: "2: 0  3: 0" fits more
            parts = [self.seatless(v) for v in value]
            shown = Text("  ").join(parts)
            if shown.cell_len > width:
                shown = Text("  ").join(self.same_runs(parts))
        return shown

    @staticmethod
    def same_runs(parts: Sequence[Text]) -> list[Text]:
        """Seats' values ("3: 100", "4: 100", "5: 100") with three or more seats in a row that hold the
        same value said once ("3 to 5: 100"): Lansquenet's ten purses were cut at 80 columns."""
        out: list[Text] = []
        run: list[tuple[int, Text]] = []

        def close() -> None:
            if len(run) >= 3:
                first, rest = run[0][0], run[0][1]
                tail = rest[len(f"{first}: ") :]
                out.append(Text(f"{first} to {run[-1][0]}: ").append_text(tail))
            else:
                out.extend(part for _, part in run)
            run.clear()

        for part in parts:
            m = re.fullmatch(r"(\d+): (.*)", part.plain)
            if m is None:
                close()
                out.append(part)
                continue
            seat, said = int(m[1]), m[2]
            if run and (seat != run[-1][0] + 1 or said != run[-1][1].plain.split(": ", 1)[1]):
                close()
            run.append((seat, part))
        close()
        return out

    @staticmethod
    def runs(numbers: Sequence[int]) -> list[list[int]]:
        """Numbers in runs of consecutive ones: rows next to each other, drawn in one column."""
        out: list[list[int]] = []
        for i in numbers:
            if out and out[-1][-1] == i - 1:
                out[-1].append(i)
            else:
                out.append([i])
        return out

    def compact_under(
        self, view: View[Any], own: Sequence[Text], packed: bool, last: bool, note: bool, too_short: str
    ) -> list[RenderableType]:
        """What the compact table prints under its panel (see ``compact_layout``): the same whichever
        of the panel's rows are kept."""
        width = self.console.width
        out: list[RenderableType] = []
        if last:
            line = self.last_trick_line(view)
            if line is not None:
                out.append(line)
        if view.trick is not None:
            out.append(self.trick_line(view))
        if own:
            if packed:
                out.append(self.pack_parts(list(own), "  ·  ", width))
            else:
                one = Text("  ·  ").join(own)
                # cut here: a Text's own no_wrap is lost where the console prints it (it joins the
                # Texts printed into a new one), so this line was measured one row and printed five
                one.truncate(width, overflow="ellipsis")
                out.append(one)
        hand = self.hand_line(view)
        if hand is not None:
            out.append(hand)
        waiting = self.waiting_line(view)
        if waiting is not None:
            out.append(waiting)
        if note:
            # Bezique and Lansquenet keep no score sheet: "'score' the sheet" sent a player to none
            sheet = ", 'score' the sheet" if view.score_sheet is not None else ""
            out.append(
                Text(f"A compact table for a short window: 'table' shows it whole{sheet}.", style="dim")
            )
        if too_short:
            out.append(Text(too_short, style="bold"))
        out += self.moves_parts(view, short=True)
        return out

    @staticmethod
    def seatless(part: Text) -> Text:
        """A seat's value without the word "seat" ("2: 100" for "seat 2: 100"), where a row of many
        seats would not fit otherwise; "you: 11" stays, and so does a side ("seat 2 & seat 4: 1" would
        have read "2 & seat 4: 1"). A partner keeps the word: "3 (partner): 2 … 6♥" (Bishops Whist's fourth
        seat's exposed cards were cut after "seat 3 (partner): 2 … 6♥")."""
        return part[len("seat ") :] if re.match(r"seat \d+( \(partner\))?: ", part.plain) else part

    def one_round(self, view: View[Any]) -> bool:
        """Whether the match is of one round (deal, hand), which the table then does not count: the
        game's view says so (``hands_in_match`` of 1), as it says so to the web table."""
        return view.hands_in_match == 1

    def title_of(self, view: View[Any]) -> Text:
        """The panel's title: what the game says of the moment (its state line), else its name."""
        return Text(self.name_seats(view.situation, view)) if view.situation else Text(self.game.title)

    def table_parts(self, view: View[Any]) -> list[RenderableType]:
        """The whole table, as it is printed: the panel, then the trick, the seat's own cards and who is
        awaited (the moves are ``moves_parts``)."""
        rows = self.table_rows(view)
        # In 80 columns a long label ("bishop cut: a point to the dealer's side") took half the width
        # and values broke anywhere ("seat 1 &" / "seat 3: 0", "stack 2" / "7♣ ▒ ▒"): labels now wrap
        # within three eighths of the width, and a value breaks only between its parts. Where the
        # values leave more room (100 columns), a label takes it rather than wrap beside a short panel.
        widest_value = max(self.natural_width(value, sep) for _, value, sep, _ in rows)
        room = max(12, self.console.width * 3 // 8, self.console.width - 6 - widest_value)
        label_width = min(max(cell_len(label) for label, _, _, _ in rows), room)
        value_width = max(20, self.console.width - 4 - label_width - 2)
        head = Table.grid(padding=(0, 2))
        head.add_column(style="dim", max_width=label_width)
        head.add_column()
        for label, value, sep, _ in rows:
            shown = self.pack_parts(value, sep, value_width) if isinstance(value, list) else value
            head.add_row(label, shown)
        title = self.title_of(view)
        body: list[RenderableType] = [head]
        if cell_len(title.plain) > self.console.width - 6:
            # a panel's title is cut to its border ("may meld (or 'don─"): a long one heads the body
            title.stylize("bold")
            body.insert(0, title)
            title = Text("")
        if view.score_sheet is not None and view.score_sheet.rows:
            body.append(self.sheet(view))
        out: list[RenderableType] = [Panel(Group(*body), title=title or None, expand=False)]
        last = self.last_trick_line(view)
        if last is not None:
            out.append(last)
        if view.trick is not None:
            out.append(self.trick_line(view))
        out += self.own_zone_lines(view)
        hand = self.hand_line(view)
        if hand is not None:
            out.append(hand)
        waiting = self.waiting_line(view)
        if waiting is not None:
            out.append(waiting)
        return out

    def last_trick_line(self, view: View[Any], start: int = 0) -> Text | None:
        if view.last_trick is None or not view.last_trick.plays:
            return None
        won = view.last_trick.winner
        line = Text("last trick" + (f" (won by {self.who(won, view)})" if won is not None else "") + ": ")
        return line.append_text(self.plays(view.last_trick.plays, view, line.cell_len))

    def trick_line(self, view: View[Any]) -> Text:
        assert view.trick is not None
        plays = (  # "none", as an empty zone says, where this line alone said "-"
            self.plays(view.trick.plays, view, len("on the table: "))
            if view.trick.plays
            else Text("none", style="dim")
        )
        return Text("on the table: ").append_text(plays)

    def own_zone_lines(self, view: View[Any]) -> list[Text]:
        """The seat's own cards outside its hand, a line a zone: "your 4 tricks won", "your melds: ..."."""
        trump = view.trump
        out: list[Text] = []
        for zone in view.zones:
            if zone.owner == view.seat and zone.kind != "hand":
                counted = self.won_words(zone)
                if counted is not None:  # "your 4 tricks won", "your 1 trick won: 9♠ K♠"
                    listed = self.won_cards(zone, trump)
                    mine = Text(f"your {counted}")
                    out.append(mine if listed is None else mine.append(": ").append_text(listed))
                    continue
                label = self.zone_label(zone)
                # a pile named by what befell its cards (Apology's "buried", "escaped") read "your
                # buried: none" and "your escaped: N N"
                mine = Text(
                    f"your cards {label}: " if re.fullmatch(r"[a-z]+ed", label) else f"your {label}: "
                )
                out.append(mine.append_text(self.zone_text(zone, trump)))
        return out

    def hand_line(self, view: View[Any]) -> Text | None:
        if view.seat is not None and any(z.kind == "hand" and z.owner == view.seat for z in view.zones):
            held = self.cards(view.hand, view.trump) if view.hand else Text("none", style="dim")  # not blank
            return Text("your hand: ").append_text(held)
        return None

    @staticmethod
    def round_of(view: View[Any]) -> str:
        """The round's row from the view's fields: "1 of 2" (the match's fixed number of hands), and the
        trick in play ("1 of 2, trick 4"). The situation above no longer says them, as they are fields."""
        said = str(view.hand_number)
        if view.hands_in_match is not None:
            said += f" of {view.hands_in_match}"
        if TerminalGame.trick_begun(view) and view.trick is not None:
            said += f", trick {view.trick.number}"
        elif TerminalGame.phase_words(view):
            said += f", {TerminalGame.phase_words(view)}"
        return said

    @staticmethod
    def trick_begun(view: View[Any]) -> bool:
        """Whether trick play has begun: a card lies in the trick, a trick was played before it, or a
        seat is asked to play one (the lead of the first trick). Apology's view holds a trick while the
        seats bid and the taker buries, and the table said "trick 1" over the bidding."""
        trick = view.trick
        if trick is None or not trick.number:
            return False
        leading = view.decision is not None and view.decision.kind == "play"
        return bool(trick.plays) or trick.number > 1 or leading

    @staticmethod
    def phase_words(view: View[Any]) -> str:
        """What the seats are doing while a trick is held but not begun, as a player names it, from the
        decision's kind: "bidding", or, where one seat alone holds the role that decides, "the taker
        buries"; empty where trick play has begun or nothing is asked."""
        trick, decision = view.trick, view.decision
        if trick is None or decision is None or TerminalGame.trick_begun(view):
            return ""
        roles = next((s.roles for s in view.seats if s.seat == decision.seat), ())
        held = [r for r in roles if r != "dealer" and sum(r in s.roles for s in view.seats) == 1]
        verb = decision.kind.split()[0].lower() if decision.kind.split() else ""
        if held and re.fullmatch(r"[a-z]+", verb):
            does = verb[:-1] + "ies" if re.search(r"[^aeiou]y$", verb) else verb + "s"
            return f"the {held[0]} {does}"
        return gerund(decision.kind)

    @staticmethod
    def held(seat: int, size: int, view: View[Any]) -> str:
        """How many cards a seat holds, and where: "13 cards in hand", or, for a seat whose cards lie
        in zones of another kind (open tarock's stacks), "21 cards in 4 stacks" ("27 cards in hand"
        stood beside a player who holds no hand)."""
        cards = f"{size} card{'' if size == 1 else 's'}"
        owned = [z for z in view.zones if z.owner == seat]
        if any(z.kind == "hand" for z in owned):
            return f"{cards} in hand"
        held = [z for z in owned if z.kind in HELD_IN and z.size]
        if not held:
            return f"{cards} in hand"
        kind = held[0].kind.replace("_", " ")
        return f"{cards} in {len(held)} {kind if len(held) == 1 else plural(kind)}"

    def zone_label(self, zone: Zone) -> str:
        return zone.label or zone.kind.replace("_", " ")

    def zone_part(self, zone: Zone, trump: str | None, last: int = 0) -> Text:
        """Another seat's zone in its row: "melds K♠ Q♠", a pile of tricks by its count ("4 tricks won",
        "1 trick won: 9♠ K♠"); with ``last``, a list of more than four cards by its count and its last
        cards ("2 tricks won: 8 … 7♦ 9♦"), a shorter form the compact table shows where the row is
        cut."""
        won = self.won_words(zone)
        if won is None:
            shown = self.zone_text(zone, trump)
            if last and len(zone.cards) > 4 and not all(c is None for c in zone.cards):
                shown = self.abridged(zone.cards, last, lambda codes: self.cards(codes, trump))
            return Text(f"{self.zone_label(zone)} ").append_text(shown)
        listed = self.won_cards(zone, trump)
        if listed is not None and last and len(zone.cards) > 4:
            listed = self.abridged(zone.cards, last, lambda codes: self.cards(codes, trump))
        return Text(won) if listed is None else Text(f"{won}: ").append_text(listed)

    @staticmethod
    def abridged(items: Sequence[Any], last: int, show: Callable[[Sequence[Any]], Text]) -> Text:
        """A list by its count and its ``last`` items ("13 … N 7♥"): the compact table's shorter form
        of a list that would be cut at the border, the whole of it under ``table``."""
        if len(items) <= last:
            return show(items)
        return Text(f"{len(items)} … ").append_text(show(items[len(items) - last :]))

    def said_items(self, items: Sequence[Any], view: View[Any], holds: str) -> Text:
        """Some items of a game's list, written as the whole list is (``value``)."""
        return self.value(list(items), view, holds)

    def shorten(self, row: tuple[str, Text | list[Text], str, str], forms: list[list[Text]]) -> None:
        """Keeps ``forms``, shorter forms of ``row``'s value, for the compact table (``shorter``)."""
        plain = self.plain_of(row[1])
        kept = [f for f in forms if self.plain_of(f) != plain]
        if kept:
            self.shorter[row[0]] = (plain, kept)

    @staticmethod
    def plain_of(value: Text | Sequence[Text]) -> str:
        """A row's value as plain text, its parts apart: what a shorter form is kept against."""
        return value.plain if isinstance(value, Text) else "\x00".join(part.plain for part in value)

    def won_words(self, zone: Zone) -> str | None:
        """A pile of tricks won by its count of tricks, as a player counts them: "4 tricks won" ("tricks
        won 16 cards" made one count cards), "pile (4 tricks won)" where the game names it otherwise;
        ``None`` for another zone, one without a count, or an empty one (said "none", as before)."""
        if zone.kind != "tricks_won" or zone.tricks is None or (zone.size == 0 and zone.tricks == 0):
            return None
        won = f"{zone.tricks} trick{'' if zone.tricks == 1 else 's'} won"
        label = self.zone_label(zone)
        return won if label == "tricks won" else f"{label} ({won})"

    def won_cards(self, zone: Zone, trump: str | None) -> Text | None:
        """The cards of a small pile of tricks won, listed as before ("9♠ K♠"); ``None`` where they were
        a count of cards (over eight, or face down), which the count of tricks now says instead."""
        if zone.size > 8 or all(c is None for c in zone.cards):
            return None
        return self.cards(zone.cards, trump)

    def waiting_line(self, view: View[Any]) -> Text | None:
        """Another seat's decision, said to a seat not to move as the web table says it ("waiting for
        seat 1 to declare a meld ..."): the situation no longer says what the seat to move is asked,
        and the prompt was said to the seat to move alone ("your turn: ...")."""
        decision = view.decision
        if decision is None or decision.seat == view.seat or view.outcome is not None:
            return None
        who = self.who(decision.seat, view)
        if not decision.prompt:
            return Text(f"waiting for {who}", style="dim")
        asked = self.name_seats(of_mover(decision.prompt), view)
        news = re.match(r"^([^:]*\b(?:was|were|has been|have been)\b[^:]*): (.+)$", asked)
        said = f"{news[1]}: waiting for {who} to {news[2]}" if news else f"waiting for {who} to {asked}"
        return Text(said, style="dim")

    def zone_text(self, zone: Zone, trump: str | None) -> Text:
        if not zone.cards and zone.size == 0:
            return Text("none", style="dim")
        if all(c is None for c in zone.cards) or (zone.kind in SHOWN_AS_COUNT and zone.size > 8):
            return Text(f"{zone.size} card{'s' if zone.size != 1 else ''}")
        return self.cards(zone.cards, trump)

    def plays(self, plays: Sequence[Any], view: View[Any], start: int = 0) -> Text:
        """Each seat and its card, kept on one line ("you" ended a line of the last trick at 80
        columns, "K♥" began the next); ``start``: the columns the line's heading takes."""
        parts = [Text(f"{self.who(p.seat, view)} ").append_text(self.card(p.card, view.trump)) for p in plays]
        # a line carried on under the first play, not at the margin, where it read as a line of its
        # own ("seat 2 (partner) 4♠,  seat 3 C♠" under "last trick (won by seat 3): you Q♠,  seat 1 N")
        widest = max(part.cell_len for part in parts)
        indent = start if start + widest <= self.console.width else 2
        return self.pack_parts(parts, ",  ", self.console.width, start, indent)

    @staticmethod
    def natural_width(value: Text | Sequence[Text], sep: str) -> int:
        """A row's value on one line: its parts joined by ``sep``, or the widest line of its text."""
        if isinstance(value, Text):
            return max((cell_len(line) for line in value.plain.splitlines()), default=0)
        return sum(part.cell_len for part in value) + len(sep) * max(0, len(value) - 1)

    @staticmethod
    def pack_parts(parts: Sequence[Text], sep: str, width: int, start: int = 0, indent: int = 0) -> Text:
        """Parts joined by ``sep``, a line broken only between two parts (never inside one) where the
        next would pass ``width`` (the first line begins at column ``start``, the others at ``indent``);
        a part wider than a line is left to wrap on its own."""
        out = Text()
        column = start
        for i, part in enumerate(parts):
            size = part.cell_len
            if i and column + len(sep) + size > width:
                out.append("\n" + " " * indent)
                column = indent
            elif i:
                out.append(sep)
                column += len(sep)
            out.append_text(part)
            column += size
        return out

    @staticmethod
    def score_label(view: View[Any]) -> str:
        """What the score is called: where the game counts chips, a seat's chips wherever they lie."""
        return "score" if view.chips is None else "chips in all"

    def score_parts(self, view: View[Any]) -> list[Text]:
        return [Text(f"{self.side(team, view)}: {number(view.scores[team[0]])}") for team in view.teams]

    def score_line(self, view: View[Any]) -> str:
        return "   ".join(part.plain for part in self.score_parts(view))

    def per_seat_parts(self, values: Sequence[Any], view: View[Any], holds: str = "") -> list[Text]:
        """Each seat's value, named; a seat with none goes unsaid (Apology's bids said "you: -" of every
        seat the bidding never reached)."""
        return [
            Text(f"{self.who(s, view)}: ").append_text(self.value(v, view, holds))
            for s, v in enumerate(values)
            if v is not None
        ]

    def per_side_parts(self, values: Sequence[Any], view: View[Any], holds: str = "") -> list[Text]:
        return [
            Text(f"{self.side(team, view)}: ").append_text(self.value(v, view, holds))
            for team, v in zip(view.teams, values, strict=False)
            if v is not None
        ]

    def value(self, value: Any, view: View[Any], holds: str = "") -> Text:
        """One value of a game's extras, in words: never a Python list, dict or ``True``. What a field
        ``holds`` (``views.holds_of``) says how to write it: card codes as cards, suit letters as the cards
        write suits (Apology's "shown out of" said "C" beside "K♣"), seat numbers as the seats are named
        (its "owed to" said "3" beside "seat 3 passes")."""
        cards, suits = holds == "cards", holds == "suits"
        if isinstance(value, Text):  # already said (a shorter form's "13 … N 7♥")
            return value
        if isinstance(value, bool):
            return Text("yes" if value else "no")
        if value is None:
            return Text("-", style="dim")
        if isinstance(value, float):
            return Text(number(value))
        if holds == "seats" and isinstance(value, int):
            return Text(self.who(value, view))
        if isinstance(value, str):
            if suits and value in SUIT_SYMBOLS:
                return Text(SUIT_SYMBOLS[value], style="bold red" if value in ("H", "D") else "")
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
                out.append_text(self.value(v, view, holds))
            return out
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            parts = [
                Text(f"{label_of(f)} ").append_text(self.value(getattr(value, f.name), view, holds))
                for f in dataclasses.fields(value)
            ]
            return Text("; ").join(parts)
        return Text(str(value))

    @staticmethod
    def empty(value: Any) -> bool:
        """Nothing to show: no value, no text, no cards (a list or a tuple)."""
        return value is None or value == "" or (isinstance(value, list | tuple) and not value)

    def extra_rows(self, view: View[Any]) -> list[tuple[str, Text | list[Text], str]]:
        """The game's own facts shown: (label, value, kind), the kind "quiet" where the game says the
        fact says nothing at a move (``views.is_quiet``), else "extra"."""
        extra = view.extra
        if not dataclasses.is_dataclass(extra) or isinstance(extra, type):
            return []
        rows: list[tuple[str, Text | list[Text], str]] = []
        for f in dataclasses.fields(extra):
            if f.metadata.get("show") is False:
                continue
            value = getattr(extra, f.name)
            per = f.metadata.get("per")
            if self.empty(value) or (per and isinstance(value, list | tuple) and all(map(self.empty, value))):
                continue  # "exposed cards: none, none, none, none" said nothing, four times
            holds = holds_of(f)
            kind = "quiet" if is_quiet(f) else "extra"
            # a game's per-seat values may be a tuple (Bishops Whist's tricks won were "0, 0", unnamed)
            if per == "seat" and isinstance(value, list | tuple):
                rows.append((label_of(f), self.per_seat_parts(value, view, holds), kind))
                if any(isinstance(v, list | tuple) and v for v in value):
                    # each seat's list by its count and its last items: "you: 13 … N 7♥"
                    said = functools.partial(self.said_items, view=view, holds=holds)
                    forms = [
                        self.per_seat_parts(
                            [
                                self.abridged(v, last, said) if isinstance(v, list | tuple) else v
                                for v in value
                            ],
                            view,
                            holds,
                        )
                        for last in (2, 1)
                    ]
                    # the shortest, each seat's list by its count alone ("you: 1  2: 2" melds declared):
                    # Bezique's seat's last meld, "2: 2 … common marriage K♥ Q♥ (20)", was cut
                    forms.append(
                        self.per_seat_parts(
                            [Text(str(len(v))) if isinstance(v, list | tuple) else v for v in value],
                            view,
                            holds,
                        )
                    )
                    self.shorten((label_of(f), rows[-1][1], "", kind), forms)
            elif per == "side" and isinstance(value, list | tuple):
                rows.append((label_of(f), self.per_side_parts(value, view, holds), kind))
            else:
                rows.append((label_of(f), self.value(value, view, holds), kind))
        return rows

    def sheet(self, view: View[Any]) -> Table:
        sheet = view.score_sheet
        assert sheet is not None
        table = Table(title="score sheet", title_style="dim", show_edge=False)
        table.add_column("")
        for column in sheet.columns:
            # a side's column ("seats 0 and 2") said nothing of which was the reader's, where a seat's
            # ("seat 0 (you)") does
            team = re.fullmatch(r"seats (\d+(?:, \d+)*,? and \d+)", column)
            if team is not None and str(view.seat) in re.findall(r"\d+", team[1]):
                column += " (you)"
            table.add_column(self.name_seats(column, view), justify="right")
        for row in sheet.rows[-8:]:
            # a row's seat named as its column is ("deal 1: seat 0 fails" under "seat 0 (you)")
            table.add_row(self.name_seats(row.label, view), *(number(v) for v in row.values))
        return table

    def show_moves(self, view: View[Any]) -> None:
        for part in self.moves_parts(view, self.compact):
            self.console.print(part)

    def moves_parts(self, view: View[Any], short: bool = False) -> list[Text]:
        """What the seat is asked and the moves open to it, numbered. ``short`` (the compact table): a
        run of moves of one kind names its verb once ("play 1) QC  2) TC", not "1) play QC  2) play
        TC"); each is typed as before, by its number or in full."""
        legal, ranges = view.legal_actions, view.legal_ranges
        if not legal and not ranges:
            return []
        out: list[Text] = []
        decision = view.decision
        if decision is not None and decision.prompt and decision.seat == view.seat:
            # what is asked, said once here: the situation no longer names the seat to move ("you to
            # follow C♥"), which is the decision's
            out.append(Text(f"your turn: {self.name_seats(decision.prompt, view)}"))
        # each move kept whole on its line ("8) play 4C" was split after "play" at the window's edge)
        items: list[list[tuple[str, str]]] = []
        for r in ranges:
            amount = f"{r.min}" if r.min == r.max else f"N ({r.min}-{r.max})"
            items.append([(f"{r.verb} {amount}", "bold")])
        grouped = self.grouped_moves(view)
        verb_before = ""
        for i, action in enumerate(legal):
            if i in grouped:
                if grouped[i]:
                    items.append(grouped[i])
                verb_before = ""
                continue
            named = self.name_seats(action, view)
            verb, _, rest = named.partition(" ")
            if short and rest and verb == verb_before:
                items.append([(f"{i + 1}) ", "dim"), (rest, "")])
            elif (
                short
                and rest
                and i + 1 < len(legal)
                and legal[i + 1].partition(" ")[0] == action.partition(" ")[0]
            ):
                items.append([(f"{verb} ", ""), (f"{i + 1}) ", "dim"), (rest, "")])
            else:
                items.append([(f"{i + 1}) ", "dim"), (named, "")])
            verb_before = verb if short and rest else ""
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
        out.append(text)
        return out

    GROUP = 6
    """A side kind of move naming one card each is listed as one item from this many moves on."""

    def grouped_moves(self, view: View[Any]) -> dict[int, list[tuple[str, str]]]:
        """Moves listed as one item, by their indices in the legal list: the item at the first index,
        nothing at the others. Bishops Whist under table laws offers "expose X" for every card held
        beside the plays: thirteen more numbered moves crowded the prompt of an 80x24 window, though
        exposing is seldom meant. A kind of move that is not the decision's own ("play" there), whose
        moves each name one card and stand together in the list, is one item, "14-26) expose <card>
        (any card in your hand)"; each keeps its number, and is typed as before (the text is the same)."""
        legal = view.legal_actions
        kinds: dict[str, list[int]] = {}
        for i, action in enumerate(legal):
            kinds.setdefault(action.split()[0] if action.split() else action, []).append(i)
        decided = view.decision.kind if view.decision is not None else ""
        pack = self.pack
        out: dict[int, list[tuple[str, str]]] = {}
        if len(kinds) < 2 or pack is None:
            return out
        for verb, where in kinds.items():
            words = [legal[i].split() for i in where]
            if (
                verb == decided
                or len(where) < self.GROUP
                or where != list(range(where[0], where[-1] + 1))
                or not all(len(w) == 2 and pack.is_card(w[1]) for w in words)
            ):
                continue
            cards = [w[1] for w in words]
            if view.hand and set(cards) == set(view.hand):
                which = "any card in your hand"
            else:
                which = "any of " + " ".join(self.card(c).plain for c in cards)
            out[where[0]] = [(f"{where[0] + 1}-{where[-1] + 1}) ", "dim"), (f"{verb} <card> ({which})", "")]
            out.update({i: [] for i in where[1:]})
        return out

    # --- the commentary -----------------------------------------------------------------------

    def show_events(self, state: State) -> None:
        """Print what the seat at the screen may see of what happened since it last looked; at the end
        of a hand, pause on how it scored, before the next hand's deal is told (the pause used to
        come after "hand 2: seat 1 deals and turns 6♠", as if that were how hand 1 ended)."""
        seat = self.at_table
        events = state.events(seat)
        view = state.view(seat)
        new = events[self.shown_events[seat] :]
        self.shown_events[seat] = len(events)
        ends = [i for i, event in enumerate(new) if event.kind == "hand_end"]
        cut = ends[-1] + 1 if ends and not state.is_over else len(new)
        self.print_log(state, new[:cut], view)
        if ends and not state.is_over:
            # named as the table's row names it: after a Lansquenet deal "score:" stood under the panel's
            # "chips in all", one number by two names
            self.console.print(Text(f"{self.score_label(view)}: {self.score_line(view)}", style="bold"))
            # a game whose rounds are a few moves long (Lansquenet's deals) goes on without a pause, as
            # the web table shows no banner: its result is in the log just printed, and the score
            if not self.game.brief_rounds:
                self.pause(self.round_over_prompt(view), state=state)
            self.print_log(state, new[cut:], view)

    def round_over_prompt(self, view: View[Any]) -> str:
        """The pause at a round's end, said of what follows: in a match of one round that goes on, the
        cards are only dealt again (Apology's one deal under ``thrown_in=redealt`` after all four pass
        said "press Enter for the next deal", of a match that has none)."""
        if self.one_round(view):
            return "the cards are dealt again: press Enter> "
        word = view.round_word  # "press Enter for the next>" left the next what unsaid
        return f"the {word} is over: press Enter for the next {word}> "

    def print_log(self, state: State, events: Sequence[Any], view: View[Any]) -> None:
        for kind, text in self.log_lines(state, events, view):
            style = "bold" if kind in ("hand_end", "match_end") else ""
            line = self.bulleted(Text(text, style))
            self.console.print(line)
            self.log_tail = [*self.log_tail[1 - self.LOG_ROOM :], line]
            self.log_above = True

    def bulleted(self, text: Text) -> Text:
        """A log line after its bullet, a line it wraps onto going on under its first word: at the
        margin, "tarock XX" read as a line of its own under "· seat 1 turns up tarock XIX, ...". Lines
        joined by hand, a table's cell would pad each with spaces to its width."""
        out = Text("· ", style="dim")
        for i, line in enumerate(text.wrap(self.console, max(20, self.console.width - 2))):
            if i:
                out.append("\n  ")
            line.rstrip()
            out.append_text(line)
        return out

    def show_score(self, view: View[Any]) -> None:
        """The score, and the score sheet where the game keeps one (the compact table leaves it out)."""
        self.console.print(Text(f"{self.score_label(view)}: {self.score_line(view)}"))
        if view.score_sheet is not None and view.score_sheet.rows:
            self.console.print(self.sheet(view))

    def show_history(self, state: State, view: View[Any]) -> None:
        lines = self.log_lines(state, state.events(view.seat), view)
        if len(lines) > HISTORY:  # the earlier lines were left out without a word
            self.console.print(Text(f"(the last {HISTORY} of {len(lines)} lines)", style="dim"))
        for _, text in lines[-HISTORY:]:
            self.console.print(self.bulleted(Text(text)))

    RUN = re.compile(r"(?P<head>[^:]{1,40}): (?P<item>\S+)")
    """A log line naming one thing after a heading ("turned: Q♥"): a run of them is one line."""

    def log_lines(self, state: State, events: Sequence[Any], view: View[Any]) -> list[tuple[str, str]]:
        """The events' words (``State.event_words``: a game words an event whose frozen logged text
        reads badly) as the table writes them, each with its event's kind; a run of lines of one kind
        and heading is one line ("turned: Q♥ 5♠ K♥"): a Lansquenet deal printed twenty-odd
        "turned: ..." lines, which scrolled the rest of the deal off an 80x24 window."""
        out: list[tuple[str, str]] = []
        run_head: tuple[str, str] | None = None
        lines = [event for event in events if event.data.get("text")]
        for event, again in zip(lines, retold_lines(lines), strict=True):
            text = state.event_words(event)
            if not text or again:  # a count of the cards this seat was just shown: told once
                continue
            words = self.log_words(text, view)
            m = self.RUN.fullmatch(words)
            head = (event.kind, m.group("head")) if m else None
            if head is not None and head == run_head and m is not None:
                out[-1] = (event.kind, f"{out[-1][1]} {m.group('item')}")
                continue
            run_head = head
            out.append((event.kind, words))
        return out

    def show_end(self, state: State) -> None:
        view = state.view(self.at_table)
        outcome = view.outcome
        assert outcome is not None
        if outcome.draw:
            verdict = "The match is drawn"
        elif self.at_table in outcome.winners and len(self.humans) == 1:
            verdict = "[bold green]You win![/bold green]"
            mine = next((t for t in view.teams if self.at_table in t), ())
            others = [self.who(s, view) for s in outcome.winners if s not in mine]
            if others:  # Apology's win shared by three seats read "You win!" alone; then "You win!
                # (shared with seat 2 & seat 4) (the highest total ...)", two asides in a row
                verdict = f"[bold green]You share the win[/bold green] with {escape(listed(others))}"
        elif len(self.humans) == 1:
            # "You lose. (the highest total after 1 deal)" named nobody: the winners are named
            winners = escape(listed([self.who(s, view) for s in outcome.winners]))
            verdict = (
                f"[bold red]You lose[/bold red]: {winners} win{'s' if len(outcome.winners) == 1 else ''}"
            )
        else:
            verdict = "Won by " + escape(listed([seat_word(s) for s in outcome.winners]))
        if len(self.humans) == 1:
            reason = escape(self.name_seats(outcome.reason, view))
            score = escape(self.score_line(view))
        else:  # several people read it: "you" was whoever moved last ("seat 0 (partner) & you: 2")
            reason = escape(seats_from_one(outcome.reason))
            score = escape(
                "   ".join(
                    f"{' & '.join(seat_word(s) for s in team)}: {number(view.scores[team[0]])}"
                    for team in view.teams
                )
            )
        self.console.print(Panel(f"{verdict} ({reason})\nfinal score — {score}", expand=False))


def _same_file(a: Path, b: Path) -> bool:
    """Whether two paths name one file (``save`` with the name the match is kept under already)."""
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False
