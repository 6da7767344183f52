"""The typer application every command module adds to."""

import typer

app = typer.Typer(
    name="parlour",
    help="Lost and rare card games, played by the letter of their old laws.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
