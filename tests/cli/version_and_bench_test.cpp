// What the `ply` binary promises about itself: the version of the build
// (project() in CMakeLists.txt) and the chess search's bench signature.
#include <gtest/gtest.h>

#include <string>

#include "support/run_ply.hpp"

namespace {

using ply::testing::run_ply;

TEST(PlyBinary, VersionIsTheProjectVersion) {
    const auto r = run_ply("--version");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, std::string("Ply ") + PLY_PROJECT_VERSION + "\n");
}

// The node count of `bench` (43 positions, depth 9, one thread, a cleared
// table each) is the search's signature: a commit that changes it changes
// the search and says `Bench: N` in its message, with this number updated.
TEST(PlyBinary, BenchSignatureIsPinned) {
    const auto r = run_ply("", "bench\\nquit\\n");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("\nNodes searched: 325917\n"), std::string::npos) << r.out;
}

}  // namespace
