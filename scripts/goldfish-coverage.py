#!/usr/bin/env python3
"""How much of the TWDA `vtesdeck goldfish` plays (issues 29 and 42).

Runs `goldfish --json --samples 1 --turns 1 --seat 1` on a folder of decks (the
coverage does not depend on the sampling) and prints: the share of library
cards the game plays over every deck, and the decks the played-share warning
fires on (the game plays under 25% of the library: the deck's plan takes no
pool at an idle table), by plan (the archetype: the group of library cards
with the most copies: bleed, votes, allies, combat, wall), as the Markdown
table of docs/commands/goldfish.md; then the share of library cards modelled
or inert, the number of decks under 80% (they carry the lower-bound warning),
the decks under 80% listed by their share (lowest first), and the cards not
modelled with the most copies (the rows to add next to
crates/sim/data/goldfish-effects.tsv).

Usage: scripts/goldfish-coverage.py [--bin PATH] [--decks N] [--cards N] [FOLDER]
  FOLDER    default: $VTESDECK_TWDA, else ../shared/twda/decks
  --bin     the binary (default target/release/vtesdeck)
  --decks   how many of the decks under 80% to list (default 20)
  --cards   how many not-modelled cards to list (default 30)
"""

import argparse
import collections
import json
import os
import subprocess
import sys


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?")
    parser.add_argument("--bin", default=os.path.join(root, "target/release/vtesdeck"))
    parser.add_argument("--decks", type=int, default=20)
    parser.add_argument("--cards", type=int, default=30)
    args = parser.parse_args()
    folder = args.folder or os.environ.get("VTESDECK_TWDA") or os.path.join(
        root, "..", "shared", "twda", "decks"
    )
    output = subprocess.run(
        [args.bin, "goldfish", folder, "--json", "--quiet", "--samples", "1",
         "--turns", "1", "--seat", "1"],
        check=False, capture_output=True, text=True,
    )
    library = covered = played = 0
    decks = []
    missing = collections.Counter()
    plans = collections.defaultdict(lambda: [0, 0, 0.0])
    for line in output.stdout.splitlines():
        record = json.loads(line)
        if record["type"] != "goldfish":
            continue
        coverage = record["coverage"]
        library += coverage["library"]
        covered += coverage["modelled"] + coverage["inert"]
        played += coverage["played"]
        plan = plans[coverage["plan"] or "none"]
        plan[0] += 1
        plan[1] += int(coverage["played_warning"])
        plan[2] += coverage["played_share"]
        decks.append((coverage["share"], record["path"]))
        for card in coverage["not_modelled_cards"]:
            missing[card["name"]] += card["count"]
    if not decks:
        sys.exit(f"no goldfish record: {output.stderr}")
    under = sorted(d for d in decks if d[0] < 0.8)
    warned = sum(p[1] for p in plans.values())
    print(f"{len(decks)} decks: {played} of {library} library cards played "
          f"({100 * played / library:.1f}%); the played-share warning fires on {warned} decks\n")
    print("| Plan (archetype) | Decks | Warning fires | Share | Mean played share |")
    print("|---|---:|---:|---:|---:|")
    for name, (count, fired, shares) in sorted(plans.items(), key=lambda p: -p[1][0]):
        print(f"| {name} | {count} | {fired} | {100 * fired / count:.1f}% | "
              f"{100 * shares / count:.1f}% |")
    print(f"| all | {len(decks)} | {warned} | {100 * warned / len(decks):.1f}% | "
          f"{100 * sum(p[2] for p in plans.values()) / len(decks):.1f}% |\n")
    print(f"{len(decks)} decks: {covered} of {library} library cards modelled or inert "
          f"({100 * covered / library:.1f}%); {len(under)} decks under 80%")
    print(f"\nThe {min(args.decks, len(under))} decks under 80% with the lowest share:")
    for share, path in under[: args.decks]:
        print(f"  {100 * share:5.1f}%  {path}")
    print(f"\nThe {args.cards} cards not modelled with the most copies:")
    for name, count in missing.most_common(args.cards):
        print(f"  {count:6d}  {name} ({100 * count / library:.2f}%)")


if __name__ == "__main__":
    main()
