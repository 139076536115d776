"""The command line's agents: the seats of ``play`` and ``selfplay`` (the agent specs of
``tournament``, :func:`pygame_core.tournament.parse_seat`) and the time a run of games will take,
said before it starts."""
from __future__ import annotations

import time

from .core import GameError
from .tournament import make_player, parse_seat

PROBE_ITERATIONS = 200  # a search of more iterations is timed over this many and scaled
PROBE_SECONDS = 3.0  # an agent with a longer time limit is not timed: it may take that long a move
SAY_ABOVE = 10.0  # seconds: a shorter run starts without an estimate


def parse_seats(text: str | None, default: str, game, humans: bool = True) -> tuple[list[str], list]:
    """``(labels, seats)`` from comma-separated agent specs (one for every seat, or one for all):
    ``"human"`` (if ``humans``) or a spec as ``tournament`` takes it (a seat dict)."""
    specs = [s.strip() for s in (text or default).split(",")]
    if len(specs) == 1:
        specs = specs * game.num_players
    if len(specs) != game.num_players:
        raise GameError(f"{game.title} needs {game.num_players} players, got {len(specs)}")
    if not humans and "human" in specs:
        raise GameError("selfplay needs agents in every seat")
    return specs, [s if s == "human" else parse_seat(s, game.game_id) for s in specs]


def _move_seconds(seat: dict, game) -> float | None:
    """About how long ``seat`` takes a move: its move in ``game`` timed (a search of many
    iterations timed over :data:`PROBE_ITERATIONS` and scaled), or its time limit when that is
    over :data:`PROBE_SECONDS`; ``None`` for a bot (whose code runs only in the games, under
    their move limit)."""
    if "agent" not in seat:
        return None
    settings = seat.get("settings") or {}
    player = make_player(seat, 0)
    limit = getattr(player, "time_limit", None)
    budget = settings.get("iterations")
    if limit and limit > PROBE_SECONDS and budget is None:
        return float(limit)
    probe = player
    if budget is not None and budget > PROBE_ITERATIONS:
        probe = make_player({**seat, "settings": {**settings, "iterations": PROBE_ITERATIONS, "time_limit": None}}, 0)
    start = time.perf_counter()
    probe.choose(game.view(game.current_player))
    spent = time.perf_counter() - start
    if probe is not player:
        spent *= budget / max(1, getattr(probe, "last_iterations", 0) or PROBE_ITERATIONS)
    return min(spent, limit) if limit else spent


def _random_length(game) -> int:
    """The moves of ``game`` played out by random agents."""
    game = game.clone()
    players = [make_player({"agent": "random"}, game.seed + i) for i in range(game.num_players)]
    while not game.is_over:
        game.play(players[game.current_player].choose(game.view(game.current_player)))
    return len(game.history)


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def estimate_line(game, seats: list, seatings: list[list[int]], games: int, workers: int = 1,
                  where: str = "") -> str | None:
    """One line saying about how long ``games`` games in each of ``seatings`` (indexes into
    ``seats``) will take at most, with its basis; ``None`` when that is under :data:`SAY_ABOVE`
    seconds.  ``game`` is the first game, not yet played.  Both factors lean long: the opening
    move is a search's widest, a long time limit is a budget that a search may not need (a
    solved position), and agents win sooner than random players fill a board."""
    per_move = [_move_seconds(s, game) for s in seats]
    length = _random_length(game)
    total_games = games * len(seatings)
    spent = sum(games * length * sum(per_move[a] or 0.0 for a in seating) / len(seating) for seating in seatings)
    seconds = spent / max(1, min(workers, total_games))
    if seconds <= SAY_ABOVE:
        return None
    bots = "; bots not counted" if None in per_move else ""
    return (f"estimate: up to about {_duration(seconds)} for {total_games} games of ~{length} moves (a random "
            f"game's length) at ~{spent / (total_games * length):.2g} s a move (a move of each agent timed, "
            f"or its time limit{bots}){where}")
