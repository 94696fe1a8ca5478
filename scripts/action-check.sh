#!/usr/bin/env bash
# The shell step of the GitHub Action (action.yml): checks decklists for
# tournament legality with `vtesdeck check --format github --warnings` (an
# annotation on each offending line), writes the JUnit report, and adds the
# verdicts to the job's summary. Run by the test suite (tests/cli/ci_recipes.rs) on
# a folder of decks, exactly as the action runs it.
#
# Inputs, from the environment (the action passes its inputs this way):
#   INPUT_PATH      the decklists: folders or files, one per line (default: .)
#   INPUT_PROFILE   the rule set: a shipped profile or a profile file (default: standard)
#   INPUT_DATE      YYYY-MM-DD, today or event (default: today)
#   INPUT_STRICT    true: a line not read literally fails its deck (default: false)
#   INPUT_JUNIT     where the JUnit report is written (default: vtesdeck-check.xml)
#   VTESDECK_BIN    the vtesdeck to run (default: vtesdeck on the PATH)
#   GITHUB_OUTPUT, GITHUB_STEP_SUMMARY: set by GitHub; the output `junit` and
#                   the summary are written when they are set.
# Exit status: that of the check: 0 every deck legal, 1 an illegal deck,
# 2 an error (bad input, unreadable file, no decklist found).
set -uo pipefail

say() { echo "vtesdeck action: $*" >&2; }
bin="${VTESDECK_BIN:-vtesdeck}"
command -v "$bin" > /dev/null 2>&1 || { say "$bin not found (VTESDECK_BIN or the PATH)"; exit 2; }

paths=()
while IFS= read -r line; do
  line="${line#"${line%%[![:space:]]*}"}"
  line="${line%"${line##*[![:space:]]}"}"
  [ -n "$line" ] && paths+=("$line")
done <<< "${INPUT_PATH:-}"
[ ${#paths[@]} -gt 0 ] || paths=(.)

args=(check --profile "${INPUT_PROFILE:-standard}" --date "${INPUT_DATE:-today}")
case "${INPUT_STRICT:-false}" in
  true) args+=(--strict) ;;
  false | "") ;;
  *) say "strict: expected true or false, found '$INPUT_STRICT'"; exit 2 ;;
esac
junit="${INPUT_JUNIT:-vtesdeck-check.xml}"

# The annotations, on the job's standard output, where GitHub reads them.
status=0
"$bin" "${args[@]}" --format github --warnings -- "${paths[@]}" || status=$?

# The JUnit report: written even when a deck is illegal, kept whole or not at all.
junit_status=0
"$bin" "${args[@]}" --format junit -- "${paths[@]}" > "$junit.partial" || junit_status=$?
if [ -s "$junit.partial" ]; then
  mv "$junit.partial" "$junit"
  say "JUnit report written to $junit"
  [ -n "${GITHUB_OUTPUT:-}" ] && echo "junit=$junit" >> "$GITHUB_OUTPUT"
else
  rm -f "$junit.partial"
  say "no JUnit report: the check wrote none (exit $junit_status)"
fi

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
exit "$status"
