#!/usr/bin/env bash
# Team Swiss pairings against Gacrux, Otto Milvang's pairing program (its
# C.04.6 module): every TRF file given (or every *.trf in a directory given)
# is a team Swiss event whose rounds Gacrux paired, its 192 record naming the
# rules (FIDE_TEAM_...). `tabiya tournament team check` re-pairs each round
# from the rounds before it; a round agrees when tabiya pairs the same teams
# with the same board-1 colours and gives the same bye. Gacrux itself is not
# run here (no copy of it could be installed); the files are its output, kept
# outside this repository. Prints per file the rounds that agree, then the
# totals; exits 1 when a round differs.
#
#   bench/team-swiss-vs-gacrux.sh FILE_OR_DIR...
#   TABIYA=path/to/tabiya overrides build/tabiya.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TABIYA=${TABIYA:-$ROOT/build/tabiya}

die() {
  echo "team-swiss-vs-gacrux: $*" >&2
  exit 1
}

(($# >= 1)) || die "usage: bench/team-swiss-vs-gacrux.sh FILE_OR_DIR..."
[[ -x $TABIYA ]] || die "no $TABIYA: build first (bash scripts/build.sh release)"

files=()
for arg in "$@"; do
  if [[ -d $arg ]]; then
    while IFS= read -r f; do files+=("$f"); done < <(find "$arg" -maxdepth 1 -name '*.trf' | sort)
  else
    files+=("$arg")
  fi
done
((${#files[@]} > 0)) || die "no .trf files in $*"

total_rounds=0
total_agree=0
events=0
for f in "${files[@]}"; do
  out=$("$TABIYA" tournament team check "$f" 2>&1) || true
  summary=$(tail -n 1 <<<"$out")
  rounds=$(sed -n 's/.*: \([0-9]*\) rounds\{0,1\} re-paired.*/\1/p' <<<"$summary")
  if [[ -z $rounds ]]; then
    echo "$f: not checked: $summary"
    continue
  fi
  differing=$({ grep -o '^round [0-9]*' <<<"$out" || true; } | sort -u | wc -l)
  agree=$((rounds - differing))
  echo "$f: $agree of $rounds rounds agree"
  grep '^round ' <<<"$out" | sed 's/^/  /' || true
  total_rounds=$((total_rounds + rounds))
  total_agree=$((total_agree + agree))
  events=$((events + 1))
done
echo "team Swiss against Gacrux: $events events, $total_agree of $total_rounds rounds identical"
((total_agree == total_rounds))
