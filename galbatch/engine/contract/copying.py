"""Shallow copies of a ruleset's state objects, for the copies a turn makes of its state.

`copy.copy` goes through the pickling protocol for every object; a turn of a large game
copies tens of thousands of ships and planets, which that makes three times as slow.
"""

from __future__ import annotations

import copy
from typing import Any, TypeVar

T = TypeVar("T")
_PICKLING = ("__reduce_ex__", "__reduce__")  # a class that defines its own is left to copy
_PLAIN: dict[type[Any], bool] = {}  # by class: `_plain`'s answer


def shallow(obj: T) -> T:
    """What `copy.copy(obj)` gives for an object of plain attributes (its own class,
    the same attribute values); other objects are left to `copy.copy`."""
    cls: type[Any] = type(obj)
    plain = _PLAIN.get(cls)
    if plain is None:
        plain = _PLAIN[cls] = _plain(cls)
    if not plain:
        return copy.copy(obj)
    new: T = object.__new__(cls)
    new.__dict__.update(obj.__dict__)
    return new


def _plain(cls: type[Any]) -> bool:
    """True if `copy.copy` copies instances of `cls` as their attribute dictionary."""
    return (
        "__dict__" in dir(cls)
        and "__slots__" not in dir(cls)
        and getattr(cls, "__copy__", None) is None
        and all(getattr(cls, name) is getattr(object, name) for name in _PICKLING)
        and getattr(cls, "__getstate__", object.__getstate__) is object.__getstate__
        and getattr(cls, "__setstate__", None) is None
    )
