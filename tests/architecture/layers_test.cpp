// The arrows of the design, checked on the sources: front ends and tools name
// no game (they reach games through the registry and capabilities), tools
// do not include the command line, no front end includes the command line or
// a sibling front end, core and search include no game, and core's code
// names none.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kSource = PLY_SOURCE_DIR;

// Whether `line` names one of `words` where a name starts (not "research::"
// for "search::"). Plain search: GCC 12 warns inside <regex> under the sanitizers.
bool names_any(const std::string& line, const std::vector<std::string>& words) {
    for (const auto& word : words)
        for (auto at = line.find(word); at != std::string::npos; at = line.find(word, at + 1))
            if (at == 0 || !(std::isalnum(static_cast<unsigned char>(line[at - 1])) || line[at - 1] == '_'))
                return true;
    return false;
}

// Files under `folders` (relative to src/ply) with a line naming one of
// `words`, as "folder/file:line: text".
std::set<std::string> offending_lines(std::initializer_list<const char*> folders,
                                      const std::vector<std::string>& words) {
    std::set<std::string> found;
    for (const char* folder : folders) {
        for (const auto& entry : fs::recursive_directory_iterator(kSource / "ply" / folder)) {
            if (!entry.is_regular_file()) continue;
            std::ifstream in(entry.path());
            std::string line;
            for (int number = 1; std::getline(in, line); ++number)
                if (names_any(line, words))
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

const std::vector<std::string> kGameNames = {
    "checkers::", "chess::", "connect4::", "go::", "minichess::", "tictactoe::", "tree::", "uniform::", "ply/games/"};

// "#include <ply/<folder>/" for each folder.
std::vector<std::string> includes_of(std::initializer_list<const char*> folders) {
    std::vector<std::string> out;
    for (const char* f : folders) out.push_back(std::string("#include <ply/") + f + "/");
    return out;
}

TEST(Layers, FrontEndsAndToolsNameNoGame) {
    const auto found =
        offending_lines({"cli", "tools", "uci", "xboard", "gtp", "web", "python", "checkerboard"}, kGameNames);
    EXPECT_TRUE(found.empty()) << "reach games through the registry and capabilities:\n" << joined(found);
}

TEST(Layers, ToolsDoNotIncludeTheCommandLine) {
    const auto found =
        offending_lines({"tools"}, includes_of({"cli", "uci", "xboard", "gtp", "web", "python", "checkerboard"}));
    EXPECT_TRUE(found.empty()) << joined(found);
}

const std::vector<const char*> kFrontEnds = {"uci", "xboard", "gtp", "web", "python", "checkerboard"};

// No front end includes the `ply` command (cli/, on top: it starts the
// others) or a sibling front end: what two of them share lives below them.
TEST(Layers, FrontEndsIncludeNoCommandLineAndNoSibling) {
    std::set<std::string> found;
    for (const char* front_end : kFrontEnds) {
        std::vector<std::string> others = {"#include <ply/cli/"};
        for (const char* other : kFrontEnds)
            if (std::string(other) != front_end) others.push_back(std::string("#include <ply/") + other + "/");
        found.merge(offending_lines({front_end}, others));
    }
    EXPECT_TRUE(found.empty()) << "share through tools/ or core/; cli/ hands one protocol over to another:\n"
                               << joined(found);
}

// The Python module links the games, the searches and the tools, never the
// command line (`pip install .` builds it without CLI11).
TEST(Layers, ThePythonModuleNeedsNoCommandLine) {
    const auto found = offending_lines({"python"}, includes_of({"cli", "uci", "xboard", "gtp", "web", "theory"}));
    EXPECT_TRUE(found.empty()) << joined(found);
}

TEST(Layers, CoreAndSearchKnowNoGameAndNoFrontEnd) {
    const auto found = offending_lines(
        {"core", "search"},
        includes_of({"games", "registry", "tools", "cli", "uci", "xboard", "gtp", "web", "python", "checkerboard"}));
    EXPECT_TRUE(found.empty()) << joined(found);
}

// Code lines (comments cut off) of the files under `folder` that name a game
// or a piece of one, in any case: core/ says what a game provides, never which.
std::set<std::string> code_naming_a_game(const char* folder) {
    static const std::vector<std::string> kWords = {"chess",     "connect4", "connect_four", "minichess",
                                                    "tictactoe", "go::",     "king",         "queen",
                                                    "rook",      "bishop",   "knight",       "pawn"};
    std::set<std::string> found;
    for (const auto& entry : fs::recursive_directory_iterator(kSource / "ply" / folder)) {
        if (!entry.is_regular_file()) continue;
        std::ifstream in(entry.path());
        std::string line;
        for (int number = 1; std::getline(in, line); ++number) {
            std::string code = line.substr(0, line.find("//"));
            for (char& c : code) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            // A capability may carry the name of the protocols' option it serves (UCI_Chess960).
            for (auto at = code.find("chess960"); at != std::string::npos; at = code.find("chess960"))
                code.erase(at, 8);
            if (names_any(code, kWords))
                found.insert(fs::relative(entry.path(), kSource / "ply").string() + ":" + std::to_string(number) +
                             ": " + line);
        }
    }
    return found;
}

TEST(Layers, CoreNamesNoGame) {
    const auto found = code_naming_a_game("core");
    EXPECT_TRUE(found.empty()) << "a game's own names and numbers live in its folder (games/<game>/):\n"
                               << joined(found);
}

TEST(Layers, GamesKnowNoSearch) {
    const auto found = offending_lines({"games"}, includes_of({"search", "registry", "tools", "cli", "uci", "xboard",
                                                               "gtp", "web", "python", "checkerboard"}));
    EXPECT_TRUE(found.empty()) << joined(found);
}

}  // namespace

// MPI stays in the optional cluster component, which knows nothing of Ply's
// other layers; only the command line (its long jobs) uses it.
TEST(Layers, OnlyTheClusterComponentCallsMpiAndOnlyTheCommandLineUsesIt) {
    const std::initializer_list<const char*> others = {"core",         "search", "games",  "registry", "tools",
                                                       "theory",       "uci",    "xboard", "gtp",      "web",
                                                       "checkerboard", "python", "cli"};
    auto found = offending_lines(others, {"#include <mpi.h>", "MPI_Init", "MPI_Comm", "MPI_Send", "MPI_Recv"});
    found.merge(offending_lines({"cluster"}, includes_of(others)));
    found.merge(offending_lines({"core", "search", "games", "registry", "tools", "theory", "uci", "xboard", "gtp",
                                 "web", "checkerboard", "python"},
                                includes_of({"cluster"})));
    EXPECT_TRUE(found.empty()) << joined(found);
}

TEST(Layers, TheoryKnowsNoGameNoSearchAndNoFrontEnd) {
    // Strategic forms are built over the Game concept (core) alone.
    auto found = offending_lines(
        {"theory"}, includes_of({"games", "search", "registry", "tools", "cli", "uci", "xboard", "gtp", "web"}));
    found.merge(offending_lines({"theory"}, kGameNames));
    EXPECT_TRUE(found.empty()) << joined(found);
}
