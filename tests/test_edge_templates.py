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


def one_reply_proof(core, player: int, i: int, anchor: int, carrier: int) -> bool:
    """The derivation's proof, on any board: every intrusion in the carrier has a reply in it
    after which H-search without templates (its claims checked in test_hsearch.py) proves the
    anchor joined to side ``i``, every cell outside the carrier the opponent's."""
    saved = et.TEMPLATES
    et.TEMPLATES = {}
    core.__dict__.pop("_edge_templates", None)
    try:
        nb, a = core.nbits, 1 << anchor
        outside = core.full & ~carrier & ~a

        def proved(mine, theirs):
            chains, nchain, vc, _ = hsearch(core, mine, theirs, player, 4000).tables
            g = next(k for k, c in enumerate(chains) if c & a)
            return bool(chains[g] & core.goals[player][i]) or bool(vc[g].get(nb + nchain + i))
        return all(any(proved(a | r, outside | c) for r in _bits(carrier & ~c)) for c in _bits(carrier))
    finally:
        et.TEMPLATES = saved
        core.__dict__.pop("_edge_templates", None)


def _boards():
    yield "hex 7", hex_core(7)
    yield "hex 8", hex_core(8)
    yield "y 9", pygame_core.new_game("y", seed=0, family="regular", size=9).bit_state()[0]


@pytest.mark.parametrize("name,core", list(_boards()), ids=lambda v: v if isinstance(v, str) else "")
def test_every_placement_holds(name, core):
    for player in (0, 1):
        places = et.placements(core, player)
        assert places, f"{name}: no template laid for player {player}"
        for i, anchor, carrier in places:
            assert not carrier >> anchor & 1 and carrier & ~core.full == 0
            assert one_reply_proof(core, player, i, anchor, carrier), (name, player, i, anchor)
        if name.startswith("y"):
            assert {i for i, _, _ in places} == {0, 1, 2}  # (all three sides; both players have them)
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


def test_placements_lie_along_each_side():
    core = hex_core(11)
    places = et.placements(core, 0)
    cells = et.TEMPLATES[4]
    width = max(dx for dx, _ in cells) - min(dx for dx, _ in cells) + 1
    # both sides, both mirror images, every anchor whose carrier fits on the board
    assert len(places) == 2 * 2 * (11 - width + 1)
    for i, anchor, _ in places:
        assert anchor // 12 == (3 if i == 0 else 7)
    assert {anchor % 12 for _, anchor, _ in et.placements(core, 1)} == {3, 7}
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
    core.__dict__.pop("_edge_templates", None)
    try:
        assert top_vcs() == []
    finally:
        core.__dict__.pop("_edge_templates", None)


def test_a_template_needs_its_carrier_empty():
    core = hex_core(11)
    i, anchor, carrier = et.placements(core, 0)[0]
    empty = core.full & ~(1 << anchor)
    assert list(et.template_vcs(core, 0, 1 << anchor, empty)).count((i, anchor, carrier)) == 1
    intruder = carrier & -carrier
    assert (i, anchor, carrier) not in list(et.template_vcs(core, 0, 1 << anchor, empty & ~intruder))
    assert (i, anchor, carrier) not in list(et.template_vcs(core, 0, 0, empty & ~(1 << anchor)))  # (theirs)
