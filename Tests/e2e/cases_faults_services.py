"""Dead services (issue 13): PulseAudio gone while a video plays (the video goes on, the sound
comes back with it), no D-Bus session bus at launch (MPRIS off, said on stderr, the app runs), and
no GL (the memory path)."""

from __future__ import annotations

import os
import signal
import subprocess
import tempfile
import time
from pathlib import Path

from app import App, quit_app
from context import Context
from feed import wait_started
from outcomes import CaseFailed, expect
from screen_colors import share_soon
from screenshots import window_shot


class PrivatePulse:
    """A PulseAudio of the case's own (null sink), so killing it touches no other case."""

    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.root = Path(tempfile.mkdtemp(prefix="pulse-", dir=ctx.case_tmp))
        (self.root / "home").mkdir()
        self.runtime = self.root / "runtime"
        self.runtime.mkdir(mode=0o700)
        self.env = dict(ctx.session.env, HOME=str(self.root / "home"), XDG_RUNTIME_DIR=str(self.runtime),
                        PULSE_RUNTIME_PATH=str(self.runtime), PULSE_STATE_PATH=str(self.root / "home" / "state"))
        self.env.pop("PULSE_SERVER", None)
        # Off the session bus: a PulseAudio there claims org.pulseaudio.Server, which the session's
        # own PulseAudio holds when it started with the bus, and a second one then refuses to start
        # ("Daemon startup failed", the CI run as root).
        self.env["DBUS_SESSION_BUS_ADDRESS"] = f"unix:path={self.root / 'no-bus'}"
        self.server = f"unix:{self.runtime / 'native'}"
        self.pid: int | None = None
        self.start()

    def start(self, output_after: float = 0) -> None:
        """Starts the server; `output_after` > 0: with its socket only, its output (the null sink)
        loaded that many seconds later, as a server that is coming back has for a moment."""
        cmd = ["pulseaudio", "--daemonize=yes", "--exit-idle-time=-1", "--disallow-exit", "-n",
               "-L", "module-native-protocol-unix"] + ([] if output_after else ["-L", "module-null-sink sink_name=case_sink"])
        done = subprocess.run(cmd, env=self.env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=20)
        if done.returncode != 0:
            raise CaseFailed(f"pulseaudio failed: {done.stderr}")
        self.pid = int((self.runtime / "pid").read_text().strip())
        deadline = time.monotonic() + 10
        while subprocess.run(["pactl", "info"], env=dict(self.env, PULSE_SERVER=self.server),
                             capture_output=True).returncode != 0:
            if time.monotonic() > deadline:
                raise CaseFailed("the case's pulseaudio does not answer")
            time.sleep(0.1)
        if output_after:
            time.sleep(output_after)
            subprocess.run(["pactl", "load-module", "module-null-sink", "sink_name=case_sink"],
                           env=dict(self.env, PULSE_SERVER=self.server), capture_output=True, check=True)

    def kill(self) -> None:
        if self.pid:
            os.kill(self.pid, signal.SIGKILL)
            deadline = time.monotonic() + 5
            while Path(f"/proc/{self.pid}").exists() and time.monotonic() < deadline:
                time.sleep(0.05)
            self.pid = None

    def streams_of(self, pid: int) -> int:
        """How many playback streams the process `pid` has on this server (0 when it is down)."""
        out = subprocess.run(["pactl", "list", "sink-inputs"], env=dict(self.env, PULSE_SERVER=self.server),
                             capture_output=True, text=True).stdout
        return out.count(f'application.process.id = "{pid}"')

    def wait_stream(self, pid: int, timeout: float, what: str) -> None:
        deadline = time.monotonic() + timeout
        while self.streams_of(pid) == 0:
            if time.monotonic() > deadline:
                raise CaseFailed(f"no sound stream from the app on PulseAudio within {timeout:g}s: {what}")
            time.sleep(0.2)

    def close(self) -> None:
        self.kill()


def case_pulseaudio_killed_while_playing(ctx: Context) -> None:
    """PulseAudio killed (kill -9) while a video plays with sound: the video goes on looping
    with no error card, a page change still plays, and once PulseAudio is back (its output a few
    seconds after its socket) the sound comes back by itself. Both with the sink the tests use and
    with the default (autoaudiosink)."""
    for sink in ("pulsesink provide-clock=false", ""):
        pulse = PrivatePulse(ctx)
        try:
            no_samples = ctx.case_tmp / "no-samples"
            no_samples.mkdir(exist_ok=True)
            clips = [str(c) for c in ctx.fixtures.feed_clips()]
            app = App(ctx, clips, name="pulse-killed" + ("-default" if not sink else ""),
                      env={"PULSE_SERVER": pulse.server, "LOOPFEED_AUDIO_SINK": sink, "LOOPFEED_SAMPLES_DIR": str(no_samples)})
            _, page0 = wait_started(app)
            pulse.wait_stream(app.proc.pid, 10, "before PulseAudio was killed")
            app.wait("loop", 10, pred=lambda e: e.get("post_id") == page0["post_id"], what="a first loop")
            since = app.cursor()
            pulse.kill()
            app.wait("loop", 12, since, lambda e: e.get("post_id") == page0["post_id"],
                     "the video looping on after PulseAudio was killed", count=2)
            ctx.pointer_into_window()
            moved = app.cursor()
            ctx.key("Down")
            page1 = app.wait("page", 5, moved, what="the next page without PulseAudio")
            app.wait("first_frame", 10, moved, lambda e: e.get("post_id") == page1["post_id"],
                     "the next video's first frame without PulseAudio")
            window_shot(ctx, f"pulse-killed{'-default' if not sink else ''}")
            errors = [e for e in app.find("error", since) if e.get("post_id") is not None]
            expect(not errors, f"a video failed when PulseAudio went away: {errors}")
            # Back with its socket first and its output 3 s later: a player that puts a sink back
            # meanwhile (it tries every 2 s) finds it refusing the stream, and that is the sound's
            # problem, never the video's (it was a false "damaged" card once in six CI runs).
            pulse.start(output_after=3)
            pulse.wait_stream(app.proc.pid, 15, "after PulseAudio came back")
            back = app.cursor()
            app.wait("loop", 10, back, lambda e: e.get("post_id") == page1["post_id"], "the video looping with sound back")
            expect(not [e for e in app.find("error", since) if e.get("post_id") is not None],
                   f"a video failed when PulseAudio came back: {app.find('error', since)}")
            quit_app(app)
        finally:
            pulse.close()


def case_no_session_bus_at_launch(ctx: Context) -> None:
    """No D-Bus session bus (an address where nothing listens): the app starts, plays and pages,
    says on stderr that MPRIS is off, and quits cleanly."""
    (ctx.case_tmp / "no-samples").mkdir(exist_ok=True)
    missing = ctx.case_tmp / "no-bus-here"
    app = App(ctx, [str(c) for c in ctx.fixtures.feed_clips()[:2]], name="no-bus",
              env={"DBUS_SESSION_BUS_ADDRESS": f"unix:path={missing}", "LOOPFEED_SAMPLES_DIR": str(ctx.case_tmp / "no-samples")})
    _, page0 = wait_started(app)
    ctx.pointer_into_window()
    since = app.cursor()
    ctx.key("Down")
    page1 = app.wait("page", 5, since, what="a page change without a session bus")
    app.wait("first_frame", 10, since, lambda e: e.get("post_id") == page1["post_id"], "the next video's first frame")
    deadline = time.monotonic() + 5
    while "MPRIS" not in app.stderr() and time.monotonic() < deadline:
        time.sleep(0.1)
    expect("MPRIS" in app.stderr(), f"nothing on stderr says MPRIS is off:\n{app.stderr()}")
    quit_app(app)


def case_without_gl_the_memory_path_plays(ctx: Context) -> None:
    """GL disabled (GDK_DEBUG=gl-disable): with no frame path asked for, and with the GL path
    asked for, the app takes the memory path, says why in its renderer event, and shows video."""
    clips = ctx.fixtures.solid_clips()
    for asked in ("", "gl"):
        (ctx.case_tmp / "no-samples").mkdir(exist_ok=True)
        app = App(ctx, [str(c) for c in clips], name=f"no-gl{'-asked' if asked else ''}",
                  env={"GDK_DEBUG": "gl-disable", "LOOPFEED_VIDEO_PATH": asked,
                       "LOOPFEED_SAMPLES_DIR": str(ctx.case_tmp / "no-samples")})
        renderer = app.wait("renderer", 20, what="the renderer event")
        expect(renderer.get("video_path") == "memory", f"without GL the app took {renderer}")
        wait_started(app)
        ctx.pointer_into_window()
        shown = share_soon(ctx, (150, 250, 100, 100), ctx.fixtures.SOLID_COLORS[0], at_least=0.8, tolerance=40)
        expect(shown > 0.8, f"no video on screen without GL ({shown:.0%}), see {ctx.screenshot('no-gl')}")
        quit_app(app)


SERVICE_CASES = [
    ("pulseaudio_killed_while_playing", case_pulseaudio_killed_while_playing),
    ("no_session_bus_at_launch", case_no_session_bus_at_launch),
    ("without_gl_the_memory_path_plays", case_without_gl_the_memory_path_plays),
]
