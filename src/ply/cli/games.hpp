// The games the command line knows, chosen by name at run time, and what the
// commands need to know about each beyond the Game concept.
#pragma once

#include <string>
#include <string_view>
#include <type_traits>

#include <ply/games/chess/position.hpp>
#include <ply/games/connect4/connect4.hpp>
#include <ply/games/minichess/minichess.hpp>
#include <ply/games/tictactoe/tictactoe.hpp>
#include <ply/games/tree/tree.hpp>
#include <ply/games/uniform/uniform_tree.hpp>
#include <ply/search/solve/solver.hpp>

namespace ply::cli {

template <class G>
struct GameInfo;

template <>
struct GameInfo<tictactoe::TicTacToe> {
    static constexpr std::string_view start = "";
    static constexpr int search_depth = 9;
    static constexpr bool solvable = true;
};

template <>
struct GameInfo<connect4::Connect4> {
    static constexpr std::string_view start = "";
    static constexpr int search_depth = 10;
    static constexpr bool solvable = true;
};

template <>
struct GameInfo<chess::Position> {
    static constexpr std::string_view start = "startpos";
    static constexpr int search_depth = 4;
    static constexpr bool solvable = false;
};

template <>
struct GameInfo<minichess::Minichess> {
    static constexpr std::string_view start = "start";
    static constexpr int search_depth = 8;
    static constexpr bool solvable = false;
    // Positions span seven lines (IMCS): --position names a file, or "-" for
    // the next seven non-blank lines of standard input.
    static constexpr bool position_file = true;
    static constexpr int position_lines = 7;
};

template <>
struct GameInfo<tree::TreeGame> {
    static constexpr std::string_view start = "";  // a tree must be given
    static constexpr int search_depth = kMaxPly - 1;
    static constexpr bool solvable = true;
};

template <>
struct GameInfo<uniform::UniformTree> {
    static constexpr std::string_view start = "";  // a shape must be given
    static constexpr int search_depth = kMaxPly - 1;
    static constexpr bool solvable = true;
};

// Solvable games the solver takes with null-window probes over the values
// that can occur (solve::Method::Probes: bounded length, hashed): they
// answer --weak, --threads and --book, and `analyse` values every move.
template <class G>
concept ProbeSolvable = GameInfo<G>::solvable && solve::kDefaultMethod<G>
== solve::Method::Probes;

inline constexpr std::string_view kGameNames = "tictactoe, connect4, chess, minichess, tree, uniform";

// Calls f(std::type_identity<G>{}) for the game called `name`; false if unknown.
template <class F>
bool with_game(std::string_view name, F&& f) {
    if (name == "tictactoe") return f(std::type_identity<tictactoe::TicTacToe>{}), true;
    if (name == "connect4") return f(std::type_identity<connect4::Connect4>{}), true;
    if (name == "chess") return f(std::type_identity<chess::Position>{}), true;
    if (name == "minichess") return f(std::type_identity<minichess::Minichess>{}), true;
    if (name == "tree") return f(std::type_identity<tree::TreeGame>{}), true;
    if (name == "uniform") return f(std::type_identity<uniform::UniformTree>{}), true;
    return false;
}

}  // namespace ply::cli
