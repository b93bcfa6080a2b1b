// The arena's support for one game: the single per-game entry point, so that
// any NotatedGame that starts without being told where (ArenaGame) can be
// played in a match, a game registered by a user's own program included.
#pragma once

#include <concepts>
#include <string>
#include <vector>

#include <ply/core/protocol.hpp>
#include <ply/tools/arena/cb_player.hpp>
#include <ply/tools/arena/game_referee.hpp>
#include <ply/tools/arena/game_support.hpp>
#include <ply/tools/arena/ply_player.hpp>

namespace ply::arena {

// A game GTP engines play (EngineProtocol<G>, specialized in the game's
// folder): the commands that set up a position, and the score of one.
template <class G>
concept GtpArenaGame = ArenaGame<G> && requires(const G cg) {
    { EngineProtocol<G>::setup_commands(cg) } -> std::same_as<std::vector<std::string>>;
    { EngineProtocol<G>::final_score(cg) } -> std::convertible_to<std::string>;
};

template <GtpArenaGame G>
std::vector<std::string> gtp_setup(const std::string& position) {
    return EngineProtocol<G>::setup_commands(position.empty() ? G{} : G::from_position(position));
}

template <GtpArenaGame G>
std::string gtp_score(const std::string& position) {
    return EngineProtocol<G>::final_score(position.empty() ? G{} : G::from_position(position));
}

// A game with records of its own (EngineProtocol<G>::sgf): the board at the
// end, the players, the winner and how it ended where the board does not.
template <class G>
concept SgfArenaGame = ArenaGame<G> && requires(const G cg, const std::string& text) {
    { EngineProtocol<G>::sgf(cg, text, text, 0, text) } -> std::convertible_to<std::string>;
};

template <SgfArenaGame G>
std::string sgf_record(const GameRecord& r) {
    G g = r.start_position.empty() ? G{} : G::from_position(r.start_position);
    for (const auto& m : r.moves) g.make(g.parse_move(m.move));
    const int winner = r.result == "1-0" ? 0 : r.result == "0-1" ? 1 : -1;
    const std::string how = g.outcome() != Outcome::Ongoing   ? ""
                            : r.termination == "normal"       ? "R"
                            : r.termination == "time forfeit" ? "T"
                                                              : "F";
    return EngineProtocol<G>::sgf(g, r.white, r.black, winner, how);
}

template <ArenaGame G>
GameSupport support_for() {
    GameSupport s{std::string(G::name), plays_uci_engines<G>(), &make_referee<G>, &make_ply_player<G>};
    if constexpr (GtpArenaGame<G>) {
        s.gtp_setup = &gtp_setup<G>;
        s.gtp_score = &gtp_score<G>;
    }
    if constexpr (SgfArenaGame<G>) s.record = &sgf_record<G>;
    if constexpr (CheckerBoardGame<G>) s.make_cb_player = &make_cb_player<G>;
    return s;
}

}  // namespace ply::arena
