#!/usr/bin/env bash
# A clean install of the .deb in a bare Debian 12 chroot, made with mmdebstrap (variant
# apt: the essential packages and apt) from the apt sources this machine is configured
# with. Inside: apt installs the package's dependencies, then the package; the game plays a
# short headless script from /usr/games (assets from /usr/share/kids-joy-center, fonts from
# fonts-sil-andika); apt purges it; and the list of files must then be exactly what it was
# before the package came (dpkg's own bookkeeping aside, checked separately).
#
#   packaging/test-deb-chroot.sh [DEB]     default: dist/kids-joy-center_<version>_<arch>.deb
#
# Needs root and mmdebstrap (`make test-deb-deps`). Downloaded packages are kept in
# .build-deb/chroot-apt-cache, so later runs download nothing. Prints PASS or FAIL.
set -euo pipefail
export LC_ALL=C.UTF-8

# ---- inside: run by mmdebstrap as a customize hook, $2 = the chroot -----------------------
if [ "${1:-}" = --hook ]; then
  root=$2 results=$3
  run_in() { chroot "$root" env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:/usr/games \
           HOME=/root LC_ALL=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }
  say() { echo "  $*" | tee -a "$results/log"; }
  # Every path but the kernel's, the scratch folders, apt's caches and logs, and dpkg's files.
  snapshot() {
    run_in find / -xdev \( -path /proc -o -path /sys -o -path /dev -o -path /run -o -path /tmp \
         -o -path /var/cache/apt -o -path /var/lib/apt -o -path /var/log -o -path /var/lib/dpkg \
         -o -path /root \) -prune -o -print | sort
  }
  deb=$(cd "$root/tmp" && ls kids-joy-center_*.deb)
  depends=$(dpkg-deb -f "$root/tmp/$deb" Depends)

  say "apt-get satisfy: $depends"
  run_in apt-get satisfy -y -q "$depends" > "$results/deps.log" 2>&1 || { tail -20 "$results/deps.log"; exit 1; }
  snapshot > "$results/before"

  say "apt-get install ./$deb"
  run_in apt-get install -y -q "/tmp/$deb" > "$results/install.log" 2>&1 || { tail -20 "$results/install.log"; exit 1; }
  run_in dpkg-query -W -f='${Status} ${Version}\n' kids-joy-center | tee -a "$results/log"
  run_in dpkg --verify kids-joy-center > "$results/verify" 2>&1 || true
  [ ! -s "$results/verify" ] || { cat "$results/verify"; echo "FAIL: dpkg --verify"; exit 1; }
  say "dpkg --verify: every file matches md5sums"
  run_in dpkg -L kids-joy-center > "$results/files"
  say "$(wc -l < "$results/files") paths installed"

  say "play: kids-joy-center --headless --script FILE --log - (from PATH, as a user would)"
  mkdir -p "$root/tmp/work" "$root/tmp/data"
  printf '0.2 tap-item game-sorting\n0.4 dump\n0.6 tap-item game-balloons\n0.8 dump\n1.0 quit\n' > "$root/tmp/work/script.txt"
  chmod -R a+rwX "$root/tmp/work" "$root/tmp/data"
  status=0
  chroot "$root" /usr/bin/setpriv --reuid=nobody --regid=nogroup --clear-groups \
    env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/games HOME=/tmp/work SDL_AUDIODRIVER=dummy \
    sh -c 'cd /tmp/work && kids-joy-center --headless --data-dir /tmp/data --script script.txt --log -' \
    > "$results/game.log" 2> "$results/game.err" || status=$?
  sed 's/^/  stderr| /' "$results/game.err"
  [ "$status" = 0 ] || { echo "FAIL: the game exited with $status"; exit 1; }
  grep -q '"event":"select"' "$results/game.log" || { echo "FAIL: no select event"; cat "$results/game.log"; exit 1; }
  grep -q '"event":"dump","scene":"home"' "$results/game.log" || { echo "FAIL: no dump of home"; exit 1; }
  say "the game played: $(wc -l < "$results/game.log") log lines, exit status 0"
  version=$(dpkg-deb -f "$root/tmp/$deb" Version)
  [ "$(run_in kids-joy-center --version)" = "kids-joy-center ${version%-*}" ] || { echo "FAIL: --version"; exit 1; }
  # `man kids-joy-center` finds the installed page by name (this machine's man-db reading
  # the chroot's manual folder: a bare chroot has no man).
  page=$(MANPATH="$root/usr/share/man" man -w kids-joy-center 2>/dev/null) || { echo "FAIL: man kids-joy-center finds no page"; exit 1; }
  MANPATH="$root/usr/share/man" MANWIDTH=80 man kids-joy-center 2>/dev/null | grep -q "kids-joy-center" \
    || { echo "FAIL: man kids-joy-center shows nothing"; exit 1; }
  say "man kids-joy-center: ${page#$root}"

  say "apt-get purge kids-joy-center"
  run_in apt-get purge -y -q kids-joy-center > "$results/purge.log" 2>&1 || { tail -20 "$results/purge.log"; exit 1; }
  snapshot > "$results/after"
  if ! diff "$results/before" "$results/after" > "$results/diff"; then
    echo "FAIL: the purge left or removed files:"; cat "$results/diff"; exit 1
  fi
  left=$(ls "$root/var/lib/dpkg/info/" | grep '^kids-joy-center\.' || true)
  [ -z "$left" ] || { echo "FAIL: dpkg still has $left"; exit 1; }
  if run_in dpkg-query -W -f='${Status}\n' kids-joy-center 2>/dev/null | grep -qv 'not-installed'; then
    echo "FAIL: dpkg still knows kids-joy-center"; exit 1
  fi
  [ ! -e "$root/etc/kids-joy-center" ] || { echo "FAIL: /etc/kids-joy-center is left"; exit 1; }
  say "nothing of the package is left ($(wc -l < "$results/after") paths compared)"
  touch "$results/ok"
  exit 0
fi

# ---- outside ------------------------------------------------------------------------------
cd "$(dirname "$0")/.."
[ "$(id -u)" = 0 ] || { echo "FAIL: needs root (mmdebstrap --mode=root and chroot)"; exit 1; }
command -v mmdebstrap >/dev/null || { echo "FAIL: mmdebstrap is missing: make test-deb-deps"; exit 1; }
version=$(dpkg-parsechangelog -l debian/changelog -S Version)
deb=$(realpath "${1:-dist/kids-joy-center_${version}_$(dpkg --print-architecture).deb}")
[ -f "$deb" ] || { echo "FAIL: $deb is missing: make deb"; exit 1; }

# The machine's apt sources (deb822 or one-line), as they are.
sources=()
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
  [ -s "$f" ] && grep -qE '^[[:space:]]*(deb |Types:)' "$f" && sources+=("$f")
done
[ ${#sources[@]} -gt 0 ] || sources=(http://deb.debian.org/debian)

cache=$PWD/.build-deb/chroot-apt-cache
results=$(mktemp -d /tmp/kjc-chroot.XXXXXX)
# A copy: a `make deb` running meanwhile cannot change what is tested.
cp "$deb" "$results/"
deb=$results/$(basename "$deb")
mkdir -p "$cache"
start=$(date +%s)
echo "== mmdebstrap --variant=apt bookworm (sources: ${sources[*]})"
status=0
mmdebstrap --mode=root --variant=apt --quiet --skip=download/empty \
  --setup-hook='mkdir -p "$1/var/cache/apt/archives"' \
  --setup-hook="sync-in '$cache' /var/cache/apt/archives" \
  --customize-hook="copy-in '$deb' /tmp" \
  --customize-hook="'$PWD/packaging/test-deb-chroot.sh' --hook \"\$1\" '$results'" \
  --customize-hook="sync-out /var/cache/apt/archives '$cache'" \
  bookworm /dev/null "${sources[@]}" > "$results/mmdebstrap.log" 2>&1 || status=$?
grep -v '^I: ' "$results/mmdebstrap.log" | grep -v '^$' | sed 's/^/  | /' | tail -40
took=$(( $(date +%s) - start ))
if [ "$status" = 0 ] && [ -e "$results/ok" ]; then
  rm -rf "$results"
  echo "PASS: clean install, play and purge in a bare Debian 12 chroot ($took s)"
else
  echo "FAIL: chroot test (mmdebstrap status $status, $took s; files in $results)"
  exit 1
fi
