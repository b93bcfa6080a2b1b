#include <ply/games/checkers/cb_board.hpp>

#include <bit>
#include <string>

#include <ply/core/error.hpp>

namespace ply::checkers::cb {

namespace {

int piece_value(const Checkers& g, int square) {
    const std::uint32_t b = bit(square);
    if (g.empty() & b) return 0;
    return ((g.pieces(Black) & b) ? kBlack : kWhite) | ((g.kings() & b) ? kKing : kMan);
}

std::string square_text(Coor c) {
    const int q = square_of(c);
    return q == kNone ? "[" + std::to_string(c.x) + "][" + std::to_string(c.y) + "]" : std::to_string(q + 1);
}

}  // namespace

int color_of(Side side) { return side == Black ? kBlack : kWhite; }

Checkers from_board(const Board& board, int color) {
    if (color != kBlack && color != kWhite)
        throw ParseError("CheckerBoard board: colour " + std::to_string(color) + " is neither BLACK (2) nor WHITE (1)");
    std::string sides[2];  // Black's and White's squares, as PDN FEN lists them
    for (int q = 0; q < 32; ++q) {
        const Coor c = coor_of(q);
        const int v = board[c.x][c.y];
        if (v == 0 || v == kFree) continue;
        const bool known =
            v == (kBlack | kMan) || v == (kBlack | kKing) || v == (kWhite | kMan) || v == (kWhite | kKing);
        if (!known)
            throw ParseError("CheckerBoard board: value " + std::to_string(v) + " on square " + std::to_string(q + 1) +
                             " is no piece");
        std::string& list = sides[(v & kBlack) ? 0 : 1];
        list += (list.empty() ? "" : ",") + std::string((v & kKing) ? "K" : "") + std::to_string(q + 1);
    }
    return Checkers::from_fen(std::string(color == kBlack ? "B" : "W") + ":W" + sides[1] + ":B" + sides[0]);
}

void to_board(const Checkers& g, Board& board) {
    for (int q = 0; q < 32; ++q) {
        const Coor c = coor_of(q);
        board[c.x][c.y] = piece_value(g, q);
    }
}

CbMove to_cb(const Checkers& g, Move m) {
    const Route r = trace(m);
    CbMove out{};
    const int from = m.from(), to = r.to();
    const bool king = (g.kings() & bit(from)) != 0;
    const int colour = (g.pieces(Black) & bit(from)) ? kBlack : kWhite;
    out.oldpiece = colour | (king ? kKing : kMan);
    const bool crowned = !king && (bit(to) & kCrowningRow[colour == kBlack ? Black : White]);
    out.newpiece = colour | (king || crowned ? kKing : kMan);
    out.from = coor_of(from);
    out.to = coor_of(to);
    out.path[0] = out.from;
    if (!m.is_capture()) {
        out.path[1] = out.to;
        return out;
    }
    int square = from;
    for (int i = 0; i < r.count && i < 11; ++i) {
        const int taken = kTables.step[square][m.direction(i)];
        square = r.landings[static_cast<std::size_t>(i)];
        out.path[i + 1] = coor_of(square);
        out.del[i] = coor_of(taken);
        out.delpiece[i] = piece_value(g, taken);
        out.jumps = i + 1;
    }
    return out;
}

void play_on_board(Board& board, const CbMove& m) {
    board[m.from.x][m.from.y] = 0;
    for (int i = 0; i < m.jumps && i < 12; ++i) board[m.del[i].x][m.del[i].y] = 0;
    board[m.to.x][m.to.y] = m.newpiece;
}

std::optional<Move> find_move(const Checkers& g, const CbMove& m) {
    const int from = square_of(m.from), to = square_of(m.to);
    if (from == kNone || to == kNone || m.jumps < 0 || m.jumps > 12) return std::nullopt;
    std::uint32_t taken = 0;
    for (int i = 0; i < m.jumps; ++i) {
        const int q = square_of(m.del[i]);
        if (q == kNone || (taken & bit(q))) return std::nullopt;
        taken |= bit(q);
    }
    Checkers::MoveList moves;
    g.generate_legal(moves);
    for (const Move legal : moves) {
        const Route r = trace(legal);
        if (legal.from() == from && r.to() == to && r.captured == taken) return legal;
    }
    return std::nullopt;
}

std::optional<Move> find_played_move(const Checkers& g, const Board& after) {
    const auto same = [&after](const Checkers& next) {
        for (int q = 0; q < 32; ++q) {
            const Coor c = coor_of(q);
            const int v = after[c.x][c.y];
            if ((v == kFree ? 0 : v) != piece_value(next, q)) return false;
        }
        return true;
    };
    Checkers::MoveList moves;
    g.generate_legal(moves);
    for (const Move m : moves) {
        Checkers next = g;
        next.make(m);
        if (same(next)) return m;
    }
    return std::nullopt;
}

std::optional<Move> find_move(const Checkers& g, int from, int to) {
    Checkers::MoveList moves;
    g.generate_legal(moves);
    for (const Move m : moves)
        if (m.from() == from - 1 && trace(m).to() == to - 1) return m;
    return std::nullopt;
}

std::string describe(const CbMove& m) {
    const bool coordinates_valid = m.jumps >= 0 && m.jumps <= 12;
    std::string out = square_text(m.from) + (m.jumps > 0 ? "x" : "-") + square_text(m.to);
    if (!coordinates_valid) return out + " claiming " + std::to_string(m.jumps) + " jumps";
    for (int i = 0; i < m.jumps; ++i) out += (i == 0 ? " taking " : ",") + square_text(m.del[i]);
    return out;
}

}  // namespace ply::checkers::cb
