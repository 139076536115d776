"""H-search over every pair of points (``bitboard_hsearch_pairs``) against brute force on small
boards: every VC and SC it keeps, between any two points (two empty cells too), holds against
every defence inside its carrier; a winning VC wins with the opponent to move; no opponent move
off the must-play region saves the opponent; a key wins at once.  And it proves what the anchored
H-search (``bitboard_hsearch``) proves, and more."""

from __future__ import annotations

import pytest

from pygame_core.games.connection.bitboard import hex_core
from pygame_core.games.connection.bitboard_hsearch import hsearch
from pygame_core.games.connection.bitboard_hsearch_pairs import hsearch_pairs

from test_hsearch import _holds as holds, _points, _y_core, check_wins, plays_to
from test_inferior_cells import _sample, _solver


def _holds(core, stones, chains, player, x, y, carrier, first) -> bool:
    """Does the player join points ``x`` and ``y`` playing only in ``carrier`` (the opponent
    first unless ``first``), the empty points counted as its own?  (test_hsearch's check, whose
    first point is an anchor: an empty ``x`` is put among the stones, ``x - nb`` names it.)"""
    nb, nchain = core.nbits, len(chains)
    seed, reached = _points(core, stones, chains, nchain, player)
    own = stones | (1 << x if x < nb else 0)
    return holds(core, own, seed, reached, x - nb, y, carrier, first)


def holds_weak(core, stones, chains, player, x, y, carrier, first) -> bool:
    """The weaker sense of ``edge_strips.py`` (Hex): playing only in ``carrier``, the player ends
    with ``x`` and ``y`` joined, or each joined to the same side, or a chain from side to side
    (its win); the empty points ``x`` and ``y`` counted as its own."""
    nb, nchain = core.nbits, len(chains)
    sides = core.goals[player]
    seed, reached = _points(core, stones, chains, nchain, player)
    base = stones | (1 << x if x < nb else 0) | (1 << y if y < nb else 0)

    def touched(point, group):
        own = {point - nb - nchain} if point >= nb + nchain else set()
        return own | {i for i, side in enumerate(sides) if group & side}

    def goal(mine: int) -> bool:
        s = base | mine
        gx, gy = (core.flood(seed(p, s), s) if seed(p, s) else 0 for p in (x, y))
        if gx and reached(y, gx) or touched(x, gx) & touched(y, gy):
            return True
        return bool(s & sides[0] and core.flood(s & sides[0], s) & sides[1])  # (a win)
    return plays_to(carrier, goal, first)


def _check(core, wins, s0, s1, player, limit=7):
    mine, theirs = (s0, s1) if player == 0 else (s1, s0)
    r = hsearch_pairs(core, mine, theirs, player, budget=100_000)
    checked = 0
    if r.tables is not None:
        chains, nchain, vc, sc = r.tables
        seen = set()
        for table, first in ((vc, False), (sc, True)):
            for x, row in table.items():
                for y, carriers in row.items():
                    if (y, x, first) in seen:
                        continue
                    seen.add((x, y, first))
                    for c in carriers:
                        if c.bit_count() <= limit:
                            weak = (min(x, y), max(x, y), c, int(first)) in r.weak
                            check = holds_weak if weak else _holds
                            assert check(core, mine, chains, player, x, y, c, first), \
                                (s0, s1, player, x, y, c, first, weak)
                            checked += 1
    check_wins(core, wins, s0, s1, player, r)
    return checked, r


@pytest.mark.parametrize("board, count, lo, hi", [
    ("hex4", 60, 3, 9), ("hex5", 20, 10, 16), ("y5", 50, 4, 9), ("y6", 10, 10, 14), ("yr22", 15, 5, 9)])
def test_every_connection_found_holds(board, count, lo, hi):
    core = hex_core(int(board[3:])) if board.startswith("hex") else _y_core(board[1:] if board[1] == "r" else int(board[1:]))
    wins = _solver(core)
    checked = wins_seen = must_seen = 0
    for s0, s1 in _sample(core, count, lo, hi, len(board) + lo + 7):
        for player in (0, 1):
            n, r = _check(core, wins, s0, s1, player)
            checked += n
            wins_seen += r.vc_win is not None or bool(r.sc_wins)
            must_seen += bool(r.must)
    assert checked > 20 * count and wins_seen > count // 10 and must_seen > 0, (checked, wins_seen, must_seen)


def test_edge_templates_and_a_cell_to_cell_bridge():
    """Templates II and IIIa (the ziggurat) between a stone and its side, and the bridge
    between two empty cells (a VC no anchored H-search keeps), come from the base connections."""
    core = hex_core(11)
    w, nb = 12, core.nbits
    for y, size in ((1, 2), (2, 8)):
        r = hsearch_pairs(core, 1 << (y * w + 5), 0, 0)
        chains, nchain, vc, _ = r.tables
        assert min(c.bit_count() for c in vc[nb][nb + nchain]) == size
    r = hsearch_pairs(core, 0, 0, 0, budget=3000)
    vc = r.tables[2]
    a, b = 5 * w + 5, 6 * w + 6  # (5, 5) and (6, 6): a bridge apart
    assert (1 << (5 * w + 6) | 1 << (6 * w + 5)) in vc[a][b]


def test_it_proves_what_the_anchored_search_proves_and_more():
    core = hex_core(5)
    more = 0
    for s0, s1 in _sample(core, 80, 6, 12, 5):
        for player in (0, 1):
            mine, theirs = (s0, s1) if player == 0 else (s1, s0)
            old = hsearch(core, mine, theirs, player)
            new = hsearch_pairs(core, mine, theirs, player, budget=100_000)
            if old.vc_win is not None:
                assert new.vc_win is not None, (s0, s1, player)
            if old.sc_wins:
                assert new.vc_win is not None or new.sc_wins, (s0, s1, player)
            more += (new.vc_win is not None) > (old.vc_win is not None)
    assert more > 0


def test_the_budget_only_finds_less():
    core = hex_core(5)
    w = 6
    stones = 1 << (1 * w + 2) | 1 << (3 * w + 1)  # (2, 1) and (1, 3): a bridge apart, templates II
    assert hsearch_pairs(core, stones, 0, 0).vc_win is not None
    small = hsearch_pairs(core, stones, 0, 0, budget=3)
    assert small.vc_win is None and small.work <= 3


def test_a_lost_root_plays_the_most_blocking_move():
    """Blue to move on Hex 5 against Red's b3 and d2 (a bridge, and an edge template at each end:
    Red has won whatever Blue does).  The root is proven lost, and instead of the most visited of
    a few dozen visits the agent plays the cell in the most of Red's winning connections."""
    import pygame_core
    from pygame_core.agents.mcts import MCTSAgent
    from pygame_core.games.connection.hsearch import most_blocking

    assert most_blocking([0b0110, 0b0011, 0b1010], 0b1111) == 1  # (in all three)
    assert most_blocking([0b0110], 0b1001) == -1
    g = pygame_core.new_game("hex", seed=0, size=5)
    for cell in ("e5", "b3", "a5", "d2"):
        g.play(g.parse_move(cell))
    agent = MCTSAgent(seed=1)
    agent.lost_blocking = True  # (off by default: docs/benchmarks.md)
    agent.start(g)
    agent.think(iterations=500)
    assert agent._root.proven == 0.0
    move = agent.best_move()
    core, s0, s1 = g.bit_state()
    theirs = hsearch_pairs(core, s1, s0, 1)
    union = theirs.vc_win
    for c in theirs.sc_wins:
        union |= c
    assert union >> core.positions[g.move_cell(move)] & 1 and move == agent.lost_move()
    assert g.move_cell(move) in {g.move_cell(g.parse_move(c)) for c in ("a3", "a4", "c2", "c3", "e1", "e2")}
    agent.lost_blocking = False  # (the default: the search's own choice, no blocking move)
    assert agent.lost_move() is None and agent.best_move() in agent._legal


def test_the_root_children_run_the_pairs_search_from_pairs_children_visits():
    """``pairs_children``: a child of the root runs the search over every pair at its first
    ranking from that many visits (before ``hsearch_visits``), deeper nodes do not; 0: never."""
    from pygame_core.agents.mcts import MCTSAgent
    from pygame_core.games.connection.mcts import BitNode

    agent = MCTSAgent(seed=1)
    root = BitNode(None, None, None)
    child, grandchild = BitNode("a1", None, 0), BitNode("b2", None, 1)
    for node in (root, child, grandchild):
        node.open()
    child.visits = grandchild.visits = 64
    assert not agent._hsearch_due(child, root) and child.hs == 0  # (off by default)
    agent.pairs_children = 64
    assert agent._hsearch_due(child, root) and child.hs == 2
    assert not agent._hsearch_due(child, root)  # (once)
    assert not agent._hsearch_due(grandchild, child) and grandchild.hs == 0
    grandchild.visits = agent.hsearch_visits
    assert agent._hsearch_due(grandchild, child) and grandchild.hs == 1


@pytest.mark.parametrize("budget, open_ended, expect, pairs", [
    ({"iterations": 2000}, False, 2000, None),  # 0.45 x 2,000 = 900 < hsearch_budget: the anchored search
    ({"iterations": 10000}, False, 10000, 4500),
    ({"iterations": 40000}, False, 40000, 12000),  # (at most pairs_budget)
    ({"seconds": 0.2}, False, 5800, 2610),  # a time budget: at the game's CPython rate (29,000 a second)
    ({"iterations": 300}, True, None, 12000),  # open-ended (the analysis board): the full analysis
])
def test_the_roots_analysis_fits_the_moves_budget(monkeypatch, budget, open_ended, expect, pairs):
    """The root's search over every pair gets ``pairs_share`` connections per iteration the
    move's first think expects (``expected``), at most ``pairs_budget``; below ``hsearch_budget``
    the root runs the anchored search (at 0.3 CPU s a move the full analysis took up to 2.6 CPU s,
    and the search that fits it beat the one that did not 51/80 in self-play)."""
    import pygame_core
    from pygame_core import levels
    from pygame_core.agents.mcts import MCTSAgent
    from pygame_core.games.connection import hsearch as knowledge

    monkeypatch.setitem(levels.RATES, "hex", 29000)
    budgets = []

    def spy(core, stones, other, player, budget=6000):
        budgets.append(budget)
        return hsearch_pairs(core, stones, other, player, budget)

    monkeypatch.setattr(knowledge, "hsearch_pairs", spy)
    g = pygame_core.new_game("hex", seed=0)
    for cell in ("f6", "e7", "c3"):
        g.play(g.parse_move(cell))
    agent = MCTSAgent(seed=1)
    agent.open_ended = open_ended
    agent.start(g)
    ticks = iter(range(10**6))
    agent.clock = lambda: next(ticks) * 0.001  # (a time budget of 0.2 s: some 200 iterations, on any machine)
    agent.think(**budget)
    root = agent._root
    assert root.visits > agent.rank_first
    if pairs is None:
        assert root.hs == 1 and budgets == []
    else:
        assert root.hs == 2 and budgets and set(budgets) == {pairs}
    assert agent.expected == expect
    agent.think(iterations=50)  # (a later slice of the same move keeps the move's budget)
    assert agent.expected == expect


def _sliced_agent(moves, sliced: bool):
    import pygame_core
    from pygame_core.agents.mcts import MCTSAgent
    g = pygame_core.new_game("hex", seed=0)
    for cell in moves:
        g.play(g.parse_move(cell))
    agent = MCTSAgent(seed=1)
    agent.open_ended, agent.sliced = True, sliced
    ticks = iter(range(10**9))
    agent.clock = lambda: next(ticks) * 0.001  # (each look at the clock: a millisecond, on any machine)
    agent.start(g)
    return agent, g


SLICED_POSITION = ("f6", "e7", "c3", "h4", "d9", "g8")


def test_a_sliced_search_stops_in_the_roots_analysis_and_ends_as_in_one_piece():
    """The page thinks in slices (``sliced``, bridge/think.py and analysis.py): the root's
    analysis (H-search over every pair, decompositions; seconds in Pyodide) stops at a slice's
    end and goes on at the next, so "stop" is prompt; with an iteration budget the search ends
    exactly as it does in one piece (the same iterations, the same statistics)."""
    whole, _ = _sliced_agent(SLICED_POSITION, False)
    whole.think(iterations=1000, seconds=0.05)  # (in one piece: the analysis overruns the slice)
    assert whole.last_iterations > whole.rank_first + 1 and whole._root_job is None and whole._root.hs == 2
    whole.think(iterations=1000 - whole.last_iterations)
    agent, _ = _sliced_agent(SLICED_POSITION, True)
    empty = calls = 0
    while agent.last_iterations < whole.last_iterations:
        done = agent.think(iterations=whole.last_iterations - agent.last_iterations, seconds=0.005)
        calls += 1
        if not done:
            empty += 1
            assert agent._root_job is not None
        assert calls < 10_000
    assert empty >= 3  # (the analysis ran over several slices)
    assert agent._root_job is None and agent._root.hs == 2 and agent.best_move() == whole.best_move()
    seen = {m: (c.visits, c.wins, c.proven) for m, c in agent._root.children.items()}
    assert seen == {m: (c.visits, c.wins, c.proven) for m, c in whole._root.children.items()}


def test_a_new_position_drops_an_analysis_stopped_at_a_slices_end():
    """A search started on another position (the page moved on) forgets the analysis it had
    stopped; the new root gets its own, which runs to its end over the next slices."""
    agent, g = _sliced_agent(SLICED_POSITION, True)
    for _ in range(1000):
        agent.think(seconds=0.005)
        if agent._root_job is not None:
            break
    assert agent._root_job is not None  # (a slice ended inside the root's analysis)
    g.play(g.parse_move("e4"))
    agent.start(g)
    assert agent._root_job is None
    for _ in range(10_000):
        if getattr(agent._root, "rank_at", 0) > agent.rank_first:  # (its first ranking, the analysis done)
            break
        agent.think(seconds=0.005)
    assert agent._root_job is None and agent._root.hs == 2 and agent.last_iterations > agent.rank_first


ROOT_CHILDREN_POSITION = ("e4", "d1", "f6", "b6", "f4", "c4", "f3", "e1")


def test_root_children_proven_lost_by_their_own_search_over_every_pair():
    """Hex 6 after e4 d1 f6 b6 f4 c4 f3 e1, Blue to move (on Hex 5 after d5 b1 d1 b5, the position
    of this test before the pairs search's longer lists, the root's own search now proves those
    children lost first).  With ``pairs_children = 1`` each child of the root
    runs the search over every pair at its first ranking (32 visits, long before
    ``hsearch_visits``); the children it proves lost leave Red, to move, semi-connected (checked
    again here on the same filled-in position), and the search plays none of them.  Without the
    setting no child below ``hsearch_visits`` has run it."""
    import pygame_core
    from pygame_core.agents.mcts import MCTSAgent
    from pygame_core.games.connection.bitboard_ica import fill_in

    g = pygame_core.new_game("hex", seed=0, size=6)
    for cell in ROOT_CHILDREN_POSITION:
        g.play(g.parse_move(cell))
    core, s0, s1 = g.bit_state()
    for children in (0, 1):
        agent = MCTSAgent(seed=3)
        agent.pairs_children = children
        agent.start(g)
        agent.think(iterations=3000)
        kids = agent._root.kids.values()
        early = [c for c in kids if c.window is not None and c.visits < agent.hsearch_visits and c.hs == 2]
        if not children:
            assert not early
            continue
        lost = [c for c in early if c.proven == 0.0]
        assert lost
        for c in lost:
            b = s0 | 1 << c.pos
            f0, f1, dead = fill_in(core, b, s1, agent.ica_rounds, agent.dead_regions)
            r = hsearch_pairs(core, s1 | f1 | dead, b | f0, 1, agent.pairs_budget)
            assert r.vc_win is not None or r.sc_wins, g.format_move(c.move)
        assert agent.best_move() not in {c.move for c in lost}


def test_pairs_mover_only_searches_every_pair_for_the_player_to_move_alone(monkeypatch):
    """``pairs_mover_only``: below the root the search over every pair runs for the player to
    move (what proves a child lost: the losing move) and the anchored one for the player who
    moved; the root keeps both.  The children it proves lost are still those the pairs search
    finds Red semi-connected in (the position above)."""
    import pygame_core
    from pygame_core.agents.mcts import MCTSAgent
    from pygame_core.games.connection import hsearch as knowledge
    from pygame_core.games.connection.bitboard_ica import fill_in

    calls, where = [], []

    def spy(kind, search):
        def run(core, stones, other, player, budget=6000):
            calls.append((where[-1], kind, player))
            return search(core, stones, other, player, budget)
        return run

    monkeypatch.setattr(knowledge, "hsearch_pairs", spy("pairs", knowledge.hsearch_pairs))
    monkeypatch.setattr(knowledge, "hsearch", spy("anchored", knowledge.hsearch))
    g = pygame_core.new_game("hex", seed=0, size=6)
    for cell in ROOT_CHILDREN_POSITION:
        g.play(g.parse_move(cell))
    core, s0, s1 = g.bit_state()
    agent = MCTSAgent(seed=3)
    agent.pairs_children, agent.pairs_mover_only = 1, True
    agent.open_ended = True  # (the root's full analysis, whatever the budget)
    node_search = agent._hsearch

    def tagged(node, empty, s):
        where.append("root" if node.player is None else "child" if node.hs == 2 else "deeper")
        return node_search(node, empty, s)

    agent._hsearch = tagged
    agent.start(g)
    agent.think(iterations=3000)
    at_root = {(kind, player) for at, kind, player in calls if at == "root"}
    assert at_root == {("pairs", 0), ("pairs", 1)}  # (the root: both players, Blue to move)
    below = {(kind, player) for at, kind, player in calls if at == "child"}
    assert below == {("pairs", 1), ("anchored", 0)}  # (Blue moved into every child)
    lost = [c for c in agent._root.kids.values() if c.window is not None and c.hs == 2 and c.proven == 0.0]
    assert lost
    for c in lost:
        b = s0 | 1 << c.pos
        f0, f1, dead = fill_in(core, b, s1, agent.ica_rounds, agent.dead_regions)
        r = knowledge.hsearch_pairs(core, s1 | f1 | dead, b | f0, 1, agent.pairs_budget)
        assert r.vc_win is not None or r.sc_wins, g.format_move(c.move)
    assert agent.best_move() not in {c.move for c in lost}


@pytest.mark.parametrize("escape", ["e10", "g10", "j10"])
def test_a_second_row_ladder_to_an_escape_is_a_virtual_connection(escape):
    """Hex 11: Blue c10 on the second row from Blue's bottom side, Red b11 under it: Blue's ladder
    along row 10 (Red blocking on row 11) reaches a Blue escape stone on row 10, so c10 is joined
    to the side, through the ladder's cells (no VC without the escape: the ladder alone loses)."""
    import pygame_core

    g = pygame_core.new_game("hex", seed=0, size=11)
    core, _, _ = g.bit_state()

    def bits(cells):
        return sum(1 << core.positions[g.move_cell(g.parse_move(c))] for c in cells)

    ladder = bits(["c10"])
    for blue, joined in ((["c10", escape], True), (["c10"], False)):
        r = hsearch_pairs(core, bits(blue), bits(["b11"]), 0)
        chains, nchain, vc, _ = r.tables
        a = next(i for i, chain in enumerate(chains) if chain & ladder)
        bottom = core.nbits + nchain + 1
        carriers = vc.get(core.nbits + a, {}).get(bottom, [])
        assert bool(carriers) == joined, (blue, carriers)
        if joined:  # the row-11 cells from c11 to the escape are in it
            row = bits([f"{chr(c)}11" for c in range(ord("c"), ord(escape[0]))])
            assert any(c & row == row for c in carriers)


# the semi-connections our search keeps between Blue's top side and k5 in a position of our games
# against MoHex (won set, the defaults' seed-84 game after i9): MoHex's VC builder joins the two
# within F13 below, the union of five of them; the combinations the old OR rule looked at (the
# new SC first, the list's order) never reached it
_SEMIS_K5 = """d5 e5 h7 i6 j6|d5 h7 i4 i5 i6 j3 j4 j5 j6|e5 h7 i4 i5 i6 j3 j4 j5 j6|d5 e5 i4 j3 j4 j5 k4
d5 e5 i5 j3 j4 j5 k4|d5 e5 i4 i5 j4 j5 k4|d5 e5 i6 j5 j6|d5 e5 i4 i5 j3 j4 j5|d5 e5 i5 i6 j5
d5 i6 j2 j3 j4 j5 j6 k1 k2 k3 k4|d5 h7 i6 j2 j3 j4 j6 k1 k2 k3 k4|d5 h7 i6 j2 j3 j4 j5 j6 k1 k2 k4
d5 i5 i6 j2 j3 j4 j5 k1 k2 k3 k4|d5 h7 i5 i6 j2 j3 j4 j5 j6 k1 k2|e5 i6 j2 j3 j4 j5 j6 k1 k2 k3 k4
e5 h7 i6 j2 j3 j4 j6 k1 k2 k3 k4|e5 h7 i6 j2 j3 j4 j5 j6 k1 k2 k4|e5 i5 i6 j2 j3 j4 j5 k1 k2 k3 k4
e5 h7 i5 i6 j2 j3 j4 j5 j6 k1 k2|d5 e5 i4 i6 j3 j4 j5|d5 h7 i4 i6 j3 j4 j5 j6 k4|e5 h7 i4 i6 j3 j4 j5 j6 k4
d5 h7 i5 i6 j3 j4 j5 j6 k4|e5 h7 i5 i6 j3 j4 j5 j6 k4|d5 h7 i4 i5 i6 j4 j5 j6 k4|e5 h7 i4 i5 i6 j4 j5 j6 k4
d5 i4 i5 j2 j3 j4 j5 k1 k2 k3 k4|e5 i4 i5 j2 j3 j4 j5 k1 k2 k3 k4|d5 e5 i4 i5 j2 j3 j4 k1 k2 k3 k4
d5 e5 i6 j2 j3 j4 j5 k1 k2 k3 k4"""
_F13 = "d5 e5 i4 i5 i6 j2 j3 j4 j5 k1 k2 k3 k4"


def _carriers(text: str, names: dict) -> list:
    out = []
    for part in text.replace("\n", "|").split("|"):
        mask = 0
        for name in part.split():
            mask |= 1 << names.setdefault(name, len(names))
        out.append(mask)
    return out


def _is_or(semis: list, union: int) -> bool:
    """Is ``union`` a union of some of ``semis`` with nothing in common (the OR rule)?  The
    members inside it must have an empty intersection (and then their union lies inside it)."""
    inter = -1
    for c in semis:
        if c & ~union == 0:
            inter &= c
    return inter == 0


def _pair_vcs(semis: list) -> list:
    """The VCs a pair gets when ``semis`` come one by one (``_Tables.add_sc``)."""
    from pygame_core.games.connection.bitboard_hsearch_pairs import _Tables
    tab = _Tables(0)
    for c in semis:
        tab.add_sc(0, 1, c, -1)
    return tab.get(tab.vc, 0, 1) or []


def test_the_narrowing_or_rule_finds_the_small_union_the_combinations_missed(monkeypatch):
    from pygame_core.games.connection import bitboard_hsearch_pairs as hp
    names: dict = {}
    semis = _carriers(_SEMIS_K5, names)
    target = _carriers(_F13, names)[0]
    for order in (semis, semis[::-1], sorted(semis, key=int.bit_count)):
        fulls = _pair_vcs(order)
        assert all(_is_or(semis, u) for u in fulls)
        assert any(u & ~target == 0 for u in fulls)
    monkeypatch.setattr(hp, "NARROWING", False)  # the combinations alone miss it
    assert not any(u & ~target == 0 for u in _pair_vcs(semis))


@pytest.mark.parametrize("seed", range(40))
def test_every_narrowing_union_is_an_or_of_the_semis(seed):
    import random
    from pygame_core.games.connection import bitboard_hsearch_pairs as hp
    rng = random.Random(seed)
    cells = rng.randint(4, 14)
    semis = [sum(1 << i for i in range(cells) if rng.random() < 0.4) | 1 << rng.randrange(cells)
             for _ in range(rng.randint(2, 9))]
    new, rest = semis[0], semis[1:]
    inter = -1
    for c in semis:
        inter &= c
    found = hp._narrowing(rest, new)
    if inter:  # (the caller checks this first; the function itself still finds nothing false)
        assert all(_is_or(semis, u) for u in found)
        return
    assert found and all(_is_or(semis, u) for u in found)
    # each cell outside the new SC that some OR of the semis misses is missed by one found union
    # (what narrows; a cell of the new SC is left to the unions found before it came)
    from itertools import combinations
    avoidable = 0
    for r in range(1, len(semis) + 1):
        for combo in combinations(semis, r):
            i, u = -1, 0
            for c in combo:
                i &= c
                u |= c
            if not i:
                avoidable |= ((1 << cells) - 1) & ~u
    missed = 0
    for u in found:
        missed |= ((1 << cells) - 1) & ~u
    union_all = 0
    for c in semis:
        union_all |= c
    assert missed & union_all & ~new == avoidable & union_all & ~new
    # given the VCs found before (their intersection), only its cells are tried
    cands = found[0]
    for u in hp._narrowing(rest, new, cands):
        assert _is_or(semis, u) and u not in found[:1]
