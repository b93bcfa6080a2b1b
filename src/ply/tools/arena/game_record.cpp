#include <ply/tools/arena/game_record.hpp>

namespace ply::arena {

std::string to_string(Flaw f) {
    switch (f) {
        case Flaw::None:
            return "none";
        case Flaw::Illegal:
            return "illegal move";
        case Flaw::Time:
            return "time forfeit";
        case Flaw::Crash:
            return "crash";
        case Flaw::Stall:
            return "unresponsive";
    }
    return "?";
}

double GameRecord::points(int side) const {
    if (result == "1/2-1/2") return 0.5;
    if (result == "1-0") return side == 0 ? 1 : 0;
    if (result == "0-1") return side == 1 ? 1 : 0;
    return 0;
}

}  // namespace ply::arena
