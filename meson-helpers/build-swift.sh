#!/bin/sh
# Builds the loopfeed SwiftPM product and copies the binary to where meson expects it.
# Usage: build-swift.sh SWIFT PACKAGE_PATH SCRATCH_PATH OUTPUT [EXTRA SWIFT BUILD ARGS...]
set -eu

if [ $# -lt 4 ]; then
  echo "usage: $0 SWIFT PACKAGE_PATH SCRATCH_PATH OUTPUT [EXTRA SWIFT BUILD ARGS...]" >&2
  exit 2
fi

swift=$1
package_path=$2
scratch_path=$3
output=$4
shift 4
# Remaining arguments ("$@") are passed to every swift build call, e.g. --static-swift-stdlib.

"$swift" build -c release --package-path "$package_path" --scratch-path "$scratch_path" "$@"

bin_path=$("$swift" build -c release --package-path "$package_path" --scratch-path "$scratch_path" "$@" --show-bin-path)
built="$bin_path/loopfeed"

if [ ! -x "$built" ]; then
  echo "error: swift build did not produce $built" >&2
  exit 1
fi

# Copy through a temporary file so an interrupted copy never leaves a half-written output behind.
tmp="$output.tmp.$$"
cp "$built" "$tmp"
chmod 755 "$tmp"
mv -f "$tmp" "$output"
