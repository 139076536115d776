"""Tournaments on a real Dask cluster (``dask scheduler`` and ``dask worker`` started here on
127.0.0.1) and the move limit everywhere (issue 29): a Dask worker runs games in threads, where
no interval timer works, so a game with a move limit runs in a child process that a watchdog
kills (pygame_core.watchdog); results equal a local run; local ``--jobs`` pool processes use
the timer; nothing is left running."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from pygame_core.core import GameError
from pygame_core.tournament import _play_job, itimer_works, run_tournament

ROOT = Path(__file__).resolve().parents[1]

FIRST = "from pygame_core.bots import Bot\n\nclass FirstMove(Bot):\n    def choose(self, game):\n" \
        "        return game.format_move(game.legal_moves()[0])\n"
LOOP = "class Loop:\n    def choose(self, game):\n        while True:\n            pass\n"
# A loop in C: no signal handler runs until it returns, so only killing the process stops it.
C_LOOP = "import collections, itertools\n\nclass CLoop:\n    def choose(self, game):\n" \
         "        collections.deque(itertools.count(), maxlen=0)\n"


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def _watchdog_children() -> list:
    psutil = pytest.importorskip("psutil")
    return [p for p in psutil.Process().children(recursive=True)
            if "pygame_core.watchdog" in " ".join(p.cmdline())]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory):
    """A real scheduler and one worker process with two threads, as docs/bots.md starts them."""
    distributed = pytest.importorskip("dask.distributed")
    logs = tmp_path_factory.mktemp("dask")
    address = f"tcp://127.0.0.1:{_free_port()}"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in [str(ROOT), os.environ.get("PYTHONPATH")] if p)}
    procs = []

    def start(name, *args):
        with open(logs / f"{name}.log", "wb") as log:
            procs.append(subprocess.Popen([sys.executable, "-m", "dask", *args], stdout=log, stderr=subprocess.STDOUT,
                                          cwd=logs, env=env, start_new_session=True))

    try:
        start("scheduler", "scheduler", "--host", "127.0.0.1", "--port", address.rsplit(":", 1)[1], "--no-dashboard")
        start("worker", "worker", address, "--nworkers", "1", "--nthreads", "2", "--host", "127.0.0.1",
              "--no-dashboard")
        with distributed.Client(address, timeout="30s") as client:
            client.wait_for_workers(1, timeout=30)
        yield address
    finally:
        for proc in reversed(procs):  # each in a process group of its own: the worker's too
            try:
                os.killpg(proc.pid, signal.SIGTERM)
                proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(10)
            except ProcessLookupError:
                proc.wait(10)


def test_a_dask_cluster_gives_the_results_of_one_process(tmp_path, scheduler):
    path = write(tmp_path, "first.py", FIRST)
    specs = [path, "random", "greedy"]
    local = run_tournament("triominos", specs, 2, 11, {"target": None}, jobs=1)
    remote = run_tournament("triominos", specs, 2, 11, {"target": None}, scheduler=scheduler)
    assert remote == local
    # with a move limit each bot game runs in a watched child process on the worker: the same results
    local = run_tournament("hex", [path, "random"], 3, 5, {"size": 5}, jobs=1, move_limit=5)
    remote = run_tournament("hex", [path, "random"], 3, 5, {"size": 5}, scheduler=scheduler, move_limit=5)
    assert remote == local and not remote["errors"]


def test_runaway_bots_forfeit_on_dask_and_the_worker_is_free_afterwards(tmp_path, scheduler):
    from dask.distributed import Client
    specs = [write(tmp_path, "loop.py", LOOP), write(tmp_path, "cloop.py", C_LOOP), "random"]
    t = time.monotonic()
    res = run_tournament("hex", specs, 1, 1, {"size": 3}, scheduler=scheduler, move_limit=0.5)
    took = time.monotonic() - t
    labels = res["labels"]
    assert res["games"] == 6 and len(res["errors"]) == 6, res["errors"]
    assert all(e.endswith("a move took longer than 0.5 s") for e in res["errors"]), res["errors"]
    assert res["stats"][labels[0]]["errors"] >= 2 and res["stats"][labels[1]]["errors"] >= 2
    assert res["stats"]["random"]["errors"] == 0 and res["stats"]["random"]["wins"] == 4
    assert took < 120, took  # (a hang guard: the loops never end by themselves)
    with Client(scheduler, timeout="10s") as client:
        assert all(not tasks for tasks in client.processing().values())
        leftovers = client.run(lambda: [p.pid for p in __import__("psutil").Process().children(recursive=True)])
        assert all(not pids for pids in leftovers.values()), leftovers  # every game's child reaped
    t = time.monotonic()
    again = run_tournament("hex", [write(tmp_path, "first.py", FIRST), "random"], 2, 1, {"size": 3},
                           scheduler=scheduler, move_limit=0.5)
    assert again["games"] == 4 and not again["errors"] and time.monotonic() - t < 5


def test_the_watchdog_kills_a_bot_stuck_where_no_signal_reaches(tmp_path):
    """The Dask path without Dask: a game played from a thread, where the timer cannot work."""
    seats = [{"agent": "random", "settings": {}}, {"bot": C_LOOP, "file": "<cloop>", "settings": {}}]
    out = {}
    t = time.monotonic()
    thread = threading.Thread(target=lambda: out.update(res=_play_job((7, "hex", {"size": 3}, 2, seats, 0.4))))
    thread.start()
    thread.join(10)
    assert out["res"] == (7, {"winners": [0], "scores": None, "moves": 1, "forfeit": 1,
                              "error": "a move took longer than 0.4 s"})
    assert time.monotonic() - t < 3
    assert _watchdog_children() == []  # killed and reaped


def test_an_engine_error_in_the_watched_game_is_raised_in_the_parent():
    from pygame_core import watchdog
    with pytest.raises(GameError, match="nope"):
        watchdog.run_watched("pygame_core.tournament:play_match",
                             ("nope", {}, 1, [{"agent": "random", "settings": {}}] * 2, 1), {}, 1)
    assert _watchdog_children() == []


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="Unix interval timers")
def test_local_jobs_play_on_the_main_thread_of_pool_processes_where_the_timer_works(tmp_path):
    from concurrent.futures import ProcessPoolExecutor
    with ProcessPoolExecutor(max_workers=1) as pool:
        assert pool.submit(itimer_works).result() is True
    res = run_tournament("hex", [write(tmp_path, "loop.py", LOOP), "random"], 2, 1, {"size": 3}, jobs=2,
                         move_limit=0.3)
    assert len(res["errors"]) == 4 and all(e.endswith("a move took longer than 0.3 s") for e in res["errors"])


def test_an_unreachable_scheduler_is_a_clear_error():
    pytest.importorskip("dask.distributed")
    from pygame_core.cluster import client_for
    with pytest.raises(GameError, match="cannot reach the Dask scheduler"):
        client_for("tcp://127.0.0.1:9", timeout="1s")
