#!/bin/bash
# Copies the Andika fonts (SIL Open Font License 1.1) from the Debian package
# fonts-sil-andika into Assets/fonts/, together with the licence text.
#   apt-get install fonts-sil-andika
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SRC=/usr/share/fonts/truetype/andika
DOC=/usr/share/doc/fonts-sil-andika
DEST="$ROOT/Assets/fonts"

mkdir -p "$DEST"
for f in Andika-Regular.ttf Andika-Bold.ttf; do
    install -m 0644 "$SRC/$f" "$DEST/$f"
done

# The full OFL 1.1 text (with Andika's copyright line) is only shipped inside
# the Debian copyright file, as the stand-alone "License: OFL-1.1-RFN"
# paragraph.  Extract it verbatim: drop the one-space indentation of DEP-5
# continuation lines and turn the "." placeholder lines back into blank lines.
awk '
    # The stand-alone paragraph is the one that starts after a blank line.
    prev == "" && /^License: OFL-1.1-RFN[[:space:]]*$/ { inlic = 1; next }
    { prev = $0 }
    inlic && /^[^ ]/ { exit }
    inlic {
        sub(/^ /, "")
        if ($0 == ".") $0 = ""
        print
    }
' "$DOC/copyright" > "$DEST/OFL.txt"

if ! grep -q "SIL OPEN FONT LICENSE Version 1.1" "$DEST/OFL.txt" \
   || ! grep -q "^OTHER DEALINGS IN THE FONT SOFTWARE.$" "$DEST/OFL.txt"; then
    echo "copy_fonts.sh: failed to extract the OFL text from $DOC/copyright" >&2
    exit 1
fi

echo "Copied Andika fonts and OFL.txt to $DEST"
