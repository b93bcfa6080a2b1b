// docs/capabilities.md tables every capability of src/ply/core/game.hpp: a
// concept added or removed there without the table failing here.
#include <gtest/gtest.h>

#include <cctype>
#include <set>
#include <string>

#include "support/read_file.hpp"

namespace {

// Every identifier that follows `before` and is followed by `after` in `text`
// (plain search: GCC 12 warns inside <regex> under the sanitizers).
std::set<std::string> names(const std::string& text, const std::string& before, const std::string& after) {
    std::set<std::string> out;
    for (auto at = text.find(before); at != std::string::npos; at = text.find(before, at + 1)) {
        auto end = at + before.size();
        while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_')) ++end;
        const std::string name = text.substr(at + before.size(), end - at - before.size());
        if (!name.empty() && text.compare(end, after.size(), after) == 0) out.insert(name);
    }
    return out;
}

}  // namespace

TEST(CapabilitiesDoc, TablesEveryConceptOfTheGameHeader) {
    const std::string root = std::string(PLY_DATA_DIR) + "/..";
    const auto header = ply::testing::read_file(root + "/src/ply/core/game.hpp");
    const auto doc = ply::testing::read_file(root + "/docs/capabilities.md");
    ASSERT_FALSE(header.empty());
    ASSERT_FALSE(doc.empty());
    auto concepts = names(header, "concept ", " =");
    concepts.erase("Game");  // the required part: its own row
    const auto rows = names(doc, "\n| `", "` |");
    EXPECT_GT(concepts.size(), 10u);  // the search found the header's concepts
    EXPECT_EQ(rows, concepts);
}
