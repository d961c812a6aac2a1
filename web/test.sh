#!/usr/bin/env bash
# Installs the web app's npm packages when node_modules is missing or older than package-lock.json
# (npm ci), builds the app into web/dist/ and runs the browser tests against build/tabiya (or $TABIYA_BIN).
# Prints node's TAP output; its "# pass N" and "# fail N" lines are what scripts/test.sh counts.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
stamp=node_modules/.tabiya-package-lock.json
if [[ ! -f $stamp ]] || ! cmp -s package-lock.json "$stamp"; then
  npm ci --no-audit --no-fund
  cp package-lock.json "$stamp"
fi
npm run --silent build
[[ -x /usr/bin/chromium || -n ${CHROMIUM:-} ]] || { echo "web tests: no /usr/bin/chromium (apt-get install chromium)" >&2; exit 1; }
npx --no-install tsc -p tests/tsconfig.json
exec node --test --test-concurrency=1 --test-reporter=tap build-tests/tests/
