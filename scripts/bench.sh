#!/usr/bin/env bash
# vtesdeck benchmarks, for a person to run (CI does not):
#   1. builds the release binary;
#   2. runs the criterion suite (`cargo bench`, every benches/*.rs) and prints
#      each figure with its ratio to its group's `baseline_*` figure, measured
#      in the same run;
#   3. times the whole tool on the real data (hyperfine when installed, else a
#      plain loop), each command with its ratio to a baseline command
#      (reading the same files with `cat`), and the peak resident memory
#      (GNU time, `/usr/bin/time -v`, when installed).
#
# Usage: scripts/bench.sh [--quick] [--no-criterion] [--runs N]
#   --quick         fewer criterion samples and whole-tool runs
#   --no-criterion  skip `cargo bench` (whole-tool timings only)
#   --runs N        runs per whole-tool command (default 10, 3 with --quick)
# Data: $VTESDECK_CARDS (default ../shared/cards), $VTESDECK_TWDA (default
# ../shared/twda/decks). Figures and the machine go in BENCHMARKS.md by hand.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
criterion=1
runs=""
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1 ;;
    --no-criterion) criterion=0 ;;
    --runs) runs="$2"; shift ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) echo "bench.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
[ -n "$runs" ] || runs=$([ "$quick" = 1 ] && echo 3 || echo 10)

cards="${VTESDECK_CARDS:-$(cd .. && pwd)/shared/cards}"
twda="${VTESDECK_TWDA:-$(cd .. && pwd)/shared/twda/decks}"
for need in "$cards/vtescrypt.csv" "$twda"; do
  [ -e "$need" ] || { echo "bench.sh: missing $need (set VTESDECK_CARDS / VTESDECK_TWDA)" >&2; exit 2; }
done
export VTESDECK_CARDS="$cards" VTESDECK_TWDA="$twda"

echo "== machine"
echo "date:   $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "cpu:    $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//') ($(nproc) threads)"
echo "memory: $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo 2>/dev/null)"
echo "rustc:  $(rustc --version)"
echo "commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo

echo "== build (release)"
cargo build --release --quiet
bin="$PWD/target/release/vtesdeck"
echo "$bin"
echo

# A criterion estimate file's figure in seconds: the slope when criterion
# measured one (the figure it prints), else the mean.
estimate() {
  python3 -c '
import json, sys
e = json.load(open(sys.argv[1]))
print("%.9f" % ((e.get("slope") or e["mean"])["point_estimate"] / 1e9))' "$1"
}

human() { awk -v s="$1" 'BEGIN { if (s < 1e-3) printf "%.1f µs", s*1e6; else if (s < 1) printf "%.2f ms", s*1e3; else printf "%.3f s", s }'; }

if [ "$criterion" = 1 ]; then
  echo "== criterion (cargo bench)"
  benches=()
  for f in benches/*.rs; do benches+=(--bench "$(basename "$f" .rs)"); done
  extra=()
  [ "$quick" = 1 ] && extra=(--warm-up-time 1 --measurement-time 3)
  cargo bench --quiet "${benches[@]}" -- "${extra[@]}" 2>&1 | awk '/time:/ { if ($0 ~ /^ /) print prev; print } { prev = $0 }' || true
  echo
  echo "-- figures and ratio to the group's baseline"
  for group in target/criterion/*/; do
    group_name=$(basename "$group")
    [ "$group_name" = report ] && continue
    if [ -f "$group"new/estimates.json ]; then # a benchmark outside any group
      printf '%-40s %12s\n' "$group_name" "$(human "$(estimate "$group"new/estimates.json)")"
      continue
    fi
    base=""
    for b in "$group"baseline*/new/estimates.json; do
      [ -f "$b" ] && base=$(estimate "$b") && break
    done
    for e in "$group"*/new/estimates.json; do
      [ -f "$e" ] || continue
      name=$(basename "$(dirname "$(dirname "$e")")")
      mean=$(estimate "$e")
      if [ -n "$base" ] && [[ "$name" != baseline* ]]; then
        ratio=$(awk -v a="$mean" -v b="$base" 'BEGIN { printf "%.1f", a/b }')
        printf '%-40s %12s   x%s baseline\n' "$group_name/$name" "$(human "$mean")" "$ratio"
      else
        printf '%-40s %12s\n' "$group_name/$name" "$(human "$mean")"
      fi
    done
  done
  echo
fi

echo "== whole tool ($runs runs each)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '12x Nathan Turner\n\n90x Deep Song\n' > "$tmp/one.txt"

# Commands: label, baseline label (or -), shell command.
cmds=(
  "read cards (cat)|-|cat $cards/*.csv > /dev/null"
  "card db load (parse one deck)|read cards (cat)|$bin --cards $cards parse $tmp/one.txt > /dev/null"
  "read TWDA (cat)|-|cat $twda/* > /dev/null"
  "parse TWDA|read TWDA (cat)|$bin --cards $cards parse --json $twda > /dev/null"
)
if "$bin" check --help > /dev/null 2>&1; then
  cmds+=("check TWDA|read TWDA (cat)|$bin --cards $cards check $twda > /dev/null")
fi

declare -A mean_of
time_loop() { # mean seconds of $runs runs of a shell command (exit status ignored)
  local total=0 start end
  bash -c "$1" > /dev/null 2>&1 || true # warm-up
  for _ in $(seq "$runs"); do
    start=$(date +%s.%N)
    bash -c "$1" > /dev/null 2>&1 || true
    end=$(date +%s.%N)
    total=$(awk -v t="$total" -v s="$start" -v e="$end" 'BEGIN { print t + e - s }')
  done
  awk -v t="$total" -v n="$runs" 'BEGIN { printf "%.6f", t / n }'
}

if command -v hyperfine > /dev/null; then
  echo "(hyperfine $(hyperfine --version | cut -d' ' -f2))"
else
  echo "(hyperfine not installed: plain loop, mean wall time; apt-get install hyperfine for spread figures)"
fi
for entry in "${cmds[@]}"; do
  IFS='|' read -r label base cmd <<< "$entry"
  if command -v hyperfine > /dev/null; then
    hyperfine --style none --warmup 1 --runs "$runs" -i --export-json "$tmp/h.json" "$cmd" > /dev/null 2>&1
    mean=$(python3 -c 'import json,sys; print("%.6f" % json.load(open(sys.argv[1]))["results"][0]["mean"])' "$tmp/h.json")
  else
    mean=$(time_loop "$cmd")
  fi
  mean_of[$label]=$mean
  if [ "$base" != - ]; then
    ratio=$(awk -v a="$mean" -v b="${mean_of[$base]}" 'BEGIN { printf "%.1f", a/b }')
    printf '%-32s %12s   x%s %s\n' "$label" "$(human "$mean")" "$ratio" "$base"
  else
    printf '%-32s %12s\n' "$label" "$(human "$mean")"
  fi
done
echo

echo "== peak resident memory"
if [ -x /usr/bin/time ]; then
  for entry in "${cmds[@]}"; do
    IFS='|' read -r label base cmd <<< "$entry"
    case "$cmd" in "$bin"*) ;; *) continue ;; esac
    /usr/bin/time -v bash -c "exec $cmd" 2> "$tmp/time.txt" || true
    kb=$(awk -F: '/Maximum resident set size/ { gsub(/ /, "", $2); print $2 }' "$tmp/time.txt")
    printf '%-32s %9.1f MB\n' "$label" "$(awk -v k="$kb" 'BEGIN { print k / 1024 }')"
  done
else
  echo "(GNU time not installed: apt-get install time)"
fi
