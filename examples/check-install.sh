#!/usr/bin/env bash
# Installs a build of Ply to a temporary prefix, builds examples/ against the
# installed package (find_package(ply)) and runs it: the package works for
# someone outside the tree. Usage: examples/check-install.sh [build dir]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$(cd "${1:-$root/build/release}" && pwd)"
tmp="$(mktemp -d)"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$tmp"' EXIT

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

# The whole command line for a game registered in one line of its own program.
pd="$tmp/build/ply-domineering"
"$pd" search domineering --depth 3 | grep -q '^best:'
solved="$("$pd" solve domineering --json)"  # 5x5: Horizontal, second to move, wins in 12 plies
grep -q '"plies":12' <<< "$solved" && grep -q '"result":"loss"' <<< "$solved"
"$pd" compare domineering --depth 3 --json | grep -q '"game":"domineering"'
"$pd" analyse domineering --depth 4 --json | grep -q '"best":'
"$pd" search domineering --depth 2 --dot "$tmp/tree.dot" > /dev/null && grep -q digraph "$tmp/tree.dot"
printf 'quit\n' | "$pd" play domineering > /dev/null
"$pd" match --game domineering --engine cmd=ply:game=domineering,depth=2 name=a \
  --engine cmd=ply:game=domineering,algo=engine,depth=3 name=b --games 2 --json > "$tmp/match.json"
grep -q '"played": 2' "$tmp/match.json" || { cat "$tmp/match.json"; exit 1; }
"$pd" search tictactoe --json | grep -q '"score":0'  # the built-in games are all still there
"$pd" matrix '[[0,-1,1],[1,0,-1],[-1,1,0]]' --json | grep -q '"value_fraction":"0"'  # ply::theory, with GLPK
echo "ply-domineering: search, solve, compare, analyse, draw, play and match all take domineering"

# The installed command runs and knows its version.
version="$(sed -n 's/^project(ply VERSION \([0-9.]*\).*/\1/p' "$root/CMakeLists.txt")"
"$tmp/prefix/bin/ply" --version | grep -qx "Ply $version"
echo "check-install: OK (installed Ply $version, example built and run against it)"
