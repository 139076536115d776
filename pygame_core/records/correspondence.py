"""Correspondence games: what a page does with a version-3 link (:mod:`.v3`) it is given.

Two people play by sending each other links.  Each page keeps its own copy of the game (its
moves, its seat, the conditional replies it set when it last sent a link).  When a link comes
in, :func:`compare` says what it is to that copy:

* ``"new"``: no copy of this game here; the history cannot be checked on this device;
* ``"current"``: the same moves as the copy (nothing new; a resignation may be);
* ``"ahead"``: the copy's moves and then new ones: the friend's, and any answers the friend's
  page played for this seat from its conditional replies, each checked against the lines this
  seat set (one it did not set refuses the link);
* ``"behind"``: a prefix of the copy ("this link is 3 moves behind your game"): never applied;
* ``"conflict"``: it changes a move the copy has ("this link changes move 12 from f6 to g7"):
  refused, though the page may open it as a separate copy to look at;
* ``"not-yours"``: the link is for the other seat (the page's own link, or a third party's).

Everything here is pure: the page (or a script) keeps the copies.
"""

from __future__ import annotations

import base64
import secrets

from ..core import InvalidRecordError, quote, replay
from ..words import all_of, code, names_text


def new_game_id() -> str:
    """A fresh correspondence game id: 12 characters of base64url (72 random bits)."""
    return base64.urlsafe_b64encode(secrets.token_bytes(9)).decode("ascii")


def _seats_of(record: dict) -> list[int]:
    """The seat that made each move of ``record`` (replayed from the start)."""
    game = replay({**record, "moves": []})
    seats = []
    for text in record["moves"]:
        seats.append(game.current_player)
        game.play(text)
    return seats


def compare(link: dict, seat: int, local: dict | None = None) -> dict:
    """What the decoded correspondence ``link`` (:func:`pygame_core.records.decode_link`'s
    result for a version-3 token) is to this page's copy of the game, played from ``seat``.

    ``local``: ``None`` (no copy here) or ``{"id", "moves", "lines"}``: the game id, the copy's
    move texts and the conditional replies this seat sent with its last link (lists of move
    texts from the end of ``moves``, as in the link's ``q``).  Returns ``{"status", "message",
    "code", "new", "answered"}`` (``code``: the message as a code, :mod:`pygame_core.words`):
    ``new`` the move texts the link adds, ``answered`` how many of them were this seat's
    conditional answers (``"ahead"`` only: ``answers``, their texts; the
    message names them).  Raises :class:`InvalidRecordError` for a link that is
    no correspondence link."""
    corr = link.get("corr") if isinstance(link, dict) else None
    if not corr:
        raise InvalidRecordError("this is a shared game, not a move in a game with a friend")
    moves = link["record"]["moves"]
    out = {"status": "", "message": "", "code": None, "new": [], "answered": 0, "answers": []}
    if link["view"] != seat:
        own = corr["sender"] == seat
        who = "the link you sent: it waits for your friend's move" if own else "a link for another seat"
        return {**out, "status": "not-yours", "message": f"This is {who}.",
                "code": code("friend.check.own") if own else code("friend.check.other_seat")}
    if local is not None and not (isinstance(local, dict) and isinstance(local.get("moves", []), list)
                                  and all(isinstance(m, str) for m in local.get("moves", []))
                                  and isinstance(local.get("lines", []), list)):
        raise InvalidRecordError("this device's copy of the game is damaged (not a game id, moves and lines)")
    if local is None or local.get("id") != corr["id"]:
        return {**out, "status": "new", "new": list(moves), "code": code("friend.check.no_copy"),
                "message": "No copy of this game is on this device: its history could not be checked here."}
    mine = list(local.get("moves", []))
    for k, (a, b) in enumerate(zip(mine, moves), 1):
        if a != b:
            return {**out, "status": "conflict",
                    "code": code("friend.check.changes", n=k, a=quote(a, 12), b=quote(b, 12)),
                    "message": f"This link changes move {k} from {quote(a, 12)} to {quote(b, 12)}."}
    if len(moves) < len(mine):
        behind = len(mine) - len(moves)
        return {**out, "status": "behind", "code": code("friend.check.behind", n=behind),
                "message": f"This link is {behind} move{'s' if behind != 1 else ''} behind your game."}
    new = moves[len(mine):]
    if not new:
        return {**out, "status": "current", "message": "This link holds no new move.",
                "code": code("friend.check.current")}
    seats = _seats_of(link["record"])[len(mine):]
    lines = [tuple(line) for line in local.get("lines", []) if isinstance(line, (list, tuple))]
    answers = []
    for j, (text, who) in enumerate(zip(new, seats)):
        if who != seat:
            continue
        prefix = tuple(new[:j + 1])
        if not any(line[:j + 1] == prefix for line in lines):
            return {**out, "status": "conflict",
                    "code": code("friend.check.plays_for_you", n=len(mine) + j + 1, move=quote(text, 12)),
                    "message": f"This link plays move {len(mine) + j + 1} ({quote(text, 12)}) for you, "
                               "and it is not one of your conditional replies."}
        answers.append(text)
    message, words = f"{len(new)} new move{'s' if len(new) != 1 else ''}.", code("friend.check.ahead", n=len(new))
    if answers:
        played = [a[:12] for a in answers]
        message = (f"{message[:-1]}: your friend's page played your conditional repl"
                   f"{'ies' if len(answers) > 1 else 'y'} {names_text(played)} for you (checked: you set "
                   f"{'them' if len(answers) > 1 else 'it'}).")
        words = code("friend.check.ahead_answered", n=len(new), count=len(answers), played=all_of(played))
    return {**out, "status": "ahead", "new": list(new), "answered": len(answers), "answers": answers,
            "message": message, "code": words}
