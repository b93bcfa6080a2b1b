// One recorded game read back strictly (`ply play --load`): PGN, or PDN for
// a draughts game (GameType tag, the game's own FEN tag, moves such as 11-15
// and 15x24x31), the first game of the text. Move numbers ("12.", "12..."),
// comments ({...} and ; to the end of the line), variations (...), NAGs ($1)
// and !? are skipped; PDN's results 2-0, 0-2 and 1-1 read as 1-0, 0-1 and
// 1/2-1/2. Whatever is wrong -- a tag, comment or variation not closed, a
// move the rules refuse, a move after the end, no result at the end (a
// truncated file), a Result, GameType or Variant tag that disagrees -- is one
// ParseError line that says where and what, and nothing is kept.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <ply/tools/arena/referee.hpp>

namespace ply::arena {

struct RecordedGame {
    std::vector<std::pair<std::string, std::string>> tags;
    std::string start;               // the FEN tag's position; "" for the standard start
    std::vector<std::string> moves;  // canonical, legal in order from `start`
    std::string result;              // "1-0" (the first player wins), "0-1", "1/2-1/2" or "*"
};

// Reads the first game of `text` (from the file `name`, for messages) and
// replays it in `referee`, which is left at its end.
RecordedGame read_recorded_game(std::string_view text, Referee& referee, const std::string& name);

}  // namespace ply::arena
