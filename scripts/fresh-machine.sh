#!/usr/bin/env bash
# The README's two commands on a fresh machine: a minimal Debian (bookworm,
# debootstrap --variant=minbase) with only the Rust toolchain, a C compiler and
# linker (gcc, libc6-dev: what rustc links with), ca-certificates and git; no
# pkg-config, no fontconfig, no crate cache. In it, a clean clone of HEAD with
# ../shared beside it (read-only), then, exactly as the README writes them:
#
#   1. cargo install --locked --path .   (crates fetched from the registry)
#      vtesdeck check examples/decks     (with no network at all: first run, offline)
#   2. bash scripts/test.sh
#      on the bare machine: it installs the tests' prerequisites itself
#      (Chromium for the report tests, a Python with krcg 4.19 for the KRCG
#      tests), then runs every test binary.
#
# Prints every command it runs, its duration and its result; exits non-zero
# when the install, the check or the test run fails.
#
# Usage (as root, with debootstrap and chroot; CI does not run it, it takes
# about 25 minutes on 2 cores):
#   scripts/fresh-machine.sh ROOT [--mirror URL] [--remove]
# ROOT: an empty or missing folder outside the repository for the Debian tree.
# --mirror: the Debian archive (default: the first one in this machine's apt sources).
# --remove: delete ROOT at the end (after unmounting everything).
set -euo pipefail

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2; }

root=""
mirror=""
remove=0
while [ $# -gt 0 ]; do
  case "$1" in
    --mirror) mirror="${2:?--mirror needs a URL}"; shift 2 ;;
    --remove) remove=1; shift ;;
    -h|--help) usage ;;
    -*) echo "fresh-machine: unknown option $1" >&2; usage ;;
    *) [ -z "$root" ] || usage; root="$1"; shift ;;
  esac
done
[ -n "$root" ] || usage
[ "$(id -u)" = 0 ] || { echo "fresh-machine: run as root (debootstrap, chroot, mount)" >&2; exit 2; }
for tool in debootstrap chroot mount unshare git; do
  command -v "$tool" >/dev/null || { echo "fresh-machine: $tool is missing (apt-get install debootstrap)" >&2; exit 2; }
done

repo="$(cd "$(dirname "$0")/.." && pwd)"
shared="$(cd "$repo/.." && pwd)/shared"
[ -d "$shared/cards" ] && [ -d "$shared/twda/decks" ] \
  || { echo "fresh-machine: $shared (cards/, twda/decks/) is missing: the tests need it" >&2; exit 2; }
rustup_home="${RUSTUP_HOME:-$HOME/.rustup}"
cargo_bin="$(dirname "$(command -v cargo)")"
[ -d "$rustup_home/toolchains" ] || { echo "fresh-machine: no rustup toolchain in $rustup_home" >&2; exit 2; }
case "$(cd "$(dirname "$root")" 2>/dev/null && pwd)/" in
  "$repo"/*) echo "fresh-machine: put ROOT outside the repository" >&2; exit 2 ;;
esac
if [ -z "$mirror" ]; then
  mirror="$(grep -h -o -E '^(URIs:|deb) +[a-z]+://[^ ]+/debian/?( |$)' /etc/apt/sources.list /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list 2>/dev/null \
    | head -1 | awk '{print $2}' || true)"
  [ -n "$mirror" ] || { echo "fresh-machine: no Debian mirror in /etc/apt; give --mirror URL" >&2; exit 2; }
fi
commit="$(git -C "$repo" rev-parse HEAD)"

# Timed steps: prints the command, its duration and its exit status.
failures=0
step() {
  local title="$1"; shift
  echo
  echo "=== $title"
  echo "+ $*"
  local start=$SECONDS status=0
  "$@" || status=$?
  echo "=== $title: $([ $status = 0 ] && echo passed || echo "FAILED (exit $status)") in $((SECONDS - start)) s"
  return $status
}

mounts=()
cleanup() {
  local i
  for ((i=${#mounts[@]}-1; i>=0; i--)); do umount -l "${mounts[$i]}" 2>/dev/null || true; done
  if [ "$remove" = 1 ] && [ -d "$root" ]; then
    if findmnt -rn -o TARGET | grep -q -F "$(cd "$root" && pwd)/"; then
      echo "fresh-machine: something is still mounted under $root: not removing it" >&2
    else
      rm -rf --one-file-system "$root"
      echo "fresh-machine: removed $root"
    fi
  fi
}
trap cleanup EXIT
# Stopped by a signal: exit, so that the EXIT trap unmounts everything once.
trap 'exit 130' INT TERM HUP
bind() { # bind SOURCE TARGET [ro]
  mkdir -p "$2"
  mount --bind "$1" "$2"; mounts+=("$2")
  if [ "${3:-}" = ro ]; then mount -o remount,bind,ro "$2"; fi
}

echo "fresh-machine: commit $commit, Debian bookworm minbase in $root, mirror $mirror"
if [ ! -x "$root/usr/bin/gcc" ]; then
  step "debootstrap" debootstrap --variant=minbase --include=ca-certificates,gcc,libc6-dev,git \
    bookworm "$root" "$mirror"
fi
# A network that inspects TLS (this machine's, say) needs its local certificate
# authorities inside too; they are public certificates, none on a plain network.
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
  cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
  chroot "$root" update-ca-certificates >/dev/null
fi
cp /etc/resolv.conf "$root/etc/resolv.conf"

mount -t proc proc "$root/proc"; mounts+=("$root/proc")
mount -t sysfs sysfs "$root/sys"; mounts+=("$root/sys")
bind /dev "$root/dev"
mount -t devpts devpts "$root/dev/pts" -o newinstance 2>/dev/null && mounts+=("$root/dev/pts") || true
bind "$rustup_home" "$root/opt/rust/rustup" ro
bind "$cargo_bin" "$root/opt/rust/bin" ro
rm -rf "$root/src/vtesdeck" "$root/root/.cargo"
mkdir -p "$root/src/shared"
bind "$shared" "$root/src/shared" ro
git clone --quiet --no-hardlinks --no-checkout "$repo" "$root/src/vtesdeck"
git -C "$root/src/vtesdeck" -c advice.detachedHead=false checkout --quiet "$commit"

# Inside: a clean environment, the toolchain on the PATH as rustup puts it.
inside() { # inside [--offline] COMMAND...: runs a bash command line in the clone
  local net=()
  if [ "$1" = --offline ]; then net=(unshare --net); shift; fi
  "${net[@]}" chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
    PATH=/root/.cargo/bin:/opt/rust/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    RUSTUP_HOME=/opt/rust/rustup CARGO_HOME=/root/.cargo ${extra_env[@]+"${extra_env[@]}"} \
    /bin/bash -c "cd /src/vtesdeck && $*"
}
extra_env=()

echo
echo "=== the machine"
inside 'cat /etc/debian_version; rustc --version; cargo --version; gcc --version | head -1; git --version;
  echo "pkg-config: $(command -v pkg-config || echo absent)";
  echo "fontconfig: $( (ldconfig -p | grep -q libfontconfig) && echo present || echo absent)";
  echo "freetype: $( (ldconfig -p | grep -q libfreetype) && echo present || echo absent)";
  echo "python3: $(command -v python3 || echo absent)"; echo "chromium: $(command -v chromium || echo absent)";
  echo "crate cache: $(ls /root/.cargo/registry 2>/dev/null | wc -l) entries"; ls -d ../shared/*'

status=0
step "README install" inside 'cargo install --locked --path .' || status=1
step "README check, no network at all" inside --offline 'vtesdeck check examples/decks' || status=1
inside 'ls -l "$(command -v vtesdeck)" | awk "{print \"binary size:\", \$5, \"bytes\"}"'

# The README's test command, on the bare machine: it installs what the tests
# need itself (Debian's python3-venv and chromium, krcg 4.19 from PyPI). A
# network that inspects TLS (this machine's) needs pip to trust the local
# certificate authorities copied in above: PIP_CERT, none on a plain network.
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
  extra_env=(PIP_CERT=/etc/ssl/certs/ca-certificates.crt)
fi
logs="${TMPDIR:-/tmp}/vtesdeck-fresh-machine"; mkdir -p "$logs"
log="$logs/test.log"
step "README test command, bare machine" inside 'bash scripts/test.sh' \
  > >(tee "$log" | grep -E '^(===|\+ |test result:|test\.sh:|tests:|error)' ) 2>&1 || status=1
wait
grep -E '^tests: ' "$log" | tail -1
grep -E '^    [^ ].* \.\.\. FAILED$|^---- .* stdout ----$' "$log" | sed 's/^---- \(.*\) stdout ----$/failed: \1/' | sort -u | head -40 || true

echo
echo "fresh-machine: $([ $status = 0 ] && echo PASSED || echo FAILED) (commit $commit; logs in $logs)"
exit $status
