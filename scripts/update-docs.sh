#!/usr/bin/env bash
# Writes the docs that are generated from the code: the operator and subscriber tables and the
# operator pages in docs/LANGUAGE.md, and the operator diagrams in docs/diagrams/ (each drawn by
# running the operator's timeline through the renderer of `marbles save`). `swift test` checks
# that they are current, so CI fails when they are not.
set -euo pipefail
cd "$(dirname "$0")/.."
UPDATE_DOCS=1 swift test --filter 'OperatorCatalogTests|OperatorPagesTests'
git status --short docs
