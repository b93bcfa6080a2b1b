// The ACF three-move ballots: the openings checkers tournaments draw, each
// played twice with colours reversed. The deck is built in from
// data/checkers/three-move-ballots.txt (its provenance in data/PROVENANCE.md),
// one ballot a line: "<number> <move> <move> <move> <flags> [name]", flags C
// (crossboard) or M (mail play) for the 156 in play, X for the barred, and t
// for the 2002 computer tournament's tough deck; '#' starts a comment line.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <ply/core/opening_deck.hpp>
#include <ply/games/checkers/checkers.hpp>

namespace ply::checkers {

struct Ballot {
    int number = 0;                  // the ACF's opening number
    std::vector<std::string> moves;  // from the start, as written
    std::string flags;
    std::string name;  // "" when it has none
    [[nodiscard]] bool in_play() const { return flags.find_first_of("CM") != std::string::npos; }
};

// One line of a ballot file; throws ParseError saying what is wrong with it.
Ballot read_ballot(std::string_view line);
// Every ballot of a file's text, comment lines skipped; throws ParseError
// naming the line.
std::vector<Ballot> read_ballots(std::string_view text, std::string_view where);
// The ACF deck, all 174 ballots, from the text built in.
const std::vector<Ballot>& acf_ballots();
std::string_view acf_ballots_text();

}  // namespace ply::checkers

namespace ply {

template <>
struct OpeningDeck<checkers::Checkers> {
    // The 156 ballots in play, in the ACF's order.
    static std::vector<std::vector<std::string>> standard();
    // A ballot line (it starts with its number): its moves if in play; any
    // other line is moves from the start.
    static std::optional<std::vector<std::string>> read_line(std::string_view line);
};

}  // namespace ply
