"""A game's options: :class:`Option` (one entry of a game's schema) and :func:`validate_options`.

Part of the protocol's bottom layer: it imports only :mod:`pygame_core.errors`;
:mod:`pygame_core.core` re-exports both names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from .errors import InvalidOptionError, quote


@dataclass(frozen=True)
class Option:
    """One entry of a game's option schema.

    ``type`` is ``"int"``, ``"bool"`` or ``"choice"``; the UI builds its settings form from
    :meth:`to_json`.  Names are Python identifiers (snake_case).
    """

    name: str
    type: str
    default: Any
    title: str = ""
    help: str = ""
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple = ()
    nullable: bool = False  # ``None`` is also accepted (e.g. Triominos ``target``: a single round)
    null_label: str = ""  # what ``None`` means, for people ("Single round")

    def validate(self, value: Any) -> Any:
        if value is None and self.nullable:
            return None
        if self.type == "bool":
            if isinstance(value, bool):
                return value
            raise InvalidOptionError(f"option {self.name!r} must be true or false, not {quote(value)}")
        if self.type == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidOptionError(f"option {self.name!r} must be a whole number, not {quote(value)}")
            if self.minimum is not None and value < self.minimum:
                raise InvalidOptionError(
                    f"option {self.name!r} must be at least {self.minimum}, not {quote(value)}")
            if self.maximum is not None and value > self.maximum:
                raise InvalidOptionError(
                    f"option {self.name!r} must be at most {self.maximum}, not {quote(value)}")
            return value
        if self.type == "choice":
            if value in self.choices and isinstance(value, type(self.default)):
                return value
            allowed = ", ".join(repr(c) for c in self.choices)
            raise InvalidOptionError(f"option {self.name!r} must be one of {allowed}, not {quote(value)}")
        raise InvalidOptionError(f"option {self.name!r} has an unknown type {self.type!r}")

    def parse_text(self, text: str) -> Any:
        """Convert command-line text to a value of this option (then validated)."""
        t = text.strip()
        if self.nullable and t.lower().replace("_", "-") in (
                "", "none", "null", self.null_label.lower().replace(" ", "-")):
            return None
        if self.type == "bool":
            low = t.lower()
            if low in ("1", "true", "yes", "on"):
                return True
            if low in ("0", "false", "no", "off"):
                return False
            raise InvalidOptionError(f"option {self.name!r} must be on or off, not {quote(text)}")
        if self.type == "int":
            try:
                return self.validate(int(t))
            except ValueError as exc:
                if isinstance(exc, InvalidOptionError):
                    raise
                raise InvalidOptionError(f"option {self.name!r} must be a whole number, not {quote(text)}")
        for c in self.choices:
            if str(c).lower() == t.lower():
                return c
        return self.validate(t)

    def to_json(self) -> dict:
        d = {"name": self.name, "type": self.type, "default": self.default,
             "title": self.title or self.name.replace("_", " ").capitalize(), "help": self.help}
        if self.minimum is not None:
            d["min"] = self.minimum
        if self.maximum is not None:
            d["max"] = self.maximum
        if self.choices:
            d["choices"] = list(self.choices)
        if self.nullable:
            d["nullable"] = True
            d["null_label"] = self.null_label or "none"
        return d


def validate_options(schema: Iterable[Option], given: dict | None) -> dict:
    """Fill defaults and validate every given option; unknown names are errors."""
    schema = list(schema)
    given = dict(given or {})
    if not isinstance(given, dict):
        raise InvalidOptionError("options must be a mapping of names to values")
    known = {o.name: o for o in schema}
    unknown = sorted(str(k) for k in given if k not in known)
    if unknown:
        names = ", ".join(known) or "none"
        shown = ", ".join(quote(str(u), 24) for u in unknown[:3]) + (f" and {len(unknown) - 3:,} more" if len(unknown) > 3 else "")
        raise InvalidOptionError(f"unknown option(s) {shown}; this game takes: {names}")
    return {o.name: o.validate(given[o.name]) if o.name in given else o.default for o in schema}
