#!/usr/bin/env bash
# Everything `make test` checks, in order, with a summary at the end:
#   0. the layer check (scripts/check-layers.sh: every include points down the layers) and its self-test
#   1. release build (build/) and all unit tests (tabiya_tests: the chess libraries and the CLI; tabiya_server_tests)
#   2. CLI smoke: `tabiya perft 4` from the start position must report 197281 nodes
#   2b. web app: npm ci when needed, esbuild build into web/dist/, browser tests (playwright-core driving
#       Debian's chromium against build/tabiya serve); screenshots in build/screenshots/
#   3. ASan + UBSan build (build-asan/) and the unit tests under it, minus PerftDeep.*
#   4. libFuzzer targets built with clang-16 (build-fuzz/), each run briefly on its seed corpus
# A failing stage does not stop the later ones that do not depend on it, so one
# run reports every problem. Exits non-zero if anything failed.
# FUZZ_SMOKE_SECONDS (default 10) sets how long each fuzz target runs.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 1
BUILD_DIR=${BUILD_DIR:-$ROOT/build}
ASAN_BUILD_DIR=${ASAN_BUILD_DIR:-$ROOT/build-asan}
FUZZ_BUILD_DIR=${FUZZ_BUILD_DIR:-$ROOT/build-fuzz}
export BUILD_DIR ASAN_BUILD_DIR FUZZ_BUILD_DIR
# The tests are a developer's (or CI's) build: warnings are errors.
export TABIYA_WERROR=ON

passed=0
failed=0
summary=()
start=$SECONDS

banner() { printf '\n===== %s =====\n' "$*"; }
# record STATUS NAME DETAIL: one line of the final summary.
record() { summary+=("$(printf '%-5s %-28s %s' "$1" "$2" "$3")"); }
pass() { passed=$((passed + ${3:-1})); record PASS "$1" "$2"; }
fail() { failed=$((failed + ${3:-1})); record FAIL "$1" "$2"; }

# run_gtest LABEL BINARY [ARGS...]: runs a GoogleTest binary, counts its results
# and records them. The binary runs as one process: per-test processes (ctest)
# would pay the start-up cost hundreds of times for nothing.
run_gtest() {
  local label=$1 binary=$2
  shift 2
  local log=$binary.log t0=$SECONDS rc ran ok bad skipped
  timeout "${TEST_TIMEOUT:-1800}" "$binary" --gtest_brief=1 "$@" 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  ran=$(grep -oE '^\[==========\] [0-9]+ tests? from .* ran' "$log" | tail -n 1 | grep -oE '[0-9]+' | head -n 1 || true)
  ok=$(grep -oE '^\[  PASSED  \] [0-9]+' "$log" | grep -oE '[0-9]+$' || true)
  ok=${ok:-0}
  # A test that does not apply to one of its parameters skips it (GTEST_SKIP, e.g. a property of the TRF files
  # checked on the PostgreSQL event store): neither passed nor failed.
  skipped=$(grep -oE '^\[  SKIPPED \] [0-9]+ test' "$log" | grep -oE '[0-9]+' | head -n 1 || true)
  skipped=${skipped:-0}
  # --gtest_brief leaves out the "N tests, listed below" line: failures are the rest.
  bad=$((${ran:-0} > ok + skipped ? ${ran:-0} - ok - skipped : 0))
  passed=$((passed + ok))
  if ((rc == 0 && bad == 0 && ok > 0)); then
    record PASS "$label" "$ok tests$( ((skipped > 0)) && echo ", $skipped skipped") ($((SECONDS - t0))s)"
  elif [[ -z "$ran" ]]; then
    failed=$((failed + 1))
    record FAIL "$label" "test binary stopped early (exit $rc$( ((rc == 124)) && echo ', timed out')): see above"
  elif ((ok == 0 && bad == 0)); then
    failed=$((failed + 1))
    record FAIL "$label" "no tests ran"
  else
    failed=$((failed + (bad > 0 ? bad : 1)))
    record FAIL "$label" "$bad failed, $ok passed (exit $rc)"
  fi
}

# run_web_tests: web/test.sh (npm ci if needed, build, browser tests); counts node's TAP "# pass"/"# fail".
run_web_tests() {
  local log=$BUILD_DIR/web-tests.log t0=$SECONDS rc ok bad
  if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    fail "browser tests" "node and npm are missing (scripts/install-deps.sh installs them)"
    return
  fi
  TABIYA_BIN="$BUILD_DIR/tabiya" timeout "${WEB_TEST_TIMEOUT:-2400}" bash web/test.sh </dev/null 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  ok=$(grep -oE '^# pass [0-9]+' "$log" | tail -n 1 | grep -oE '[0-9]+$' || true)
  bad=$(grep -oE '^# fail [0-9]+' "$log" | tail -n 1 | grep -oE '[0-9]+$' || true)
  ok=${ok:-0}
  bad=${bad:-0}
  passed=$((passed + ok))
  if ((rc == 0 && bad == 0 && ok > 0)); then
    record PASS "browser tests" "$ok tests ($((SECONDS - t0))s), screenshots in build/screenshots/"
  elif [[ -z $(grep -E '^# (pass|fail) ' "$log" || true) ]]; then
    failed=$((failed + 1))
    record FAIL "browser tests" "npm ci, build, type check or start failed (exit $rc$( ((rc == 124)) && echo ', timed out')): see above"
  else
    failed=$((failed + (bad > 0 ? bad : 1)))
    record FAIL "browser tests" "$bad failed, $ok passed (exit $rc)"
  fi
}

# build_config LABEL CONFIG [TARGET...]: builds and records the result; fails if the build does.
build_config() {
  local label=$1 t0=$SECONDS
  shift
  if bash scripts/build.sh "$@"; then
    record PASS "$label" "($((SECONDS - t0))s)"
  else
    fail "$label" "see the compiler output above"
    return 1
  fi
}

# --- 0. Layers -------------------------------------------------------------------
banner "layer check"
if bash scripts/check-layers.sh && bash scripts/check-layers.sh --self-test; then
  pass "layer check" "every include points down the layers; the self-test saw a wrong one fail"
else
  fail "layer check" "see above"
fi

# --- 1. Release build and unit tests -----------------------------------------
banner "release build ($BUILD_DIR)"
if build_config "release build" release; then
  banner "unit tests (release)"
  run_gtest "chess unit tests (release)" "$BUILD_DIR/tabiya_tests"
  run_gtest "server unit tests (release)" "$BUILD_DIR/tabiya_server_tests"

  # --- 2. CLI smoke ----------------------------------------------------------
  banner "perft smoke: tabiya perft 4"
  out=$("$BUILD_DIR/tabiya" perft 4 2>&1)
  rc=$?
  printf '%s\n' "$out" | tail -n 3
  last=$(printf '%s\n' "$out" | tail -n 1)
  if ((rc == 0)) && [[ "$last" =~ ^nodes\ 197281([[:space:]]|$) ]]; then
    pass "perft smoke" "$last"
  else
    fail "perft smoke" "exit $rc, last line '$last' (want 'nodes 197281 ...')"
  fi

  # --- 2b. Web app and browser tests ------------------------------------------
  banner "web app: build and browser tests"
  run_web_tests
else
  fail "unit tests (release)" "skipped: release build failed"
  fail "perft smoke" "skipped: release build failed"
  fail "browser tests" "skipped: release build failed"
fi

# --- 3. Sanitizers --------------------------------------------------------------
banner "ASan+UBSan build ($ASAN_BUILD_DIR)"
# tabiya: the cluster tests start its `serve`
if build_config "asan build" asan tabiya_tests tabiya_server_tests tabiya; then
  banner "unit tests under ASan+UBSan (without PerftDeep.*)"
  export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_stack_use_after_return=1:strict_string_checks=1}
  export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
  run_gtest "chess unit tests (asan+ubsan)" "$ASAN_BUILD_DIR/tabiya_tests" --gtest_filter='-PerftDeep.*'
  run_gtest "server unit tests (asan+ubsan)" "$ASAN_BUILD_DIR/tabiya_server_tests"
else
  fail "unit tests (asan+ubsan)" "skipped: build failed"
fi

# --- 4. Fuzz smoke ------------------------------------------------------------
banner "libFuzzer build ($FUZZ_BUILD_DIR, clang-16)"
mapfile -t fuzz_targets < <(bash scripts/fuzz.sh --list)
if ((${#fuzz_targets[@]} == 0)); then
  fail "fuzz build" "no fuzz targets in fuzz/"
elif build_config "fuzz build (${#fuzz_targets[@]} targets)" fuzz "${fuzz_targets[@]}"; then
  seconds=${FUZZ_SMOKE_SECONDS:-10}
  banner "fuzz smoke (${seconds}s per target)"
  for target in "${fuzz_targets[@]}"; do
    if out=$(bash scripts/fuzz.sh --seconds "$seconds" "$target"); then
      printf '%s\n' "$out"
      pass "fuzz $target" "${seconds}s, no crash"
    else
      printf '%s\n' "$out"
      fail "fuzz $target" "crash or hang: see above, input in $FUZZ_BUILD_DIR/artifacts/$target/"
    fi
  done
fi

# --- Summary --------------------------------------------------------------------
banner "summary ($((SECONDS - start))s)"
printf '%s\n' "${summary[@]}"
if ((failed == 0)); then
  echo "make test: ALL PASSED"
else
  echo "make test: FAILED"
fi
# Counts each unit test run (release and sanitizer runs), the perft smoke, each browser test and each
# fuzz target; a failed build counts as one failure.
echo "total: $passed passed, $failed failed"
((failed == 0))
