// Loading the position a command starts from.
#pragma once

#include <iostream>
#include <optional>
#include <sstream>
#include <string>

#include <ply/cli/commands.hpp>
#include <ply/cli/games.hpp>
#include <ply/core/error.hpp>
#include <ply/core/text_file.hpp>

namespace ply::cli {

// Games whose positions span several lines (minichess) take --position as a
// file name, or "-" for standard input.
template <class G>
concept PositionFromFile = GameInfo<G>::position_file;

// The text of the position `value` names. For PositionFromFile games that is
// the file it names, or with "-" the position's lines from standard input
// (only those: `ply play` reads its moves after them); text that already
// spans lines, and the game's start, are taken as they are.
template <class G>
std::string position_text(const CLI::App& command, const std::string& value) {
    if constexpr (PositionFromFile<G>) {
        if (value == "-") {
            std::string text, line;
            for (int lines = 0; lines < GameInfo<G>::position_lines && std::getline(std::cin, line);) {
                if (line.find_first_not_of(" \t\r") == std::string::npos) continue;  // blank lines frame positions
                text += line + "\n";
                ++lines;
            }
            if (text.empty()) input_error(command, "no position on standard input");
            return text;
        }
        if (value.find('\n') != std::string::npos || value == GameInfo<G>::start) return value;
        std::string text;
        try {
            text = read_text_file(value, "position file");
        } catch (const ParseError& e) {
            input_error(command, e.what());
        }
        if (text.find_first_not_of(" \t\r\n") == std::string::npos)
            input_error(command, "the position file '" + value + "' is empty");
        return text;
    } else {
        return value;
    }
}

template <NotatedGame G>
G load_position(const CLI::App& command, const std::optional<std::string>& position) {
    if (!position && std::is_same_v<G, tree::TreeGame>)
        usage_error(command, "the tree game needs --position \"<tree>\", e.g. \"((3 5) (2 9))\"");
    if (!position && std::is_same_v<G, uniform::UniformTree>)
        usage_error(command, "the uniform game needs --position \"b=B,d=D[,seed=S,order=best|random|worst]\"");
    try {
        if (!position) return G::from_position(GameInfo<G>::start);
        return G::from_position(position_text<G>(command, *position));
    } catch (const ParseError& e) {
        input_error(command, e.what());
    }
}

}  // namespace ply::cli
