"""``python -m parlour``: the same as the ``parlour`` command."""

from parlour.cli import main

main()
