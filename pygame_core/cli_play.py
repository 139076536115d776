"""``boardwright play`` (``python -m pygame_core play``): a game in the terminal with a text
board, people at the keyboard against agents (any spec ``tournament`` takes), saved with
``--save FILE`` as the page's *Export* writes it: a JSON record, or a format the game registered
(SGF for Hex) when FILE ends in its extension.  ``analyse``, ``review`` and the page's *Import*
read it."""
from __future__ import annotations

import json
import sys

from . import agents, new_game
from .cli_agents import parse_seats
from .core import GameError, quote, record_formats
from .tournament import make_player

HELP = "Type a move{example}, or: undo, moves, record, help, quit."


def _help(game) -> str:
    """The help line with an example move of this game (a legal one when there is one)."""
    legal = [] if game.is_over else game.legal_moves()
    placements = [m for m in legal if game.format_move(m) not in ("draw", "pass", "swap")]
    example = game.format_move((placements or legal)[0]) if legal else ""
    return HELP.format(example=f" (e.g. {example})" if example else "")


def _board_for_people(game, seats) -> str:
    """The text board; with hidden information only what the human at the keyboard may see
    (the human to move, else the last human before the player to move)."""
    if not game.hidden_information or game.is_over:
        return game.render_text()
    order = game.turn_order  # the human to move, else the one who moved last
    i = order.index(game.current_player)
    humans = [q for q in (order[(i - k) % len(order)] for k in range(len(order))) if seats[q] == "human"]
    return game.view(humans[0]).render_text() if humans else game.render_text()


def save_format(path: str, game):
    """The registered format a file ``path`` of ``game`` is written in (by its extension; a
    link format never), ``None`` for JSON; :class:`GameError` for another game's extension."""
    low = path.lower()
    for fmt in record_formats(game.game_id):
        if not fmt.link and low.endswith(fmt.extension):
            return fmt
    others = [f for f in record_formats() if not f.link and low.endswith(f.extension)]
    if others:
        mine = [".json"] + [f.extension for f in record_formats(game.game_id) if not f.link]
        raise GameError(f"{game.title} cannot be saved as {others[0].description}; save it as {' or '.join(mine)}")
    return None


def record_text(game, seats: list, fmt) -> str:
    """The text of ``game``'s record as the page exports it: JSON with the seats (the page's
    ``players``: ``human`` or an agent's name; a bot file's seat is ``human`` there) and the
    cursor at the end, or ``fmt.export`` of the record."""
    record = game.record()
    if fmt is not None:
        return fmt.export(record)
    record["cursor"] = len(game.history)
    record["players"] = [s["agent"] if isinstance(s, dict) and "agent" in s else "human" for s in seats]
    return json.dumps(record, indent=1) + "\n"


def _save(path: str, text: str, out) -> int:
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:
        print(f"error: cannot save the game to {quote(path)}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    out(f"saved to {path}")
    return 0


def cmd_play(args, options: dict, inp=input, out=print) -> int:
    game = new_game(args.game, seed=args.seed, **options)
    fmt = save_format(args.save, game) if args.save else None
    best = agents.strongest(game.game_id).name
    labels, seats = parse_seats(args.players, "human," + ",".join([best] * (game.num_players - 1)), game)
    history: list = []
    out(f"{game.title}: " + ", ".join(f"{n} = {s}" for n, s in zip(game.player_names, labels)))
    out(_help(game))
    while not game.is_over:
        out("")
        out(_board_for_people(game, seats))
        p = game.current_player
        if seats[p] != "human":
            seed = (game.seed + len(game.history) * 7919 + p) & 0x7FFFFFFF
            move = make_player(seats[p], seed).choose(game.view(p))
            history.append(game.clone())
            game.play(move)
            out(f"{game.player_names[p]} ({labels[p]}) plays {game.format_move(move)}")
            continue
        try:
            text = inp(f"{game.player_names[p]}> ").strip()
        except EOFError:
            out("\nbye")
            break
        low = text.lower()
        if low in ("quit", "exit", "q"):
            break
        if low in ("help", "?", ""):
            out(_help(game))
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
    if game.is_over:
        out("")
        out(game.render_text())
        out("moves: " + " ".join(game.moves))
    return _save(args.save, record_text(game, seats, fmt), out) if args.save else 0
