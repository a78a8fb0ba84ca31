# Install, uninstall and the Debian package. Included at the end of the Makefile, whose
# SWIFT, PREFIX, DESTDIR, BIN, SUDO and `deps` rule are used here.
#
#   make install   [PREFIX=/usr/local] [DESTDIR=]   release build, then install-files
#   make install-files BIN_PATH=FILE ...            install an already built binary
#   make uninstall [PREFIX=...] [DESTDIR=...]       remove exactly what install-files installs
#   make deb                                        dist/kids-joy-center_<version>_<arch>.deb
#                                                   (debian/rules, the toolchain on PATH)
#   make test-deb                                   the .deb's checks, lintian, two builds
#                                                   compared, a clean install in a chroot
#   make test-deb13                                 dpkg-buildpackage, lintian, install,
#                                                   autopkgtest, purge and two builds compared
#                                                   in a clean Debian 13 chroot (swiftlang)
#   make packaging-deps                             the validators the packaging tests use
#   make packaging-check                            validate the desktop entry, metainfo, man page

APP_ID        := io.github.kidsjoycenter.KidsJoyCenter
# The version has one home: AppInfo.version in the sources (wherever the file lives).
PKG_VERSION   := $(shell grep -rhs 'static let version = "' Sources | sed -n 's/.*static let version = "\([^"]*\)".*/\1/p' | head -1)
INSTALL       ?= install
# The binary install-files copies; `make install` builds it first.
BIN_PATH      ?= .build/release/$(BIN)

# Packages the packaging tests need: desktop-file-validate, appstreamcli, appstream-util,
# lintian, man (to check the manual page), and the fonts the installed game uses.
APT_PACKAGING := desktop-file-utils appstream appstream-util lintian man-db fonts-sil-andika fonts-sil-scheherazade
# Packages `make deb` needs (debian/rules: debhelper's dh; dpkg-shlibdeps and
# dpkg-parsechangelog in dpkg-dev; strip in binutils; python3 for packaging/normalize-elf.py).
APT_DEB       := dpkg-dev debhelper binutils python3
# `make test-deb` builds a bare Debian chroot.
APT_TEST_DEB  := mmdebstrap

# The Debian package sets bindir=/usr/games; the assets stay in $(PREFIX)/share, which the
# game finds as ../share/kids-joy-center next to its binary.
bindir        = $(PREFIX)/bin
datadir       = $(PREFIX)/share
pkgdatadir    = $(datadir)/$(BIN)
appsdir       = $(datadir)/applications
metainfodir   = $(datadir)/metainfo
icondir       = $(datadir)/icons/hicolor

# What is installed, listed once: install-files copies these and uninstall removes them.
# NAME.qoi (1x), NAME@2x.webp and NAME@3x.webp (docs/screens.md, "Screens and resolutions"), the icons (.png).
PKG_IMAGES    := $(notdir $(sort $(wildcard Assets/images/*.qoi Assets/images/*.webp Assets/images/*.png)))
PKG_SOUNDS    := $(notdir $(sort $(wildcard Assets/sounds/*.ogg)))
# The built-in content sets (issue 44): Assets/sets/<id>/manifest.toml and its pictures.
PKG_SET_IDS   := $(notdir $(sort $(patsubst %/manifest.toml,%,$(wildcard Assets/sets/*/manifest.toml))))
PKG_SETS      := $(foreach s,$(PKG_SET_IDS),$(addprefix $(s)/,$(notdir $(sort $(wildcard Assets/sets/$(s)/*.qoi))) manifest.toml))
# Spoken lines: every language's folder (the .ogg files and index.tsv). A language is a
# folder with an index.tsv: Assets/voices/recorded/ (human recordings, the raw inputs of
# tools/make_voices.py, README "Voices") is never installed, nor render.tsv (build stamps).
PKG_VOICE_LANGS := $(sort $(patsubst Assets/voices/%/index.tsv,%,$(wildcard Assets/voices/*/index.tsv)))
PKG_VOICES    := $(foreach l,$(PKG_VOICE_LANGS),$(addprefix $(l)/,$(notdir $(wildcard Assets/voices/$(l)/*.ogg)) index.tsv))
# Translations: Assets/locale/<lang>/kids-joy-center.mo (tools/make_mo.sh), one folder a language.
PKG_LOCALE_LANGS := $(notdir $(wildcard Assets/locale/*))
PKG_LOCALES   := $(addsuffix /kids-joy-center.mo,$(PKG_LOCALE_LANGS))
# The fonts are Debian's (fonts-sil-andika), never copies. Until the game looks them up
# itself (fontconfig or Debian's folder; Assets/fonts stays the override), share/.../fonts
# holds symbolic links to them. The .deb makes the links relative (FONT_LINK_DIR).
SYSTEM_FONT_DIR := /usr/share/fonts/truetype/andika
FONT_LINK_DIR ?= $(SYSTEM_FONT_DIR)
PKG_FONTS     := Andika-Regular.ttf Andika-Bold.ttf
PKG_TOPFILES  ?= CREDITS.md LICENSE-Apache-2.0.txt
ICON_SIZES    := 48 64 128 256
# Source of each icon size: Assets/images/app-icon-N.png, the 256 px one is app-icon.png.
icon_src       = Assets/images/app-icon$(if $(filter 256,$(1)),,-$(1)).png

INSTALLED_FILES = \
	$(bindir)/$(BIN) \
	$(addprefix $(pkgdatadir)/images/,$(PKG_IMAGES)) \
	$(addprefix $(pkgdatadir)/sounds/,$(PKG_SOUNDS)) \
	$(addprefix $(pkgdatadir)/sets/,$(PKG_SETS)) \
	$(addprefix $(pkgdatadir)/voices/,$(PKG_VOICES)) \
	$(addprefix $(pkgdatadir)/locale/,$(PKG_LOCALES)) \
	$(addprefix $(pkgdatadir)/fonts/,$(PKG_FONTS)) \
	$(addprefix $(pkgdatadir)/,CREDITS.md LICENSE-Apache-2.0.txt) \
	$(appsdir)/$(APP_ID).desktop \
	$(metainfodir)/$(APP_ID).metainfo.xml \
	$(foreach s,$(ICON_SIZES),$(icondir)/$(s)x$(s)/apps/$(APP_ID).png)
# Directories that belong to the game alone (removed by uninstall once empty).
OWN_DIRS = $(pkgdatadir)/images $(pkgdatadir)/sounds $(addprefix $(pkgdatadir)/sets/,$(PKG_SET_IDS)) $(pkgdatadir)/sets $(addprefix $(pkgdatadir)/voices/,$(PKG_VOICE_LANGS)) $(pkgdatadir)/voices \
	$(addprefix $(pkgdatadir)/locale/,$(PKG_LOCALE_LANGS)) $(pkgdatadir)/locale $(pkgdatadir)/fonts $(pkgdatadir)

# Installs the Debian packages in $(1) that are missing (apt-get update only when needed).
define apt_install_missing
@missing=""; for p in $(1); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; done; \
if [ -n "$$missing" ]; then \
  echo "Installing:$$missing"; \
  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
fi
endef

.PHONY: install install-files uninstall packaging-deps packaging-check deb deb-deps

install: release
	@$(MAKE) --no-print-directory install-files BIN_PATH=.build/release/$(BIN)

install-files:
	@test -n "$(PKG_VERSION)" || { echo "error: no AppInfo.version in Sources/KidsJoyApp/AppOptions.swift"; exit 1; }
	@test -x "$(BIN_PATH)" || { echo "error: $(BIN_PATH) is not built: run 'make install', or pass BIN_PATH=<built binary>"; exit 1; }
	@test -f Assets/images/logo.qoi || { echo "error: Assets/ is incomplete: run tools/make-assets"; exit 1; }
	$(INSTALL) -d "$(DESTDIR)$(bindir)" "$(DESTDIR)$(pkgdatadir)/images" "$(DESTDIR)$(pkgdatadir)/sounds" \
	  "$(DESTDIR)$(pkgdatadir)/fonts" "$(DESTDIR)$(appsdir)" "$(DESTDIR)$(metainfodir)"
	$(INSTALL) -m 755 "$(BIN_PATH)" "$(DESTDIR)$(bindir)/$(BIN)"
	$(INSTALL) -m 644 $(addprefix Assets/images/,$(PKG_IMAGES)) "$(DESTDIR)$(pkgdatadir)/images/"
	$(INSTALL) -m 644 $(addprefix Assets/sounds/,$(PKG_SOUNDS)) "$(DESTDIR)$(pkgdatadir)/sounds/"
	$(foreach s,$(PKG_SET_IDS),$(INSTALL) -d "$(DESTDIR)$(pkgdatadir)/sets/$(s)" && $(INSTALL) -m 644 Assets/sets/$(s)/*.qoi Assets/sets/$(s)/manifest.toml "$(DESTDIR)$(pkgdatadir)/sets/$(s)/" &&) true
	$(foreach l,$(PKG_VOICE_LANGS),$(INSTALL) -d "$(DESTDIR)$(pkgdatadir)/voices/$(l)" && $(INSTALL) -m 644 Assets/voices/$(l)/*.ogg Assets/voices/$(l)/index.tsv "$(DESTDIR)$(pkgdatadir)/voices/$(l)/" &&) true
	$(foreach l,$(PKG_LOCALE_LANGS),$(INSTALL) -D -m 644 Assets/locale/$(l)/kids-joy-center.mo "$(DESTDIR)$(pkgdatadir)/locale/$(l)/kids-joy-center.mo" &&) true
	$(foreach f,$(PKG_FONTS),ln -sfn "$(FONT_LINK_DIR)/$(f)" "$(DESTDIR)$(pkgdatadir)/fonts/$(f)" &&) true
	$(if $(PKG_TOPFILES),$(INSTALL) -m 644 $(addprefix Assets/,$(PKG_TOPFILES)) "$(DESTDIR)$(pkgdatadir)/")
	$(INSTALL) -m 644 packaging/$(APP_ID).desktop "$(DESTDIR)$(appsdir)/$(APP_ID).desktop"
	$(INSTALL) -m 644 packaging/$(APP_ID).metainfo.xml "$(DESTDIR)$(metainfodir)/$(APP_ID).metainfo.xml"
	$(foreach s,$(ICON_SIZES),$(INSTALL) -D -m 644 $(call icon_src,$(s)) "$(DESTDIR)$(icondir)/$(s)x$(s)/apps/$(APP_ID).png" &&) true
	@echo "Installed $(BIN) $(PKG_VERSION) in $(DESTDIR)$(PREFIX)"
	@test -n "$(DESTDIR)" || test -f $(SYSTEM_FONT_DIR)/Andika-Regular.ttf || \
	  echo "warning: the game needs Debian's fonts-sil-andika: sudo apt install fonts-sil-andika"

# Removes the listed files and the game's own folders. Shared folders (bin, applications,
# icons/...) stay, except under a DESTDIR staging root, where every folder left empty is
# removed too (never DESTDIR itself).
uninstall:
	@for f in $(INSTALLED_FILES); do \
	  if [ -e "$(DESTDIR)$$f" ] || [ -L "$(DESTDIR)$$f" ]; then rm -f "$(DESTDIR)$$f"; fi; \
	done
	@for d in $(OWN_DIRS); do \
	  if [ -d "$(DESTDIR)$$d" ]; then rmdir --ignore-fail-on-non-empty "$(DESTDIR)$$d"; fi; \
	done
	@if [ -n "$(DESTDIR)" ] && [ -d "$(DESTDIR)" ]; then \
	  root=$$(realpath -m "$(DESTDIR)"); \
	  for f in $(INSTALLED_FILES); do \
	    d=$$(dirname "$$(realpath -m "$(DESTDIR)$$f")"); \
	    while case "$$d" in "$$root"/*) true;; *) false;; esac && [ -d "$$d" ] && rmdir "$$d" 2>/dev/null; do \
	      d=$$(dirname "$$d"); \
	    done; \
	  done; \
	fi
	@echo "Uninstalled $(BIN) from $(DESTDIR)$(PREFIX)"

packaging-deps:
	$(call apt_install_missing,$(APT_PACKAGING))

packaging-check: packaging-deps
	desktop-file-validate packaging/$(APP_ID).desktop
	appstreamcli validate --pedantic --no-net packaging/$(APP_ID).metainfo.xml
	appstream-util validate --nonet packaging/$(APP_ID).metainfo.xml
	MANWIDTH=80 man --warnings -l packaging/$(BIN).6 >/dev/null

# ---- Debian package ---------------------------------------------------------------------
# One way to build it: the source package's rules (debian/rules: dh, `swift build -c
# release` offline with the Swift runtime linked in statically, hardened, without debug
# information, the source folder mapped to a fixed name, and packaging/install-files).
# `make deb` runs them here with the toolchain on PATH (packaging/build-deb.sh);
# `make test-deb13` runs dpkg-buildpackage in a clean Debian 13 chroot with Debian's swiftlang.
DEB_ARCH       = $(shell dpkg --print-architecture)
DEB_VERSION    = $(shell dpkg-parsechangelog -l debian/changelog -S Version)
DEB_FILE       = dist/$(BIN)_$(DEB_VERSION)_$(DEB_ARCH).deb
# Every date in the package: the last commit's (or the changelog's outside git).
DEB_EPOCH      = $(or $(SOURCE_DATE_EPOCH),$(shell git log -1 --format=%ct 2>/dev/null),$(shell dpkg-parsechangelog -l debian/changelog -S Timestamp))

.PHONY: test-deb test-deb-deps test-deb13

deb-deps: deps
	$(call apt_install_missing,$(APT_DEB))

deb: deb-deps
	SOURCE_DATE_EPOCH=$(DEB_EPOCH) SWIFT=$(SWIFT) packaging/build-deb.sh dist

test-deb-deps: packaging-deps deb-deps
	$(call apt_install_missing,$(APT_TEST_DEB))

# The slow checks (about 5 minutes): packaging/test-deb.sh (lintian included), a second
# build from a copy of the tree in another folder compared byte for byte, and a clean
# install, play and purge in a bare Debian 12 chroot.
test-deb: test-deb-deps
	packaging/test-deb.sh --all

# Debian 13 ("trixie"), as a Debian developer builds it (about 15 minutes; not part of
# `make test`): packaging/test-deb13.sh. The chroot is made once with mmdebstrap and kept in
# $(DEB13_CACHE) (outside the tree); KJC_DEB13_REFRESH=1 makes it again.
DEB13_CACHE   ?= /var/cache/kids-joy-center
test-deb13: test-deb-deps
	DEB13_CACHE=$(DEB13_CACHE) packaging/test-deb13.sh
