"""What the benchmark scripts share: rate timers (wall, and CPU beside wall), random playouts
through the protocol, and what the matches against outside engines over GTP share (mohex.py,
morat.py): the engine process and its CPU time, the JSON-lines log, our timed move, the budget
steered to equal CPU time."""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time


def timed(fn, seconds: float) -> tuple[float, int]:
    """Call ``fn`` repeatedly for ``seconds``: (calls per second, calls)."""
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        fn()
        count += 1
    elapsed = time.perf_counter() - start
    return count / elapsed, count


def cpu_timed(fn, seconds: float) -> tuple[int, float, float]:
    """Call ``fn`` repeatedly for ``seconds`` of wall time: (calls, CPU s, wall s)."""
    count, cpu, start = 0, time.process_time(), time.perf_counter()
    while time.perf_counter() - start < seconds:
        fn()
        count += 1
    return count, time.process_time() - cpu, time.perf_counter() - start


def spread(values) -> str:
    """``median [min-max]`` of a few measurements (a shared machine is noisy)."""
    values = list(values)
    return f"{statistics.median(values):.2f} [{min(values):.2f}-{max(values):.2f}]"


def random_playouts(fresh, moves_of, rng):
    """Two whole-game runners from ``fresh()`` positions with moves drawn from ``moves_of(game)``:
    through the checked ``play()`` and through the unchecked ``apply()`` fast path."""

    def checked():
        g = fresh()
        while not g.is_over:
            moves = moves_of(g)
            g.play(moves[rng.below(len(moves))])

    def fast():
        g = fresh()
        while not g.is_over:
            moves = moves_of(g)
            g.apply(moves[rng.below(len(moves))])

    return checked, fast


def bounded(kind, low, high):
    """An argparse ``type``: a ``kind`` (int or float) in ``[low, high]``, a short error otherwise."""

    def parse(text: str):
        shown = repr(text[:30] + "..." if len(text) > 30 else text)  # (a short quote of long input)
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{shown} is not {'an integer' if kind is int else 'a number'}")
        if not low <= value <= high:  # also refuses nan
            raise argparse.ArgumentTypeError(f"{shown} is not in {low:g}..{high:g}")
        return value

    return parse


def mend_log(log) -> None:
    """End a JSON-lines log (a Path) with a newline, so that a line cut short by a stopped run
    does not swallow the next one."""
    if log and log.is_file() and log.stat().st_size:
        with log.open("rb+") as f:
            f.seek(-1, 2)
            if f.read(1) != b"\n":
                f.write(b"\n")


# ------------------------------------------------------------------------------ matches over GTP
CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def need_binary(path: str, message: str) -> str:
    """``path`` if it is an executable file, else ``message`` (one line) on stderr and exit status 2."""
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        print(message, file=sys.stderr)
        sys.exit(2)
    return path


class GtpEngine:
    """One engine process driven over GTP; ``cpu()`` is its CPU time so far (utime + stime)."""

    name = "the engine"

    def __init__(self, argv: list[str], stderr=subprocess.DEVNULL):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr,
                                     text=True, bufsize=1)
        self._stat = f"/proc/{self.proc.pid}/stat"

    def send(self, command: str) -> str:
        """One GTP command: the answer's text; RuntimeError on a ``?`` answer."""
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                raise RuntimeError(f"{self.name} closed its output after {command!r}")
            line = line.rstrip("\r\n")
            if line == "":
                if lines:
                    break
                continue
            lines.append(line)
        status, body = lines[0][:1], "\n".join([lines[0][1:].strip()] + lines[1:]).strip()
        if status != "=":
            raise RuntimeError(f"{self.name} refused {command!r}: {body}")
        return body

    def cpu(self) -> float:
        with open(self._stat, encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()  # fields from 3 (state) on; utime is 14, stime 15
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS

    def close(self) -> None:
        try:
            self.send("quit")
        except (RuntimeError, OSError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def winning_moves(game) -> list[str]:
    """Our engine's moves that win at once for the player to move."""
    me, out = game.current_player, []
    for move in game.legal_moves():
        trial = game.clone()
        trial.play(move)
        if trial.is_over and trial.winners == [me]:
            out.append(game.format_move(move))
    return out


def our_move(agent, game, ours: dict) -> str:
    """``agent``'s move in ``game`` (not played), its CPU s (``time.process_time``) and iterations
    added to ``ours`` (moves, cpu, wall, iterations, each: [CPU s, iterations] a move)."""
    cpu, wall = time.process_time(), time.perf_counter()
    move = game.format_move(agent.choose(game))
    cpu = time.process_time() - cpu
    ours["cpu"] += cpu
    ours["wall"] += time.perf_counter() - wall
    ours["moves"] += 1
    ours["iterations"] += agent.last_iterations
    ours["each"].append([round(cpu, 4), agent.last_iterations])
    return move


def equal_budget(ours: dict, theirs: dict, seconds: float, steer: float, rate: float, low: int, high: int) -> int:
    """The other engine's budget for its next move at ``rate`` (its units per CPU s), so that its
    running mean CPU a move comes back to ours (``seconds`` before our first move), aiming at
    0.5-``steer`` times that mean for this move; within ``[low, high]``."""
    target = ours["cpu"] / ours["moves"] if ours["moves"] else seconds
    aim = min(steer * target, max(0.5 * target, target * (theirs["moves"] + 1) - theirs["cpu"]))
    return min(high, max(low, round(rate * aim)))


def games_done(path, match: dict, index: str) -> set:
    """The ``index`` values of the games already in a data file (a Path; JSON lines) whose
    records agree with every key of ``match``; unreadable lines are passed over."""
    done = set()
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                rec = json.loads(line)
                if all(rec[key] == value for key, value in match.items()):
                    done.add(rec[index])
            except (ValueError, KeyError, TypeError):
                continue
    return done


def read_log(path, settings, fix=None) -> list[dict]:
    """The games of a JSON-lines match log (a Path) with every key of ``settings``; ``fix(rec)``
    may fill keys older lines lack.  Unreadable lines (a run stopped mid-line) are counted, left out."""
    if not path.exists():
        return []
    out, bad = [], 0
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            rec = json.loads(line)
            rec["won"], rec["ours"]["cpu"], rec["theirs"]["cpu"], rec["game"]  # noqa: B018 - what a summary reads
            if fix:
                fix(rec)
            [rec[key] for key in settings]
        except (ValueError, KeyError, TypeError):
            bad += 1
            continue
        out.append(rec)
    if bad:
        print(f"log {path}: left out {bad} unreadable lines", file=sys.stderr)
    return out


def grouped(recs: list[dict], settings) -> dict[tuple, list[dict]]:
    """The games by their settings, in the order first seen."""
    out: dict[tuple, list[dict]] = {}
    for r in recs:
        out.setdefault(tuple(r[key] for key in settings), []).append(r)
    return out


def run_match(cfg: dict, games: int, log, settings, play, describe, fix=None, keep=None) -> list[dict]:
    """Games ``0..games-1`` of the match ``cfg`` (only those ``keep(k)`` is true of, if given):
    those of the log (``read_log(log, settings, fix)``) with the same settings are kept,
    ``play(k)`` plays the others (each appended to ``log`` as one JSON line as soon as it ends,
    ``describe(rec, games)`` printed on stderr)."""
    key = tuple(cfg[s] for s in settings)
    done = {r["game"]: r for r in (read_log(log, settings, fix) if log else [])
            if tuple(r[s] for s in settings) == key}
    wanted = [k for k in range(games) if keep is None or keep(k)]
    todo = [k for k in wanted if k not in done]
    if done:
        print(f"{len(wanted) - len(todo)} of {len(wanted)} games are in the log", file=sys.stderr)
    mend_log(log)
    for k in todo:
        rec = play(k)
        done[k] = rec
        if log:
            with log.open("a", encoding="utf-8") as f:
                f.write(json.dumps(rec) + "\n")
        print(describe(rec, games), file=sys.stderr, flush=True)
    return [done[k] for k in wanted if k in done]


def total_line(recs: list[dict], name: str) -> str:
    o = sum(r["ours"]["cpu"] for r in recs)
    t = sum(r["theirs"]["cpu"] for r in recs)
    return (f"total CPU: ours {o:.1f} s, {name} {t:.1f} s over {len(recs)} games "
            f"({sum(r['wall'] for r in recs) / 60:.1f} min)")


def match_table(groups, title: str, width: int, label, theirs_head: str, theirs_cell, footnote: str) -> list[str]:
    """The summary table of a GTP match (``mohex.py``, ``morat.py``): one row per group of game
    records, ``label(rec)`` naming it and ``theirs_cell(recs, their_moves)`` the opponent's CPU
    column (``theirs_head`` its heading and width)."""
    from pygame_core.tournament import wilson
    head_text, head_width = theirs_head
    head = (f"{title:<{width}}{'won':>4}{'games':>6}{'win %':>7}  {'95 % Wilson':<13}{'as 1st':>7}"
            f"{'as 2nd':>7}  {'ours CPU/move (it.)':<21}{head_text:<{head_width}}"
            f"{'moves mean [min-max]':<22}{'wall/game'}")
    lines = [head]
    for recs in groups.values():
        n, wins = len(recs), sum(r["won"] for r in recs)
        low, high = wilson(wins, n)
        seat = [f"{sum(r['won'] for r in recs if r['ours_seat'] == s)}/{sum(r['ours_seat'] == s for r in recs)}"
                for s in (0, 1)]
        om, tm = sum(r["ours"]["moves"] for r in recs), sum(r["theirs"]["moves"] for r in recs)
        ocpu = sum(r["ours"]["cpu"] for r in recs) / max(1, om)
        oit = sum(r["ours"]["iterations"] for r in recs) / max(1, om)
        moves = [r["moves"] for r in recs]
        wall = statistics.mean(r["wall"] for r in recs)
        lines.append(f"{label(recs[0]):<{width}}{wins:>4}{n:>6}{100 * wins / n:>6.1f}%  "
                     f"{100 * low:>4.1f}-{100 * high:<5.1f}% {seat[0]:>7}{seat[1]:>7}  "
                     f"{f'{ocpu:.3f} ({oit:,.0f})':<21}{theirs_cell(recs, tm):<{head_width}}"
                     f"{f'{statistics.mean(moves):.1f} [{min(moves)}-{max(moves)}]':<22}{wall / 60:.1f} min")
    lines.append(footnote)
    return lines


def make_or_score(ap, argv, make, score) -> int:
    """The ``--make ... --out F`` / ``--score F`` benchmarks' end of ``main``: parse, check that
    ``--make`` has ``--out``, run one."""
    args = ap.parse_args(argv)
    if args.make and not args.out:
        ap.error("--make needs --out")
    return make(args) if args.make else score(args)
