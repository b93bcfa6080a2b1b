// CheckerBoard engine libraries in the arena (cb=LIB.so): Ply's own library
// plays whole games against Ply with only legal moves, a library's illegal
// move loses, and a library that is none is refused in one line. The
// library's own answers are checked through the same loader.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <utility>

#include <ply/core/error.hpp>
#include <ply/games/checkers/description.hpp>
#include <ply/games/tictactoe/description.hpp>
#include <ply/tools/arena/cb_library.hpp>
#include <ply/tools/arena/engine_config.hpp>
#include <ply/tools/arena/game_support_for.hpp>
#include <ply/tools/arena/scheduler.hpp>
#include "arena/play_match.hpp"

namespace ply::arena {
namespace {

using checkers::Checkers;

// `seconds` a move, and two seconds past it before a flag falls: these
// games must end by their rules, and under the sanitizers on a loaded
// machine a move at 0.03 s has overrun the usual 0.1 s margin.
MatchSettings library_match(const std::string& library, int games, const std::string& option = "option.hashsize=8",
                            const std::string& seconds = "0.03") {
    MatchSettings m;
    m.game = support_for<Checkers>();
    m.engines = {parse_engine_config({"cb=" + library, "name=library", "st=" + seconds, option}),
                 parse_engine_config({"cmd=ply:game=checkers,algo=engine", "name=ply", "st=" + seconds})};
    m.games = games;
    m.repeat = true;
    m.margin = 2.0;
    return m;
}

TEST(ArenaCheckerBoard, PlysLibraryPlaysWholeGamesOfLegalMoves) {
    const auto p = testing::play(library_match(PLY_CB_LIBRARY, 2));
    ASSERT_EQ(p.games.size(), 2u);
    for (const auto& g : p.games) {
        EXPECT_NE(g.result, "*");
        EXPECT_TRUE(g.termination == "normal" || g.termination == "adjudication") << g.termination << ": " << g.reason;
        // The referee took every move; replayed here by the rules once more.
        Checkers replay = g.start_position.empty() ? Checkers() : Checkers::from_fen(g.start_position);
        for (const auto& m : g.moves) replay.make(replay.parse_move(m.move));
        EXPECT_EQ(replay.fen(), Checkers::from_fen(g.final_position).fen());
        EXPECT_GT(g.moves.size(), 20u);
    }
}

// A clock: the time left and the increment in the finest unit whose 16 bits
// hold them, and a game under it played to its end without a flag falling.
TEST(ArenaCheckerBoard, AClockGoesInTheIncrementalBits) {
    EXPECT_EQ(cb_clock_words(10, 0.1), std::make_pair(1 << 2, (10000 << 16) | 100));
    EXPECT_EQ(cb_clock_words(100, 1), std::make_pair(2 << 2, (10000 << 16) | 100));
    EXPECT_EQ(cb_clock_words(1000, 0), std::make_pair(3 << 2, 10000 << 16));
    EXPECT_EQ(cb_clock_words(1e6, 1e4), std::make_pair(3 << 2, static_cast<int>(0xFFFFFFFFu)));
    EXPECT_DOUBLE_EQ(cb_move_seconds(30, 0), 1);
    EXPECT_DOUBLE_EQ(cb_move_seconds(0.1, 1), 0.05);  // never more than half the clock
    MatchSettings m = library_match(PLY_CB_LIBRARY, 1);
    for (auto& e : m.engines) e.limits = Limits{TimeControl::parse("2+0.05"), {}, {}, {}};
    const auto p = testing::play(m);
    ASSERT_EQ(p.games.size(), 1u);
    EXPECT_TRUE(p.games[0].termination == "normal" || p.games[0].termination == "adjudication")
        << p.games[0].termination << ": " << p.games[0].reason;
}

TEST(ArenaCheckerBoard, AnIllegalMoveLosesWithItsReason) {
    const auto p = testing::play(library_match(PLY_CB_FAKE_ENGINE, 2, "name=library", "0.5"));
    ASSERT_EQ(p.games.size(), 2u);
    for (const auto& g : p.games) {
        EXPECT_EQ(g.termination, "rules infraction");
        EXPECT_NE(g.reason.find("1-5 (no legal move goes so)"), std::string::npos) << g.reason;
        EXPECT_EQ(g.result, g.white == "library" ? "0-1" : "1-0");
    }
}

TEST(ArenaCheckerBoard, ARefusedOptionStopsTheMatch) {
    const auto p = testing::play(library_match(PLY_CB_FAKE_ENGINE, 2));
    ASSERT_EQ(p.games.size(), 1u);
    EXPECT_EQ(p.games[0].termination, "abandoned");
    EXPECT_NE(p.games[0].reason.find("'set hashsize 8' refused: ?"), std::string::npos) << p.games[0].reason;
    EXPECT_TRUE(p.state.engine_failed);
}

TEST(ArenaCheckerBoard, ALibraryThatIsNoneIsRefusedInOneLine) {
    const auto start = [](const std::string& path) {
        return make_player(parse_engine_config({"cb=" + path, "st=1"}), support_for<Checkers>())->start();
    };
    const std::string missing = start(PLY_CB_FAKE_NO_GETMOVE);
    EXPECT_NE(missing.find("lacks getmove"), std::string::npos) << missing;
    const std::string nowhere = start("/nonexistent/libnothing.so");
    EXPECT_NE(nowhere.find("cannot load '/nonexistent/libnothing.so'"), std::string::npos) << nowhere;
    EXPECT_EQ(nowhere.find('\n'), std::string::npos);
    EXPECT_EQ(start(PLY_CB_LIBRARY), "");
}

TEST(ArenaCheckerBoard, EngineWordsForLibraries) {
    const auto c = parse_engine_config({"cb=/opt/engines/libcake.so", "st=1"});
    EXPECT_EQ(c.protocol, Protocol::CheckerBoard);
    EXPECT_EQ(c.name, "libcake");
    EXPECT_EQ(c.command, "/opt/engines/libcake.so");
    EXPECT_THROW(parse_engine_config({"cb=a.so", "cmd=b"}), ParseError);
    EXPECT_THROW(parse_engine_config({"cb=a.so", "proto=uci"}), ParseError);
    EXPECT_THROW(parse_engine_config({"cb="}), ParseError);
    auto deep = parse_engine_config({"cb=a.so", "depth=5"});
    EXPECT_THROW(apply_each(deep, {}), ParseError);
    EXPECT_THROW(make_player(c, support_for<tictactoe::TicTacToe>()), ParseError);
}

TEST(ArenaCheckerBoard, SearchTextGivesDepthAndValue) {
    const auto ours = cb_search_info("best 11-15, depth 14, 812345 nodes, value -35");
    EXPECT_EQ(ours.depth, 14);
    EXPECT_EQ(ours.cp, -35);
    const auto other = cb_search_info("depth=21/35 time 1.00s value=12 nodes 9");
    EXPECT_EQ(other.depth, 21);
    EXPECT_EQ(other.cp, 12);
    const auto none = cb_search_info("value mate 3, thinking");
    EXPECT_EQ(none.depth, 0);
    EXPECT_FALSE(none.cp);
}

TEST(ArenaCheckerBoard, PlysLibraryAnswersItsCommands) {
    CbLibrary lib;
    ASSERT_EQ(lib.open(PLY_CB_LIBRARY), "");
    bool known = false;
    EXPECT_EQ(lib.command("name", &known).rfind("Ply ", 0), 0u);
    EXPECT_TRUE(known);
    EXPECT_NE(lib.command("about", &known), "");
    EXPECT_TRUE(known);
    EXPECT_NE(lib.command("help", &known).find("set hashsize"), std::string::npos);
    EXPECT_EQ(lib.command("get protocolversion", &known), "2");
    EXPECT_TRUE(known);
    EXPECT_EQ(lib.command("get gametype", &known), "21");
    EXPECT_TRUE(known);
    EXPECT_EQ(lib.command("set hashsize 4", &known), "4");
    EXPECT_TRUE(known);
    EXPECT_EQ(lib.command("get hashsize"), "4");
    lib.command("set hashsize lots", &known);
    EXPECT_FALSE(known);
    EXPECT_EQ(lib.command("get hashsize"), "4");  // unchanged
    EXPECT_NE(lib.command("fly me to the moon", &known).find("unknown command"), std::string::npos);
    EXPECT_FALSE(known);
    lib.command("", &known);
    EXPECT_FALSE(known);
}

using GetMove = int (*)(int[8][8], int, double, char*, int*, int, int, checkers::cb::CbMove*);

// getmove plays on the board it was given and in the CbMove alike, and a
// raised playnow ends a long search at once.
TEST(ArenaCheckerBoard, PlysLibraryPlaysOnTheBoardAndStopsAtPlaynow) {
    CbLibrary lib;
    ASSERT_EQ(lib.open(PLY_CB_LIBRARY), "");
    const auto getmove = reinterpret_cast<GetMove>(lib.getmove());
    const Checkers g = Checkers::from_fen("W:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29");
    int board[8][8] = {};
    checkers::cb::to_board(g, board);
    char str[1024] = {};
    int playnow = 1;
    checkers::cb::CbMove move{};
    const auto t0 = std::chrono::steady_clock::now();
    getmove(board, checkers::cb::kWhite, 60.0, str, &playnow, 1, 0, &move);
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
    const auto found = checkers::cb::find_move(g, move);
    ASSERT_TRUE(found) << checkers::cb::describe(move);
    Checkers after = g;
    after.make(*found);
    EXPECT_EQ(checkers::cb::from_board(board, checkers::cb::kBlack).fen(), after.fen());
    EXPECT_NE(std::string(str).find("best "), std::string::npos) << str;
    // A board no piece sits on rightly: a line in str, no move.
    board[0][0] = 99;
    playnow = 0;
    EXPECT_EQ(getmove(board, checkers::cb::kBlack, 0.01, str, &playnow, 0, 0, &move), cb_api::kUnknown);
    EXPECT_NE(std::string(str).find("value 99"), std::string::npos) << str;
}

// islegal, which hosts such as cliche load with the others: a person's move
// by its first and last squares, a jump only whole.
TEST(ArenaCheckerBoard, PlysLibraryTellsLegalMovesBySquares) {
    void* handle = dlopen(PLY_CB_LIBRARY, RTLD_NOW);
    ASSERT_NE(handle, nullptr);
    using IsLegal = int (*)(int[8][8], int, int, int, checkers::cb::CbMove*);
    const auto islegal = reinterpret_cast<IsLegal>(dlsym(handle, "islegal"));
    ASSERT_NE(islegal, nullptr);
    int board[8][8] = {};
    checkers::cb::to_board(Checkers(), board);
    checkers::cb::CbMove move{};
    EXPECT_EQ(islegal(board, checkers::cb::kBlack, 11, 15, &move), 1);
    EXPECT_EQ(checkers::cb::square_of(move.from), 10);
    EXPECT_EQ(checkers::cb::square_of(move.to), 14);
    EXPECT_EQ(islegal(board, checkers::cb::kBlack, 11, 14, &move), 0);
    EXPECT_EQ(islegal(board, checkers::cb::kBlack, 22, 18, &move), 0);  // White's man
    EXPECT_EQ(islegal(board, checkers::cb::kWhite, 22, 18, &move), 1);
    checkers::cb::to_board(Checkers::from_fen("B:W18,26,K1:B15,K20"), board);
    EXPECT_EQ(islegal(board, checkers::cb::kBlack, 15, 22, &move), 0);  // half a jump
    EXPECT_EQ(islegal(board, checkers::cb::kBlack, 20, 24, &move), 0);  // a capture is compulsory
    EXPECT_EQ(islegal(board, checkers::cb::kBlack, 15, 31, &move), 1);
    EXPECT_EQ(move.jumps, 2);
    board[0][0] = 99;
    EXPECT_EQ(islegal(board, checkers::cb::kBlack, 15, 31, &move), 0);
}

// `set egdbpath`: the library plays First Position from `ply egtb build`'s
// tables, the fastest win (its search alone prefers 23-18, a slower one, at this
// time); a folder that is none is refused and the old one kept.
TEST(ArenaCheckerBoard, PlysLibraryPlaysFromTheEndgameTables) {
    const auto dir = std::filesystem::temp_directory_path() / ("ply_test_cb_egdb_" + std::to_string(::getpid()));
    ASSERT_EQ(std::system(
                  ("'" PLY_BINARY "' egtb build checkers --pieces 4 --dir '" + dir.string() + "' 2>/dev/null").c_str()),
              0);
    CbLibrary lib;
    ASSERT_EQ(lib.open(PLY_CB_LIBRARY), "");
    bool known = false;
    EXPECT_EQ(lib.command("set egdbpath " + dir.string(), &known), dir.string());
    EXPECT_TRUE(known);
    EXPECT_NE(lib.command("set egdbpath /no/such/folder", &known).find("is not a folder"), std::string::npos);
    EXPECT_FALSE(known);
    const auto getmove = reinterpret_cast<GetMove>(lib.getmove());
    const Checkers g = Checkers::from_fen("W:WK19,K23:B12,K28");
    int board[8][8] = {};
    checkers::cb::to_board(g, board);
    char str[1024] = {};
    int playnow = 0;
    checkers::cb::CbMove move{};
    getmove(board, checkers::cb::kWhite, 0.2, str, &playnow, 0, 0, &move);
    const auto found = checkers::cb::find_move(g, move);
    ASSERT_TRUE(found) << checkers::cb::describe(move);
    EXPECT_EQ(g.move_to_string(*found), "23-27") << str;
    EXPECT_EQ(lib.command("set egdbpath", &known), "");
    EXPECT_TRUE(known);
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace ply::arena
