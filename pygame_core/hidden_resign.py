"""Resigning a hidden-hand game by link (:mod:`pygame_core.hidden`, :mod:`pygame_core.hidden_bags`).

A seat resigns with a link of its own at any point after the deal's locks (from step 3, its
turn or not): its last link (its last deal hop and moves, so a receiver that missed that hop
takes it in first) with the header field ``"x": [its seat, its seed]``.  Why this is sound:

* **Only that player can make it.**  The seed is the seat's one secret (every key derives from
  it) and the deal published a commitment to it at the seat's first shuffle, bound to the game
  id and the seat (:func:`pygame_core.deal.proofs.commitment`).  The receiver checks the seed
  against that commitment in its own copy of the deal (per bag for iwoki and Codex).  Anybody
  else would need a preimage of the hash: the friend cannot forge it, and a resignation of
  another game (a rematch's, say) or of the other seat does not match.
* **It cannot be taken back or replayed into a live game.**  Once its seed is shown every one
  of the seat's locks is open: the game cannot go on, so a resignation ends it for good.  A
  resignation received again is "nothing new" (the game is already over), and it cannot be
  moved to another game or seat (the commitment differs), so it is refused there, the game
  as it was.
* **The audit runs at once.**  The receiver knows its own seed: with the resigner's it holds
  every key, so its page runs :meth:`audit` at once (the deal replayed, every move checked).
  It answers with a link that shows its own seed (``"x": [the resigner, its seed]``) so the
  resigner audits too.  The receiver shows its seed only after the resignation is verified.
  If both seats resign (crossing links), both seeds are shown and nobody wins.

A seat's record keeps ``resigned`` (the seats that resigned) and ``shown`` (the seeds shown by
such links); older records have neither and load as games nobody resigned.
"""
from __future__ import annotations

from .core import GameError, InvalidRecordError, game_class, quote
from .deal.messages import DealError, parse
from .deal.proofs import commitment
from .hidden_common import DAMAGED, bag_seed, hidden_of
from .records.v4 import encode_hidden_link

SETUP_STEPS = 3      # two players: the locks, shuffles and relocks take three hops


def _seeds(player, seed: bytes) -> list:
    """``(deal, seed)`` per bag: a game with several bags derives one seed per bag."""
    if hasattr(player, "dps"):
        return [(dp.deal, bag_seed(seed, name)) for name, dp in player.dps.items()]
    return [(player.dp.deal, seed)]


def _own_seed(player) -> bytes:
    return player.seed if hasattr(player, "dps") else player.dp.seed


def _step(player) -> int:
    return player.step if hasattr(player, "dps") else player.deal.step


def _show(player, seat: int, seed: bytes, check: bool = True) -> None:
    """Put ``seat``'s seed in every deal of ``player`` (checked against its commitment)."""
    pairs = _seeds(player, seed)
    if check:
        for deal, s in pairs:
            if deal is None or deal.commits[seat] is None \
                    or commitment(deal.setup.game_id, seat, s) != deal.commits[seat]:
                raise InvalidRecordError(f"a forged resignation: its key is not player {seat + 1}'s (it does not "
                                         "match the commitment of this game's deal); nothing changed",
                                         detail="hidden_forged_resignation", params={"n": seat + 1})
    for deal, s in pairs:
        deal.seeds[seat] = s
    player.shown[seat] = bytes(seed)


def _relink(player, resign: tuple) -> str:
    """This seat's last link again, with ``resign`` (``(seat, seed)``) in its header."""
    h = hidden_of(player.last_link)
    return encode_hidden_link(game_class(player.game_id)(seed=0, **player.options), game_id=player.id,
                              sender=player.seat, start=player.start, moves=h["moves"], hops=h["hops"],
                              first_player=h["first_player"], names=player.names, resign=resign)


class Resigning:
    """What a seat of either kind does to resign, and to take in a resignation (its
    ``resigned``: the seats that resigned; ``shown``: seat -> seed shown by such a link)."""
    resigned: list
    shown: dict

    def load_resign(self, state: dict) -> None:
        """Read ``resigned`` and ``shown`` from a record (absent in older ones) and put the
        shown seeds back in the deals (checked when they came)."""
        try:
            resigned, shown = list(state.get("resigned", [])), dict(state.get("shown", {}))
            seeds = {int(k): bytes.fromhex(v) for k, v in shown.items()}
            if any(s not in (0, 1) for s in [*resigned, *seeds]) or any(len(v) != 32 for v in seeds.values()):
                raise ValueError
        except (TypeError, ValueError, AttributeError):
            raise InvalidRecordError(DAMAGED, detail="hidden_record_damaged") from None
        self.resigned, self.shown = resigned, {}
        for seat, seed in seeds.items():
            _show(self, seat, seed, check=False)

    def resign_json(self) -> dict:
        return {"resigned": list(self.resigned), "shown": {str(k): v.hex() for k, v in sorted(self.shown.items())}}

    @property
    def can_resign(self) -> bool:
        """Whether this seat may resign now: after the deal's locks, before the game's end."""
        game = self.game
        return not self.resigned and not self.finished and _step(self) >= SETUP_STEPS \
            and not (game is not None and game.is_over) and not self._seeds_out()

    def _seeds_out(self) -> bool:
        deals = [dp.deal for dp in self.dps.values()] if hasattr(self, "dps") else [self.deal]
        return any(d is not None and d.seeds for d in deals)

    def resign(self) -> str:
        """Resign: the link to send (it shows this seat's seed: the game cannot go on).
        ``GameError`` before the deal's locks are done or after the game's end; resigning
        again gives the same link."""
        if self.seat in self.resigned:
            return self.last_link
        if self.resigned:
            raise GameError("your friend resigned: the game is over", detail="hidden_game_over")
        if not self.can_resign:
            if _step(self) < SETUP_STEPS:
                raise GameError("you can resign once the deal is done (after its first three links)",
                                detail="hidden_resign_early")
            raise GameError("the game is over: there is nothing to resign", detail="hidden_resign_over")
        seed = _own_seed(self)
        self.last_link = _relink(self, (self.seat, seed))
        _show(self, self.seat, seed, check=False)
        self.resigned = [self.seat]
        return self.last_link

    def resigned_audit(self, out: dict) -> dict:
        """The audit's ``out`` with the result of a resignation: ``result``, ``winners`` and
        ``resigned`` (the seats; [] when nobody resigned)."""
        out["resigned"] = sorted(self.resigned)
        if self.resigned:       # (the page words a resignation itself: no result_code)
            out["result_code"] = None
            if len(self.resigned) == 2:
                out.update(result="Both players resigned: nobody wins.", winners=[])
            else:
                r = self.resigned[0]
                out.update(result=f"Player {r + 1} resigned: player {2 - r} wins.", winners=[1 - r])
        return out

    def resign_status_name(self) -> str:
        """What this seat does next once someone resigned (a name of ``STATUS``)."""
        if len(self.resigned) == 2:
            return "resigned_both"
        if self.resigned[0] == self.seat:
            return "resigned_me_over" if self.finished else "resigned_me"
        return "resigned_friend"

    def take_resignation(self, h: dict, receive) -> dict:
        """Take in a link whose header resigns (``h``: :func:`hidden_of`'s): the friend's
        resignation, or the friend's answer to this seat's.  ``receive(h)``: the normal way in
        for the hop the link carries, when this seat has not taken it in."""
        p = self.other
        if h["resign"] is None:                  # (a link that crossed a resignation)
            ended = self._ended_before(h, receive) if self.resigned == [self.seat] else None
            if ended:
                return ended
            who = "you" if self.resigned == [self.seat] else "your friend"
            return {"status": "current", "new": [],
                    "message": f"The game is over: {who} resigned. This link changes nothing."}
        seat, seed = h["resign"]
        if seat == p and p in self.resigned or seat == self.seat and p in self.shown:
            return {"status": "current", "new": [], "message": "This link holds nothing new."}
        saved = self.to_json()
        try:
            if seat == self.seat:             # the friend's answer to this seat's resignation
                if self.seat not in self.resigned:
                    raise InvalidRecordError("this link answers a resignation you did not make",
                                             detail="hidden_answer_unasked")
                _show(self, p, seed)
                return {"status": "ahead", "new": [], "message": "Your friend's keys: run the audit."}
            if self.finished or (self.game is not None and self.game.is_over) or p in self.shown:
                raise InvalidRecordError("the game is over already: a resignation comes too late",
                                         detail="hidden_resign_late")
            new = self._catch_up(h, receive)
            if _step(self) < SETUP_STEPS:
                raise InvalidRecordError("a resignation before the deal is done is not valid",
                                         detail="hidden_resign_before_deal")
            _show(self, p, seed)
            self.resigned = self.resigned + [p]
            if self.seat not in self.shown:      # (verified: now this seat shows its own seed)
                mine = _own_seed(self)
                _show(self, self.seat, mine, check=False)
                self.last_link = _relink(self, (p, mine))
        except (InvalidRecordError, GameError) as exc:
            self._load(saved)
            raise InvalidRecordError(str(exc), detail=exc.detail, params=exc.params) from None
        return {"status": "ahead", "new": new, "message": "Your friend resigned: you win."}

    def _ended_before(self, h: dict, receive):
        """The friend's link ended the game before this seat's resignation reached it (the
        friend refuses it as too late): the resignation does not count, the link is taken in
        as usual (this seat's next link shows its keys, as at any end).  None otherwise."""
        saved = self.to_json()
        own = self.shown.pop(self.seat)
        for deal, _ in _seeds(self, own):
            deal.seeds.pop(self.seat, None)
        self.resigned = []
        try:
            got = receive(h)
            if got["status"] == "ahead" and self.game is not None and self.game.is_over:
                return {**got, "message": "The game ended before your resignation reached your friend: "
                                          "it does not count. " + got["message"]}
        except (InvalidRecordError, GameError):
            pass
        self._load(saved)
        return None

    def _catch_up(self, h: dict, receive) -> list:
        """Take in the hop a resignation carries if this seat missed it; else its moves must
        be a beginning of this seat's."""
        moves, mine = h["moves"], self.moves
        for k, (a, b) in enumerate(zip(mine, moves), 1):
            if a != b:
                raise InvalidRecordError(f"this resignation changes move {k} from {quote(a, 20)} to {quote(b, 20)}",
                                         detail="hidden_changes_move", params={"n": k})
        sizes = [len(b.items) for b in self.spec.bags]
        try:
            steps = [parse(data, size).step for data, size in zip(h["hops"], sizes)]
        except DealError as exc:
            raise InvalidRecordError(f"the link's deal message is damaged: {exc}", detail="hidden_damaged") from None
        if len(moves) > len(mine) or any(s >= _step(self) for s in steps):
            got = receive({**h, "resign": None})
            return list(got["new"])
        return []
