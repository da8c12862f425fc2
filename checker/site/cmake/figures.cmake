# The site's generated figures: drawn at build time by the course's own tools into
# ${MEMLAB_FIGURES_DIR}, which memlab-site mounts at docs/figures/ (--figures). The text links
# them as docs/figures/NAME; nothing here is committed. A page that links a figure not listed
# here fails docs.links and docs.render.
#
# Defines MEMLAB_FIGURES_DIR and MEMLAB_GENERATED_FIGURES (the list of figure files).

set(MEMLAB_FIGURES_DIR ${CMAKE_BINARY_DIR}/figures)
file(MAKE_DIRECTORY ${MEMLAB_FIGURES_DIR})
set(MEMLAB_GENERATED_FIGURES "")

# A bank table drawn by the bank model's own tool: memlab_bank_figure(NAME <memlab-bank options>).
function(memlab_bank_figure name)
  set(svg ${MEMLAB_FIGURES_DIR}/${name}.svg)
  add_custom_command(OUTPUT ${svg}
                     COMMAND memlab-bank ${ARGN} --svg ${svg}
                     DEPENDS memlab-bank
                     COMMENT "Drawing figure ${name}.svg (memlab-bank ${ARGN})"
                     VERBATIM)
  set(MEMLAB_GENERATED_FIGURES ${MEMLAB_GENERATED_FIGURES} ${svg} PARENT_SCOPE)
endfunction()

# Strides of 4-byte words (concepts/banks.md, the decks of labs 02, 03 and 06).
memlab_bank_figure(bank-stride-1 --stride 1)
memlab_bank_figure(bank-stride-2 --stride 2)
memlab_bank_figure(bank-stride-8 --stride 8)
memlab_bank_figure(bank-stride-32 --stride 32)
memlab_bank_figure(bank-stride-33 --stride 33)
# Broadcasts and wide accesses (concepts/broadcast.md).
memlab_bank_figure(bank-broadcast --stride 0)
memlab_bank_figure(bank-broadcast-8byte --stride 0 --elem 8)
memlab_bank_figure(bank-broadcast-16byte --stride 0 --elem 16)
memlab_bank_figure(bank-double-stride-1 --stride 1 --elem 8)
# The 32x32 float transpose tile's column read (concepts/padding.md, concepts/swizzle.md).
memlab_bank_figure(tile-32x32-column --tile 32x32 --pad 0 --read col --index 0)
memlab_bank_figure(tile-32x33-column --tile 32x32 --pad 1 --read col --index 0)
memlab_bank_figure(tile-32x32-xor-column --tile 32x32 --swizzle xor --read col --index 0)
# 2-byte elements (concepts/fp16.md).
memlab_bank_figure(half-stride-1 --stride 1 --elem 2)
memlab_bank_figure(half-tile-64x65-column --tile 64x64 --elem 2 --pad 1 --read col --index 0)
memlab_bank_figure(half-tile-64x66-column --tile 64x64 --elem 2 --pad 2 --read col --index 0)

# The interactive bank-conflict page (concepts/banks.md): its data comes from the bank model.
set(memlab_explorer ${MEMLAB_FIGURES_DIR}/bank-conflicts.html)
add_custom_command(OUTPUT ${memlab_explorer}
                   COMMAND memlab-figures interactive --out ${memlab_explorer}
                   DEPENDS memlab-figures
                   COMMENT "Writing the interactive bank-conflict page"
                   VERBATIM)
list(APPEND MEMLAB_GENERATED_FIGURES ${memlab_explorer})

# The stride sweep recorded on the H200 (lab 03's results/lab03.sweep.csv, committed as data).
# Until that CSV is in the tree the figure shows the bank model alone and says so; the
# docs/* glob in CMakeLists.txt notices when the CSV arrives and re-runs configuration.
set(memlab_sweep_csv ${PROJECT_SOURCE_DIR}/docs/data/h200-stride-sweep.csv)
set(memlab_sweep_svg ${MEMLAB_FIGURES_DIR}/h200-stride-sweep.svg)
set(memlab_sweep_inputs memlab-figures)
if(EXISTS ${memlab_sweep_csv})
  list(APPEND memlab_sweep_inputs ${memlab_sweep_csv})
endif()
add_custom_command(OUTPUT ${memlab_sweep_svg}
                   COMMAND memlab-figures sweep --csv ${memlab_sweep_csv} --allow-missing --out ${memlab_sweep_svg}
                           --title "Shared-memory loads by stride, NVIDIA H200 (lab 03's pure kernel)"
                   DEPENDS ${memlab_sweep_inputs}
                   COMMENT "Plotting the H200 stride sweep"
                   VERBATIM)
list(APPEND MEMLAB_GENERATED_FIGURES ${memlab_sweep_svg})
