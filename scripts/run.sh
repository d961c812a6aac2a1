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

bash "$ROOT/web/build.sh"

data=${TABIYA_DATA:-${BUILD_DIR:-$ROOT/build}/data}
mkdir -p "$data"
exec "$TABIYA" serve --port 8080 --data "$data" --web "$ROOT/web/dist" "$@"
