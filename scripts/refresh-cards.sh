#!/usr/bin/env bash
# Refreshes the built-in card list snapshot (crates/cards/data/cards/) from a newer official
# VEKN zip, or rebuilds its compact form after a change to the card loader.
#
#   scripts/refresh-cards.sh PATH/TO/vtescsv_utf8.zip [YYYY-MM-DD]
#       the zip as downloaded from vekn.net ("Card lists"); the date of the card
#       list (default: the zip file's modification date)
#   scripts/refresh-cards.sh --rebuild
#       rewrites crates/cards/data/cards/cards.bin.gz from the CSV files already there
#
# Then run the tests (`cargo test -p vtesdeck-cards --lib snapshot`) and commit crates/cards/data/cards/.
set -euo pipefail
cd "$(dirname "$0")/.."
data=crates/cards/data/cards

if [ "${1:-}" != "--rebuild" ]; then
  zip="${1:?usage: scripts/refresh-cards.sh PATH/TO/vtescsv_utf8.zip [YYYY-MM-DD] | --rebuild}"
  date="${2:-$(date -u -r "$zip" +%Y-%m-%d)}"
  [[ "$date" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || { echo "refresh-cards: bad date: $date" >&2; exit 2; }
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  # Extract the four CSV files, at the top of the zip or in one folder.
  python3 - "$zip" "$work" <<'PY'
import sys, zipfile, os
archive, out = sys.argv[1], sys.argv[2]
wanted = {"vtescrypt.csv", "vteslib.csv", "vtessets.csv", "vteslibmeta.csv"}
with zipfile.ZipFile(archive) as z:
    for info in z.infolist():
        name = os.path.basename(info.filename)
        if name in wanted and not info.filename.startswith("__MACOSX"):
            with open(os.path.join(out, name), "wb") as f:
                f.write(z.read(info))
            wanted.discard(name)
if wanted:
    sys.exit(f"refresh-cards: {archive}: missing {', '.join(sorted(wanted))}")
PY
  sums=""
  for file in vtescrypt.csv vteslib.csv vtessets.csv vteslibmeta.csv; do
    gzip -9n -c "$work/$file" > "$data/$file.gz"
    sums+="$(cd "$work" && sha256sum "$file")"$'\n'
  done
  cat > "$data/PROVENANCE" <<TEXT
Built-in card list snapshot of vtesdeck

source: the official card lists of VEKN (vekn.net, page "Card lists"), the zip
        https://www.vekn.net/images/stories/downloads/vtescsv_utf8.zip
date: $date
copyright: card texts are (c) Paradox Interactive AB, published by VEKN for community tools.

Files (gzip -9n of the CSV files of the zip, unchanged); sha256 of each CSV file:
${sums%$'\n'}

cards.bin.gz: the same cards, read by vtesdeck's loader and stored in its compact
form (what the program carries); written from the CSV files above by
\`cargo run --example card_snapshot\`.

Refresh from a newer official zip: scripts/refresh-cards.sh PATH/TO/vtescsv_utf8.zip [YYYY-MM-DD]
Rebuild cards.bin.gz after a change to the loader: scripts/refresh-cards.sh --rebuild
TEXT
fi
cargo run --quiet --release --example card_snapshot -- "$data"
