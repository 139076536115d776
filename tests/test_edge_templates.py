"""Edge templates (``edge_templates.py``): every template, laid along every side of small Hex
boards and a Y triangle, joins its anchor to the side within its carrier with the opponent moving
first (each intrusion has a reply after which H-search, whose every claim test_hsearch.py checks
against an exhaustive solver, proves the rest; a fully exhaustive search of one 19-cell carrier
did not end in 10 minutes); the table is the derivation's; and the H-searches use them: a lone stone on
the fourth row is joined to its side, where without the template they find no such VC."""

from __future__ import annotations

import pytest

from pygame_core.games.connection import edge_templates as et
import pygame_core
from pygame_core.games.connection.bitboard import hex_core
from pygame_core.games.connection.bitboard_hsearch import hsearch
from pygame_core.games.connection.bitboard_hsearch_pairs import hsearch_pairs


def _bits(m: int):
    while m:
        low = m & -m
        m ^= low
        yield low


BUDGET = 4000


def one_reply_proof(core, player: int, i: int, anchor: int, carrier: int, helpers: int = 0) -> bool:
    """The derivation's proof, on any board: every intrusion in the carrier has a reply in it
    after which H-search without templates (its claims checked in test_hsearch.py) proves the
    anchor (with its helpers, the player's stones) joined to side ``i``, every cell outside the
    carrier the opponent's."""
    saved = et.TEMPLATES, et.HELPED
    et.TEMPLATES, et.HELPED = {}, ()
    core.__dict__.pop("_edge_templates", None)
    try:
        nb, a = core.nbits, 1 << anchor | helpers
        outside = core.full & ~carrier & ~a

        def proved(mine, theirs):
            chains, nchain, vc, _ = hsearch(core, mine, theirs, player, BUDGET).tables
            g = next(k for k, c in enumerate(chains) if c >> anchor & 1)  # (the anchor's chain)
            return bool(chains[g] & core.goals[player][i]) or bool(vc[g].get(nb + nchain + i))
        return all(any(proved(a | r, outside | c) for r in _bits(carrier & ~c)) for c in _bits(carrier))
    finally:
        et.TEMPLATES, et.HELPED = saved
        core.__dict__.pop("_edge_templates", None)


def exhaustive_hold(core, player: int, i: int, anchor: int, stones: int, carrier: int) -> bool:
    """Whether the stone ``anchor`` (a bit) is joined to side ``i``, ``stones`` the player's, with
    the opponent moving first in ``carrier`` (every other cell the opponent's), by playing every
    line (small carriers only)."""
    side = core.goals[player][i]
    from functools import lru_cache

    def joined(blue: int) -> bool:
        return bool(core.flood(anchor, anchor | stones | blue) & side)

    @lru_cache(maxsize=None)
    def holds(blue: int, free: int) -> bool:  # the opponent to move
        if joined(blue):
            return True
        if not joined(blue | free):
            return False
        for r in _bits(free):
            rest = free & ~r
            if not any(holds(blue | c, rest & ~c) for c in _bits(rest)):
                return False
        return True
    return holds(0, carrier)


def _boards():
    yield "hex 7", hex_core(7)
    yield "hex 8", hex_core(8)
    yield "y 9", pygame_core.new_game("y", seed=0, family="regular", size=9).bit_state()[0]


@pytest.mark.parametrize("name,core", list(_boards()), ids=lambda v: v if isinstance(v, str) else "")
def test_every_placement_holds(name, core):
    for player in (0, 1):
        places = et.placements(core, player)
        assert places, f"{name}: no template laid for player {player}"
        for i, anchor, carrier, helpers in places:
            assert not carrier >> anchor & 1 and carrier & ~core.full == 0 and not carrier & helpers
            if helpers:  # (H-search proves one of each helped template's mirror images: play it out;
                # the larger carriers' shapes in test_each_helped_shape_holds)
                if carrier.bit_count() <= 11:
                    a = 1 << anchor
                    assert exhaustive_hold(core, player, i, a, helpers, carrier), (name, player, i, anchor)
                continue
            assert one_reply_proof(core, player, i, anchor, carrier, helpers), (name, player, i, anchor)
        if name.startswith("y"):
            assert {p[0] for p in places} == {0, 1, 2}  # (all three sides; both players have them)
            break


def test_the_table_is_the_derivation():
    """``build_scripts/edge_templates.py`` finds the table's carrier, and no template of the
    third row (H-search derives the ziggurat itself)."""
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parents[1] / "build_scripts" / "edge_templates.py"
    spec = importlib.util.spec_from_file_location("derive_edge_templates", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.derive(4, 2) == et.TEMPLATES[4]
    assert mod.derive(4, 1) is None  # (a narrower region does not hold)
    assert len(mod.derive(3, 1)) == 8  # the ziggurat: not in the table, H-search derives it


@pytest.mark.parametrize("entry", range(len(et.HELPED)))
def test_each_helped_shape_holds(entry):
    """Each template with a helper, and its mirror image, joins its anchor to the side whatever the
    opponent does in its carrier (every line played out), and not without its helper."""
    depth, helpers, cells = et.HELPED[entry]
    core = hex_core(13)
    w = core.width

    def mask(offsets):
        return sum(1 << ((depth - 1 + dy) * w + 6 + dx) for dx, dy in offsets)
    anchor = 1 << ((depth - 1) * w + 6)
    for shape, helper in ((cells, helpers), (et.mirrored(cells), et.mirrored(helpers))):
        assert exhaustive_hold(core, 0, 0, anchor, mask(helper), mask(shape))
        assert not exhaustive_hold(core, 0, 0, anchor, 0, mask(shape))


def test_the_helped_templates_are_derived_and_needed():
    """Each template with a helper is one the derivation finds (for one of its orders), and
    H-search with the rest of the table does not already join its anchor within its carrier."""
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parents[1] / "build_scripts" / "edge_templates.py"
    spec = importlib.util.spec_from_file_location("derive_edge_templates", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert et.HELPED
    for entry in et.HELPED:
        depth, helpers, cells = entry
        assert cells in {mod.derive(depth, 1, helpers, order) for order in (0, 1, 2)}
        saved = et.HELPED
        et.HELPED = tuple(e for e in saved if e != entry)
        try:
            assert not mod.already(*entry)
        finally:
            et.HELPED = saved


def test_placements_lie_along_each_side():
    core = hex_core(11)
    places = et.placements(core, 0)
    cells = et.TEMPLATES[4]
    width = max(dx for dx, _ in cells) - min(dx for dx, _ in cells) + 1
    # both sides, both mirror images, every anchor whose carrier fits on the board
    plain = [p for p in places if not p[3]]
    assert len(plain) == 2 * 2 * (11 - width + 1)
    for i, anchor, _, _ in places:
        assert anchor // 12 == (3 if i == 0 else 7)
    assert {anchor % 12 for _, anchor, _, _ in et.placements(core, 1)} == {3, 7}
    radial = pygame_core.new_game("y", seed=0, family="radial", center_rows=2, outer_rows=2).bit_state()[0]
    assert et.placements(radial, 0) == ()


@pytest.mark.parametrize("search,budget", [(hsearch, 20000), (hsearch_pairs, 1000)])
def test_the_searches_join_a_fourth_row_stone(search, budget, monkeypatch):
    """The anchored search never derives the template; the pairs search does on an empty board,
    but after some 3,000 connections (here: not within 1,000), so it gets it first too."""
    core = hex_core(11)
    stone = 1 << (3 * 12 + 5)  # f4: fourth row from Blue's top side
    nb = core.nbits

    def top_vcs():
        chains, nchain, vc, _ = search(core, stone, 0, 0, budget).tables
        row = vc[0] if search is hsearch else vc.get(nb, {})
        return row.get(nb + nchain, [])
    found = top_vcs()
    assert found and min(c.bit_count() for c in found) == len(et.TEMPLATES[4])
    monkeypatch.setattr(et, "TEMPLATES", {})
    monkeypatch.setattr(et, "HELPED", ())
    core.__dict__.pop("_edge_templates", None)
    try:
        assert top_vcs() == []
    finally:
        core.__dict__.pop("_edge_templates", None)


def test_a_template_needs_its_carrier_empty():
    core = hex_core(11)
    i, anchor, carrier, _ = next(p for p in et.placements(core, 0) if not p[3])
    empty = core.full & ~(1 << anchor)
    assert list(et.template_vcs(core, 0, 1 << anchor, empty)).count((i, anchor, carrier)) == 1
    intruder = carrier & -carrier
    assert (i, anchor, carrier) not in list(et.template_vcs(core, 0, 1 << anchor, empty & ~intruder))
    assert (i, anchor, carrier) not in list(et.template_vcs(core, 0, 0, empty & ~(1 << anchor)))  # (theirs)


@pytest.mark.parametrize("search,budget", [(hsearch, 4000), (hsearch_pairs, 3000)])
def test_two_stones_on_the_fourth_row(search, budget, monkeypatch):
    """f4 and g4, side by side on the fourth row, are joined to the top through 10 cells (a
    ``HELPED`` template); with g4 alone a Blue stone, the point f4 is joined through the same
    cells (the template holds once f4 is played); without ``HELPED`` the searches find neither
    within their budgets, only the lone stones' larger templates."""
    core = hex_core(11)
    f4, g4 = 1 << (3 * 12 + 5), 1 << (3 * 12 + 6)
    nb = core.nbits
    helped = next(len(c) for _, h, c in et.HELPED if h == ((-1, 0),))  # (g4 is f4's (1, 0): mirrored)

    def smallest(stones, point):
        """The smallest carrier joining the chain (``point`` None) or the point to the top."""
        chains, nchain, vc, _ = search(core, stones, 0, 0, budget).tables
        if search is hsearch:  # (anchors: the chains, then the sides; points by bit position)
            found = vc[0].get(nb + nchain, []) if point is None else vc[nchain].get(point.bit_length() - 1, [])
        else:  # (points by bit position, chains from nb, the sides from nb + nchain)
            found = vc.get(nb if point is None else point.bit_length() - 1, {}).get(nb + nchain, [])
        return min((c.bit_count() for c in found), default=None)
    assert smallest(f4 | g4, None) == helped
    assert smallest(g4, f4) == helped
    monkeypatch.setattr(et, "HELPED", ())
    core.__dict__.pop("_edge_templates", None)
    try:
        assert smallest(f4 | g4, None) > helped
    finally:
        core.__dict__.pop("_edge_templates", None)
