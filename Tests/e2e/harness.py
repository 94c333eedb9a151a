#!/usr/bin/env python3
"""The end-to-end harness: the headless session, the app under test and the helpers the cases share.

Sets up Xvfb + a private D-Bus session bus + PulseAudio (null sink/source) unless
--reuse-display is given, then runs each case against a fresh data dir and cache dir,
watching the app's --events JSON-lines log, pressing keys with xdotool and checking
screenshots with ImageMagick.

The cases live in cases_*.py; run_e2e.py runs them.

Python 3.11 standard library only. External tools: Xvfb, dbus-daemon, pulseaudio, pactl,
xdotool, xdpyinfo, ImageMagick (import, convert), gst-launch-1.0.
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

SCRIPT = Path(__file__).resolve()
REPO_ROOT = SCRIPT.parents[2]

FORBIDDEN_STDERR = ("CRITICAL", "Gtk-WARNING", "GLib-GObject-WARNING")
AUDIO_SINK = "pulsesink provide-clock=false"
VIDEO_AREA = "450x540+0+60"  # x 0..450, y 60..600: away from the text overlay and the tab bar
WINDOW_POINT = (200, 300)  # a point inside the default 450x800 window at the screen's top-left


class CaseFailed(Exception):
    pass


class CaseSkipped(Exception):
    pass


def log(msg: str) -> None:
    print(msg, flush=True)


def debug(msg: str) -> None:
    if os.environ.get("LOOPFEED_E2E_DEBUG"):
        print(f"  [debug] {msg}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------------------------
# Process bookkeeping: everything we start is recorded here and ended at exit, by pid.

_started: list[subprocess.Popen] = []


def _pid_alive(pid: int) -> bool:
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


def _children_of(pid: int) -> list[int]:
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
    if not _pid_alive(pid):
        return
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not _pid_alive(pid):
            return
        time.sleep(0.05)
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def end_popen(proc: subprocess.Popen, timeout: float = 5.0) -> None:
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


def run(cmd: list[str], env: dict | None = None, timeout: float = 30, check: bool = True) -> subprocess.CompletedProcess:
    debug("run " + " ".join(cmd))
    res = subprocess.run(cmd, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout)
    if check and res.returncode != 0:
        raise CaseFailed(f"{' '.join(cmd)} exited {res.returncode}: {res.stderr.strip()[-800:]}")
    return res


# --------------------------------------------------------------------------------------------
# The headless session: Xvfb, a private session bus, PulseAudio with a null sink and source.

class Session:
    def __init__(self, reuse: bool):
        self.reuse = reuse
        self.tmp = Path(tempfile.mkdtemp(prefix="loopfeed-e2e-session-"))
        self.env: dict[str, str] = dict(os.environ)
        self.xvfb: subprocess.Popen | None = None
        self.dbus_pid: int | None = None
        self.pulse_pid: int | None = None
        self.pulse_env: dict[str, str] = {}

    # -- setup
    def start(self) -> None:
        if self.reuse:
            for key in ("DISPLAY", "DBUS_SESSION_BUS_ADDRESS"):
                if not os.environ.get(key):
                    raise SystemExit(f"--reuse-display needs {key} to be set")
            self.wait_for_display(self.env["DISPLAY"], None, 10)
            return
        self.start_xvfb()
        self.start_dbus()
        self.start_pulseaudio()
        runtime = self.tmp / "xdg-runtime"
        runtime.mkdir(mode=0o700, exist_ok=True)
        self.env["XDG_RUNTIME_DIR"] = str(runtime)

    @staticmethod
    def display_free(n: int) -> bool:
        return not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists()

    def start_xvfb(self) -> None:
        last_error = ""
        for n in range(140, 240):
            if not self.display_free(n):
                continue
            logf = open(self.tmp / f"xvfb-{n}.log", "w")
            proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                                    stdin=subprocess.DEVNULL, stdout=logf, stderr=subprocess.STDOUT)
            logf.close()
            _started.append(proc)
            if self.wait_for_display(f":{n}", proc, 10):
                self.xvfb = proc
                self.env["DISPLAY"] = f":{n}"
                debug(f"Xvfb on :{n}, pid {proc.pid}")
                return
            last_error = (self.tmp / f"xvfb-{n}.log").read_text()[-400:]
            end_popen(proc)
        raise SystemExit(f"could not start Xvfb: {last_error}")

    def wait_for_display(self, display: str, proc: subprocess.Popen | None, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        num = display.lstrip(":").split(".")[0]
        env = dict(self.env, DISPLAY=display)
        while time.monotonic() < deadline:
            if proc is not None and proc.poll() is not None:
                return False
            if proc is None or Path(f"/tmp/.X11-unix/X{num}").exists():
                r = subprocess.run(["xdpyinfo"], env=env, stdin=subprocess.DEVNULL,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                if r.returncode == 0:
                    return True
            time.sleep(0.1)
        return False

    def start_dbus(self) -> None:
        # --fork: the daemon detaches; it prints its address and pid, we keep the pid to end it.
        r = subprocess.run(["dbus-daemon", "--session", "--fork", "--nosyslog", "--print-address=1", "--print-pid=1"],
                           env=self.env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=10)
        lines = [l.strip() for l in r.stdout.splitlines() if l.strip()]
        if r.returncode != 0 or len(lines) < 2:
            raise SystemExit(f"dbus-daemon failed: {r.stderr}")
        self.env["DBUS_SESSION_BUS_ADDRESS"] = lines[0]
        self.dbus_pid = int(lines[1])
        debug(f"dbus-daemon pid {self.dbus_pid} at {lines[0]}")

    def start_pulseaudio(self) -> None:
        pulse_home = self.tmp / "pulse-home"
        runtime = self.tmp / "pulse-runtime"
        pulse_home.mkdir()
        runtime.mkdir(mode=0o700)
        self.pulse_env = dict(self.env, HOME=str(pulse_home), XDG_CONFIG_HOME=str(pulse_home / ".config"),
                              XDG_RUNTIME_DIR=str(runtime), PULSE_RUNTIME_PATH=str(runtime),
                              PULSE_STATE_PATH=str(pulse_home / "state"))
        self.pulse_env.pop("PULSE_SERVER", None)
        cmd = ["pulseaudio", "--daemonize=yes", "--exit-idle-time=-1", "--disallow-exit", "-n",
               "-L", "module-native-protocol-unix",
               "-L", "module-null-sink sink_name=ci_sink",
               "-L", "module-null-source source_name=ci_mic"]
        r = subprocess.run(cmd, env=self.pulse_env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=20)
        pidfile = runtime / "pid"
        if pidfile.exists():
            try:
                self.pulse_pid = int(pidfile.read_text().strip())
            except ValueError:
                pass
        if r.returncode != 0:
            raise SystemExit(f"pulseaudio failed ({r.returncode}): {r.stderr}")
        server = f"unix:{runtime / 'native'}"
        self.pulse_env["PULSE_SERVER"] = server
        self.env["PULSE_SERVER"] = server
        deadline = time.monotonic() + 10
        while True:
            res = subprocess.run(["pactl", "info"], env=self.pulse_env, capture_output=True, text=True)
            if res.returncode == 0:
                break
            if time.monotonic() > deadline:
                raise SystemExit(f"pulseaudio not reachable: {res.stderr}")
            time.sleep(0.1)
        if self.pulse_pid is None and pidfile.exists():
            self.pulse_pid = int(pidfile.read_text().strip())
        run(["pactl", "set-default-sink", "ci_sink"], env=self.pulse_env)
        run(["pactl", "set-default-source", "ci_mic"], env=self.pulse_env)
        debug(f"pulseaudio pid {self.pulse_pid}, {server}")

    # -- teardown
    def stop(self) -> None:
        for proc in list(_started):
            if proc is not self.xvfb:
                end_popen(proc)
        if self.pulse_pid:
            end_pid(self.pulse_pid)
            self.pulse_pid = None
        if self.dbus_pid:
            # Services the bus activated (none expected) are its children: end them too.
            for kid in _children_of(self.dbus_pid):
                end_pid(kid)
            end_pid(self.dbus_pid)
            self.dbus_pid = None
        if self.xvfb is not None:
            end_popen(self.xvfb)
            self.xvfb = None
        shutil.rmtree(self.tmp, ignore_errors=True)


# --------------------------------------------------------------------------------------------
# Media fixtures

def make_clip(path: Path, seconds: float = 1.0, pattern: str = "smpte", width: int = 320, height: int = 568,
              speed: int = 8, color: int | None = None) -> Path:
    """A portrait H.264 + AAC MP4 whose audio and video last exactly `seconds`; `color` (0xRRGGBB)
    makes it one solid colour, so a screenshot tells which post is where."""
    fps = 30
    frames = int(round(seconds * fps))
    audio_buffers = frames  # 1600 samples at 48 kHz == one 30 fps frame
    source = [f"pattern={pattern}", f"horizontal-speed={speed}"]
    if color is not None:
        source = ["pattern=solid-color", f"foreground-color={0xFF000000 | color}"]
    cmd = ["gst-launch-1.0", "-q", "-e",
           "videotestsrc", f"num-buffers={frames}", *source, "!",
           f"video/x-raw,width={width},height={height},framerate={fps}/1,format=I420", "!",
           "x264enc", "speed-preset=ultrafast", f"key-int-max={fps}", "!", "video/x-h264,profile=main", "!",
           "h264parse", "!", "queue", "!", "mp4mux", "name=mux", "faststart=true", "!", "filesink", f"location={path}",
           "audiotestsrc", f"num-buffers={audio_buffers}", "samplesperbuffer=1600", "wave=sine", "volume=0.2", "!",
           "audio/x-raw,rate=48000,channels=2", "!", "audioconvert", "!", "voaacenc", "!", "aacparse", "!",
           "queue", "!", "mux."]
    run(cmd, timeout=60)
    if not path.exists() or path.stat().st_size < 1000:
        raise CaseFailed(f"could not generate {path}")
    return path


class Fixtures:
    def __init__(self, root: Path):
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        self._clips: dict[str, Path] = {}

    def clip(self, name: str, **kw) -> Path:
        if name not in self._clips:
            self._clips[name] = make_clip(self.root / f"{name}.mp4", **kw)
        return self._clips[name]

    SOLID_COLORS = (0x2060C0, 0x30A050, 0xC0A020)  # blue, green, yellow: far from white and the like red

    def solid_clips(self, landscape: bool = False) -> list[Path]:
        """Three 2 s clips of one colour each (SOLID_COLORS), portrait or landscape."""
        w, h = (568, 320) if landscape else (320, 568)
        return [self.clip(f"solid-{'l' if landscape else 'p'}-{c:06x}", seconds=2, color=c, width=w, height=h)
                for c in self.SOLID_COLORS]

    def feed_clips(self) -> list[Path]:
        """Three distinct, moving 2 s clips for cases that need a feed to page through."""
        return [self.clip("feed-a", seconds=2, pattern="smpte"),
                self.clip("feed-b", seconds=2, pattern="pinwheel", speed=6),
                self.clip("feed-c", seconds=2, pattern="colors", speed=10)]


# --------------------------------------------------------------------------------------------
# The app under test

class App:
    """One launch of loopfeed with its own events log and stderr capture."""

    _serial = 0

    def __init__(self, ctx: "Context", args: list[str], *, data_dirs: bool = True, events: bool = True,
                 env: dict | None = None, name: str = "app", data_dir: Path | None = None,
                 cache_dir: Path | None = None):
        """`data_dir`: reuse that library (e.g. an earlier launch's `app.data_dir`) instead of a fresh one;
        the events log, stderr and cache dir are still this launch's own. `cache_dir`: reuse that cache."""
        App._serial += 1
        self.ctx = ctx
        self.dir = Path(tempfile.mkdtemp(prefix=f"lf-{name}-", dir=ctx.case_tmp))
        self.events_path = self.dir / "events.jsonl"
        self.stderr_path = self.dir / "stderr.txt"
        self.data_dir = data_dir or (self.dir / "data")
        self.cache_dir = cache_dir or (self.dir / "cache")
        cmd = [str(ctx.binary)]
        if data_dirs:
            cmd += ["--data-dir", str(self.data_dir), "--cache-dir", str(self.cache_dir)]
        if events:
            cmd += ["--events", str(self.events_path)]
        cmd += args
        self.cmd = cmd
        self.env = dict(ctx.app_env)
        if env:
            self.env.update(env)
        self._stderr = open(self.stderr_path, "w")
        debug("launch " + " ".join(cmd))
        self.proc = subprocess.Popen(cmd, env=self.env, stdin=subprocess.DEVNULL, stdout=self._stderr,
                                     stderr=self._stderr, cwd=str(self.dir))
        _started.append(self.proc)
        ctx.apps.append(self)
        self.started = time.monotonic()

    # -- events
    def events(self) -> list[dict]:
        try:
            data = self.events_path.read_text(errors="replace")
        except FileNotFoundError:
            return []
        out = []
        for line in data.split("\n")[:-1]:  # only complete lines
            line = line.strip()
            if not line:
                continue
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError:
                raise CaseFailed(f"malformed line in events log: {line!r}")
        for ev in out:
            if "event" not in ev or "t_us" not in ev:
                raise CaseFailed(f"event without event/t_us: {ev}")
        return out

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

    # -- process
    def alive(self) -> bool:
        return self.proc.poll() is None

    def exit_code(self, timeout: float) -> int | None:
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def stop(self) -> None:
        end_popen(self.proc)
        if not self._stderr.closed:
            self._stderr.close()

    def stderr(self) -> str:
        try:
            return self.stderr_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""


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

    # -- X helpers
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
        out = run(["convert", str(shot), "-crop", VIDEO_AREA, "+repage", "-colorspace", "gray",
                   "-format", "%[fx:mean] %[fx:standard_deviation]", "info:"], timeout=20).stdout.split()
        return float(out[0]), float(out[1])

    def difference(self, a: Path, b: Path) -> float:
        out = run(["convert", str(a), str(b), "-crop", VIDEO_AREA, "+repage", "-compose", "difference",
                   "-composite", "-colorspace", "gray", "-format", "%[fx:mean]", "info:"], timeout=20).stdout
        return float(out.strip())

    def cleanup_apps(self) -> list[str]:
        """Stops every app of the case; returns stderr problems."""
        problems = []
        for app in self.apps:
            app.stop()
            err = app.stderr()
            bad = [w for w in FORBIDDEN_STDERR if w in err]
            if bad:
                problems.append(f"stderr of `{' '.join(app.cmd[-3:])}` contains {', '.join(bad)}:\n{indent(err)}")
        self.apps.clear()
        return problems


def indent(text: str, limit: int = 4000) -> str:
    if len(text) > limit:
        # A crash's own thread first (Swift's backtracer lists every thread after it).
        crashed = text.find(" crashed:")
        head = text[text.rfind("\n", 0, crashed) + 1:][:limit] + "\n...\n" if crashed >= 0 else ""
        text = head + "...\n" + text[-limit:]
    return "\n".join("    | " + l for l in text.rstrip("\n").splitlines())


def expect(cond: bool, msg: str) -> None:
    if not cond:
        raise CaseFailed(msg)


def file_uri(path: Path) -> str:
    return path.resolve().as_uri()


# --------------------------------------------------------------------------------------------
# Cases

def launch_feed(ctx: Context, name: str, extra: list[str] | None = None) -> tuple[App, int]:
    """Launches on the bundled samples if present (else on generated clips); returns (app, min posts)."""
    if ctx.samples_exist():
        args, minimum = [], 12
    else:
        clips = ctx.fixtures.feed_clips()
        args, minimum = [str(c) for c in clips], len(clips)
    return App(ctx, (extra or []) + args, name=name), minimum


# -- feed gestures, likes, MPRIS and preferences (3 generated clips, no samples)

def launch_clips(ctx: Context, name: str, count: int = 3, data_dir: Path | None = None) -> tuple[App, list[Path]]:
    """Launches on the generated feed clips only: LOOPFEED_SAMPLES_DIR names an empty dir, so the
    samples don't join the feed (the app reports an error event `samples` for that, which is fine)."""
    clips = ctx.fixtures.feed_clips()[:count]
    no_samples = ctx.case_tmp / "no-samples"
    no_samples.mkdir(exist_ok=True)
    app = App(ctx, [str(c) for c in clips], name=name, data_dir=data_dir,
              env={"LOOPFEED_SAMPLES_DIR": str(no_samples)})
    return app, clips


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
    tool = Path(__file__).resolve().parents[2] / "tools" / "symbolize-stack.py"
    done = subprocess.run([sys.executable, str(tool)], input=text[:20000], text=True, capture_output=True, check=False)
    return done.stdout if done.returncode == 0 else text


def wait_started(app: App) -> tuple[dict, dict]:
    """Waits for `ready` and the first frame of page 0; returns (ready, page 0 event)."""
    ready = app.wait("ready", 20)
    page0 = app.wait("page", 20, pred=lambda e: e.get("index") == 0, what="page index 0")
    app.wait("first_frame", 20, pred=lambda e: e.get("index") == 0, what="first_frame index 0")
    return ready, page0


def expect_page_moves(app: App, action: Callable[[], None], index: int, label: str,
                      first_frame: bool = True, settle: float = 0.5) -> dict:
    """Runs `action`, waits for the page event of `index` (and its first frame), then checks that the
    input moved exactly one page: one page event and nothing more within `settle` s."""
    since = app.cursor()
    action()
    page = app.wait("page", 5, since, lambda e: e.get("index") == index, f"page index {index} after {label}")
    if first_frame:
        app.wait("first_frame", 5, since, lambda e: e.get("index") == index and e.get("post_id") == page.get("post_id"),
                 f"first_frame index {index} after {label}")
    time.sleep(settle)  # also lets the 150 ms snap animation finish before the next paging input
    pages = app.find("page", since)
    expect(len(pages) == 1, f"{label} moved {len(pages)} pages (expected exactly one, to index {index}): "
                            + " | ".join(json.dumps(e) for e in pages))
    return page


def expect_no_page(app: App, action: Callable[[], None], label: str, settle: float = 0.8) -> None:
    since = app.cursor()
    action()
    time.sleep(settle)
    pages = app.find("page", since)
    expect(not pages, f"{label} changed the page: " + " | ".join(json.dumps(e) for e in pages))


def quit_app(app: App) -> None:
    """SIGTERM, as a desktop session would; the app must exit 0 (and so save what it keeps)."""
    app.proc.send_signal(signal.SIGTERM)
    code = app.exit_code(5)
    expect(code is not None, "still running 5 s after SIGTERM")
    expect(code == 0, f"exit code {code} after SIGTERM")


def read_preferences(app: App) -> dict:
    """The settings a launch with --data-dir keeps in DATA/settings.ini (GSettings' key file
    backend): key -> value, for the keys that were set (the others have the schema's default)."""
    path = app.data_dir / "settings.ini"
    expect(path.exists(), f"no {path} after quitting")
    values: dict = {}
    for line in path.read_text().splitlines():
        if "=" not in line or line.startswith("["):
            continue
        key, text = (part.strip() for part in line.split("=", 1))
        if text in ("true", "false"):
            values[key] = text == "true"
            continue
        try:
            values[key] = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            raise CaseFailed(f"{path}: {key} has {text!r}, not a GVariant value")
    return values


# -- comments, profiles, Discover and Inbox

SELF_HANDLE = "you"
SHEET_BODY = "450x250+0+420"  # the lower part of the open comments sheet: empty for a few comments
TAB_X = {"home": 44, "discover": 134, "create": 225, "inbox": 315, "profile": 405}
TAB_Y = 775
AUTHOR_LABEL = (40, 655)      # the bold "@handle" line of a post with a two-line caption
RAIL_AVATAR = (414, 497)
BACK_BUTTON = (24, 24)
GRID_TOP = 92                 # Discover: the first row of tiles, under the search field and the chips
TILE_W, TILE_H = 150, 194


def samples_dir(ctx: Context) -> Path | None:
    """The bundled samples: what the snapshot found (LOOPFEED_SAMPLES_DIR), else the repository's."""
    for cand in (ctx.app_env.get("LOOPFEED_SAMPLES_DIR"), str(REPO_ROOT / "data" / "samples")):
        if cand and (Path(cand) / "samples.json").exists():
            return Path(cand)
    return None


def samples_catalog(ctx: Context) -> dict:
    d = samples_dir(ctx)
    if d is None:
        raise CaseSkipped("no bundled samples (set LOOPFEED_SAMPLES_DIR)")
    return json.loads((d / "samples.json").read_text())


SYSTEM_PYTHON = "/usr/bin/python3"  # feed_server.py and the AT-SPI probe run on the system's Python (python3-gi)


def start_feed_server(folder: Path) -> tuple[subprocess.Popen, int]:
    """feed_server.py serving `folder` on 127.0.0.1 at a port of its own: (the server, its port)."""
    server = subprocess.Popen([SYSTEM_PYTHON, str(Path(__file__).with_name("feed_server.py")), str(folder)],
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return server, int(server.stdout.readline().strip())


def server_requests(port: int) -> dict[str, list[str]]:
    """What the feed server was asked for: each path with the Range header of each request."""
    import urllib.request
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/requests", timeout=5) as answer:
        return json.loads(answer.read())


def write_findings(name: str, findings: dict) -> None:
    """Keeps a case's figures for docs/RELIABILITY.md: $RELIABILITY_RESULTS_DIR/<name>.json, when
    tools/reliability.sh runs the case (nothing otherwise)."""
    folder = os.environ.get("RELIABILITY_RESULTS_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        (Path(folder) / f"{name}.json").write_text(json.dumps(findings, indent=2, ensure_ascii=False))


def launch_samples(ctx: Context, name: str, data_dir: Path | None = None) -> tuple[App, dict]:
    """Launches on the bundled samples only (no paths): LOOPFEED_SAMPLES_DIR names them explicitly, so a
    copied binary finds them too. Returns (app, samples.json)."""
    catalog = samples_catalog(ctx)
    app = App(ctx, [], name=name, data_dir=data_dir, env={"LOOPFEED_SAMPLES_DIR": str(samples_dir(ctx))})
    return app, catalog


def sample_author(catalog: dict, uri: str) -> str | None:
    """The sample post's author handle for a `page.uri` like `bundle:videos/x.mp4`."""
    for post in catalog.get("posts", []):
        if uri == "bundle:" + post["file"]:
            return post["author"]
    return None


def post_by_someone_else(ctx: Context, app: App, catalog: dict, page: dict) -> tuple[int, dict]:
    """Pages down from `page` (index 0) to the first sample post whose author is not you; returns
    (index, its page event)."""
    index = 0
    while sample_author(catalog, page.get("uri", "")) in (SELF_HANDLE, None):
        expect(index < 4, f"no post by another author among the first {index + 1}: {page}")
        index += 1
        page = expect_page_moves(app, lambda: ctx.key("Down"), index, f"Down to post {index}")
    return index, page


def type_text(ctx: Context, text: str) -> None:
    """Types `text` with xdotool. A character missing from the keymap (✓, ü) is typed by remapping a spare
    keycode for the press; GTK reads the keymap lazily, and with xdotool's default 12 ms the mapping is
    often undone before GTK looks it up, which drops the character. So those go one at a time, slowly."""
    run_ascii = ""
    for ch in text:
        if ch.isascii() and ch != "\n":
            run_ascii += ch
            continue
        if run_ascii:
            ctx.xdotool("type", "--delay", "20", run_ascii)
            run_ascii = ""
        if ch == "\n":
            ctx.key("shift+Return")
        else:
            ctx.xdotool("type", "--delay", "300", ch)
    if run_ascii:
        ctx.xdotool("type", "--delay", "20", run_ascii)


def click(ctx: Context, x: int, y: int) -> None:
    ctx.xdotool("mousemove", str(x), str(y), "sleep", "0.05", "click", "1")


def region_stats(shot: Path, geometry: str) -> tuple[float, float]:
    """Gray mean and standard deviation of a region (WxH+X+Y) of a screenshot, 0..1."""
    out = run(["convert", str(shot), "-crop", geometry, "+repage", "-colorspace", "gray",
               "-format", "%[fx:mean] %[fx:standard_deviation]", "info:"], timeout=20).stdout.split()
    return float(out[0]), float(out[1])


def region_difference(a: Path, b: Path, geometry: str) -> float:
    out = run(["convert", str(a), str(b), "-crop", geometry, "+repage", "-compose", "difference",
               "-composite", "-colorspace", "gray", "-format", "%[fx:mean]", "info:"], timeout=20).stdout
    return float(out.strip())


def _gray_bytes(shot: Path, x: int, y: int, w: int, h: int) -> bytes:
    res = subprocess.run(["convert", str(shot), "-crop", f"{w}x{h}+{x}+{y}", "+repage", "-colorspace", "gray",
                          "-depth", "8", "gray:-"], stdin=subprocess.DEVNULL, capture_output=True, timeout=20)
    if res.returncode != 0 or len(res.stdout) != w * h:
        raise CaseFailed(f"could not read pixels of {shot}: {res.stderr.decode(errors='replace')[-300:]}")
    return res.stdout


def bright_box(shot: Path, x: int, y: int, w: int, h: int, level: int = 190) -> tuple[int, int, int, int] | None:
    """Bounding box (x0, y0, x1, y1, screen coordinates) of the pixels brighter than `level` (0..255) in
    the region, or None."""
    data = _gray_bytes(shot, x, y, w, h)
    xs, ys = [], []
    for row in range(h):
        line = data[row * w:(row + 1) * w]
        for col, v in enumerate(line):
            if v > level:
                xs.append(col)
                ys.append(row)
    if not xs:
        return None
    return x + min(xs), y + min(ys), x + max(xs), y + max(ys)


def bright_rows(shot: Path, x: int, y: int, w: int, h: int, level: int = 190, gap: int = 4) -> list[tuple[int, int]]:
    """Vertical runs (y0, y1, screen coordinates) of rows that hold a pixel brighter than `level`; runs
    closer than `gap` rows are joined (the lines of a label or an icon)."""
    data = _gray_bytes(shot, x, y, w, h)
    lit = [any(v > level for v in data[r * w:(r + 1) * w]) for r in range(h)]
    runs: list[list[int]] = []
    for r, on in enumerate(lit):
        if not on:
            continue
        if runs and r - runs[-1][1] <= gap:
            runs[-1][1] = r
        else:
            runs.append([r, r])
    return [(y + a, y + b) for a, b in runs]


def window_shot(ctx: Context, name: str) -> Path:
    """A screenshot of just the main window (450x800 at 0,0): smaller and faster to compare than the whole
    root window; the coordinates stay the screen's."""
    ctx.artifacts.mkdir(parents=True, exist_ok=True)
    path = ctx.artifacts / f"{name}.png"
    run(["import", "-window", "root", "-crop", "450x800+0+0", "+repage", str(path)], env=ctx.session.env, timeout=20)
    return path


def poll_shot(ctx: Context, name: str, check: Callable[[Path], bool], timeout: float, what: str,
              interval: float = 0.1) -> Path:
    """Screenshots until `check(shot)` holds; the last one stays as the artifact `name`."""
    deadline = time.monotonic() + timeout
    while True:
        shot = window_shot(ctx, name)
        if check(shot):
            return shot
        if time.monotonic() > deadline:
            raise CaseFailed(f"{what} not seen within {timeout:g}s, see {shot}")
        time.sleep(interval)


def sheet_is_open(shot: Path) -> bool:
    mean, sd = region_stats(shot, SHEET_BODY)
    return 0.04 < mean < 0.18 and sd < 0.03


def open_comments(ctx: Context, name: str) -> Path:
    """`c` with the pointer over the video; waits until the sheet covers the lower part of the window."""
    ctx.pointer_into_window()
    ctx.key("c")
    # Returns as soon as the sheet is up; the limit allows for a slow machine's first seconds.
    return poll_shot(ctx, f"{name}-sheet-open", sheet_is_open, 8, "the comments sheet after `c`")


def db_comments(app: App) -> list[tuple[int, int, str]]:
    """(id, post_id, text) of every stored comment, oldest id first; read after the app quit."""
    import sqlite3
    path = app.data_dir / "library.sqlite"
    expect(path.exists(), f"no {path}")
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return [(int(a), int(b), str(c)) for a, b, c in con.execute("SELECT id, post_id, text FROM comments ORDER BY id")]
    finally:
        con.close()


def post_comment(ctx: Context, app: App, post_id: int, text: str) -> dict:
    since = app.cursor()
    type_text(ctx, text)
    ctx.key("Return")
    return app.wait("comment_added", 3, since, lambda e: e.get("post_id") == post_id,
                    f"comment_added for post {post_id} after typing {text!r} + Enter")


def discover_tiles(shot: Path, count: int = 6) -> list[bool]:
    """Whether each of the first `count` grid cells holds a tile (not uniform background)."""
    out = []
    for i in range(count):
        x, y = (i % 3) * TILE_W, GRID_TOP + (i // 3) * TILE_H
        _, sd = region_stats(shot, f"{TILE_W - 4}x{TILE_H - 4}+{x + 2}+{y + 2}")
        out.append(sd > 0.02)
    return out


def expected_matches(catalog: dict, word: str) -> list[str]:
    word = word.lower().lstrip("#")
    return ["bundle:" + p["file"] for p in catalog["posts"]
            if word in (p.get("caption", "") + " " + p.get("music", "")).lower()]


def discoverer_seconds(path: str) -> tuple[float, str]:
    """Duration in seconds and the raw report of gst-discoverer-1.0 for a file."""
    out = subprocess.run(["gst-discoverer-1.0", path], capture_output=True, text=True, timeout=30).stdout
    seconds = 0.0
    for line in out.splitlines():
        if "Duration:" in line:
            h, m, sec = line.split()[-1].split(":")
            seconds = int(h) * 3600 + int(m) * 60 + float(sec)
    return seconds, out


# The recorder's controls, in the 450x800 window (the rail on the right, the bar at the bottom).
TIMER_BUTTON = (398, 147)
EDIT_TEXT_BUTTON = (398, 32)
EDIT_SPEED_BUTTON = (398, 108)
ALLOW_COMMENTS_SWITCH = (408, 421)
SAVE_COPY_SWITCH = (408, 459)
ALBUM_BUTTON = (48, 677)


def record_app(ctx: Context, name: str, extra_env: dict | None = None, data_dir: Path | None = None) -> App:
    """The app with --camera test and no samples (a small, quick library), already on Create."""
    no_samples = ctx.case_tmp / "no-samples"
    no_samples.mkdir(exist_ok=True)
    env = {"LOOPFEED_SAMPLES_DIR": str(no_samples)}
    env.update(extra_env or {})
    app = App(ctx, ["--camera", "test"], name=name, env=env, data_dir=data_dir)
    app.wait("ready", 20)
    ctx.pointer_into_window()
    return app


def hold_r(ctx: Context, app: App, seconds: float) -> dict:
    since = app.cursor()
    ctx.xdotool("keydown", "r")
    app.wait("record_started", 10, since, what="record_started after holding R")
    time.sleep(seconds)
    ctx.xdotool("keyup", "r")
    return app.wait("record_finished", 10, since, what="record_finished after releasing R")


def db_post(app: App, post_id: int) -> dict:
    return db_post_where(app, "id", post_id)


def db_rows(app: App, sql: str, params: tuple = ()) -> list[tuple]:
    """The rows `sql` reads from the library (read-only)."""
    import sqlite3
    con = sqlite3.connect(f"file:{app.data_dir / 'library.sqlite'}?mode=ro", uri=True)
    try:
        return con.execute(sql, params).fetchall()
    finally:
        con.close()


def db_post_where(app: App, column: str, value) -> dict:
    """The library's first post whose `column` is `value` (read-only), or {}."""
    import sqlite3
    con = sqlite3.connect(f"file:{app.data_dir / 'library.sqlite'}?mode=ro", uri=True)
    con.row_factory = sqlite3.Row
    try:
        row = con.execute(f"SELECT * FROM posts WHERE {column} = ?", (value,)).fetchone()
        return dict(row) if row else {}
    finally:
        con.close()


HOME_TAB = (44, 770)
CREATE_TAB = (225, 765)

LIMIT_15S_CHIP = (166, 568)

SOUND_CHIP = (225, 29)
SOUND_ROW_RULE_30 = (100, 590)


def audio_rms(path: Path) -> float:
    """RMS of a file's sound (mono, 8 kHz, 16-bit), 0..1."""
    raw = path.with_suffix(".raw")
    run(["gst-launch-1.0", "-q", "filesrc", f"location={path}", "!", "decodebin", "!", "audioconvert", "!",
         "audioresample", "!", "audio/x-raw,format=S16LE,channels=1,rate=8000", "!", "filesink",
         f"location={raw}"], timeout=60)
    data = raw.read_bytes()
    count = len(data) // 2
    if count == 0:
        return 0.0
    import struct
    samples = struct.unpack(f"<{count}h", data[:count * 2])
    return (sum(x * x for x in samples) / count) ** 0.5 / 32768


def window_open(ctx: Context, title: str) -> bool:
    return bool(run(["xdotool", "search", "--onlyvisible", "--name", title], env=ctx.session.env, check=False).stdout.split())


def wait_window(ctx: Context, title: str, timeout: float = 15) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = run(["xdotool", "search", "--onlyvisible", "--name", title], env=ctx.session.env, check=False).stdout.split()
        if found:
            return found[0]
        time.sleep(0.2)
    raise CaseFailed(f"no window named {title!r} appeared")


def choose_path(ctx: Context, title: str, path: Path) -> None:
    """Types `path` into the open file chooser titled `title` and accepts it. GTK's location entry
    completes on its own timer; a Return that lands while the completion is being inserted only
    accepts the completion (seen once under load), as it would for a person, who then presses
    Return again."""
    wait_window(ctx, title)
    time.sleep(0.5)
    ctx.key("ctrl+l")
    time.sleep(0.3)
    ctx.xdotool("type", "--delay", "20", str(path))
    time.sleep(1.0)
    ctx.key("Return")
    deadline = time.monotonic() + 15
    pressed_again = False
    while window_open(ctx, title) and time.monotonic() < deadline:
        time.sleep(0.2)
        if not pressed_again and time.monotonic() > deadline - 10:
            ctx.key("Return")
            pressed_again = True
    expect(not window_open(ctx, title), f"the chooser {title!r} stayed open after choosing {path}")


def open_create(ctx: Context, app: App, timeout: float = 15) -> dict:
    """A tap of R (too short to record) opens Create; returns once its camera shows live pictures."""
    since = app.cursor()
    ctx.key("r")
    live = app.wait("camera_live", timeout, since, what="the camera live after a tap of R opened Create")

    def preview_shown(shot: Path) -> bool:
        # The test camera's purple background (#3a0ca3) over most of the page: the Create tab is
        # painted and laid out, so its buttons are where the cases click.
        out = run(["convert", str(shot), "-crop", "300x500+75+150", "+repage",
                   "-format", "%[fx:mean.r] %[fx:mean.g] %[fx:mean.b]", "info:"], timeout=20).stdout.split()
        r, g, b = (float(v) for v in out)
        return b - g > 0.3 and b > r

    poll_shot(ctx, "create-opened", preview_shown, 8, "the camera's preview on the Create tab")
    return live


def wait_create_page(app: App, page: str, since: int, timeout: float = 20) -> dict:
    """Waits for the Create tab to show `page` (camera, missing, edit, posting) after `since`."""
    return app.wait("create_page", timeout, since, pred=lambda e: e.get("page") == page,
                    what=f"the Create tab's {page} page")
