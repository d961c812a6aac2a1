#!/usr/bin/env bash
# Asks `tabiya adjudicate` about both colours of every position of the hard set
# (tests/data/dead/hard.txt) and tallies decided, wrong and undetermined
# answers, the proofs given and the total time. Give several binaries to
# compare them in the same run (e.g. one built from main and one from a branch):
#
#   bench/dead-hard-set.sh build/tabiya [/tmp/tabiya-before ...] [-- --nodes N | --quick]
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SET=${HARD_SET:-$ROOT/tests/data/dead/hard.txt}
binaries=()
while (($#)) && [[ $1 != -- ]]; do
  binaries+=("$1")
  shift
done
[[ ${1:-} == -- ]] && shift
((${#binaries[@]})) || binaries=("$ROOT/build/tabiya")

queries=$(mktemp)
expected=$(mktemp)
cpu=$(mktemp)
trap 'rm -f "$queries" "$expected" "$cpu"' EXIT
grep -v '^#' "$SET" | grep . | while IFS='|' read -r fen white black _; do
  fen=$(echo "$fen" | xargs)
  echo "$fen white" >>"$queries"
  echo "$(echo "$white" | xargs)" >>"$expected"
  echo "$fen black" >>"$queries"
  echo "$(echo "$black" | xargs)" >>"$expected"
done

for binary in "${binaries[@]}"; do
  start=$(date +%s.%N)
  # CPU time too: on a shared machine the wall clock mostly measures the load.
  answers=$(/usr/bin/time -f "%U %S" -o "$cpu" "$binary" adjudicate "$@" <"$queries")
  end=$(date +%s.%N)
  paste -d'|' "$expected" <(echo "$answers") | awk -F'|' -v name="$binary" -v secs="$(echo "$end - $start" | bc)" -v cpu="$(awk '{print $1 + $2}' "$cpu")" '
    {
      n++
      split($2, w, " ")
      got = w[1]
      if (got == "probably") got = "probably winnable"
      if (got == "winnable" || got == "unwinnable") {
        decided++
        if (got != $1) { wrong++; print "WRONG: line " n ": expected " $1 ", got " $2 > "/dev/stderr" }
      } else undetermined[got]++
      if (got == "unwinnable") { r = $2; sub(/.* by /, "", r); reasons[r]++ }
    }
    END {
      printf "%s: %d queries, %d decided (%.1f%%), %d wrong, %.2f s (CPU %.2f s)", name, n, decided, 100.0 * decided / n, wrong, secs, cpu
      for (u in undetermined) printf ", %s %d", u, undetermined[u]
      printf "\n  unwinnable proofs:"
      for (r in reasons) printf " %s %d;", r, reasons[r]
      printf "\n"
    }'
done
