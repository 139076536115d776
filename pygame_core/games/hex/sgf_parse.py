"""SGF syntax for :mod:`pygame_core.games.hex.sgf`: the text of a collection read into the nodes of
its first game tree, variations included (:func:`parse_sgf`); what the nodes mean for Hex is
``sgf``'s business.

One left-to-right pass, iterative (no recursion, so a file nested 100,000 deep is refused, not a
``RecursionError``), linear in the text: runs of white space and of value text are skipped by
simple regex runs, nothing backtracks.  The bracket structure of the whole collection is checked;
the game trees after the first are read but not kept.  Refused as soon as they are seen: a text
over :data:`MAX_SGF_CHARS` characters, more than :data:`MAX_SGF_NODES` nodes, a line (root to
leaf) of more than :data:`MAX_SGF_MAIN_LINE` nodes, variations nested more than
:data:`pygame_core.tree.MAX_NESTING` deep and a property value over :data:`MAX_SGF_VALUE`
characters.
"""

from __future__ import annotations

import re

from ...core import InvalidRecordError
from ...tree import MAX_NESTING
from .rules import MAX_SIZE
from .notation import snip

# Caps on what the importer reads (checked while parsing, so a hostile text costs little).
MAX_SGF_CHARS = 1_000_000     # a real Hex SGF is a few KB; comments and variations fit easily
MAX_SGF_NODES = 100_000       # every node of the file, variations included
MAX_SGF_MAIN_LINE = MAX_SIZE * MAX_SIZE + 16  # root + every cell + a swap + resign, and spare
MAX_SGF_VALUE = 100_000       # characters of one property value (a long comment still fits)

_IDENT = re.compile(r"[A-Za-z]+")
_VALUE_RUN = re.compile(r"[^\]\\]*")
SPACE_RUN = re.compile(r"\s*")

Props = list[tuple[str, list[str]]]  # a node's properties in file order: (identifier, values)


class SgfTree:
    """The first game tree of a collection.  Nodes are numbered in file order (so a parent comes
    before its children and the main line's root before everything); node 0 is the root."""

    def __init__(self):
        self.props: list[Props] = []
        self.children: list[list[int]] = []
        self.variation: list[int] = []   # per node: 0 on the main line, else its variation's number
        self.starts: list[int] = [0]     # per variation number: the character of its '('

    def add(self, parent: int, variation: int) -> int:
        self.props.append([])
        self.children.append([])
        self.variation.append(variation)
        if parent >= 0:
            self.children[parent].append(len(self.props) - 1)
        return len(self.props) - 1

    def where(self, node: int) -> str:
        """'' on the main line, else ' in variation 2 (from character 57)', for messages."""
        v = self.variation[node]
        return f" in variation {v} (from character {self.starts[v]})" if v else ""


class _Open:
    """A game tree whose ')' has not been read yet."""
    __slots__ = ("keep", "variation", "last", "depth", "nesting", "nodes", "subtrees")

    def __init__(self, keep: bool, variation: int, last: int, depth: int, nesting: int):
        self.keep = keep              # part of the first game tree: its nodes are kept
        self.variation = variation
        self.last = last              # the node a ';' or a '(' hangs on next (-1: none yet)
        self.depth = depth            # nodes from the root to ``last``
        self.nesting = nesting        # variations inside variations (non-first subtrees)
        self.nodes = 0
        self.subtrees = 0


def parse_sgf(text: str) -> SgfTree:
    """The nodes of the first game tree of an SGF collection (``InvalidRecordError`` for bad
    syntax or a cap exceeded; see the module docstring)."""
    n = len(text)
    if n > MAX_SGF_CHARS:
        raise InvalidRecordError(
            f"the SGF text is too long ({n:,} characters; at most {MAX_SGF_CHARS:,} are read): "
            "a Hex game file is a few thousand")
    i = SPACE_RUN.match(text, 1 if text.startswith("\ufeff") else 0).end()
    if i >= n:
        raise InvalidRecordError("not an SGF file: the text is empty")
    if text[i] != "(":
        raise InvalidRecordError(f"not an SGF file: it must start with '(' (found {snip(text[i:i + 20])})")

    tree = SgfTree()
    stack: list[_Open] = []
    trees_done = 0                    # finished top-level game trees
    nodes_total = 0
    while True:
        i = SPACE_RUN.match(text, i).end()
        if i >= n:
            break
        ch = text[i]
        if ch == "(":
            if not stack:
                stack.append(_Open(trees_done == 0, 0, -1, 0, 0))
            else:
                up = stack[-1]
                if up.nodes == 0:
                    raise InvalidRecordError(f"bad SGF at character {i}: a game tree must start with a node ';'")
                up.subtrees += 1
                if up.subtrees == 1:  # the first subtree goes on with its parent's line
                    stack.append(_Open(up.keep, up.variation, up.last, up.depth, up.nesting))
                else:
                    if up.keep and up.nesting >= MAX_NESTING:
                        raise InvalidRecordError(
                            f"bad SGF at character {i}: variations are nested more than {MAX_NESTING} deep")
                    variation = 0
                    if up.keep:
                        variation = len(tree.starts)
                        tree.starts.append(i)
                    stack.append(_Open(up.keep, variation, up.last, up.depth, up.nesting + 1))
            i += 1
        elif ch == ")":
            if not stack:
                raise InvalidRecordError(f"bad SGF at character {i}: unbalanced ')'")
            if stack.pop().nodes == 0:
                raise InvalidRecordError(f"bad SGF at character {i}: empty game tree '()'")
            if not stack:
                trees_done += 1
            i += 1
        elif ch == ";":
            if not stack:
                raise InvalidRecordError(f"bad SGF at character {i}: node ';' outside a game tree")
            here = stack[-1]
            if here.subtrees:
                raise InvalidRecordError(f"bad SGF at character {i}: node ';' after a variation")
            here.nodes += 1
            nodes_total += 1
            if nodes_total > MAX_SGF_NODES:
                raise InvalidRecordError(
                    f"bad SGF at character {i}: more than {MAX_SGF_NODES:,} nodes ';' (a Hex game file "
                    "has one per move)")
            props = None
            if here.keep:
                if here.depth >= MAX_SGF_MAIN_LINE:
                    line = f"variation {here.variation}" if here.variation else "the game"
                    raise InvalidRecordError(
                        f"bad SGF at character {i}: {line} has more than {MAX_SGF_MAIN_LINE:,} nodes "
                        f"';', more than any Hex game (at most {MAX_SIZE}x{MAX_SIZE} moves and a swap)")
                here.last = tree.add(here.last, here.variation)
                here.depth += 1
                props = tree.props[here.last]
            i = _read_properties(text, i + 1, props)
        else:
            if not stack:
                raise InvalidRecordError(
                    f"bad SGF at character {i}: unexpected text after the end of the game {snip(text[i:i + 20])}")
            raise InvalidRecordError(f"bad SGF at character {i}: unexpected {snip(text[i:i + 20])}")
    if stack:
        raise InvalidRecordError(
            f"truncated SGF: {len(stack)} game tree{'s are' if len(stack) > 1 else ' is'} not closed with ')'")
    if not tree.props:  # pragma: no cover - a game tree always has a node by now
        raise InvalidRecordError("not an SGF game: no node ';' found")
    return tree


def _read_properties(text: str, i: int, props: Props | None) -> int:
    """Read the properties of a node from ``i`` (just after its ';'), appending them to
    ``props`` unless it is ``None``; return where the node ends."""
    n = len(text)
    while True:
        i = SPACE_RUN.match(text, i).end()
        m = _IDENT.match(text, i)
        if not m:
            return i
        ident = m.group(0)
        i = m.end()
        upper = "".join(c for c in ident if c.isupper())
        ident = upper if upper else ident.upper()     # FF[3]: lowercase letters ignored
        shown = ident if len(ident) <= 12 else ident[:12] + "..."  # for messages
        values: list[str] = []
        while True:
            i = SPACE_RUN.match(text, i).end()
            if i >= n or text[i] != "[":
                break
            start = i
            i += 1
            buf = []
            while True:
                run = _VALUE_RUN.match(text, i)
                if run.end() > i:
                    buf.append(run.group(0))
                    i = run.end()
                if i - start > MAX_SGF_VALUE:
                    raise InvalidRecordError(
                        f"bad SGF at character {start}: the value of {shown}[...] is longer "
                        f"than {MAX_SGF_VALUE:,} characters")
                if i >= n:
                    raise InvalidRecordError(f"truncated SGF: the value of {shown}[...] is not closed with ']'")
                c = text[i]
                if c == "\\":
                    if i + 1 >= n:
                        raise InvalidRecordError(
                            f"truncated SGF: the value of {shown}[...] is not closed with ']'")
                    nxt = text[i + 1]
                    if nxt == "\n" or nxt == "\r":           # soft line break
                        i += 2
                        if nxt == "\r" and i < n and text[i] == "\n":
                            i += 1
                        continue
                    buf.append(nxt)
                    i += 2
                    continue
                if c == "]":
                    i += 1
                    break
                buf.append(c)
                i += 1
            values.append("".join(buf))
        if not values:
            raise InvalidRecordError(f"bad SGF at character {i}: property {shown} has no value '[...]'")
        if props is not None:
            props.append((ident, values))
