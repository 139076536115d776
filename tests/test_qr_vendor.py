"""The QR codes of the friend card (web/panels/qr.js) against an independent encoder.

The page draws links with the vendored npm package ``qr`` (build_scripts/site_vendor.py: pinned
version and sha512). Here its modules, run under Node.js, are compared with those of the PyPI
package ``qrcode`` (pinned with the test tools in build_scripts/test.sh) for real friend links
from a short invitation to a whole Hex 19 game (about 1,250 characters): the same version, and
for each of the eight masks the same modules; the mask each picks by the standard's penalty
score, too. The page's own wrapper (``qrMatrix``) is run as well: error correction M, L for
long links. (segno was tried first: its codes read the same but differ in the padding, one
zero byte more after the terminator, so its modules cannot be compared.)
"""
from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
import qrcode  # pinned in build_scripts/test.sh: a missing one is a failure, not a skip

from pygame_core import agents
from pygame_core.core import new_game
from pygame_core.records import encode_corr_link

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build_scripts"))
from site_vendor import VENDORED, npm_tarball  # noqa: E402

NODE = shutil.which("node")
PREFIX = "http://127.0.0.1:8000/index.html#r="  # a page address as the card writes it


def friend_link(size: int, moves: int | None, seed: int, names=("", ""), prefix=PREFIX) -> str:
    """A friend link of a random Hex game (its moves a few hours to days apart)."""
    game = new_game("hex", seed=seed, size=size)
    bot = agents.get("random")(seed=seed)
    while not game.is_over and (moves is None or len(game.history) < moves):
        game.play(bot.choose(game))
    start = 29_400_000
    rnd = random.Random(seed)
    times = [start]
    for _ in game.history:
        times.append(times[-1] + rnd.randint(0, 3 * 1440))
    sender = 1 - game.current_player if not game.is_over else 0
    return prefix + encode_corr_link(game, game_id="Abc123_-xyz9", sender=sender, start=start, times=times[1:],
                                     names=list(names))


LINKS = {
    "invitation": friend_link(11, 1, 1, ("Ana", "Bo")),
    "hex11-60": friend_link(11, 60, 2),
    "hex11-full": friend_link(11, None, 3, ("Ana Lúcia", "Bo")),
    # a whole Hex 19 game (about 950 characters) on a site in a deep folder: about 1,250
    "hex19-full": friend_link(19, None, 4, ("Ana", "Bo"), PREFIX.replace("index", "games/" * 40 + "index")),
}


def qr_site(tmp_path: Path) -> Path:
    """A folder laid out as the site for the page's qr.js: panels/qr.js, the message catalog it
    imports, and the vendored package (index.js, and decode.js for the browser test's reader),
    from the checked tarball."""
    pin = VENDORED["qr"]
    tgz = npm_tarball("qr", pin["version"], pin["integrity"], ROOT / ".cache", print)
    (tmp_path / "panels").mkdir(parents=True)
    (tmp_path / "vendor" / "qr").mkdir(parents=True)
    shutil.copyfile(ROOT / "web" / "panels" / "qr.js", tmp_path / "panels" / "qr.js")
    shutil.copytree(ROOT / "web" / "i18n", tmp_path / "i18n")  # (qr.js words its notes through the catalog)
    with tarfile.open(tgz) as tf:
        for name in ("index.js", "decode.js"):
            (tmp_path / "vendor" / "qr" / name).write_bytes(tf.extractfile(f"package/{name}").read())
    return tmp_path


def run_node(site: Path, jobs: list[dict]) -> list[dict]:
    jobs_file = site / "jobs.json"
    jobs_file.write_text(json.dumps(jobs))
    proc = subprocess.run([NODE, str(ROOT / "tests" / "js" / "qr_matrix.mjs"), str(site), str(jobs_file)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def reference_rows(text: str, ecc: str, mask: int | None) -> tuple[list[str], int]:
    """The reference encoder's modules (byte mode, the smallest version) and version."""
    from qrcode.util import MODE_8BIT_BYTE, QRData
    level = {"low": qrcode.constants.ERROR_CORRECT_L, "medium": qrcode.constants.ERROR_CORRECT_M}[ecc]
    code = qrcode.QRCode(error_correction=level, border=0, mask_pattern=mask)
    code.add_data(QRData(text.encode(), mode=MODE_8BIT_BYTE))
    code.make(fit=True)
    return ["".join("1" if b else "0" for b in row) for row in code.get_matrix()], code.version


@pytest.mark.skipif(NODE is None, reason="Node.js runs the page's encoder")
def test_the_vendored_encoder_matches_the_reference(tmp_path):
    site = qr_site(tmp_path)
    assert 1150 < len(LINKS["hex19-full"]) < 1350 and len(LINKS["invitation"]) < 150
    jobs, expected = [], []
    for name, text in LINKS.items():
        for ecc in ("medium", "low"):
            rows, version = reference_rows(text, ecc, None)
            jobs.append({"text": text, "ecc": ecc})  # the package's own mask choice
            expected.append((name, ecc, "auto", rows, version))
            for mask in range(8):
                rows, version = reference_rows(text, ecc, mask)
                jobs.append({"text": text, "ecc": ecc, "mask": mask})
                expected.append((name, ecc, mask, rows, version))
    got = run_node(site, jobs)
    for (name, ecc, mask, rows, version), ours in zip(expected, got, strict=True):
        assert len(ours["rows"]) == 17 + 4 * version, (name, ecc, mask)
        assert ours["rows"] == rows, f"{name}, ecc {ecc}, mask {mask}: the modules differ from the reference's"


@pytest.mark.skipif(NODE is None, reason="Node.js runs the page's encoder")
def test_the_page_picks_m_and_l_for_long_links(tmp_path):
    site = qr_site(tmp_path)
    got = run_node(site, [{"text": text} for text in LINKS.values()])
    levels = {name: g["ecc"] for name, g in zip(LINKS, got)}
    sizes = {name: len(g["rows"]) for name, g in zip(LINKS, got)}
    assert levels["invitation"] == levels["hex11-60"] == "medium"
    assert levels["hex19-full"] == "low" and sizes["hex19-full"] <= 121, sizes  # version 26 at most
    for (name, text), g in zip(LINKS.items(), got):
        rows, _ = reference_rows(text, g["ecc"], None)
        assert g["rows"] == rows, name
