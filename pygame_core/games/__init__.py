"""The games. Importing this package registers every game with :mod:`pygame_core.core`."""

from . import hex  # noqa: F401  (registers "hex")
from . import y  # noqa: F401  (registers "y")
from . import triominos  # noqa: F401  (registers "triominos")
from . import iwoki  # noqa: F401  (registers "iwoki")
from . import codex  # noqa: F401  (registers "codex")
