"""Precise error classes, so callers can tell a bad request from a bug."""

from __future__ import annotations


class ParlourError(Exception):
    """Base of every error parlour raises on purpose."""


class IllegalAction(ParlourError, ValueError):
    """An action that is malformed or not allowed now; the state is left unchanged."""

    def __init__(self, action: object, reason: str) -> None:
        self.action = action
        self.reason = reason
        super().__init__(f"illegal action {action!r}: {reason}")


class UnknownGame(ParlourError, ValueError):
    """A game name that is not registered."""


class InvalidOption(ParlourError, ValueError):
    """An unknown option, or a value the option does not allow."""


class InvalidDeal(ParlourError, ValueError):
    """An explicit deal that cannot be a position of the game."""


class InvalidSave(ParlourError, ValueError):
    """Text given to ``Game.load`` that is not a saved state of that game."""
