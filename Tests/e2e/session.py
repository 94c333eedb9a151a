"""The headless session the app runs in: Xvfb, a private D-Bus session bus, PulseAudio with a null
sink and source. The end-to-end runner and the benchmarks start it the same way."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from outcomes import debug
from processes import children_of, end_pid, end_popen, end_started, run, track

AUDIO_SINK = "pulsesink provide-clock=false"  # with the null sink's clock video froze early (PITFALLS)


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
            track(proc)
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
        end_started(keep=self.xvfb)
        if self.pulse_pid:
            end_pid(self.pulse_pid)
            self.pulse_pid = None
        if self.dbus_pid:
            # Services the bus activated (none expected) are its children: end them too.
            for kid in children_of(self.dbus_pid):
                end_pid(kid)
            end_pid(self.dbus_pid)
            self.dbus_pid = None
        if self.xvfb is not None:
            end_popen(self.xvfb)
            self.xvfb = None
        shutil.rmtree(self.tmp, ignore_errors=True)
