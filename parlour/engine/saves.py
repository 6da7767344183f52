"""Checking saved data: every field's type and range, refused with the field's name.

Games describe the JSON of their ``_data()`` as a subclass of ``SaveDict`` (a ``TypedDict`` that
refuses unknown keys; bounds with ``Annotated[int, Field(ge=0, le=3)]``) and call
``checked(Schema, data, "state")`` at the top of ``_restore``. Pydantic does the checking in strict
JSON mode: ``"3"`` is not a number, ``3.0`` is not a whole number, ``null`` is not a list, and a
tuple is a JSON array of exactly its length.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, TypeVar

from pydantic import ConfigDict, Field, TypeAdapter, ValidationError, with_config
from typing_extensions import TypedDict

from parlour.engine.errors import InvalidSave

T = TypeVar("T")


@with_config(ConfigDict(extra="forbid"))
class SaveDict(TypedDict):
    """Base of every saved record: a JSON object with exactly the declared keys."""


Seat = Annotated[int, Field(ge=0, le=9)]
"""A seat number (games with fewer seats check the upper bound in ``check_invariants``)."""
Count = Annotated[int, Field(ge=0, le=1_000_000)]
"""A non-negative count: hands played, tricks, points of a kind."""
Points = Annotated[int, Field(ge=-1_000_000_000, le=1_000_000_000)]
"""Points or chips that may go negative; bounded so no arithmetic on them can blow up."""
Code = Annotated[str, Field(min_length=1, max_length=8)]
"""A card code (the pack check is the game's, in ``check_invariants``)."""
Word = Annotated[str, Field(min_length=0, max_length=64)]
"""A short word: a phase, a suit letter, a reason."""


_ADAPTERS: dict[Any, TypeAdapter[Any]] = {}


def _adapter(schema: Any) -> TypeAdapter[Any]:
    adapter = _ADAPTERS.get(schema)
    if adapter is None:
        adapter = _ADAPTERS[schema] = TypeAdapter(schema)
    return adapter


def checked(schema: type[T], data: object, where: str) -> T:
    """``data`` if it fits ``schema``, else ``InvalidSave`` naming the first field at fault.

    ``where`` is the field's own name in the save (``"state"``), so errors read ``state.hands.2.4``.
    """
    try:
        text = json.dumps(data, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise InvalidSave(f"{where}: not plain JSON data ({exc})") from None
    try:
        adapter: TypeAdapter[T] = _adapter(schema)
        return adapter.validate_json(text, strict=True)
    except ValidationError as exc:
        first = exc.errors()[0]
        path = ".".join([where, *(str(p) for p in first["loc"])])
        raise InvalidSave(f"{path}: {first['msg']}") from None
