"""Conditional replies in a game with a friend by link (:mod:`.friends`): "if they play X, I
answer Y" (and once more: X, Y, X2, Y2), set after this seat's move and sent with its link, at
most 8 lines (:mod:`pygame_core.records.v3` holds and checks them; the friend's page plays them,
:func:`.friends.play_answer`, and this page checks the answers that come back,
:func:`pygame_core.records.correspondence.compare`).

Requests (both only on the friend's turn, at the end of the game, after this seat's move):

* ``friend_pick`` - ``line``: the moves chosen so far of a line being made (0 to 3 move texts
  from the position on screen).  Returns the position after them, for the page to choose the
  next move on: ``{line, scene, legal, marks, turn}`` (``marks``: the click targets of the
  line's moves, drawn as not played; ``turn``: ``"friend"`` when the next move to choose is
  theirs, ``"you"`` for the answer).  Refused, with the reason, when a move is not legal, when
  the position already has an answer of this seat's (remove that line, or continue it), when
  the game would be over there, past 4 moves, or at 8 lines.
* ``friend_lines`` - one of ``add`` (a line of 2 or 4 moves: added; it replaces a line of 2
  that it continues; refused when it is there already or answers a position a line answers
  otherwise), ``remove`` (the index of a line) or ``lines`` (every line, replacing them;
  ``[]`` clears them).  A line that went with the link sent cannot be removed (the friend may
  hold it), only continued; every other line can.  Lines added after the link was sent go with
  the link in the card, which replaces the one sent.  Returns the state.
"""
from __future__ import annotations

from .. import view
from ..core import InvalidRecordError, quote
from ..records.v3 import MAX_DEPTH, MAX_LINES
from .errors import BridgeError
from .friends import _times, require_friend
from .session import Session, friend_turn
from .state import state


def _require_sender(session: Session) -> dict:
    """The context, when this seat has moved and waits for the friend (at the end of the game)."""
    context = require_friend(session)
    if friend_turn(session) != "friend" or len(session.game.history) != len(session.moves):
        raise BridgeError("conditional replies are set after your move, at the end of the game")
    return context


def _line(value, name: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(m, str) and len(m) <= 40 for m in value):
        raise BridgeError(f"{name} must be a list of move texts")
    return list(value)


def describe(line: list[str]) -> str:
    """'if b2, answer d4; then if e1, answer e2' (for messages)."""
    pairs = [f"if {line[i][:12]}, answer {line[i + 1][:12]}" for i in range(0, len(line) - 1, 2)]
    return "; then ".join(pairs)


def _moves(line: list[str]) -> str:
    """A line as an error's parameter: its moves, one a line (the page words it as its list does)."""
    return "\n".join(m[:12] for m in line)


def _answered(lines: list[list[str]], prefix: list[str]):
    """(index, line) of a line that answers the position after ``prefix`` (odd length), or None."""
    for k, line in enumerate(lines):
        if len(line) > len(prefix) and line[:len(prefix)] == prefix:
            return k, line
    return None


def cmd_friend_pick(session: Session, req):
    context = _require_sender(session)
    line = _line(req.get("line", []), "line")
    mine = context["mine"]
    if len(line) >= MAX_DEPTH:
        raise BridgeError(f"a conditional reply is at most {MAX_DEPTH} moves deep", detail="replies_deep",
                          params={"max": MAX_DEPTH})
    if not line and len(mine) >= MAX_LINES:
        raise _full()
    walk = session.game.clone()
    marks: list[str] = []
    for text in line:
        if walk.is_over:
            raise BridgeError("the game is over there: nothing more to answer")
        entry = next((m for m in view.move_targets(walk, None) if m["move"] == text), None)
        if entry is None:
            raise BridgeError(f"{quote(text, 12)} is not a legal move there")
        marks += entry["path"]
        walk.play(text)
    if walk.is_over:
        raise BridgeError(f"{quote(line[-1], 12)} ends the game: there is nothing to answer",
                          detail="replies_ends_game", params={"move": line[-1][:12]})
    if len(line) % 2:
        found = _answered(mine, line)
        if found:
            k, other = found
            more = len(other) == len(line) + 1 < MAX_DEPTH
            raise BridgeError(f"reply {k + 1} answers that already ({describe(other)}): remove it first"
                              + (", or continue it" if more else ""), detail="replies_answered",
                              params={"n": k + 1, "more": "yes" if more else "no", "line": _moves(other)})
    seat = context["seat"]
    return {"line": line, "scene": view.scene(walk, seat), "legal": view.move_targets(walk, None),
            "marks": marks, "turn": "you" if walk.current_player == seat else "friend"}


def _added(mine: list[list[str]], line: list[str]) -> list[list[str]]:
    """``mine`` with ``line`` added (replacing a line it continues), or the reason why not."""
    for k, other in enumerate(mine):
        if other[:len(line)] == line:
            raise BridgeError(f"reply {k + 1} is that line already ({describe(other)})", detail="replies_same",
                              params={"n": k + 1, "line": _moves(other)})
        for j in range(1, min(len(line), len(other)), 2):  # the positions both answer
            if line[:j] == other[:j] and line[j] != other[j]:
                raise BridgeError(f"reply {k + 1} answers that already ({describe(other)}): remove it first",
                                  detail="replies_answered", params={"n": k + 1, "more": "no", "line": _moves(other)})
    continued = [k for k, other in enumerate(mine) if line[:len(other)] == other]
    if continued:
        return [line if k == continued[0] else other for k, other in enumerate(mine) if k not in continued[1:]]
    if len(mine) >= MAX_LINES:
        raise _full()
    return mine + [line]


def _full() -> BridgeError:
    return BridgeError(f"at most {MAX_LINES} conditional replies: remove one first", detail="replies_full",
                       params={"max": MAX_LINES})


def cmd_friend_lines(session: Session, req):
    from ..records import encode_corr_link
    context = _require_sender(session)
    mine = [list(line) for line in context["mine"]]
    if "add" in req:
        lines = _added(mine, _line(req["add"], "add"))
    elif "remove" in req:
        index = req["remove"]
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(mine):
            raise BridgeError(f"remove must be the index of a conditional reply (0 to {len(mine) - 1})")
        lines = mine[:index] + mine[index + 1:]
    else:
        lines = req.get("lines")
        if not isinstance(lines, list) or not all(isinstance(line, list) for line in lines):
            raise BridgeError("lines must be a list of lines, each a list of move texts")
    for sent in context["mine_sent"]:
        if not any(line[:len(sent)] == sent for line in lines):
            more = " (you can continue it)" if len(sent) < MAX_DEPTH else ""
            raise BridgeError(f"the reply '{describe(sent)}' went with the link you sent: your friend "
                              f"may have it, so it stays{more}", detail="replies_sent",
                              params={"more": "yes" if more else "no", "line": _moves(sent)})
    game = session.game
    try:  # checked as the link checks them
        encode_corr_link(game, game_id=context["id"], sender=context["seat"], start=context["start"],
                         times=_times(context, len(game.history), context["start"]), lines=lines or None)
    except InvalidRecordError as exc:
        raise BridgeError(str(exc)) from None
    session.friend = {**context, "mine": [list(line) for line in lines]}
    return state(session)
