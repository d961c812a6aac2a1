#!/usr/bin/env bash
# Builds the web app (build.sh: npm ci when needed, then web/dist/), type-checks the whole app with tsc in
# strict mode (esbuild strips the types without checking them; a type error fails here, not in `make run`)
# and runs the browser tests against build/tabiya (or $TABIYA_BIN).
# Prints node's TAP output; its "# pass N" and "# fail N" lines are what scripts/test.sh counts.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
bash build.sh
npx --no-install tsc --noEmit -p tsconfig.json
[[ -x /usr/bin/chromium || -n ${CHROMIUM:-} ]] || { echo "web tests: no /usr/bin/chromium (apt-get install chromium)" >&2; exit 1; }
npx --no-install tsc -p tests/tsconfig.json
exec node --test --test-concurrency=1 --test-reporter=tap build-tests/tests/
