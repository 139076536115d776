"""The computer levels (pygame_core.levels) and the bridge's ``think`` with an iteration budget."""

import time

import pytest

from pygame_core import levels
from pygame_core.bridge import Session, handle
from pygame_core.bridge.think import MAX_THINK_ITERATIONS
from pygame_core.core import list_games


def ok(session, **req):
    r = handle(req, session)
    assert r["ok"], r
    return r["result"]


def started(game="hex", options=None, players=("human", "mcts"), seed=3, moves=()):
    s = Session()
    ok(s, cmd="new", game=game, options=options or {}, seed=seed, players=list(players))
    for move in moves:
        ok(s, cmd="play", move=move)
    return s


def think_until_done(s, budget, seconds=0.01, limit=10_000):
    """Think in slices with ``budget`` until the bridge says done; every progress seen."""
    seen = []
    for _ in range(limit):
        seen.append(ok(s, cmd="think", seconds=seconds, iterations=budget))
        if seen[-1]["done"]:
            return seen
    raise AssertionError(f"not done after {limit} slices: {seen[-1]}")


def assert_spent_or_settled(s, progress, budget):
    """The search ran its whole budget, or stopped early because the rest of it could not change
    the move (the most visited move cannot be caught up) or the position is solved."""
    left = budget - progress["iterations"]
    agent = s.search["agent"]
    assert left == 0 or progress["solved"] or (left > 0 and agent._decided(agent._root, left)), progress


def test_every_game_has_a_measured_rate_and_levels_that_grow():
    hello = ok(Session(), cmd="hello")
    for game in hello["games"]:
        assert game["id"] in levels.RATES, f"measure {game['id']} with benchmarks/level_rates.py"
        table = game["levels"]
        assert [lv["level"] for lv in table] == list(range(1, len(levels.LEVELS) + 1))
        assert [lv["default"] for lv in table].count(True) == 1
        budgets = [lv["iterations"] for lv in table]
        assert budgets == sorted(set(budgets)) and 1 <= budgets[0] and budgets[-1] <= MAX_THINK_ITERATIONS
        for lv, (name, nominal) in zip(table, levels.LEVELS):
            assert lv["name"] == name and lv["seconds"] == pytest.approx(levels.CAP_FACTOR * nominal)
            assert f"{lv['iterations']:,} playouts" in lv["label"] and lv["label"].startswith(f"Level {lv['level']}")
            assert lv["hint"]["iterations"] <= lv["iterations"] and lv["hint"]["seconds"] <= lv["seconds"]
            # the budget is the measured rate times the nominal time (two significant digits)
            assert lv["iterations"] == pytest.approx(levels.RATES[game["id"]] * nominal, rel=0.05)
    assert {g["id"] for g in list_games()} == set(levels.RATES)


def test_a_budget_is_two_significant_digits_of_the_rate():
    saved = dict(levels.RATES)
    try:
        levels.RATES["hex"] = 12_345
        assert levels.budget("hex", 1.0) == {"iterations": 12_000, "seconds": 3.0}
        assert levels.budget("hex", 0.3)["iterations"] == 3_700
        levels.RATES["hex"] = 3
        assert levels.budget("hex", 0.3)["iterations"] == levels.MIN_BUDGET
        del levels.RATES["hex"]  # a game nobody measured yet still gets levels
        assert levels.budget("hex", 1.0)["iterations"] == levels.DEFAULT_RATE
    finally:
        levels.RATES.clear()
        levels.RATES.update(saved)


def test_think_reaches_exactly_the_budget():
    s = started(options={"size": 11}, players=("human", "mcts"), moves=["f6", "e7", "g5"])  # past the opening book
    first = ok(s, cmd="think", seconds=5, iterations=300)  # one slice: the same search every run
    assert first["done"] and 0 < first["iterations"] <= 300 and not first["solved"]
    assert_spent_or_settled(s, first, 300)


def test_think_in_slices_stops_at_the_budget_and_then_stays_done():
    s = started(options={"size": 7}, moves=["d4"])
    seen = think_until_done(s, 400, seconds=0.001)
    counts = [p["iterations"] for p in seen]
    assert counts == sorted(counts) and counts[-1] <= 400 and len(seen) > 1
    assert_spent_or_settled(s, seen[-1], 400)
    again = ok(s, cmd="think", seconds=0.5, iterations=400)  # done: no more search
    assert again["done"] and again["iterations"] == counts[-1] and again["move"] == seen[-1]["move"]
    # a larger budget for the same position goes on with the same search
    more = think_until_done(s, 1000)
    assert counts[-1] < more[-1]["iterations"] <= 1000
    assert_spent_or_settled(s, more[-1], 1000)


def test_the_same_budget_gives_the_same_move_whatever_the_slices():
    moves = set()
    for seconds in (0.005, 5):
        s = started(options={"size": 7}, moves=["d4"])
        moves.add(think_until_done(s, 500, seconds=seconds)[-1]["move"])
    assert len(moves) == 1


def test_a_budget_counts_each_position_afresh_with_a_reused_tree():
    s = started(options={"size": 7}, moves=["d4"])
    reply = think_until_done(s, 800)[-1]["move"]
    # the answer to the reply: the one the last search looked at most (so a subtree is kept)
    child = next(c for m, c in s.search["agent"]._root.children.items() if str(m) == reply)
    answer = str(max(child.children.items(), key=lambda mc: mc[1].visits)[0])
    ok(s, cmd="play", move=reply)
    ok(s, cmd="play", move=answer)
    seen = think_until_done(s, 300)  # the subtree kept from the last search is not counted
    agent = s.search["agent"]
    assert agent.reused_visits > 0 and agent._root.visits == agent.reused_visits + seen[-1]["iterations"]
    assert_spent_or_settled(s, seen[-1], 300)


def test_a_search_stops_before_its_budget_only_when_done():
    # Hex 3: the solver proves the win long before a large budget
    s = started(options={"size": 3}, players=("mcts", "human"), seed=1)
    last = think_until_done(s, MAX_THINK_ITERATIONS, seconds=0.1)[-1]
    assert last["solved"] and last["iterations"] < MAX_THINK_ITERATIONS
    # a hidden-hand game reaches its budget too, or stops when the best move cannot be caught up
    s = started(game="triominos", players=("ismcts", "human"), seed=2)
    last = think_until_done(s, 60)[-1]
    assert 0 < last["iterations"] <= 60
    assert_spent_or_settled(s, last, 60)


def test_iterations_per_second_is_the_searchs_rate():
    s = started(options={"size": 7}, moves=["d4"])
    start = time.perf_counter()
    seen = think_until_done(s, 300)
    outside = time.perf_counter() - start
    rates = [p["iterations_per_second"] for p in seen]
    assert all(isinstance(r, int) and r > 0 for r in rates)
    # the bridge times only its search, a part of the time measured out here
    assert rates[-1] >= seen[-1]["iterations"] / outside
    # a move without a search (one legal move left, an agent that does not search): no rate
    s = started(options={"size": 5}, players=("astar", "human"))
    quick = ok(s, cmd="think", iterations=100)
    assert quick["done"] and quick["iterations_per_second"] is None


def test_seconds_only_requests_still_think_a_slice_at_a_time():
    s = started(options={"size": 7}, moves=["d4"])
    first = ok(s, cmd="think", seconds=0.05)
    more = ok(s, cmd="think", seconds=0.05, iterations=None)
    assert 0 < first["iterations"] < more["iterations"] and not more["done"]
    assert more["iterations_per_second"] > 0


@pytest.mark.parametrize("bad", [0, -1, MAX_THINK_ITERATIONS + 1, 1.5, 100.0, "100", True, [100], {"n": 1}])
def test_bad_budgets_are_refused_and_change_nothing(bad):
    s = started(options={"size": 7}, moves=["d4"])
    ok(s, cmd="think", seconds=0.02, iterations=50)
    search, before = s.search, ok(s, cmd="state")
    reply = handle({"cmd": "think", "seconds": 0.02, "iterations": bad}, s)
    assert not reply["ok"] and reply["error"]["code"] == "bad_request"
    assert reply["error"]["message"] == f"iterations must be a whole number from 1 to {MAX_THINK_ITERATIONS:,}"
    assert s.search is search and s.search["agent"].last_iterations <= 50
    assert ok(s, cmd="state") == before
