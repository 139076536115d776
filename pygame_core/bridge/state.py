"""The state: what every command that changes the game answers (see the package docstring
for its fields), built from the session as the viewer may see it."""
from __future__ import annotations

from .. import agents, view, words
from .errors import BOT_SEAT
from .formats import export_formats, export_options
from .session import Session, friend_game_running, friend_turn, full_record, line_end, viewer


def state(session: Session) -> dict:
    """The state of the game on screen, as the viewer (:func:`.session.viewer`) may see it."""
    game = session.game
    gview = view.view_for(game.game_id)
    seat = viewer(session)
    shown = game.view(seat) if game.hidden_information else game
    legal = view.move_targets(shown, seat)
    if game.hidden_information and seat != game.current_player:
        legal = []
    titles = {a["name"]: a["title"] for a in agents.list_agents(game.game_id)} | {BOT_SEAT: "Your bot"}
    players = session.players
    held = shown.held() or [None] * game.num_players
    last = game.last_move
    cursor = session.cursor
    out = {
        "game": game.game_id,
        "title": game.title,
        "options": game.options,
        "seed": game.seed,
        "players": [{"index": i, "name": name, "agent": players[i],
                     "agent_title": "Human" if players[i] == "human" else titles.get(players[i]),
                     "held": held[i]}  # counts for the player strips ({"tiles": 7}), or None
                    for i, name in enumerate(game.player_names)],
        "moves": public_moves(session, seat),
        **moves_in_words(session, seat),  # move_words, move_words_codes
        "movers": game.movers,  # who made each move up to the cursor
        "cursor": cursor,
        "can_undo": cursor > 0,
        "can_redo": cursor < len(session.moves),
        "current_player": game.current_player,
        "is_over": game.is_over,
        "winners": game.winners,
        "scores": game.scores,
        "status": game.result_text(),
        "status_code": game.result_code(),
        "last_move": None if last is None else game.public_move_text(len(game.history) - 1, seat),
        "last_words": None if last is None else game.move_words(len(game.history) - 1, seat),
        "last_words_code": None if last is None else game.move_words_code(len(game.history) - 1, seat),
        "viewer": seat,
        "hidden_information": game.hidden_information,
        "legal": legal,
        "scene": gview.scene(shown, seat),
        "record": game.record(),
        # what autosave keeps: the whole move list (redo tail too), the cursor and the seats
        "save": {"record": full_record(session), "cursor": cursor, "players": list(players)},
        "export_formats": export_formats(game.game_id),
        "export_options": export_options(game.game_id),
        "spectator": session.spectator,
        **tree_state(session),  # tree, path, line_path (perfect-information games)
    }
    if session.friend:
        friend_state(session, out)
    return out


def friend_state(session: Session, out: dict) -> None:
    """A game with a friend by link (bridge/friends.py): its context in ``friend`` (with
    ``turn`` and ``answers``, :func:`answers_played`) and in ``save``; no legal move but this
    seat's; a resignation ends the game."""
    context = session.friend
    turn = friend_turn(session)
    out["friend"] = {**context, "turn": turn, "answers": answers_played(session), "running": friend_game_running(session)}
    out["save"]["friend"] = dict(context)
    if turn != "you" or session.cursor < context["final"]:
        out["legal"] = []
    out["can_undo"] = session.cursor > context["final"]
    resigned = context["resigned"]
    if resigned is not None and not out["is_over"]:
        who = [context["names"][i] or p["name"] for i, p in enumerate(out["players"])]
        out["is_over"], out["winners"] = True, [1 - resigned]
        out["status"] = f"{who[resigned]} resigned. {who[1 - resigned]} wins."
        named = [context["names"][i] or words.player(i) for i in range(2)]
        out["status_code"] = words.code("words.resigned", loser=named[resigned], winner=named[1 - resigned])


def answers_played(session: Session) -> list[list[str]]:
    """``[this seat's move, the friend's answer]`` for each conditional reply of the friend's
    played on this page since the last final move (the friend's moves after it are those)."""
    context, game = session.friend, session.game
    moves, movers = game.moves, game.movers
    return [[moves[k - 1], moves[k]] for k in range(max(context["final"], 1), len(moves))
            if movers[k] != context["seat"]]


def public_moves(session: Session, seat, words: bool = False, codes: bool = False) -> list:
    """The move list as ``seat`` may read it: hidden-information games mask what only the
    mover may know (``Game.public_move_text``), in the redo tail as well; ``words``: each
    move in words (``Game.move_words``) instead of its notation; ``codes``: their codes
    (``Game.move_words_code``)."""
    game, moves = session.game, session.moves
    if not words and not codes and (not game.hidden_information or seat is None):
        return list(moves)
    text = "move_words_code" if codes else "move_words" if words else "public_move_text"
    texts = [getattr(game, text)(i, seat) for i in range(len(game.history))]
    if len(moves) > len(texts):  # the redo tail, read from the whole game
        full = line_end(session)
        texts += [getattr(full, text)(i, seat) for i in range(len(texts), len(moves))]
    return texts


def move_words(session: Session, seat) -> list[str] | None:
    """The move list in words (``Game.move_words``), or ``None`` where they are the notation."""
    words = public_moves(session, seat, words=True)
    return None if words == public_moves(session, seat) else words


def moves_in_words(session: Session, seat) -> dict:
    """``move_words`` (:func:`move_words`) and ``move_words_codes``, the same as codes for the
    page's catalog (:mod:`pygame_core.words`); both ``None`` where the words are the notation."""
    words = move_words(session, seat)
    return {"move_words": words, "move_words_codes": None if words is None else public_moves(session, seat, codes=True)}


def words_of(game, move, seat) -> tuple[str, dict | None]:
    """A legal move of ``game`` in words and as a code (a hint, a tile shown before it is
    placed): the words of its position once played, on a copy."""
    trial = game.clone()
    trial.play(move)
    n = len(trial.history) - 1
    return trial.move_words(n, seat), trial.move_words_code(n, seat)


def tree_state(session: Session) -> dict:
    """The variation tree, the position on screen in it and the current line (perfect-information
    games only: a hidden-hand game's alternatives would show a move its player kept secret)."""
    if session.game.hidden_information:
        return {}
    return {"tree": session.tree.to_json(), "path": session.path, "line_path": list(session.line_path)}
