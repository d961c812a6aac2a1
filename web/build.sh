#!/usr/bin/env bash
# Installs the web app's npm packages when node_modules is missing or was installed from another
# package-lock.json (npm ci), then builds the app into web/dist/. Used by `make run` and web/test.sh.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
stamp=node_modules/.tabiya-package-lock.json
if [[ ! -f $stamp ]] || ! cmp -s package-lock.json "$stamp"; then
  npm ci --no-audit --no-fund
  cp package-lock.json "$stamp"
fi
npm run --silent build
