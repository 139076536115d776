"""iwoki Maths placements through cached tables, for the agents and the search's playouts: the
same placements as :meth:`IwokiGame.placements <pygame_core.games.iwoki.rules.IwokiGame.placements>`
(other order, small tiles first), several times faster.  The tables are built on first use."""

from __future__ import annotations

from ...geometry import hexspiral
from .board import hex_order_score
from .pieces import HEX_ORDER_TILE, SMALL_FITS, SMALL_TILES, WILD, HexPlacement, SmallOrder, SmallPlacement

_SMALL_INDEX: dict = {t: i for i, t in enumerate(SMALL_TILES)}
_small_fits: dict | None = None  # requirement -> ((order, tile index), ...)
_HEX_FITS: dict = {}  # six vertex requirements -> ((order, tile id, score), ...)
_CONTACTS: dict = {}  # small gap -> its contacts (cache)


def small_fit_table() -> dict:
    """``SMALL_FITS`` with each order's tile type as an index into ``SMALL_TILES``."""
    global _small_fits
    if _small_fits is None:
        _small_fits = {k: tuple((o, _SMALL_INDEX[o.tile]) for o in v) for k, v in SMALL_FITS.items()}
    return _small_fits


def hex_fits(req: tuple) -> tuple:
    """Every hexagonal order valid against the six vertex requirements ``req`` (``None``:
    unassigned), with its tile id and score (cached per requirement pattern)."""
    entries = _HEX_FITS.get(req)
    if entries is None:
        out = []
        for order, tile in HEX_ORDER_TILE.items():
            score = hex_order_score(req, order)
            if score is not None:
                out.append((order, tile.id, score))
        entries = _HEX_FITS[req] = tuple(out)
    return entries


def fast_placements(state, p: int | None = None, smalls=None, hexes=None) -> list:
    """``(placement, score)`` for the valid placements of player ``p`` of ``state`` (see
    :meth:`IwokiGame.fast_placements <pygame_core.games.iwoki.rules.IwokiGame.fast_placements>`)."""
    if state.board.is_empty:
        return state.placements(p)
    return [(SmallPlacement(o, g) if o.__class__ is SmallOrder else HexPlacement(o, g), s)
            for o, g, s in raw_placements(state, p, smalls, hexes)]


def raw_placements(state, p: int | None = None, smalls=None, hexes=None) -> list:
    """:func:`fast_placements` as ``(order, gap, score)`` triples (after the opening)."""
    if p is None:
        p = state.current_player
    if smalls is None:
        smalls = state._small_candidates(p)
    if hexes is None:
        hexes = state.hex_hands[p]
    board = state.board
    out = []
    if smalls:
        index = _SMALL_INDEX
        held = {index[t] for t in smalls}
        fits = small_fit_table()
        contacts = _CONTACTS
        get = board.hexes.get
        for key in board.fittable_small:
            c = contacts.get(key)
            if c is None:
                c = contacts[key] = tuple((h, v - 1) for h, v in hexspiral.small_gap_contacts(key))
            req = []
            score = 0
            for h, i in c:
                order = get(h)
                value = None if order is None else order[i]
                if value == WILD:
                    value = None
                elif value is not None:
                    score += value
                req.append(value)
            for o, t in fits.get(tuple(req), ()):
                if t in held:
                    out.append((o, key, score))
    held = {t.id for t in hexes if t is not None}
    if held:
        dget = board.delivered.get
        fits_of = hex_fits
        for h in board.fittable_hex:
            req = (dget((h, 1)), dget((h, 2)), dget((h, 3)), dget((h, 4)), dget((h, 5)), dget((h, 6)))
            for o, t, s in fits_of(req):
                if t in held:
                    out.append((o, h, s))
    return out
