"""Hidden-hand games by link (Triominos, iwoki, Codex dealt by the fair deal,
:mod:`pygame_core.hidden`): the commands the page calls to invite, accept, take a friend's link
in, play a turn and audit the game at its end.

Each device keeps each seat's *record* (:meth:`pygame_core.hidden.HiddenPlayer.to_json`: its
secret seed, every deal message, the moves) in its own storage.  Every command takes the record
(an object or its JSON text) and, when it changed it, answers the new one in ``record``: the page
stores it in place of the old one, and keeps the old one when a command is refused (an error
never changes a record).  The session caches the last seat loaded (``session.hidden``), so the
next command on the same record does not replay it, but the record alone is enough to go on
after a reload.

Requests:

* ``hidden_new`` - ``game``, ``options``, ``names`` (two), ``now`` (minutes since 1970, optional):
  a new game, this page seat 0 (the inviter; who starts is drawn by the deal).  Answers the
  seat's answer (below) with ``link``: the invitation.
* ``hidden_open`` - ``link``, ``record`` (optional): what the link is, nothing changed:
  ``{"opened": {kind, message, id, game, sender, seat, names}}``, ``kind`` one of ``invitation``
  (accept it), ``next`` (the friend's next hop: take it in), ``old`` (taken in already),
  ``gap`` (a link between is missing), ``own`` (the link this seat sent), ``record`` (a move
  of a game: open it with its record, the one filed under ``id`` for ``seat``).  A record of
  another game is refused.
* ``hidden_accept`` - ``link`` (an invitation), ``name``: this page takes seat 1; ``link``: its
  answer.
* ``hidden_receive`` - ``record``, ``link``: the friend's hop taken in.  When this seat's next
  hop needs no move (the deal goes on, the opener is compared, the game is over and the seed
  is shown), it is made at once and ``link`` is it.
* ``hidden_play`` - ``record``, ``moves`` (this turn's move texts so far, at most 16): while
  the turn goes on, the position after them (``pending``, nothing stored); once they end the
  turn, the link (the record changes).  ``moves: []`` sends a hop that needs no move.
  ``preview``: a move text; the scene of the turn so far with it drawn tentatively and its
  words (``{scene, words, words_code}``), nothing played or stored.
* ``hidden_state`` - ``record``: the seat's answer again (after a reload).
* ``hidden_audit`` - ``record``: at the end, the audit (``{ok, problems, codes, cheaters, result,
  result_code, scores, winners, hands}``) in ``audit``: the result and scores of the whole game,
  both hands known (a seat's own copy scores the end without the other's hand: the page shows
  these); ``problems`` in English (the CLI's), ``codes`` the same problems as codes for the page
  (:mod:`pygame_core.words`, keys ``audit.*``).

A seat's answer: ``record``, ``changed``, ``link`` (the link this command made, to send to
the friend; ``""`` when it made none), ``last_link`` (the last link this seat made: to send
again), ``hidden`` (``id``, ``game``, ``seat``, ``names``, ``need``: ``move``, ``send``,
``wait``, ``audit``; ``status``: a sentence; ``finished``) and ``board``: the state of the
seat's copy of the game (the scene, the legal moves on its turn, the moves, scores), built as
the seat sees it, or ``null`` while the deal has not shown the table.  The other seat's hidden
items are unknown to the copy, so no answer holds them.  Resigning is not offered: the
engine's hidden-hand links have no resignation yet.
"""
from __future__ import annotations

import json

from .. import view
from ..core import GameError, InvalidRecordError, MAX_MOVE_TEXT, quote
from ..deal.messages import DealError, parse
from ..hidden import KEYS_MISSING, HiddenPlayer, load_player
from ..hidden_common import hidden_of
from ..records.v4 import HIDDEN_GAMES
from .errors import BridgeError
from .friends import _names, _now

MAX_LINK_CHARS = 100_000        # the largest link (Codex's B reply) is about 12,000
MAX_RECORD_CHARS = 3_000_000    # a record of a whole game holds every deal message
MAX_TURN_MOVES = 16             # a turn is at most 4 moves in every game


def _refused(exc: GameError) -> BridgeError:
    """The engine's refusal as the bridge's, its code (``detail``, ``params``) kept for the page."""
    return BridgeError(str(exc), detail=exc.detail, params=exc.params)


# ----------------------------------------------------------------- reading the arguments
def _link(req) -> str:
    link = req.get("link")
    if not isinstance(link, str) or not link.strip():
        raise BridgeError("a hidden-hand command needs the link's text")
    if len(link) > MAX_LINK_CHARS:
        raise BridgeError(f"the link is too long ({len(link):,} characters; at most {MAX_LINK_CHARS:,})")
    return link


def _head(link: str) -> dict:
    try:
        return hidden_of(link)
    except InvalidRecordError as exc:
        raise _refused(exc) from None


def _record_text(req) -> str | None:
    """The request's record as canonical JSON text (sorted keys: the session cache's key), or
    None when it gives none."""
    record = req.get("record")
    if record is None:
        return None
    if isinstance(record, str):
        if len(record) > MAX_RECORD_CHARS:
            raise BridgeError(f"the record is too long ({len(record):,} characters)", detail="hidden_record_too_long",
                              params={"chars": len(record), "max": MAX_RECORD_CHARS})
        try:
            record = json.loads(record)
        except (ValueError, RecursionError):
            raise BridgeError("the record is not JSON: it is damaged", detail="hidden_record_damaged") from None
    if not isinstance(record, dict):
        raise BridgeError("the record must be an object or its JSON text", detail="hidden_record_damaged")
    try:
        return json.dumps(record, separators=(",", ":"), sort_keys=True)
    except (TypeError, ValueError, RecursionError):
        raise BridgeError("the record is damaged", detail="hidden_record_damaged") from None


def _player(session, req):
    """The seat of ``req``'s record: the session's cached one when it is the same record."""
    text = _record_text(req)
    if text is None:
        raise BridgeError(KEYS_MISSING[0].upper() + KEYS_MISSING[1:] + ".", detail="hidden_keys_missing")
    cache = getattr(session, "hidden", None)
    if cache and cache[0] == text:
        return cache[1]
    try:
        player = load_player(json.loads(text))
    except InvalidRecordError as exc:
        raise _refused(exc) from None
    session.hidden = (text, player)
    return player


def _remember(session, player) -> dict:
    record = player.to_json()
    session.hidden = (json.dumps(record, separators=(",", ":"), sort_keys=True), player)
    return record


def _forget(session) -> None:
    session.hidden = None


# ----------------------------------------------------------------- what the seat sees
def _needs_no_move(player) -> bool:
    """This seat's next hop carries no move: the deal goes on, the opener is compared, or the
    game is over (its seed is shown)."""
    game = player.game
    seeds = player.deal.seeds if isinstance(player, HiddenPlayer) else any(
        d.seeds for d in player.deals.values() if d is not None)
    return game is None or game.is_over or bool(seeds) or game.current_player != player.seat


def _need(player) -> str:
    if player.finished:
        return "audit"
    if not player.my_turn or player.resigned:
        return "wait"
    return "send" if _needs_no_move(player) else "move"


def _legal(player, game) -> list:
    """The moves this seat may make now in ``game`` (its copy, or a walk of its turn), without
    a draw of a tile locked for the friend."""
    seat = player.seat
    if game.is_over or game.current_player != seat:
        return []
    out = view.move_targets(game.view(seat), seat)
    if isinstance(player, HiddenPlayer):
        if not player.can_draw(game):
            out = [m for m in out if m["move"] != "draw"]
        return out
    draws = [m for m in out if m["move"].split(" ")[0] == "draw"]
    blind = {m["move"] for m in draws if not player._sighted(game, m["move"])}
    return [m for m in out if m["move"] not in blind]


def _board(player, game=None, pending=()):
    """The state of the seat's copy (or ``game``, a walk of its turn), as it may see it."""
    game = game or player.game
    if game is None:
        return None
    seat = player.seat
    shown = game.view(seat)
    legal = _legal(player, game) if player.my_turn and not _needs_no_move(player) else []
    n = len(game.history)
    held = shown.held() or [None] * game.num_players
    names = [name or game.player_names[i] for i, name in enumerate(player.names)]
    return {"game": game.game_id, "title": game.title, "options": dict(player.options),
            "players": [{"index": i, "name": name, "held": held[i]} for i, name in enumerate(names)],
            "moves": [game.public_move_text(i, seat) for i in range(n)],
            "move_words": [game.move_words(i, seat) for i in range(n)], "movers": list(game.movers),
            "move_words_codes": [game.move_words_code(i, seat) for i in range(n)], "status_code": game.result_code(),
            "current_player": game.current_player, "is_over": game.is_over, "winners": game.winners,
            "scores": game.scores, "status": game.result_text(), "viewer": seat,
            "last_move": game.public_move_text(n - 1, seat) if n else None,
            "legal": legal, "pending": list(pending), "scene": view.view_for(game.game_id).scene(shown, seat)}


def answer(session, player, *, changed: bool, link: str = "", walk=None, pending=(), **more) -> dict:
    """What every command answers for a seat (see the module docstring); ``walk``: the seat's
    turn so far (``pending``, its moves) instead of its copy."""
    board = _board(player, walk, pending)
    if not isinstance(player, HiddenPlayer):
        player._rebuild()       # (trying moves on copies logs draws in the copy's source)
    record = _remember(session, player) if changed else player.to_json()
    return {"record": record, "changed": changed, "link": link, "last_link": player.last_link,
            "hidden": {"id": player.id, "game": player.game_id, "seat": player.seat, "names": list(player.names),
                       "need": _need(player), "status": player.status(), "status_code": player.status_code(),
                       "finished": player.finished,
                       "first_player": player.first_player, "can_resign": player.can_resign,
                       "resigned": list(player.resigned)},
            "board": board, **more}


# ----------------------------------------------------------------- the commands
def cmd_hidden_new(session, req):
    game = req.get("game")
    if not isinstance(game, str):
        raise BridgeError("hidden_new needs the game's id")
    options = req.get("options") or {}
    if not isinstance(options, dict):
        raise BridgeError("options must be an object")
    if game in HIDDEN_GAMES:        # (two players, Triominos a single round: the only choices)
        options = {"players": 2, **({"target": None} if game == "triominos" else {}), **options}
    names = _names(req.get("names"), 2)
    start = _now(req) if req.get("now") is not None else None
    try:
        player = HiddenPlayer.invite(game, names=names, start=start, **options)
    except InvalidRecordError as exc:
        raise _refused(exc) from None
    return answer(session, player, changed=True, link=player.last_link)


def hidden_link_options(game_id: str, options: list) -> dict | None:
    """The options a game played with hidden hands by link must have (two players; a single
    round where the game has rounds), or None: the game is not played so (``hello``)."""
    if game_id not in HIDDEN_GAMES:
        return None
    names = {o["name"] for o in options}
    return {"players": 2, **({"target": None} if "target" in names else {})}


def _step(player) -> int:
    return player.deal.step if isinstance(player, HiddenPlayer) else player.step


def _kind(h: dict, player) -> tuple[str, str]:
    """What a link of ``player``'s game is to it (``hidden_open``)."""
    if h["sender"] == player.seat:
        return "own", "This is the link you sent: it waits for your friend's move."
    if h["resign"]:
        seat = h["resign"][0]
        if seat == player.seat:
            return ("old", "You have taken this link in already.") if player.other in player.shown else \
                ("answer", "Your friend's answer to your resignation: take it in for the audit.")
        return ("old", "You have taken this link in already.") if seat in player.resigned else \
            ("resign", "Your friend resigned: take the link in.")
    size = len(player.tiles) if isinstance(player, HiddenPlayer) else len(player.spec.bags[0].items)
    try:
        steps = {parse(data, size).step for data in h["hops"][:1]}
    except DealError as exc:
        raise BridgeError(f"the link's deal message is damaged: {exc}", detail="hidden_damaged") from None
    step = min(steps) if steps else -1
    if step == _step(player):
        return "next", "Your friend's move: take it in."
    if step < _step(player):
        return "old", "You have taken this link in already."
    return "gap", "A link between is missing: ask your friend for the one before this one."


def cmd_hidden_open(session, req):
    link = _link(req)
    h = _head(link)
    out = {"id": h["id"], "game": h["game"], "sender": h["sender"], "seat": 1 - h["sender"],
           "names": list(h["names"])}
    invitation = h["sender"] == 0 and not h["moves"] and len(h["hops"]) >= 1 \
        and all(m[2:4] == b"\0\0" for m in h["hops"])
    if _record_text(req) is None:
        if invitation:
            return {"opened": {**out, "kind": "invitation", "message": "An invitation: accept it to play."}}
        return {"opened": {**out, "kind": "record", "message": KEYS_MISSING[0].upper() + KEYS_MISSING[1:] + "."}}
    player = _player(session, req)
    _same_game(player, h)
    kind, message = ("own", "This is your own invitation: send it to your friend.") \
        if invitation and player.seat == 0 else _kind(h, player)
    return {"opened": {**out, "kind": kind, "message": message}}


def _same_game(player, h: dict) -> None:
    if h["id"] != player.id or h["game"] != player.game_id:
        raise BridgeError(f"this link is for another game ({quote(h['game'], 12)} {quote(h['id'], 16)}), "
                          f"not this record's ({player.game_id} {player.id})", detail="hidden_other_game")


def cmd_hidden_accept(session, req):
    link = _link(req)
    name = req.get("name", "")
    name = _names([name if isinstance(name, str) else ""], 1)[0] if name else ""
    try:
        player = HiddenPlayer.accept(link, name=name)
    except InvalidRecordError as exc:
        raise _refused(exc) from None
    return answer(session, player, changed=True, link=player.last_link)


def _send(session, player, moves: list) -> dict:
    try:
        link = player.reply(moves)
    except GameError as exc:
        _forget(session)
        raise _refused(exc) from None
    return answer(session, player, changed=True, link=link)


def cmd_hidden_receive(session, req):
    player = _player(session, req)
    link = _link(req)
    h = _head(link)
    _same_game(player, h)
    kind, message = _kind(h, player)
    if kind == "own":
        raise BridgeError("this is the link you sent: send it to your friend and wait for theirs",
                          detail="hidden_own_link")
    if kind == "old":
        raise BridgeError("you have taken this link in already (an old or replayed link): nothing changed",
                          detail="hidden_taken_already")
    if kind == "gap":
        raise BridgeError(message, detail="hidden_gap")
    before = player.last_link
    try:
        got = player.receive(link)
    except (InvalidRecordError, GameError) as exc:
        _forget(session)
        raise _refused(exc) from None
    if got["status"] != "ahead":
        if player.resigned:
            raise BridgeError(got["message"], detail="hidden_resigned_game")
        raise BridgeError("you have taken this link in already: it holds nothing new", detail="hidden_taken_already")
    new = list(got["new"])
    if player.resigned:               # (the answer to a resignation, made at once: its keys)
        return {**answer(session, player, changed=True, link="" if player.last_link == before else player.last_link),
                "new": new}
    if player.my_turn and _needs_no_move(player):
        return {**_send(session, player, []), "new": new}
    return {**answer(session, player, changed=True), "new": new}


def _moves(req) -> list:
    moves = req.get("moves", [])
    if not isinstance(moves, list) or len(moves) > MAX_TURN_MOVES:
        raise BridgeError(f"moves must be a list of at most {MAX_TURN_MOVES} move texts (this turn's)")
    for text in moves:
        if not isinstance(text, str) or len(text) > MAX_MOVE_TEXT:
            raise BridgeError(f"a move must be a text of at most {MAX_MOVE_TEXT} characters")
    return moves


def cmd_hidden_play(session, req):
    player = _player(session, req)
    moves = _moves(req)
    if "preview" in req:
        return _preview(session, player, moves, req["preview"])
    if not player.my_turn:
        if player.finished or player.resigned:
            raise BridgeError("the game is over: run the audit" if player.finished else
                              "the game is over: it was resigned", detail="hidden_game_over")
        raise BridgeError("it is your friend's turn: wait for their link", detail="hidden_not_your_turn")
    if not moves:
        if not _needs_no_move(player):
            raise BridgeError("it is your move: a link ends your turn")
        return _send(session, player, [])
    if _needs_no_move(player):
        raise BridgeError("this link carries no move: send it without one")
    walk = _walk(session, player, moves)
    if not walk.is_over and walk.current_player == player.seat:
        return answer(session, player, changed=False, walk=walk, pending=moves)
    return _send(session, player, moves)


def _preview(session, player, moves: list, move) -> dict:
    """``preview``: the scene of this turn so far with ``move`` drawn tentatively and the move
    in words (as ``preview`` for a game on screen); nothing is played or stored."""
    if not isinstance(move, str) or len(move) > MAX_MOVE_TEXT:
        raise BridgeError(f"preview needs a move text of at most {MAX_MOVE_TEXT} characters")
    if not player.my_turn or _needs_no_move(player):
        raise BridgeError("only the player to move can preview a move")
    trial = _walk(session, player, [*moves, move])
    walk = _walk(session, player, moves)
    value = walk.to_move(move)
    n = len(trial.history) - 1
    words = trial.move_words(n, player.seat), trial.move_words_code(n, player.seat)
    return {"scene": view.scene(walk.view(player.seat), player.seat, preview=value, words=words),
            "words": words[0], "words_code": words[1]}


def _walk(session, player, moves: list):
    """The seat's copy with ``moves`` (this turn's) played on a clone, each checked."""
    walk, seat = player.game.clone(), player.seat
    for k, text in enumerate(moves, 1):
        try:
            if walk.is_over or walk.current_player != seat:
                raise GameError("your turn is over")
            legal = {m["move"] for m in _legal(player, walk)}
            move = walk.to_move(text)
            if walk.format_move(move) not in legal:
                raise GameError("it is not a legal move here")
            walk.play(move)
        except GameError as exc:
            _forget(session)          # (the cached seat tried moves: load it again next time)
            raise BridgeError(f"move {k} ({quote(text, 20)}) cannot be played: {exc}") from None
    return walk


def cmd_hidden_state(session, req):
    return answer(session, _player(session, req), changed=False)


def cmd_hidden_audit(session, req):
    player = _player(session, req)
    if not player.finished:
        raise BridgeError("the audit needs both players' keys: finish the game first", detail="hidden_audit_early")
    return {**answer(session, player, changed=False), "audit": player.audit()}


def cmd_hidden_resign(session, req):
    player = _player(session, req)
    try:
        link = player.resign()
    except GameError as exc:
        raise _refused(exc) from None
    return answer(session, player, changed=True, link=link)


COMMANDS = {"hidden_new": cmd_hidden_new, "hidden_open": cmd_hidden_open, "hidden_accept": cmd_hidden_accept,
            "hidden_receive": cmd_hidden_receive, "hidden_play": cmd_hidden_play,
            "hidden_state": cmd_hidden_state, "hidden_audit": cmd_hidden_audit, "hidden_resign": cmd_hidden_resign}
