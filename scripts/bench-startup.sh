#!/usr/bin/env bash
# Whole-process time of a first-run card lookup, for a person to run (CI does not):
# `vtesdeck --offline card "Deep Song"` with no card database installed (an
# empty HOME and XDG folders, VTESDECK_CARDS unset), so that the built-in
# snapshot answers. Beside it, in the same run: `vtesdeck --version` (process
# start, no database) and the same lookup loading the CSV files (--cards).
# Target: under 10 ms of wall time.
#
# Usage: scripts/bench-startup.sh [--runs N]     (default 200)
# Uses hyperfine (apt-get install hyperfine); without it, a plain loop.
# Data for the CSV line: $VTESDECK_CARDS (default ../shared/cards), skipped when absent.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=200
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "bench-startup.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
cards="${VTESDECK_CARDS:-$(cd .. && pwd)/shared/cards}"

cargo build --release --quiet --bin vtesdeck
bin="$PWD/target/release/vtesdeck"
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
run_env=(env -u VTESDECK_CARDS -u VTESDECK_OFFLINE HOME="$home" XDG_DATA_HOME="$home/data"
  XDG_CONFIG_HOME="$home/config" XDG_CACHE_HOME="$home/cache")

# The lookup must answer from the built-in snapshot, or the figure means nothing.
answer=$("${run_env[@]}" "$bin" --offline card "Deep Song")
[[ "$answer" == "Deep Song  [100515]"* ]] || { echo "bench-startup.sh: the lookup failed" >&2; exit 1; }
[ -z "$(ls -A "$home")" ] || { echo "bench-startup.sh: the lookup wrote into HOME" >&2; exit 1; }

echo "date:   $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "cpu:    $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//') ($(nproc) threads), load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
echo "binary: $bin ($(du -k "$bin" | cut -f1) KiB)"

labels=("process start (--version)" "card \"Deep Song\", built-in snapshot")
commands=("$bin --version" "$bin --offline card 'Deep Song'")
if [ -f "$cards/vtescrypt.csv" ]; then
  labels+=("card \"Deep Song\", CSV files (--cards)")
  commands+=("$bin --cards $cards --offline card 'Deep Song'")
fi

snapshot_mean=""
for i in "${!commands[@]}"; do
  if command -v hyperfine > /dev/null; then
    "${run_env[@]}" hyperfine --style none -N --warmup 20 --runs "$runs" \
      --export-json "$home/h.json" "${commands[$i]}" > /dev/null 2>&1
    read -r mean min max < <(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
print("%.3f %.3f %.3f" % (r["mean"] * 1e3, r["min"] * 1e3, r["max"] * 1e3))' "$home/h.json")
  else
    read -r mean min max < <(python3 - "$runs" "${run_env[@]}" bash -c "${commands[$i]} > /dev/null" <<'PY'
import subprocess, sys, time
runs, cmd = int(sys.argv[1]), sys.argv[2:]
times = []
for _ in range(runs):
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, check=False)
    times.append((time.perf_counter() - start) * 1e3)
print("%.3f %.3f %.3f" % (sum(times) / len(times), min(times), max(times)))
PY
)
  fi
  printf '%-42s mean %7.2f ms   min %7.2f ms   max %7.2f ms\n' "${labels[$i]}" "$mean" "$min" "$max"
  [ "$i" = 1 ] && snapshot_mean="$mean"
done
if awk -v m="$snapshot_mean" 'BEGIN { exit !(m < 10) }'; then
  echo "built-in snapshot lookup: under 10 ms (mean $snapshot_mean ms)"
else
  echo "built-in snapshot lookup: NOT under 10 ms (mean $snapshot_mean ms)"
fi
