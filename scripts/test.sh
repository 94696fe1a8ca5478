#!/usr/bin/env bash
# Every test of vtesdeck, on a bare machine: the README's test command, and
# what CI runs (.ci/run calls it).
#
# It sets up what the tests need, saying what it installs:
#   - the real data (the VEKN CSV files, the TWDA, the sample exports): the
#     snapshots the repository keeps (crates/cards/data/cards, data/twda,
#     data/samples), unpacked once by the tests under target/; ../shared
#     beside the clone when it is there, or VTESDECK_CARDS, VTESDECK_TWDA and
#     VTESDECK_SAMPLES, are read instead (tests/cli/common/mod.rs). Nothing
#     is downloaded for it.
#   - a Python virtual environment with krcg==4.19 from PyPI, made once under
#     target/krcg-venv (the peer of tests/cli/krcg.rs); VTESDECK_KRCG_PYTHON
#     chooses another Python that has krcg.
#   - a headless Chromium (tests/cli/report.rs): `chromium` on the PATH, else
#     VTESDECK_CHROMIUM, else Debian's chromium package installed with apt-get
#     (with sudo when not root).
# then runs every test binary, all of them even when one fails (cargo test
# --no-fail-fast), ignored tests included, and ends with one summary line.
# The whole output is kept in target/test.log.
#
# Usage: bash scripts/test.sh [CARGO TEST ARGUMENTS...]
#   e.g. bash scripts/test.sh --lib             (the unit tests)
#        bash scripts/test.sh --test cli -- check::  (the check module of the end-to-end tests)
# Exit status: 0 when every test passed, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "test.sh: $*" >&2; }
fail() { say "$*"; exit 1; }

# The real data: said, not required (the tests choose, in tests/cli/common/mod.rs).
shared="$(cd .. && pwd)/shared"
real_data() { # real_data VARIABLE SHARED-FOLDER PROBE REPOSITORY-COPY
  local value="${!1:-}"
  if [ -n "$value" ]; then
    [ -e "$value/$3" ] || fail "$1=$value has no $3: unset it to test on $4"
    say "$2: $value (\$$1)"
  elif [ -e "$shared/$2/$3" ]; then
    say "$2: $shared/$2 (../shared)"
  else
    say "$2: $4 (the repository's snapshot)"
  fi
}
real_data VTESDECK_CARDS cards vtescrypt.csv crates/cards/data/cards
real_data VTESDECK_TWDA twda/decks 10043.txt data/twda/decks.tar.xz
real_data VTESDECK_SAMPLES samples README.md data/samples/samples.tar.xz

# Installs Debian packages (apt-get, sudo when not root); fails saying what for.
apt_install() { # apt_install WHY PACKAGE...
  local why="$1"; shift
  command -v apt-get > /dev/null 2>&1 || fail "$why: apt-get is not available to install $*; install it by hand"
  local sudo=""
  if [ "$(id -u)" != 0 ]; then
    command -v sudo > /dev/null 2>&1 || fail "$why: not root and no sudo to install $*; install it by hand"
    sudo="sudo"
  fi
  say "installing Debian package(s) $* ($why)"
  { $sudo apt-get update -qq && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" > /dev/null; } \
    || fail "$why: apt-get could not install $*"
}

# The KRCG peer: a virtual environment with krcg==4.19, made once.
has_krcg() { "$1" -c 'import importlib.metadata as m; assert m.version("krcg") == "4.19"' 2> /dev/null; }
if [ -n "${VTESDECK_KRCG_PYTHON:-}" ]; then
  has_krcg "$VTESDECK_KRCG_PYTHON" || fail "VTESDECK_KRCG_PYTHON=$VTESDECK_KRCG_PYTHON has no krcg 4.19 (pip install krcg==4.19)"
else
  krcg_venv="$PWD/target/krcg-venv"
  if ! has_krcg "$krcg_venv/bin/python"; then
    rm -rf "$krcg_venv"
    python="$(command -v python3.11 || command -v python3 || true)"
    if [ -z "$python" ] || ! "$python" -c 'import venv, ensurepip' 2> /dev/null; then
      apt_install "the KRCG tests need a Python with venv" python3 python3-venv
      python="$(command -v python3)"
    fi
    say "making a Python virtual environment with krcg==4.19 from PyPI in target/krcg-venv (the KRCG tests' peer)"
    mkdir -p target
    "$python" -m venv "$krcg_venv" \
      && "$krcg_venv/bin/pip" install --quiet --disable-pip-version-check krcg==4.19 \
      || fail "cannot install krcg==4.19 from PyPI in $krcg_venv: the KRCG tests need it"
  fi
  export VTESDECK_KRCG_PYTHON="$krcg_venv/bin/python"
fi

# A headless Chromium for the report tests.
if [ -n "${VTESDECK_CHROMIUM:-}" ]; then
  [ -x "$VTESDECK_CHROMIUM" ] || fail "VTESDECK_CHROMIUM=$VTESDECK_CHROMIUM is not an executable"
elif ! command -v chromium > /dev/null 2>&1; then
  apt_install "the report tests open pages in a headless Chromium" chromium
  command -v chromium > /dev/null 2>&1 || fail "chromium is still not on the PATH after installing it"
fi

# Every test binary, even after one fails; the log kept for the summary.
mkdir -p target
log="target/test.log"
status=0
cargo test --locked --workspace --no-fail-fast --profile test-release "$@" -- --include-ignored 2>&1 | tee "$log" || status=$?

# One line: the totals of every "test result:" line, and the binaries run.
summary="$(awk '
  /^test result:/ {
    binaries++
    for (i = 1; i <= NF; i++) {
      if ($i ~ /^passed/) passed += $(i - 1)
      if ($i ~ /^failed/) failed += $(i - 1)
      if ($i ~ /^ignored/) ignored += $(i - 1)
    }
  }
  END { printf "%d passed, %d failed, %d ignored (%d test binaries)", passed, failed, ignored, binaries }
' "$log")"
if [ "$status" = 0 ]; then
  echo "tests: $summary"
else
  echo "tests: FAILED: $summary, cargo test exit status $status (the whole output: $log)"
  exit 1
fi
