"""The typer application every command module adds to."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import typer
from typer.core import TyperGroup, TyperOption


def untyped_flags(params: Iterable[Any]) -> None:
    """Show no value type beside a flag: typer's help wrote ``--version <bool>``, as if it took a value."""
    for param in params:
        if isinstance(param, TyperOption) and param.is_flag and param.metavar is None:
            param.metavar = ""


class ParlourGroup(TyperGroup):
    """The ``parlour`` group: its own options and every command's are shown without a flag's type."""

    def get_params(self, ctx: Any) -> list[Any]:
        params: list[Any] = super().get_params(ctx)
        untyped_flags(params)
        return params

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            untyped_flags(command.get_params(ctx))  # the help option included (it is made once)
        return command


app = typer.Typer(
    name="parlour",
    help="Lost and rare card games, played by the letter of their old laws.",
    cls=ParlourGroup,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
