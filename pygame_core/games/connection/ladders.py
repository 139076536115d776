"""Second-line ladders resolved before a fill playout (the search's ``playout_ladders``).

A player's stones on the second line of one of its sides (Hex: row 2 from Blue's edge, column b
from Red's) reach that side through the side cells below them.  When the opponent holds all of
them, the stones can still *ladder*: the owner (the defender) steps along the second line, each
step threatening one fresh side cell, and the opponent (the attacker) takes it.  The ladder ends
where the attacker holds the next second-line cell or the line ends (the defender never reaches
the side there), or where the defender meets a stone of its own: one on the fresh side cell (an
*escape*: joined to the side), or any other stone next to the new step (a second threat, which
the attacker cannot always meet).

A fill playout gets ladders wrong: it fills the cells along the line at random.  On Hex 11 with
Blue on f2 under Red's f1 and g1 and the board otherwise empty, 75 % of fills (bridges and edge
templates kept) join f2 to Blue's side, and with an escape stone of Blue's on k1 only 79 %;
with the ladders played out first, 47 % (around the ladder, through the third row) and 100 %.
:func:`resolve` plays each ladder out before the fill, for both players:

* a run of the defender's second-line stones (neighbours along the line) whose side cells are all
  the attacker's is a ladder, stepped out along the line in each direction; if a direction
  escapes or meets another stone of the defender's, the defender runs there: its steps and the
  attacker's answers are played.  Otherwise the ladder is dead and not run (running it would
  hand the attacker a wall along its side): in each direction the attacker takes the cell ahead
  of the run and the defender that step's side cell, one cell each, so that the fill cannot join
  the run to the side and keeps its balance of cells;
* a run with exactly one empty side cell is contested: the player to move at the leaf takes it
  (the defender: joined; the attacker: blocked, and then a ladder as above);
* a run with a side cell of its own, or two empty ones, is left to the fill.

Only boards with ``edge_dirs`` (Hex, regular Y) have second lines here; corners end a line.
"""

from __future__ import annotations


class Ladders:
    """The second lines of one core's sides, per player: ``(line mask, side cells of each of its
    positions, its neighbours along the line)``."""

    __slots__ = ("sides",)

    def __init__(self, core):
        out = []
        for player in (0, 1):
            sides = []
            for under in core.second_lines(player):
                mask = sum(1 << t for t in under)
                along = {t: tuple(u for u in under if core.nmask[t] >> u & 1
                                  and (under[t] & under[u]).bit_count() == 1) for t in under}
                sides.append((mask, under, along))
            out.append(tuple(sides))
        self.sides = tuple(out)


def ladders(core) -> Ladders:
    """The core's :class:`Ladders` (made on first use)."""
    table = getattr(core, "_ladders", None)
    if table is None:
        table = core._ladders = Ladders(core)
    return table


def resolve(core, s: list, to_move: int) -> None:
    """Play out the ladders of both players' second-line stones in ``s`` (the two players'
    stones, changed in place) before a fill; ``to_move`` takes contested side cells."""
    table = ladders(core)
    nmask = core.nmask
    for d in (to_move, 1 - to_move):
        a = 1 - d
        for mask, under, along in table.sides[d]:
            left = s[d] & mask
            while left:
                low = left & -left
                q = low.bit_length() - 1
                run, sides, stack = low, under[q], [q]
                while stack:  # the run: the defender's stones joined along the line
                    t = stack.pop()
                    for u in along[t]:
                        if not run >> u & 1 and s[d] >> u & 1:
                            run |= 1 << u
                            sides |= under[u]
                            stack.append(u)
                left &= ~run
                if sides & s[d]:
                    continue  # joined to the side
                free = sides & ~s[a]
                if free:
                    if free & (free - 1):
                        continue  # two empty side cells: left to the fill
                    if to_move == d:
                        s[d] |= free  # the defender takes the last one
                        continue
                    s[a] |= free  # the attacker blocks: a ladder
                _ladder(s, d, a, run, under, along, nmask)


def _ladder(s: list, d: int, a: int, run: int, under: dict, along: dict, nmask: list) -> None:
    """Step a dead run out along its line in each direction (see the module's docstring)."""
    blocks_d = blocks_a = 0
    rest = run
    while rest:
        low = rest & -rest
        rest ^= low
        end = low.bit_length() - 1
        for nxt in along[end]:
            if run >> nxt & 1:
                continue
            cur, gd, ga, joined, first = end, 0, 0, False, None
            while True:
                if (s[0] | s[1]) >> nxt & 1:
                    break  # the attacker holds the next cell (a stone of the defender's is in the run)
                fresh = under[nxt] & ~under[cur]
                if fresh & s[d]:
                    gd |= 1 << nxt  # an escape: the step joins the side
                    joined = True
                    break
                if not fresh or fresh & s[a]:
                    break  # no threat: the defender does not step
                if first is None:
                    first = (1 << nxt, fresh)
                gd |= 1 << nxt
                if nmask[nxt] & s[d] & ~(run | gd):
                    joined = True  # the step meets another stone of the defender's: left to the fill
                    break
                ga |= fresh
                step = [u for u in along[nxt] if u != cur]
                if not step:
                    break
                cur, nxt = nxt, step[0]
            if joined:
                s[d] |= gd
                s[a] |= ga
                return
            if first is not None:  # a dead direction, not stepped: the attacker takes the cell
                blocks_a |= first[0]  # ahead, the defender its side cell (one each)
                blocks_d |= first[1]
    s[d] |= blocks_d
    s[a] |= blocks_a
