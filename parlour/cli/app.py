"""The typer application every command module adds to."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import typer
from rich.console import Console
from rich.text import Text
from typer.core import TyperArgument, TyperGroup, TyperOption

from parlour.cli.usage import ClickException, NoArgsIsHelpError, plain_error


def untyped_flags(params: Iterable[Any]) -> None:
    """Show no value type beside a flag: typer's help wrote ``--version <bool>``, as if it took a value."""
    for param in params:
        if isinstance(param, TyperOption) and param.is_flag and param.metavar is None:
            param.metavar = ""
        if isinstance(param, TyperArgument) and param.metavar is not None:
            param.__class__ = NamedArgument


class NamedArgument(TyperArgument):
    """An argument with a placeholder of its own (GAME): its help says what it takes, so no ``<str>``
    stands beside it, and the usage line says ``GAME``, not ``{GAME}``."""

    def display_type_rich(self, ctx: Any) -> str | None:
        return None

    def _usage_display_name(self) -> str:
        return str(self.metavar) if self.required else f"[{self.metavar}]"


def refuse(exc: Exception) -> typer.Exit:
    """Print a command line's mistake in parlour's plain words (as ``fail`` does), for exit code 2."""
    Console(stderr=True).print(Text(plain_error(exc), style="red"))
    return typer.Exit(2)


class ParlourGroup(TyperGroup):
    """The ``parlour`` group: its own options and every command's are shown without a flag's type, and
    a command line Typer refuses is told plainly, as parlour's own errors are."""

    def get_params(self, ctx: Any) -> list[Any]:
        params: list[Any] = super().get_params(ctx)
        untyped_flags(params)
        return params

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            untyped_flags(command.get_params(ctx))  # the help option included (it is made once)
        return command

    def make_context(self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any) -> Any:
        """Parlour's own options (``parlour --bogus``) are parsed here."""
        try:
            return super().make_context(info_name, args, parent, **extra)
        except NoArgsIsHelpError:  # a bare "parlour" shows the help
            raise
        except ClickException as exc:
            raise refuse(exc) from None

    def invoke(self, ctx: Any) -> Any:
        """The command is found, and its options and arguments parsed and checked, here."""
        try:
            return super().invoke(ctx)
        except NoArgsIsHelpError:
            raise
        except ClickException as exc:
            raise refuse(exc) from None


app = typer.Typer(
    name="parlour",
    help="Lost and rare card games, played by the letter of their old laws.",
    cls=ParlourGroup,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
