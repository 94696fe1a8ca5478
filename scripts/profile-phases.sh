#!/usr/bin/env bash
# Where `vtesdeck check --quiet` spends its work on the whole TWDA, phase by
# phase, counted in CPU instructions with valgrind's callgrind: the count does
# not depend on how busy the machine is (the same binary and data give the same
# figures, within 0.01%: the threads share the files differently from run to
# run), so two builds can be compared on a shared machine. Instructions are
# not seconds (a cache miss or a system call costs more than its count says);
# scripts/bench.sh gives the wall-clock figures.
#
# Usage: scripts/profile-phases.sh [--binary PATH] [-- CHECK-ARGS...]
#   --binary PATH  profile this vtesdeck binary (it needs its symbols: a build of
#                  the `test-release` profile, not the stripped `release` one);
#                  default: builds target/test-release/vtesdeck from this tree
#   CHECK-ARGS     instead of `check --quiet $VTESDECK_TWDA` (the built-in
#                  card list), e.g. `-- --cards ../shared/cards check --quiet ../shared/twda/decks`
# The phases are named by their functions' paths, as the library's crates
# (vtesdeck_formats::..., as before the deck crate took the formats in and
# after they left it again; vtesdeck_deck::formats::... between) or as its
# modules before them (vtesdeck::formats::...).
# Needs valgrind (apt-get install valgrind). Data: $VTESDECK_TWDA (default
# ../shared/twda/decks).
set -euo pipefail
# The built-in card list unless CHECK-ARGS name the CSV files (`--cards`).
unset VTESDECK_CARDS
cd "$(dirname "$0")/.."

bin=""
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) bin="$2"; shift ;;
    --) shift; break ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "profile-phases.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
twda="${VTESDECK_TWDA:-$(cd .. && pwd)/shared/twda/decks}"
[ -d "$twda" ] || { echo "profile-phases.sh: missing $twda (set VTESDECK_TWDA)" >&2; exit 2; }
command -v valgrind > /dev/null || { echo "profile-phases.sh: valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
built_from=""
if [ -z "$bin" ]; then
  cargo build --profile test-release --quiet
  bin="$PWD/target/test-release/vtesdeck"
  built_from="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet 2>/dev/null || echo ' (with uncommitted changes)')"
fi
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(check --quiet "$twda")

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "command: $bin ${args[*]}"
[ -z "$built_from" ] || echo "built from commit $built_from"
echo "date:    $(date -u '+%Y-%m-%d %H:%M UTC')"
valgrind --tool=callgrind --callgrind-out-file="$tmp/out" "$bin" "${args[@]}" > /dev/null 2> "$tmp/log" || true
grep -q "Collected" "$tmp/log" || { cat "$tmp/log" >&2; exit 1; }
callgrind_annotate --inclusive=yes --threshold=100 "$tmp/out" > "$tmp/inclusive" 2> /dev/null
python3 - "$tmp/inclusive" <<'PY'
import re, sys

# Each phase: the function whose inclusive count is the phase (its callees
# included). A function inlined in several places is listed several times by
# callgrind_annotate: its largest figure is taken.
PHASES = [
    ("card database load", [r"vtesdeck::cli::Global::card_db$"]),
    ("walking the folders", [r"vtesdeck(?:::|_|_deck::)formats::inputs::walk::walk$"]),
    # read_bounded, inlined in the builds of the deck crate into read_bytes
    # (`LoadDeck` in `load`, then in `load_deck`).
    ("reading the files", [r"vtesdeck(?:::|_|_deck::)formats::load::read_bounded$", r"as vtesdeck_(?:deck::)?formats::load(?:_deck)?::LoadDeck>::read_bytes$"]),
    # (`decode_lines` since the text keeps its line ends' positions)
    ("decoding (UTF-8, CR)", [r"vtesdeck(?:::|_|_deck::)formats::decode::decode$", r"vtesdeck(?:::|_|_deck::)formats::decode::decode_owned$", r"vtesdeck(?:::|_|_deck::)formats::decode::decode_lines$"]),
    # (the control test of a file's bytes, and the binary test when it finds
    # something, before decoding; the screen of the text after)
    ("line screening", [r"vtesdeck(?:::|_|_deck::)formats::screen::ControlTest::of_bytes$", r"vtesdeck(?:::|_|_deck::)formats::screen::looks_binary$", r"vtesdeck(?:::|_|_deck::)formats::screen::screen$"]),
    ("layout detection", [r"vtesdeck(?:::|_|_deck::)formats::registry::detect$"]),
    # (`read_kept` in builds before the per-thread reader)
    ("layout reading (lines to counts and names)", [r"<vtesdeck(?:::|_|_deck::)formats::\w+::\w+Layout as vtesdeck(?:::|_|_deck::)formats::layout::Layout>::read(_kept)?$"]),
    ("name lookup (lines to cards)", [r"vtesdeck(?:::|_|_deck::)formats::load::resolve$"]),
    ("rules", [r"vtesdeck(?:::|_)rules::checker::Checker::check$"]),
    # (`deck` in builds before the rendering moved to the reading threads)
    ("output (rendering each deck)", [r"as vtesdeck::output::check::CheckRenderer>::(render_deck|deck)$"]),
]
line_re = re.compile(r"^\s*([\d,]+) \(\s*[\d.]+%\)\s+(?:\S*?:)?(.+?)(?: \[.*\])?$")
best = {}
total = None
for line in open(sys.argv[1]):
    if "PROGRAM TOTALS" in line:
        total = int(line.split()[0].replace(",", ""))
        continue
    m = line_re.match(line)
    if not m:
        continue
    count, name = int(m.group(1).replace(",", "")), m.group(2).strip()
    best[name] = max(best.get(name, 0), count)
if total is None:
    sys.exit("profile-phases.sh: no total in callgrind's output")
print(f"\n{'phase':<46} {'instructions':>14} {'share':>7}")
counted = 0
for label, patterns in PHASES:
    count = sum(c for name, c in best.items() if any(re.search(p, name) for p in patterns))
    counted += count
    print(f"{label:<46} {count:>14,} {100 * count / total:>6.1f}%")
rest = total - counted
print(f"{'the rest (start, threads, summary, freeing)':<46} {rest:>14,} {100 * rest / total:>6.1f}%")
print(f"{'whole process':<46} {total:>14,} {100.0:>6.1f}%")
PY
