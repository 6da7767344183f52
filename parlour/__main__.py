"""``python -m parlour``: the same as the ``parlour`` command (a Ctrl-C while it loads ends quietly too)."""

from parlour.launch import main

main()
