"""Precise error classes, so callers can tell a bad request from a bug."""

from __future__ import annotations

ECHO_LIMIT = 60
"""At most this many characters of a caller's input are repeated back in an error message."""


def echo(value: object, limit: int = ECHO_LIMIT) -> str:
    """``repr(value)`` cut to ``limit`` characters, so a huge input never makes a huge message."""
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not break the error that reports it
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


class ParlourError(Exception):
    """Base of every error parlour raises on purpose."""


class IllegalAction(ParlourError, ValueError):
    """An action that is malformed or not allowed now; the state is left unchanged."""

    def __init__(self, action: object, reason: str) -> None:
        self.action = action
        self.reason = reason
        super().__init__(f"illegal action {echo(action)}: {reason}")


class MalformedAction(IllegalAction):
    """Text that is no action of the game at all: an unknown word, a card that does not exist, a bad
    amount."""


class ForbiddenAction(IllegalAction):
    """A well-formed action that the rules do not allow now (not your turn, must follow suit, ...)."""


class OutsideActionSpace(ParlourError, ValueError):
    """A legal action of a state that has no id in its game's fixed action space: an explicit deal that
    puts more at stake than the game's options allow (the space is built from the options), or a game
    whose enumeration of its actions misses one."""


class UnknownGame(ParlourError, ValueError):
    """A game name that is not registered."""


class InvalidOption(ParlourError, ValueError):
    """An unknown option, or a value the option does not allow."""


class InvalidDeal(ParlourError, ValueError):
    """An explicit deal that cannot be a position of the game."""


class InvalidState(ParlourError, ValueError):
    """A state that breaks the game's own invariants (no legal play could have reached it).

    Raised by ``State.check_invariants``; the message starts with the field at fault.
    """


class InvalidSave(ParlourError, ValueError):
    """Text given to ``Game.load`` that is not a saved state of that game.

    The message names the field at fault (``state.hands.2``, ``rng``, ``log.17.data``).
    """
