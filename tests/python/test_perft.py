"""Move generation through the binding: perft counts and legal-move lists
against published figures (the Chess Programming Wiki's perft positions,
the MiniChess course's move-generator cases, tic-tac-toe's game counts,
John Tromp's Connect Four position counts)."""

import math

import pytest

import ply

MAX_NODES = 200_000  # the largest count checked: keeps the suite quick


def epd_cases(path, first):
    cases = []
    for line in path.read_text().splitlines()[:first]:
        fen, *depths = [part.strip() for part in line.split(";")]
        counts = {int(d.split()[0][1:]): int(d.split()[1]) for d in depths}
        cases.append((fen, counts))
    return cases


def test_chess_perft(data):
    cases = epd_cases(data / "perft" / "cpw_classic_positions.epd", first=5)
    assert len(cases) == 5
    checked = 0
    for fen, counts in cases:
        g = ply.Chess(fen)
        for depth, count in sorted(counts.items()):
            if count > MAX_NODES:
                break
            assert g.perft(depth) == count, (fen, depth)
            checked += 1
        assert g.position() == fen  # perft leaves the game as it was
        # Depth 1 is the number of legal moves.
        assert len(g.legal_moves()) == counts[1]
    assert checked >= 15


def test_chess_perft_by_hand(data):
    """Depth 2 of the first positions as a sum over the legal moves (play, count, undo)."""
    for fen, counts in epd_cases(data / "perft" / "cpw_classic_positions.epd", first=3):
        g = ply.Chess(fen)
        total = 0
        for m in g.legal_moves():
            g.play(m)
            total += len(g.legal_moves())
            assert g.undo() == m
        assert total == counts[2]
        assert g.position() == fen


def minichess_cases(data):
    folder = data / "minichess" / "genmoves-tests"
    for board in sorted(folder.glob("*.in")):
        yield board.stem, board.read_text(), board.with_suffix(".out").read_text().split()


def test_minichess_move_generator_cases(data):
    """The MiniChess course's 103 move-generator cases: the legal moves, as the .out lists them."""
    checked = over = 0
    for name, board, expected in minichess_cases(data):
        g = ply.Minichess(board)
        move_number = int(board.split()[0])
        if move_number > 40:  # past Black's 40th move: the game is drawn by the move limit
            assert g.outcome() == ply.Outcome.DRAW, name
            over += 1
            continue
        if not expected:  # loss-no-moves: a side without a king has lost
            assert g.legal_moves() == [] and g.outcome() == ply.Outcome.LOSS, name
            continue
        assert sorted(str(m) for m in g.legal_moves()) == expected, name
        checked += 1
    assert checked >= 95 and over == 2


def test_minichess_perft_by_hand():
    """perft agrees with play/undo walks of the start (the start has 7 moves)."""
    g = ply.Minichess()
    assert g.perft(1) == len(g.legal_moves()) == 7

    def walk(depth):
        if depth == 0:
            return 1
        n = 0
        for m in g.legal_moves():
            g.play(m)
            n += walk(depth - 1)
            g.undo()
        return n

    for depth in (2, 3):
        assert g.perft(depth) == walk(depth)


def test_tictactoe_perft():
    # Move paths of exactly d plies (games that end earlier are not counted):
    # 9!/(9-d)! until the first wins at ply 5, then fewer. Games that end on
    # ply 5, 6, 7, 8 and 9: 1440, 5328, 47952, 72576 and 127872 (the last
    # 81792 wins for X and 46080 draws), 255168 games in all.
    expected = [1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]
    g = ply.Tictactoe()
    counts = [g.perft(d) for d in range(10)]
    assert counts == expected
    assert g.perft(10) == 0
    # Every path alive after d plies has 9 - d moves, so perft(d) - perft(d+1)/(9-d)
    # paths ended at ply d: the number of games.
    games = sum(counts[d] - counts[d + 1] // (9 - d) for d in range(9)) + counts[9]
    assert games == 255168
    assert all(counts[d] == math.perm(9, d) for d in range(5))


def test_connect4_perft():
    # No game ends before the first player's fourth stone (ply 7), and no column
    # is full before 6 stones: 7^d paths up to d = 6. At ply 7, 7 of the 7^6
    # paths (one column filled) have 6 moves instead of 7.
    g = ply.Connect4()
    for d in range(7):
        assert g.perft(d) == 7 ** d
    assert g.perft(7) == 7 ** 7 - 7


# John Tromp's table of legal positions (including the empty board; play stops at a win).
TROMP = {(w, h): int(n) for h, row in [
    (1, "2 5 13 35 96 267 750 2118"),
    (2, "3 18 116 741 4688 29737"),
    (3, "4 58 869 12031"),
    (4, "5 179 6000 161029"),
] for w, n in enumerate(row.split(), start=1)}


def tromp_table(data):
    table = {}
    for line in (data / "connect4" / "tromp_position_counts.txt").read_text().splitlines():
        if line.startswith("#") or line.startswith("height"):
            continue
        height, *counts = line.split()
        for width, count in enumerate(counts, start=1):
            table[(width, int(height))] = int(count)
    return table


def distinct_positions(width, height):
    """Every position reachable on a width x height board, told apart by its stones (each
    column's colours from the bottom, kept here beside the game), play stopping at a win."""
    g = ply.Connect4(f"{width}x{height}:")
    columns = [[] for _ in range(width)]
    seen = set()

    def key():
        return tuple(tuple(c) for c in columns)

    def walk(player):
        k = key()
        if k in seen:
            return
        seen.add(k)
        if g.is_over():
            return
        for m in g.legal_moves():
            col = int(str(m)) - 1
            g.play(m)
            columns[col].append(player)
            walk(1 - player)
            columns[col].pop()
            g.undo()

    walk(0)
    return len(seen)


@pytest.mark.parametrize("width,height", [(4, 1), (8, 1), (3, 3), (5, 2), (2, 4), (3, 4), (4, 3), (4, 4)])
def test_connect4_positions_against_tromp(data, width, height):
    table = tromp_table(data)
    assert table[(width, height)] == TROMP[(width, height)]
    assert distinct_positions(width, height) == table[(width, height)]
