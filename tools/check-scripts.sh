#!/usr/bin/env bash
# Runs golden scripts through a given tapline binary, as Tests/CommandTests/GoldenScriptTests
# does through the debug one: stdout must equal the .out beside each script (empty when there
# is none); a *.error.tapline must exit 1 with stderr equal to its .err, any other exit 0 with
# nothing on stderr.
# Usage: tools/check-scripts.sh BINARY SCRIPT...
# CI runs scripts/robustness/ on the release binary: the stack guard's margins depend on frame
# sizes, which the optimiser changes, so a script that passes on the debug build says nothing
# about the release one.
set -uo pipefail
binary="$1"; shift
failed=0
for script in "$@"; do
    base="${script%.tapline}"
    out="$(mktemp)"; err="$(mktemp)"
    "$binary" "$script" >"$out" 2>"$err"
    status=$?
    expected_status=0; expected_err=/dev/null
    if [[ "$script" == *.error.tapline ]]; then expected_status=1; expected_err="$base.err"; fi
    expected_out="$base.out"; [[ -f "$expected_out" ]] || expected_out=/dev/null
    if [[ $status -ne $expected_status ]] || ! cmp -s "$out" "$expected_out" || ! cmp -s "$err" "$expected_err"; then
        echo "FAIL $script (exit $status, expected $expected_status)"
        diff -u "$expected_out" "$out" | head -20
        diff -u "$expected_err" "$err" | head -20
        failed=1
    fi
    rm -f "$out" "$err"
done
exit $failed
