"""A helper of the benchmark scripts' tests (``test_mohex_bench.py``, ``test_morat_bench.py``)."""

from __future__ import annotations

import json


def summary_rows(run, tmp_path, records, needle: str, **env) -> list[str]:
    """A benchmark's ``--summary`` (``run``: the test's runner) of a log of ``records``: its table
    rows that contain ``needle`` (a match log of ``benchmarks/mohex.py`` or ``morat.py``)."""
    log = tmp_path / "m.jsonl"
    log.write_text("\n".join(json.dumps(x) for x in records) + "\n", encoding="utf-8")
    r = run("--summary", "--log", str(log), **env)
    assert r.returncode == 0, r.stderr
    return [line for line in r.stdout.splitlines() if needle in line]
