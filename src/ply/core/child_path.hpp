// Tree positions written as a path of child numbers from the root, "2.1.3":
// the notation shared by the explicit and the generated trees.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ply {

// Plays the moves of `path` ("2.1.3", possibly empty) on `game`; a bad
// child number throws the game's ParseError.
template <class G>
void play_child_path(G& game, std::string_view path) {
    while (!path.empty()) {
        const auto dot = path.find('.');
        game.make(game.parse_move(path.substr(0, dot)));
        if (dot == std::string_view::npos) break;
        path.remove_prefix(dot + 1);
    }
}

// " @ 2.1.3" for a non-empty path, "" for the root.
template <class Move>
std::string child_path_suffix(const std::vector<Move>& path) {
    std::string text;
    for (std::size_t i = 0; i < path.size(); ++i) text += (i ? "." : " @ ") + std::to_string(path[i]);
    return text;
}

}  // namespace ply
