"""bench/eval-gap, bench/time-use, bench/wdl-fit and bench/eval-compare on small games and positions."""

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

# Ply loses the first game after the opponent reaches +1.20 at its second
# move; the second starts with Black (Ply) to move and is drawn after the
# opponent's +#3; the third is between two other engines.
GAMES = """[Event "Ply match"]
[White "ply"]
[Black "eth"]
[Result "0-1"]
[SetUp "1"]
[FEN "4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 9"]

{Opening: e4 e5} 9. Kd2 {-0.10/12 0.500s, clk 0:00:09.50} Kd7 {+0.50/13 0.300s,
clk 0:00:09.70} 10. Kc2 {-0.20/12 0.100s, clk 0:00:09.50} Kc7 {+1.20/14 0.100s, clk 0:00:09.70}
11. Kb2 {-3.00/10 0.100s, clk 0:00:09.50} {Black mates} 0-1

[Event "Ply match"]
[White "eth"]
[Black "ply"]
[Result "1/2-1/2"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/8/4K3 b - - 0 9"]

9... Kd7 {+0.00/12 0.700s, clk 0:00:09.30} 10. Kd2 {+#3/20 0.100s, clk 0:00:09.90}
{Draw by 3-fold repetition} 1/2-1/2

[Event "Ply match"]
[White "other"]
[Black "eth"]
[Result "1-0"]

1. e4 {+2.00/12 0.100s, clk 0:00:09.50} 1-0
"""


def run(tool, *args, tmp_path):
    pgn = tmp_path / "games.pgn"
    pgn.write_text(GAMES)
    return subprocess.run([sys.executable, str(ROOT / "bench" / tool), *args, str(pgn)],
                          capture_output=True, text=True, timeout=60)


def test_eval_gap_finds_where_the_lost_game_was_lost(tmp_path):
    r = run("eval-gap", "ply", tmp_path=tmp_path)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "ply: 2 games; 1 lost after the winner's score reached +1.00"
    assert lines[1].startswith("  first at moves after the book: 1-10: 1  11-20: 0")
    assert "median -0.20" in lines[2]
    assert lines[3].endswith("within 20 moves: 2, ply W 0 D 1 L 1")


def test_eval_gap_threshold_and_errors(tmp_path):
    r = run("eval-gap", "--threshold", "2", "ply", tmp_path=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("ply: 2 games; 0 lost after the winner's score reached +2.00")  # +1.20 falls short
    assert "W 0 D 1 L 0" in r.stdout
    r = run("eval-gap", "nobody", tmp_path=tmp_path)
    assert r.returncode != 0 and r.stderr.count("\n") == 1 and "no game of nobody" in r.stderr
    for bad in ("-1", "0", "inf", "nan"):
        r = run("eval-gap", "--threshold", bad, "ply", tmp_path=tmp_path)
        assert r.returncode != 0 and "positive, finite" in r.stderr, bad


def test_eval_gap_writes_the_positions_where_games_were_lost(tmp_path):
    pytest.importorskip("ply")  # ctest puts the module on PYTHONPATH
    fens = tmp_path / "gap.txt"
    r = run("eval-gap", "--fens", str(fens), "ply", tmp_path=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "1 positions written" in r.stdout
    # Before the winner's Kc7, the move at which it first said +1.20.
    assert fens.read_text() == ("8/3kp3/8/8/8/8/2K1P3/8 b - - 3 10 ; ply lost to eth ; move 2 after the book ; "
                                "winner +1.20 ; ply -0.20\n")
    r = run("eval-gap", "--fens", str(tmp_path / "missing" / "gap.txt"), "ply", tmp_path=tmp_path)
    assert r.returncode != 0 and "cannot write" in r.stderr and not (tmp_path / "missing").exists()
    broken = tmp_path / "broken.pgn"
    broken.write_text(GAMES.replace("4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 9", "4k3/4p3"))
    out = tmp_path / "none.txt"
    r = subprocess.run([sys.executable, str(ROOT / "bench" / "eval-gap"), "--fens", str(out), "ply", str(broken)],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode != 0 and r.stderr.count("\n") == 1 and "cannot replay ply - eth" in r.stderr
    assert not out.exists()


def test_time_use_averages_each_engines_moves(tmp_path):
    r = run("time-use", tmp_path=tmp_path)
    assert r.returncode == 0, r.stderr
    rows = {line.split()[0]: line.split()[1:] for line in r.stdout.splitlines()[1:]}
    assert rows["ply"][0] == "0.350" and rows["ply"][-1] == "4"  # (0.5 + 0.1 + 0.1 + 0.7) / 4
    assert rows["eth"][0] == "0.167" and rows["eth"][-1] == "3"  # (0.3 + 0.1 + 0.1) / 3


def test_wdl_fit_takes_every_scored_move_but_mates(tmp_path):
    r = run("wdl-fit", tmp_path=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("samples: 7\n")  # 5 + 1 (+#3 left out) + 1
    # The mover's result: ply's -0.10 and -0.20 (lost); eth's +0.50 (won) and ply's +0.00 in the draw.
    rows = {line.split()[0]: line.split()[1:5] for line in r.stdout.splitlines()[3:]}
    assert rows["-50"] == ["2", "0.000", "0.000", "1.000"] and rows["50"] == ["2", "0.500", "0.500", "0.000"]
    r = subprocess.run([sys.executable, str(ROOT / "bench" / "wdl-fit"), str(tmp_path / "missing.pgn")],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode != 0 and r.stderr.count("\n") == 1 and "cannot read" in r.stderr


STOCKFISH = pathlib.Path("/usr/games/stockfish")


def compare(tmp_path, text, *args):
    positions = tmp_path / "positions.txt"
    positions.write_text(text)
    return subprocess.run([sys.executable, str(ROOT / "bench" / "eval-compare"), *args, str(positions)],
                          capture_output=True, text=True, timeout=120)


def test_eval_compare_sets_plys_evaluation_beside_stockfishs(tmp_path):
    if not STOCKFISH.exists():
        pytest.skip("Debian's stockfish is not installed")
    # Black to move a queen down; White to move in check (Stockfish: no evaluation); an EPD line.
    r = compare(tmp_path, "3qk3/8/8/8/8/8/8/2QQ1K2 b - - 0 1 ; a note\n"
                          "4k3/8/8/8/8/8/8/r3K3 w - - 0 1\n"
                          "4k3/8/8/8/8/8/3PPP2/4K3 w - -\n", "--each")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()[1:]  # after the heading
    assert all(float(v) < -3 for v in lines[0].split()[:3])  # all three: Black, a queen down, is lost
    assert lines[1].split()[1:3] == ["none", "none"]
    assert lines[2].endswith("4k3/8/8/8/8/8/3PPP2/4K3 w - - 0 1") and float(lines[2].split()[1]) > 1
    assert lines[3].startswith("2 positions (1 in check left out)")
    assert lines[4].startswith("  Stockfish at least 0.5 above Ply: ")


def test_eval_compare_refuses_what_is_not_a_position(tmp_path):
    r = compare(tmp_path, "4k3/8/8/8/8/8/8/4K3 w - - 0 1\nnot a fen at all\n")
    assert r.returncode != 0 and r.stderr.count("\n") == 1 and ":2: not a FEN" in r.stderr
    r = compare(tmp_path, "\n\n")
    assert r.returncode != 0 and "no positions" in r.stderr
