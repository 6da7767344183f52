"""Who made each table, and which seats its creator named: a seat kept for a named friend is the
creator's to hand to a computer player at once, anyone else's only after a wait (``tables.kept_until``).

Tables made before this are given no creator (only the wait applies to them), and a person's seat of
theirs that bears a name other than its default ("Seat 2", or the older "seat 1") is taken as named.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

MOST_SEATS = 10
"""The most seats a table has (``CreateIn.seats``): the default names are per seat number."""


def upgrade() -> None:
    op.add_column("tables", sa.Column("creator", sa.Integer(), nullable=True))
    op.add_column("seats", sa.Column("named", sa.Boolean(), nullable=False, server_default=sa.false()))
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
            .where(
                seats.c.seat == seat,
                seats.c.kind == "human",
                seats.c.name.not_in([f"Seat {seat + 1}", f"seat {seat}"]),
            )
            .values(named=True)
        )


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("named")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("creator")
