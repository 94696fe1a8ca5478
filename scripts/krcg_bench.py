#!/usr/bin/env python3
"""Times KRCG (the Python reference, `pip install krcg==4.19`) on the work
`vtesdeck` does in scripts/krcg-compare.sh: load the VEKN CSV files of a
local folder, parse every TWDA decklist file, count-check each deck.

How KRCG is driven (read from its source, krcg 4.19):
- Cards: with the environment variable LOCAL_CARDS=1 (read when krcg is
  imported), `CardMap.load_from_vekn()` reads vtessets.csv, vtescrypt.csv and
  vteslib.csv from the importable package named `cards`; this script makes the
  given folder importable under that name (a symbolic link `cards` in a
  temporary folder put first on sys.path). `VTES.load_from_vekn()` would also
  load rulings (groups.yaml, not in the VEKN folder), so the card map's own
  loader is called, as `VTES.load_from_vekn` does before the rulings.
- Decks: `Deck.from_txt(stream, id=..., twda=True)` is what `TWDA.load_html`
  calls for each TWDA entry; here on each file of the folder.
- Count check: `Deck.check()` (crypt at least 12, library 60 to 90).

Prints one line of JSON: seconds for each step, deck and card counts.
"""

import argparse
import json
import logging
import os
import sys
import tempfile
import time
from pathlib import Path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", required=True, type=Path, help="folder with the VEKN CSV files")
    parser.add_argument("--twda", required=True, type=Path, help="folder of TWDA decklist files")
    args = parser.parse_args()

    os.environ["LOCAL_CARDS"] = "1"
    os.environ["NO_TRANSLATIONS"] = "1"
    logging.disable(logging.CRITICAL)  # KRCG logs every deck that fails its check

    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "cards").symlink_to(args.cards.resolve(), target_is_directory=True)
        sys.path.insert(0, tmp)
        start = time.perf_counter()
        from krcg import deck, vtes  # noqa: E402 (LOCAL_CARDS must be set first)

        imported = time.perf_counter()
        vtes.VTES.clear()
        vtes.VTES._cards.load_from_vekn()
        loaded = time.perf_counter()
        card_count = len(vtes.VTES)

        files = sorted(p for p in args.twda.iterdir() if p.is_file() and not p.name.startswith("."))
        decks = []
        failed = 0
        for path in files:
            with open(path, encoding="utf-8", errors="replace") as stream:
                try:
                    decks.append(deck.Deck.from_txt(stream, id=path.stem, twda=True))
                except Exception:  # KRCG raises on some inputs; count them, keep going
                    failed += 1
        parsed = time.perf_counter()
        passing = sum(1 for d in decks if d.check())
        checked = time.perf_counter()

    print(
        json.dumps(
            {
                "import_s": imported - start,
                "load_cards_s": loaded - imported,
                "parse_s": parsed - loaded,
                "check_s": checked - parsed,
                "total_s": checked - imported,
                "cards": card_count,
                "files": len(files),
                "decks": len(decks),
                "parse_failures": failed,
                "count_check_passing": passing,
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
