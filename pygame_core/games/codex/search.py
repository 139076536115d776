"""Codex Naturalis search knowledge: :func:`placement_values` (agent knowledge, not rules: what a
placement is worth to its player) and the search hooks (:class:`CodexSearch`, :data:`HOOKS`):
the search looks at the best few placements by :func:`placement_values` and every draw;
playouts follow that value (noisily) for a few turns and are valued by points plus objective
points so far."""

from __future__ import annotations

from collections import Counter

from ...core import Rng
from ...geometry.cornergrid import CORNERS, Point, corner_cell
from ...search_hooks import SearchHooks
from .board import GameField
from .notation import CODEX_PASS, DrawMove, PlayMove
from .pieces import SYMBOLS, Side, load_cards


def _symbol_delta(field: GameField, side: Side, p: Point) -> Counter:
    """How the visible-symbol counts change if ``side`` is placed at ``p``."""
    delta: Counter = Counter(side.centre)
    angles = field.angles
    for corner in CORNERS:
        a = angles.get(corner_cell(p, corner))
        if a is not None and a.top in SYMBOLS:
            delta[a.top] -= 1
        symbol = side.corners[corner]
        if symbol in SYMBOLS:
            delta[symbol] += 1
    return delta


def _pattern_gain(field: GameField, kingdom: str, p: Point, patterns) -> int:
    """Points the diagonal/L objectives in ``patterns`` gain from a card of ``kingdom`` at ``p``."""
    if not patterns:
        return 0
    colours = field.colours
    before = sum(o.points * field.objective_count(o) for o in patterns)
    colours[p] = kingdom
    try:
        after = sum(o.points * field.objective_count(o) for o in patterns)
    finally:
        del colours[p]
    return after - before


def placement_values(game: "CodexGame", q: int | None = None) -> list[tuple[float, "PlayMove"]]:
    """Agent knowledge (not rules): each legal placement of player ``q`` (default: to move) with
    a value in points - the points it scores now, what it adds to the player's objectives
    (common and secret, as far as the player knows them), and half a point per symbol it brings
    towards the requirement of a gold card in the hand."""
    q = game.turn if q is None else q
    cards, objectives = load_cards()
    field = game.fields[q]
    mine = [objectives[o] for o in game.common + [game.secret[q]] if o is not None]
    sets = [o for o in mine if o.kind == "symbols"]
    hand = [cards[c] for c in game.hands[q] if isinstance(c, int)]
    needs: Counter = Counter()
    for g in hand:
        if g.type == "gold":
            for sym, n in g.front.requires.items():
                needs[sym] += max(0, n - field.counts[sym])
    counts = field.counts
    pattern_cache: dict = {}
    out = []
    for m in game.placements(q):
        card = cards[m.card]
        side = card.side(m.front)
        delta = _symbol_delta(field, side, m.at)
        value = float(field.points_if_placed(card, m.front, m.at))
        for o in sets:
            value += o.points * (min((counts[sym] + delta[sym]) // n for sym, n in o.symbols.items())
                                 - min(counts[sym] // n for sym, n in o.symbols.items()))
        for sym, d in delta.items():
            if d and needs[sym]:  # nearer to (or, covering, further from) a gold card's requirement
                value += 0.5 * (min(needs[sym], d) if d > 0 else d)
        key = (card.kingdom, m.at)
        if key not in pattern_cache:
            pattern_cache[key] = _pattern_gain(field, card.kingdom, m.at, [
                o for o in mine if o.kind != "symbols" and card.kingdom in (o.kingdom, o.column, o.foot)])
        value += pattern_cache[key]
        out.append((value, m))
    return out



def estimated_totals(state) -> list[float]:
    """Points plus the objective points each area fulfils now (the final scores if over)."""
    if state._over:
        return [float(x) for x in state.scores]
    _, objectives = load_cards()
    out = []
    for q, f in enumerate(state.fields):
        ids = state.common + [state.secret[q]]
        out.append(state.points[q] + sum(f.objective_points(objectives[o]) for o in ids if o is not None))
    return out


class CodexSearch(SearchHooks):
    """The best few placements and every draw; short noisy greedy playouts."""

    settings = {"exploration": 0.7}  # mcts and codex-ismcts play alike
    iterations = 150
    SEARCH_WIDTH = 6  # placements the search weighs per position
    PLAYOUT_MOVES = 8  # moves a playout plays before it is valued

    def search_moves(self, state) -> list:
        if state.phase != "play" or state.step == "draw":
            return state.legal_moves()
        ranked = placement_values(state)
        if not ranked:
            return [CODEX_PASS]
        ranked.sort(key=lambda vm: -vm[0])
        return [m for _, m in ranked[: self.SEARCH_WIDTH]]

    def playout_move(self, state, rng: Rng):
        if state.phase != "play":
            moves = state.legal_moves()
            return moves[rng.below(len(moves))]
        if state.step == "draw":
            return self._playout_draw(state, rng)
        ranked = placement_values(state)
        if not ranked:
            return CODEX_PASS
        return max(ranked, key=lambda vm: vm[0] + rng.random())[1]

    def _playout_draw(self, state, rng: Rng):
        """A face-up gold card the player can already place, else a random draw."""
        cards, _ = load_cards()
        field = state.fields[state.turn]
        for c in state.market[2:]:
            if isinstance(c, int) and all(field.counts[s] >= n for s, n in cards[c].front.requires.items()):
                return DrawMove(str(c))
        moves = state.draws()
        return moves[rng.below(len(moves))]

    def playout_rewards(self, state, rng: Rng, start) -> list[float]:
        limit = len(start.history) + self.PLAYOUT_MOVES
        while not state._over and len(state.history) < limit:
            state.apply(self.playout_move(state, rng))
        totals = estimated_totals(state)
        n = len(totals)
        rewards = []
        for q in range(n):
            diff = totals[q] - max(totals[r] for r in range(n) if r != q)
            value = 0.5 + 0.5 * diff / (abs(diff) + 8.0)
            if state._over:
                value = 0.5 * value + (0.5 / len(state._winners) if q in state._winners else 0.0)
            rewards.append(value)
        return rewards


HOOKS = CodexSearch()
