// `ply imcs` against the fake IMCS server (tests/fakes/fake_imcs_server.cpp):
// whole games as White and Black, refused moves, and every way a session
// can fail. The engine searches 3 plies a move, so a game takes a second.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "support/read_file.hpp"
#include "support/run_ply.hpp"
#include "support/temp_file.hpp"

using ply::testing::read_file;
using ply::testing::run_ply;
using ply::testing::RunResult;
using ply::testing::TempFile;

namespace {

// The fake server, running until finish(): its port, then its summary.
class FakeServer {
public:
    explicit FakeServer(const std::string& args) {
        pipe_ = popen((std::string(PLY_FAKE_IMCS_SERVER) + " " + args).c_str(), "r");
        std::array<char, 64> line{};
        if (pipe_ && std::fgets(line.data(), line.size(), pipe_)) std::sscanf(line.data(), "port %d", &port_);
    }
    ~FakeServer() {
        if (pipe_) pclose(pipe_);
    }
    FakeServer(const FakeServer&) = delete;
    FakeServer& operator=(const FakeServer&) = delete;

    int port() const { return port_; }

    // Waits for the fake to end: what it printed after the port, its exit code.
    RunResult finish() {
        RunResult r;
        if (!pipe_) return r;
        std::array<char, 4096> buffer{};
        while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe_)) r.out.append(buffer.data(), n);
        const int status = pclose(pipe_);
        pipe_ = nullptr;
        r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        return r;
    }

private:
    FILE* pipe_ = nullptr;
    int port_ = 0;
};

// The value of "key value" in the fake's summary.
std::string summary_value(const std::string& summary, const std::string& key) {
    std::istringstream in(summary);
    for (std::string line; std::getline(in, line);)
        if (line.rfind(key + " ", 0) == 0) return line.substr(key.size() + 1);
    return "";
}

std::string imcs_args(int port, const std::string& rest, const std::string& password = "secret") {
    return "imcs --server 127.0.0.1:" + std::to_string(port) + " --user tester --password " + password +
           " --depth 3 --hash 4 " + rest;
}

// Ply's "Result: ..." line must be the fake's result seen from the client's side.
void expect_matching_result(const RunResult& ply, const std::string& summary) {
    const std::string result = summary_value(summary, "result");
    const std::string client = summary_value(summary, "client");
    ASSERT_TRUE(result.rfind("23", 0) == 0) << summary;
    const std::string ours = result.rfind("230", 0) == 0                        ? "draw"
                             : (result.rfind("231", 0) == 0) == (client == "W") ? "win"
                                                                                : "loss";
    EXPECT_NE(ply.out.find("Result: " + ours + " (" + result + ")"), std::string::npos) << ply.out << summary;
}

}  // namespace

TEST(CliImcs, OfferedGameAsWhite) {
    FakeServer fake("--seed 1");
    ASSERT_NE(fake.port(), 0);
    const TempFile log("imcs_white.log", "");
    const auto ply = run_ply(imcs_args(fake.port(), "--log " + log.path.string() + " offer --color W"));
    const auto server = fake.finish();
    EXPECT_EQ(ply.exit_code, 0) << ply.out;
    EXPECT_EQ(server.exit_code, 0) << server.out;
    EXPECT_EQ(summary_value(server.out, "client"), "W");
    EXPECT_EQ(summary_value(server.out, "client_errors"), "0");
    EXPECT_NE(ply.out.find("Offered game 17"), std::string::npos) << ply.out;
    EXPECT_NE(ply.out.find("Ply plays White"), std::string::npos) << ply.out;
    expect_matching_result(ply, server.out);

    // The log: both directions, time-stamped, the password masked, the moves.
    const std::string text = read_file(log.path.string());
    EXPECT_NE(text.find(" < 100 imcs 2.5\n"), std::string::npos) << text;
    EXPECT_NE(text.find(" > me tester ********\n"), std::string::npos) << text;
    EXPECT_EQ(text.find("secret"), std::string::npos) << text;
    EXPECT_NE(text.find(" < ? 05:00.000 05:00.000\n"), std::string::npos) << text;
    EXPECT_NE(text.find(" # moves: 1. "), std::string::npos) << text;
    EXPECT_NE(text.find(" # result: "), std::string::npos) << text;
    EXPECT_EQ(text.compare(0, 2, "20"), 0) << text;  // a year: lines start with their time
}

TEST(CliImcs, AcceptedGameAsBlack) {
    FakeServer fake("--seed 2 --offer-id 42 --offer-color W");
    ASSERT_NE(fake.port(), 0);
    // The password from the environment, as the help says.
    ::setenv("PLY_IMCS_PASSWORD", "secret", 1);
    const auto ply = run_ply("imcs --server 127.0.0.1:" + std::to_string(fake.port()) +
                             " --user tester --time 0.05 --hash 4 accept 42");
    ::unsetenv("PLY_IMCS_PASSWORD");
    const auto server = fake.finish();
    EXPECT_EQ(ply.exit_code, 0) << ply.out;
    EXPECT_EQ(server.exit_code, 0) << server.out;
    EXPECT_EQ(summary_value(server.out, "client"), "B");
    EXPECT_NE(ply.out.find("Ply plays Black"), std::string::npos) << ply.out;
    expect_matching_result(ply, server.out);
}

TEST(CliImcs, RefusedMoveIsReplacedByAnother) {
    FakeServer fake("--seed 3 --mode illegal-reply");
    ASSERT_NE(fake.port(), 0);
    const auto ply = run_ply(imcs_args(fake.port(), "offer --color B"));
    const auto server = fake.finish();
    EXPECT_EQ(ply.exit_code, 0) << ply.out;
    // The fake fails if the refused move comes again.
    EXPECT_EQ(server.exit_code, 0) << server.out;
    EXPECT_EQ(summary_value(server.out, "injected"), "1");
    EXPECT_NE(ply.out.find("The server refused "), std::string::npos) << ply.out;
    expect_matching_result(ply, server.out);
}

TEST(CliImcs, ListsOffers) {
    FakeServer fake("--offer-id 42");
    ASSERT_NE(fake.port(), 0);
    const auto ply = run_ply(imcs_args(fake.port(), "list"));
    fake.finish();
    EXPECT_EQ(ply.exit_code, 0) << ply.out;
    EXPECT_NE(ply.out.find("\n42 opponent W 5:00 5:00 1000 [offer]\n"), std::string::npos) << ply.out;
}

TEST(CliImcs, RefusedLoginsAndOffers) {
    {
        FakeServer fake("");
        ASSERT_NE(fake.port(), 0);
        const auto ply = run_ply(imcs_args(fake.port(), "offer", "wrong"));
        fake.finish();
        EXPECT_EQ(ply.exit_code, 1) << ply.out;
        EXPECT_NE(ply.out.find("ply imcs: login failed: wrong password for 'tester' ('401 wrong password')"),
                  std::string::npos)
            << ply.out;
    }
    {
        FakeServer fake("--user someone");
        ASSERT_NE(fake.port(), 0);
        const auto ply = run_ply(imcs_args(fake.port(), "offer"));
        fake.finish();
        EXPECT_EQ(ply.exit_code, 1) << ply.out;
        EXPECT_NE(ply.out.find("login failed: the server has no user 'tester'"), std::string::npos) << ply.out;
    }
    {
        FakeServer fake("--offer-id 42");
        ASSERT_NE(fake.port(), 0);
        const auto ply = run_ply(imcs_args(fake.port(), "accept 7"));
        fake.finish();
        EXPECT_EQ(ply.exit_code, 1) << ply.out;
        EXPECT_NE(ply.out.find("accept 7 failed: the server answered '408 no such game'"), std::string::npos)
            << ply.out;
    }
}

TEST(CliImcs, ProtocolSurprisesFailCleanly) {
    struct Case {
        const char* mode;
        const char* message;
    };
    for (const Case c : {Case{"close", "the server closed the connection during the game"},
                         Case{"garbage", "unexpected line from the server during the game"},
                         Case{"bad-position", "the server sent a malformed position"},
                         Case{"bad-version", "the server speaks IMCS version 2.4; ply imcs knows version 2.5 only"}}) {
        FakeServer fake(std::string("--seed 4 --mode ") + c.mode);
        ASSERT_NE(fake.port(), 0) << c.mode;
        const auto start = std::chrono::steady_clock::now();
        const auto ply = run_ply(imcs_args(fake.port(), "offer --color W"));
        fake.finish();
        EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10)) << c.mode;
        EXPECT_EQ(ply.exit_code, 1) << c.mode << "\n" << ply.out;
        EXPECT_NE(ply.out.find(std::string("ply imcs: ") + c.message), std::string::npos) << c.mode << "\n" << ply.out;
    }
}

TEST(CliImcs, NoServerIsAnErrorNotAHang) {
    // Port 1 on the loopback: nobody listens there.
    const auto ply = run_ply("imcs --server 127.0.0.1:1 --user tester --password secret offer");
    EXPECT_EQ(ply.exit_code, 1) << ply.out;
    EXPECT_NE(ply.out.find("ply imcs: cannot connect to 127.0.0.1:1"), std::string::npos) << ply.out;
}

TEST(CliImcs, UsageErrors) {
    for (const char* server : {"127.0.0.1", "127.0.0.1:0", "127.0.0.1:99999", ":3589", "127.0.0.1:port"}) {
        const auto ply = run_ply(std::string("imcs --server ") + server + " --user tester --password secret offer");
        EXPECT_EQ(ply.exit_code, 2) << server << "\n" << ply.out;
        EXPECT_NE(ply.out.find("ply imcs: bad server '" + std::string(server) + "'"), std::string::npos) << ply.out;
        EXPECT_NE(ply.out.find("; see 'ply imcs --help'"), std::string::npos) << ply.out;  // one line
    }
    const std::string base = "imcs --server 127.0.0.1:3589 --user tester ";
    EXPECT_EQ(run_ply(base + "offer").exit_code, 2);                              // no password
    EXPECT_EQ(run_ply(base + "--password secret").exit_code, 2);                  // no action
    EXPECT_EQ(run_ply(base + "--password secret offer --color X").exit_code, 2);  // bad colour
    EXPECT_EQ(run_ply(base + "--password secret accept").exit_code, 2);           // no id
    EXPECT_EQ(run_ply(base + "--password secret --depth 0 offer").exit_code, 2);  // bad depth
    EXPECT_EQ(run_ply(base + "--password 'a b' offer").exit_code, 2);             // two words
    // The connection options may also follow the action.
    const auto after = run_ply("imcs offer --color W --server 127.0.0.1 --user tester --password secret");
    EXPECT_EQ(after.exit_code, 2) << after.out;
    EXPECT_NE(after.out.find("ply imcs: bad server '127.0.0.1'"), std::string::npos) << after.out;
    const auto help = run_ply("imcs offer --help");
    EXPECT_EQ(help.exit_code, 0) << help.out;
    EXPECT_NE(help.out.find("--color"), std::string::npos) << help.out;
}
