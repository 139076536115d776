"""Tournaments: agents and bots play every pairing in every seat (``python -m pygame_core
tournament``, the page's workbench, ``benchmarks/seats.py``).

An agent spec is ``name[:key=value...]`` (a registered agent with settings for its constructor)
or ``file.py[:ClassName][:key=value...]`` (a bot, :mod:`pygame_core.bots`).  A seat is a plain
dict (``{"agent": name, "settings": {...}}`` or ``{"bot": source, "class": name, "file": path,
"label": ..., "settings": {...}}``) so that a game can be played in another process or on
another machine (a bot travels as its source text).

Games run in this process, in ``jobs`` local processes, or on a Dask cluster
(:mod:`pygame_core.cluster`, ``scheduler="tcp://host:8786"``); each game's agents are seeded from
the game seed and the seat, so every way of running gives the same results.  A bot that raises,
returns an illegal move or takes longer than ``move_limit`` seconds forfeits that game: the
other seats share the win, and the error is counted.  The limit is an interval timer that
interrupts the bot (Unix, on the main thread: one process, ``jobs`` pool processes); where that
cannot work (a Dask worker's threads; a platform without interval timers) a game with a bot
runs in a child process that :mod:`pygame_core.watchdog` kills when a call goes over.
"""
from __future__ import annotations

import math
import signal
import threading
from fractions import Fraction
from functools import lru_cache

from . import agents, game_class, new_game
from .bots import BotAgent, BotError, MoveTimeout, load_bot_file, make_bot_agent, start_bots
from .core import GameError, quote


def _value(text: str):
    """A setting value from the command line: int, float, bool, none or text."""
    low = text.strip().lower()
    if low in ("none", "null"):
        return None
    if low in ("true", "on", "yes"):
        return True
    if low in ("false", "off", "no"):
        return False
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _settings(pairs: list[str], text: str) -> dict:
    settings = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key.isidentifier():
            raise GameError(f"agent settings are key=value, not {quote(pair)} (in {quote(text)})")
        settings[key] = _value(value)
    return settings


def parse_agent_spec(text: str, game_id: str) -> tuple[str, dict]:
    """``name[:key=value...]`` -> ``(name, settings)``, checked against the registry and the
    agent's constructor (a message of one line for a setting it refuses)."""
    name, *pairs = text.strip().split(":")
    title = game_class(game_id).title
    these = f"the agents of {title}: {', '.join(c.name for c in agents.available(game_id))}"
    try:
        cls = agents.get(name, game_id)
    except agents.UnknownAgentError:  # (its message names every agent of every game)
        raise agents.UnknownAgentError(f"unknown agent {quote(name)}; {these}") from None
    if not cls.supports(game_id):
        raise GameError(f"agent {quote(name)} does not play {title}; {these}")
    settings = _settings(pairs, text)
    try:
        cls(seed=0, **settings)
    except (TypeError, ValueError) as exc:
        raise GameError(f"bad settings for agent {quote(name)}: {exc}") from None
    return name, settings


def parse_seat(text: str, game_id: str) -> dict:
    """A seat from an agent spec: a registered agent, or a bot in a ``.py`` file."""
    head, *rest = text.strip().split(":")
    if not head.endswith(".py"):
        name, settings = parse_agent_spec(text, game_id)
        return {"agent": name, "settings": settings}
    class_name = rest.pop(0) if rest and "=" not in rest[0] else None
    _, source = load_bot_file(head, class_name)
    seat = {"bot": source, "class": class_name, "file": head, "settings": _settings(rest, text)}
    _bot_agent(source, class_name, head)(seed=0, **seat["settings"])  # settings checked now
    return seat


def seat_label(seat: dict) -> str:
    if "agent" in seat:
        return seat["agent"]
    return seat.get("label") or f"{seat['file']}:{_bot_agent(seat['bot'], seat.get('class'), seat['file']).name}"


@lru_cache(maxsize=32)
def _bot_agent(source: str, class_name: str | None, filename: str):
    return make_bot_agent(source, class_name, filename)


def make_player(seat, seed: int):
    """The player of a seat (:func:`parse_seat`), seeded with ``seed``."""
    if isinstance(seat, (tuple, list)):  # (name, settings): the older form
        seat = {"agent": seat[0], "settings": seat[1]}
    settings = seat.get("settings") or {}
    if "agent" in seat:
        return agents.get(seat["agent"])(seed=seed, **settings)
    return _bot_agent(seat["bot"], seat.get("class"), seat.get("file") or "<bot>")(seed=seed, **settings)


class _Timer:
    """Interrupt a bot's call (``what``: start, choose or observe) for ``seat`` after ``limit``
    seconds with :class:`MoveTimeout` (Unix, main thread; elsewhere it only reports).
    ``report``, if given, hears ``("call", seat, moves, what)`` before the call and ``("done",)``
    after it: the watchdog of :mod:`pygame_core.watchdog` times the call from outside."""

    def __init__(self, limit: float | None, seat: int = 0, what: str = "choose", moves: int = 0, report=None):
        self.seat, self.what, self.moves, self.report = seat, what, moves, report
        self.limit = limit if limit and itimer_works() else None

    def __enter__(self):
        if self.report:
            self.report(("call", self.seat, self.moves, self.what))
        if self.limit:
            self.old = signal.signal(signal.SIGALRM, self._ring)
            signal.setitimer(signal.ITIMER_REAL, self.limit)
        return self

    def _ring(self, *_):
        raise MoveTimeout(self.seat, self.what)

    def __exit__(self, *exc):
        if self.limit:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.old)
        if self.report:
            self.report(("done",))
        return False


def itimer_works() -> bool:
    """Whether :class:`_Timer` can interrupt a call here (Unix, the main thread)."""
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


def timeout_text(what: str, limit: float) -> str:
    if what == "choose":
        return f"a move took longer than {limit:g} s"
    return f"the bot's {what} took longer than {limit:g} s"


def play_match(game_id: str, options: dict, seed: int, seats: list, move_limit: float | None = None,
               report=None) -> dict:
    """One game: agents are seeded from the game seed and their seat, and see only
    ``game.view(player)``.  Bots are started before the first move (``start`` with their seat's
    view at move 0), ``observe`` every move as their seat may read it, and forfeit the game when
    a call raises or (``move_limit``) takes longer than that many seconds.  ``report``: see
    :class:`_Timer`."""
    game = new_game(game_id, seed=seed, **options)
    players = [make_player(seat, (seed * 31 + i) & 0x7FFFFFFF) for i, seat in enumerate(seats)]
    watchers = [(i, p) for i, p in enumerate(players) if isinstance(p, BotAgent)]

    def guard(seat, what):
        return _Timer(move_limit, seat, what, len(game.history), report)

    try:
        failed = start_bots(game, players, guard)
        if failed is not None:
            return _forfeit(game, *failed)
        while not game.is_over:
            p = game.current_player
            try:
                if isinstance(players[p], BotAgent):
                    with guard(p, "choose"):
                        move = players[p].choose(game.view(p))
                else:
                    move = players[p].choose(game.view(p))
                game.play(move)
            except BotError as exc:
                return _forfeit(game, p, str(exc))
            for i, watcher in watchers:
                try:
                    with guard(i, "observe"):
                        watcher.observe(game.public_move_text(len(game.history) - 1, i))
                except BotError as exc:
                    return _forfeit(game, i, str(exc))
    except MoveTimeout as exc:
        seat, what = exc.args
        return _forfeit(game, seat, timeout_text(what, move_limit))
    return {"winners": game.winners, "scores": game.scores, "moves": len(game.history)}


def _forfeit(game, seat: int, error: str) -> dict:
    return {"winners": [i for i in range(game.num_players) if i != seat], "scores": None,
            "moves": len(game.history), "forfeit": seat, "error": error}


def _play_job(job):
    """One game of a tournament's work list, here or in a worker (a pool process, a Dask task).
    With a move limit where the interval timer cannot work (a Dask worker's thread), a game with
    a bot runs in a child process under :func:`~pygame_core.watchdog.run_watched`."""
    index, game_id, options, seed, seats, *rest = job
    move_limit = rest[0] if rest else None
    if move_limit and not itimer_works() and any(isinstance(s, dict) and "bot" in s for s in seats):
        return index, play_watched(game_id, options, seed, seats, move_limit)
    return index, play_match(game_id, options, seed, seats, move_limit)


def play_watched(game_id: str, options: dict, seed: int, seats: list, move_limit: float) -> dict:
    """:func:`play_match` in a child process that is killed when a bot's call goes over
    ``move_limit`` seconds (and a margin); the same result as :func:`play_match` here."""
    from . import watchdog  # subprocess and threads: never imported by the page's engine
    out = watchdog.run_watched("pygame_core.tournament:play_match", (game_id, options, seed, seats, move_limit),
                               {}, move_limit)
    if out[0] == "result":
        return out[1]
    seat, moves, what = out[1:4]
    error = timeout_text(what, move_limit) if out[0] == "timeout" else \
        f"the bot's process ended during its {what} (exit code {out[4]})"
    num_players = new_game(game_id, seed=seed, **options).num_players
    return {"winners": [i for i in range(num_players) if i != seat], "scores": None,
            "moves": moves, "forfeit": seat, "error": error}


def tournament_schedule(labels: list[str], seats_per_game: int) -> list[list[int]]:
    """Seatings as lists of agent indices.  Every group of ``seats_per_game`` agents (every
    pairing for two players) plays in every cyclic rotation, so each agent sits in every seat;
    with fewer agents than seats the agents repeat round the table."""
    from itertools import combinations
    k = len(labels)
    if k >= seats_per_game:
        groups = [list(g) for g in combinations(range(k), seats_per_game)]
    else:
        groups = [[i % k for i in range(seats_per_game)]]
    return [g[r:] + g[:r] for g in groups for r in range(seats_per_game)]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (shared wins count fractionally)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def run_tournament(game_id: str, specs: list, games: int, seed: int, options: dict,
                   jobs: int = 1, progress=None, scheduler: str | None = None,
                   move_limit: float | None = None, on_start=None) -> dict:
    """Play the tournament; returns the per-agent statistics.  ``specs``: agent spec texts or
    seat dicts (:func:`parse_seat`).  ``on_start(seats, seatings)``, if given, hears the seat
    dicts and the seatings (indexes into them) before the first game is played."""
    if len(specs) < 2:
        raise GameError("a tournament needs at least two agents")
    if games < 1:
        raise GameError("--games must be at least 1")
    parsed = [s if isinstance(s, dict) else parse_seat(s, game_id) for s in specs]
    labels = []
    for s, seat in zip(specs, parsed):
        label = seat_label(seat) if isinstance(s, dict) or "bot" in seat else s.strip()
        labels.append(label if label not in labels else f"{label}#{labels.count(label) + 1}")
    probe = new_game(game_id, seed=0, **options)
    seatings = tournament_schedule(labels, probe.num_players)
    if on_start is not None:
        on_start(parsed, seatings)
    work, seat_of = [], []
    for seating in seatings:
        for g in range(games):
            work.append((len(work), game_id, options, seed + g, [parsed[a] for a in seating], move_limit))
            seat_of.append(seating)
    stats = {lab: {"games": 0, "wins": Fraction(0), "score": 0, "scored": 0, "errors": 0} for lab in labels}
    pair = {}  # (a, b) -> [games, wins of a] for two-player head-to-head
    lengths, errors = [], []
    if scheduler:
        from .cluster import run_on_dask
        results = run_on_dask(_play_job, work, scheduler, progress)
    else:
        results = _run_jobs(work, jobs, progress)
    for index, res in sorted(results, key=lambda r: r[0]):
        seating = seat_of[index]
        winners = res["winners"]
        lengths.append(res["moves"])
        if "forfeit" in res:
            stats[labels[seating[res["forfeit"]]]]["errors"] += 1
            errors.append(f"{labels[seating[res['forfeit']]]} (game seed {work[index][3]}): {res['error']}")
        for seat, a in enumerate(seating):
            st = stats[labels[a]]
            st["games"] += 1
            won = Fraction(1, len(winners)) if seat in winners else Fraction(0)
            st["wins"] += won
            if res["scores"] is not None:
                st["score"] += res["scores"][seat]
                st["scored"] += 1
            if len(seating) == 2:
                rec = pair.setdefault((labels[a], labels[seating[1 - seat]]), [0, Fraction(0)])
                rec[0] += 1
                rec[1] += won
    return {"labels": labels, "stats": stats, "pairs": pair, "games": len(work),
            "seatings": len(seatings), "lengths": lengths, "errors": errors}


def _run_jobs(work: list, jobs: int, progress) -> list:
    total = len(work)
    out = []
    if jobs <= 1 or total <= 1:
        for job in work:
            out.append(_play_job(job))
            if progress:
                progress(len(out), total)
        return out
    from concurrent.futures import ProcessPoolExecutor, as_completed
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(_play_job, job) for job in work]
        for fut in as_completed(futures):
            out.append(fut.result())
            if progress:
                progress(len(out), total)
    return out
