#!/usr/bin/env bash
# The FIDE Rating Regulations' tables as tabiya applies them (8.1.2: the
# expected score for every rating difference 0..800, both players' sides;
# 8.1.1: dp for every fractional score 0.00..1.00) against TieBreakServer's
# rating module (rating.py with its tables, run from a checkout outside this
# repository; nothing of it is copied here).
#
#   bench/fide-tables-vs-tbs.sh TBS_DIR        TABIYA=path/to/tabiya overrides build/tabiya
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TABIYA=${TABIYA:-$ROOT/build/tabiya}
(($# == 1)) || { echo "usage: bench/fide-tables-vs-tbs.sh TBS_DIR" >&2; exit 1; }
[[ -f $1/rating.py ]] || { echo "fide-tables-vs-tbs: $1 has no rating.py (a TieBreakServer checkout)" >&2; exit 1; }
[[ -x $TABIYA ]] || { echo "fide-tables-vs-tbs: $TABIYA not found" >&2; exit 1; }

"$TABIYA" tournament rating-tables | python3 -c '
import sys
sys.path.insert(0, sys.argv[1])
import rating
pd, dp = {}, {}
for line in sys.stdin:
    if line.startswith("#"):
        continue
    kind, x, y = line.split()
    (pd if kind == "PD" else dp)[int(x)] = int(y)
same = differ = 0
for d, ours in sorted(pd.items()):
    # Both sides of the difference: the higher rated, then the lower rated.
    for theirs, mine in ((rating.ComputeExpectedScore(2000 + d, 2000), ours),
                         (rating.ComputeExpectedScore(2000, 2000 + d), 100 - ours)):
        if int(round(theirs * 100)) == mine:
            same += 1
        else:
            differ += 1
            print("8.1.2 D=%d: tabiya %d, TieBreakServer %s" % (d, mine, theirs))
for p, ours in sorted(dp.items()):
    theirs = rating.fidetables.ScoreToDp[p]
    if theirs == ours:
        same += 1
    else:
        differ += 1
        print("8.1.1 p=%d: tabiya %d, TieBreakServer %d" % (p, ours, theirs))
print("fide-tables-vs-tbs: %d identical, %d differ (8.1.2: %d differences x 2 sides; 8.1.1: %d scores)" % (
    same, differ, len(pd), len(dp)))
sys.exit(1 if differ else 0)
' "$1"
