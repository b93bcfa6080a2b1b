"""Games as `ply match --pgn` writes them, for the tools in bench/ that study
them: each game's tags, and its moves with what their comments say.

The arena starts a game from the book's last position (the FEN tag; the book's
moves are in a comment), so every move read is a move after the book. A move's
comment gives the mover's score and the time it took, {+0.35/12 0.52s, clk
...} (mates +#N and -#N); a line may break a comment anywhere there is a space.
"""
import re
import sys
from dataclasses import dataclass

TOKEN = re.compile(r"\{[^}]*\}|\d+\.(?:\.\.)?|[A-Za-z][^\s{]*")  # a comment, a move number, a move
MOVE_COMMENT = re.compile(r"\{(?:([+-](?:#\d+|\d+(?:\.\d+)?))(?:/\d+)?\s+)?([0-9]+(?:\.[0-9]+)?)s(?:,\s+clk[^}]*)?\}")


@dataclass
class Move:
    san: str
    score: float | None = None    # the mover's, in pawns, mates as +-100; None where it gave none
    seconds: float | None = None  # what the move took; None where its comment did not say


def pawns(score):
    """A comment's score in pawns, mates as +-100; None where the mover gave none."""
    if not score:
        return None
    if "#" in score:
        return 100.0 if score[0] == "+" else -100.0
    return float(score)


def games(text):
    """Each game's tags (a dict) and its moves (a list of Move)."""
    for game in text.split("[Event ")[1:]:
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', game, re.M))
        body = game.split("\n\n", 1)[1] if "\n\n" in game else ""
        moves = []
        for token in TOKEN.findall(body):
            if token[0].isalpha():
                moves.append(Move(token))
            elif (comment := MOVE_COMMENT.fullmatch(token)) and moves:
                moves[-1].score = pawns(comment.group(1))
                moves[-1].seconds = float(comment.group(2))
        yield tags, moves


def white_moves_first(tags):
    """Whether the game's first move is White's (a FEN tag may give Black the move)."""
    return " b " not in tags.get("FEN", " w ")


def read(path, tool):
    """The text of `path`, or the tool's one-line error."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:  # a stray byte is no move
            return f.read()
    except OSError as e:
        sys.exit(f"{tool}: cannot read {path}: {e.strerror}")
