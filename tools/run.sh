#!/usr/bin/env bash
# Builds Loopfeed (release) and runs it on the bundled samples. Extra arguments go to the app.
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/deps.sh
ensure_packages run
ensure_swift
# Linked as meson installs it (the Swift runtime inside): it starts faster (meson-helpers/README.md).
swift build -c release --static-swift-stdlib --product loopfeed 2>&1 | sed '/warning: prohibited flag/d'
bin="$(swift build -c release --static-swift-stdlib --show-bin-path)/loopfeed"
[ -x "$bin" ] || { echo "build failed" >&2; exit 1; }
exec "$bin" "$@"
