#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image (an Ubuntu base
# image, with this package unzipped in /autograder/source). It
#   1. installs what the course needs to grade: the distribution's build tools and libraries
#      (the list of .ci/run, without the ones only the course site needs) and the CUDA Toolkit,
#   2. builds the instructor's tools (cmake --preset instructor: memlab-course and what it runs),
#   3. grades the lab's starter once, so that the grading tree holds the compiled checker and each
#      student's run compiles only the student's files.
# A failure stops the image build: Gradescope then shows this script's output to the instructor.
#
# Settings (memlab-autograder.conf holds the package's values; the environment overrides them):
#   MEMLAB_CUDA=auto|image|apt   where the CUDA Toolkit comes from. auto: the image's (nvcc on PATH or
#                                in /usr/local/cuda/bin), else as apt. image: the image must have it
#                                (e.g. an NVIDIA CUDA base image). apt: MEMLAB_CUDA_PACKAGE from
#                                NVIDIA's apt repository for this Ubuntu release.
#   MEMLAB_CUDA_PACKAGE          e.g. cuda-toolkit-12-8 (the course needs CUDA 12.6 or newer)
#   MEMLAB_CUDA_REPO             NVIDIA's repository (https://developer.download.nvidia.com/compute/cuda/repos)
#   MEMLAB_SETUP_SKIP_PACKAGES=1 install nothing (an image prepared beforehand; the course's own test)
#   MEMLAB_AUTOGRADER_ROOT       /autograder, unless a test puts it elsewhere
set -euo pipefail

root=${MEMLAB_AUTOGRADER_ROOT:-/autograder}
package=$root/source
course=$package/course
# shellcheck source=/dev/null
. "$package/memlab-autograder.conf"
tool=$course/build/instructor/bin/memlab-course
tree=$root/memlab/tree

say() { printf 'setup.sh: %s\n' "$*"; }

distribution_packages() {
  say "installing the distribution's packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends ca-certificates curl cmake ninja-build g++ pkg-config \
    doctest-dev nlohmann-json3-dev libcli11-dev >/dev/null
}

# The course needs CMake 3.25 (Ubuntu 24.04 has 3.28; 22.04 has 3.22): an older one is replaced by
# the CMake that PyPI ships.
newer_cmake_when_needed() {
  local version
  version=$(cmake --version | head -n 1 | sed 's/[^0-9.]//g')
  if [ "$(printf '%s\n3.25\n' "$version" | sort -V | head -n 1)" = 3.25 ]; then return; fi
  say "CMake $version is older than 3.25: installing a newer one with pip"
  apt-get install -y -qq --no-install-recommends python3-pip >/dev/null
  python3 -m pip install --quiet 'cmake>=3.25'
  hash -r
}

image_has_cuda() { command -v nvcc >/dev/null || [ -x /usr/local/cuda/bin/nvcc ]; }

cuda_from_nvidia_apt() {
  local release arch repo
  # shellcheck source=/dev/null
  release=$(. /etc/os-release && printf '%s%s' "$ID" "${VERSION_ID//./}")  # ubuntu2404
  case $(uname -m) in
    x86_64) arch=x86_64 ;;
    aarch64) arch=sbsa ;;
    *) say "no CUDA repository for $(uname -m)"; exit 1 ;;
  esac
  repo=${MEMLAB_CUDA_REPO:-https://developer.download.nvidia.com/compute/cuda/repos}/$release/$arch
  say "installing $MEMLAB_CUDA_PACKAGE from $repo"
  curl -fsSL -o /tmp/cuda-keyring.deb "$repo/cuda-keyring_1.1-1_all.deb"
  dpkg -i /tmp/cuda-keyring.deb >/dev/null
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "$MEMLAB_CUDA_PACKAGE" >/dev/null
}

cuda_toolkit() {
  case $MEMLAB_CUDA in
    image)
      image_has_cuda || { say "MEMLAB_CUDA=image, but the image has no nvcc (use an NVIDIA CUDA image, or auto)"; exit 1; } ;;
    auto)
      if image_has_cuda; then say "using the image's CUDA Toolkit"; else cuda_from_nvidia_apt; fi ;;
    apt) cuda_from_nvidia_apt ;;
    *) say "MEMLAB_CUDA is '$MEMLAB_CUDA': write auto, image or apt"; exit 1 ;;
  esac
}

instructor_tools() {
  say "building the instructor's tools"
  (cd "$course" && cmake --preset instructor >/dev/null && cmake --build --preset instructor)
}

# Grading the starter compiles the checker into the grading tree, which every later run reuses.
warm_grading_tree() {
  local thresholds=()
  [ -n "$MEMLAB_THRESHOLDS" ] && thresholds=(--thresholds "$package/$MEMLAB_THRESHOLDS")
  say "grading the starter of lab $MEMLAB_LAB once, to compile the checker in $tree"
  rm -rf "$root/memlab/warm"
  "$tool" grade "$course/labs/$MEMLAB_LAB_FOLDER" --lab "$MEMLAB_LAB" --out "$root/memlab/warm" \
    --tree "$tree" --id starter --course "$course" "${thresholds[@]}"
}

if [ "${MEMLAB_SETUP_SKIP_PACKAGES:-0}" != 1 ]; then
  distribution_packages
  newer_cmake_when_needed
  cuda_toolkit
fi
if ! command -v nvcc >/dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then
  export PATH=/usr/local/cuda/bin:$PATH
fi
instructor_tools
warm_grading_tree
# Gradescope copies run_autograder to $root; make sure that it can run.
chmod 755 "$package/run_autograder"
if [ -f "$root/run_autograder" ]; then chmod 755 "$root/run_autograder"; fi
say "ready: lab $MEMLAB_LAB (course $MEMLAB_COURSE_COMMIT), worth $MEMLAB_MAX_SCORE points"
