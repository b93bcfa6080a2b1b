// Where a game keeps a perft of its own, faster than the generic walk of
// search/perft.hpp (chess: bulk counting of the last ply, threads, a hash
// table). Its folder specializes PerftCounter<G>:
//
//   template <>
//   class PerftCounter<MyGame> {
//   public:
//       PerftCounter(int threads, std::size_t hash_mb);  // may throw OutOfMemory
//       std::uint64_t count(const MyGame& game, int depth);
//       std::vector<std::pair<MyGame::Move, std::uint64_t>> divide(const MyGame& game, int depth);
//   };
//
// An object rather than free functions, so that one table serves every count
// of a suite. A trait rather than members of G, as with EngineProtocol: the
// counter's threads and table stay out of the game's hot header; the game's
// description (games/<g>/description.hpp) includes it and checks it.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>

#include <ply/core/describe.hpp>
#include <ply/core/game.hpp>

namespace ply {

// Left undefined for a game without a perft of its own.
template <class G>
class PerftCounter;

template <class G>
concept FastPerftGame = Game<G> && described<G>() && requires(const G cg, int threads, std::size_t hash_mb) {
    { PerftCounter<G>{threads, hash_mb}.count(cg, 1) } -> std::same_as<std::uint64_t>;
    { PerftCounter<G>{threads, hash_mb}.divide(cg, 1).front().second } -> std::convertible_to<std::uint64_t>;
};

}  // namespace ply
