// Where a game proves exact values its own way, because the generic solvers
// of search/solve do not fit it (checkers: play may go on for ever, so a
// search to the end cannot prove a draw; its own solver works backwards over
// every position reachable from the root). Its folder specializes
// GameSolver<G>:
//
//   template <>
//   class GameSolver<MyGame> {
//   public:
//       static constexpr std::size_t default_mb = 1024;   // without --hash
//       static constexpr std::string_view rules = "...";  // the rules the values hold under
//       explicit GameSolver(std::size_t mb);              // the memory it may use
//       GameSolution<MyGame::Move> solve(const MyGame&, const std::function<bool()>& stopped,
//                                         const KnownValues<MyGame>& known = {}) const;
//   };
//
// `known`, where given, values positions without search (an endgame
// database, which the caller opens: the game knows no search); the solver
// ends there, a known win in n plies counting n plies.
//
// A trait, as with PerftCounter (core/perft.hpp): the game's description
// includes it and checks it; `ply solve` uses it where it exists.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <ply/core/describe.hpp>
#include <ply/core/game.hpp>

namespace ply {

template <class Move>
struct GameSolution {
    // Win, Loss or Draw for the side to move; Ongoing: not proven (beyond
    // the memory given, or stopped), and `unknown_why` says which.
    Outcome result = Outcome::Ongoing;
    int plies = 0;                 // a win's or a loss's length with perfect play (a draw: 0)
    std::vector<Move> best_moves;  // every move that keeps the value, in the game's order
    std::vector<Move> pv;          // a win's or a loss's perfect line to the end
    std::uint64_t positions = 0;   // positions the proof went through
    std::string unknown_why;
};

// A position's value known in advance, for the side to move: Win or Loss
// in `plies`, or Draw.
struct KnownValue {
    Outcome result = Outcome::Draw;
    int plies = 0;
};

// nullopt where the value is not known (an empty function: none is).
template <class G>
using KnownValues = std::function<std::optional<KnownValue>(const G&)>;

// Left undefined for a game without a solver of its own.
template <class G>
class GameSolver;

template <class G>
concept OwnSolverGame = Game<G> && described<G>() && requires(const G g, std::size_t mb, std::function<bool()> f) {
    { GameSolver<G>{mb}.solve(g, f) } -> std::same_as<GameSolution<typename G::Move>>;
    { GameSolver<G>::default_mb } -> std::convertible_to<std::size_t>;
    { GameSolver<G>::rules } -> std::convertible_to<std::string_view>;
};

}  // namespace ply
