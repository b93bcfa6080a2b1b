#!/usr/bin/env bash
# Builds the libFuzzer targets (preset "fuzz", clang) and runs each for a
# bounded time: fuzz/run.sh [SECONDS per fuzzer, default 60]; then throws
# hostile HTTP at the release build's `ply serve` (fuzz/http_fuzz.py). Exits
# non-zero on any crash, sanitizer report or failed check.
set -euo pipefail
seconds="${1:-60}"
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

cmake --preset fuzz >/dev/null
fuzzers=(fen_fuzzer move_fuzzer checkers_fuzzer xboard_fuzzer gtp_fuzzer matrix_fuzzer expression_fuzzer)
cmake --build build/fuzz -j2 --target "${fuzzers[@]}"

work="build/fuzz/corpus"
for fuzzer in "${fuzzers[@]}"; do mkdir -p "$work/${fuzzer%_fuzzer}" "$work/seeds-${fuzzer%_fuzzer}"; done
# Seeds: the FENs of the perft suites; a few moves in both notations.
i=0
for file in data/perft/*.epd; do
  while IFS= read -r line; do
    i=$((i + 1))
    printf '%s' "${line%%;*}" > "$work/seeds-fen/$i"
    [ "$i" -ge 300 ] && break 2
  done < "$file"
done
printf '\x00e2e4' > "$work/seeds-move/1"
printf '\x01O-O-O' > "$work/seeds-move/2"
printf '\x02b2a1q' > "$work/seeds-move/3"
printf '\x03Nb4' > "$work/seeds-move/4"
printf '\x05d5c6' > "$work/seeds-move/5"
printf '\x06Qh4e1+' > "$work/seeds-move/6"
printf '\x07e1h1' > "$work/seeds-move/7"
# Checkers: FENs (even first byte) and moves (odd: position, then move).
printf '\x00B:W21-32:B1-12' > "$work/seeds-checkers/1"
printf '\x02B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29' > "$work/seeds-checkers/2"
printf '\x01' > "$work/seeds-checkers/3"; printf '11-15' >> "$work/seeds-checkers/3"
printf '\x0315x24x31' > "$work/seeds-checkers/4"
printf '\x0510x19x26x17x10' > "$work/seeds-checkers/5"
# Sessions as GUIs and controllers open them.
printf 'xboard\nprotover 2\nnew\nlevel 40 5 0\npost\nusermove e2e4\nping 1\n' > "$work/seeds-xboard/1"
printf 'new\nforce\nsetboard 8/8/8/8/8/8/8/K6k w - - 0 1\ngo\nundo\nremove\n?\n' > "$work/seeds-xboard/2"
printf 'new\nst 0.1\ntime 500\notim 500\ne4\nanalyze\nd5\n.\nexit\nresult 1-0 {x}\n' > "$work/seeds-xboard/3"
printf 'protocol_version\nboardsize 5\nkomi 0.5\nplay b c3\n1 genmove w\nundo\nfinal_score\n' > "$work/seeds-gtp/1"
printf 'boardsize 3\nclear_board\ntime_settings 10 5 1\ntime_left b 5 0\ngenmove b\nplay w pass\nshowboard\n' \
  > "$work/seeds-gtp/2"
printf 'genmove w\nboardsize 2\ngenmove w\nkomi 0\ngenmove b\nboardsize 19\ngenmove w\n' > "$work/seeds-gtp/3"
printf 'boardsize 7\nfixed_handicap 2\n2 lz-analyze w 1\nplay w D4\nkata-genmove_analyze b 1\nprintsgf\n' \
  > "$work/seeds-gtp/4"
printf 'final_status_list dead\nplay w pass\nplay b pass\nkgs-genmove_cleanup w\nkgs-time_settings byoyomi 1 1 1\n' \
  >> "$work/seeds-gtp/4"
# Matrices in the three forms; expressions of every operator and function.
printf '[[0,-1,1],[1,0,-1],[-1,1,0]]' > "$work/seeds-matrix/1"
printf '{"payoff": [[3,1],[2,0]], "rows": ["a","b"]}' > "$work/seeds-matrix/2"
printf ',rock,paper\nrock,0,-1\npaper,1,0\n' > "$work/seeds-matrix/3"
printf 'w^2 - z^2' > "$work/seeds-expression/1"
printf 'sin(w)*exp(-z)/2 + log(abs(w)) - sqrt(z^2+1)' > "$work/seeds-expression/2"
printf '(w - z)^2^-1.5e3' > "$work/seeds-expression/3"

status=0
for fuzzer in "${fuzzers[@]}"; do
  kind="${fuzzer%_fuzzer}"
  echo "== $fuzzer: ${seconds}s"
  if ! "build/fuzz/fuzz/$fuzzer" -max_total_time="$seconds" -max_len=512 -timeout=10 \
       -artifact_prefix="build/fuzz/$fuzzer-" -print_final_stats=1 \
       "$work/$kind" "$work/seeds-$kind" 2>"build/fuzz/$fuzzer.log"; then
    tail -50 "build/fuzz/$fuzzer.log"
    echo "$fuzzer FAILED (artifacts: build/fuzz/$fuzzer-*)"
    status=1
  else
    grep -E 'stat::number_of_executed_units|Done' "build/fuzz/$fuzzer.log" | tail -2
  fi
done
# ply serve, black box: the release binary (PLY_BINARY, default build/release/ply) under hostile HTTP.
ply="${PLY_BINARY:-build/release/ply}"
echo "== http_fuzz: ${seconds}s on $ply"
if [[ ! -x "$ply" ]]; then
  echo "http_fuzz FAILED: no $ply (build the release preset first)"
  status=1
elif ! python3 fuzz/http_fuzz.py "$ply" "$seconds"; then
  status=1
fi
# The Python module as the release build (which CI runs first) makes it.
if [ -d build/release/python/ply ]; then
  python="$(sed -n 's/^_*Python_EXECUTABLE:[A-Z]*=//p' build/release/CMakeCache.txt | head -1)"
  echo "== python_fuzz: ${seconds}s"
  if ! PYTHONPATH=build/release/python "${python:-python3}" fuzz/python_fuzz.py "$seconds" > build/fuzz/python_fuzz.log 2>&1; then
    tail -50 build/fuzz/python_fuzz.log
    echo "python_fuzz FAILED"
    status=1
  else
    tail -1 build/fuzz/python_fuzz.log
  fi
else
  echo "python_fuzz FAILED: no module at build/release/python (build the release preset first)"
  status=1
fi
exit "$status"
