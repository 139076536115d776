"""Codex Naturalis: the game rules of ``CodexGame`` (rules spec sections 4, 5, 6, 7 and 9).

The board model (``GameField``: placement legality, symbol counters, objective counting) is
covered by ``test_codex_field.py``; these tests cover setup, phases, the place/draw turn,
placement points through ``play``, the end of the game, the winner, the notation, replays and
the per-player view.  ``CodexGame`` is not registered yet, so it is constructed directly.
"""

import itertools
import random
from collections import Counter

import pytest

from pygame_core import GameOverError, IllegalMoveError, InvalidMoveError
from pygame_core.core import Rng
from pygame_core.games.codex import (CODEX_PASS, CodexGame, DrawMove, GameField, ObjectiveMove,
                                     PlayMove, StarterMove, load_cards, parse_codex_move)
from pygame_core.geometry.cornergrid import is_card_cell
from pygame_core.view import scene

CARDS, OBJECTIVES = load_cards()
RESOURCE_IDS = set(range(1, 41))
GOLD_IDS = set(range(41, 81))
STARTER_IDS = set(range(81, 87))
OBJECTIVE_IDS = set(range(87, 103))


# --------------------------------------------------------------------------- helpers
def new_game(seed=1, players=2) -> CodexGame:
    return CodexGame(seed=seed, players=players)


def in_play(seed=1, players=2, starter_side="back") -> CodexGame:
    """A game past the starter and objective choices (each keeps their first objective)."""
    g = new_game(seed, players)
    for _ in range(players):
        g.play(f"starter {g.starters[g.turn]} {starter_side}")
    for _ in range(players):
        g.play(f"objective {g.dealt[g.turn][0]}")
    assert g.phase == "play" and g.turn == g.first and g.step == "place"
    return g


def build_field(starter=83, front=True, placed=()) -> GameField:
    f = GameField()
    f.place_starter(CARDS[starter], front)
    for cid, side, at in placed:
        f.place(CARDS[cid], side, at)
    return f


def do_turn(g: CodexGame, draw=None) -> int:
    """One full turn of the player to move: a back placement (0 points) and a draw
    (``draw`` or the first legal one).  Returns the player who moved."""
    p = g.turn
    moves = g.legal_moves()
    if moves == [CODEX_PASS]:
        g.play("pass")
        return p
    g.play(next(m for m in moves if not m.front))
    if not g.is_over and g.turn == p and g.step == "draw":
        g.play(draw if draw is not None else g.legal_moves()[0])
    return p


def snapshot(g: CodexGame):
    return (list(g.moves), list(g.points), g.turn, g.phase, g.step, [list(h) for h in g.hands],
            list(g.market), list(g.resource_deck), list(g.gold_deck), [len(f) for f in g.fields],
            list(g.secret))


def assert_rejected(g: CodexGame, move, error=IllegalMoveError, match=None):
    before = snapshot(g)
    with pytest.raises(error, match=match):
        g.play(move)
    assert not g.is_legal(move)
    assert snapshot(g) == before, f"rejected move {move!r} changed the game"


def card_census(g: CodexGame) -> Counter:
    """Every resource/gold card id, wherever it is (decks, face-up, hands, play areas)."""
    where = Counter(g.resource_deck) + Counter(g.gold_deck)
    where.update(c for c in g.market if c is not None)
    for h in g.hands:
        where.update(h)
    for f in g.fields:
        where.update(cell.card.id for cell in f.cards.values() if cell.card.type != "starter")
    return where


def assert_cards_once(g: CodexGame):
    census = card_census(g)
    assert set(census) == RESOURCE_IDS | GOLD_IDS, "a resource/gold card is missing or foreign"
    dup = {c: k for c, k in census.items() if k != 1}
    assert not dup, f"cards present more than once: {dup}"
    starters = [cell.card.id for f in g.fields for cell in f.cards.values() if cell.card.type == "starter"]
    if g.phase != "starter":
        assert sorted(starters) == sorted(g.starters)
    objs = list(g.common) + [o for d in g.dealt for o in d] + list(g.objective_rest)
    assert len(objs) == 16 and set(objs) == OBJECTIVE_IDS


# --------------------------------------------------------------------------- setup (section 4)
@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_sizes_and_distinct_cards(n):
    for seed in (0, 7, 123456789):
        g = new_game(seed, n)
        assert [CARDS[c].type for c in g.market] == ["resource", "resource", "gold", "gold"]
        assert len(g.hands) == n
        for h in g.hands:
            assert sorted(CARDS[c].type for c in h) == ["gold", "resource", "resource"]
        assert len(g.resource_deck) == 40 - 2 - 2 * n and len(g.gold_deck) == 40 - 2 - n
        assert all(CARDS[c].type == "resource" for c in g.resource_deck)
        assert all(CARDS[c].type == "gold" for c in g.gold_deck)
        assert len(g.common) == 2 and all(len(d) == 2 for d in g.dealt) and len(g.dealt) == n
        assert len(g.objective_rest) == 16 - 2 - 2 * n
        assert len(g.starters) == n and len(set(g.starters)) == n and set(g.starters) <= STARTER_IDS
        assert_cards_once(g)
        assert 0 <= g.first < n
        assert g.turn_order == [(g.first + k) % n for k in range(n)]
        assert sorted(g.turn_order) == list(range(n))
        assert g.player_names == [f"Player {i}" for i in range(1, n + 1)]
        assert g.points == [0] * n and g.scores == [0] * n and not g.is_over and g.winners == []
        assert g.secret == [None] * n and all(len(f) == 0 for f in g.fields)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_follows_the_rng_order_of_the_spec(n):
    """Shuffle resource, gold, starter, objective decks; face-up 2+2; starters, hands (2
    resource + 1 gold), common objectives, dealt objectives in seat order; then the first
    player - all from the game's RNG (top of a deck = the end of the list)."""
    seed = 4242 + n
    rng = Rng(seed)
    res, gold, st, obj = (list(range(1, 41)), list(range(41, 81)), list(range(81, 87)), list(range(87, 103)))
    for deck in (res, gold, st, obj):
        rng.shuffle(deck)
    market = [res.pop(), res.pop(), gold.pop(), gold.pop()]
    starters = [st.pop() for _ in range(n)]
    hands = [[res.pop(), res.pop(), gold.pop()] for _ in range(n)]
    common = [obj.pop(), obj.pop()]
    dealt = [[obj.pop(), obj.pop()] for _ in range(n)]
    first = rng.below(n)
    g = new_game(seed, n)
    assert g.market == market and g.starters == starters and g.hands == hands
    assert g.common == common and g.dealt == dealt and g.first == first
    assert g.resource_deck == res and g.gold_deck == gold


def test_same_seed_same_deal_and_different_seeds_differ():
    def deal(g):
        return (g.market, g.hands, g.starters, g.common, g.dealt, g.first, g.resource_deck, g.gold_deck)

    for n in (2, 3, 4):
        assert deal(new_game(99, n)) == deal(new_game(99, n))
    deals = {repr(deal(new_game(s, 2))) for s in range(10)}
    assert len(deals) == 10
    firsts = {new_game(s, 3).first for s in range(40)}
    assert firsts == {0, 1, 2}, "the first player is drawn at random"


# --------------------------------------------------------------------------- phases (section 4.8)
@pytest.mark.parametrize("n", [2, 3, 4])
def test_starter_then_objective_phase_in_turn_order(n):
    g = new_game(11 + n, n)
    assert g.phase == "starter" and g.current_player == g.first
    order = []
    for k, p in enumerate(g.turn_order):
        assert g.current_player == p and g.phase == "starter"
        own = g.starters[p]
        assert set(g.legal_moves()) == {StarterMove(own, True), StarterMove(own, False)}
        other = next(s for s in STARTER_IDS if s != own)
        assert_rejected(g, f"starter {other} front", match="starter card is")
        assert_rejected(g, f"objective {g.dealt[p][0]}")
        assert_rejected(g, "play 1 front at (2,2)")
        assert_rejected(g, "draw resource-deck")
        assert_rejected(g, "pass")
        side = "front" if k % 2 == 0 else "back"
        g.play(f"starter {own} {side}")
        cell = g.fields[p].cards[(0, 0)]
        assert cell.card.id == own and cell.front == (side == "front")
        order.append(p)
    assert order == g.turn_order
    assert g.phase == "objective" and g.current_player == g.first
    for p in g.turn_order:
        assert g.current_player == p
        assert set(g.legal_moves()) == {ObjectiveMove(o) for o in g.dealt[p]}
        for o in OBJECTIVE_IDS - set(g.dealt[p]):
            assert not g.is_legal(f"objective {o}")
        assert_rejected(g, f"objective {g.common[0]}", match="not one of")
        assert_rejected(g, f"starter {g.starters[p]} front")
        assert_rejected(g, "play 1 front at (2,2)")
        g.play(f"objective {g.dealt[p][1]}")
        assert g.secret[p] == g.dealt[p][1]
    assert g.phase == "play" and g.current_player == g.first and g.step == "place"
    assert g.movers == g.turn_order * 2
    assert g.moves[0] == f"starter {g.starters[g.first]} front"


# --------------------------------------------------------------------------- the turn (section 5)
def test_place_step_legal_moves_match_the_placement_rules():
    g = in_play(5, 3)
    p = g.turn
    legal = set(g.legal_moves())
    assert legal and all(isinstance(m, PlayMove) for m in legal)
    expected = set()
    f = g.fields[p]
    for cid in g.hands[p]:
        for front in (True, False):
            for x, y in itertools.product(range(-6, 7, 2), repeat=2):
                if is_card_cell((x, y)) and f.check(CARDS[cid], front, (x, y)) is None:
                    expected.add(PlayMove(cid, front, (x, y)))
    assert legal == expected
    assert CODEX_PASS not in legal
    assert_rejected(g, "pass", match="only when no card")
    assert_rejected(g, "draw resource-deck")
    assert_rejected(g, f"draw {g.market[0]}")
    foreign = next(c for c in g.hands[(p + 1) % 3] if c not in g.hands[p])
    assert_rejected(g, f"play {foreign} back at (2,2)", match="not in")
    assert_rejected(g, f"play {g.hands[p][0]} back at (0,0)")
    assert_rejected(g, f"play {g.hands[p][0]} back at (2,0)")
    assert_rejected(g, f"play {g.hands[p][0]} back at (6,6)")
    assert_rejected(g, f"play {g.starters[p]} back at (2,2)")


def test_draw_step_from_each_deck_and_face_up_cards():
    g = in_play(8, 2)
    p = g.turn
    card = g.hands[p][0]
    g.play(f"play {card} back at (2,2)")
    assert g.turn == p and g.step == "draw" and card not in g.hands[p] and len(g.hands[p]) == 2
    assert set(g.legal_moves()) == ({DrawMove("resource-deck"), DrawMove("gold-deck")}
                                    | {DrawMove(str(c)) for c in g.market})
    assert_rejected(g, f"play {g.hands[p][0]} back at (-2,2)")
    assert_rejected(g, "pass")
    assert_rejected(g, "draw 999")
    hidden = next(c for c in RESOURCE_IDS if c not in g.market)
    assert_rejected(g, f"draw {hidden}", match="not face up")
    top = g.resource_deck[-1]
    size = len(g.resource_deck)
    g.play("draw resource-deck")
    assert g.hands[p][-1] == top and len(g.resource_deck) == size - 1 and len(g.hands[p]) == 3
    assert g.turn != p and g.step == "place"

    q = do_turn(g, draw=DrawMove("gold-deck"))  # the other player draws a gold card
    assert CARDS[g.hands[q][-1]].type == "gold" and len(g.hands[q]) == 3

    # face-up resource card: replaced from the resource deck
    p = g.turn
    g.play(next(m for m in g.legal_moves() if not m.front))
    taken, top, gtop = g.market[1], g.resource_deck[-1], g.gold_deck[-1]
    g.play(f"draw {taken}")
    assert g.hands[p][-1] == taken and g.market[1] == top and g.gold_deck[-1] == gtop
    # face-up gold card: replaced from the gold deck
    p = g.turn
    g.play(next(m for m in g.legal_moves() if not m.front))
    taken, top, rtop = g.market[2], g.gold_deck[-1], g.resource_deck[-1]
    g.play(f"draw {taken}")
    assert g.hands[p][-1] == taken and g.market[2] == top and g.resource_deck[-1] == rtop
    assert_cards_once(g)


def test_face_up_refill_falls_back_to_the_other_deck_then_stays_empty():
    g = in_play(3, 2)
    g.resource_deck = []
    g.gold_deck = g.gold_deck[-2:]
    p = g.turn
    g.play(next(m for m in g.legal_moves() if not m.front))
    assert DrawMove("resource-deck") not in g.legal_moves()
    assert_rejected(g, "draw resource-deck", match="empty")
    taken, gtop = g.market[0], g.gold_deck[-1]
    g.play(f"draw {taken}")
    assert g.market[0] == gtop and len(g.gold_deck) == 1, "resource slot refilled from the gold deck"
    # gold slot with the gold deck's last card gone first: the gold deck empties
    assert g.turn != p
    g.play(next(m for m in g.legal_moves() if not m.front))
    taken, gtop = g.market[3], g.gold_deck[-1]
    g.play(f"draw {taken}")
    assert g.market[3] == gtop and g.gold_deck == []
    # both decks empty: a taken card's slot stays empty
    p = g.turn
    g.play(next(m for m in g.legal_moves() if not m.front))
    assert set(g.legal_moves()) == {DrawMove(str(c)) for c in g.market}
    assert_rejected(g, "draw gold-deck", match="empty")
    taken = g.market[1]
    g.play(f"draw {taken}")
    assert g.market[1] is None and g.hands[p][-1] == taken
    assert DrawMove(str(taken)) not in g.draws()
    assert len([c for c in g.market if c is not None]) == 3
    assert all(k == 1 for k in card_census(g).values()), "a card is in two places"


def test_draw_skipped_when_nothing_can_be_drawn():
    g = in_play(21, 2)
    p = g.turn
    g.resource_deck, g.gold_deck, g.market = [], [], [None] * 4
    card = g.hands[p][0]
    g.play(f"play {card} back at (2,2)")
    assert g.turn == (p + 1) % 2 and g.step == "place", "the draw step is skipped"
    assert len(g.hands[p]) == 2 and card not in g.hands[p]
    assert g.moves[-1] == f"play {card} back at (2,2)"


def test_pass_only_without_any_placement():
    g = in_play(4, 2)
    p = g.turn
    assert_rejected(g, "pass", match="only when")
    g.hands[p] = []
    assert g.legal_moves() == [CODEX_PASS]
    size = len(g.resource_deck)
    g.play("PASS")
    assert g.moves[-1] == "pass"
    assert g.turn == (p + 1) % 2 and g.step == "place", "pass skips place and draw"
    assert g.hands[p] == [] and len(g.resource_deck) == size and g.points[p] == 0


# --------------------------------------------------------------------------- placement points (section 6)
def set_position(g: CodexGame, field: GameField, hand: list) -> int:
    p = g.turn
    g.fields[p] = field
    g.hands[p] = list(hand)
    return p


def test_resource_front_points_and_backs_score_zero():
    g = in_play(2, 2)
    p = set_position(g, build_field(83, True), [8, 9, 1])
    g.play("play 8 front at (2,2)")  # resource 8: 1 point
    assert g.points[p] == 1 and g.scores[p] == 1
    g.play("draw resource-deck")
    do_turn(g)
    g.hands[p] = [9, 50, 1]
    g.play("play 9 back at (-2,2)")  # a 1-point resource on its back: 0
    assert g.points[p] == 1
    g.play("draw gold-deck")
    do_turn(g)
    g.hands[p] = [50, 1]
    g.play("play 50 back at (-2,-2)")  # a 5-point gold card on its back: no requirement, 0 points
    assert g.points[p] == 1
    g.play("draw gold-deck")
    do_turn(g)
    g.play("play 1 front at (2,-2)")  # a 0-point resource front
    assert g.points[p] == 1


def test_gold_fixed_points_and_requirement_enforced():
    # starter 83 front (centre fungi + plant), fungi backs at (2,2) and (-2,2): 3 fungi
    f = build_field(83, True, [(1, False, (2, 2)), (2, False, (-2, 2))])
    assert f.count("fungi") == 3
    g = in_play(6, 2)
    p = set_position(g, f, [50, 47, 3])
    assert PlayMove(50, True, (2, -2)) not in g.legal_moves()
    assert PlayMove(50, False, (2, -2)) in g.legal_moves()
    assert_rejected(g, "play 50 front at (2,-2)", match="needs 2 more fungi")
    g.play("play 47 front at (2,-2)")  # 3 fixed points, needs FFF
    assert g.points[p] == 3 and g.events[-1]["points"] == 3


def test_gold_points_per_object_count_this_cards_own_corner():
    # starter 83 front (F, P centre); card 6 front at (2,2): inkwell, fungi, animal visible
    f = build_field(83, True, [(6, True, (2, 2))])
    assert (f.count("inkwell"), f.count("fungi"), f.count("plant")) == (1, 2, 1)
    g = in_play(6, 2)
    p = set_position(g, f, [42, 1, 2])
    g.play("play 42 front at (-2,2)")  # 1 per inkwell: the one on card 6 and its own
    assert g.points[p] == 2


def test_gold_points_per_covered_corner():
    f = build_field(83, True, [(1, False, (2, 2)), (2, False, (-2, 2)), (21, False, (2, -2))])
    assert (f.count("fungi"), f.count("animal")) == (3, 1)
    g = in_play(6, 2)
    p = set_position(g, f, [44, 45, 3])
    g.play("play 44 front at (0,4)")  # covers the UR of (-2,2) and the UL of (2,2)
    assert g.points[p] == 4
    g.play("draw resource-deck")
    do_turn(g)
    # card 44 took no symbol; fungi 3, plant 1 still visible: 45 needs FFFP
    g.hands[p] = [45, 3]
    g.play("play 45 front at (-4,4)")  # covers one corner: the UL of (-2,2)
    assert g.points[p] == 6


# --------------------------------------------------------------------------- end of game (section 7)
@pytest.mark.parametrize("n,turns_before", [(2, 0), (2, 1), (2, 4), (2, 5), (3, 0), (3, 1), (3, 2), (3, 4),
                                            (4, 0), (4, 3), (4, 6)])
def test_end_after_the_round_and_one_more_round(n, turns_before):
    g = in_play(30 + n, n)
    for _ in range(turns_before):
        do_turn(g)
    pos = turns_before % n
    p = g.turn
    assert p == g.turn_order[pos]
    g.points[p] = 20
    assert do_turn(g) == p
    assert g.events[-1].get("end_triggered"), "20 points after a turn triggers the end"
    assert not g.is_over
    after = []
    while not g.is_over:
        after.append(do_turn(g))
        assert len(after) <= 3 * n, "the game does not end"
    assert after == [(p + 1 + k) % n for k in range(n - 1 - pos + n)]
    assert after[-1] == g.turn_order[-1], "the game ends after the player before the first player"
    assert g.current_player is None and g.legal_moves() == []
    with pytest.raises(GameOverError):
        g.play("pass")


def test_trigger_during_the_draw_step_and_19_points_do_not_trigger_early():
    g = in_play(41, 2)
    p = g.turn
    g.points[p] = 19
    do_turn(g)
    assert not any(e.get("end_triggered") for e in g.events)
    for _ in range(4):
        do_turn(g)
    assert not g.is_over
    p = g.turn
    g.play(next(m for m in g.legal_moves() if not m.front))
    g.points[p] = 25  # before the player's last step
    g.play("draw resource-deck")
    assert g.events[-1].get("end_triggered")
    pos = g.turn_order.index(p)
    count = 0
    while not g.is_over:
        do_turn(g)
        count += 1
        assert count <= 6, "the game does not end"
    assert count == 2 - 1 - pos + 2


def test_further_triggers_change_nothing():
    g = in_play(12, 3)
    p = g.turn
    g.points[p] = 22
    do_turn(g)
    after = []
    while not g.is_over:
        q = g.turn
        g.points[q] = 40  # every later player also passes 20
        if len(after) == 1:
            g.resource_deck, g.gold_deck = [], []
        after.append(do_turn(g))
        assert len(after) <= 9, "the game does not end"
    assert len(after) == 5
    assert sum(bool(e.get("end_triggered")) for e in g.events) == 1


@pytest.mark.parametrize("n,turns_before", [(2, 1), (2, 2), (3, 1), (3, 5)])
def test_both_decks_empty_triggers_the_end(n, turns_before):
    g = in_play(50 + n, n)
    for _ in range(turns_before):
        do_turn(g)
    pos = turns_before % n
    p = g.turn
    g.resource_deck = []
    g.gold_deck = g.gold_deck[-1:]
    do_turn(g, draw=DrawMove("gold-deck"))  # takes the last card of the last deck
    assert g.resource_deck == [] and g.gold_deck == []
    assert g.events[-1].get("end_triggered"), "both decks empty triggers the end"
    after = []
    while not g.is_over:
        after.append(do_turn(g))
        assert len(after) <= 3 * n, "the game does not end"
    assert after == [(p + 1 + k) % n for k in range(n - 1 - pos + n)]


def objective_position():
    """Player 0: 3+ fungi, 3 plants, 2 quills; player 1: one quill + inkwell + manuscript set."""
    f0 = build_field(83, True, [(1, False, (2, 2)), (2, False, (-2, 2)), (5, True, (2, -2)), (15, True, (-2, -2))])
    f1 = build_field(83, True, [(17, True, (2, 2)), (25, True, (-2, 2)), (35, True, (2, -2))])
    assert [f0.count(s) for s in ("fungi", "plant", "quill", "inkwell", "manuscript", "insect")] == [4, 3, 2, 0, 0, 1]
    assert [f1.count(s) for s in ("fungi", "plant", "animal", "insect", "quill", "inkwell", "manuscript")] == \
        [1, 2, 3, 2, 1, 1, 1]
    g = in_play(60, 2)
    g.fields = [f0, f1]
    g.common = [95, 99]  # 3 fungi: 2 per set; quill + inkwell + manuscript: 3 per set
    g.secret = [102, 98]  # 2 quills: 2 per pair; 3 insects: 2 per set
    return g


def test_final_objective_points_are_added_to_the_scores():
    g = objective_position()
    g.points = [10, 12]
    g._finish()  # the end of the game (what the last turn calls)
    assert g.is_over
    assert g.final["objective_points"] == [2 + 0 + 2, 0 + 3 + 0]
    assert g.final["completions"] == [2, 1]
    assert g.points == [10, 12] and g.scores == [14, 15]
    assert g.winners == [1], "the highest total wins, whatever the completions"
    assert "Player 2 wins" in g.result_text()


def test_tie_broken_by_objective_completions_then_shared():
    g = objective_position()
    g.points = [10, 11]
    g._finish()
    assert g.scores == [14, 14]
    assert g.winners == [0], "tie: the player with more objective completions wins"
    notes = [n["text"] for n in scene(g, 0)["notes"]]
    assert "Final: Player 1 10 + 4 objectives = 14 (2 completed), Player 2 11 + 3 objectives = 14 (1 completed)" in notes
    assert "Tied on points: the most objectives completed wins" in notes

    g = objective_position()
    g.fields[1] = g.fields[0].copy()
    g.secret = [102, 96]  # player 1: 3 plants -> 1 set, 2 points, as player 0's 2 quills
    g.points = [7, 7]
    g._finish()
    assert g.scores == [11, 11] and g.final["completions"] == [2, 2]
    assert g.winners == [0, 1], "same total and completions: shared victory"
    assert "Tied on points: the most objectives completed wins (still tied: the win is shared)" in \
        [n["text"] for n in scene(g, 1)["notes"]]


def test_end_by_play_scores_common_and_secret_objectives():
    g = in_play(77, 3)
    g.points[g.turn] = 21
    for _ in range(6):
        do_turn(g)
    assert g.is_over
    for q in range(3):
        mine = [OBJECTIVES[o] for o in g.common + [g.secret[q]]]
        obj = sum(o.points * g.fields[q].objective_count(o) for o in mine)
        assert g.scores[q] == g.points[q] + obj
    best = max(g.scores)
    assert set(g.winners) <= {q for q in range(3) if g.scores[q] == best} and g.winners


# --------------------------------------------------------------------------- notation (section 9)
ROUND_TRIP = [
    (StarterMove(81, False), "starter 81 back"),
    (StarterMove(86, True), "starter 86 front"),
    (ObjectiveMove(97), "objective 97"),
    (PlayMove(43, True, (2, -2)), "play 43 front at (2,-2)"),
    (PlayMove(7, False, (-10, 14)), "play 7 back at (-10,14)"),
    (DrawMove("resource-deck"), "draw resource-deck"),
    (DrawMove("gold-deck"), "draw gold-deck"),
    (DrawMove("51"), "draw 51"),
    (CODEX_PASS, "pass"),
]


@pytest.mark.parametrize("move,text", ROUND_TRIP)
def test_notation_round_trip(move, text):
    g = new_game()
    assert g.format_move(move) == text
    assert g.parse_move(text) == move
    assert g.parse_move(g.format_move(move)) == move
    assert parse_codex_move(text) == move


@pytest.mark.parametrize("text,move", [
    ("  STARTER   81   BACK ", StarterMove(81, False)),
    ("Objective  97", ObjectiveMove(97)),
    ("PLAY 43 Front AT ( 2 , -2 )", PlayMove(43, True, (2, -2))),
    ("play 43 front at (2,-2)  ", PlayMove(43, True, (2, -2))),
    ("DRAW RESOURCE-DECK", DrawMove("resource-deck")),
    ("draw   Gold-Deck", DrawMove("gold-deck")),
    (" draw 51", DrawMove("51")),
    (" Pass ", CODEX_PASS),
])
def test_notation_tolerates_case_and_spaces(text, move):
    assert new_game().parse_move(text) == move


@pytest.mark.parametrize("text", [
    "", "   ", "starter", "starter 81", "starter 81 up", "starter x front", "objective", "objective x",
    "objective 97 98", "play 43 front", "play 43 front (2,-2)", "play 43 sideways at (2,-2)",
    "play front at (2,-2)", "play 43 front at (2,-2", "play 43 front at (2;-2)", "play 43 front at (a,b)",
    "draw", "draw deck", "draw resource deck", "draw resource-deck now", "draw -5", "pass 1", "passes",
    "place 43 front at (2,-2)", "hello",
])
def test_malformed_texts_raise_invalid_move(text):
    g = in_play(1, 2)
    before = snapshot(g)
    with pytest.raises(InvalidMoveError):
        g.parse_move(text)
    with pytest.raises(InvalidMoveError):
        g.play(text)
    assert snapshot(g) == before


def test_non_text_values():
    g = new_game()
    with pytest.raises(InvalidMoveError):
        g.play(42)
    assert g.to_move(StarterMove(g.starters[g.turn], True)) == StarterMove(g.starters[g.turn], True)


def test_illegal_moves_leave_moves_and_points_unchanged():
    g = in_play(9, 2)
    do_turn(g)
    p = g.turn
    g.points[p] = 7
    for bad in ("pass", "draw gold-deck", "objective 90", f"starter {g.starters[p]} back",
                "play 80 front at (2,2)", f"play {g.hands[p][0]} front at (1,1)"):
        assert_rejected(g, bad)
    assert g.points[p] == 7


# --------------------------------------------------------------------------- full games
def random_game(seed: int, n: int) -> CodexGame:
    rnd = random.Random(seed)
    g = new_game(seed, n)
    for _ in range(2000):
        if g.is_over:
            break
        g.play(rnd.choice(g.legal_moves()))
    assert g.is_over, "a random game did not finish"
    return g


@pytest.mark.parametrize("n,seed", [(2, 1), (2, 2), (3, 3), (4, 4)])
def test_random_games_finish_replay_and_keep_every_card_once(n, seed):
    g = random_game(seed, n)
    assert_cards_once(g)
    assert len(g.winners) >= 1 and g.final is not None
    triggers = [i for i, e in enumerate(g.events) if e.get("end_triggered")]
    assert len(triggers) == 1
    # exactly the rest of the round plus one more round after the triggering turn
    turn_ends = [i for i, e in enumerate(g.events)
                 if e["move"] == "pass" or e["move"].startswith("draw")
                 or (e["move"].startswith("play") and (i + 1 == len(g.events)
                                                       or g.events[i + 1]["player"] != e["player"]))]
    trig = triggers[0]
    pos = g.turn_order.index(g.events[trig]["player"])
    assert len([i for i in turn_ends if i > trig]) == n - 1 - pos + n
    again = new_game(seed, n)
    for m in g.moves:
        again.play(m)
    assert again.is_over
    assert again.scores == g.scores and again.points == g.points and again.winners == g.winners
    assert again.final == g.final and again.moves == g.moves


def test_card_census_holds_throughout_a_game():
    rnd = random.Random(5)
    g = new_game(5, 3)
    for _ in range(2000):
        if g.is_over:
            break
        g.play(rnd.choice(g.legal_moves()))
        assert_cards_once(g)
        assert all(len(h) <= 3 for h in g.hands)


# --------------------------------------------------------------------------- views (section 10)
needs_view = pytest.mark.skipif(not (hasattr(CodexGame, "view") and hasattr(CodexGame, "determinize")
                                     and CodexGame.view is not CodexGame.__mro__[1].view),
                                reason="CodexGame.view/determinize not available yet")


@needs_view
def test_view_hides_other_hands_objectives_and_deck_order():
    from pygame_core.games.codex import HiddenCard
    g = in_play(13, 3)
    for _ in range(4):
        do_turn(g)
    for me in range(3):
        v = g.view(me)
        assert v.is_view
        assert v.hands[me] == g.hands[me]
        for q in range(3):
            if q == me:
                continue
            assert all(isinstance(c, HiddenCard) for c in v.hands[q])
            assert [(c.type, c.kingdom) for c in v.hands[q]] == \
                [(CARDS[c].type, CARDS[c].kingdom) for c in g.hands[q]]
            assert v.secret[q] is None and all(o is None for o in v.dealt[q])
        assert v.secret[me] == g.secret[me] and v.dealt[me] == g.dealt[me]
        assert v.market == g.market and v.common == g.common and v.points == g.points
        for name in ("resource_deck", "gold_deck"):
            real, seen = getattr(g, name), getattr(v, name)
            assert len(seen) == len(real)
            assert not any(isinstance(c, int) for c in seen), "a view shows the deck order"
            assert (seen[-1].type, seen[-1].kingdom) == (CARDS[real[-1]].type, CARDS[real[-1]].kingdom)
            assert all(c.kingdom is None for c in seen[:-1])
        assert all(o is None for o in v.objective_rest)
        if g.turn == me:
            assert set(v.legal_moves()) == set(g.legal_moves())


@needs_view
def test_determinize_gives_a_full_consistent_game():
    g = in_play(17, 3)
    for _ in range(5):
        do_turn(g)
    me = g.turn
    v = g.view(me)
    samples = []
    for s in range(4):
        d = v.determinize(Rng(s))
        assert not d.is_view
        assert_cards_once(d)
        assert d.hands[me] == g.hands[me] and d.market == g.market and d.secret[me] == g.secret[me]
        for q in range(3):
            assert [(CARDS[c].type, CARDS[c].kingdom) for c in d.hands[q]] == \
                [(CARDS[c].type, CARDS[c].kingdom) for c in g.hands[q]]
            assert d.secret[q] in d.dealt[q]
            if q != me:
                assert not set(d.dealt[q]) & (set(g.common) | set(g.dealt[me]))
        for name in ("resource_deck", "gold_deck"):
            real, got = getattr(g, name), getattr(d, name)
            assert len(got) == len(real)
            assert CARDS[got[-1]].kingdom == CARDS[real[-1]].kingdom
        assert set(d.legal_moves()) == set(g.legal_moves())
        samples.append((d.hands, d.resource_deck))
        rnd = random.Random(s)
        for _ in range(2000):
            if d.is_over:
                break
            d.play(rnd.choice(d.legal_moves()))
        assert d.is_over
    assert len({repr(x) for x in samples}) > 1, "determinize samples the hidden cards"


def test_face_up_draw_written_with_a_leading_zero_is_canonical():
    """``draw 037`` names face-up card 37: either it is malformed, or it is the same move as
    ``draw 37`` (in ``legal_moves``, recorded as ``draw 37`` - section 9's canonical spelling)."""
    g = in_play(1, 2)
    g.play(next(m for m in g.legal_moves() if not m.front))
    c = g.market[0]
    text = f"draw 0{c}"
    try:
        move = g.parse_move(text)
    except InvalidMoveError:
        return
    assert move == DrawMove(str(c)), f"{text!r} parses to {move!r}, not the legal move DrawMove({str(c)!r})"
    assert move in g.legal_moves()
    g.play(text)
    assert g.moves[-1] == f"draw {c}"


@pytest.mark.parametrize("empty", ["resource_deck", "gold_deck"])
def test_one_empty_deck_does_not_trigger_the_end(empty):
    g = in_play(14, 2)
    setattr(g, empty, [])
    for _ in range(6):
        do_turn(g)
    assert not any(e.get("end_triggered") for e in g.events), f"only the {empty} is empty"
    assert not g.is_over and g.turns_left is None
