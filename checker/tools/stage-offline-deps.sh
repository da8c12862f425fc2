#!/bin/sh
# Stage this course's Debian-installed dependencies (doctest, nlohmann-json, CLI11, fmt, cmark-gfm)
# into a relocatable prefix, for a GPU machine that has the CUDA Toolkit and CMake but cannot
# install packages (a cluster node, say). Run it where the packages are installed:
#   checker/tools/stage-offline-deps.sh [DEST]        (default: .deps/prefix)
# then, on the GPU machine, from a copy of the repository that includes DEST:
#   export CMAKE_PREFIX_PATH=$PWD/.deps/prefix PKG_CONFIG_PATH=$PWD/.deps/prefix/lib/pkgconfig
#   cmake --preset lab04 && ctest
set -eu
dest=${1:-.deps/prefix}
need() { [ -e "$1" ] || { echo "missing $1: sudo apt-get install $2" >&2; exit 1; }; }
need /usr/include/doctest/doctest.h doctest-dev
need /usr/share/cmake/nlohmann_json/nlohmann_jsonConfig.cmake nlohmann-json3-dev
need /usr/share/cmake/CLI11/CLI11Config.cmake libcli11-dev
need /usr/lib/x86_64-linux-gnu/cmake/fmt/fmt-config.cmake libfmt-dev
need /usr/include/cmark-gfm-core-extensions.h "libcmark-gfm-dev libcmark-gfm-extensions-dev"

rm -rf "$dest"
mkdir -p "$dest/include" "$dest/lib/cmake" "$dest/lib/pkgconfig" "$dest/share/cmake"
cp -r /usr/include/doctest /usr/include/nlohmann /usr/include/CLI /usr/include/fmt "$dest/include/"
cp -r /usr/lib/cmake/doctest /usr/lib/x86_64-linux-gnu/cmake/fmt "$dest/lib/cmake/"
cp -P /usr/lib/x86_64-linux-gnu/libfmt.so* "$dest/lib/"
cp -r /usr/share/cmake/nlohmann_json /usr/share/cmake/CLI11 "$dest/share/cmake/"
# Debian's config files pin their prefix to /usr; make them relative to where they now live.
sed -i 's|^set(_IMPORT_PREFIX "/usr")|get_filename_component(_IMPORT_PREFIX "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)|' \
  "$dest/lib/cmake/doctest/doctestTargets.cmake"
for f in "$dest"/share/cmake/nlohmann_json/*.cmake "$dest"/share/cmake/CLI11/*.cmake; do
  sed -i 's|"/usr/include"|"${CMAKE_CURRENT_LIST_DIR}/../../../include"|g; s|/usr/include|${CMAKE_CURRENT_LIST_DIR}/../../../include|g' "$f"
done
# fmt's config finds its prefix four folders up (lib/x86_64-linux-gnu/cmake/fmt); staged, it is
# three (lib/cmake/fmt), and the library sits in lib/.
sed -i 's|^# Create imported target fmt::fmt$|get_filename_component(_IMPORT_PREFIX "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)\n&|' \
  "$dest/lib/cmake/fmt/fmt-targets.cmake"
sed -i 's|/lib/x86_64-linux-gnu/libfmt|/lib/libfmt|g' "$dest"/lib/cmake/fmt/fmt-targets-*.cmake
cp /usr/include/cmark-gfm*.h "$dest/include/"
[ -d /usr/include/cmark-gfm ] && cp -r /usr/include/cmark-gfm "$dest/include/"
cp -P /usr/lib/x86_64-linux-gnu/libcmark-gfm*.so* "$dest/lib/"
cat > "$dest/lib/pkgconfig/libcmark-gfm.pc" <<PC
prefix=\${pcfiledir}/../..
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: libcmark-gfm
Description: CommonMark with GitHub extensions (staged copy)
Version: $(dpkg-query -W -f='${Version}' libcmark-gfm-dev 2>/dev/null || echo 0.29.0)
Libs: -L\${libdir} -Wl,-rpath,\${libdir} -lcmark-gfm -lcmark-gfm-extensions
Cflags: -I\${includedir}
PC
echo "staged into $dest"
