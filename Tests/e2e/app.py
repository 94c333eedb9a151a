"""The app under test: one launch of the loopfeed binary, its events log, its stderr, its exit,
and the main-loop watchdog's stacks when it stalled."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from event_log import EventLog, now_us
from outcomes import CaseFailed, debug, expect, indent
from paths import REPO_ROOT
from processes import end_popen, spawn

if TYPE_CHECKING:
    from context import Context

FORBIDDEN_STDERR = ("CRITICAL", "Gtk-WARNING", "GLib-GObject-WARNING")


class AppProcess:
    """One run of the binary with its own data and cache dirs (unless given), its --events log and
    its stdout and stderr in one file. The runner's cases and the benchmarks both launch through it."""

    def __init__(self, binary: Path, args: list[str], env: dict, folder: Path, *, data_dirs: bool = True,
                 events: bool = True, data_dir: Path | None = None, cache_dir: Path | None = None,
                 events_path: Path | None = None, stderr_path: Path | None = None):
        self.dir = folder
        self.events_path = events_path or folder / "events.jsonl"
        self.stderr_path = stderr_path or folder / "stderr.txt"
        self.data_dir = data_dir or folder / "data"
        self.cache_dir = cache_dir or folder / "cache"
        cmd = [str(binary)]
        if data_dirs:
            cmd += ["--data-dir", str(self.data_dir), "--cache-dir", str(self.cache_dir)]
        if events:
            cmd += ["--events", str(self.events_path)]
        self.cmd = cmd + args
        self.env = env
        self.log = EventLog(self.events_path)
        debug("launch " + " ".join(self.cmd))
        self.spawn_us = now_us()
        self.proc = spawn(self.cmd, self.stderr_path, env=env, cwd=folder)
        self.started = time.monotonic()

    @property
    def pid(self) -> int:
        return self.proc.pid

    def alive(self) -> bool:
        return self.proc.poll() is None

    def exit_code(self, timeout: float) -> int | None:
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def stop(self) -> None:
        end_popen(self.proc)

    def stderr(self) -> str:
        try:
            return self.stderr_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    # Lines a case may let pass (each case names its own, with why): see `tolerated_stderr`.
    tolerated_stderr: tuple[str, ...] = ()

    def stderr_problems(self) -> list[str]:
        """What in its stderr fails a case: GLib criticals and GTK and GObject warnings."""
        err = self.stderr()
        kept = "\n".join(line for line in err.splitlines() if not any(t in line for t in self.tolerated_stderr))
        bad = [w for w in FORBIDDEN_STDERR if w in kept]
        return [f"stderr of `{' '.join(self.cmd[-3:])}` contains {', '.join(bad)}:\n{indent(err)}"] if bad else []


class App(AppProcess):
    """A case's launch: in the case's temporary folder, with the run's environment; its waits fail
    the case (CaseFailed) when the event does not come."""

    def __init__(self, ctx: Context, args: list[str], *, data_dirs: bool = True, events: bool = True,
                 env: dict | None = None, name: str = "app", data_dir: Path | None = None,
                 cache_dir: Path | None = None):
        """`data_dir`: reuse that library (e.g. an earlier launch's `app.data_dir`) instead of a fresh one;
        the events log, stderr and cache dir are still this launch's own. `cache_dir`: reuse that cache."""
        self.ctx = ctx
        super().__init__(ctx.binary, args, {**ctx.app_env, **(env or {})},
                         Path(tempfile.mkdtemp(prefix=f"lf-{name}-", dir=ctx.case_tmp)),
                         data_dirs=data_dirs, events=events, data_dir=data_dir, cache_dir=cache_dir)
        ctx.apps.append(self)

    # -- events
    def events(self) -> list[dict]:
        for ev in self.log.poll():
            if "event" not in ev or "t_us" not in ev:
                self.log.malformed.append(json.dumps(ev))
        if self.log.malformed:
            raise CaseFailed(f"malformed line in events log: {self.log.malformed[0]!r}")
        return list(self.log.all)

    def cursor(self) -> int:
        return len(self.events())

    def find(self, name: str, since: int = 0, pred: Callable[[dict], bool] | None = None) -> list[dict]:
        return [e for e in self.events()[since:] if e["event"] == name and (pred is None or pred(e))]

    def wait(self, name: str, timeout: float, since: int = 0, pred: Callable[[dict], bool] | None = None,
             what: str = "", count: int = 1) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            found = self.find(name, since, pred)
            if len(found) >= count:
                return found[count - 1]
            if self.proc.poll() is not None:
                time.sleep(0.1)
                found = self.find(name, since, pred)
                if len(found) >= count:
                    return found[count - 1]
                raise CaseFailed(f"app exited ({self.proc.returncode}) while waiting for {what or name}"
                                 f"{self.recent_events()}")
            if time.monotonic() > deadline:
                raise CaseFailed(f"no {what or name} within {timeout:g}s (got {len(found)}/{count}){self.recent_events()}")
            time.sleep(0.05)

    def wait_optional(self, name: str, timeout: float, since: int = 0,
                      pred: Callable[[dict], bool] | None = None) -> dict | None:
        """The first `name` event since `since` within `timeout`, or None (the app still alive)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.find(name, since, pred)
            if found:
                return found[0]
            if self.proc.poll() is not None:
                raise CaseFailed(f"app exited ({self.proc.returncode}) while waiting for {name}{self.recent_events()}")
            time.sleep(0.05)
        return None

    def recent_events(self, n: int = 12) -> str:
        evs = self.events()
        return "; events so far: " + " | ".join(json.dumps(e, ensure_ascii=False) for e in evs[-n:]) if evs else "; no events"


def quit_app(app: App) -> None:
    """SIGTERM, as a desktop session would; the app must exit 0 (and so save what it keeps)."""
    app.proc.send_signal(signal.SIGTERM)
    code = app.exit_code(5)
    expect(code is not None, "still running 5 s after SIGTERM")
    expect(code == 0, f"exit code {code} after SIGTERM")


def expect_no_stall(app: App) -> None:
    """The debug build's main-loop watchdog saw no stall over 1 s (its `stall` events; the main
    thread's stack is in the app's stderr)."""
    stalls = app.find("stall")
    if stalls:
        raise CaseFailed(f"the main loop stalled: {stalls}; the main thread's stack:\n{named_stack(app.stderr())}")


def named_stack(stderr: str) -> str:
    """The watchdog's stacks in the app's stderr, the app's frames named (tools/symbolize-stack.py)."""
    start = stderr.find("loopfeed: the main loop has not come round")
    text = stderr[start:] if start >= 0 else stderr[-3000:]
    tool = REPO_ROOT / "tools" / "symbolize-stack.py"
    done = subprocess.run([sys.executable, str(tool)], input=text[:20000], text=True, capture_output=True, check=False)
    return done.stdout if done.returncode == 0 else text
