#!/usr/bin/env bash
# The Elo ladder: an engine under test plays `tabiya match` against a ladder
# of Debian engines at 10s+0.1s, one thread each, with the balanced opening
# set (bench/openings/balanced.epd, each opening with both colours).
#
#   bench/elo-ladder.sh [options]
#     --games N          games per opponent (default 20; pairs of games share an opening)
#     --opponents LIST   comma-separated, from: fairymax hoichess sjeng phalanx gnuchess
#                        glaurung toga2 ethereal stockfish, or sf:ELO for Stockfish with
#                        UCI_LimitStrength and UCI_Elo=ELO (1350..2850), an anchor of known
#                        rating (default: the whole ladder)
#     --engine CMD       the engine under test (default "build/tabiya uci"); UCI
#     --name NAME        its name in the table (default: tabiya, or the command's name)
#     --level N          sets option "Skill Level"=N on it
#     --option NAME=VAL  any other UCI option on it (repeatable), e.g. --option UCI_Elo=1350
#     --concurrency N    games at a time per match (default 1)
#     --tc TC            time control in seconds (default 10+0.1)
#     --pgn-dir DIR      keep the games, one PGN per opponent (default: a temporary directory)
#     --no-install       do not apt-get missing engines
#     --no-build         do not build tabiya
#
# Prints one row per opponent (games, score, Elo difference +/- 95%) and two
# combined figures: the performance against the whole pool (all games
# together), and, when sf:ELO anchors were played, a rating on the Stockfish
# UCI_Elo scale (each anchor's ELO + the measured difference, weighted by
# 1/error^2). Needs CPU: 20 games at 10s+0.1s take about 10 minutes per
# opponent and thread.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export PATH="$PATH:/usr/games"

die() {
  echo "elo-ladder: $*" >&2
  exit 1
}

games=20
opponents="fairymax,hoichess,sjeng,phalanx,gnuchess,glaurung,toga2,ethereal,stockfish"
engine_cmd=""
name=""
level=""
options=()
concurrency=1
tc="10+0.1"
pgn_dir=""
install=1
build=1
while (($#)); do
  case "$1" in
    --games) games=$2; shift 2 ;;
    --opponents) opponents=$2; shift 2 ;;
    --engine) engine_cmd=$2; shift 2 ;;
    --name) name=$2; shift 2 ;;
    --level) level=$2; shift 2 ;;
    --option) options+=("$2"); shift 2 ;;
    --concurrency) concurrency=$2; shift 2 ;;
    --tc) tc=$2; shift 2 ;;
    --pgn-dir) pgn_dir=$2; shift 2 ;;
    --no-install) install=0; shift ;;
    --no-build) build=0; shift ;;
    -h | --help) sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done
[[ "$games" =~ ^[1-9][0-9]*$ ]] || die "--games must be a positive number"

# name -> Debian package and protocol.
package_of() {
  case "$1" in
    fairymax | hoichess | sjeng | phalanx | gnuchess | glaurung | toga2 | stockfish) echo "$1" ;;
    ethereal) echo ethereal-chess ;;
    sf:*) echo stockfish ;;
    *) die "unknown opponent '$1'" ;;
  esac
}
protocol_of() {
  case "$1" in
    fairymax | hoichess | sjeng | phalanx | gnuchess) echo xboard ;;
    *) echo uci ;;
  esac
}
# The engine's program, as the package installs it.
command_of() {
  local pkg=$1 path
  path=$(dpkg -L "$pkg" 2>/dev/null | grep -E '^/usr/(games|bin)/[^/]+$' | head -n 1 || true)
  [[ -n "$path" ]] || die "package $pkg installs no program in /usr/games or /usr/bin"
  echo "$path"
}

IFS=, read -r -a ladder <<<"$opponents"
((${#ladder[@]} > 0)) || die "no opponents"
packages=()
for o in "${ladder[@]}"; do packages+=("$(package_of "$o")"); done

if ((install)); then
  missing=()
  for p in "${packages[@]}"; do
    [[ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)" == "install ok installed" ]] || missing+=("$p")
  done
  if ((${#missing[@]})); then
    echo "elo-ladder: installing ${missing[*]}"
    as_root() { if [[ $(id -u) -eq 0 ]]; then "$@"; elif [[ -t 0 ]]; then sudo "$@"; else sudo -n "$@"; fi; }
    as_root env DEBIAN_FRONTEND=noninteractive apt-get -q -o DPkg::Lock::Timeout=600 install -y \
      --no-install-recommends "${missing[@]}" >/dev/null || die "apt-get install failed for: ${missing[*]}"
  fi
fi
if ((build)); then
  JOBS=${JOBS:-1} bash "$ROOT/scripts/build.sh" release tabiya >/dev/null || die "building tabiya failed"
fi
TABIYA="$ROOT/build/tabiya"
[[ -x "$TABIYA" ]] || die "$TABIYA not found (run without --no-build)"

if [[ -z "$engine_cmd" ]]; then
  engine_cmd="$ROOT/build/tabiya uci"
  [[ -n "$name" ]] || name=tabiya
fi
[[ -n "$name" ]] || name=$(basename "${engine_cmd%% *}")
test_engine=(name="$name" "cmd=$engine_cmd" proto=uci option.Threads=1)
[[ -n "$level" ]] && test_engine+=("option.Skill Level=$level")
for o in "${options[@]}"; do test_engine+=("option.$o"); done

if [[ -z "$pgn_dir" ]]; then
  pgn_dir=$(mktemp -d)
  trap 'rm -rf "$pgn_dir"' EXIT
fi
mkdir -p "$pgn_dir"

results=()  # "opponent wins draws losses elo error anchor"
for o in "${ladder[@]}"; do
  pkg=$(package_of "$o")
  opponent=(name="${o/:/-}" "cmd=$(command_of "$pkg")" proto="$(protocol_of "$o")")
  anchor=-
  case "$o" in
    sf:*) anchor=${o#sf:}; opponent+=(option.Threads=1 option.UCI_LimitStrength=true "option.UCI_Elo=$anchor") ;;
    glaurung | toga2 | ethereal | stockfish) opponent+=(option.Threads=1) ;;
  esac
  echo "== $name vs ${o/:/-}: $games games at $tc" >&2
  log="$pgn_dir/${o/:/-}.log"
  "$TABIYA" match --engine "${test_engine[@]}" --engine "${opponent[@]}" --tc "$tc" --games "$games" \
    --concurrency "$concurrency" --openings "$ROOT/bench/openings/balanced.epd" --pgnout "$pgn_dir/${o/:/-}.pgn" \
    --event "tabiya Elo ladder" | tee "$log" >&2 || die "tabiya match against $o failed"
  score=$(grep '^Score:' "$log") || die "no result against $o"
  wins=$(sed -E 's/^Score: ([0-9]+) wins.*/\1/' <<<"$score")
  draws=$(sed -E 's/.* ([0-9]+) draws.*/\1/' <<<"$score")
  losses=$(sed -E 's/.* ([0-9]+) losses.*/\1/' <<<"$score")
  results+=("${o/:/-} $wins $draws $losses $anchor")
done

printf '%s\n' "${results[@]}" | awk -v name="$name" '
  function elo(s) { return -400 * log(1 / s - 1) / log(10) }
  # Elo difference and 95% half-width from W/D/L (trinomial, see src/match/match_stats.h).
  function estimate(w, d, l,    n, s, v, se, lo, hi) {
    n = w + d + l; s = (w + d / 2) / n
    v = (w * (1 - s) ^ 2 + d * (0.5 - s) ^ 2 + l * s ^ 2) / n
    se = sqrt(v / n); lo = s - 1.959964 * se; hi = s + 1.959964 * se
    E = (s <= 0 || s >= 1) ? "inf" : elo(s)
    ERR = (lo <= 0 || hi >= 1) ? "inf" : (elo(hi) - elo(lo)) / 2
    S = s
  }
  function fmt(x) { return x == "inf" ? "   n/a" : sprintf("%+6.0f", x + 0) }
  function fmterr(x) { return x == "inf" ? "n/a" : sprintf("%.0f", x) }
  BEGIN {
    printf "\nElo ladder for %s (score and Elo from its point of view)\n", name
    printf "%-16s %6s %16s %7s %9s %8s\n", "opponent", "games", "+ = -", "score", "Elo diff", "+/- 95%"
  }
  {
    W += $2; D += $3; L += $4
    estimate($2, $3, $4)
    printf "%-16s %6d %16s %6.1f%% %9s %8s\n", $1, $2 + $3 + $4, $2 " " $3 " " $4, 100 * S, fmt(E), fmterr(ERR)
    if ($5 != "-" && E != "inf" && ERR != "inf" && ERR > 0) {
      wgt = 1 / (ERR / 1.959964) ^ 2; sum += wgt * ($5 + E); weights += wgt
    }
  }
  END {
    estimate(W, D, L)
    printf "%-16s %6d %16s %6.1f%% %9s %8s\n", "all (pool)", W + D + L, W " " D " " L, 100 * S, fmt(E), fmterr(ERR)
    if (weights > 0)
      printf "Rating on the Stockfish UCI_Elo scale: %.0f +/- %.0f\n", sum / weights, 1.959964 / sqrt(weights)
    else
      print "No sf:ELO anchor played: no absolute rating (add e.g. --opponents ...,sf:1500,sf:2000)"
  }'
