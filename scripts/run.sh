#!/usr/bin/env bash
# `make run`: builds tabiya and the web app, then starts the game server on port 8080 and prints
#
#   tabiya: open http://localhost:8080
#
# Open that page to play (the robot, a person on this device, or a person by invite link). Ctrl-C stops the server;
# unfinished games are kept in the data directory and come back on the next start.
#
#   make run ARGS="--port 9000 --threads 2"   passes ARGS to `tabiya serve` (see `build/tabiya serve --help`)
#   TABIYA_DATA=DIR make run                  keeps the games in DIR (default build/data)
#
# The game at this terminal is `build/tabiya play` (see the README).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$ROOT/scripts/build.sh" release tabiya
TABIYA=${BUILD_DIR:-$ROOT/build}/tabiya

if [[ -f "$ROOT/web/package.json" ]]; then
  (
    cd "$ROOT/web"
    # npm ci only when the lock file changed since the last install.
    if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
      npm ci --no-audit --no-fund
    fi
    npm run build
  )
else
  echo "run: web/package.json not found: the server starts without the web app (API and WebSockets only)" >&2
fi

data=${TABIYA_DATA:-${BUILD_DIR:-$ROOT/build}/data}
mkdir -p "$data"
exec "$TABIYA" serve --port 8080 --data "$data" --web "$ROOT/web/dist" "$@"
