"""Codex Naturalis moves and their text: :class:`StarterMove` (``starter front``),
:class:`ObjectiveMove` (``objective 87``), :class:`PlayMove` (``play 43 front at (2,-2)``),
:class:`DrawMove` (``draw resource``, ``draw 12``) and ``pass``, read by :func:`parse_codex_move`."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...core import InvalidMoveError, clean_move_text, quote
from ...geometry.cornergrid import Point

# --------------------------------------------------------------------------- moves
@dataclass(frozen=True)
class StarterMove:
    card: int
    front: bool

    def __str__(self) -> str:
        return f"starter {self.card} {'front' if self.front else 'back'}"


@dataclass(frozen=True)
class ObjectiveMove:
    objective: int

    def __str__(self) -> str:
        return f"objective {self.objective}"


@dataclass(frozen=True)
class PlayMove:
    card: int
    front: bool
    at: Point

    def __str__(self) -> str:
        return f"play {self.card} {'front' if self.front else 'back'} at ({self.at[0]},{self.at[1]})"


@dataclass(frozen=True)
class DrawMove:
    source: str  # "resource-deck", "gold-deck" or a face-up card id as text

    def __str__(self) -> str:
        return f"draw {self.source}"


CODEX_PASS = "pass"

# read on a text cleaned by clean_move_text (at most 200 characters, single spaces) and
# lower-cased: each pattern is a fixed sequence of literal words and bounded numbers, so a match
# is linear in the (short) text
_MOVE_RE = {
    "starter": re.compile(r"starter ([0-9]{1,3}) (front|back)"),
    "objective": re.compile(r"objective ([0-9]{1,3})"),
    "play": re.compile(r"play ([0-9]{1,3}) (front|back) at \( ?(-?[0-9]{1,4}) ?, ?(-?[0-9]{1,4}) ?\)"),
    "draw": re.compile(r"draw (resource-deck|gold-deck|[0-9]{1,3})"),
}


def parse_codex_move(text: str):
    """The notation of spec section 9 (any case, extra spaces)."""
    t = clean_move_text(text).lower()  # a length cap first, white space folded to single spaces
    if t == "pass":
        return CODEX_PASS
    word = t.split(" ", 1)[0]
    rx = _MOVE_RE.get(word)
    m = rx.fullmatch(t) if rx else None
    if not m:
        raise InvalidMoveError(f"{quote(text.strip(), 32)} is not a Codex move: e.g. 'play 43 front at (2,-2)', "
                               "'draw 51', 'draw gold-deck', 'objective 97', 'starter 81 back' or 'pass'")
    if word == "starter":
        return StarterMove(int(m.group(1)), m.group(2) == "front")
    if word == "objective":
        return ObjectiveMove(int(m.group(1)))
    if word == "play":
        return PlayMove(int(m.group(1)), m.group(2) == "front", (int(m.group(3)), int(m.group(4))))
    source = m.group(1)
    return DrawMove(source if not source.isdigit() else str(int(source)))  # "draw 037" = "draw 37"


