#!/usr/bin/env bash
# Builds the libFuzzer target: the core and the language compiled by swiftc (outside SwiftPM,
# which cannot pass -sanitize=fuzzer) with address sanitizer and coverage, plus the entry point.
# Usage: tools/fuzz/build.sh [OUTDIR]   (default .build/fuzz)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${1:-$root/.build/fuzz}"
mkdir -p "$out"
# FUZZ_OPT=-Onone builds faster and runs slower; -O is the default. Line tables are enough for
# sanitizer reports (full -g makes the driver wrap the module, which clashes with -o).
# The modules get address sanitizer and edge coverage with counters, which is what
# -sanitize=fuzzer gives less comparison tracing (trace-cmp): its hooks on every comparison
# of the lexer's bytes cost more time than they found coverage on the same seeds (the
# dictionary and the generated programs supply the words). The entry point links libFuzzer.
flags=("${FUZZ_OPT:--O}" -sanitize=address -sanitize-coverage=edge,inline-8bit-counters,pc-table -parse-as-library -swift-version 6 -gline-tables-only)
# One package, as SwiftPM makes it: the language uses the core's `package` API (`StopSignal`).
flags+=(-package-name tapline)
find "$root/Sources/TaplineReactive" -name '*.swift' | sort > "$out/reactive.list"
find "$root/Sources/TaplineLanguage" -name '*.swift' | sort > "$out/language.list"
# Each module once: the C shim over glibc, the core, then the language on both, then the entry
# point linking them all.
# The toolchain's own clang, beside swiftc (the one SwiftPM uses for C targets).
cc="$(dirname "$(readlink -f "$(command -v swiftc)")")/clang"
[[ -x "$cc" ]] || cc=clang
# Every C file of the shim, so that a new one needs no edit here.
shim=()
for c in "$root"/Sources/CGlibc/*.c; do
    object="$out/CGlibc$(basename "$c" .c).o"
    "$cc" -O2 -c "$c" -I "$root/Sources/CGlibc/include" -o "$object"
    shim+=("$object")
done
swiftc "${flags[@]}" -module-name TaplineReactive -wmo -emit-module -emit-module-path "$out/TaplineReactive.swiftmodule" \
    -c -o "$out/TaplineReactive.o" $(cat "$out/reactive.list")
swiftc "${flags[@]}" -module-name TaplineLanguage -wmo -I "$out" -I "$root/Sources/CGlibc/include" -emit-module -emit-module-path "$out/TaplineLanguage.swiftmodule" \
    -c -o "$out/TaplineLanguage.o" $(cat "$out/language.list")
# The lessons' module with its internals open to the entry point (a progress file's reader).
find "$root/Sources/TaplineLearn" -name '*.swift' | sort > "$out/learn.list"
swiftc "${flags[@]}" -enable-testing -module-name TaplineLearn -wmo -I "$out" -I "$root/Sources/CGlibc/include" -emit-module -emit-module-path "$out/TaplineLearn.swiftmodule" \
    -c -o "$out/TaplineLearn.o" $(cat "$out/learn.list")
# The entry point takes in the files it needs from elsewhere: the generator, the host, and the
# `--machine` request reader (of the command, which has a main of its own).
swiftc "${flags[@]}" -sanitize=fuzzer,address -module-name TaplineFuzz -I "$out" -I "$root/Sources/CGlibc/include" \
    "$root/tools/fuzz/FuzzMain.swift" "$root/Tests/TestSupport/ProgramGenerator.swift" "$root/Sources/TaplineHost/Host.swift" \
    "$root/Sources/tapline/JSON.swift" \
    "$out/TaplineLearn.o" "$out/TaplineLanguage.o" "$out/TaplineReactive.o" "${shim[@]}" -o "$out/tapline-fuzz" \
    2> >(grep -v "Cannot export local symbol" >&2)
echo "$out/tapline-fuzz"
