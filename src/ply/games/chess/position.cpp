#include <ply/games/chess/position.hpp>

#include <algorithm>
#include <charconv>
#include <string>
#include <vector>

#include <ply/core/error.hpp>
#include <ply/core/text.hpp>
#include <ply/games/chess/movegen.hpp>

namespace ply::chess {

namespace {

constexpr std::string_view kPieceChars = "PNBRQKpnbrqk";

[[noreturn]] void fail(const std::string& message) { throw ParseError("bad FEN: " + message); }

int parse_counter(std::string_view field, const char* what, int minimum) {
    constexpr int kMaximum = 1000000;  // far beyond any game; keeps ply counts in an int
    int value = 0;
    const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
    if (ec != std::errc() || end != field.data() + field.size() || value < minimum || value > kMaximum)
        fail(std::string(what) + " must be a number from " + std::to_string(minimum) + " to " +
             std::to_string(kMaximum) + ", not '" + clip(field) + "'");
    return value;
}

std::string square_name(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }

}  // namespace

void Position::clear() {
    for (auto& b : by_type_) b = 0;
    by_color_[White] = by_color_[Black] = 0;
    std::fill(std::begin(board_), std::end(board_), NoPiece);
    std::fill(std::begin(castle_keep_), std::end(castle_keep_), std::uint8_t{AllCastling});
    for (int i = 0; i < 4; ++i) {
        castle_rook_[i] = NoSquare;
        castle_path_[i] = castle_king_path_[i] = 0;
    }
    side_ = White;
    castling_ = 0;
    ep_ = NoSquare;
    halfmove_ = reversible_ = game_ply_ = 0;
    key_ = 0;
    chess960_ = false;
    history_.clear();
}

Position::Position() { *this = from_fen(kStartFen); }

Position Position::from_position(std::string_view text) {
    const auto fields = words(text, " \t");
    if (fields.size() == 1 && fields[0] == "startpos") return Position();
    return from_fen(text);
}

void Position::set_pieces(std::span<const std::pair<Piece, Square>> pieces, Color side_to_move) {
    clear();
    for (const auto& [piece, square] : pieces) put_piece(piece, square);
    side_ = side_to_move;
    game_ply_ = side_ == Black;
    key_ = compute_hash();
}

void Position::add_castling_right(Color c, Square rook) {
    const Square king = king_square(c);
    const bool kingside = file_of(rook) > file_of(king);
    const int idx = castling_index(c, kingside);
    if (castling_ & (1 << idx))
        fail(std::string("two ") + (kingside ? "kingside" : "queenside") + " castling rights for " +
             (c == White ? "White" : "Black"));
    const Square kto = castling_king_to(c, kingside), rto = castling_rook_to(c, kingside);
    castling_ |= std::uint8_t(1 << idx);
    castle_rook_[idx] = rook;
    castle_king_path_[idx] = between_bb(king, kto) | square_bb(kto);
    castle_path_[idx] =
        (castle_king_path_[idx] | between_bb(rook, rto) | square_bb(rto)) & ~(square_bb(king) | square_bb(rook));
    castle_keep_[king] &= std::uint8_t(~(c == White ? 3 : 12));
    castle_keep_[rook] &= std::uint8_t(~(1 << idx));
}

Position Position::from_fen(std::string_view fen, bool chess960) {
    attacks::init();
    Position pos{Blank{}};
    pos.clear();
    pos.history_.reserve(256);

    const auto fields = words(fen, " \t");
    if (fields.empty()) fail("empty");
    if (fields.size() < 4) fail("missing fields (" + std::to_string(fields.size()) + " of 6): '" + clip(fen) + "'");
    if (fields.size() == 5) fail("missing the fullmove number");
    if (fields.size() > 6) fail("extra fields after the fullmove number: '" + clip(fields[6]) + "'");

    // 1. Piece placement, rank 8 first.
    {
        const auto ranks = std::count(fields[0].begin(), fields[0].end(), '/') + 1;
        if (ranks < 8) fail("only " + std::to_string(ranks) + " ranks");
        if (ranks > 8) fail(std::to_string(ranks) + " ranks, more than 8 ranks");
        int rank = 7, file = 0;
        char previous = '/';
        for (const char ch : fields[0]) {
            if (ch >= '0' && ch <= '9' && previous >= '0' && previous <= '9')
                fail(std::string("two digits in a row on rank ") + char('1' + rank));
            previous = ch;
            if (ch == '/') {
                if (file != 8)
                    fail("rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " squares, not 8");
                if (--rank < 0) fail("more than 8 ranks");
                file = 0;
            } else if (ch >= '1' && ch <= '8') {
                file += ch - '0';
                if (file > 8) fail("rank " + std::to_string(rank + 1) + " has more than 8 squares");
            } else if (ch == '0' || ch == '9') {
                fail(std::string("bad empty-square count '") + ch + "' on rank " + char('1' + rank));
            } else if (const auto k = kPieceChars.find(ch); k != std::string_view::npos) {
                if (file >= 8) fail("rank " + std::to_string(rank + 1) + " has more than 8 squares");
                const Piece p = Piece(k);
                if (type_of(p) == Pawn && (rank == 0 || rank == 7))
                    fail(std::string("pawn on rank ") + char('1' + rank));
                pos.put_piece(p, make_square(file, rank));
                ++file;
            } else {
                fail(std::string("unknown piece '") + ch + "'");
            }
        }
        if (rank != 0) fail("only " + std::to_string(8 - rank) + " ranks");
        if (file != 8) fail("rank 1 has " + std::to_string(file) + " squares, not 8");
        for (Color c : {White, Black}) {
            const int kings = popcount(pos.pieces(c, King));
            const char* who = c == White ? "White" : "Black";
            if (kings == 0) fail(std::string("no ") + who + " king");
            if (kings > 1) fail(std::string("more than one ") + who + " king");
        }
    }

    // 2. Side to move.
    if (fields[1] == "w")
        pos.side_ = White;
    else if (fields[1] == "b")
        pos.side_ = Black;
    else
        fail("side to move must be 'w' or 'b', not '" + clip(fields[1]) + "'");

    // 3. Castling: KQkq (X-FEN: the outermost rook), or rook files (Shredder-FEN).
    bool nonstandard = false;
    if (fields[2] != "-") {
        for (const char ch : fields[2]) {
            const Color c = (ch >= 'a' && ch <= 'z') ? Black : White;
            const char up = char(c == Black ? ch - 32 : ch);
            const int back = c == White ? 0 : 7;
            const Square king = pos.king_square(c);
            const Piece rook = make_piece(c, Rook);
            if (up != 'K' && up != 'Q' && (up < 'A' || up > 'H'))
                fail(std::string("unknown castling right '") + ch + "'");
            if (rank_of(king) != back)
                fail(std::string("castling right '") + ch + "' but the king is not on its first rank");
            Square rsq = NoSquare;
            if (up == 'K') {
                for (int f = 7; f > file_of(king) && rsq == NoSquare; --f)
                    if (pos.board_[make_square(f, back)] == rook) rsq = make_square(f, back);
            } else if (up == 'Q') {
                for (int f = 0; f < file_of(king) && rsq == NoSquare; ++f)
                    if (pos.board_[make_square(f, back)] == rook) rsq = make_square(f, back);
            } else {
                const Square s = make_square(up - 'A', back);
                if (pos.board_[s] == rook && s != king) rsq = s;
                nonstandard = true;
            }
            if (rsq == NoSquare) fail(std::string("castling right '") + ch + "' without a rook to castle with");
            pos.add_castling_right(c, rsq);
        }
        for (int idx = 0; idx < 4; ++idx) {
            if (!(pos.castling_ & (1 << idx))) continue;
            const Color c = Color(idx / 2);
            if (file_of(pos.king_square(c)) != 4 || file_of(pos.castle_rook_[idx]) != (idx % 2 == 0 ? 7 : 0))
                nonstandard = true;
        }
    }
    pos.chess960_ = chess960 || nonstandard;

    // 4. En passant: the square a pawn just crossed, only kept when a pawn of
    // the side to move can capture there (so equal positions hash equally).
    if (fields[3] != "-") {
        const auto f = fields[3];
        if (f.size() != 2 || f[0] < 'a' || f[0] > 'h' || f[1] < '1' || f[1] > '8')
            fail("bad en-passant square '" + clip(f) + "'");
        const Square ep = make_square(f[0] - 'a', f[1] - '1');
        const Color us = pos.side_;
        const int up = us == White ? 8 : -8;
        if (relative_rank(us, ep) != 5)
            fail("en-passant square " + std::string(f) + " is not on the " + (us == White ? "6th" : "3rd") + " rank");
        if (pos.board_[ep - up] != make_piece(~us, Pawn) || pos.board_[ep] != NoPiece || pos.board_[ep + up] != NoPiece)
            fail("en-passant square " + std::string(f) + " but no pawn has just moved two squares there");
        if (pawn_attacks(~us, ep) & pos.pieces(us, Pawn)) pos.ep_ = ep;
    }

    // 5, 6. Counters.
    if (fields.size() == 6) {
        pos.halfmove_ = parse_counter(fields[4], "halfmove clock", 0);
        const int fullmove = std::max(1, parse_counter(fields[5], "fullmove number", 0));
        pos.game_ply_ = 2 * (fullmove - 1) + (pos.side_ == Black);
    } else {
        pos.game_ply_ = pos.side_ == Black;
    }
    pos.reversible_ = pos.halfmove_;

    if (pos.attackers_to(pos.king_square(~pos.side_), pos.pieces()) & pos.pieces(pos.side_))
        fail(std::string("the side not to move (") + (pos.side_ == White ? "Black" : "White") + ") is in check");

    pos.key_ = pos.compute_hash();
    return pos;
}

std::string Position::fen(bool shredder) const {
    std::string out;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const Piece p = board_[make_square(file, rank)];
            if (p == NoPiece) {
                ++empty;
                continue;
            }
            if (empty) out += char('0' + empty);
            empty = 0;
            out += kPieceChars[p];
        }
        if (empty) out += char('0' + empty);
        if (rank) out += '/';
    }
    out += side_ == White ? " w " : " b ";
    if (!castling_) out += '-';
    for (int idx = 0; idx < 4; ++idx) {
        if (!(castling_ & (1 << idx))) continue;
        const Color c = Color(idx / 2);
        const bool kingside = idx % 2 == 0;
        const Square rsq = castle_rook_[idx];
        // K/Q stands for the outermost rook on that side of the king.
        bool outermost = true;
        for (Square s = rsq + (kingside ? 1 : -1); rank_of(s) == rank_of(rsq) && s >= 0 && s < 64;
             s += kingside ? 1 : -1)
            if (board_[s] == make_piece(c, Rook)) outermost = false;
        char ch = (!shredder && outermost) ? (kingside ? 'K' : 'Q') : char('A' + file_of(rsq));
        if (c == Black) ch = char(ch + 32);
        out += ch;
    }
    out += ' ';
    out += ep_ == NoSquare ? std::string("-") : square_name(ep_);
    out += ' ' + std::to_string(halfmove_) + ' ' + std::to_string(fullmove_number());
    return out;
}

std::uint64_t Position::compute_hash() const {
    const auto& z = zobrist::keys;
    std::uint64_t key = 0;
    for (Bitboard b = pieces(); b;) {
        const Square s = pop_lsb(b);
        key ^= z.piece[board_[s]][s];
    }
    key ^= z.castling[castling_];
    if (ep_ != NoSquare) key ^= z.en_passant[file_of(ep_)];
    if (side_ == Black) key ^= z.side;
    return key;
}

void Position::make_null() {
    history_.push_back(Undo{key_, halfmove_, reversible_, static_cast<std::uint8_t>(ep_), castling_, NoPiece});
    if (ep_ != NoSquare) {
        key_ ^= zobrist::keys.en_passant[file_of(ep_)];
        ep_ = NoSquare;
    }
    key_ ^= zobrist::keys.side;
    side_ = ~side_;
    ++halfmove_;
    reversible_ = 0;  // repetitions never span a null move
    ++game_ply_;
}

void Position::unmake_null() {
    const Undo& u = history_.back();
    side_ = ~side_;
    key_ = u.key;
    halfmove_ = u.halfmove;
    reversible_ = u.reversible;
    ep_ = u.ep;
    --game_ply_;
    history_.pop_back();
}

int Position::repetitions() const {
    int count = 0;
    const int n = static_cast<int>(history_.size());
    const int window = std::min(reversible_, n);
    for (int back = 4; back <= window; back += 2)
        if (history_[n - back].key == key_) ++count;
    return count;
}

bool Position::is_insufficient_material() const {
    if (pieces(Pawn) | pieces(Rook) | pieces(Queen)) return false;
    const Bitboard minors = pieces(Knight) | pieces(Bishop);
    if (!more_than_one(minors)) return true;  // K v K, K+minor v K
    // Only bishops, all on squares of one colour.
    constexpr Bitboard dark = 0xAA55AA55AA55AA55ULL;
    return !pieces(Knight) && ((pieces(Bishop) & dark) == 0 || (pieces(Bishop) & ~dark) == 0);
}

bool Position::has_legal_move() const { return movegen::count_legal(*this) > 0; }

Outcome Position::outcome() const {
    if (movegen::count_legal(*this) == 0) return in_check() ? Outcome::Loss : Outcome::Draw;
    if (game_ending_draw() != DrawRule::None) return Outcome::Draw;
    return Outcome::Ongoing;
}

BoardView Position::board_view() const {
    BoardView v{"squares", 8, 8, {}, {}, {}, -1, {}};
    for (int rank = 7; rank >= 0; --rank)
        for (int file = 0; file < 8; ++file) {
            const Piece p = board_[make_square(file, rank)];
            v.cells.push_back(p == NoPiece ? "" : std::string(1, kPieceChars[p]));
        }
    for (int file = 0; file < 8; ++file) v.column_names.push_back(std::string(1, static_cast<char>('a' + file)));
    for (int rank = 8; rank >= 1; --rank) v.row_names.push_back(std::to_string(rank));
    return v;
}

std::vector<int> Position::move_cells(Move m) const {
    const auto cell = [](Square s) { return (7 - rank_of(s)) * 8 + file_of(s); };
    Square to = m.to();
    if (m.type() == Castling) to = make_square(file_of(m.to()) > file_of(m.from()) ? 6 : 2, rank_of(m.from()));
    return {cell(m.from()), cell(to)};
}

std::string Position::render(bool flipped) const {
    std::string out;
    for (int row = 0; row < 8; ++row) {
        const int rank = flipped ? row : 7 - row;
        out += "  +---+---+---+---+---+---+---+---+\n";
        out += char('1' + rank);
        out += ' ';
        for (int column = 0; column < 8; ++column) {
            const Piece p = board_[make_square(flipped ? 7 - column : column, rank)];
            out += "| ";
            out += p == NoPiece ? ' ' : kPieceChars[p];
            out += ' ';
        }
        out += "|\n";
    }
    out += "  +---+---+---+---+---+---+---+---+\n";
    out += flipped ? "    h   g   f   e   d   c   b   a\n" : "    a   b   c   d   e   f   g   h\n";
    out += std::string("\n") + (side_ == White ? "White" : "Black") + " to move\n";
    return out;
}

}  // namespace ply::chess
