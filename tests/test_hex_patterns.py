"""Hex local patterns (``hex_patterns``) and their learner (``build_scripts/learn_patterns.py``):
a pattern means the same for both players and both half-turns, the bitboard reading equals the
rules-board one, the learner is deterministic and refuses bad input with a short message, and
the search's prior hook reads a table when there is one."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from pygame_core.games.connection import hex_patterns as hp
from pygame_core.games.connection.bitboard import hex_core

ROOT = Path(__file__).resolve().parents[1]
LEARN = ROOT / "build_scripts" / "learn_patterns.py"


def _board(size, seed):
    rnd = random.Random(seed)
    return [rnd.choice((-1, -1, 0, 1)) for _ in range(size * size)]


def test_bit_codes_equal_board_codes():
    for size in (3, 6, 11):
        core, w = hex_core(size), size + 1
        for seed in range(30):
            cells = _board(size, seed)
            s = [0, 0]
            for i, v in enumerate(cells):
                if v >= 0:
                    s[v] |= 1 << ((i // size) * w + i % size)
            for me in (0, 1):
                reads = hp.slots(size)[me]
                for i, v in enumerate(cells):
                    if v < 0:
                        x, y = i % size, i // size
                        assert hp.codes(cells, size, x, y, me) == hp.bit_codes(reads[y * w + x], s[me], s[1 - me])
                        assert hp.code(cells, size, x, y, me) == hp.bit_code(reads[y * w + x], s[me], s[1 - me])
        assert core.patterns == ("hex", size)


def test_a_pattern_means_the_same_for_both_players_and_both_half_turns():
    size = 7
    for seed in range(30):
        cells = _board(size, seed)
        swapped = [-1] * (size * size)  # transposed, colours exchanged: the same position for Red
        turned = [-1] * (size * size)  # a half-turn
        for i, v in enumerate(cells):
            x, y = i % size, i // size
            swapped[x * size + y] = -1 if v < 0 else 1 - v
            turned[(size - 1 - y) * size + (size - 1 - x)] = v
        for i, v in enumerate(cells):
            if v < 0:
                x, y = i % size, i // size
                for me in (0, 1):
                    c = hp.codes(cells, size, x, y, me)
                    assert c == hp.codes(swapped, size, y, x, 1 - me)
                    assert c == hp.codes(turned, size, size - 1 - x, size - 1 - y, me)


def test_large_patterns_tell_a_bridge_from_a_gap():
    """The six bridge cells are read: a cell between two of the mover's stones a bridge apart
    differs from one beside a lone stone; off-board reads name whose side it is."""
    size = 5
    a = [-1] * 25
    a[2 * 5 + 1] = a[2 * 5 + 3] = 0  # b3 and d3: not a bridge, c3 between them in a line
    b = [-1] * 25
    b[2 * 5 + 1] = 0  # b3 alone
    assert hp.codes(a, size, 2, 2, 0)[0] != hp.codes(b, size, 2, 2, 0)[0]
    c = [-1] * 25
    c[1 * 5 + 3] = 0  # d2: a bridge cell of b3 (offset (2, -1)), not a neighbour of c3's... read at b3
    d = [-1] * 25
    d[4 * 5 + 4] = 0  # e5: far from b3
    assert hp.codes(c, size, 1, 2, 0)[0] == hp.codes(d, size, 1, 2, 0)[0]  # the small ring sees neither
    assert hp.codes(c, size, 1, 2, 0)[1] != hp.codes(d, size, 1, 2, 0)[1]  # the large one sees d2
    top, left = hp.reads(b, size, 2, 0, 0), hp.reads(b, size, 0, 2, 0)
    assert hp.MY_SIDE in top and hp.THEIR_SIDE not in top  # Blue joins the top and bottom rows
    assert hp.THEIR_SIDE in left and hp.MY_SIDE not in left


def test_near_classes_are_the_same_for_both_players():
    for dx, dy in hp.DIRS:
        assert hp.near(5 + dx, 5 + dy, 5, 5) == hp.near(5 + dy, 5 + dx, 5, 5) == hp.NEIGHBOUR
    for dx, dy in hp.BRIDGES:
        assert hp.near(5 + dx, 5 + dy, 5, 5) == hp.near(5 + dy, 5 + dx, 5, 5) == hp.BRIDGE
    assert hp.near(7, 5, 5, 5) == hp.LINE and hp.near(8, 5, 5, 5) == hp.FAR and hp.near(6, 6, 5, 5) == hp.BRIDGE


def _learn(tmp_path, lines, *extra):
    games = tmp_path / "g.jsonl"
    games.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "t.py"
    r = subprocess.run([sys.executable, str(LEARN), str(games), "--out", str(out), *extra], capture_output=True,
                       text=True, timeout=120)
    return r, out


def test_the_learner_finds_what_the_games_prefer(tmp_path):
    """Games in which every reply is a neighbour of the move before it: the learned strength of
    a neighbour of the last move is far above a far cell's, and a held-out game is predicted
    better than at random."""
    rnd = random.Random(5)
    lines = []
    for _ in range(30):
        x, y = rnd.randrange(11), rnd.randrange(11)
        taken = {(x, y)}
        moves = [f"{chr(97 + x)}{y + 1}"]
        for _ in range(20):
            options = [(x + dx, y + dy) for dx, dy in hp.DIRS
                       if 0 <= x + dx < 11 and 0 <= y + dy < 11 and (x + dx, y + dy) not in taken]
            if not options:
                break
            x, y = rnd.choice(options)
            taken.add((x, y))
            moves.append(f"{chr(97 + x)}{y + 1}")
        lines.append(json.dumps({"moves": moves}))
    r, out = _learn(tmp_path, lines, "--min-seen", "5")
    assert r.returncode == 0, r.stderr
    assert "held out 6 games: top-1" in r.stdout
    scope: dict = {}
    exec(compile(out.read_text(encoding="utf-8"), "t.py", "exec"), scope)
    small, large, near = hp.decode(scope["DATA"])
    assert len(near) == hp.NEAR
    assert near[hp.NEIGHBOUR] > 8 * near[hp.FAR] and near[hp.NEIGHBOUR] > 4 * near[hp.BRIDGE]


def test_the_learner_crosses_the_two_distance_classes_into_the_third_feature(tmp_path):
    """Games in which every move is on the mover's best way (two-distance class 0, as
    ``twodist.cell_classes`` reads it) far from the last move: the learned strength of such a
    far cell is far above that of a far cell off every good way (class 3), whatever the
    opponent's class; and the search's prior reads them through the same classes."""
    from pygame_core.games.connection import twodist
    from pygame_core.games.connection.bitboard import hex_core
    rnd = random.Random(6)
    core, w, k = hex_core(11), 12, twodist.K
    lines = []
    for _ in range(30):
        s, moves = [0, 0], []
        for i in range(24):
            me = i % 2
            pairs = twodist.cell_classes(core, s[me], s[1 - me], me)
            best = sorted(p for p, c in pairs.items() if c // k == 0)
            p = rnd.choice(best)
            s[me] |= 1 << p
            moves.append(f"{chr(97 + p % w)}{p // w + 1}")
        lines.append(json.dumps({"moves": moves}))
    r, out = _learn(tmp_path, lines, "--min-seen", "5", "--two-distance")
    assert r.returncode == 0, r.stderr
    scope: dict = {}
    exec(compile(out.read_text(encoding="utf-8"), "t.py", "exec"), scope)
    model = hp.decode(scope["DATA"])
    near = model[2]
    assert len(near) == hp.NEAR * k * k and hp.classes_per_near(model) == k * k
    far = hp.FAR * k * k
    for theirs in range(k):
        assert near[far + theirs] > 4 * near[far + (k - 1) * k + theirs]
    # the search's prior with this table: the mover's best ways far above its worst
    import pygame_core
    from pygame_core.agents.mcts import MCTSAgent
    g = pygame_core.new_game("hex", seed=0, size=11)
    for name in json.loads(lines[0])["moves"][:9]:
        g.play(g.parse_move(name))
    agent = MCTSAgent(seed=1)
    agent.start(g)
    agent.pattern_prior = 10.0
    saved = dict(hp._TABLES)
    hp._TABLES["hex"] = model
    try:
        st = list(agent._stones)
        prior = agent._pattern_prior(agent._root, st)
    finally:
        hp._TABLES.clear()
        hp._TABLES.update(saved)
    pairs = twodist.cell_classes(core, st[1], st[0], 1)
    best = [prior[p] for p, c in pairs.items() if c // k == 0]
    worst = [prior[p] for p, c in pairs.items() if c // k == k - 1]
    assert best and worst and sum(best) / len(best) > 2 * sum(worst) / len(worst)
    # ... each cell exactly: its patterns' strength times that of (where it lies from the last
    # move, its class pair), the near class worked out from the coordinates
    base = hp.base_strengths(model, 11, st[1], st[0], core.full & ~(st[0] | st[1]), 1)
    last = agent._root.pos
    r = {p: base[p] * near[hp.near(p % w, p // w, last % w, last // w) * k * k + c] for p, c in pairs.items()}
    mean = sum(r.values()) / len(r)
    for p, v in r.items():
        assert abs(prior[p] - 10 * (v / mean) / (1 + v / mean)) < 1e-3


def test_the_learner_is_deterministic_and_its_table_loads(tmp_path):
    lines = [json.dumps({"moves": ["a1", "f6", "f5", "e6"], "winner": 0}),
             json.dumps({"history": ["k11", "b2", "c3"], "ours_seat": 1}), "junk", json.dumps({"moves": ["z9"]})]
    outs = []
    for _ in range(2):
        r, out = _learn(tmp_path, lines, "--min-seen", "1")
        assert r.returncode == 0, r.stderr
        assert "2 hex games, 4 positions" in r.stdout and r.stderr.count("not a game line, skipped") == 2
        outs.append(out.read_text(encoding="utf-8"))
    assert outs[0] == outs[1]
    scope: dict = {}
    exec(compile(outs[0], "t0.py", "exec"), scope)
    small, large, near = hp.decode(scope["DATA"])
    assert len(small) == hp.CODES and max(small) > 1.0 > min(small) and len(near) == hp.NEAR
    # every large pattern of the learned moves is in the table (each seen at least once)
    cells = [-1] * 121
    cells[5 * 11 + 5] = 0  # f6 after a1's... (the first move is a1; f6 answers it)
    cells[0] = 0
    cells[5 * 11 + 5] = 1
    assert hp.codes(cells, 11, 4, 5, 0)[1] in large  # e6... f5 was Blue's third move: seen then
    for flag in (["--min-seen", "0"], ["--rounds", "x"]):
        r, _ = _learn(tmp_path, lines, *flag)
        assert r.returncode == 2 and len(r.stderr.strip().splitlines()[-1]) < 160
    r = subprocess.run([sys.executable, str(LEARN), str(tmp_path / "absent.jsonl")], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 2 and "cannot read" in r.stderr.strip().splitlines()[-1]


def test_the_search_reads_a_model_through_its_prior_hook(monkeypatch):
    import pygame_core
    from pygame_core.agents.mcts import MCTSAgent
    g = pygame_core.new_game("hex", seed=0, size=7)
    g.play(g.parse_move("b2"))  # (not decided: Red to move)
    agent = MCTSAgent(seed=1)
    agent.start(g)
    assert agent._pattern_prior(agent._root, list(agent._stones)) is None or hp.weights() is not None
    monkeypatch.setitem(hp._TABLES, "hex", ([1.0] * hp.CODES, {}, (1.0,) * hp.NEAR))
    agent.pattern_prior = 10.0
    prior = agent._pattern_prior(agent._root, list(agent._stones))
    empty = [p for p in range(7 * 8) if p % 8 < 7 and p != 9]  # (b2 is bit 9)
    assert {prior[p] for p in empty} == {5.0}  # every cell as strong: half of 10 playouts won
    near = [1.0] * hp.NEAR
    near[hp.NEIGHBOUR] = 9.0
    monkeypatch.setitem(hp._TABLES, "hex", ([1.0] * hp.CODES, {}, tuple(near)))
    prior = agent._pattern_prior(agent._root, list(agent._stones))
    w = 8  # (bit positions: y * (size + 1) + x; b2 is (1, 1))
    around = {(1 + dy) * w + 1 + dx for dx, dy in hp.DIRS}
    assert {p for p in empty if prior[p] > 5.0} == around  # the six neighbours of b2 above the mean
    agent.think(iterations=500)
    assert agent.best_move() in g.legal_moves()
    assert agent._root.prior, "the root keeps its prior for every later ranking"
    blank = MCTSAgent(seed=1)  # no game learned from shows the empty board: no prior there
    blank.pattern_prior = 10.0
    blank.start(pygame_core.new_game("hex", seed=0, size=7))
    assert blank._pattern_prior(blank._root, list(blank._stones)) is None


def test_strengths_from_the_grandparent_equal_strengths_read_afresh():
    """The search reads a node's pattern strengths from its grandparent's, again only near the two
    stones played since: the same as reading every cell, and the prior the same as
    :func:`hex_patterns.strengths` normalised, on random positions of Hex 11 and 5."""
    from pygame_core.agents.mcts import MCTSAgent
    import pygame_core
    model = ([1.0 + (c % 7) / 3 for c in range(hp.CODES)], {}, (1.0, 4.0, 2.5, 1.5))
    for size in (5, 11):
        core = hex_core(size)
        w = size + 1
        cells = [y * w + x for y in range(size) for x in range(size)]
        large = {}
        for seed in range(20):
            rnd = random.Random(seed)
            rnd.shuffle(cells)
            stones = [0, 0]
            k = rnd.randrange(0, len(cells) - 3)
            for i, p in enumerate(cells[:k]):
                stones[i % 2] |= 1 << p
            me = k % 2
            empty = core.full & ~(stones[0] | stones[1])
            if seed == 0:  # every large code of this position gets a strength of its own
                for p in range(core.full.bit_length()):
                    if empty >> p & 1:
                        large[hp.bit_codes(hp.slots(size)[me][p], stones[me], stones[1 - me])[1]] = 1 + p % 5
            m = (model[0], large, model[2])
            grand = hp.base_strengths(m, size, stones[me], stones[1 - me], empty, me)
            a, b = cells[k], cells[k + 1]  # me plays a, the opponent b
            s2 = list(stones)
            s2[me] |= 1 << a
            s2[1 - me] |= 1 << b
            e2 = empty & ~(1 << a) & ~(1 << b)
            fresh = hp.base_strengths(m, size, s2[me], s2[1 - me], e2, me)
            assert hp.base_strengths(m, size, s2[me], s2[1 - me], e2, me, grand, (a, b)) == fresh
    # the search's prior: strengths() with the last move's factor, normalised to mean 1
    g = pygame_core.new_game("hex", seed=0, size=5)
    for name in ("c3", "b4", "d2"):
        g.play(g.parse_move(name))
    agent = MCTSAgent(seed=1)
    agent.start(g)
    agent.pattern_prior = 10.0
    saved = dict(hp._TABLES)
    from pygame_core.games.connection import twodist
    crossed = (model[0], {}, tuple(1.0 + (i * 7 % 11) / 4 for i in range(hp.NEAR * 16)))
    try:
        for m in (model, crossed):  # (the third feature crossed with the two-distance classes)
            hp._TABLES["hex"] = m
            root = agent._root
            s = list(agent._stones)
            prior = agent._pattern_prior(root, s)
            empty = agent._core.full & ~(s[0] | s[1])
            pairs = twodist.cell_classes(agent._core, s[1], s[0], 1) if m is crossed else None
            gam = hp.strengths(m, 5, s[1], s[0], empty, 1, root.pos, pairs)
            assert len(set(gam.values())) > 3
            mean = sum(gam.values()) / len(gam)
            for p, v in gam.items():
                r = v / mean
                assert abs(prior[p] - 10 * r / (1 + r)) < 1e-4
    finally:
        hp._TABLES.clear()
        hp._TABLES.update(saved)


# ---- Y: the regular triangle, sides shared, patterns one with their twelve turns and reflections

def test_the_twelve_symmetries_are_a_group_that_keeps_neighbours_and_bridges():
    assert len(set(hp.TURNS)) == 12 and hp.TURNS[0] == tuple(range(12))
    for src in hp.TURNS:  # a symmetry maps neighbours to neighbours and a bridge cell to the one
        for i in range(6):  # between the images of its two neighbours
            a, b = src.index(i), src.index((i + 1) % 6)
            assert src.index(6 + i) in (6 + a, 6 + b) and abs(a - b) in (1, 5)
    rnd = random.Random(3)
    for _ in range(300):
        d = [rnd.randrange(4) for _ in range(12)]
        c = hp.canonical_turns(d)
        for src in hp.TURNS:
            assert hp.canonical_turns([d[j] for j in src]) == c
    # distinct classes stay distinct: a lone own stone beside the cell differs from a bridge
    one = [hp.MINE] + [hp.EMPTY] * 11
    bridge = [hp.EMPTY] * 6 + [hp.MINE] + [hp.EMPTY] * 5
    assert hp.canonical_turns(one)[1] != hp.canonical_turns(bridge)[1]
    assert hp.canonical_turns(one)[0] != hp.canonical_turns(bridge)[0] == hp.canonical_turns([0] * 12)[0]


def _y_board(n, seed):
    rnd = random.Random(seed)
    cells = [-1] * (n * n)
    for x, y in hp.geometry("y", n).cells:
        cells[y * n + x] = rnd.choice((-1, -1, 0, 1))
    return cells


def test_y_bit_codes_equal_board_codes_and_the_triangle_symmetries_keep_them():
    import pygame_core
    for n in (4, 7, 13):
        geo = hp.geometry("y", n)
        game = pygame_core.new_game("y", seed=0, size=n)
        core = game.bit_state()[0]
        assert core.patterns == ("y", n) and len(geo.cells) == n * (n + 1) // 2
        w = n + 1
        for seed in range(20):
            cells = _y_board(n, seed)
            s = [0, 0]
            for x, y in geo.cells:
                if cells[y * n + x] >= 0:
                    s[cells[y * n + x]] |= 1 << (y * w + x)
            turned = [-1] * (n * n)  # the triangle turned a third: (x, y, z) -> (y, z, x)
            mirrored = [-1] * (n * n)  # reflected: x and y exchanged
            swapped = [-1 if v < 0 else 1 - v for v in cells]  # colours exchanged
            for x, y in geo.cells:
                z = n - 1 - x - y
                turned[z * n + y] = cells[y * n + x]
                mirrored[x * n + y] = cells[y * n + x]
            for me in (0, 1):
                reads = hp.slots(geo)[me]
                for x, y in geo.cells:
                    if cells[y * n + x] < 0:
                        c = hp.codes(cells, geo, x, y, me)
                        assert c == hp.bit_codes(reads[y * w + x], s[me], s[1 - me], geo.canonical)
                        assert c == hp.codes(turned, geo, y, n - 1 - x - y, me)
                        assert c == hp.codes(mirrored, geo, y, x, me)
                        assert c == hp.codes(swapped, geo, x, y, 1 - me)
    assert pygame_core.new_game("y", seed=0, size=7, misere=True).bit_state()[0].patterns is None


def _one_stone_and_a_near_model(monkeypatch, kind, stone, near_class, strength, **settings):
    """A size-7 game of ``kind`` after ``stone``, a model where only ``near_class`` (from the last
    move) has a strength (``strength``), and a search started on it (``pattern_prior`` 10)."""
    import pygame_core
    from pygame_core.agents.mcts import MCTSAgent
    g = pygame_core.new_game(kind, seed=0, size=7)
    g.play(g.parse_move(stone))
    near = [1.0] * hp.NEAR
    near[near_class] = strength
    monkeypatch.setitem(hp._TABLES, kind, ([1.0] * hp.CODES, {}, tuple(near)))
    agent = MCTSAgent(seed=1)
    agent.pattern_prior = agent.y_pattern_prior = 10.0  # (Y's is off by default)
    for name, value in settings.items():
        setattr(agent, name, value)
    agent.start(g)
    return g, agent


def test_the_search_reads_a_y_model_through_its_prior_hook(monkeypatch):
    import pygame_core
    g, agent = _one_stone_and_a_near_model(monkeypatch, "y", "c3", hp.NEIGHBOUR, 9.0)
    prior = agent._pattern_prior(agent._root, list(agent._stones))
    w = 8
    c3 = 2 * w + 2
    empty = [y * w + x for x, y in hp.geometry("y", 7).cells if y * w + x != c3]
    around = {(2 + dy) * w + 2 + dx for dx, dy in hp.DIRS}
    assert {p for p in empty if prior[p] > 5.0} == around
    agent.think(iterations=300)
    assert agent.best_move() in g.legal_moves()
    radial = pygame_core.new_game("y", seed=0, family="radial", center_rows=3, outer_rows=2)
    radial.play(radial.legal_moves()[0])  # (radial boards have no patterns: no prior)
    assert radial.bit_state()[0].patterns is None
    from pygame_core.agents.mcts import MCTSAgent
    default = MCTSAgent(seed=1)  # Y's prior is off unless asked for
    default.start(g)
    assert default._prior_weight() == 0.0 and default._pattern_prior(default._root, list(default._stones)) is not None


def test_the_learner_reads_y_games_and_refuses_a_mixture(tmp_path):
    lines = [json.dumps({"game": "y", "size": 5, "moves": ["a1", "c2", "b2", "a3"]}),
             json.dumps({"game": "y", "size": 5, "moves": ["e1"]}),
             json.dumps({"game": "y", "size": 5, "moves": ["e2"]}),  # (e2: off the triangle)
             json.dumps({"game": ["y"], "moves": ["a1"]}), json.dumps({"game": "y", "size": 10**9, "moves": []})]
    r, out = _learn(tmp_path, lines, "--min-seen", "1", "--test", "0")
    assert r.returncode == 0, r.stderr
    assert "2 y games, 3 positions" in r.stdout and r.stderr.count("not a game line") == 3
    scope: dict = {}
    exec(compile(out.read_text(encoding="utf-8"), "t.py", "exec"), scope)
    assert len(hp.decode(scope["DATA"])[0]) == hp.CODES
    r, _ = _learn(tmp_path, lines + [json.dumps({"moves": ["a1", "b2"]})])
    assert r.returncode == 2 and "more than one game" in r.stderr.strip().splitlines()[-1]
    r, _ = _learn(tmp_path, lines, "--two-distance")  # (Hex's sides only)
    assert r.returncode == 2 and "Hex games only" in r.stderr.strip().splitlines()[-1]


def test_the_progressive_bias_is_prior_bias_times_each_cells_probability(monkeypatch):
    """``prior_bias``: a cell's bias is its share of the strengths of the empty cells (they sum to
    ``prior_bias``), in the values selection compares, fading with the child's visits."""
    from pygame_core.agents.mcts import MCTSAgent
    g, agent = _one_stone_and_a_near_model(monkeypatch, "hex", "d4", hp.BRIDGE, 6.0, prior_bias=2.0)
    root = agent._root
    agent._pattern_prior(root, list(agent._stones))
    empty = [y * 8 + x for y in range(7) for x in range(7) if (x, y) != (3, 3)]
    assert abs(sum(root.pb[p] for p in empty) - 2.0) < 1e-4
    bridges = {(3 + dy) * 8 + 3 + dx for dx, dy in hp.BRIDGES}
    far = min(root.pb[p] for p in empty)
    assert all(abs(root.pb[p] - 6 * far) < 1e-5 for p in bridges)  # six times as strong: six times the bias
    agent.think(iterations=400)
    root = agent._root
    assert root.pbs == [root.pb[p] for p in root.window]
    plain = MCTSAgent(seed=1)
    plain.pattern_prior = 10.0
    plain.start(g)
    plain._pattern_prior(plain._root, list(plain._stones))
    assert getattr(plain._root, "pb", None) is None  # (off by default: no bias)
