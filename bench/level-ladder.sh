#!/usr/bin/env bash
# The robot's levels on one Elo scale: each level plays the level below it
# (each must score above 60% over 100 games), some levels also play
# Stockfish with UCI_LimitStrength at a known UCI_Elo (the anchors), and
# `tabiya ratings` fits one rating list over all these games (and any other
# PGN files given, e.g. the level 10 games of bench/elo-ladder.sh).
#
#   bench/level-ladder.sh [options]
#     --games N          games per adjacent pair (default 100; pairs of games share an opening)
#     --levels A-B       play the pairs A+1 vs A ... B vs B-1 (default 1-10; 0-0 plays no pair)
#     --anchor L:ELO     level L also plays Stockfish at UCI_Elo=ELO (1350..2850), repeatable
#     --anchor-games N   games per anchor match (default 40)
#     --rate FILE        another PGN file for the rating list (repeatable); its players
#                        must be named tabiya-L<level> to join the levels
#     --tc TC            time control in seconds (default 10+0.1)
#     --concurrency N    games at a time (default 1)
#     --pgn-dir DIR      where the games go (default: a temporary directory); every .pgn
#                        file in it is rated, also ones from earlier runs
#     --no-build         do not build tabiya
#     --binary PATH      use this tabiya program (e.g. a frozen copy); implies --no-build
#     --rate-only        play nothing: rate the games already in --pgn-dir and --rate files
#                        (.pgn or .pgn.gz), e.g. the ones kept in bench/results/
#
# Every match: one thread per engine, the balanced openings with both colours,
# resignation adjudicated when both engines see 10 pawns or more for 4 moves.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export PATH="$PATH:/usr/games"
die() {
  echo "level-ladder: $*" >&2
  exit 1
}

games=100
levels="1-10"
anchors=()
anchor_games=40
rate=()
tc="10+0.1"
concurrency=1
pgn_dir=""
build=1
binary=""
play_games=1
while (($#)); do
  case "$1" in
    --games) games=$2; shift 2 ;;
    --levels) levels=$2; shift 2 ;;
    --anchor) anchors+=("$2"); shift 2 ;;
    --anchor-games) anchor_games=$2; shift 2 ;;
    --rate) rate+=("$2"); shift 2 ;;
    --tc) tc=$2; shift 2 ;;
    --concurrency) concurrency=$2; shift 2 ;;
    --pgn-dir) pgn_dir=$2; shift 2 ;;
    --no-build) build=0; shift ;;
    --binary) binary=$2; build=0; shift 2 ;;
    --rate-only) play_games=0; build=0; shift ;;
    -h | --help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done
[[ "$games" =~ ^[1-9][0-9]*$ ]] || die "--games must be a positive number, not '$games'"
[[ "$anchor_games" =~ ^[1-9][0-9]*$ ]] || die "--anchor-games must be a positive number, not '$anchor_games'"
[[ "$levels" =~ ^([0-9]+)-([0-9]+)$ ]] || die "--levels must look like 1-10, not '$levels'"
low=${BASH_REMATCH[1]} high=${BASH_REMATCH[2]}
((low <= high && high <= 10)) || die "--levels $levels: need A <= B <= 10"
for a in "${anchors[@]}"; do
  [[ "$a" =~ ^([1-9]|10):([0-9]+)$ ]] || die "--anchor must look like LEVEL:ELO, e.g. 5:1500, not '$a'"
  ((BASH_REMATCH[2] >= 1350 && BASH_REMATCH[2] <= 2850)) || die "--anchor $a: Stockfish's UCI_Elo is 1350..2850"
done
for f in "${rate[@]}"; do [[ -r "$f" ]] || die "--rate $f: cannot read it"; done

if ((build)); then
  JOBS=${JOBS:-1} bash "$ROOT/scripts/build.sh" release tabiya >/dev/null || die "building tabiya failed"
fi
TABIYA=${binary:-$ROOT/build/tabiya}
[[ -x "$TABIYA" ]] || die "$TABIYA not found (run without --no-build, or give --binary)"
if ((${#anchors[@]} && play_games)); then
  command -v stockfish >/dev/null || die "the anchors need Debian's stockfish package"
fi

# Games played go to pgn_dir; work holds the --rate files, unpacked.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [[ -z "$pgn_dir" ]]; then
  pgn_dir="$work/played"
fi
mkdir -p "$pgn_dir"

# The engine words of level $2 into the array named $1.
level_engine() {
  local -n words=$1
  words=(name="tabiya-L$2" "cmd=$TABIYA uci" proto=uci option.Threads=1 option.Hash=64 "option.Skill Level=$2")
}
play() {  # name, games, engine words... -- engine words...
  local label=$1 n=$2
  shift 2
  local first=() second=()
  while [[ "$1" != "--" ]]; do first+=("$1"); shift; done
  shift
  second=("$@")
  echo "== $label: $n games at $tc" >&2
  "$TABIYA" match --engine "${first[@]}" --engine "${second[@]}" --tc "$tc" --games "$n" \
    --concurrency "$concurrency" --openings "$ROOT/bench/openings/balanced.epd" --resign movecount=4 score=1000 \
    --pgnout "$pgn_dir/$label.pgn" --event "tabiya level ladder" >"$pgn_dir/$label.log" 2>&1 ||
    die "tabiya match $label failed (see $pgn_dir/$label.log)"
  grep -E '^(Score|Elo)' "$pgn_dir/$label.log" | sed "s/^/  /" >&2
}

summary=()
if ((play_games)); then
  for ((level = low + 1; level <= high; ++level)); do
    level_engine upper "$level"
    level_engine lower $((level - 1))
    play "L$level-vs-L$((level - 1))" "$games" "${upper[@]}" -- "${lower[@]}"
    score=$(grep '^Score:' "$pgn_dir/L$level-vs-L$((level - 1)).log" | sed -E 's/.*\[([0-9.]+)\].*/\1/')
    verdict=$(awk -v s="$score" 'BEGIN { print (s > 0.6 ? "above 60%: ordered" : "NOT above 60%") }')
    summary+=("level $level vs level $((level - 1)): score $score, $verdict")
  done
  for a in "${anchors[@]}"; do
    level=${a%%:*} elo=${a##*:}
    level_engine robot "$level"
    play "L$level-vs-sf-$elo" "$anchor_games" "${robot[@]}" -- name="sf-$elo" "cmd=$(command -v stockfish)" \
      proto=uci option.Threads=1 option.UCI_LimitStrength=true "option.UCI_Elo=$elo"
  done
fi

# The --rate files are unpacked (or copied) into work, numbered so that two
# files of one name do not overwrite each other.
i=0
for f in "${rate[@]}"; do
  target="$work/$((++i))-$(basename "${f%.gz}")"
  case "$f" in
    *.gz) gzip -dc "$f" >"$target" || die "--rate $f: cannot unpack it" ;;
    *) cp "$f" "$target" ;;
  esac
done
shopt -s nullglob
all=("$pgn_dir"/*.pgn "$work"/*.pgn)
((${#all[@]})) || die "no games to rate (in $pgn_dir or --rate files)"

((${#summary[@]})) && { echo >&2; printf '%s\n' "${summary[@]}"; }

# The games against Stockfish name their anchors: sf-ELO. One fit over all
# games: the anchors fix the scale, the adjacent-level matches tie every level
# to it (and alone place the levels below the lowest anchored one).
anchor_flags=()
mapfile -t sf_names < <(grep -h -o -E '^\[(White|Black) "sf-[0-9]+"\]' "${all[@]}" | sed -E 's/.*"(sf-[0-9]+)".*/\1/' | sort -u)
for n in "${sf_names[@]}"; do anchor_flags+=(--anchor "$n=${n#sf-}"); done

fit=$("$TABIYA" ratings "${all[@]}" "${anchor_flags[@]}") || die "tabiya ratings failed"
echo
echo "All games in one fit (tabiya ratings; Stockfish anchors held at their UCI_Elo):"
echo "$fit"
echo
echo "The levels (Elo and 95% error relative to the anchors; levels below the lowest anchored one are"
echo "placed only by their matches against the level above):"
printf '%-6s %6s %8s %7s\n' level Elo "+/- 95%" games
awk '$2 ~ /^tabiya-L[0-9]+$/ { sub("tabiya-L", "", $2); printf "%-6s %6s %8s %7s\n", $2, $3, $4, $5 }' <<<"$fit" |
  sort -n -r
