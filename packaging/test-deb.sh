#!/usr/bin/env bash
# Checks the Debian package without installing it on this machine: the control fields, the
# file list, md5sums and conffiles, the binary (libraries, hardening), the manual page, the
# completions, the desktop entry and metainfo, lintian (-I -E --pedantic, failing on any
# error or warning), and a headless scripted run of the packaged binary extracted with
# `dpkg-deb -x` into a temporary root.
#
#   packaging/test-deb.sh          make deb (release build in .build-deb/, about a minute
#                                  when up to date), then the checks above (`make test` runs this)
#   SKIP_BUILD=1 ...               check the dist/*.deb already built
#   packaging/test-deb.sh --all    also: build the package a second time from a copy of the
#                                  tree in another folder and compare the two byte for byte,
#                                  then packaging/test-deb-chroot.sh (`make test-deb`)
#
# Prints PASS or FAIL (exit status 0 or 1). Checks that wait for changes elsewhere (the
# game's own font lookup, its WM_CLASS, the size budgets) print "pending" until they pass;
# KJC_STRICT=1 makes them count.
set -uo pipefail
export LC_ALL=C.UTF-8
cd "$(dirname "$0")/.."

all=0
[ "${1:-}" = --all ] && all=1
APP_ID=io.github.kidsjoycenter.KidsJoyCenter
failures=0
ok()   { echo "  ok:   $*"; }
fail() { echo "  FAIL: $*"; failures=$((failures + 1)); }
check() { local what=$1; shift; if "$@"; then ok "$what"; else fail "$what"; fi; }
# What waits for work elsewhere (the Swift side, the smaller binary): reported as
# "pending" while it fails; KJC_STRICT=1 makes it count.
pending=0
later() {
  local what=$1; shift
  if "$@"; then ok "$what"
  elif [ "${KJC_STRICT:-0}" = 1 ]; then fail "$what"
  else echo "  pending: $what"; pending=$((pending + 1)); fi
}
start=$(date +%s)

version=$(dpkg-parsechangelog -l debian/changelog -S Version)
upstream=${version%-*}   # the game's own version (AppInfo.version): without the Debian revision
arch=$(dpkg --print-architecture)
deb="dist/kids-joy-center_${version}_${arch}.deb"
log=$(mktemp /tmp/kjc-test-deb-build.XXXXXX.log)

if [ "${SKIP_BUILD:-0}" != 1 ]; then
  echo "== make deb"
  if ! make --no-print-directory deb > "$log" 2>&1; then
    tail -40 "$log"
    echo "FAIL: make deb failed (log: $log)"
    exit 1
  fi
  tail -1 "$log"
fi
make --no-print-directory packaging-deps >/dev/null || { echo "FAIL: make packaging-deps"; exit 1; }

[ -f "$deb" ] || { echo "FAIL: $deb was not built"; exit 1; }
echo "== $deb ($(du -h "$deb" | cut -f1))"

root=$(mktemp -d /tmp/kjc-deb-root.XXXXXX)
trap 'rm -rf "$root"; rm -f "$log"' EXIT

echo "== control (dpkg-deb -I)"
control=$(dpkg-deb -f "$deb")
echo "$control" | sed -n '/^Description/q;p' | sed 's/^/  | /'
field() { echo "$control" | sed -n "s/^$1: //p"; }
check "Package kids-joy-center" test "$(field Package)" = kids-joy-center
check "Version $version" test "$(field Version)" = "$version"
check "Architecture $arch" test "$(field Architecture)" = "$arch"
check "Section contrib/games (voices made with non-free engines: debian/copyright), Priority optional" test "$(field Section)/$(field Priority)" = contrib/games/optional
check "Maintainer set" test -n "$(field Maintainer)"
check "Homepage set" test "$(field Homepage)" = https://github.com/kidsjoycenter/kids-joy-center
check "Installed-Size set" test "$(field Installed-Size)" -gt 1000
for p in libsdl2-2.0-0 libsdl2-image-2.0-0 libsdl2-mixer-2.0-0 libsdl2-ttf-2.0-0 libsqlite3-0 libpq5 libfribidi0 fonts-sil-andika fonts-sil-scheherazade; do
  check "Depends on $p" grep -q "$p" <<<"$(field Depends)"
done
check "Depends on no -dev package" bash -c '! grep -q -- "-dev" <<<"$1"' _ "$(field Depends)"
# 2.36 on Debian 12 (debian/rules raises dpkg-shlibdeps' figure), 2.38 from Debian 13's.
check "Depends on libc6 (>= 2.36 or newer): glibc reads the packed relocations (DT_RELR) from 2.36" \
  grep -Eq "libc6 \(>= 2\.(3[6-9]|[4-9][0-9])" <<<"$(field Depends)"
check "description says 3 to 7 and Sky, Water or Land" bash -c 'grep -q "3 to 7" <<<"$1" && grep -q "Sky, Water or Land" <<<"$1"' _ "$control"

echo "== contents (dpkg-deb -c)"
listing=$(dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|')
doc=/usr/share/doc/kids-joy-center
for f in /usr/games/kids-joy-center \
         /usr/share/kids-joy-center/images/logo.qoi \
         /usr/share/kids-joy-center/sounds/pop.ogg \
         /usr/share/kids-joy-center/fonts/Andika-Regular.ttf \
         /usr/share/kids-joy-center/fonts/Andika-Bold.ttf \
         /usr/share/applications/$APP_ID.desktop \
         /usr/share/metainfo/$APP_ID.metainfo.xml \
         /usr/share/icons/hicolor/48x48/apps/$APP_ID.png \
         /usr/share/icons/hicolor/64x64/apps/$APP_ID.png \
         /usr/share/icons/hicolor/128x128/apps/$APP_ID.png \
         /usr/share/icons/hicolor/256x256/apps/$APP_ID.png \
         /usr/share/man/man6/kids-joy-center.6.gz \
         /usr/share/bash-completion/completions/kids-joy-center \
         /usr/share/zsh/vendor-completions/_kids-joy-center \
         /usr/share/fish/vendor_completions.d/kids-joy-center.fish \
         /etc/kids-joy-center/config.toml \
         $doc/copyright $doc/changelog.Debian.gz $doc/README.md.gz $doc/CREDITS.md.gz \
         $doc/parents.md.gz $doc/schools.md.gz; do
  check "has $f" grep -qx "$f" <<<"$listing"
done
check "nothing in /usr/bin (a game: /usr/games)" bash -c '! grep -q "^/usr/bin/" <<<"$1"' _ "$listing"
check "everything under /usr or /etc/kids-joy-center" bash -c '! grep -v "^/$\|^/usr/\|^/etc/$\|^/etc/kids-joy-center/" <<<"$1"' _ "$listing"
check "files owned by root:root" bash -c '! dpkg-deb -c "$1" | awk "{print \$2}" | grep -vx root/root' _ "$deb"
check "no font file copied: the fonts are links to fonts-sil-andika's" \
  bash -c 'dpkg-deb -c "$1" | grep "\.ttf" | grep -v "^l" | grep -q . && exit 1
           dpkg-deb -c "$1" | grep -q "fonts/Andika-Regular.ttf -> ../../fonts/truetype/andika/Andika-Regular.ttf"' _ "$deb"
check "every date is SOURCE_DATE_EPOCH (one date in the listing)" \
  test "$(dpkg-deb -c "$deb" | awk '{print $4, $5}' | sort -u | wc -l)" = 1

echo "== control files: md5sums, conffiles"
dpkg-deb -x "$deb" "$root"
dpkg-deb -e "$deb" "$root/DEBIAN"
check "conffiles is /etc/kids-joy-center/config.toml" test "$(cat "$root/DEBIAN/conffiles")" = /etc/kids-joy-center/config.toml
check "md5sums match every file (but the conffile)" bash -c 'cd "$1" && md5sum --quiet -c DEBIAN/md5sums' _ "$root"
check "md5sums list every regular file outside /etc" \
  test "$(cd "$root" && find usr -type f | sort)" = "$(awk '{print $2}' "$root/DEBIAN/md5sums")"
check "config.toml changes nothing (every line is a comment or blank)" \
  bash -c '! grep -vE "^[[:space:]]*(#.*)?$" "$1"' _ "$root/etc/kids-joy-center/config.toml"
for key in fullscreen kiosk mute volume data-dir language voice effects profiles games levels relaxed session-minutes gate-pin; do
  grep -qE "^# $key = " "$root/etc/kids-joy-center/config.toml" || fail "config.toml lists $key with its default"
done
check "config.toml explains the [locked] table" grep -q '^# \[locked\]' "$root/etc/kids-joy-center/config.toml"

echo "== binary: libraries and hardening"
bin="$root/usr/games/kids-joy-center"
lddout=$(env -u LD_LIBRARY_PATH ldd "$bin" 2>&1)
check "ldd: no library 'not found'" bash -c '! grep -q "not found" <<<"$1"' _ "$lddout"
check "ldd: no Swift runtime library (static stdlib)" bash -c '! grep -Eq "libswift|libFoundation|libdispatch|libBlocksRuntime|/opt/swift" <<<"$1"' _ "$lddout"
check "no RPATH/RUNPATH" bash -c '! readelf -d "$1" | grep -Eq "RPATH|RUNPATH"' _ "$bin"
check "bind-now (BIND_NOW, FLAGS_1 NOW)" bash -c 'readelf -d "$1" | grep -q "BIND_NOW" && readelf -d "$1" | grep -q "Flags: NOW"' _ "$bin"
check "full RELRO (GNU_RELRO segment)" bash -c 'readelf -lW "$1" | grep -q GNU_RELRO' _ "$bin"
check "PIE" bash -c 'readelf -h "$1" | grep -q "DYN"' _ "$bin"
check "stripped, no module hash left" bash -c '! readelf -SW "$1" | grep -q "\.debug_\|\.symtab" && 
  ! objcopy -O binary -j .swift_modhash "$1" /dev/stdout | tr -d "\0" | grep -q .' _ "$bin"
echo "$lddout" | grep -E "SDL|libstdc|libc\.so" | sed 's/^/  | /'

echo "== manual page and completions"
manwarn=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$root/usr/share/man/man6/kids-joy-center.6.gz" 2>&1 >/dev/null)
check "man --warnings: no warning${manwarn:+ ($manwarn)}" test -z "$manwarn"
mantext=$(MANWIDTH=100 man -l "$root/usr/share/man/man6/kids-joy-center.6.gz" 2>/dev/null)
for s in OPTIONS COMMANDS KEYS "KIOSK MODE AND THE ADULT GATE" CONFIGURATION ENVIRONMENT FILES "EXIT STATUS" EXAMPLES; do
  grep -q "^$s" <<<"$mantext" || fail "man page has a section $s"
done
for o in --fullscreen --windowed --kiosk --mute --language --profile --switch --data-dir --config \
         --system-config --demo --headless --seed --script --log --size --describe-games --version; do
  grep -q -- "$o" <<<"$mantext" || fail "man page documents $o"
done
check "bash completion parses (bash -n), no #! line" bash -c 'bash -n "$1" && ! head -1 "$1" | grep -q "^#!"' _ "$root/usr/share/bash-completion/completions/kids-joy-center"
check "zsh completion is a #compdef file" bash -c 'head -1 "$1" | grep -q "^#compdef kids-joy-center"' _ "$root/usr/share/zsh/vendor-completions/_kids-joy-center"
check "fish completion completes kids-joy-center" grep -q "complete -c 'kids-joy-center'" "$root/usr/share/fish/vendor_completions.d/kids-joy-center.fish"

echo "== desktop entry and metainfo"
dv=$(desktop-file-validate "$root/usr/share/applications/$APP_ID.desktop" 2>&1); st=$?
[ -n "$dv" ] && echo "$dv" | sed 's/^/  | /'
check "desktop-file-validate: no error or warning" bash -c '[ "$1" = 0 ] && ! grep -Eq ": (error|warning): " <<<"$2"' _ "$st" "$dv"
check "StartupWMClass is the desktop id" grep -qx "StartupWMClass=$APP_ID" "$root/usr/share/applications/$APP_ID.desktop"
mi="$root/usr/share/metainfo/$APP_ID.metainfo.xml"
av=$(appstreamcli validate --pedantic --no-net "$mi" 2>&1); st=$?
echo "$av" | sed 's/^/  | /'
# Debian 12's appstream (0.16) does not know AppStream 1.0's <developer id=...> yet: one info;
# Debian 13's (1.0) reports the <developer_name> kept for 0.16 as deprecated: one info.
check "appstreamcli validate --pedantic: no E/W, no I but unknown-tag developer or developer-name-tag-deprecated" \
  bash -c '[ "$1" = 0 ] && ! grep -Eq "^(E|W):" <<<"$2" && ! grep "^I:" <<<"$2" | grep -v -e "unknown-tag developer" -e "developer-name-tag-deprecated" | grep -q .' _ "$st" "$av"
uv=$(appstream-util validate --nonet "$mi" 2>&1); st=$?
echo "$uv" | sed 's/^/  | /'
check "appstream-util validate --nonet" test "$st" = 0

echo "== lintian -I -E --pedantic --fail-on error,warning"
lintian -I -E --pedantic --fail-on error,warning "$deb" > "$root/lintian.out" 2>&1; st=$?
lt=$(grep -v "running with root privileges" "$root/lintian.out")
[ -n "$lt" ] && echo "$lt" | sed 's/^/  | /'
check "lintian: no error or warning (status $st)" test "$st" = 0
check "lintian: nothing at all (no info or pedantic tag either)" test -z "$lt"

echo "== headless run of the packaged binary (assets from /usr/share, fonts from fonts-sil-andika)"
# The package depends on fonts-sil-andika: lend this machine's to the extracted root.
mkdir -p "$root/usr/share/fonts/truetype" "$root/work" "$root/data"
ln -s /usr/share/fonts/truetype/andika "$root/usr/share/fonts/truetype/andika"
out=$(cd "$root/work" && printf '0.1 tap-item game-sorting\n0.3 dump\n' | \
      env -i PATH=/usr/bin:/bin HOME="$root/work" SDL_AUDIODRIVER=dummy \
      timeout 60 "$bin" --headless --data-dir "$root/data" --script - --log - 2>"$root/stderr"); st=$?
check "exit status 0 (was $st)" test "$st" = 0
check "log has a select event" grep -q '"event":"select"' <<<"$out"
check "log has a dump of home" grep -q '"event":"dump","scene":"home"' <<<"$out"
[ -s "$root/stderr" ] && sed 's/^/  stderr| /' "$root/stderr"
check "--version prints kids-joy-center $upstream" bash -c '[ "$("$1" --version)" = "kids-joy-center $2" ]' _ "$bin" "$upstream"

# Without the links in share/kids-joy-center/fonts, the game must find fonts-sil-andika's
# fonts by itself (Swift side: fontconfig or Debian's folder, Assets/fonts as the override).
mv "$root/usr/share/kids-joy-center/fonts" "$root/fonts-links"
later "the game finds the Andika fonts without the links (its own lookup)" bash -c '
  cd "$1/work" && printf "0.1 dump\n" | env -i PATH=/usr/bin:/bin HOME="$1/work" SDL_AUDIODRIVER=dummy \
    timeout 60 "$2" --headless --data-dir "$1/data" --script - --log - >/dev/null 2>&1' _ "$root" "$bin"
mv "$root/fonts-links" "$root/usr/share/kids-joy-center/fonts"

# The window's X11 WM_CLASS (and Wayland app_id) must be the desktop id, so that docks
# match the window to its menu entry (StartupWMClass). Swift side: set
# SDL_VIDEO_X11_WMCLASS and SDL_VIDEO_WAYLAND_WMCLASS before SDL_Init.
if command -v xvfb-run >/dev/null && command -v xdotool >/dev/null && command -v xprop >/dev/null; then
  wmclass=$(cd "$root/work" && env -u SDL_VIDEO_X11_WMCLASS -u SDL_VIDEO_WAYLAND_WMCLASS SDL_AUDIODRIVER=dummy \
    timeout 60 xvfb-run -a bash -c '
      "$1" --windowed --data-dir "$2" >/dev/null 2>&1 & pid=$!
      for i in $(seq 1 80); do w=$(xdotool search --pid $pid 2>/dev/null | head -1); [ -n "$w" ] && break; sleep 0.25; done
      c=""; for i in $(seq 1 80); do [ -z "$w" ] && break; c=$(xprop -id "$w" WM_CLASS 2>/dev/null); case "$c" in *\"*) break;; esac; sleep 0.25; done
      echo "$c"; kill $pid; wait $pid 2>/dev/null; true' _ "$bin" "$root/data")
  echo "  | $wmclass"
  later "WM_CLASS is $APP_ID" grep -q "\"$APP_ID\", \"$APP_ID\"" <<<"$wmclass"
fi

echo "== sizes"
deb_kb=$(du -k --apparent-size "$deb" | cut -f1)
inst_kb=$(field Installed-Size)
bin_kb=$(du -k --apparent-size "$bin" | cut -f1)
voices_kb=$(du -k --apparent-size -s "$root/usr/share/kids-joy-center/voices" 2>/dev/null | cut -f1)
echo "  | .deb $deb_kb KiB, installed $inst_kb KiB, binary (stripped) $bin_kb KiB, voices ${voices_kb:-0} KiB"
# The budgets without the voices: .deb <= 6 MB, installed <= 20 MB (met since the binary links
# no Foundation and the sound effects are Ogg Vorbis), and the binary <= 15 MB.
check "installed without the voices <= 20 MB" test $((inst_kb - ${voices_kb:-0})) -le 20480
check ".deb without the voices <= 6 MB (voices counted at their installed size)" test "$deb_kb" -le $((6144 + ${voices_kb:-0}))
# Voices: only the languages' .ogg and index.tsv; never the human recordings that are the
# raw inputs of tools/make_voices.py (Assets/voices/recorded/) nor the build stamps.
check "no voice recordings or render stamps shipped" test -z "$(find "$root/usr/share/kids-joy-center/voices" \( -name recorded -o -name render.tsv -o -name '*.wav' -o -name '*.flac' \) 2>/dev/null)"
check "binary (stripped) <= 15 MB" test "$(stat -c %s "$bin")" -le 15000000
# What made it big (issue #17): FoundationEssentials (7.5 MB, also through swift-argument-parser)
# and the regex engine of _StringProcessing (1.3 MB, for one `replacing`). Their type names
# would show in the binary's Swift metadata.
for lib in FoundationEssentials _StringProcessing ArgumentParser; do
  check "the binary links no $lib" bash -c '! grep -q -a "$1" "$2"' _ "$lib" "$bin"
done

if [ "$all" = 1 ]; then
  echo "== reproducible: a second build from a copy of the tree in another folder"
  sum1=$(sha256sum "$deb" | cut -d' ' -f1)
  copy=$(mktemp -d /tmp/kjc-repro.XXXXXX)
  # The tracked and untracked (not ignored) files, as they are now, and the same epoch.
  git ls-files -z -co --exclude-standard | tar -c --null -T - | tar -x -C "$copy"
  epoch=$(git log -1 --format=%ct)
  t0=$(date +%s)
  if make --no-print-directory -C "$copy" deb SOURCE_DATE_EPOCH="$epoch" > "$log" 2>&1; then
    sum2=$(sha256sum "$copy/$deb" | cut -d' ' -f1)
    echo "  | first  $sum1"
    echo "  | second $sum2 (clean build in $copy, $(( $(date +%s) - t0 )) s)"
    check "the two .deb files are identical (sha256)" test "$sum1" = "$sum2"
    [ "$sum1" = "$sum2" ] || { command -v diffoscope >/dev/null && diffoscope "$deb" "$copy/$deb" | head -60; }
  else
    tail -30 "$log"; fail "second make deb failed"
  fi
  rm -rf "$copy"

  echo "== clean install in a bare Debian 12 chroot"
  check "packaging/test-deb-chroot.sh" packaging/test-deb-chroot.sh "$deb"
fi

echo "== $(( $(date +%s) - start )) s"
[ "$pending" = 0 ] || echo "($pending check(s) pending: see above)"
if [ "$failures" = 0 ]; then echo "PASS: $deb"; exit 0; else echo "FAIL: $failures check(s) failed for $deb"; exit 1; fi
