#!/bin/sh
# lean9's speed clause: `dicetable bench vision` interleaved, main's checkout then this one,
# PAIRS times (each from its own checkout, with this checkout's .venv: `python -m host.cli`
# imports the current folder's code). Usage: bench.sh MAIN_CHECKOUT PAIRS > bench.log
main=$1; pairs=${2:-3}; here=$(cd "$(dirname "$0")/../.." && pwd)
export OMP_NUM_THREADS=1
for i in $(seq 1 "$pairs"); do
  for who in main branch; do
    d=$here; [ $who = main ] && d=$main
    echo "== $who $i $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)"
    (cd "$d" && nice -n 10 "$here/.venv/bin/python" -m host.cli bench vision 2>&1 \
      | grep -E "^(rendered|kot-frames|dice-photos)")
  done
done
