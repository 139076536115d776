"""What the two kinds of hidden-hand player by link share (:mod:`pygame_core.hidden` for a
game whose hands decide who opens, :mod:`pygame_core.hidden_bags` for games with several bags
and a random start): the record's kind, the message for a link whose keys are elsewhere, and
reading a version-4 link."""
from __future__ import annotations

import base64
import binascii
import hashlib
import time

from .core import GameError, InvalidRecordError, game_class, quote
from .deal.messages import DealError, parse
from .records import decode_link, token_of

DAMAGED = "this hidden-hand game record is damaged"     # (the page words it: hidden_record_damaged)
KEYS_MISSING = ("this game's keys are not on this device: open it where you started it, "
                "or import its export")
# what a seat does next (``status()``), by the name its code carries (``status_code()``: the
# page words it through its catalog's ``hidden.status``; the CLI prints the English)
STATUS = {
    "audit": "The game is over and both keys are shown: run the audit.",
    "wait": "Wait for your friend's link.",
    "reveal": "The game is over: send your link (it shows your keys for the audit).",
    "deal": "Send your link (the deal goes on).",
    "open": "You open: play your best tile.",
    "move": "Your move.",
    "resigned_both": "Both of you resigned: nobody wins. Run the audit.",
    "resigned_me_over": "You resigned: your friend wins. Both keys are shown: run the audit.",
    "resigned_me": "You resigned: send your link; your friend's answer shows their keys for the audit.",
    "resigned_friend": "Your friend resigned: you win. Send your link so your friend can run the audit too.",
}
# the problems a refused link can name (``DealError.kind``, :func:`problem`): the page words each
PROBLEMS = ("replayed", "wrong_key", "tampered", "not_drawn", "draw_order", "illegal", "not_yours", "other")
STATE_KIND = "boardwright-hidden"
STATE_VERSION = 1


def spec_of(game: str, options: dict):
    """The game's declaration for play by link (its ``hidden_spec``: bags, hands, keys ahead)."""
    return game_class(game).hidden_spec(options)


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def bag_seed(seed: bytes, bag: str) -> bytes:
    """A seat's 32-byte seed for one bag's deal, from its seed (each bag its own keys)."""
    return hashlib.sha256(b"boardwright-bag\0" + bytes(seed) + bag.encode("utf-8")).digest()


def hidden_of(link: str) -> dict:
    """The ``hidden`` part of a version-4 link, or :class:`InvalidRecordError`."""
    got = decode_link(token_of(link)) if isinstance(link, str) else None
    if not got or "hidden" not in got:
        raise InvalidRecordError("this is not a link of a hidden-hand game", detail="hidden_not_hidden")
    return got["hidden"]


def moves_params(done: int, new: list) -> dict:
    """:func:`moves_named` as a code's parameters (``where``: setup, hop, move or moves)."""
    text = quote(" ".join(new), 40)
    if not new:
        return {"where": "hop" if done else "setup", "n": done, "first": 0, "last": 0, "moves": ""}
    first, last = done + 1, done + len(new)
    return {"where": "move" if first == last else "moves", "n": done, "first": first, "last": last, "moves": text}


def problem(message: str, kind: str) -> GameError:
    """A check of a friend's link that failed, with the kind of problem (:data:`PROBLEMS`)."""
    exc = GameError(message)
    exc.kind = kind
    return exc


def refused(done: int, new: list, exc: Exception, message: str | None = None) -> InvalidRecordError:
    """A friend's link refused (the game stays as it was): the English names the moves and the
    problem; the code (``hidden_refused``) carries both for the page."""
    kind = getattr(exc, "kind", None)
    return InvalidRecordError(f"{moves_named(done, new)}: {message or exc}", detail="hidden_refused",
                              params={**moves_params(done, new), "problem": kind if kind in PROBLEMS else "other"})


def moves_named(done: int, new: list) -> str:
    """How an error names the moves of a link (or its deal hop when it has none)."""
    if not new:
        return f"the deal hop after move {done}" if done else "the deal's setup hop"
    first, last = done + 1, done + len(new)
    span = f"move {first}" if first == last else f"moves {first}-{last}"
    return f"{span} ({quote(' '.join(new), 40)})"


def check_moves(h: dict, mine: list, first_player) -> None:
    """A link's moves must extend this seat's (``mine``) and keep who opened."""
    moves = h["moves"]
    for k, (a, b) in enumerate(zip(mine, moves), 1):
        if a != b:
            raise InvalidRecordError(f"this link changes move {k} from {quote(a, 20)} to {quote(b, 20)}",
                                     detail="hidden_changes_move", params={"n": k})
    if len(moves) < len(mine):
        raise InvalidRecordError(f"this link is {len(mine) - len(moves)} move(s) behind your game",
                                 detail="hidden_behind", params={"n": len(mine) - len(moves)})
    if first_player is not None and h["first_player"] != first_player:
        raise InvalidRecordError("this link changes who opened the game", detail="hidden_changes_opener")


def fresh_state(game, options, gid, seat, names, start, seed, **more) -> dict:
    """A new seat's record (``start``: the minute, now when None)."""
    return {"kind": STATE_KIND, "version": STATE_VERSION, "game": game, "options": options,
            "id": gid, "seat": seat, "names": list(names or ["", ""]),
            "start": int(time.time() // 60) if start is None else start,
            "seed": bytes(seed).hex(), "messages": [], "moves": [], **more, "last_link": ""}


def read_state(player, state: dict, messages) -> tuple[bytes, list, list]:
    """Check a record's kind and version and set ``player``'s common fields (game, options,
    id, seat, names, start, last link): ``(seed, messages, moves)``, ``messages`` read by
    ``messages(state["messages"])``; :class:`InvalidRecordError` for a damaged record."""
    if not isinstance(state, dict) or state.get("kind") != STATE_KIND:
        raise InvalidRecordError("this is not the record of a hidden-hand game by link", detail="hidden_record_kind")
    if state.get("version") != STATE_VERSION:
        version = quote(state.get("version"), 20)
        raise InvalidRecordError(f"unknown version {version} of a hidden-hand game record",
                                 detail="hidden_record_version", params={"version": version})
    try:
        seed = bytes.fromhex(state["seed"])
        hops = messages(state["messages"])
        player.game_id, player.options, player.id = state["game"], dict(state["options"]), state["id"]
        player.seat, player.names, player.start = state["seat"], list(state["names"]), state["start"]
        moves, player.last_link = list(state["moves"]), state["last_link"]
        player.resigned, player.shown = [], {}          # (:meth:`Resigning.load_resign` reads them)
        player.spec = spec_of(player.game_id, player.options)
        if len(seed) != 32 or player.seat not in (0, 1) or not all(isinstance(m, str) for m in moves):
            raise ValueError
    except (KeyError, TypeError, ValueError, AttributeError, binascii.Error, GameError):
        raise InvalidRecordError(DAMAGED, detail="hidden_record_damaged") from None
    return seed, hops, moves


def b64decode(text: str) -> bytes:
    return base64.b64decode(text, validate=True)


def take_stored(dp, data: bytes, size: int, setup, seat: int) -> None:
    """Replay one message of a seat's own record into its deal (checked when it was received:
    its proofs are not checked again; the audit replays everything)."""
    msg = parse(data, size)
    if dp.deal is None:
        (dp.start if msg.sender == seat else dp._join)(setup)
    dp.deal.apply(msg, verify=False)
    dp._open()


class Seat:
    """What both kinds of seat share: the other seat of two, sending a link, the status."""
    seat: int

    def status(self) -> str:
        """What this seat does next, for people (in English; :meth:`status_code` for a page)."""
        return STATUS[self.status_name()]

    def status_code(self) -> dict:
        """:meth:`status` as a code: ``{"key": "hidden.status", "params": {"status": name}}``."""
        return {"key": "hidden.status", "params": {"status": self.status_name()}}

    @property
    def other(self) -> int:
        return 1 - self.seat

    def reply(self, moves=()) -> str:
        """This seat's next link: its ``moves`` (texts: a whole turn, e.g. ``["draw",
        "1-2-3 ABC (1,0)"]``; none during the deal, when it is not this seat's turn or to say
        "you open") and its deal message(s).  ``GameError`` (nothing changed) if it is not this
        seat's hop or a move is not legal."""
        if not self.my_turn:
            raise GameError("it is your friend's turn: wait for their link", detail="hidden_not_your_turn")
        saved = self.to_json()
        try:
            return self._reply(list(moves))
        except (GameError, DealError) as exc:
            self._load(saved)
            raise GameError(str(exc), detail=getattr(exc, "detail", None), params=getattr(exc, "params", None)) from None
