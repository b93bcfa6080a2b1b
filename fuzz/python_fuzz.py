#!/usr/bin/env python3
"""Throws random and hostile input at the Python module ply for a bounded
time: positions and moves (mutated from real ones), search options, pickled
states, objects made without __init__, and games written in Python that
break their contract. Fails on a crash, a hang, a nonsense result or an
exception that is not a clear Python one (ply.Error, TypeError, ValueError,
or the fuzzed game's own).

    PYTHONPATH=build/release/python python3 fuzz/python_fuzz.py [SECONDS] [SEED]

The cases run in child processes, so that a crash is seen; each child
writes the case it runs to a file first, and the failing case is printed.
Needs only the standard library and the module.
"""

import os
import pickle
import random
import subprocess
import sys
import tempfile
import time
import traceback

BATCH_SECONDS = 8  # a child's share of the time
HANG_SECONDS = 20  # past its share: a call that never returned


class Boom(Exception):
    """What the fuzzed Python games raise on purpose."""


def hostile_text(rng, seeds):
    """A string a careless or hostile user might pass for a position or a move."""
    kind = rng.randrange(6)
    if kind == 0:
        return "".join(chr(rng.choice([rng.randrange(32, 127), rng.randrange(0, 0x2FF), 0])) for _ in
                       range(rng.randrange(40)))
    if kind == 1:
        return rng.choice(["", " ", "\n", "\x00", "startpos", "-", "9" * 40, "x" * 100000, "((", ")(", "b=0",
                           "b=256,d=255", "b=2,d=300,seed=-1", "19x19", "0x0", "-1x-1", "e2e4" * 1000])
    text = list(rng.choice(seeds))
    for _ in range(rng.randrange(1, 5)):
        if not text:
            break
        i = rng.randrange(len(text))
        op = rng.randrange(4)
        if op == 0:
            del text[i]
        elif op == 1:
            text.insert(i, rng.choice("0123456789/ -wbkqrnpKQRNPxX()=,.:;#+\x00é"))
        elif op == 2:
            text[i] = rng.choice("0123456789abcdefghpqrs ")
        else:
            text[i:i] = text[i:i + rng.randrange(1, 10)]
    return "".join(text)


def hostile_number(rng):
    """A value no option takes (or one at its edge that costs nothing)."""
    return rng.choice([0, -1, -2 ** 31, 2 ** 31, 2 ** 63, 2 ** 64, 10 ** 30, 256, 257, 0.0, 1e-9, -0.5,
                       float("nan"), float("inf"), -float("inf"), 1e300, "3", b"1", [1], object()])


def sane_score(ply, value, text):
    if value is None:
        assert text == "none", text
        return
    assert isinstance(value, int) and -ply.MATE <= value <= ply.MATE, value
    assert text.startswith("#") == ply.is_mate(value), (value, text)
    if ply.is_mate(value):
        assert abs(int(text[1:])) <= ply.MATE - abs(value) + 1, (value, text)


def check_result(ply, result, legal):
    """What every result must satisfy, whatever the game."""
    for name in ("value",):
        if hasattr(result, name) and hasattr(result, "value_text"):
            sane_score(ply, getattr(result, name), result.value_text)
    best = getattr(result, "best_move", None)
    if best is not None and legal is not None:
        assert best in legal, (best, legal)


def uniform_leaves(game):
    """The leaves of a uniform tree: what solving it costs."""
    shape = dict(part.split("=", 1) for part in game.position().split(" @")[0].split(",") if "=" in part)
    return int(shape.get("b", 1)) ** int(shape.get("d", 1))


def builtin_game_case(ply, rng, seeds):
    name = rng.choice(ply.games())
    cls = getattr(ply, name.capitalize())
    position = rng.choice([None, cls.start, hostile_text(rng, seeds[name])])
    game = cls(position)
    for _ in range(rng.randrange(4)):
        moves = game.legal_moves()
        if rng.random() < 0.7 and moves:
            game.play(rng.choice(moves))
        else:
            texts = [str(m) for m in moves] or ["a1", "e2e4", "pass"]
            game.play(hostile_text(rng, texts))
    legal = game.legal_moves()
    game.position(), game.render(), game.outcome(), game.evaluate(), game.hash(), repr(game)
    back = pickle.loads(pickle.dumps(game, rng.randrange(pickle.HIGHEST_PROTOCOL + 1)))
    assert back.position() == game.position() and back.history == game.history
    small = name in ("tictactoe", "tree") or (name == "uniform" and uniform_leaves(game) <= 10 ** 5)
    call = rng.randrange(7)
    if call == 0:
        game.perft(rng.choice([0, 1, 2, 3 if small or name in ("chess", "connect4", "minichess") else 1,
                               hostile_number(rng)]))
    elif call == 1:
        r = ply.search(game, rng.choice(ply.ALGORITHMS + ["", "x" * 200]), depth=rng.choice([0, 1, 2, hostile_number(rng)]),
                       iterative=rng.random() < 0.5, trace=rng.random() < 0.2)
        check_result(ply, r, legal)
    elif call == 2:
        r = ply.Engine(hash_mb=rng.choice([1, 2, hostile_number(rng)]), threads=rng.choice([1, 2, hostile_number(rng)])
                       ).search(game, depth=rng.choice([None, 1, 3, hostile_number(rng)]),
                                nodes=rng.choice([None, 1, 100, 3000, hostile_number(rng)]), time=0.1,
                                multipv=rng.choice([1, 2, 5, hostile_number(rng)]))
        check_result(ply, r, legal)
    elif call == 3:
        r = ply.mcts(game, iterations=rng.choice([1, 50, 300, hostile_number(rng)]), time=0.1,
                     threads=rng.choice([1, 2, hostile_number(rng)]), seed=rng.choice([0, 7, hostile_number(rng)]))
        check_result(ply, r, legal)
    elif call == 4 and small:
        check_result(ply, ply.solve(game, weak=rng.random() < 0.5), legal)
    elif call == 5:
        state = rng.choice([(position, [hostile_text(rng, [str(m) for m in legal] or ["1"])]),
                            (hostile_number(rng), [1]), ("startpos",), None, (cls.start, "e2e4")])
        cls.__new__(cls).__setstate__(state)
    else:
        obj = cls.__new__(cls)
        getattr(obj, rng.choice(["position", "legal_moves", "render", "outcome", "copy", "__getstate__"]))()


class FuzzGame:
    """A game written in Python whose every method may break the contract."""

    def __init__(self, rng_seed, plies=0):
        self.rng = random.Random(rng_seed)
        self.seed = rng_seed
        self.plies = plies
        self.branching = self.rng.randrange(0, 5)

    def _break(self, good):
        r = self.rng.random()
        if r < 0.97:
            return good
        if r < 0.98:
            raise Boom("on purpose")
        return self.rng.choice([None, 1.5, float("nan"), 10 ** 40, -ply_mate(), "x", [1], object()])

    def copy(self):
        if self.rng.random() < 0.002:
            return self
        return FuzzGame(self.seed, self.plies)

    def legal_moves(self):
        if self.plies >= 6:
            return self._break([])
        moves = list(range(self.branching))
        if self.rng.random() < 0.02:
            moves = self.rng.choice([[0, 0], [[0]], None, 5, range(300), [float("nan")] * 2, [2 ** 80, -1, "m"]])
        return self._break(moves)

    def play(self, move):
        self._break(None)
        self.plies += 1

    def undo(self):
        self._break(None)
        self.plies -= 1

    def outcome(self):
        import ply
        good = ply.Outcome.LOSS if self.plies >= 6 or self.branching == 0 else ply.Outcome.ONGOING
        return self._break(good)

    def evaluate(self):
        return self._break(self.rng.randrange(-100, 100))

    def hash(self):
        return self._break(self.plies * 0x9E3779B97F4A7C15 + self.seed)


ORIGINAL_HASH = FuzzGame.hash


def ply_mate():
    import ply
    return ply.MATE


def python_game_case(ply, rng):
    game = FuzzGame(rng.randrange(2 ** 32))
    if rng.random() < 0.5:
        del FuzzGame.hash  # the plain adapter too
    call = rng.randrange(5)
    if call == 0:
        r = ply.search(game, rng.choice(ply.ALGORITHMS), depth=rng.choice([1, 3, 6, hostile_number(rng)]))
    elif call == 1:
        r = ply.Engine().search(game, depth=rng.choice([1, 4, hostile_number(rng)]), time=0.2,
                                on_info=rng.choice([None, lambda i: None]))
    elif call == 2:
        r = ply.mcts(game, iterations=rng.choice([10, 200, hostile_number(rng)]), time=0.2)
    elif call == 3:
        r = ply.solve(game)
    else:
        r = ply.compare(game, depth=rng.choice([1, 3, hostile_number(rng)]))
        r = r.rows[0]
    check_result(ply, r, None)


def run_case(ply, case_seed, seeds):
    case_rng = random.Random(case_seed)
    FuzzGame.hash = ORIGINAL_HASH
    if case_rng.random() < 0.6:
        builtin_game_case(ply, case_rng, seeds)
    else:
        python_game_case(ply, case_rng)


def child(seed, seconds, log_path, only_case=None):
    import ply
    allowed = (ply.Error, TypeError, ValueError, Boom)
    rng = random.Random(seed)
    seeds = {}
    for name in ply.games():
        cls = getattr(ply, name.capitalize())
        texts = {"tree": ["((3 12 8) (2 4 6) (14 5 2))", "(1 (2 3) -4)"],
                 "uniform": ["b=3,d=4,seed=1", "b=2,d=8"]}.get(name, [cls.start])
        if cls.start:
            g = cls()
            for _ in range(6):
                if g.legal_moves():
                    g.play(rng.choice(g.legal_moves()))
            texts.append(g.position())
        seeds[name] = texts
    if only_case is not None:
        run_case(ply, only_case, seeds)  # raises what it raises
        return 0
    end = time.monotonic() + seconds
    cases = 0
    while time.monotonic() < end:
        case_seed = rng.randrange(2 ** 32)
        with open(log_path, "w") as log:
            log.write(f"case: {sys.executable} {__file__} --case {seed} {case_seed}\n")
        try:
            run_case(ply, case_seed, seeds)
        except allowed:
            pass
        except BaseException:
            with open(log_path, "a") as log:
                log.write(traceback.format_exc())
            return 1
        cases += 1
    print(f"{cases} cases", flush=True)
    return 0


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 30
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else random.randrange(2 ** 32)
    print(f"python_fuzz: {seconds:g} s, seed {seed}")
    end = time.monotonic() + seconds
    master = random.Random(seed)
    total = 0
    with tempfile.TemporaryDirectory() as work:
        log_path = os.path.join(work, "case")
        while time.monotonic() < end:
            batch = max(1.0, min(BATCH_SECONDS, end - time.monotonic()))
            batch_seed = master.randrange(2 ** 32)
            command = [sys.executable, __file__, "--child", str(batch_seed), str(batch), log_path]
            try:
                run = subprocess.run(command, capture_output=True, text=True, timeout=batch + HANG_SECONDS)
                failure = None if run.returncode == 0 else f"exit status {run.returncode}"
                output = run.stdout + run.stderr
            except subprocess.TimeoutExpired as e:
                failure, output = f"hang: no answer {batch + HANG_SECONDS:g} s into a {batch:g} s batch", str(e.stdout)
            if failure:
                case = open(log_path).read() if os.path.exists(log_path) else "(no case written)"
                print(f"python_fuzz FAILED: {failure}; batch seed {batch_seed}\n{case}\n{output[-3000:]}")
                return 1
            total += int(run.stdout.split()[0]) if run.stdout.split() else 0
    print(f"python_fuzz: {total} cases, no failure")
    return 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--case":  # one case again: --case BATCH_SEED CASE_SEED
        sys.exit(child(int(sys.argv[2]), 0, os.devnull, int(sys.argv[3])))
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        sys.exit(child(int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]))
    sys.exit(main())
