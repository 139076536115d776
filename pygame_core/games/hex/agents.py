"""The seed's Hex agents (rules spec section 10): the A* pathfinder and Smart."""

from __future__ import annotations

import heapq

from .rules import BLUE, EMPTY, HexBoard, HexMove
from ...geometry import hexgrid
from ...agents import Agent, register


def _axis(board: HexBoard, player: int, i: int) -> int:
    """The coordinate that runs from the player's start zone to its goal zone."""
    return i // board.size if player == BLUE else i % board.size


def astar_path(board: HexBoard, player: int, use_heuristic: bool = True) -> tuple[int, list[int], int] | None:
    """A cheapest path for ``player`` from its start zone to its goal zone.

    Cost of entering a cell: empty 1, own stone 0; opponent stones are impassable; stepping
    into the goal zone is free.  The open list is ordered by ``f = g + h`` with the admissible,
    consistent heuristic ``h`` = number of rows (Red: columns) strictly between the cell and the
    goal zone that hold no stone of ``player``.  Ties: lower ``h``, then insertion order.

    Returns ``(cost, cells on the path as indices from start to goal, expansions)``, or
    ``None`` if the opponent has cut every path.  ``use_heuristic=False`` turns it into a
    uniform-cost search (the reference's ordering), for comparison.
    """
    n = board.size
    cells = board.cells
    nbrs = hexgrid.neighbour_table(n)
    opp = 1 - player
    # rows_free_after[k] = rows (columns for Red) with index > k holding no own stone; k=-1..n-1
    has_own = [False] * n
    for i, c in enumerate(cells):
        if c == player:
            has_own[_axis(board, player, i)] = True
    free_after = [0] * (n + 1)  # free_after[k + 1] for k in -1..n-1
    for k in range(n - 2, -2, -1):
        free_after[k + 1] = free_after[k + 2] + (0 if has_own[k + 1] else 1)
    if not use_heuristic:
        free_after = [0] * (n + 1)
    goal = n * n
    g = {}
    parent: dict[int, int] = {}
    heap: list = []
    counter = 0
    for i in range(n):  # cells on the start edge
        cell = i * n if player != BLUE else i
        if cells[cell] == opp:
            continue
        cost = 0 if cells[cell] == player else 1
        if cost < g.get(cell, 1 << 30):
            g[cell] = cost
            parent[cell] = -1
            h = free_after[_axis(board, player, cell) + 1]
            heapq.heappush(heap, (cost + h, h, counter, cell))
            counter += 1
    closed = set()
    expansions = 0
    while heap:
        f, h, _, node = heapq.heappop(heap)
        if node in closed:
            continue
        if node == goal:
            path = []
            cur = parent[goal]
            while cur != -1:
                path.append(cur)
                cur = parent[cur]
            path.reverse()
            return g[goal], path, expansions
        closed.add(node)
        expansions += 1
        gn = g[node]
        if _axis(board, player, node) == n - 1:  # touches the goal zone: free step into it
            if gn < g.get(goal, 1 << 30):
                g[goal] = gn
                parent[goal] = node
                heapq.heappush(heap, (gn, 0, counter, goal))
                counter += 1
        for j in nbrs[node]:
            c = cells[j]
            if c == opp or j in closed:
                continue
            ng = gn + (0 if c == player else 1)
            if ng < g.get(j, 1 << 30):
                g[j] = ng
                parent[j] = node
                hj = free_after[_axis(board, player, j) + 1]
                heapq.heappush(heap, (ng + hj, hj, counter, j))
                counter += 1
    return None


class _HexAgent(Agent):
    games = ("hex",)

    def _fallback(self, game):
        return self.rng.choice([m for m in game.legal_moves() if not m.is_swap])


@register
class AStarAgent(_HexAgent):
    name = "astar"
    title = "A*"
    strength = 1
    description = ("The seed's pathfinder: finds a cheapest path between its edges with A* "
                   "and claims a random empty cell on it.")

    def choose(self, game):
        self._require_turn(game)
        me = game.current_player
        found = astar_path(game.board, me)
        if found is None:
            return self._fallback(game)
        _, path, _ = found
        empty = [i for i in path if game.board.cells[i] == EMPTY]
        if not empty:
            return self._fallback(game)
        i = self.rng.choice(empty)
        return HexMove(i % game.size, i // game.size)


@register
class SmartAgent(_HexAgent):
    name = "smart"
    title = "Smart"
    strength = 3
    description = ("The reference's hand-written player: opens in the centre, repairs its bridges, "
                   "extends its chain by bridges towards the farther edge and seals it at the end.")

    def choose(self, game):
        self._require_turn(game)
        board, me = game.board, game.current_player
        n = board.size
        move = (self._opening(board, me) or self._repair(game, me)
                or self._seal(board, me) or self._extend(board, me))
        if move is not None:
            return HexMove(move % n, move // n)
        return AStarAgent(seed=self.rng.next64() & 0xFFFFFFFF).choose(game)

    # 1. opening ----------------------------------------------------------------
    @staticmethod
    def _opening(board: HexBoard, me: int) -> int | None:
        n, cells = board.size, board.cells
        if me in cells:
            return None
        c = n // 2
        for x, y in ((c, c), (c - 1, c) if me == BLUE else (c, c + 1)):
            if hexgrid.on_board(n, x, y) and cells[y * n + x] == EMPTY:
                return y * n + x
        return None

    # 2. repair -----------------------------------------------------------------
    @staticmethod
    def _repair(game, me: int) -> int | None:
        last = game.last_move
        if last is None or last.is_swap:
            return None
        board = game.board
        n, cells = board.size, board.cells
        li = last.y * n + last.x
        if cells[li] != 1 - me:
            return None
        for s in hexgrid.neighbour_table(n)[li]:
            if cells[s] != me:
                continue
            for t, a, b in hexgrid.bridge_table(n)[s]:
                if cells[t] == me and li in (a, b):
                    other = b if li == a else a
                    if cells[other] == EMPTY:
                        return other
        for s in hexgrid.neighbour_table(n)[li]:  # edge template (stone one row from its edge)
            if cells[s] == me:
                pair = _edge_carriers(board, me, s)
                if pair and li in pair:
                    other = pair[1] if li == pair[0] else pair[0]
                    if cells[other] == EMPTY:
                        return other
        return None

    # 3. end game: the chain of stones and bridges spans edge to edge ---------------
    @staticmethod
    def _seal(board: HexBoard, me: int) -> int | None:
        found = astar_path(board, me)
        if found is None or found[0] == 0:
            return None
        cost, path, _ = found
        cells = board.cells
        carriers = _bridge_carriers(board, me)
        empty = [i for i in path if cells[i] == EMPTY]
        if empty and all(i in carriers for i in empty):
            return empty[0]
        return None

    # 4. extend from the end farther from its edge -----------------------------------
    def _extend(self, board: HexBoard, me: int) -> int | None:
        n, cells = board.size, board.cells
        found = astar_path(board, me)
        on_path = set(found[1]) if found else set()
        groups = _virtual_groups(board, me)
        if not groups:
            return None
        chain = max(groups, key=lambda grp: (len(on_path.intersection(grp)), len(grp), -min(grp)))
        axis = [(_axis(board, me, i), i) for i in chain]
        lo = min(a for a, _ in axis)
        hi = max(a for a, _ in axis)
        lo_end = [i for a, i in axis if a == lo]
        hi_end = [i for a, i in axis if a == hi]
        dist_start = 0 if lo == 0 or (lo == 1 and any(_edge_carriers(board, me, i) for i in lo_end)) else lo
        dist_goal = (0 if hi == n - 1 or (hi == n - 2 and any(_edge_carriers(board, me, i) for i in hi_end))
                     else n - 1 - hi)
        if dist_start == 0 and dist_goal == 0:
            return None
        towards_start = dist_start >= dist_goal
        ends = lo_end if towards_start else hi_end
        sign = -1 if towards_start else 1
        best_key, best = None, []
        for s in ends:
            sa = _axis(board, me, s)
            for t, a, b in hexgrid.bridge_table(n)[s]:
                progress = (_axis(board, me, t) - sa) * sign
                if progress > 0 and cells[t] == EMPTY and cells[a] == EMPTY and cells[b] == EMPTY:
                    key = (1, progress, t in on_path)
                    best_key, best = _keep_best(best_key, best, key, t)
            for t in hexgrid.neighbour_table(n)[s]:
                progress = (_axis(board, me, t) - sa) * sign
                if progress > 0 and cells[t] == EMPTY:
                    key = (0, progress, t in on_path)
                    best_key, best = _keep_best(best_key, best, key, t)
        return self.rng.choice(sorted(best)) if best else None


def _keep_best(best_key, best, key, cell):
    if best_key is None or key > best_key:
        return key, [cell]
    if key == best_key and cell not in best:
        best.append(cell)
    return best_key, best


def _edge_carriers(board: HexBoard, me: int, s: int) -> tuple[int, int] | None:
    """The two empty cells joining own stone ``s`` (one row from an own edge) to that edge."""
    n, cells = board.size, board.cells
    x, y = s % n, s // n
    if me == BLUE:
        if y == 1 and x + 1 < n:
            pair = (x, (x + 1))  # (x,0) and (x+1,0)
        elif y == n - 2 and x - 1 >= 0:
            pair = ((n - 1) * n + x, (n - 1) * n + x - 1)
        else:
            return None
    else:
        if x == 1 and y + 1 < n:
            pair = (y * n, (y + 1) * n)  # (0,y) and (0,y+1)
        elif x == n - 2 and y - 1 >= 0:
            pair = (y * n + n - 1, (y - 1) * n + n - 1)
        else:
            return None
    if all(cells[c] == EMPTY for c in pair):
        return pair
    return None


def _intact_bridges(board: HexBoard, me: int):
    n, cells = board.size, board.cells
    for s, c in enumerate(cells):
        if c != me:
            continue
        for t, a, b in hexgrid.bridge_table(n)[s]:
            if t > s and cells[t] == me and cells[a] == EMPTY and cells[b] == EMPTY:
                yield s, t, a, b


def _bridge_carriers(board: HexBoard, me: int) -> set[int]:
    out = set()
    for _, _, a, b in _intact_bridges(board, me):
        out.update((a, b))
    for s, c in enumerate(board.cells):
        if c == me:
            pair = _edge_carriers(board, me, s)
            if pair:
                out.update(pair)
    return out


def _virtual_groups(board: HexBoard, me: int) -> list[set[int]]:
    """Own stones grouped by adjacency and intact bridges."""
    n, cells = board.size, board.cells
    parent = {i: i for i, c in enumerate(cells) if c == me}

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i in parent:
        for j in hexgrid.neighbour_table(n)[i]:
            if cells[j] == me:
                parent[find(j)] = find(i)
    for s, t, _, _ in _intact_bridges(board, me):
        parent[find(t)] = find(s)
    groups: dict[int, set[int]] = {}
    for i in parent:
        groups.setdefault(find(i), set()).add(i)
    return list(groups.values())
