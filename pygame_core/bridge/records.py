"""The record commands: ``load`` (a record, or an autosave with its cursor), ``share`` (a
share-link token, :mod:`pygame_core.records`), ``open`` (a link), ``export`` (JSON or a
registered format) and ``import`` (any of them, recognised by content).  See the package
docstring for the requests.  A record is replayed and checked completely before it replaces
the game on screen (:func:`install`), so a bad one changes nothing."""
from __future__ import annotations

import json

from ..core import (GameError, InvalidRecordError, detect_record_format, quote, record_dict,
                    record_formats, replay)
from .analysis import restore_review, review_state
from .errors import BridgeError

HIDDEN_LINK = ("this is a move in a game with hidden hands played by link; this page cannot open "
               "those yet (`boardwright link show` and `link verify` read them)")
from .formats import export_formats, importable
from .lines import tree_from_record
from .session import Session, check_players, full_record, line_end, replayed, require_game, viewer
from .state import state


def install(session: Session, game, players: list[str], cursor=None, spectator: bool = False, record=None) -> None:
    """Make a fully replayed game current, at ``cursor`` (validated first), with the
    record's variation tree if it has one (validated too); nothing changes on an error."""
    moves = game.moves
    if cursor is None:
        cursor = len(moves)
    if isinstance(cursor, bool) or not isinstance(cursor, int) or not 0 <= cursor <= len(moves):
        raise InvalidRecordError(f"the cursor must be a whole number from 0 to {len(moves)}", detail="record_cursor",
                                 params={"max": len(moves)})
    tree, line_path = tree_from_record(record, game)
    if cursor < len(moves):
        game = replayed(game, moves[:cursor])
    session.game, session.players, session.spectator = game, players, spectator
    session.tree, session.line_path = tree, line_path
    session.friend = None  # a game with a friend by link sets its context after this (friends.py)
    restore_review(session, record)


def record_players(players, game, what: str) -> list[str]:
    """The seats a record or link names (every seat human when it names none)."""
    if players is None:
        return ["human"] * game.num_players
    try:
        return check_players(players, game.num_players, game.game_id)
    except GameError as exc:
        raise InvalidRecordError(f"the {what}'s players are not valid here: {exc}") from None


def cmd_load(session: Session, req):
    """``record`` (object or JSON text; its ``moves`` may run past ``cursor``, which then
    stay as the redo list), ``players``, ``cursor`` (default: the end)."""
    record = record_dict(req.get("record"))
    game = replay(record)  # validates fully before anything changes
    players = check_players(req.get("players"), game.num_players, game.game_id)
    install(session, game, players, req.get("cursor"), record=record)
    return state(session)


def cmd_share(session: Session, req):
    """``view``: a share-link token of the whole game, opening at the cursor in that view."""
    from ..records import encode_link
    game = require_game(session)
    view = req.get("view", "auto")
    if view == "auto":
        if not game.hidden_information:
            view = None
        elif session.spectator or viewer(session) is None:
            view = "spectator"
        else:
            view = viewer(session)
    if view == "spectator" and game.hidden_information and not line_end(session).is_over:
        raise BridgeError("a spectator view shows every hand, so it can only be shared once the game is over")
    if view is not None and view != "spectator" and (
            isinstance(view, bool) or not isinstance(view, int) or not 0 <= view < game.num_players):
        raise BridgeError(f"view must be a seat from 0 to {game.num_players - 1} or 'spectator'")
    cursor = session.cursor if session.cursor < len(session.moves) else None
    tree = None if game.hidden_information else session.tree  # variations: a version-2 link
    token = encode_link(full_record(session), cursor=cursor, view=view, players=list(session.players), tree=tree)
    return {"token": token, "view": view, "cursor": session.cursor, "moves": len(session.moves)}


def cmd_open(session: Session, req):
    """``token`` (a token, a ``#r=...`` fragment or a whole URL): the link's game, at its
    cursor and view."""
    from ..records import decode_link, token_of
    token = req.get("token")
    if not isinstance(token, str):
        raise BridgeError("open needs the link's token text")
    link = decode_link(token_of(token))  # a bare token, a "#r=..." fragment or a whole URL
    if link.get("hidden"):
        raise InvalidRecordError(HIDDEN_LINK, detail="hidden_link")
    game = replay(link["record"])
    players = record_players(link.get("players"), game, "link")
    view, spectator = link.get("view"), False
    if view == "spectator":
        if game.hidden_information and not game.is_over:
            raise InvalidRecordError("this link asks for a spectator view of an unfinished game "
                                     "with hidden hands; ask for a link that opens a player's view")
        spectator = game.hidden_information
    elif isinstance(view, int) and not game.is_over:
        players = list(players)
        players[view] = "human"  # the link opens this player's view
    install(session, game, players, link.get("cursor"), spectator, record=link)  # link["tree"]: variations
    return state(session)


def cmd_export(session: Session, req):
    """``format``: the whole game as a file's text (a JSON export carries its seats, cursor
    and, once the line is reviewed completely, the review)."""
    game = require_game(session)
    fmt = req.get("format", "json")
    formats = export_formats(game.game_id)
    if fmt not in formats:
        raise BridgeError(f"{game.title} can be exported as {', '.join(formats)}, not {quote(fmt)}")
    record = full_record(session)
    stem = f"{game.game_id}-{game.seed}-{len(session.moves)}-moves"
    if fmt == "json":
        record["cursor"] = session.cursor
        record["players"] = list(session.players)
        if session.reviewed and (not game.hidden_information or viewer(session) is None):
            review = review_state(session)
            if review["complete"]:
                record["review"] = review
        return {"format": fmt, "text": json.dumps(record, indent=1) + "\n", "filename": stem + ".json",
                "mime": "application/json", "link": False}
    spec = next(f for f in record_formats(game.game_id) if f.name == fmt)
    return {"format": fmt, "text": spec.export(record), "filename": stem + spec.extension,
            "mime": spec.mime, "link": spec.link}


def cmd_import(session: Session, req):
    """A record in any format we read, recognised by its content: a JSON record (starts
    with ``{``), a share link (:func:`pygame_core.records.link_token`: a bare token, or a fragment or URL with
    an ``r=<token>`` parameter, never a text with spaces or one that starts with ``(``),
    else the first registered format whose ``detect`` accepts it (SGF, HexWorld...)."""
    text = req.get("text")
    if not isinstance(text, str) or not text.strip():
        raise BridgeError(f"import needs the text of a record: {importable()}")
    text = text.strip()
    if text[0] in "{[":
        data = record_dict(text)
        game = replay(data)
        players = record_players(data.get("players"), game, "record")
        install(session, game, players, data.get("cursor"), record=data)
        return state(session)
    token = _link_token(text)
    if token is not None:
        return cmd_open(session, {"token": token})
    fmt = detect_record_format(text)
    if fmt is None:
        raise InvalidRecordError(f"this is not a record we can read: expected {importable()}", detail="not_a_record")
    record = fmt.parse(text)
    game = replay(record)
    install(session, game, ["human"] * game.num_players, record=record)  # an SGF's variations: record["tree"]
    return state(session)


def _link_token(text: str) -> str | None:
    """:func:`pygame_core.records.link_token` (the records package is imported when first needed)."""
    from ..records import link_token
    return link_token(text)
