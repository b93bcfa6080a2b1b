// The ACF three-move ballots built into checkers: the same as the data file,
// counted as its provenance states (144 C + 12 M in play, 18 X barred, 50 in
// the 2002 tough deck), every one legal by the game's rules, and malformed
// ballot lines refused in one line.
#include <ply/games/checkers/description.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <ply/core/error.hpp>
#include <ply/core/text_file.hpp>
#include <ply/tools/arena/game_referee.hpp>
#include <ply/tools/arena/openings.hpp>

#include "support/temp_file.hpp"

namespace ply::checkers {
namespace {

std::size_t flagged(const std::vector<Ballot>& deck, char flag) {
    return static_cast<std::size_t>(std::count_if(
        deck.begin(), deck.end(), [&](const Ballot& b) { return b.flags.find(flag) != std::string::npos; }));
}

TEST(CheckersBallots, TheBuiltInDeckIsTheDataFileWithItsPublishedCounts) {
    const std::string path = std::string(PLY_DATA_DIR) + "/checkers/three-move-ballots.txt";
    EXPECT_EQ(acf_ballots_text(), read_text_file(path, "ballots"));
    const auto& deck = acf_ballots();
    ASSERT_EQ(deck.size(), 174u);
    for (std::size_t i = 0; i < deck.size(); ++i) EXPECT_EQ(deck[i].number, static_cast<int>(i + 1));
    EXPECT_EQ(flagged(deck, 'C'), 144u);
    EXPECT_EQ(flagged(deck, 'M'), 12u);
    EXPECT_EQ(flagged(deck, 'X'), 18u);
    EXPECT_EQ(flagged(deck, 't'), 50u);
    EXPECT_EQ(OpeningDeck<Checkers>::standard().size(), 156u);
    EXPECT_EQ(deck[4].name, "Dreaded Edinburgh");  // ballot 5
    EXPECT_EQ(deck[0].moves, (std::vector<std::string>{"9-13", "21-17", "5-9"}));
}

TEST(CheckersBallots, EveryBallotIsLegalAndNoTwoAreTheSame) {
    std::set<std::vector<std::string>> lines;
    std::set<std::string> positions;
    for (const auto& b : acf_ballots()) {
        Checkers g;
        for (const auto& text : b.moves) {
            ASSERT_NO_THROW(g.make(g.parse_move(text))) << "ballot " << b.number << ": " << text;
        }
        EXPECT_EQ(g.outcome(), Outcome::Ongoing) << b.number;
        EXPECT_EQ(g.side_to_move(), White) << b.number;
        lines.insert(b.moves);
        positions.insert(g.fen());
    }
    EXPECT_EQ(lines.size(), 174u);
    EXPECT_EQ(positions.size(), 174u);
}

TEST(CheckersBallots, MalformedBallotLinesAreRefusedInOneLine) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"five 9-13 22-18 6-9 C", "expected <number>"},
        {"5 9-13 22-18 C", "expected three moves, not 2"},
        {"5 9-13 22-18 6-9", "no flags"},
        {"5 9-13 22-18 6-9 Q", "flags 'Q'"},
        {"5 9-13 22-18 6-9 CM", "flags 'CM'"},
        {"5 9-13 22-18 6-9 10-14 C", "expected three moves, not 4"},
    };
    for (const auto& [line, expected] : cases) {
        try {
            read_ballot(line);
            ADD_FAILURE() << "accepted: " << line;
        } catch (const ParseError& e) {
            const std::string what = e.what();
            EXPECT_NE(what.find(expected), std::string::npos) << line << " -> " << what;
            EXPECT_EQ(what.find('\n'), std::string::npos) << what;
        }
    }
    try {
        read_ballots("# a deck\n1 9-13 21-17 5-9 C\n2 9-13 21-17\n", "deck.txt");
        ADD_FAILURE() << "accepted a short ballot";
    } catch (const ParseError& e) {
        EXPECT_EQ(std::string(e.what()), "deck.txt:3: ballot 2: expected three moves, not 2 ('2 9-13 21-17')");
    }
}

// The arena reads ballot files too: barred ballots skipped, a malformed or
// illegal ballot named by its file and line.
TEST(CheckersBallots, TheArenaReadsBallotFilesAndRefusesBadOnes) {
    arena::GameReferee<Checkers> referee;
    const ply::testing::TempFile good("ballots.txt",
                                      "# in play, barred, in play\n1 9-13 21-17 5-9 C\n"
                                      "3 9-13 21-17 10-14 X\n4 9-13 22-17 13x22 Ct\n11-15 23-19\n");
    const auto openings = arena::load_openings(good.path.string(), referee);
    ASSERT_EQ(openings.size(), 3u);
    EXPECT_EQ(openings[1].moves, (std::vector<std::string>{"9-13", "22-17", "13x22"}));
    EXPECT_EQ(openings[2].moves, (std::vector<std::string>{"11-15", "23-19"}));

    const ply::testing::TempFile flags("flags.txt", "1 9-13 21-17 5-9 C\n2 9-13 21-17 6-9 Z\n");
    const ply::testing::TempFile illegal("illegal.txt", "1 9-13 21-17 5-9 C\n2 9-13 21-17 6-10 C\n");
    for (const auto* file : {&flags, &illegal}) {
        try {
            arena::load_openings(file->path.string(), referee);
            ADD_FAILURE() << "accepted " << file->path.string();
        } catch (const ParseError& e) {
            const std::string what = e.what();
            EXPECT_NE(what.find(file->path.string() + ":2: "), std::string::npos) << what;
            EXPECT_NE(what.find(file == &flags ? "flags 'Z'" : "illegal move '6-10'"), std::string::npos) << what;
        }
    }
    EXPECT_EQ(arena::standard_openings(referee).size(), 156u);
}

}  // namespace
}  // namespace ply::checkers
