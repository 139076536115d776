"""Games with several bags and face-up items played apart by link (iwoki Maths, Codex
Naturalis), dealt by the fair deal (:mod:`pygame_core.deal`): one deal per bag the game
declares (its ``hidden_spec``, :class:`~pygame_core.bag.HiddenSpec`), all moving in step.

Each hop carries one deal message per bag.  Hop 0 (A) locks and shuffles every bag; hop 1 (B)
locks, shuffles, relocks and sends A's keys; hop 2 (A) relocks, sends B's keys, opens its hand
and shows the setup's face-up items (the seats' order among them), and may carry A's first
turn; from then on a hop is one turn.  What a seat must open follows from the rules: its copy
of the game (:class:`~pygame_core.bag.BagsSource`) logs every item the rules take from a bag
and who opens it, so each hop gives the other the keys of what it has drawn and not opened
(and, for a bag whose ``ahead`` is not 0, of its next draws), draws what it can open, shows
the face-up items it opened and the hidden items its moves placed.  The receiver checks all
of it at once (:meth:`BagsPlayer.receive`); at the end both seeds are shown and
:func:`pygame_core.hidden_audit.audit_bags` replays everything.
"""
from __future__ import annotations

import base64
import secrets

from .bag import BagsSource
from .core import GameError, InvalidRecordError, game_class, quote
from .deal.messages import DealError, Setup, parse
from .deal.players import DealPlayer
from .hidden_audit import audit_bags
from .hidden_common import (DAMAGED, STATE_KIND, STATE_VERSION, b64, b64decode, bag_seed, check_moves,
                            fresh_state, Seat, hidden_of, problem, read_state, refused, take_stored)
from .hidden_resign import Resigning
from .records.v4 import check_hidden_options, encode_hidden_link


class BagsPlayer(Seat, Resigning):
    """One seat of a game with several bags by link: :meth:`invite` (seat 0), :meth:`accept`
    (seat 1), :meth:`reply` / :meth:`take_turn` (its next link), :meth:`receive` (the
    friend's), :meth:`to_json` (its record: the seed stays home), :meth:`audit`."""

    def __init__(self, state: dict):
        self._load(state)

    # ----------------------------------------------------------------- making one
    @classmethod
    def invite(cls, game: str, *, names=None, start: int | None = None,
               randbytes=secrets.token_bytes, **options) -> "BagsPlayer":
        probe = game_class(game)(seed=0, **options)
        check_hidden_options(probe)
        gid = base64.urlsafe_b64encode(randbytes(9)).decode("ascii")
        player = cls._fresh(game, dict(probe.options), gid, 0, names, start, randbytes(32))
        for name, dp in player.dps.items():
            dp.start(player.setups[name])
        player.reply()
        return player

    @classmethod
    def accept(cls, link: str, *, name: str = "", randbytes=secrets.token_bytes) -> "BagsPlayer":
        h = hidden_of(link)
        if h["sender"] != 0 or h["moves"]:
            raise InvalidRecordError("this is not an invitation (a game's first link)")
        names = list(h["names"])
        names[1] = name or names[1]
        player = cls._fresh(h["game"], h["options"], h["id"], 1, names, h["start"], randbytes(32))
        player.receive(link)
        if [dp.deal.setup for dp in player.dps.values()] != list(player.setups.values()):
            raise InvalidRecordError("the invitation's deal is for another game")
        player.reply()
        return player

    @classmethod
    def _fresh(cls, game, options, gid, seat, names, start, seed) -> "BagsPlayer":
        return cls(fresh_state(game, options, gid, seat, names, start, seed))

    # ----------------------------------------------------------------- the record
    def to_json(self) -> dict:
        """This seat's record (its seed is secret: this browser's storage and export only)."""
        return {"kind": STATE_KIND, "version": STATE_VERSION, "game": self.game_id,
                "options": dict(self.options), "id": self.id, "seat": self.seat,
                "names": list(self.names), "start": self.start, "seed": self.seed.hex(),
                "messages": [[b64(m) for m in hop] for hop in self.messages],
                "moves": list(self.moves), "last_link": self.last_link, **self.resign_json()}

    def _load(self, state: dict) -> None:
        self.seed, hops, moves = read_state(self, state, lambda ms: [[b64decode(m) for m in hop] for hop in ms])
        if any(len(hop) != len(self.spec.bags) for hop in hops):
            raise InvalidRecordError(DAMAGED, detail="hidden_record_damaged")
        self.items = {b.name: b.items for b in self.spec.bags}
        self.setups = {b.name: Setup(self.id, 2, len(b.items), f"{self.game_id}-{b.name}") for b in self.spec.bags}
        self.dps = {b.name: DealPlayer(self.seat, bag_seed(self.seed, b.name)) for b in self.spec.bags}
        self.messages: list[list[bytes]] = []
        self.moves: list[str] = []
        try:
            for hop in hops:       # this device's own record: checked when received (the audit replays all)
                for (name, dp), data in zip(self.dps.items(), hop):
                    take_stored(dp, data, len(self.items[name]), self.setups[name], self.seat)
                self.messages.append(hop)
            self.moves = moves
            self._rebuild()
        except (DealError, GameError) as exc:
            raise InvalidRecordError(f"this hidden-hand game record does not replay: {exc}",
                                     detail="hidden_record_replay") from None
        self.load_resign(state)

    # ----------------------------------------------------------------- the local copy
    @property
    def step(self) -> int:
        d = next(iter(self.dps.values())).deal
        return 0 if d is None else d.step

    @property
    def deals(self) -> dict:
        return {name: dp.deal for name, dp in self.dps.items()}

    def _known(self, bag: str, opener: int, k: int, public: bool):
        """The item of ``opener``'s ``k``-th request from ``bag``, if this seat may know it: its
        own (opened with its keys) or a face-up one shown; else None (the other's hidden items
        stay None in this copy, even once placed: the deal checked each one placed)."""
        dp = self.dps[bag]
        d = dp.deal
        if d is None:
            return None
        drawn = d.drawn[opener]
        if k < len(drawn):
            pos = drawn[k]
        else:
            ready = [pos for pos in d.reserved_for(opener) if pos not in d.drawn_by]
            pos = ready[k - len(drawn)] if k - len(drawn) < len(ready) else None
        if pos is None:
            return None
        if opener == self.seat and pos in dp.hand:
            return self.items[bag][dp.hand[pos]]
        return self.items[bag][d.played[pos][1]] if public and pos in d.played else None

    def _build(self, moves: list, known=None, viewer="me"):
        """A fresh copy with ``moves`` played (``GameError`` naming the move if one cannot
        be): ``(game or None if the setup's face-up items are not known yet, its source)``."""
        src = BagsSource(self.seat if viewer == "me" else viewer, self.spec, known or self._known)
        game = game_class(self.game_id).from_source(src, **self.options)
        src.setting_up = False
        if src.unknown:
            if moves:
                raise GameError("moves before the deal has shown the table")
            return None, src
        for k, text in enumerate(moves, 1):
            try:
                game.play(text)
            except GameError as exc:
                raise GameError(f"move {k} ({quote(text, 30)}) cannot be played: {exc}") from None
        return game, src

    def _rebuild(self) -> None:
        self.game, self.source = self._build(self.moves)

    @property
    def first_player(self):
        return None if self.game is None else self.game.turn_order[0]

    def _wants(self, src) -> dict:
        """Per bag, per seat: how many items the rules took so far that the seat opens."""
        return {name: [sum(1 for who, _ in log.values() if who == q) for q in (0, 1)]
                for name, log in src.log.items()}

    # ----------------------------------------------------------------- state of play
    @property
    def finished(self) -> bool:
        return all(len(d.seeds) == 2 for d in self.deals.values() if d is not None) and self.step > 0

    @property
    def my_turn(self) -> bool:
        return self.step % 2 == self.seat and not self.finished and not self.resigned

    def status_name(self) -> str:
        if self.resigned:
            return self.resign_status_name()
        if self.finished:
            return "audit"
        if not self.my_turn:
            return "wait"
        if self.game is not None and self.game.is_over or any(d.seeds for d in self.deals.values()):
            return "reveal"
        if self.game is None or self.game.current_player != self.seat:
            return "deal"
        return "move"

    # ----------------------------------------------------------------- sending
    def _turn_open(self, game) -> bool:
        return game is not None and not game.is_over and game.current_player == self.seat

    def _reply(self, moves: list) -> str:
        game, placed = self.game, {b.name: [] for b in self.spec.bags}
        if moves and not self._turn_open(game):
            raise GameError("it is not your turn in the game: send this link without a move")
        for text in moves:
            if not self._turn_open(game):
                raise GameError(f"move {len(self.moves) + 1} ({quote(text, 20)}): your turn is over")
            move = game.to_move(text)
            link_text = game.link_text(move) if hasattr(game, "link_text") else game.format_move(move)
            hidden = game.hidden_play(move) if hasattr(game, "hidden_play") else None
            self.source.blind = []
            game.play(move)
            if self.source.blind:
                raise GameError("the bag's next tiles are locked for your friend's draws: choose another move")
            self.moves.append(link_text)
            if hidden:
                placed[hidden[0]].append(hidden[1])
        if self._turn_open(game):
            raise GameError("a link ends your turn: finish it")
        self._rebuild()
        over = self.game is not None and self.game.is_over
        reveal = over or any(d.seeds for d in self.deals.values())
        wants = self._wants(self.source)
        step = self.step          # (each bag's deal moves on as its message is made)
        hop = [self._message(b, step, wants[b.name], placed[b.name], reveal) for b in self.spec.bags]
        self.messages.append(hop)
        self.last_link = encode_hidden_link(
            game_class(self.game_id)(seed=0, **self.options), game_id=self.id, sender=self.seat,
            start=self.start, moves=self.moves, hops=hop, first_player=self.first_player, names=self.names)
        return self.last_link

    def _message(self, bag, step: int, want: list, placed: list, reveal: bool) -> bytes:
        dp, me, o = self.dps[bag.name], self.seat, self.other
        d, items = dp.deal, self.items[bag.name]
        offer = draw = release = None
        if step >= 1 and not reveal:
            offer = {o: want[o] - len(d.drawn[o]) + (bag.ahead if step >= 2 else 0)}
            release = self._release(bag, d, offer[o], want)
        play = []
        if step >= 2:
            ready = [pos for pos in d.reserved_for(me) if pos not in d.drawn_by]
            draw = 0
            while draw < min(want[me] - len(d.drawn[me]), len(ready)) and ready[draw] in dp.hand:
                draw += 1
            public = self._publics(bag.name, me)
            k0 = len(d.drawn[me])
            play = [dp.hand[pos] for k, pos in enumerate(ready[:draw], k0) if public[k]]
            mine = [pos for pos in d.drawn[me] + ready[:draw] if pos not in d.played]
            used, face_up = set(), self._face_up(bag.name) | {items[t] for t in play}
            for item in placed:
                pos = next((pos for pos in mine if pos not in used and pos in dp.hand
                            and items[dp.hand[pos]] == item), None)
                if pos is None and item in face_up:
                    continue                  # taken from the face-up items: already shown
                if pos is None:
                    raise GameError(f"you hold no {item} to place")
                used.add(pos)
                play.append(dp.hand[pos])
        return dp.send(offer=offer, draw=draw or 0, play=play, reveal=reveal, release=release)

    def _face_up(self, bag: str) -> set:
        """The items of ``bag`` shown face up so far (placing one later shows nothing)."""
        d, out = self.dps[bag].deal, set()
        for q in (0, 1):
            for pos, public in zip(d.drawn[q], self._publics(bag, q)):
                if public and pos in d.played:
                    out.add(self.items[bag][d.played[pos][1]])
        return out

    def _publics(self, bag: str, seat: int) -> list:
        """For each of ``seat``'s requests from ``bag``, in order: whether it is face up."""
        log = self.source.log[bag]
        return [pub for i, (who, pub) in sorted(log.items()) if who == seat]

    def _release(self, bag, d, offered: int, want: list):
        """Near a bag's end, the items this seat was offered ahead and did not draw go to the
        friend, so it can draw what the rules let it (two players; this seat has seen them)."""
        if not bag.ahead or self.game is None:
            return None
        o = self.other
        left = len(bag.items) - sum(want)
        theirs = len([pos for pos in d.reserved_for(o) if pos not in d.drawn_by])
        free = len(d.free_positions())
        need = want[o] - len(d.drawn[o]) + min(bag.ahead, left) - theirs - min(free, max(0, offered - theirs))
        return {o: need} if need > 0 else None

    def take_turn(self, choose=None) -> str:
        """This seat's next link, its whole turn chosen by ``choose(game, texts) -> text``
        (default: the first legal text that is not a draw or a pass, else the first)."""
        game = self.game
        if not self._turn_open(game) or any(d.seeds for d in self.deals.values()):
            return self.reply()
        walk, moves = game.clone(), []
        while self._turn_open(walk):
            texts = sorted({walk.format_move(m) for m in walk.legal_moves()})
            texts = [t for t in texts if self._sighted(walk, t)]
            if not texts:
                raise GameError("you must draw, but the bag's next tiles are locked for your friend's draws")
            text = choose(walk, texts) if choose else next((t for t in texts if t.split()[0] not in
                                                            ("draw", "pass")), texts[0])
            moves.append(walk.link_text(walk.to_move(text)) if hasattr(walk, "link_text") else text)
            walk.play(text)
        return self.reply(moves)

    def _sighted(self, walk, text: str) -> bool:
        """Whether ``text`` draws no hidden item this seat would need at once and cannot open."""
        self.source.blind = []
        walk.clone().play(text)
        return not self.source.blind

    # ----------------------------------------------------------------- receiving
    def receive(self, link: str) -> dict:
        """Take in the friend's link: ``{"status", "message", "new"}`` (``"ahead"``, ``"current"``
        or ``"not-yours"``); a link that does not fit raises :class:`InvalidRecordError`
        naming the move, and the record stays as it was."""
        return self._receive(hidden_of(link))

    def _receive(self, h: dict) -> dict:
        if h["id"] != self.id or h["game"] != self.game_id:
            raise InvalidRecordError(f"this link is for another game ({quote(h['id'], 24)})", detail="hidden_other_game")
        if h["sender"] == self.seat:
            return {"status": "not-yours", "new": [],
                    "message": "This is the link you sent: it waits for your friend's move."}
        if h["resign"] or self.resigned:
            return self.take_resignation(h, self._receive)
        check_moves(h, self.moves, self.first_player)
        if len(h["hops"]) != len(self.spec.bags):
            raise InvalidRecordError(f"the link carries {len(h['hops'])} deal messages, not {len(self.spec.bags)}")
        try:
            msgs = [parse(data, len(b.items)) for data, b in zip(h["hops"], self.spec.bags)]
        except DealError as exc:
            raise InvalidRecordError(f"the link's deal message is damaged: {exc}", detail="hidden_damaged") from None
        new = h["moves"][len(self.moves):]
        if not new and all(m.step < self.step for m in msgs):
            return {"status": "current", "new": [], "message": "This link holds nothing new."}
        if any(m.step != self.step for m in msgs):
            got = ", ".join(sorted({str(m.step) for m in msgs}))
            raise refused(len(self.moves), new, problem(f"the link's deal messages are for step {got}, not "
                                                        f"{self.step} (a replayed or lost hop)", "replayed"))
        saved = self.to_json()
        try:
            self._take(msgs, h, new)
        except (DealError, GameError) as exc:
            self._load(saved)
            raise refused(len(self.moves), new, exc) from None
        return {"status": "ahead", "new": list(new),
                "message": f"{len(new)} new move{'s' if len(new) != 1 else ''}."}

    def _take(self, msgs: list, h: dict, new: list) -> None:
        p = self.other
        if any(m.sender != p for m in msgs):
            raise DealError("a deal message is not from your friend's seat")
        if any(who != p for who in h["movers"][len(self.moves):]):
            raise problem("the link plays a move for you", "not_yours")
        for (name, dp), data in zip(self.dps.items(), h["hops"]):
            dp.receive(data)
        done, needed = len(self.moves), {b.name: [] for b in self.spec.bags}
        game, src = self._build(self.moves)
        if new and game is None:
            raise GameError("moves before the deal has shown the table")
        for k, text in enumerate(new, done + 1):     # (the friend's moves, on this seat's copy)
            try:
                move = game.to_move(text)
                hidden = game.hidden_play(move) if hasattr(game, "hidden_play") else None
                game.play(move)
            except GameError as exc:
                raise problem(f"move {k} ({quote(text, 30)}) cannot be played: {exc}", "illegal") from None
            if hidden:
                needed[hidden[0]].append((k, text, hidden[1]))
        self.messages.append(list(h["hops"]))
        self.moves = self.moves + new
        self.game, self.source = game, src
        if game is not None and h["first_player"] not in (None, self.first_player):
            raise GameError("the link's first player is not the one the deal drew")
        if msgs[0].step >= 2 and game is not None and not game.is_over and game.current_player == p \
                and not any(d.seeds for d in self.deals.values()):   # (from hop 2 on, the sender saw the table)
            raise GameError("the link stops in the middle of its player's turn")
        self._check_hop(msgs, needed, p)

    def _check_hop(self, msgs: list, needed: dict, p: int) -> None:
        """The friend drew what it could open, showed its face-up items and every hidden item
        its moves placed."""
        wants = self._wants(self.source)
        for msg, b in zip(msgs, self.spec.bags):
            d, items = self.dps[b.name].deal, self.items[b.name]
            want, drawn = wants[b.name][p], d.drawn[p]
            if len(drawn) > want:
                raise DealError(f"its {b.name} deal draws {len(drawn)} item(s), the rules {want}")
            ready = [pos for pos in d.reserved_for(p) if pos not in d.drawn_by]
            if want > len(drawn) and ready and d.openable(p, ready[0]):
                raise DealError(f"its {b.name} deal does not draw an item it could open")
            public = self._publics(b.name, p)
            shows = {pos for k, pos in enumerate(drawn) if public[k]}
            if any(pos not in d.played for pos in shows):
                raise DealError(f"its {b.name} deal does not show a face-up item it drew")
            placed = [items[pl.tile] for pl in msg.plays if pl.position not in shows]
            face_up = self._face_up(b.name)
            for j, (k, text, item) in enumerate([n for n in needed[b.name] if n[2] not in face_up]):
                if j >= len(placed) or placed[j] != item:
                    raise problem(f"move {k} ({text}) places {item}, but its deal message does not "
                                  "show it from a position its player drew", "not_drawn")
            if len(placed) > len([n for n in needed[b.name] if n[2] not in face_up]):
                raise GameError(f"its {b.name} deal shows an item no move placed")
            self._check_keys(msg, b, d, wants[b.name])

    def _check_keys(self, msg, bag, d, want: list) -> None:
        """The friend gave the keys it owes: of every item this seat drew and cannot open yet,
        and from hop 2 on, of its next ``ahead`` draws (at the end, its seed instead)."""
        if msg.step < 1 or msg.seed is not None:
            return
        me = self.seat
        opened = sum(1 for pos in d.reserved_for(me) if pos not in d.drawn_by and d.openable(me, pos))
        left = len(bag.items) - sum(want)
        owed = want[me] - len(d.drawn[me]) + (min(bag.ahead, left) if msg.step >= 2 else 0)
        if opened < owed:
            raise DealError(f"its {bag.name} deal gives the keys of {opened} of your draws, not {owed}")

    # ----------------------------------------------------------------- the audit
    def audit(self) -> dict:
        """Once both seeds are shown: every deal's audit and the whole game replayed with
        every item known (:func:`pygame_core.hidden_audit.audit_bags`)."""
        if not self.finished:
            raise GameError("the audit needs both players' keys: finish the game first")
        return self.resigned_audit(audit_bags(self))
