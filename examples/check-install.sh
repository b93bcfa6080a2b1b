#!/usr/bin/env bash
# Installs a build of Ply to a temporary prefix, builds examples/ against the
# installed package (find_package(ply)) and runs it: the package works for
# someone outside the tree. Usage: examples/check-install.sh [build dir]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$(cd "${1:-$root/build/release}" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

cmake --install "$build" --prefix "$tmp/prefix" > "$tmp/install.log"
# The example finds everything through the prefix, nothing through the tree.
cmake -S "$root/examples" -B "$tmp/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$tmp/prefix" > "$tmp/configure.log" ||
  { cat "$tmp/configure.log"; exit 1; }
cmake --build "$tmp/build" > "$tmp/build.log" || { cat "$tmp/build.log"; exit 1; }

out="$("$tmp/build/domineering")"
echo "$out"
grep -q '^Domineering 5x5: Horizontal wins in 12 plies (brute force)$' <<< "$out"
grep -q '^all agree$' <<< "$out"

# The installed command runs and knows its version.
version="$(sed -n 's/^project(ply VERSION \([0-9.]*\).*/\1/p' "$root/CMakeLists.txt")"
"$tmp/prefix/bin/ply" --version | grep -qx "Ply $version"
echo "check-install: OK (installed Ply $version, example built and run against it)"
