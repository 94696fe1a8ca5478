#!/usr/bin/env python3
"""Drives KRCG (the Python reference, `pip install krcg==4.19`) for the
JSON tests of tests/cli/krcg.rs. Two commands:

  archive --cards DIR --twda DIR --out FILE
      KRCG writes the JSON of a TWDA folder: one archive file, a JSON array
      of `Deck.to_json()` records, as KRCG's TWDA archive is. Each file of
      the folder is read with `Deck.from_txt(stream, id=<file stem>,
      twda=True)`, which is what `TWDA.load_html` does for each entry.

  cards --cards DIR --json FILE
      KRCG reads a JSON file back with its own `Deck.from_json` (a JSON array
      of deck records, or one deck object) and prints one line of JSON:
      {"<record index>": {"id": ..., "cards": {"<card id>": count}}}.

Cards: with LOCAL_CARDS=1 (read when krcg is imported),
`CardMap.load_from_vekn()` reads the VEKN CSV files from the importable
package named `cards`; the given folder is made importable under that name
(a symbolic link in a temporary folder put first on sys.path), as
scripts/krcg_bench.py does.
"""

import argparse
import json
import logging
import os
import sys
import tempfile
from pathlib import Path


def load_krcg(cards: Path, tmp: str):
    os.environ["LOCAL_CARDS"] = "1"
    os.environ["NO_TRANSLATIONS"] = "1"
    logging.disable(logging.CRITICAL)  # KRCG logs every deck that fails its check
    (Path(tmp) / "cards").symlink_to(cards.resolve(), target_is_directory=True)
    sys.path.insert(0, tmp)
    from krcg import deck, vtes  # noqa: E402 (LOCAL_CARDS must be set first)

    vtes.VTES.clear()
    vtes.VTES._cards.load_from_vekn()
    return deck


def archive(deck, twda: Path, out: Path) -> int:
    files = sorted(p for p in twda.iterdir() if p.is_file() and not p.name.startswith("."))
    records = []
    for path in files:
        with open(path, encoding="utf-8", errors="replace") as stream:
            records.append(deck.Deck.from_txt(stream, id=path.stem, twda=True).to_json())
    with open(out, "w", encoding="utf-8") as stream:
        json.dump(records, stream, ensure_ascii=False, indent=1)
    print(json.dumps({"decks": len(records)}))
    return 0


def cards(deck, path: Path) -> int:
    with open(path, encoding="utf-8") as stream:
        data = json.load(stream)
    records = data if isinstance(data, list) else [data]
    out = {}
    for index, record in enumerate(records):
        d = deck.Deck()
        d.from_json(record)
        out[str(index)] = {
            "id": d.id,
            "cards": {str(card.id): count for card, count in d.items() if count},
        }
    print(json.dumps(out))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["archive", "cards"])
    parser.add_argument("--cards", required=True, type=Path, help="folder with the VEKN CSV files")
    parser.add_argument("--twda", type=Path, help="folder of TWDA decklist files (archive)")
    parser.add_argument("--out", type=Path, help="archive file to write (archive)")
    parser.add_argument("--json", type=Path, help="JSON file to read (cards)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        deck = load_krcg(args.cards, tmp)
        if args.command == "archive":
            if not (args.twda and args.out):
                parser.error("archive needs --twda and --out")
            return archive(deck, args.twda, args.out)
        if not args.json:
            parser.error("cards needs --json")
        return cards(deck, args.json)


if __name__ == "__main__":
    sys.exit(main())
