"""The end of a hidden-hand game by link (:mod:`pygame_core.hidden`): once both seeds are
revealed, the fair deal's own audit, then the whole game replayed with every tile known, so a
player who decided the opener wrongly or played a tile it did not hold is named.  Each
problem comes in English (``problems``: what the CLI prints) and as a code (``codes``, the
same order: :mod:`pygame_core.words`, keys ``audit.*``), which the page words."""
from __future__ import annotations

from .bag import DrawSource
from .core import GameError, game_class
from .words import code, player as seat

class FullBag(DrawSource):
    """Every tile known (after the audit): the dealt hands and each seat's draws in order."""

    def __init__(self, hands, draws, first_player=None):
        self.hands, self.queues, self.first_player = hands, [list(q) for q in draws], first_player

    def deal(self, game, tiles, hand_sizes):
        return [list(h) for h in self.hands], [None] * (len(tiles) - sum(hand_sizes))

    def draw(self, game, player):
        game.pool.pop()
        return self.queues[player].pop(0) if self.queues[player] else None


def _blame(out: dict, who: int, text: str, problem: dict) -> None:
    """A problem naming seat ``who`` a cheater, in English and as a code (as the deal's audit's)."""
    out["cheaters"].add(who)
    out["problems"].append(f"player {who + 1}: {text}")
    out["codes"].append(code("audit.player", player=seat(who), problem=problem))


def _replay(full, moves: list, out: dict) -> None:
    """Play ``moves`` on ``full`` (every item known): the first one not legal names its mover
    (the rules' reason in English: the rules' errors have no code)."""
    for k, text in enumerate(moves, 1):
        who = full.current_player
        try:
            full.play(text)
        except GameError as exc:
            _blame(out, who, f"move {k} ({text}) was not legal with the tiles it held: {exc}",
                   code("audit.illegal", n=k, move=text, reason=str(exc)))
            return


def audit(player) -> dict:
    """The audit of a finished :class:`~pygame_core.hidden.HiddenPlayer`: ``{"ok", "problems",
    "codes", "cheaters" (seats), "result" (and its code, ``result_code``), "scores", "winners",
    "hands"}``."""
    report = player.dp.audit()
    problems, cheaters = list(report.problems), set(report.cheaters)
    out = {"ok": False, "problems": problems, "codes": list(report.codes), "cheaters": cheaters, "result": "",
           "scores": None, "winners": [], "hands": []}
    if problems and any(t is None for t in report.tiles):
        out["cheaters"] = sorted(cheaters)
        return out
    tiles, hand = player.tiles, player.hand_size
    d = player.deal
    hands = [[tiles[report.tiles[pos]] for pos in d.drawn[p][:hand]] for p in (0, 1)]
    draws = [[tiles[report.tiles[pos]] for pos in d.drawn[p][hand:]] for p in (0, 1)]
    out["hands"] = [[str(t) for t in sorted(h)] for h in hands]
    if any(len(h) < hand for h in hands):       # (a resignation before both hands were drawn)
        out.update(ok=not problems, cheaters=sorted(cheaters))
        return out
    cls = game_class(player.game_id)
    fair = cls.from_source(FullBag(hands, draws), **player.options)
    if player.first_player is not None and fair.opener != player.first_player:
        who = player.decided_by if player.decided_by is not None else player.first_player
        _blame(out, who, f"decided that player {player.first_player + 1} opens, but player {fair.opener + 1} held "
               "the best hand", code("audit.opener", opener=seat(player.first_player), best=seat(fair.opener)))
    full = cls.from_source(FullBag(hands, draws, player.first_player), **player.options)
    _replay(full, player.moves, out)
    out.update(ok=not problems, cheaters=sorted(cheaters), result=full.result_text(),
               result_code=full.result_code(), scores=full.scores,
               winners=list(full.winners))
    return out


def audit_bags(player) -> dict:
    """The audit of a finished :class:`~pygame_core.hidden_bags.BagsPlayer`: every bag's deal
    audit, then the whole game replayed with every item known (each seat's requests answered
    by the positions it drew, in order), naming whoever made a move it could not make.  Its
    ``hands``: per seat, every hidden item it drew (face-up ones left out)."""
    problems, codes, cheaters, reports = [], [], set(), {}
    for name, dp in player.dps.items():
        report = reports[name] = dp.audit()
        problems += [f"{name} bag, {p}" for p in report.problems]
        codes += [code("audit.in_bag", bag=code(f"audit.bag.{name}"), problem=c) for c in report.codes]
        cheaters |= report.cheaters
    out = {"ok": False, "problems": problems, "codes": codes, "cheaters": cheaters, "result": "", "scores": None,
           "winners": [], "hands": []}
    if any(t is None for report in reports.values() for t in report.tiles):
        out["cheaters"] = sorted(cheaters)
        return out

    def known(bag, opener, k, public):
        drawn = player.dps[bag].deal.drawn[opener]
        return player.items[bag][reports[bag].tiles[drawn[k]]] if k < len(drawn) else None
    full, source = player._build([], known, viewer=None)
    _replay(full, player.moves, out)
    out["hands"] = [[str(known(b, q, k, False)) for b in source.log
                     for k, public in enumerate(pub for who, pub in source.log[b].values() if who == q)
                     if not public and k < len(player.dps[b].deal.drawn[q])] for q in (0, 1)]
    out.update(ok=not problems, cheaters=sorted(cheaters), result=full.result_text(),
               result_code=full.result_code(), scores=full.scores,
               winners=list(full.winners))
    return out
