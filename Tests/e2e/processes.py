"""The processes the tests start: every one is recorded here and ended by its id, never by name."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

from outcomes import CaseFailed, debug

_started: list[subprocess.Popen] = []


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A zombie child still "exists"; treat it as gone.
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def children_of(pid: int) -> list[int]:
    kids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid:
                kids.append(int(entry))
        except (OSError, IndexError, ValueError):
            pass
    return kids


def end_pid(pid: int, timeout: float = 5.0) -> None:
    """SIGTERM, then SIGKILL after `timeout`, one process by its id."""
    if not pid_alive(pid):
        return
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not pid_alive(pid):
            return
        time.sleep(0.05)
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def track(proc: subprocess.Popen) -> subprocess.Popen:
    """Records a process started elsewhere, so that `end_started` ends it."""
    _started.append(proc)
    return proc


def spawn(cmd: list[str], output: Path, env: dict | None = None, cwd: Path | None = None) -> subprocess.Popen:
    """Starts `cmd` with its stdout and stderr in the file `output`, recorded to be ended at exit."""
    with open(output, "w") as out:
        proc = subprocess.Popen(cmd, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                                cwd=None if cwd is None else str(cwd))
    return track(proc)


def end_popen(proc: subprocess.Popen, timeout: float = 5.0) -> None:
    """SIGTERM, then SIGKILL after `timeout`; forgets the process."""
    if proc.poll() is None:
        try:
            proc.terminate()
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
        except ProcessLookupError:
            pass
    if proc in _started:
        _started.remove(proc)


def end_started(keep: subprocess.Popen | None = None) -> None:
    """Ends every recorded process but `keep`, in the order they were started."""
    for proc in list(_started):
        if proc is not keep:
            end_popen(proc)


def run(cmd: list[str], env: dict | None = None, timeout: float = 30, check: bool = True) -> subprocess.CompletedProcess:
    debug("run " + " ".join(cmd))
    res = subprocess.run(cmd, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout)
    if check and res.returncode != 0:
        raise CaseFailed(f"{' '.join(cmd)} exited {res.returncode}: {res.stderr.strip()[-800:]}")
    return res
