// The games the arena referees and Ply's players play, chosen by name.
#pragma once

#include <string_view>
#include <type_traits>

#include <ply/games/chess/position.hpp>
#include <ply/games/connect4/connect4.hpp>
#include <ply/games/minichess/minichess.hpp>
#include <ply/games/tictactoe/tictactoe.hpp>

namespace ply::arena {

inline constexpr std::string_view kArenaGames = "chess, connect4, minichess, tictactoe";

// Calls f(std::type_identity<G>{}) for the game called `name`; false if unknown.
template <class F>
bool with_arena_game(std::string_view name, F&& f) {
    if (name == "chess") return f(std::type_identity<chess::Position>{}), true;
    if (name == "connect4") return f(std::type_identity<connect4::Connect4>{}), true;
    if (name == "minichess") return f(std::type_identity<minichess::Minichess>{}), true;
    if (name == "tictactoe") return f(std::type_identity<tictactoe::TicTacToe>{}), true;
    return false;
}

}  // namespace ply::arena
