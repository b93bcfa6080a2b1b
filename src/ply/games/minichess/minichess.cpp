#include <ply/games/minichess/minichess.hpp>

#include <cctype>
#include <optional>
#include <string>
#include <vector>

#include <ply/core/error.hpp>
#include <ply/core/text.hpp>

namespace ply::minichess {

namespace {

constexpr std::string_view kStartRows = "kqbnrppppp..........PPPPPRNBQK";  // rank 6 first
constexpr std::string_view kPieceChars = ".PNBRQK..pnbrqk";                // indexed by Piece
constexpr int kMaxPiecesPerSide = 10;  // the start's count; promotion only replaces a pawn

// The piece written `c`, 0 for '.', or nothing for any other character.
std::optional<Piece> piece_from_char(char c) {
    const auto at = kPieceChars.find(c);
    if (c == '\0' || at == std::string_view::npos) return std::nullopt;
    return static_cast<Piece>(c == '.' ? 0 : at);
}

// The square of row `row` (0 = rank 6, as the text lists them), column `col`.
constexpr int square_of_row(int row, int col) { return (kRanks - 1 - row) * kFiles + col; }

std::string square_name(int square) {
    return {static_cast<char>('a' + file_of(square)), static_cast<char>('1' + rank_of(square))};
}

constexpr bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

[[noreturn]] void fail(const std::string& what) { throw ParseError("minichess position: " + what); }

// The move number and side of a header line "<number> <W|B>" as a game ply.
int parse_header(std::string_view line) {
    const std::string bad = "bad header '" + clip(line) + "' (expected '<move number> <W|B>', e.g. '1 W')";
    std::size_t digits = 0;
    while (digits < line.size() && line[digits] >= '0' && line[digits] <= '9') ++digits;
    std::size_t side = digits;
    while (side < line.size() && (line[side] == ' ' || line[side] == '\t')) ++side;
    if (digits == 0 || digits > 3 || side == digits || side + 1 != line.size() ||
        (line[side] != 'W' && line[side] != 'B'))
        fail(bad);
    const int number = std::stoi(std::string(line.substr(0, digits)));
    const bool black = line[side] == 'B';
    // Move 41 with White to move is the end of a game that ran its 80 plies.
    if (number < 1 || number > 41 || (number == 41 && black))
        fail("move number " + std::to_string(number) + " out of range (1 to 40, or 41 W when the game is over)");
    return 2 * (number - 1) + (black ? 1 : 0);
}

}  // namespace

Minichess::Minichess() {
    for (int i = 0; i < kSquares; ++i)
        board_[static_cast<std::size_t>(square_of_row(i / kFiles, i % kFiles))] =
            *piece_from_char(kStartRows[static_cast<std::size_t>(i)]);
    refresh();
}

void Minichess::refresh() {
    const auto& t = detail::kTables;
    occupied_ = {};
    king_ = {kNoSquare, kNoSquare};
    key_ = 0;
    psq_ = 0;
    for (int sq = 0; sq < kSquares; ++sq) {
        const Piece p = board_[static_cast<std::size_t>(sq)];
        if (!p) continue;
        occupied_[static_cast<std::size_t>(color_of(p))] |= bit(sq);
        if (type_of(p) == King) king_[static_cast<std::size_t>(color_of(p))] = static_cast<std::uint8_t>(sq);
        key_ ^= t.zobrist[p][static_cast<std::size_t>(sq)];
        psq_ += t.psq[p][static_cast<std::size_t>(sq)];
    }
}

// ---- Move generation ---------------------------------------------------------

template <bool tactical, class Emit>
bool Minichess::visit_moves(Emit&& emit) const {
    const auto& t = detail::kTables;
    const int us = side_to_move();
    const std::uint32_t enemy = occupied_[static_cast<std::size_t>(us ^ 1)];
    // Along rays first..last-1: empty squares, then the first piece met if it is an enemy.
    auto slide = [&](int from, int first, int last) {
        for (int d = first; d < last; ++d) {
            const detail::Steps& ray = t.ray[static_cast<std::size_t>(from)][static_cast<std::size_t>(d)];
            for (int i = 0; i < ray.count; ++i) {
                const int to = ray.to[static_cast<std::size_t>(i)];
                if (board_[static_cast<std::size_t>(to)] == 0) {
                    if (!tactical && emit(from, to)) return true;
                    continue;
                }
                if ((enemy & bit(to)) && emit(from, to)) return true;
                break;
            }
        }
        return false;
    };
    auto leap = [&](int from, const detail::Steps& steps) {
        for (int i = 0; i < steps.count; ++i) {
            const int to = steps.to[static_cast<std::size_t>(i)];
            if ((enemy & bit(to)) || (!tactical && board_[static_cast<std::size_t>(to)] == 0))
                if (emit(from, to)) return true;
        }
        return false;
    };
    for (std::uint32_t pieces = occupied_[static_cast<std::size_t>(us)]; pieces; pieces &= pieces - 1) {
        const int from = std::countr_zero(pieces);
        const auto f = static_cast<std::size_t>(from);
        switch (type_of(board_[f])) {
            case Pawn: {
                const int push = t.pawn_push[static_cast<std::size_t>(us)][f];
                if (push != kNoSquare && board_[static_cast<std::size_t>(push)] == 0 &&
                    (!tactical || rank_of(push) == last_rank(us)) && emit(from, push))
                    return true;
                const detail::Steps& captures = t.pawn_capture[static_cast<std::size_t>(us)][f];
                for (int i = 0; i < captures.count; ++i) {
                    const int to = captures.to[static_cast<std::size_t>(i)];
                    if ((enemy & bit(to)) && emit(from, to)) return true;
                }
                break;
            }
            case Knight:
                if (leap(from, t.knight[f])) return true;
                break;
            case Bishop:
                if (slide(from, 4, 8)) return true;
                // The side-step: one square orthogonally, onto an empty square only.
                if constexpr (!tactical) {
                    for (std::size_t d = 0; d < 4; ++d) {
                        const detail::Steps& ray = t.ray[f][d];
                        if (ray.count && board_[ray.to[0]] == 0 && emit(from, ray.to[0])) return true;
                    }
                }
                break;
            case Rook:
                if (slide(from, 0, 4)) return true;
                break;
            case Queen:
                if (slide(from, 0, 8)) return true;
                break;
            case King:
                if (leap(from, t.king[f])) return true;
                break;
            default:
                break;
        }
    }
    return false;
}

void Minichess::generate_moves(MoveList& out) const {
    if (ply_ < kMaxGamePlies) generate_legal(out);
}

void Minichess::generate_legal(MoveList& out) const {
    if (!has_king(side_to_move())) return;
    visit_moves<false>([&out](int from, int to) {
        out.push_back(Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)});
        return false;
    });
}

void Minichess::generate_tactical(MoveList& out) const {
    if (!has_king(side_to_move()) || ply_ >= kMaxGamePlies) return;
    visit_moves<true>([&out](int from, int to) {
        out.push_back(Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)});
        return false;
    });
}

bool Minichess::can_move() const {
    return visit_moves<false>([](int, int) { return true; });
}

Outcome Minichess::outcome() const {
    if (!has_king(side_to_move())) return Outcome::Loss;
    if (ply_ >= kMaxGamePlies) return Outcome::Draw;
    return can_move() ? Outcome::Ongoing : Outcome::Loss;
}

// ---- Attacks -------------------------------------------------------------------

bool Minichess::attacked_on(const Board& board, int square, int by) {
    const auto& t = detail::kTables;
    const auto sq = static_cast<std::size_t>(square);
    auto any = [&](const detail::Steps& from, Piece piece) {
        for (int i = 0; i < from.count; ++i)
            if (board[from.to[static_cast<std::size_t>(i)]] == piece) return true;
        return false;
    };
    // A pawn of `by` attacks from where a pawn of the other side would capture.
    if (any(t.pawn_capture[static_cast<std::size_t>(by ^ 1)][sq], make_piece(by, Pawn)) ||
        any(t.knight[sq], make_piece(by, Knight)) || any(t.king[sq], make_piece(by, King)))
        return true;
    const Piece queen = make_piece(by, Queen);
    for (std::size_t d = 0; d < 8; ++d) {
        const Piece slider = make_piece(by, d < 4 ? Rook : Bishop);
        const detail::Steps& ray = t.ray[sq][d];
        for (int i = 0; i < ray.count; ++i) {
            const Piece p = board[ray.to[static_cast<std::size_t>(i)]];
            if (!p) continue;
            if (p == slider || p == queen) return true;
            break;
        }
    }
    return false;
}

bool Minichess::king_attacked() const {
    const Color us = side_to_move();
    return has_king(us) && attacked(king_[us], static_cast<Color>(us ^ 1));
}

bool Minichess::attacks_king(Move m) const {
    const Color us = side_to_move(), them = static_cast<Color>(us ^ 1);
    if (!has_king(them) || m.to == king_[them]) return false;  // taking the king is more than a check
    Board after = board_;
    after[m.to] = is_promotion(m) ? make_piece(us, Queen) : after[m.from];
    after[m.from] = 0;
    return attacked_on(after, king_[them], us);
}

// ---- Notation ------------------------------------------------------------------

Minichess Minichess::from_position(std::string_view text) {
    // Lines without their ends; blank lines around the text go (IMCS frames
    // its positions with them).
    std::vector<std::string_view> lines;
    for (std::size_t start = 0; start <= text.size();) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        while (!line.empty() && is_space(line.back())) line.remove_suffix(1);
        lines.push_back(line);
        start = end + 1;
    }
    while (!lines.empty() && lines.back().empty()) lines.pop_back();
    std::size_t first = 0;
    while (first < lines.size() && lines[first].empty()) ++first;
    const std::size_t count = lines.size() - first;
    if (count == 0 || (count == 1 && trim(lines[first]) == "start")) return Minichess{};
    if (count != 1 + kRanks)
        fail("expected a header line and " + std::to_string(kRanks) + " rows, got " + std::to_string(count) +
             (count == 1 ? " line" : " lines"));

    Minichess g;
    g.ply_ = parse_header(lines[first]);
    std::array<int, 2> kings{}, pieces{};
    for (int row = 0; row < kRanks; ++row) {
        const std::string_view line = lines[first + 1 + static_cast<std::size_t>(row)];
        const std::string rank = "rank " + std::to_string(kRanks - row);
        if (line.size() != static_cast<std::size_t>(kFiles))
            fail(rank + " '" + clip(line) + "' has " + std::to_string(line.size()) + " characters, expected " +
                 std::to_string(kFiles));
        for (int col = 0; col < kFiles; ++col) {
            const char c = line[static_cast<std::size_t>(col)];
            const auto piece = piece_from_char(c);
            if (!piece) fail(rank + ": bad character '" + std::string(1, c) + "' (expected one of KQBNRP kqbnrp .)");
            const int square = square_of_row(row, col);
            if (type_of(*piece) == Pawn && rank_of(square) == last_rank(color_of(*piece)))
                fail(rank + ": a pawn on its last rank (it would have become a queen)");
            if (*piece) {
                ++pieces[static_cast<std::size_t>(color_of(*piece))];
                if (type_of(*piece) == King) ++kings[static_cast<std::size_t>(color_of(*piece))];
            }
            g.board_[static_cast<std::size_t>(square)] = *piece;
        }
    }
    for (int c = 0; c < 2; ++c) {
        const std::string side = c == White ? "White" : "Black";
        if (pieces[static_cast<std::size_t>(c)] > kMaxPiecesPerSide)
            fail(side + " has " + std::to_string(pieces[static_cast<std::size_t>(c)]) + " pieces (at most " +
                 std::to_string(kMaxPiecesPerSide) + ")");
        if (kings[static_cast<std::size_t>(c)] > 1) fail(side + " has more than one king");
    }
    // Only the side to move may have lost its king: the game ended with that capture.
    if (kings[static_cast<std::size_t>(g.side_to_move() ^ 1)] == 0)
        fail(std::string(g.side_to_move() == White ? "Black" : "White") + " has no king but has just moved");
    g.refresh();
    return g;
}

std::string Minichess::position() const {
    std::string out = std::to_string(fullmove_number()) + (side_to_move() == White ? " W\n" : " B\n");
    for (int row = 0; row < kRanks; ++row) {
        for (int col = 0; col < kFiles; ++col)
            out += kPieceChars[board_[static_cast<std::size_t>(square_of_row(row, col))]];
        out += '\n';
    }
    return out;
}

Minichess::Move Minichess::parse_move(std::string_view text) const {
    const std::string_view t = trim(text);
    auto square = [](char file, char rank) {
        file = static_cast<char>(std::tolower(static_cast<unsigned char>(file)));
        if (file < 'a' || file >= 'a' + kFiles || rank < '1' || rank >= '1' + kRanks) return -1;
        return (rank - '1') * kFiles + (file - 'a');
    };
    // IMCS writes "a2-a3"; people also type "a2a3" (as UCI does) and "b4xc5".
    const bool separated = t.size() == 5 && (t[2] == '-' || t[2] == 'x' || t[2] == 'X');
    const std::size_t to_at = separated ? 3 : 2;
    const int from = separated || t.size() == 4 ? square(t[0], t[1]) : -1;
    const int to = separated || t.size() == 4 ? square(t[to_at], t[to_at + 1]) : -1;
    if (from < 0 || to < 0)
        throw ParseError("bad move '" + clip(t) + "' (expected <from>-<to> such as a2-a3, or a2a3)");
    const Move m{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
    MoveList legal;
    generate_moves(legal);
    if (!legal.contains(m))
        throw ParseError("illegal move '" + clip(t) + "'" + (legal.empty() ? " (the game is over)" : ""));
    return m;
}

std::string Minichess::move_to_string(Move m) const { return square_name(m.from) + "-" + square_name(m.to); }

std::string Minichess::render(bool flipped) const {
    std::string out = "  +-----------+\n";
    for (int line = 0; line < kRanks; ++line) {
        const int row = flipped ? kRanks - 1 - line : line;  // row 0: the top rank as White sees it
        out += static_cast<char>('0' + kRanks - row);
        out += " |";
        for (int column = 0; column < kFiles; ++column) {
            out += ' ';
            out += kPieceChars[board_[static_cast<std::size_t>(
                square_of_row(row, flipped ? kFiles - 1 - column : column))]];
        }
        out += " |\n";
    }
    out += flipped ? "  +-----------+\n    e d c b a\n\n" : "  +-----------+\n    a b c d e\n\n";
    out += "Move " + std::to_string(fullmove_number()) + ", " + (side_to_move() == White ? "White" : "Black") +
           " to move\n";
    return out;
}

}  // namespace ply::minichess

namespace ply::minichess {

BoardView Minichess::board_view() const {
    BoardView v{"squares", kRanks, kFiles, {}, {}, {}, -1, {}};
    for (int row = 0; row < kRanks; ++row)
        for (int col = 0; col < kFiles; ++col) {
            const char c = kPieceChars[board_[static_cast<std::size_t>(square_of_row(row, col))]];
            v.cells.push_back(c == '.' ? "" : std::string(1, c));
        }
    for (int col = 0; col < kFiles; ++col) v.column_names.push_back(std::string(1, static_cast<char>('a' + col)));
    for (int row = 0; row < kRanks; ++row) v.row_names.push_back(std::to_string(kRanks - row));
    return v;
}

std::vector<int> Minichess::move_cells(Move m) const {
    const auto cell = [](int square) { return (kRanks - 1 - rank_of(square)) * kFiles + file_of(square); };
    return {cell(m.from), cell(m.to)};
}

std::string Minichess::end_reason() const {
    if (!has_king(side_to_move())) return "the king is taken";
    if (max_plies_left() <= 0) return "the 40-move limit";
    return "no legal move";
}

}  // namespace ply::minichess
