"""The match of benchmarks/openspiel.py: our search agent against OpenSpiel's C++ ``MCTSBot``
with CPU-time accounting on both sides.

Our ``MCTSAgent`` gets ``time_limit=seconds`` measured by ``time.process_time`` (its tree kept
between its moves, as in play).  MCTSBot has only a simulation budget: before each of its moves
it gets the simulations that its rate on its previous move (simulations per CPU second) needs to
bring its running mean CPU time per move back to ``odds * seconds`` (one move may take 0.5-1.5
times that).  A game runs in one process from start to end (``--jobs`` > 1: each game its own
process), so CPU time is counted per side and parallel games stay fair.  Every game is one JSON
line in ``--log``; a run with the same settings skips the games the log already holds.
"""

from __future__ import annotations

import json
import multiprocessing
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from common import mend_log
from spiel import Pair, bot_search, spiel_game

from pygame_core.agents.mcts import MCTSAgent
from pygame_core.tournament import wilson

SETTINGS = ("kind", "size", "seconds", "odds", "seat", "seed")  # what a log line must match to be resumed
MIN_SIMS = 50
MIN_GAMES = 40  # the issue: at least 40 games a board


def our_seat(seat: str, k: int) -> int:
    return {"first": 0, "second": 1}.get(seat, k % 2)  # both: colours alternate


def play_game(cfg: dict, k: int) -> dict:
    """Game ``k`` of the match ``cfg`` (SETTINGS and ``bot_rate``, MCTSBot's simulations per
    CPU second to start from): one JSON-ready record."""
    seed = cfg["seed"] + k
    game, p, me = spiel_game(cfg["kind"], cfg["size"]), Pair(cfg["kind"], cfg["size"], seed), our_seat(cfg["seat"], k)
    agent = MCTSAgent(seed=seed, time_limit=cfg["seconds"])
    agent.clock = time.process_time
    target, rate = cfg["odds"] * cfg["seconds"], cfg["bot_rate"]
    ours = {"moves": 0, "cpu": 0.0, "wall": 0.0, "iterations": 0}
    theirs = {"moves": 0, "cpu": 0.0, "wall": 0.0, "sims": 0}
    while not p.ours.is_over:
        if p.ours.current_player == me:
            cpu, wall = time.process_time(), time.perf_counter()
            move = agent.choose(p.ours)
            ours["cpu"] += time.process_time() - cpu
            ours["wall"] += time.perf_counter() - wall
            ours["moves"] += 1
            ours["iterations"] += agent.last_iterations
            p.play_ours(move)
        else:
            aim = min(1.5 * target, max(0.5 * target, target * (theirs["moves"] + 1) - theirs["cpu"]))
            sims = max(MIN_SIMS, round(rate * aim))
            action, done, cpu, wall = bot_search(game, p.theirs, sims, (seed * 1000 + len(p.ours.history)) % 2**31)
            if cpu > 0.002:  # shorter searches (a solved position) measure nothing
                rate = done / cpu
            for key, value in (("moves", 1), ("cpu", cpu), ("wall", wall), ("sims", done)):
                theirs[key] += value
            p.play_theirs(action)
        if not p.agree():
            raise RuntimeError(f"the engines disagree after {p.ours.history}")
    return {**{key: cfg[key] for key in SETTINGS}, "game": k, "ours_seat": me,
            "won": p.ours.winners == [me], "moves": len(p.ours.history), "ours": ours, "theirs": theirs}


def read_log(path: Path, cfg: dict) -> dict[int, dict]:
    """The games of ``path`` played with the settings of ``cfg``, by game number."""
    found, other, bad = {}, 0, 0
    if not path.exists():
        return found
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as e:
        sys.exit(f"cannot read the log {path}: {e}")
    for line in lines:
        try:
            rec = json.loads(line)
            same = all(rec[key] == cfg[key] for key in SETTINGS)
            k = rec["game"]
            rec["won"], rec["ours"]["cpu"], rec["theirs"]["cpu"]  # noqa: B018 - the fields a summary reads
        except (ValueError, KeyError, TypeError):
            bad += 1  # e.g. a line cut short when a run was stopped
            continue
        if same:
            found[k] = rec
        elif (rec["kind"], rec["size"]) == (cfg["kind"], cfg["size"]):
            other += 1
    if bad or other:
        print(f"log {path}: {len(found)} {cfg['kind']} {cfg['size']} games of these settings; left out {other} "
              f"of other settings and {bad} unreadable lines", file=sys.stderr)
    return found


def run_match(cfg: dict, games: int, jobs: int, log: Path | None) -> list[dict]:
    """Games ``0 .. games-1`` of ``cfg`` (those in ``log`` are not played again): their records."""
    done = read_log(log, cfg) if log else {}
    todo = [k for k in range(games) if k not in done]
    if done:
        print(f"{cfg['kind']} {cfg['size']}: {games - len(todo)} of {games} games are in the log", file=sys.stderr)

    mend_log(log)

    def finish(rec):
        done[rec["game"]] = rec
        if log:
            with log.open("a", encoding="utf-8") as f:
                f.write(json.dumps(rec) + "\n")
        cpu = rec["ours"]["cpu"] / max(1, rec["ours"]["moves"]), rec["theirs"]["cpu"] / max(1, rec["theirs"]["moves"])
        print(f"{rec['kind']} game {rec['game'] + 1}/{games}: ours {'first' if rec['ours_seat'] == 0 else 'second'} "
              f"{'won' if rec['won'] else 'lost'} in {rec['moves']} moves; CPU s/move ours {cpu[0]:.3f}, "
              f"MCTSBot {cpu[1]:.3f}", file=sys.stderr, flush=True)

    if jobs == 1:
        for k in todo:
            finish(play_game(cfg, k))
    elif todo:
        # each game its own fresh process (spawn: no state inherited), ``jobs`` at a time
        with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"), max_tasks_per_child=1) as pool:
            for future in as_completed([pool.submit(play_game, cfg, k) for k in todo]):
                finish(future.result())
    return [done[k] for k in sorted(done) if k < games]


def _mean(records, side: str, key: str) -> float:
    moves = sum(r[side]["moves"] for r in records)
    return sum(r[side][key] for r in records) / moves if moves else 0.0


def summary(records: list[dict], cfg: dict) -> list[str]:
    """The lines that report a match: results, each side's CPU and wall time a move, targets."""
    n, wins = len(records), sum(r["won"] for r in records)
    if not n:
        return [f"{cfg['kind']} {cfg['size']}: no games"]
    low, high = wilson(wins, n)
    seats = []
    for seat, name in ((0, "first"), (1, "second")):
        some = [r for r in records if r["ours_seat"] == seat]
        if some:
            seats.append(f"as {name} {sum(r['won'] for r in some)}/{len(some)}")
    ours_cpu, theirs_cpu = _mean(records, "ours", "cpu"), _mean(records, "theirs", "cpu")
    lines = [f"{cfg['kind']} {cfg['size']}: {wins}/{n} won = {100 * wins / n:.1f} % (95 % Wilson {100 * low:.1f}-"
             f"{100 * high:.1f} %); {', '.join(seats)}",
             f"  s/move ours CPU {ours_cpu:.3f} wall {_mean(records, 'ours', 'wall'):.3f} "
             f"({_mean(records, 'ours', 'iterations'):,.0f} iterations); MCTSBot CPU {theirs_cpu:.3f} "
             f"wall {_mean(records, 'theirs', 'wall'):.3f} ({_mean(records, 'theirs', 'sims'):,.0f} simulations); "
             f"CPU ratio MCTSBot/ours {theirs_cpu / max(ours_cpu, 1e-9):.2f} (asked {cfg['odds']:g})"]
    if cfg["odds"] >= 10:
        lines.append(_target("at 10x odds", records, 0.75))
    if cfg["odds"] == 1 and cfg["seat"] != "first":
        lines.append(_target("at equal time as second player", [r for r in records if r["ours_seat"] == 1], 0.90))
    return lines


def _target(what: str, records: list[dict], goal: float) -> str:
    n, wins = len(records), sum(r["won"] for r in records)
    if not n:
        return f"  target >= {100 * goal:.0f} % {what}: no games"
    low, _ = wilson(wins, n)
    verdict = "met" if wins / n >= goal else "not met"
    if n < MIN_GAMES:
        verdict = f"too few games to tell (the issue asks >= {MIN_GAMES})"
    return (f"  target >= {100 * goal:.0f} % {what}: {wins}/{n} = {100 * wins / n:.1f} % "
            f"(Wilson low {100 * low:.1f} %): {verdict}")
