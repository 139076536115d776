"""benchmarks/mohex.py without MoHex: its help, and a clear message with exit status 2 (MoHex is a
benchmark opponent only, never a requirement of the tests)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "mohex.py"


def run(*args: str, **env: str) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if k != "MOHEX"}
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=60,
                          env={**base, **env}, cwd=ROOT)


def test_help_works_without_mohex(tmp_path):
    r = run("--help", MOHEX=str(tmp_path / "absent"))
    assert r.returncode == 0 and "--ladder" in r.stdout and "--equal" in r.stdout


def test_absent_mohex_is_one_clear_line_and_status_2(tmp_path):
    absent = str(tmp_path / "absent")
    for args, env in ((("--check", "--mohex", absent), {}), (("--ladder", "100"), {"MOHEX": absent})):
        r = run(*args, **env)
        assert r.returncode == 2, r.stderr
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"MoHex not found at {absent}") and "--mohex" in lines[0]
