#!/usr/bin/env bash
# `ply` under mpirun at 1, 2 and 3 ranks against independent truth: perft's
# published counts and the --divide lines of the same count on one machine
# (perft); the same match played on one machine (match); a rank that dies
# ends the job with one line (rank-dies); endgame databases byte for byte
# those of one machine, and a rerun that keeps the complete files (egtb);
# slices split by index range over the ranks, byte for byte one machine's,
# and a rank killed inside one (egtb-split); a batch of positions solved
# with the answers of one machine (solve); the training positions of one
# machine's datagen, also resumed (datagen). Books, tuning and resumed
# batches: jobs_test.sh.
#   cluster_test.sh perft|match|rank-dies|egtb|egtb-split|solve|datagen PLY MPIRUN DATA
set -euo pipefail
what=$1 ply=$2 mpirun=$3 data=${4:-}
# shellcheck source=tests/cluster/common.sh
source "$(dirname "$0")/common.sh"

# The lines of a perft report without its time and speed.
counts() { grep -v -E '^(Time|Speed):'; }

perft() {
    local kiwipete="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -"
    # game, position, depth, published count (chess: the Chess Programming
    # Wiki's; tic-tac-toe: the 127,872 games that last nine moves)
    local -a cases=("chess|startpos|5|4865609" "chess|$kiwipete|4|4085603" "tictactoe||9|127872")
    for case in "${cases[@]}"; do
        IFS='|' read -r game position depth published <<< "$case"
        local -a args=(perft "$game" --depth "$depth" --divide)
        [[ -n $position ]] && args+=(--position "$position")
        "$ply" "${args[@]}" | counts > "$work/alone"
        for ranks in 1 2 3; do
            "${launch[@]}" -np "$ranks" "$ply" "${args[@]}" | counts > "$work/ranks"
            grep -qx "Nodes searched: $published" "$work/ranks" ||
                fail "$game depth $depth at $ranks ranks: $(grep Nodes "$work/ranks"), published $published"
            diff "$work/alone" "$work/ranks" > /dev/null ||
                fail "$game depth $depth at $ranks ranks: --divide differs from one machine's"
            echo "ok: $game depth $depth at $ranks ranks: $published, --divide as on one machine"
        done
    done
}

# The games of a PGN file one a line, in game order, without the times
# measured (the moves, evaluations, depths and results stay).
games_by_number() {
    awk '/^\[Event /{ if (game != "") print game; game = "" } { game = game " " $0 } END { print game }' "$1" |
        sed -E 's/ [0-9.]+s\}/}/g; s/\[Date "[^"]*"\]//' |
        sed -E 's/.*\[Round "([0-9]+)"\]/\1 &/' | sort -n
}

match() {
    # Deterministic engines: Ply's UCI engine at fixed nodes, one thread.
    local -a args=(match --engine "cmd=$ply" name=small nodes=300 --engine "cmd=$ply" name=large nodes=600
        --games 12 --repeat --random-plies 4 --max-plies 160 --json)
    "$ply" "${args[@]}" --pgn "$work/alone.pgn" > "$work/alone.json" 2> /dev/null
    grep -q '"pentanomial"' "$work/alone.json" || fail "the plain match gave no result"
    games_by_number "$work/alone.pgn" > "$work/alone.games"
    [[ $(wc -l < "$work/alone.games") == 12 ]] || fail "the plain match did not play 12 games"
    for ranks in 1 2 3; do
        PLY_CLUSTER_STATS=1 "${launch[@]}" -np "$ranks" "$ply" "${args[@]}" --concurrency 2 --pgn "$work/ranks.pgn" \
            > "$work/ranks.json" 2> "$work/ranks.err"
        diff "$work/alone.json" "$work/ranks.json" > /dev/null ||
            fail "at $ranks ranks the match's W/D/L, pentanomial or Elo differ from one machine's"
        games_by_number "$work/ranks.pgn" | diff "$work/alone.games" - > /dev/null ||
            fail "at $ranks ranks the games differ from one machine's"
        # Each rank played (its results are games: kilobytes), rank 0 alone wrote.
        every_rank_worked "$ranks" "$work/ranks.err" bytes 1000 "played no game"
        echo "ok: the match at $ranks ranks: the same games, W/D/L and pentanomial as on one machine"
    done
    # An SPRT verdict stops every rank: depth 1 against depth 7 is decided in a few dozen of the 400 games.
    local -a sprt=(match --game connect4 --engine cmd=ply:game=connect4,algo=alphabeta,depth=1
        --engine cmd=ply:game=connect4,algo=pvs,depth=7 --games 400 --repeat --random-plies 4
        --sprt elo0=0 elo1=50 --concurrency 2 --json)
    timeout 120 "${launch[@]}" -np 3 "$ply" "${sprt[@]}" > "$work/sprt.json" 2> /dev/null ||
        fail "the SPRT match at 3 ranks failed or hung"
    grep -q '"verdict": "H0 accepted"' "$work/sprt.json" || fail "no SPRT verdict at 3 ranks"
    local played
    played=$(sed -nE 's/^  "played": ([0-9]+),?$/\1/p' "$work/sprt.json")
    ((${played:-400} < 400)) || fail "the SPRT match at 3 ranks played all its games"
    echo "ok: an SPRT verdict at 3 ranks stopped the match after $played of 400 games"
}

rank_dies() {
    # A count of some seconds; rank 1 is killed as soon as it runs.
    PLY_TEST_JOB=$$ timeout 120 "${launch[@]}" -np 2 "$ply" perft --depth 7 > "$work/out" 2> "$work/err" &
    local job=$! victim
    victim=$(running_rank 1 "rank 1 never ran")
    kill -9 "$victim"
    local status=0
    wait "$job" || status=$?
    ((status != 124)) || fail "the job hung after rank 1 died"
    ((status != 0)) || fail "the job ended well after rank 1 died"
    # Open MPI stops the other ranks with SIGTERM, which rank 0 answers with
    # its line; MPICH's Hydra kills them outright (the job's status then
    # the dead rank's).
    if $open_mpi; then
        grep -q "^ply: the job was stopped by its launcher" "$work/err" || fail "rank 0 did not say why it stopped"
    fi
    ! grep -q "^Nodes searched" "$work/out" || fail "a count was printed after rank 1 died"
    echo "ok: rank 1 killed: the job ended (status $status)$($open_mpi && echo " with rank 0's line")"
}

# Each table's checksum, by name.
checksums() { (cd "$1" && sha256sum -- *.plyt); }

egtb() {
    local -a every=(egtb build checkers --pieces 4 --threads 1)
    local -a some=(egtb build checkers --for "W:W27,30:B20,K25" --threads 1)
    "$ply" "${every[@]}" --dir "$work/alone" 2> /dev/null
    "$ply" "${some[@]}" --dir "$work/alone-for" 2> /dev/null
    checksums "$work/alone" > "$work/alone.sums"
    checksums "$work/alone-for" > "$work/alone-for.sums"
    local tables
    tables=$(wc -l < "$work/alone.sums")
    ((tables == 37)) || fail "one machine built $tables tables of checkers up to 4 pieces, not 37"
    for ranks in 1 2 3; do
        rm -rf "$work/ranks" "$work/ranks-for"
        PLY_CLUSTER_STATS=1 "${launch[@]}" -np "$ranks" "$ply" "${every[@]}" --dir "$work/ranks" 2> "$work/ranks.err"
        checksums "$work/ranks" | diff "$work/alone.sums" - > /dev/null ||
            fail "at $ranks ranks the tables differ from one machine's"
        [[ $(grep -c "^\[[0-9]*/37\] " "$work/ranks.err") == 37 ]] || fail "at $ranks ranks not every slice was reported"
        # Each rank built slices: its first question and goodbye, and one result a slice.
        every_rank_worked "$ranks" "$work/ranks.err" messages 2 "built no slice"
        "${launch[@]}" -np "$ranks" "$ply" "${some[@]}" --dir "$work/ranks-for" 2> /dev/null
        checksums "$work/ranks-for" | diff "$work/alone-for.sums" - > /dev/null ||
            fail "at $ranks ranks the tables --for a position differ from one machine's"
        echo "ok: checkers up to 4 pieces and --for a position at $ranks ranks: the same tables as one machine's"
    done
    # A rerun keeps the complete tables and builds again a missing and a damaged one.
    rm "$work/ranks/2Mv2M.plyt"
    truncate -s 100 "$work/ranks/1Kv1K.plyt"
    "${launch[@]}" -np 3 "$ply" "${every[@]}" --dir "$work/ranks" 2> "$work/rerun.err"
    checksums "$work/ranks" | diff "$work/alone.sums" - > /dev/null || fail "the rerun's tables differ from one machine's"
    [[ $(grep -c ": complete (" "$work/rerun.err") == 35 ]] || fail "the rerun did not keep the 35 complete tables"
    echo "ok: a rerun at 3 ranks kept 35 complete tables and built a missing and a damaged one again"
    # Rank 1 killed during a build: the job ends, and a rerun ends as one machine's.
    rm -rf "$work/killed"
    PLY_TEST_JOB=$$ timeout 120 "${launch[@]}" -np 2 "$ply" "${every[@]}" --dir "$work/killed" > /dev/null 2>&1 &
    local job=$! victim
    victim=$(running_rank 1 "rank 1 of the build never ran")
    sleep 1
    kill -9 "$victim"
    local status=0
    wait "$job" || status=$?
    ((status != 0 && status != 124)) || fail "the build ended with status $status after rank 1 died"
    "${launch[@]}" -np 2 "$ply" "${every[@]}" --dir "$work/killed" 2> /dev/null
    checksums "$work/killed" | diff "$work/alone.sums" - > /dev/null ||
        fail "the rerun after rank 1 died left tables unlike one machine's"
    [[ -z $(find "$work/killed" -type f ! -name '*.plyt') ]] || fail "the rerun left a temporary file"
    echo "ok: rank 1 killed during a build (status $status): the rerun's tables are one machine's"
}

# Whether folder $2 holds the files of folder $1, each byte for byte, and no other.
same_files() {
    local file
    diff <(cd "$1" && ls -A) <(cd "$2" && ls -A) > /dev/null || return 1
    for file in "$1"/*; do cmp -s "$file" "$2/${file##*/}" || return 1; done
}

# The bytes rank $1 sent in the exchanges of step $2 ("level", "codes") of
# the first slice it built split, from its PLY_CLUSTER_STATS line in $3.
split_bytes() {
    sed -nE "s/^ply cluster: rank $1 split .* $2 [0-9]+ exchanges, [0-9]+ messages, ([0-9]+) bytes.*/\1/p" "$3" | head -1
}

egtb_split() {
    # game|--for position|--split-above: checkers' 4-piece slices of the
    # position (1K1Mv2M 576,288 indices and 1K1Mv1K1M 661,200) and chess's
    # KNvKN (en passant aside, a 4-piece slice of 1.6 M indices) are split.
    local knkn="8/8/8/3k4/3n4/8/3N4/3K4 w - - 0 1"
    local -a cases=("checkers|W:W27,30:B20,K25|500000" "chess|$knkn|1000000")
    local game position above ranks rank
    for case in "${cases[@]}"; do
        IFS='|' read -r game position above <<< "$case"
        local -a args=(egtb build "$game" --for "$position" --threads 1)
        rm -rf "$work/alone"
        "$ply" "${args[@]}" --dir "$work/alone" 2> /dev/null
        for ranks in 1 2 3; do
            rm -rf "$work/ranks"
            PLY_CLUSTER_STATS=1 "${launch[@]}" -np "$ranks" "$ply" "${args[@]}" --split-above "$above" \
                --dir "$work/ranks" 2> "$work/ranks.err"
            same_files "$work/alone" "$work/ranks" || fail "$game at $ranks ranks: the tables differ from one machine's"
            grep -q "^ply cluster: rank 0 split " "$work/ranks.err" || fail "$game at $ranks ranks: no slice was split"
            # Each rank settled part of the slice: it told the others at each level, and sent its codes.
            for ((rank = 1; rank < ranks; ++rank)); do
                local level codes
                level=$(split_bytes "$rank" level "$work/ranks.err")
                codes=$(split_bytes "$rank" codes "$work/ranks.err")
                ((${level:-0} > 0)) || fail "$game at $ranks ranks: rank $rank sent nothing at the levels"
                ((${codes:-0} > 0)) || fail "$game at $ranks ranks: rank $rank sent no codes"
            done
            echo "ok: $game --for '$position' split above $above indices at $ranks ranks: the files of one machine"
        done
    done
    # Rank 1 killed inside the split slice KNvKN (its smaller slices are on
    # disk): one line, no file of KNvKN, whole or partial; a rerun ends as one machine's.
    local -a split=(egtb build chess --for "$knkn" --threads 1 --split-above 1000000)
    rm -rf "$work/killed"
    PLY_TEST_JOB=$$ timeout 120 "${launch[@]}" -np 2 "$ply" "${split[@]}" --dir "$work/killed" > /dev/null \
        2> "$work/killed.err" &
    local job=$! victim="" tries
    for ((tries = 0; tries < 600; ++tries)); do
        [[ -e $work/killed/KNvK.plyt ]] && break
        sleep 0.05
    done
    [[ -e $work/killed/KNvK.plyt ]] || fail "KNvK was never built"
    sleep 0.3
    victim=$(rank_process 1 $$)
    [[ -n $victim ]] || fail "rank 1 was not running during KNvKN"
    kill -9 "$victim"
    local status=0
    wait "$job" || status=$?
    ((status != 0 && status != 124)) || fail "the split build ended with status $status after rank 1 died"
    [[ ! -e $work/killed/KNvKN.plyt ]] || fail "KNvKN was finished before rank 1 was killed"
    [[ -z $(find "$work/killed" -type f ! -name '*.plyt') ]] || fail "a partial file was left"
    if $open_mpi; then
        [[ $(grep -c '^ply: ' "$work/killed.err") == 1 ]] || fail "rank 0 did not say why it stopped, in one line"
    fi
    "${launch[@]}" -np 2 "$ply" "${split[@]}" --dir "$work/killed" 2> /dev/null
    same_files "$work/alone" "$work/killed" || fail "the rerun after rank 1 died left tables unlike one machine's"
    echo "ok: rank 1 killed inside a split slice (status $status): no file of it; the rerun's are one machine's"
}

# A summary without its times and node counts (each rank keeps a table of
# its own, so the nodes differ): the positions, the wrong ones, the mode.
batch_summary() { sed -E 's/"(mean_nodes|mean_seconds|nodes_per_second)":[^,]*,//g'; }

solve() {
    # Pons' set, one score in five made wrong: the wrong answers are known.
    head -25 "$data/connect4/Test_L1_R2" | awk 'NR % 5 == 2 { $2 += 1 } { print }' > "$work/set"
    local -a args=(solve connect4 --batch "$work/set" --json)
    local status=0
    "$ply" "${args[@]}" > "$work/alone.json" 2> "$work/alone.err" || status=$?
    ((status == 1)) || fail "one machine's batch ended with status $status, not 1 (wrong scores)"
    grep '^wrong:' "$work/alone.err" > "$work/alone.wrong"
    [[ $(wc -l < "$work/alone.wrong") == 5 ]] || fail "one machine did not find the 5 wrong scores"
    for ranks in 1 2 3; do
        status=0
        PLY_CLUSTER_STATS=1 "${launch[@]}" -np "$ranks" "$ply" "${args[@]}" > "$work/ranks.json" 2> "$work/ranks.err" ||
            status=$?
        ((status == 1)) || fail "at $ranks ranks the batch ended with status $status, not 1"
        diff <(batch_summary < "$work/alone.json") <(batch_summary < "$work/ranks.json") > /dev/null ||
            fail "at $ranks ranks the summary differs from one machine's: $(cat "$work/ranks.json")"
        grep '^wrong:' "$work/ranks.err" | diff "$work/alone.wrong" - > /dev/null ||
            fail "at $ranks ranks the wrong answers differ from one machine's (or their order)"
        # Each rank solved positions: its first question and goodbye, and one answer a position.
        every_rank_worked "$ranks" "$work/ranks.err" messages 2 "solved no position"
        echo "ok: 25 positions at $ranks ranks: the same answers, in the same order, as one machine's"
    done
}

# A training file's positions as text, sorted: the ranks write the same
# games as one machine, in the order they end.
training() { "$ply" datagen --out "$1" --export "$work/export.txt" 2> /dev/null && sort "$work/export.txt"; }

datagen() {
    local -a settings=(datagen --nodes 300 --threads 1 --random-plies 4 --seed 7)
    local -a args=("${settings[@]}" --games 30)
    "$ply" "${args[@]}" --out "$work/alone.bin" > "$work/alone.out" 2> /dev/null
    training "$work/alone.bin" > "$work/alone.txt"
    [[ -s $work/alone.txt ]] || fail "one machine's datagen kept no position"
    for ranks in 1 2 3; do
        rm -f "$work/ranks.bin"
        PLY_CLUSTER_STATS=1 "${launch[@]}" -np "$ranks" "$ply" "${args[@]}" --out "$work/ranks.bin" \
            > "$work/ranks.out" 2> "$work/ranks.err"
        training "$work/ranks.bin" | diff "$work/alone.txt" - > /dev/null ||
            fail "at $ranks ranks the training positions differ from one machine's"
        diff <(grep -v '^seconds' "$work/alone.out") <(grep -v '^seconds' "$work/ranks.out") > /dev/null ||
            fail "at $ranks ranks the games and positions reported differ from one machine's"
        # Each rank played games: its first question and goodbye, and one result a game.
        every_rank_worked "$ranks" "$work/ranks.err" messages 2 "played no game"
        echo "ok: 30 games at $ranks ranks: the same training positions as one machine's"
    done
    # Half the games, then resumed to all of them at another number of ranks.
    rm -f "$work/ranks.bin"
    "${launch[@]}" -np 3 "$ply" "${settings[@]}" --games 15 --out "$work/ranks.bin" > /dev/null 2>&1
    "${launch[@]}" -np 2 "$ply" "${args[@]}" --out "$work/ranks.bin" > "$work/ranks.out" 2> /dev/null
    grep -qx "games 30" "$work/ranks.out" || fail "the resumed file does not hold 30 games"
    training "$work/ranks.bin" | diff "$work/alone.txt" - > /dev/null ||
        fail "15 games at 3 ranks resumed at 2: the positions differ from one machine's"
    echo "ok: 15 games at 3 ranks resumed to 30 at 2: the same training positions as one machine's"
}

case $what in
    perft) perft ;;
    match) match ;;
    rank-dies) rank_dies ;;
    egtb) egtb ;;
    egtb-split) egtb_split ;;
    solve) solve ;;
    datagen) datagen ;;
    *) fail "unknown test '$what'" ;;
esac
