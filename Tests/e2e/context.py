"""What every case gets: the binary under test (a private copy), the environment its launches share,
the session's X input, MPRIS and windows, screenshots, and the apps it launched, ended after it."""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from clips import Fixtures
from outcomes import CaseFailed, debug
from paths import REPO_ROOT
from processes import run
from screenshots import VIDEO_AREA, region_difference, region_stats
from session import AUDIO_SINK, Session

if TYPE_CHECKING:
    from app import App

WINDOW_POINT = (200, 300)  # a point inside the default 450x800 window at the screen's top-left


class Context:
    def __init__(self, binary: Path, session: Session, artifacts: Path, fixtures: Fixtures):
        self.binary = binary
        self.session = session
        self.artifacts = artifacts
        self.fixtures = fixtures
        self.apps: list[App] = []
        self.case_tmp = Path(tempfile.mkdtemp(prefix="loopfeed-e2e-"))
        self.app_env = dict(session.env)
        self.app_env.update({
            "LOOPFEED_AUDIO_SINK": AUDIO_SINK,
            "GDK_BACKEND": "x11",
            # No accessibility bus and no dconf/gvfs services: nothing left behind on the session bus.
            "GTK_A11Y": "none",
            "NO_AT_BRIDGE": "1",
            "GSETTINGS_BACKEND": "memory",
            "GIO_USE_VFS": "local",
            # The app's icons, found as an installed copy's would be (hicolor under a data dir):
            # a copied binary with no samples beside it has no source tree to find them in.
            "XDG_DATA_DIRS": f"{REPO_ROOT / 'data'}:{os.environ.get('XDG_DATA_DIRS') or '/usr/local/share:/usr/share'}",
        })
        # The GSettings schema compiled for the run, as an installed copy has it: the copied
        # binary has no source tree to compile data/'s from.
        schemas = session.tmp / "schemas"
        if not (schemas / "gschemas.compiled").exists():
            schemas.mkdir(parents=True, exist_ok=True)
            run(["glib-compile-schemas", "--strict", f"--targetdir={schemas}", str(REPO_ROOT / "data")])
        self.app_env["GSETTINGS_SCHEMA_DIR"] = str(schemas)

    def tool(self, name: str) -> Path:
        """A helper program built beside the app (loopfeed-make-library)."""
        return getattr(self, "build_dir", self.binary.resolve().parent) / name

    def samples_exist(self) -> bool:
        # The binary finds the samples from its own location (or LOOPFEED_SAMPLES_DIR).
        if self.app_env.get("LOOPFEED_SAMPLES_DIR"):
            return (Path(self.app_env["LOOPFEED_SAMPLES_DIR"]) / "samples.json").exists()
        d = self.binary.resolve().parent
        for _ in range(6):
            if (d / "data" / "samples" / "samples.json").exists():
                return True
            d = d.parent
        return (self.binary.resolve().parent / "../share/loopfeed/samples/samples.json").exists()

    def snapshot_binary(self) -> None:
        """Runs a private copy: others may rebuild the binary while the suite runs. The copy can't find
        the samples from its own location, so they are named with LOOPFEED_SAMPLES_DIR when the original
        would have found them."""
        samples = None
        if os.environ.get("LOOPFEED_SAMPLES_DIR"):
            samples = os.environ["LOOPFEED_SAMPLES_DIR"]
        else:
            d = self.binary.resolve().parent
            candidates = [d / ".." / "share" / "loopfeed" / "samples"]
            for _ in range(6):
                candidates.append(d / "data" / "samples")
                d = d.parent
            for c in candidates:
                if (c / "samples.json").exists():
                    samples = str(c.resolve())
                    break
        copy = self.case_tmp / "bin" / "loopfeed"
        copy.parent.mkdir()
        shutil.copy2(self.binary, copy)
        self.build_dir = self.binary.resolve().parent
        debug(f"snapshot of {self.binary} ({time.ctime(self.binary.stat().st_mtime)}) at {copy}; samples {samples}")
        self.binary = copy
        if samples:
            self.app_env["LOOPFEED_SAMPLES_DIR"] = samples
        else:
            self.app_env.pop("LOOPFEED_SAMPLES_DIR", None)

    # -- X input
    def xdotool(self, *args: str) -> str:
        return run(["xdotool", *args], env=self.session.env, timeout=10).stdout

    def pointer_into_window(self) -> None:
        self.xdotool("mousemove", str(WINDOW_POINT[0]), str(WINDOW_POINT[1]))
        time.sleep(0.15)

    def key(self, key: str) -> None:
        self.xdotool("key", key)

    def drag(self, x: int, y0: int, y1: int, steps: int = 10, step_delay: float = 0.02, hold: float = 0.0) -> None:
        """Button 1 down at (x, y0), `steps` pointer moves to (x, y1), optionally still for `hold` s, up.
        One xdotool process, so the timing between the steps holds."""
        args = ["mousemove", str(x), str(y0), "sleep", "0.1", "mousedown", "1"]
        for i in range(1, steps + 1):
            y = round(y0 + (y1 - y0) * i / steps)
            args += ["sleep", f"{step_delay:g}", "mousemove", str(x), str(y)]
        if hold > 0:
            args += ["sleep", f"{hold:g}"]
        args += ["mouseup", "1"]
        self.xdotool(*args)

    # -- MPRIS
    def playerctl(self, *args: str, check: bool = True) -> str:
        """playerctl for the app's MPRIS player on the session's bus."""
        return run(["playerctl", "-p", "loopfeed", *args], env=self.session.env, timeout=10, check=check).stdout.strip()

    def wait_mpris(self, timeout: float = 10) -> str:
        """Waits for the MPRIS player to answer; returns its PlaybackStatus."""
        deadline = time.monotonic() + timeout
        while True:
            res = run(["playerctl", "-p", "loopfeed", "status"], env=self.session.env, timeout=10, check=False)
            if res.returncode == 0 and res.stdout.strip():
                return res.stdout.strip()
            if time.monotonic() > deadline:
                raise CaseFailed(f"no MPRIS player `loopfeed` on the session bus within {timeout:g}s: "
                                 f"{(res.stdout + res.stderr).strip()}")
            time.sleep(0.1)

    def wait_status(self, want: str, timeout: float = 3) -> None:
        """Waits until `playerctl status` says `want` (Playing/Paused/Stopped)."""
        deadline = time.monotonic() + timeout
        while True:
            got = self.playerctl("status", check=False)
            if got == want:
                return
            if time.monotonic() > deadline:
                raise CaseFailed(f"playerctl status is {got!r}, expected {want!r} within {timeout:g}s")
            time.sleep(0.1)

    # -- windows and screenshots
    def window_ids(self) -> list[str]:
        return run(["xdotool", "search", "--onlyvisible", "--name", "."], env=self.session.env,
                   check=False).stdout.split()

    def window_geometry(self, wid: str) -> tuple[int, int, int, int]:
        """x, y, width, height of a window."""
        out = run(["xdotool", "getwindowgeometry", "--shell", wid], env=self.session.env).stdout
        vals = dict(l.split("=", 1) for l in out.split() if "=" in l)
        return int(vals["X"]), int(vals["Y"]), int(vals["WIDTH"]), int(vals["HEIGHT"])

    def screenshot(self, name: str) -> Path:
        self.artifacts.mkdir(parents=True, exist_ok=True)
        path = self.artifacts / f"{name}.png"
        run(["import", "-window", "root", str(path)], env=self.session.env, timeout=20)
        return path

    def stats(self, shot: Path) -> tuple[float, float]:
        """Gray mean and standard deviation of the video's area of a screenshot."""
        return region_stats(shot, VIDEO_AREA)

    def difference(self, a: Path, b: Path) -> float:
        """Mean gray difference of two screenshots over the video's area."""
        return region_difference(a, b, VIDEO_AREA)

    def cleanup_apps(self) -> list[str]:
        """Stops every app of the case; returns stderr problems."""
        problems = []
        for app in self.apps:
            app.stop()
            problems += app.stderr_problems()
        self.apps.clear()
        return problems
