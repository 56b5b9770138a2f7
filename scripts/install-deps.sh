#!/usr/bin/env bash
# Installs, from Debian 12's archive, whatever Lanes needs that is missing.
# Idempotent; needs root or sudo only when something is missing.
set -euo pipefail

packages=(clang-19 llvm-19-dev libclang-cpp19-dev libclang-19-dev llvm-19-tools libomp-19-dev
          libboost-context-dev libgtest-dev cmake ninja-build g++ python3
          pocl-opencl-icd ocl-icd-opencl-dev opencl-c-headers gnuplot-nox)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "lanes: installing ${missing[*]}"
sudo=""
[ "$(id -u)" = 0 ] || sudo=sudo
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
