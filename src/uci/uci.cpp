// Placeholder until the chess front end lands.
#include "uci/uci.hpp"

#include <istream>
#include <ostream>
#include <string>

namespace ply::uci {

int run(std::istream& in, std::ostream& out) {
    for (std::string line; std::getline(in, line);) {
        if (line == "quit") break;
        out << "info string chess engine not built yet\n";
    }
    return 0;
}

}  // namespace ply::uci
