"""Hex's search hooks: the connection games' search settings and the opening book (``book.py``)."""

from __future__ import annotations

from ...search_hooks import SearchHooks
from ..connection.rules import SEARCH_SETTINGS
from .book import MAX_LINE, SIZE, book_answer


class HexSearchHooks(SearchHooks):
    """The book's answer on the 11x11 board without swap, on the lines it holds."""

    def book_move(self, state):
        options = getattr(state, "options", {})
        if options.get("size") != SIZE or options.get("swap") or len(state.history) > MAX_LINE:
            return None
        answer = book_answer([state.format_move(m) for m in state.history])
        return None if answer is None else state.parse_move(answer)


HEX_HOOKS = HexSearchHooks(settings=SEARCH_SETTINGS)
