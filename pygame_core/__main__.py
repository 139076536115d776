"""Command line: ``python -m pygame_core list | play GAME | selfplay GAME``.

Examples::

    python -m pygame_core list
    python -m pygame_core play hex                       # you (Blue) against Smart
    python -m pygame_core play hex --size 7 --swap on --players human,human
    python -m pygame_core selfplay hex --players smart,astar --games 20 --seed 1
"""

from __future__ import annotations

import argparse
import json
import sys

from . import agents, game_class, list_games, new_game
from .core import GameError

HELP = ("Type a move (e.g. f6 or (5,5)), or: undo, moves, record, help, quit.")


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m pygame_core", description="Boardwright board games")
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="list the games, their options and agents")
    for name, text in (("play", "play in the terminal with a text board"),
                       ("selfplay", "let agents play each other and print a results table")):
        sp = sub.add_parser(name, help=text)
        sp.add_argument("game", help="game id, e.g. hex")
        sp.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option, e.g. -o size=7 (also --size 7)")
        sp.add_argument("--players", help="comma-separated seats: human or an agent name "
                        "(play: default human,astar; selfplay: default random,random)")
        sp.add_argument("--seed", type=int, default=None, help="game seed (selfplay: first seed)")
        if name == "selfplay":
            sp.add_argument("--games", type=int, default=10, help="number of games (default 10)")
    return p


def _options(args, extra: list[str]) -> dict:
    cls = game_class(args.game)
    schema = {o.name: o for o in cls.OPTIONS}
    pairs = [kv.split("=", 1) for kv in args.option]
    it = iter(extra)
    for flag in it:
        if not flag.startswith("--"):
            raise GameError(f"unexpected argument {flag!r}")
        name, _, value = flag[2:].partition("=")
        if not value:
            value = next(it, None)
            if value is None:
                raise GameError(f"option {flag} needs a value")
        pairs.append([name, value])
    out = {}
    for pair in pairs:
        if len(pair) != 2:
            raise GameError(f"options are NAME=VALUE, not {'='.join(pair)!r}")
        name = pair[0].strip().replace("-", "_")
        if name not in schema:
            raise GameError(f"unknown option {name!r}; {cls.title} takes: {', '.join(schema)}")
        out[name] = schema[name].parse_text(pair[1])
    return out


def _seats(text: str | None, default: str, game) -> list[str]:
    seats = (text or default).split(",")
    if len(seats) == 1:
        seats = seats * game.num_players
    if len(seats) != game.num_players:
        raise GameError(f"{game.title} needs {game.num_players} players, got {len(seats)}")
    for s in seats:
        if s != "human" and not agents.get(s).supports(game.game_id):
            raise GameError(f"agent {s!r} does not play {game.title}")
    return seats


def cmd_list() -> None:
    for g in list_games():
        print(f"{g['id']:<10} {g['title']}: {g['description']}")
        for o in g["options"]:
            rng = f" ({o['min']}..{o['max']})" if "min" in o else ""
            print(f"    option {o['name']}={o['default']!r}{rng}  {o['title']}")
        names = ", ".join(a["name"] for a in agents.list_agents(g["id"]))
        print(f"    agents: {names}")


def cmd_play(args, extra, inp=input, out=print) -> int:
    game = new_game(args.game, seed=args.seed, **_options(args, extra))
    best = agents.strongest(game.game_id).name
    seats = _seats(args.players, "human," + ",".join([best] * (game.num_players - 1)), game)
    history: list = []
    out(f"{game.title}: " + ", ".join(f"{n} = {s}" for n, s in zip(game.player_names, seats)))
    out(HELP)
    while not game.is_over:
        out("")
        out(game.render_text())
        p = game.current_player
        if seats[p] != "human":
            seed = (game.seed + len(game.history) * 7919 + p) & 0x7FFFFFFF
            move = agents.get(seats[p])(seed=seed).choose(game.view(p))
            history.append(game.clone())
            game.play(move)
            out(f"{game.player_names[p]} ({seats[p]}) plays {game.format_move(move)}")
            continue
        try:
            text = inp(f"{game.player_names[p]}> ").strip()
        except EOFError:
            out("\nbye")
            return 0
        low = text.lower()
        if low in ("quit", "exit", "q"):
            return 0
        if low in ("help", "?", ""):
            out(HELP)
            continue
        if low == "moves":
            out(" ".join(game.moves) or "(no moves yet)")
            continue
        if low == "record":
            out(json.dumps(game.record()))
            continue
        if low == "undo":
            if not history:
                out("nothing to undo")
                continue
            game = history.pop()
            while history and seats[game.current_player] != "human":
                game = history.pop()
            continue
        try:
            snapshot = game.clone()
            game.play(text)
            history.append(snapshot)
        except GameError as exc:
            out(f"error: {exc}")
    out("")
    out(game.render_text())
    out("moves: " + " ".join(game.moves))
    return 0


def cmd_selfplay(args, extra) -> int:
    options = _options(args, extra)
    probe = new_game(args.game, seed=0, **options)
    seats = _seats(args.players, "random", probe)
    if "human" in seats:
        raise GameError("selfplay needs agents in every seat")
    wins = [0] * probe.num_players
    lengths = []
    first = args.seed if args.seed is not None else 1
    total = max(1, args.games)
    for k in range(total):
        seed = first + k
        game = new_game(args.game, seed=seed, **options)
        players = [agents.get(s)(seed=seed * 31 + i) for i, s in enumerate(seats)]
        while not game.is_over:
            game.play(players[game.current_player].choose(game.view(game.current_player)))
        for w in game.winners:
            wins[w] += 1
        lengths.append(len(game.history))
        done = k + 1
        bar = "#" * (30 * done // total)
        print(f"\r[{bar:<30}] {done}/{total}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    print(f"{'seat':<8}{'agent':<10}{'wins':>6}{'win %':>8}")
    for i, name in enumerate(probe.player_names):
        print(f"{name:<8}{seats[i]:<10}{wins[i]:>6}{100 * wins[i] / total:>7.1f}%")
    print(f"games: {total}, average length: {sum(lengths) / total:.1f} moves")
    return 0


def main(argv: list[str] | None = None) -> int:
    args, extra = _parser().parse_known_args(argv)
    try:
        if args.command == "list":
            cmd_list()
            return 0
        if args.command == "play":
            return cmd_play(args, extra)
        return cmd_selfplay(args, extra)
    except (GameError, KeyboardInterrupt) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
