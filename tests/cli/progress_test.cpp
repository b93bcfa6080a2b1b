// Progress lines of long jobs (cli/progress.hpp).
#include <gtest/gtest.h>

#include <chrono>
#include <sstream>
#include <thread>

#include <ply/cli/progress.hpp>

namespace {

using ply::cli::Progress;

TEST(Progress, SaysHowFarHowFastAndHowLongIsLeft) {
    std::ostringstream err;
    Progress progress("book", 4, err, 0.0);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    progress.step(1000);
    const std::string line = err.str();
    EXPECT_EQ(line.rfind("book: 1/4 done, ", 0), 0u) << line;
    EXPECT_NE(line.find("nodes/s"), std::string::npos) << line;
    EXPECT_NE(line.find("s left"), std::string::npos) << line;
    EXPECT_EQ(line.back(), '\n');
    for (int i = 0; i < 3; ++i) progress.step(2000);
    EXPECT_EQ(progress.done(), 4u);
    EXPECT_NE(err.str().find("book: 4/4 done"), std::string::npos) << err.str();
    const std::string all = err.str();
    const std::string last = all.substr(all.rfind('\n', all.size() - 2) + 1);
    EXPECT_EQ(last.rfind("book: 4/4 done", 0), 0u) << all;
    EXPECT_EQ(last.find("left"), std::string::npos) << "nothing is left at the end: " << last;
}

TEST(Progress, AQuickJobPrintsNothing) {
    std::ostringstream err;
    Progress progress("batch", 0, err);  // every two seconds
    for (int i = 0; i < 1000; ++i) progress.step(static_cast<std::uint64_t>(i));
    EXPECT_TRUE(err.str().empty()) << err.str();
}

TEST(Progress, ANoteFollowsTheCount) {
    std::ostringstream err;
    Progress progress("tactics", 3, err, 0.0);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    progress.step(500, "1 solved");
    EXPECT_EQ(err.str().rfind("tactics: 1/3 done, 1 solved, ", 0), 0u) << err.str();
}

}  // namespace
