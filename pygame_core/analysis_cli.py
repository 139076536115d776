"""``python -m pygame_core analyse`` and ``review``: tables (or ``--format json``) from
:mod:`pygame_core.analysis`, with a progress bar on stderr when it is a terminal."""
from __future__ import annotations

import json
import sys
import time

from .analysis import THRESHOLDS, analyse, review
from .core import GameError, detect_record_format, quote, record_dict, replay


def add_parsers(sub) -> None:
    for name, text in (("analyse", "the engine's top moves in a position (the end of a record, or --at N)"),
                       ("review", "evaluate every position of a record and mark the moves that lost value")):
        sp = sub.add_parser(name, help=text)
        sp.add_argument("record", help="a record file (JSON, or any importable format such as SGF); - reads stdin")
        sp.add_argument("--iterations", type=int, default=None,
                        help="search iterations per position (reproducible) instead of seconds")
        sp.add_argument("--format", choices=("table", "json"), default="table")
        if name == "analyse":
            sp.add_argument("--seconds", type=float, default=None, help="search time (default 1)")
            sp.add_argument("--top", type=int, default=5, help="candidates shown (default 5)")
            sp.add_argument("--at", type=int, default=None, help="the position after this many moves")
        else:
            sp.add_argument("--seconds-per-move", type=float, default=None, help="search time a position (default 0.5)")
            sp.add_argument("--jobs", type=int, default=1, help="positions analysed in parallel processes")


def _read_record(path: str) -> dict:
    try:
        text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read(4_000_001)
    except OSError as exc:
        raise GameError(f"cannot read {quote(path)}: {exc.strerror}") from None
    if len(text) > 4_000_000:
        raise GameError("the record file is larger than 4,000,000 characters")
    fmt = detect_record_format(text)
    if fmt is not None:
        return fmt.parse(text)
    return record_dict(text)


def _pct(value) -> str:
    return "  -  " if value is None else f"{100 * value:4.0f}%"


def cmd_analyse(args, out=print) -> int:
    record = _read_record(args.record)
    if args.at is not None:
        if not 0 <= args.at <= len(record.get("moves", [])):
            raise GameError(f"--at must be between 0 and {len(record.get('moves', []))}")
        record = {**record, "moves": record["moves"][: args.at]}
    game = replay(record)
    found = analyse(game, seconds=args.seconds if args.iterations is None else None,
                    iterations=args.iterations, top=args.top)
    if args.format == "json":
        out(json.dumps(found, indent=1))
        return 0
    out(f"{game.title}, {len(game.history)} moves played, {game.player_names[found['player']]} to move; "
        f"{found['agent']}, {found['iterations']:,} iterations")
    out(f"{'#':>2}  {'move':<24} {'share':>6} {'value':>6}  proof  line")
    for i, c in enumerate(found["candidates"], 1):
        out(f"{i:>2}  {c['move']:<24} {_pct(c['share']):>6} {_pct(c['value']):>6}  {c['proven'] or '':<5}  "
            + " ".join(c["pv"][1:]))
    return 0


def _progress_bar():
    start, last = time.perf_counter(), [0.0]

    def show(done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and now - last[0] < 0.2:
            return
        last[0] = now
        bar = "#" * (30 * done // total)
        print(f"\r[{bar:<30}] {done}/{total} positions, {now - start:.0f}s ", end="", file=sys.stderr, flush=True)
        if done == total:
            print(file=sys.stderr)
    return show


def cmd_review(args, out=print) -> int:
    record = _read_record(args.record)
    progress = _progress_bar() if sys.stderr.isatty() else None
    result = review(record, seconds_per_move=args.seconds_per_move if args.iterations is None else None,
                    iterations=args.iterations, jobs=max(1, args.jobs), progress=progress)
    if args.format == "json":
        out(json.dumps(result, indent=1))
        return 0
    game = replay(record)
    out(f"{game.title}, {len(result['moves'])} moves, reviewed by {result['agent']}; marks: "
        + ", ".join(f"{n} (loses {int(100 * t)}%+)" for n, t in THRESHOLDS))
    out(f"{'#':>3}  {'player':<9} {'move':<24} {'before':>6} {'after':>6} {'loss':>6}  {'mark':<10} best")
    for m in result["moves"]:
        out(f"{m['index']:>3}  {game.player_names[m['player']]:<9} {m['move']:<24} {_pct(m['value_before']):>6} "
            f"{_pct(m['value_after']):>6} {_pct(m['loss']):>6}  {m['mark'] or '':<10} "
            f"{m['best'] if m['mark'] else ''}")
    return 0
