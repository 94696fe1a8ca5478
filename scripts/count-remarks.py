#!/usr/bin/env python3
"""Counts the reading remarks of `vtesdeck parse --json` output by kind (the
`how` of every entry of each card's `remarks`, or its `read_as` when an older
vtesdeck wrote no `remarks`), with a few example lines of each kind; also the
unresolved lines. Reads JSON Lines from the files given, or standard input.

    vtesdeck parse --json "$VTESDECK_TWDA" | scripts/count-remarks.py
    vtesdeck parse --json ../shared/samples | scripts/count-remarks.py --examples 3
"""
import argparse
import collections
import json
import sys


def remarks_of(entry):
    """Every remark of a card entry: its `remarks`, else its `read_as`."""
    if "remarks" in entry:
        return entry["remarks"]
    return [entry["read_as"]] if "read_as" in entry else []


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", help="parse --json output (default: stdin)")
    parser.add_argument("--examples", type=int, default=3, help="example lines per kind")
    args = parser.parse_args()
    streams = [open(path, encoding="utf-8") for path in args.files] or [sys.stdin]
    kinds = collections.Counter()
    examples = collections.defaultdict(list)
    decks = with_remarks = unresolved = 0
    for stream in streams:
        for number, line in enumerate(stream, 1):
            line = line.strip()
            if not line:
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as err:
                sys.exit(f"{stream.name}:{number}: not JSON: {err}")
            if record.get("type", "deck") != "deck":
                continue
            decks += 1
            unresolved += len(record.get("unresolved", []))
            deck_has_remark = False
            for part in ("crypt", "library"):
                for entry in record.get(part, []):
                    for remark in remarks_of(entry):
                        deck_has_remark = True
                        kinds[remark["how"]] += 1
                        if len(examples[remark["how"]]) < args.examples:
                            examples[remark["how"]].append(
                                f"{record['path']}:{remark['line']}: {remark['typed']!r}"
                                f" -> {entry['count']}x {entry['name']}"
                            )
            with_remarks += deck_has_remark
    print(f"{decks} decks, {with_remarks} with remarks, "
          f"{sum(kinds.values())} remarks, {unresolved} unresolved lines")
    for how, count in sorted(kinds.items(), key=lambda item: (-item[1], item[0])):
        print(f"{how}: {count}")
        for example in examples[how]:
            print(f"  {example}")


if __name__ == "__main__":
    main()
