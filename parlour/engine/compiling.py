"""``mypyc_attr`` for the classes of modules the optional compiled build compiles, without a dependency.

mypyc reads the decorator (``mypy_extensions.mypyc_attr``) while it compiles; at run time it does
nothing. The pure package must run without ``mypy_extensions`` installed, so the decorator is taken
from there when it is (it always is where mypyc is) and is otherwise one that hands the class back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:
    try:
        from mypy_extensions import mypyc_attr
    except ImportError:  # the pure package, with no compiler's tools installed

        def mypyc_attr(*attrs: Any, **kwattrs: Any) -> Any:
            return lambda cls: cls
