#!/usr/bin/env bash
# Large and hostile documents (issue 32), before and now, for a person to run
# (CI does not): the time of `parse` on a Sutekh XML of 40,000 cards and on an
# ARDB HTML page of 160,000 table rows (where line numbers were once counted
# from the start of the text for each card: quadratic), and the peak memory of
# `check`, `parse`, `convert --to krcg` and `report` on 100,000 decks as JSON
# Lines (where every deck was once resolved and held before the first output).
#
# The inputs are generated from ../shared/samples into target/bench-hostile/
# (never committed): the sample's card element repeated, a minimal table row
# repeated, the sample's minimal KRCG deck on 100,000 lines. Both binaries are
# built with the same profile: the one of commit BEFORE in a worktree of its own
# under target/bench-hostile/, the one of the working tree here.
#
# Usage: scripts/bench-hostile.sh [--before REV] [--profile PROFILE] [--runs N]
#   --before REV       the commit to compare with (default db51d84, before issue 32)
#   --profile PROFILE  the cargo profile of both builds (default release)
#   --runs N           runs per timed command; the median is shown (default 3)
# Prints one Markdown table (figure, before, now, ratio) for BENCHMARKS.md.
set -euo pipefail
cd "$(dirname "$0")/.."

before="db51d84"
profile="release"
runs=3
while [ $# -gt 0 ]; do
  case "$1" in
    --before) before="${2:?--before needs a commit}"; shift 2 ;;
    --profile) profile="${2:?--profile needs a cargo profile}"; shift 2 ;;
    --runs) runs="${2:?--runs needs a number}"; shift 2 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench-hostile: unknown argument $1 (--help)" >&2; exit 2 ;;
  esac
done

samples="$(cd .. && pwd)/shared/samples"
export VTESDECK_CARDS="${VTESDECK_CARDS:-$(cd .. && pwd)/shared/cards}"
for need in "$samples/daylily.sutekh.xml" "$samples/daylily.krcg-minimal.json" "$VTESDECK_CARDS/vtescrypt.csv"; do
  [ -e "$need" ] || { echo "bench-hostile: missing $need (../shared beside the clone)" >&2; exit 2; }
done
work="$PWD/target/bench-hostile"
data="$work/data"
mkdir -p "$data"

# The binaries: BEFORE in its own worktree and target folder, now here.
profile_dir="$profile"
[ "$profile" = dev ] && profile_dir=debug
before_src="$work/before-src"
if [ "$(git -C "$before_src" rev-parse HEAD 2> /dev/null)" != "$(git rev-parse "$before^{commit}")" ]; then
  git worktree remove --force "$before_src" 2> /dev/null || rm -rf "$before_src"
  git worktree add --quiet --detach "$before_src" "$before"
fi
echo "bench-hostile: building $before and the working tree ($profile profile)" >&2
(cd "$before_src" && CARGO_TARGET_DIR="$work/before-target" cargo build --locked --quiet --profile "$profile" --bin vtesdeck)
cargo build --locked --quiet --profile "$profile" --bin vtesdeck
before_bin="$work/before-target/$profile_dir/vtesdeck"
now_bin="$PWD/target/$profile_dir/vtesdeck"

# The inputs.
python3 - "$samples" "$data" "$VTESDECK_CARDS/vteslib.csv" << 'EOF'
import csv, html, json, pathlib, re, sys
samples, data, library_csv = map(pathlib.Path, sys.argv[1:])
# 400 library card names, each written at most 400 times: no card past the
# 999-copies cap, every line read.
with open(library_csv, encoding="utf-8-sig", newline="") as f:
    names = [row["Name"] for row in csv.DictReader(f)][:400]
sutekh = (samples / "daylily.sutekh.xml").read_text()
head, _, _ = sutekh.partition("  <card ")
cards = "".join(
    f'  <card name="{html.escape(names[i % len(names)])}" count="1" expansion="None Specified" printing="No Printing" />\n'
    for i in range(40_000))
(data / "sutekh-40k.xml").write_text(head + cards + "</physicalcardset>\n")
page = (samples / "daylily.ardb.html").read_text()
# The library table's rows replaced by 160,000 minimal rows, 16 a line (the
# line-count limit of a layout read line by line is 100,000).
library = page.index('<div id="library"')
start = page.index("<tbody>", library) + len("<tbody>")
end = page.index("</tbody>", start)
rows = "".join(
    f"<tr><td>1x</td><td>{html.escape(names[i % len(names)])}</td></tr>" + ("\n" if i % 16 == 15 else "")
    for i in range(160_000))
(data / "ardb-160k.html").write_text(page[:start] + "\n" + rows + page[end:])
# A deck name nested 60,000 levels deep in <b> tags (16 a line), after the crypt and library.
nest = "".join("<b>x" + ("\n" if level % 16 == 15 else "") for level in range(60_000))
nest += "".join("</b>" + ("\n" if level % 16 == 15 else "") for level in range(60_000))
(data / "ardb-nested-60k.html").write_text(
    "<html><body>\n"
    '<div id="crypt"><table><tr><td>12x</td><td>Janey Pickman</td></tr></table></div>\n'
    '<div id="library"><table><tr><td>90x</td><td>Deep Song</td></tr></table></div>\n'
    f'<span id="namevalue">Deep{nest}</span></body></html>\n'
)
deck = json.dumps(json.loads((samples / "daylily.krcg-minimal.json").read_text()), separators=(",", ":"))
(data / "decks-100k.jsonl").write_text((deck + "\n") * 100_000)
EOF

# Runs a command RUNS times (output discarded); prints the median seconds,
# the largest peak resident memory (MiB), from GNU time, and the last exit
# status (a signal: 128 + its number).
measure() {
  local times=() peak=0 i status
  for ((i = 0; i < runs; i++)); do
    status=0
    /usr/bin/time -f "%e %M" -o "$work/time.out" "$@" > /dev/null 2> "$work/stderr.out" || status=$?
    read -r seconds kib < <(tail -1 "$work/time.out")
    times+=("$seconds")
    [ "$kib" -gt "$peak" ] && peak="$kib"
  done
  printf '%s %s %s\n' "$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(((runs + 1) / 2))p")" "$((peak / 1024))" "$status"
}

# measure for a command line with a redirection: BIN and the rest through bash;
# the outputs of one run removed before the next.
measure_shell() {
  measure bash -c "rm -rf '$report_out' '$work/converted.json'; $1 $2"
}

row() { # row LABEL UNIT BEFORE NOW [BEFORE-EXIT NOW-EXIT]
  awk -v label="$1" -v unit="$2" -v b="$3" -v n="$4" -v eb="${5:-}" -v en="${6:-}" 'BEGIN {
    ratio = (n > 0) ? sprintf("%.1fx", b / n) : "-"
    if (eb != "") { b = b " " unit " (exit " eb ")"; n = n " " unit " (exit " en ")" } else { b = b " " unit; n = n " " unit }
    printf "| %s | %s | %s | %s |\n", label, b, n, ratio }'
}

echo
echo "Before: $before ($(git log -1 --format=%cs "$before")); now: $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ' + changes'); $profile profile; median of $runs runs; $(nproc) cores"
echo
echo "| figure | before | now | before / now |"
echo "| --- | --- | --- | --- |"
mb() { awk -v b="$(stat -c %s "$1")" 'BEGIN { printf "%.1f MB", b / 1e6 }'; }
for case in "parse ardb-nested-60k.html ($(mb "$data/ardb-nested-60k.html"), 60,000 levels):parse $data/ardb-nested-60k.html" \
            "parse sutekh-40k.xml ($(mb "$data/sutekh-40k.xml"), 40,000 cards):parse $data/sutekh-40k.xml" \
            "parse ardb-160k.html ($(mb "$data/ardb-160k.html"), 160,000 rows):parse $data/ardb-160k.html"; do
  label="${case%%:*}"; command="${case#*:}"
  read -r tb mb eb <<< "$(measure "$before_bin" $command)"
  read -r tn mn en <<< "$(measure "$now_bin" $command)"
  row "$label, time" s "$tb" "$tn" "$eb" "$en"
done
report_out="$work/report-out"
for case in "check decks-100k.jsonl ($(mb "$data/decks-100k.jsonl")):check --quiet $data/decks-100k.jsonl" \
            "check - < decks-100k.jsonl:check --quiet - < $data/decks-100k.jsonl" \
            "parse decks-100k.jsonl:parse $data/decks-100k.jsonl" \
            "convert --to krcg decks-100k.jsonl:convert --to krcg $data/decks-100k.jsonl -o $work/converted.json" \
            "report decks-100k.jsonl (refused):report $data/decks-100k.jsonl -o $report_out"; do
  label="${case%%:*}"; command="${case#*:}"
  rm -rf "$report_out" "$work/converted.json"
  read -r tb mb eb <<< "$(measure_shell "$before_bin" "$command")"
  rm -rf "$report_out" "$work/converted.json"
  read -r tn mn en <<< "$(measure_shell "$now_bin" "$command")"
  row "$label, peak memory" MiB "$mb" "$mn" "$eb" "$en"
  row "$label, time" s "$tb" "$tn"
done
rm -rf "$report_out" "$work/converted.json"
