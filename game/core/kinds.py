"""An open set of named values, one family per use: pile kinds, action kinds, events...

An enum would close each family in the core, so the core would have to know every
game's words. A :class:`Kind` family is open: the core makes the kinds every game
shares, and each game makes its own in its folder (``game/games/<game>/kinds.py``).
A kind is made once per text and compared with ``is``; hashing is by identity, so
kinds are as cheap as enum members as dictionary keys. Each family keeps the kinds
made so far by their text, for parsing records (a game's kinds are made when its
module is imported, which the registry of games does).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, TypeVar, cast

K = TypeVar("K", bound="Kind")


class Kind:
    """A value of one family: its text (``value``, what records and phrase keys use) and
    a ``name`` for ``repr``. ``Family("text")`` makes the kind, or gives the one already
    made with that text; extra keyword traits (``seated=True``) are stored on it."""

    family: ClassVar[type[Kind]]
    _known: ClassVar[dict[str, Kind]]
    value: str
    name: str

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A direct subclass is a family with its own kinds; a subclass of a family is a
        namespace (a game's kinds next to the generic ones it inherits), not a family."""
        super().__init_subclass__(**kwargs)
        if Kind in cls.__bases__:
            cls.family = cls
            cls._known = {}

    def __new__(cls: type[K], value: str, name: str | None = None, **traits: Any) -> K:
        family = cls.family
        found = family._known.get(value)
        if found is not None:
            if any(getattr(found, k, None) != v for k, v in traits.items()):
                raise ValueError(f"{family.__name__} {value!r} is already made with other traits")
            return cast(K, found)  # the family holds only its own kinds
        if not value or not isinstance(value, str):
            raise ValueError(f"a {family.__name__} needs a text, not {value!r}")
        kind = object.__new__(family)
        kind.value = value
        kind.name = name or value.upper()
        for key, trait in traits.items():
            setattr(kind, key, trait)
        family._known[value] = kind
        return cast(K, kind)

    def __init__(self, value: str, name: str | None = None, **traits: Any) -> None:
        """Everything is done in ``__new__`` (a kind made again is the same kind)."""

    @classmethod
    def parse(cls: type[K], text: Any) -> K:
        """The kind of this family with this text; ValueError if none was made."""
        found = cls.family._known.get(text) if isinstance(text, str) else None
        if found is None:
            raise ValueError(f"{str(text)[:40]!r} is no {cls.family.__name__}")
        return cast(K, found)

    @classmethod
    def known(cls: type[K]) -> tuple[K, ...]:
        """Every kind of the family made so far (the generic ones and those of every game
        imported)."""
        return tuple(cast(K, kind) for kind in cls.family._known.values())

    def __repr__(self) -> str:
        return f"{self.family.__name__}.{self.name}"

    def __str__(self) -> str:
        return self.value

    def __reduce__(self) -> tuple[Callable[[str], Kind], tuple[str]]:
        return (self.family.parse, (self.value,))

    def __copy__(self) -> Kind:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Kind:
        return self
