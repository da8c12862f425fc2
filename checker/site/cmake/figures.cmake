# The site's generated figures: drawn at build time by the course's own tools into
# ${MEMLAB_FIGURES_DIR}, which memlab-site mounts at docs/figures/ (--figures). The text links
# them as docs/figures/NAME; nothing here is committed. A page that links a figure not listed
# here fails docs.links and docs.render.
#
# Defines MEMLAB_FIGURES_DIR and MEMLAB_GENERATED_FIGURES (the list of figure files).

set(MEMLAB_FIGURES_DIR ${CMAKE_BINARY_DIR}/figures)
file(MAKE_DIRECTORY ${MEMLAB_FIGURES_DIR})
set(MEMLAB_GENERATED_FIGURES "")

# memlab_bank_figure(NAME <memlab-bank options>): a bank table drawn by the bank model's tool.
function(memlab_bank_figure name)
  set(svg ${MEMLAB_FIGURES_DIR}/${name}.svg)
  add_custom_command(OUTPUT ${svg}
                     COMMAND memlab-bank ${ARGN} --svg ${svg}
                     DEPENDS memlab-bank
                     COMMENT "Drawing figure ${name}.svg (memlab-bank ${ARGN})"
                     VERBATIM)
  set(MEMLAB_GENERATED_FIGURES ${MEMLAB_GENERATED_FIGURES} ${svg} PARENT_SCOPE)
endfunction()

# memlab_tool_figure(FILE [DEPENDS file...] ARGS <memlab-figures arguments>): a figure drawn by
# memlab-figures; DEPENDS names input files it reads.
function(memlab_tool_figure file)
  cmake_parse_arguments(PARSE_ARGV 1 figure "" "" "DEPENDS;ARGS")
  set(output ${MEMLAB_FIGURES_DIR}/${file})
  add_custom_command(OUTPUT ${output}
                     COMMAND memlab-figures ${figure_ARGS} --out ${output}
                     DEPENDS memlab-figures ${figure_DEPENDS}
                     COMMENT "Drawing figure ${file}"
                     VERBATIM)
  set(MEMLAB_GENERATED_FIGURES ${MEMLAB_GENERATED_FIGURES} ${output} PARENT_SCOPE)
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
# Its Chinese twin is the page a Chinese page (concepts/banks.zh.md) shows for the same link.
memlab_tool_figure(bank-conflicts.html ARGS interactive)
memlab_tool_figure(bank-conflicts.zh.html ARGS interactive --lang zh)

# Sectors of a strided warp load (concepts/coalescing.md, lab 01's deck).
memlab_tool_figure(coalescing-sectors.svg ARGS sectors --strides 1,2,4,8,32)

# Shared memory of one H200 SM and lab 08's 224 x 64 float tiles; the limits are those of
# kH200 in labs/08-occupancy/lab.h (cudaGetDeviceProperties on the H200).
memlab_tool_figure(h200-shared-steps.svg ARGS shared-steps
                   --per-sm 233472 --reserved 1024 --unit 128
                   --block "unpadded or swizzled tile=57344" --block "padded tile=58240"
                   --title "Shared memory of one H200 SM (233 472 bytes), divided into lab 08's tiles")

# The stride sweep recorded on the H200 by lab 03's checker (its results/lab03.sweep.csv,
# committed as data). Without that CSV the figure shows the bank model alone and says so; the
# docs/* glob in CMakeLists.txt notices when the CSV arrives and re-runs configuration. With the
# CSV the command changes (no --allow-missing: a broken CSV fails the build), so Ninja redraws
# the figure even when the CSV's time stamp is older than the figure's.
set(memlab_sweep_csv ${PROJECT_SOURCE_DIR}/docs/data/h200-stride-sweep.csv)
if(EXISTS ${memlab_sweep_csv})
  set(memlab_sweep_input ${memlab_sweep_csv})
  set(memlab_sweep_missing "")
else()
  set(memlab_sweep_input "")
  set(memlab_sweep_missing --allow-missing)
endif()
memlab_tool_figure(h200-stride-sweep.svg DEPENDS ${memlab_sweep_input}
                   ARGS sweep --csv ${memlab_sweep_csv} ${memlab_sweep_missing}
                        --title "Shared-memory loads by stride, NVIDIA H200 (lab 03's pure kernel)")
