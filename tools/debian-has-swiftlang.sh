#!/bin/sh
# Exit status 0 when this system is Debian 13 ("trixie") or newer, whose apt has the Swift
# toolchain (package swiftlang); 1 otherwise (Debian 12 and older, other systems).
# Testing and unstable have no VERSION_ID: they are newer than 13.
# OS_RELEASE names another os-release file (for the tests).
file=${OS_RELEASE:-/etc/os-release}
[ -r "$file" ] || exit 1
ID= VERSION_ID=
. "$file"
[ "$ID" = debian ] || exit 1
major=${VERSION_ID%%.*}
[ -z "$major" ] || [ "$major" -ge 13 ] 2>/dev/null
