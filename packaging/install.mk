# Install, uninstall and the Debian package. Included at the end of the Makefile, whose
# SWIFT, PREFIX, DESTDIR, BIN, SUDO and `deps` rule are used here.
#
#   make install   [PREFIX=/usr/local] [DESTDIR=]   release build, then install-files
#   make install-files BIN_PATH=FILE ...            install an already built binary
#   make uninstall [PREFIX=...] [DESTDIR=...]       remove exactly what install-files installs
#   make deb                                        dist/kids-joy-center_<version>_<arch>.deb
#   make packaging-deps                             the validators the packaging tests use
#   make packaging-check                            validate the desktop entry and metainfo

APP_ID        := io.github.kidsjoycenter.KidsJoyCenter
# The version has one home: AppInfo.version in the sources.
PKG_VERSION   := $(shell sed -n 's/.*static let version = "\([^"]*\)".*/\1/p' Sources/KidsJoyApp/AppOptions.swift)
INSTALL       ?= install
# The binary install-files copies; `make install` builds it first.
BIN_PATH      ?= .build/release/$(BIN)

# Packages the packaging tests need (desktop-file-validate, appstreamcli).
APT_PACKAGING := desktop-file-utils appstream
# Packages `make deb` needs (dpkg-deb is in dpkg; dpkg-shlibdeps in dpkg-dev; strip in binutils).
APT_DEB       := dpkg-dev binutils

bindir        = $(PREFIX)/bin
datadir       = $(PREFIX)/share
pkgdatadir    = $(datadir)/$(BIN)
appsdir       = $(datadir)/applications
metainfodir   = $(datadir)/metainfo
icondir       = $(datadir)/icons/hicolor

# What is installed, listed once: install-files copies these and uninstall removes them.
PKG_IMAGES    := $(notdir $(sort $(wildcard Assets/images/*.qoi Assets/images/*.png)))
PKG_SOUNDS    := $(notdir $(sort $(wildcard Assets/sounds/*.wav)))
PKG_FONTS     := $(notdir $(sort $(wildcard Assets/fonts/*.ttf))) OFL.txt
PKG_TOPFILES  := CREDITS.md LICENSE-Apache-2.0.txt
ICON_SIZES    := 48 64 128 256
# Source of each icon size: Assets/images/app-icon-N.png, the 256 px one is app-icon.png.
icon_src       = Assets/images/app-icon$(if $(filter 256,$(1)),,-$(1)).png

INSTALLED_FILES = \
	$(bindir)/$(BIN) \
	$(addprefix $(pkgdatadir)/images/,$(PKG_IMAGES)) \
	$(addprefix $(pkgdatadir)/sounds/,$(PKG_SOUNDS)) \
	$(addprefix $(pkgdatadir)/fonts/,$(PKG_FONTS)) \
	$(addprefix $(pkgdatadir)/,$(PKG_TOPFILES)) \
	$(appsdir)/$(APP_ID).desktop \
	$(metainfodir)/$(APP_ID).metainfo.xml \
	$(foreach s,$(ICON_SIZES),$(icondir)/$(s)x$(s)/apps/$(APP_ID).png)
# Directories that belong to the game alone (removed by uninstall once empty).
OWN_DIRS = $(pkgdatadir)/images $(pkgdatadir)/sounds $(pkgdatadir)/fonts $(pkgdatadir)

# Installs the Debian packages in $(1) that are missing (apt-get update only when needed).
define apt_install_missing
@missing=""; for p in $(1); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; done; \
if [ -n "$$missing" ]; then \
  echo "Installing:$$missing"; \
  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
fi
endef

.PHONY: install install-files uninstall packaging-deps packaging-check deb deb-deps deb-binary

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
	$(INSTALL) -m 644 $(addprefix Assets/fonts/,$(PKG_FONTS)) "$(DESTDIR)$(pkgdatadir)/fonts/"
	$(INSTALL) -m 644 $(addprefix Assets/,$(PKG_TOPFILES)) "$(DESTDIR)$(pkgdatadir)/"
	$(INSTALL) -m 644 packaging/$(APP_ID).desktop "$(DESTDIR)$(appsdir)/$(APP_ID).desktop"
	$(INSTALL) -m 644 packaging/$(APP_ID).metainfo.xml "$(DESTDIR)$(metainfodir)/$(APP_ID).metainfo.xml"
	$(foreach s,$(ICON_SIZES),$(INSTALL) -D -m 644 $(call icon_src,$(s)) "$(DESTDIR)$(icondir)/$(s)x$(s)/apps/$(APP_ID).png" &&) true
	@echo "Installed $(BIN) $(PKG_VERSION) in $(DESTDIR)$(PREFIX)"

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
	appstreamcli validate --no-net packaging/$(APP_ID).metainfo.xml

# ---- Debian package ---------------------------------------------------------------------
# The deb's binary links the Swift runtime statically (-static-stdlib, Foundation included),
# so it needs only Debian's libraries; it is built in its own scratch path, without the
# $ORIGIN rpath SwiftPM adds by default.
DEB_SCRATCH   := .build-deb
# Staged as debian/<package>/ so that dpkg-shlibdeps knows the package it looks at.
DEB_ROOT      := $(DEB_SCRATCH)/pkg
DEB_STAGE     := $(DEB_ROOT)/debian/$(BIN)
DEB_ARCH       = $(shell dpkg --print-architecture)
DEB_FILE       = dist/$(BIN)_$(PKG_VERSION)_$(DEB_ARCH).deb
DEB_BIN       := $(DEB_SCRATCH)/release/$(BIN)

deb-deps: deps
	$(call apt_install_missing,$(APT_DEB))

deb-binary: deb-deps
	$(SWIFT) build -c release --scratch-path $(DEB_SCRATCH) --disable-local-rpath -Xswiftc -static-stdlib

deb: deb-binary
	rm -rf "$(DEB_ROOT)"
	$(MAKE) --no-print-directory install-files BIN_PATH=$(DEB_BIN) DESTDIR="$(abspath $(DEB_STAGE))" PREFIX=/usr
	strip --strip-unneeded --remove-section=.comment --remove-section=.note "$(DEB_STAGE)/usr/bin/$(BIN)"
	@if ldd "$(DEB_STAGE)/usr/bin/$(BIN)" | grep -E 'not found|libswift|libFoundation|libdispatch|libBlocksRuntime|/opt/swift'; then \
	  echo "error: the deb's binary still needs libraries Debian does not have (see above)"; exit 1; fi
	$(INSTALL) -D -m 644 packaging/debian/copyright "$(DEB_STAGE)/usr/share/doc/$(BIN)/copyright"
	@# Depends: computed by dpkg-shlibdeps from the binary (it wants a debian/control, and
	@# DEBIAN/ in the package root).
	mkdir -p "$(DEB_STAGE)/DEBIAN"
	printf 'Source: %s\n\nPackage: %s\nArchitecture: any\n' $(BIN) $(BIN) > "$(DEB_ROOT)/debian/control"
	cd "$(DEB_ROOT)" && dpkg-shlibdeps -O -e debian/$(BIN)/usr/bin/$(BIN) > shlibs.out 2> shlibs.err; \
	  status=$$?; grep -v "should already be installed in their package" shlibs.err >&2; exit $$status
	sed -n 's/^shlibs:Depends=//p' "$(DEB_ROOT)/shlibs.out" > "$(DEB_ROOT)/depends"
	@for p in libsdl2-2.0-0 libsdl2-image-2.0-0 libsdl2-mixer-2.0-0 libsdl2-ttf-2.0-0; do \
	  grep -q "$$p " "$(DEB_ROOT)/depends" || { echo "error: dpkg-shlibdeps did not list $$p: $$(cat $(DEB_ROOT)/depends)"; exit 1; }; \
	done
	find "$(DEB_STAGE)" -type d -exec chmod 755 {} +
	sed -e 's/@VERSION@/$(PKG_VERSION)/' -e 's/@ARCH@/$(DEB_ARCH)/' \
	    -e "s/@INSTALLED_SIZE@/$$(du -sk --exclude=DEBIAN "$(DEB_STAGE)" | cut -f1)/" \
	    -e "s/@DEPENDS@/$$(cat "$(DEB_ROOT)/depends")/" \
	    packaging/debian/control.in > "$(DEB_STAGE)/DEBIAN/control"
	chmod 644 "$(DEB_STAGE)/DEBIAN/control"
	mkdir -p dist
	dpkg-deb --root-owner-group -Zxz --build "$(DEB_STAGE)" "$(DEB_FILE)"
	dpkg-deb -I "$(DEB_FILE)"
	@echo "Built $(DEB_FILE)"
