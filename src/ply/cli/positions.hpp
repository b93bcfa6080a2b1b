// Loading the position a command starts from.
#pragma once

#include <iostream>
#include <optional>
#include <sstream>
#include <string>

#include <ply/cli/errors.hpp>
#include <ply/core/describe.hpp>
#include <ply/core/error.hpp>
#include <ply/core/game.hpp>
#include <ply/core/text_file.hpp>

namespace ply::cli {

// --position for every game, and --fen, chess's name for it (usage.cpp).
void add_position_option(CLI::App& cmd, std::optional<std::string>& position);

// The text of the position `value` names. For games whose positions span
// several lines (minichess) that is the file it names, or with "-" the
// position's lines from standard input (only those: `ply play` reads its
// moves after them); text that already spans lines, and the game's start,
// are taken as they are.
template <class G>
std::string position_text(const CLI::App& command, const std::string& value) {
    constexpr int lines = describe::position_lines<G>();
    if constexpr (lines == 1) {
        return value;
    } else {
        if (value == "-") {
            std::string text, line;
            for (int read = 0; read < lines && std::getline(std::cin, line);) {
                if (line.find_first_not_of(" \t\r") == std::string::npos) continue;  // blank lines frame positions
                text += line + "\n";
                ++read;
            }
            if (text.empty()) input_error(command, "no position on standard input");
            return text;
        }
        if (value.find('\n') != std::string::npos || value == describe::start_position<G>()) return value;
        std::string text;
        try {
            text = read_text_file(value, "position file");
        } catch (const ParseError& e) {
            input_error(command, e.what());
        }
        if (text.find_first_not_of(" \t\r\n") == std::string::npos)
            input_error(command, "the position file '" + value + "' is empty");
        return text;
    }
}

template <NotatedGame G>
G load_position(const CLI::App& command, const std::optional<std::string>& position) {
    if (given(command, "--fen") && describe::position_alias<G>() != "fen")
        usage_error(command, "--fen is for chess; use --position for " + std::string(G::name));
    if (!position && describe::needs_position<G>())
        usage_error(command,
                    "the " + std::string(G::name) + " game needs --position: " + std::string(describe::summary<G>()));
    try {
        return G::from_position(position ? position_text<G>(command, *position)
                                         : std::string(describe::start_position<G>()));
    } catch (const ParseError& e) {
        input_error(command, e.what());
    }
}

}  // namespace ply::cli
