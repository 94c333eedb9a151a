"""What each paint of the window costs, read from GTK itself: uprobes on gsk_renderer_render's
entry and return count the window's paints and time each one (the renderer's whole render:
snapshot replay, drawing and presenting).

Needs `perf` and the right to add uprobes (root). Without them `PaintTrace` says why and the
bench reports nothing for it.
"""
from __future__ import annotations

import os
import signal
import statistics
import subprocess
from pathlib import Path

GTK_LIBRARY = "/usr/lib/x86_64-linux-gnu/libgtk-4.so.1"
EVENTS = ("probe_libgtk:gsk_renderer_render", "probe_libgtk:gsk_renderer_render__return")


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


class PaintTrace:
    """perf recording the two uprobes for one process while a measurement window runs."""

    def __init__(self, work: Path, name: str):
        self.data = work / f"paints-{name}.data"
        self.proc: subprocess.Popen | None = None
        self.problem: str | None = None

    @staticmethod
    def available() -> str | None:
        """None when paints can be traced here, else why not."""
        if os.geteuid() != 0:
            return "not root (uprobes need it)"
        if subprocess.run(["which", "perf"], capture_output=True).returncode != 0:
            return "perf is not installed"
        if not Path(GTK_LIBRARY).exists():
            return f"{GTK_LIBRARY} not found"
        listed = subprocess.run(["perf", "probe", "-l"], capture_output=True, text=True).stdout
        for event, spec in zip(EVENTS, ("gsk_renderer_render", "gsk_renderer_render%return")):
            if f"{event} " in listed:
                continue
            added = subprocess.run(["perf", "probe", "-x", GTK_LIBRARY, "-a", spec], capture_output=True, text=True)
            if added.returncode != 0 and "already exists" not in added.stderr:
                lines = added.stderr.strip().splitlines()
                return f"perf probe failed: {lines[-1] if lines else added.returncode}"
        return None

    def start(self, pid: int) -> None:
        self.problem = self.available()
        if self.problem:
            return
        # No build-ids (-B, -N): only the probes' times are read, and the build-id pass at exit
        # sometimes left the file without its header (1 run in 2 of the grid step).
        args = ["perf", "record", "-B", "-N", "-o", str(self.data), "-p", str(pid)]
        for event in EVENTS:
            args += ["-e", event]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=open(self.data.with_suffix(".stderr"), "w"))

    def stop(self, seconds: float, frames_presented: int | None = None) -> dict:
        """Paints per second, and each paint's render time, over the `seconds` just measured."""
        if self.problem or not self.proc:
            return {"unavailable": self.problem or "not started"}
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return {"unavailable": "perf did not stop"}
        out = subprocess.run(["perf", "script", "-i", str(self.data), "-F", "time,event"],
                             capture_output=True, text=True).stdout
        durations: list[float] = []
        starts: list[float] = []
        started: float | None = None
        for line in out.splitlines():
            parts = line.split()
            if len(parts) < 2:
                continue
            t = float(parts[0].rstrip(":"))
            if "__return" in parts[1]:
                if started is not None:
                    durations.append((t - started) * 1000)
                started = None
            else:
                started = t
                starts.append(t)
        if not durations:
            return {"unavailable": f"no paint was traced (perf exited {self.proc.returncode})"}
        result = {"paints": len(durations), "paints_per_s": len(durations) / seconds,
                  "render_p50_ms": statistics.median(durations), "render_p95_ms": _pct(durations, 95),
                  "render_max_ms": max(durations)}
        # The gaps between one paint's start and the next: a gap over a frame or two is a stall
        # the user sees while something moves.
        gaps = [(b - a) * 1000 for a, b in zip(starts, starts[1:])]
        result.update({"gap_max_ms": max(gaps, default=float("nan")), "gaps_over_50ms": sum(g > 50 for g in gaps),
                       "gap_p95_ms": _pct(gaps, 95) if gaps else float("nan"),
                       "span_s": (starts[-1] - starts[0]) if len(starts) > 1 else float("nan")})
        if frames_presented is not None:
            result["frames_presented_per_s"] = frames_presented / seconds
        return result
