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
#   0. first, the floor (issue 16): `vtesdeck check --quiet` over the whole
#      TWDA against `cat` of the same files, and KRCG 4.19 on the same work
#      when a Python with krcg 4.19 is found, side by side in this one run,
#      with the ratios and vtesdeck's peak memory; the vtesdeck and `cat`
#      commands timed twice: by hyperfine (each in a block of runs), then in
#      turn, round after round (scripts/interleave.py, medians).
#
# Usage: scripts/bench.sh [--quick] [--no-criterion] [--floor] [--runs N]
#   --quick         fewer criterion samples and whole-tool runs
#   --no-criterion  skip `cargo bench` (whole-tool timings only)
#   --floor         the floor section alone
#   --runs N        runs per whole-tool command (default 10, 3 with --quick)
# KRCG: $KRCG_PYTHON, else target/krcg-venv/bin/python (made by .ci/run), else
# the floor section says it was not measured.
# Data: $VTESDECK_CARDS (default ../shared/cards), $VTESDECK_TWDA (default
# ../shared/twda/decks). Figures and the machine go in BENCHMARKS.md by hand.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
criterion=1
floor_only=0
runs=""
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1 ;;
    --no-criterion) criterion=0 ;;
    --floor) floor_only=1; criterion=0 ;;
    --runs) runs="$2"; shift ;;
    -h|--help) sed -n '2,29p' "$0"; exit 0 ;;
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

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Times a command with hyperfine (through sh, as every command here is, so
# that each pays the same shell start), $2 runs: sets $mean (seconds) and
# $spread ("mean ± σ (user, system)").
hyperfine_mean() {
  hyperfine --style none --warmup 1 --runs "$2" -i --export-json "$tmp/h.json" "$1" > /dev/null 2>&1
  spread=$(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
print("%7.1f ms ± %5.1f ms (user %6.1f, system %5.1f)" % (r["mean"] * 1e3, (r["stddev"] or 0) * 1e3, r["user"] * 1e3, r["system"] * 1e3))' "$tmp/h.json")
  mean=$(python3 -c 'import json,sys; print("%.6f" % json.load(open(sys.argv[1]))["results"][0]["mean"])' "$tmp/h.json")
}

echo "== the floor: whole-TWDA check against reading the same files"
if ! command -v hyperfine > /dev/null; then
  echo "(hyperfine not installed: apt-get install hyperfine; section skipped)"
else
  echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) ($runs runs each, hyperfine $(hyperfine --version | cut -d' ' -f2))"
  # The built-in card list for every line but `--cards` (VTESDECK_CARDS, set
  # above for the other sections, would load the CSV files instead).
  unset VTESDECK_CARDS
  # `cat` and the first check get the same file list from the same glob.
  csvs="$cards/vtescrypt.csv $cards/vteslib.csv $cards/vtessets.csv $cards/vteslibmeta.csv"
  floor_line() { # label, mean, spread, baseline label, baseline mean
    if [ -n "${4:-}" ]; then
      printf '%-50s %s  x%s %s\n' "$1" "$3" "$(awk -v a="$2" -v b="$5" 'BEGIN { printf "%.2f", a / b }')" "$4"
    else
      printf '%-50s %s\n' "$1" "$3"
    fi
  }
  hyperfine_mean "cat $twda/* > /dev/null" "$runs"; cat_twda=$mean
  floor_line "cat DIR/*" "$cat_twda" "$spread"
  hyperfine_mean "$bin check --quiet $twda/* > /dev/null" "$runs"; check_glob=$mean
  floor_line "vtesdeck check --quiet DIR/*" "$check_glob" "$spread" "cat" "$cat_twda"
  hyperfine_mean "$bin check --quiet $twda > /dev/null" "$runs"; check_twda=$mean
  floor_line "vtesdeck check --quiet DIR" "$check_twda" "$spread" "cat" "$cat_twda"
  hyperfine_mean "cat $twda/* $csvs > /dev/null" "$runs"; cat_all=$mean
  floor_line "cat DIR/* CARDS/*.csv" "$cat_all" "$spread"
  hyperfine_mean "$bin --cards $cards check --quiet $twda > /dev/null" "$runs"; check_csv=$mean
  floor_line "vtesdeck --cards CARDS check --quiet DIR" "$check_csv" "$spread" "cat" "$cat_all"
  # The same commands in turn, round after round: a change in the machine's
  # load falls on all of them alike (hyperfine times each one in a block).
  echo "-- the same, interleaved ($runs rounds, order reversed every other round; medians)"
  python3 scripts/interleave.py "$runs" \
    "cat DIR/*|-|cat $twda/* > /dev/null" \
    "vtesdeck check --quiet DIR/*|cat DIR/*|$bin check --quiet $twda/* > /dev/null" \
    "vtesdeck check --quiet DIR|cat DIR/*|$bin check --quiet $twda > /dev/null" \
    "cat DIR/* CARDS/*.csv|-|cat $twda/* $csvs > /dev/null" \
    "vtesdeck --cards CARDS check --quiet DIR|cat DIR/* CARDS/*.csv|$bin --cards $cards check --quiet $twda > /dev/null"
  krcg_python="${KRCG_PYTHON:-$PWD/target/krcg-venv/bin/python}"
  if [ -x "$krcg_python" ] && "$krcg_python" -c 'import importlib.metadata as m; assert m.version("krcg") == "4.19"' 2> /dev/null; then
    # The same work: load the card CSVs, read every TWDA file, count-check each deck.
    hyperfine_mean "$krcg_python scripts/krcg_bench.py --cards $cards --twda $twda" "$([ "$quick" = 1 ] && echo 2 || echo 3)"; krcg=$mean
    printf '%-50s %s  x%s vtesdeck --cards\n' "krcg 4.19, same work (scripts/krcg_bench.py)" "$spread" \
      "$(awk -v a="$krcg" -v b="$check_csv" 'BEGIN { printf "%.0f", a / b }')"
  else
    echo "krcg 4.19: not measured (no Python with krcg 4.19: set KRCG_PYTHON, or run .ci/run once to make target/krcg-venv)"
  fi
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -v "$bin" check --quiet "$twda" > /dev/null 2> "$tmp/time.txt" || true
    printf '%-50s %.1f MB\n' "peak memory, vtesdeck check --quiet DIR" "$(awk -F: '/Maximum resident set size/ { print $2 / 1024 }' "$tmp/time.txt")"
  fi
  export VTESDECK_CARDS="$cards"
fi
echo
[ "$floor_only" = 1 ] && exit 0

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
    hyperfine_mean "$cmd" "$runs"
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
