"""The Codex Naturalis agents (rules spec section 10).  Every agent plays on
``game.view(me)``: its own hand and objectives, every play area, the market and card backs.

* :class:`CodexGreedyAgent` (``codex-greedy``; agent names are global): the placement with the
  most immediate points, ties to the larger gain on its own objectives (common and secret),
  then its RNG; draws the face-up card that would score most on its next placement, else from
  the deck whose top card's kingdom its gold cards need most.
"""

from __future__ import annotations

from ...agents import Agent, register
from ...agents.mcts import MCTSAgent
from .notation import DrawMove, ObjectiveMove, PlayMove, StarterMove
from .pieces import load_cards


def _objective_value(field, objectives, ids) -> int:
    return sum(objectives[o].points * field.objective_count(objectives[o]) for o in ids if o is not None)


@register
class CodexGreedyAgent(Agent):
    name = "codex-greedy"
    title = "Greedy"
    description = ("Plays the card that scores most right now (ties: the one that helps its "
                   "objectives most), then draws the card it can score with next.")
    games = ("codex",)
    strength = 3  # beat the generic MCTS 8.5 of 12 and Random 20 of 20

    def choose(self, game):
        self._require_turn(game)
        me = game.current_player
        view = game.view(me)
        legal = view.legal_moves()
        first = legal[0]
        if isinstance(first, StarterMove):
            return next(m for m in legal if m.front)  # the front shows the centre resources
        if isinstance(first, ObjectiveMove):
            return legal[self.rng.below(len(legal))]
        if isinstance(first, DrawMove):
            return self._draw(view, me, legal)
        return self._place(view, me, legal)

    def _place(self, view, me, legal):
        cards, objectives = load_cards()
        field = view.fields[me]
        mine = list(view.common) + [view.secret[me]]
        base = _objective_value(field, objectives, mine)
        best, best_key = [], None
        for m in legal:
            if not isinstance(m, PlayMove):
                continue
            trial = field.copy()
            points = trial.place_unchecked(cards[m.card], m.front, m.at).points
            key = (points, _objective_value(trial, objectives, mine) - base)
            if best_key is None or key > best_key:
                best, best_key = [m], key
            elif key == best_key:
                best.append(m)
        if not best:
            return legal[0]  # pass
        return best[0] if len(best) == 1 else best[self.rng.below(len(best))]

    def _draw(self, view, me, legal):
        cards, _ = load_cards()
        field = view.fields[me]
        spots = sorted(field.available)
        best, best_points = None, 0
        for m in legal:
            if m.source.isdigit():
                card = cards[int(m.source)]
                if card.type == "gold" and any(field.counts[s] < n for s, n in card.front.requires.items()):
                    continue
                for p in spots[:12]:
                    pts = field.copy().place_unchecked(card, True, p).points
                    if pts > best_points:
                        best, best_points = m, pts
        if best is not None:
            return best
        need = {k: 0 for k in ("fungi", "plant", "animal", "insect")}
        for cid in view.hands[me]:
            if isinstance(cid, int) and cards[cid].type == "gold":
                for s, n in cards[cid].front.requires.items():
                    need[s] += max(0, n - field.counts[s])
        decks = []
        for m in legal:
            if m.source in ("resource-deck", "gold-deck"):
                deck = view.resource_deck if m.source == "resource-deck" else view.gold_deck
                top = deck[-1] if deck else None
                kingdom = getattr(top, "kingdom", None)
                decks.append((need.get(kingdom, 0), m.source == "gold-deck", m))
        if decks:
            return max(decks, key=lambda t: (t[0], t[1]))[2]
        return legal[self.rng.below(len(legal))]


@register
class CodexISMCTSAgent(MCTSAgent):
    """The generic information-set search of :mod:`pygame_core.agents.mcts` with the Codex hooks
    of :mod:`.search`: it samples the hands, deck order and secret objectives it
    cannot see, searches the best few placements and every draw, and plays each sample a few
    turns ahead by the placement value, scoring points plus objective points so far."""

    name = "codex-ismcts"
    title = "ISMCTS"
    description = ("Guesses the cards it cannot see many times over, plays each guess a few turns "
                   "ahead and keeps the move that did best.")
    games = ("codex",)
    strength = 4
    exploration = 0.7
