"""The command line's own mistakes (a value Typer checks, an unknown option, a missing game) told in
parlour's plain words: Typer drew them in a framed box under its usage line, in words of its own
("Input should be a valid integer, unable to parse string as an integer"), where every error parlour
finds itself is one plain line."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import parlour
from parlour.engine.errors import echo

try:  # Typer now carries its own copy of Click, whose errors these are
    from typer._click import exceptions as click_errors
except ImportError:  # an older Typer, on Click itself
    from click import exceptions as click_errors  # type: ignore[no-redef]


class _Never(Exception):
    """No error is this one: a Click older than its ``NoArgsIsHelpError``."""


ClickException = click_errors.ClickException
NoArgsIsHelpError: type[Exception] = getattr(click_errors, "NoArgsIsHelpError", _Never)
"""A bare ``parlour``: its help is shown (as an error whose message is the help), not refused."""


F = TypeVar("F", bound=Callable[..., Any])


def for_games(*names: str) -> Callable[[F], F]:
    """Mark a command that is for some games only (``odds``): a missing GAME names those alone."""

    def mark(command: F) -> F:
        command.__dict__["games"] = names
        return command

    return mark


def command_words(ctx: Any) -> str:
    """The command as the user would type it again: "parlour simulate" (never "python -m parlour")."""
    names: list[str] = []
    while ctx is not None and ctx.parent is not None:
        names.append(str(ctx.info_name))
        ctx = ctx.parent
    return " ".join(["parlour", *reversed(names)])


def game_names() -> list[str]:
    """The installed games, as the GAME argument takes them."""
    return [info.name for info in parlour.list_games()]


def plain_error(exc: Exception) -> str:
    """One line that says what is wrong with the command line, as parlour's own errors do."""
    ctx = getattr(exc, "ctx", None)
    command = command_words(ctx)
    message = str(getattr(exc, "message", exc))
    if isinstance(exc, click_errors.NoSuchOption):
        return _no_such_option(ctx, command, exc.option_name)
    if isinstance(exc, click_errors.MissingParameter):
        return _missing(ctx, command, exc.param)
    if isinstance(exc, click_errors.BadParameter):
        return _bad_value(exc, message)
    if isinstance(exc, click_errors.BadOptionUsage):
        option = exc.option_name
        if "requires" in message:  # "Option '-n' requires an argument."
            return f"{option} needs a value"
        if "does not take a value" in message:
            return f"{option} takes no value: it is a flag, given alone to turn it on"
        return f"{option}: {_lower(message)}"
    unknown = re.match(r"No such command (['\"])(.*?)\1", message)
    if unknown:
        return _no_such_command(ctx, unknown.group(2))
    extra = re.match(r"Got unexpected extra arguments?(?:\(s\))? \((.*)\)", message)
    if extra:
        return _left_over(ctx, command, extra.group(1))
    if isinstance(exc, ClickException):
        return f"{command}: {_lower(exc.format_message())}"
    return message


def _lower(text: str) -> str:
    """A sentence of Click's as the rest of a line: "Missing command." is "missing command"."""
    text = text.strip().rstrip(".")
    return text[:1].lower() + text[1:]


def _long_name(param: Any) -> str:
    """How a parameter is named in a message: its first long option, or its placeholder (GAME)."""
    opts: Sequence[str] = getattr(param, "opts", ()) or ()
    if getattr(param, "param_type_name", "") == "argument":
        return str(getattr(param, "metavar", None) or str(param.name).upper())
    return next((o for o in opts if o.startswith("--")), opts[0] if opts else str(param.name))


def _no_such_option(ctx: Any, command: str, option: str) -> str:
    known = [o for p in (ctx.command.get_params(ctx) if ctx is not None else []) for o in p.opts]
    long_known = [o for o in known if o.startswith("--")]
    close = difflib.get_close_matches(option.lstrip("-"), [o.lstrip("-") for o in long_known], n=1)
    said = f"{command} has no option {option}"
    if option.lstrip("-") in ("h", "help", "?"):  # a habit of other programs
        return f"{said}: its help is {command} --help"
    if close:
        said += f": did you mean --{close[0]}?"
    if ctx is not None and ctx.parent is None:  # "parlour --seed 3 play roquet"
        return f"{said} (a command's options follow its name: parlour COMMAND --help lists them)"
    return f"{said} ({command} --help lists them)"


def _missing(ctx: Any, command: str, param: Any) -> str:
    if param is not None and param.name == "game":
        # a command for some games only names those (parlour odds: lansquenet)
        games = getattr(getattr(ctx, "command", None), "callback", None)
        names = list(getattr(games, "games", None) or game_names())
        example = f" ({command} {names[0]})" if len(names) == 1 else ""
        return f"{command} needs a game: {one_of(names)}{example}"
    what = _long_name(param) if param is not None else "more"
    return f"{command} needs {what} ({command} --help)"


def one_of(names: Sequence[str]) -> str:
    """Names as a sentence lists them: "a, b or c"."""
    return ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else "".join(names)


def _number(value: object) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _bounds(param: Any) -> tuple[Any, Any]:
    """A number option's least and greatest values, wherever this Typer keeps them."""
    info = getattr(getattr(param, "type_descriptor", None), "parameter_info", None)
    source = info if info is not None else getattr(param, "type", None)
    return getattr(source, "min", None), getattr(source, "max", None)


def _choices(param: Any) -> list[str]:
    """The values an option of fixed choices takes, wherever this Typer keeps them."""
    found = getattr(getattr(param, "type_descriptor", None), "choices", None)
    found = found if found is not None else getattr(getattr(param, "type", None), "choices", None)
    return [str(getattr(c, "value", c)) for c in found or ()]


def _bad_value(exc: Any, message: str) -> str:
    """A value Typer refused: said with the option's name, what it takes, and what was given."""
    param = exc.param
    name = _long_name(param) if param is not None else "a value"
    error: dict[str, Any] = {}
    cause = exc.__cause__
    if callable(getattr(cause, "errors", None)):  # Pydantic's account: the kind of error and its input
        found = cause.errors()
        error = found[0] if found else {}
    kind = str(error.get("type", ""))
    given = error.get("input")
    if kind.startswith("int_") and isinstance(given, str):
        return f"{name} takes a whole number, not {echo(given)}"
    if kind.startswith("float_") and isinstance(given, str):
        return f"{name} takes a number, not {echo(given)}"
    if kind in {"greater_than_equal", "less_than_equal", "greater_than", "less_than"}:
        low, high = _bounds(param)
        if low is not None and high is not None:
            return f"{name} must be {_number(low)} to {_number(high)}, not {_number(given)}"
        if low is not None:
            return f"{name} must be at least {_number(low)}, not {_number(given)}"
        if high is not None:
            return f"{name} must be at most {_number(high)}, not {_number(given)}"
    choices = _choices(param)
    if choices and given is not None:  # a Literal or Enum option
        return f"{name} is {one_of(choices)}, not {echo(given)}"
    return f"{name}: {_lower(message)}"


def _no_such_command(ctx: Any, name: str) -> str:
    if name.lower() in ("help", "h", "?"):
        return f"parlour has no command {echo(name)}: its help is parlour --help (and parlour COMMAND --help)"
    if name in game_names():  # "parlour roquet": the game named where the command goes
        return f"parlour has no command {echo(name)}: to play it, parlour play {name}"
    commands = list(ctx.command.list_commands(ctx)) if ctx is not None else []
    close = difflib.get_close_matches(name, commands, n=1)
    hint = f": did you mean {close[0]}?" if close else ""
    return f"parlour has no command {echo(name)}{hint} (parlour --help lists them)"


def _left_over(ctx: Any, command: str, words: str) -> str:
    first = words.split()[0] if words.split() else words
    if "=" in first and any("-o" in p.opts for p in ctx.command.get_params(ctx)):
        # "parlour play roquet laws=table": an option without its -o
        return f"{command}: {echo(words)} is left over; a game option is given as -o {first}"
    arguments = [
        _long_name(p) for p in ctx.command.get_params(ctx) if getattr(p, "param_type_name", "") == "argument"
    ]
    named = " and ".join("a game" if a == "GAME" else a for a in arguments)
    takes = f"{named} and options" if arguments else "options only"
    return f"{command} takes {takes}: {echo(words)} is left over ({command} --help)"
