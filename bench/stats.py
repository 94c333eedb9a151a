"""What every bench step shares: its log line, the load average, percentiles and milliseconds."""
from __future__ import annotations

import os
import time
from pathlib import Path


def log(msg: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {msg}", flush=True)


def loadavg() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def pct(values: list[float], p: float) -> float:
    """Nearest-rank percentile."""
    if not values:
        return float("nan")
    s = sorted(values)
    k = max(0, min(len(s) - 1, int(round(p / 100 * len(s) + 0.5)) - 1))
    return s[k]


def ms(us: float) -> str:
    return "n/a" if us != us else f"{us / 1000:.1f} ms"


def gate_goal(gate: bool | None, goal: bool | None) -> str:
    """A row's verdict against issue 25's gate and goal."""
    if gate is None:
        return "n/a"
    if not gate:
        return "**not met**"
    return "**met**; goal met" if goal else "**met**; goal not yet"


def thread_ticks(pid: int) -> dict[str, int]:
    """utime+stime per thread name (threads of the same name summed)."""
    out: dict[str, int] = {}
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for tid in tids:
        try:
            raw = Path(f"/proc/{pid}/task/{tid}/stat").read_text()
        except OSError:
            continue
        name = raw[raw.index("(") + 1:raw.rindex(")")]
        fields = raw.rsplit(")", 1)[1].split()
        out[name] = out.get(name, 0) + int(fields[11]) + int(fields[12])
    return out
