"""Hex game files: SGF (``GM[11]``) and HexWorld board links, in both directions.

API (all pure functions, standard library only)::

    to_sgf(game_or_record) -> str          # "(;FF[4]GM[11]...SZ[11];B[f6];W[swap-pieces];B[e7])"
    from_sgf(text) -> dict                 # a Boardwright record, ready for pygame_core.replay
                                           # (variations: its "tree"; to_sgf writes them back)
    to_hexworld(game_or_record) -> str     # "11c1,f6:se7"  (prefix e.g. HEXWORLD_BOARD)
    from_hexworld(text) -> dict            # fragment, "#fragment" or a whole URL
    detect_format(text) -> "sgf" | "hexworld" | None

``game_or_record`` is a :class:`~pygame_core.games.hex.HexGame` or a record (dict, or its JSON
text) of a Hex game.  The importers validate everything and raise
:class:`pygame_core.core.InvalidRecordError` with a specific message for any bad input; they
never raise anything else for a ``str``.  The record they return has been replayed through
:func:`pygame_core.core.replay` (``seed`` is 0: Hex has no chance).

Conventions found, and how they map to Boardwright
---------------------------------------------------

*Our Hex*: Blue moves first and joins the top and bottom rows (``y = 0`` and ``y = n-1``);
Red joins columns ``a`` and the last one.  Cell ``a1`` is ``(x=0, y=0)``, the letter is the
column ``x`` and the number the row ``y + 1``.  ``swap`` replaces Blue's stone at ``(x, y)``
by a Red stone at ``(y, x)`` and Blue moves next ("swap pieces").

SGF (its conventions and sources, how they map to ours, variations): :mod:`pygame_core.games.hex.sgf`
(its syntax: :mod:`~pygame_core.games.hex.sgf_parse`);
HexWorld links: :mod:`pygame_core.games.hex.hexworld`; what both share (cells, sizes, the
conversion of a file's moves): :mod:`pygame_core.games.hex.notation`.  This module registers both
formats with the engine (:func:`pygame_core.core.register_format`) and tells which one a text is
(:func:`detect_format`).

Hostile input: both readers are single left-to-right passes, linear in their input, with no
backtracking pattern over untrusted text, and refuse up front (with a clear message) what no
Hex game needs: an SGF text over :data:`MAX_SGF_CHARS` characters, more than
:data:`MAX_SGF_NODES` nodes (:data:`MAX_SGF_MAIN_LINE` on a line), a property value over
:data:`MAX_SGF_VALUE` characters, a HexWorld link over :data:`MAX_HEXWORLD_CHARS` characters,
and more moves than :meth:`HexGame.max_moves` allows.  Messages quote at most a few dozen
characters of the input.
"""

from __future__ import annotations

import re

from ...core import RecordFormat, register_format
from .hexworld import MAX_HEXWORLD_CHARS, from_hexworld, to_hexworld
from .sgf import MAX_SGF_CHARS, MAX_SGF_MAIN_LINE, MAX_SGF_NODES, MAX_SGF_VALUE, from_sgf, to_sgf
from .sgf_parse import SPACE_RUN

__all__ = ["to_sgf", "from_sgf", "to_hexworld", "from_hexworld", "detect_format", "MAX_SGF_CHARS",
           "MAX_SGF_NODES", "MAX_SGF_MAIN_LINE", "MAX_SGF_VALUE", "MAX_HEXWORLD_CHARS"]


# --------------------------------------------------------------------------- sniffing
_SNIFF_SGF = re.compile(r"\ufeff?\s*\(\s*;")
_SNIFF_HW = re.compile(r"#?[0-9]{1,3}(x[0-9]{1,3})?([a-z][0-9]{0,3})*(,[a-zA-Z0-9:]*){0,2},?")


def detect_format(text) -> str | None:
    """``"sgf"``, ``"hexworld"`` or ``None``: a cheap look at the text, no validation."""
    if not isinstance(text, str):
        return None
    start = SPACE_RUN.match(text, 1 if text.startswith("\ufeff") else 0).end()  # linear, no backtracking
    head = text[start:start + 4096]
    if head.startswith("(") and _SNIFF_SGF.match(head):
        return "sgf"
    s = head.strip()
    if "hexworld.org" in s.lower():
        return "hexworld"
    if "#" in s and re.match(r"(?i)https?://", s):
        s = s.split("#", 1)[1]
    if len(text) - start <= 4096 and _SNIFF_HW.fullmatch(s.strip()) and ("," in s or "c" in s or s.startswith("#")):
        return "hexworld"
    return None


# --------------------------------------------------------------------------- registration
HEXWORLD_BOARD = "https://hexworld.org/board/#"  # a link for people to open; never fetched here

SGF = register_format(RecordFormat(
    name="sgf", game_id="hex", label="SGF", description="an SGF file of Hex", extension=".sgf",
    mime="application/x-go-sgf", export=to_sgf, parse=from_sgf,
    detect=lambda text: detect_format(text) == "sgf"))
HEXWORLD = register_format(RecordFormat(
    name="hexworld", game_id="hex", label="HexWorld link", description="a HexWorld link",
    extension=".txt", mime="text/plain", export=lambda record: HEXWORLD_BOARD + to_hexworld(record),
    parse=from_hexworld, detect=lambda text: detect_format(text) == "hexworld", link=True,
    note="Open it in HexWorld's board editor to analyse the game there."))
