# The course's figures are committed in docs/figures/ (English NAME and Chinese twin NAME with
# .zh before the extension), so that a page or a handout shows them wherever it is read,
# GitHub included. memlab-figures draws them from the course's own code and committed records
# (figures/figure_catalog.cpp lists them); the test docs.figures draws them all again into
# ${MEMLAB_FIGURES_DIR} and fails when docs/figures/ differs, naming the one command that
# rewrites it: memlab-figures check --root . --write.
#
# Defines MEMLAB_FIGURES_DIR, the build's folder of drawings (memlab-site --figures can mount it
# at docs/figures/ for a tree that lacks the committed folder, such as an export in progress).

set(MEMLAB_FIGURES_DIR ${CMAKE_BINARY_DIR}/figures)
file(MAKE_DIRECTORY ${MEMLAB_FIGURES_DIR})
