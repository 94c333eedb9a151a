#!/usr/bin/env bash
# Builds Loopfeed (release) and runs it on the bundled samples. Extra arguments go to the app.
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/deps.sh
ensure_packages run
ensure_swift
swift build -c release --product loopfeed 2>&1 | sed '/warning: prohibited flag/d'
bin="$(swift build -c release --show-bin-path)/loopfeed"
[ -x "$bin" ] || { echo "build failed" >&2; exit 1; }
exec "$bin" "$@"
