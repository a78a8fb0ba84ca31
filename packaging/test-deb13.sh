#!/usr/bin/env bash
# `make test-deb13`: the package as a Debian developer builds it, in a clean Debian 13
# ("trixie") chroot with Debian's own swiftlang (6.0.3):
#   1. the source package: an upstream tarball of the tree (without debian/) and the
#      debian/ folder, as dpkg-source unpacks them;
#   2. dpkg-buildpackage -us -uc as a non-root user, with no network;
#   3. trixie's lintian on the .changes (source and binary): --fail-on error,warning
#      --pedantic (the overrides in debian/*.lintian-overrides each say why);
#   4. apt install of the .deb, the autopkgtest (debian/tests) on it, then apt purge,
#      which must leave nothing;
#   5. a second build in a fresh chroot and another folder: every file byte-identical.
#
# The chroot is made once by mmdebstrap (variant buildd, plus the Build-Depends, lintian,
# autopkgtest and the package's own dependencies) from the Debian mirror this machine's apt
# uses, and kept in $DEB13_CACHE (default /var/cache/kids-joy-center), outside the tree;
# its name holds a hash of what it contains, so a changed Build-Depends makes a new one;
# KJC_DEB13_REFRESH=1 makes it again. Every run works in a throwaway overlay on it, so
# the cached chroot is never changed.
# Needs root (chroot, overlay mounts) and mmdebstrap (`make test-deb-deps`). About 15
# minutes on two cores (two builds of 4-6 minutes). Prints PASS or FAIL; the logs stay in
# the folder printed at the end when something fails.
set -euo pipefail
export LC_ALL=C.UTF-8
cd "$(dirname "$0")/.."

[ "$(id -u)" = 0 ] || { echo "FAIL: needs root (mmdebstrap, chroot, overlay mounts)"; exit 1; }
command -v mmdebstrap >/dev/null || { echo "FAIL: mmdebstrap is missing: make test-deb-deps"; exit 1; }
cache=${DEB13_CACHE:-/var/cache/kids-joy-center}
arch=$(dpkg --print-architecture)
source=kids-joy-center
version=$(dpkg-parsechangelog -S Version)
upstream=${version%-*}
start=$(date +%s)
step() { echo "== $* ($(( $(date +%s) - start )) s)"; }

# ---- the cached chroot -------------------------------------------------------------------
# The Build-Depends as one line, for apt-get satisfy.
bdeps=$(sed -n '/^Build-Depends:/,/^[A-Z]/p' debian/control | sed '1s/^Build-Depends://;$d' | tr -d '\n' | sed 's/,[[:space:]]*$//;s/^[[:space:]]*//')
# What the tests use besides: lintian, autopkgtest, and the package's Depends (so that
# installing the .deb needs no network).
extra="lintian autopkgtest fonts-sil-andika fonts-sil-scheherazade python3"
# The Debian mirror this machine's apt uses (deb822 URIs: or one-line deb), else deb.debian.org.
mirror=$(sed -n 's/^URIs:[[:space:]]*\([^[:space:]]*\/debian\)\/\{0,1\}$/\1/p;s/^deb[[:space:]]\{1,\}\(\[[^]]*\][[:space:]]*\)\{0,1\}\([^[:space:]]*\/debian\)\/\{0,1\}[[:space:]].*/\2/p' \
           /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null | head -1 || true)
mirror=${mirror:-http://deb.debian.org/debian}
key=$(printf '%s\n' "$bdeps" "$extra" "$mirror" | sha256sum | cut -c1-12)
base=$cache/trixie-$arch-$key
if [ "${KJC_DEB13_REFRESH:-0}" = 1 ] || [ ! -e "$base/.complete" ]; then
  step "mmdebstrap --variant=buildd trixie into $base (from $mirror)"
  rm -rf "$base"
  mkdir -p "$cache"
  nice -n 10 mmdebstrap --mode=root --variant=buildd --quiet --include="${extra// /,}" \
    --customize-hook="chroot \"\$1\" env DEBIAN_FRONTEND=noninteractive apt-get satisfy -y -q '$bdeps'" \
    --customize-hook='printf "builder:x:1000:1000:Debian builder:/home/builder:/bin/sh\n" >> "$1/etc/passwd"' \
    --customize-hook='printf "builder:x:1000:\n" >> "$1/etc/group"' \
    --customize-hook='mkdir -p "$1/home/builder" "$1/build" && chown 1000:1000 "$1/home/builder" "$1/build"' \
    trixie "$base" "$mirror" > "$cache/mmdebstrap-$key.log" 2>&1 \
    || { tail -30 "$cache/mmdebstrap-$key.log"; echo "FAIL: mmdebstrap (log: $cache/mmdebstrap-$key.log)"; exit 1; }
  touch "$base/.complete"
fi
echo "  | chroot $base: $(chroot "$base" dpkg-query -W -f='${Package} ${Version}\n' swiftlang lintian autopkgtest debhelper | tr '\n' ' ')"

work=$(mktemp -d /var/tmp/kjc-deb13.XXXXXX)
results=$work/results
mkdir -p "$results"

# ---- the source package ------------------------------------------------------------------
# The tracked and untracked (not ignored) files as they are now: the upstream tarball
# without debian/, reproducible (sorted, one date, no owners).
epoch=$(dpkg-parsechangelog -S Timestamp)
files=$work/files
git ls-files -z -co --exclude-standard | tr '\0' '\n' | grep -v '^debian/' | sort > "$files"
tar --create --no-recursion --files-from="$files" --transform="s,^,$source-$upstream/," \
  --sort=name --mtime="@$epoch" --owner=0 --group=0 --numeric-owner --mode=go-w,a+rX --format=gnu \
  | xz -6 -T1 > "$work/${source}_$upstream.orig.tar.xz"
git ls-files -z -co --exclude-standard -- debian | tar -c --null -T - | tar -x -C "$work" --one-top-level=debian-dir
step "source: ${source}_$upstream.orig.tar.xz ($(du -k "$work/${source}_$upstream.orig.tar.xz" | cut -f1) KiB, $(wc -l < "$files") files) and debian/"

# Runs "$@" in an overlay on the cached chroot (upper layer $1), with /proc, /dev and a
# fresh /tmp; NET=0 leaves the network out (a new network namespace).
in_chroot() {
  local layer=$1; shift
  mkdir -p "$layer/upper" "$layer/work" "$layer/root"
  unshare --mount --propagation private $([ "${NET:-1}" = 0 ] && echo --net) bash -c '
    set -e; layer=$1 base=$2; shift 2
    mount -t overlay overlay -o "lowerdir=$base,upperdir=$layer/upper,workdir=$layer/work" "$layer/root"
    r=$layer/root
    mount -t proc proc "$r/proc"; mount --rbind /dev "$r/dev"; mount -t sysfs sys "$r/sys"; mount -t tmpfs tmp "$r/tmp"
    chroot "$r" "$@"' _ "$layer" "$base" "$@"
}

# One build: unpack the source package in /build/DIR, dpkg-buildpackage -us -uc as builder,
# offline. Leaves the results in $work/$name/out.
build() {
  local name=$1 dir=$2 layer=$work/$1
  mkdir -p "$layer/upper/build/$dir" "$layer/out"
  cp "$work/${source}_$upstream.orig.tar.xz" "$layer/upper/build/$dir/"
  tar -xJf "$work/${source}_$upstream.orig.tar.xz" -C "$layer/upper/build/$dir"
  cp -a "$work/debian-dir/debian" "$layer/upper/build/$dir/$source-$upstream/"
  chown -R 1000:1000 "$layer/upper/build"
  local t0; t0=$(date +%s)
  NET=0 in_chroot "$layer" /usr/bin/setpriv --reuid=1000 --regid=1000 --init-groups \
    env -i HOME=/home/builder LC_ALL=C.UTF-8 PATH=/usr/local/bin:/usr/bin:/bin \
    sh -c "cd /build/$dir/$source-$upstream && nice -n 10 dpkg-buildpackage -us -uc" \
    > "$results/build-$name.log" 2>&1 || { tail -40 "$results/build-$name.log"; echo "FAIL: dpkg-buildpackage ($name)"; return 1; }
  echo "  | dpkg-buildpackage -us -uc as builder, no network: $(( $(date +%s) - t0 )) s"
  find "$layer/upper/build/$dir" -maxdepth 1 -type f ! -name '*.orig.tar.xz' -exec cp {} "$layer/out/" \;
  cp "$layer/upper/build/$dir/${source}_$upstream.orig.tar.xz" "$layer/out/"
  ls "$layer/out" | sed 's/^/  | /'
}

fail() { echo "FAIL: $* ($(( $(date +%s) - start )) s; logs in $work)"; exit 1; }

step "build 1 in /build/one"
build one one || fail "the first build"
grep -E "warning:|error:" "$results/build-one.log" | grep -v "prohibited flag(s): -D_REENTRANT" | sed 's/^/  | /' | head -20 || true

# ---- lintian, install, autopkgtest, purge ------------------------------------------------
step "lintian (trixie) --fail-on error,warning --pedantic on the .changes; install; autopkgtest; purge"
changes=$(cd "$work/one/out" && ls ./*.changes | head -1)
cat > "$work/one/upper/build/one/check.sh" <<EOF
#!/bin/sh
set -e
cd /build/one
echo "--- lintian \$(dpkg-query -W -f='\${Version}' lintian)"
setpriv --reuid=1000 --regid=1000 --init-groups env -i HOME=/home/builder LC_ALL=C.UTF-8 PATH=/usr/bin:/bin \
  lintian -I -E --pedantic --fail-on error,warning --show-overrides $changes > /build/one/lintian.out 2>&1 || { cat /build/one/lintian.out; echo "lintian-failed"; exit 1; }
cat /build/one/lintian.out
echo "--- apt-get install ./${source}_${version}_$arch.deb"
find / -xdev \( -path /proc -o -path /sys -o -path /dev -o -path /run -o -path /tmp -o -path /build \
     -o -path /var/cache -o -path /var/lib/apt -o -path /var/log -o -path /var/lib/dpkg -o -path /root -o -path /home \) -prune -o -print | sort > /build/before
DEBIAN_FRONTEND=noninteractive apt-get install -y -q /build/one/${source}_${version}_$arch.deb
dpkg --verify $source
echo "--- autopkgtest (installed package, runner null)"
autopkgtest --no-built-binaries /build/one/$source-$upstream -- null
echo "--- apt-get purge $source"
DEBIAN_FRONTEND=noninteractive apt-get purge -y -q $source
find / -xdev \( -path /proc -o -path /sys -o -path /dev -o -path /run -o -path /tmp -o -path /build \
     -o -path /var/cache -o -path /var/lib/apt -o -path /var/log -o -path /var/lib/dpkg -o -path /root -o -path /home \) -prune -o -print | sort > /build/after
diff /build/before /build/after
test ! -e /etc/$source
! dpkg-query -W -f='\${Status}\n' $source 2>/dev/null | grep -qv not-installed
echo "--- all checks passed"
EOF
chmod +x "$work/one/upper/build/one/check.sh"
in_chroot "$work/one" /build/one/check.sh > "$results/check.log" 2>&1 || { cat "$results/check.log" | tail -60; fail "lintian, install, autopkgtest or purge"; }
sed -n '/^--- lintian/,/^--- apt-get install/p' "$results/check.log" | sed 's/^/  | /'
grep -E "^autopkgtest|play-each-game|^ok:|PASS|won|memory-hard-win|sorting-hard-win|balloons" "$results/check.log" | sed 's/^/  | /' | tail -12
echo "  | install, dpkg --verify, autopkgtest and purge: passed"

# ---- reproducible ------------------------------------------------------------------------
step "build 2 in a fresh chroot, in /build/two"
build two two || fail "the second build"
differ=0
for f in "$work/one/out/"*; do
  name=$(basename "$f")
  case "$name" in *.buildinfo|*.changes) continue;; esac   # they name the build path and date
  a=$(sha256sum < "$f" | cut -c1-16); b=$(sha256sum < "$work/two/out/$name" 2>/dev/null | cut -c1-16 || true)
  if [ "$a" = "$b" ]; then echo "  | identical: $name ($a)"; else echo "  | DIFFERENT: $name ($a, $b)"; differ=1; fi
done
[ "$differ" = 0 ] || fail "the two builds differ"

rm -rf "$work"
step "PASS: built with Debian 13's swiftlang, lintian clean, installed, autopkgtest passed, purged, reproducible"
