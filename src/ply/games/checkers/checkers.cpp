#include <ply/games/checkers/checkers.hpp>

#include <bit>
#include <charconv>

#include <ply/core/error.hpp>
#include <ply/core/text.hpp>

namespace ply::checkers {
namespace {

constexpr int kNone = -1;

// The square one diagonal step away in direction d (0, 1: towards row 7,
// Black's way; 2, 3: towards row 0), and the square beyond it.
struct Geometry {
    std::array<std::array<int, 4>, 32> step{};
    std::array<std::array<int, 4>, 32> jump{};
};

constexpr int square_at(int row, int column) {
    if (row < 0 || row > 7 || column < 0 || column > 7) return kNone;
    if ((column % 2 == 0) == (row % 2 == 0)) return kNone;  // a light square
    return 4 * row + column / 2;
}

constexpr Geometry make_geometry() {
    constexpr int kRows[4] = {1, 1, -1, -1};
    constexpr int kColumns[4] = {-1, 1, -1, 1};
    Geometry g;
    for (int s = 0; s < 32; ++s) {
        const int row = s / 4, column = 2 * (s % 4) + (row % 2 == 0 ? 1 : 0);
        for (int d = 0; d < 4; ++d) {
            g.step[s][d] = square_at(row + kRows[d], column + kColumns[d]);
            g.jump[s][d] = square_at(row + 2 * kRows[d], column + 2 * kColumns[d]);
        }
    }
    return g;
}
constexpr Geometry kGeometry = make_geometry();

constexpr std::uint32_t bit(int square) { return std::uint32_t{1} << square; }
constexpr std::uint32_t kCrowningRow[2] = {0xF0000000u, 0x0000000Fu};  // Black's, White's

// The directions a piece moves in: a man forward only, a king both ways.
constexpr int first_direction(Side side, bool king) { return king || side == Side::Black ? 0 : 2; }
constexpr int last_direction(Side side, bool king) { return king || side == Side::White ? 4 : 2; }

struct JumpSearch {
    Side side;
    std::uint32_t empty;     // the mover's own square counts as empty
    std::uint32_t opponent;  // taken pieces stay until the move ends: they block and cannot be taken twice
    MoveListOf<Checkers>& out;

    // Extends `partial` (a piece on `square` after its jumps so far) by every
    // further jump; a sequence that cannot go on is a move.
    void extend(int square, bool king, Move& partial) {
        bool extended = false;
        for (int d = first_direction(side, king); d < last_direction(side, king); ++d) {
            const int over = kGeometry.step[square][d], land = kGeometry.jump[square][d];
            if (land == kNone || !(opponent & ~partial.captured & bit(over)) || !(empty & bit(land))) continue;
            extended = true;
            const Move before = partial;
            partial.captured |= bit(over);
            partial.route |= std::uint64_t(land) << (5 * partial.jumps);
            ++partial.jumps;
            partial.to = static_cast<std::uint8_t>(land);
            if (!king && (bit(land) & kCrowningRow[static_cast<int>(side)]))
                out.push_back(partial);  // crowned: the move ends here
            else
                extend(land, king, partial);
            partial = before;
        }
        if (!extended && partial.jumps > 0) out.push_back(partial);
    }
};

}  // namespace

Checkers::Checkers() { *this = from_fen(start_fen); }

void Checkers::generate_moves(MoveListOf<Checkers>& out) const {
    const int us = static_cast<int>(side_);
    const std::uint32_t own = pieces_[us], occupied = pieces_[0] | pieces_[1];
    for (std::uint32_t left = own; left; left &= left - 1) {
        const int from = std::countr_zero(left);
        Move partial;
        partial.from = partial.to = static_cast<std::uint8_t>(from);
        JumpSearch{side_, ~occupied | bit(from), pieces_[1 - us], out}.extend(from, (kings_ & bit(from)) != 0, partial);
    }
    if (!out.empty()) return;  // a capture is compulsory
    for (std::uint32_t left = own; left; left &= left - 1) {
        const int from = std::countr_zero(left);
        const bool king = (kings_ & bit(from)) != 0;
        for (int d = first_direction(side_, king); d < last_direction(side_, king); ++d) {
            const int to = kGeometry.step[from][d];
            if (to != kNone && !(occupied & bit(to)))
                out.push_back(Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), 0, 0, 0});
        }
    }
}

void Checkers::make(const Move& m) {
    const int us = static_cast<int>(side_), them = 1 - us;
    const bool king = (kings_ & bit(m.from)) != 0;
    // Not a flip of two bits: a king's round of jumps may end where it began.
    pieces_[us] = (pieces_[us] & ~bit(m.from)) | bit(m.to);
    kings_taken_.push_back(kings_ & m.captured);
    pieces_[them] &= ~m.captured;
    kings_ &= ~m.captured;
    std::uint32_t crowned = 0;
    if (king)
        kings_ = (kings_ & ~bit(m.from)) | bit(m.to);
    else if (bit(m.to) & kCrowningRow[us])
        crowned = bit(m.to);
    kings_ |= crowned;
    crowned_.push_back(crowned);
    side_ = side_ == Side::Black ? Side::White : Side::Black;
}

void Checkers::unmake(const Move& m) {
    side_ = side_ == Side::Black ? Side::White : Side::Black;
    const int us = static_cast<int>(side_), them = 1 - us;
    kings_ &= ~crowned_.back();
    crowned_.pop_back();
    if (kings_ & bit(m.to)) kings_ = (kings_ & ~bit(m.to)) | bit(m.from);
    pieces_[us] = (pieces_[us] & ~bit(m.to)) | bit(m.from);
    pieces_[them] |= m.captured;
    kings_ |= kings_taken_.back();
    kings_taken_.pop_back();
}

Outcome Checkers::outcome() const {
    MoveListOf<Checkers> moves;
    generate_moves(moves);
    return moves.empty() ? Outcome::Loss : Outcome::Ongoing;
}

Score Checkers::evaluate() const {
    const auto material = [this](int s) {
        return 100 * std::popcount(pieces_[s] & ~kings_) + 130 * std::popcount(pieces_[s] & kings_);
    };
    const int us = static_cast<int>(side_);
    return static_cast<Score>(material(us) - material(1 - us));
}

std::uint64_t Checkers::perft(int depth) {
    MoveListOf<Checkers> moves;
    generate_moves(moves);
    if (depth <= 1) return depth <= 0 ? 1 : moves.size();
    std::uint64_t total = 0;
    for (const Move& m : moves) {
        make(m);
        total += perft(depth - 1);
        unmake(m);
    }
    return total;
}

// ---- PDN's FEN ---------------------------------------------------------------

namespace {

int square_number(std::string_view text, std::string_view fen) {
    int n = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (error != std::errc() || end != text.data() + text.size() || n < 1 || n > 32)
        throw ParseError("checkers FEN: '" + clip(text) + "' is not a square 1-32 in '" + clip(fen) + "'");
    return n - 1;
}

}  // namespace

Checkers Checkers::from_fen(std::string_view fen) {
    const std::string_view text = trim(fen);
    const auto fields = words(text, ":");
    if (fields.size() != 3 || (trim(fields[0]) != "B" && trim(fields[0]) != "W"))
        throw ParseError("checkers FEN: expected 'B|W:W<squares>:B<squares>', not '" + clip(fen) + "'");
    Checkers g(Empty{});
    g.side_ = trim(fields[0]) == "B" ? Side::Black : Side::White;
    bool seen[2] = {false, false};
    for (int f = 1; f <= 2; ++f) {
        const std::string_view field = trim(fields[static_cast<std::size_t>(f)]);
        if (field.empty() || (field[0] != 'W' && field[0] != 'B'))
            throw ParseError("checkers FEN: each side's squares start with W or B, in '" + clip(fen) + "'");
        const int s = field[0] == 'B' ? 0 : 1;
        if (seen[s]) throw ParseError("checkers FEN: a side given twice in '" + clip(fen) + "'");
        seen[s] = true;
        for (std::string_view item : words(field.substr(1), ",")) {
            item = trim(item);
            if (item.empty()) continue;
            const bool king = item[0] == 'K';
            if (king) item.remove_prefix(1);
            const auto dash = item.find('-');
            const int first = square_number(item.substr(0, dash), fen);
            const int last = dash == std::string_view::npos ? first : square_number(item.substr(dash + 1), fen);
            if (last < first) throw ParseError("checkers FEN: a range runs backwards in '" + clip(fen) + "'");
            for (int q = first; q <= last; ++q) {
                if ((g.pieces_[0] | g.pieces_[1]) & bit(q))
                    throw ParseError("checkers FEN: square " + std::to_string(q + 1) + " given twice");
                if (!king && (bit(q) & kCrowningRow[s]))
                    throw ParseError("checkers FEN: a man on square " + std::to_string(q + 1) +
                                     ", its crowning row: write K" + std::to_string(q + 1));
                g.pieces_[s] |= bit(q);
                if (king) g.kings_ |= bit(q);
            }
        }
    }
    return g;
}

std::string Checkers::fen() const {
    std::string out = side_ == Side::Black ? "B" : "W";
    for (const int s : {1, 0}) {
        out += s == 0 ? ":B" : ":W";
        bool first = true;
        for (std::uint32_t left = pieces_[s]; left; left &= left - 1) {
            const int q = std::countr_zero(left);
            if (!first) out += ',';
            first = false;
            if (kings_ & bit(q)) out += 'K';
            out += std::to_string(q + 1);
        }
    }
    return out;
}

}  // namespace ply::checkers
