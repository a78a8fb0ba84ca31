#!/usr/bin/env bash
# Builds the Debian package from the source package's own rules (debian/rules: dh,
# `swift build -c release`, packaging/install.mk), without dpkg-buildpackage: with the Swift
# toolchain on PATH (Debian 13's swiftlang or swift.org's on Debian 12, where the
# Build-Depends on swiftlang cannot be met), in this tree, incrementally (SwiftPM's
# .build-deb/ is kept), the .deb written to OUT_DIR. `make deb` runs it; `make test-deb13`
# builds the same rules with dpkg-buildpackage in a clean Debian 13 chroot.
#   packaging/build-deb.sh [OUT_DIR]      default: dist
# Reproducible: every date is SOURCE_DATE_EPOCH (make deb: the last commit's; else the
# changelog's).
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-dist}")
export LC_ALL=C.UTF-8 TZ=UTC
umask 022
mkdir -p "$out"
# The package's staging folders and dh's stamps from the previous run, not SwiftPM's build
# folder (dh then builds and installs again, incrementally). Not dh_clean: it would also
# delete the tree's *.orig, *.rej, *.bak and *~ files.
tidy() { rm -rf debian/.debhelper debian/kids-joy-center debian/tmp debian/debhelper-build-stamp \
                debian/files debian/*.substvars debian/*.debhelper.log debian/.swiftpm-home; }
tidy
KJC_DEB_DESTDIR="$out" debian/rules binary
tidy
version=$(dpkg-parsechangelog -S Version)
deb="$out/kids-joy-center_${version}_$(dpkg --print-architecture).deb"
echo "Built $deb ($(du -k "$deb" | cut -f1) KiB, sha256 $(sha256sum "$deb" | cut -c1-16))"
