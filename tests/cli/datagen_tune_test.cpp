// `ply datagen`, `ply relabel` and `ply tune` as a user runs them: a file of
// whole records that resumes where it stopped, as if it never had, and only
// with the settings that made it, the same games on one thread
// or two, a text export that reads back, another engine's scores (Ply's own
// UCI engine, Stockfish where installed, a fake that crashes) for White in
// place of the search's with mates dropped, a weights file the engine loads
// (UCI EvalFile), and one-line errors for bad files.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <ply/core/text.hpp>

#include "support/find_program.hpp"
#include "support/ply_process.hpp"
#include "support/read_file.hpp"
#include "support/run_ply.hpp"
#include "support/temp_file.hpp"

using ply::testing::read_file;
using ply::testing::run_ply;
using ply::testing::run_ply_apart;
using ply::testing::TempFile;

namespace {

constexpr std::size_t kHeader = 16, kRecord = 40, kPacked = kRecord - 8;

std::string temp_path(const std::string& name) {
    return (std::filesystem::temp_directory_path() / ("ply_test_" + std::to_string(::getpid()) + "_" + name)).string();
}

// The records of a training file, sorted: games written in another order compare equal.
std::multiset<std::string> records_of(const std::string& path) {
    const std::string bytes = read_file(path);
    std::multiset<std::string> out;
    for (std::size_t at = kHeader; at + kRecord <= bytes.size(); at += kRecord) out.insert(bytes.substr(at, kRecord));
    return out;
}

std::vector<std::string> datagen(const std::string& out, int games, int threads) {
    return {"datagen",
            "--out",
            out,
            "--games",
            std::to_string(games),
            "--nodes",
            "400",
            "--threads",
            std::to_string(threads),
            "--seed",
            "3"};
}

// White a queen up with either side to move, a mate in one (Ra8#), Black a
// queen up, the start.
constexpr const char* kPositions =
    "4k3/8/8/8/8/8/8/Q3K3 b - - 0 1 | 0 | 1\n"
    "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1 | 0 | 1\n"
    "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 | 0 | 1\n"
    "k7/8/8/8/8/8/8/4K2q w - - 0 1 | 0 | 0\n"
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 0 | 0.5\n";

struct Line {
    std::string position;
    int score = 0;
    std::string result;
};

std::vector<Line> lines_of(const std::string& text) {
    std::vector<Line> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        const auto a = line.find(" | "), b = line.rfind(" | ");
        out.push_back({line.substr(0, a), std::stoi(line.substr(a + 3, b - a - 3)), line.substr(b + 3)});
    }
    return out;
}

}  // namespace

TEST(CliDatagen, WritesWholeRecordsAndTheSameGamesOnAnyNumberOfThreads) {
    const std::string one = temp_path("one.bin"), two = temp_path("two.bin");
    auto r = run_ply_apart(datagen(one, 6, 1));
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    r = run_ply_apart(datagen(two, 6, 2));
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("games 6\n"), std::string::npos) << r.out;
    const std::string bytes = read_file(one);
    EXPECT_EQ(bytes.substr(0, 8), "PLYDATA1");
    EXPECT_EQ((bytes.size() - kHeader) % kRecord, 0u);
    EXPECT_GT(bytes.size(), kHeader + 50 * kRecord);
    EXPECT_EQ(records_of(one), records_of(two));
    std::filesystem::remove(one);
    std::filesystem::remove(two);
}

// The game number of each record of a training file's bytes.
std::vector<std::uint32_t> games_of(const std::string& bytes) {
    std::vector<std::uint32_t> games;
    for (std::size_t at = kHeader; at + kRecord <= bytes.size(); at += kRecord) {
        std::uint32_t game = 0;
        for (std::size_t b = 0; b < 4; ++b)
            game |= std::uint32_t{static_cast<unsigned char>(bytes[at + kRecord - 4 + b])} << (8 * b);
        games.push_back(game);
    }
    return games;
}

TEST(CliDatagen, ResumedFromAFileCutAnywhereItEndsAsARunNeverStopped) {
    const std::string whole = temp_path("whole.bin"), cut = temp_path("cut.bin");
    ASSERT_EQ(run_ply_apart(datagen(whole, 4, 1)).exit_code, 0);
    const std::string bytes = read_file(whole);
    const auto games = games_of(bytes);
    const auto first_of = [&](std::uint32_t game) {
        return static_cast<std::size_t>(std::find(games.begin(), games.end(), game) - games.begin());
    };
    ASSERT_LT(first_of(2) + 1, first_of(3));  // game 2 has two records at least
    // Inside game 2, after one of its records and half of the next; at the end of
    // game 1; inside the first record.
    for (const std::size_t size : {kHeader + (first_of(2) + 1) * kRecord + kRecord / 2, kHeader + first_of(2) * kRecord,
                                   kHeader + kRecord / 2}) {
        std::ofstream(cut, std::ios::binary) << bytes.substr(0, size);
        const auto r = run_ply_apart(datagen(cut, 4, 1));
        ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
        EXPECT_EQ(read_file(cut), bytes) << "cut at " << size;
        EXPECT_NE(r.out.find("games 4\n"), std::string::npos) << r.out;
    }
    // A game missing in the middle (two threads stopped while one played it) is played on resuming.
    std::string holed =
        bytes.substr(0, kHeader + first_of(1) * kRecord) + bytes.substr(kHeader + first_of(2) * kRecord);
    std::ofstream(cut, std::ios::binary) << holed;
    const auto r = run_ply_apart(datagen(cut, 4, 2));
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_EQ(records_of(cut), records_of(whole));
    std::filesystem::remove(whole);
    std::filesystem::remove(cut);
}

TEST(CliDatagen, ResumingWithOtherSettingsIsRefused) {
    const std::string file = temp_path("settings.bin");
    const TempFile book("settings_book.pgn", "1. e4 e5 *\n");
    ASSERT_EQ(run_ply_apart(datagen(file, 2, 1)).exit_code, 0);
    const std::string before = read_file(file);
    const std::vector<std::pair<std::string, std::string>> changes = {
        {"--seed", "4"}, {"--nodes", "500"}, {"--random-plies", "2"}, {"--hash", "8"}, {"--book", book.path.string()}};
    for (const auto& [option, value] : changes) {
        auto args = datagen(file, 3, 1);
        const auto at = std::find(args.begin(), args.end(), option);
        if (at != args.end())
            at[1] = value;
        else
            args.insert(args.end(), {option, value});
        const auto r = run_ply_apart(args);
        EXPECT_EQ(r.exit_code, 1) << option << r.out << r.err;
        EXPECT_NE(r.err.find("was made with other settings"), std::string::npos) << option << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
        EXPECT_EQ(read_file(file), before) << option;
    }
    // Data that records no settings (relabelled, or an older ply's) is not added to.
    std::string unknown = before;
    unknown.replace(12, 4, std::string(4, '\0'));
    std::ofstream(file, std::ios::binary) << unknown;
    auto r = run_ply_apart(datagen(file, 3, 1));
    EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
    EXPECT_NE(r.err.find("does not record the settings"), std::string::npos) << r.err;
    EXPECT_EQ(read_file(file), unknown);
    // More games, on more threads, with the same settings: resumed.
    std::ofstream(file, std::ios::binary) << before;
    r = run_ply_apart(datagen(file, 3, 2));
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    const auto resumed = records_of(file);
    std::ofstream(file, std::ios::binary) << before;
    const auto kept = records_of(file);
    EXPECT_TRUE(std::includes(resumed.begin(), resumed.end(), kept.begin(), kept.end()));
    EXPECT_GT(resumed.size(), kept.size());
    std::filesystem::remove(file);
}

TEST(CliDatagen, ExportsTextThatTuneReads) {
    const std::string bin = temp_path("export.bin"), text = temp_path("export.txt"), weights = temp_path("w.txt");
    ASSERT_EQ(run_ply_apart(datagen(bin, 4, 2)).exit_code, 0);
    auto r = run_ply_apart({"datagen", "--out", bin, "--export", text});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    std::istringstream lines(read_file(text));
    std::string line;
    std::size_t count = 0;
    while (std::getline(lines, line)) {
        // The first few positions are read back by the ply command (a process each: slow under ASan).
        if (++count <= 3) {
            const auto moves = run_ply("moves chess --position '" + line.substr(0, line.find(" |")) + "'");
            EXPECT_EQ(moves.exit_code, 0) << line << moves.out;
        }
        const std::string result = line.substr(line.rfind("| ") + 2);
        EXPECT_TRUE(result == "1" || result == "0.5" || result == "0") << line;
    }
    EXPECT_EQ(count, records_of(bin).size());
    for (const std::string& data : {bin, text}) {
        r = run_ply_apart({"tune", "--data", data, "--out", weights, "--epochs", "5"});
        ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
        EXPECT_NE(r.out.find("error before: training"), std::string::npos) << r.out;
        EXPECT_NE(r.out.find("pst_knight"), std::string::npos) << r.out;
        const auto uci = run_ply("uci", "setoption name EvalFile value " + weights + "\\nquit\\n");
        EXPECT_EQ(uci.out.find("error"), std::string::npos) << uci.out;
    }
    for (const std::string& f : {bin, text, weights}) std::filesystem::remove(f);
}

TEST(CliDatagen, BadFilesFailInOneLine) {
    const TempFile not_data("not_data.bin", "hello, world\n");
    auto r = run_ply_apart({"datagen", "--out", not_data.path.string(), "--games", "1"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.err, "ply datagen: '" + not_data.path.string() +
                         "' is not a training file of Ply's; refusing to append to it\n");
    EXPECT_EQ(read_file(not_data.path), "hello, world\n");
    r = run_ply_apart({"datagen", "--out", "/tmp", "--games", "1"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.err, "ply datagen: cannot write '/tmp': it is a folder\n");
    r = run_ply_apart({"datagen", "--out", temp_path("never.bin"), "--book", "/no/such/book.pgn"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_FALSE(std::filesystem::exists(temp_path("never.bin")));
}

TEST(CliTune, BadInputFailsInOneLineAndWritesNothing) {
    const std::string out = temp_path("never_weights.txt");
    const TempFile bad_line("bad_line.txt",
                            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 10 | 1\nnot a record\n");
    const TempFile bad_fen("bad_fen.txt", "rnbqkbnr/pppppppp/8 w KQkq - 0 1 | 10 | 1\n");
    const TempFile bad_result("bad_result.txt", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 10 | 2\n");
    const TempFile bad_weights("bad_weights.txt", "tempo 1\n");
    struct Case {
        std::vector<std::string> args;
        std::string error;
    };
    const std::string data = bad_line.path.string();
    const std::vector<Case> cases = {
        {{"--data", "/no/such/file"}, "cannot read the training file '/no/such/file': No such file or directory"},
        {{"--data", data}, "'" + data + "' line 2: expected '<position> | <score> | <result>'"},
        {{"--data", bad_fen.path.string()}, "'" + bad_fen.path.string() + "' line 1: bad FEN"},
        {{"--data", bad_result.path.string()},
         "'" + bad_result.path.string() + "' line 1: the result '2' is not 1, 0.5 or 0"},
        {{"--data", data, "--start", bad_weights.path.string()}, "weights line 1: expected 'name mg eg', got 2 words"},
        {{"--data", data, "--hold", "pst_kings"},
         "--hold: no weight group 'pst_kings' (the groups are those tune prints)"},
        {{"--data", data, "--hold", "tempo:endgame"}, "--hold: 'tempo:endgame' is not GROUP, GROUP:mg or GROUP:eg"},
    };
    for (const Case& c : cases) {
        std::vector<std::string> args = {"tune", "--out", out};
        args.insert(args.end(), c.args.begin(), c.args.end());
        const auto r = run_ply_apart(args);
        EXPECT_EQ(r.exit_code, 1) << c.error;
        EXPECT_EQ(r.err.rfind("ply tune: " + c.error, 0), 0u) << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
        EXPECT_FALSE(std::filesystem::exists(out));
    }
}

// --hold keeps a group's half where it started; the rest of the group moves.
TEST(CliTune, HeldWeightsKeepTheirStartValues) {
    const TempFile data("hold_data.txt",
                        "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQ - 1 6 | 35 | 1\n"
                        "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3 | -20 | 0\n"
                        "8/5k2/8/3K4/8/8/4P3/8 w - - 0 1 | 150 | 0.5\n"
                        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1 | 400 | 1\n");
    const std::string before = temp_path("hold_before.txt"), after = temp_path("hold_after.txt");
    auto r =
        run_ply_apart({"tune", "--data", data.path.string(), "--out", before, "--epochs", "0", "--validation", "0"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    r = run_ply_apart({"tune", "--data", data.path.string(), "--out", after, "--epochs", "20", "--validation", "0",
                       "--hold", "pst_king:eg", "--hold", "tempo"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    // name -> {mg, eg}
    auto read_weights = [](const std::string& path) {
        std::map<std::string, std::pair<int, int>> out;
        std::istringstream in(read_file(path));
        std::string name;
        int mg = 0, eg = 0;
        while (in >> name) {
            if (name == "#") {
                std::getline(in, name);
                continue;
            }
            in >> mg >> eg;
            out[name] = {mg, eg};
        }
        return out;
    };
    const auto start = read_weights(before), tuned = read_weights(after);
    int king_mg_moved = 0;
    for (int square = 0; square < 64; ++square) {
        const std::string name = "pst_king[" + std::to_string(square) + "]";
        EXPECT_EQ(tuned.at(name).second, start.at(name).second) << name;
        king_mg_moved += tuned.at(name).first != start.at(name).first;
    }
    EXPECT_GT(king_mg_moved, 0);
    EXPECT_EQ(tuned.at("tempo"), start.at("tempo"));
    // Which of the free weights absorb the error depends on the start
    // values; some must move.
    int free_moved = 0;
    for (const auto& [name, value] : tuned)
        free_moved += name.rfind("pst_king[", 0) != 0 && name != "tempo" && value != start.at(name);
    EXPECT_GT(free_moved, 0);
    std::filesystem::remove(before);
    std::filesystem::remove(after);
}

TEST(CliTune, TheEngineEvaluatesWithTheWeightsFileAndBack) {
    const TempFile weights("tempo.txt", "# a big tempo\ntempo 300 300\n");
    auto final_line = [](const ply::testing::RunResult& r) {
        const auto at = r.out.find("Final evaluation");
        return at == std::string::npos ? std::string() : r.out.substr(at, r.out.find('\n', at) - at);
    };
    const auto builtin = run_ply("uci", "eval\\nquit\\n");
    const auto loaded = run_ply("uci", "setoption name EvalFile value " + weights.path.string() + "\\neval\\nquit\\n");
    const auto back = run_ply("uci", "setoption name EvalFile value " + weights.path.string() +
                                         "\\nsetoption name EvalFile value <default>\\neval\\nquit\\n");
    EXPECT_NE(final_line(builtin), "");
    EXPECT_NE(final_line(loaded), final_line(builtin));
    EXPECT_NE(loaded.out.find("Final evaluation: 300 cp"), std::string::npos) << loaded.out;
    EXPECT_EQ(final_line(back), final_line(builtin));
    const TempFile bad("bad.txt", "tempo 300\n");
    const auto refused = run_ply("uci", "setoption name EvalFile value " + bad.path.string() + "\\neval\\nquit\\n");
    EXPECT_NE(refused.out.find("info string error: weights line 1: expected 'name mg eg', got 2 words; the "
                               "evaluation keeps its weights"),
              std::string::npos)
        << refused.out;
    EXPECT_EQ(final_line(refused), final_line(builtin));
}

TEST(CliRelabel, AnEnginesScoresForWhiteReplaceTheSearchsAndMatesAreDropped) {
    const TempFile data("relabel_in.txt", kPositions);
    std::vector<std::vector<std::string>> engines = {{"cmd=" + std::string(PLY_BINARY) + " uci", "nodes=3000"}};
    if (const auto sf = ply::testing::find_program("stockfish"); !sf.empty())
        engines.push_back({"cmd=" + sf, "depth=8"});
    for (const auto& engine : engines) {
        const std::string out = temp_path("relabel_out.txt");
        std::vector<std::string> args = {"relabel", "--data", data.path.string(), "--out", out, "--engine"};
        args.insert(args.end(), engine.begin(), engine.end());
        const auto r = run_ply_apart(args);
        ASSERT_EQ(r.exit_code, 0) << engine[0] << r.out << r.err;
        EXPECT_NE(r.out.find("positions 5\nrelabelled 4\nmates dropped 1\n"), std::string::npos) << r.out;
        const auto lines = lines_of(read_file(out));
        ASSERT_EQ(lines.size(), 4u) << engine[0];
        EXPECT_EQ(lines[0].position, "4k3/8/8/8/8/8/8/Q3K3 b - - 0 1");
        EXPECT_GT(lines[0].score, 500) << engine[0];  // Black to move, White's view
        EXPECT_GT(lines[1].score, 500) << engine[0];
        EXPECT_EQ(lines[2].position, "k7/8/8/8/8/8/8/4K2q w - - 0 1");
        EXPECT_LT(lines[2].score, -500) << engine[0];
        EXPECT_LT(std::abs(lines[3].score), 100) << engine[0];
        EXPECT_EQ(lines[0].result + lines[2].result + lines[3].result, "100.5");
        std::filesystem::remove(out);
    }
}

// Positions and results kept, every second one scored, the same file from
// one engine or two; a fake that crashes at its second position is restarted.
TEST(CliRelabel, ABinaryFileKeepsItsRecordsAndAnEngineThatDiesIsRestarted) {
    const std::string bin = temp_path("relabel.bin"), one = temp_path("relabel_one.bin"),
                      two = temp_path("relabel_two.bin"), faked = temp_path("relabel_fake.bin");
    ASSERT_EQ(run_ply_apart({"datagen", "--out", bin, "--games", "2", "--nodes", "300"}).exit_code, 0);
    const std::string ply_engine = "cmd=" + std::string(PLY_BINARY) + " uci";
    auto relabel = [&](const std::string& out, const std::string& threads, const std::string& engine) {
        return run_ply_apart({"relabel", "--data", bin, "--out", out, "--every", "2", "--threads", threads, "--engine",
                              engine, "depth=3"});
    };
    auto r = relabel(one, "1", ply_engine);
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    ASSERT_EQ(relabel(two, "2", ply_engine).exit_code, 0);
    EXPECT_EQ(read_file(one), read_file(two));
    r = relabel(faked, "2", "cmd=" + std::string(PLY_ARENA_FAKE_ENGINE) + " uci crash 2");
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;

    const std::string in = read_file(bin), scored = read_file(one), fake = read_file(faked);
    // The header but for the settings' fingerprint: relabelled data is no game's of those settings.
    EXPECT_EQ(scored.substr(0, 12), in.substr(0, 12));
    EXPECT_EQ(scored.substr(12, 4), std::string(4, '\0'));
    const std::size_t records = (in.size() - kHeader) / kRecord, wanted = (records + 1) / 2;
    EXPECT_EQ(fake.size(), kHeader + wanted * kRecord);  // the fake sees no mates
    std::size_t next = 0, changed = 0;
    for (std::size_t at = kHeader; at + kRecord <= scored.size(); at += kRecord) {
        // Each kept record is one of the inputs' every-second records, in order, its score aside.
        while (next < records && in.compare(kHeader + next * kRecord, kPacked, scored, at, kPacked) != 0) next += 2;
        ASSERT_LT(next, records) << "record at " << at << " is not an input's";
        const std::size_t from = kHeader + next * kRecord;
        EXPECT_EQ(scored.substr(at + kPacked + 2, 6), in.substr(from + kPacked + 2, 6));  // result, game
        changed += scored.compare(at + kPacked, 2, in, from + kPacked, 2) != 0;
        next += 2;
    }
    EXPECT_GT(changed, 0u);
    // The fake's "score cp 12" is the mover's: 12 for White, -12 for Black, as 16-bit little endian.
    for (std::size_t at = kHeader; at + kRecord <= fake.size(); at += kRecord) {
        const auto low = static_cast<unsigned char>(fake[at + kPacked]),
                   high = static_cast<unsigned char>(fake[at + kPacked + 1]);
        const auto score = static_cast<std::int16_t>(low | high << 8);
        EXPECT_TRUE(score == 12 || score == -12) << score;
    }
    for (const std::string& f : {bin, one, two, faked}) std::filesystem::remove(f);
}

TEST(CliRelabel, FailuresAreOneLineAndWriteNothing) {
    const TempFile data("relabel_bad_in.txt", kPositions);
    const TempFile not_data("relabel_not_data.txt", "hello\n");
    const std::string out = temp_path("relabel_never.txt"), fake = PLY_ARENA_FAKE_ENGINE;
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"--engine", "cmd=" + fake + " uci hang 1", "nodes=10", "--timeout", "0.2"}, "no move in time"},
        {{"--engine", "cmd=" + fake + " uci crash 1", "nodes=10"}, "the engine died"},
        {{"--engine", "cmd=/no/such/engine", "nodes=10"}, "cannot start engine"},
        {{"--engine", "cmd=" + fake + " uci none"}, "needs a fixed limit"},
        {{"--engine", "cmd=" + fake + " uci none", "tc=1+0.1"}, "needs a fixed limit"},
        {{"--engine", "cmd=" + fake + " xboard none", "proto=xboard", "nodes=10"}, "only UCI engines"},
        {{"--engine", "cmd=" + fake + " uci none", "colour=red"}, "colour"},
    };
    for (const auto& [engine, why] : cases) {
        std::vector<std::string> args = {"relabel", "--data", data.path.string(), "--out", out};
        args.insert(args.end(), engine.begin(), engine.end());
        const auto r = run_ply_apart(args);
        EXPECT_EQ(r.exit_code, 1) << engine[1] << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;  // progress comes every 5 s
        EXPECT_EQ(r.err.rfind("ply relabel: ", 0), 0u) << r.err;
        EXPECT_NE(r.err.find(why), std::string::npos) << r.err;
        EXPECT_FALSE(std::filesystem::exists(out)) << engine[1];
    }
    const auto r = run_ply_apart({"relabel", "--data", not_data.path.string(), "--out", out, "--engine",
                                  "cmd=" + fake + " uci none", "nodes=10"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("line 1"), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(out));
}

// Checkers' weights tuned on its own games, then played by the arena's Ply
// players (weights=), with one-line errors for a bad file or game.
TEST(CliTune, CheckersWeightsFromItsOwnGamesPlayInTheArena) {
    const std::string bin = temp_path("checkers.bin"), weights = temp_path("checkers_w.txt");
    auto r = run_ply_apart({"datagen", "--game", "checkers", "--out", bin, "--games", "4", "--nodes", "400", "--seed",
                            "3", "--random-plies", "4"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_FALSE(records_of(bin).empty());
    r = run_ply_apart({"tune", "--game", "checkers", "--data", bin, "--out", weights, "--epochs", "5"});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("dog_hole"), std::string::npos) << r.out;
    EXPECT_NE(read_file(weights).find("\nman_row[3] "), std::string::npos);
    const auto match = run_ply(
        "match --game checkers --games 2 --engine cmd=ply:game=checkers,algo=engine,nodes=300,weights=" + weights +
        " name=a --engine cmd=ply:game=checkers,algo=engine,nodes=300,off=CheckExtension name=b");
    EXPECT_EQ(match.exit_code, 0) << match.out;
    EXPECT_NE(match.out.find("Games: 2 of 2"), std::string::npos) << match.out;

    const TempFile bad("bad_checkers_w.txt", "man 100 100\nqueen 900 900\n");
    const std::vector<std::pair<std::string, std::string>> refused = {
        {"match --game checkers --games 2 --engine cmd=ply:game=checkers,weights=" + bad.path.string() +
             " --engine cmd=ply:game=checkers",
         "weights line 2: no weight is named 'queen'"},
        {"match --game tictactoe --games 2 --engine cmd=ply:game=tictactoe,weights=" + weights +
             " --engine cmd=ply:game=tictactoe",
         "tictactoe's evaluation has no weights to set"},
        {"match --game checkers --games 2 --engine cmd=ply:game=checkers,algo=engine,off=Nonsense "
         "--engine cmd=ply:game=checkers",
         "no engine switch 'Nonsense'"},
        {"tune --game go --data " + bin + " --out " + temp_path("never.txt"), "no tunable game 'go'"},
    };
    for (const auto& [args, error] : refused) {
        std::vector<std::string> argv;
        for (const std::string_view word : ply::words(args)) argv.emplace_back(word);
        const auto refusal = run_ply_apart(argv);
        EXPECT_NE(refusal.exit_code, 0) << args;
        EXPECT_NE(refusal.err.find(error), std::string::npos) << args << "\n" << refusal.err;
        EXPECT_EQ(std::count(refusal.err.begin(), refusal.err.end(), '\n'), 1) << refusal.err;
    }
    for (const std::string& f : {bin, weights}) std::filesystem::remove(f);
}
