"""Alembic migrations of the web table's database (run by ``parlour.web.store.migrate``)."""
