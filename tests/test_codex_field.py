"""Codex Naturalis: the card data file and the seed's GameField (rules spec sections 2, 3, 5, 6).

The game itself (decks, turns, hidden hands) is tested separately once it exists; these tests
cover the board model: placement legality, symbol counters, gold points and objective counting.
"""

import itertools
import random
from collections import Counter

import pytest

from pygame_core import IllegalMoveError
from pygame_core.games.codex import (EMPTY, HIDDEN, KINGDOMS, SYMBOLS, GameField, Objective,
                                     load_cards)
from pygame_core.geometry.cornergrid import (CORNER_OFFSETS, CORNERS, card_cells_of, corner_cell,
                                             diagonal, is_card_cell)

CARDS, OBJECTIVES = load_cards()


# --------------------------------------------------------------------------- data
def test_card_counts_types_and_ids():
    by_type = Counter(c.type for c in CARDS.values())
    assert by_type == {"resource": 40, "gold": 40, "starter": 6}
    assert len(OBJECTIVES) == 16
    assert sorted(CARDS) == list(range(1, 87)) and sorted(OBJECTIVES) == list(range(87, 103))
    for t in ("resource", "gold"):
        per = Counter(c.kingdom for c in CARDS.values() if c.type == t)
        assert per == {k: 10 for k in KINGDOMS}
        ids = sorted(c.id for c in CARDS.values() if c.type == t)
        assert ids == list(range(ids[0], ids[0] + 40))


def test_decoded_examples_of_the_spec():
    c1 = CARDS[1]
    assert (c1.type, c1.kingdom) == ("resource", "fungi")
    assert c1.front.corners == {"UL": "fungi", "UR": EMPTY, "DL": "fungi", "DR": HIDDEN}
    assert c1.front.points == {"kind": "fixed", "value": 0}
    c41 = CARDS[41]
    assert c41.front.corners == {"UL": HIDDEN, "UR": EMPTY, "DL": EMPTY, "DR": "quill"}
    assert c41.front.points == {"kind": "per-object", "object": "quill", "value": 1}
    assert c41.front.requires == {"fungi": 2, "animal": 1}
    c44 = CARDS[44]
    assert c44.front.points == {"kind": "per-corner", "value": 2} and c44.front.requires == {"fungi": 3, "animal": 1}
    c81 = CARDS[81]
    assert c81.front.centre == ("insect",)
    assert c81.front.corners == {"UL": EMPTY, "UR": "plant", "DL": "insect", "DR": EMPTY}
    assert c81.back.corners == {"UL": "fungi", "UR": "plant", "DL": "insect", "DR": "animal"}
    assert c81.back.centre == ()
    assert CARDS[85].front.centre == ("animal", "insect", "plant")
    assert CARDS[50].front.points["value"] == 5 and CARDS[50].front.requires == {"fungi": 5}


def test_backs_are_derived_and_card_7_is_kept_as_given():
    for c in CARDS.values():
        if c.type == "starter":
            continue
        assert c.back.corners == {k: EMPTY for k in CORNERS}
        assert c.back.centre == (c.kingdom,) and not c.back.points and not c.back.requires
        if c.type == "resource":
            hidden = sum(v == HIDDEN for v in c.front.corners.values())
            assert hidden == (0 if c.id == 7 else 1)  # decision 2: the source's card 7 kept


def test_objective_table():
    assert [OBJECTIVES[i].kind for i in range(87, 103)] == ["diagonal"] * 4 + ["L"] * 4 + ["symbols"] * 8
    assert (OBJECTIVES[87].kingdom, OBJECTIVES[87].rising) == ("fungi", True)
    assert (OBJECTIVES[88].kingdom, OBJECTIVES[88].rising) == ("plant", False)
    assert (OBJECTIVES[91].column, OBJECTIVES[91].foot, OBJECTIVES[91].foot_at) == ("fungi", "plant", (2, -6))
    assert (OBJECTIVES[94].column, OBJECTIVES[94].foot, OBJECTIVES[94].foot_at) == ("insect", "animal", (-2, 2))
    assert OBJECTIVES[99].symbols == {"quill": 1, "inkwell": 1, "manuscript": 1} and OBJECTIVES[99].points == 3
    assert OBJECTIVES[100].symbols == {"manuscript": 2} and OBJECTIVES[96].symbols == {"plant": 3}


# --------------------------------------------------------------------------- geometry
def test_grid_invariants():
    assert [corner_cell((0, 0), c) for c in CORNERS] == [(-1, 1), (1, 1), (-1, -1), (1, -1)]
    assert is_card_cell((0, 0)) and is_card_cell((2, 2)) and is_card_cell((0, 4)) and is_card_cell((-2, -2))
    assert not is_card_cell((2, 0)) and not is_card_cell((1, 1)) and not is_card_cell((0, 2))
    for x, y in itertools.product(range(-7, 8, 2), repeat=2):
        cells = card_cells_of((x, y))
        assert cells is not None and len(cells) == 2
        a, b = cells
        assert abs(a[0] - b[0]) == 2 and abs(a[1] - b[1]) == 2
    for corner, (dx, dy) in CORNER_OFFSETS.items():
        q = diagonal((0, 0), corner)
        assert q == (2 * dx, 2 * dy) and is_card_cell(q)


# --------------------------------------------------------------------------- placement
def field_with_starter(cid=83, front=True):
    f = GameField()
    f.place_starter(CARDS[cid], front)
    return f


def recount(f: GameField) -> Counter:
    """Visible symbols from scratch: the top of every corner cell plus every centre."""
    out = Counter({s: 0 for s in SYMBOLS})
    for a in f.angles.values():
        if a.top in SYMBOLS:
            out[a.top] += 1
    for cell in f.cards.values():
        for s in cell.side.centre:
            out[s] += 1
    return out


def test_starter_sides_and_first_available_cells():
    f = field_with_starter(85, True)  # front: UL, UR empty; DL, DR hidden
    assert f.available == {(-2, 2), (2, 2)} and f.blocked == {(-2, -2), (2, -2)}
    assert f.count("animal") == f.count("insect") == f.count("plant") == 1
    g = field_with_starter(81, False)  # back: four symbols, no centre
    assert g.available == {(-2, 2), (2, 2), (-2, -2), (2, -2)}
    assert [g.count(s) for s in ("fungi", "plant", "insect", "animal")] == [1, 1, 1, 1]
    with pytest.raises(IllegalMoveError):
        g.place_starter(CARDS[82], True)


def test_placement_legality_with_reasons():
    f = field_with_starter(85, True)
    assert "first" in GameField().check(CARDS[1], True, (2, 2))
    assert "not a card position" in f.check(CARDS[1], True, (2, 0))
    assert "hidden corner" in f.check(CARDS[1], True, (2, -2))
    assert "touches no card" in f.check(CARDS[1], True, (4, 4))
    assert f.check(CARDS[1], True, (2, 2)) is None
    f.place(CARDS[1], True, (2, 2))  # covers the starter's UR with its DL
    assert "already holds" in f.check(CARDS[2], True, (2, 2))
    # card 1's DR is hidden: (4, 0) can never be used; its UL, UR, DL are visible
    assert "hidden corner" in f.check(CARDS[2], False, (4, 0))
    assert {(0, 4), (4, 4)} <= f.available
    before = (dict(f.cards), Counter(f.counts))
    with pytest.raises(IllegalMoveError):
        f.place(CARDS[2], True, (4, 0))
    assert (f.cards, f.counts) == before


def test_a_card_touching_two_cards_needs_both_corners_visible():
    f = field_with_starter(83, True)  # front: four empty corners, centre fungi + plant
    f.place(CARDS[1], True, (2, 2))  # 1: F E F X -> its DR (towards (4,0)) is hidden
    f.place(CARDS[11], True, (2, -2))  # 11: P E P X
    # (4, 0) touches (2,2)'s DR (hidden) and (2,-2)'s UR (visible): blocked
    assert "hidden corner" in f.check(CARDS[21], False, (4, 0))
    # (0, 4) touches only (2,2)'s UL (visible fungi); (4, -4) only (2,-2)'s DR (hidden)
    assert f.check(CARDS[21], False, (0, 4)) is None
    assert "hidden corner" in f.check(CARDS[21], False, (4, -4))
    # a new card may lay its own hidden corner over a visible one: 3 (E X F F) at (-2,-2) puts
    # its hidden UR over the starter's DL (empty, visible)
    assert f.check(CARDS[3], True, (-2, -2)) is None


def test_counters_follow_covering():
    f = field_with_starter(81, False)  # back: UL fungi, UR plant, DL insect, DR animal
    assert f.count("plant") == 1
    f.place(CARDS[21], True, (2, 2))  # its DL covers the starter's UR plant; 21: A A E X
    assert f.count("plant") == 0 and f.count("animal") == 1 + 2
    assert f.angles[(1, 1)].top == EMPTY and f.angles[(1, 1)].cards == [(81, "UR"), (21, "DL")]
    f.place(CARDS[1], False, (-2, 2))  # back: empty corners, fungi centre; covers the starter's UL fungi
    assert f.count("fungi") == 1
    assert f.counts == recount(f)


def test_gold_requirement_is_checked_before_the_placement():
    f = field_with_starter(82, False)  # back: UL plant, UR animal, DL fungi, DR insect
    # 47: E X K X, 3 points, needs 3 fungi
    assert "needs 2 more fungi" in f.check(CARDS[47], True, (2, 2))
    assert f.check(CARDS[47], False, (2, 2)) is None  # backs have no requirement
    f.place(CARDS[1], True, (-2, 2))  # F E F X: +2 fungi (covers the starter's plant UL)
    assert f.count("fungi") == 3
    # the gold card may cover one of the required fungi: still legal (counted before)
    f2 = f.copy()
    f.place(CARDS[8], False, (-2, -2))  # covers the starter's DL fungi: fungi back centre +1, -1
    assert f.count("fungi") == 3
    res = f2.place(CARDS[47], True, (-2, -2))  # its hidden UR covers the starter's DL fungi
    assert res.points == 3 and f2.count("fungi") == 2 and res.covered == 1


def test_gold_points_per_object_and_per_corner():
    f = field_with_starter(81, False)
    f.place(CARDS[5], True, (2, 2))  # X Q P F: a quill
    f.place(CARDS[21], True, (-2, 2))  # A A E X
    f.place(CARDS[22], True, (-2, -2))  # X E A A
    # 41: X E E Q, 1/quill, needs 2 fungi + 1 animal
    g = f.copy()
    g.counts["fungi"] = max(g.counts["fungi"], 2)  # the requirement is not what this test checks
    res = g.place_unchecked(CARDS[41], True, (0, 4))  # covers (2,2)'s UL and (-2,2)'s UR
    assert res.covered == 2
    assert res.points == g.count("quill") == 2  # the quill of card 5 and its own DR quill
    # 44: E E X E, 2 per covered corner
    h = f.copy()
    assert h.place_unchecked(CARDS[44], True, (0, 4)).points == 4
    assert h.place_unchecked(CARDS[45], True, (4, 4)).points == 2
    assert h.place_unchecked(CARDS[1], False, (4, 0)).points == 0  # backs never score
    assert h.counts == recount(h)


def test_random_fields_keep_counters_exact():
    rng = random.Random(3)
    playing = [c for c in CARDS.values() if c.type != "starter"]
    for trial in range(30):
        f = field_with_starter(81 + trial % 6, trial % 2 == 0)
        for _ in range(25):
            card = rng.choice(playing)
            front = rng.random() < 0.5
            options = sorted(p for p in f.available if f.check(card, front, p) is None)
            if not options:
                continue
            p = rng.choice(options)
            f.place(card, front, p)
            assert f.counts == recount(f)
            # the available cells are exactly the legal positions by the definition
            for q in list(f.available) + list(f.blocked):
                neighbours = [(c, diagonal(q, c)) for c in CORNERS]
                touching = [(c, n) for c, n in neighbours if n in f.cards]
                legal = q not in f.cards and touching and all(
                    f.cards[n].side.corners[{"UL": "DR", "UR": "DL", "DL": "UR", "DR": "UL"}[c]] != HIDDEN
                    for c, n in touching)
                assert bool(legal) == (q in f.available)


def test_points_if_placed_agrees_with_placing():
    rng = random.Random(11)
    playing = [c for c in CARDS.values() if c.type != "starter"]
    kinds = Counter()
    for trial in range(8):
        f = field_with_starter(81 + trial % 6, trial % 2 == 1)
        for _ in range(15):
            for card in rng.sample(playing, 8):
                for front in (True, False):
                    for p in sorted(f.available):
                        if f.check(card, front, p) is None:
                            expected = f.copy().place(card, front, p).points
                            assert f.points_if_placed(card, front, p) == expected, (card.id, front, p)
                            if expected:
                                kinds[card.front.points["kind"]] += 1
            card, front = rng.choice(playing), rng.random() < 0.6  # fronts bring objects to cover
            options = sorted(p for p in f.available if f.check(card, front, p) is None)
            if options:
                f.place(card, front, rng.choice(options))
    assert min(kinds[k] for k in ("fixed", "per-object", "per-corner")) > 10, kinds


# --------------------------------------------------------------------------- objectives
def field_of(colours: dict) -> GameField:
    f = GameField()
    f.colours = dict(colours)
    return f


def brute_force(obj: Objective, colours: dict) -> int:
    """The maximum number of disjoint occurrences, by exhaustive search."""
    occ = []
    for (x, y), c in colours.items():
        if obj.kind == "diagonal":
            d = (2, 2) if obj.rising else (2, -2)
            cells = [(x, y), (x + d[0], y + d[1]), (x + 2 * d[0], y + 2 * d[1])]
            if all(colours.get(p) == obj.kingdom for p in cells):
                occ.append(frozenset(cells))
        else:
            cells = [(x, y), (x, y - 4)]
            foot = (x + obj.foot_at[0], y + obj.foot_at[1])
            if all(colours.get(p) == obj.column for p in cells) and colours.get(foot) == obj.foot:
                occ.append(frozenset(cells + [foot]))

    def best(i, used):
        if i == len(occ):
            return 0
        skip = best(i + 1, used)
        if occ[i] & used:
            return skip
        return max(skip, 1 + best(i + 1, used | occ[i]))

    return best(0, frozenset())


@pytest.mark.parametrize("length,expected", [(2, 0), (3, 1), (5, 1), (6, 2), (7, 2), (9, 3)])
def test_diagonal_runs(length, expected):
    rising = OBJECTIVES[87]  # red, (x+2, y+2)
    colours = {(2 * i, 2 * i): "fungi" for i in range(length)}
    assert field_of(colours).objective_count(rising) == expected
    falling = OBJECTIVES[88]  # green, (x+2, y-2)
    assert field_of({(2 * i, -2 * i): "plant" for i in range(length)}).objective_count(falling) == expected
    # the wrong direction or colour never counts
    assert field_of(colours).objective_count(OBJECTIVES[89]) == 0
    assert field_of({(2 * i, -2 * i): "fungi" for i in range(length)}).objective_count(rising) == 0


def test_l_shape_examples():
    l91 = OBJECTIVES[91]  # red (x,y), (x,y-4); green at (x+2, y-6)
    one = {(0, 4): "fungi", (0, 0): "fungi", (2, -2): "plant"}
    assert field_of(one).objective_count(l91) == 1
    assert field_of(one).objective_points(l91) == 3
    # three stacked red cards with a green foot for both pairs: the middle card is used once
    three = {(0, 8): "fungi", (0, 4): "fungi", (0, 0): "fungi", (2, 2): "plant", (2, -2): "plant"}
    assert field_of(three).objective_count(l91) == 1
    # four stacked with both outer pairs footed: 2
    four = {(0, 12): "fungi", (0, 8): "fungi", (0, 4): "fungi", (0, 0): "fungi", (2, 6): "plant", (2, -2): "plant"}
    assert field_of(four).objective_count(l91) == 2
    # a chain of three candidates (four cards, three feet): ceil(3/2) = 2
    chain = dict(four)
    chain[(2, 2)] = "plant"
    assert field_of(chain).objective_count(l91) == 2
    l94 = OBJECTIVES[94]  # purple pair, blue at (x-2, y+2) of the upper one
    assert field_of({(0, 4): "insect", (0, 0): "insect", (-2, 6): "animal"}).objective_count(l94) == 1
    assert field_of({(0, 4): "insect", (0, 0): "insect", (2, 6): "animal"}).objective_count(l94) == 0


@pytest.mark.parametrize("oid", [87, 88, 89, 90, 91, 92, 93, 94])
def test_pattern_counting_is_the_maximum_disjoint_count(oid):
    obj = OBJECTIVES[oid]
    rng = random.Random(oid)
    cells = [(x, y) for x in range(-6, 7, 2) for y in range(-12, 13, 2) if is_card_cell((x, y))]
    for _ in range(120):
        colours = {p: rng.choice(KINGDOMS[:2] if oid in (87, 88, 91) else KINGDOMS)
                   for p in cells if rng.random() < 0.6}
        assert field_of(colours).objective_count(obj) == brute_force(obj, colours), colours


def test_symbol_objectives():
    f = GameField()
    f.counts.update({"fungi": 7, "quill": 3, "inkwell": 2, "manuscript": 5})
    assert f.objective_count(OBJECTIVES[95]) == 2 and f.objective_points(OBJECTIVES[95]) == 4
    assert f.objective_count(OBJECTIVES[99]) == 2 and f.objective_points(OBJECTIVES[99]) == 6
    assert f.objective_count(OBJECTIVES[100]) == 2
    assert f.objective_count(OBJECTIVES[101]) == 1
    assert f.objective_count(OBJECTIVES[102]) == 1
    assert f.objective_count(OBJECTIVES[96]) == 0
