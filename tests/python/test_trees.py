"""Explicit and generated trees: the classic algorithms' values, their work
and alpha-beta's pruning, against textbook figures, a pure-Python alpha-beta
and the command line's `ply compare`."""

import math
import random

import pytest

import ply

TEXTBOOK = "((3 12 8) (2 4 6) (14 5 2))"  # Russell & Norvig, Figure 5.5
NOTHING_PRUNED = "((3 5 2) (4 6 1) (7 9 8))"  # the best reply is always last


# ---- An independent reading of the tree notation, and the searches over it --------------


def parse_tree(text):
    """'((3 12 8) (2 4 6))' -> [[3, 12, 8], [2, 4, 6]] (a leaf is an int)."""
    tokens = text.replace("(", " ( ").replace(")", " ) ").split()

    def read(i):
        if tokens[i] == "(":
            children, i = [], i + 1
            while tokens[i] != ")":
                child, i = read(i)
                children.append(child)
            return children, i + 1
        return int(tokens[i]), i + 1

    tree, end = read(0)
    assert end == len(tokens)
    return tree


def write_tree(tree):
    if isinstance(tree, int):
        return str(tree)
    return "(" + " ".join(write_tree(c) for c in tree) + ")"


def minimax(tree, maximising=True):
    """The value for the player to move at the root (leaves are that player's values)."""
    if isinstance(tree, int):
        return tree
    values = [minimax(c, not maximising) for c in tree]
    return max(values) if maximising else min(values)


def alphabeta_leaves(tree):
    """Textbook alpha-beta, children in order: (value, visited leaf paths, pruned subtree roots)."""
    visited, pruned = [], []

    def search(node, path, alpha, beta, maximising):
        if isinstance(node, int):
            visited.append(path)
            return node
        best = -math.inf if maximising else math.inf
        for i, child in enumerate(node):
            v = search(child, path + [str(i + 1)], alpha, beta, not maximising)
            if maximising:
                best, alpha = max(best, v), max(alpha, v)
            else:
                best, beta = min(best, v), min(beta, v)
            if alpha >= beta:
                pruned.extend(path + [str(j + 1)] for j in range(i + 1, len(node)))
                break
        return best

    value = search(tree, [], -math.inf, math.inf, True)
    return value, visited, pruned


def leaf_values(tree, path=()):
    """{path of a leaf (child numbers from 1, as strings): its value}."""
    if isinstance(tree, int):
        return {path: tree}
    out = {}
    for i, child in enumerate(tree):
        out.update(leaf_values(child, path + (str(i + 1),)))
    return out


def count_leaves(tree):
    return 1 if isinstance(tree, int) else sum(count_leaves(c) for c in tree)


def random_tree(rng, depth):
    if depth == 0 or (depth < 3 and rng.random() < 0.15):
        return rng.randint(-20, 20)
    return [random_tree(rng, depth - 1) for _ in range(rng.randint(1, 4))]


def test_algorithms_are_the_command_lines(cli):
    """ALGORITHMS: the classic algorithms `ply search --algo` takes (Monte Carlo apart)."""
    help_text = cli("search", "--help").stdout
    line = next(line for line in help_text.splitlines() if "{minimax," in line)
    choices = line[line.index("{") + 1:line.index("}")].split(",")
    assert ply.ALGORITHMS == [a for a in choices if a != "mcts"]
    assert {"minimax", "negamax", "alphabeta", "pvs", "mtdf", "bns"} <= set(ply.ALGORITHMS)


# ---- The textbook tree ---------------------------------------------------------------------


# Best Node Search finds the best move and proves only a lower bound on its value
# (`ply search --help`: "the best move, with a proven lower bound as score"); every
# other algorithm finds the exact value.
LOWER_BOUND_ONLY = {"bns"}


def check_value(algorithm, value, exact, where=""):
    if algorithm in LOWER_BOUND_ONLY:
        assert value <= exact, (where, algorithm, value, exact)
    else:
        assert value == exact, (where, algorithm, value, exact)


@pytest.mark.parametrize("algorithm", ply.ALGORITHMS)
def test_textbook_value_under_every_algorithm(algorithm):
    assert minimax(parse_tree(TEXTBOOK)) == 3
    r = ply.search(ply.Tree(TEXTBOOK), algorithm)
    assert r.value == 3  # here even Best Node Search's bound is exact
    assert r.algorithm == algorithm
    assert r.best_move == "1"  # the only child worth 3
    assert [str(m) for m in r.pv][:1] == ["1"]


@pytest.mark.parametrize("algorithm", ["minimax", "negamax", "alphabeta", "alphabeta-hard", "pvs"])
def test_textbook_principal_variation(algorithm):
    r = ply.search(ply.Tree(TEXTBOOK), algorithm)
    assert [str(m) for m in r.pv] == ["1", "1"]
    assert all(isinstance(m, ply.Move) for m in r.pv)


def test_textbook_minimax_evaluates_every_leaf():
    r = ply.search(ply.Tree(TEXTBOOK), "minimax")
    assert r.leaves == 9 == count_leaves(parse_tree(TEXTBOOK))
    assert r.nodes == 13  # the root, 3 MIN nodes, 9 leaves


def test_textbook_alphabeta_trace():
    r = ply.search(ply.Tree(TEXTBOOK), "alphabeta", trace=True)
    assert r.value == 3
    assert r.leaves == 7
    trace = r.trace
    assert trace is not None
    root = trace.nodes[0]
    assert root.parent == -1 and root.path == [] and root.move == "" and root.max
    assert sorted(n.path for n in trace.pruned_leaves()) == [["2", "2"], ["2", "3"]]
    assert sorted(n.path for n in trace.pruned()) == [["2", "2"], ["2", "3"]]
    # Independent: a textbook alpha-beta over the same tree prunes the same two leaves.
    value, visited, pruned = alphabeta_leaves(parse_tree(TEXTBOOK))
    assert value == 3 and sorted(pruned) == [["2", "2"], ["2", "3"]] and len(visited) == 7
    # The pruned leaves keep their values (static_value), the tree's 4 and 6.
    assert sorted(n.static_value for n in trace.pruned_leaves()) == [4, 6]
    for n in trace.pruned_leaves():
        assert not n.visited
    # Every node is where its id, parent and path say, and every leaf carries
    # the tree's value at its path.
    leaves = leaf_values(parse_tree(TEXTBOOK))
    assert sorted(tuple(n.path) for n in trace.nodes if not n.children) == sorted(leaves)
    for i, n in enumerate(trace.nodes):
        assert n.id == i
        assert n.ply == len(n.path)
        if not n.children:
            assert n.static_value == leaves[tuple(n.path)]
        for c in n.children:
            child = trace.nodes[c]
            assert child.parent == n.id and child.path == n.path + [child.move]
            assert child.max != n.max
    # The second MIN node is cut after its first reply (2 <= alpha 3).
    second = next(n for n in trace.nodes if n.path == ["2"])
    assert second.exit == "cutoff" and second.value == 2
    on_pv = sorted(n.path for n in trace.nodes if n.on_pv)
    assert on_pv == [[], ["1"], ["1", "1"]]
    leave = [e for e in trace.events if e.kind == "leave" and e.node == second.id]
    assert len(leave) == 1 and sorted(trace.nodes[i].path for i in leave[0].pruned) == [["2", "2"], ["2", "3"]]
    assert all(e.text for e in trace.events)


def test_trace_is_off_by_default():
    assert ply.search(ply.Tree(TEXTBOOK), "alphabeta").trace is None


def test_nothing_pruned_tree():
    tree = parse_tree(NOTHING_PRUNED)
    assert minimax(tree) == 7
    _, visited, pruned = alphabeta_leaves(tree)
    assert pruned == [] and len(visited) == 9
    for algorithm in ply.ALGORITHMS:
        r = ply.search(ply.Tree(NOTHING_PRUNED), algorithm)
        check_value(algorithm, r.value, 7)
        assert r.best_move == "3", algorithm
    r = ply.search(ply.Tree(NOTHING_PRUNED), "alphabeta", trace=True)
    assert r.best_move == "3"
    assert r.leaves == 9
    assert r.trace.pruned() == [] and r.trace.pruned_leaves() == []
    assert all(n.visited for n in r.trace.nodes)


def test_random_trees_against_pure_python():
    """200 random (ragged) trees: every algorithm's value is minimax's; alpha-beta enters
    exactly the leaves a textbook alpha-beta enters, and prunes the same subtrees."""
    rng = random.Random(20240611)
    for _ in range(200):
        tree = random_tree(rng, rng.randint(1, 4))
        if isinstance(tree, int):
            tree = [tree]
        text = write_tree(tree)
        value, visited, pruned = alphabeta_leaves(tree)
        assert value == minimax(tree)
        best_children = {str(i + 1) for i, child in enumerate(tree) if minimax(child, False) == value}
        for algorithm in ply.ALGORITHMS:
            r = ply.search(ply.Tree(text), algorithm)
            check_value(algorithm, r.value, value, text)
            assert str(r.best_move) in best_children, (text, algorithm)
        r = ply.search(ply.Tree(text), "alphabeta", trace=True)
        assert r.leaves == len(visited), text
        entered = sorted(n.path for n in r.trace.nodes if n.visited and not n.children)
        assert entered == sorted(visited), text
        assert sorted(n.path for n in r.trace.pruned()) == sorted(pruned), text


# ---- compare() -----------------------------------------------------------------------------


def test_compare_textbook():
    c = ply.compare(ply.Tree(TEXTBOOK))
    assert [r.algorithm for r in c.rows] == ["minimax", "negamax", "alphabeta", "pvs", "mtdf", "bns"]
    assert {r.value for r in c.rows} == {3}
    assert c.all_leaves == 9
    # Knuth and Moore: b^ceil(d/2) + b^floor(d/2) - 1 = 3 + 3 - 1 for b = 3, d = 2.
    assert c.minimal_leaves == 5
    rows = {r.algorithm: r for r in c.rows}
    assert rows["minimax"].leaves == 9
    assert rows["alphabeta"].leaves == 7


def test_compare_chosen_algorithms():
    c = ply.compare(ply.Tree(TEXTBOOK), ["minimax", "alphabeta"])
    assert [r.algorithm for r in c.rows] == ["minimax", "alphabeta"]


def test_compare_uniform_tree_matches_the_command_line(cli_json):
    spec = "b=4,d=5,seed=1,order=random"
    c = ply.compare(ply.Uniform(spec))
    assert c.depth == 5
    assert c.minimal_leaves == 4 ** 3 + 4 ** 2 - 1 == 79
    assert c.all_leaves == 4 ** 5
    exact = {r.value for r in c.rows if r.algorithm not in LOWER_BOUND_ONLY}
    assert len(exact) == 1
    for r in c.rows:
        check_value(r.algorithm, r.value, next(iter(exact)))
    expected = cli_json("compare", "--tree-gen", spec, "--json")
    assert expected["minimal_leaves"] == c.minimal_leaves
    assert expected["all_leaves"] == c.all_leaves
    ours = {r.algorithm: r for r in c.rows}
    assert set(ours) >= {row["algo"] for row in expected["rows"]}
    for row in expected["rows"]:
        r = ours[row["algo"]]
        assert (r.value, r.nodes, r.leaves, r.researches, str(r.best_move)) == (
            row["value"], row["nodes"], row["leaves"], row["researches"], row["best"]), row["algo"]
    assert ours["minimax"].leaves == 4 ** 5
    assert all(r.leaves >= 79 for r in c.rows)


def test_uniform_search_matches_compare():
    spec = "b=4,d=5,seed=1,order=random"
    c = ply.compare(ply.Uniform(spec), ["alphabeta"])
    r = ply.search(ply.Uniform(spec), "alphabeta")
    assert (r.value, r.nodes, r.leaves) == (c.rows[0].value, c.rows[0].nodes, c.rows[0].leaves)
