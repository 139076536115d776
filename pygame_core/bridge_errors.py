"""The bridge's own error (a request the bridge cannot take), shared by its modules."""
from __future__ import annotations

from .core import GameError


class BridgeError(GameError):
    code = "bad_request"
