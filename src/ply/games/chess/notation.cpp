#include <ply/games/chess/notation.hpp>

#include <cstdio>

#include <ply/core/error.hpp>
#include <ply/games/chess/movegen.hpp>

namespace ply::chess {

namespace {

constexpr std::string_view kPieceLetters = "PNBRQK";

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }

// The king's destination of a castling move, as standard chess writes it.
Square castling_destination(Move m) {
    const bool kingside = m.to() > m.from();
    return make_square(kingside ? 6 : 2, rank_of(m.from()));
}

}  // namespace

std::string square_to_string(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }

std::string to_uci(Move m, bool chess960) {
    if (m == Move::none()) return "(none)";
    if (m == Move::null()) return "0000";
    const Square to = (m.type() == Castling && !chess960) ? castling_destination(m) : m.to();
    std::string s = square_to_string(m.from()) + square_to_string(to);
    if (m.type() == Promotion) s += "nbrq"[m.promotion() - Knight];
    return s;
}

Move parse_uci(const Position& pos, std::string_view text) {
    if (text.size() < 4 || text.size() > 5) return Move::none();
    if (!is_file(text[0]) || !is_rank(text[1]) || !is_file(text[2]) || !is_rank(text[3])) return Move::none();
    if (text.size() == 5 && std::string_view("nbrqNBRQ").find(text[4]) == std::string_view::npos) return Move::none();
    std::string want(text);
    if (want.size() == 5) want[4] = char(want[4] | 0x20);
    Position::MoveList list;
    pos.generate_legal(list);
    // The position's own castling notation first; the other one only when no
    // ordinary move reads the same (a 960 king stepping next to its rook).
    for (const bool chess960 : {pos.chess960(), !pos.chess960()})
        for (const Move m : list)
            if ((chess960 == pos.chess960() || m.type() == Castling) && to_uci(m, chess960) == want) return m;
    return Move::none();
}

std::string to_san(const Position& pos, Move m) {
    std::string s;
    const Square from = m.from(), to = m.to();
    const PieceType type = type_of(pos.piece_on(from));
    if (m.type() == Castling) {
        s = to > from ? "O-O" : "O-O-O";
    } else {
        const bool capture = pos.piece_on(to) != NoPiece || m.type() == EnPassant;
        if (type == Pawn) {
            if (capture) s += char('a' + file_of(from));
        } else {
            s += kPieceLetters[type];
            // Disambiguate among same-type pieces that can reach `to`.
            Position::MoveList list;
            pos.generate_legal(list);
            bool rivals = false, same_file = false, same_rank = false;
            for (const Move o : list) {
                if (o == m || o.to() != to || o.type() == Castling || type_of(pos.piece_on(o.from())) != type) continue;
                rivals = true;
                same_file |= file_of(o.from()) == file_of(from);
                same_rank |= rank_of(o.from()) == rank_of(from);
            }
            if (rivals) {
                if (!same_file)
                    s += char('a' + file_of(from));
                else if (!same_rank)
                    s += char('1' + rank_of(from));
                else
                    s += square_to_string(from);
            }
        }
        if (capture) s += 'x';
        s += square_to_string(to);
        if (m.type() == Promotion) {
            s += '=';
            s += kPieceLetters[m.promotion()];
        }
    }
    if (pos.gives_check(m)) {
        Position after = pos;
        after.make(m);
        s += movegen::count_legal(after) == 0 ? '#' : '+';
    }
    return s;
}

Move parse_san(const Position& pos, std::string_view text) {
    const std::string original(text);
    auto fail = [&](const std::string& why) -> Move { throw ParseError("bad move '" + clip(original) + "': " + why); };
    while (!text.empty() && std::string_view("+#!?").find(text.back()) != std::string_view::npos) text.remove_suffix(1);
    if (text.empty()) return fail("empty");

    Position::MoveList list;
    pos.generate_legal(list);

    if (text == "O-O" || text == "0-0" || text == "O-O-O" || text == "0-0-0") {
        const bool kingside = text.size() == 3;
        for (const Move m : list)
            if (m.type() == Castling && (m.to() > m.from()) == kingside) return m;
        return fail("castling is not legal here");
    }

    // [Piece][from file][from rank][x]to[=Promo]
    PieceType type = Pawn;
    if (std::string_view("NBRQK").find(text.front()) != std::string_view::npos) {
        type = PieceType(kPieceLetters.find(text.front()));
        text.remove_prefix(1);
    }
    PieceType promo = NoPieceType;
    if (!text.empty() && std::string_view("NBRQnbrq").find(text.back()) != std::string_view::npos && type == Pawn) {
        promo = PieceType(kPieceLetters.find(char(text.back() & ~0x20)));
        text.remove_suffix(1);
        if (!text.empty() && text.back() == '=') text.remove_suffix(1);
    }
    if (text.size() < 2 || !is_file(text[text.size() - 2]) || !is_rank(text.back()))
        return fail("no destination square");
    const Square to = make_square(text[text.size() - 2] - 'a', text.back() - '1');
    text.remove_suffix(2);
    if (!text.empty() && (text.back() == 'x' || text.back() == ':' || text.back() == '-')) text.remove_suffix(1);
    int from_file = -1, from_rank = -1;
    for (const char c : text) {
        if (is_file(c) && from_file < 0 && from_rank < 0)
            from_file = c - 'a';
        else if (is_rank(c) && from_rank < 0)
            from_rank = c - '1';
        else
            return fail("unexpected '" + std::string(1, c) + "'");
    }

    Move found = Move::none();
    int matches = 0;
    for (const Move m : list) {
        if (m.type() == Castling || m.to() != to || type_of(pos.piece_on(m.from())) != type) continue;
        if (from_file >= 0 && file_of(m.from()) != from_file) continue;
        if (from_rank >= 0 && rank_of(m.from()) != from_rank) continue;
        if ((m.type() == Promotion ? m.promotion() : NoPieceType) != promo) continue;
        found = m;
        ++matches;
    }
    if (matches == 0) return fail("not a legal move in " + pos.fen());
    if (matches > 1) return fail("ambiguous");
    return found;
}

std::string to_san_line(Position pos, const std::vector<Move>& moves) {
    std::string out;
    for (const Move m : moves) {
        if (!out.empty()) out += ' ';
        out += to_san(pos, m);
        pos.make(m);
    }
    return out;
}

Move Position::parse_move(std::string_view text) const {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r' || text.back() == '\n'))
        text.remove_suffix(1);
    if (const Move m = parse_uci(*this, text); m != Move::none()) return m;
    // Looks like coordinates but is not a legal move: say so plainly.
    if ((text.size() == 4 || text.size() == 5) && is_file(text[0]) && is_rank(text[1]) && is_file(text[2]) &&
        is_rank(text[3]))
        throw ParseError("illegal move '" + clip(text) + "' in " + fen());
    return parse_san(*this, text);
}

std::string Position::move_to_string(Move m) const { return to_uci(m, chess960_); }

}  // namespace ply::chess

namespace ply::chess {

std::string Position::display_move(Move m) const { return to_san(*this, m); }

std::string Position::move_number(bool first_of_line) const {
    const std::string number = std::to_string(fullmove_number());
    if (side_to_move() == White) return number + ". ";
    return first_of_line ? number + "... " : "";
}

std::string Position::format_score(Score s) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%+.2f", s / 100.0);
    return buffer;
}

std::string Position::end_reason() const {
    MoveList moves;
    generate_legal(moves);
    if (moves.empty()) return in_check() ? "checkmate" : "stalemate";
    switch (game_ending_draw()) {
        case DrawRule::FiftyMoves:
            return "the fifty-move rule";
        case DrawRule::Repetition:
            return "threefold repetition";
        case DrawRule::Material:
            return "insufficient material";
        case DrawRule::None:
            break;
    }
    return "";
}

// cutechess-cli's words, so that PGN from either reads the same.
std::string Position::termination() const {
    MoveList moves;
    generate_legal(moves);
    if (moves.empty()) {
        if (in_check()) return std::string(side_to_move() == White ? "Black" : "White") + " mates";
        return "Draw by stalemate";
    }
    if (repetitions() >= 2) return "Draw by 3-fold repetition";
    if (halfmove_clock() >= 100) return "Draw by fifty moves rule";
    if (is_insufficient_material()) return "Draw by insufficient mating material";
    return "";
}

}  // namespace ply::chess
