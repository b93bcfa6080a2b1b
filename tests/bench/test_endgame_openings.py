"""bench/chess-endgame-openings: its legality test against Stockfish's, and the positions it wrote."""

import importlib.machinery
import importlib.util
import pathlib
import random
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "bench" / "chess-endgame-openings"
POSITIONS = ROOT / "bench" / "chess-endgame-openings.epd"
STOCKFISH = shutil.which("stockfish") or shutil.which("/usr/games/stockfish")


def load():
    loader = importlib.machinery.SourceFileLoader("chess_endgame_openings", str(SCRIPT))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def checkers(fens):
    """Stockfish's `d`: whether the side to move is in check, for each FEN."""
    commands = "".join(f"position fen {f}\nd\n" for f in fens) + "quit\n"
    out = subprocess.run([STOCKFISH], input=commands, capture_output=True, text=True, timeout=60).stdout
    return [line.split(":", 1)[1].strip() != "" for line in out.splitlines() if line.startswith("Checkers:")]


def flipped(fen):
    fields = fen.split()
    fields[1] = "b" if fields[1] == "w" else "w"
    return " ".join(fields)


@pytest.mark.skipif(STOCKFISH is None, reason="needs stockfish")
def test_legal_agrees_with_stockfish_on_random_boards():
    eo = load()
    rng = random.Random(1)
    boards = [eo.random_board(rng, *rng.choice(eo.MATERIALS)) for _ in range(400)]
    fens = [eo.fen(b, True) for b in boards]
    white_checked = checkers(fens)
    black_checked = checkers([flipped(f) for f in fens])
    assert len(white_checked) == len(black_checked) == len(boards)
    for board, fen, w, b in zip(boards, fens, white_checked, black_checked):
        kings = [s for s, p in board.items() if p in "Kk"]
        apart = max(abs(kings[0][0] - kings[1][0]), abs(kings[0][1] - kings[1][1])) > 1
        assert eo.legal(board) == (apart and not w and not b), fen
    assert 0 < sum(map(eo.legal, boards)) < len(boards)  # both kinds were met


def test_written_positions_are_the_chosen_materials():
    eo = load()
    wanted = {tuple(sorted(("K" + w, "K" + b))) for w, b in eo.MATERIALS}
    lines = [line for line in POSITIONS.read_text().splitlines() if not line.startswith("#")]
    assert len(lines) == len(set(lines)) == 196
    for line in lines:
        board, side, rights, ep, *_ = line.split()
        assert side in "wb" and rights == "-" and ep == "-", line
        rows = board.split("/")
        assert len(rows) == 8 and not any(c in "Pp" for c in rows[0] + rows[7]), line
        white = "".join(sorted((c for c in board if c in "QRBNP"), key="QRBNP".index))
        black = "".join(sorted((c.upper() for c in board if c in "qrbnp"), key="QRBNP".index))
        assert board.count("K") == board.count("k") == 1, line
        assert tuple(sorted(("K" + white, "K" + black))) in wanted, line
        assert 5 <= 2 + len(white) + len(black) <= 6, line


@pytest.mark.skipif(STOCKFISH is None, reason="needs stockfish")
def test_written_positions_have_neither_king_in_check():
    lines = [line for line in POSITIONS.read_text().splitlines() if not line.startswith("#")]
    assert not any(checkers(lines)) and not any(checkers([flipped(f) for f in lines]))
