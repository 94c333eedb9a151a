#!/bin/sh
# Runs a validator and fails if it exits non-zero OR prints anything at all.
# desktop-file-validate exits 0 on warnings, so this turns warnings into test failures.
# Usage: validate-quiet.sh COMMAND [ARGS...]
set -u

out=$("$@" 2>&1)
status=$?
if [ -n "$out" ]; then
  printf '%s\n' "$out"
fi
if [ "$status" -ne 0 ]; then
  exit "$status"
fi
if [ -n "$out" ]; then
  echo "error: $1 reported problems (warnings are treated as failures)" >&2
  exit 1
fi
exit 0
