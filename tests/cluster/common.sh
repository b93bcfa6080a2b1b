# Sourced by the cluster tests (cluster_test.sh, jobs_test.sh) after they
# set ply, mpirun and data: the launcher, a scratch folder and the helpers.

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Open MPI refuses root (CI's user) and more ranks than cores unless told;
# MPICH needs neither, and ignores the variables.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# Containers often forbid the cross-process memory reads of Open MPI's
# shared-memory copies (it then warns on every message); small messages need none.
export OMPI_MCA_btl_vader_single_copy_mechanism=none
launch=("$mpirun")
open_mpi=false
if [[ $("$mpirun" --version 2>&1) == *[Oo]pen*[Mm][Pp][Ii]* ]]; then
    open_mpi=true
    launch+=(--oversubscribe)
fi

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

# Fails unless every rank above 0 sent more than `least` messages or bytes
# (`field`, from the PLY_CLUSTER_STATS lines of `log`): each one did work.
every_rank_worked() {
    local ranks=$1 log=$2 field=$3 least=$4 did=$5 group=1 rank sent
    [[ $field == bytes ]] && group=2
    for ((rank = 1; rank < ranks; ++rank)); do
        sent=$(sed -nE "s/^ply cluster: rank $rank sent ([0-9]+) messages, ([0-9]+) bytes$/\\$group/p" "$log")
        ((${sent:-0} > least)) || fail "at $ranks ranks rank $rank $did"
    done
}

# The process of rank $1 of the job marked PLY_TEST_JOB=$2, if it is running.
rank_process() {
    local environ
    for environ in /proc/[0-9]*/environ; do
        tr '\0' '\n' 2> /dev/null < "$environ" | grep -qx "PLY_TEST_JOB=$2" || continue
        tr '\0' '\n' 2> /dev/null < "$environ" | grep -qE "^(OMPI_COMM_WORLD_RANK|PMI_RANK)=$1$" || continue
        [[ $(cat "${environ%/environ}/comm" 2> /dev/null) == ply ]] && echo "${environ%/environ}" | cut -d/ -f3
    done
}

# The process of rank $1 of the job marked PLY_TEST_JOB=$$ once it runs;
# fails after half a minute, saying $2.
running_rank() {
    local tries victim=""
    for ((tries = 0; tries < 300 && ${#victim} == 0; ++tries)); do
        victim=$(rank_process "$1" $$)
        [[ -n $victim ]] || sleep 0.1
    done
    [[ -n $victim ]] || fail "$2"
    echo "$victim"
}

# A summary without its times and node counts (each rank keeps a table of
# its own, so the nodes differ): the positions, the wrong ones, the mode.
batch_summary() { sed -E 's/"(mean_nodes|mean_seconds|nodes_per_second)":[^,]*,//g'; }

# Waits until the journal $1 holds $2 answers; fails after a minute.
await_answers() {
    local tries held
    for ((tries = 0; tries < 600; ++tries)); do
        held=$(grep -c '^[0-9]' "$1" 2> /dev/null || true)
        ((${held:-0} >= $2)) && return
        sleep 0.1
    done
    fail "the journal never held $2 answers"
}
