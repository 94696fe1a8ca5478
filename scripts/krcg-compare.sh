#!/usr/bin/env bash
# Side-by-side timing of vtesdeck and KRCG (the Python reference, krcg 4.19)
# on the same work, in the same run: load the VEKN CSV files of one folder,
# parse every TWDA decklist file, count-check every deck. Prints both times
# and the ratio. For a person to run; CI does not depend on it.
#
# Usage: scripts/krcg-compare.sh [--runs N]
#   KRCG_PYTHON  a Python with krcg==4.19 installed; default: a venv in
#                /tmp/vtesdeck-krcg-venv, created on first use with python3.11
#                (pip install krcg==4.19; never installed into the repo)
#   VTESDECK_CARDS, VTESDECK_TWDA  the data (default ../shared/cards, ../shared/twda/decks)
#
# vtesdeck's side: `vtesdeck check DIR` when the binary has `check` (the count
# check is part of it), else `vtesdeck parse --json DIR` (every deck read and
# resolved, its crypt and library counts printed). KRCG's side:
# scripts/krcg_bench.py (how it drives krcg is written at its top).
set -euo pipefail
cd "$(dirname "$0")/.."

runs=3
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) echo "krcg-compare.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

cards="${VTESDECK_CARDS:-$(cd .. && pwd)/shared/cards}"
twda="${VTESDECK_TWDA:-$(cd .. && pwd)/shared/twda/decks}"
for need in "$cards/vtescrypt.csv" "$twda"; do
  [ -e "$need" ] || { echo "krcg-compare.sh: missing $need" >&2; exit 2; }
done

python="${KRCG_PYTHON:-}"
if [ -z "$python" ]; then
  venv=/tmp/vtesdeck-krcg-venv
  if [ ! -x "$venv/bin/python" ]; then
    echo "creating $venv (pip install krcg==4.19)..." >&2
    "$(command -v python3.11 || command -v python3)" -m venv "$venv"
    "$venv/bin/pip" install --quiet krcg==4.19
  fi
  python="$venv/bin/python"
fi
"$python" -c 'import importlib.metadata as m; v = m.version("krcg"); assert v == "4.19", v' \
  || { echo "krcg-compare.sh: $python has no krcg 4.19" >&2; exit 2; }

cargo build --release --quiet
bin="$PWD/target/release/vtesdeck"
if "$bin" check --help > /dev/null 2>&1; then
  work=(check "$twda")
  what="vtesdeck check (load cards, parse, check every deck)"
else
  work=(parse --json "$twda")
  what="vtesdeck parse --json (load cards, parse, count every deck)"
fi

now() { date +%s.%N; }
gnu_time=""
[ -x /usr/bin/time ] && gnu_time=/usr/bin/time
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Runs a command; sets $wall (seconds) and $cpu (user+system seconds, "" without GNU time).
timed() {
  local start end
  start=$(now)
  if [ -n "$gnu_time" ]; then
    "$gnu_time" -f '%U %S' -o "$tmp/cpu" "$@" > "$tmp/out" 2> /dev/null || true
    # GNU time writes "Command exited with non-zero status N" first when it did.
    cpu=$(tail -n 1 "$tmp/cpu" | awk '{ printf "%.3f", $1 + $2 }')
  else
    "$@" > "$tmp/out" 2> /dev/null || true
    cpu=""
  fi
  end=$(now)
  wall=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", e - s }')
}
min() { awk -v a="${1:-1e9}" -v b="$2" 'BEGIN { print (b != "" && b < a) ? b : a }'; }

echo "== $(date -u '+%Y-%m-%d %H:%M UTC'), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) threads, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "cards: $cards"
echo "twda:  $twda ($(find "$twda" -maxdepth 1 -type f | wc -l) files)"
echo

rust_wall="" rust_cpu=""
for i in $(seq "$runs"); do
  timed "$bin" --cards "$cards" "${work[@]}"
  echo "vtesdeck run $i: ${wall} s wall, ${cpu:-?} s cpu"
  rust_wall=$(min "$rust_wall" "$wall"); rust_cpu=$(min "$rust_cpu" "$cpu")
done

krcg_wall="" krcg_cpu="" krcg_work=""
for i in $(seq "$runs"); do
  timed "$python" scripts/krcg_bench.py --cards "$cards" --twda "$twda"
  work_s=$("$python" -c 'import json,sys; print("%.3f" % json.load(open(sys.argv[1]))["total_s"])' "$tmp/out")
  echo "krcg run $i: ${wall} s wall, ${cpu:-?} s cpu, ${work_s} s in load+parse+check: $(cat "$tmp/out")"
  krcg_wall=$(min "$krcg_wall" "$wall"); krcg_cpu=$(min "$krcg_cpu" "$cpu"); krcg_work=$(min "$krcg_work" "$work_s")
done

echo
echo "$what; best of $runs runs each"
printf '%-34s %9s %9s\n' "" "wall (s)" "cpu (s)"
printf '%-34s %9.3f %9s\n' "vtesdeck" "$rust_wall" "${rust_cpu:-?}"
printf '%-34s %9.3f %9s\n' "krcg 4.19 (whole process)" "$krcg_wall" "${krcg_cpu:-?}"
printf '%-34s %9.3f\n' "krcg 4.19 (work only, no start-up)" "$krcg_work"
awk -v rw="$rust_wall" -v kw="$krcg_wall" -v rc="$rust_cpu" -v kc="$krcg_cpu" 'BEGIN {
  printf "ratio krcg / vtesdeck: %.1fx wall", kw / rw
  if (rc != "" && kc != "") printf ", %.1fx cpu", kc / rc
  printf "\n"
}'
