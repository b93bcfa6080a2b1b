"""Ply from Python: every game of Ply's registry and every search, at C++ speed.

>>> import ply
>>> g = ply.game("tictactoe")
>>> ply.solve(g).result
<Outcome.DRAW: 3>
"""

from typing import Callable, ClassVar, Iterable, Hashable, Optional, Protocol, Sequence, Union

__version__: str

# Scores are side-relative: positive is good for the side to move. A game's
# end is scored by distance: a win `n` plies away is MATE - n.
MATE: int  # a win right now
MATE_BOUND: int  # |score| >= MATE_BOUND is a won or lost game
MAX_EVAL: int  # the largest |evaluate()| a game may return
ALGORITHMS: list[str]  # the classic algorithms: minimax, negamax, alphabeta, ...

def mate_in_plies(plies: int) -> int: ...
def mated_in_plies(plies: int) -> int: ...
def is_mate(score: int) -> bool: ...

class Error(Exception):
    """Any error of Ply; its message is the command line's one line."""

class ParseError(Error, ValueError):
    """A position, move, tree or option that Ply cannot read."""

class IllegalMoveError(ParseError):
    """A move that is not legal here (or the game is over)."""

class Outcome:
    """The state of a game for the side to move (a pybind11 enum: int(o), o.name)."""
    ONGOING: ClassVar["Outcome"]
    WIN: ClassVar["Outcome"]
    LOSS: ClassVar["Outcome"]
    DRAW: ClassVar["Outcome"]
    SCORED: ClassVar["Outcome"]  # over, and evaluate() is the exact value (leaves of explicit trees)
    @property
    def name(self) -> str: ...
    @property
    def value(self) -> int: ...
    def __int__(self) -> int: ...

class Move:
    """A move of one position, in the game's notation (str(move)) and as an object.

    Each game's moves are of its own subclass (ply.Chess.Move, ...)."""
    @property
    def text(self) -> str: ...  # the game's notation: what play() and the command line accept
    @property
    def display(self) -> str: ...  # as people read it (chess: SAN)
    def __eq__(self, other: object) -> bool: ...  # with a Move, or with its text
    def __hash__(self) -> int: ...

class Game:
    """Base class of every built-in game (ply.Chess, ply.Connect4, ...)."""
    name: ClassVar[str]  # the registry's name, as in `ply search <name>`
    summary: ClassVar[str]
    start: ClassVar[str]  # the position a new game starts from ("" when it needs one)
    def __init__(self, position: Optional[str] = None) -> None: ...  # ParseError on a bad position
    def legal_moves(self) -> list[Move]: ...
    def parse_move(self, text: str) -> Move: ...  # IllegalMoveError
    def play(self, move: Union[Move, str]) -> None: ...  # IllegalMoveError
    def undo(self) -> Move: ...  # Error when nothing was played
    @property
    def history(self) -> list[Move]: ...  # the moves played since the start, in order
    @property
    def start_position(self) -> str: ...
    def outcome(self) -> Outcome: ...
    def is_over(self) -> bool: ...
    def evaluate(self) -> int: ...  # side-relative heuristic
    def position(self) -> str: ...  # the game's position notation (chess: FEN)
    def render(self) -> str: ...  # the board as the terminal shows it
    def perft(self, depth: int) -> int: ...  # move paths of exactly `depth` plies
    def hash(self) -> Optional[int]: ...  # None for a game without hashing
    def copy(self) -> "Game": ...
    def __copy__(self) -> "Game": ...
    def __deepcopy__(self, memo: dict) -> "Game": ...
    # Pickles as (start position, moves played): undo() still works after.

class Chess(Game): ...
class Connect4(Game): ...
class Tictactoe(Game): ...
class Checkers(Game): ...
class Minichess(Game): ...
class Go(Game): ...
class Tree(Game): ...  # an explicit tree: Tree("((3 12 8) (2 4 6) (14 5 2))")
class Uniform(Game): ...  # a generated uniform tree: Uniform("b=4,d=5,seed=1")

def games() -> list[str]: ...  # the registry's names
def game(name: str, position: Optional[str] = None) -> Game: ...  # ParseError for an unknown name

class PythonGame(Protocol):
    """A game written in Python that Ply's searches take (through an adapter).

    The searches work on a copy (obj.copy() if it has one, else copy.deepcopy),
    so the object passed is never changed. Moves are any hashable values
    (small non-negative ints are fastest); at most 256 a position. A method
    that breaks this contract (a move listed twice, a value of the wrong type
    or range) makes the search raise TypeError or ValueError.
    """
    def legal_moves(self) -> Iterable[Hashable]: ...  # each once; none exactly when the game is over
    def play(self, move: Hashable) -> None: ...
    def undo(self) -> None: ...  # takes back the last move played
    def outcome(self) -> Outcome: ...  # for the side to move
    def evaluate(self) -> int: ...  # side-relative, |value| <= MAX_EVAL
    # Optional: def hash(self) -> int  (transposition tables)
    # Optional: def copy(self) -> PythonGame  (a new object, not self)

AnyGame = Union[Game, PythonGame]
# Where a search takes a PythonGame, the moves in its results (best_move, pv,
# lines, best_moves) are the game's own move values instead of ply.Move.

class TraceNode:
    id: int
    move: str  # the move that leads here ("" at the root)
    path: list[str]  # the moves from the root
    parent: int  # -1 at the root
    ply: int
    max: bool  # a node of the player to move at the root
    children: list[int]
    visited: bool  # False: pruned (never entered)
    on_pv: bool
    alpha: Optional[int]  # the last visit's window and value, for MAX; None: unbounded / unknown
    beta: Optional[int]
    value: Optional[int]
    static_value: Optional[int]  # a leaf's value in an explicit tree, shown where it was pruned
    exit: str  # "leaf", "exact", "fail-low", "fail-high", "cutoff", "memory"

class TraceEvent:
    kind: str  # "pass", "enter", "leave" or "research"
    node: int
    alpha: Optional[int]
    beta: Optional[int]
    value: Optional[int]
    exit: str  # for "leave"
    pruned: list[int]  # for "leave": the children this visit left unsearched
    text: str  # the line `ply tree --trace` prints

class Trace:
    nodes: list[TraceNode]  # nodes[0] is the root
    events: list[TraceEvent]  # in the order the search made them
    def pruned(self) -> list[TraceNode]: ...  # roots of the subtrees never entered
    def pruned_leaves(self) -> list[TraceNode]: ...  # pruned nodes that are leaves

class SearchResult:
    algorithm: str
    depth: int
    iterative: bool
    value: int  # for the side to move
    value_text: str  # "+1.25", "#3" (mate in 3), ...
    best_move: Optional[Move]
    pv: list[Move]
    nodes: int
    leaves: int
    researches: int
    seconds: float
    trace: Optional[Trace]  # with trace=True

def search(game: AnyGame, algorithm: str = "alphabeta", depth: Optional[int] = None,
           iterative: bool = False, trace: bool = False) -> SearchResult: ...

class Comparison:
    depth: int
    rows: list[SearchResult]
    minimal_leaves: Optional[float]  # Knuth and Moore's minimal tree (None: too big to walk)
    all_leaves: Optional[float]  # what minimax evaluates

def compare(game: AnyGame, algorithms: Optional[Sequence[str]] = None, depth: Optional[int] = None,
            iterative: bool = False) -> Comparison: ...

class Info:
    """One line of the engine's search, as UCI's `info` says it."""
    depth: int
    seldepth: int
    multipv: int
    value: int
    value_text: str
    bound: str  # "exact", "lower" or "upper"
    nodes: int
    seconds: float
    hashfull: int  # per mille
    pv: list[Move]

class Line:
    move: Move
    value: int
    value_text: str

class EngineResult:
    best_move: Optional[Move]  # None only when there is no legal move
    ponder: Optional[Move]
    value: Optional[int]  # None when stopped before depth 1 was searched
    value_text: str  # "none" then
    depth: int
    nodes: int
    seconds: float
    stopped: bool  # stop() ended it
    lines: list[Line]  # MultiPV, best first

class Engine:
    """The production search (PVS, TT, null move, LMR, ...), for any game.

    search() releases the GIL: other Python threads run, and may call stop().
    Without limits it thinks as `ply play` does (the game's time or depth;
    1 s for a game written in Python, which is searched on one thread).
    Ctrl-C (KeyboardInterrupt) ends any search of Ply, and perft, within 50 ms.
    """
    def __init__(self, hash_mb: int = 16, threads: int = 1) -> None: ...
    def search(self, game: AnyGame, depth: Optional[int] = None, nodes: Optional[int] = None,
               time: Optional[float] = None, multipv: int = 1,
               on_info: Optional[Callable[[Info], None]] = None) -> EngineResult: ...
    def stop(self) -> None: ...  # from any thread: the running search returns its best so far
    def clear(self) -> None: ...  # forget the table (a new game)
    threads: int
    hash_mb: int

class Solution:
    value: int  # exact, for the side to move (weak: -1, 0 or 1)
    value_text: str
    result: Outcome  # WIN, LOSS or DRAW for the side to move
    plies: int  # the game's length with perfect play (win or loss)
    best_moves: list[Move]  # every move that keeps the value
    pv: list[Move]  # one perfect line
    nodes: int
    seconds: float
    published_score: Optional[int]  # the published convention (Connect Four: Pons' score)

def solve(game: AnyGame, weak: bool = False) -> Solution: ...  # Error for a game too big to solve
def best_moves(game: AnyGame) -> list[Move]: ...

class MoveStats:
    move: Move
    visits: int
    mean: float  # the mover's mean reward
    proof: str  # "none", "win", "loss", "draw" (for the side to move after the move)

class MctsResult:
    best_move: Optional[Move]
    mean: float
    proof: str
    iterations: int
    nodes: int
    seconds: float
    moves: list[MoveStats]
    pv: list[Move]

def mcts(game: AnyGame, iterations: Optional[int] = None, time: Optional[float] = None,
         threads: int = 1, seed: int = 1) -> MctsResult: ...
