#!/usr/bin/env bash
# Times Discover's full-text search over a library of 100,000 generated posts, with the real
# repository, in a release build. Prints JSON; bench/run.sh puts it in docs/BENCHMARKS.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=bench/.build
swift build -c release --product loopfeed-search-bench --scratch-path "$scratch" 2>&1 | sed '/warning: prohibited flag/d' >&2
"$(swift build -c release --scratch-path "$scratch" --show-bin-path)/loopfeed-search-bench" "${1:-100000}"
