#!/usr/bin/env bash
# Runs every Loopfeed test on a fresh machine: installs what is missing, builds, runs the
# unit and GStreamer integration tests (swift test), the data-file validations (meson test),
# the self-tests of the loopback PeerTube/Loops fakes (Tests/servers, Python unittest)
# and the headless end-to-end tests (a real window under Xvfb, driven by xdotool).
# The last line sums them up: "total: N passed, M failed".
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/deps.sh
source tools/headless-session.sh
ensure_packages test
ensure_swift

status=0
logs=$(mktemp -d /tmp/loopfeed-test.XXXXXX)
headless_session_start
trap 'headless_session_stop; rm -rf "$logs"' EXIT

echo "== swift build"
# Every import must be declared: a target that reaches another without depending on it fails.
# Every target is the project's own, so a warning (an unused import, a Sendable or isolation
# complaint) fails the build.
strict=(--explicit-target-dependency-import-check error -Xswiftc -warnings-as-errors)
swift build --build-tests "${strict[@]}" 2>&1 | sed '/warning: prohibited flag/d'

echo "== every library target on its own"
# Built alone, a target finds only what it declares (not what an earlier target happened to build).
for target in $(swift package dump-package 2>/dev/null | python3 -c \
    "import json,sys; print(' '.join(t['name'] for t in json.load(sys.stdin)['targets'] if t['type'] == 'regular'))"); do
  if ! swift build --target "$target" "${strict[@]}" >"$logs/target.txt" 2>&1; then
    sed '/warning: prohibited flag/d' "$logs/target.txt"
    echo "building $target on its own failed" >&2
    exit 1
  fi
done
echo "built on their own: all library targets"

echo "== module graph rules"
python3 tools/check-module-graph.py

echo "== swift test (unit, GStreamer integration, GTK wrappers)"
set +e
swift test --skip-build 2>&1 | sed '/warning: prohibited flag/d' | tee "$logs/swift.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1

echo "== meson test (desktop file, metainfo, schema)"
mbuild="$logs/meson"
{ meson setup "$mbuild" meson-helpers -Dbuild_binary=false >/dev/null && meson test -C "$mbuild" --print-errorlogs; } \
  2>&1 | tee "$logs/meson.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1

echo "== fake PeerTube/Loops servers' self-tests (Tests/servers, against the published contracts)"
python3 -m unittest discover -s Tests/servers -t Tests/servers 2>&1 | tee "$logs/fakes.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1

echo "== end-to-end (Xvfb)"
# The end-to-end runner starts its own Xvfb, D-Bus and PulseAudio, isolated from the above.
python3 Tests/e2e/run_e2e.py --binary "$(swift build --show-bin-path)/loopfeed" 2>&1 | tee "$logs/e2e.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1

echo "== end-to-end, the feed's cases again on the GL frame path (LOOPFEED_VIDEO_PATH=gl; Mesa's GL under Xvfb)"
# The default run takes the memory path here (llvmpipe); this one makes every app take the GL
# path and fails a case whose app fell back. About a minute and a half.
python3 Tests/e2e/run_e2e.py --binary "$(swift build --show-bin-path)/loopfeed" --group feed --video-path gl \
  --artifacts /tmp/loopfeed-e2e-gl 2>&1 | tee "$logs/e2e-gl.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
set -e

# XCTest's closing "Executed N tests, with F failures", meson's Ok/Fail, the e2e summary.
# The closing line reads "Executed N tests, with [S tests skipped and ]F failures": the last
# such line is the "All tests" suite's.
unit_line=$(grep -E "Executed [0-9]+ tests?, with ([0-9]+ tests? skipped and )?[0-9]+ failures?" "$logs/swift.txt" | tail -1 || true)
unit_run=$(sed -nE 's/.*Executed ([0-9]+) tests?.*/\1/p' <<<"$unit_line")
unit_skipped=$(sed -nE 's/.* ([0-9]+) tests? skipped.*/\1/p' <<<"$unit_line")
unit_failed=$(sed -nE 's/.* ([0-9]+) failures?.*/\1/p' <<<"$unit_line")
meson_ok=$(sed -nE 's/^Ok:[[:space:]]+([0-9]+).*/\1/p' "$logs/meson.txt" | tail -1)
meson_fail=$(sed -nE 's/^Fail:[[:space:]]+([0-9]+).*/\1/p' "$logs/meson.txt" | tail -1)
# unittest closes with "Ran N tests in Xs" then "OK", "OK (skipped=S)" or
# "FAILED (failures=F, errors=E, skipped=S)": errors count as failures.
fakes_run=$(sed -nE 's/^Ran ([0-9]+) tests? in .*/\1/p' "$logs/fakes.txt" | tail -1)
fakes_verdict=$(grep -E '^(OK|FAILED)' "$logs/fakes.txt" | tail -1 || true)
fakes_failed=$(( $(sed -nE 's/.*failures=([0-9]+).*/\1/p' <<<"$fakes_verdict" | grep . || echo 0) \
  + $(sed -nE 's/.*errors=([0-9]+).*/\1/p' <<<"$fakes_verdict" | grep . || echo 0) ))
fakes_skipped=$(sed -nE 's/.*skipped=([0-9]+).*/\1/p' <<<"$fakes_verdict" | grep . || echo 0)
e2e_ok=0
e2e_fail=0
for run in e2e e2e-gl; do
  e2e_line=$(grep -E "^[0-9]+ passed, [0-9]+ failed$" "$logs/$run.txt" | tail -1 || true)
  e2e_ok=$(( e2e_ok + $(sed -nE 's/^([0-9]+) passed.*/\1/p' <<<"$e2e_line" | grep . || echo 0) ))
  e2e_fail=$(( e2e_fail + $(sed -nE 's/.*passed, ([0-9]+) failed$/\1/p' <<<"$e2e_line" | grep . || echo 0) ))
done
fakes_ok=$(( ${fakes_run:-0} - fakes_failed - fakes_skipped ))
passed=$(( ${unit_run:-0} - ${unit_failed:-0} - ${unit_skipped:-0} + ${meson_ok:-0} + fakes_ok + ${e2e_ok:-0} ))
failed=$(( ${unit_failed:-0} + ${meson_fail:-0} + fakes_failed + ${e2e_fail:-0} ))
[ "$status" -ne 0 ] && [ "$failed" -eq 0 ] && failed=1   # a step failed without counting it
echo "unit+integration: ${unit_run:-0} run, ${unit_skipped:-0} skipped, ${unit_failed:-0} failed; meson: ${meson_ok:-0} ok; fakes: ${fakes_ok} passed, ${fakes_skipped} skipped, ${fakes_failed} failed; e2e (both paths): ${e2e_ok:-0} passed"
# CI keeps only the tail of this output: name what failed here, at the end.
{ grep -hE "^(FAIL|ERROR): |^Test Case '.*' failed|^Fail:|^FAIL " "$logs"/swift.txt "$logs"/fakes.txt "$logs"/e2e.txt "$logs"/e2e-gl.txt 2>/dev/null \
    | cut -c1-300 | head -20 | sed 's/^/failed: /'; } || true
echo "total: $passed passed, $failed failed"
exit $status
