"""Shared fixtures of the Python binding's tests.

Run from the repository as

    PYTHONPATH=build/release/python python3 -m pytest tests/python

(ctest sets PYTHONPATH the same way, and PLY_DATA_DIR and PLY_BINARY). This
file adds nothing to sys.path: the module under test is the one the
environment names.
"""

import json
import os
import pathlib
import subprocess

import pytest

import ply

ROOT = pathlib.Path(__file__).resolve().parents[2]


def data_dir() -> pathlib.Path:
    return pathlib.Path(os.environ.get("PLY_DATA_DIR", ROOT / "data"))


def ply_binary() -> pathlib.Path:
    return pathlib.Path(os.environ.get("PLY_BINARY", ROOT / "build" / "release" / "ply"))


@pytest.fixture(scope="session")
def data() -> pathlib.Path:
    d = data_dir()
    if not d.is_dir():
        pytest.skip(f"no reference data at {d} (set PLY_DATA_DIR)")
    return d


@pytest.fixture(scope="session")
def cli():
    """Runs the `ply` command: cli(args...) -> CompletedProcess (text)."""
    binary = ply_binary()
    if not os.access(binary, os.X_OK):
        pytest.skip(f"no ply binary at {binary} (set PLY_BINARY)")

    def run(*args, check=True, timeout=60, input_text=None):
        return subprocess.run([str(binary), *args], capture_output=True, text=True, check=check,
                              timeout=timeout, input=input_text)

    return run


@pytest.fixture(scope="session")
def cli_json(cli):
    def run(*args):
        return json.loads(cli(*args).stdout)

    return run


class Nim:
    """Nim with one heap: take 1, 2 or 3 stones; who takes the last stone wins.

    The side to move loses exactly when the heap is a multiple of 4 (the
    opponent answers k with 4 - k): from n = 4q + r, r > 0, taking r wins in
    1 + 2q plies; from n = 4q the loss comes after 2q plies, whatever is taken.
    No copy(): the searches copy it with copy.deepcopy.
    """

    def __init__(self, stones: int):
        self.stones = stones
        self.taken = []  # the moves played, for undo()
        self.calls = 0  # play() and undo() calls made on this very object

    def legal_moves(self):
        return [k for k in (1, 2, 3) if k <= self.stones]

    def play(self, move):
        if move not in (1, 2, 3) or move > self.stones:
            raise ValueError(f"cannot take {move!r} of {self.stones}")
        self.stones -= move
        self.taken.append(move)
        self.calls += 1

    def undo(self):
        self.stones += self.taken.pop()
        self.calls += 1

    def outcome(self):
        # The opponent took the last stone: the side to move has lost.
        return ply.Outcome.LOSS if self.stones == 0 else ply.Outcome.ONGOING

    def evaluate(self):
        return 0


class CopyingNim(Nim):
    """Nim with a copy() of its own, which the searches use instead of deepcopy."""

    copies = 0

    def copy(self):
        type(self).copies += 1
        other = type(self)(self.stones)
        other.taken = list(self.taken)
        return other


class HashedNim(Nim):
    """Nim with a hash (the heap is the whole position): transposition tables."""

    def hash(self):
        return (self.stones + 1) * 0x9E3779B1


def nim_value(stones: int) -> int:
    """The exact value of a heap for the side to move, in Ply's mate scores."""
    if stones % 4 == 0:
        return ply.mated_in_plies(2 * (stones // 4))
    return ply.mate_in_plies(1 + 2 * (stones // 4))


@pytest.fixture(name="Nim")
def nim_fixture():
    return Nim


@pytest.fixture(name="nim_value")
def nim_value_fixture():
    return nim_value


@pytest.fixture(name="CopyingNim")
def copying_nim_fixture():
    return CopyingNim


@pytest.fixture(name="HashedNim")
def hashed_nim_fixture():
    return HashedNim
