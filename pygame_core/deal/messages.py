"""The deal's messages as compact bytes (a link layer may base64 them).

A message is what one player sends at one step: a version byte, a byte of flags naming the
sections present, the step number (u16) and the sender (u8), then the sections in a fixed
order (none at all is a message too: a move that touches no tile still takes its step). All
integers are little-endian; elements and scalars are 32 bytes, proofs 64.

====== ===============================================================================
flag   section
====== ===============================================================================
1      setup: game id (u8 length + UTF-8), players (u8), tiles (u16), bag name (u8 + UTF-8)
2      shuffle: commitment to the sender's seed (32), its bag key ``a*B`` (32), the bag
       locked and shuffled (tiles x 32)
4      relock: the bag relocked position by position (tiles x 32)
8      unlocks: count (u16), then each: recipient (u8), position (u16), key (32), proof (64)
16     draws: count (u8), then positions (u16)
32     plays: count (u8), then each: position (u16), tile (u16), own key (32), proof (64)
64     reveal: the sender's seed (32), for the final audit
====== ===============================================================================

:func:`parse` refuses anything else (a wrong version, a truncated or overlong message, a
count beyond the bag, an unknown flag) with a short :class:`DealError`, in time linear in
the message's length; it checks the form only, :mod:`.protocol` checks the meaning.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from . import ristretto as r

VERSION = 1
F_SETUP, F_SHUFFLE, F_RELOCK, F_UNLOCK, F_DRAW, F_PLAY, F_REVEAL = 1, 2, 4, 8, 16, 32, 64
MAX_TILES = 1024
MAX_PLAYERS = 4
MAX_MESSAGE = 200_000


class DealError(ValueError):
    """A deal message refused, or a check that failed; the text names the step and the
    player where it can.  ``kind`` (optional) names the problem for a page that words it in
    its reader's language: ``replayed``, ``wrong_key``, ``tampered``, ``not_drawn``,
    ``draw_order`` (:mod:`pygame_core.hidden_common`'s refusals)."""

    def __init__(self, message: str = "", kind: str | None = None):
        super().__init__(message)
        self.kind = kind


@dataclass(frozen=True)
class Setup:
    """What every player must agree on before the first shuffle."""
    game_id: str
    players: int
    tiles: int
    bag: str = "tiles"

    def __post_init__(self):
        if not 2 <= self.players <= MAX_PLAYERS:
            raise DealError(f"a deal is for 2 to {MAX_PLAYERS} players")
        if not 1 <= self.tiles <= MAX_TILES:
            raise DealError(f"a bag holds 1 to {MAX_TILES} tiles")
        for name in (self.game_id, self.bag):
            if not isinstance(name, str) or not 0 < len(name.encode("utf-8")) < 256:
                raise DealError("a game id or bag name is 1 to 255 bytes of text")


@dataclass(frozen=True)
class Unlock:
    """The sender's key for one position, given so that ``recipient`` can open it."""
    recipient: int
    position: int
    key: int
    proof: bytes


@dataclass(frozen=True)
class Play:
    """A tile the sender plays from a position it drew, with its own key for that position."""
    position: int
    tile: int
    key: int
    proof: bytes


@dataclass
class Message:
    """One player's message at one step (any sections may be absent)."""
    step: int
    sender: int
    setup: Setup | None = None
    commit: bytes | None = None
    bag_key: bytes | None = None
    shuffled: list[bytes] | None = None
    relocked: list[bytes] | None = None
    unlocks: list[Unlock] = field(default_factory=list)
    draws: list[int] = field(default_factory=list)
    plays: list[Play] = field(default_factory=list)
    seed: bytes | None = None


def _name(text: str) -> bytes:
    data = text.encode("utf-8")
    return bytes([len(data)]) + data


def serialize(msg: Message) -> bytes:
    """The message as bytes (the inverse of :func:`parse`)."""
    flags = 0
    out = [b""]
    if msg.setup:
        flags |= F_SETUP
        s = msg.setup
        out.append(_name(s.game_id) + bytes([s.players]) + s.tiles.to_bytes(2, "little")
                   + _name(s.bag))
    if msg.shuffled is not None:
        flags |= F_SHUFFLE
        out += [msg.commit, msg.bag_key, *msg.shuffled]
    if msg.relocked is not None:
        flags |= F_RELOCK
        out += msg.relocked
    if msg.unlocks:
        flags |= F_UNLOCK
        out.append(len(msg.unlocks).to_bytes(2, "little"))
        for u in msg.unlocks:
            out.append(bytes([u.recipient]) + u.position.to_bytes(2, "little")
                       + r.scalar_to_bytes(u.key) + u.proof)
    if msg.draws:
        flags |= F_DRAW
        out.append(bytes([len(msg.draws)]))
        out += [p.to_bytes(2, "little") for p in msg.draws]
    if msg.plays:
        flags |= F_PLAY
        out.append(bytes([len(msg.plays)]))
        for p in msg.plays:
            out.append(p.position.to_bytes(2, "little") + p.tile.to_bytes(2, "little")
                       + r.scalar_to_bytes(p.key) + p.proof)
    if msg.seed is not None:
        flags |= F_REVEAL
        out.append(msg.seed)
    out[0] = bytes([VERSION, flags]) + msg.step.to_bytes(2, "little") + bytes([msg.sender])
    return b"".join(out)


class _Reader:
    def __init__(self, data: bytes):
        self.data, self.at = data, 0

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise DealError("message truncated")
        chunk = self.data[self.at:self.at + n]
        self.at += n
        return chunk

    def u8(self) -> int:
        return self.take(1)[0]

    def u16(self) -> int:
        return int.from_bytes(self.take(2), "little")

    def name(self) -> str:
        try:
            return self.take(self.u8()).decode("utf-8")
        except UnicodeDecodeError:
            raise DealError("a name is not UTF-8 text") from None

    def scalar(self) -> int:
        try:
            return r.scalar_decode(self.take(32))
        except r.EncodingError:
            raise DealError("a key is not a canonical scalar") from None


def parse(data: bytes, tiles: int | None = None) -> Message:
    """A message from bytes; ``tiles`` is the bag's size (from the setup section when the
    message carries one). :class:`DealError` if the bytes are not a well-formed message."""
    if not isinstance(data, (bytes, bytearray)):
        raise DealError("a deal message is bytes")
    if len(data) > MAX_MESSAGE:
        raise DealError("message too long")
    rd = _Reader(bytes(data))
    if len(data) < 5:
        raise DealError("message truncated")
    version, flags = rd.u8(), rd.u8()
    if version != VERSION:
        raise DealError(f"unknown deal message version {version} (this page reads {VERSION})")
    if flags >= 128:
        raise DealError("unknown message sections")
    msg = Message(step=rd.u16(), sender=rd.u8())
    if msg.sender >= MAX_PLAYERS:
        raise DealError("no such player")
    if flags & F_SETUP:
        game_id, players, count, bag = rd.name(), rd.u8(), rd.u16(), rd.name()
        msg.setup = Setup(game_id, players, count, bag)
        tiles = count
    if flags & (F_SHUFFLE | F_RELOCK | F_UNLOCK | F_DRAW | F_PLAY) and tiles is None:
        raise DealError("the bag's size is unknown (no setup yet)")
    if flags & F_SHUFFLE:
        msg.commit, msg.bag_key = rd.take(32), rd.take(32)
        msg.shuffled = [rd.take(32) for _ in range(tiles)]
    if flags & F_RELOCK:
        msg.relocked = [rd.take(32) for _ in range(tiles)]
    if flags & F_UNLOCK:
        count = rd.u16()
        if count > tiles * MAX_PLAYERS:
            raise DealError("too many unlocks")
        for _ in range(count):
            msg.unlocks.append(Unlock(rd.u8(), _position(rd, tiles), rd.scalar(), rd.take(64)))
    if flags & F_DRAW:
        msg.draws = [_position(rd, tiles) for _ in range(rd.u8())]
    if flags & F_PLAY:
        for _ in range(rd.u8()):
            msg.plays.append(Play(_position(rd, tiles), _position(rd, tiles), rd.scalar(),
                                  rd.take(64)))
    if flags & F_REVEAL:
        msg.seed = rd.take(32)
    if rd.at != len(data):
        raise DealError("unexpected bytes after the message")
    return msg


def _position(rd: _Reader, tiles: int) -> int:
    pos = rd.u16()
    if pos >= tiles:
        raise DealError(f"position {pos} is outside the bag of {tiles}")
    return pos
