#!/usr/bin/env bash
# Stages and builds the Debian package from an already built binary: `make deb` runs it
# after the release build. Usage: packaging/build-deb.sh BINARY OUT.deb
#
# Reproducible: every date in the package is SOURCE_DATE_EPOCH (the last commit's, set by
# install.mk), file modes are normalised, the file order is sorted (dpkg-deb sorts; the
# md5sums are sorted here), gzip runs with -n, and xz with one thread, whose output does
# not depend on the number of processors.
set -euo pipefail
cd "$(dirname "$0")/.."

bin_in=${1:?usage: build-deb.sh BINARY OUT.deb}
deb_out=${2:?usage: build-deb.sh BINARY OUT.deb}
: "${SOURCE_DATE_EPOCH:?SOURCE_DATE_EPOCH must be set (make deb sets it from the last commit)}"
export SOURCE_DATE_EPOCH
export LC_ALL=C.UTF-8 TZ=UTC
umask 022

BIN=kids-joy-center
APP_ID=io.github.kidsjoycenter.KidsJoyCenter
VERSION=$(dpkg-parsechangelog -l packaging/debian/changelog -S Version)
ARCH=$(dpkg --print-architecture)
WORK=${DEB_WORK:-.build-deb/pkg}
STAGE=$WORK/debian/$BIN   # debian/<package>/: where dpkg-shlibdeps expects a package root
DOC=$STAGE/usr/share/doc/$BIN

[ -x "$bin_in" ] || { echo "error: $bin_in is not built (run 'make deb', or pass DEB_BIN=<binary>)" >&2; exit 1; }
code_version=$(sed -n 's/.*static let version = "\([^"]*\)".*/\1/p' $(grep -rl 'static let version = "' Sources) | head -1)
[ "$code_version" = "$VERSION" ] || {
  echo "error: packaging/debian/changelog is at $VERSION but AppInfo.version is $code_version: add a changelog entry" >&2; exit 1; }

rm -rf "$WORK"
mkdir -p "$STAGE/DEBIAN"

# 1. The files `make install` installs, with the game in /usr/games (Debian policy 11.11),
#    the fonts as links to fonts-sil-andika's (relative: both are under /usr, policy 10.5),
#    and no licence text or credits in share/ (they go to /usr/share/doc below).
make --no-print-directory install-files BIN_PATH="$bin_in" DESTDIR="$(realpath "$STAGE")" PREFIX=/usr \
  bindir=/usr/games FONT_LINK_DIR=../../fonts/truetype/andika PKG_TOPFILES= >/dev/null
game=$STAGE/usr/games/$BIN
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$game"
# The compiler's module hashes depend on the build folder; zero them, derive the build ID
# from the content (see there).
python3 packaging/normalize-elf.py "$game"
if ldd "$game" | grep -E 'not found|libswift|libFoundation|libdispatch|libBlocksRuntime|/opt/swift'; then
  echo "error: the deb's binary still needs libraries Debian does not have (see above)" >&2; exit 1
fi

# 2. Documentation: copyright, changelog, README, credits, the manual page.
install -D -m 644 packaging/debian/copyright "$DOC/copyright"
gzip -9nc packaging/debian/changelog > "$DOC/changelog.gz"
gzip -9nc README.md > "$DOC/README.md.gz"
gzip -9nc Assets/CREDITS.md > "$DOC/CREDITS.md.gz"
install -d "$STAGE/usr/share/man/man6"
gzip -9nc packaging/$BIN.6 > "$STAGE/usr/share/man/man6/$BIN.6.gz"

# 3. Shell completions, written by the game itself (its CommandLineParser), where
#    bash-completion, zsh and fish look for packaged ones.
install -d "$STAGE/usr/share/bash-completion/completions" "$STAGE/usr/share/zsh/vendor-completions" \
  "$STAGE/usr/share/fish/vendor_completions.d"
# bash-completion sources its files: no "#!" line (lintian: bash-completion-with-hashbang).
"$game" --generate-completion-script bash | sed '1{/^#!/d}' > "$STAGE/usr/share/bash-completion/completions/$BIN"
"$game" --generate-completion-script zsh  > "$STAGE/usr/share/zsh/vendor-completions/_$BIN"
"$game" --generate-completion-script fish > "$STAGE/usr/share/fish/vendor_completions.d/$BIN.fish"

# 4. The system configuration file, every key commented out; a conffile.
install -D -m 644 packaging/config.toml "$STAGE/etc/$BIN/config.toml"
printf '/etc/%s/config.toml\n' "$BIN" > "$STAGE/DEBIAN/conffiles"

# 5. Lintian overrides: tags that cannot apply to this package, each with its reason.
install -D -m 644 packaging/debian/lintian-overrides "$STAGE/usr/share/lintian/overrides/$BIN"

# 6. Depends: the libraries dpkg-shlibdeps finds in the binary, plus the fonts.
printf 'Source: %s\n\nPackage: %s\nArchitecture: any\n' "$BIN" "$BIN" > "$WORK/debian/control"
( cd "$WORK" && dpkg-shlibdeps -O -e "debian/$BIN/usr/games/$BIN" ) > "$WORK/shlibs.out" 2> "$WORK/shlibs.err" || {
  cat "$WORK/shlibs.err" >&2; exit 1; }
grep -v "should already be installed in their package" "$WORK/shlibs.err" >&2 || true
depends="$(sed -n 's/^shlibs:Depends=//p' "$WORK/shlibs.out"), fonts-sil-andika, fonts-sil-scheherazade"
# The release link packs relative relocations (DT_RELR, Package.swift), which glibc reads from
# 2.36 (Debian 12) on; no symbol carries that version need, so dpkg-shlibdeps misses it.
if readelf -d "$game" | grep -q '(RELR)'; then
  depends=$(sed -E 's/libc6 \(>= 2\.([0-9]|[12][0-9]|3[0-5])(\.[0-9]+)?\)/libc6 (>= 2.36)/' <<<"$depends")
  grep -q 'libc6 (>= 2\.3[6-9]' <<<"$depends" || { echo "error: DT_RELR needs libc6 (>= 2.36): $depends" >&2; exit 1; }
fi
for p in libsdl2-2.0-0 libsdl2-image-2.0-0 libsdl2-mixer-2.0-0 libsdl2-ttf-2.0-0 libsqlite3-0; do
  grep -q "$p " <<<"$depends" || { echo "error: dpkg-shlibdeps did not list $p: $depends" >&2; exit 1; }
done

# 7. Normalise modes and dates.
find "$STAGE" -type d -exec chmod 755 {} +
find "$STAGE" -type f -exec chmod 644 {} +
chmod 755 "$game"
find "$STAGE" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

# 8. md5sums of every file but the conffiles (dpkg keeps theirs in its status file).
( cd "$STAGE" && find . -path ./DEBIAN -prune -o -path ./etc -prune -o -type f -printf '%P\0' \
    | sort -z | xargs -0 md5sum ) > "$STAGE/DEBIAN/md5sums"

# 9. Control. Installed-Size as dpkg-gencontrol counts it (KiB per file rounded up, 1 per
#    folder or link), so it does not depend on the file system's block size.
installed_size=$(find "$STAGE" -path "$STAGE/DEBIAN" -prune -o -mindepth 1 -printf '%y %s\n' \
  | awk '$1 == "f" { kb += int(($2 + 1023) / 1024); next } { kb += 1 } END { print kb }')
sed -e "s/@VERSION@/$VERSION/" -e "s/@ARCH@/$ARCH/" -e "s/@INSTALLED_SIZE@/$installed_size/" \
    -e "s/@DEPENDS@/$depends/" packaging/debian/control.in > "$STAGE/DEBIAN/control"
chmod 644 "$STAGE/DEBIAN/"*
touch -h -d "@$SOURCE_DATE_EPOCH" "$STAGE/DEBIAN" "$STAGE/DEBIAN/"*

mkdir -p "$(dirname "$deb_out")"
# Written aside, then renamed: a reader never sees half a package.
dpkg-deb --root-owner-group -Zxz -z9 --threads-max=1 --build "$STAGE" "$deb_out.tmp" >/dev/null
mv -f "$deb_out.tmp" "$deb_out"
echo "Built $deb_out ($(du -k "$deb_out" | cut -f1) KiB, installed $installed_size KiB, sha256 $(sha256sum "$deb_out" | cut -c1-16))"
