"""Every class of the module under pickle, copy and __new__ without __init__:
each works or raises a clear TypeError, and never aborts the interpreter.
Each check runs in a child process, which a crash ends alone."""

import pathlib
import subprocess
import sys

PROBE = pathlib.Path(__file__).with_name("object_probe.py")


def run_python(*args):
    run = subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, f"exit {run.returncode}\n{run.stdout}\n{run.stderr}"
    return run.stdout


def test_every_class_pickles_copies_or_says_why_and_none_is_usable_uninitialised():
    run_python(str(PROBE))


def test_games_pickle_at_every_protocol():
    assert run_python("-c", """
import pickle, ply
g = ply.Chess()
g.play("e2e4")
for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
    back = pickle.loads(pickle.dumps(g, protocol))
    assert back.history == ["e2e4"] and back.position() == g.position(), protocol
print("pickled")
""") == "pickled\n"


def test_an_uninitialised_game_says_so():
    assert run_python("-c", """
import ply
g = ply.Chess.__new__(ply.Chess)
try:
    g.position()
except TypeError as e:
    print(e)
""").startswith("this ply object was made by __new__ without __init__")


def test_pybind11s_own_base_is_refused():
    # Made an instance of itself, pybind11's base class aborted the interpreter.
    assert run_python("-c", """
import ply
base = ply.Chess.__mro__[-2]
for make in (base, lambda: base.__new__(base), lambda: ply.Chess.__new__(base), lambda: ply.Game.__new__(int)):
    try:
        make()
    except TypeError as e:
        print("TypeError")
""") == "TypeError\n" * 4
