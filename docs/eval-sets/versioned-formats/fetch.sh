#!/bin/sh
# Builds the versioned-formats labelled set in DIR (default /work/keep/versioned-formats): downloads the
# Debian 12 packages that ship the documents (one manual as PDF + HTML, another as PDF + single-page HTML +
# chapter HTML + EPUB + text, a standard as HTML + PDF + text, git's pages as rendered HTML + AsciiDoc
# source, the Lua reference manual of two versions), unpacks them in a temporary folder (nothing is
# installed) and copies the chosen files into DIR/kb, beside this folder's tsv/txt files. Files Debian ships
# gzipped (`*.txt.gz`, `*.pdf.gz`) are decompressed, nothing else is changed.
# Usage: docs/eval-sets/versioned-formats/fetch.sh [DIR]   (needs apt-get's package lists: apt-get update once)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:-/work/keep/versioned-formats}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
packages="bash-doc lua5.1-doc lua5.2-doc git-doc r-doc-pdf r-doc-html debian-policy developers-reference"
(cd "$tmp" && apt-get download $packages)
for deb in "$tmp"/*.deb; do
    dpkg-deb -f "$deb" Package Version | paste -sd' ' -
    dpkg-deb -x "$deb" "$tmp/root"
done
mkdir -p "$dir/kb"
while read -r from to; do
    case "$from" in ''|'#'*) continue ;; esac
    mkdir -p "$dir/kb/$(dirname "$to")"
    case "$from" in
        *.gz) gzip -dc "$tmp/root/$from" > "$dir/kb/$to" ;;
        *) cp "$tmp/root/$from" "$dir/kb/$to" ;;
    esac
done <<'LIST'
usr/share/R/doc/manual/R-intro.html                          r-manuals/R-intro.html
usr/share/R/doc/manual/R-intro.pdf                           r-manuals/R-intro.pdf
usr/share/R/doc/manual/R-data.html                           r-manuals/R-data.html
usr/share/R/doc/manual/R-data.pdf                            r-manuals/R-data.pdf
usr/share/R/doc/manual/R-admin.html                          r-manuals/R-admin.html
usr/share/R/doc/manual/R-admin.pdf                           r-manuals/R-admin.pdf
usr/share/doc/bash/bash.html                                 bash/bash.html
usr/share/doc/bash/bash.pdf                                  bash/bash.pdf
usr/share/doc/bash/bashref.html                              bash/bashref.html
usr/share/doc/bash/bashref.pdf                               bash/bashref.pdf
usr/share/doc/lua5.1-doc/doc/manual.html                     lua/5.1/manual.html
usr/share/doc/lua5.1-doc/doc/contents.html                   lua/5.1/contents.html
usr/share/doc/lua5.1-doc/doc/lua.html                        lua/5.1/lua.html
usr/share/doc/lua5.1-doc/doc/luac.html                       lua/5.1/luac.html
usr/share/doc/lua5.2/manual.html                             lua/5.2/manual.html
usr/share/doc/lua5.2/contents.html                           lua/5.2/contents.html
usr/share/doc/lua5.2/readme.html                             lua/5.2/readme.html
usr/share/doc/git-doc/git-worktree.html                      git/git-worktree.html
usr/share/doc/git-doc/git-worktree.txt                       git/git-worktree.txt
usr/share/doc/git-doc/git-bisect.html                        git/git-bisect.html
usr/share/doc/git-doc/git-bisect.txt                         git/git-bisect.txt
usr/share/doc/git-doc/git-stash.html                         git/git-stash.html
usr/share/doc/git-doc/git-stash.txt                          git/git-stash.txt
usr/share/doc/debian-policy/copyright-format-1.0.html        debian/copyright-format-1.0.html
usr/share/doc/debian-policy/copyright-format-1.0.txt.gz      debian/copyright-format-1.0.txt
usr/share/doc/debian-policy/fhs/fhs-3.0.html                 debian/fhs/fhs-3.0.html
usr/share/doc/debian-policy/fhs/fhs-3.0.pdf.gz               debian/fhs/fhs-3.0.pdf
usr/share/doc/debian-policy/fhs/fhs-3.0.txt.gz               debian/fhs/fhs-3.0.txt
usr/share/developers-reference/developers-reference.html     debian/developers-reference/developers-reference.html
usr/share/developers-reference/developers-reference.pdf      debian/developers-reference/developers-reference.pdf
usr/share/developers-reference/developers-reference.epub     debian/developers-reference/developers-reference.epub
usr/share/developers-reference/developers-reference.txt.gz   debian/developers-reference/developers-reference.txt
usr/share/developers-reference/pkgs.html                     debian/developers-reference/html/pkgs.html
usr/share/developers-reference/best-pkging-practices.html    debian/developers-reference/html/best-pkging-practices.html
usr/share/developers-reference/resources.html                debian/developers-reference/html/resources.html
usr/share/developers-reference/tools.html                    debian/developers-reference/html/tools.html
usr/share/developers-reference/developer-duties.html         debian/developers-reference/html/developer-duties.html
usr/share/developers-reference/beyond-pkging.html            debian/developers-reference/html/beyond-pkging.html
usr/share/developers-reference/new-maintainer.html           debian/developers-reference/html/new-maintainer.html
usr/share/developers-reference/l10n.html                     debian/developers-reference/html/l10n.html
usr/share/developers-reference/scope.html                    debian/developers-reference/html/scope.html
usr/share/developers-reference/index.html                    debian/developers-reference/html/index.html
LIST
for f in questions.tsv offtopic.txt PROVENANCE.md; do
    [ -f "$here/$f" ] && cp "$here/$f" "$dir/$f"
done
echo "versioned-formats set in $dir: $(find "$dir/kb" -type f | wc -l) files"
