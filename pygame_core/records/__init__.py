"""Share links: a game record packed into a short, URL-fragment-safe, versioned token.

``encode_link(record, cursor=None, view=None, players=None)`` turns a record (see
:meth:`pygame_core.core.Game.record`) into a token such as ``1.AAZ...``; the page puts it in the
URL fragment as ``#r=<token>``.  ``decode_link(token)`` turns it back into
``{"record", "cursor", "view", "players"}``, replaying every move on the way, and raises
:class:`~pygame_core.core.InvalidRecordError` with a specific message for anything wrong (and
never any other exception, whatever text it is given).

A token is ``<version>.<base64url(frame)>``.  This package's modules:

* :mod:`pygame_core.records.v1` - version 1, a game without variations, and the format
  documentation (token, frame, body);
* :mod:`pygame_core.records.v2` - version 2, a game with variations (a tree);
* :mod:`pygame_core.records.v3` - version 3, a correspondence game (two people playing by link:
  game id, seats, names, move times, conditional replies; :mod:`.correspondence` compares one
  with the game a page holds);
* :mod:`pygame_core.records.v4` - version 4, a move in a hidden-hand game by link (public moves
  and the fair deal's messages; :mod:`pygame_core.hidden` plays it);
* :mod:`pygame_core.records.frame` - what both share: the frame, varints, the header and its checks.

This module holds the public API: it reads the version and hands the body to the right reader.
"""

from __future__ import annotations

import re

from ..core import GameError, InvalidRecordError, quote, replay
from .frame import MAX_BODY_BYTES, MAX_GAME_ID, MAX_PLAYER_NAME, SPECTATOR, _brief, _unpack_v1
from .v1 import decode_line_body, encode_line_link
from .v2 import decode_tree_body, encode_tree_link
from .v3 import decode_corr_body, encode_corr_link
from .v4 import decode_hidden_body, encode_hidden_link

__all__ = ["LINK_VERSION", "MAX_BODY_BYTES", "MAX_GAME_ID", "MAX_PLAYER_NAME", "MAX_TOKEN_CHARS", "SPECTATOR",
           "decode_link", "decode_tree_body", "encode_corr_link", "encode_hidden_link", "encode_link", "encode_tree_link", "link_token",
           "token_of"]

LINK_VERSION = 4  # the newest format this engine reads and writes (3: correspondence games, 4: with
# hidden hands; a shared
# game is still written as version 1, or 2 with variations)

MAX_TOKEN_CHARS = 200_000  # far more than any game needs; bounds the work a pasted text causes


# --------------------------------------------------------------------------- encoding
def encode_link(record: dict, *, cursor: int | None = None, view: int | str | None = None,
                players: list[str] | None = None, tree=None) -> str:
    """A share-link token for ``record`` (a dict or its JSON text, as :func:`replay` takes).

    ``cursor``: the number of moves shown when the link opens (``None``: all); ``view``: the
    seat whose view the link opens, or ``"spectator"`` (only for perfect-information games or
    finished ones); ``players``: the seats ("human" or agent names), stored only if given.
    ``tree``: a :class:`pygame_core.tree.GameTree` holding the record's moves as one of its lines
    (variations): with more than that line, a version-2 token (:mod:`.v2`) is written, else a
    version-1 one (:mod:`.v1`).
    Raises :class:`InvalidRecordError` if the record does not replay or an argument is bad.
    """
    game = replay(record)
    if tree is not None and tree.size() > len(game.history):
        return encode_tree_link(game, tree, cursor=cursor, view=view, players=players)
    return encode_line_link(game, cursor=cursor, view=view, players=players)


# --------------------------------------------------------------------------- finding a token
_TOKEN_RE = re.compile(r"[0-9]+\.[A-Za-z0-9_.-]+")
_LINK_PARAM = re.compile(r"[#?&]r=([^&#]*)")  # one search: linear (no nested quantifier)


def link_token(text: str) -> str | None:
    """The token if ``text`` is a share link, else ``None``.  A link is (after strip) a bare
    token (``1.AAZ...``, the whole text), or a text without white space that does not start like
    a record (``(``, ``{``, ``[``, ``;``) and is a fragment (``#r=...&embed=1``, ``r=...``) or a
    URL with ``r=<value>`` as a parameter of its query or fragment (after ``#``, ``?`` or
    ``&``).  So an SGF file whose comment says ``C[winner=Black]`` is no link."""
    text = text.strip()
    if _TOKEN_RE.fullmatch(text):
        return text
    if not text or text[0] in "({[;" or any(c.isspace() for c in text):
        return None
    if text.startswith("r="):
        text = "#" + text
    m = _LINK_PARAM.search(text)
    return None if m is None else m.group(1)


def token_of(text: str) -> str:
    """The token of a share link given as the token, a fragment (``#r=...&embed=...``) or a URL
    (the text itself when it is none of these: the decoder then says what is wrong)."""
    token = link_token(text)
    return text.strip() if token is None else token


# --------------------------------------------------------------------------- decoding
def decode_link(token: str) -> dict:
    """Read a share-link token: ``{"record", "cursor", "view", "players"}``.

    ``record`` is a full record (every option, the seed, the canonical move texts) that
    :func:`pygame_core.core.replay` accepts; ``cursor``/``view``/``players`` are ``None`` when
    the link does not state them.  Everything is checked, the moves by replaying them; any
    problem raises :class:`InvalidRecordError` with a message that says what is wrong (and, for
    the page, a code: its own, else ``link_damaged``, a link cut or altered).
    """
    try:
        return _decode(token)
    except InvalidRecordError as exc:
        if exc.detail is None:
            exc.detail = "link_damaged"
        raise
    except GameError as exc:
        raise InvalidRecordError(f"the link does not hold a valid game: {_brief(exc)}", detail="link_damaged") from None
    except Exception as exc:  # pragma: no cover - a safety net: only InvalidRecordError escapes
        raise InvalidRecordError(
            f"the link could not be read ({type(exc).__name__}: {quote(str(exc), 80)})", detail="link_damaged") from exc


def _decode(token: str) -> dict:
    if not isinstance(token, str):
        raise InvalidRecordError("a share link must be text")
    token = token.strip(" \t\r\n")
    if not token:
        raise InvalidRecordError("the share link is empty: there is no game in it", detail="link_empty")
    if len(token) > MAX_TOKEN_CHARS:
        raise InvalidRecordError(f"the share link is too long ({len(token):,} characters; at most "
                                 f"{MAX_TOKEN_CHARS:,}) to be a game", detail="link_too_long",
                                 params={"chars": len(token), "max": MAX_TOKEN_CHARS})
    version_text, dot, payload = token.partition(".")
    if not dot or not version_text.isascii() or not version_text.isdigit():
        raise InvalidRecordError(
            f"this is not a Boardwright share link: it should start with a format version "
            f"such as '{LINK_VERSION}.'", detail="link_not_boardwright")
    if len(version_text) > 1 and version_text[0] == "0":
        raise InvalidRecordError(f"the link has an unknown format version {quote(version_text)}")
    if len(version_text) > 9 or int(version_text) > LINK_VERSION:
        raise InvalidRecordError(
            f"this link was made by a newer version of Boardwright (link format {quote(version_text, 12)}; this "
            f"version reads format {LINK_VERSION}); open it with an up-to-date page", detail="link_newer")
    if int(version_text) == 2:
        return decode_tree_body(_unpack_v1(payload, len(version_text) + 1))
    if int(version_text) == 3:
        return decode_corr_body(_unpack_v1(payload, len(version_text) + 1))
    if int(version_text) == 4:
        return decode_hidden_body(_unpack_v1(payload, len(version_text) + 1))
    if int(version_text) != 1:
        raise InvalidRecordError(f"the link has an unknown format version {quote(version_text)}")
    return decode_line_body(_unpack_v1(payload, len(version_text) + 1))
