// What front ends need to know about a game beyond its rules and notation.
// A game declares these as static members beside its rules, and only those
// that differ from the defaults here:
//
//   static constexpr std::string_view summary = "Nim: take 1 to 3 stones";
//   static constexpr std::string_view start_position = "10";  // default: ""
//   static constexpr int default_depth = 12;    // `ply search` without --depth
//   static constexpr int match_depth = 8;       // a Ply player in `ply match`
//   static constexpr bool solvable = true;      // `ply solve` may try it
//   static constexpr int position_lines = 7;    // a position spans 7 lines
#pragma once

#include <string_view>

#include <ply/core/score.hpp>

namespace ply::describe {

template <class G>
constexpr std::string_view summary() {
    if constexpr (requires { G::summary; })
        return G::summary;
    else
        return G::name;
}

// The position a command starts from when none is given; "" means the game
// has no single start (a tree must be given).
template <class G>
constexpr std::string_view start_position() {
    if constexpr (requires { G::start_position; })
        return G::start_position;
    else
        return "";
}

template <class G>
constexpr int default_depth() {
    if constexpr (requires { G::default_depth; })
        return G::default_depth;
    else
        return kMaxPly - 1;  // small games: to the end
}

template <class G>
constexpr int match_depth() {
    if constexpr (requires { G::match_depth; })
        return G::match_depth;
    else
        return default_depth<G>();
}

// Small enough to solve exactly (to the end of the game).
template <class G>
constexpr bool solvable() {
    if constexpr (requires { G::solvable; })
        return G::solvable;
    else
        return false;
}

// Lines of text one position takes: more than one means --position names a
// file, or "-" for standard input (minichess's IMCS boards).
template <class G>
constexpr int position_lines() {
    if constexpr (requires { G::position_lines; })
        return G::position_lines;
    else
        return 1;
}

}  // namespace ply::describe
