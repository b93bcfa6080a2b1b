// The referee of any NotatedGame: its rules through the Game concept, its
// notation and its facts (players, uci_engines, pgn_native) through
// core/describe.hpp, and what a game may add for the arena:
//
//   std::string termination() const;           // how a finished game ended, in PGN's words
//   static G from_book_line(std::string_view);  // opening books hold positions, one a line
//
// the trait OpeningDeck<G> (core/opening_deck.hpp: the openings its matches
// are played from, and its book lines), the fact pdn_game_type (its records
// are PDN), and the capabilities TurnNumberedGame (turns read from a position
// given as text; without it, turns are counted from the start) and
// RuleEndedGame (a move is legal while moves remain on the board; the rules
// end the game).
#pragma once

#include <memory>
#include <string>

#include <ply/core/describe.hpp>
#include <ply/core/error.hpp>
#include <ply/core/game.hpp>
#include <ply/core/opening_deck.hpp>
#include <ply/core/text.hpp>
#include <ply/tools/arena/referee.hpp>

namespace ply::arena {

template <class G>
constexpr bool plays_uci_engines() {
    return describe::facts<G>().uci_engines;
}

template <class G>
constexpr bool pgn_native() {
    return describe::facts<G>().pgn_native;
}

// A game the arena can play: one that starts without being told where.
template <class G>
concept ArenaGame = NotatedGame<G> && std::default_initializable<G>;

template <ArenaGame G>
class GameReferee final : public Referee {
public:
    GameReferee() { reset(""); }
    [[nodiscard]] std::string game() const override { return std::string(G::name); }

    void reset(const std::string& position) override {
        game_ = position.empty() ? G{} : G::from_position(position);
        // External engines are always given a position (UCI's FEN).
        start_ = position.empty() && !plays_uci_engines<G>() ? "" : std::string(game_.position());
        plies_ = 0;
    }
    [[nodiscard]] std::string start_position() const override { return start_; }

    [[nodiscard]] std::optional<std::string> canonical(const std::string& text) const override {
        try {
            const auto m = game_.parse_move(text);
            if (!legal().contains(m)) return std::nullopt;
            return std::string(game_.move_to_string(m));
        } catch (const ParseError&) {
            return std::nullopt;
        }
    }
    [[nodiscard]] std::string refusal(const std::string& text) const override {
        try {
            return legal().contains(game_.parse_move(text)) ? "" : "not legal here";
        } catch (const ParseError& e) {
            return e.what();
        }
    }
    [[nodiscard]] std::string notation(const std::string& move) const override {
        return describe::display_move(game_, game_.parse_move(move));
    }
    void play(const std::string& move) override {
        game_.make(game_.parse_move(move));
        ++plies_;
    }
    [[nodiscard]] std::vector<std::string> legal_moves() const override {
        std::vector<std::string> out;
        for (const auto& m : legal()) out.push_back(std::string(game_.move_to_string(m)));
        return out;
    }
    // Without turns in the position, positions other than the start are
    // given as moves from it (openings): the plies played tell whose turn it is.
    [[nodiscard]] int side_to_move() const override {
        if constexpr (TurnNumberedGame<G>)
            return static_cast<int>(game_.side_to_move());
        else
            return plies_ % 2;
    }
    [[nodiscard]] int fullmove_number() const override {
        if constexpr (TurnNumberedGame<G>)
            return static_cast<int>(game_.fullmove_number());
        else
            return plies_ / 2 + 1;
    }
    [[nodiscard]] std::optional<GameEnd> end() const override;
    [[nodiscard]] std::string position() const override { return game_.position(); }
    [[nodiscard]] std::string side_name(int side) const override { return describe::side_name<G>(side); }
    [[nodiscard]] bool pgn_native() const override { return arena::pgn_native<G>(); }
    [[nodiscard]] bool books_hold_positions() const override {
        return requires(std::string_view line) { G::from_book_line(line); };
    }
    [[nodiscard]] std::string book_position(const std::string& line) const override {
        if constexpr (requires(std::string_view l) { G::from_book_line(l); })
            return G::from_book_line(line).position();
        else
            throw ParseError(std::string(G::name) + " has no opening positions, only lines of moves");
    }
    [[nodiscard]] std::optional<std::vector<std::string>> book_line(const std::string& line) const override {
        if constexpr (DeckGame<G>) {
            return OpeningDeck<G>::read_line(line);
        } else {
            std::vector<std::string> moves;
            for (const auto w : words(line)) moves.emplace_back(w);
            return moves;
        }
    }
    [[nodiscard]] std::vector<std::vector<std::string>> standard_openings() const override {
        if constexpr (DeckGame<G>)
            return OpeningDeck<G>::standard();
        else
            return {};
    }
    [[nodiscard]] std::string pdn_game_type() const override { return std::string(describe::facts<G>().pdn_game_type); }

private:
    // The moves the rules allow on the board: those still there where a
    // rule has ended the game too, so that the referee, not the move list,
    // says when a game is over.
    MoveListOf<G> legal() const {
        MoveListOf<G> moves;
        if constexpr (RuleEndedGame<G>)
            game_.generate_legal(moves);
        else
            game_.generate_moves(moves);
        return moves;
    }

    G game_{};
    std::string start_;
    int plies_ = 0;
};

template <ArenaGame G>
std::optional<GameEnd> GameReferee<G>::end() const {
    const Outcome o = game_.outcome();
    if (o == Outcome::Ongoing) return std::nullopt;
    const int mover = side_to_move();
    GameEnd end{-1, "Draw"};
    if (o == Outcome::Win || o == Outcome::Loss) {
        end.winner = o == Outcome::Win ? mover : 1 - mover;
        end.reason = side_name(end.winner) + " wins";
    } else if (o == Outcome::Scored && game_.evaluate() != 0) {
        end.winner = game_.evaluate() > 0 ? mover : 1 - mover;
        end.reason = side_name(end.winner) + " wins on score";
    }
    if constexpr (requires { game_.termination(); })
        if (auto words = game_.termination(); !words.empty()) end.reason = std::move(words);
    return end;
}

// The referee of G, at its standard start.
template <ArenaGame G>
std::unique_ptr<Referee> make_referee() {
    return std::make_unique<GameReferee<G>>();
}

}  // namespace ply::arena
