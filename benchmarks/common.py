"""What the benchmark scripts share: a rate timer and random playouts through the protocol."""

import time


def timed(fn, seconds: float) -> tuple[float, int]:
    """Call ``fn`` repeatedly for ``seconds``: (calls per second, calls)."""
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        fn()
        count += 1
    elapsed = time.perf_counter() - start
    return count / elapsed, count


def random_playouts(fresh, moves_of, rng):
    """Two whole-game runners from ``fresh()`` positions with moves drawn from ``moves_of(game)``:
    through the checked ``play()`` and through the unchecked ``apply()`` fast path."""

    def checked():
        g = fresh()
        while not g.is_over:
            moves = moves_of(g)
            g.play(moves[rng.below(len(moves))])

    def fast():
        g = fresh()
        while not g.is_over:
            moves = moves_of(g)
            g.apply(moves[rng.below(len(moves))])

    return checked, fast
