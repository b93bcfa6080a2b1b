#include <ply/uci/own_book.hpp>

namespace ply::uci {

std::string OwnBook::options() {
    const std::string depth = "option name BookDepth type spin default " + std::to_string(kDefaultDepth) +
                              " min 1 max " + std::to_string(kMaxDepth) + "\n";
    return "option name OwnBook type check default false\n"
           "option name BookFile type string default <empty>\n" +
           depth + "option name BookBestMove type check default false\n";
}

void OwnBook::load(const std::string& path) {
    book_ = path.empty() || path == "<empty>" ? chess::polyglot::Book() : chess::polyglot::Book::load(path);
}

std::optional<chess::Move> OwnBook::probe(const chess::Position& pos) {
    if (!enabled_ || book_.empty() || pos.fullmove_number() > depth_) return std::nullopt;
    return book_.choose(pos, best_move_ ? chess::polyglot::Choice::Best : chess::polyglot::Choice::Weighted, rng_);
}

}  // namespace ply::uci
