"""Games with a friend by link (correspondence games, :mod:`pygame_core.records.v3`): the
commands that start one, make the link that carries a move, open a friend's link against this
device's copy, resume a copy and resign.

The session holds the game as usual (every seat ``"human"``) plus ``session.friend``, the
*context* of the correspondence game, or ``None``:

* ``id`` (the game id both pages file the game under), ``seat`` (this page's seat), ``names``
  (one display name per seat, ``""`` when not given), ``start`` (minutes since 1970);
* ``times``: the minute of each *final* move (received, or sent in a link);
* ``final``: how many moves are final: received from the friend, or sent.  Undo stops there;
  the moves after it (this seat's, not sent yet) can still be taken back;
* ``sent``: how many moves the last link this page sent held (``None``: none sent yet);
* ``mine``: the conditional replies this page sets with its next link (and sent with its last
  one); ``mine_sent``: those of the link last sent (a link sent cannot be taken back, so these
  can be continued but not removed); ``theirs``: the friend's, from the link received;
  ``resigned``: the seat that resigned, or ``None``; ``host``: this page started the game (it
  sends the invitation).

While it is set, only ``seat`` moves (``play`` refuses the friend's moves, the state lists no
legal move on the friend's turn) and a resignation ends the game (:func:`.session.friend_view`).
The page keeps its copies of these games (the state's ``save`` carries the context) and gives
them back to ``friend_open`` and ``friend_resume``.

Requests (the conditional replies' own, ``friend_pick`` and ``friend_lines``, are in
:mod:`.friend_replies`):

* ``friend_new`` - ``game``, ``options``, ``seed``, ``seat`` (this page's), ``names``, ``now``
  (minutes since 1970): a new game with a fresh id.  When the friend moves first, the
  invitation (``friend_link``) holds no move; when this seat moves first, it is made after that
  first move (a link is always sent by the seat that does not move next).
* ``friend_link`` - ``now``, ``commit``: the link for the game on screen (the friend's turn, or
  the game over).  ``commit: true`` when it is copied or shared: the moves become final and
  take ``now`` as their time (copied again after new conditional replies: the link with them
  replaces the one sent).  Returns the state plus ``token`` and ``link_moves`` (how many
  moves the link holds).
* ``friend_open`` - ``token``, ``copies`` (``{id: {seat, moves, lines, host}}``: this
  device's copies): :func:`pygame_core.records.correspondence.compare`'s answer as ``link``
  (``status``, ``message``, ``new``, ``answered``, ``answers``, ``id``); for ``new``, ``ahead`` and
  ``current`` the link's game is installed at its end, from the receiver's seat, and the
  answer is the state plus ``link``; otherwise only ``{link}`` and nothing changes.
* ``friend_resume`` - ``record``, ``cursor``, ``friend`` (a context from a state's ``save``).
* ``friend_resign`` - this seat resigns (then ``friend_link`` makes the final link).
* ``friend_name`` - ``name``: this seat's display name (plain text, cut to 24 characters),
  sent with the next link; the friend's page shows it from then on.

Conditional replies: when this seat plays a move that one of the friend's lines (``theirs``)
starts with, ``play`` plays the friend's answer at once (the answer is ``friend_answer`` in its
answer, and the state's ``friend.answers`` lists ``[this seat's move, the friend's answer]``
for each answer played since the last final move); undo takes it back with the move it
answered.  The friend's page checks, when the link comes back, that every answer played for it
is one it set (``compare``; its message names them).
"""
from __future__ import annotations

from ..core import InvalidRecordError, new_game, replay
from ..records.v3 import MAX_MINUTES, MAX_NAME, check_name
from .errors import BridgeError
from .records import HIDDEN_LINK, install
from .session import Session, require_game, start
from .state import state


def _now(req) -> int:
    now = req.get("now")
    if isinstance(now, bool) or not isinstance(now, int) or not 0 <= now <= MAX_MINUTES:
        raise BridgeError("now must be the minutes since 1970 (a whole number)")
    return now


def _playable(game) -> None:
    if game.hidden_information or game.num_players != 2:
        raise BridgeError(f"{game.title} cannot be played with a friend by link yet: a game with "
                          "hidden hands needs a deal neither player can see or steer")


def _names(names, seats: int) -> list[str]:
    if names is None:
        return [""] * seats
    if not isinstance(names, list) or len(names) != seats:
        raise BridgeError(f"names must be a list of {seats} names")
    try:
        return [check_name(n.strip()[:MAX_NAME] if isinstance(n, str) else n) for n in names]
    except InvalidRecordError as exc:
        raise BridgeError(str(exc)) from None


def _seat(value, seats: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
        raise BridgeError(f"seat must be a seat from 0 to {seats - 1}")
    return value


def require_friend(session: Session) -> dict:
    require_game(session)
    if not session.friend:
        raise BridgeError("the game on screen is not a game with a friend by link")
    return session.friend


def cmd_friend_new(session: Session, req):
    from ..records.correspondence import new_game_id
    options = req.get("options") or {}
    if not isinstance(options, dict):
        raise BridgeError("options must be an object")
    game = new_game(req.get("game"), seed=req.get("seed"), **options)
    _playable(game)
    seats = game.num_players
    context = {"id": new_game_id(), "seat": _seat(req.get("seat", 0), seats),
               "names": _names(req.get("names"), seats), "start": _now(req), "times": [], "final": 0,
               "sent": None, "mine": [], "mine_sent": [], "theirs": [], "resigned": None, "host": True}
    start(session, game, ["human"] * seats)
    session.friend = context
    return state(session)


def _times(context: dict, n: int, now: int) -> list[int]:
    """One minute per move: the final moves' own, then ``now`` (never before the last)."""
    times = list(context["times"][:n])
    last = times[-1] if times else context["start"]
    return times + [max(now, last)] * (n - len(times))


def cmd_friend_link(session: Session, req):
    from ..records import encode_corr_link
    context = require_friend(session)
    game = session.game
    seat = context["seat"]
    if len(game.history) < context["final"]:
        raise BridgeError("go to the end of the game to send it: the moves after this one are final", detail="friend_go_to_end")
    resigned = context["resigned"]
    if resigned is None and not game.is_over and game.current_player == seat:
        raise BridgeError("it is your move: make it, then send the link", detail="friend_your_move")
    now = _now(req)
    times = _times(context, len(game.history), now)
    try:
        token = encode_corr_link(game, game_id=context["id"], sender=seat, start=context["start"], times=times,
                                 names=context["names"], lines=context["mine"] or None, resigned=resigned)
    except InvalidRecordError as exc:
        raise BridgeError(str(exc)) from None
    if req.get("commit"):
        session.friend = {**context, "times": times, "final": len(times), "sent": len(times),
                          "mine_sent": [list(line) for line in context["mine"]]}
    return {**state(session), "token": token, "link_moves": len(times)}


def _copy_of(copies, gid: str):
    if not isinstance(copies, dict):
        return None
    copy = copies.get(gid)
    if not isinstance(copy, dict) or not isinstance(copy.get("moves"), list):
        return None
    return {"id": gid, "seat": copy.get("seat"), "moves": [m for m in copy["moves"] if isinstance(m, str)],
            "lines": copy.get("lines") if isinstance(copy.get("lines"), list) else [],
            "host": copy.get("host") is True}


def cmd_friend_open(session: Session, req):
    from ..records import decode_link, token_of
    from ..records.correspondence import compare
    token = req.get("token")
    if not isinstance(token, str):
        raise BridgeError("friend_open needs the link's token text")
    link = decode_link(token_of(token))
    corr = link.get("corr")
    if link.get("hidden"):
        raise BridgeError(HIDDEN_LINK, detail="hidden_link")
    if not corr:
        raise BridgeError("this is a shared game, not a move in a game with a friend", detail="friend_not_a_move")
    local = _copy_of(req.get("copies"), corr["id"])
    seat = local["seat"] if local and isinstance(local["seat"], int) else link["view"]
    answer = compare(link, seat, local)
    answer["id"] = corr["id"]
    answer["sender"] = corr["sender"]
    if answer["status"] not in ("new", "ahead", "current"):
        return {"link": answer}
    game = replay(link["record"])
    _playable(game)
    n = len(game.history)
    install(session, game, ["human"] * game.num_players)
    session.friend = {"id": corr["id"], "seat": seat, "names": corr["names"], "start": corr["start"],
                      "times": corr["times"], "final": n, "sent": None if answer["status"] == "new" else
                      min(n, len(local["moves"])), "mine": local["lines"] if local and not answer["new"] else [],
                      "mine_sent": [], "theirs": corr["lines"], "resigned": corr["resigned"], "host": bool(local and local["host"])}
    return {**state(session), "link": answer}


def check_context(game, context) -> dict:
    """A context handed back by the page (``friend_resume``), checked against its game."""
    if not isinstance(context, dict):
        raise InvalidRecordError("the game's friend details are missing")
    seats = game.num_players
    out = {}
    try:
        gid = context.get("id")
        if not isinstance(gid, str) or not 8 <= len(gid) <= 24:
            raise BridgeError("the game id is not valid")
        out["id"], out["seat"] = gid, _seat(context.get("seat"), seats)
        out["names"] = _names(context.get("names"), seats)
        out["start"] = _now({"now": context.get("start")})
        times = context.get("times")
        if not isinstance(times, list) or not all(isinstance(t, int) and not isinstance(t, bool) for t in times):
            raise BridgeError("the move times are not valid")
        final = context.get("final")
        if isinstance(final, bool) or not isinstance(final, int) or not 0 <= final <= len(game.moves) \
                or len(times) < final:
            raise BridgeError("the number of final moves is not valid")
        out["times"], out["final"] = times[:final], final
        sent = context.get("sent")
        out["sent"] = sent if isinstance(sent, int) and not isinstance(sent, bool) and 0 <= sent <= final else None
        for key in ("mine", "mine_sent", "theirs"):
            lines = context.get(key) or []
            out[key] = lines if isinstance(lines, list) and all(
                isinstance(line, list) and all(isinstance(m, str) for m in line) for line in lines) else []
        out["host"] = context.get("host") is True
        resigned = context.get("resigned")
        out["resigned"] = None if resigned is None else _seat(resigned, seats)
    except BridgeError as exc:
        raise InvalidRecordError(f"the game's friend details are not valid: {exc}") from None
    return out


def cmd_friend_resume(session: Session, req):
    from ..core import record_dict
    record = record_dict(req.get("record"))
    game = replay(record)
    _playable(game)
    context = check_context(game, req.get("friend"))
    install(session, game, ["human"] * game.num_players, req.get("cursor"))
    session.friend = context
    return state(session)


def cmd_friend_resign(session: Session, req):
    context = require_friend(session)
    game = session.game
    if game.is_over or context["resigned"] is not None:
        raise BridgeError("the game is over", detail="game_over")
    if len(game.history) != context["final"]:
        raise BridgeError("take back your move first (a resignation ends the game where your friend left it)",
                          detail="friend_take_back")
    session.friend = {**context, "resigned": context["seat"]}
    return state(session)


def play_answer(session: Session) -> str | None:
    """After this seat's move: the friend's conditional reply to the moves since the last final
    one, played (its text), or ``None``."""
    context, game = session.friend, session.game
    if game.is_over or game.current_player == context["seat"] or context["resigned"] is not None:
        return None
    since = tuple(game.moves[context["final"]:])
    for line in context["theirs"]:
        if len(line) > len(since) and tuple(line[:len(since)]) == since and len(since) % 2 == 1:
            from .lines import play_in_tree
            trial = game.clone()
            text = trial.format_move(trial.play(line[len(since)]))
            session.game = trial
            play_in_tree(session, text)
            return text
    return None


def cmd_friend_name(session: Session, req):
    """``name``: this seat's display name, sent with the next link."""
    context = require_friend(session)
    name = req.get("name")
    if not isinstance(name, str):
        raise BridgeError("friend_name needs the name as text")
    names = list(context["names"])
    names[context["seat"]] = _names([name], 1)[0]
    session.friend = {**context, "names": names}
    return state(session)
