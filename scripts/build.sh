#!/usr/bin/env bash
# Builds the release `tapline` (.build/release/tapline), optimised as its numbers in
# docs/PERFORMANCE.md were measured: cross-module optimisation, so that the language's
# calls into the core's generic code are specialised for its values, and no run-time
# exclusivity checks. These are flags for this build, not the package's: a package that
# depends on TaplineReactive by version builds it without them (correct, slower).
# Usage: scripts/build.sh [more swift build arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
exec swift build -c release --product tapline \
    -Xswiftc -cross-module-optimization -Xswiftc -enforce-exclusivity=unchecked "$@"
