"""What the games share to write moves in words (``Game.move_words``)."""


def points_text(points: int) -> str:
    """Points won or lost by a move: ``+7``, ``−5`` (a true minus sign), ``no points``."""
    return f"+{points}" if points > 0 else f"−{-points}" if points < 0 else "no points"
