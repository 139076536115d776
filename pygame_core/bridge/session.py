"""The bridge's session: the one current game of a web worker and what the commands keep
between two requests, as a plain object, plus the questions every command asks of it.

The commands (:mod:`.play`, :mod:`.lines`, :mod:`.records`, :mod:`.analysis`,
:mod:`.think`) are functions that take the session and change its fields; nothing here knows
a command.  The fields are described in the package docstring.
"""
from __future__ import annotations

from collections import OrderedDict

from .. import agents
from ..core import MAX_SEED, quote
from ..tree import GameTree
from .errors import BOT_SEAT, BridgeError


class Session:
    """One current game and what the commands keep about it between two requests (each field
    is described in the docstring of :mod:`pygame_core.bridge`)."""

    def __init__(self):
        self.game = None  # the game at the position on screen
        self.players: list[str] = []  # per seat: "human", "bot" or an agent name
        self.spectator = False  # a spectator link of a finished game: every hand is shown
        self.tree = GameTree([])  # every move played, with its variations
        self.line_path: list[int] = []  # the current line in the tree, start to end
        self.search: dict | None = None  # what think is searching (think.py)
        self.analyses: OrderedDict = OrderedDict()  # the searches analyse keeps (analysis.py)
        self.reviewed: dict | None = None  # the positions review evaluated (analysis.py)
        self.friend: dict | None = None  # a game with a friend by link: its context (friends.py)
        self.hidden = None  # the last hidden-hand seat loaded: (its record's JSON, the seat) (hidden.py)

    @property
    def moves(self) -> list[str]:
        """The current line (the redo tail included)."""
        return self.tree.line(self.line_path)

    @property
    def cursor(self) -> int:
        """How many moves of the current line lead to the position on screen."""
        return len(self.game.history) if self.game else 0

    @property
    def path(self) -> list[int]:
        """The position on screen in the tree."""
        return self.line_path[: self.cursor]


def require_game(session: Session):
    """The game on screen; a :class:`BridgeError` before any."""
    if session.game is None:
        raise BridgeError("no game is running: start one with 'new'")
    return session.game


def start(session: Session, game, players: list[str]) -> None:
    """Make ``game`` current with one line of no moves (``new``)."""
    session.game, session.players, session.spectator = game, players, False
    session.tree, session.line_path = GameTree([]), []
    session.friend = None


def friend_turn(session: Session) -> str:
    """In a game with a friend by link: ``"you"`` (this page's seat moves), ``"friend"`` or
    ``"over"`` (its moves ended it, or a player resigned); ``""`` in any other game."""
    context, game = session.friend, session.game
    if not context:
        return ""
    if game.is_over or context["resigned"] is not None:
        return "over"
    return "you" if game.current_player == context["seat"] else "friend"


def check_friend_move(session: Session) -> None:
    """A move on screen in a game with a friend: only this page's seat, after the final moves."""
    turn = friend_turn(session)
    if turn == "over":
        raise BridgeError("the game is over", detail="game_over")
    if turn == "friend":
        raise BridgeError("it is your friend's move: send them the link and wait for theirs", detail="friend_to_move")
    if turn and session.cursor < session.friend["final"]:
        raise BridgeError("this move is final (it was sent or received): go to the end of the game", detail="move_final")


def friend_game_running(session: Session) -> bool:
    """A game with a friend by link that has not ended (at the end of its line: the position on
    screen may be an earlier one): the engine gives no help in it (no hint, analysis or review),
    as correspondence sites do; once it is over, it does."""
    context = session.friend
    return bool(context) and context["resigned"] is None and not line_end(session).is_over


def refuse_help_in_friend_game(session: Session, what: str) -> None:
    """``what`` (a hint, analysis, a review) is the engine's help: refused while a game with a
    friend is running."""
    if friend_game_running(session):
        raise BridgeError(f"no {what} while a game with a friend is running: it comes back once the game is over",
                          detail="no_help_friend", params={"help": what})


def check_players(players, num_players: int, game_id: str) -> list[str]:
    """The seats a request names, checked (every seat human when it names none)."""
    if players is None:
        return ["human"] * num_players
    if not isinstance(players, list) or len(players) != num_players:
        raise BridgeError(f"players must be a list of {num_players} entries ('human' or an agent name)")
    out = []
    for p in players:
        if p in ("human", BOT_SEAT):  # "bot": the person's own bot, moved by the page
            out.append(p)
            continue
        cls = agents.get(p, game_id)
        if not cls.supports(game_id):
            raise BridgeError(f"agent {quote(p)} does not play {game_id}")
        out.append(p)
    return out


def replayed(game, moves: list[str]):
    """A new game of ``game``'s options and seed with ``moves`` played."""
    fresh = type(game)(seed=game.seed, **game.options)
    for text in moves:
        fresh.play(text)
    return fresh


def goto(session: Session, cursor: int) -> None:
    """Show the position ``cursor`` moves along the current line."""
    session.game = replayed(require_game(session), session.moves[:cursor])


def line_end(session: Session):
    """The game at the end of the current line (the redo tail played; the game on screen when
    there is none)."""
    game, moves = session.game, session.moves
    if len(moves) == session.cursor:
        return game
    full = game.clone()
    for text in moves[session.cursor:]:
        full.play(text)
    return full


def players_to_move(session: Session) -> list:
    """The player to move after each prefix of the move list (index = cursor)."""
    fresh = replayed(require_game(session), [])
    out = [fresh.current_player]
    for text in session.moves:
        fresh.play(text)
        out.append(fresh.current_player)
    return out


def viewer(session: Session) -> int | None:
    """The seat whose private view is shown (see the package docstring)."""
    game = require_game(session)
    if game.is_over or session.spectator:
        return None
    current = game.current_player
    if not game.hidden_information:
        return current
    humans = [i for i, p in enumerate(session.players) if p == "human"]
    if not humans:
        return None
    order = game.turn_order  # the human who moved last, in turn order
    i = order.index(current)
    for k in range(len(order)):
        q = order[(i - k) % len(order)]
        if q in humans:
            return q
    return None


def full_record(session: Session) -> dict:
    """The record of the whole move list (the redo tail included; the tree when it has
    variations beside the current line)."""
    record = require_game(session).record()
    record["moves"] = list(session.moves)
    if session.tree.size() > len(session.line_path):
        record["tree"] = session.tree.to_json()
    return record


def agent_seed(game) -> int:
    """The seed of an agent moving here: from the game's seed and the position, so replays agree."""
    return (game.seed * 1_000_003 + len(game.history) * 7919 + game.current_player) % (MAX_SEED + 1)


def game_key(game) -> tuple:
    """What tells one game from another (its id, options and seed), for the kept searches."""
    return (game.game_id, repr(sorted(game.options.items())), game.seed)
