"""Checks of the build output: the wheel, the shipped Pyodide lock file, the site's URLs."""
from __future__ import annotations

import email.parser
import hashlib
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build_scripts"))
import build  # noqa: E402


@pytest.fixture(scope="module")
def wheel(built_site) -> Path:
    wheels = sorted((ROOT / "dist" / "wheels").glob("*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def test_wheel_is_pure_python_without_dependencies(wheel):
    assert wheel.name.startswith("pygame_core-") and wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        assert "pygame_core/__init__.py" in names
        assert "pygame_core/data/codex_cards.json" in names  # Codex card data ships as package data
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = email.parser.Parser().parsestr(zf.read(meta_name).decode())
    runtime = [r for r in meta.get_all("Requires-Dist") or [] if "extra ==" not in r.replace("extra==", "extra ==")]
    assert runtime == [], f"runtime dependencies: {runtime}"


def test_site_layout(built_site, wheel):
    info = json.loads((built_site / "build.json").read_text())
    assert info["wheel"] == f"wheels/{wheel.name}"
    assert (built_site / info["wheel"]).read_bytes() == wheel.read_bytes()
    assert info["pyodide"] == build.PYODIDE_VERSION
    for f in build.RUNTIME_FILES:
        assert (built_site / "pyodide" / f).is_file(), f
    assert (built_site / "worker.js").is_file()


def test_lock_file_matches_shipped_wheels(built_site):
    lock = json.loads((built_site / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["info"]["python"].startswith("3.")
    assert sorted(lock["packages"]) == sorted(build.SHIPPED_PACKAGES)
    for name, entry in lock["packages"].items():
        f = built_site / "pyodide" / entry["file_name"]
        assert f.is_file(), f"{name}: {f.name} not shipped"
        assert hashlib.sha256(f.read_bytes()).hexdigest() == entry["sha256"], name


def test_no_external_or_absolute_urls(built_site):
    offenders = []
    for p in built_site.rglob("*"):
        rel = p.relative_to(built_site)
        if p.is_file() and rel.parts[0] != "pyodide" and p.suffix in (".html", ".js", ".mjs", ".css"):
            text = p.read_text(encoding="utf-8", errors="replace")
            for url in build.ALLOWED_URLS:  # XML namespace identifiers, never fetched
                text = text.replace(url, "")
            if "http://" in text or "https://" in text:
                offenders.append(str(rel))
    assert offenders == []
    assert build.find_bad_references(built_site) == []
    for f in ("pyodide.mjs", "pyodide.asm.mjs"):
        assert b"sourceMappingURL" not in (built_site / "pyodide" / f).read_bytes()


def test_reference_checker_catches_bad_urls(tmp_path):
    (tmp_path / "a.html").write_text('<script src="/abs.js"></script>')
    (tmp_path / "b.js").write_text('import x from "https://cdn.example/x.js";')
    (tmp_path / "c.css").write_text("body { background: url(/img.png); }")
    (tmp_path / "ok.js").write_text('import y from "./y.js"; const ns = "http://www.w3.org/2000/svg";')
    bad = build.find_bad_references(tmp_path)
    assert len(bad) == 3 and not any(b.startswith("ok.js") for b in bad), bad


def test_wheel_installs_into_fresh_venv(wheel, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    subprocess.run([str(py), "-m", "pip", "install", "-q", "--no-index", "--disable-pip-version-check", str(wheel)],
                   check=True)
    out = subprocess.run([str(py), "-c", "import pygame_core; print(pygame_core.__version__)"],
                         check=True, capture_output=True, text=True, cwd=tmp_path)
    assert out.stdout.strip() == json.loads((ROOT / "dist" / "site" / "build.json").read_text())["version"]
    # the documented API and the CLI work from the installed wheel (not from the checkout)
    script = (
        "import pygame_core, json\n"
        "from pygame_core import agents\n"
        "g = pygame_core.new_game('hex', seed=3, size=5)\n"
        "bots = [agents.get('astar')(seed=1), agents.get('smart')(seed=2)]\n"
        "while not g.is_over: g.play(bots[g.current_player].choose(g))\n"
        "again = pygame_core.replay(json.loads(json.dumps(g.record())))\n"
        "assert again.render_text() == g.render_text()\n"
        "from pygame_core.games.codex import load_cards\n"
        "cards, objectives = load_cards()  # package data read from the installed wheel\n"
        "assert len(cards) == 86 and len(objectives) == 16\n"
        "print(pygame_core.__file__); print(g.winners)\n")
    out = subprocess.run([str(py), "-c", script], check=True, capture_output=True, text=True, cwd=tmp_path)
    assert str(venv) in out.stdout.splitlines()[0]
    assert out.stdout.splitlines()[1] in ("[0]", "[1]")
    cli = subprocess.run([str(py), "-m", "pygame_core", "play", "hex", "--size", "3", "--players", "human,human"],
                         input="a1\nb1\na2\nb2\na3\n", capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert cli.returncode == 0 and "Blue wins" in cli.stdout
