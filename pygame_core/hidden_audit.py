"""The end of a hidden-hand game by link (:mod:`pygame_core.hidden`): once both seeds are
revealed, the fair deal's own audit, then the whole game replayed with every tile known, so a
player who decided the opener wrongly or played a tile it did not hold is named."""
from __future__ import annotations

from .bag import DrawSource
from .core import GameError, game_class

HAND = 9  # Triominos, two players: a hand


def _tiles():
    from .games.triominos.pieces import ALL_TILES
    return ALL_TILES


class FullBag(DrawSource):
    """Every tile known (after the audit): the dealt hands and each seat's draws in order."""

    def __init__(self, hands, draws, first_player=None):
        self.hands, self.queues, self.first_player = hands, [list(q) for q in draws], first_player

    def deal(self, game, tiles, hand_sizes):
        return [list(h) for h in self.hands], [None] * (len(tiles) - sum(hand_sizes))

    def draw(self, game, player):
        game.pool.pop()
        return self.queues[player].pop(0) if self.queues[player] else None


def audit(player) -> dict:
    """The audit of a finished :class:`~pygame_core.hidden.HiddenPlayer`: ``{"ok", "problems",
    "cheaters" (seats), "result", "scores", "hands"}``."""
    report = player.dp.audit()
    problems, cheaters = list(report.problems), set(report.cheaters)
    out = {"ok": False, "problems": problems, "cheaters": cheaters, "result": "", "scores": None, "hands": []}
    if problems and any(t is None for t in report.tiles):
        out["cheaters"] = sorted(cheaters)
        return out
    tiles = _tiles()
    d = player.deal
    hands = [[tiles[report.tiles[pos]] for pos in d.drawn[p][:HAND]] for p in (0, 1)]
    draws = [[tiles[report.tiles[pos]] for pos in d.drawn[p][HAND:]] for p in (0, 1)]
    out["hands"] = [[str(t) for t in sorted(h)] for h in hands]
    cls = game_class(player.game_id)
    fair = cls.from_source(FullBag(hands, draws), **player.options)
    if player.first_player is not None and fair.opener != player.first_player:
        who = player.decided_by if player.decided_by is not None else player.first_player
        cheaters.add(who)
        problems.append(f"player {who + 1}: decided that player {player.first_player + 1} opens, "
                        f"but player {fair.opener + 1} held the best hand")
    full = cls.from_source(FullBag(hands, draws, player.first_player), **player.options)
    for k, text in enumerate(player.moves, 1):
        who = full.current_player
        try:
            full.play(text)
        except GameError as exc:
            cheaters.add(who)
            problems.append(f"player {who + 1}: move {k} ({text}) was not legal with the tiles it held: {exc}")
            break
    out.update(ok=not problems, cheaters=sorted(cheaters), result=full.result_text(), scores=full.scores)
    return out
