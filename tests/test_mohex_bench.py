"""benchmarks/mohex.py without MoHex: its help, and a clear message with exit status 2 (MoHex is a
benchmark opponent only, never a requirement of the tests)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bench_logs import summary_rows

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "mohex.py"
ANALYSIS = ROOT / "benchmarks" / "mohex_analysis.py"


def run(*args: str, script=SCRIPT, **env: str) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if k != "MOHEX"}
    return subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, timeout=60,
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


def test_the_analysis_benchmark_without_mohex(tmp_path):
    absent = str(tmp_path / "absent")
    r = run("--help", script=ANALYSIS, MOHEX=absent)
    assert r.returncode == 0 and "--reference" in r.stdout and "--small" in r.stdout
    r = run("--positions", "1", script=ANALYSIS, MOHEX=absent)
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1 and lines[0].startswith(f"MoHex not found at {absent}")
    log = tmp_path / "a.jsonl"
    rec = {"moves": ["a1", "b2"], "reference_move": "c3", "small_move": "c3", "ours_move": "d4",
           "reference_cpu": 1.0, "small_cpu": 0.1, "ours_cpu": 1.0, "iterations": 9, "ours_proven": None,
           "play": 300, "reference": 16000, "small": 1000, "seconds": 1.0, "seed": 1, "index": 0}
    log.write_text(__import__("json").dumps(rec) + "\nnot json\n", encoding="utf-8")
    r = run("--summary", "--log", str(log), script=ANALYSIS, MOHEX=absent)
    assert r.returncode == 0 and "ours         agrees with MoHex's reference on 0/1" in r.stdout
    assert "MoHex small  agrees with MoHex's reference on 1/1" in r.stdout
    # --rescore at a fixed number of iterations: the same answer each run, whatever the load
    first = run("--rescore", "--log", str(log), "--our-iterations", "150", script=ANALYSIS, MOHEX=absent)
    again = run("--rescore", "--log", str(log), "--our-iterations", "150", script=ANALYSIS, MOHEX=absent)
    assert first.returncode == 0 and "ours at 150 iterations with {} agrees with MoHex's reference on" in first.stdout
    assert first.stdout.split(" agrees")[1].split(",")[0] == again.stdout.split(" agrees")[1].split(",")[0]
    assert "CPU s a position: mean " in first.stdout and ", 90th percentile " in first.stdout
    r = run("--rescore", "--log", str(log), "--our-iterations", "0", script=ANALYSIS, MOHEX=absent)
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_the_games_maker_without_mohex(tmp_path):
    absent = str(tmp_path / "absent")
    script = ROOT / "benchmarks" / "mohex_games.py"
    r = run("--help", script=script, MOHEX=absent)
    assert r.returncode == 0 and "--playouts" in r.stdout
    r = run("--games", "1", "--out", str(tmp_path / "g.jsonl"), script=script, MOHEX=absent)
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1 and lines[0].startswith(f"MoHex not found at {absent}")


def test_the_book_maker_without_mohex_writes_the_shipped_table_from_the_shipped_log(tmp_path):
    absent = str(tmp_path / "absent")
    script = ROOT / "benchmarks" / "mohex_book.py"
    r = run("--log", str(tmp_path / "b.jsonl"), script=script, MOHEX=absent)
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1 and lines[0].startswith(f"MoHex not found at {absent}")
    out = tmp_path / "book_table.py"
    r = run("--log", str(ROOT / "benchmarks" / "data" / "book.jsonl"), "--write", "--out", str(out), script=script)
    assert r.returncode == 0, r.stderr
    assert out.read_text(encoding="utf-8") == (ROOT / "pygame_core" / "games" / "hex" / "book_table.py").read_text(encoding="utf-8")
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n" + '{"moves": "f6", "reply": 3, "playouts": 16000}\n'
                   + '{"moves": ["zz"], "reply": "a1", "playouts": 16000}\n{"moves": [7], "reply": "a1", "playouts": 16000}\n'
                   + '{"moves": ["a1", "b1", "c1", "d1"], "reply": "e1", "playouts": 16000}\n'
                   + '{"moves": ["a1"], "reply": "b2", "playouts": "16000"}\n', encoding="utf-8")
    r = run("--log", str(bad), "--write", "--out", str(out), script=script)
    assert r.returncode == 2 and r.stdout.startswith("no lines at 16000 playouts") and out.stat().st_size > 1000
    bad.write_bytes(bytes(range(256)) * 50)  # a binary file, then a folder: short messages, the table kept
    r = run("--log", str(bad), "--write", "--out", str(out), script=script)
    assert r.returncode == 2 and r.stdout.startswith("no lines at 16000 playouts")
    r = run("--log", str(tmp_path), "--write", "--out", str(out), script=script)
    assert r.returncode == 2 and r.stderr.startswith("cannot read ") and "Traceback" not in r.stderr
    assert out.stat().st_size > 1000
    for flag, value in (("--plies", "9"), ("--plies", "x" * 10000), ("--plies", ""), ("--thirds", "5"),
                        ("--thirds", "1," * 5000)):  # bad options: one short line, status 2
        r = run("--log", str(bad), "--write", "--out", str(out), flag, value, script=script)
        assert r.returncode == 2 and len(r.stderr) < 400 and "Traceback" not in r.stderr, (flag, r.stderr[-300:])


def test_the_book_maker_writes_only_the_plies_asked(tmp_path):
    script = ROOT / "benchmarks" / "mohex_book.py"
    log = tmp_path / "b.jsonl"
    log.write_text('{"moves": [], "reply": "f6", "playouts": 16000}\n{"moves": ["a1"], "reply": "j2", "playouts": 16000}\n'
                   '{"moves": ["a1", "j2"], "reply": "f6", "playouts": 16000}\n'
                   '{"moves": ["a1", "j2", "f6"], "reply": "f5", "playouts": 16000}\n'
                   '{"moves": ["a1", "j2", "i2"], "reply": "f6", "playouts": 100}\n', encoding="utf-8")
    out = tmp_path / "t.py"
    written = {}
    for chosen in ("1,2,4", "3", "1,2,3,4"):
        r = run("--log", str(log), "--write", "--out", str(out), "--plies", chosen, script=script)
        assert r.returncode == 0, r.stderr
        namespace = {}
        exec(out.read_text(encoding="utf-8"), namespace)
        written[chosen] = namespace["BOOK"]
    # the line at 100 playouts (a smaller budget's third move) never enters the table
    assert written["1,2,4"] == {"": "f6", "a1": "j2", "a1 j2 f6": "f5"}
    assert written["3"] == {"a1 j2": "f6"}
    assert len(written["1,2,3,4"]) == 4


def test_search_settings_are_checked_and_kept_apart_in_the_summary(tmp_path):
    absent = str(tmp_path / "absent")
    r = run("--ladder", "100", "--set", "bogus=1", MOHEX=absent)
    assert r.returncode == 2 and "not a search setting: 'bogus=1'" in r.stderr.strip().splitlines()[-1]
    base = {"mode": "ladder", "playouts": 100, "seconds": 1.0, "our_iterations": None, "seed": 1, "steer": None,
            "game": 0, "ours_seat": 0, "opening": "f6", "won": True, "moves": 30, "wall": 20.0,
            "ours": {"moves": 15, "cpu": 12.0, "wall": 12.0, "iterations": 300000, "each": []},
            "theirs": {"moves": 14, "cpu": 4.0, "wall": 4.0, "searched": 7, "playouts": 630, "max_games": 1400,
                       "each": []}}
    old = dict(base)  # (a line from before --set: the defaults)
    tuned = {**base, "won": False, "set": "pattern_prior=0.0"}
    rows = summary_rows(run, tmp_path, (old, tuned), "vs MoHex 100 playouts", MOHEX=absent)
    assert len(rows) == 2 and "pattern_prior=0.0" not in rows[0] and "pattern_prior=0.0 vs MoHex" in rows[1]


def test_mohex_settings_are_checked_and_kept_apart_in_the_summary(tmp_path):
    """``--mohex-param NAME=VALUE`` (MoHex's own search settings, for ablations): only a word and
    a plain value reach GTP; the log records them and the summary keeps such games apart."""
    absent = str(tmp_path / "absent")
    for bad in ("perform_pre_search", "x;quit=1", "game.allow_swap=1", "player_vc..use=0", "perform_pre_search=0\nquit", "a=" + "9" * 30):
        r = run("--ladder", "100", "--mohex-param", bad, MOHEX=absent)
        last = r.stderr.strip().splitlines()[-1]
        assert r.returncode == 2 and "not a MoHex setting" in last and "Traceback" not in r.stderr, r.stderr
        assert len(last) < 200
    base = {"mode": "ladder", "playouts": 100, "seconds": 1.0, "our_iterations": None, "seed": 1, "steer": None,
            "set": "", "game": 0, "ours_seat": 0, "opening": "f6", "won": True, "moves": 30, "wall": 20.0,
            "ours": {"moves": 15, "cpu": 12.0, "wall": 12.0, "iterations": 300000, "each": []},
            "theirs": {"moves": 14, "cpu": 4.0, "wall": 4.0, "searched": 7, "playouts": 630, "max_games": 1400,
                       "each": []}}
    ablated = {**base, "won": False, "mohex_set": "perform_pre_search=0"}
    rows = summary_rows(run, tmp_path, (base, ablated), "vs MoHex 100 playouts", MOHEX=absent)
    assert len(rows) == 2 and "perform_pre_search" not in rows[0]
    assert "100 playouts perform_pre_search=0" in rows[1]


def test_a_mohex_that_stops_mid_match_is_one_clear_line_and_the_log_kept(tmp_path):
    """A MoHex that dies on a setting (as the real one does with ``player_board.use_vcs=0``):
    the match stops with one line naming the setting, status 1, no traceback."""
    fake = tmp_path / "mohex"
    fake.write_text(f"#!{sys.executable}\n"
                    "import sys\n"
                    "for line in sys.stdin:\n"
                    "    if line.startswith('genmove'):\n"
                    "        sys.exit(3)\n"
                    "    print('= ' + ('B+' if line.startswith('final') else '') + '\\n', flush=True)\n")
    fake.chmod(0o755)
    log = tmp_path / "m.jsonl"
    r = run("--ladder", "100", "--games", "2", "--skip-check", "--mohex-param", "player_board.use_vcs=0",
            "--log", str(log), "--mohex", str(fake))
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 1 and len(lines) == 1 and "Traceback" not in r.stderr, r.stderr
    assert "closed its output after 'genmove" in lines[0] and "player_board.use_vcs=0" in lines[0]


def test_the_blunder_benchmark_without_mohex(tmp_path):
    """benchmarks/mohex_blunders.py: its help, a clear line without MoHex, and each game's first
    position MoHex wins found in vc_decided.py's positions (games follow one another; a game's
    positions extend each other)."""
    script = ROOT / "benchmarks" / "mohex_blunders.py"
    absent = str(tmp_path / "absent")
    r = run("--help", script=script, MOHEX=absent)
    assert r.returncode == 0 and "--score" in r.stdout and "--judge" in r.stdout
    pos = tmp_path / "p.jsonl"
    pos.write_text('{"moves": ["a1", "b2"], "to_move": 0, "winner": 0}\n', encoding="utf-8")
    for args in (("--make", str(pos), "--out", str(tmp_path / "b.jsonl")), ("--score", str(pos))):
        r = run(*args, script=script, MOHEX=absent)
        lines = r.stderr.strip().splitlines()
        assert r.returncode == 2 and len(lines) == 1 and lines[0].startswith(f"MoHex not found at {absent}")
    r = run("--vc", str(pos), script=script, MOHEX=absent)
    assert r.returncode == 1 and "position 1: needs 'moves' and 'played'" in r.stderr
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"moves": ["a1", "a1"], "to_move": 0, "played": "c3", "verdict": null}\n', encoding="utf-8")
    r = run("--vc", str(bad), script=script, MOHEX=absent)
    assert r.returncode == 1 and "position 1: " in r.stderr and "Traceback" not in r.stderr
    blunders = tmp_path / "bl.jsonl"
    blunders.write_text('{"moves": ["a1", "b2"], "to_move": 0, "played": "c3", "verdict": null}\n', encoding="utf-8")
    r = run("--vc", str(blunders), script=script, MOHEX=absent)
    assert r.returncode == 2 and r.stderr.strip().startswith(f"MoHex not found at {absent}")
    r = run("--score", str(pos), "--set", "no_such=1", script=script, MOHEX=absent)
    assert r.returncode == 2 and "not a search setting: 'no_such=1'" in r.stderr
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from mohex_blunders import first_decided
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    game1 = [{"moves": ["a1", "b2"], "to_move": 0, "winner": 1},  # (ours wins: not a blunder)
             {"moves": ["a1", "b2", "c3", "d4"], "to_move": 0, "winner": 0},  # MoHex's first win
             {"moves": ["a1", "b2", "c3", "d4", "e5", "f6"], "to_move": 0, "winner": 0}]
    game2 = [{"moves": ["k1", "j2", "i3"], "to_move": 1, "winner": 1}]
    assert first_decided(game1 + game2) == [game1[1], game2[0]]


def test_the_blunder_benchmark_keeps_only_the_vc_patterns_asked_for(tmp_path):
    """``--vc-patterns REGEX``: a copy of MoHex beside its own pattern file cut down to the
    patterns named (MoHex's files stay outside the repository: read at run time); a bad
    expression or no pattern file is one clear line."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from mohex_blunders import patterns_only
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    build = tmp_path / "benzene"
    (build / "build" / "src" / "mohex").mkdir(parents=True)
    (build / "share").mkdir()
    binary = build / "build" / "src" / "mohex" / "mohex"
    binary.write_text("#!/bin/sh\n", encoding="utf-8")
    binary.chmod(0o755)
    blocks = ["name row2start1\ntype start\nheight 2\nE\n *", "name row3end1\ntype end\nheight 3\nB *\n * *\n  * *",
              "name row2end2b\ntype end\nheight 2\nE\n *"]
    (build / "share" / "vc-patterns.txt").write_text("\n\n".join(blocks) + "\n\n", encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    copy = patterns_only(str(binary), r"^row2", str(out))
    assert Path(copy).read_text(encoding="utf-8") == "#!/bin/sh\n"
    kept = (out / "vc-patterns.txt").read_text(encoding="utf-8")
    # (MoHex's reader stops at the first empty line after the last pattern: the file ends so)
    assert kept == blocks[0] + "\n\n" + blocks[2] + "\n\n\n"
    assert patterns_only(str(binary), r"^$", str(out)) and (out / "vc-patterns.txt").read_text() == "\n\n\n"
    script = ROOT / "benchmarks" / "mohex_blunders.py"
    blunders = tmp_path / "bl.jsonl"
    blunders.write_text('{"moves": ["a1", "b2"], "to_move": 0, "played": "c3", "verdict": null}\n', encoding="utf-8")
    r = run("--vc", str(blunders), "--vc-patterns", "(", "--mohex", str(binary), script=script)
    assert r.returncode == 1 and r.stderr.startswith("--vc-patterns: not a regular expression") and \
        "Traceback" not in r.stderr
    (build / "share" / "vc-patterns.txt").unlink()
    r = run("--vc", str(blunders), "--vc-patterns", "row2", "--mohex", str(binary), script=script)
    assert r.returncode == 1 and "no vc-patterns.txt" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_the_blunder_benchmark_reads_mohex_fill_in():
    """``--vc --mohex-fillin``: the cells MoHex's ``vc-build`` names filled (captured or dead, as
    black or white) become the first or the second player's stones; the other cells it names
    (inferior, not filled) do not."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from mohex import new_hex
        from mohex_blunders import mohex_fill
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))

    def bit(cell):
        game = new_hex()
        game.play(cell)
        return game.bit_state()[1]
    text = "a1 iv[b1] b1 id[b2] g1 fcb h1 fcb\n i1 fdb k1 fcw\n a11 id[b10] k11 fdw"
    black, white = mohex_fill(text, {})
    assert black == bit("g1") | bit("h1") | bit("i1")
    assert white == bit("k1") | bit("k11")
    assert mohex_fill("", {}) == (0, 0)
    from mohex_blunders import fill_gap  # (``--fill-gap``: by kind, and those ours leaves out)
    gap = {}
    fill_gap(text + " c3 fpw", {}, bit("g1") | bit("k1"), gap)
    assert gap == {"fcb": [2, 1], "fdb": [1, 1], "fcw": [1, 0], "fdw": [1, 1], "fpw": [1, 1]}


def test_the_decided_positions_score_with_decompositions(tmp_path):
    """benchmarks/vc_decided.py --score (no MoHex needed) with --decompose (and --sets): the same
    positions proven at least as often as without, none wrong (a wrong winner exits 1)."""
    script = ROOT / "benchmarks" / "vc_decided.py"
    lines = (ROOT / "benchmarks" / "data" / "decided.jsonl").read_text(encoding="utf-8").splitlines()[:12]
    pos = tmp_path / "p.jsonl"
    pos.write_text("\n".join(lines) + "\n", encoding="utf-8")
    counts = []
    for extra in ((), ("--decompose", "4"), ("--decompose", "4", "--sets", "4")):
        r = run("--score", str(pos), "--pairs", "3000", "--nodes", "", *extra, script=script)
        assert r.returncode == 0, r.stdout + r.stderr
        row = next(line for line in r.stdout.splitlines() if "H-search (every pair)" in line)
        counts.append(int(row.split()[3].split("/")[0]))
    assert counts[2] >= counts[1] >= counts[0] > 0, counts
    r = run("--score", str(pos), "--decompose", "-1", script=script)
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_a_long_bad_number_is_quoted_short():
    """The benchmarks' number options (``common.bounded``) quote at most a few dozen characters
    of a bad value, and refuse values out of range."""
    script = ROOT / "benchmarks" / "vc_decided.py"
    r = run("--score", "x.jsonl", "--sets", "x" * 100_000, script=script)
    assert r.returncode == 2 and "is not an integer" in r.stderr and len(r.stderr.splitlines()[-1]) < 120
    r = run("--score", "x.jsonl", "--sets", "9" * 5000, script=script)
    assert r.returncode == 2 and len(r.stderr.splitlines()[-1]) < 120, r.stderr[-200:]
    r = run("--score", "x.jsonl", "--sets", "7", script=script)
    assert r.returncode == 2 and "'7' is not in 0..6" in r.stderr


def test_a_match_of_one_seat_plays_and_resumes_only_that_seats_games(tmp_path):
    """``--seat second`` (common.run_match's ``keep``): only the odd games, the same game numbers
    as in the whole match, so a rerun of the whole match plays only the other half."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from common import run_match

    played = []

    def play(k):
        played.append(k)
        return {"game": k, "ours_seat": k % 2, "won": k % 3 == 0, "ours": {"cpu": 1.0}, "theirs": {"cpu": 1.0},
                "mode": "ladder", "seed": 7}

    log = tmp_path / "m.jsonl"
    cfg = {"mode": "ladder", "seed": 7}
    recs = run_match(cfg, 6, log, ("mode", "seed"), play, lambda rec, n: "", keep=lambda k: k % 2 == 1)
    assert played == [1, 3, 5] and [r["game"] for r in recs] == [1, 3, 5]
    recs = run_match(cfg, 6, log, ("mode", "seed"), play, lambda rec, n: "")
    assert played == [1, 3, 5, 0, 2, 4] and [r["game"] for r in recs] == list(range(6))
    r = run("--ladder", "100", "--seat", "third", MOHEX=str(tmp_path / "absent"))
    assert r.returncode == 2 and "--seat" in r.stderr and "Traceback" not in r.stderr


def test_the_won_position_benchmark_without_mohex(tmp_path):
    """benchmarks/mohex_won.py: its help, a clear line without MoHex or for a bad file, and the
    lost games and our turns it looks at."""
    script = ROOT / "benchmarks" / "mohex_won.py"
    absent = str(tmp_path / "absent")
    r = run("--help", script=script, MOHEX=absent)
    assert r.returncode == 0 and "--make" in r.stdout and "--mohex-playouts" in r.stdout
    log = tmp_path / "m.jsonl"
    log.write_text('{"history": ["a1", "b2", "c3"], "ours_seat": 1, "won": false}\n'
                   '{"history": ["a1", "b2"], "ours_seat": 0, "won": true}\n', encoding="utf-8")
    r = run("--make", str(log), "--out", str(tmp_path / "w.jsonl"), script=script, MOHEX=absent)
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1 and lines[0].startswith(f"MoHex not found at {absent}")
    r = run("--make", str(log), script=script, MOHEX=absent)
    assert r.returncode == 2 and "--make needs --out" in r.stderr
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"history": ["a1", "a1"], "ours_seat": 0, "won": false}\n', encoding="utf-8")
    r = run("--make", str(bad), "--out", str(tmp_path / "w.jsonl"), script=script, MOHEX=absent)
    assert r.returncode == 1 and "lost game 1: " in r.stderr and "Traceback" not in r.stderr
    won = tmp_path / "won.jsonl"
    won.write_text('{"moves": ["a1"], "to_move": 1, "played": "a1", "verdict": "win", "after": "kept"}\n',
                   encoding="utf-8")
    r = run("--score", str(won), script=script, MOHEX=absent)
    assert r.returncode == 1 and "position 1: " in r.stderr and "Traceback" not in r.stderr
    won.write_text('{"moves": ["a1"], "to_move": 1, "played": "b2", "verdict": "win", "after": "thrown"}\n'
                   '{"moves": ["x"], "after": null}\n', encoding="utf-8")  # (no verdict: not scored)
    r = run("--score", str(won), script=script, MOHEX=absent)
    assert r.returncode == 2 and r.stderr.strip().startswith(f"MoHex not found at {absent}")
    r = run("--score", str(won), "--mohex-playouts", "0", script=script, MOHEX=absent)
    assert r.returncode == 2 and "'0' is not in 1..1e+07" in r.stderr
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from mohex_won import lost_games, our_turns, verdict
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    recs = [{"history": ["a1", "b2", "c3"], "ours_seat": 1, "won": False},
            {"history": ["a1", "b2"], "ours_seat": 0, "won": True},  # (won: not looked at)
            {"games": 2, "won": 1},  # (a summary line)
            {"history": ["d4", "e5"], "ours_seat": 0, "won": False}]
    assert lost_games(recs) == [(["a1", "b2", "c3"], 1), (["d4", "e5"], 0)]
    assert our_turns(["a1", "b2", "c3", "d4", "e5"], 1, 2) == [3]
    assert our_turns(["a1", "b2", "c3", "d4", "e5"], 0, 0) == [0, 2, 4]
    assert [verdict(w, 1) for w in (1, 0, None)] == ["kept", "thrown", None]
