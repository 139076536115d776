"""Python's cycle collector around the connection games' tree search (the bitboard search of
:class:`~pygame_core.agents.mcts.MCTSAgent`).

The fast search makes no cyclic garbage (its nodes stay reachable, the rest is freed by
reference counting), but the collector would walk its growing tree again and again: a fifth of
the time of a search.  :func:`paused` turns it off while a search runs.  A search in slices (the
page's) also freezes the collector's objects at a slice's end, so between slices it no longer
walks the nodes each slice made (up to 1 s in Pyodide); :func:`thaw` (any agent's next
``start``) unfreezes them.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager

_FROZE = [False]


@contextmanager
def paused(pause: bool, freeze: bool):
    """The collector off inside (when ``pause`` and it was on); ``freeze``: its objects frozen
    on the way out."""
    pause = pause and gc.isenabled()
    if pause:
        gc.disable()
    try:
        yield
    finally:
        if pause:
            if freeze:
                gc.freeze()
                _FROZE[0] = True
            gc.enable()


def thaw() -> None:
    """What the last slices froze is collected as usual again."""
    if _FROZE[0]:
        gc.unfreeze()
        _FROZE[0] = False
