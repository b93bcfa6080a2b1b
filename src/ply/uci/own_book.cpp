#include <ply/uci/own_book.hpp>

namespace ply::uci {

std::string own_book_options() {
    const std::string depth = "option name BookDepth type spin default " +
                              std::to_string(OwnBookLimits::kDefaultDepth) + " min 1 max " +
                              std::to_string(OwnBookLimits::kMaxDepth) + "\n";
    return "option name OwnBook type check default false\n"
           "option name BookFile type string default <empty>\n" +
           depth + "option name BookBestMove type check default false\n";
}

}  // namespace ply::uci
