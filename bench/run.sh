#!/usr/bin/env bash
# Loopfeed benchmarks, one command: builds a release binary of the current tree (own scratch
# path bench/.build); bench.py starts a private headless session (Xvfb + D-Bus + PulseAudio null
# sink, the end-to-end tests' Tests/e2e/session.py), generates the test clips, measures, and
# rewrites docs/BENCHMARKS.md.
#
#   bash bench/run.sh
#   BENCH_ONLY=1,2 BENCH_PLAY_SECONDS=20 bash bench/run.sh    # partial / shorter run
#   BENCH_ONLY=5a,5b,5c BENCH_OUT=/tmp/l.md bash bench/run.sh  # a new user's, a remote, a cold launch
#   BENCH_ONLY=11,12 BENCH_FEEDS=300 BENCH_OUT=/tmp/g.md bash bench/run.sh  # grid scroll, feeds vs main loop
#   Steps: 1,2,3,4,5,5a,5b,5c,6,7,8,9,10,11,12 (bench.py's ALL_STEPS), all by default.
#   BENCH_ONLY=7 BENCH_OUT=/tmp/rec.md bash bench/run.sh      # recording (issue 5) alone
#   python3 bench/foryou.py --binary bench/.build/release/loopfeed-foryou-bench --out docs/BENCHMARKS.md
#       # For You's quality (issue 24, step 10) alone, rewriting only its block
#   BENCH_ONLY=3 BENCH_VIDEO_PATH=gl BENCH_OUT=/tmp/gl.md bash bench/run.sh
#       # playback also on the GL frame path (LOOPFEED_VIDEO_PATH=gl), as row 3d
#   bash bench/run.sh --network   # steps 8 and 9 alone (bench/remote.py: paging through remote
#       # results, typing -> results, over the loopback fakes); replaces only their block of the report
# BENCH_OUT: where the report goes (default docs/BENCHMARKS.md), so a partial run need not
# overwrite the committed full report.
set -euo pipefail
PRODUCTS=(loopfeed loopfeed-search-bench loopfeed-foryou-bench)
if [ "${1:-}" = "--network" ]; then
  export BENCH_ONLY=8,9
  PRODUCTS=(loopfeed)
fi
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
START=$(date +%s)
LOAD_AT_START=$(cut -d' ' -f1-3 /proc/loadavg)

# mpv is the baseline of steps 1, 3, 5 and 8: installed when missing and we may (root, apt).
if ! command -v mpv >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "[bench] installing mpv"
  DEBIAN_FRONTEND=noninteractive apt-get install -y mpv >/dev/null
fi

for tool in swift python3 gst-launch-1.0 gst-play-1.0 gst-discoverer-1.0 mpv xdotool Xvfb dbus-daemon pulseaudio pactl; do
  command -v "$tool" >/dev/null || { echo "bench: '$tool' not found" >&2; exit 1; }
done

echo "[bench] load average at start: $LOAD_AT_START"
echo "[bench] building release binary in bench/.build"
for product in "${PRODUCTS[@]}"; do
  # As meson installs it (static_swift_stdlib defaults to true): the Swift runtime inside.
  swift build -c release --static-swift-stdlib --product "$product" --scratch-path "$ROOT/bench/.build" 2>&1 \
    | sed '/warning: prohibited flag/d'
done
BUILD_END=$(date +%s)
BIN="$ROOT/bench/.build/release/loopfeed"
[ -x "$BIN" ] || { echo "bench: build produced no binary" >&2; exit 1; }

WORK=$(mktemp -d /tmp/loopfeed-bench.XXXXXX)
# A copy, so a rebuild during the run does not swap the binary under it. Outside the source
# tree it finds no bundled samples, so the feed holds exactly the bench's clips.
cp "$BIN" "$WORK/loopfeed"
# Its own icons, found beside it as an installed copy finds them in hicolor: without them the rail
# drew GTK's missing-image icons, which is not the window a user sees.
mkdir -p "$WORK/data" && ln -s "$ROOT/data/icons" "$WORK/data/icons"
[ ${#PRODUCTS[@]} -gt 1 ] && cp "$ROOT/bench/.build/release/loopfeed-search-bench" "$WORK/"
[ ${#PRODUCTS[@]} -gt 1 ] && cp "$ROOT/bench/.build/release/loopfeed-foryou-bench" "$WORK/"
echo "[bench] work directory: $WORK"

COMMIT=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo "?")
DIRTY=()
[ -n "$(git -C "$ROOT" status --porcelain --untracked-files=no 2>/dev/null)" ] && DIRTY=(--dirty)

python3 "$ROOT/bench/bench.py" --binary "$WORK/loopfeed" --work "$WORK" \
  --out "${BENCH_OUT:-$ROOT/docs/BENCHMARKS.md}" --load-at-start "$LOAD_AT_START" \
  --build-seconds $((BUILD_END - START)) --commit "$COMMIT" "${DIRTY[@]}"
echo "[bench] total $(( $(date +%s) - START )) s; report: ${BENCH_OUT:-docs/BENCHMARKS.md}"
