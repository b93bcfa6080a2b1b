#!/usr/bin/env bash
# `ply` under mpirun at 1, 2 and 3 ranks against one machine's results: a
# book of solved positions byte for byte one machine's, also resumed after
# a rank was killed (book); tuned weights bit for bit one machine's (tune);
# a batch whose job is killed, resumed to one machine's answers
# (solve-resume).
#   jobs_test.sh book|tune|solve-resume PLY MPIRUN DATA
set -euo pipefail
what=$1 ply=$2 mpirun=$3 data=${4:-}
# shellcheck source=tests/cluster/common.sh
source "$(dirname "$0")/common.sh"

book() {
    # 49 Connect Four positions two plies after one of Pons' set: some seconds in all.
    local -a args=(book connect4 --position 2416615552 --plies 2)
    "$ply" "${args[@]}" --out "$work/alone.book" > /dev/null 2>&1
    [[ $(grep -c -v '^#' "$work/alone.book") == 49 ]] || fail "one machine's book does not hold 49 positions"
    for ranks in 1 2 3; do
        rm -f "$work/ranks.book"
        PLY_CLUSTER_STATS=1 "${launch[@]}" -np "$ranks" "$ply" "${args[@]}" --out "$work/ranks.book" \
            > /dev/null 2> "$work/ranks.err"
        cmp -s "$work/alone.book" "$work/ranks.book" || fail "at $ranks ranks the book differs from one machine's"
        # Each rank solved positions: its first question and goodbye, and one answer a position.
        every_rank_worked "$ranks" "$work/ranks.err" messages 2 "solved no position"
        [[ -z $(find "$work" -name 'ranks.book.tmp-*') ]] || fail "at $ranks ranks a temporary file remains"
        echo "ok: a book of 49 positions at $ranks ranks: byte for byte one machine's"
    done
    # 238 positions three plies down: rank 1 of 2 killed once 20 scores are kept, the rest at 3 ranks.
    args=(book connect4 --position 2416615552 --plies 3)
    "$ply" "${args[@]}" --out "$work/alone3.book" > /dev/null 2>&1
    PLY_TEST_JOB=$$ timeout 120 "${launch[@]}" -np 2 "$ply" "${args[@]}" --out "$work/ranks3.book" \
        --journal "$work/book.journal" > /dev/null 2>&1 &
    local job=$! victim
    victim=$(running_rank 1 "rank 1 of the book never ran")
    await_answers "$work/book.journal" 20
    kill -9 "$victim" || fail "the book was done before rank 1 was killed"
    local status=0
    wait "$job" || status=$?
    ((status != 0 && status != 124)) || fail "the book ended with status $status after rank 1 died"
    [[ ! -e $work/ranks3.book ]] || fail "the killed job wrote a book"
    local kept
    kept=$(grep -c '^[0-9]' "$work/book.journal")
    ((kept < 238)) || fail "every score was kept before rank 1 was killed"
    "${launch[@]}" -np 3 "$ply" "${args[@]}" --out "$work/ranks3.book" --journal "$work/book.journal" > /dev/null 2>&1
    cmp -s "$work/alone3.book" "$work/ranks3.book" || fail "the resumed book differs from one machine's"
    [[ $(grep '^[0-9]' "$work/book.journal" | cut -d' ' -f1 | sort -u | wc -l) == 238 &&
        $(grep -c '^[0-9]' "$work/book.journal") == 238 ]] || fail "a book position was solved twice"
    echo "ok: rank 1 of 2 killed after $kept of 238 scores, resumed at 3 ranks: one machine's book"
}

solve_resume() {
    # 40 of Pons' Begin-Medium positions, one score in five made wrong: some seconds.
    head -40 "$data/connect4/Test_L1_R2" | awk 'NR % 5 == 2 { $2 += 1 } { print }' > "$work/set"
    local -a args=(solve connect4 --batch "$work/set" --json)
    "$ply" "${args[@]}" > "$work/alone.json" 2> "$work/alone.err" || true
    grep '^wrong:' "$work/alone.err" > "$work/alone.wrong"
    [[ $(wc -l < "$work/alone.wrong") == 8 ]] || fail "one machine did not find the 8 wrong scores"
    for ranks in 1 2 3; do
        # The last rank killed (at 1 rank: the whole job) once 10 answers are kept.
        rm -f "$work/journal"
        PLY_TEST_JOB=$$ timeout 120 "${launch[@]}" -np "$ranks" "$ply" "${args[@]}" --journal "$work/journal" \
            > /dev/null 2>&1 &
        local job=$! victim
        victim=$(running_rank $((ranks - 1)) "at $ranks ranks rank $((ranks - 1)) never ran")
        await_answers "$work/journal" 10
        kill -9 "$victim" || fail "at $ranks ranks the job ended before it was killed"
        local status=0
        wait "$job" || status=$?
        ((status != 0 && status != 124)) || fail "at $ranks ranks the job ended with status $status after a kill"
        local kept
        kept=$(grep -c '^[0-9]' "$work/journal")
        ((kept < 40)) || fail "at $ranks ranks every answer was kept before the kill"
        "${launch[@]}" -np "$ranks" "$ply" "${args[@]}" --journal "$work/journal" > "$work/ranks.json" \
            2> "$work/ranks.err" || true
        diff <(batch_summary < "$work/alone.json") <(batch_summary < "$work/ranks.json") > /dev/null ||
            fail "at $ranks ranks the resumed summary differs from one machine's: $(cat "$work/ranks.json")"
        grep '^wrong:' "$work/ranks.err" | diff "$work/alone.wrong" - > /dev/null ||
            fail "at $ranks ranks the resumed batch's wrong answers differ from one machine's"
        # Each position solved once: the rerun solved only those the journal lacked.
        [[ $(grep '^[0-9]' "$work/journal" | cut -d' ' -f1 | sort -u | wc -l) == 40 &&
            $(grep -c '^[0-9]' "$work/journal") == 40 ]] || fail "at $ranks ranks a position was solved twice"
        echo "ok: at $ranks ranks, rank $((ranks - 1)) killed after $kept of 40 answers: the rerun ends as one machine's"
    done
    # The journal of another job (here weak solving) is refused, and kept as it was.
    cp "$work/journal" "$work/journal.before"
    local status=0
    "$ply" "${args[@]}" --weak --journal "$work/journal" > /dev/null 2> "$work/other.err" || status=$?
    if ((status != 1)) || ! grep -q "not this job's journal" "$work/other.err"; then
        fail "another job's journal was not refused (status $status)"
    fi
    cmp -s "$work/journal" "$work/journal.before" || fail "another job's journal was changed"
    echo "ok: another job's journal is refused and left as it was"
}

# A tuning report without its times and the file it names.
tuning_report() { grep -v -E 's/epoch|read in|^wrote ' "$1"; }

tune() {
    "$ply" datagen --games 40 --nodes 300 --threads 1 --random-plies 4 --seed 7 --out "$work/games.bin" > /dev/null 2>&1
    local -a args=(tune --data "$work/games.bin" --report-every 10)
    "$ply" "${args[@]}" --epochs 0 --out "$work/start.txt" > /dev/null
    args+=(--epochs 30)
    "$ply" "${args[@]}" --out "$work/alone.txt" > "$work/alone.out"
    ! cmp -s "$work/start.txt" "$work/alone.txt" || fail "30 epochs on one machine left the weights as they were"
    for ranks in 1 2 3; do
        PLY_CLUSTER_STATS=1 "${launch[@]}" -np "$ranks" "$ply" "${args[@]}" --out "$work/ranks.txt" \
            > "$work/ranks.out" 2> "$work/ranks.err"
        cmp -s "$work/alone.txt" "$work/ranks.txt" || fail "at $ranks ranks the weights differ from one machine's"
        diff <(tuning_report "$work/alone.out") <(tuning_report "$work/ranks.out") > /dev/null ||
            fail "at $ranks ranks K, the errors or the groups' changes differ from one machine's"
        # Each rank summed its chunks: a gradient's share is kilobytes.
        every_rank_worked "$ranks" "$work/ranks.err" bytes 100000 "summed no chunk"
        echo "ok: 30 epochs at $ranks ranks: the weights, K and every error bit for bit one machine's"
    done
}

case $what in
    book) book ;;
    tune) tune ;;
    solve-resume) solve_resume ;;
    *) fail "unknown test '$what'" ;;
esac
