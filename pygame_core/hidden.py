"""Hidden-hand games played apart by link, dealt by the fair deal (:mod:`pygame_core.deal`).

This module is the entry point for every such game (:meth:`HiddenPlayer.invite`,
:meth:`HiddenPlayer.accept`, ``HiddenPlayer(record)``, :func:`open_link`) and plays the games
whose hands decide who opens (Triominos); the games that draw who starts and have several bags
(iwoki, Codex) are handed to :class:`~pygame_core.hidden_bags.BagsPlayer`.  What a game needs
(its bag, hand, keys sent ahead) comes from its ``hidden_spec``.

Two people play a game with hands and a bag (Triominos, a single round) by sending each other
version-4 links (:mod:`pygame_core.records.v4`): each link holds the public moves and the deal
messages of the sender's last hop, never a hand or a key the receiver may not use.  Each side
keeps a :class:`HiddenPlayer`: its 32-byte seed (every secret key derives from it), every deal
message of the game and the public moves, as a JSON-able record (:meth:`HiddenPlayer.to_json`;
the page keeps it in storage and puts it in its export).  Its copy of the game
(:attr:`HiddenPlayer.game`) knows its own tiles and ``None`` for the others', through a
:class:`~pygame_core.bag.HiddenBag`.

The hops (2 players): A invites (lock and shuffle); B locks, shuffles, relocks and sends the
keys of A's hand; A relocks, sends B's keys, draws its hand and shows its best tile; then,
while nobody has opened, each side compares its hand with the tiles shown so far: it opens
(its opening placement), says "you open" (an empty hop) or, on a tie, shows its next tile.
From then on a hop is one turn (draws, then a placement or a pass) with the mover's own key
for each tile it placed and the keys of the next three tiles the other may draw.  At the end
each side reveals its seed and :meth:`HiddenPlayer.audit` replays the deal and every move,
naming whoever cheated.
"""
from __future__ import annotations

import base64
import secrets

from .bag import HiddenBag
from .core import DRAW, GameError, InvalidRecordError, game_class, quote
from .deal.messages import DealError, Setup, parse
from .deal.players import DealPlayer
from .hidden_audit import audit as _audit
from .hidden_bags import BagsPlayer
from .hidden_common import (DAMAGED, KEYS_MISSING, STATE_KIND, STATE_VERSION, b64 as _b64, b64decode, check_moves,
                            problem, refused, fresh_state, hidden_of as _hidden, moves_named as _moves_named,
                            read_state, Seat, spec_of as _spec, take_stored)
from .hidden_resign import Resigning
from .records.v4 import check_hidden_options, encode_hidden_link

__all__ = ["KEYS_MISSING", "BagsPlayer", "HiddenPlayer", "load_player", "open_link", "random_placer"]


class HiddenPlayer(Seat, Resigning):
    """One seat of a hidden-hand game by link.  Make one with :meth:`invite` (seat 0) or
    :meth:`accept` (seat 1, from the invitation link), or load one from :meth:`to_json`'s
    record.  :meth:`reply` makes this seat's next link, :meth:`receive` takes the friend's."""

    def __new__(cls, state=None):
        """``HiddenPlayer(record)`` loads any game's record: a game with several bags (iwoki,
        Codex) gives a :class:`BagsPlayer`."""
        if cls is HiddenPlayer and isinstance(state, dict) and _bags_game(state):
            return BagsPlayer(state)
        return super().__new__(cls)

    def __init__(self, state: dict):
        self._load(state)

    # ----------------------------------------------------------------- making one
    @classmethod
    def invite(cls, game: str = "triominos", *, names=None, start: int | None = None,
               randbytes=secrets.token_bytes, **options) -> "HiddenPlayer":
        """Seat 0 of a new game; its first link (the invitation) is :attr:`last_link`.  A game
        whose spec draws who starts (iwoki, Codex) gets a :class:`BagsPlayer`."""
        probe = game_class(game)(seed=0, **options)
        check_hidden_options(probe)
        if _spec(game, probe.options).opener != "best-hand":
            return BagsPlayer.invite(game, names=names, start=start, randbytes=randbytes, **options)
        gid = base64.urlsafe_b64encode(randbytes(9)).decode("ascii")   # as new_game_id()
        player = cls._fresh(game, dict(probe.options), gid, 0, names, start, randbytes(32))
        player.dp.start(player.setup)
        player.reply()
        return player

    @classmethod
    def accept(cls, link: str, *, name: str = "", randbytes=secrets.token_bytes) -> "HiddenPlayer":
        """Seat 1, from an invitation link; its answer is :attr:`last_link`."""
        h = _hidden(link)
        if _spec(h["game"], h["options"]).opener != "best-hand":
            return BagsPlayer.accept(link, name=name, randbytes=randbytes)
        if h["sender"] != 0 or h["moves"] or len(h["hops"]) != 1:
            raise InvalidRecordError("this is not an invitation (a game's first link)")
        names = list(h["names"])
        names[1] = name or names[1]
        player = cls._fresh(h["game"], h["options"], h["id"], 1, names, h["start"], randbytes(32))
        try:
            msg = player.dp.receive(h["hops"][0])
        except DealError as exc:
            raise InvalidRecordError(f"the invitation's deal is refused: {exc}") from None
        if msg.setup != player.setup:
            raise InvalidRecordError("the invitation's deal is for another game")
        player.messages.append(h["hops"][0])
        player.reply()
        return player

    @classmethod
    def _fresh(cls, game, options, gid, seat, names, start, seed) -> "HiddenPlayer":
        return cls(fresh_state(game, options, gid, seat, names, start, seed, first_player=None,
                               decided_by=None))

    # ----------------------------------------------------------------- the record
    def to_json(self) -> dict:
        """This seat's record: everything needed to go on with the game on this device (its
        seed is secret: it belongs in this browser's storage and its export, never a link)."""
        return {"kind": STATE_KIND, "version": STATE_VERSION, "game": self.game_id,
                "options": dict(self.options), "id": self.id, "seat": self.seat,
                "names": list(self.names), "start": self.start, "seed": self.dp.seed.hex(),
                "messages": [_b64(m) for m in self.messages], "moves": list(self.moves),
                "first_player": self.first_player, "decided_by": self.decided_by,
                "last_link": self.last_link, **self.resign_json()}

    def _load(self, state: dict) -> None:
        seed, messages, moves = read_state(self, state, lambda ms: [b64decode(m) for m in ms])
        try:
            self.first_player, self.decided_by = state["first_player"], state["decided_by"]
        except KeyError:
            raise InvalidRecordError(DAMAGED, detail="hidden_record_damaged") from None
        bag = self.spec.bags[0]
        self.tiles, self.hand_size, self.ahead, self.size = bag.items, self.spec.hand, bag.ahead, len(bag.items)
        self.setup = Setup(self.id, 2, self.size, bag.name)
        self.dp = DealPlayer(self.seat, seed)
        self.messages: list[bytes] = []
        self.moves: list[str] = []
        self.game = None
        try:
            for data in messages:      # this device's own record (checked when received)
                take_stored(self.dp, data, self.size, self.setup, self.seat)
                self.messages.append(data)
            self._build()
            for text in moves:
                self._play(text)
            self._settle()
        except (DealError, GameError) as exc:
            raise InvalidRecordError(f"this hidden-hand game record does not replay: {exc}",
                                     detail="hidden_record_replay") from None
        self.load_resign(state)

    # ----------------------------------------------------------------- the local copy
    @property
    def deal(self):
        return self.dp.deal

    def _build(self) -> None:
        """The seat's copy of the game, once its hand is drawn and the opener known."""
        if self.game is not None or self.first_player is None:
            return
        hand = self._ranked_hand()
        source = HiddenBag(self.seat, self.first_player, hand, self._tile_for)
        self.game = game_class(self.game_id).from_source(source, **self.options)

    def _tile_for(self, k: int):
        """The tile of this seat's ``k``-th draw after its hand: one it drew (in the deal's
        order), else the next one unlocked for it (lowest position first, as the deal draws)."""
        d, i = self.deal, self.hand_size + k
        drawn = d.drawn[self.seat]
        if i < len(drawn):
            return self.tiles[self.dp.hand[drawn[i]]]
        ready = [pos for pos in d.reserved_for(self.seat) if pos not in d.drawn_by]
        pos = ready[i - len(drawn)] if i - len(drawn) < len(ready) else None
        return self.tiles[self.dp.hand[pos]] if pos in self.dp.hand else None

    def can_draw(self, game=None) -> bool:
        """Whether the next tile this seat would draw in ``game`` (its copy, or a clone of it
        with moves of this turn played) is unlocked for it: near the end of the bag, the last
        tiles may be locked for the friend's draws."""
        game = game or self.game
        k = sum(1 for m, who in zip(game.history, game.movers) if m == DRAW and who == self.seat)
        return self._tile_for(k) is not None

    def _settle(self) -> None:
        """Before the opening, on this seat's hop: if its hand beats the tiles shown, it opens."""
        if self.first_player is None and self.deal is not None and self.deal.step >= 3 and self.my_turn \
                and self._decision()[0] == "open":
            self.first_player = self.decided_by = self.seat
            self._build()

    def _play(self, text: str) -> str:
        if self.game is None:
            raise GameError("nobody has opened yet")
        self.game.play(text)
        self.moves.append(self.game.moves[-1])
        return self.moves[-1]

    def _shown(self, p: int) -> list:
        """The tiles ``p`` showed (its key given) and has not placed, best first."""
        placed = {m.split(" ")[0] for m, who in zip(self.moves, self.game.movers if self.game else [])
                  if who == p and m not in ("draw", "pass")}
        tiles = [self.tiles[t] for pos, (who, t, _) in sorted(self.deal.played.items(), key=lambda kv: kv[1][2])
                 if who == p]
        return [t for t in tiles if str(t) not in placed]

    def _ranked_hand(self) -> list:
        mine = [self.tiles[self.dp.hand[pos]] for pos in self.deal.reserved_for(self.seat)[:self.hand_size]]
        return sorted(mine, key=lambda t: (t.rank, str(t)), reverse=True)

    def _compare(self, theirs: list) -> int:
        """+1: this seat's hand beats the tiles ``theirs`` showed (best first); -1: it loses;
        0: equal so far."""
        mine = [t.rank for t in self._ranked_hand()]
        for a, b in zip(mine, (t.rank for t in theirs)):
            if a != b:
                return 1 if a > b else -1
        return 0

    # ----------------------------------------------------------------- state of play
    @property
    def my_turn(self) -> bool:
        """Whether the next hop is this seat's (hops alternate: A sends steps 0, 2, 4...)."""
        return self.deal.step % 2 == self.seat and not self.finished and not self.resigned

    @property
    def finished(self) -> bool:
        """Both seeds revealed: the game is over and can be audited."""
        return len(self.deal.seeds) == 2

    def status_name(self) -> str:
        """What this seat does next (:data:`~pygame_core.hidden_common.STATUS`'s name)."""
        if self.resigned:
            return self.resign_status_name()
        if self.finished:
            return "audit"
        if not self.my_turn:
            return "wait"
        if self.game is not None and self.game.is_over or self.deal.seeds:
            return "reveal"
        if self.game is None:
            return "deal"
        return "open" if not self.moves else "move"

    def _decision(self) -> tuple[str, list]:
        """Before the opening: ("open", []), ("other", []) or ("show", tiles to show)."""
        theirs = self._shown(self.other)
        verdict = self._compare(theirs) if theirs else 0
        if verdict:
            return ("open" if verdict > 0 else "other"), []
        mine, shown = self._ranked_hand(), self._shown(self.seat)
        return "show", mine[len(shown):len(theirs) + 1]

    # ----------------------------------------------------------------- sending
    def _reply(self, moves: list) -> str:
        d, step = self.deal, self.deal.step
        plays, draws, offer, reveal = [], 0, None, False
        if step >= 1:
            offer = {self.other: self.hand_size if step <= 2 else self.ahead}
        if step >= 2:
            draws = self.hand_size if step == 2 + self.seat else 0
            if self.first_player is None:
                verdict, shows = self._decision() if step >= 3 else ("show", self._ranked_hand()[:1])
                if moves:                              # ("open" was settled on receiving)
                    raise GameError("you do not open: send this link without a move")
                if verdict == "other":
                    self.first_player, self.decided_by = self.other, self.seat
                    self._build()
                plays += shows
            shown = self._shown(self.seat)
            for text in moves:
                if self.game is None or self.game.current_player != self.seat:
                    raise GameError(f"move {len(self.moves) + 1} ({quote(text, 20)}): it is not your turn")
                if self.game.to_move(text) == DRAW:
                    if not self.can_draw():
                        raise GameError("the bag's next tiles are locked for your friend's draws: "
                                        "place a tile or pass")
                    draws += 1
                played = self._play(text)
                if played not in ("draw", "pass"):
                    tile = self.game.history[-1].tile
                    if tile in shown:
                        shown.remove(tile)
                    else:
                        plays.append(tile)
            if self.game is not None and not self.game.is_over and self.game.current_player == self.seat \
                    and self.first_player is not None and (moves or self.first_player == self.seat):
                raise GameError("a link ends your turn: place a tile or pass")
            over = self.game is not None and self.game.is_over
            reveal = over or bool(d.seeds)
            if over:
                offer = None
        release = self._release(offer) if offer and self.game is not None and step >= 4 else None
        index = {t: j for j, t in enumerate(self.tiles)}
        data = self.dp.send(offer=offer, draw=draws, play=[index[t] for t in plays], reveal=reveal,
                            release=release)
        self.messages.append(data)
        self.last_link = self._link(data)
        return self.last_link

    def _release(self, offer: dict):
        """When the bag runs low, the tiles this seat was offered and did not draw go to the
        friend, so it can always draw what the rules let it (at most three, the pool's size)."""
        d, other = self.deal, self.other
        theirs = len([pos for pos in d.reserved_for(other) if pos not in d.drawn_by])
        free = len(d.free_positions())
        need = min(self.ahead, len(self.game.pool)) - theirs - min(free, max(0, offer[other] - theirs))
        return {other: need} if need > 0 else None

    def _link(self, data: bytes) -> str:
        cls = game_class(self.game_id)
        return encode_hidden_link(cls(seed=0, **self.options), game_id=self.id, sender=self.seat,
                                  start=self.start, moves=self.moves, hops=[data],
                                  first_player=self.first_player, names=self.names)

    def take_turn(self, choose=None) -> str:
        """This seat's next link, with a whole turn chosen by ``choose(game, texts) -> text``
        (``texts``: the sorted legal move texts of its copy, without a draw it cannot make;
        default: the first placement, else draw, else pass); during the deal, at the end or
        when it is not this seat's move, the link carries no move."""
        game = self.game
        if game is None or game.is_over or self.deal.seeds or game.current_player != self.seat:
            return self.reply()
        walk, moves = game.clone(), []
        while not walk.is_over and walk.current_player == self.seat:
            texts = sorted({walk.format_move(m) for m in walk.legal_moves()})
            if "draw" in texts and not self.can_draw(walk):
                texts.remove("draw")
            if not texts:
                raise GameError("you must draw, but the bag's next tiles are locked for your friend's draws")
            text = choose(walk, texts) if choose else next((t for t in texts if t not in ("draw", "pass")), texts[0])
            moves.append(text)
            walk.play(text)
        return self.reply(moves)

    # ----------------------------------------------------------------- receiving
    def receive(self, link: str) -> dict:
        """Take in the friend's link: ``{"status", "message", "new"}`` (status ``"ahead"``:
        taken in; ``"current"``: nothing new; ``"not-yours"``: this seat's own link).  A link
        that does not fit this game raises :class:`InvalidRecordError` naming the move."""
        return self._receive(_hidden(link))

    def _receive(self, h: dict) -> dict:
        if h["id"] != self.id:
            raise InvalidRecordError(f"this link is for another game ({quote(h['id'], 24)}): {KEYS_MISSING}",
                                     detail="hidden_other_game")
        if h["sender"] == self.seat:
            return {"status": "not-yours", "new": [],
                    "message": "This is the link you sent: it waits for your friend's move."}
        if h["resign"] or self.resigned:
            return self.take_resignation(h, self._receive)
        moves = h["moves"]
        check_moves(h, self.moves, self.first_player)
        try:
            msgs = [parse(data, self.size) for data in h["hops"]]
        except DealError as exc:
            raise InvalidRecordError(f"the link's deal message is damaged: {exc}", detail="hidden_damaged") from None
        fresh = [(m, data) for m, data in zip(msgs, h["hops"]) if m.step >= self.deal.step]
        new = moves[len(self.moves):]
        if not fresh and not new:
            return {"status": "current", "new": [], "message": "This link holds nothing new."}
        where = _moves_named(len(self.moves), new)
        if len(fresh) != 1 or fresh[0][0].step != self.deal.step:
            got = ", ".join(str(m.step) for m in msgs) or "none"
            raise refused(len(self.moves), new, problem(f"the link's deal message is for step {got}, not "
                                                        f"{self.deal.step} (a replayed or lost hop)", "replayed"))
        saved = self.to_json()
        try:
            self._take(fresh[0][0], fresh[0][1], new, h, where)
        except (DealError, GameError) as exc:
            self._load(saved)
            raise refused(len(self.moves), new, exc) from None
        self.messages.append(fresh[0][1])
        self._settle()
        return {"status": "ahead", "new": list(new),
                "message": f"{len(new)} new move{'s' if len(new) != 1 else ''}."}

    def _take(self, msg, data: bytes, new: list, h: dict, where: str) -> None:
        p = self.other
        if msg.sender != p:
            raise DealError(f"the deal message is from seat {msg.sender + 1}, not your friend's")
        if any(who != p for who in h["movers"][len(self.moves):]):
            raise problem("the link plays a move for you", "not_yours")
        tiles = self.tiles
        draws = sum(1 for t in new if t == "draw")
        hand = self.hand_size if msg.step == 2 + p else 0
        if len(msg.draws) != draws + hand:
            raise DealError(f"its deal message draws {len(msg.draws)} tile(s) for {draws + hand} draw(s)")
        shown = self._shown(p)
        played = [tiles[pl.tile] for pl in msg.plays]
        needed = []
        for k, text in enumerate(new, len(self.moves) + 1):
            if text in ("draw", "pass"):
                continue
            tile = (self.game or game_class(self.game_id)(seed=0, **self.options)).to_move(text).tile
            if tile in shown:
                shown.remove(tile)
            else:
                needed.append((k, text, tile))
        for j, (k, text, tile) in enumerate(needed):
            if j >= len(played) or played[j] != tile:
                raise problem(f"move {k} ({text}) places {tile}, but its deal message does not show "
                              "that tile from a position its player drew", "not_drawn")
        extra = played[len(needed):]
        if extra and (new or self.first_player is not None):
            raise GameError("its deal message shows tiles outside the opening")
        opener = h["first_player"]
        if self.first_player is None and msg.step >= 3 and not extra:
            if opener != (p if new else self.seat):
                raise GameError("the link's opening seat does not match its moves")
        before = self._shown(p)
        self.dp.receive(data)
        if self.first_player is None and msg.step >= 3 and not extra:
            theirs = before or ([tiles[msg.plays[0].tile]] if new and msg.plays else [])
            verdict = self._compare(theirs)
            if new and verdict > 0:
                raise GameError(f"seat {p + 1} opens, but your hand beats the tiles it showed")
            if not new and verdict < 0:
                raise GameError(f"seat {p + 1} says you open, but the tiles it showed beat your hand")
            self.first_player, self.decided_by = opener, p
            self._build()
        elif extra:
            seq, mine = self._shown(p), self._shown(self.seat)
            if any(a.rank < b.rank for a, b in zip(seq, seq[1:])) \
                    or any(a.rank != b.rank for a, b in zip(seq, mine)):
                raise GameError("its tiles shown for the opening are out of order")
        for text in new:
            try:
                self._play(text)
            except GameError as exc:
                exc.kind = "illegal"
                raise

    # ----------------------------------------------------------------- the audit
    def audit(self) -> dict:
        """Once both seeds are revealed: the deal's audit and a replay of every move with every
        tile known (:func:`pygame_core.hidden_audit.audit`).  ``{"ok", "problems", "cheaters"
        (seats), "result", "scores", "hands"}``."""
        if not self.finished:
            raise GameError("the audit needs both players' keys: finish the game first")
        return self.resigned_audit(_audit(self))


def random_placer(rng):
    """A chooser for :meth:`HiddenPlayer.take_turn`: a random placement, else draw, else pass
    (``rng``: a :class:`random.Random`)."""
    return lambda game, texts: rng.choice([t for t in texts if t[0].isdigit()] or texts[:1])


def _bags_game(record: dict) -> bool:
    """Whether a record is of a game whose spec draws who starts (iwoki, Codex)."""
    try:
        return _spec(record["game"], record["options"]).opener != "best-hand"
    except (KeyError, TypeError, ValueError, AttributeError, GameError):
        return False                      # (the record's own check says what is wrong)


def load_player(record: dict):
    """A seat from its stored record (:meth:`HiddenPlayer.to_json`): a :class:`HiddenPlayer`
    or, for a game with several bags, a :class:`BagsPlayer` (as ``HiddenPlayer(record)``)."""
    return HiddenPlayer(record)


def open_link(link: str, records: list[dict]):
    """The player of this device that ``link`` is for, from its stored ``records``
    (:meth:`HiddenPlayer.to_json`); ``InvalidRecordError`` with :data:`KEYS_MISSING` when none
    of them holds the game (an invitation is accepted with :meth:`HiddenPlayer.accept`)."""
    h = _hidden(link)
    for record in records:
        if isinstance(record, dict) and record.get("id") == h["id"] and record.get("seat") != h["sender"]:
            return load_player(record)
    if h["sender"] == 0 and not h["moves"] and all(m[2:4] == b"\0\0" for m in h["hops"]):
        raise InvalidRecordError("this is an invitation: accept it to start the game")
    raise InvalidRecordError(KEYS_MISSING[0].upper() + KEYS_MISSING[1:] + ".")
