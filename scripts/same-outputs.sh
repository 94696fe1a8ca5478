#!/usr/bin/env bash
# Shows that a change to vtesdeck changes no output: runs the same commands
# with two binaries (the one built before the change, and this tree's) on the
# whole TWDA, the sample exports and examples/decks (check, parse, stats; and
# once each convert, draw, transfers, goldfish, diff, card), and compares standard
# output, standard error and exit status byte for byte. Used for the speed work
# (issue 16), whose promise is "no change in any output".
#
# Usage: scripts/same-outputs.sh OLD-BINARY [NEW-BINARY]
#   NEW-BINARY defaults to target/release/vtesdeck (built from this tree).
# Data: $VTESDECK_TWDA (default ../shared/twda/decks), $VTESDECK_SAMPLES
# (default ../shared/samples). Exit 0 when every output is the same, 1 when
# one differs (the first lines of its diff are printed).
set -euo pipefail
cd "$(dirname "$0")/.."

[ $# -ge 1 ] || { sed -n '2,12p' "$0"; exit 2; }
old="$1"
new="${2:-}"
if [ -z "$new" ]; then
  cargo build --release --quiet
  new="$PWD/target/release/vtesdeck"
fi
twda="${VTESDECK_TWDA:-$(cd .. && pwd)/shared/twda/decks}"
samples="${VTESDECK_SAMPLES:-$(cd .. && pwd)/shared/samples}"
for dir in "$twda" "$samples"; do
  [ -d "$dir" ] || { echo "same-outputs.sh: missing $dir (set VTESDECK_TWDA / VTESDECK_SAMPLES)" >&2; exit 2; }
done
[ -x "$old" ] || { echo "same-outputs.sh: $old is not an executable" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
differ=0
runs=0
compare() { # arguments of one vtesdeck command
  runs=$((runs + 1))
  local status
  status=0; NO_COLOR=1 "$old" "$@" > "$tmp/old.out" 2> "$tmp/old.err" || status=$?
  echo "exit $status" >> "$tmp/old.err"
  status=0; NO_COLOR=1 "$new" "$@" > "$tmp/new.out" 2> "$tmp/new.err" || status=$?
  echo "exit $status" >> "$tmp/new.err"
  if cmp -s "$tmp/old.out" "$tmp/new.out" && cmp -s "$tmp/old.err" "$tmp/new.err"; then
    printf 'same     vtesdeck %s (%s bytes)\n' "$*" "$(wc -c < "$tmp/new.out")"
  else
    differ=$((differ + 1))
    printf 'DIFFERS  vtesdeck %s\n' "$*"
    diff "$tmp/old.out" "$tmp/new.out" | head -20 || true
    diff "$tmp/old.err" "$tmp/new.err" | head -10 || true
  fi
}

# Decks as people type them: TWDA entries changed at random (seeded, so every
# run makes the same files): misspellings, counts after the name, tags and
# case changed, Unicode spaces, comments, lines dropped or doubled.
messy="$tmp/messy"
python3 - "$twda" "$messy" <<'PY'
import os, random, sys
src, out = sys.argv[1], sys.argv[2]
os.makedirs(out)
rng = random.Random(16)
names = sorted(os.listdir(src))
def typo(word):
    if len(word) < 4:
        return word
    i = rng.randrange(1, len(word) - 1)
    return rng.choice([word[:i] + word[i + 1:], word[:i] + word[i] + word[i:], word[:i] + word[i + 1] + word[i] + word[i + 2:]])
def mangle(line):
    r = rng.random()
    head, _, rest = line.partition(" ")
    if r < 0.08 and head.endswith("x") and head[:-1].isdigit():
        return rest.split("  ")[0] + " x" + head[:-1]
    if r < 0.14:
        return " ".join(typo(w) if rng.random() < 0.3 else w for w in line.split(" "))
    if r < 0.18:
        return line.lower()
    if r < 0.21:
        return line.replace(" ", "\u00a0", 2)
    if r < 0.24:
        return line + rng.choice([" -- good card", " (G3)", " (ADV)", " // key", "  # note", " *"])
    if r < 0.26:
        return line.replace("(ADV)", "").replace("(G", "(g")
    if r < 0.28:
        return ""
    if r < 0.30:
        return line + "\n" + line
    if r < 0.31:
        return rng.choice(["Total: 90", "Library total: 77", "12 cards total", "\t3\tDeflection", "2 * Dodge", "(2) Pentex Subversion", "Tara 3", "419 Operation"])
    return line
for name in names[::15]:
    with open(os.path.join(src, name), encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    with open(os.path.join(out, name), "w", encoding="utf-8") as f:
        f.write("\n".join(mangle(l) for l in lines))
PY

for input in "$twda" "$samples" examples/decks "$messy"; do
  compare check "$input"
  compare check --quiet "$input"
  compare check --json "$input"
  compare check --format junit "$input"
  compare check --format github --verbose "$input"
  compare check --date event --warnings "$input"
  compare check --date 2010-01-01 --json --warnings "$input"
  compare check --profile v5 --warnings "$input"
  # Rules a quiet output does not show are skipped: `--strict` and `--deny`
  # must still raise what they raise.
  compare check --quiet --strict "$input"
  compare check --quiet --deny duplicate-unique "$input"
  compare check --format github --deny unplayable-card "$input"
  compare check --format junit --strict "$input"
  compare parse --json "$input"
  compare stats --json "$input"
done
# Files named one by one, as a shell pattern names them; and a mix of a folder,
# files, a missing file and a pattern that matched nothing.
compare check --quiet "$twda"/*
compare check examples/decks "$samples"/daylily.vdb.txt examples/no-such-deck.txt 'examples/*.nomatch' "$samples"
for file in "$samples"/daylily.* examples/decks/*; do
  compare parse "$file"
done
# The other commands, seeded where they sample: stats and convert of each
# example deck, the three simulations (small runs), two diffs, card lookups.
rush=examples/decks/brujah-rush.txt
votes=examples/decks/toreador-votes.twd.txt
for file in examples/decks/*; do
  compare stats "$file"
  for to in twd json krcg lackey jol; do
    compare convert --to "$to" "$file"
  done
done
compare draw --seed 7 --samples 2000 "$rush"
compare draw --json --seed 7 --samples 2000 --seen 10 "$votes"
compare transfers --seed 7 --samples 2000 "$rush"
compare transfers --json --seed 7 --samples 2000 --policy all --key "Tupdog" "$rush"
compare goldfish --seed 7 --samples 500 "$rush"
compare goldfish --json --seed 7 --samples 500 --seat 1 "$votes"
compare diff "$rush" "$votes"
compare diff --json "$rush" examples/decks/nosferatu-stealth.lackey.txt
compare card "Nathan Turnr" "Theo Bell (G6)" "no such card at all"
compare card --json --clan Brujah --group 2 --type vampire
compare card --discipline POT --type combat --set V5
echo "$runs commands, $differ with a different output"
[ "$differ" = 0 ]
