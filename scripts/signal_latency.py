"""How long a ``tableodds`` command takes to exit after SIGINT or SIGTERM.

Starts the command once per (signal, delay), sends the signal ``delay`` seconds after the
start and prints how long the process took to exit after it, its exit status and whether
its stdout JSON (when --json is given) says ``interrupted``::

    python scripts/signal_latency.py --at 3,8,14 -- boss variants --players 4 \
        --games 3000000 --json
"""

from __future__ import annotations

import argparse
import json
import signal
import subprocess
import sys
import tempfile
import time


def measure(args: list[str], sig: signal.Signals, delay: float, give_up: float) -> dict:
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-m", "tableodds.reports.cli", *args],
            stdout=out,
            stderr=err,
            # as from a terminal: a shell starts background jobs with SIGINT ignored, and a
            # command that inherits that rightly keeps ignoring it
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        try:
            proc.wait(timeout=delay)
            return {"signal": sig.name, "at_s": delay, "note": "finished before the signal"}
        except subprocess.TimeoutExpired:
            pass
        sent = time.perf_counter()
        proc.send_signal(sig)
        try:
            rc = proc.wait(timeout=give_up)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            return {
                "signal": sig.name,
                "at_s": delay,
                "exit_after_s": f"> {give_up:g} (killed)",
                "rc": None,
            }
        exit_s = time.perf_counter() - sent
        out.seek(0)
        err.seek(0)
        text, errors = out.read(), err.read()
    marked = None
    if "--json" in args:
        try:
            marked = json.loads(text).get("interrupted")
        except ValueError:
            marked = "no JSON"
    else:
        marked = "INTERRUPTED" in text or "interrupted" in errors
    return {
        "signal": sig.name,
        "at_s": delay,
        "exit_after_s": round(exit_s, 2),
        "total_s": round(time.perf_counter() - t0, 2),
        "rc": rc,
        "marked_interrupted": marked,
        "stderr_tail": errors.strip().splitlines()[-1:] if errors.strip() else [],
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--at", default="3,8,14", help="seconds after the start, comma-separated")
    p.add_argument("--signals", default="SIGINT,SIGTERM")
    p.add_argument(
        "--give-up",
        type=float,
        default=300,
        help="seconds after the signal to wait for the exit before killing it (SIGKILL)",
    )
    p.add_argument("command", nargs=argparse.REMAINDER, help="-- then the tableodds arguments")
    a = p.parse_args()
    args = a.command[1:] if a.command[:1] == ["--"] else a.command
    for name in a.signals.split(","):
        for delay in (float(t) for t in a.at.split(",")):
            row = measure(args, signal.Signals[name], delay, a.give_up)
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
