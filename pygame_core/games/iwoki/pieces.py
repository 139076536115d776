"""iwoki Maths pieces: :class:`HexagonalTile` (20 tiles, 12 orders each: 6 rotations of each
face), :class:`SmallTile` (12 number triples x 4 copies; orders :class:`SmallOrder`, 3 on the
``+`` face and 3 on the ``-`` face), the table of which small orders fit which vertex values
(:data:`SMALL_FITS`), and the placements :class:`SmallPlacement` (``112+ @ H1_H5_H6``) and
:class:`HexPlacement` (``*52466 @ H7``)."""

from __future__ import annotations

from dataclasses import dataclass

from ...geometry import hexspiral
from ...geometry.hexspiral import Hex, SmallKey

WILD = "*"

# --------------------------------------------------------------------------- tiles
HEX_TILE_VALUES: tuple[str, ...] = (
    "*52466", "*20446", "*36242", "*40346", "*53421", "*23465", "*60524", "*63035", "*20145", "*64203",
    "*01234", "*61443", "*41635", "*45214", "*41022", "*65543", "*65103", "*50426", "*54420", "*42356",
)


def _values(text: str) -> tuple:
    return tuple(WILD if c == WILD else int(c) for c in text)


def _rotations(seq: tuple) -> list[tuple]:
    return [seq[i:] + seq[:i] for i in range(len(seq))]


@dataclass(frozen=True, slots=True)
class HexagonalTile:
    """Hexagonal tile ``ht<id>``: six values clockwise, ``*`` the wildcard (both faces alike)."""

    id: int
    values: tuple

    @property
    def name(self) -> str:
        return f"ht{self.id}"

    def orders(self) -> list[tuple]:
        """The 12 orders: the 6 rotations of the front face, then of the back (reversed)."""
        back = (self.values[0],) + tuple(reversed(self.values[1:]))
        return _rotations(self.values) + _rotations(back)

    def __str__(self) -> str:
        return self.name


HEX_TILES: tuple[HexagonalTile, ...] = tuple(HexagonalTile(i + 1, _values(v)) for i, v in enumerate(HEX_TILE_VALUES))
HEX_ORDER_TILE: dict[tuple, HexagonalTile] = {o: t for t in HEX_TILES for o in t.orders()}


def order_text(order: tuple) -> str:
    return "".join(str(c) for c in order)


def plus(a: int, b: int) -> int:
    return a + b


def minus(a: int, b: int) -> int:
    return a - b if a >= b else b - a


@dataclass(frozen=True, order=True, slots=True)
class SmallTile:
    """A small tile type ``[a, b, c]`` (listed order, which is ascending); 4 copies each."""

    numbers: tuple

    @property
    def name(self) -> str:
        return "".join(str(n) for n in self.numbers)

    @property
    def highest(self) -> int:
        """What the tile costs in hand at the end of the game."""
        return max(self.numbers)

    def orders(self) -> list["SmallOrder"]:
        """The distinct orders: rotations of ``abc`` on the ``+`` face, of ``acb`` on ``-``."""
        a, b, c = self.numbers
        out = []
        for sign, seq in (("+", (a, b, c)), ("-", (a, c, b))):
            for rot in _rotations(seq):
                o = SmallOrder(rot, sign)
                if o not in out:
                    out.append(o)
        return out

    def __str__(self) -> str:
        return self.name


SMALL_TILES: tuple[SmallTile, ...] = tuple(SmallTile(tuple(int(c) for c in s)) for s in (
    "123", "112", "113", "114", "122", "133", "124", "222", "223", "224", "233", "333"))
COPIES = 4


def small_tile_by_id(n: int) -> SmallTile:
    """``st<n>`` (1-48): ``st(k + 12 j)`` is a copy of ``st k``."""
    if not 1 <= n <= COPIES * len(SMALL_TILES):
        raise ValueError("small tiles are st1-st48")
    return SMALL_TILES[(n - 1) % len(SMALL_TILES)]


@dataclass(frozen=True, order=True, slots=True)
class SmallOrder:
    """A small tile laid in one order: ``digits`` ``x0 x1 x2`` and its face ``sign``."""

    digits: tuple
    sign: str

    @property
    def tile(self) -> SmallTile:
        return SmallTile(tuple(sorted(self.digits)))

    @property
    def op(self):
        return plus if self.sign == "+" else minus

    def delivered(self) -> tuple[int, int, int]:
        """``(x0∘x1, x1∘x2, x2∘x0)``: what the contacts receive, in delivery order."""
        x0, x1, x2 = self.digits
        f = self.op
        return (f(x0, x1), f(x1, x2), f(x2, x0))

    def __str__(self) -> str:
        return "".join(str(d) for d in self.digits) + self.sign


SMALL_ORDERS: tuple[SmallOrder, ...] = tuple(o for t in SMALL_TILES for o in t.orders())
_SMALL_ORDER_SET = frozenset(SMALL_ORDERS)
DELIVERED: dict[SmallOrder, tuple] = {o: o.delivered() for o in SMALL_ORDERS}


def _build_small_fits() -> dict:
    """``(r0, r1, r2) -> orders`` whose delivered values equal every given ``r`` (``None``:
    anything), for every pattern of at least one number."""
    fits: dict = {}
    for o in SMALL_ORDERS:
        d = DELIVERED[o]
        for mask in range(1, 8):
            key = tuple(d[i] if mask >> i & 1 else None for i in range(3))
            fits.setdefault(key, []).append(o)
    return {k: tuple(v) for k, v in fits.items()}


SMALL_FITS: dict = _build_small_fits()


@dataclass(frozen=True, slots=True)
class SmallPlacement:
    order: SmallOrder
    gap: SmallKey

    @property
    def tile(self) -> SmallTile:
        return self.order.tile

    def __str__(self) -> str:
        return f"{self.order} @ {hexspiral.small_gap_name(self.gap)}"


@dataclass(frozen=True, slots=True)
class HexPlacement:
    order: tuple
    gap: Hex

    @property
    def tile(self) -> HexagonalTile:
        return HEX_ORDER_TILE[self.order]

    def __str__(self) -> str:
        return f"{order_text(self.order)} @ {hexspiral.hex_name(self.gap)}"


def hand_penalty(tiles) -> int:
    """The end-of-game deduction of small tiles in hand: each tile's highest number."""
    return sum(t.highest for t in tiles if t is not None)
