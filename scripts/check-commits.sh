#!/usr/bin/env bash
# Checks the form of commit messages: a subject of at most 72 characters, and
# when a body follows, a blank line between them (docs/development.md, "Commit
# messages"). Run by .ci/run on the commits after BASE; the optional hook
# scripts/hooks/commit-msg runs it on each message as it is written.
#
# Usage: bash scripts/check-commits.sh [BASE]     the commits of BASE..HEAD
#          (default bc6f329, the last commit before the rule was checked)
#        bash scripts/check-commits.sh --message FILE   one message (a hook's)
# Exit status: 0 when every message has the form, 1 otherwise (each named).
set -euo pipefail
export LC_ALL=C.UTF-8 # ${#subject} counts characters, not bytes
limit=72

# check_message NAME: the message on standard input; says what is wrong.
check_message() {
  local name="$1" subject second
  # Lines that git strips from a message being written (comments) do not count.
  subject="$(grep -v '^#' | sed -e '/./,$!d')" || true
  second="$(printf '%s\n' "$subject" | sed -n 2p)"
  subject="$(printf '%s\n' "$subject" | sed -n 1p)"
  local bad=0
  if [ -z "$subject" ]; then
    echo "check-commits: $name: empty subject" >&2
    bad=1
  elif [ "${#subject}" -gt "$limit" ]; then
    echo "check-commits: $name: subject of ${#subject} characters (at most $limit): $subject" >&2
    bad=1
  fi
  if [ -n "$second" ]; then
    echo "check-commits: $name: no blank line between the subject and the body" >&2
    bad=1
  fi
  return "$bad"
}

if [ "${1:-}" = "--message" ]; then
  [ -n "${2:-}" ] && [ -f "$2" ] || { echo "check-commits: --message needs a message file" >&2; exit 2; }
  check_message "commit message" < "$2" || {
    echo "check-commits: the message is kept in $2 (git commit -e -F $2 to edit it)" >&2
    exit 1
  }
  exit 0
fi

cd "$(dirname "$0")/.."
base="${1:-bc6f329}"
if ! git rev-parse --git-dir > /dev/null 2>&1; then
  echo "check-commits: not a git clone: no commits to check"
  exit 0
fi
if git rev-parse --verify --quiet "$base^{commit}" > /dev/null; then
  range="$base..HEAD"
else
  # A shallow clone may not reach the base: the commits it has are checked.
  echo "check-commits: $base is not in this clone: checking the commits it has" >&2
  range="HEAD"
fi
failed=0 count=0
while read -r commit; do
  count=$((count + 1))
  git log -1 --format=%B "$commit" | check_message "commit $(git rev-parse --short "$commit")" || failed=$((failed + 1))
done < <(git rev-list "$range")
if [ "$failed" -gt 0 ]; then
  echo "check-commits: $failed of $count commits after $base break the form (reword them before they are merged)" >&2
  exit 1
fi
echo "check-commits: $count commits after $base: every subject at most $limit characters"
