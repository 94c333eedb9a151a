#!/usr/bin/env bash
# The long reliability runs (issue 13) and docs/RELIABILITY.md, in one command:
#
#   bash tools/reliability.sh
#
# Installs what is missing (as tools/test.sh does), builds the app, runs run_e2e.py's `long`
# group (the soak, and the long fault, media and fuzz runs), each writing its figures as JSON
# into $RELIABILITY_RESULTS_DIR, then writes docs/RELIABILITY.md from them. Sizes come from the
# environment (SOAK_PAGE_CHANGES, SOAK_RECORDINGS, SOAK_COMMENTS, SOAK_REFRESH_SECONDS, ...; see
# each run's file; the fuzzer: LOOPFEED_FUZZ_CLIP_RUNS (2000), LOOPFEED_FUZZ_FEED_RUNS (20000),
# LOOPFEED_FUZZ_SEED). The short versions of the same runs are part of tools/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/deps.sh
ensure_packages test
ensure_swift

# follow_kill9 and upload_kill9 take FOLLOW_KILL9_ROUNDS (12) and UPLOAD_KILL9_ROUNDS (8).
# The home instance stays down for minutes in the long run (cases_server_down.py; 12 s in CI).
export SERVER_DOWN_SECONDS="${SERVER_DOWN_SECONDS:-180}"
export RELIABILITY_RESULTS_DIR="${RELIABILITY_RESULTS_DIR:-$(mktemp -d /tmp/loopfeed-reliability.XXXXXX)}"
mkdir -p "$RELIABILITY_RESULTS_DIR"
echo "results: $RELIABILITY_RESULTS_DIR"

# The release build, as people run it; its main-loop watchdog is turned on by the runs.
for product in loopfeed loopfeed-make-library; do
  swift build -c release --static-swift-stdlib --product "$product" 2>&1 | sed '/warning: prohibited flag/d'
done
binary="$(swift build -c release --static-swift-stdlib --show-bin-path)/loopfeed"

status=0
python3 Tests/e2e/run_e2e.py --binary "$binary" --group long --artifacts "$RELIABILITY_RESULTS_DIR/artifacts" \
  2>&1 | tee "$RELIABILITY_RESULTS_DIR/e2e.txt" || status=1

# The mutation fuzzer's long run: the CI tests with more runs (LOOPFEED_FUZZ_RUNS, from
# LOOPFEED_FUZZ_SEED); each writes fuzz_clips.json / fuzz_feeds.json / fuzz_network_documents.json,
# and an input that crashed the test process is left as fuzz_*-current.bin beside them.
swift build --build-tests 2>&1 | sed '/warning: prohibited flag/d' || status=1
LOOPFEED_FUZZ_RUNS="${LOOPFEED_FUZZ_CLIP_RUNS:-2000}" swift test --skip-build --filter ClipFuzzTests \
  2>&1 | tee "$RELIABILITY_RESULTS_DIR/fuzz-clips.txt" | grep -E "error|Executed" || status=1
LOOPFEED_FUZZ_RUNS="${LOOPFEED_FUZZ_FEED_RUNS:-20000}" swift test --skip-build --filter FeedFuzzTests \
  2>&1 | tee "$RELIABILITY_RESULTS_DIR/fuzz-feeds.txt" | grep -E "error|Executed" || status=1
LOOPFEED_FUZZ_RUNS="${LOOPFEED_FUZZ_NETWORK_RUNS:-20000}" swift test --skip-build --filter NetworkDocumentFuzzTests/testMutated \
  2>&1 | tee "$RELIABILITY_RESULTS_DIR/fuzz-network-documents.txt" | grep -E "error|Executed" || status=1

python3 tools/reliability-report.py "$RELIABILITY_RESULTS_DIR" > docs/RELIABILITY.md
echo "wrote docs/RELIABILITY.md"
exit $status
