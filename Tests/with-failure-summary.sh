#!/usr/bin/env bash
# Runs a test command and, when it fails, repeats the failing tests' lines after its output:
# XCTest prints thousands of lines, and a CI log keeps only its tail.
set -uo pipefail

log=$(mktemp "${TMPDIR:-/tmp}/woodshed-test-log.XXXXXX")
trap 'rm -f "$log"' EXIT
"$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ]; then
  echo
  echo "with-failure-summary: the command exited with $status; what failed:"
  grep -E ": error: |' failed \(|Fatal error|Test Suite .* failed|Exited with" "$log" | tail -n 60
fi
exit "$status"
