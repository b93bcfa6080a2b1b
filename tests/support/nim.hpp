// Nim with one heap, a test game that provides only the required part of
// the Game concept: no hash, no null move, no tactical moves, no notation.
// It shows that every search of Ply, the production engine included,
// compiles and plays correctly on the bare concept.
//
// Rules: take 1, 2 or 3 stones; whoever takes the last stone wins. The side
// to move loses exactly when the stones are a multiple of 4 (whatever it
// takes, the opponent restores the multiple), so the winning move is to take
// stones % 4. Not registered in any front end: tests only.
#pragma once

#include <ply/core/game.hpp>

namespace ply::test {

class Nim {
public:
    using Move = int;  // the stones taken
    static constexpr std::size_t max_moves = 3;

    explicit Nim(int stones = 10) : stones_(stones) {}

    void generate_moves(MoveListOf<Nim>& out) const {
        for (int k = 1; k <= 3 && k <= stones_; ++k) out.push_back(k);
    }
    void make(Move m) { stones_ -= m; }
    void unmake(Move m) { stones_ += m; }
    // The opponent took the last stone.
    [[nodiscard]] Outcome outcome() const { return stones_ == 0 ? Outcome::Loss : Outcome::Ongoing; }
    // No knowledge at all: only a search that reaches the end sees who wins.
    [[nodiscard]] Score evaluate() const { return 0; }

    [[nodiscard]] int stones() const { return stones_; }

    // The exact value with perfect play, as a search reports it: the winner
    // takes stones % 4 and then 4 less the loser's take each round (4
    // stones, 2 plies), which the loser cannot shorten or lengthen.
    [[nodiscard]] static Score value(int stones) {
        const int rounds = stones / 4;
        return stones % 4 == 0 ? mated_in_plies(2 * rounds) : mate_in_plies(1 + 2 * rounds);
    }

private:
    int stones_;
};

// Nothing optional: a capability added by mistake would defeat the test.
static_assert(Game<Nim>);
static_assert(!HashedGame<Nim> && !NullMoveGame<Nim> && !TacticalGame<Nim> && !CheckGame<Nim> && !ExchangeGame<Nim> &&
              !KeyedMoveGame<Nim> && !OrderedTacticsGame<Nim> && !DrawRuleGame<Nim> && !RuleEndedGame<Nim> &&
              !ForcedLineGame<Nim> && !BoundedLengthGame<Nim> && !ProvenBoundGame<Nim> && !NotatedGame<Nim>);

}  // namespace ply::test
