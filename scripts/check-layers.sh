#!/usr/bin/env bash
# Checks that every #include points down the layers of docs/architecture.md, and that src/server holds folders only.
#
#   scripts/check-layers.sh [ROOT]     ROOT defaults to the repository; exits 1 naming each include that points the
#                                      wrong way (file:line: what it includes, and what that folder may include)
#   scripts/check-layers.sh --self-test  turns one include around in a copy of the tree and expects the check to fail
#
# make check and make test run it before they build anything.
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# What each folder may include, besides itself. A folder of src/server may include the chess layers (any of the
# first block) and the server modules named; apps/loadtest is a client of the protocol and includes no server.
declare -A MAY_INCLUDE=(
  [core]=""
  [files]="core"
  [notation]="core"
  [laws]="core notation"
  [engine]="core notation laws"
  [match]="core notation laws"
  [tournament]="core files notation laws"
  [play]="core notation laws engine"
  [server/base]="CHESS"
  [server/net]="CHESS server/base"
  [server/store]="CHESS server/base"
  [server/cluster]="CHESS server/base"
  [server/review]="CHESS server/base"
  [server/games]="CHESS server/base server/store server/cluster server/review"
  [server/lobby]="CHESS server/base server/store server/cluster server/games"
  [server/events]="CHESS server/base server/store server/cluster server/games"
  [server/accounts]="CHESS server/base server/store"
  [apps/loadtest]="core"
)
CHESS="core files notation laws engine match tournament play"

# allowed FOLDER TARGET: whether FOLDER (a key above) may include TARGET ("server/games", "laws", ...).
allowed() {
  local folder=$1 target=$2 entry
  [[ $target == "$folder" ]] && return 0
  for entry in ${MAY_INCLUDE[$folder]}; do
    if [[ $entry == CHESS ]]; then
      [[ " $CHESS " == *" $target "* ]] && return 0
    elif [[ $entry == "$target" ]]; then
      return 0
    fi
  done
  return 1
}

# target_of PATH: the folder an include path names: "server/games/game_room.h" -> server/games, "laws/game.h" -> laws.
target_of() {
  local path=$1
  if [[ $path == server/* ]]; then
    local rest=${path#server/}
    [[ $rest == */* ]] && echo "server/${rest%%/*}" || echo "server"
  else
    echo "${path%%/*}"
  fi
}

check() {
  local root=$1 bad=0 folder dir file line number text path target
  # src/server holds one folder per module and no sources of its own.
  for file in "$root"/src/server/*.h "$root"/src/server/*.cpp; do
    [[ -e $file ]] || continue
    echo "check-layers: ${file#"$root"/}: a source directly in src/server; it belongs in one module's folder" >&2
    bad=1
  done
  for dir in "$root"/src/server/*/; do
    folder=server/$(basename "$dir")
    if [[ -z ${MAY_INCLUDE[$folder]+set} ]]; then
      echo "check-layers: src/$folder: a server folder the layer table in scripts/check-layers.sh does not name" >&2
      bad=1
    fi
  done
  # One pass over every include of the layered folders: the folder of the including file, the folder it names.
  local table="" key
  for key in "${!MAY_INCLUDE[@]}"; do table+="$key=${MAY_INCLUDE[$key]//CHESS/$CHESS};"; done
  local layers=()
  for key in "${!MAY_INCLUDE[@]}"; do
    if [[ $key == apps/* ]]; then dir=$root/$key; else dir=$root/src/$key; fi
    [[ -d $dir ]] && layers+=("$dir")
  done
  grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"[^"]+/' "${layers[@]}" --include='*.h' --include='*.cpp' |
    awk -v root="$root/" -v table="$table" '
      BEGIN {
        n = split(table, rows, ";")
        for (i = 1; i <= n; i++) {
          if (rows[i] == "") continue
          eq = index(rows[i], "="); key = substr(rows[i], 1, eq - 1)
          may[key] = substr(rows[i], eq + 1); known[key] = 1
          m = split(may[key], names, " ")
          for (j = 1; j <= m; j++) ok[key, names[j]] = 1
        }
      }
      {
        file = substr($0, length(root) + 1)
        colon = index(file, ":"); rest = substr(file, colon + 1); file = substr(file, 1, colon - 1)
        colon = index(rest, ":"); number = substr(rest, 1, colon - 1); text = substr(rest, colon + 1)
        sub(/^[^"]*"/, "", text); sub(/".*$/, "", text)
        folder = file; sub(/^src\//, "", folder); sub(/\/[^\/]*$/, "", folder)
        target = text
        if (target ~ /^server\//) { split(target, parts, "/"); target = (parts[3] == "" ? "server" : "server/" parts[2]) }
        else { sub(/\/.*$/, "", target) }
        if (!(target in known) && target != "server") next  # a library ("boost/..."), not a layer
        if (target == folder || ok[folder, target]) next
        printf "check-layers: %s:%s includes \"%s\": %s may include only %s\n", file, number, text, folder,
          (may[folder] == "" ? "itself" : may[folder] " and itself") > "/dev/stderr"
        bad = 1
      }
      END { exit bad }' || bad=1
  return $bad
}

if [[ ${1:-} == --self-test ]]; then
  root=$(cd "$HERE/.." && pwd)
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  mkdir -p "$scratch/src" "$scratch/apps"
  cp -r "$root/src/." "$scratch/src/"
  cp -r "$root/apps/loadtest" "$scratch/apps/"
  if ! check "$scratch" 2>"$scratch/clean.log"; then
    echo "check-layers: self-test: the copy fails before anything is turned around:" >&2
    cat "$scratch/clean.log" >&2
    exit 1
  fi
  # The store, below the games, reaching up into the lobby; and a source left in src/server itself.
  echo '#include "server/lobby/lobby_service.h"' >>"$scratch/src/server/store/game_store.h"
  echo '// nothing' >"$scratch/src/server/stray.cpp"
  check "$scratch" 2>"$scratch/turned.log"
  status=$?
  if ((status == 0)) || ! grep -q 'src/server/store/game_store.h:[0-9]* includes "server/lobby/lobby_service.h"' \
    "$scratch/turned.log" || ! grep -q 'src/server/stray.cpp: a source directly in src/server' "$scratch/turned.log"; then
    echo "check-layers: self-test: a turned-around include and a stray source were not both reported:" >&2
    cat "$scratch/turned.log" >&2
    exit 1
  fi
  echo "check-layers: self-test passed: the check reports"
  sed 's/^/  /' "$scratch/turned.log"
  exit 0
fi

root=$(cd "${1:-$HERE/..}" && pwd)
if check "$root"; then
  echo "check-layers: every include points down the layers"
else
  exit 1
fi
