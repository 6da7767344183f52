"""The games parlour ships, a package each; they are found through the ``parlour.games`` entry points."""
