"""The engine's bit-parallel two-distance (``games/connection/twodist.py``) against the definition
computed one cell at a time, on random positions of Hex 2-11 (stones, chains on the sides,
narrow walls), and its classes against the sums they stand for."""

from __future__ import annotations

import random

import pytest

from pygame_core.games.connection import twodist
from pygame_core.games.connection.bitboard import hex_core


def _bits(m):
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def oracle(core, own, opp, side):
    """The definition, one cell at a time: bit position -> two-distance."""
    empty = core.full & ~(own | opp)
    nm = core.nmask
    chains, seen = [], 0
    for s in _bits(own):
        if not seen >> s & 1:
            g = core.flood(1 << s, own)
            seen |= g
            chains.append((g, core.around(g) & empty, bool(g & side)))
    neigh, touch = {}, side & empty
    for c in _bits(empty):
        n = nm[c] & empty
        for g, around, at_side in chains:
            if nm[c] & g:
                n |= around
                if at_side:
                    touch |= 1 << c
        neigh[c] = n & ~(1 << c)
    out = dict.fromkeys(_bits(touch), 1)
    known, level = touch, 1
    unknown = empty & ~known
    while unknown:
        new = 0
        for c in _bits(unknown):
            if (neigh[c] & known).bit_count() >= 2:
                new |= 1 << c
        if not new:
            break
        level += 1
        out.update(dict.fromkeys(_bits(new), level))
        known |= new
        unknown &= ~new
    return out


def positions(count=300, seed=1):
    rnd = random.Random(seed)
    for _ in range(count):
        size = rnd.randint(2, 11)
        core, w = hex_core(size), size + 1
        cells = [y * w + x for y in range(size) for x in range(size)]
        rnd.shuffle(cells)
        n = rnd.randint(0, len(cells) * 3 // 4)
        s = [0, 0]
        for i, p in enumerate(cells[:n]):
            s[(i + rnd.randint(0, 1)) % 2 if rnd.random() < 0.3 else i % 2] |= 1 << p
        yield core, s[0], s[1]


def test_levels_equal_the_definition_cell_by_cell():
    checked = 0
    for core, s0, s1 in positions():
        for player, (own, opp) in enumerate(((s0, s1), (s1, s0))):
            for side in core.goals[player]:
                want = oracle(core, own, opp, side)
                got = {}
                for d, m in enumerate(twodist.levels(core, own, opp, side), 1):
                    for p in _bits(m):
                        assert p not in got
                        got[p] = d
                assert got == want
                checked += len(want)
    assert checked > 10000


def test_classes_are_the_sums_minus_the_potential():
    for core, s0, s1 in positions(150, seed=2):
        empty = core.full & ~(s0 | s1)
        for player, (own, opp) in enumerate(((s0, s1), (s1, s0))):
            a = oracle(core, own, opp, core.goals[player][0])
            b = oracle(core, own, opp, core.goals[player][1])
            total = {c: a.get(c, twodist.FAR) + b.get(c, twodist.FAR) for c in _bits(empty)}
            masks = twodist.classes(core, own, opp, player)
            assert sum(m.bit_count() for m in masks) == empty.bit_count()
            assert masks[0] | masks[1] | masks[2] | masks[3] == empty
            if total:
                pot = min(total.values())
                for c, t in total.items():
                    k = min(twodist.K - 1, t - pot)
                    assert masks[k] >> c & 1, (c, t, pot)


@pytest.mark.parametrize("size", [3, 7, 11])
def test_cell_classes_read_the_same_for_both_players_on_the_swapped_board(size):
    # Red's sides are Blue's transposed: the position transposed with colours exchanged gives
    # every cell (transposed) the same pair of classes
    w = size + 1
    core = hex_core(size)
    rnd = random.Random(size)
    for _ in range(20):
        s = [0, 0]
        for y in range(size):
            for x in range(size):
                v = rnd.choice((-1, -1, 0, 1))
                if v >= 0:
                    s[v] |= 1 << (y * w + x)
        t = [0, 0]
        for v in (0, 1):
            for p in _bits(s[v]):
                t[1 - v] |= 1 << ((p % w) * w + p // w)
        for me in (0, 1):
            a = twodist.cell_classes(core, s[me], s[1 - me], me)
            b = twodist.cell_classes(core, t[1 - me], t[me], 1 - me)
            assert {(p % w) * w + p // w: v for p, v in a.items()} == b
