"""When each seat's person last left the table, and no seat named by its default name.

``seats.left_at``: a kept seat's wait (``tables.Table.kept_until``) counts from its person's last leaving,
which only the process knew, so a restart made every such wait start again at the restart. Seats stored
before this have no time: their wait counts from the restart, as before.

``seats.named`` is cleared on a person's seat whose stored name is shown as the seat's default: the older
computer default "Computer 2" of seat 2 (shown "Seat 3", as ``tables.shown_name`` shows it), which 0002
took as named, and the defaults "Seat 3" and "seat 2" that ``create`` stored as named before it judged by
the shown name. Such a seat was kept for "Seat 3" from strangers and against the players while its page
named nobody; ``create`` now stores it as not named.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

MOST_SEATS = 10
"""The most seats a table has (``CreateIn.seats``): the default names are per seat number."""


def default_names(seat: int) -> list[str]:
    """The stored names a person's seat is shown by its default name ("Seat 3" for seat 2)."""
    return [f"Seat {seat + 1}", f"seat {seat}", f"Computer {seat}"]


def upgrade() -> None:
    op.add_column("seats", sa.Column("left_at", sa.DateTime(timezone=True), nullable=True))
    seats = sa.table(
        "seats",
        sa.column("seat", sa.Integer()),
        sa.column("kind", sa.String()),
        sa.column("name", sa.String()),
        sa.column("named", sa.Boolean()),
    )
    for seat in range(MOST_SEATS):
        op.execute(
            sa.update(seats)
            .where(seats.c.seat == seat, seats.c.kind == "human", seats.c.name.in_(default_names(seat)))
            .values(named=False)
        )


def downgrade() -> None:
    """The times go; the cleared ``named`` stays cleared (the page never showed those seats named)."""
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("left_at")
