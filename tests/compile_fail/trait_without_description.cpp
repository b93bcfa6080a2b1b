// Compiled on its own by ctest (tests/CMakeLists.txt), not part of ply_tests:
// a unit that asks for a trait chess claims (its own perft, PerftCounter), or
// for its facts, without chess's description must not compile, where it used
// to see the trait silently off. With PLY_WITH_DESCRIPTION the same unit
// compiles: the failure is the missing include, nothing else.
#include <ply/core/describe.hpp>
#include <ply/core/perft.hpp>
#include <ply/games/chess/position.hpp>
#ifdef PLY_WITH_DESCRIPTION
#include <ply/games/chess/description.hpp>
#endif

#ifdef PLY_ASK_FACTS
static_assert(ply::describe::default_depth<ply::chess::Position>() == 4);
#else
static_assert(ply::FastPerftGame<ply::chess::Position>);
#endif
