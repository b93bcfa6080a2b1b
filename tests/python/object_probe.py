"""Tries pickle (protocols 0 to 5), copy, deepcopy and __new__ without
__init__ on an object of every class the module ply exports. Run as a
script in a child process (test_objects.py), so that an abort or a crash is
seen as the child's death rather than the end of pytest. Prints one line a
failure and exits 1 if there was any."""

import copy
import pickle
import sys

import ply


class Nim:
    """A Python game for the searches whose results hold Python moves."""

    def __init__(self, stones=5):
        self.stones = stones
        self.taken = []

    def legal_moves(self):
        return [k for k in (1, 2, 3) if k <= self.stones]

    def play(self, move):
        self.stones -= move
        self.taken.append(move)

    def undo(self):
        self.stones += self.taken.pop()

    def outcome(self):
        return ply.Outcome.LOSS if self.stones == 0 else ply.Outcome.ONGOING

    def evaluate(self):
        return 0


# The games that have no start position of their own.
POSITIONS = {"tree": "((3 12 8) (2 4 6) (14 5 2))", "uniform": "b=3,d=4,seed=1"}


def exported_classes():
    """Every class of the module, nested ones (ply.Chess.Move) included."""
    found, todo = [], [v for v in vars(ply).values() if isinstance(v, type)]
    while todo:
        cls = todo.pop()
        if cls in found or not cls.__module__.startswith("ply") or issubclass(cls, BaseException):
            continue
        found.append(cls)
        todo += [v for v in vars(cls).values() if isinstance(v, type)]
    return found


def samples():
    """Objects of the module's classes, made the ways a user makes them."""
    out = []
    for name in ply.games():
        cls = getattr(ply, name.capitalize())
        game = cls(POSITIONS.get(name))
        out.append(game)
        moves = game.legal_moves()
        if moves:
            out.append(moves[0])
            played = game.copy()
            played.play(moves[0])
            out.append(played)
    tictactoe = ply.Tictactoe()
    traced = ply.search(tictactoe, "alphabeta", depth=2, trace=True)
    out += [traced, traced.trace, traced.trace.nodes[0], traced.trace.events[0]]
    comparison = ply.compare(tictactoe, ["alphabeta"], depth=2)
    out += [comparison, comparison.rows[0]]
    infos = []
    engine = ply.Engine()
    result = engine.search(tictactoe, depth=3, multipv=2, on_info=infos.append)
    out += [engine, result, result.lines[0], infos[0]]
    out.append(ply.solve(tictactoe))
    mcts = ply.mcts(tictactoe, iterations=200)
    out += [mcts, mcts.moves[0]]
    out += list(ply.Outcome.__members__.values())
    out += [ply.search(Nim(), depth=3), ply.Engine().search(Nim(), depth=3), ply.solve(Nim())]
    return out


def same(a, b):
    """Whether a copy or an unpickled object is the same game, move, value..."""
    if isinstance(a, ply.Game):
        return type(a) is type(b) and a.position() == b.position() and a.history == b.history
    if isinstance(a, ply.Move):
        return type(a) is type(b) and a == b
    return type(a) is type(b)


def try_pickle_and_copy(obj, failures):
    what = type(obj).__qualname__
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        try:
            data = pickle.dumps(obj, protocol)
        except TypeError as e:
            if "pickle" not in str(e):
                failures.append(f"{what}: pickle protocol {protocol}: unclear TypeError: {e}")
            continue
        except Exception as e:  # noqa: BLE001 (any other error is the finding)
            failures.append(f"{what}: pickle protocol {protocol}: {type(e).__name__}: {e}")
            continue
        try:
            back = pickle.loads(data)
        except Exception as e:  # noqa: BLE001
            failures.append(f"{what}: unpickle protocol {protocol}: {type(e).__name__}: {e}")
            continue
        if not same(obj, back):
            failures.append(f"{what}: pickle protocol {protocol} gave {back!r}")
    for how in (copy.copy, copy.deepcopy):
        try:
            other = how(obj)
        except TypeError as e:
            if "cop" not in str(e) and "pickle" not in str(e):
                failures.append(f"{what}: {how.__name__}: unclear TypeError: {e}")
            continue
        except Exception as e:  # noqa: BLE001
            failures.append(f"{what}: {how.__name__}: {type(e).__name__}: {e}")
            continue
        if not same(obj, other):
            failures.append(f"{what}: {how.__name__} gave {other!r}")


def uses(obj):
    """Ways to use an object: its public attributes (called when methods), and the protocols."""
    for name in dir(type(obj)):
        if not name.startswith("_"):
            yield name, lambda name=name: (lambda a: a() if callable(a) else a)(getattr(obj, name))
    yield "repr", lambda: repr(obj)
    yield "str", lambda: str(obj)
    yield "==", lambda: obj == obj
    yield "hash", lambda: hash(obj)
    yield "int", lambda: int(obj)
    yield "__getstate__", lambda: obj.__getstate__()
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        yield f"pickle {protocol}", lambda protocol=protocol: pickle.dumps(obj, protocol)
    yield "copy", lambda: copy.copy(obj)
    yield "deepcopy", lambda: copy.deepcopy(obj)


def try_uninitialised(cls, failures):
    what = cls.__qualname__
    try:
        obj = cls.__new__(cls)
    except TypeError:
        return  # cannot be made: as good as refusing every use
    for name, use in uses(obj):
        try:
            use()
        except TypeError:
            pass  # what an object that was never made must answer
        except Exception as e:  # noqa: BLE001
            failures.append(f"uninitialised {what}: {name}: {type(e).__name__}: {e}")


def main():
    failures = []
    objects = samples()
    covered = {type(o) for o in objects}
    for cls in exported_classes():
        if cls not in covered and not any(issubclass(c, cls) for c in covered):
            failures.append(f"{cls.__qualname__}: no sample object: add one to samples()")
    for obj in objects:
        try_pickle_and_copy(obj, failures)
    for cls in exported_classes():
        try_uninitialised(cls, failures)
        sys.stdout.flush()
    for f in failures:
        print(f)
    print(f"{len(objects)} objects, {len(exported_classes())} classes, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
