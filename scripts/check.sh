#!/usr/bin/env bash
# `make check`: the loop to work in. The layer check, then the release build of the test programs and the CLI,
# the chess libraries' unit tests (tabiya_tests), the server's (tabiya_server_tests) and the web app's type check
# and tests without a browser (web/check.sh). No browser, no sanitizer build, no fuzzing: `make test` runs those.
# Exits non-zero if anything failed; a failing step does not stop the ones after it that do not need it.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 1
BUILD_DIR=${BUILD_DIR:-$ROOT/build}
export BUILD_DIR TABIYA_WERROR=ON

start=$SECONDS
summary=()
failed=0
step() {  # step LABEL COMMAND...: runs it, records PASS or FAIL with its time
  local label=$1 t0=$SECONDS
  shift
  printf '\n===== %s =====\n' "$label"
  if "$@"; then
    summary+=("$(printf 'PASS  %-24s (%ss)' "$label" $((SECONDS - t0)))")
  else
    summary+=("$(printf 'FAIL  %-24s (%ss)' "$label" $((SECONDS - t0)))")
    failed=$((failed + 1))
    return 1
  fi
}
gtest() { timeout "${TEST_TIMEOUT:-900}" "$1" --gtest_brief=1; }

step "layer check" bash scripts/check-layers.sh
step "layer check self-test" bash scripts/check-layers.sh --self-test
if step "build" bash scripts/build.sh release tabiya_tests tabiya_server_tests tabiya; then
  step "chess unit tests" gtest "$BUILD_DIR/tabiya_tests"
  # The cluster tests start `tabiya serve` nodes from the tabiya beside the test program.
  step "server unit tests" gtest "$BUILD_DIR/tabiya_server_tests"
fi
step "web type check and tests" bash web/check.sh </dev/null

printf '\n===== make check: %ss =====\n' $((SECONDS - start))
printf '%s\n' "${summary[@]}"
((failed == 0))
