// The chess engine with endgame tables, through UCI: from the longest wins
// of KBN v K and KQ v KR, both sides playing the moves the engine chooses
// with EndgamePath set, the game ends in mate after exactly the known
// maxima (33 and 35 moves): the fastest win against the longest resistance.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <ply/games/chess/description.hpp>
#include <ply/search/retro/table_set.hpp>
#include <ply/uci/uci.hpp>
#include "chess/chess_test_support.hpp"
#include "support/temp_file.hpp"

namespace ply::uci {
namespace {

using chess::Position;
using Index = SliceIndex<Position>;

// A position of the slice with White to move whose value is a win in
// exactly `plies`, from the tables in `folder`.
std::optional<Position> longest_win(const std::filesystem::path& folder, const std::string& name, int plies) {
    retro::TableSet<Position> tables(folder, "chess");
    const auto slice = Index::parse(name);
    const retro::Table* table = tables.table(*slice);
    if (!table) return std::nullopt;
    Position p;
    for (std::uint64_t i = 0; i < table->size(); ++i)
        if (table->at(i) == retro::win_code(plies) && Index::position(*slice, i, p) && p.side_to_move() == chess::White)
            return p;
    return std::nullopt;
}

// Plays the game out, each move the engine's at depth 2 with the tables (its children probe them);
// the plies to the end and how it ended.
std::pair<int, Outcome> play_out(const Position& start, const std::string& folder) {
    std::vector<std::string> moves;
    Position p = start;
    for (int ply = 0; ply < 200 && !is_over(p.outcome()); ++ply) {
        std::ostringstream out;
        Session<Position> s(out);
        s.handle("setoption name EndgamePath value " + folder);
        std::string line = "position fen " + start.fen() + (moves.empty() ? "" : " moves");
        for (const auto& m : moves) line += " " + m;
        s.handle(line);
        s.handle("go depth 2");
        s.wait();
        moves.push_back(chess::testing::bestmove_of(out.str()));
        p.make(p.parse_move(moves.back()));
    }
    return {int(moves.size()), p.outcome()};
}

void mates_in(const std::string& slice, const char* needs, int moves) {
    const ply::testing::TempDir dir("egtb-" + slice);
    const std::string build = "'" PLY_BINARY "' egtb build chess --for '" + std::string(needs) + "' --dir '" +
                              dir.path.string() + "' 2>/dev/null";
    ASSERT_EQ(std::system(build.c_str()), 0) << build;
    const auto start = longest_win(dir.path, slice, 2 * moves - 1);
    ASSERT_TRUE(start) << "no win in " << moves << " moves in " << slice;
    const auto [plies, end] = play_out(*start, dir.path.string());
    EXPECT_EQ(plies, 2 * moves - 1) << start->fen();
    EXPECT_EQ(end, Outcome::Loss) << "checkmate, the side to move lost: " << start->fen();
}

TEST(ChessEgtbUci, MatesFromTheLongestKbnkWinInThirtyThreeMoves) {
    mates_in("KBNvK", "7k/8/8/8/8/8/8/KBN5 w - - 0 1", 33);
}

TEST(ChessEgtbUci, MatesFromTheLongestKqkrWinInThirtyFiveMoves) {
    mates_in("KQvKR", "r7/8/8/8/8/7k/8/KQ6 w - - 0 1", 35);
}

TEST(ChessEgtbUci, AFolderThatIsNoneIsRefusedInOneLine) {
    std::ostringstream out;
    Session<Position> s(out);
    s.handle("setoption name EndgamePath value /no/such/folder");
    EXPECT_NE(out.str().find("info string error: EndgamePath"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace ply::uci
