#!/usr/bin/env bash
# The sources benchmarks (issue 11: remote first frames, refreshing 100 feeds, paging while
# 1,000 files import), one command: builds the release binary (bench/.build), starts a private
# headless session and rewrites the `sources` block of docs/BENCHMARKS.md.
#
#   bash bench/sources.sh
#   BENCH_ONLY=1 BENCH_RUNS=3 bash bench/sources.sh     # S1 alone, 3 runs
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
for tool in swift python3 gst-launch-1.0 gst-play-1.0 mpv xdotool Xvfb dbus-daemon pulseaudio pactl; do
  command -v "$tool" >/dev/null || { echo "bench: '$tool' not found" >&2; exit 1; }
done
swift build -c release --static-swift-stdlib --product loopfeed --scratch-path "$ROOT/bench/.build" 2>&1 | sed '/warning: prohibited flag/d'
WORK=$(mktemp -d /tmp/loopfeed-sources.XXXXXX)
cp "$ROOT/bench/.build/release/loopfeed" "$WORK/loopfeed"
# The copy runs outside the source tree: its settings schema (S3's library folder is a setting).
mkdir -p "$WORK/schemas"
glib-compile-schemas --targetdir="$WORK/schemas" "$ROOT/data"
export GSETTINGS_SCHEMA_DIR="$WORK/schemas"
# shellcheck source=../tools/headless-session.sh
source "$ROOT/tools/headless-session.sh"
headless_session_start
trap 'headless_session_stop' EXIT
export GDK_BACKEND=x11 GTK_A11Y=none NO_AT_BRIDGE=1 GSETTINGS_BACKEND=memory
COMMIT=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo "?")
/usr/bin/python3 "$ROOT/bench/sources.py" --binary "$WORK/loopfeed" --work "$WORK" \
  --out "${BENCH_OUT:-$ROOT/docs/BENCHMARKS.md}" --commit "$COMMIT"
