#!/usr/bin/env bash
# Runs every script under scripts/ and every lesson once through the fuzz target with
# LeakSanitizer on: a session must leave nothing behind when it closes (the target closes it
# after each input, and a lesson's check closes the session it checks in).
# The fuzzer itself runs without leak detection (its mutations may still find a cycle not
# fixed yet, and a run must not fail at random); this check is deterministic.
# Usage: tools/fuzz/leaks.sh [WORKDIR]   (default .build/fuzz; builds the target if missing)
# Exit status: 0 when nothing leaked; non-zero, with LeakSanitizer's report, otherwise.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="${1:-$root/.build/fuzz}"
[[ -x "$work/tapline-fuzz" ]] || "$root/tools/fuzz/build.sh" "$work" >/dev/null
rm -rf "$work/leak-seeds"
mkdir -p "$work/leak-seeds" "$work/findings"
find "$root/scripts" -name '*.tapline' -exec cp {} "$work/leak-seeds/" \;
# The lessons too: the target checks each one's solution, as `:check` does.
find "$root/lessons" -name '*.lesson' -exec cp {} "$work/leak-seeds/" \;
# -runs=0: each input once, no mutation. The short run budget below is enough: no script runs to it.
# lsan.supp: what the process keeps for its life by design (each entry says why).
TAPLINE_FUZZ_BUDGET_MS=100 ASAN_OPTIONS="detect_leaks=1:detect_stack_use_after_return=0" \
    LSAN_OPTIONS="suppressions=$root/tools/fuzz/lsan.supp:print_suppressions=0" \
    exec "$work/tapline-fuzz" "$work/leak-seeds" -runs=0 -detect_leaks=1 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="$work/findings/"
