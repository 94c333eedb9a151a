#!/usr/bin/env bash
# Starts what the UI tests need when there is no desktop: Xvfb, a D-Bus session bus,
# PulseAudio with a null sink and source, and a keyring (gnome-keyring's Secret Service,
# unlocked, its files in the session's folder). Source it; `headless_session_stop` tears it down.

headless_session_start() {
  export LOOPFEED_SESSION_DIR
  LOOPFEED_SESSION_DIR=$(mktemp -d /tmp/loopfeed-session.XXXXXX)
  local n=90
  while [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ]; do n=$((n + 1)); done
  Xvfb ":$n" -screen 0 1280x1024x24 -nolisten tcp >"$LOOPFEED_SESSION_DIR/xvfb.log" 2>&1 &
  echo $! >"$LOOPFEED_SESSION_DIR/xvfb.pid"
  export DISPLAY=":$n"
  for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$n" ] && break; sleep 0.1; done
  local bus
  bus=$(dbus-daemon --session --fork --print-address=1 --print-pid=2 2>"$LOOPFEED_SESSION_DIR/dbus.pid")
  export DBUS_SESSION_BUS_ADDRESS="$bus"
  export XDG_RUNTIME_DIR="$LOOPFEED_SESSION_DIR/runtime"
  mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
  export PULSE_RUNTIME_PATH="$XDG_RUNTIME_DIR/pulse"
  pulseaudio --daemonize=yes --exit-idle-time=-1 --disallow-exit -n \
    -L module-native-protocol-unix -L "module-null-sink sink_name=ci_sink" \
    -L "module-null-source source_name=ci_mic" >"$LOOPFEED_SESSION_DIR/pulse.log" 2>&1 || true
  for _ in $(seq 50); do pactl info >/dev/null 2>&1 && break; sleep 0.1; done
  pactl set-default-sink ci_sink >/dev/null 2>&1 || true
  pactl set-default-source ci_mic >/dev/null 2>&1 || true
  # The keyring's login collection is made and unlocked with a password from standard input.
  if command -v gnome-keyring-daemon >/dev/null 2>&1; then
    mkdir -p "$LOOPFEED_SESSION_DIR/keyring-data"
    printf 'loopfeed-tests' | XDG_DATA_HOME="$LOOPFEED_SESSION_DIR/keyring-data" \
      gnome-keyring-daemon --foreground --unlock --components=secrets \
      --control-directory="$XDG_RUNTIME_DIR/keyring" >"$LOOPFEED_SESSION_DIR/keyring.log" 2>&1 &
    echo $! >"$LOOPFEED_SESSION_DIR/keyring.pid"
    for _ in $(seq 50); do
      dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner \
        string:org.freedesktop.secrets 2>/dev/null | grep -q true && break
      sleep 0.1
    done
  fi
  # With the null sink providing the clock video froze early in playback (PITFALLS).
  export LOOPFEED_AUDIO_SINK="pulsesink provide-clock=false"
}

headless_session_stop() {
  [ -n "${LOOPFEED_SESSION_DIR:-}" ] || return 0
  pulseaudio --kill >/dev/null 2>&1 || true
  [ -f "$LOOPFEED_SESSION_DIR/keyring.pid" ] && kill "$(cat "$LOOPFEED_SESSION_DIR/keyring.pid")" 2>/dev/null || true
  [ -f "$LOOPFEED_SESSION_DIR/dbus.pid" ] && kill "$(cat "$LOOPFEED_SESSION_DIR/dbus.pid")" 2>/dev/null || true
  [ -f "$LOOPFEED_SESSION_DIR/xvfb.pid" ] && kill "$(cat "$LOOPFEED_SESSION_DIR/xvfb.pid")" 2>/dev/null || true
  rm -rf "$LOOPFEED_SESSION_DIR"
  LOOPFEED_SESSION_DIR=
}
