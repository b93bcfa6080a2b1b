// Where a game keeps its test-suite format: positions with the moves an
// engine should play (`bm`) and avoid (`am`), as chess's EPD suites (WAC,
// ECM, Arasan...) give them. Its folder specializes EpdSuite<G>:
//
//   template <>
//   struct EpdSuite<MyGame> {
//       static EpdTest parse(std::string_view line);   // throws ParseError
//       static std::vector<MyGame::Move> resolve(const MyGame& game, const std::vector<std::string>& moves);
//   };
//
// A trait, as with EngineProtocol: the suite format stays out of the game's
// hot header, and its description includes it. `ply tactics` runs such suites through engines.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <ply/core/describe.hpp>
#include <ply/core/game.hpp>

namespace ply {

// One position of a suite, as written.
struct EpdTest {
    std::string position;                 // in the game's notation (G::from_position)
    std::string id;                       // "" when the line has none
    std::vector<std::string> best_moves;  // in the game's notation for people (chess: SAN)
    std::vector<std::string> avoid_moves;
};

// Left undefined for a game without a suite format.
template <class G>
struct EpdSuite;

template <class G>
concept EpdSuiteGame = NotatedGame<G> && described<G>() &&
    requires(std::string_view line, const G cg, std::vector<std::string> moves) {
    { EpdSuite<G>::parse(line) } -> std::same_as<EpdTest>;
    { EpdSuite<G>::resolve(cg, moves) } -> std::same_as<std::vector<typename G::Move>>;
};

}  // namespace ply
