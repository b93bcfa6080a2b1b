#include <ply/games/chess/protocol.hpp>

#include <cstdio>
#include <sstream>

#include <ply/core/error.hpp>
#include <ply/games/chess/evaluate.hpp>
#include <ply/games/chess/notation.hpp>
#include <ply/games/chess/perft.hpp>

namespace ply {

using Protocol = EngineProtocol<chess::Position>;
using chess::Move;
using chess::Position;

Position Protocol::from_uci(std::string_view fen, bool chess960) {
    Position pos = Position::from_fen(fen, chess960);
    // Rights only Chess960 has (the king or the rook off its square)
    // would make castling a move a standard GUI cannot read.
    if (!chess960 && pos.chess960()) {
        std::istringstream fields{std::string(fen)};
        std::string board, side, castling;
        fields >> board >> side >> castling;
        throw ParseError("castling rights '" + clip(castling) +
                         "' need Chess960 (setoption name UCI_Chess960 value true)");
    }
    return pos;
}

std::optional<Move> Protocol::parse_uci(const Position& pos, std::string_view text) {
    const Move m = chess::parse_uci(pos, text);
    if (m == Move::none()) return std::nullopt;
    return m;
}

std::string Protocol::display(const Position& pos) {
    char key[17];
    std::snprintf(key, sizeof key, "%016llX", static_cast<unsigned long long>(pos.hash()));
    std::ostringstream out;
    out << "\n" << pos.render() << "\nFen: " << pos.fen() << "\nKey: " << key << "\nCheckers:";
    for (chess::Bitboard b = pos.checkers(); b;) out << ' ' << chess::square_to_string(chess::pop_lsb(b));
    out << "\n";
    return out.str();
}

std::string Protocol::describe_eval(const Position& pos) { return chess::eval::describe(pos); }

std::vector<std::pair<Move, std::uint64_t>> Protocol::perft_divide(const Position& pos, int depth,
                                                                   const std::atomic<bool>* stop) {
    chess::PerftOptions options;
    options.stop = stop;
    return chess::perft_divide(pos, depth, options);
}

Position Protocol::from_xboard(std::string_view fen) {
    Position pos = Position::from_fen(fen);
    if (pos.chess960()) throw ParseError("castling rights that only Chess960 has");
    return pos;
}

Position Protocol::with_first_to_move(const Position& pos, bool first) {
    std::istringstream fields(pos.fen());
    std::string board, side, castling, ep, rest;
    fields >> board >> side >> castling >> ep;
    std::getline(fields, rest);
    return Position::from_fen(board + (first ? " w " : " b ") + castling + " -" + rest);
}

std::string Protocol::result_line(const Position& pos) {
    const Outcome outcome = pos.outcome();
    if (outcome == Outcome::Loss) return pos.side_to_move() == chess::White ? "0-1 {Black mates}" : "1-0 {White mates}";
    if (outcome != Outcome::Draw) return {};
    Position::MoveList moves;
    pos.generate_legal(moves);
    if (moves.empty()) return "1/2-1/2 {Stalemate}";
    switch (pos.game_ending_draw()) {
        case Position::DrawRule::FiftyMoves:
            return "1/2-1/2 {Draw by fifty move rule}";
        case Position::DrawRule::Repetition:
            return "1/2-1/2 {Draw by repetition}";
        case Position::DrawRule::Material:
            return "1/2-1/2 {Draw by insufficient material}";
        case Position::DrawRule::None:
            break;
    }
    return "1/2-1/2 {Draw}";
}

bool Protocol::looks_like_move(std::string_view w) {
    if (w.size() < 2 || w.size() > 8) return false;
    if (w.starts_with("O-O") || w.starts_with("0-0") || w.starts_with("o-o")) return true;
    if (w.find_first_not_of("abcdefgh12345678KQRBNqrbnx=+#!?") != std::string_view::npos) return false;
    for (std::size_t i = 0; i + 1 < w.size(); ++i)
        if (w[i] >= 'a' && w[i] <= 'h' && w[i + 1] >= '1' && w[i + 1] <= '8') return true;
    return false;
}

}  // namespace ply
