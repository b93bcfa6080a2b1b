#!/usr/bin/env bash
# `ply` under mpirun at 1, 2 and 3 ranks against independent truth: perft's
# published counts and the --divide lines of the same count on one machine
# (perft); the same match played on one machine (match); a rank that dies
# ends the job with one line (rank-dies).
#   cluster_test.sh perft|match|rank-dies PLY MPIRUN
set -euo pipefail
what=$1 ply=$2 mpirun=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Open MPI refuses root (CI's user) and more ranks than cores unless told;
# MPICH needs neither, and ignores the variables.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
launch=("$mpirun")
if [[ $("$mpirun" --version 2>&1) == *[Oo]pen*[Mm][Pp][Ii]* ]]; then launch+=(--oversubscribe); fi

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

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

case $what in
    perft) perft ;;
    *) fail "unknown test '$what'" ;;
esac
