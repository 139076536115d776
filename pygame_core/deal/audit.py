"""The final audit: with every seed revealed, replay the whole deal and name who cheated.

Each player's seed gives its bag key, permutation and position keys (:class:`.Secrets`), so
every published array can be recomputed from the one before it. A difference is attributed
to the player who published the array: a bag key that is not the seed's, a lock that was
tampered with (an element that is not the locked input), a shuffle that is not the committed
permutation (the right elements in another order), a relock that does not match the keys, a
key given during the game that is not the seed's. Then every position is opened with all the
keys: the bag must hold each tile exactly once, and every tile played must be the one at the
position its player drew.

Each problem is a sentence in English (what the CLI prints) and a code beside it (``codes``:
:mod:`pygame_core.words`, keys ``audit.*``, worded by the page in its reader's language).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from . import ristretto as r
from .protocol import Deal, Secrets


def code(key: str, **params) -> dict:
    """A problem as a code (:func:`pygame_core.words.code`'s form: this package is a leaf)."""
    return {"key": key, "params": params}


@dataclass
class AuditReport:
    """What the audit found: ``problems`` (one sentence each, naming the player and the
    step) and their ``codes`` (one each, in the same order), the players named as cheaters,
    and every position's tile and who drew it."""
    problems: list[str] = field(default_factory=list)
    codes: list[dict] = field(default_factory=list)
    cheaters: set[int] = field(default_factory=set)
    tiles: list[int | None] = field(default_factory=list)
    hands: dict[int, list[int]] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.problems

    def add(self, text: str, words: dict) -> None:
        """A problem: its English and its code."""
        self.problems.append(text)
        self.codes.append(words)

    def blame(self, p: int, text: str, problem: dict) -> None:
        """A problem that names ``p`` a cheater: ``player 2: <text>`` (``audit.player``, the
        ``problem``'s code nested)."""
        self.cheaters.add(p)
        self.add(f"player {p + 1}: {text}", code("audit.player", player={"player": p}, problem=problem))


def audit(deal: Deal) -> AuditReport:
    """Replay the deal from the revealed seeds. Needs every player's seed (see
    ``deal.seeds``); a missing seed is itself reported."""
    report = AuditReport()
    n, m = deal.setup.players, deal.setup.tiles
    missing = [p for p in range(n) if p not in deal.seeds]
    for p in missing:
        report.blame(p, "did not reveal its seed", code("audit.seed_missing"))
    if missing or any(s is None for s in deal.shuffled) or any(x is None for x in deal.relocked):
        if not missing:
            report.add("the deal did not reach its end (a lock round is missing)", code("audit.deal_unfinished"))
        return report
    sec = [Secrets(deal.setup, p, deal.seeds[p]) for p in range(n)]
    for p in range(n):
        _check_player(deal, p, sec[p], report)
    final = deal.latest()
    tiles = deal.tiles[1]
    for pos in range(m):
        factor = 1
        for s in sec:
            factor = factor * s.key(pos) % r.L
        report.tiles.append(tiles.get(r.encode(r.mul(r.scalar_inverse(factor), final[pos]))))
    seen: dict[int, int] = {}
    for pos, tile in enumerate(report.tiles):
        if tile is None:
            report.add(f"position {pos} opens to no tile", code("audit.position_empty", pos=pos))
        elif tile in seen:
            report.add(f"position {pos} opens to tile {tile} twice", code("audit.position_twice", pos=pos, tile=tile))
        else:
            seen[tile] = pos
    for p in range(n):
        report.hands[p] = [report.tiles[pos] for pos in deal.drawn[p]]
    for pos, (p, tile, step) in sorted(deal.played.items()):
        if deal.drawn_by.get(pos) != p or report.tiles[pos] != tile:
            report.blame(p, f"played tile {tile} at step {step}, which it did not draw", code("audit.not_drawn",
                         tile=tile, step=step))
    return report


def _check_player(deal: Deal, p: int, sec: Secrets, report: AuditReport) -> None:
    a = sec.bag_key
    a_pt, a_enc = deal.bag_keys[p]
    s_points, s_enc, s_step = deal.shuffled[p]
    if r.encode(r.base_mul(a)) != a_enc:
        report.blame(p, f"its bag key (step {s_step}) is not the one its seed gives",
                     code("audit.bag_key", step=s_step))
        return
    source = deal.tiles[0] if p == 0 else deal.shuffled[p - 1][0]
    expected = [r.encode(r.mul(a, source[j])) for j in sec.perm]
    if expected != s_enc:
        if sorted(expected) == sorted(s_enc):
            report.blame(p, f"its shuffle (step {s_step}) is not the permutation it committed to", code("audit.shuffle",
                         step=s_step))
        else:
            valid = set(expected)
            bad = next(i for i, e in enumerate(s_enc) if e not in valid)
            report.blame(p, f"its lock (step {s_step}) was tampered with at position {bad}", code("audit.lock",
                         step=s_step, pos=bad))
    _, r_enc, r_step = deal.relocked[p]
    before = deal.before_relock(p)
    inv_a = r.scalar_inverse(a)
    for pos in range(deal.setup.tiles):
        if r.encode(r.mul(sec.key(pos) * inv_a, before[pos])) != r_enc[pos]:
            report.blame(p, f"its relock (step {r_step}) was tampered with at position {pos}", code("audit.relock",
                         step=r_step, pos=pos))
            break
    for (pos, who), (key, step) in sorted(deal.keys.items()):
        if who == p and key != sec.key(pos):
            report.blame(p, f"gave a wrong key for position {pos} at step {step}", code("audit.wrong_key",
                         pos=pos, step=step))
