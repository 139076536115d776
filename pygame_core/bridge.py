"""The JSON-in / JSON-out surface the web worker calls (one session = one current game).

Call :func:`handle_json` with a JSON object text; it returns a JSON text, always either
``{"ok": true, "result": {...}}`` or ``{"ok": false, "error": {"code", "message"}}``.
Errors never change the current game.

Requests (``"cmd"`` plus arguments):

* ``hello`` - engine version, the games with their option schemas, the agents per game and
  the computer levels per game (search budgets, :mod:`pygame_core.levels`).
* ``new`` - ``game``, ``options`` (object), ``seed`` (int or null), ``players`` (one entry per
  seat: ``"human"`` or an agent name).  Starts a new game.
* ``play`` - ``move`` (text).  Checked.  Played at an earlier position, it adds a variation
  (the moves after it stay in the tree, :mod:`pygame_core.bridge_tree`; hidden-hand games drop
  them).  ``goto`` also takes ``path``; ``promote`` and ``delete`` edit the tree.
* ``ai`` - the agent configured for the player to move chooses and plays a move
  (``agent`` overrides it; agents are seeded from the game seed and position, so replays agree).
* ``undo`` (``steps``, default 1), ``redo`` (``steps``), ``goto`` (``cursor``) - move through
  the move list; moves after the cursor stay available for redo until a new move is played.
  ``until_human: true`` on undo/redo keeps stepping until a human is to move.
* ``state`` - the current state again.  ``load`` - ``record`` (object or JSON text), ``players``.
* ``players`` - ``players``: change who plays each seat without touching the game.
* ``think`` - ``seconds``, ``iterations`` (a level's budget), ``restart``: search a slice longer
  for the player to move and return the progress (with ``iterations_per_second``), not the
  state (:mod:`pygame_core.bridge_think`).  The page calls it in a loop (a thinking indicator,
  a level's budget and wall-clock cap, Stop, Hint) and then plays the move with ``play``.
* ``analyse``, ``play_line``, ``review`` - the analysis board: live analysis of the position on
  screen in slices, a principal variation played into the tree, a review of the line a
  position per call (:mod:`pygame_core.bridge_analysis`).
* ``preview`` - ``move``: the scene with that legal move drawn tentatively (not played), for
  choosing among several moves that share a click path (e.g. tile orientations).
* ``share`` - a share-link token for the current game (``pygame_core.records``): the whole move
  list, the cursor, the seats, and whose view it opens (``view``: a seat, default the player
  whose view is on screen; ``"spectator"`` only for perfect-information or finished games).
  Returns ``{token, view}``; the page puts it in the URL fragment as ``#r=<token>``.
* ``open`` - ``token`` (a token, a ``#r=...`` fragment or a whole URL): validates and replays
  the link, then goes to its cursor and view.  ``load`` also takes ``cursor`` (autosave).
* ``export`` - ``format``: ``json`` (every game) or a format the game registered with
  :func:`pygame_core.core.register_format` (Hex: ``sgf`` and ``hexworld``); returns
  ``{format, text, filename, mime, link}``.  The state lists the game's formats in
  ``export_formats`` and describes them in ``export_options`` (``format``, ``game``,
  ``label``, ``description``, ``extension``, ``mime``, ``link``, ``note``; ``hello`` describes
  every registered one the same way in ``record_formats``).  ``import`` - ``text``: a JSON
  record, a share link or the text of any registered format, detected by its content, loaded
  like ``load``.

Hidden information (Triominos, iwoki, Codex): the state is built from ``game.view(viewer)``, so
it never contains what the *viewer* may not see.  The viewer is the human to move; while an
agent moves, the human seat before it; with no human seat, or when the game is over, nobody
(everything is shown).  ``legal`` is empty while the viewer is not the player to move.

Every successful game command returns the *state*: game id, title, options, seed, players,
``moves`` (the whole list incl. the redo tail), ``cursor``, ``current_player``, ``is_over``,
``winners``, ``scores``, ``status`` (a sentence for people), ``last_move``, ``legal``
(``[{move, target, label}]``), ``scene`` and ``record``.
"""

from __future__ import annotations

import json
import traceback

from . import __version__, agents, levels, view
from .bridge_analysis import AnalysisSession
from .bridge_errors import BOT_SEAT, BridgeError, refuse_bot
from .bridge_records import RecordsSession, _link_token  # noqa: F401 - re-exported for tests
from .bridge_think import ThinkSession
from .bridge_tree import TreeSession
from .core import (GameError, InvalidRecordError, MAX_SEED, game_class, list_games, new_game, quote,
                   record_dict, record_formats, replay)

# The largest request the bridge reads.  A ``load`` of the longest legal game of any game fits
# (every game's ``max_moves`` times its longest move text, with room to spare; the tests check
# it), while a pasted or forged text cannot make the engine parse more than this.
MAX_REQUEST_CHARS = 4_000_000
MAX_MESSAGE_CHARS = 300  # an error message longer than this is cut (it never repeats an input)


class Session(TreeSession, RecordsSession, AnalysisSession, ThinkSession):
    """The current game plus its moves (a tree of variations, :mod:`pygame_core.bridge_tree`;
    ``moves`` is the current line, with a redo tail) and who plays each seat."""

    def __init__(self):
        self.game = None
        self._reset_tree([])
        self.players: list[str] = []
        self.spectator = False  # a spectator link of a finished game: every hand is shown

    # ---- helpers -------------------------------------------------------------
    def _require_game(self):
        if self.game is None:
            raise BridgeError("no game is running: start one with 'new'")
        return self.game

    def _check_players(self, players, num_players: int, game_id: str) -> list[str]:
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

    def _goto(self, cursor: int):
        game = self._require_game()
        cls = type(game)
        fresh = cls(seed=game.seed, **game.options)
        for text in self.moves[:cursor]:
            fresh.play(text)
        self.game = fresh

    def _public_moves(self, game, viewer) -> list[str]:
        """The move list as ``viewer`` may read it: hidden-information games mask what only
        the mover may know (``Game.public_move_text``), in the redo tail as well."""
        if not game.hidden_information or viewer is None:
            return list(self.moves)
        texts = [game.public_move_text(i, viewer) for i in range(len(game.history))]
        if len(self.moves) > len(texts):  # the redo tail, read from the whole game
            full = game.clone()
            for text in self.moves[len(texts):]:
                full.play(text)
            texts += [full.public_move_text(i, viewer) for i in range(len(texts), len(self.moves))]
        return texts

    @property
    def cursor(self) -> int:
        return len(self.game.history) if self.game else 0

    # ---- commands ------------------------------------------------------------
    def cmd_hello(self, req):
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
        return {"version": __version__, "games": games,
                "record_formats": [self._format_info(f) for f in record_formats()],
                "importable": self._importable()}

    def cmd_new(self, req):
        game_id = req.get("game")
        options = req.get("options")
        options = {} if options is None else options
        if not isinstance(options, dict):
            raise BridgeError("options must be an object")
        seed = req.get("seed")
        game = new_game(game_id, seed=seed, **options)
        players = self._check_players(req.get("players"), game.num_players, game.game_id)
        self.game, self.players, self.spectator = game, players, False
        self._reset_tree([])
        return self.state()

    def cmd_play(self, req):
        game = self._require_game()
        move = req.get("move")
        if not isinstance(move, str):
            raise BridgeError("play needs a move text, e.g. {\"cmd\": \"play\", \"move\": \"f6\"}")
        trial = game.clone()
        value = trial.play(move)
        self.game = trial
        self._play_in_tree(trial.format_move(value))  # a new move here: a variation
        return self.state()

    def cmd_ai(self, req):
        game = self._require_game()
        if game.is_over:
            raise BridgeError("the game is over")
        name = req.get("agent") or self.players[game.current_player]
        if name == "human":
            raise BridgeError(f"{game.player_names[game.current_player]} is played by a human")
        refuse_bot(name, game)
        cls = agents.get(name, game.game_id)
        move = cls(seed=self._agent_seed(game)).choose(game.view(game.current_player))
        result = self.cmd_play({"move": game.format_move(move)})
        result["ai_move"] = game.format_move(move)
        return result

    def _agent_seed(self, game) -> int:
        return (game.seed * 1_000_003 + len(game.history) * 7919 + game.current_player) % (MAX_SEED + 1)

    def _walk(self, req, direction: int):
        """Undo (-1) or redo (+1) ``steps`` moves; with ``until_human`` keep going until a
        human is to move (or the list ends), so "undo" in a game against the computer takes
        back the computer's reply together with the person's move."""
        self._require_game()
        steps = _int_arg(req, "steps", 1)
        target = min(len(self.moves), max(0, self.cursor + direction * steps))
        if req.get("until_human") and "human" in self.players:
            to_move = self._players_to_move()
            while 0 < target < len(self.moves) and (
                    to_move[target] is None or self.players[to_move[target]] != "human"):
                target += direction
        self._goto(target)
        return self.state()

    def _players_to_move(self) -> list:
        """The player to move after each prefix of the move list (index = cursor)."""
        game = self._require_game()
        fresh = type(game)(seed=game.seed, **game.options)
        out = [fresh.current_player]
        for text in self.moves:
            fresh.play(text)
            out.append(fresh.current_player)
        return out

    def cmd_undo(self, req):
        return self._walk(req, -1)

    def cmd_redo(self, req):
        return self._walk(req, +1)

    def _goto_cursor(self, req):
        """``goto`` with ``cursor``: a position on the current line (``path``: see bridge_tree)."""
        cursor = _int_arg(req, "cursor", self.cursor)
        if not 0 <= cursor <= len(self.moves):
            raise BridgeError(f"cursor must be between 0 and {len(self.moves)}")
        self._goto(cursor)
        return self.state()

    def cmd_state(self, req):
        self._require_game()
        return self.state()

    def cmd_load(self, req):
        """``record`` (object or JSON text; its ``moves`` may run past ``cursor``, which then
        stay as the redo list), ``players``, ``cursor`` (default: the end)."""
        record = record_dict(req.get("record"))
        game = replay(record)  # validates fully before anything changes
        players = self._check_players(req.get("players"), game.num_players, game.game_id)
        cursor = req.get("cursor")
        self._install(game, players, cursor, record=record)
        return self.state()

    def _record_players(self, players, game, what: str) -> list[str]:
        """The seats a record or link names (every seat human when it names none)."""
        if players is None:
            return ["human"] * game.num_players
        try:
            return self._check_players(players, game.num_players, game.game_id)
        except GameError as exc:
            raise InvalidRecordError(f"the {what}'s players are not valid here: {exc}") from None

    def _install(self, game, players: list[str], cursor=None, spectator: bool = False, record=None) -> None:
        """Make a fully replayed game current, at ``cursor`` (validated first), with the
        record's variation tree if it has one (validated too); nothing changes on an error."""
        moves = game.moves
        if cursor is None:
            cursor = len(moves)
        if isinstance(cursor, bool) or not isinstance(cursor, int) or not 0 <= cursor <= len(moves):
            raise InvalidRecordError(f"the cursor must be a whole number from 0 to {len(moves)}")
        tree, line_path = self._tree_from_record(record, game)
        if cursor < len(moves):
            game = type(game)(seed=game.seed, **game.options)
            for text in moves[:cursor]:
                game.play(text)
        self.game, self.players, self.spectator = game, players, spectator
        self.tree, self.line_path = tree, line_path
        self._restore_review(record)

    def _full_record(self) -> dict:
        """The record of the whole move list (the redo tail included)."""
        record = self._require_game().record()
        record["moves"] = list(self.moves)
        if self.tree.size() > len(self.line_path):  # variations beside the current line
            record["tree"] = self.tree.to_json()
        return record

    def cmd_preview(self, req):
        game = self._require_game()
        move = req.get("move")
        if not isinstance(move, str):
            raise BridgeError("preview needs a move text")
        viewer = self.viewer()
        if game.hidden_information and viewer != game.current_player:
            raise BridgeError("only the player to move can preview a move")
        value = game.to_move(move)
        trial = game.clone()
        trial.play(value)  # checks legality (raises with the reason)
        shown = game.view(viewer) if game.hidden_information else game
        text = game.format_move(value)
        drawn = any(m["move"] == text and m["path"] for m in view.move_targets(shown, viewer))
        # a move without a click path (draw, pass, swap) puts nothing on the board to preview
        return {"scene": view.scene(shown, viewer, preview=value if drawn else None)}

    def viewer(self) -> int | None:
        """The seat whose private view is shown (see the module docstring)."""
        game = self._require_game()
        if game.is_over or self.spectator:
            return None
        current = game.current_player
        if not game.hidden_information:
            return current
        humans = [i for i, p in enumerate(self.players) if p == "human"]
        if not humans:
            return None
        order = game.turn_order  # the human who moved last, in turn order
        i = order.index(current)
        for k in range(len(order)):
            q = order[(i - k) % len(order)]
            if q in humans:
                return q
        return None

    def cmd_players(self, req):
        game = self._require_game()
        self.players = self._check_players(req.get("players"), game.num_players, game.game_id)
        self.spectator = False
        return self.state()

    # ---- state ---------------------------------------------------------------
    def state(self) -> dict:
        game = self.game
        gview = view.view_for(game.game_id)
        viewer = self.viewer()
        shown = game.view(viewer) if game.hidden_information else game
        legal = view.move_targets(shown, viewer)
        if game.hidden_information and viewer != game.current_player:
            legal = []
        titles = {a["name"]: a["title"] for a in agents.list_agents(game.game_id)} | {BOT_SEAT: "Your bot"}
        last = game.last_move
        return {
            "game": game.game_id,
            "title": game.title,
            "options": game.options,
            "seed": game.seed,
            "players": [{"index": i, "name": name, "agent": self.players[i],
                         "agent_title": "Human" if self.players[i] == "human" else titles.get(self.players[i])}
                        for i, name in enumerate(game.player_names)],
            "moves": self._public_moves(game, viewer),
            "movers": game.movers,  # who made each move up to the cursor
            "cursor": self.cursor,
            "can_undo": self.cursor > 0,
            "can_redo": self.cursor < len(self.moves),
            "current_player": game.current_player,
            "is_over": game.is_over,
            "winners": game.winners,
            "scores": game.scores,
            "status": game.result_text(),
            "last_move": None if last is None else game.public_move_text(len(game.history) - 1, viewer),
            "viewer": viewer,
            "hidden_information": game.hidden_information,
            "legal": legal,
            "scene": gview.scene(shown, viewer),
            "record": game.record(),
            # what autosave keeps: the whole move list (redo tail too), the cursor and the seats
            "save": {"record": self._full_record(), "cursor": self.cursor, "players": list(self.players)},
            "export_formats": self._export_formats(game.game_id),
            "export_options": self._export_options(game.game_id),
            "spectator": self.spectator,
            **self._tree_state(),  # tree, path, line_path (perfect-information games)
        }


def _int_arg(req: dict, name: str, default: int) -> int:
    value = req.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BridgeError(f"{name} must be a whole number >= 0")
    return value


_session = Session()


def handle(request, session: Session | None = None) -> dict:
    """Handle one request object; return the response object (never raises)."""
    session = session or _session
    try:
        if not isinstance(request, dict):
            raise BridgeError("a request must be a JSON object with a 'cmd'")
        cmd = request.get("cmd")
        fn = getattr(session, f"cmd_{cmd}", None) if isinstance(cmd, str) and cmd.isidentifier() else None
        if fn is None:
            raise BridgeError(f"unknown command {quote(cmd)}")
        return {"ok": True, "result": fn(request)}
    except GameError as exc:
        return {"ok": False, "error": {"code": exc.code, "message": _brief(str(exc))}}
    except (TypeError, ValueError, KeyError) as exc:
        return {"ok": False, "error": {"code": "bad_request", "message": _brief(f"bad request: {exc}")}}
    except Exception as exc:  # never let the worker die
        return {"ok": False, "error": {"code": "internal", "message": _brief(f"internal error: {exc!r}"),
                                       "trace": traceback.format_exc(limit=5)[-4000:]}}


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
            "message": f"the request is too large ({len(text):,} characters; at most {MAX_REQUEST_CHARS:,})"}})
    try:
        request = json.loads(text)
    except (ValueError, RecursionError) as exc:
        return json.dumps({"ok": False, "error": {"code": "bad_json",
                                                  "message": _brief(f"request is not JSON: {exc}")}})
    return json.dumps(handle(request), separators=(",", ":"))


__all__ = ["handle", "handle_json", "Session", "InvalidRecordError"]
