#!/usr/bin/env bash
# The held-out check for "can this side still checkmate?": the labelled test
# vectors of the Chess Unwinnability Analyzer (CHA, tests/test-vector.txt in
# its repository, kept outside this one), asked of both colours, through
# bench/dead-hard-set.sh; with a CHA binary, CHA's full mode on the same
# queries in the same run (CPU and wall time). Downloads nothing.
#
#   bench/dead-cha-vectors.sh CHA_TEST_VECTOR [CHA_BINARY] -- TABIYA_BINARY... [-- --nodes N | --quick]
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
(($# >= 1)) || {
  echo "usage: $0 CHA_TEST_VECTOR [CHA_BINARY] -- TABIYA_BINARY... [-- ARGS]" >&2
  exit 1
}
vectors=$1
shift
cha=""
if (($#)) && [[ $1 != -- ]]; then
  cha=$1
  shift
fi
[[ ${1:-} == -- ]] && shift

set_file=$(mktemp)
queries=$(mktemp)
trap 'rm -f "$set_file" "$queries"' EXIT
# "WB FEN": W (B) if White (Black) can still mate, "-" if not.
grep -v '^#' "$vectors" | grep . | while read -r label fen; do
  white=unwinnable black=unwinnable
  [[ ${label:0:1} == W ]] && white=winnable
  [[ ${label:1:1} == B ]] && black=winnable
  echo "$fen | $white | $black | CHA test vector"
  printf '%s white\n%s black\n' "$fen" "$fen" >>"$queries"
done >"$set_file"

HARD_SET=$set_file "$ROOT/bench/dead-hard-set.sh" "$@"
if [[ -n $cha ]]; then
  start=$(date +%s.%N)
  cpu=$({ /usr/bin/time -f "%U %S" "$cha" <"$queries" >/dev/null; } 2>&1 | tail -1)
  end=$(date +%s.%N)
  echo "CHA $cha (full mode): $(echo "$end - $start" | bc) s wall, $(echo "$cpu" | awk '{print $1 + $2}') s CPU"
fi
