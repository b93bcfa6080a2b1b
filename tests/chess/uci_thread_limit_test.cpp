// Threads the system refuses (a process or address-space limit): every
// front end that makes threads on the user's request says so in its own
// error form and still answers, with fewer threads; none aborts.
#include <gtest/gtest.h>

#include <string>

#include "support/run_ply.hpp"

namespace ply::testing {
namespace {

// `ply ARGS` fed `input` (a printf format) under the limits the shell
// command `limits` sets.
RunResult run_limited(const std::string& limits, const std::string& args, const std::string& input) {
    return run_shell(limits + " && printf '" + input + "' | " + PLY_BINARY + " " + args + " 2>&1");
}

// Room for the program and its table, not for 256 thread stacks.
constexpr const char* kFewThreads = "ulimit -s 8192 && ulimit -v 1200000";
// A thread stack bigger than the address space: no thread at all can be made.
constexpr const char* kNoThread = "ulimit -s 4000000 && ulimit -v 3000000";

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define PLY_SKIP_UNDER_SANITIZERS() GTEST_SKIP() << "sanitizers reserve more address space than the limit allows"
#else
#define PLY_SKIP_UNDER_SANITIZERS() (void)0
#endif

TEST(ThreadLimit, UciSearchesWithTheThreadsItGetsAndAnswers) {
    PLY_SKIP_UNDER_SANITIZERS();
    const auto r = run_limited(kFewThreads, "uci", "setoption name Threads value 256\\ngo depth 4\\nisready\\n");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("info string error: only "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(" of 256 threads could be started"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\nbestmove "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("readyok"), std::string::npos) << r.out;
}

TEST(ThreadLimit, UciWithoutASearchThreadStillAnswersEveryGo) {
    PLY_SKIP_UNDER_SANITIZERS();
    const auto r = run_limited(kNoThread, "uci",
                               "setoption name Threads value 4\\ngo infinite\\nstop\\ngo depth 3\\n"
                               "go perft 2\\nbench 2 2\\nisready\\n");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("info string error: cannot start the search thread"), std::string::npos) << r.out;
    EXPECT_EQ(count_occurrences(r.out, "\nbestmove "), 2u) << r.out;
    EXPECT_NE(r.out.find("Nodes searched"), std::string::npos) << r.out;  // bench, on one thread
    EXPECT_NE(r.out.find("readyok"), std::string::npos) << r.out;
}

TEST(ThreadLimit, XboardWithoutThreadsStillMoves) {
    PLY_SKIP_UNDER_SANITIZERS();
    for (const char* limits : {kFewThreads, kNoThread}) {
        const auto r = run_limited(limits, "xboard", "xboard\\nprotover 2\\nnew\\ncores 256\\nsd 4\\ngo\\nping 1\\n");
        EXPECT_EQ(r.exit_code, 0) << r.out;
        EXPECT_NE(r.out.find("Error ("), std::string::npos) << r.out;
        EXPECT_NE(r.out.find("\nmove "), std::string::npos) << r.out;
        EXPECT_NE(r.out.find("pong 1"), std::string::npos) << r.out;
    }
}

TEST(ThreadLimit, GtpWithoutThreadsStillMoves) {
    PLY_SKIP_UNDER_SANITIZERS();
    for (const char* limits : {kFewThreads, kNoThread}) {
        const auto r = run_limited(limits, "gtp --threads 64 --iterations 2000", "boardsize 9\\n1 genmove b\\nquit\\n");
        EXPECT_EQ(r.exit_code, 0) << r.out;
        EXPECT_NE(r.out.find("=1 "), std::string::npos) << r.out;
    }
}

}  // namespace
}  // namespace ply::testing
