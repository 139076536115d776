"""The shared game protocol, errors, the seeded RNG, the game registry and records.

Every game in :mod:`pygame_core.games` subclasses :class:`Game` and registers itself with
:func:`register_game`.  A game is a pure function of ``(options, seed, moves)``: the
:meth:`Game.record` of a game replays it exactly through :func:`replay`.

This module imports nothing from the rest of the package (it is the bottom layer) except
:mod:`pygame_core.errors`, :mod:`pygame_core.options`, :mod:`pygame_core.rng` and
:mod:`pygame_core.bag` (its errors, option schemas, random numbers and draw sources, re-exported
here) and :mod:`pygame_core.catalog`, the table of which modules register which game: the registries
import a game's modules on its first look-up (see there).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Iterable

from . import catalog, words
from .errors import (MAX_MOVE_TEXT, QUOTE_CHARS, GameError, GameOverError, IllegalMoveError,  # noqa: F401
                     InvalidMoveError, InvalidOptionError, InvalidRecordError, UnknownGameError,
                     clean_move_text, quote)
from .bag import SEEDED
from .options import Option, validate_options  # noqa: F401 - re-exported: the protocol's names
from .rng import MAX_SEED, Rng, fresh_seed  # noqa: F401 - re-exported: the protocol's names

RECORD_VERSION = 1
# --------------------------------------------------------------------------- the protocol
class Game:
    """Base class of every game: the shared protocol.

    Subclasses set the class attributes and implement the ``_``-prefixed hooks:

    * ``_setup()``: build the initial state from ``self.options`` and ``self.rng``;
    * ``_legal_moves()``: the list of legal move values;
    * ``_check(move)``: raise :class:`IllegalMoveError` with a reason if ``move`` is illegal;
    * ``apply(move)``: play a move without checking (the fast path for search);
    * ``parse_move(text)`` / ``format_move(move)``: the notation of the rules spec;
    * ``_copy_state(other)``: copy the mutable state into the fresh instance ``other``.
    """

    game_id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    description: ClassVar[str] = ""
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    hidden_information: ClassVar[bool] = False
    draw_source: ClassVar = SEEDED  # where hidden tiles come from (bag.py); games with a bag ask it

    def __init__(self, seed: int | None = None, **options: Any):
        if seed is None:
            seed = fresh_seed()
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise InvalidOptionError(f"seed must be a whole number from 0 to 2**53-1, not {quote(seed)}")
        self.seed = seed
        self.options = validate_options(self.OPTIONS, options)
        self.rng = Rng(seed)
        self.history: list = []
        self._setup()

    # ---- hooks -------------------------------------------------------------
    def _setup(self) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _legal_moves(self) -> list:  # pragma: no cover - abstract
        raise NotImplementedError

    def _check(self, move) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def apply(self, move) -> None:  # pragma: no cover - abstract
        """Play ``move`` without any check (for search). Appends to ``history``."""
        raise NotImplementedError

    def parse_move(self, text: str):  # pragma: no cover - abstract
        raise NotImplementedError

    def format_move(self, move) -> str:
        return str(move)

    def public_move_text(self, index: int, viewer: int | None) -> str:
        """Move ``index`` of the history as ``viewer`` may read it (``None``: everything).  A
        hidden-information game masks what only the mover may know while the game goes on
        (Codex: a secret objective choice); by default the move's text."""
        return self.format_move(self.history[index])

    def move_words(self, index: int, viewer: int | None) -> str:
        """Move ``index`` of the history in words for people ("5-5-5 to the right of 2-4-5, +7"),
        as ``viewer`` may read it; records and exports keep the notation. By default the
        public move text."""
        return self.public_move_text(index, viewer)

    def move_words_code(self, index: int, viewer: int | None) -> dict | None:
        """:meth:`move_words` as a code for the page's catalog (:mod:`pygame_core.words`), or
        ``None`` where the words are the notation (a cell "c3"); by default a shared action's."""
        key = words.ACTIONS.get(self.move_words(index, viewer))
        return None if key is None else words.code(key)

    def held(self) -> list[dict[str, int]] | None:
        """What each seat holds, as counts every player may see (``{"tiles": 7}``; the
        table's player strips show them), or ``None`` where nothing is held."""
        return None

    def _copy_state(self, other: "Game") -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    # ---- state -------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return len(self.player_names)

    @property
    def player_names(self) -> list[str]:  # pragma: no cover - abstract
        raise NotImplementedError

    @property
    def current_player(self) -> int | None:  # pragma: no cover - abstract
        raise NotImplementedError

    @property
    def turn_order(self) -> list[int]:
        """The seats in the order they take turns (most games: seat order; iwoki draws it)."""
        return list(range(self.num_players))

    @property
    def movers(self) -> list[int]:
        """The player who made each move of ``history`` (default: one move per turn, in
        ``turn_order``; games where a player may move twice in a row override this)."""
        order = self.turn_order
        return [order[i % len(order)] for i in range(len(self.history))]

    @property
    def is_over(self) -> bool:
        return self.current_player is None

    @property
    def winners(self) -> list[int]:
        """The players who won (empty while the game runs; several on a shared win)."""
        return []

    @property
    def scores(self) -> list[int] | None:
        """Points per player, or ``None`` for games without points."""
        return None

    @property
    def moves(self) -> list[str]:
        """The moves played so far, in canonical notation."""
        return [self.format_move(m) for m in self.history]

    @property
    def last_move(self):
        return self.history[-1] if self.history else None

    # ---- checked play ------------------------------------------------------
    def legal_moves(self) -> list:
        if self.is_over:
            return []
        return self._legal_moves()

    def to_move(self, move):
        """Turn a move value or its text into a move value (``InvalidMoveError`` if malformed).
        A text goes through :func:`clean_move_text` first (length cap, white space folded)."""
        if isinstance(move, str):
            return self.parse_move(clean_move_text(move))
        return self.coerce_move(move)

    def coerce_move(self, move):
        """Accept other move values (e.g. tuples); subclasses may widen this."""
        raise InvalidMoveError(f"{quote(move)} is not a move of {self.title}")

    @classmethod
    def max_moves(cls, options: dict) -> int:  # pragma: no cover - abstract
        """A proven upper bound on the number of moves of any game with these (validated)
        options: no record is longer, so :func:`replay` refuses a longer one before playing it.
        Each game proves its bound in its docstring and tests it with random games."""
        raise NotImplementedError

    def play(self, move) -> Any:
        """Check and play a move (value or text). Raises and leaves the game unchanged if bad."""
        value = self.to_move(move)
        if self.is_over:
            raise GameOverError("the game is over; no more moves can be played", detail="game_over")
        self._check(value)
        self.apply(value)
        return value

    def is_legal(self, move) -> bool:
        try:
            value = self.to_move(move)
            if self.is_over:
                return False
            self._check(value)
        except GameError:
            return False
        return True

    # ---- copies, records, views -------------------------------------------
    def clone(self) -> "Game":
        other = object.__new__(type(self))
        other.seed = self.seed
        other.options = dict(self.options)
        other.rng = self.rng.copy()
        other.history = list(self.history)
        if "draw_source" in self.__dict__:
            other.draw_source = self.draw_source
        self._copy_state(other)
        return other

    @classmethod
    def from_source(cls, source, **options: Any) -> "Game":
        """A game whose hidden tiles come from ``source`` (a :class:`~pygame_core.bag.DrawSource`)
        rather than the seed: a seat's copy of a game dealt by the fair deal.  It has no seed
        (0) and, when the source knows one seat only, is that seat's view (no record)."""
        game = object.__new__(cls)
        game.draw_source = source
        Game.__init__(game, seed=0, **options)
        game._viewer = source.viewer
        return game

    def view(self, player: int | None) -> "Game":
        """The game as ``player`` may see it (perfect-information games: a clone).

        Games with hidden information return a copy in which what ``player`` may not see
        (other hands, the order of the draw pile, the future of the RNG) is unknown; it still
        answers ``legal_moves()`` for ``player`` and can be completed by :meth:`determinize`.
        """
        return self.clone()

    def determinize(self, rng: "Rng") -> "Game":
        """A full game consistent with this (possibly partial) view: the unknown parts sampled
        with ``rng``.  Search agents for hidden-information games play on such samples."""
        return self.clone()

    @property
    def is_view(self) -> bool:
        """True for a player's view of a hidden-information game (see :meth:`view`)."""
        return getattr(self, "_viewer", None) is not None

    def record(self) -> dict:
        """Options + seed + moves: JSON-serialisable, replays the game exactly."""
        if self.is_view:
            raise GameError("a player's view hides the deal, so it has no record; use the full game")
        return {"format": "boardwright", "version": RECORD_VERSION, "game": self.game_id,
                "options": dict(self.options), "seed": self.seed, "moves": self.moves}

    def undone(self, n: int = 1) -> "Game":
        """A new game with the last ``n`` moves taken back (a replay of the shorter list)."""
        if self.is_view:
            raise GameError("a player's view cannot be replayed; use the full game")
        return replay_moves(type(self), self.options, self.seed, self.history[: max(0, len(self.history) - n)])

    def result_text(self) -> str:
        if not self.is_over:
            return f"{self.player_names[self.current_player]} to move"
        return words.wins_text(self.player_names[p] for p in self.winners) if self.winners else "Draw"

    def result_code(self) -> dict:
        """:meth:`result_text` as a code for the page's catalog (:mod:`pygame_core.words`)."""
        if not self.is_over:
            return words.code("words.to_move", name=words.player(self.current_player))
        return words.wins_code(self.winners) if self.winners else words.code("words.draw")

    def render_text(self) -> str:
        return self.result_text()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game_id} moves={len(self.history)} {self.result_text()}>"


# --------------------------------------------------------------------------- shared moves
@dataclass(frozen=True, slots=True)
class Action:
    """A turn action that is not a placement, shared by the tile games: ``draw`` or ``pass``."""

    kind: str

    def __str__(self) -> str:
        return self.kind


DRAW = Action("draw")
PASS = Action("pass")


# --------------------------------------------------------------------------- registry
_GAMES: dict[str, type[Game]] = {}


def register_game(cls: type[Game]) -> type[Game]:
    if not cls.game_id:
        raise ValueError("a game class needs a game_id")
    _GAMES[cls.game_id] = cls
    return cls


def game_class(game_id: str) -> type[Game]:
    """The class registered as ``game_id`` (its module is imported on first use)."""
    if isinstance(game_id, str) and game_id not in _GAMES:
        catalog.load(game_id, "rules")
    if not isinstance(game_id, str) or game_id not in _GAMES:
        catalog.load_all("rules")  # the message lists every game
        known = ", ".join(sorted(_GAMES))
        raise UnknownGameError(f"unknown game {quote(game_id)}; known games: {known}")
    return _GAMES[game_id]


@dataclass(frozen=True)
class RecordFormat:
    """A file or link format for one game's records, besides Boardwright's own JSON record
    (which every game has).  A game module registers its formats with :func:`register_format`;
    the bridge exports and imports through this registry and knows no format by name.

    ``export(record) -> text`` writes a record (as :meth:`Game.record` returns it);
    ``parse(text) -> record`` reads one back, raising :class:`InvalidRecordError` with a clear
    message for anything wrong; ``detect(text) -> bool`` is a cheap look at a pasted text or a
    file (no validation) that says whether this format should read it.  ``link``: the export is
    a link for people to open, shown (with ``note``) rather than saved as a file."""
    name: str  # the bridge's format name: lower-case, never "json"
    game_id: str
    label: str  # button text, e.g. "SGF"
    description: str  # e.g. "an SGF file of Hex", for titles and messages
    extension: str  # of the saved file, e.g. ".sgf"
    mime: str
    export: Callable[[dict], str]
    parse: Callable[[str], dict]
    detect: Callable[[str], bool]
    link: bool = False
    note: str = ""  # shown with an exported link, e.g. where to open it


_FORMATS: dict[str, RecordFormat] = {}


def register_format(fmt: RecordFormat) -> RecordFormat:
    if fmt.name == "json" or not fmt.name.isidentifier() or fmt.name != fmt.name.lower():
        raise ValueError(f"bad record format name {fmt.name!r}")
    if fmt.name in _FORMATS and _FORMATS[fmt.name] is not fmt:
        raise ValueError(f"record format {fmt.name!r} is already registered")
    _FORMATS[fmt.name] = fmt
    return fmt


def record_formats(game_id: str | None = None) -> list[RecordFormat]:
    """The registered formats (of one game, else of every game), in the catalog's game order,
    then in registration order."""
    if game_id is None:
        catalog.load_all("rules")
    else:
        catalog.load(game_id, "rules")
    fmts = [f for f in _FORMATS.values() if game_id is None or f.game_id == game_id]
    return sorted(fmts, key=lambda f: catalog.game_rank(f.game_id))


def detect_record_format(text: str) -> RecordFormat | None:
    """The first registered format whose ``detect`` accepts ``text``, else ``None``."""
    if not isinstance(text, str):
        return None
    for fmt in record_formats():
        if fmt.detect(text):
            return fmt
    return None


def list_games() -> list[dict]:
    """The registered games (all of them are imported first), in the catalog's order: id,
    title, description, players and option schema."""
    catalog.load_all("rules")
    classes = sorted(_GAMES.values(), key=lambda cls: catalog.game_rank(cls.game_id))
    return [{"id": cls.game_id, "title": cls.title, "description": cls.description,
             "hidden_information": cls.hidden_information,
             "options": [o.to_json() for o in cls.OPTIONS]}
            for cls in classes]


def new_game(game_id: str, *, seed: int | None = None, **options: Any) -> Game:
    """A new game of ``game_id`` with validated options (defaults fill the rest)."""
    return game_class(game_id)(seed=seed, **options)


def replay_moves(cls: type[Game], options: dict, seed: int, moves: Iterable) -> Game:
    return _play_all(cls(seed=seed, **options), moves)


def _play_all(game: Game, moves: Iterable) -> Game:
    for i, move in enumerate(moves, 1):
        try:
            game.play(move)
        except GameError as exc:
            raise InvalidRecordError(f"move {i} ({quote(move, 24)}) cannot be played: {exc}", detail="record_move",
                                     params={"n": i, "move": str(move)[:24]}) from None
    return game


def record_dict(record: dict | str) -> dict:
    """A record given as a dict or its JSON text, as a dict (``InvalidRecordError`` if neither)."""
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except (ValueError, RecursionError) as exc:
            raise InvalidRecordError(f"the record is not valid JSON: {exc}", detail="record_not_json") from None
    if not isinstance(record, dict):
        raise InvalidRecordError("a record must be a JSON object with game, options, seed and moves",
                                 detail="record_not_object")
    return record


def replay(record: dict | str) -> Game:
    """Rebuild a game from a record (a dict or its JSON text), validating everything."""
    record = record_dict(record)
    version = record.get("version", RECORD_VERSION)
    if version != RECORD_VERSION:
        raise InvalidRecordError(f"unsupported record version {quote(version)} (this engine reads {RECORD_VERSION})",
                                 detail="record_version", params={"version": quote(version), "reads": RECORD_VERSION})
    game_id = record.get("game")
    try:
        cls = game_class(game_id)
    except UnknownGameError as exc:
        raise InvalidRecordError(str(exc), detail="record_unknown_game", params={"game": quote(game_id, 24)}) from None
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise InvalidRecordError("the record's options must be an object", detail="record_field",
                                 params={"field": "options"})
    seed = record.get("seed", 0)
    if seed is None:  # a record names its deal: "no seed" would replay differently each time
        raise InvalidRecordError("the record's seed must be a whole number, not null", detail="record_field",
                                 params={"field": "seed"})
    moves = record.get("moves", [])
    if isinstance(moves, str):
        moves = moves.split()
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise InvalidRecordError("the record's moves must be a list of move texts", detail="record_field",
                                 params={"field": "moves"})
    try:
        game = cls(seed=seed, **options)
    except (GameError, TypeError) as exc:
        raise InvalidRecordError(f"bad options or seed in the record: {exc}", detail="record_options") from None
    check_length(game, len(moves))
    return _play_all(game, moves)


def check_length(game: Game, n_moves: int) -> None:
    """Refuse (``InvalidRecordError``) a record of more moves than any game with ``game``'s
    options can have (:meth:`Game.max_moves`), before a single move is replayed."""
    bound = type(game).max_moves(game.options)
    if n_moves > bound:
        raise InvalidRecordError(f"the record has {n_moves:,} moves, but no {game.title} game with these "
                                 f"options lasts more than {bound:,}", detail="record_too_long",
                                 params={"n": n_moves, "max": bound, "title": game.title})
