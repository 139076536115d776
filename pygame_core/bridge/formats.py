"""The record formats as the page sees them: what ``hello`` and the state list, what
``export`` writes and what ``import`` reads (:func:`pygame_core.core.record_formats`)."""
from __future__ import annotations

from ..core import record_formats

def format_info(f) -> dict:
    """A registered :class:`~pygame_core.core.RecordFormat` as the page sees it."""
    return {"format": f.name, "game": f.game_id, "label": f.label, "description": f.description,
            "extension": f.extension, "mime": f.mime, "link": f.link, "note": f.note}


def export_formats(game_id: str) -> list[str]:
    """The names of the formats a game exports: ``json`` and the game's own."""
    return ["json"] + [f.name for f in record_formats(game_id)]


def export_options(game_id: str) -> list[dict]:
    """The formats a game exports, described (the state's ``export_options``)."""
    json_info = {"format": "json", "game": game_id, "label": "JSON", "description": "a JSON file",
                 "extension": ".json", "mime": "application/json", "link": False, "note": ""}
    return [json_info] + [format_info(f) for f in record_formats(game_id)]


def importable() -> str:
    """What ``import`` reads, for messages: 'a Boardwright JSON record, an SGF file of Hex, ...'."""
    kinds = ["a Boardwright JSON record"] + [f.description for f in record_formats()] + ["a Boardwright share link"]
    return ", ".join(kinds[:-1]) + " or " + kinds[-1]
