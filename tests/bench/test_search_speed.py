"""bench/search-speed against the ply binary (PLY, as ctest sets it): both modes and bad input."""

import os
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
PLY = os.environ.get("PLY", str(ROOT / "build" / "release" / "ply"))


def run(*args):
    return subprocess.run([sys.executable, str(ROOT / "bench" / "search-speed"), *args],
                          capture_output=True, text=True, timeout=120)


def test_node_mode_times_each_engine_against_the_first():
    engine = f"{PLY} uci"
    r = run("--nodes", "3000", "--rounds", "2", engine, engine)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == 2
    pattern = re.compile(r"^.* uci: all rounds [0-9.]+ s \(([0-9.]+)\), fastest rounds [0-9.]+ s \(([0-9.]+)\)$")
    first = pattern.match(lines[0])
    assert first and first.groups() == ("1.000", "1.000"), lines[0]
    second = pattern.match(lines[1])
    assert second and 0 < float(second.group(1)) < 100, lines[1]


def test_movetime_mode_reports_depths_and_speed(tmp_path):
    fens = tmp_path / "two.fens"
    fens.write_text("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n\nr1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n")
    r = run("--movetime", "100", "--fens", str(fens), f"{PLY} uci")
    assert r.returncode == 0, r.stderr
    match = re.fullmatch(r".* uci: depths (\d+) (\d+), mean ([0-9.]+) million nodes a second\n", r.stdout)
    assert match and all(int(d) > 0 for d in match.groups()[:2]) and float(match.group(3)) > 0, r.stdout


def test_bad_input_is_one_line_and_no_traceback(tmp_path):
    empty = tmp_path / "empty.fens"
    empty.write_text("\n")
    cases = [
        (["--nodes", "100", "/nonexistent/engine"], "cannot start '/nonexistent/engine'"),
        (["--nodes", "100", "/bin/false"], "the engine ended"),
        (["--nodes", "100", 'a"b'], "cannot start"),
        (["--nodes", "100", "--fens", str(tmp_path / "missing"), f"{PLY} uci"], "cannot read"),
        (["--nodes", "100", "--fens", str(empty), f"{PLY} uci"], "holds no FEN"),
        (["--nodes", "0", f"{PLY} uci"], "must be at least 1"),
        (["--movetime", "10", "--rounds", "0", f"{PLY} uci"], "must be at least 1"),
    ]
    for args, message in cases:
        r = run(*args)
        assert r.returncode != 0, args
        assert message in r.stderr, (args, r.stderr)
        assert "Traceback" not in r.stderr, (args, r.stderr)
