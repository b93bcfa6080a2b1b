// Weak play that still looks human, and the win/draw/loss model, through UCI.
#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>

#include <ply/games/chess/description.hpp>
#include <ply/games/chess/strength.hpp>
#include <ply/games/chess/wdl.hpp>
#include <ply/uci/uci.hpp>
#include "chess/chess_test_support.hpp"

namespace ply::uci {
namespace {

// The protocol as `ply` speaks it, for chess.
using Session = uci::Session<chess::Position>;
[[maybe_unused]] int run(std::istream& in, std::ostream& out) { return run_uci<chess::Position>(in, out); }

using chess::testing::bestmove_of;

// A session of its own per move keeps the outputs apart.
std::string move_of(const std::vector<std::string>& options, const std::string& position, const std::string& go) {
    std::ostringstream out;
    {
        Session s(out);
        for (const auto& o : options) s.handle(o);
        s.handle(position);
        s.handle(go);
        s.wait();
    }
    return bestmove_of(out.str());
}

TEST(ChessStrength, TheWeakestLevelNeverLeavesItsQueenToAPawn) {
    // The queen on d5 is attacked by the e6 pawn; every move but a queen move loses her.
    const std::string position = "position fen 4k3/8/4p3/3Q4/8/8/8/4K3 w - - 0 1";
    for (int i = 0; i < 30; ++i) {
        const auto move = move_of({"setoption name Skill Level value 0"}, position, "go movetime 50");
        ASSERT_EQ(move.substr(0, 2), "d5") << "move " << i << ": " << move;
    }
}

TEST(ChessStrength, TheWeakestLevelPlaysDifferentMovesFromTheSamePosition) {
    std::set<std::string> moves;
    for (int i = 0; i < 20; ++i)
        moves.insert(move_of({"setoption name Skill Level value 0"}, "position startpos", "go movetime 20"));
    EXPECT_GE(moves.size(), 3u);
}

TEST(ChessStrength, TheWeakestLevelMatesWithKingAndRook) {
    // Weakest level with the rook against full strength with the bare king.
    chess::Position game = chess::Position::from_fen("8/8/3k4/8/8/8/8/R3K3 w - - 0 1");
    std::string moves;
    for (int ply = 0; ply < 200 && game.outcome() == Outcome::Ongoing; ++ply) {
        const bool weak_side = game.side_to_move() == chess::White;
        const std::vector<std::string> options =
            weak_side ? std::vector<std::string>{"setoption name Skill Level value 0"} : std::vector<std::string>{};
        const auto move =
            move_of(options, "position fen 8/8/3k4/8/8/8/8/R3K3 w - - 0 1" + (moves.empty() ? "" : " moves" + moves),
                    weak_side ? "go movetime 30" : "go depth 6");
        ASSERT_FALSE(move.empty());
        game.make(game.parse_move(move));
        moves += " " + move;
    }
    EXPECT_EQ(game.outcome(), Outcome::Loss) << "Black should be mated:" << moves;
}

TEST(ChessStrength, UciEloChoosesAWeakerLevelForALowerRating) {
    EXPECT_EQ(chess::skill_level_for_elo(chess::kMinElo), 0);
    int previous = -1;
    for (int elo = chess::kMinElo; elo <= chess::kMaxElo; elo += 50) {
        const int level = chess::skill_level_for_elo(elo);
        EXPECT_GE(level, previous) << elo;
        EXPECT_LT(level, 20) << "UCI_LimitStrength always plays below full strength";
        previous = level;
    }
    // Limited to the lowest rating, the engine varies its moves as level 0 does.
    std::set<std::string> moves;
    for (int i = 0; i < 20; ++i)
        moves.insert(move_of({"setoption name UCI_LimitStrength value true",
                              "setoption name UCI_Elo value " + std::to_string(chess::kMinElo)},
                             "position startpos", "go movetime 20"));
    EXPECT_GE(moves.size(), 3u);
}

TEST(ChessWdl, ChancesSumToAThousandAndFollowTheScore) {
    int last_win = -1;
    for (Score s = -1000; s <= 1000; s += 25) {
        const auto w = chess::wdl_of(s);
        EXPECT_EQ(w.win + w.draw + w.loss, 1000) << s;
        EXPECT_GE(w.draw, 0) << s;
        EXPECT_GE(w.win, last_win) << s;
        last_win = w.win;
        const auto mirrored = chess::wdl_of(static_cast<Score>(-s));
        EXPECT_EQ(w.win, mirrored.loss) << s;
    }
    EXPECT_EQ(chess::wdl_of(mate_in_plies(5)).win, 1000);
    EXPECT_EQ(chess::wdl_of(mated_in_plies(4)).loss, 1000);
    EXPECT_GT(chess::wdl_of(0).draw, 500) << "an equal position is most often drawn";
}

TEST(ChessWdl, ShownOnlyWhenAskedFor) {
    std::ostringstream plain, shown;
    {
        Session s(plain);
        s.handle("go depth 3");
        s.wait();
    }
    {
        Session s(shown);
        s.handle("setoption name UCI_ShowWDL value true");
        s.handle("go depth 3");
        s.wait();
    }
    EXPECT_EQ(plain.str().find(" wdl "), std::string::npos);
    EXPECT_NE(shown.str().find(" wdl "), std::string::npos) << shown.str();
}

}  // namespace
}  // namespace ply::uci
