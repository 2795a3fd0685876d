#!/bin/sh
# lean9's fresh seeds, rendered for this and read ONCE: main's kot set (MAIN.npz) and the
# candidate (this checkout's shipped kot) in the same run, through `dicetable vision eval
# --json` (the figures) and scripts/lean7/measure.py (the flat dice reported leaning).
# Usage: fresh.sh MAIN.npz OUT_DIR > fresh.log
main=$1; out=$2; here=$(cd "$(dirname "$0")/../.." && pwd)
export OMP_NUM_THREADS=1
D="nice -n 10 $here/.venv/bin/dicetable"
$D vision render "$out/f9997" --frames 500 --seed 9997
$D vision render "$out/f9999" --frames 500 --seed 9999
$D vision render "$out/f9998" --frames 300 --seed 9998 --cocked 0.2
for s in 9997 9999 9998; do
  for who in main candidate; do
    set=$here/vision/facesets/kot.npz; [ $who = main ] && set=$main
    echo "== $s $who eval"
    $D vision eval "$out/f$s" --faces "$set" --json | tr -d '\n '; echo
    echo "== $s $who measure"
    (cd "$here" && nice -n 10 .venv/bin/python scripts/lean7/measure.py "$out/f$s" "$set")
  done
done
