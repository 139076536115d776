"""The Codex Naturalis game (rules: docs/rules/codex.md, after the "Design proposal for the
Game Field" of the LucaLeonx/ing-sw-2024 project).  Unofficial implementation of the rules; CODEX
Naturalis is a trademark of its publisher.

:class:`CodexGame` is the game (registered as ``"codex"``): setup from the seed, starter and
objective choices as moves, place-then-draw turns, the market, the end trigger with the extra
round, objectives and the tie-break; ``view``/``determinize`` for hidden hands and objectives.
Decks, hands, face-up cards, objectives and who starts come from the game's draw source
(:mod:`pygame_core.bag`; by link, the fair deal: :meth:`CodexGame.hidden_spec`); its texts for people
are in :mod:`.words`. The model it plays on (:mod:`.pieces`, :mod:`.board`) stands on its own.
"""

from __future__ import annotations

from typing import ClassVar

from ...bag import BagSpec, HiddenSpec
from ...core import Game, IllegalMoveError, Option, Rng, register_game
from .board import GameField
from .notation import CODEX_PASS, DrawMove, ObjectiveMove, PlayMove, StarterMove, parse_codex_move
from .pieces import HiddenCard, load_cards
from .search import HOOKS
from .words import move_words, status_words

END_SCORE = 20
HAND_DEAL = ("resource", "resource", "gold")
PLAYER_NAMES = ("Player 1", "Player 2", "Player 3", "Player 4")


def _bag_items(kind: str) -> list:
    """A bag before its shuffle: the card ids of a type, or the objective ids."""
    cards, objectives = load_cards()
    if kind == "objective":
        return sorted(objectives)
    return [c.id for c in cards.values() if c.type == kind]


class CodexGame(Game):
    """Codex Naturalis for 2-4 players (rules spec sections 4-7).  Phases: ``starter`` (each
    player places their starter card), ``objective`` (each keeps one of two objectives), then
    ``play`` turns of two steps, ``place`` then ``draw``.

    One addition to the spec's end trigger (section 7), so that every game ends: a ``pass``
    made when *no* play area has a free card position left (nobody can ever place a card
    again, e.g. every area walled in by hidden corners) triggers the end like 20 points do.
    Without it such a game would pass forever (see :meth:`max_moves`)."""

    game_id = "codex"
    title = "Codex Naturalis"
    description = ("Build your own manuscript: lay cards over the corners of your cards, collect "
                   "symbols for gold cards, score objectives. 2-4 players. Unofficial implementation.")
    hidden_information = True
    SEAT_OPTION = "players"
    SEAT_NAMES = PLAYER_NAMES
    OPTIONS = (Option("players", "int", 2, "Players", "number of players (2-4)", minimum=2, maximum=4),)

    @classmethod
    def hidden_spec(cls, options: dict) -> HiddenSpec:
        """Played apart by link (:mod:`pygame_core.hidden_bags`): the two decks hidden, a
        deck's card opened for its drawer only in answer to the draw (no key travels ahead: a
        card drawn at the end of a turn is needed only at the next, and nobody reads a deck's
        top before choosing between it and the face-up cards); a face-up card put out to
        replace one taken is opened by the other seat, which shows it in its next link; starter
        cards face up; objectives: the two common ones face up, each seat's two hidden."""
        n = options["players"]
        bags = [BagSpec(kind, tuple(_bag_items(kind))) for kind in ("resource", "gold")]
        bags += [BagSpec("starter", tuple(_bag_items("starter")), public=True),
                 BagSpec("objective", tuple(_bag_items("objective"))),
                 BagSpec("first", tuple(range(n)), public=True)]
        return HiddenSpec(tuple(bags))

    def _setup(self) -> None:
        n = self.options["players"]
        src = self.draw_source
        self.resource_deck = src.shuffle(self, _bag_items("resource"), "resource")
        self.gold_deck = src.shuffle(self, _bag_items("gold"), "gold")
        starters = src.shuffle(self, _bag_items("starter"), "starter")
        objs = src.shuffle(self, _bag_items("objective"), "objective")
        self.market: list = [self._face_up(src.draw(self, None, deck, kind, True), kind) for deck, kind in (
            (self.resource_deck, "resource"), (self.resource_deck, "resource"),
            (self.gold_deck, "gold"), (self.gold_deck, "gold"))]
        self.starters = [src.draw(self, q, starters, "starter", True) for q in range(n)]
        self.hands: list[list] = [[] for _ in range(n)]
        for q in range(n):
            for kind in HAND_DEAL:
                self.hands[q].append(src.draw(self, q, self.resource_deck if kind == "resource"
                                              else self.gold_deck, kind))
        self.common = [src.draw(self, None, objs, "objective", True) for _ in range(2)]
        self.dealt = [[src.draw(self, q, objs, "objective") for _ in range(2)] for q in range(n)]
        self.objective_rest = objs  # never used in play
        self.secret: list = [None] * n
        self.first = src.below(self, n, "first")
        self.turn = self.first
        self.phase, self.step = "starter", "place"
        self.fields = [GameField() for _ in range(n)]
        self.points = [0] * n
        self.turns_left: int | None = None  # after the end is triggered: turns still to play
        self.events: list[dict] = []
        self.final: dict | None = None  # objective points and completions, at the end
        self._over = False
        self._winners: list[int] = []
        self._viewer: int | None = None

    @classmethod
    def max_moves(cls, options: dict) -> int:
        """``2n + 2H + (n - 1)(H + 1) + 4n`` for ``n`` players and the ``H = 80`` resource and
        gold cards (n = 2: 253, n = 4: 427).  Proof, part by part:

        * setup: ``starter`` then ``objective`` phases, one move per player each (:meth:`_check`
          allows nothing else): ``2n`` moves;
        * a ``play`` move puts a card of the player's hand into their area for good, and hands
          only ever hold resource and gold cards, so at most ``H`` play moves happen in a game;
          a ``draw`` move only follows a play move: at most ``2H`` moves for both;
        * ``pass`` (legal only when the player can place nothing): until the end is triggered
          (:meth:`_end_turn`) both decks are never empty at the start of a turn, so every hand
          holds 3 cards then, and a card's back fits any free position: a pass means the
          player's area has no free position, and it never gets one again (only a placement in
          that area adds one).  So ``n`` passes in a row are made by ``n`` different players
          whose areas are all closed, and the last of them triggers the end (a pass with every
          area closed does).  Before the trigger, runs of passes are thus at most ``n - 1``
          long and separated by play turns: at most ``(n - 1)(H + 1)`` passes;
        * the triggering turn and the turns after it (the rest of its round and one more round,
          ``2n - 1`` at most): at most ``2n`` turns of at most 2 moves, ``4n`` moves.
        """
        cards, _ = load_cards()
        n = options["players"]
        hand_cards = sum(1 for c in cards.values() if c.type != "starter")
        return 2 * n + 2 * hand_cards + (n - 1) * (hand_cards + 1) + 4 * n

    def _copy_state(self, other: "CodexGame") -> None:
        for name in ("resource_deck", "gold_deck", "market", "starters", "common", "secret",
                     "objective_rest", "points", "events"):
            setattr(other, name, list(getattr(self, name)))
        other.hands = [list(h) for h in self.hands]
        other.dealt = [list(d) for d in self.dealt]
        other.fields = [f.copy() for f in self.fields]
        for name in ("first", "turn", "phase", "step", "turns_left", "final", "_over", "_viewer"):
            setattr(other, name, getattr(self, name))
        other._winners = list(self._winners)

    # ---- protocol ------------------------------------------------------------------------
    @property
    def player_names(self) -> list[str]:
        return list(PLAYER_NAMES[: self.options["players"]])

    def held(self) -> list[dict[str, int]]:
        return [{"cards": len(h)} for h in self.hands]

    @property
    def turn_order(self) -> list[int]:
        n = self.options["players"]
        return [(self.first + k) % n for k in range(n)]

    @property
    def movers(self) -> list[int]:
        return [e["player"] for e in self.events]

    @property
    def current_player(self) -> int | None:
        return None if self._over else self.turn

    @property
    def winners(self) -> list[int]:
        return list(self._winners)

    @property
    def scores(self) -> list[int]:
        if self.final is None:
            return list(self.points)
        return [p + o for p, o in zip(self.points, self.final["objective_points"])]

    def parse_move(self, text: str):
        t = text.strip().lower()
        if t in ("objective #1", "objective #2"):   # by link: which of the two dealt, kept secret
            return ObjectiveMove(self.dealt[self.turn][int(t[-1]) - 1])
        return parse_codex_move(text)

    def link_text(self, move) -> str:
        """A move's text in a link (:mod:`pygame_core.hidden_bags`): a secret objective kept is
        ``objective #1`` or ``#2``, which of the two dealt; every other move is public."""
        if isinstance(move, ObjectiveMove) and move.objective in self.dealt[self.turn]:
            return f"objective #{self.dealt[self.turn].index(move.objective) + 1}"
        return self.format_move(move)

    def hidden_play(self, move):
        """``(bag, card)`` of a card ``move`` takes from its player's hidden hand, else None."""
        if isinstance(move, PlayMove):
            card = load_cards()[0].get(move.card)
            return (card.type, move.card) if card is not None else None
        return None

    def coerce_move(self, move):
        if isinstance(move, (StarterMove, ObjectiveMove, PlayMove, DrawMove)) or move == CODEX_PASS:
            return move
        return super().coerce_move(move)

    # ---- legal moves -------------------------------------------------------------------------
    def placements(self, p: int | None = None) -> list:
        """Every legal ``PlayMove`` of player ``p`` (default: to move)."""
        p = self.turn if p is None else p
        cards, _ = load_cards()
        f = self.fields[p]
        out = []
        spots = sorted(f.available)
        for cid in self.hands[p]:
            if not isinstance(cid, int):
                continue
            card = cards[cid]
            for front in (True, False):
                if front and card.type == "gold" and any(f.counts[s] < k for s, k in card.front.requires.items()):
                    continue
                out.extend(PlayMove(cid, front, q) for q in spots)
        return out

    def _market_slot(self, cid: int) -> int | None:
        """The face-up slot of card ``cid``; in a seat's copy played by link, where a face-up
        card may not be shown yet, a slot of its type not yet known."""
        if cid in self.market:
            return self.market.index(cid)
        card = load_cards()[0].get(cid)
        if self.draw_source.viewer is None or card is None or card.type not in ("resource", "gold"):
            return None
        unknown = [k for k in ((0, 1) if card.type == "resource" else (2, 3))
                   if isinstance(self.market[k], HiddenCard)]
        return unknown[0] if unknown else None

    @staticmethod
    def _face_up(card, kind: str):
        """A face-up card, or (by link, not shown to this seat yet) the back of one."""
        return HiddenCard(kind, None) if card is None else card

    def draws(self) -> list:
        out = []
        if self.resource_deck:
            out.append(DrawMove("resource-deck"))
        if self.gold_deck:
            out.append(DrawMove("gold-deck"))
        out.extend(DrawMove(str(c)) for c in self.market if isinstance(c, int))
        return out

    def _legal_moves(self) -> list:
        p = self.turn
        if self.phase == "starter":
            return [StarterMove(self.starters[p], True), StarterMove(self.starters[p], False)]
        if self.phase == "objective":
            return [ObjectiveMove(o) for o in self.dealt[p] if isinstance(o, int)]
        if self.step == "draw":
            return self.draws()
        return self.placements() or [CODEX_PASS]

    def _check(self, move) -> None:
        p = self.turn
        name = self.player_names[p]
        cards, _ = load_cards()
        if self.phase == "starter":
            if not isinstance(move, StarterMove):
                raise IllegalMoveError(f"{name} first places their starter card: starter {self.starters[p]} front|back")
            if move.card != self.starters[p] and self.starters[p] is not None:   # (None: not yet shown)
                raise IllegalMoveError(f"{name}'s starter card is {self.starters[p]}, not {move.card}")
            return
        if self.phase == "objective":
            if not isinstance(move, ObjectiveMove):
                raise IllegalMoveError(f"{name} first chooses a secret objective: "
                                       + " or ".join(f"objective {o}" for o in self.dealt[p]))
            if move.objective not in self.dealt[p]:
                raise IllegalMoveError(f"objective {move.objective} is not one of {name}'s two objective cards")
            return
        if self.step == "draw":
            if not isinstance(move, DrawMove):
                raise IllegalMoveError(f"{name} has placed a card and now draws one")
            if move.source == "resource-deck" and not self.resource_deck:
                raise IllegalMoveError("the resource deck is empty")
            if move.source == "gold-deck" and not self.gold_deck:
                raise IllegalMoveError("the gold deck is empty")
            if move.source not in ("resource-deck", "gold-deck") and self._market_slot(int(move.source)) is None:
                raise IllegalMoveError(f"card {move.source} is not face up")
            return
        if move == CODEX_PASS:
            if self.placements():
                raise IllegalMoveError("you may pass only when no card can be placed")
            return
        if not isinstance(move, PlayMove):
            raise IllegalMoveError(f"{name} places a card first: play <card> front|back at (x,y)")
        if move.card not in self.hands[p]:
            if self._viewer is None or self._viewer == p:
                raise IllegalMoveError(f"card {move.card} is not in {name}'s hand")
            seen = move.card in self.market or any(c.card.id == move.card for f in self.fields
                                                   for c in f.cards.values())
            if seen:     # a view: a hidden hand may hold any card but those in sight elsewhere
                raise IllegalMoveError(f"card {move.card} is not in {name}'s hand: it is in sight")
        card = cards.get(move.card)
        if card is None or card.type == "starter":
            raise IllegalMoveError(f"card {move.card} cannot be played from a hand")
        reason = self.fields[p].check(card, move.front, move.at)
        if reason:
            raise IllegalMoveError(f"{move} is illegal: {reason}")

    # ---- playing ---------------------------------------------------------------------------------
    def apply(self, move) -> None:
        p = self.turn
        n = self.options["players"]
        cards, _ = load_cards()
        self.history.append(move)
        event = {"player": p, "move": str(move)}
        self.events.append(event)
        if self.phase in ("starter", "objective"):
            if self.phase == "starter":
                self.fields[p].place_starter(cards[move.card], move.front)
            else:
                self.secret[p] = move.objective
            self.turn = (p + 1) % n
            if self.turn == self.first:
                self.phase = "objective" if self.phase == "starter" else "play"
            return
        if self.step == "place":
            if move == CODEX_PASS:
                # a pass when no play area has a free position left: nobody can ever place a
                # card again, so the end is triggered (else the passes would never end)
                self._end_turn(closed=not any(f.available for f in self.fields))
                return
            hand = self.hands[p]
            hand.remove(move.card if move.card in hand else next(c for c in hand if not isinstance(c, int)))
            res = self.fields[p].place_unchecked(cards[move.card], move.front, move.at)
            self.points[p] += res.points
            event["points"] = res.points
            if self.draws() or any(isinstance(c, HiddenCard) for c in self.market):
                self.step = "draw"
            else:
                self._end_turn()
            return
        # draw
        src, source = move.source, self.draw_source
        if src in ("resource-deck", "gold-deck"):
            kind = src[:-5]
            card = source.draw(self, p, self.resource_deck if kind == "resource" else self.gold_deck, kind)
        else:
            cid = int(src)
            slot = self._market_slot(cid)
            card = cid
            kind, other = ("resource", "gold") if slot < 2 else ("gold", "resource")
            decks = {"resource": self.resource_deck, "gold": self.gold_deck}
            refill = kind if decks[kind] else (other if decks[other] else None)
            self.market[slot] = None if refill is None else self._face_up(
                source.draw(self, p, decks[refill], refill, True), refill)
        self.hands[p].append(card)
        self._end_turn()

    def _end_turn(self, closed: bool = False) -> None:
        """End the turn; trigger the end on 20 points, on both decks empty, or (``closed``)
        on a pass when no play area has a free card position left."""
        n = self.options["players"]
        p = self.turn
        self.step = "place"
        if self.turns_left is None and (self.points[p] >= END_SCORE or closed
                                        or (not self.resource_deck and not self.gold_deck)):
            pos = (p - self.first) % n  # this turn's place in the round
            self.turns_left = (n - 1 - pos) + n  # the rest of this round, then one more round
            self.events[-1]["end_triggered"] = True
        elif self.turns_left is not None:
            self.turns_left -= 1
        if self.turns_left == 0:
            self._finish()
            return
        self.turn = (p + 1) % n

    def _finish(self) -> None:
        _, objectives = load_cards()
        n = self.options["players"]
        pts, done = [], []
        for q in range(n):
            f = self.fields[q]
            mine = [objectives[o] for o in self.common + [self.secret[q]] if o is not None]
            counts = [f.objective_count(o) for o in mine]
            pts.append(sum(o.points * c for o, c in zip(mine, counts)))
            done.append(sum(counts))
        self.final = {"objective_points": pts, "completions": done}
        self._over = True
        totals = self.scores
        best = max(totals)
        top = [q for q in range(n) if totals[q] == best]
        most = max(done[q] for q in top)
        self._winners = [q for q in top if done[q] == most]

    def public_move_text(self, index: int, viewer: int | None) -> str:
        move, mover = self.history[index], self.events[index]["player"]
        if isinstance(move, ObjectiveMove) and viewer is not None and viewer != mover and not self._over:
            return "objective (secret)"
        return self.format_move(move)

    def result_text(self) -> str:
        return status_words(self)[0]

    def result_code(self) -> dict:
        return status_words(self)[1]

    def move_words(self, index: int, viewer: int | None) -> str:
        return move_words(self, index, viewer)[0]

    def move_words_code(self, index: int, viewer: int | None) -> dict:
        return move_words(self, index, viewer)[1]

    # ---- hidden information --------------------------------------------------------
    def view(self, player: int | None) -> "CodexGame":
        """What ``player`` sees: every play area and score, the market, the common objectives,
        card backs (type and kingdom) of every hand and of the deck tops, hand and deck sizes,
        and their own hand and objectives (``None`` = everything)."""
        other = self.clone()
        if player is None or self.is_over:  # at the end every hand and objective is shown
            return other
        cards, _ = load_cards()
        other._viewer = player

        def back(cid):
            return cid if not isinstance(cid, int) else HiddenCard(cards[cid].type, cards[cid].kingdom)

        other.hands = [list(h) if q == player else [back(c) for c in h] for q, h in enumerate(self.hands)]
        for name, kind in (("resource_deck", "resource"), ("gold_deck", "gold")):
            deck = getattr(self, name)
            hidden = [HiddenCard(kind, None)] * len(deck)
            if deck:
                hidden[-1] = back(deck[-1])  # the top card's back is in view
            setattr(other, name, hidden)
        other.dealt = [list(d) if q == player else [None] * len(d) for q, d in enumerate(self.dealt)]
        other.secret = [s if q == player else None for q, s in enumerate(self.secret)]
        other.objective_rest = [None] * len(self.objective_rest)
        other.rng = Rng(0)
        other.seed = 0
        return other

    def determinize(self, rng: Rng) -> "CodexGame":
        """A full game consistent with this view: hidden hands and deck cards sampled to match
        their visible backs, other players' objectives from the unseen objective cards."""
        if self._viewer is None:
            return self.clone()
        cards, objectives = load_cards()
        me = self._viewer
        full = self.clone()
        seen = {c for h in self.hands for c in h if isinstance(c, int)}
        seen.update(c for c in self.market if isinstance(c, int))
        for f in self.fields:
            seen.update(cell.card.id for cell in f.cards.values())
        pool: dict = {}
        for c in cards.values():
            if c.type != "starter" and c.id not in seen:
                pool.setdefault((c.type, c.kingdom), []).append(c.id)
        for ids in pool.values():
            rng.shuffle(ids)

        def take(h: HiddenCard) -> int:
            if h.kingdom is not None:
                return pool[(h.type, h.kingdom)].pop()
            keys = [k for k in sorted(pool, key=str) if k[0] == h.type and pool[k]]
            weights = [len(pool[k]) for k in keys]
            r = rng.below(sum(weights))
            for k, w in zip(keys, weights):
                if r < w:
                    return pool[k].pop()
                r -= w
            raise AssertionError("inconsistent view")

        # constrained slots (known backs) first, then the rest of the decks
        full.hands = [[take(c) if isinstance(c, HiddenCard) else c for c in h] for h in self.hands]
        for name in ("resource_deck", "gold_deck"):
            deck = list(getattr(self, name))
            if deck and deck[-1].kingdom is not None:
                deck[-1] = take(deck[-1])
            setattr(full, name, deck)
        for name in ("resource_deck", "gold_deck"):
            setattr(full, name, [take(c) if isinstance(c, HiddenCard) else c for c in getattr(full, name)])
        unseen_obj = [o for o in sorted(objectives) if o not in self.common and o not in self.dealt[me]]
        rng.shuffle(unseen_obj)
        for q in range(len(self.hands)):
            if q != me:
                full.dealt[q] = [unseen_obj.pop(), unseen_obj.pop()]
                if self.phase == "play" or (self.phase == "objective" and (q - self.first) % len(self.hands)
                                            < (self.turn - self.first) % len(self.hands)):
                    full.secret[q] = full.dealt[q][0]
        full.objective_rest = unseen_obj
        full.rng = Rng(rng.next64())
        full._viewer = None
        return full

    def render_text(self) -> str:
        _, objectives = load_cards()
        lines = [self.result_text(),
                 "Scores: " + ", ".join(f"{n} {s}" for n, s in zip(self.player_names, self.scores)),
                 f"Decks: resource {len(self.resource_deck)}, gold {len(self.gold_deck)}; face up: "
                 + " ".join("-" if c is None else str(c) for c in self.market),
                 "Common objectives: " + "; ".join(f"{o} {objectives[o].describe()}" for o in self.common)]
        for q, f in enumerate(self.fields):
            hand = " ".join(str(c) if isinstance(c, int) else f"?{c.type[0]}" for c in self.hands[q])
            cells = " ".join(f"{c.card.id}{'f' if c.front else 'b'}({p[0]},{p[1]})" for p, c in
                             sorted(f.cards.items(), key=lambda kv: kv[1].order))
            lines.append(f"{self.player_names[q]}: hand {hand or '-'}; area {cells or '-'}")
        return "\n".join(lines)

    search_hooks: ClassVar = HOOKS  # the search's knowledge of this game (search.py)


register_game(CodexGame)
