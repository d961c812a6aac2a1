#!/usr/bin/env bash
# TRF-25 against FIDE's reference reader: random Swiss events from `tabiya
# tournament generate` (forfeits, double forfeits, requested byes,
# withdrawals, unrated players, some with Baku acceleration) exported by
# `tabiya tournament export --trf25`, then
#   - TieBreakServer (the FIDE Technical Commission's program by Otto
#     Milvang, run from its public sources outside this repository; nothing of
#     it is copied here) computes every tie-break both programs implement, in
#     the 2026, 2024 and 2022 editions, from the TRF-16 file and from the
#     TRF-25 file: the values must be identical, with no error reported;
#   - tabiya's own tie-breaks from both files must be identical;
#   - `export --trf16` of the TRF-25 file must give the TRF-16 file back.
#
#   bench/trf25-vs-tbs.sh TBS_DIR [EVENTS [FIRST_SEED]]      (default 200 1)
#   TABIYA=path/to/tabiya overrides build/tabiya; FAILURES=DIR (default
#   build/trf25-differ) receives the events that differ; KEEP=DIR keeps the work files.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BENCH_NAME=trf25-vs-tbs
# shellcheck source=bench/lib.sh
source "$ROOT/bench/lib.sh"
tbs_setup 200 "$@"

exec python3 - "$TABIYA" "$tbs" "$events" "$first" "$work" "$failures" <<'PY'
import os, shutil, subprocess, sys, time

from tbs_common import swiss_options

tabiya, tbs, events, first, work, failures = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], sys.argv[6]
CODES = ["BH", "BH/C1", "BH/M1", "SB", "WIN", "WON", "BPG", "BWG", "PS", "KS", "ARO/U1400", "TPR/U1400",
         "PTP/U1400", "APRO/U1400", "AOB", "REP", "FB"]
TABIYA_CODES = "BH,BH-C1,BH-M1,SB,WIN,WON,BPG,BWG,PS,KS,ARO-U1400,TPR-U1400,PTP-U1400,APRO-U1400,AOB,REP,FB"
EDITIONS = ["2026", "2024", "2022"]



def tbs_values(path):
    codes = [c + "/V" + e for e in EDITIONS for c in CODES]
    r = subprocess.run([sys.executable, os.path.join(tbs, "tiebreakchecker.py"), "-i", path, "-dT", "-s", "-t"] + codes,
                       capture_output=True, text=True, cwd=tbs)
    return r.returncode, r.stdout, r.stderr

def tabiya_values(path):
    out = []
    for e in EDITIONS:
        r = subprocess.run([tabiya, "tournament", "tie-breaks", path, "--tie-break-edition", e, "--tie-breaks", TABIYA_CODES],
                           capture_output=True, text=True)
        out.append((r.returncode, r.stdout, r.stderr))
    return out

counts = {"TieBreakServer values": [0, 0], "tabiya values": [0, 0], "TRF-16 back": [0, 0]}
values = 0
start = time.time()
generated = 0
for seed in range(first, first + events):
    p16 = os.path.join(work, "event-%d.trf" % seed)
    p25 = os.path.join(work, "event-%d-25.trf" % seed)
    if subprocess.run([tabiya, "tournament", "generate", "-o", p16] + swiss_options(seed), capture_output=True).returncode != 0:
        continue
    generated += 1
    e = subprocess.run([tabiya, "tournament", "export", p16, "--trf25", "-o", p25], capture_output=True, text=True)
    if e.returncode != 0:
        sys.exit("export --trf25 failed on seed %d: %s" % (seed, e.stderr))
    why = []
    a, b = tbs_values(p16), tbs_values(p25)
    ok = a[0] == 0 and b[0] == 0 and a[1] == b[1] and "Error" not in b[1] and "Check" not in b[1] and b[1].strip()
    counts["TieBreakServer values"][0 if ok else 1] += 1
    if ok:
        values += (len(b[1].strip().split("\n")) - 1) * len(CODES) * len(EDITIONS)
    else:
        why.append("TieBreakServer: TRF-16 rc %d, TRF-25 rc %d, outputs %s\n%s" % (a[0], b[0], "equal" if a[1] == b[1] else "differ", b[2][-1500:]))
    ok = tabiya_values(p16) == tabiya_values(p25)
    counts["tabiya values"][0 if ok else 1] += 1
    if not ok:
        why.append("tabiya tie-breaks differ")
    back = subprocess.run([tabiya, "tournament", "export", p25, "--trf16"], capture_output=True, text=True)
    ok = back.returncode == 0 and back.stdout == open(p16).read()
    counts["TRF-16 back"][0 if ok else 1] += 1
    if not ok:
        why.append("export --trf16 of the TRF-25 file is not the TRF-16 file")
    if why:
        shutil.copy(p16, failures)
        shutil.copy(p25, failures)
        with open(os.path.join(failures, "event-%d.txt" % seed), "w") as f:
            f.write("\n".join(why) + "\n")

print("trf25-vs-tbs: %d events generated (seeds %d..%d), %.0f s" % (generated, first, first + events - 1, time.time() - start))
for k, (same, differ) in counts.items():
    print("%-22s identical %d/%d" % (k, same, same + differ))
print("TieBreakServer values identical from TRF-16 and TRF-25: %d (player, tie-break, edition) values" % values)
if any(d for _, d in counts.values()):
    print("differing events kept in %s" % failures)
    sys.exit(1)
PY
