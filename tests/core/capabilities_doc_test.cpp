// docs/capabilities.md tables every capability of src/ply/core/game.hpp: a
// concept added or removed there without the table failing here.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <string>

#include "support/read_file.hpp"

namespace {

// The names matched by `pattern`'s first group, everywhere in `text`.
std::set<std::string> names(const std::string& text, const std::regex& pattern) {
    std::set<std::string> out;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), pattern); it != std::sregex_iterator(); ++it)
        out.insert((*it)[1]);
    return out;
}

}  // namespace

TEST(CapabilitiesDoc, TablesEveryConceptOfTheGameHeader) {
    const std::string root = std::string(PLY_DATA_DIR) + "/..";
    const auto header = ply::testing::read_file(root + "/src/ply/core/game.hpp");
    const auto doc = ply::testing::read_file(root + "/docs/capabilities.md");
    ASSERT_FALSE(header.empty());
    ASSERT_FALSE(doc.empty());
    auto concepts = names(header, std::regex(R"(concept (\w+) =)"));
    concepts.erase("Game");  // the required part: its own row
    const auto rows = names(doc, std::regex(R"(\n\| `(\w+)` \|)"));
    EXPECT_EQ(rows, concepts);
}
