"""The bridge's record commands (mixed into :class:`pygame_core.bridge.Session`): ``share``
(a share-link token, :mod:`pygame_core.records`), ``open`` (a link), ``export`` (JSON or a
registered format) and ``import`` (any of them, recognised by content).  See the module
docstring of :mod:`pygame_core.bridge` for the requests."""
from __future__ import annotations

import json
import re

from .bridge_errors import BridgeError
from .core import (InvalidRecordError, detect_record_format, quote, record_dict, record_formats,
                   replay)


class RecordsSession:
    def cmd_share(self, req):
        from .records import encode_link
        game = self._require_game()
        view = req.get("view", "auto")
        if view == "auto":
            if not game.hidden_information:
                view = None
            elif self.spectator or self.viewer() is None:
                view = "spectator"
            else:
                view = self.viewer()
        if view == "spectator" and game.hidden_information and not self._ends_game():
            raise BridgeError("a spectator view shows every hand, so it can only be shared once the game is over")
        if view is not None and view != "spectator" and (
                isinstance(view, bool) or not isinstance(view, int) or not 0 <= view < game.num_players):
            raise BridgeError(f"view must be a seat from 0 to {game.num_players - 1} or 'spectator'")
        cursor = self.cursor if self.cursor < len(self.moves) else None
        tree = None if game.hidden_information else self.tree  # variations: a version-2 link
        token = encode_link(self._full_record(), cursor=cursor, view=view, players=list(self.players), tree=tree)
        return {"token": token, "view": view, "cursor": self.cursor, "moves": len(self.moves)}

    def _ends_game(self) -> bool:
        if len(self.moves) == self.cursor:
            return self.game.is_over
        full = self.game.clone()
        for text in self.moves[self.cursor:]:
            full.play(text)
        return full.is_over

    def cmd_open(self, req):
        from .records import decode_link
        token = req.get("token")
        if not isinstance(token, str):
            raise BridgeError("open needs the link's token text")
        link = decode_link(_token_of(token))  # a bare token, a "#r=..." fragment or a whole URL
        game = replay(link["record"])
        players = self._record_players(link.get("players"), game, "link")
        view, spectator = link.get("view"), False
        if view == "spectator":
            if game.hidden_information and not game.is_over:
                raise InvalidRecordError("this link asks for a spectator view of an unfinished game "
                                         "with hidden hands; ask for a link that opens a player's view")
            spectator = game.hidden_information
        elif isinstance(view, int) and not game.is_over:
            players = list(players)
            players[view] = "human"  # the link opens this player's view
        self._install(game, players, link.get("cursor"), spectator, record=link)  # link["tree"]: variations
        return self.state()

    def cmd_export(self, req):
        game = self._require_game()
        fmt = req.get("format", "json")
        formats = self._export_formats(game.game_id)
        if fmt not in formats:
            raise BridgeError(f"{game.title} can be exported as {', '.join(formats)}, not {quote(fmt)}")
        record = self._full_record()
        stem = f"{game.game_id}-{game.seed}-{len(self.moves)}-moves"
        if fmt == "json":
            record["cursor"] = self.cursor
            record["players"] = list(self.players)
            if getattr(self, "_reviewed", None) and (not game.hidden_information or self.viewer() is None):
                review = self.review_state()
                if review["complete"]:
                    record["review"] = review
            return {"format": fmt, "text": json.dumps(record, indent=1) + "\n", "filename": stem + ".json",
                    "mime": "application/json", "link": False}
        spec = next(f for f in record_formats(game.game_id) if f.name == fmt)
        return {"format": fmt, "text": spec.export(record), "filename": stem + spec.extension,
                "mime": spec.mime, "link": spec.link}

    @staticmethod
    def _export_formats(game_id: str) -> list[str]:
        return ["json"] + [f.name for f in record_formats(game_id)]

    @staticmethod
    def _format_info(f) -> dict:
        """A registered :class:`~pygame_core.core.RecordFormat` as the page sees it."""
        return {"format": f.name, "game": f.game_id, "label": f.label, "description": f.description,
                "extension": f.extension, "mime": f.mime, "link": f.link, "note": f.note}

    def _export_options(self, game_id: str) -> list[dict]:
        json_info = {"format": "json", "game": game_id, "label": "JSON", "description": "a JSON file",
                     "extension": ".json", "mime": "application/json", "link": False, "note": ""}
        return [json_info] + [self._format_info(f) for f in record_formats(game_id)]

    @staticmethod
    def _importable() -> str:
        """What ``import`` reads, for messages: 'a Boardwright JSON record, an SGF file of Hex, ...'."""
        kinds = ["a Boardwright JSON record"] + [f.description for f in record_formats()] + ["a Boardwright share link"]
        return ", ".join(kinds[:-1]) + " or " + kinds[-1]

    def cmd_import(self, req):
        """A record in any format we read, recognised by its content: a JSON record (starts
        with ``{``), a share link (:func:`_link_token`: a bare token, or a fragment or URL with
        an ``r=<token>`` parameter, never a text with spaces or one that starts with ``(``),
        else the first registered format whose ``detect`` accepts it (SGF, HexWorld...)."""
        text = req.get("text")
        if not isinstance(text, str) or not text.strip():
            raise BridgeError(f"import needs the text of a record: {self._importable()}")
        text = text.strip()
        if text[0] in "{[":
            data = record_dict(text)
            game = replay(data)
            players = self._record_players(data.get("players"), game, "record")
            self._install(game, players, data.get("cursor"), record=data)
            return self.state()
        token = _link_token(text)
        if token is not None:
            return self.cmd_open({"token": token})
        fmt = detect_record_format(text)
        if fmt is None:
            raise InvalidRecordError(f"this is not a record we can read: expected {self._importable()}")
        record = fmt.parse(text)
        game = replay(record)
        self._install(game, ["human"] * game.num_players, record=record)  # an SGF's variations: record["tree"]
        return self.state()



_TOKEN_RE = re.compile(r"[0-9]+\.[A-Za-z0-9_.-]+")
_LINK_PARAM = re.compile(r"[#?&]r=([^&#]*)")  # one search: linear (no nested quantifier)


def _link_token(text: str) -> str | None:
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


def _token_of(text: str) -> str:
    """The token of a share link given as the token, a fragment (``#r=...&embed=...``) or a URL
    (the text itself when it is none of these: the decoder then says what is wrong)."""
    token = _link_token(text)
    return text.strip() if token is None else token
