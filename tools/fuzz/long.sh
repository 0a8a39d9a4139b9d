#!/usr/bin/env bash
# Runs the fuzzer for RUNS executions in all, as run.sh runs it, in segments of a new process
# each (FUZZ_SEGMENT executions, default 250,000) that share WORKDIR's growing corpus.
# Usage: tools/fuzz/long.sh RUNS [WORKDIR] [extra libFuzzer flags…]
# Why segments: every chain shape a program compiles instantiates the core's generic
# subscription types for it (an operator's `Inner<Downstream>` nests as deep as the chain),
# and the Swift runtime keeps that metadata for the life of the process. A session compiles a
# bounded number of shapes; generated programs bring new ones without end, so one process's
# memory grows by a few KB an input and would reach the RSS limit of a run of millions.
# Exit status: 0 when no segment found anything; otherwise the failing segment's, whose log
# (WORKDIR/segment-N.log) and findings/ say what it found.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
total="${1:?usage: tools/fuzz/long.sh RUNS [WORKDIR] [libFuzzer flags…]}"
work="${2:-$root/.build/fuzz-long}"
shift $(( $# > 2 ? 2 : $# ))
segment="${FUZZ_SEGMENT:-250000}"
mkdir -p "$work"
# FUZZ_NO_BUILD=1: the target already in WORKDIR is used as it is.
[[ -n "${FUZZ_NO_BUILD:-}" && -x "$work/tapline-fuzz" ]] || "$root/tools/fuzz/build.sh" "$work" >/dev/null
executed=0
number=0
started=$SECONDS
while (( executed < total )); do
    runs=$(( total - executed < segment ? total - executed : segment ))
    log="$work/segment-$number.log"
    status=0
    # A day per segment at most: it ends at its run count.
    FUZZ_NO_BUILD=1 "$root/tools/fuzz/run.sh" 86400 "$work" -runs="$runs" "$@" > "$log" 2>&1 || status=$?
    units=$(awk '/stat::number_of_executed_units/ { print $2 }' "$log")
    if [[ -z "$units" && $status == 0 ]]; then
        echo "segment $number ended without its statistics:" >&2
        tail -n 20 "$log" >&2
        exit 1
    fi
    executed=$(( executed + ${units:-0} ))
    echo "segment $number: ${units:-0} executions, $executed in all, $(( SECONDS - started ))s, exit $status"
    if (( status != 0 )); then
        tail -n 40 "$log"
        exit "$status"
    fi
    number=$(( number + 1 ))
done
echo "$executed executions with no finding in $(( SECONDS - started ))s"
