"""Tournament games on a Dask distributed cluster: an optional extra
(``pip install '.[cluster]'`` in a checkout), imported only when ``--scheduler`` is given; never a
dependency of the engine or its wheel.

Start a scheduler on one machine and workers on the others (each with Boardwright installed,
``pip install '.[cluster]'`` in a checkout)::

    dask scheduler --port 8786                      # on host A
    dask worker tcp://hostA:8786 --nworkers 2 --nthreads 1    # on every machine
    python -m pygame_core tournament triominos --agents ismcts,greedy --games 100 \\
        --scheduler tcp://hostA:8786

Each game is one task (its agents are seeded from the game seed and seat, a bot travels as its
source text), so the results equal a local run with the same seeds.  Workers run tasks in
threads, where ``--move-limit``'s interval timer cannot work: there a game with a bot and a move
limit runs in a child process under a watchdog (:mod:`pygame_core.watchdog`,
:func:`pygame_core.tournament.play_watched`).
"""
from __future__ import annotations

from .core import GameError


def client_for(scheduler: str, timeout: str = "20s"):
    try:
        from dask.distributed import Client
    except ImportError:
        raise GameError("--scheduler needs Dask: pip install '.[cluster]' in a checkout") from None
    try:
        return Client(scheduler, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as exc:
        raise GameError(f"cannot reach the Dask scheduler {scheduler[:80]!r}: {exc}") from None


def run_on_dask(fn, work: list, scheduler: str, progress=None) -> list:
    """``[fn(job) for job in work]`` on the cluster at ``scheduler``, in completion order;
    ``progress(done, total)`` after each."""
    out = []
    with client_for(scheduler) as client:  # first: it says in words when Dask is not installed
        from dask.distributed import as_completed
        futures = client.map(fn, work, pure=False)
        for fut in as_completed(futures):
            out.append(fut.result())
            if progress:
                progress(len(out), len(work))
    return out
