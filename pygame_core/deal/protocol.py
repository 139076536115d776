"""The deal: its public state, the checks every player runs on every message, and what a
player derives from its secret seed.

The flow for n players (2 to 4) and a bag of m tiles, each tile ``j`` being the element
``M_j`` derived from the bag's name and ``j`` (nobody knows a discrete logarithm between two
of them):

1. **Lock and shuffle** (steps 0 .. n-1): player p takes the bag as player p-1 left it (the
   tiles themselves for p = 0), locks every element with its secret bag key ``a_p`` and
   shuffles it with its secret permutation: ``S_p[i] = a_p * S_(p-1)[pi_p(i)]``. It publishes
   ``S_p``, ``A_p = a_p * B`` and a commitment to its seed (from which ``a_p``, ``pi_p`` and
   its position keys are derived). As long as one player shuffles honestly, nobody knows the
   order.
2. **Relock** (the last shuffler in the same message, then players 0 .. n-2 at steps n ..
   2n-2): player p swaps its bag key for one key per position:
   ``R_p[i] = (k_p,i / a_p) * prev[i]``. Now one position can be opened for one player alone.
3. **Unlock**: for a position reserved to player q, every other player p sends ``k_p,i`` with
   a Chaum-Pedersen proof that ``k_p,i^-1 * R_p[i]`` and ``prev[i]`` differ by ``a_p`` (the
   discrete logarithm of ``A_p``), which shows the key fits p's relock there. q removes those
   keys and its own and looks the element up among the ``M_j``. A player's own keys never
   leave it, until it plays the tile (then it shows its key, and everyone checks the tile).
4. **Audit**: at the end every player reveals its seed; :mod:`.audit` replays everything.

Two players need three messages before both hands are known (A: lock and shuffle; B: lock,
shuffle, relock and A's keys; A: relock and B's keys; A's first move can ride on the third).

Positions are reserved in order: a player's offer reserves the lowest free positions for the
recipient, and a player draws its reserved positions lowest first, so nobody picks which of
its unlocked tiles it takes. With two players, a player may also give up a position reserved
to it and not drawn (a release: its own key for it, with the same proof), which reserves it to
the other: when the bag runs low, the tiles one player was offered but did not draw are the
only ones left for the other to draw (the releaser knows those tiles). A player can read the tiles offered to it before it draws them
(the keys arrive ahead, so the next player can draw without another hop): an offer should
cover only what the recipient may draw before the offerer moves again.
"""
from __future__ import annotations

import hashlib

from . import ristretto as r
from .messages import DealError, Message, Setup
from .proofs import commitment, digest, dleq_verify, hash_to_element, hash_to_scalar

_TILES: dict[tuple[str, int], tuple[list, dict]] = {}


def tile_elements(bag: str, count: int) -> tuple[list, dict]:
    """The bag's tiles as elements, and a map from an element's encoding to its index."""
    key = (bag, count)
    if key not in _TILES:
        points = [hash_to_element(b"tile", bag, j) for j in range(count)]
        _TILES[key] = points, {r.encode(p): j for j, p in enumerate(points)}
    return _TILES[key]


def permutation(count: int, seed: bytes) -> list[int]:
    """A permutation of range(count) derived from seed (Fisher-Yates over SHA-512 output)."""
    perm = list(range(count))
    stream, block = b"", 0
    for i in range(count - 1, 0, -1):
        if len(stream) < 8:
            stream += hashlib.sha512(seed + block.to_bytes(4, "little")).digest()
            block += 1
        j = int.from_bytes(stream[:8], "little") % (i + 1)   # bias below 2**-50
        stream = stream[8:]
        perm[i], perm[j] = perm[j], perm[i]
    return perm


class Secrets:
    """Everything a player derives from its 32-byte seed: bag key, permutation, keys."""

    def __init__(self, setup: Setup, player: int, seed: bytes):
        if len(seed) != 32:
            raise DealError("a seed is 32 bytes")
        self.setup, self.player, self.seed = setup, player, bytes(seed)
        self.commit = commitment(setup.game_id, player, self.seed)
        self.bag_key = hash_to_scalar(b"bag-key", setup.game_id, player, self.seed)
        self.perm = permutation(setup.tiles, digest(b"perm", setup.game_id, player, self.seed))
        self._keys: dict[int, int] = {}
        self._public: bytes | None = None

    @property
    def public(self) -> bytes:
        """The encoding of ``bag_key * B``, published with the shuffle."""
        if self._public is None:
            self._public = r.encode(r.base_mul(self.bag_key))
        return self._public

    def key(self, pos: int) -> int:
        """The player's key for one position."""
        if pos not in self._keys:
            self._keys[pos] = hash_to_scalar(b"position-key", self.setup.game_id, self.player,
                                             pos, self.seed)
        return self._keys[pos]


def unlock_context(setup: Setup, step: int, sender: int, recipient: int, pos: int) -> bytes:
    """What a key's proof is bound to (so it cannot be replayed at another step)."""
    return digest(b"unlock", setup.game_id, setup.bag, step, sender, recipient, pos)


def _points(encodings: list[bytes], what: str) -> list:
    try:
        points = [r.decode(e) for e in encodings]
    except r.EncodingError:
        raise DealError(f"{what} holds an invalid element", "tampered") from None
    if bytes(32) in encodings:             # the identity: locks do nothing to it
        raise DealError(f"{what} holds the neutral element (a tampered lock)", "tampered")
    if len(set(encodings)) != len(encodings):
        raise DealError(f"{what} repeats an element (a tampered lock)", "tampered")
    return points


class Deal:
    """The public state of a deal, as every player (and an onlooker) sees it."""

    def __init__(self, setup: Setup):
        n, m = setup.players, setup.tiles
        self.setup = setup
        self.step = 0
        self.commits: list[bytes | None] = [None] * n
        self.bag_keys: list = [None] * n          # (point, encoding)
        self.shuffled: list = [None] * n          # (points, encodings, step)
        self.relocked: list = [None] * n
        self.reserved: dict[int, int] = {}        # position -> player
        self.keys: dict[tuple[int, int], tuple[int, int]] = {}   # (pos, player) -> (key, step)
        self.drawn: dict[int, list[int]] = {p: [] for p in range(n)}
        self.drawn_by: dict[int, int] = {}
        self.played: dict[int, tuple[int, int, int]] = {}        # pos -> (player, tile, step)
        self.seeds: dict[int, bytes] = {}
        self.tiles = tile_elements(setup.bag, m)
        self._verify = True

    # ----------------------------------------------------------------- the schedule
    def setup_hops(self) -> int:
        """How many messages the lock, shuffle and relock rounds take (2n - 1)."""
        return 2 * self.setup.players - 1

    def scheduled(self, step: int) -> tuple[int | None, bool, bool]:
        """(who must send, shuffle?, relock?) at a step of the setup; (None, False, False)
        after it."""
        n = self.setup.players
        if step < n:
            return step, True, step == n - 1
        if step < 2 * n - 1:
            return step - n, False, True
        return None, False, False

    def before_relock(self, p: int) -> list:
        """The array player p's relock starts from (points)."""
        n = self.setup.players
        if p == n - 1:
            return self.shuffled[n - 1][0]
        return self.relocked[n - 1 if p == 0 else p - 1][0]

    def latest(self) -> list | None:
        """The most recent relocked array (points), or None before any relock."""
        n = self.setup.players
        for p in [*range(n - 2, -1, -1), n - 1]:
            if self.relocked[p]:
                return self.relocked[p][0]
        return None

    def reserved_for(self, q: int) -> list[int]:
        return sorted(pos for pos, who in self.reserved.items() if who == q)

    def openable(self, q: int, pos: int) -> bool:
        """Whether every other player has given player q its key for pos."""
        return self.reserved.get(pos) == q and all(
            (pos, p) in self.keys for p in range(self.setup.players) if p != q)

    def free_positions(self) -> list[int]:
        return [i for i in range(self.setup.tiles) if i not in self.reserved]

    # ----------------------------------------------------------------- applying a message
    def apply(self, msg: Message, verify: bool = True) -> None:
        """Check a message against the deal and take it in, or raise :class:`DealError`
        naming the step and the sender (the deal is then left as it was). ``verify=False``
        skips the proofs (for a player's own message)."""
        self._verify = verify
        s, p, n = msg.step, msg.sender, self.setup.players
        where = f"step {s}, player {p + 1}"
        if s != self.step:
            raise DealError(f"{where}: expected step {self.step} (a replayed or lost message)", "replayed")
        if p >= n:
            raise DealError(f"{where}: no such player in a game of {n}")
        if msg.setup is not None and (s != 0 or msg.setup != self.setup):
            raise DealError(f"{where}: a setup section out of place")
        who, shuffle, relock = self.scheduled(s)
        if who is not None and who != p:
            raise DealError(f"{where}: it is player {who + 1}'s turn to lock")
        if (msg.shuffled is not None) != shuffle or (msg.relocked is not None) != relock:
            raise DealError(f"{where}: this step must {'shuffle' if shuffle else 'not shuffle'}"
                            f" and {'relock' if relock else 'not relock'}")
        updates = []
        if shuffle:
            try:
                a_pt = r.decode(msg.bag_key)
            except r.EncodingError:
                raise DealError(f"{where}: an invalid bag key") from None
            pts = _points(msg.shuffled, f"{where}: the shuffle")
            updates.append(lambda: self._take_shuffle(p, msg, a_pt, pts))
        relocked = None
        if relock:
            relocked = (_points(msg.relocked, f"{where}: the relock"), msg.relocked, s)
            updates.append(lambda: self.relocked.__setitem__(p, relocked))
        # keys and plays are checked against the state as this message leaves it
        saved = (self.shuffled[p], self.bag_keys[p], self.commits[p], self.relocked[p])
        for update in updates:
            update()
        try:
            keys, reserved = self._check_unlocks(msg, where)
            drawn = self._check_draws(msg, where, keys, reserved)
            plays = self._check_plays(msg, where, keys, drawn)
            if msg.seed is not None and commitment(self.setup.game_id, p, msg.seed) != self.commits[p]:
                raise DealError(f"{where}: the revealed seed does not match its commitment")
        except DealError:
            self.shuffled[p], self.bag_keys[p], self.commits[p], self.relocked[p] = saved
            raise
        self.keys.update(keys)
        self.reserved.update(reserved)
        for pos in drawn:
            self.drawn[p].append(pos)
            self.drawn_by[pos] = p
        self.played.update(plays)
        if msg.seed is not None:
            self.seeds[p] = msg.seed
        self.step += 1

    def _take_shuffle(self, p, msg, a_pt, pts):
        self.shuffled[p] = (pts, msg.shuffled, msg.step)
        self.bag_keys[p] = (a_pt, msg.bag_key)
        self.commits[p] = msg.commit

    def _check_key(self, p: int, pos: int, key: int, proof: bytes, context: bytes) -> bool:
        if key == 0:
            return False
        if not self._verify:
            return True
        w = r.mul(r.scalar_inverse(key), self.relocked[p][0][pos])
        a_pt, a_enc = self.bag_keys[p]
        return dleq_verify(a_pt, w, self.before_relock(p)[pos], proof, context, a_enc)

    def _check_unlocks(self, msg: Message, where: str):
        p, keys, reserved = msg.sender, {}, {}
        if msg.unlocks and self.relocked[p] is None:
            raise DealError(f"{where}: keys sent before its relock")
        for u in msg.unlocks:
            pos, q = u.position, u.recipient
            owner = reserved.get(pos, self.reserved.get(pos, q))
            if q >= self.setup.players or q == p:
                raise DealError(f"{where}: a key for player {q + 1}, who cannot receive it")
            released = owner == p and pos not in self.drawn_by and pos not in reserved \
                and self.setup.players == 2
            if owner != q and not released:
                raise DealError(f"{where}: a key for position {pos}, which is player "
                                f"{owner + 1}'s, sent to player {q + 1}")
            again = released and (pos, p) in self.keys and self.keys[(pos, p)][0] == u.key
            if ((pos, p) in self.keys or (pos, p) in keys) and not again:   # (a position given
                raise DealError(f"{where}: a replayed key for position {pos}", "replayed")  # back and forth)
            ctx = unlock_context(self.setup, msg.step, p, q, pos)
            if not self._check_key(p, pos, u.key, u.proof, ctx):
                raise DealError(f"{where}: the key for position {pos} does not fit the relock "
                                "(a wrong key or a tampered lock)", "wrong_key")
            keys[(pos, p)] = (u.key, msg.step)
            reserved[pos] = q
        return keys, reserved

    def _check_draws(self, msg: Message, where: str, keys, reserved):
        p, drawn = msg.sender, []
        owners = {**self.reserved, **reserved}
        mine = [i for i in sorted(owners) if owners[i] == p and i not in self.drawn_by]
        for pos in msg.draws:
            nxt = mine[len(drawn)] if len(drawn) < len(mine) else None
            ready = nxt is not None and all((nxt, o) in self.keys or (nxt, o) in keys
                                            for o in range(self.setup.players) if o != p)
            if not ready or pos != nxt:
                raise DealError(f"{where}: drew position {pos}, which was not the next one "
                                "unlocked for it", "draw_order")
            drawn.append(pos)
        return drawn

    def _check_plays(self, msg: Message, where: str, keys, drawn):
        p, plays = msg.sender, {}
        for play in msg.plays:
            pos = play.position
            if self.drawn_by.get(pos, p if pos in drawn else None) != p or pos in self.played \
                    or pos in plays:
                raise DealError(f"{where}: played tile {play.tile} from position {pos}, "
                                "which it did not draw", "not_drawn")
            ctx = unlock_context(self.setup, msg.step, p, p, pos)
            if self.relocked[p] is None or not self._check_key(p, pos, play.key, play.proof, ctx):
                raise DealError(f"{where}: its key for position {pos} does not fit its relock", "wrong_key")
            factor = play.key
            for o in range(self.setup.players):
                if o != p:
                    factor = factor * (self.keys.get((pos, o)) or keys[(pos, o)])[0] % r.L
            tile = self.tiles[1].get(r.encode(r.mul(r.scalar_inverse(factor),
                                                    self.latest()[pos])))
            if tile != play.tile:
                held = "no tile" if tile is None else f"tile {tile}"
                raise DealError(f"{where}: played tile {play.tile}, but position {pos} holds "
                                f"{held}", "not_drawn")
            plays[pos] = (p, play.tile, msg.step)
        return plays
