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

Games with several bags and face-up items (iwoki, Codex) ask through :meth:`DrawSource.shuffle`,
:meth:`DrawSource.draw` (with the pile and the bag's name) and :meth:`DrawSource.below`, and
declare what a fair deal needs in a :class:`HiddenSpec` (their ``hidden_spec(options)``).
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BagSpec:
    """One bag of a game played by link: ``name`` (as the rules pass it to the source),
    ``items`` (every item, in the order the rules build the bag: a deal's tile ``j`` is
    ``items[j]``), ``ahead`` (keys a seat sends for the other's next draws from this bag
    before it moves again: the other can read those items before drawing them, so 0 where a
    draw can wait for the answer), ``public`` (every item is face up once drawn)."""
    name: str
    items: tuple
    ahead: int = 0
    public: bool = False


@dataclass(frozen=True)
class HiddenSpec:
    """What a game declares to be played apart by link (two players): its ``bags``, who opens
    (``"best-hand"``: the hands decide, compared by the players' own links, Triominos;
    ``"random"``: the rules draw it from a public bag) and ``hand``, the opening hand of a
    single-bag best-hand game."""
    bags: tuple
    opener: str = "random"
    hand: int = 0

    def bag(self, name: str) -> BagSpec:
        return next(b for b in self.bags if b.name == name)


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

    def draw(self, game, player, pile: list | None = None, bag: str | None = None,
             public: bool = False):
        """The item ``player`` draws (``None``: an item put on the table) off ``pile``
        (default ``game.pool``), the end of the bag ``bag``; ``public``: drawn face up."""
        return (game.pool if pile is None else pile).pop()

    def shuffle(self, game, items: list, bag: str) -> list:
        """The bag ``bag`` ready to be drawn from its end (the seeded source shuffles ``items``
        in place with the rules' ``Rng`` and returns it)."""
        game.rng.shuffle(items)
        return items

    def below(self, game, n: int, bag: str) -> int:
        """A public random choice in ``range(n)`` (e.g. who starts)."""
        return game.rng.below(n)

    def order(self, game, n: int, bag: str) -> list[int]:
        """A public random order of ``range(n)`` (e.g. the turn order)."""
        order = list(range(n))
        game.rng.shuffle(order)
        return order


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

    def draw(self, game, player, pile=None, bag=None, public=False):
        if getattr(game, "_viewer", None) is None:  # a sample completed by determinize()
            return game.pool.pop()
        game.pool.pop()
        if player != self.viewer or self.tile_for is None:
            return None
        k = sum(1 for move, who in zip(game.history, game.movers) if str(move) == "draw" and who == player)
        return self.tile_for(k)


class BagsSource(DrawSource):
    """A seat's copy of a game with several bags dealt by the fair deal (iwoki, Codex; see
    :mod:`pygame_core.hidden_bags`).  Every request the rules make is logged per bag, by its
    index in the bag (``log[bag][i] = (opener, public)``: the seat that opens it and whether
    it is face up) and answered by ``known(bag, opener, k, public)``, ``k`` counting that
    seat's earlier requests from the bag: the item, or ``None`` while this seat may not know it.  A
    request opens for its drawer; a face-up one at the setup for seat 0, during the game for
    its drawer when the bag's keys travel ahead (it may need the item in the same turn), else
    for the other seat (so nobody reads a deck's top before choosing where to draw).
    ``viewer``: this seat (-1: an onlooker, ``None``: every item known, the audit's copy);
    ``first_player``: an onlooker's answer to the public choice of who starts."""

    def __init__(self, viewer, spec, known=None, first_player=None):
        self.viewer, self.spec, self.first_player = viewer, spec, first_player
        self.known = known or (lambda bag, opener, k, public: None)
        self.log: dict[str, dict[int, tuple]] = {b.name: {} for b in spec.bags}
        self.sizes = {b.name: len(b.items) for b in spec.bags}
        self.setting_up, self.unknown = True, 0   # public items of the setup not known here
        self.blind: list = []     # hidden items this seat drew and needs at once but cannot open

    def shuffle(self, game, items, bag):
        return [None] * len(items)

    def _request(self, bag: str, i: int, player, public: bool):
        b = self.spec.bag(bag)
        public = public or b.public
        if self.setting_up:
            opener = 0 if public else player
        else:
            opener = 1 - player if public and not b.ahead else player
        log = self.log[bag]
        log[i] = (opener, public)
        k = sum(1 for j in range(i) if log[j][0] == opener)
        item = self.known(bag, opener, k, public)
        if item is None and public and self.setting_up:
            self.unknown += 1
        if item is None and not (public or self.setting_up) and b.ahead and opener == self.viewer:
            self.blind.append((bag, i))
        return item

    def draw(self, game, player, pile=None, bag=None, public=False):
        pile = game.pool if pile is None else pile
        if pile and pile[-1] is not None:           # a sample completed by determinize()
            return pile.pop()
        pile.pop()
        return self._request(bag, self.sizes[bag] - len(pile) - 1, player, public)

    def order(self, game, n, bag):
        if self.first_player is not None:
            return [(self.first_player + k) % n for k in range(n)]
        got = [self._request(bag, i, None, True) for i in range(n)]
        return list(range(n)) if None in got else got

    def below(self, game, n, bag):
        if self.first_player is not None:
            return self.first_player
        got = self._request(bag, 0, None, True)
        return 0 if got is None else got
