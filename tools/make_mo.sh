#!/bin/sh
# Compiles the translations: po/<lang>.po -> Assets/locale/<dir>/kids-joy-center.mo with
# Debian's msgfmt (package gettext). The folder is the game's language code: pt_BR.po goes
# to pt-BR. The .mo files are generated assets and are committed, like the voices.
#
#   tools/make_mo.sh            compile every po/*.po
#   tools/make_mo.sh --check    exit 1 if a committed .mo differs from what msgfmt makes
set -eu
cd "$(dirname "$0")/.."
command -v msgfmt >/dev/null 2>&1 || { echo "error: msgfmt is needed: sudo apt install gettext" >&2; exit 1; }
check=0
[ "${1:-}" = "--check" ] && check=1
status=0
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for po in po/*.po; do
  lang=$(basename "$po" .po | tr _ -)
  out="Assets/locale/$lang/kids-joy-center.mo"
  # --no-hash: a smaller file; the game reads the tables, not the hash.
  msgfmt --check --no-hash -o "$tmp" "$po"
  if [ $check = 1 ]; then
    cmp -s "$tmp" "$out" || { echo "out of date: $out (run tools/make_mo.sh)" >&2; status=1; }
  else
    mkdir -p "Assets/locale/$lang"
    cp "$tmp" "$out" && chmod 644 "$out"
    echo "$out"
  fi
done
exit $status
