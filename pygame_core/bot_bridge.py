"""The JSON surface of the page's bot worker (``web/bot-worker.js``; the workbench).

Like :func:`pygame_core.bridge.handle_json`: a JSON object text in, ``{"ok": true, "result"}``
or ``{"ok": false, "error": {"code", "message", "line"?}}`` out.  One session holds the loaded
bot and the game being played step by step (the page times every request, so a runaway bot is
stopped by terminating the worker).

Requests (``"cmd"`` plus arguments):

* ``hello`` - the games (id, title, players) and the built-in agents of each.
* ``template`` - ``game``: a small working bot for that game (its source and class name).
* ``load`` - ``source``, ``class`` (optional): compile and run the bot's module; errors name
  the line.  Every later command plays this bot.
* ``check`` - ``game``, ``options``, ``positions`` (default 20), ``seed``: the bot chooses a
  move on that many random positions of random games (a new bot for each, started at move 0
  and shown the moves so far, as in a game); the first error (with its line), or
  ``{positions, mean_ms, max_ms}`` (the ``choose`` calls timed).
* ``new`` - ``game``, ``options``, ``seed``, ``seats`` (``{"bot": true}`` or ``{"agent": name,
  "settings": {}}`` per seat): a game played like :func:`pygame_core.tournament.play_match`
  (same seeds, so the same results): ``new`` starts the bots (``start`` with their seat's view
  at move 0, before any move: time it like a bot move) and answers the game's state, already
  over with ``seat``, ``forfeit`` and ``error`` when a bot's ``start`` failed; ``step`` plays its
  next move, lets the bots ``observe`` it, and returns ``{move, seat, by_bot, is_over, winners,
  scores, moves}`` (``forfeit`` and ``error`` when the bot failed).
* ``forfeit`` - ``seat``, ``error``: the page stopped the bot (a time limit); the game's result.
* ``score`` - ``results`` (``[{opponent, wins, games}]``): win rates with 95 % Wilson intervals.
* ``choose`` - ``record``, ``seat``: the bot's move in that game (the main page's "Your bot"):
  the session's bot for that game and seat is started with the seat's view at move 0 and
  observes every move of the record (the moves since the last ``choose`` when the record goes
  on from it), then chooses.
* ``pack`` / ``unpack`` - ``source`` / ``token``: a bot in a link (raw DEFLATE + base64url,
  size-checked before and after decompression).
"""
from __future__ import annotations

import base64
import json
import re
import time
import traceback
import zlib

from . import agents, new_game
from .bots import MAX_SOURCE_CHARS, BotAgent, BotError, make_bot_agent, start_bots
from .core import GameError, Rng, game_class, list_games, quote, replay
from .search_hooks import hooks_for
from .tournament import _forfeit, wilson

MAX_REQUEST_CHARS = 600_000
MAX_LINK_CHARS = 60_000  # a bot link's token; a longer bot travels as a .py file
MAX_CHECK_POSITIONS = 500
LINK_VERSION = "1"
_B64URL = re.compile(r"[A-Za-z0-9_-]*")

_GAME_NOTES = {
    "hex": "Hex: moves are cells like 'c3'; connect your two sides.",
    "y": "Y: moves are cells; connect all three sides of the triangle.",
    "triominos": "Triominos: you see your own tiles only; a move places a tile, draws or passes.",
    "iwoki": "iwoki Maths: you see your own cards only; play cards to make the target.",
    "codex": "Codex Naturalis: you see your own hand only; place a card, then draw one.",
}

_TEMPLATE = '''"""{note}

A bot for Boardwright: choose(game) returns one of game.legal_moves().
game is what your seat may see (a copy you may change).  Useful:
game.legal_moves(), game.clone(), game.apply(move), game.is_over,
game.winners, game.current_player, game.format_move(move), self.rng,
random_playout(game, rng), self.agent("mcts", iterations=100).choose(game).
"""
from pygame_core.bots import Bot


class MyBot(Bot):
    """Wins at once when it can, else plays a random move."""

    def choose(self, game):
        moves = game.legal_moves()
        me = game.current_player
        if not game.hidden_information and len(moves) <= 400:
            for move in moves:
                after = game.clone()
                after.apply(move)
                if after.is_over and me in after.winners:
                    return move
        return self.rng.choice(moves)
'''


class BotBridgeError(GameError):
    code = "bad_request"


def _error(exc: BaseException, code: str | None = None) -> dict:
    message = str(exc) or type(exc).__name__
    out = {"code": code or getattr(exc, "code", "error"), "message": message[:400]}
    if message.startswith(("the bot", "line ")):
        m = re.search(r"line (\d+)", message)
        if m:
            out["line"] = int(m.group(1))
    return out


def _int(req, key, default, lo, hi) -> int:
    value = req.get(key, default)
    if value is None:
        value = default
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise BotBridgeError(f"{key} must be a whole number from {lo} to {hi}")
    return value


def _options(req) -> dict:
    options = req.get("options") or {}
    if not isinstance(options, dict):
        raise BotBridgeError("options must be an object")
    return options


def _game_id(req) -> str:
    game_id = req.get("game")
    if not isinstance(game_id, str) or len(game_id) > 40:
        raise BotBridgeError("game must be a game id such as 'hex'")
    game_class(game_id)  # UnknownGameError names the games
    return game_id


def template(game_id: str) -> str:
    cls = game_class(game_id)
    return _TEMPLATE.format(note=_GAME_NOTES.get(game_id, f"{cls.title}."))


def pack(source: str) -> str:
    """A link token for a bot's source: ``1.`` and base64url of its raw DEFLATE."""
    if not isinstance(source, str) or not source.strip():
        raise BotBridgeError("there is no code to share")
    if len(source) > MAX_SOURCE_CHARS:
        raise BotBridgeError(f"the bot is too long to share ({len(source):,} characters; at most {MAX_SOURCE_CHARS:,})")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = packer.compress(source.encode("utf-8")) + packer.flush()
    token = LINK_VERSION + "." + base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")
    if len(token) > MAX_LINK_CHARS:
        raise BotBridgeError(f"the bot is too long for a link ({len(token):,} characters packed; at most"
                             f" {MAX_LINK_CHARS:,}): download it as a .py file instead")
    return token


def unpack(token: str) -> str:
    """The source in a link token (a token or ``#bot=token``), checked and bounded."""
    if not isinstance(token, str):
        raise BotBridgeError("a bot link must be text")
    if "#bot=" in token:
        token = token.split("#bot=", 1)[1]
    token = token.strip()
    if len(token) > MAX_LINK_CHARS:
        raise BotBridgeError(f"the bot link is too long ({len(token):,} characters; at most {MAX_LINK_CHARS:,})")
    version, dot, payload = token.partition(".")
    if not dot or version != LINK_VERSION:
        raise BotBridgeError("this is not a bot link (or one from a newer Boardwright)")
    if not _B64URL.fullmatch(payload):
        raise BotBridgeError("the bot link is corrupted: it is not valid base64url")
    try:
        data = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (ValueError, TypeError):
        raise BotBridgeError("the bot link is corrupted: it is not valid base64url") from None
    limit = MAX_SOURCE_CHARS * 4  # UTF-8 bytes of the longest source
    unpacker = zlib.decompressobj(-15)
    try:
        body = unpacker.decompress(data, limit + 1)
    except zlib.error:
        raise BotBridgeError("the bot link is corrupted: its data does not unpack") from None
    if len(body) > limit or unpacker.unconsumed_tail:
        raise BotBridgeError(f"the bot link unpacks to more than {limit:,} bytes")
    if not unpacker.eof:
        raise BotBridgeError("the bot link is cut short")
    try:
        source = body.decode("utf-8")
    except UnicodeDecodeError:
        raise BotBridgeError("the bot link is corrupted: it is not UTF-8 text") from None
    if len(source) > MAX_SOURCE_CHARS:
        raise BotBridgeError(f"the bot in the link is too long ({len(source):,} characters)")
    return source


def _random_position(game_id: str, options: dict, rng: Rng):
    game = new_game(game_id, seed=rng.below(1 << 30), **options)
    steps = rng.below(max(1, min(60, type(game).max_moves(game.options))))
    for _ in range(steps):
        if game.is_over:
            break
        game.play(rng.choice(hooks_for(game).random_policy_moves(game)))
    return game


class BotSession:
    def __init__(self):
        self.agent_class = None
        self.source = None
        self.match = None  # (game, players, watchers, seats)
        self.played = None  # "choose": (key, agent, moves observed)

    def _require_bot(self):
        if self.agent_class is None:
            raise BotBridgeError("no bot is loaded: send 'load' first")
        return self.agent_class

    def cmd_hello(self, req):
        games = [{"id": g["id"], "title": g["title"], "players": game_class(g["id"])(seed=0).player_names,
                  "options": g.get("options", []),
                  "agents": agents.list_agents(g["id"])} for g in list_games()]
        return {"games": games, "max_source_chars": MAX_SOURCE_CHARS, "max_link_chars": MAX_LINK_CHARS}

    def cmd_template(self, req):
        game_id = _game_id(req)
        return {"game": game_id, "source": template(game_id), "class": "MyBot"}

    def cmd_load(self, req):
        source = req.get("source")
        class_name = req.get("class") or None
        if class_name is not None and not isinstance(class_name, str):
            raise BotBridgeError("class must be a class name")
        self.agent_class = None
        self.match = self.played = None
        self.agent_class = make_bot_agent(source, class_name)
        self.source = source
        return {"class": self.agent_class.bot_class.__name__, "name": self.agent_class.name}

    def cmd_check(self, req):
        cls = self._require_bot()
        game_id, options = _game_id(req), _options(req)
        n = _int(req, "positions", 20, 1, MAX_CHECK_POSITIONS)
        rng = Rng(_int(req, "seed", 1, 0, (1 << 31) - 1))
        times, checked = [], 0
        while checked < n:
            game = _random_position(game_id, options, rng)
            if game.is_over:
                continue
            p = game.current_player
            agent = cls(seed=rng.below(1 << 30))
            agent.start(game.undone(len(game.history)).view(p), p)  # as in a game: start at move 0,
            for i in range(len(game.history)):  # then observe the moves so far
                agent.observe(game.public_move_text(i, p))
            t = time.perf_counter()
            move = agent.choose(game.view(p))
            times.append((time.perf_counter() - t) * 1000)
            game.play(move)  # a move the bot's view allowed is legal in the full game
            checked += 1
        mean = sum(times) / len(times)
        return {"positions": checked, "mean_ms": round(mean, 2), "max_ms": round(max(times), 2),
                "message": f"OK: {checked} positions, {mean:.1f} ms a move on average"}

    def cmd_new(self, req):
        game_id, options = _game_id(req), _options(req)
        seed = _int(req, "seed", 0, 0, (1 << 31) - 1)
        game = new_game(game_id, seed=seed, **options)
        seats = req.get("seats")
        if not isinstance(seats, list) or len(seats) != game.num_players:
            raise BotBridgeError(f"seats must list {game.num_players} seats")
        players = []
        for i, seat in enumerate(seats):
            s = (seed * 31 + i) & 0x7FFFFFFF
            if isinstance(seat, dict) and seat.get("bot") is True:
                players.append(self._require_bot()(seed=s))
            elif isinstance(seat, dict) and isinstance(seat.get("agent"), str):
                cls = agents.get(seat["agent"], game_id)
                if not cls.supports(game_id):
                    raise BotBridgeError(f"agent {quote(seat['agent'])} does not play {game.title}")
                settings = seat.get("settings") or {}
                if not isinstance(settings, dict):
                    raise BotBridgeError("an agent's settings must be an object")
                players.append(cls(seed=s, **settings))
            else:
                raise BotBridgeError('a seat is {"bot": true} or {"agent": name}')
        watchers = [(i, p) for i, p in enumerate(players) if isinstance(p, BotAgent)]
        self.match = (game, players, watchers)
        failed = start_bots(game, players)  # before the first move, in every seat
        if failed is not None:
            self.match = None
            seat, error = failed
            return self._result(game, {"seat": seat, "by_bot": True, **_forfeit(game, seat, error),
                                       "line": _error(BotError(error)).get("line")})
        return self._result(game, {})

    def _result(self, game, extra) -> dict:
        over = game.is_over or "forfeit" in extra
        return {"is_over": over, "winners": extra.get("winners", game.winners if over else []),
                "scores": extra.get("scores", game.scores if game.is_over else None),
                "moves": len(game.history), "current_player": game.current_player,
                **{k: v for k, v in extra.items() if k not in ("winners", "scores", "moves")}}

    def cmd_step(self, req):
        if self.match is None:
            raise BotBridgeError("no game: send 'new' first")
        game, players, watchers = self.match
        if game.is_over:
            raise BotBridgeError("the game is over")
        p = game.current_player
        by_bot = isinstance(players[p], BotAgent)
        info = {"seat": p, "by_bot": by_bot}
        try:
            move = players[p].choose(game.view(p))
            info["move"] = game.format_move(game.to_move(move))
            game.play(move)
        except BotError as exc:
            self.match = None
            return self._result(game, {**info, **_forfeit(game, p, str(exc)), "line": _error(exc).get("line")})
        for i, watcher in watchers:
            try:
                watcher.observe(game.public_move_text(len(game.history) - 1, i))
            except BotError as exc:
                self.match = None
                return self._result(game, {**info, **_forfeit(game, i, str(exc)), "line": _error(exc).get("line")})
        return self._result(game, info)

    def cmd_forfeit(self, req):
        if self.match is None:
            raise BotBridgeError("no game: send 'new' first")
        game = self.match[0]
        seat = _int(req, "seat", 0, 0, game.num_players - 1)
        error = str(req.get("error") or "stopped")[:300]
        self.match = None
        return self._result(game, _forfeit(game, seat, error))

    def cmd_score(self, req):
        rows = req.get("results")
        if not isinstance(rows, list) or len(rows) > 100:
            raise BotBridgeError("results must be a list of {opponent, wins, games}")
        out = []
        for row in rows:
            if not isinstance(row, dict):
                raise BotBridgeError("results must be a list of {opponent, wins, games}")
            games = _int(row, "games", 0, 0, 1 << 30)
            wins = row.get("wins", 0)
            if isinstance(wins, bool) or not isinstance(wins, (int, float)) or not 0 <= wins <= games:
                raise BotBridgeError("wins must be a number from 0 to games")
            low, high = wilson(wins, games)
            out.append({"opponent": str(row.get("opponent", ""))[:60], "games": games, "wins": wins,
                        "rate": wins / games if games else None, "low": low, "high": high})
        return {"rows": out}

    def cmd_choose(self, req):
        cls = self._require_bot()
        game = replay(req.get("record"))
        if game.is_over:
            raise BotBridgeError("the game is over")
        seat = _int(req, "seat", game.current_player, 0, game.num_players - 1)
        if seat != game.current_player:
            raise BotBridgeError("it is not the bot's turn")
        key = (type(game).game_id, game.seed, json.dumps(game.options, sort_keys=True), seat)
        history = [game.public_move_text(i, seat) for i in range(len(game.history))]
        try:
            if self.played is None or self.played[0] != key or history[:len(self.played[2])] != self.played[2]:
                agent = cls(seed=(game.seed * 31 + seat) & 0x7FFFFFFF)
                self.played = (key, agent, [])
                agent.start(game.undone(len(game.history)).view(seat), seat)  # the game at move 0
            _, agent, seen = self.played
            for text in history[len(seen):]:
                agent.observe(text)
                seen.append(text)
            value = agent.choose(game.view(seat))
        except BotError:
            self.played = None
            raise
        seen_move = game.format_move(value)
        return {"move": seen_move}

    def cmd_pack(self, req):
        return {"token": pack(req.get("source"))}

    def cmd_unpack(self, req):
        return {"source": unpack(req.get("token"))}


_session = BotSession()


def handle(req) -> dict:
    session = _session
    try:
        if not isinstance(req, dict):
            raise BotBridgeError("a request must be a JSON object")
        cmd = req.get("cmd")
        fn = getattr(session, f"cmd_{cmd}", None) if isinstance(cmd, str) and cmd.isidentifier() else None
        if fn is None:
            raise BotBridgeError(f"unknown command {quote(cmd, 30)}")
        return {"ok": True, "result": fn(req)}
    except GameError as exc:
        return {"ok": False, "error": _error(exc)}
    except RecursionError as exc:
        return {"ok": False, "error": _error(exc, "bot_error")}
    except MemoryError:
        return {"ok": False, "error": {"code": "bot_error", "message": "the bot ran out of memory"}}
    except Exception as exc:  # a bug of the engine: say where
        return {"ok": False, "error": {"code": "internal", "message": f"{type(exc).__name__}: {exc}"[:300],
                                       "detail": traceback.format_exc()[-2000:]}}


def handle_json(text: str) -> str:
    if not isinstance(text, str) or len(text) > MAX_REQUEST_CHARS:
        return json.dumps({"ok": False, "error": {"code": "bad_request", "message": "the request is too long"}})
    try:
        req = json.loads(text)
    except (ValueError, RecursionError):
        return json.dumps({"ok": False, "error": {"code": "bad_request", "message": "the request is not JSON"}})
    return json.dumps(handle(req), default=str)
