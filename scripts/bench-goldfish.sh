#!/usr/bin/env bash
# Games per second of `vtesdeck goldfish` on one core (issue 29; aim: 50,000 or
# more for 8 turns): three TWDA decks, every seat, --threads 1, --turns 8,
# whole command (card database load and deck reading included, about 10 ms).
# A game is one seat's game: samples x 5 seats per deck.
#
# Usage: scripts/bench-goldfish.sh [--samples N] [--bin PATH]
#   --samples N  games per seat and deck (default 200000)
#   --bin PATH   the binary to time (default: build and use target/release/vtesdeck)
# Data: $VTESDECK_CARDS (default ../shared/cards), $VTESDECK_TWDA (default ../shared/twda/decks).
set -euo pipefail
cd "$(dirname "$0")/.."

samples=200000
bin=""
while [ $# -gt 0 ]; do
  case "$1" in
    --samples) samples="$2"; shift ;;
    --bin) bin="$2"; shift ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "bench-goldfish.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
if [ -z "$bin" ]; then
  cargo build --release --quiet --bin vtesdeck
  bin="$PWD/target/release/vtesdeck"
fi
export VTESDECK_CARDS="${VTESDECK_CARDS:-$(cd .. && pwd)/shared/cards}"
twda="${VTESDECK_TWDA:-$(cd .. && pwd)/shared/twda/decks}"

total_games=0
total_seconds=0
for deck in 10008 11062 11065; do
  start=$(date +%s.%N)
  "$bin" goldfish "$twda/$deck.txt" --turns 8 --samples "$samples" --seed 1 --threads 1 \
    --quiet --json > /dev/null
  end=$(date +%s.%N)
  seconds=$(echo "$end - $start" | bc -l)
  games=$((samples * 5))
  printf '%s.txt: %d games in %.3f s: %.0f games/s\n' "$deck" "$games" "$seconds" \
    "$(echo "$games / $seconds" | bc -l)"
  total_games=$((total_games + games))
  total_seconds=$(echo "$total_seconds + $seconds" | bc -l)
done
printf 'all: %d games in %.3f s: %.0f games per second on one core\n' "$total_games" \
  "$total_seconds" "$(echo "$total_games / $total_seconds" | bc -l)"
