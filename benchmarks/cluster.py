"""Tournament on a local 2-worker Dask cluster against one process (a benchmark, not a test;
issue 21's target: a 200-game Triominos tournament on the cluster in at most 0.6x the time of
``--jobs 1``).  Needs the cluster extra (``pip install 'boardwright[cluster]'``).

    python benchmarks/cluster.py [--games 100] [--agents ismcts:iterations=30,greedy]

``--games`` per seating (two seatings: 2 x 100 = 200 games).  Prints wall and CPU time of
``--jobs 1`` and of the cluster run (the cluster's start-up not counted; its worker processes'
CPU measured by Dask's own ``psutil`` reading), their ratio, and whether the results agree.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pygame_core.tournament import run_tournament  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="triominos")
    ap.add_argument("--agents", default="ismcts:iterations=30,greedy")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--options", default="target=none")
    args = ap.parse_args()
    options = {}
    for pair in filter(None, args.options.split(",")):
        key, _, value = pair.partition("=")
        options[key] = None if value == "none" else int(value) if value.isdigit() else value
    specs = args.agents.split(",")
    from dask.distributed import LocalCluster
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        t0, c0 = time.perf_counter(), time.process_time()
        remote = run_tournament(args.game, specs, args.games, 1, options, scheduler=cluster.scheduler_address)
        cluster_wall, cluster_cpu_here = time.perf_counter() - t0, time.process_time() - c0
    t0, c0 = time.perf_counter(), time.process_time()
    local = run_tournament(args.game, specs, args.games, 1, options, jobs=1)
    local_wall, local_cpu = time.perf_counter() - t0, time.process_time() - c0
    print(f"{args.game} {specs}, {local['games']} games")
    print(f"--jobs 1:              {local_wall:6.1f} s wall, {local_cpu:6.1f} s CPU")
    print(f"Dask, 2 local workers: {cluster_wall:6.1f} s wall ({cluster_cpu_here:.1f} s CPU in this process; "
          f"the games' CPU is in the workers)")
    print(f"ratio (cluster / jobs 1, wall): {cluster_wall / local_wall:.2f} (target <= 0.6); "
          f"results identical: {remote == local}")


if __name__ == "__main__":
    main()
