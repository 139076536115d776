"""The games. Importing this package registers every game, and the record formats of games
that have one (SGF and HexWorld for Hex), with :mod:`pygame_core.core`."""

from . import hex  # noqa: F401  (registers "hex")
from . import hex_formats  # noqa: F401  (registers Hex's SGF and HexWorld formats)
from . import y  # noqa: F401  (registers "y")
from . import triominos  # noqa: F401  (registers "triominos")
from . import iwoki  # noqa: F401  (registers "iwoki")
from . import codex  # noqa: F401  (registers "codex")
