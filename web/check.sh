#!/usr/bin/env bash
# The web app's part of `make check`: npm ci when needed, the strict type check of the app and of its tests, and
# the tests that need no browser (those that import neither the browser helpers nor Playwright). Prints node's
# TAP output like web/test.sh. The browser tests run in `make test` (web/test.sh).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
stamp=node_modules/.tabiya-package-lock.json
if [[ ! -f $stamp ]] || ! cmp -s package-lock.json "$stamp"; then
  npm ci --no-audit --no-fund
  cp package-lock.json "$stamp"
fi
npx --no-install tsc --noEmit -p tsconfig.json
npx --no-install tsc -p tests/tsconfig.json
mapfile -t node_tests < <(grep -L -E "from '\./helpers\.js'|playwright" build-tests/tests/*.test.js)
((${#node_tests[@]} > 0)) || { echo "web check: no tests without a browser in build-tests/tests/" >&2; exit 1; }
exec node --test --test-concurrency=1 --test-reporter=tap "${node_tests[@]}"
