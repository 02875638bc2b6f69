#!/bin/sh
# Builds the papers-inner labelled set in DIR (default /work/keep/papers-inner): downloads the Debian 12
# packages that ship the PDFs (R packages' vignettes, most of them Journal of Statistical Software or R News
# papers; TeX Live's MetaPost documentation with TUGboat and journal papers; TeX Live's beamer and slide-class
# examples), unpacks them in a temporary folder (nothing is installed) and copies the chosen PDFs into DIR/kb,
# beside this folder's tsv/txt files. SEALED set: see PROVENANCE.md before running any engine on it.
# Usage: docs/eval-sets/papers-inner/fetch.sh [DIR]   (needs apt-get's package lists: apt-get update once)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:-/work/keep/papers-inner}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
packages="r-cran-aer r-cran-expm r-cran-forecast r-cran-glmnet r-cran-ks r-cran-lme4 r-cran-lmtest r-cran-matrix
 r-cran-mvtnorm r-cran-party r-cran-partykit r-cran-pscl r-cran-quantreg r-cran-rcpp r-cran-sandwich r-cran-sp
 r-cran-strucchange r-cran-survival r-cran-vcd r-cran-xts r-cran-zoo
 texlive-metapost-doc texlive-latex-extra-doc texlive-latex-recommended-doc"
(cd "$tmp" && apt-get download $packages)
for deb in "$tmp"/*.deb; do
    dpkg-deb -f "$deb" Package Version | paste -sd' ' -
    dpkg-deb -x "$deb" "$tmp/root"
done
mkdir -p "$dir/kb"
while read -r from to; do
    case "$from" in ''|'#'*) continue ;; esac
    mkdir -p "$dir/kb/$(dirname "$to")"
    cp "$tmp/root/$from" "$dir/kb/$to"
done <<'LIST'
usr/lib/R/library/Matrix/doc/Comparisons.pdf                                   r-vignettes/Matrix/Comparisons.pdf
usr/lib/R/library/Matrix/doc/Design-issues.pdf                                 r-vignettes/Matrix/Design-issues.pdf
usr/lib/R/library/Matrix/doc/Intro2Matrix.pdf                                  r-vignettes/Matrix/Intro2Matrix.pdf
usr/lib/R/library/Matrix/doc/Introduction.pdf                                  r-vignettes/Matrix/Introduction.pdf
usr/lib/R/library/Matrix/doc/sparseModels.pdf                                  r-vignettes/Matrix/sparseModels.pdf
usr/lib/R/library/survival/doc/adjcurve.pdf                                    r-vignettes/survival/adjcurve.pdf
usr/lib/R/library/survival/doc/approximate.pdf                                 r-vignettes/survival/approximate.pdf
usr/lib/R/library/survival/doc/compete.pdf                                     r-vignettes/survival/compete.pdf
usr/lib/R/library/survival/doc/concordance.pdf                                 r-vignettes/survival/concordance.pdf
usr/lib/R/library/survival/doc/discrim.pdf                                     r-vignettes/survival/discrim.pdf
usr/lib/R/library/survival/doc/population.pdf                                  r-vignettes/survival/population.pdf
usr/lib/R/library/survival/doc/splines.pdf                                     r-vignettes/survival/splines.pdf
usr/lib/R/library/survival/doc/survival.pdf                                    r-vignettes/survival/survival.pdf
usr/lib/R/library/survival/doc/tiedtimes.pdf                                   r-vignettes/survival/tiedtimes.pdf
usr/lib/R/library/survival/doc/timedep.pdf                                     r-vignettes/survival/timedep.pdf
usr/lib/R/library/survival/doc/validate.pdf                                    r-vignettes/survival/validate.pdf
usr/lib/R/site-library/AER/doc/AER.pdf                                         r-vignettes/AER/AER.pdf
usr/lib/R/site-library/Rcpp/doc/Rcpp-FAQ.pdf                                   r-vignettes/Rcpp/Rcpp-FAQ.pdf
usr/lib/R/site-library/Rcpp/doc/Rcpp-attributes.pdf                            r-vignettes/Rcpp/Rcpp-attributes.pdf
usr/lib/R/site-library/Rcpp/doc/Rcpp-extending.pdf                             r-vignettes/Rcpp/Rcpp-extending.pdf
usr/lib/R/site-library/Rcpp/doc/Rcpp-introduction.pdf                          r-vignettes/Rcpp/Rcpp-introduction.pdf
usr/lib/R/site-library/Rcpp/doc/Rcpp-jss-2011.pdf                              r-vignettes/Rcpp/Rcpp-jss-2011.pdf
usr/lib/R/site-library/Rcpp/doc/Rcpp-libraries.pdf                             r-vignettes/Rcpp/Rcpp-libraries.pdf
usr/lib/R/site-library/Rcpp/doc/Rcpp-modules.pdf                               r-vignettes/Rcpp/Rcpp-modules.pdf
usr/lib/R/site-library/Rcpp/doc/Rcpp-package.pdf                               r-vignettes/Rcpp/Rcpp-package.pdf
usr/lib/R/site-library/Rcpp/doc/Rcpp-quickref.pdf                              r-vignettes/Rcpp/Rcpp-quickref.pdf
usr/lib/R/site-library/Rcpp/doc/Rcpp-sugar.pdf                                 r-vignettes/Rcpp/Rcpp-sugar.pdf
usr/lib/R/site-library/expm/doc/expm.pdf                                       r-vignettes/expm/expm.pdf
usr/lib/R/site-library/forecast/doc/JSS2008.pdf                                r-vignettes/forecast/JSS2008.pdf
usr/lib/R/site-library/glmnet/doc/Coxnet.pdf                                   r-vignettes/glmnet/Coxnet.pdf
usr/lib/R/site-library/glmnet/doc/glmnet.pdf                                   r-vignettes/glmnet/glmnet.pdf
usr/lib/R/site-library/glmnet/doc/glmnetFamily.pdf                             r-vignettes/glmnet/glmnetFamily.pdf
usr/lib/R/site-library/glmnet/doc/relax.pdf                                    r-vignettes/glmnet/relax.pdf
usr/lib/R/site-library/ks/doc/kde.pdf                                          r-vignettes/ks/kde.pdf
usr/lib/R/site-library/lme4/doc/PLSvGLS.pdf                                    r-vignettes/lme4/PLSvGLS.pdf
usr/lib/R/site-library/lme4/doc/Theory.pdf                                     r-vignettes/lme4/Theory.pdf
usr/lib/R/site-library/lme4/doc/lmer.pdf                                       r-vignettes/lme4/lmer.pdf
usr/lib/R/site-library/lmtest/doc/lmtest-intro.pdf                             r-vignettes/lmtest/lmtest-intro.pdf
usr/lib/R/site-library/mvtnorm/doc/MVT_Rnews.pdf                               r-vignettes/mvtnorm/MVT_Rnews.pdf
usr/lib/R/site-library/party/doc/MOB.pdf                                       r-vignettes/party/MOB.pdf
usr/lib/R/site-library/party/doc/party.pdf                                     r-vignettes/party/party.pdf
usr/lib/R/site-library/partykit/doc/constparty.pdf                             r-vignettes/partykit/constparty.pdf
usr/lib/R/site-library/partykit/doc/ctree.pdf                                  r-vignettes/partykit/ctree.pdf
usr/lib/R/site-library/partykit/doc/mob.pdf                                    r-vignettes/partykit/mob.pdf
usr/lib/R/site-library/partykit/doc/partykit.pdf                               r-vignettes/partykit/partykit.pdf
usr/lib/R/site-library/pscl/doc/countreg.pdf                                   r-vignettes/pscl/countreg.pdf
usr/lib/R/site-library/quantreg/doc/crq.pdf                                    r-vignettes/quantreg/crq.pdf
usr/lib/R/site-library/quantreg/doc/rq.pdf                                     r-vignettes/quantreg/rq.pdf
usr/lib/R/site-library/sandwich/doc/sandwich-CL.pdf                            r-vignettes/sandwich/sandwich-CL.pdf
usr/lib/R/site-library/sandwich/doc/sandwich-OOP.pdf                           r-vignettes/sandwich/sandwich-OOP.pdf
usr/lib/R/site-library/sandwich/doc/sandwich.pdf                               r-vignettes/sandwich/sandwich.pdf
usr/lib/R/site-library/sp/doc/csdacm.pdf                                       r-vignettes/sp/csdacm.pdf
usr/lib/R/site-library/sp/doc/intro_sp.pdf                                     r-vignettes/sp/intro_sp.pdf
usr/lib/R/site-library/sp/doc/over.pdf                                         r-vignettes/sp/over.pdf
usr/lib/R/site-library/strucchange/doc/strucchange-intro.pdf                   r-vignettes/strucchange/strucchange-intro.pdf
usr/lib/R/site-library/vcd/doc/residual-shadings.pdf                           r-vignettes/vcd/residual-shadings.pdf
usr/lib/R/site-library/vcd/doc/strucplot.pdf                                   r-vignettes/vcd/strucplot.pdf
usr/lib/R/site-library/xts/doc/xts-faq.pdf                                     r-vignettes/xts/xts-faq.pdf
usr/lib/R/site-library/xts/doc/xts.pdf                                         r-vignettes/xts/xts.pdf
usr/lib/R/site-library/zoo/doc/zoo-design.pdf                                  r-vignettes/zoo/zoo-design.pdf
usr/lib/R/site-library/zoo/doc/zoo-faq.pdf                                     r-vignettes/zoo/zoo-faq.pdf
usr/lib/R/site-library/zoo/doc/zoo-quickref.pdf                                r-vignettes/zoo/zoo-quickref.pdf
usr/lib/R/site-library/zoo/doc/zoo-read.pdf                                    r-vignettes/zoo/zoo-read.pdf
usr/lib/R/site-library/zoo/doc/zoo.pdf                                         r-vignettes/zoo/zoo.pdf
usr/share/doc/texlive-doc/metapost/base/mpgraph.pdf                            tex-papers/metapost/mpgraph.pdf
usr/share/doc/texlive-doc/metapost/base/mpboxes.pdf                            tex-papers/metapost/mpboxes.pdf
usr/share/doc/texlive-doc/metapost/base/mpintro.pdf                            tex-papers/metapost/mpintro.pdf
usr/share/doc/texlive-doc/metapost/featpost/doc/otherinfo/BezierApprox.pdf     tex-papers/featpost/BezierApprox.pdf
usr/share/doc/texlive-doc/metapost/featpost/doc/otherinfo/Zpravodaj2009-4.pdf  tex-papers/featpost/Zpravodaj2009-4.pdf
usr/share/doc/texlive-doc/metapost/featpost/doc/otherinfo/tb88henderson.pdf    tex-papers/featpost/tb88henderson.pdf
usr/share/doc/texlive-doc/metapost/featpost/doc/letterfor3Dand4D.pdf           tex-papers/featpost/letterfor3Dand4D.pdf
usr/share/doc/texlive-doc/metapost/mp3d/paper1997corrected.pdf                 tex-papers/mp3d/paper1997corrected.pdf
usr/share/doc/texlive-doc/metapost/mp3d/tb57roeg.pdf                           tex-papers/mp3d/tb57roeg.pdf
usr/share/doc/texlive-doc/metapost/mp3d/tugboat-geometry-space.pdf             tex-papers/mp3d/tugboat-geometry-space.pdf
usr/share/doc/texlive-doc/metapost/mp3d/gut2001.pdf                            tex-papers/mp3d/gut2001.pdf
usr/share/doc/texlive-doc/latex/beamer/beamerexample-conference-talk.pdf       slides/beamer/beamerexample-conference-talk.pdf
usr/share/doc/texlive-doc/latex/beamer/beamerexample-lecture-beamer-version.pdf slides/beamer/beamerexample-lecture-beamer-version.pdf
usr/share/doc/texlive-doc/metapost/featpost/doc/metapostpropaganda.pdf         slides/featpost/metapostpropaganda.pdf
usr/share/doc/texlive-doc/metapost/featpost/doc/featpostbeamer.pdf             slides/featpost/featpostbeamer.pdf
usr/share/doc/texlive-doc/metapost/slideshow/sshowintro.pdf                    slides/slideshow/sshowintro.pdf
usr/share/doc/texlive-doc/latex/shipunov/lecture-slides-ex.pdf                 slides/shipunov/lecture-slides-ex.pdf
usr/share/doc/texlive-doc/latex/beamertheme-metropolis/demo.pdf                slides/beamertheme-metropolis/demo.pdf
usr/share/doc/texlive-doc/latex/beamer2thesis/beamer2thesis.pdf                slides/beamer2thesis/beamer2thesis.pdf
usr/share/doc/texlive-doc/latex/pdfscreen/slide.pdf                            slides/pdfscreen/slide.pdf
usr/share/doc/texlive-doc/latex/beamerthemeamurmaple/beamer-amurmaple-doc.pdf  slides/beamerthemeamurmaple/beamer-amurmaple-doc.pdf
usr/share/doc/texlive-doc/latex/ffslides/ffslides-doc.pdf                      slides/ffslides/ffslides-doc.pdf
LIST
for f in questions.tsv answers-pages.tsv offtopic.txt PROVENANCE.md; do
    [ -f "$here/$f" ] && cp "$here/$f" "$dir/$f"
done
echo "papers-inner set in $dir: $(find "$dir/kb" -name '*.pdf' | wc -l) PDFs"
