#include <ply/games/checkers/checkers.hpp>

#include <algorithm>
#include <bit>
#include <charconv>

#include <ply/core/error.hpp>
#include <ply/core/text.hpp>

namespace ply::checkers {
namespace {

struct JumpSearch {
    int side;
    int from;
    bool king;
    std::uint32_t empty;     // the mover's own square counts as empty
    std::uint32_t opponent;  // taken pieces stay until the move ends: they block and cannot be taken twice
    Checkers::MoveList& out;

    // Extends a route (the piece on `square` after `jumps` jumps along
    // `path`, having taken `taken`) by every further jump; a route that
    // cannot go on is a move.
    void extend(int square, std::uint32_t path, int jumps, std::uint32_t taken) {
        bool extended = false;
        for (int d = first_direction(side, king); d < last_direction(side, king); ++d) {
            const int over = kTables.step[square][d], land = kTables.jump[square][d];
            if (land == kNone || !(opponent & ~taken & bit(over)) || !(empty & bit(land))) continue;
            extended = true;
            const std::uint32_t longer = path | static_cast<std::uint32_t>(d) << (2 * jumps);
            if (!king && (bit(land) & kCrowningRow[side]))
                add(Move::jump(from, longer, jumps + 1));  // crowned: the move ends here
            else
                extend(land, longer, jumps + 1, taken | bit(over));
        }
        if (!extended && jumps > 0) add(Move::jump(from, path, jumps));
    }

    // Twelve pieces a side leave far fewer routes than the list holds (a
    // search for the most found 34); the test keeps a hostile board from
    // writing past it.
    void add(Move m) {
        if (out.size() < out.capacity) out.push_back(m);
    }
};

}  // namespace

Checkers::Checkers() { *this = from_fen(start_fen); }

void Checkers::generate_legal(MoveList& out) const {
    generate_tactical(out);
    if (!out.empty()) return;  // a capture is compulsory
    const std::uint32_t occupied = pieces_[Black] | pieces_[White];
    for (std::uint32_t left = pieces_[side_]; left; left &= left - 1) {
        const int from = std::countr_zero(left);
        const bool king = (kings_ & bit(from)) != 0;
        for (int d = first_direction(side_, king); d < last_direction(side_, king); ++d) {
            const int to = kTables.step[from][d];
            if (to != kNone && !(occupied & bit(to))) out.push_back(Move::step(from, d));
        }
    }
}

void Checkers::generate_tactical(MoveList& out) const {
    const std::uint32_t occupied = pieces_[Black] | pieces_[White];
    for (std::uint32_t left = pieces_[side_]; left; left &= left - 1) {
        const int from = std::countr_zero(left);
        JumpSearch{side_, from, (kings_ & bit(from)) != 0, ~occupied | bit(from), pieces_[1 - side_], out}.extend(
            from, 0, 0, 0);
    }
}

void Checkers::generate_moves(MoveList& out) const {
    generate_legal(out);
    if (!out.empty() && game_ending_draw()) out.clear();  // draws by rule end the game (Game contract)
}

Outcome Checkers::outcome() const {
    MoveList moves;
    generate_legal(moves);
    if (moves.empty()) return Outcome::Loss;
    return game_ending_draw() ? Outcome::Draw : Outcome::Ongoing;
}

int Checkers::repetitions() const {
    int count = 0;
    const int n = static_cast<int>(history_.size());
    const int window = std::min(quiet_plies_, n);
    for (int back = 4; back <= window; back += 2)
        if (history_[static_cast<std::size_t>(n - back)].key == key_) ++count;
    return count;
}

std::uint64_t Checkers::compute_hash() const {
    std::uint64_t key = side_ == White ? kTables.white_to_move : 0;
    for (const int s : {Black, White})
        for (std::uint32_t left = pieces_[s]; left; left &= left - 1) {
            const int q = std::countr_zero(left);
            key ^= kTables.zobrist[static_cast<std::size_t>(2 * s + ((kings_ >> q) & 1))][static_cast<std::size_t>(q)];
        }
    return key;
}

std::uint64_t Checkers::perft(int depth) {
    MoveList moves;
    generate_legal(moves);
    if (depth <= 1) return depth <= 0 ? 1 : moves.size();
    std::uint64_t total = 0;
    for (const Move m : moves) {
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
    if (text.empty() || text == "start") return from_fen(start_fen);
    const auto fields = words(text, ":");
    if (fields.size() != 3 || (trim(fields[0]) != "B" && trim(fields[0]) != "W"))
        throw ParseError("checkers FEN: expected 'B|W:W<squares>:B<squares>', not '" + clip(fen) + "'");
    Checkers g(Empty{});
    g.side_ = trim(fields[0]) == "B" ? Black : White;
    bool seen[2] = {false, false};
    for (int f = 1; f <= 2; ++f) {
        const std::string_view field = trim(fields[static_cast<std::size_t>(f)]);
        if (field.empty() || (field[0] != 'W' && field[0] != 'B'))
            throw ParseError("checkers FEN: each side's squares start with W or B, in '" + clip(fen) + "'");
        const int s = field[0] == 'B' ? Black : White;
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
                if ((g.pieces_[Black] | g.pieces_[White]) & bit(q))
                    throw ParseError("checkers FEN: square " + std::to_string(q + 1) + " given twice");
                if (std::popcount(g.pieces_[s]) == 12)
                    throw ParseError("checkers FEN: more than 12 pieces for one side in '" + clip(fen) + "'");
                if (!king && (bit(q) & kCrowningRow[s]))
                    throw ParseError("checkers FEN: a man on square " + std::to_string(q + 1) +
                                     ", its crowning row: write K" + std::to_string(q + 1));
                g.pieces_[s] |= bit(q);
                if (king) g.kings_ |= bit(q);
            }
        }
    }
    g.key_ = g.compute_hash();
    g.history_.reserve(256);
    return g;
}

void Checkers::set_board(std::uint32_t black, std::uint32_t white, std::uint32_t kings, Side to_move) {
    pieces_ = {black, white};
    kings_ = kings;
    side_ = to_move;
    fullmove_ = 1;
    quiet_plies_ = 0;
    history_.clear();
    key_ = compute_hash();
}

std::string Checkers::fen() const {
    std::string out = side_ == Black ? "B" : "W";
    for (const int s : {White, Black}) {
        out += s == Black ? ":B" : ":W";
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
