// `ply egtb` on checkers' small slices: published counts through `info`,
// a probe's value and line, `verify` passing, damaged
// files refused in one line and mended by a rebuild, and a build killed at any point resuming to
// files identical to an uninterrupted build's.
#include <gtest/gtest.h>

#include <signal.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "support/ply_process.hpp"
#include "support/read_file.hpp"
#include "support/temp_file.hpp"

using nlohmann::json;
using ply::testing::PlyProcess;
using ply::testing::read_file;
using ply::testing::run_ply_apart;
using ply::testing::TempDir;

namespace {

// The tables of a folder, name and bytes.
std::map<std::string, std::string> files_of(const std::filesystem::path& folder) {
    std::map<std::string, std::string> out;
    for (const auto& entry : std::filesystem::directory_iterator(folder))
        if (entry.path().extension() == ".plyt") out[entry.path().filename().string()] = read_file(entry.path());
    return out;
}

bool one_line(const std::string& err) { return !err.empty() && err.find('\n') == err.size() - 1; }

void flip_byte(const std::filesystem::path& file, std::size_t offset) {
    std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(std::streamoff(offset));
    const char c = char(f.get());
    f.seekp(std::streamoff(offset));
    f.put(char(c ^ 0x20));
}

// Built once for the whole file: every checkers slice of at most 3 pieces.
const std::filesystem::path& three_pieces() {
    static const TempDir dir("egtb3");
    static const bool built = [] {
        const auto r = run_ply_apart({"egtb", "build", "checkers", "--pieces", "3", "--dir", dir.path.string()});
        EXPECT_EQ(r.exit_code, 0) << r.err;
        return true;
    }();
    (void)built;
    return dir.path;
}

}  // namespace

TEST(CliEgtb, OneKingAgainstOneIsEdTricesSlice) {
    const auto r = run_ply_apart({"egtb", "info", "checkers", "1Kv1K", "--dir", three_pieces().string(), "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = json::parse(r.out);
    ASSERT_EQ(j["sides"].size(), 1u) << "the colours are folded: one side to move" << j;
    EXPECT_EQ(j["sides"][0]["won"], 230);
    EXPECT_EQ(j["sides"][0]["drawn"], 654);
    EXPECT_EQ(j["sides"][0]["lost"], 108);
    EXPECT_EQ(j["sides"][0]["longest_win"], 11);
}

TEST(CliEgtb, EverySliceIsCountedAndVerified) {
    const auto info = run_ply_apart({"egtb", "info", "checkers", "--dir", three_pieces().string(), "--json"});
    ASSERT_EQ(info.exit_code, 0) << info.err;
    std::map<int, std::uint64_t> by_pieces;  // OEIS A055213: 120, 6972, 261224
    for (const auto& slice : json::parse(info.out)) {
        std::uint64_t n = 0;
        for (const auto& side : slice["sides"])
            n += side["won"].get<std::uint64_t>() + side["drawn"].get<std::uint64_t>() +
                 side["lost"].get<std::uint64_t>();
        int pieces = 0;
        for (const char c : slice["slice"].get<std::string>())
            if (c >= '0' && c <= '9') pieces += c - '0';
        by_pieces[pieces] += n;
    }
    EXPECT_EQ(by_pieces, (std::map<int, std::uint64_t>{{1, 120}, {2, 6972}, {3, 261224}}));
    const auto verify = run_ply_apart({"egtb", "verify", "checkers", "--dir", three_pieces().string()});
    EXPECT_EQ(verify.exit_code, 0) << verify.err;
}

TEST(CliEgtb, ProbeGivesTheValueTheMovesThatKeepItAndALine) {
    const auto r =
        run_ply_apart({"egtb", "probe", "checkers", "B:WK1:BK30", "--dir", three_pieces().string(), "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = json::parse(r.out);
    EXPECT_EQ(j["result"], "draw");
    EXPECT_EQ(j["slice"], "1Kv1K");
    const auto won =
        run_ply_apart({"egtb", "probe", "checkers", "W:WK14,K18:BK10", "--dir", three_pieces().string(), "--json"});
    ASSERT_EQ(won.exit_code, 0) << won.err;
    const auto w = json::parse(won.out);
    EXPECT_EQ(w["result"], "win");
    EXPECT_EQ(w["pv"].size(), w["plies"].get<std::size_t>()) << w;
}

TEST(CliEgtb, BadInputIsOneLine) {
    const std::string dir = three_pieces().string();
    for (const auto& args :
         std::vector<std::vector<std::string>>{{"egtb", "build", "tictactoe", "--pieces", "3", "--dir", dir},
                                               {"egtb", "build", "checkers", "--pieces", "0", "--dir", dir},
                                               {"egtb", "info", "checkers", "9Kv9K", "--dir", dir},
                                               {"egtb", "info", "checkers", "--dir", dir + "/nothing-here"},
                                               {"egtb", "probe", "checkers", "W:W99:B1", "--dir", dir},
                                               {"egtb", "probe", "checkers", "start", "--dir", dir},
                                               {"egtb", "probe", "checkers", "W:WK1,K2,K3:BK30", "--dir", dir},
                                               {"egtb", "frobnicate", "checkers"}}) {
        const auto r = run_ply_apart(args);
        EXPECT_TRUE(r.exit_code == 1 || r.exit_code == 2) << args[2] << " " << args[3] << ": " << r.exit_code;
        EXPECT_TRUE(one_line(r.err)) << args[2] << " " << args[3] << ": " << r.err;
    }
}

TEST(CliEgtb, DamagedFilesAreRefusedAndARebuildMendsThem) {
    TempDir dir("egtb-damaged");
    for (const auto& [name, text] : files_of(three_pieces())) dir.write(name, text);
    const auto table = dir.path / "1Kv1K.plyt";
    flip_byte(table, std::filesystem::file_size(table) - 3);
    const auto probe = run_ply_apart({"egtb", "probe", "checkers", "B:WK1:BK30", "--dir", dir.path.string()});
    EXPECT_EQ(probe.exit_code, 1);
    EXPECT_TRUE(one_line(probe.err)) << probe.err;
    EXPECT_NE(probe.err.find("1Kv1K.plyt"), std::string::npos) << probe.err;
    std::filesystem::resize_file(dir.path / "1Kv1M.plyt", 40);
    const auto info = run_ply_apart({"egtb", "info", "checkers", "1Kv1M", "--dir", dir.path.string()});
    EXPECT_EQ(info.exit_code, 1);
    EXPECT_TRUE(one_line(info.err)) << info.err;
    // A rebuild mends both, and gives the same files.
    const auto again = run_ply_apart({"egtb", "build", "checkers", "--pieces", "3", "--dir", dir.path.string()});
    EXPECT_EQ(again.exit_code, 0) << again.err;
    EXPECT_EQ(files_of(dir.path), files_of(three_pieces()));
}

TEST(CliEgtb, AKilledBuildResumesToTheSameFiles) {
    TempDir dir("egtb-killed");
    // Killed once a few slices are written, and again at once after a restart.
    for (int delay_ms : {150, 10}) {
        PlyProcess build({"egtb", "build", "checkers", "--pieces", "3", "--dir", dir.path.string()});
        std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
        build.signal(SIGKILL);
        build.wait();
    }
    std::ofstream(dir.path / "2Kv1K.plyt.partial-7") << "left by a kill";
    const auto resumed = run_ply_apart({"egtb", "build", "checkers", "--pieces", "3", "--dir", dir.path.string()});
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    EXPECT_EQ(files_of(dir.path), files_of(three_pieces()));
    const auto stopped = run_ply_apart({"egtb", "build", "checkers", "--pieces", "3", "--dir", dir.path.string()});
    EXPECT_NE(stopped.err.find("complete"), std::string::npos) << "a second run keeps every slice: " << stopped.err;
}
