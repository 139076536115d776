"""The commands that start a game and move through it: ``hello``, ``new``, ``play``, ``ai``,
``undo``, ``redo``, ``state``, ``players`` and ``preview`` (the requests are described in the
package docstring).  Each takes the session and the request and returns the answer."""
from __future__ import annotations

from .. import __version__, agents, levels, view
from ..core import game_class, list_games, new_game, record_formats
from .errors import BridgeError, refuse_bot, whole_number
from .formats import format_info, importable
from .friends import play_answer
from .hidden import hidden_link_options
from .lines import play_in_tree
from .session import (Session, agent_seed, check_friend_move, check_players, goto, players_to_move, require_game,
                      start, viewer)
from .state import state


def cmd_hello(session: Session, req):
    """The engine version, the games (options, agents, seats, levels) and the record formats."""
    games = list_games()
    for g in games:
        cls = game_class(g["id"])
        g["agents"] = agents.list_agents(g["id"])
        g["players"] = cls(seed=0).player_names
        g["levels"] = levels.levels(g["id"])  # the page's computer levels: search budgets
        seat_option = getattr(cls, "SEAT_OPTION", None)
        if seat_option:  # the number of seats follows this option; names from seat_names
            g["seat_option"] = seat_option
            g["seat_names"] = list(cls.SEAT_NAMES)
        # a game with a friend by link (bridge/friends.py): two players, nothing hidden
        g["friend"] = not cls.hidden_information and len(g["players"]) == 2
        # hidden hands by link (bridge/hidden.py): the options such a game must have, else None
        g["hidden_link"] = hidden_link_options(g["id"], g["options"])
    return {"version": __version__, "games": games,
            "record_formats": [format_info(f) for f in record_formats()],
            "importable": importable()}


def cmd_new(session: Session, req):
    game_id = req.get("game")
    options = req.get("options")
    options = {} if options is None else options
    if not isinstance(options, dict):
        raise BridgeError("options must be an object")
    seed = req.get("seed")
    game = new_game(game_id, seed=seed, **options)
    players = check_players(req.get("players"), game.num_players, game.game_id)
    start(session, game, players)
    return state(session)


def cmd_play(session: Session, req):
    """``move``: checked, then played at the position on screen (a variation when the line
    went on from there)."""
    game = require_game(session)
    move = req.get("move")
    if not isinstance(move, str):
        raise BridgeError("play needs a move text, e.g. {\"cmd\": \"play\", \"move\": \"f6\"}")
    check_friend_move(session)
    trial = game.clone()
    value = trial.play(move)
    session.game = trial
    play_in_tree(session, trial.format_move(value))
    if session.friend:  # a game with a friend: a conditional reply of theirs answers at once
        session.friend = {**session.friend, "mine": [], "mine_sent": []}  # they were for before this move
        answer = play_answer(session)
        if answer:
            return {**state(session), "friend_answer": answer}
    return state(session)


def cmd_ai(session: Session, req):
    """The agent of the player to move (or ``agent``) chooses a move, which is played."""
    game = require_game(session)
    if game.is_over:
        raise BridgeError("the game is over", detail="game_over")
    name = req.get("agent") or session.players[game.current_player]
    if name == "human":
        raise BridgeError(f"{game.player_names[game.current_player]} is played by a human")
    refuse_bot(name, game)
    cls = agents.get(name, game.game_id)
    move = cls(seed=agent_seed(game)).choose(game.view(game.current_player))
    result = cmd_play(session, {"move": game.format_move(move)})
    result["ai_move"] = game.format_move(move)
    return result


def _walk(session: Session, req, direction: int):
    """Undo (-1) or redo (+1) ``steps`` moves; with ``until_human`` keep going until a
    human is to move (or the list ends), so "undo" in a game against the computer takes
    back the computer's reply together with the person's move."""
    require_game(session)
    steps = whole_number(req, "steps", 1)
    moves, players = session.moves, session.players
    floor = session.friend["final"] if session.friend else 0  # a friend game's sent moves are final
    target = min(len(moves), max(floor, session.cursor + direction * steps))
    if session.friend:  # back to where this seat moves: a conditional reply goes with the move it answered
        to_move = players_to_move(session)
        while floor < target < len(moves) and to_move[target] != session.friend["seat"]:
            target += direction
        if target != session.cursor and session.friend["sent"] != session.cursor:
            session.friend = {**session.friend, "mine": []}
    if req.get("until_human") and "human" in players:
        to_move = players_to_move(session)
        while 0 < target < len(moves) and (to_move[target] is None or players[to_move[target]] != "human"):
            target += direction
    goto(session, target)
    return state(session)


def cmd_undo(session: Session, req):
    return _walk(session, req, -1)


def cmd_redo(session: Session, req):
    return _walk(session, req, +1)


def cmd_state(session: Session, req):
    require_game(session)
    return state(session)


def cmd_players(session: Session, req):
    """``players``: who plays each seat, changed without touching the game."""
    game = require_game(session)
    session.players = check_players(req.get("players"), game.num_players, game.game_id)
    session.spectator = False
    return state(session)


def cmd_preview(session: Session, req):
    """``move``: the scene with that legal move drawn tentatively (not played)."""
    game = require_game(session)
    move = req.get("move")
    if not isinstance(move, str):
        raise BridgeError("preview needs a move text")
    seat = viewer(session)
    if game.hidden_information and seat != game.current_player:
        raise BridgeError("only the player to move can preview a move")
    value = game.to_move(move)
    trial = game.clone()
    trial.play(value)  # checks legality (raises with the reason)
    shown = game.view(seat) if game.hidden_information else game
    text = game.format_move(value)
    drawn = any(m["move"] == text and m["path"] for m in view.move_targets(shown, seat))
    n = len(trial.history) - 1
    words = trial.move_words(n, seat), trial.move_words_code(n, seat)
    # a move without a click path (draw, pass, swap) puts nothing on the board to preview
    return {"scene": view.scene(shown, seat, preview=value if drawn else None, words=words),
            "words": words[0], "words_code": words[1]}
