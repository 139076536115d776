"""Command line: ``boardwright list | play GAME | selfplay GAME | tournament GAME | analyse |
review | link show LINK`` (also ``python -m pygame_core ...``).

Examples::

    boardwright list
    boardwright play hex                       # you (Blue) against the strongest agent
    boardwright play hex --size 7 --swap on --players human,human --save game.sgf
    boardwright play hex --players human,mcts:iterations=500
    boardwright selfplay hex --players smart,astar --games 20 --seed 1
    boardwright tournament triominos --agents greedy,random,dump --games 50 -o target=none
    boardwright tournament triominos --agents ismcts:iterations=100,greedy --jobs 2
    boardwright link show '1.AGVjIowBEXsiZyI6ImhleCIsImMiOjJ9PjQn'

An agent (``--players``, ``--agents``) is a registered name, optionally with settings for its
constructor: ``name:key=value:key=value`` (e.g. ``cautious:threshold=12``,
``ismcts:time_limit=0.2``), or a bot in a Python file, ``mybot.py[:ClassName]``
(:mod:`pygame_core.bots`).  ``--scheduler tcp://host:8786`` plays the games on a Dask cluster
(:mod:`pygame_core.cluster`).  Terminal play is :mod:`pygame_core.cli_play`; the seats and the
time estimate of long runs, :mod:`pygame_core.cli_agents`.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from . import agents, game_class, list_games, new_game
from .cli_agents import estimate_line, parse_seats
from .cli_play import cmd_play
from .core import GameError, quote
# parse_agent_spec and tournament_schedule: still importable from here (benchmarks/seats.py, tests)
from .tournament import parse_agent_spec, play_match, run_tournament, tournament_schedule, wilson  # noqa: F401


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="boardwright", description="Boardwright board games (the command "
                                "boardwright, or python -m pygame_core)")
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="list the games, their options and agents")
    for name, text in (("play", "play in the terminal with a text board"),
                       ("selfplay", "let agents play each other and print a results table")):
        sp = sub.add_parser(name, help=text)
        sp.add_argument("game", help="game id, e.g. hex")
        sp.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option, e.g. -o size=7 (also --size 7)")
        sp.add_argument("--players", help="comma-separated seats: human or an agent as --agents of "
                        "tournament takes it, e.g. human,mcts:iterations=500 (play: default human "
                        "against the strongest agent; selfplay: default random,random)")
        sp.add_argument("--seed", type=int, default=None, help="game seed (selfplay: first seed)")
        if name == "selfplay":
            sp.add_argument("--games", type=int, default=10, help="number of games (default 10)")
        else:
            sp.add_argument("--save", metavar="FILE", help="save the game when it ends (or you quit): "
                            "a JSON record that analyse, review and the web page read; SGF for Hex "
                            "when FILE ends in .sgf")
    tp = sub.add_parser("tournament", help="agents play every pairing in every seat; a results table")
    tp.add_argument("game", help="game id, e.g. triominos")
    tp.add_argument("--agents", required=True,
                    help="comma-separated agents, each name[:key=value...] or a bot file.py[:Class], "
                    "e.g. greedy,random,dump or mybot.py:MyBot,mcts")
    tp.add_argument("--games", type=int, default=10,
                    help="games per pairing and seating (default 10; the same seeds for each)")
    tp.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    tp.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                    help="a game option, e.g. -o target=none or -o players=3 (also --players 3)")
    tp.add_argument("--jobs", type=int, default=1, help="games played in parallel processes (default 1)")
    tp.add_argument("--scheduler", metavar="ADDRESS", help="play the games on a Dask cluster, e.g. "
                    "tcp://host:8786 (pip install '.[cluster]' in a checkout)")
    tp.add_argument("--move-limit", type=float, default=None, metavar="SECONDS",
                    help="a bot's move taking longer forfeits that game (an interval timer; on a "
                    "Dask cluster a watchdog kills the game's process)")
    from .analysis_cli import add_parsers  # analyse, review
    add_parsers(sub)
    from . import link_cli  # link show
    link_cli.add_parsers(sub)
    return p


def _options(args, extra: list[str]) -> dict:
    cls = game_class(args.game)
    schema = {o.name: o for o in cls.OPTIONS}
    pairs = [kv.split("=", 1) for kv in args.option]
    it = iter(extra)
    for flag in it:
        if not flag.startswith("--"):
            raise GameError(f"unexpected argument {quote(flag)}")
        name, _, value = flag[2:].partition("=")
        if not value:
            value = next(it, None)
            if value is None:
                raise GameError(f"option {quote(flag)} needs a value")
        pairs.append([name, value])
    out = {}
    for pair in pairs:
        if len(pair) != 2:
            raise GameError(f"options are NAME=VALUE, not {quote('='.join(pair))}")
        name = pair[0].strip().replace("-", "_")
        if name not in schema:
            raise GameError(f"unknown option {quote(name)}; {cls.title} takes: {', '.join(schema)}")
        out[name] = schema[name].parse_text(pair[1])
    return out


def cmd_list() -> None:
    for g in list_games():
        print(f"{g['id']:<10} {g['title']}: {g['description']}")
        for o in g["options"]:
            rng = f" ({o['min']}..{o['max']})" if "min" in o else ""
            print(f"    option {o['name']}={o['default']!r}{rng}  {o['title']}")
        names = ", ".join(a["name"] for a in agents.list_agents(g["id"]))
        print(f"    agents: {names}")


def _say(line: str | None) -> None:
    if line:
        print(line, file=sys.stderr, flush=True)


def _forfeits(errors: list[str], out) -> None:
    if errors:
        out("")
        out(f"{len(errors)} games forfeited by a bot's error; the first: {errors[0]}")


def _progress_bar(start: float):
    last = [0.0]

    def show(done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and now - last[0] < 0.2:
            return
        last[0] = now
        elapsed = now - start
        eta = elapsed / done * (total - done) if done else 0.0
        bar = "#" * (30 * done // total)
        print(f"\r[{bar:<30}] {done}/{total} games, {elapsed:.0f}s elapsed, ~{eta:.0f}s left ",
              end="", file=sys.stderr, flush=True)
    return show


def cmd_selfplay(args, options: dict) -> int:
    first = args.seed if args.seed is not None else 1
    probe = new_game(args.game, seed=first, **options)
    labels, seats = parse_seats(args.players, "random", probe, humans=False)
    total = max(1, args.games)
    _say(estimate_line(probe, seats, [list(range(probe.num_players))], total))
    wins = [0] * probe.num_players
    lengths, errors = [], []
    progress = _progress_bar(time.perf_counter())
    for k in range(total):
        result = play_match(args.game, options, first + k, seats)
        for w in result["winners"]:
            wins[w] += 1
        lengths.append(result["moves"])
        if "forfeit" in result:
            errors.append(f"{labels[result['forfeit']]} (game seed {first + k}): {result['error']}")
        progress(k + 1, total)
    print(file=sys.stderr)
    width = max(8, *(len(lab) for lab in labels)) + 2
    print(f"{'seat':<8}{'agent':<{width}}{'wins':>6}{'win %':>8}")
    for i, name in enumerate(probe.player_names):
        print(f"{name:<8}{labels[i]:<{width}}{wins[i]:>6}{100 * wins[i] / total:>7.1f}%")
    print(f"games: {total}, average length: {sum(lengths) / total:.1f} moves")
    _forfeits(errors, print)
    return 0


# --------------------------------------------------------------------------- tournament
def cmd_tournament(args, options: dict, out=print) -> int:
    specs = [s for s in args.agents.split(",") if s.strip()]
    start = time.perf_counter()
    if args.move_limit is not None and not args.move_limit > 0:
        raise GameError("--move-limit must be a number of seconds above 0")
    workers = 1 if args.scheduler else max(1, args.jobs)
    where = f"; {workers} processes at once" if workers > 1 else ""
    if args.scheduler:
        where = "; one process's time, which the Dask cluster's workers share"

    def announce(seats, seatings):
        first = new_game(args.game, seed=args.seed, **options)
        _say(estimate_line(first, seats, seatings, args.games, workers, where))

    result = run_tournament(args.game, specs, args.games, args.seed, options, args.jobs,
                            _progress_bar(start), scheduler=args.scheduler, move_limit=args.move_limit,
                            on_start=announce)
    print(file=sys.stderr)
    probe = new_game(args.game, seed=0, **options)
    labels_of_none = {o.name: o.null_label for o in probe.OPTIONS if o.nullable}
    shown = ", ".join(f"{k}={labels_of_none.get(k) or v if v is None else v}"
                      for k, v in probe.options.items()) or "default options"
    out(f"{probe.title} ({shown}): {len(result['labels'])} agents, {result['seatings']} seatings "
        f"x {args.games} games (seeds {args.seed}..{args.seed + args.games - 1}) = {result['games']} games")
    width = max(8, *(len(lab) for lab in result["labels"])) + 2
    if probe.num_players > 2:
        out(f"(games = seats played; an even share is {100 / probe.num_players:.1f}%)")
    out(f"{'agent':<{width}}{'games':>7}{'wins':>9}{'win %':>8}  {'95% CI':<15}{'avg score':>10}")
    rows = sorted(result["labels"], key=lambda lab: -float(result["stats"][lab]["wins"])
                  / max(1, result["stats"][lab]["games"]))
    for lab in rows:
        st = result["stats"][lab]
        n, w = st["games"], float(st["wins"])
        lo, hi = wilson(w, n)
        avg = f"{st['score'] / st['scored']:.1f}" if st["scored"] else "-"
        wins = f"{w:.1f}" if w != int(w) else f"{int(w)}"
        out(f"{lab:<{width}}{n:>7}{wins:>9}{100 * w / n:>7.1f}%  "
            f"{f'{100 * lo:.1f}-{100 * hi:.1f}%':<15}{avg:>10}")
    if result["pairs"] and len(result["labels"]) > 2:
        out("")
        out("head to head (row agent's win % against the column agent):")
        labels = result["labels"]
        cw = max(7, *(len(lab) for lab in labels)) + 2
        out(" " * width + "".join(f"{lab:>{cw}}" for lab in labels))
        for a in labels:
            cells = []
            for b in labels:
                rec = result["pairs"].get((a, b))
                rate = None if rec is None else 100 * float(rec[1]) / rec[0]
                cells.append(f"{'-':>{cw}}" if rate is None else f"{rate:>{cw - 1}.1f}%")
            out(f"{a:<{width}}" + "".join(cells))
    _forfeits(result["errors"], out)
    lengths = result["lengths"]
    out(f"average length: {sum(lengths) / len(lengths):.1f} moves; "
        f"{time.perf_counter() - start:.1f}s")
    return 0


def _run(args, extra) -> int:
    if args.command == "list":
        cmd_list()
        return 0
    if args.command in ("analyse", "review"):
        from . import analysis_cli
        if extra:
            raise GameError(f"unexpected argument {quote(extra[0])}")
        return getattr(analysis_cli, "cmd_" + args.command)(args)
    if args.command == "link":
        from .link_cli import cmd_link
        if extra:
            raise GameError(f"unexpected argument {quote(extra[0])}")
        return cmd_link(args)
    command = {"play": cmd_play, "selfplay": cmd_selfplay, "tournament": cmd_tournament}[args.command]
    return command(args, _options(args, extra))


def main(argv: list[str] | None = None) -> int:
    """The ``boardwright`` command (and ``python -m pygame_core``): exit status 0, or 2 with one
    line on stderr for what it cannot do; quiet when its output is cut short (``| head``)."""
    args, extra = _parser().parse_known_args(argv)
    try:
        status = _run(args, extra)
        sys.stdout.flush()  # here, where a closed pipe is caught, not at exit
        return status
    except (GameError, KeyboardInterrupt) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away: nothing more can be said, not even at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
