"""A player of the deal that exchanges only bytes, and a table that passes them around.

:class:`DealPlayer` keeps its 32-byte seed (everything secret derives from it) and its own
copy of the public :class:`.Deal`, built only from the messages it received and sent; it
knows the tiles of the positions opened for it (``hand``) and nothing else. :class:`Table`
plays a whole deal between such players in one process, delivering every message to every
other player, e.g. for tests, benchmarks and the command line::

    table = Table(Setup("game-1", players=2, tiles=56, bag="triominos"))
    table.deal_hands(9)            # three messages: both opening hands of nine tiles
    table.send(1, draw=9, offer={0: 3})
    ...
    table.finish()                 # every seed revealed; each player's audit
"""
from __future__ import annotations

import secrets

from . import ristretto as r
from .audit import AuditReport, audit
from .messages import DealError, Message, Play, Setup, Unlock, parse, serialize
from .proofs import dleq_prove
from .protocol import Deal, Secrets, unlock_context


class DealPlayer:
    """One seat of a deal. ``seed`` (32 bytes) or ``randbytes`` (a function n -> n random
    bytes, :func:`secrets.token_bytes` by default) makes its secrets."""

    def __init__(self, index: int, seed: bytes | None = None, randbytes=secrets.token_bytes):
        self.index = index
        self.seed = bytes(seed) if seed is not None else bytes(randbytes(32))
        self.deal: Deal | None = None
        self.secrets: Secrets | None = None
        self.hand: dict[int, int] = {}           # position -> tile, opened for this player
        self.unopenable: set[int] = set()        # positions that opened to no fresh tile

    def start(self, setup: Setup) -> None:
        """Begin a deal as its first player (the others learn the setup from its message)."""
        if self.index != 0:
            raise DealError("only the first player starts a deal")
        self._join(setup)

    def _join(self, setup: Setup) -> None:
        if self.index >= setup.players:
            raise DealError(f"this deal has no seat {self.index + 1}")
        self.deal = Deal(setup)
        self.secrets = Secrets(setup, self.index, self.seed)

    # ----------------------------------------------------------------- receiving
    def receive(self, data: bytes) -> Message:
        """Take in another player's message (checked; :class:`DealError` if refused)."""
        msg = parse(data, self.deal.setup.tiles if self.deal else None)
        if self.deal is None:
            if msg.setup is None or msg.step != 0:
                raise DealError("the first message of a deal carries its setup")
            self._join(msg.setup)
        if msg.sender == self.index:
            raise DealError(f"step {msg.step}: a message of this player's own came back")
        self.deal.apply(msg)
        self._open()
        return msg

    def _open(self) -> None:
        d, me = self.deal, self.index
        for pos in d.reserved_for(me):
            if pos in self.hand or pos in self.unopenable or not d.openable(me, pos):
                continue
            own = self.secrets.key(pos) if d.relocked[me] else self.secrets.bag_key
            factor = own
            for p in range(d.setup.players):
                if p != me:
                    factor = factor * d.keys[(pos, p)][0] % r.L
            tile = d.tiles[1].get(r.encode(r.mul(r.scalar_inverse(factor), d.latest()[pos])))
            if tile is None or tile in self.hand.values() or tile in _played_tiles(d):
                what = "no tile" if tile is None else f"tile {tile}, already dealt"
                self.unopenable.add(pos)
                raise DealError(f"step {d.step - 1}: position {pos} opens to {what} (a lock or a "
                                "shuffle was altered; the final audit names who)", "tampered")
            self.hand[pos] = tile

    # ----------------------------------------------------------------- sending
    def send(self, offer: dict[int, int] | None = None, draw: int = 0, play=(),
             reveal: bool = False, release: dict[int, int] | None = None) -> bytes:
        """This player's next message. At its setup steps it locks, shuffles and relocks as
        scheduled. ``offer`` {player: count}: give that player keys until it has ``count``
        undrawn positions unlocked by this player; ``draw``: take that many of the positions
        opened for this player (lowest first); ``play``: tiles played from its hand (its own
        keys shown); ``reveal``: the seed, for the final audit; ``release`` {player: count}:
        give that player (two players only) that many positions reserved to this player and not
        drawn, so it can draw them (see :mod:`.protocol`)."""
        d, me, sec = self.deal, self.index, self.secrets
        who, shuffle, relock = d.scheduled(d.step)
        if who is not None and who != me:
            raise DealError(f"step {d.step}: it is player {who + 1}'s turn to lock")
        msg = Message(step=d.step, sender=me, setup=d.setup if d.step == 0 else None)
        before = None
        if shuffle:
            source = d.tiles[0] if me == 0 else d.shuffled[me - 1][0]
            before = self.lock_and_shuffle(source)
            msg.commit, msg.bag_key = sec.commit, sec.public
            msg.shuffled = [r.encode(x) for x in before]
        relocked = d.relocked[me][0] if d.relocked[me] else None
        if relock or relocked:
            before = before if before is not None else d.before_relock(me)
        if relock:
            relocked = self.relock(before)
            msg.relocked = [r.encode(x) for x in relocked]
        arrays = (relocked, before)
        for q, count in sorted((offer or {}).items()):
            taken = {u.position for u in msg.unlocks}
            msg.unlocks += self._unlocks(q, count, arrays, msg.step, taken)
        msg.draws = self._draws(draw, msg.unlocks)
        for q, count in sorted((release or {}).items()):
            msg.unlocks += self._releases(q, count, arrays, msg.step, msg.draws)
        msg.plays = self._plays(play, msg.draws, msg.step, arrays)
        if reveal:
            msg.seed = self.seed
        data = serialize(msg)
        d.apply(parse(data, d.setup.tiles), verify=False)
        return data

    def lock_and_shuffle(self, source: list) -> list:
        """Lock every element with the bag key, in the committed order."""
        a = self.secrets.bag_key
        return [r.mul(a, source[j]) for j in self.secrets.perm]

    def relock(self, before: list) -> list:
        """Swap the bag key for one key per position."""
        inv_a = r.scalar_inverse(self.secrets.bag_key)
        return [r.mul(self.secrets.key(i) * inv_a, x) for i, x in enumerate(before)]

    def unlock_key(self, pos: int) -> int:
        """The key this player gives for a position."""
        return self.secrets.key(pos)

    def _proof(self, pos: int, arrays, context: bytes) -> bytes:
        relocked, before = arrays
        w = r.mul(r.scalar_inverse(self.secrets.key(pos)), relocked[pos])
        return dleq_prove(self.secrets.bag_key, w, context, self.seed, self.secrets.public,
                          before[pos])

    def _unlocks(self, q: int, count: int, arrays, step: int, taken) -> list[Unlock]:
        d, me = self.deal, self.index
        if q == me or not 0 <= q < d.setup.players:
            raise DealError(f"no other player {q + 1} to unlock for")
        if arrays[0] is None:
            raise DealError("keys can be given only after this player's relock")
        mine = [pos for pos in d.reserved_for(q) if pos not in d.drawn_by]
        given = [pos for pos in mine if (pos, me) in d.keys]
        todo = [pos for pos in mine if (pos, me) not in d.keys]
        todo = todo[:max(0, count - len(given))]
        free = [pos for pos in d.free_positions() if pos not in taken]
        todo += free[:max(0, count - len(given) - len(todo))]
        out = []
        for pos in todo:
            ctx = unlock_context(d.setup, step, me, q, pos)
            out.append(Unlock(q, pos, self.unlock_key(pos), self._proof(pos, arrays, ctx)))
        return out

    def _releases(self, q: int, count: int, arrays, step: int, draws) -> list[Unlock]:
        """Give ``q`` up to ``count`` positions reserved to this player and not drawn (its own
        keys): two players only; this player has seen those tiles."""
        d, me = self.deal, self.index
        if d.setup.players != 2 or q == me or arrays[0] is None:
            raise DealError("a release gives the other of two players a position after the relock")
        mine = [pos for pos in d.reserved_for(me) if pos not in d.drawn_by and pos not in draws]
        out = []
        for pos in mine[:max(0, count)]:
            ctx = unlock_context(d.setup, step, me, q, pos)
            out.append(Unlock(q, pos, self.unlock_key(pos), self._proof(pos, arrays, ctx)))
            self.hand.pop(pos, None)
        return out

    def _draws(self, count: int, unlocks) -> list[int]:
        d, me = self.deal, self.index
        ready = [pos for pos in d.reserved_for(me) if pos not in d.drawn_by]
        if count > len(ready) or any(pos not in self.hand for pos in ready[:count]):
            raise DealError(f"player {me + 1} cannot draw {count}: not enough tiles unlocked")
        return ready[:count]

    def _plays(self, tiles, draws, step: int, arrays) -> list[Play]:
        d, me, out, used = self.deal, self.index, [], set()
        mine = [pos for pos in d.drawn[me] + list(draws) if pos not in d.played]
        for tile in tiles:
            pos = next((p for p in mine if self.hand.get(p) == tile and p not in used), None)
            if pos is None:
                raise DealError(f"player {me + 1} has no tile {tile} to play")
            used.add(pos)
            ctx = unlock_context(d.setup, step, me, me, pos)
            out.append(Play(pos, tile, self.secrets.key(pos), self._proof(pos, arrays, ctx)))
        return out

    def drawn_tiles(self) -> list[int]:
        """The tiles this player drew, in order."""
        return [self.hand[pos] for pos in self.deal.drawn[self.index]]

    def audit(self) -> AuditReport:
        """The final audit of this player's copy of the deal."""
        return audit(self.deal)


def _played_tiles(deal: Deal) -> set[int]:
    return {tile for _, tile, _ in deal.played.values()}


class Table:
    """Players of one deal in one process, each message delivered to every other player."""

    def __init__(self, setup: Setup, seeds=None, randbytes=secrets.token_bytes):
        seeds = seeds or [None] * setup.players
        self.players = [DealPlayer(i, seeds[i], randbytes) for i in range(setup.players)]
        self.players[0].start(setup)
        self.sent: list[tuple[int, int]] = []        # (sender, bytes) of every message

    def send(self, sender: int, **kwargs) -> bytes:
        """Player ``sender``'s next message (see :meth:`DealPlayer.send`), delivered."""
        data = self.players[sender].send(**kwargs)
        self.sent.append((sender, len(data)))
        self.deliver(sender, data)
        return data

    def deliver(self, sender: int, data: bytes) -> None:
        for p in self.players:
            if p.index != sender:
                p.receive(data)

    def deal_hands(self, hand: int) -> None:
        """The setup messages (2n - 1), every player offering every other ``hand`` tiles as
        soon as it has relocked and drawing its own hand as soon as it can."""
        deal = self.players[0].deal
        for step in range(deal.setup_hops()):
            who, _, relock = deal.scheduled(step)
            player = self.players[who]
            mine = [pos for pos in player.deal.reserved_for(who)
                    if pos in player.hand and pos not in player.deal.drawn_by]
            offer = {q: hand for q in range(len(self.players)) if q != who}
            self.send(who, offer=offer if relock or player.deal.relocked[who] else None,
                      draw=len(mine))

    def finish(self) -> list[AuditReport]:
        """Every player reveals its seed; each player's audit of its own copy."""
        for p in self.players:
            self.send(p.index, reveal=True)
        return [p.audit() for p in self.players]
