#!/bin/sh
# Builds the two-column labelled set in DIR (default /work/keep/two-column): installs the Debian package that
# ships the PDFs (TeX Live's publisher-class documentation: real two-column papers and guides typeset with the
# classes they document) and copies the chosen PDFs into DIR/kb, beside this folder's tsv files.
# Usage: docs/eval-sets/two-column/fetch.sh [DIR]   (needs root for apt-get, or the package already installed)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:-/work/keep/two-column}
src=/usr/share/doc/texlive-doc/latex
if [ ! -d "$src/jacow" ]; then
    apt-get update
    apt-get install -y --no-install-recommends texlive-publishers-doc
fi
mkdir -p "$dir/kb"
while read -r from to; do
    case "$from" in ''|'#'*) continue ;; esac
    mkdir -p "$dir/kb/$(dirname "$to")"
    cp "$src/$from" "$dir/kb/$to"
done <<'LIST'
jacow/JACoW_LaTeX_A4.pdf                 jacow/JACoW_LaTeX_A4.pdf
revtex4-1/aps/apsguide4-1.pdf            revtex/apsguide4-1.pdf
ieeepes/ieeepes_doc.pdf                  ieeepes/ieeepes_doc.pdf
aguplus/aguplus.pdf                      aguplus/aguplus.pdf
acmart/samples/sample-sigconf.pdf        acmart/sample-sigconf.pdf
tugboat/ltubguid.pdf                     tugboat/ltubguid.pdf
elsarticle/elstest-3pd.pdf               elsarticle/elstest-3pd.pdf
asmeconf/asmeconf-template.pdf           asmeconf/asmeconf-template.pdf
LIST
for f in questions.tsv answers-pages.tsv offtopic.txt PROVENANCE.md; do
    [ -f "$here/$f" ] && cp "$here/$f" "$dir/$f"
done
echo "two-column set in $dir: $(find "$dir/kb" -name '*.pdf' | wc -l) PDFs"
