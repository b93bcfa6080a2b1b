// Ballot lines read, and the deck built in.
#include <ply/games/checkers/ballots.hpp>

#include <charconv>

#include <ply/core/error.hpp>
#include <ply/core/text.hpp>

namespace ply::checkers {
namespace {

constexpr std::string_view kBallotForm = "<number> <move> <move> <move> <flags> [name]";

bool is_number(std::string_view word) {
    return !word.empty() && word.find_first_not_of("0123456789") == std::string_view::npos;
}

// Squares joined by '-' or 'x' (the game reads them; this only tells moves
// from flags and names).
bool looks_like_move(std::string_view word) {
    return !word.empty() && word.front() >= '0' && word.front() <= '9' &&
           word.find_first_of("-xX") != std::string_view::npos &&
           word.find_first_not_of("0123456789-xX") == std::string_view::npos;
}

// One of C, M or X, and maybe t.
bool valid_flags(std::string_view flags) {
    int kinds = 0;
    for (const char c : flags) {
        if (c == 'C' || c == 'M' || c == 'X')
            ++kinds;
        else if (c != 't')
            return false;
    }
    return kinds == 1;
}

bool is_comment(std::string_view line) {
    const std::string_view t = trim(line);
    return t.empty() || t.front() == '#';
}

}  // namespace

Ballot read_ballot(std::string_view line) {
    const auto w = words(line);
    Ballot b;
    if (w.empty() || !is_number(w[0]) ||
        std::from_chars(w[0].data(), w[0].data() + w[0].size(), b.number).ec != std::errc())
        throw ParseError("ballot: expected " + std::string(kBallotForm) + ", not '" + clip(line) + "'");
    const std::string which = "ballot " + std::to_string(b.number);
    std::size_t i = 1;
    for (; i < w.size() && looks_like_move(w[i]); ++i) b.moves.emplace_back(w[i]);
    if (b.moves.size() != 3)
        throw ParseError(which + ": expected three moves, not " + std::to_string(b.moves.size()) + " ('" + clip(line) +
                         "')");
    if (i == w.size()) throw ParseError(which + ": no flags after the moves (C, M or X, and t)");
    if (!valid_flags(w[i])) throw ParseError(which + ": flags '" + clip(w[i]) + "' are not one of C, M, X (with t)");
    b.flags = std::string(w[i]);
    for (++i; i < w.size(); ++i) b.name += (b.name.empty() ? "" : " ") + std::string(w[i]);
    return b;
}

std::vector<Ballot> read_ballots(std::string_view text, std::string_view where) {
    std::vector<Ballot> out;
    int n = 0;
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        const std::string_view line = text.substr(at, end - at);
        at = end + 1;
        ++n;
        if (is_comment(line)) continue;
        try {
            out.push_back(read_ballot(line));
        } catch (const ParseError& e) {
            throw ParseError(std::string(where) + ":" + std::to_string(n) + ": " + e.what());
        }
    }
    return out;
}

const std::vector<Ballot>& acf_ballots() {
    static const std::vector<Ballot> deck = read_ballots(acf_ballots_text(), "three-move-ballots.txt");
    return deck;
}

}  // namespace ply::checkers

namespace ply {

std::vector<std::vector<std::string>> OpeningDeck<checkers::Checkers>::standard() {
    std::vector<std::vector<std::string>> out;
    for (const auto& b : checkers::acf_ballots())
        if (b.in_play()) out.push_back(b.moves);
    return out;
}

std::optional<std::vector<std::string>> OpeningDeck<checkers::Checkers>::read_line(std::string_view line) {
    const auto w = words(line);
    if (!w.empty() && checkers::is_number(w[0])) {
        checkers::Ballot b = checkers::read_ballot(line);
        if (!b.in_play()) return std::nullopt;
        return std::move(b.moves);
    }
    std::vector<std::string> moves;
    for (const auto word : w) moves.emplace_back(word);
    return moves;
}

}  // namespace ply
