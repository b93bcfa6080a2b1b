// The arrows of the design, checked on the sources: front ends and tools name
// no game (they reach games through the registry and capabilities), tools
// do not include the command line, and core and search include no game.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

namespace {

namespace fs = std::filesystem;

const fs::path kSource = PLY_SOURCE_DIR;

// Files under `folders` (relative to src/ply) with a line matching `pattern`,
// as "folder/file:line: text".
std::set<std::string> offending_lines(std::initializer_list<const char*> folders, const std::regex& pattern) {
    std::set<std::string> found;
    for (const char* folder : folders) {
        for (const auto& entry : fs::recursive_directory_iterator(kSource / "ply" / folder)) {
            if (!entry.is_regular_file()) continue;
            std::ifstream in(entry.path());
            std::string line;
            for (int number = 1; std::getline(in, line); ++number)
                if (std::regex_search(line, pattern))
                    found.insert(fs::relative(entry.path(), kSource / "ply").string() + ":" + std::to_string(number) +
                                 ": " + line);
        }
    }
    return found;
}

std::string joined(const std::set<std::string>& lines) {
    std::ostringstream out;
    for (const auto& l : lines) out << l << "\n";
    return out.str();
}

const std::regex kGameName(R"(\b(chess|connect4|minichess|tictactoe|tree|uniform)::|ply/games/)");

// Front-end files that still hold one game's own tool (Pons' benchmark sets,
// the Connect Four and Polyglot books): each to become a capability. The list
// may only shrink.
bool known_debt(const std::string& line) {
    for (const char* file :
         {"cli/solve_batch.cpp", "cli/connect4_book.cpp", "cli/connect4_book.hpp", "cli/chess_book.cpp"})
        if (line.rfind(file, 0) == 0) return true;
    return false;
}

TEST(Layers, FrontEndsAndToolsNameNoGame) {
    std::set<std::string> found;
    for (const auto& line : offending_lines({"cli", "tools", "uci", "xboard"}, kGameName))
        if (!known_debt(line)) found.insert(line);
    EXPECT_TRUE(found.empty()) << "reach games through the registry and capabilities:\n" << joined(found);
}

TEST(Layers, ToolsDoNotIncludeTheCommandLine) {
    const auto found = offending_lines({"tools"}, std::regex(R"(#include <ply/(cli|uci|xboard)/)"));
    EXPECT_TRUE(found.empty()) << joined(found);
}

TEST(Layers, CoreAndSearchKnowNoGameAndNoFrontEnd) {
    const auto found =
        offending_lines({"core", "search"}, std::regex(R"(#include <ply/(games|registry|tools|cli|uci|xboard)/)"));
    EXPECT_TRUE(found.empty()) << joined(found);
}

TEST(Layers, GamesKnowNoSearch) {
    const auto found =
        offending_lines({"games"}, std::regex(R"(#include <ply/(search|registry|tools|cli|uci|xboard)/)"));
    EXPECT_TRUE(found.empty()) << joined(found);
}

}  // namespace
