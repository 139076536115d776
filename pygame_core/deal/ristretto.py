"""The ristretto255 group (RFC 9496) over edwards25519, in pure Python.

Why this group. A fair deal without a dealer ("mental poker": Shamir, Rivest and Adleman,
*Mental Poker*, 1979; Barnett and Smart, *Mental Poker Revisited*, IMA Cryptography and
Coding 2003) needs a commutative encryption: locking an element ``M`` with a secret scalar
``a`` is ``a*M``, and locks can be put on and taken off in any order because
``a*(b*M) = b*(a*M)``. For that to hide anything, the decisional Diffie-Hellman problem must
be hard in the group (otherwise a locked tile could be matched with its label), and the group
must have prime order (otherwise a small subgroup leaks the low bits of every key, as it would
on the raw curve with its cofactor 8). ristretto255 gives exactly that: a group of prime order
``L = 2**252 + 27742317777372353535851937790883648493`` built on Curve25519, in which DDH is
believed hard (about 2**126 work), with canonical 32-byte encodings (so a message has one
valid spelling and the deal's messages stay small) and a one-way map from 64 uniform bytes to
the group (RFC 9496, section 4.3.4), which turns a tile's label into an element whose
discrete logarithm nobody knows. A safe-prime subgroup of Z_p* would need 384-byte elements
for a similar strength, twelve times the link size.

What is here: decoding (rejecting every non-canonical or invalid encoding, RFC 9496 section
4.3.1), encoding (4.3.2), equality (4.3.3), the element derivation from 64 bytes (4.3.4),
point addition and negation, scalar multiplication, and scalars modulo ``L``. Points are
tuples ``(X, Y, Z, T)`` in extended twisted Edwards coordinates (x = X/Z, y = Y/Z, xy = T/Z);
two tuples may stand for the same group element (compare with :func:`equal`). Nothing here is
constant-time: the deal runs in a player's own browser on its own secrets, and a timing
attacker there could read the secrets directly anyway.
"""
from __future__ import annotations

P = 2**255 - 19
L = 2**252 + 27742317777372353535851937790883648493   # the group's (prime) order
D = (-121665 * pow(121666, P - 2, P)) % P
D2 = 2 * D % P
SQRT_M1 = pow(2, (P - 1) // 4, P)
# RFC 9496, section 4.1 (checked against their definitions in the tests)
SQRT_AD_MINUS_ONE = 25063068953384623474111414158702152701244531502492656460079210482610430750235
INVSQRT_A_MINUS_D = 54469307008909316920995813868745141605393597292927456921205312896311721017578
ONE_MINUS_D_SQ = 1159843021668779879193775521855586647937357759715417654439879720876111806838
D_MINUS_ONE_SQ = 40440834346308536858101042469323190826248399146238708352240133220865137265952
_EXP = (P - 5) // 8

IDENTITY = (0, 1, 1, 0)


class EncodingError(ValueError):
    """32 bytes that are not the canonical encoding of a ristretto255 element."""


def _is_negative(x: int) -> bool:
    return x % P & 1 == 1


def _abs(x: int) -> int:
    x %= P
    return P - x if x & 1 else x


def sqrt_ratio_m1(u: int, v: int) -> tuple[bool, int]:
    """(was_square, r): r = sqrt(u/v) if u/v is a square, else sqrt(i*u/v); r non-negative."""
    v3 = v * v % P * v % P
    v7 = v3 * v3 % P * v % P
    r = u * v3 % P * pow(u * v7 % P, _EXP, P) % P
    check = v * r % P * r % P
    u %= P
    correct = check == u
    flipped = check == (-u) % P
    flipped_i = check == (-u) * SQRT_M1 % P
    if flipped or flipped_i:
        r = r * SQRT_M1 % P
    return correct or flipped, _abs(r)


def decode(data: bytes) -> tuple[int, int, int, int]:
    """The element encoded by 32 bytes; :class:`EncodingError` if they are not a canonical
    encoding (RFC 9496, section 4.3.1)."""
    if not isinstance(data, (bytes, bytearray)) or len(data) != 32:
        raise EncodingError("an element is 32 bytes")
    s = int.from_bytes(data, "little")
    if s >= P or s & 1:
        raise EncodingError("not a canonical element encoding")
    ss = s * s % P
    u1 = (1 - ss) % P
    u2 = (1 + ss) % P
    u2_sqr = u2 * u2 % P
    v = (-(D * u1 % P * u1) - u2_sqr) % P
    was_square, invsqrt = sqrt_ratio_m1(1, v * u2_sqr % P)
    den_x = invsqrt * u2 % P
    den_y = invsqrt * den_x % P * v % P
    x = _abs(2 * s * den_x)
    y = u1 * den_y % P
    t = x * y % P
    if not was_square or t & 1 or y == 0:
        raise EncodingError("not the encoding of a group element")
    return (x, y, 1, t)


def encode(pt: tuple[int, int, int, int]) -> bytes:
    """The canonical 32-byte encoding of an element (RFC 9496, section 4.3.2)."""
    x0, y0, z0, t0 = pt
    u1 = (z0 + y0) * (z0 - y0) % P
    u2 = x0 * y0 % P
    _, invsqrt = sqrt_ratio_m1(1, u1 * u2 % P * u2 % P)
    den1 = invsqrt * u1 % P
    den2 = invsqrt * u2 % P
    z_inv = den1 * den2 % P * t0 % P
    if _is_negative(t0 * z_inv):
        x, y = y0 * SQRT_M1 % P, x0 * SQRT_M1 % P
        den_inv = den1 * INVSQRT_A_MINUS_D % P
    else:
        x, y, den_inv = x0, y0, den2
    if _is_negative(x * z_inv):
        y = -y
    return _abs(den_inv * (z0 - y)).to_bytes(32, "little")


def equal(p1, p2) -> bool:
    """Whether two points are the same group element (RFC 9496, section 4.3.3)."""
    x1, y1, _, _ = p1
    x2, y2, _, _ = p2
    return (x1 * y2 - y1 * x2) % P == 0 or (y1 * y2 - x1 * x2) % P == 0


def _map(t: int) -> tuple[int, int, int, int]:
    """The one-way map from a field element to the group (RFC 9496, section 4.3.4, MAP)."""
    r = SQRT_M1 * t % P * t % P
    u = (r + 1) * ONE_MINUS_D_SQ % P
    v = (-1 - r * D) * (r + D) % P
    was_square, s = sqrt_ratio_m1(u, v)
    if was_square:
        c = P - 1
    else:
        s = (-_abs(s * t)) % P
        c = r
    n = (c * (r - 1) % P * D_MINUS_ONE_SQ - v) % P
    ss = s * s % P
    w0 = 2 * s * v % P
    w1 = n * SQRT_AD_MINUS_ONE % P
    w2 = (1 - ss) % P
    w3 = (1 + ss) % P
    return (w0 * w3 % P, w2 * w1 % P, w1 * w3 % P, w0 * w2 % P)


def from_uniform_bytes(data: bytes) -> tuple[int, int, int, int]:
    """The element derived from 64 uniformly random bytes (RFC 9496, section 4.3.4): its
    discrete logarithm to any other element is unknown to everyone."""
    if len(data) != 64:
        raise ValueError("the element derivation takes 64 bytes")
    mask = (1 << 255) - 1
    t1 = (int.from_bytes(data[:32], "little") & mask) % P
    t2 = (int.from_bytes(data[32:], "little") & mask) % P
    return add(_map(t1), _map(t2))


# ----------------------------------------------------------------------------- arithmetic
def add(p1, p2):
    """p1 + p2 (extended coordinates, a = -1: add-2008-hwcd-3)."""
    x1, y1, z1, t1 = p1
    x2, y2, z2, t2 = p2
    a = (y1 - x1) * (y2 - x2) % P
    b = (y1 + x1) * (y2 + x2) % P
    c = t1 * D2 % P * t2 % P
    d = 2 * z1 * z2 % P
    e, f, g, h = b - a, d - c, d + c, b + a
    return (e * f % P, g * h % P, f * g % P, e * h % P)


def _cached(pt):
    """A point prepared for repeated addition: (Y+X, Y-X, 2dT, 2Z)."""
    x, y, z, t = pt
    return ((y + x) % P, (y - x) % P, t * D2 % P, 2 * z % P)


def _add_cached(p1, c2):
    x1, y1, z1, t1 = p1
    ypx, ymx, t2d, z2 = c2
    a = (y1 - x1) * ymx % P
    b = (y1 + x1) * ypx % P
    c = t1 * t2d % P
    d = z1 * z2 % P
    e, f, g, h = b - a, d - c, d + c, b + a
    return (e * f % P, g * h % P, f * g % P, e * h % P)


def _dbl(x1: int, y1: int, z1: int) -> tuple[int, int, int, int]:
    """The products' factors of a doubling (dbl-2008-hwcd with a = -1): E, F, G, H."""
    a = x1 * x1 % P
    b = y1 * y1 % P
    c = 2 * z1 * z1 % P
    e = ((x1 + y1) * (x1 + y1) - a - b) % P
    g = b - a
    return e, g - c, g, -a - b


def double(pt):
    """2 * pt."""
    e, f, g, h = _dbl(pt[0], pt[1], pt[2])
    return (e * f % P, g * h % P, f * g % P, e * h % P)


def _double4(pt):
    """16 * pt: three doublings that skip T (a doubling never reads it), then a full one."""
    x, y, z = pt[0], pt[1], pt[2]
    for _ in range(3):
        e, f, g, h = _dbl(x, y, z)
        x, y, z = e * f % P, g * h % P, f * g % P
    return double((x, y, z, 0))


def neg(pt):
    """-pt."""
    x, y, z, t = pt
    return ((-x) % P, y, z, (-t) % P)


def mul(k: int, pt):
    """k * pt for any integer k (reduced modulo L), by a 4-bit fixed window."""
    k %= L
    if k == 0:
        return IDENTITY
    points = [IDENTITY, pt]
    for _ in range(14):
        points.append(add(points[-1], pt))
    cached = [_cached(q) for q in points]
    top = (k.bit_length() - 1) // 4 * 4
    result = points[k >> top]
    for shift in range(top - 4, -1, -4):
        result = _double4(result)
        digit = (k >> shift) & 15
        if digit:
            result = _add_cached(result, cached[digit])
    return result


# The generator B of RFC 9496 (the edwards25519 base point), and its fixed-base table:
# _BASE_TABLE[w][j] = j * 16**w * B, so k * B is at most 64 additions and no doubling.
BASE = decode(bytes.fromhex("e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76"))
_BASE_TABLE: list[list] = []


def _base_table():
    if not _BASE_TABLE:
        q = BASE
        for _ in range(64):
            row, acc = [None], q
            for _ in range(15):
                row.append(_cached(acc))
                acc = add(acc, q)
            _BASE_TABLE.append(row)
            q = acc                      # 16 * q
    return _BASE_TABLE


def base_mul(k: int):
    """k * BASE, by the fixed-base table (built on first use, about 10 ms)."""
    k %= L
    table = _base_table()
    result = IDENTITY
    w = 0
    while k:
        digit = k & 15
        if digit:
            result = _add_cached(result, table[w][digit])
        k >>= 4
        w += 1
    return result


# ----------------------------------------------------------------------------- scalars
def scalar_from_bytes(data: bytes) -> int:
    """A scalar from bytes (little-endian, reduced modulo L; 64 uniform bytes give a uniform
    scalar)."""
    return int.from_bytes(data, "little") % L


def scalar_to_bytes(k: int) -> bytes:
    """The canonical 32-byte little-endian encoding of a scalar."""
    return (k % L).to_bytes(32, "little")


def scalar_decode(data: bytes) -> int:
    """A scalar from its canonical 32-byte encoding; :class:`EncodingError` if not canonical."""
    if len(data) != 32:
        raise EncodingError("a scalar is 32 bytes")
    k = int.from_bytes(data, "little")
    if k >= L:
        raise EncodingError("not a canonical scalar")
    return k


def scalar_inverse(k: int) -> int:
    """1/k modulo L (k not a multiple of L)."""
    if k % L == 0:
        raise ZeroDivisionError("zero has no inverse")
    return pow(k, L - 2, L)
