"""`@frozen`: a frozen dataclass for an order (or another record a check imports and
seldom builds), made one when first used.

speed: `dataclass` compiles six methods a class when its module is imported, about
1 ms a class. A cold `galbatch check` imports every order class of its game (8 to 42)
and builds a handful: Galac-Tac's 42 took a third of a check. A `@frozen` class becomes
the same frozen dataclass at its first instance, or as soon as anything asks it for
what only `dataclass` gives (`fields`, `is_dataclass`, `__match_args__`, ...).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar, dataclass_transform, overload

T = TypeVar("T")

_UNMADE = "__dataclass_options"  # in the class's own namespace until it is made
_OWN = frozenset({"__dict__", "__weakref__"})  # descriptors the class makes itself


class _Unmade(type):
    """The class of a `@frozen` class: makes it a dataclass when it is asked for an
    attribute it lacks, as `dataclass` would have given it one."""

    def __getattr__(cls, name: str) -> Any:
        if not name.startswith("__") or _UNMADE not in cls.__dict__:
            raise AttributeError(name)
        _make(cls)
        return getattr(cls, name)


def _make(cls: Any) -> None:
    """Turn `cls` into the frozen dataclass it was declared to be."""
    options = cls.__dict__[_UNMADE]
    delattr(cls, _UNMADE)
    dataclass(frozen=True, **options)(cls)


def _new(cls: Any, *args: Any, **kwargs: Any) -> Any:
    """The first instance of a `@frozen` class makes it a dataclass. This stays the class's
    `__new__`: once a class has had its own, CPython calls one with the arguments."""
    if _UNMADE in cls.__dict__:
        _make(cls)
    return object.__new__(cls)


def _uses_super(body: dict[str, Any]) -> bool:
    """Whether a method of the class body calls `super()`, which would see the class as
    declared, not the one `@frozen` makes from its body."""
    return any(
        "__class__" in getattr(v, "__code__", _make.__code__).co_freevars for v in body.values()
    )


@overload
def frozen(cls: type[T], /) -> type[T]: ...
@overload
def frozen(*, order: bool = False) -> Callable[[type[T]], type[T]]: ...
@dataclass_transform(frozen_default=True)
def frozen(cls: type[T] | None = None, /, *, order: bool = False) -> Any:
    """`@dataclass(frozen=True)`, done when the class is first used; `@frozen(order=True)`
    orders instances field by field, as `dataclass(order=True)` does."""

    def declare(cls: type[Any]) -> Any:
        body = {k: v for k, v in cls.__dict__.items() if k not in _OWN}
        if _uses_super(body):
            raise TypeError(f"@frozen {cls.__name__}: its class is made anew; no super() in it")
        body[_UNMADE] = {"order": order}
        body["__new__"] = _new
        return _Unmade(cls.__name__, cls.__bases__, body)

    return declare if cls is None else declare(cls)
