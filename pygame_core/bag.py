"""Where a game's hidden tiles come from: the draw source its rules ask (the bottom layer: it
imports nothing from the package).

A game with a bag (Triominos) never shuffles or pops it itself: it asks its draw source for
the opening hands (:meth:`DrawSource.deal`) and for each tile drawn (:meth:`DrawSource.draw`).
The default, :data:`SEEDED`, shuffles with the game's seeded ``Rng`` and pops the end of the
pool, exactly as the rules always did, so ``(options, seed, moves)`` replays every ordinary
game and record unchanged.  A game played apart over links (:mod:`pygame_core.hidden`) gets
another source instead, which knows only the tiles the fair deal (:mod:`pygame_core.deal`)
opened for its own seat and answers ``None`` for every other tile, and which says who opens
(``first_player``), since no single page can compare hands it cannot see.
"""
from __future__ import annotations


class DrawSource:
    """The seeded bag (the default): the rules' ``Rng`` shuffles, hands and draws are popped
    from the end of the pool.  ``viewer``: the seat whose hand a source knows (``None``: every
    hand, a full game); ``first_player``: the seat that opens when the source decides it
    (``None``: the rules decide from the hands)."""

    viewer: int | None = None
    first_player: int | None = None

    def deal(self, game, tiles: list, hand_sizes: list[int]) -> tuple[list[list], list]:
        """The hands (one list per seat, in ``hand_sizes``) and the pool left, from ``tiles``."""
        game.rng.shuffle(tiles)
        hands = [[tiles.pop() for _ in range(size)] for size in hand_sizes]
        return hands, tiles

    def draw(self, game, player: int):
        """The tile ``player`` draws (taken off ``game.pool``)."""
        return game.pool.pop()


SEEDED = DrawSource()


class HiddenBag(DrawSource):
    """A seat's copy of a bag dealt by the fair deal: ``hand`` (the seat's opening tiles) and
    ``tile_for(k)`` (the seat's ``k``-th tile drawn after them) are all it knows; every other
    tile is ``None``.  ``viewer`` -1 knows no hand at all (a link read by an onlooker)."""

    def __init__(self, viewer: int, first_player: int, hand=(), tile_for=None):
        self.viewer, self.first_player = viewer, first_player
        self.hand, self.tile_for = list(hand), tile_for

    def deal(self, game, tiles: list, hand_sizes: list[int]) -> tuple[list[list], list]:
        hands = [sorted(self.hand) if q == self.viewer else [None] * size
                 for q, size in enumerate(hand_sizes)]
        return hands, [None] * (len(tiles) - sum(hand_sizes))

    def draw(self, game, player: int):
        if getattr(game, "_viewer", None) is None:  # a sample completed by determinize()
            return game.pool.pop()
        game.pool.pop()
        if player != self.viewer or self.tile_for is None:
            return None
        k = sum(1 for move, who in zip(game.history, game.movers) if str(move) == "draw" and who == player)
        return self.tile_for(k)
