#!/usr/bin/env bash
# The shell step of the GitHub Action (action.yml): checks decklists for
# tournament legality with `vtesdeck check --format github --warnings` (an
# annotation on each offending line), writes the JUnit report, and adds the
# verdicts to the job's summary. Run by the test suite (tests/cli/ci_recipes.rs) on
# a folder of decks, exactly as the action runs it.
#
# Inputs, from the environment (the action passes its inputs this way):
#   INPUT_PATH      the decklists: folders, files or patterns (`decks/*.txt`,
#                   `decks/**/*.json`, expanded here), one per line (default: .)
#   INPUT_INCLUDE   patterns of the files to read in the folders, one per line
#                   (`check --glob`; default: every decklist)
#   INPUT_EXCLUDE   patterns of the files and folders to leave out, one per
#                   line (`check --exclude`; default: none)
#   INPUT_PROFILE   the rule set: a shipped profile or a profile file (default: standard)
#   INPUT_DATE      YYYY-MM-DD, today or event (default: today)
#   INPUT_STRICT    true: a line not read literally fails its deck (default: false)
#   INPUT_JUNIT     where the JUnit report is written (default: vtesdeck-check.xml)
#   VTESDECK_BIN    the vtesdeck to run (default: vtesdeck on the PATH)
#   GITHUB_OUTPUT, GITHUB_STEP_SUMMARY: set by GitHub; the output `junit` and
#                   the summary are written when they are set.
# Exit status: that of the check: 0 every deck legal, 1 an illegal deck,
# 2 an error (bad input, unreadable file, no decklist found).
#
# The check runs three times (annotations, JUnit, summary) on the same files:
# what a run writes goes to a folder of its own outside the repository, and
# the JUnit report is moved into place after the last run; a report left by
# an earlier job is never read (it is left out by --exclude).
set -uo pipefail
shopt -s globstar nullglob

say() { echo "vtesdeck action: $*" >&2; }
bin="${VTESDECK_BIN:-vtesdeck}"
command -v "$bin" > /dev/null 2>&1 || { say "$bin not found (VTESDECK_BIN or the PATH)"; exit 2; }

# The lines of an input, each trimmed, blank lines left out.
lines() {
  local line
  while IFS= read -r line; do
    line="${line#"${line%%[![:space:]]*}"}"
    line="${line%"${line##*[![:space:]]}"}"
    [ -n "$line" ] && printf '%s\n' "$line"
  done <<< "${1:-}"
}

# The paths: a line with a wildcard that names no file is a pattern, expanded
# here as a shell would (`**` any folders); one that matches nothing is an error.
paths=()
while IFS= read -r line; do
  if [ ! -e "$line" ] && [[ "$line" == *[*?[]* ]]; then
    # shellcheck disable=SC2206 # the pattern is expanded on purpose
    matched=($line)
    if [ ${#matched[@]} -eq 0 ]; then
      say "path: the pattern '$line' matched no file (give a folder, with include: to pick its files)"
      exit 2
    fi
    paths+=("${matched[@]}")
  else
    paths+=("$line")
  fi
done < <(lines "${INPUT_PATH:-}")
[ ${#paths[@]} -gt 0 ] || paths=(.)

args=(check --profile "${INPUT_PROFILE:-standard}" --date "${INPUT_DATE:-today}")
case "${INPUT_STRICT:-false}" in
  true) args+=(--strict) ;;
  false | "") ;;
  *) say "strict: expected true or false, found '$INPUT_STRICT'"; exit 2 ;;
esac
while IFS= read -r pattern; do args+=(--glob "$pattern"); done < <(lines "${INPUT_INCLUDE:-}")
while IFS= read -r pattern; do args+=(--exclude "$pattern"); done < <(lines "${INPUT_EXCLUDE:-}")
junit="${INPUT_JUNIT:-vtesdeck-check.xml}"
# The report of an earlier run is never read as a deck.
args+=(--exclude "${junit#./}")

scratch="$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/vtesdeck-action.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT

# The annotations, on the job's standard output, where GitHub reads them.
status=0
"$bin" "${args[@]}" --format github --warnings -- "${paths[@]}" || status=$?

# The JUnit report: written even when a deck is illegal, kept whole or not at all.
junit_status=0
"$bin" "${args[@]}" --quiet --format junit -- "${paths[@]}" > "$scratch/junit.xml" || junit_status=$?

# The verdicts, as a person reads them, in the job's summary page.
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  {
    echo "### vtesdeck check"
    echo
    echo '```'
    "$bin" "${args[@]}" --warnings --color never -- "${paths[@]}" 2>&1
    echo '```'
  } >> "$GITHUB_STEP_SUMMARY"
fi

if [ -s "$scratch/junit.xml" ]; then
  mkdir -p "$(dirname "$junit")"
  mv "$scratch/junit.xml" "$junit"
  say "JUnit report written to $junit"
  [ -n "${GITHUB_OUTPUT:-}" ] && echo "junit=$junit" >> "$GITHUB_OUTPUT"
else
  say "no JUnit report: the check wrote none (exit $junit_status)"
fi
exit "$status"
