"""The friend card's QR code (web/panels/qr.js): drawn as SVG where there is no share sheet,
behind its "QR code" toggle on a phone; its module count fits the link's length (the smallest
version of the reference encoder, PyPI's qrcode, at the card's error-correction level); dark on
light in the dark and high-contrast themes; and a screenshot of it reads back as the link (the
vendored package's own decoder, under Node.js), for an invitation and for a long Hex 19 link.
Screenshots go to dist/screenshots/friends-qr-*.png."""
from __future__ import annotations

import base64
import json
import random
import shutil
import struct
import subprocess
import sys
import tarfile
import zlib
from pathlib import Path

import pytest
import qrcode

from helpers import READY, poll, send, state
from test_friends_web import context, link_in_card, open_link
from test_link_preview_web import invite

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "dist" / "screenshots"
sys.path.insert(0, str(ROOT / "build_scripts"))
from site_vendor import VENDORED, npm_tarball  # noqa: E402

NODE = shutil.which("node")


def png_rgba(data: bytes) -> tuple[int, int, bytes]:
    """(width, height, RGBA bytes) of an 8-bit RGB or RGBA PNG (what Chromium's screenshots are)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunk)
            assert depth == 8 and colour in (2, 6) and interlace == 0, (depth, colour, interlace)
            channels = 4 if colour == 6 else 3
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    out, prev = bytearray(), bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = prev[i], prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = line
        if channels == 4:
            out += line
        else:
            for i in range(0, stride, 3):
                out += line[i:i + 3] + b"\xff"
    return width, height, bytes(out)


@pytest.fixture(scope="module")
def decoder(tmp_path_factory):
    """The vendored package's decode.js (with the index.js it imports), from the checked tarball."""
    pin = VENDORED["qr"]
    tgz = npm_tarball("qr", pin["version"], pin["integrity"], ROOT / ".cache", print)
    folder = tmp_path_factory.mktemp("qr")
    with tarfile.open(tgz) as tf:
        for name in ("index.js", "decode.js"):
            (folder / name).write_bytes(tf.extractfile(f"package/{name}").read())
    return folder / "decode.js"


def read_qr(pg, decoder, tmp_path) -> str:
    """The text of the card's QR code, read from a screenshot of it."""
    width, height, rgba = png_rgba(pg.locator("#friend-qr svg").screenshot())
    image = tmp_path / "qr.json"
    image.write_text(json.dumps({"width": width, "height": height, "rgba": base64.b64encode(rgba).decode()}))
    proc = subprocess.run([NODE, str(ROOT / "tests" / "js" / "qr_read.mjs"), str(decoder), str(image)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout


def expected_modules(text: str, ecc: str) -> int:
    level = {"low": qrcode.constants.ERROR_CORRECT_L, "medium": qrcode.constants.ERROR_CORRECT_M}[ecc]
    code = qrcode.QRCode(error_correction=level)
    code.add_data(qrcode.util.QRData(text.encode(), mode=qrcode.util.MODE_8BIT_BYTE))
    code.make(fit=True)
    return 17 + 4 * code.version


def card_code(pg, link):
    """The QR code in the card once it shows `link`: its module count and level, checked."""
    poll(pg, "(link) => document.getElementById('friend-qr').dataset.link === link", link)
    svg = pg.wait_for_selector("#friend-qr svg.qr-code")
    info = pg.evaluate("""() => { const s = document.querySelector('#friend-qr svg');
      const fill = (sel) => getComputedStyle(s.querySelector(sel)).fill;
      return {modules: +s.dataset.modules, ecc: s.dataset.ecc, box: s.getAttribute('viewBox'),
              name: s.getAttribute('aria-label'), role: s.getAttribute('role'),
              dark: fill('.qr-dark'), light: fill('.qr-light'), width: s.getBoundingClientRect().width}; }""")
    assert svg is not None and info["role"] == "img" and "QR code of the link" in info["name"]
    assert info["modules"] == expected_modules(link, info["ecc"]), (len(link), info)
    assert info["box"] == f"0 0 {info['modules'] + 8} {info['modules'] + 8}"  # a quiet zone of 4
    assert info["dark"] == "rgb(0, 0, 0)" and info["light"] == "rgb(255, 255, 255)", info
    return info


def shot(pg, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(SHOTS / f"friends-qr-{name}.png"), full_page=False)


def hex19_link(site_url) -> str:
    """A friend's link of a long Hex 19 game (about 900 characters), for the seat to move."""
    sys.path.insert(0, str(ROOT))
    from pygame_core import agents
    from pygame_core.core import new_game
    from pygame_core.records import encode_corr_link
    for seed in range(20):
        game = new_game("hex", seed=seed, size=19)
        bot = agents.get("random")(seed=seed)
        while not game.is_over and len(game.history) < 281:
            game.play(bot.choose(game))
        if not game.is_over:
            break
    rnd = random.Random(seed)
    start = 29_400_000
    times = [start]
    for _ in game.history:  # a few minutes to three days between moves
        times.append(times[-1] + rnd.randint(0, 3 * 1440))
    times = times[1:]
    token = encode_corr_link(game, game_id="Qr19game_long", sender=1 - game.current_player, start=start,
                             times=times, names=["Ana", "Bo"])
    return f"{site_url}index.html#r={token}"


@pytest.mark.skipif(NODE is None, reason="Node.js runs the QR decoder")
def test_the_card_shows_the_link_as_a_qr_code(browser, site_url, decoder, tmp_path):
    ctx, ana = context(browser)
    try:
        invitation = invite(ana, site_url)
        # a computer: no share sheet, so the code is shown at once
        assert ana.evaluate("document.getElementById('friend-qr-box').open")
        info = card_code(ana, invitation)
        assert info["ecc"] == "medium" and 100 <= info["width"] <= 260
        assert read_qr(ana, decoder, tmp_path) == invitation
        ana.locator("#friend-card").scroll_into_view_if_needed()
        shot(ana, "invitation-1280")
        # dark theme, high contrast: still dark modules on light, and still readable
        ana.evaluate("() => { document.documentElement.dataset.theme = 'dark'; document.documentElement.dataset.contrast = 'high'; }")
        card_code(ana, invitation)
        assert read_qr(ana, decoder, tmp_path) == invitation
        shot(ana, "invitation-dark-1280")
        # copying commits the move: the link gets its time, and the code follows the link
        ana.click("#friend-copy")
        poll(ana, "() => window.boardwright.state().friend.sent === 1")
        sent = poll(ana, "() => document.getElementById('friend-link').value")
        poll(ana, "(link) => document.getElementById('friend-qr').dataset.link === link", sent)
        assert read_qr(ana, decoder, tmp_path) == sent
        assert not ana.page_errors
    finally:
        ctx.close()


@pytest.mark.skipif(NODE is None, reason="Node.js runs the QR decoder")
def test_a_phone_keeps_the_code_behind_its_toggle_and_long_links_fit(browser, site_url, decoder, tmp_path):
    ctx, bo = context(browser, phone=True)
    try:
        bo.goto(site_url + "index.html")
        bo.wait_for_selector(READY, timeout=120_000)
        open_link(bo, site_url, hex19_link(site_url))
        st = state(bo)
        assert st["friend"]["turn"] == "you" and st["options"]["size"] == 19
        empty = next(m["move"] for m in st["legal"] if m["move"] != "swap")
        send(bo, {"cmd": "play", "move": empty})
        reply = link_in_card(bo)
        assert 850 < len(reply) < 1300, len(reply)
        # a phone has its share sheet: the code waits behind the toggle, not drawn until asked
        assert not bo.evaluate("document.getElementById('friend-qr-box').open")
        assert bo.locator("#friend-qr svg").count() == 0
        bo.click("#friend-qr-box summary")
        info = card_code(bo, reply)
        assert info["ecc"] == "low" and info["modules"] <= 121 and info["width"] >= 240
        assert read_qr(bo, decoder, tmp_path) == reply
        bo.locator("#friend-qr-box").scroll_into_view_if_needed()
        shot(bo, "send-390")
        assert not bo.page_errors
    finally:
        ctx.close()
