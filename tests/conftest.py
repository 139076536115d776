"""Shared fixtures: `built_site` builds the static site (wheel + Pyodide + web/) once per session."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "dist" / "site"
_SOURCES = ["pygame_core", "web", "docs", "pyproject.toml", "README.md", "build_scripts"]


def _site_is_stale() -> bool:
    stamp = SITE / "build.json"
    if not stamp.is_file() or not any((ROOT / "dist" / "wheels").glob("*.whl")):
        return True
    built = stamp.stat().st_mtime
    for name in _SOURCES:
        p = ROOT / name
        files = [p] if p.is_file() else (q for q in p.rglob("*") if q.is_file()) if p.is_dir() else []
        for f in files:
            if "__pycache__" not in f.parts and f.stat().st_mtime > built:
                return True
    return False


@pytest.fixture(scope="session")
def built_site() -> Path:
    """Path of dist/site, (re)built with build_scripts/build.py if older than the sources."""
    if _site_is_stale():
        proc = subprocess.run([sys.executable, str(ROOT / "build_scripts" / "build.py"), "--out", str(SITE)],
                              cwd=ROOT, capture_output=True, text=True)
        if proc.returncode != 0:
            pytest.fail(f"build.py failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}", pytrace=False)
    return SITE
