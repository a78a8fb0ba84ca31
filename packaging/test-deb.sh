#!/usr/bin/env bash
# Builds the Debian package (`make deb`) and checks it without installing it on this machine:
# the control fields, the file list, the binary's libraries (ldd: nothing "not found", no
# Swift toolchain library), the desktop entry and metainfo, and a headless scripted run of
# the packaged binary extracted with `dpkg-deb -x` into a temporary root.
# Prints PASS or FAIL (exit status 0 or 1). SKIP_BUILD=1 reuses an existing dist/*.deb.
set -uo pipefail
cd "$(dirname "$0")/.."

APP_ID=io.github.kidsjoycenter.KidsJoyCenter
failures=0
ok()   { echo "  ok:   $*"; }
fail() { echo "  FAIL: $*"; failures=$((failures + 1)); }
check() { local what=$1; shift; if "$@"; then ok "$what"; else fail "$what"; fi; }

if [ "${SKIP_BUILD:-0}" != 1 ]; then
  echo "== make deb"
  if ! make --no-print-directory deb > /tmp/kjc-test-deb-build.log 2>&1; then
    tail -40 /tmp/kjc-test-deb-build.log
    echo "FAIL: make deb failed (log: /tmp/kjc-test-deb-build.log)"
    exit 1
  fi
fi
make --no-print-directory packaging-deps >/dev/null || { echo "FAIL: make packaging-deps"; exit 1; }

version=$(sed -n 's/.*static let version = "\([^"]*\)".*/\1/p' Sources/KidsJoyApp/AppOptions.swift)
deb="dist/kids-joy-center_${version}_$(dpkg --print-architecture).deb"
[ -f "$deb" ] || { echo "FAIL: $deb was not built"; exit 1; }
echo "== $deb ($(du -h "$deb" | cut -f1))"

root=$(mktemp -d /tmp/kjc-deb-root.XXXXXX)
trap 'rm -rf "$root"' EXIT

echo "== control (dpkg-deb -I)"
control=$(dpkg-deb -f "$deb")
echo "$control" | sed -n '/^Description/q;p' | sed 's/^/  | /'
field() { echo "$control" | sed -n "s/^$1: //p"; }
check "Package kids-joy-center" test "$(field Package)" = kids-joy-center
check "Version $version" test "$(field Version)" = "$version"
check "Architecture $(dpkg --print-architecture)" test "$(field Architecture)" = "$(dpkg --print-architecture)"
check "Section games, Priority optional" test "$(field Section)/$(field Priority)" = games/optional
check "Maintainer set" test -n "$(field Maintainer)"
check "Installed-Size set" test "$(field Installed-Size)" -gt 1000
for p in libsdl2-2.0-0 libsdl2-image-2.0-0 libsdl2-mixer-2.0-0 libsdl2-ttf-2.0-0; do
  check "Depends on $p" grep -q "$p" <<<"$(field Depends)"
done
check "Depends on no -dev package" bash -c '! grep -q -- "-dev" <<<"$1"' _ "$(field Depends)"

echo "== contents (dpkg-deb -c)"
listing=$(dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|')
for f in /usr/bin/kids-joy-center \
         /usr/share/kids-joy-center/images/logo.qoi \
         /usr/share/kids-joy-center/sounds/pop.wav \
         /usr/share/kids-joy-center/fonts/Andika-Regular.ttf \
         /usr/share/kids-joy-center/fonts/OFL.txt \
         /usr/share/kids-joy-center/CREDITS.md \
         /usr/share/kids-joy-center/LICENSE-Apache-2.0.txt \
         /usr/share/applications/$APP_ID.desktop \
         /usr/share/metainfo/$APP_ID.metainfo.xml \
         /usr/share/icons/hicolor/48x48/apps/$APP_ID.png \
         /usr/share/icons/hicolor/64x64/apps/$APP_ID.png \
         /usr/share/icons/hicolor/128x128/apps/$APP_ID.png \
         /usr/share/icons/hicolor/256x256/apps/$APP_ID.png \
         /usr/share/doc/kids-joy-center/copyright; do
  check "has $f" grep -qx "$f" <<<"$listing"
done
check "everything under /usr" bash -c '! grep -v "^/$\|^/usr/" <<<"$1"' _ "$listing"
check "files owned by root:root" bash -c '! dpkg-deb -c "$1" | awk "{print \$2}" | grep -vx root/root' _ "$deb"

echo "== extract (dpkg-deb -x) and ldd"
dpkg-deb -x "$deb" "$root"
bin="$root/usr/bin/kids-joy-center"
lddout=$(env -u LD_LIBRARY_PATH ldd "$bin" 2>&1)
check "ldd: no library 'not found'" bash -c '! grep -q "not found" <<<"$1"' _ "$lddout"
check "ldd: no Swift runtime library (static stdlib)" bash -c '! grep -Eq "libswift|libFoundation|libdispatch|libBlocksRuntime|/opt/swift" <<<"$1"' _ "$lddout"
check "no RPATH/RUNPATH" bash -c '! readelf -d "$1" | grep -Eq "RPATH|RUNPATH"' _ "$bin"
echo "$lddout" | grep -E "SDL|libstdc|libc\.so" | sed 's/^/  | /'

echo "== desktop entry and metainfo"
dv=$(desktop-file-validate "$root/usr/share/applications/$APP_ID.desktop" 2>&1); st=$?
[ -n "$dv" ] && echo "$dv" | sed 's/^/  | /'
check "desktop-file-validate: no error or warning" bash -c '[ "$1" = 0 ] && ! grep -Eq ": (error|warning): " <<<"$2"' _ "$st" "$dv"
av=$(appstreamcli validate --no-net "$root/usr/share/metainfo/$APP_ID.metainfo.xml" 2>&1); st=$?
echo "$av" | sed 's/^/  | /'
check "appstreamcli validate --no-net: no E/W/I issue" bash -c '[ "$1" = 0 ] && ! grep -Eq "^(E|W|I):" <<<"$2"' _ "$st" "$av"

echo "== headless run of the packaged binary (assets from its share/, no toolchain on the library path)"
mkdir -p "$root/work" "$root/data"
log=$(cd "$root/work" && printf '0.1 tap 512 224\n0.3 dump\n' | \
      env -i PATH=/usr/bin:/bin HOME="$root/work" SDL_AUDIODRIVER=dummy \
      timeout 60 "$bin" --headless --data-dir "$root/data" --script - --log - 2>"$root/stderr"); st=$?
check "exit status 0 (was $st)" test "$st" = 0
check "log has a select event" grep -q '"event":"select"' <<<"$log"
check "log has a dump of home" grep -q '"event":"dump","scene":"home"' <<<"$log"
[ -s "$root/stderr" ] && sed 's/^/  stderr| /' "$root/stderr"
check "--version prints $version" bash -c '[ "$("$1" --version)" = "$2" ]' _ "$bin" "$version"

if [ "$failures" = 0 ]; then echo "PASS: $deb"; exit 0; else echo "FAIL: $failures check(s) failed for $deb"; exit 1; fi
