#!/usr/bin/env bash
# Runs every Loopfeed test on a fresh machine: installs what is missing, builds, runs the
# unit and GStreamer integration tests (swift test), the data-file validations (meson test)
# and the headless end-to-end tests (a real window under Xvfb, driven by xdotool).
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/deps.sh
source tools/headless-session.sh
ensure_packages test
ensure_swift

status=0
headless_session_start
trap headless_session_stop EXIT

echo "== swift build"
swift build --build-tests 2>&1 | sed '/warning: prohibited flag/d'
echo "== swift test"
set +e
swift test --skip-build 2>&1 | sed '/warning: prohibited flag/d'
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
set -e

echo "== meson test (desktop file, metainfo, schema)"
mbuild=$(mktemp -d /tmp/loopfeed-meson.XXXXXX)
if meson setup "$mbuild" meson-helpers -Dbuild_binary=false >/dev/null && meson test -C "$mbuild" --print-errorlogs; then
  :
else
  status=1
fi
rm -rf "$mbuild"

echo "== end-to-end (Xvfb)"
# The end-to-end runner starts its own Xvfb, D-Bus and PulseAudio, isolated from the above.
python3 Tests/e2e/run_e2e.py --binary "$(swift build --show-bin-path)/loopfeed" || status=1

[ $status -eq 0 ] && echo "All Loopfeed tests passed" || echo "Some Loopfeed tests FAILED"

exit $status
