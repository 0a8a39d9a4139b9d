#!/usr/bin/env bash
# Runs the fuzzer for SECONDS (default 60), seeded with every script under scripts/.
# Usage: tools/fuzz/run.sh [SECONDS] [WORKDIR] [extra libFuzzer flags…]
# WORKDIR (default .build/fuzz) keeps the build, the growing corpus and any crash-* files.
# Exit status: 0 when nothing was found, non-zero (libFuzzer's) on a crash, leak or hang.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
seconds="${1:-60}"
work="${2:-$root/.build/fuzz}"
shift $(( $# > 2 ? 2 : $# ))
mkdir -p "$work/corpus" "$work/findings"
# FUZZ_NO_BUILD=1: the target in WORKDIR is used as it is (long.sh builds it once).
[[ -n "${FUZZ_NO_BUILD:-}" && -x "$work/tapline-fuzz" ]] || "$root/tools/fuzz/build.sh" "$work" >/dev/null
# The seed corpus: the scripts and lessons as they are, and as many inputs for the generated-program
# mode (a first byte odd and at least 0x80, then the generator's choices), random, so that
# the run's inputs are a mix of both from the start and each run starts from other programs.
find "$root/scripts" -name '*.tapline' -exec cp {} "$work/corpus/" \;
find "$root/lessons" -name '*.lesson' -exec cp {} "$work/corpus/" \;
count=$(find "$root/scripts" -name '*.tapline' | wc -l)
for i in $(seq 1 "$count"); do
    { printf '\x81'; head -c $((16 + RANDOM % 400)) /dev/urandom; } > "$work/corpus/generated-$i"
done
# -entropic=0: libFuzzer's default schedule keeps a count of how often each rare feature was
# hit and weighs every input by it; with the tens of thousands of features an interpreter has,
# that bookkeeping took more of a run than some inputs, and the plain schedule, on the same
# seeds side by side, ran more inputs and reached more coverage.
# -use_counters=0: an edge counts as covered or not, without libFuzzer's eight buckets of how
# many times it ran. Those buckets made about four features of every edge, and handling them
# after each input cost more than the interpreter's run of many inputs; on the same seeds,
# side by side for a minute each, edges alone ran 10-20% more inputs and reached more edges.
# -timeout: one input runs for about half a millisecond (FuzzMain's budget), so 10s is a hang.
# -detect_leaks=0: the interpreter's subscriptions form reference cycles by design until cancelled.
# detect_stack_use_after_return=0: locals stay on the real stack, where the interpreter's
# stack guard (Limits.swift) looks for them; with ASan's "fake stack" it would see nothing.
# The stack `tapline` gives the interpreter, on the thread libFuzzer runs inputs on (without
# it, FuzzMain starts a thread of that size for each input).
ulimit -s 524288 2>/dev/null || ulimit -s unlimited 2>/dev/null || true
# malloc_context_size=1: ASan keeps only the frame where each block was allocated, not
# thirty: taking and storing the deeper stack of every allocation was much of a run's time.
# Run a finding's crash file again with ASAN_OPTIONS=malloc_context_size=30 to see it all.
# max_malloc_fill_size=0: new blocks are not filled with a pattern first (a help for reading
# uninitialised memory, which Swift does not do).
ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:detect_stack_use_after_return=0:malloc_context_size=1:max_malloc_fill_size=0}" exec "$work/tapline-fuzz" "$work/corpus" -dict="$root/tools/fuzz/tapline.dict" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 -detect_leaks=0 -entropic=0 -use_counters=0 \
    -artifact_prefix="$work/findings/" -print_final_stats=1 "$@"
