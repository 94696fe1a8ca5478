#!/usr/bin/env bash
# Packs the real data that the tests read into the archives the repository
# keeps (data/twda/decks.tar.xz, data/samples/samples.tar.xz), the same bytes
# for the same files: names sorted, owner, dates and modes fixed, xz single
# threaded. Used to refresh a snapshot; write the new date, count and sha256
# it prints into the PROVENANCE file beside the archive, run the tests, commit.
#
# Usage: bash scripts/pack-test-data.sh twda PATH/TO/twda/decks [YYYY-MM-DD]
#        bash scripts/pack-test-data.sh samples PATH/TO/samples [YYYY-MM-DD]
#   YYYY-MM-DD: the date of the copy, stamped on every file (default: today).
# Needs GNU tar and xz.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '8,10p' "$0" | sed 's/^# //' >&2; exit 2; }
[ $# -ge 2 ] || usage
kind="$1" source="$2" date="${3:-$(date -u +%F)}"
case "$kind" in
  twda) folder=decks archive=data/twda/decks.tar.xz probe=10043.txt ;;
  samples) folder=samples archive=data/samples/samples.tar.xz probe=README.md ;;
  *) usage ;;
esac
[ -f "$source/$probe" ] || { echo "pack-test-data: $source has no $probe: not the $kind folder" >&2; exit 2; }

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
cp -R "$source" "$stage/$folder"
chmod -R u+w "$stage"
tar -C "$stage" --format=ustar --sort=name --owner=0 --group=0 --numeric-owner \
  --mtime="$date 00:00:00Z" --mode='u+w,go-w,a+rX' -cf "$stage/archive.tar" "$folder"
xz -T1 --format=xz --check=crc64 --lzma2=preset=9e,dict=16MiB -c "$stage/archive.tar" > "$stage/archive.tar.xz"
mkdir -p "$(dirname "$archive")"
mv "$stage/archive.tar.xz" "$archive"
files="$(find "$stage/$folder" -type f | wc -l)"
echo "$archive: $files files of $source, dated $date, $(stat -c %s "$archive") bytes"
echo "sha256: $(sha256sum "$archive" | cut -d' ' -f1)"
echo "sha256 of the files' sums: $(cd "$stage/$folder" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)"
