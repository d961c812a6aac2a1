#!/usr/bin/env bash
# `make run`: builds tabiya and starts a game at this terminal.
#
#   make run                      asks: against the robot (and its level and your colour) or a person next to you
#   make run ARGS="--robot 5"     passes ARGS to `tabiya play` without asking (see `build/tabiya play --help`)
#
# Without a terminal on standard input (a script feeding moves) nothing is asked
# and `tabiya play` starts a game between two people.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$ROOT/scripts/build.sh" release tabiya
TABIYA=${BUILD_DIR:-$ROOT/build}/tabiya

if (($# > 0)) || [[ ! -t 0 ]]; then
  exec "$TABIYA" play "$@"
fi

# ask PROMPT DEFAULT VALID_REGEX: reads an answer until it matches; empty means DEFAULT.
ask() {
  local answer
  while true; do
    read -r -p "$1 [$2]: " answer || exit 0
    answer=${answer:-$2}
    if [[ "$answer" =~ ^($3)$ ]]; then
      echo "$answer"
      return
    fi
    echo "  please answer one of: ${3//|/, }" >&2
  done
}

echo "tabiya: chess under the FIDE Laws"
opponent=$(ask "Play against the robot (r) or a person next to you (p)?" r 'r|p')
if [[ "$opponent" == p ]]; then
  exec "$TABIYA" play
fi
level=$(ask "Robot level, 1 (beginner) to 10 (full strength)" 3 '[1-9]|10')
color=$(ask "Your colour: white, black or random" white 'white|black|random')
exec "$TABIYA" play --robot "$level" --color "$color"
