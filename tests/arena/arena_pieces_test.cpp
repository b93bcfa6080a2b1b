// The arena's parts, one by one: time controls, engine words, protocol
// parsing, the referee, openings (PGN and EPD), adjudication and PGN output.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <ply/core/error.hpp>
#include <ply/games/chess/description.hpp>
#include <ply/games/connect4/description.hpp>
#include <ply/tools/arena/adjudication.hpp>
#include <ply/tools/arena/engine_config.hpp>
#include <ply/tools/arena/game_support_for.hpp>
#include <ply/tools/arena/openings.hpp>
#include <ply/tools/arena/pgn.hpp>
#include <ply/tools/arena/ply_player.hpp>
#include <ply/tools/arena/uci_player.hpp>
#include <ply/tools/arena/xboard_player.hpp>

namespace ply::arena {
namespace {

TEST(ArenaPieces, TimeControls) {
    auto tc = TimeControl::parse("10+0.1");
    EXPECT_EQ(tc.moves, 0);
    EXPECT_DOUBLE_EQ(tc.base, 10);
    EXPECT_DOUBLE_EQ(tc.increment, 0.1);
    EXPECT_EQ(tc.to_string(), "10+0.1");
    tc = TimeControl::parse("40/60");
    EXPECT_EQ(tc.moves, 40);
    EXPECT_EQ(tc.to_string(), "40/60");
    EXPECT_DOUBLE_EQ(TimeControl::parse("1:30+1").base, 90);
    EXPECT_THROW(TimeControl::parse("fast"), ParseError);
    EXPECT_THROW(TimeControl::parse("0+0"), ParseError);

    GameClock clock(TimeControl::parse("2/10+1"));
    EXPECT_EQ(clock.moves_to_go(), 2);
    EXPECT_DOUBLE_EQ(clock.charge(3), 7);  // before the increment
    EXPECT_DOUBLE_EQ(clock.remaining(), 8);
    EXPECT_EQ(clock.moves_to_go(), 1);
    clock.charge(1);  // end of the period: +10
    EXPECT_DOUBLE_EQ(clock.remaining(), 18);
    EXPECT_LT(GameClock(TimeControl::parse("1")).charge(1.5), 0);
}

TEST(ArenaPieces, EngineWords) {
    const auto e =
        parse_engine_config({"cmd=/usr/games/stockfish -x 'a b'", "option.Hash=64", "tc=5+0.05", "dir=/tmp"});
    EXPECT_EQ(e.name, "stockfish");
    EXPECT_EQ(e.protocol, Protocol::Uci);
    ASSERT_EQ(e.options.size(), 1u);
    EXPECT_EQ(e.options[0].first, "Hash");
    EXPECT_EQ(e.limits.to_string(), "5+0.05");
    EXPECT_EQ(split_command("/usr/games/stockfish -x 'a b'"),
              (std::vector<std::string>{"/usr/games/stockfish", "-x", "a b"}));
    EXPECT_EQ(parse_engine_config({"cmd=ply:game=connect4,depth=4"}).protocol, Protocol::Ply);
    EXPECT_EQ(parse_engine_config({"cmd=fairymax", "proto=xboard"}).protocol, Protocol::Xboard);
    EXPECT_THROW(parse_engine_config({"name=x"}), ParseError);
    EXPECT_THROW(parse_engine_config({"cmd=x", "colour=red"}), ParseError);
    EXPECT_THROW(parse_engine_config({"cmd=x", "nodes=-3"}), ParseError);
    EXPECT_THROW(make_player(parse_engine_config({"cmd=ply:game=go"}), support_for<chess::Position>()), ParseError);
    EXPECT_THROW(make_player(parse_engine_config({"cmd=ply:game=chess,algo=magic"}), support_for<chess::Position>()),
                 ParseError);

    auto mine = parse_engine_config({"cmd=a", "depth=3"});
    apply_each(mine, parse_engine_config({"tc=1+0.1", "option.Threads=1"}, true));
    EXPECT_EQ(mine.limits.to_string(), "depth=3");  // its own limits win
    EXPECT_EQ(mine.options.size(), 1u);
}

TEST(ArenaPieces, PlyEngineParameters) {
    const PlySpec spec = parse_ply_spec("ply:game=chess,algo=engine,param.lmr_divisor=3.5,param.futility_base=40");
    const SearchParameters p = parameters_with(SearchParameters{}, spec);
    EXPECT_DOUBLE_EQ(p.lmr_divisor, 3.5);
    EXPECT_EQ(p.futility_base, 40);
    SearchParameters expected;
    expected.lmr_divisor = 3.5;
    expected.futility_base = 40;
    EXPECT_EQ(p, expected);  // nothing else
    EXPECT_THROW(parse_ply_spec("ply:game=chess,algo=engine,param.nonsense=1"), ParseError);
    EXPECT_THROW(parse_ply_spec("ply:game=chess,algo=engine,param.futility_base="), ParseError);
    EXPECT_THROW(parse_ply_spec("ply:game=chess,algo=alphabeta,param.futility_base=40"), ParseError);
    for (const char* bad : {"param.futility_base=40.5", "param.lmr_divisor=0", "param.late_move_count_divisor=-1"})
        EXPECT_THROW(
            parameters_with(SearchParameters{}, parse_ply_spec(std::string("ply:game=chess,algo=engine,") + bad)),
            ParseError)
            << bad;
    EXPECT_THROW(make_player(parse_engine_config({"cmd=ply:game=chess,algo=engine,param.lmr_history_divisor=0"}),
                             support_for<chess::Position>()),
                 ParseError);
}

TEST(ArenaPieces, UciInfo) {
    SearchInfo info;
    parse_uci_info("info depth 12 seldepth 18 multipv 1 score cp -35 nodes 12345 nps 1 pv e2e4 e7e5", info);
    EXPECT_EQ(info.depth, 12);
    EXPECT_EQ(info.cp, -35);
    EXPECT_EQ(info.nodes, 12345u);
    parse_uci_info("info depth 20 score mate -3 pv a1a2", info);
    EXPECT_EQ(info.mate, -3);
    EXPECT_FALSE(info.cp);
    parse_uci_info("info string score cp 999", info);  // free text: ignored
    EXPECT_EQ(info.mate, -3);
}

TEST(ArenaPieces, XboardThinkingAndLevel) {
    SearchInfo info;
    EXPECT_TRUE(parse_xboard_thinking(" 9     -23    145    80713 e2e4 e7e5", info));
    EXPECT_EQ(info.depth, 9);
    EXPECT_EQ(info.cp, -23);
    EXPECT_FALSE(parse_xboard_thinking("move e2e4", info));
    EXPECT_FALSE(parse_xboard_thinking("feature done=1", info));
    EXPECT_EQ(xboard_level(TimeControl::parse("10+0.1")), "level 0 0:10 0.1");
    EXPECT_EQ(xboard_level(TimeControl::parse("40/90")), "level 40 1:30 0");
    EXPECT_EQ(xboard_level(TimeControl::parse("120+1")), "level 0 2 1");
}

TEST(ArenaPieces, ChessReferee) {
    auto r = make_referee<chess::Position>();
    ASSERT_TRUE(r);
    EXPECT_EQ(r->start_position(), kStandardChessStart);
    EXPECT_EQ(r->canonical("e4"), "e2e4");  // SAN in, UCI out
    EXPECT_EQ(r->canonical("e2e4"), "e2e4");
    EXPECT_FALSE(r->canonical("e2e5"));
    EXPECT_FALSE(r->canonical("nonsense"));
    EXPECT_EQ(r->notation("g1f3"), "Nf3");
    // Fool's mate.
    for (const char* m : {"f2f3", "e7e5", "g2g4", "d8h4"}) r->play(m);
    const auto end = r->end();
    ASSERT_TRUE(end);
    EXPECT_EQ(end->winner, 1);
    EXPECT_EQ(end->reason, "Black mates");
    // Threefold repetition.
    r->reset("");
    for (int i = 0; i < 2; ++i)
        for (const char* m : {"g1f3", "g8f6", "f3g1", "f6g8"}) r->play(m);
    ASSERT_TRUE(r->end());
    EXPECT_EQ(r->end()->reason, "Draw by 3-fold repetition");
    r->reset("8/8/8/8/8/5k2/8/5K2 w - - 0 1");
    ASSERT_TRUE(r->end());
    EXPECT_EQ(r->end()->reason, "Draw by insufficient mating material");
    r->reset("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    ASSERT_TRUE(r->end());
    EXPECT_EQ(r->end()->reason, "Draw by stalemate");
    r->reset("7k/8/6K1/8/8/8/8/R7 w - - 99 80");
    EXPECT_FALSE(r->end());
    r->play("a1a2");
    ASSERT_TRUE(r->end());
    EXPECT_EQ(r->end()->reason, "Draw by fifty moves rule");
}

TEST(ArenaPieces, Connect4Referee) {
    auto r = make_referee<connect4::Connect4>();
    ASSERT_TRUE(r);
    for (const char* m : {"1", "2", "1", "2", "1", "2"}) r->play(m);
    EXPECT_FALSE(r->end());
    EXPECT_EQ(r->side_to_move(), 0);
    EXPECT_FALSE(r->canonical("9"));
    r->play("1");
    ASSERT_TRUE(r->end());
    EXPECT_EQ(r->end()->winner, 0);
}

TEST(ArenaPieces, PgnReader) {
    std::istringstream in(R"([Event "x"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]

1. e4 {a comment} e5 (1... c5 2. Nf3) 2. Nf3!? $1 Nc6 ; rest of line
3... Nf6 1-0

[Event "y"]

1. d4 d5 *
)");
    const auto games = read_pgn(in);
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(games[0].moves, (std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "Nf6"}));
    ASSERT_TRUE(games[0].tag("FEN"));
    EXPECT_EQ(games[0].result, "1-0");
    EXPECT_EQ(games[1].moves, (std::vector<std::string>{"d4", "d5"}));
}

// The 8-move book of the issue, unzipped on the fly into a temporary file.
TEST(ArenaPieces, EightMoveBook) {
    const std::string zip = std::string(PLY_DATA_DIR) + "/openings/8moves_v3.pgn.zip";
    if (!std::filesystem::exists(zip) || std::system("command -v unzip > /dev/null") != 0)
        GTEST_SKIP() << "needs " << zip << " and unzip";
    const auto pgn =
        std::filesystem::temp_directory_path() / ("ply_arena_8moves_" + std::to_string(::getpid()) + ".pgn");
    ASSERT_EQ(std::system(("unzip -p '" + zip + "' > '" + pgn.string() + "'").c_str()), 0);
    auto r = make_referee<chess::Position>();
    const auto book = load_openings(pgn.string(), *r);
    std::filesystem::remove(pgn);
    EXPECT_EQ(book.size(), 34700u);
    for (const auto& o : book) ASSERT_EQ(o.moves.size(), 16u);
    EXPECT_EQ(book[0].moves[0], "g1f3");  // 1. Nf3 d5 2. g3 ...
    EXPECT_EQ(book[0].moves[1], "d7d5");
}

TEST(ArenaPieces, EpdAndMoveListOpenings) {
    const auto dir = std::filesystem::temp_directory_path();
    const auto epd = dir / ("ply_arena_" + std::to_string(::getpid()) + ".epd");
    std::ofstream(epd) << "# comment\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";\n";
    auto chess_referee = make_referee<chess::Position>();
    const auto book = load_openings(epd.string(), *chess_referee);
    ASSERT_EQ(book.size(), 1u);
    EXPECT_EQ(book[0].position, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    std::ofstream(epd) << "4 4 3\n5 9\n";
    auto c4 = make_referee<connect4::Connect4>();
    EXPECT_THROW(load_openings(epd.string(), *c4), ParseError);  // column 9 does not exist
    std::ofstream(epd) << "4 4 3\n";
    EXPECT_EQ(load_openings(epd.string(), *c4)[0].moves.size(), 3u);
    std::filesystem::remove(epd);

    const auto random = random_openings(*c4, 4, 20, 7);
    EXPECT_EQ(random.size(), 20u);
    for (const auto& o : random) EXPECT_EQ(o.moves.size(), 4u);
    EXPECT_EQ(random_openings(*c4, 4, 20, 7)[5].moves, random[5].moves);  // seeded
}

MoveRecord scored(int cp) {
    MoveRecord m;
    m.info.cp = cp;
    return m;
}

TEST(ArenaPieces, Adjudication) {
    Adjudication a;
    a.parse("draw=movenumber=30,movecount=2,score=10");
    a.parse("resign=2,500");
    EXPECT_THROW(a.parse("draw=1,2"), ParseError);
    EXPECT_THROW(a.parse("win=1"), ParseError);
    std::vector<MoveRecord> quiet = {scored(300), scored(5), scored(-3), scored(8), scored(0)};
    EXPECT_FALSE(adjudicate(a, quiet, 0, 29));  // too early
    const auto draw = adjudicate(a, quiet, 0, 30);
    ASSERT_TRUE(draw);
    EXPECT_EQ(draw->winner, -1);
    // White (moves 0, 2, 4 when White starts) sees itself lost, Black agrees.
    std::vector<MoveRecord> lost = {scored(-100), scored(600), scored(-600), scored(700)};
    EXPECT_FALSE(adjudicate(a, lost, 0, 3));  // White's -100 is not lost enough
    lost.push_back(scored(-900));
    const auto v = adjudicate(a, lost, 0, 3);
    ASSERT_TRUE(v);
    EXPECT_EQ(v->winner, 1);
    std::vector<MoveRecord> missing = {scored(-600), MoveRecord{}, scored(-600), scored(600)};
    EXPECT_FALSE(adjudicate(a, missing, 0, 3));
}

TEST(ArenaPieces, PgnWriter) {
    GameRecord g;
    g.white = "A";
    g.black = "B \"quoted\"";
    g.result = "0-1";
    g.termination = "time forfeit";
    g.reason = "White (A) loses on time";
    g.time_control = "10+0.1";
    g.opening_notation = {"e4"};
    g.start_position = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    g.second_moves_first = true;
    g.pgn_native = true;
    MoveRecord m;
    m.notation = "e5";
    m.seconds = 0.25;
    m.clock = 9.85;
    m.info.cp = 35;
    m.info.depth = 12;
    g.moves.push_back(m);
    std::ostringstream out;
    write_pgn(out, g, PgnHeader{"Test", "here", "2024.01.02"});
    const std::string pgn = out.str();
    for (const char* expected :
         {"[Event \"Test\"]", "[Site \"here\"]", "[Date \"2024.01.02\"]", "[Round \"1\"]", "[White \"A\"]",
          "[Black \"B \\\"quoted\\\"\"]", "[Result \"0-1\"]", "[TimeControl \"10+0.1\"]",
          "[Termination \"time forfeit\"]", "[PlyCount \"1\"]", "[SetUp \"1\"]",
          "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]", "{Opening: e4}",
          "1... e5 {+0.35/12 0.250s, clk 0:00:09.85}", "{White (A) loses on time} 0-1"})
        EXPECT_NE(pgn.find(expected), std::string::npos) << expected << "\n" << pgn;
    SearchInfo mate;
    mate.mate = -3;
    EXPECT_EQ(pgn_evaluation(mate), "-#3");
}

}  // namespace
}  // namespace ply::arena
