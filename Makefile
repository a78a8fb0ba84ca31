# Kids Joy Center: `make run` to play, `make test` to run every test headless.
# Both install what is missing (Debian's SDL2, SQLite and FriBidi -dev packages, with sudo when not root).

SWIFT     ?= swift
# Every build checks that a target imports only the targets it declares (issue #44): an
# import that works only because another target happened to build first is an error.
BUILD_CHECKS := --explicit-target-dependency-import-check error
PREFIX    ?= /usr/local
DESTDIR   ?=
BIN       := kids-joy-center
# Runtime and build packages from Debian (the Swift toolchain: see check-swift).
APT_BUILD := pkg-config libsqlite3-dev libpq-dev libfribidi-dev libsdl2-dev libsdl2-image-dev libsdl2-mixer-dev libsdl2-ttf-dev fonts-sil-andika fonts-sil-scheherazade
# Extra packages the test suite uses: a virtual X display, X input and a window manager
# (fullscreen with and without one) for end-to-end tests; Unicode's BidiCharacterTest.txt
# (unicode-data) for the bidirectional layout's conformance test; PostgreSQL (postgresql, with
# postgresql-common's pg_virtualenv) for the school server's tests; Pillow (python3-pil) to
# compare the guides' screenshots with what their scripts draw (DocsTests), and faketime, which
# holds the wall clock still for the screenshots that show dates.
APT_TEST  := xvfb xauth xdotool sox gettext openbox x11-utils unicode-data postgresql python3-pil faketime
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all run test check build release deps test-deps check-swift bench bench-balloons soak assets assets-deps locales clean install uninstall deb

all: build

# The Swift toolchain: Debian 13 ("trixie") and newer have it (swiftlang, 6.0.3 in trixie), and
# it is installed with apt like the rest; Debian 12 has none: swift.org's (docs/developers.md, "Building").
check-swift:
	@command -v $(SWIFT) >/dev/null 2>&1 || { \
	  if [ "$(SWIFT)" = swift ] && tools/debian-has-swiftlang.sh; then \
	    echo "Installing: swiftlang (Debian's Swift toolchain)"; \
	    $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq swiftlang; \
	  else \
	    echo "error: the Swift toolchain (6.0 or newer) is needed. Debian 13 and newer: sudo apt install swiftlang;" \
	         "Debian 12: swift.org's toolchain, see https://www.swift.org/install/linux/ (docs/developers.md, \"Building\")"; exit 1; \
	  fi; }

# Installs only the Debian packages that are missing (apt-get update only when needed).
deps: check-swift
	@missing=""; for p in $(APT_BUILD); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

test-deps: deps
	@missing=""; for p in $(APT_TEST); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build $(BUILD_CHECKS)

# The Swift runtime is linked in (as in the .deb): a quicker start and less memory.
release: deps
	$(SWIFT) build -c release --static-swift-stdlib $(BUILD_CHECKS)

run: release
	./.build/release/$(BIN) $(ARGS)

# The whole suite, headless: no display or sound card needed (the end-to-end tests start
# their own virtual X display).
test: test-deps packaging-deps
	$(SWIFT) build $(BUILD_CHECKS)
	KJC_STRICT_SKIPS=1 SWIFT=$(SWIFT) tools/run-tests.sh $(BUILD_CHECKS)

# The fast loop: the rules and the scenes only (CoreTests and SceneTests: no SDL, no SQLite, no
# app), declared alone when KJC_CHECK=1 (Package.swift) and built in their own folder, so the
# main build is never invalidated. Optimized: the scene tests step whole games frame by frame
# (their run takes 3-7 s so, 23-54 s unoptimized). Under 30 s after a scene edit (docs/developers.md, "Testing").
check: check-swift
	KJC_CHECK=1 SWIFT=$(SWIFT) tools/run-tests.sh --scratch-path .build/check -Xswiftc -O $(BUILD_CHECKS)

clean:
	rm -rf .build

# Install, uninstall and the Debian package live in packaging/.
-include packaging/install.mk

# Benchmarks (release build): writes BENCHMARKS.md and docs/bench/*.png.
APT_BENCH := xvfb xauth gnuplot-nox
bench: release
	@missing=""; for p in $(APT_BENCH); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; fi
	python3 tools/bench/bench.py $(if $(SIZES),--sizes $(SIZES))

# Balloons Hard, the child's workload, side by side with GCompris's clickgame (issue 31):
# writes its section of BENCHMARKS.md. Qt's WebP plugin draws GCompris's fish (without it
# clickgame shows an empty sea); valgrind counts instructions a frame.
APT_BENCH_BALLOONS := $(APT_BENCH) gcompris-qt qt5-image-formats-plugins xdotool valgrind
bench-balloons: release
	$(call apt_install_missing,$(APT_BENCH_BALLOONS))
	nice -n 5 python3 tools/bench/balloons.py --callgrind --frames60 --write $(if $(SIZES),--sizes $(SIZES))

# Assets: pictures and sounds (tools/make-assets), every language's voices and catalogs.
APT_ASSETS := python3-pil python3-numpy vorbis-tools fonts-noto-color-emoji fonts-sil-andika
assets-deps:
	$(call apt_install_missing,$(APT_ASSETS))

assets: assets-deps
	tools/make-assets
	$(MAKE) --no-print-directory voices
	$(MAKE) --no-print-directory locales

# The translations compiled: po/<lang>.po -> Assets/locale/<lang>/kids-joy-center.mo
# (msgfmt, Debian's gettext), and the menu entry's and metainfo's translations written
# into packaging/ (tools/make_desktop.py). Both are committed, like the other assets.
locales:
	$(call apt_install_missing,gettext)
	tools/make_mo.sh
	python3 tools/make_desktop.py

# Voices (tools/voices.mk): `make voices`, `make voices-check`.
-include tools/voices.mk

# Monkey play: `make soak` (a million random input events, see tools/monkey/README.md).
-include tools/monkey/monkey.mk

# Database-damage soak: `make db-soak` (tools/soak/db-soak.mk).
-include tools/soak/db-soak.mk
