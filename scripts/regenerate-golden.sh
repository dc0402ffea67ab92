#!/usr/bin/env bash
# Rewrites tests/golden/*.expected.json from the native build. Review the diff before committing:
# a changed number means the model changed, and docs/model.md must say how.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build-native.sh --all >/dev/null
EPOCHCALC_REGENERATE_GOLDEN=1 build/native/tests/epochcalc_tests --source-file='*test_golden.cpp' --no-version
git status --short tests/golden
