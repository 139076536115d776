"""The JSON-in / JSON-out surface the web worker calls (one session = one current game).

Call :func:`handle_json` with a JSON object text; it returns a JSON text, always either
``{"ok": true, "result": {...}}`` or ``{"ok": false, "error": {"code", "message"}}``; an error
with a finer code also has ``"detail"`` and its ``"params"`` (the web page words it in its
reader's language from them; the message stays English, as the CLI prints it).
Errors never change the current game.  :func:`handle` does the same with objects, for a
given session.

The session (:class:`~.session.Session`) is a plain object; a command is a function
``cmd_<name>(session, request)`` in one of the modules below that reads and changes its fields
and returns the answer.  :data:`COMMANDS` is the list the dispatcher knows; nothing else of the
session can be called by a request.

Session fields:

* ``game`` - the game at the position on screen (``None`` before the first ``new``/``load``).
* ``players`` - who plays each seat: ``"human"``, ``"bot"`` (the person's bot, moved by the
  page's bot worker) or an agent name.
* ``spectator`` - a spectator link of a finished game is open: every hand is shown.
* ``tree`` - every move played, as a :class:`~pygame_core.tree.GameTree` of variations.
* ``line_path`` - the current line: a path from the start to the end of a line of ``tree``
  (:mod:`.lines`).
* ``search`` - the search ``think`` is running: ``{key, agent, move, done, spent}`` or ``None``
  (:mod:`.think`).
* ``analyses`` - the searches ``analyse`` keeps, by position, the most recent last
  (:mod:`.analysis`).
* ``reviewed`` - the positions ``review`` evaluated: ``{game, positions}`` or ``None``
  (:mod:`.analysis`).
* derived, read-only: ``moves`` (the current line, with the redo tail), ``cursor`` (how many
  of its moves lead to the position on screen), ``path`` (that position in ``tree``).

Requests (``"cmd"`` plus arguments), by module:

:mod:`.play`
  * ``hello`` - engine version, the games with their option schemas, the agents per game and
    the computer levels per game (search budgets, :mod:`pygame_core.levels`), the record
    formats (``record_formats``, ``importable``).
  * ``new`` - ``game``, ``options`` (object), ``seed`` (int or null), ``players`` (one entry per
    seat: ``"human"`` or an agent name).  Starts a new game.
  * ``play`` - ``move`` (text).  Checked.  Played at an earlier position, it adds a variation
    (the moves after it stay in the tree; hidden-hand games drop them).
  * ``ai`` - the agent configured for the player to move chooses and plays a move
    (``agent`` overrides it; agents are seeded from the game seed and position, so replays
    agree).  The answer is the state plus ``ai_move``.
  * ``undo`` (``steps``, default 1), ``redo`` (``steps``) - move through the move list; moves
    after the cursor stay available for redo until a new move is played.  ``until_human:
    true`` keeps stepping until a human is to move.
  * ``state`` - the current state again.
  * ``players`` - ``players``: change who plays each seat without touching the game.
  * ``preview`` - ``move``: the scene with that legal move drawn tentatively (not played) and
    the move in ``words``, for choosing among several moves that share a click path (e.g.
    tile orientations).
:mod:`.lines` (the variation tree)
  * ``goto`` - ``cursor`` (a position on the current line) or ``path`` (any position of the
    tree); ``promote`` and ``delete`` - ``path``: edit the tree.
:mod:`.records`
  * ``load`` - ``record`` (object or JSON text), ``players``, ``cursor`` (autosave).
  * ``share`` - a share-link token for the current game (:mod:`pygame_core.records`): the
    whole move list, the cursor, the seats, and whose view it opens (``view``: a seat, default
    the player whose view is on screen; ``"spectator"`` only for perfect-information or
    finished games).  Returns ``{token, view, cursor, moves}``; the page puts it in the URL
    fragment as ``#r=<token>``.
  * ``open`` - ``token`` (a token, a ``#r=...`` fragment or a whole URL): validates and replays
    the link, then goes to its cursor and view.
  * ``export`` - ``format``: ``json`` (every game) or a format the game registered with
    :func:`pygame_core.core.register_format` (Hex: ``sgf`` and ``hexworld``); returns
    ``{format, text, filename, mime, link}``.  The state lists the game's formats in
    ``export_formats`` and describes them in ``export_options`` (``format``, ``game``,
    ``label``, ``description``, ``extension``, ``mime``, ``link``, ``note``; ``hello``
    describes every registered one the same way in ``record_formats``).
  * ``import`` - ``text``: a JSON record, a share link or the text of any registered format,
    detected by its content, loaded like ``load``.
:mod:`.friends` (a game with a friend by link: a correspondence game)
  * ``friend_new``, ``friend_link``, ``friend_open``, ``friend_resume``, ``friend_resign``,
    ``friend_name`` (described there); :mod:`.friend_replies`: ``friend_pick``, ``friend_lines``
    (conditional replies).
:mod:`.hidden` (a hidden-hand game by link: Triominos, iwoki, Codex with the fair deal)
  * ``hidden_new``, ``hidden_open``, ``hidden_accept``, ``hidden_receive``, ``hidden_play``,
    ``hidden_state``, ``hidden_audit``, ``hidden_resign`` (described there): each takes and answers
    the seat's record.
:mod:`.think`
  * ``think`` - ``seconds``, ``iterations`` (a level's budget), ``restart``: search a slice
    longer for the player to move and return the progress (with ``iterations_per_second``;
    a hint's with ``words``, its move in words), not the state.  The page calls it in a loop (a thinking indicator, a level's budget and
    wall-clock cap, Stop, Hint) and then plays the move with ``play``.
:mod:`.analysis` (the analysis board)
  * ``analyse`` - live analysis of the position on screen in slices; ``play_line`` - a
    principal variation played into the tree; ``review`` - a review of the line, a position
    per call.

Hidden information (Triominos, iwoki, Codex): the state is built from ``game.view(viewer)``, so
it never contains what the *viewer* may not see.  The viewer is the human to move; while an
agent moves, the human seat before it; with no human seat, or when the game is over, nobody
(everything is shown).  ``legal`` is empty while the viewer is not the player to move.

Every successful game command returns the *state* (:mod:`.state`): game id, title, options,
seed, players, ``moves`` (the whole list incl. the redo tail), ``cursor``, ``current_player``,
``is_over``, ``winners``, ``scores``, ``status`` (a sentence for people), ``last_move``,
``move_words`` and ``last_words`` (the moves in words, :meth:`~pygame_core.core.Game.move_words`;
``move_words`` is null where they are the notation), ``status_code``, ``move_words_codes`` and
``last_words_code`` (the same texts as codes for the page's catalog, :mod:`pygame_core.words`;
the scene's ``name_code``, ``title_code``, ``text_code``, ``label_code`` too), each player's ``held`` (counts for the
player strips, :meth:`~pygame_core.core.Game.held`), ``legal`` (``[{move, target, label}]``), ``scene``, ``record``, ``save`` (what autosave keeps),
the export formats and, for perfect-information games, ``tree``, ``path`` and ``line_path``.
"""

from __future__ import annotations

import json
import traceback

from ..core import GameError, InvalidRecordError, quote
from . import analysis, friend_replies, friends, hidden, lines, play, records, think
from .errors import BridgeError
from .records import _link_token  # noqa: F401 - re-exported for tests
from .session import Session

# The largest request the bridge reads.  A ``load`` of the longest legal game of any game fits
# (every game's ``max_moves`` times its longest move text, with room to spare; the tests check
# it), while a pasted or forged text cannot make the engine parse more than this.
MAX_REQUEST_CHARS = 4_000_000
MAX_MESSAGE_CHARS = 300  # an error message longer than this is cut (it never repeats an input)
MAX_PARAM_CHARS = 60  # an error's text parameter longer than this is cut

# Every request the bridge answers: its name -> the function that takes (session, request).
COMMANDS = {
    "hello": play.cmd_hello, "new": play.cmd_new, "play": play.cmd_play, "ai": play.cmd_ai,
    "undo": play.cmd_undo, "redo": play.cmd_redo, "state": play.cmd_state,
    "players": play.cmd_players, "preview": play.cmd_preview,
    "goto": lines.cmd_goto, "promote": lines.cmd_promote, "delete": lines.cmd_delete,
    "load": records.cmd_load, "share": records.cmd_share, "open": records.cmd_open,
    "export": records.cmd_export, "import": records.cmd_import,
    "think": think.cmd_think,
    "analyse": analysis.cmd_analyse, "play_line": analysis.cmd_play_line, "review": analysis.cmd_review,
    "friend_new": friends.cmd_friend_new, "friend_link": friends.cmd_friend_link,
    "friend_open": friends.cmd_friend_open, "friend_resume": friends.cmd_friend_resume,
    "friend_resign": friends.cmd_friend_resign, "friend_name": friends.cmd_friend_name,
    "friend_pick": friend_replies.cmd_friend_pick, "friend_lines": friend_replies.cmd_friend_lines,
    **hidden.COMMANDS,
}

_session = Session()


def handle(request, session: Session | None = None) -> dict:
    """Handle one request object; return the response object (never raises)."""
    session = session or _session
    try:
        if not isinstance(request, dict):
            raise BridgeError("a request must be a JSON object with a 'cmd'")
        cmd = request.get("cmd")
        fn = COMMANDS.get(cmd) if isinstance(cmd, str) else None
        if fn is None:
            raise BridgeError(f"unknown command {quote(cmd)}")
        return {"ok": True, "result": fn(session, request)}
    except GameError as exc:
        return {"ok": False, "error": _error(exc)}
    except (TypeError, ValueError, KeyError) as exc:
        return {"ok": False, "error": {"code": "bad_request", "message": _brief(f"bad request: {exc}")}}
    except Exception as exc:  # never let the worker die
        return {"ok": False, "error": {"code": "internal", "message": _brief(f"internal error: {exc!r}"),
                                       "trace": traceback.format_exc(limit=5)[-4000:]}}


def _error(exc: GameError) -> dict:
    """The reply's error for ``exc``: its code and English message, and, when it has them, its
    finer ``detail`` code and ``params`` (each a number, or text cut to :data:`MAX_PARAM_CHARS`)."""
    error = {"code": exc.code, "message": _brief(str(exc))}
    detail = getattr(exc, "detail", None)
    if isinstance(detail, str) and detail:
        params = {}
        for name, value in getattr(exc, "params", {}).items():
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                params[str(name)] = value
            else:
                text = str(value)
                params[str(name)] = text if len(text) <= MAX_PARAM_CHARS else text[:MAX_PARAM_CHARS - 1] + "…"
        error["detail"] = detail
        error["params"] = params
    return error


def _brief(message: str) -> str:
    """An error message as the page gets it: at most :data:`MAX_MESSAGE_CHARS` characters (the
    engine's messages quote inputs briefly; this is the safety net for any that does not)."""
    if len(message) <= MAX_MESSAGE_CHARS:
        return message
    return message[:MAX_MESSAGE_CHARS - 30] + f"... ({len(message):,} characters)"


def handle_json(text: str) -> str:
    """JSON text in, JSON text out (what the web worker calls)."""
    if not isinstance(text, str):
        return json.dumps({"ok": False, "error": {"code": "bad_request", "message": "a request must be text"}})
    if len(text) > MAX_REQUEST_CHARS:
        return json.dumps({"ok": False, "error": {
            "code": "bad_request",
            "message": f"the request is too large ({len(text):,} characters; at most {MAX_REQUEST_CHARS:,})",
            "detail": "request_too_large", "params": {"chars": len(text), "max": MAX_REQUEST_CHARS}}})
    try:
        request = json.loads(text)
    except (ValueError, RecursionError) as exc:
        return json.dumps({"ok": False, "error": {"code": "bad_json",
                                                  "message": _brief(f"request is not JSON: {exc}")}})
    return json.dumps(handle(request), separators=(",", ":"))


__all__ = ["COMMANDS", "handle", "handle_json", "Session", "InvalidRecordError"]
