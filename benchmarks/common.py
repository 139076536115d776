"""What the benchmark scripts share: rate timers (wall, and CPU beside wall) and random
playouts through the protocol."""

import argparse
import statistics
import time


def timed(fn, seconds: float) -> tuple[float, int]:
    """Call ``fn`` repeatedly for ``seconds``: (calls per second, calls)."""
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        fn()
        count += 1
    elapsed = time.perf_counter() - start
    return count / elapsed, count


def cpu_timed(fn, seconds: float) -> tuple[int, float, float]:
    """Call ``fn`` repeatedly for ``seconds`` of wall time: (calls, CPU s, wall s)."""
    count, cpu, start = 0, time.process_time(), time.perf_counter()
    while time.perf_counter() - start < seconds:
        fn()
        count += 1
    return count, time.process_time() - cpu, time.perf_counter() - start


def spread(values) -> str:
    """``median [min-max]`` of a few measurements (a shared machine is noisy)."""
    values = list(values)
    return f"{statistics.median(values):.2f} [{min(values):.2f}-{max(values):.2f}]"


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


def bounded(kind, low, high):
    """An argparse ``type``: a ``kind`` (int or float) in ``[low, high]``, a short error otherwise."""

    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {'an integer' if kind is int else 'a number'}")
        if not low <= value <= high:  # also refuses nan
            raise argparse.ArgumentTypeError(f"{text} is not in {low:g}..{high:g}")
        return value

    return parse


def mend_log(log) -> None:
    """End a JSON-lines log (a Path) with a newline, so that a line cut short by a stopped run
    does not swallow the next one."""
    if log and log.is_file() and log.stat().st_size:
        with log.open("rb+") as f:
            f.seek(-1, 2)
            if f.read(1) != b"\n":
                f.write(b"\n")
