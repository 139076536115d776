"""The app icons of the Boardwright site (stdlib only): favicon.svg's shapes
drawn as anti-aliased RGBA PNGs, deterministic bytes (no PIL, no timestamps).

Used by build_scripts/build.py, which re-exports these names (``build.icon_png``).
"""
from __future__ import annotations

import zlib
from pathlib import Path

ICON_SIZES = (192, 512)
# favicon.svg's shapes (viewBox -1..1): a blue hexagon with a red one inside
_ICON_SHAPES = [
    ((0x25, 0x63, 0xC9), 0.95),
    ((0xCF, 0x3A, 0x32), 0.50),
]


def _hexagon(radius: float, size: int) -> list[tuple[float, float]]:
    """Pointy-top hexagon of `radius` (viewBox units) in pixel coordinates."""
    half = size / 2
    pts = [(0, -1), (0.8632, -0.4947), (0.8632, 0.4947), (0, 1), (-0.8632, 0.4947), (-0.8632, -0.4947)]
    return [(half + x * radius * half, half + y * radius * half) for x, y in pts]


def _coverage(poly: list[tuple[float, float]], size: int, sub: int = 4) -> list[list[float]]:
    """Anti-aliased coverage (0..1) of a convex polygon: `sub` scanlines per
    pixel row, exact horizontal coverage of each span."""
    rows = [[0.0] * size for _ in range(size)]
    edges = list(zip(poly, poly[1:] + poly[:1]))
    for y in range(size):
        row = rows[y]
        for k in range(sub):
            yc = y + (k + 0.5) / sub
            xs = [x0 + (yc - y0) * (x1 - x0) / (y1 - y0)
                  for (x0, y0), (x1, y1) in edges if y0 != y1 and min(y0, y1) <= yc < max(y0, y1)]
            if len(xs) < 2:
                continue
            left, right = max(min(xs), 0.0), min(max(xs), float(size))
            if right <= left:
                continue
            w = 1.0 / sub
            first, last = int(left), min(int(right), size - 1)
            if first == last:
                row[first] += (right - left) * w
                continue
            row[first] += (first + 1 - left) * w
            for x in range(first + 1, last):
                row[x] += w
            row[last] += (right - last) * w
    return rows


def png_bytes(width: int, height: int, rgba_rows: list[bytes]) -> bytes:
    """A minimal RGBA PNG (8 bits per channel, no filtering)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return len(data).to_bytes(4, "big") + kind + data + zlib.crc32(kind + data).to_bytes(4, "big")
    raw = b"".join(b"\0" + row for row in rgba_rows)
    ihdr = width.to_bytes(4, "big") + height.to_bytes(4, "big") + bytes([8, 6, 0, 0, 0])
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def icon_png(size: int) -> bytes:
    """The favicon drawn at size x size pixels (transparent background)."""
    pixels = [[(0.0, 0.0, 0.0, 0.0)] * size for _ in range(size)]  # premultiplied r, g, b, a
    for (r, g, b), radius in _ICON_SHAPES:
        cov = _coverage(_hexagon(radius, size), size)
        for y in range(size):
            prow, crow = pixels[y], cov[y]
            for x in range(size):
                a = min(crow[x], 1.0)
                if a > 0.0:
                    pr, pg, pb, pa = prow[x]
                    prow[x] = (r * a + pr * (1 - a), g * a + pg * (1 - a), b * a + pb * (1 - a), a + pa * (1 - a))
    rows = []
    for prow in pixels:
        out = bytearray()
        for pr, pg, pb, pa in prow:
            if pa <= 0.0:
                out += b"\0\0\0\0"
            else:
                out += bytes((round(min(pr / pa, 255)), round(min(pg / pa, 255)), round(min(pb / pa, 255)),
                              round(pa * 255)))
        rows.append(bytes(out))
    return png_bytes(size, size, rows)


def write_icons(site: Path) -> list[str]:
    """Write icons/icon-<n>.png (deterministic bytes); return their site paths."""
    (site / "icons").mkdir(exist_ok=True)
    written = []
    for n in ICON_SIZES:
        rel = f"icons/icon-{n}.png"
        (site / rel).write_bytes(icon_png(n))
        written.append(rel)
    return written
