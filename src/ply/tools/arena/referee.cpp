#include <ply/tools/arena/referee.hpp>

#include <ply/core/error.hpp>
#include <ply/games/chess/notation.hpp>
#include <ply/tools/arena/arena_games.hpp>

namespace ply::arena {

namespace {

// Any game with the NotatedGame interface; turns counted from its start.
template <NotatedGame G>
class GameReferee final : public Referee {
public:
    [[nodiscard]] std::string game() const override { return std::string(G::name); }

    void reset(const std::string& position) override {
        game_ = G::from_position(position);
        start_ = position;
        plies_ = 0;
    }
    [[nodiscard]] std::string start_position() const override { return start_; }

    [[nodiscard]] std::optional<std::string> canonical(const std::string& text) const override {
        try {
            const auto m = game_.parse_move(text);
            MoveListOf<G> moves;
            game_.generate_moves(moves);
            if (!moves.contains(m)) return std::nullopt;
            return game_.move_to_string(m);
        } catch (const ParseError&) {
            return std::nullopt;
        }
    }
    [[nodiscard]] std::string notation(const std::string& move) const override { return move; }
    void play(const std::string& move) override {
        game_.make(game_.parse_move(move));
        ++plies_;
    }
    [[nodiscard]] std::vector<std::string> legal_moves() const override {
        MoveListOf<G> moves;
        game_.generate_moves(moves);
        std::vector<std::string> out;
        for (const auto& m : moves) out.push_back(game_.move_to_string(m));
        return out;
    }
    // Positions other than the start are given as moves from it (openings),
    // so the parity of the plies played tells whose turn it is.
    [[nodiscard]] int side_to_move() const override { return plies_ % 2; }
    [[nodiscard]] int fullmove_number() const override { return plies_ / 2 + 1; }
    [[nodiscard]] std::optional<GameEnd> end() const override {
        const Outcome o = game_.outcome();
        const int mover = side_to_move();
        switch (o) {
            case Outcome::Ongoing:
                return std::nullopt;
            case Outcome::Win:
                return GameEnd{mover, side_name(mover) + " wins"};
            case Outcome::Loss:
                return GameEnd{1 - mover, side_name(1 - mover) + " wins"};
            case Outcome::Scored: {
                const auto v = game_.evaluate();
                if (v == 0) return GameEnd{-1, "Draw"};
                const int w = v > 0 ? mover : 1 - mover;
                return GameEnd{w, side_name(w) + " wins on score"};
            }
            case Outcome::Draw:
                return GameEnd{-1, "Draw"};
        }
        return std::nullopt;
    }
    [[nodiscard]] std::string position() const override { return game_.position(); }
    [[nodiscard]] std::string side_name(int side) const override { return side == 0 ? "First" : "Second"; }

private:
    G game_{};
    std::string start_;
    int plies_ = 0;
};

class ChessReferee final : public Referee {
public:
    [[nodiscard]] std::string game() const override { return "chess"; }
    void reset(const std::string& position) override {
        pos_ = chess::Position::from_fen(position.empty() ? kStandardChessStart : std::string_view(position));
        start_ = pos_.fen();
    }
    [[nodiscard]] std::string start_position() const override { return start_; }
    [[nodiscard]] std::optional<std::string> canonical(const std::string& text) const override {
        try {
            const chess::Move m = pos_.parse_move(text);
            chess::Position::MoveList legal;
            pos_.generate_legal(legal);
            if (!legal.contains(m)) return std::nullopt;
            return pos_.move_to_string(m);
        } catch (const ParseError&) {
            return std::nullopt;
        }
    }
    [[nodiscard]] std::string notation(const std::string& move) const override {
        return chess::to_san(pos_, pos_.parse_move(move));
    }
    void play(const std::string& move) override { pos_.make(pos_.parse_move(move)); }
    [[nodiscard]] std::vector<std::string> legal_moves() const override {
        chess::Position::MoveList legal;
        pos_.generate_legal(legal);
        std::vector<std::string> out;
        for (const auto m : legal) out.push_back(pos_.move_to_string(m));
        return out;
    }
    [[nodiscard]] int side_to_move() const override { return pos_.side_to_move() == chess::White ? 0 : 1; }
    [[nodiscard]] int fullmove_number() const override { return pos_.fullmove_number(); }
    [[nodiscard]] std::optional<GameEnd> end() const override {
        chess::Position::MoveList legal;
        pos_.generate_legal(legal);
        const int mover = side_to_move();
        if (legal.empty()) {
            if (pos_.in_check()) return GameEnd{1 - mover, side_name(1 - mover) + " mates"};
            return GameEnd{-1, "Draw by stalemate"};
        }
        if (pos_.repetitions() >= 2) return GameEnd{-1, "Draw by 3-fold repetition"};
        if (pos_.halfmove_clock() >= 100) return GameEnd{-1, "Draw by fifty moves rule"};
        if (pos_.is_insufficient_material()) return GameEnd{-1, "Draw by insufficient mating material"};
        return std::nullopt;
    }
    [[nodiscard]] std::string position() const override { return pos_.fen(); }
    [[nodiscard]] std::string side_name(int side) const override { return side == 0 ? "White" : "Black"; }

private:
    chess::Position pos_;
    std::string start_;
};

}  // namespace

std::unique_ptr<Referee> make_referee(std::string_view game) {
    std::unique_ptr<Referee> r;
    with_arena_game(game, [&]<class G>(std::type_identity<G>) {
        if constexpr (std::is_same_v<G, chess::Position>)
            r = std::make_unique<ChessReferee>();
        else
            r = std::make_unique<GameReferee<G>>();
    });
    if (r) r->reset("");
    return r;
}

}  // namespace ply::arena
