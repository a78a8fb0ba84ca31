#!/bin/sh
# Installs Debian packages for the voices, including the contrib and non-free ones (SVOX Pico,
# RHVoice, MBROLA: contrib `mbrola`, non-free `mbrola-ar2`, `mbrola-ar1`),
# through a PRIVATE apt source list: the system's /etc/apt/sources.list(.d) is read, never
# changed. The private list names Debian's main, contrib and non-free for the release this
# machine runs; its package lists live in their own folder (VOICES_APT_STATE, default
# /var/lib/kids-joy-center/voices-apt), so the system's own lists are not touched either.
#
# Usage: tools/voices-apt/install.sh PACKAGE...    (only the missing ones are installed)
# Environment: VOICES_APT_MIRROR (default http://deb.debian.org/debian), VOICES_APT_STATE,
#              SUDO (set by the Makefile to "sudo" when not root).
set -eu
missing=""
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0

mirror=${VOICES_APT_MIRROR:-http://deb.debian.org/debian}
state=${VOICES_APT_STATE:-/var/lib/kids-joy-center/voices-apt}
codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
[ -n "$codename" ] || { echo "voices-apt: cannot tell the Debian release (/etc/os-release)" >&2; exit 1; }
components="main contrib non-free"
# Debian 12 moved firmware to non-free-firmware; the voices are in non-free.
SUDO=${SUDO:-}
$SUDO mkdir -p "$state/lists/partial" "$state/archives/partial"
list="$state/sources.list"
printf 'deb %s %s %s\ndeb %s %s-updates %s\n' "$mirror" "$codename" "$components" "$mirror" "$codename" "$components" \
  | $SUDO tee "$list" >/dev/null
opts="-o Dir::Etc::sourcelist=$list -o Dir::Etc::sourceparts=- -o Dir::State::Lists=$state/lists -o APT::Get::List-Cleanup=0"
echo "Installing (private apt list $list):$missing"
# shellcheck disable=SC2086
$SUDO apt-get $opts update -qq
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $SUDO apt-get $opts install -y -qq --no-install-recommends $missing
