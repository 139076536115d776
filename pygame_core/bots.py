"""Bots: computer players written by anyone, in Python, against the public engine API.

A bot is a class with ``choose(game) -> move``; optionally ``start(game)`` and ``observe(move)``::

    from pygame_core.bots import Bot

    class FirstMove(Bot):
        def choose(self, game):
            return game.legal_moves()[0]

The lifecycle, one bot object per game: the engine sets ``seed``, ``rng`` and ``seat``, then calls
``start(game)`` once before the game's first move (whichever seat moves first; ``game`` is the
bot's view of the game at move 0), then ``observe(move)`` after every move, anyone's, the bot's
own too (its text as the bot's seat may read it), and ``choose(game)`` whenever it is the bot's
turn.  So ``start`` always comes before any ``observe``: state set up there is there when the
opponent's first move is observed.  A bot whose ``start``, ``choose`` or ``observe`` raises
forfeits that game.

``game`` is what the bot's seat may see: the player view of hidden-hand games
(:meth:`pygame_core.core.Game.view`), a copy it may change freely.  The engine API it may use:
``game.legal_moves()``, ``game.clone()``, ``game.apply(move)``, ``game.is_over``,
``game.winners``, ``game.scores``, ``game.current_player``, ``game.format_move(move)``,
``game.determinize(rng)`` (a full game consistent with the view), :func:`random_playout`, and
the built-in agents as building blocks (``self.agent("mcts", iterations=200).choose(game)``).
``self.rng`` is the bot's seeded random generator (:class:`pygame_core.core.Rng`), so games
replay.  The move may be a move value or its text.

:func:`load_bot` reads a bot class from source text (a ``.py`` file's); :class:`BotAgent` makes
any bot class an :class:`~pygame_core.agents.Agent` (tournaments, the page's workbench), checking
every move it returns; :func:`start_bots` starts the bots among a game's players.  A bot is
not sandboxed: it is Python code, run as its author wrote it.  The page runs bots in a worker
of their own and stops a runaway one by terminating it; the command line can stop a slow move
with ``--move-limit`` (an interval timer, Unix; on a Dask cluster each game runs in a child
process that a watchdog kills, :mod:`pygame_core.watchdog`).
"""
from __future__ import annotations

import types

from . import agents
from .core import GameError, Rng, fresh_seed, quote
from .search_hooks import hooks_for

MAX_SOURCE_CHARS = 200_000  # a bot's source; a link carries at most this much


class BotError(GameError):
    code = "bot_error"


class Bot:
    """A base class for bots (optional: any class with ``choose`` will do).  The engine sets
    ``seed``, ``rng`` and ``seat`` (the seat the bot plays) before ``start``."""

    seed: int = 0
    seat: int = 0

    def __init__(self, seed: int | None = None):
        self.seed = fresh_seed() if seed is None else seed
        self.rng = Rng(self.seed)

    def start(self, game) -> None:
        """Called once per game before its first move (anyone's) and before any ``observe``;
        ``game`` is the bot's view of the game at move 0."""

    def observe(self, move: str) -> None:
        """Called after every move of the game (the bot's own too), as its seat may read it."""

    def choose(self, game):  # pragma: no cover - the bot's
        raise NotImplementedError("a bot must define choose(game)")

    def agent(self, name: str, **settings):
        """A built-in agent (``"random"``, ``"mcts"``, the game's own...) seeded from this bot."""
        return agents.get(name)(seed=self.rng.below(1 << 30), **settings)


def random_playout(game, rng) -> list[int]:
    """Play ``game`` (changed in place) to its end with uniformly random legal moves (the game's
    random policy where it has one); returns the winners."""
    policy = hooks_for(game).random_policy_moves
    while not game.is_over:
        game.apply(rng.choice(policy(game)))
    return game.winners


def _line_of(exc: BaseException, filename: str) -> int | None:
    tb = exc.__traceback__
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    return getattr(exc, "lineno", None) if line is None else line


def describe_error(exc: BaseException, filename: str = "<bot>") -> str:
    """``"line 12: ZeroDivisionError: division by zero"`` for an error in a bot's code."""
    line = _line_of(exc, filename)
    text = f"SyntaxError: {exc.msg}" if isinstance(exc, SyntaxError) else f"{type(exc).__name__}: {exc}"
    text = text if len(text) <= 160 else text[:150] + "..."
    return (f"line {line}: " if line else "") + text


def load_bot(source: str, class_name: str | None = None, filename: str = "<bot>") -> type:
    """The bot class defined in ``source`` (``class_name``, else the only class with a
    ``choose`` method defined there).  Errors (syntax, an exception while running the module,
    no such class) raise :class:`BotError` with the line."""
    if not isinstance(source, str):
        raise BotError("a bot's source must be text")
    if len(source) > MAX_SOURCE_CHARS:
        raise BotError(f"the bot's source is too long ({len(source):,} characters; at most {MAX_SOURCE_CHARS:,})")
    try:
        code = compile(source, filename, "exec", dont_inherit=True)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        raise BotError(f"the bot does not compile: {describe_error(exc, filename)}") from None
    module = types.ModuleType(class_name or "bot")
    module.__dict__["__file__"] = filename
    try:
        exec(code, module.__dict__)  # noqa: S102 - a bot is code its user chose to run
    except Exception as exc:
        raise BotError(f"the bot failed while loading: {describe_error(exc, filename)}") from None
    classes = {name: obj for name, obj in module.__dict__.items()
               if isinstance(obj, type) and obj.__module__ == module.__name__ and callable(getattr(obj, "choose", None))}
    if class_name is not None:
        cls = module.__dict__.get(class_name)
        if not isinstance(cls, type) or not callable(getattr(cls, "choose", None)):
            raise BotError(f"the bot's source has no class {quote(class_name)} with a choose(game) method"
                           + (f" (it has {', '.join(sorted(classes))})" if classes else ""))
        return cls
    if len(classes) != 1:
        raise BotError("the bot's source must define exactly one class with a choose(game) method"
                       f" (found {len(classes)}); name the one to use")
    return next(iter(classes.values()))


def load_bot_file(path: str, class_name: str | None = None) -> tuple[type, str]:
    """The bot class in the file ``path`` and the file's source."""
    try:
        with open(path, encoding="utf-8") as f:
            source = f.read(MAX_SOURCE_CHARS + 1)
    except OSError as exc:
        raise BotError(f"cannot read the bot file {quote(path)}: {exc.strerror or exc}") from None
    return load_bot(source, class_name, filename=path), source


def make_bot_agent(source: str, class_name: str | None = None, filename: str = "<bot>",
                   label: str | None = None) -> type:
    """An :class:`~pygame_core.agents.Agent` class (not registered) playing the bot in ``source``."""
    bot_class = load_bot(source, class_name, filename)
    return type(f"BotAgent_{bot_class.__name__}", (BotAgent,), {
        "name": label or bot_class.__name__, "title": label or bot_class.__name__,
        "description": (bot_class.__doc__ or "a bot").strip().splitlines()[0][:120],
        "bot_class": bot_class, "filename": filename})


class BotAgent(agents.Agent):
    """An agent that plays a bot class (see :func:`make_bot_agent`): one agent (one bot) per
    game.  Whoever runs the game calls :meth:`start` with the seat's view at move 0 before the
    game's first move (:func:`start_bots`), then :meth:`observe` after every move; :meth:`choose`
    checks every move the bot returns and says what went wrong in words, with the line of the
    bot's code.  (``choose`` starts a bot that was never started, from the game it is given: a
    fallback for direct use only, as the bot then misses the moves before it.)"""

    bot_class: type = Bot
    filename = "<bot>"
    strength = 0

    def __init__(self, seed: int | None = None, **settings):
        super().__init__(seed)
        try:
            self.bot = self.bot_class(**settings) if settings else self.bot_class()
        except Exception as exc:
            raise BotError(f"the bot could not be created: {describe_error(exc, self.filename)}") from None
        if getattr(self.bot, "rng", None) is None or isinstance(self.bot, Bot):
            self.bot.seed, self.bot.rng = self.seed, Rng(self.seed)
        self._started = False

    def _call(self, what: str, *args):
        try:
            return getattr(self.bot, what)(*args)
        except (KeyboardInterrupt, MoveTimeout):
            raise
        except Exception as exc:
            raise BotError(f"the bot's {what} raised {describe_error(exc, self.filename)}") from None

    def start(self, game, seat: int | None = None) -> None:
        """Start the bot for a game: ``game`` is what ``seat`` sees at move 0 (``game.view(seat)``
        of the new game); ``seat`` defaults to the player to move.  The bot's error raises
        :class:`BotError`."""
        self.bot.seat = game.current_player if seat is None else seat
        self._started = True
        if callable(getattr(self.bot, "start", None)):
            self._call("start", game.clone())

    def observe(self, move_text: str) -> None:
        if callable(getattr(self.bot, "observe", None)):
            self._call("observe", move_text)

    def choose(self, game):
        self._require_turn(game)
        if not self._started:
            self.start(game)
        move = self._call("choose", game.clone())
        try:
            value = game.to_move(move)
        except GameError:
            raise BotError(f"the bot returned {quote(move, 40)}, which is not a move of {game.title}") from None
        if not game.is_legal(value):
            raise BotError(f"the bot returned {quote(game.format_move(value), 40)}, which is not legal here")
        return value


def start_bots(game, players, guard=None) -> tuple[int, str] | None:
    """Start every bot among ``players`` (one per seat of ``game``, before its first move), in
    seat order: ``start(game.view(seat), seat)``.  ``guard(seat, "start")``, if given, is a
    context manager around each call (a time limit).  ``None``, or ``(seat, error)`` for the
    first bot whose ``start`` failed (the caller forfeits that seat's game)."""
    for seat, player in enumerate(players):
        if not isinstance(player, BotAgent):
            continue
        try:
            if guard is None:
                player.start(game.view(seat), seat)
            else:
                with guard(seat, "start"):
                    player.start(game.view(seat), seat)
        except BotError as exc:
            return seat, str(exc)
    return None


class MoveTimeout(BaseException):
    """A bot's move took longer than the limit (raised by the interval timer)."""
