# Voice lines (Assets/voices/<lang>/*.ogg + index.tsv), made offline at asset-build time.
# Use on its own:   make -f tools/voices.mk voices        (or include it from the Makefile)
#                   make -f tools/voices.mk voices-check   (sox checks; English also heard by pocketsphinx)
# Installs the missing Debian packages (with sudo when not root), then renders every
# language whose source exists (po/voice-lines-en.tsv or po/kids-joy-center.pot for
# English, po/<lang>.po for the others). See Assets/CREDITS.md, "## Voices".

VOICES_PYTHON ?= /usr/bin/python3
APT_VOICES    := festival festvox-us-slt-hts flite espeak-ng sox libsox-fmt-all vorbis-tools
APT_VOICES_CHECK := pocketsphinx pocketsphinx-en-us
SUDO          ?= $(shell [ "$$(id -u)" = 0 ] || echo sudo)
VOICE_LANGS   := en es fr de pt-BR ar

.PHONY: voices voices-deps voices-check voices-check-deps

voices-deps:
	@missing=""; for p in $(APT_VOICES); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

voices: voices-deps
	$(VOICES_PYTHON) tools/make_voices.py --all

voices-check-deps: voices-deps
	@missing=""; for p in $(APT_VOICES_CHECK); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

voices-check: voices-check-deps
	@status=0; for l in $(VOICE_LANGS); do \
	  if [ -d Assets/voices/$$l ]; then \
	    if [ $$l = en ]; then t=--transcribe; else t=; fi; \
	    $(VOICES_PYTHON) tools/check_voices.py --lang $$l $$t || status=1; \
	  fi; \
	done; exit $$status
