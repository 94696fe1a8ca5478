#!/usr/bin/env python3
"""Compares two `vtesdeck parse --json` outputs of the same decks (one JSON
object per line): prints each deck whose cards (ids and counts) or unresolved
lines differ, and a count of the `read_as` remarks of the second by kind.

    vtesdeck-old parse --json DIR > old.jsonl
    vtesdeck parse --json DIR > new.jsonl
    scripts/compare-parse.py old.jsonl new.jsonl
"""
import collections
import json
import sys


def load(path):
    decks = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            deck = json.loads(line)
            decks[deck["path"]] = deck
    return decks


def cards(deck):
    out = collections.Counter()
    for part in ("crypt", "library"):
        for entry in deck[part]:
            out[(entry["id"], entry["name"])] += entry["count"]
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    old, new = load(sys.argv[1]), load(sys.argv[2])
    changed = 0
    for path in sorted(set(old) | set(new)):
        a, b = old.get(path), new.get(path)
        if a is None or b is None:
            print(f"{path}: only in {'new' if a is None else 'old'}")
            changed += 1
            continue
        ca, cb = cards(a), cards(b)
        ua = [(u["line"], u["text"]) for u in a.get("unresolved", [])]
        ub = [(u["line"], u["text"]) for u in b.get("unresolved", [])]
        if ca == cb and ua == ub:
            continue
        changed += 1
        print(f"{path}:")
        for key in sorted(set(ca) | set(cb)):
            if ca[key] != cb[key]:
                print(f"  {key[1]} (#{key[0]}): {ca[key]} -> {cb[key]}")
        for u in ua:
            if u not in ub:
                print(f"  no longer unresolved: line {u[0]}: {u[1]}")
        for u in ub:
            if u not in ua:
                print(f"  now unresolved: line {u[0]}: {u[1]}")
    print(f"{changed} of {len(new)} decks read differently")
    kinds = collections.Counter()
    examples = collections.defaultdict(list)
    for deck in new.values():
        for part in ("crypt", "library"):
            for entry in deck[part]:
                read_as = entry.get("read_as")
                if read_as:
                    kinds[read_as["how"]] += 1
                    if len(examples[read_as["how"]]) < 3:
                        examples[read_as["how"]].append(f'{read_as["typed"]!r} -> {entry["name"]}')
    for how, n in kinds.most_common():
        print(f"read_as {how}: {n}  e.g. {'; '.join(examples[how])}")


if __name__ == "__main__":
    main()
