"""A move limit where the interval timer cannot interrupt a bot.

``--move-limit`` interrupts a bot's call with an interval timer (``signal.setitimer``), which
works only on the main thread of a Unix process.  A Dask worker runs its tasks in threads of
its own, so there a game with a move limit runs in a child process instead (:func:`run_watched`):

* the parent (the worker's thread) starts ``python -m pygame_core.watchdog``, sends it the
  function to call and its arguments (pickled, on its stdin), and reads its reports on a pipe
  (the child's original stdout; what the bot prints goes to stderr);
* the child calls the function (``pygame_core.tournament.play_match`` with a ``report``
  callback) on its main thread, so its own interval timer stops a slow call exactly as in a
  local run and the result is the same; before every bot call it reports ``("call", seat,
  moves, what)`` and after it ``("done",)``, then ``("result", value)``;
* the parent times every call it is told of and, when one goes on for ``limit + margin``
  seconds (a bot stuck in C code that no signal interrupts, or a platform without interval
  timers), kills the child and answers ``("timeout", seat, moves, what)``: the caller forfeits
  that seat's game.  The child is always killed if still running and reaped before returning.

Standard library only; this module imports nothing of the engine (the child imports the
function it is given by name).
"""
from __future__ import annotations

import importlib
import os
import pickle
import queue
import subprocess
import sys
import threading
import time

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # where pygame_core is


def margin_for(limit: float) -> float:
    """How long after ``limit`` the parent kills the child: the child's own timer goes first."""
    return 0.5 + 0.25 * limit


def _read(stream, events: queue.Queue) -> None:
    try:
        while True:
            events.put(pickle.load(stream))
    except (EOFError, OSError, pickle.UnpicklingError, ValueError):
        pass
    finally:
        events.put(("eof",))


def run_watched(target: str, args: tuple, kwargs: dict, limit: float, margin: float | None = None) -> tuple:
    """Call ``target`` (``"module:function"``) with ``args`` and ``report=`` in a child process;
    ``("result", value)``, or ``("timeout", seat, moves, what)`` when a reported call went over
    ``limit`` (+ ``margin``) seconds and the child was killed.  An exception in the child is
    raised here (as itself when it pickles, else as :class:`RuntimeError`)."""
    margin = margin_for(limit) if margin is None else margin
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (_ROOT, env.get("PYTHONPATH")) if p)
    proc = subprocess.Popen([sys.executable, "-m", "pygame_core.watchdog"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, env=env)
    events: queue.Queue = queue.Queue()
    reader = threading.Thread(target=_read, args=(proc.stdout, events), daemon=True)
    reader.start()
    try:
        try:
            proc.stdin.write(pickle.dumps((target, args, kwargs)))
            proc.stdin.close()
        except OSError:  # the child is gone already: its end is reported below
            pass
        call, deadline = None, None
        while True:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                event = events.get(timeout=wait)
            except queue.Empty:
                proc.kill()
                return ("timeout", *call)
            kind = event[0]
            if kind == "call":
                call, deadline = event[1:], time.monotonic() + limit + margin
            elif kind == "done":
                call, deadline = None, None
            elif kind == "result":
                return event
            elif kind == "raise":
                raise event[1]
            else:  # the child ended without a result
                code = proc.wait()
                if call is not None:
                    return ("died", *call, code)
                raise RuntimeError(f"the game's process ended without a result (exit code {code})")
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        reader.join(5)
        for stream in (proc.stdin, proc.stdout):
            try:
                stream.close()
            except OSError:
                pass


def _child() -> None:
    channel = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # what the code prints goes to stderr, not into the reports
    lock = threading.Lock()

    def send(event) -> None:
        data = pickle.dumps(event)  # whole, so a value that does not pickle writes nothing
        with lock:
            channel.write(data)
            channel.flush()

    target, args, kwargs = pickle.load(sys.stdin.buffer)
    module, _, name = target.partition(":")
    try:
        value = getattr(importlib.import_module(module), name)(*args, report=send, **kwargs)
    except BaseException as exc:  # noqa: BLE001 - handed to the parent
        try:
            send(("raise", exc))
        except Exception:  # does not pickle
            send(("raise", RuntimeError(f"{type(exc).__name__}: {exc}")))
        return
    send(("result", value))


if __name__ == "__main__":
    _child()
