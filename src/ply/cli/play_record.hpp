// What `ply play` keeps of a game and how it writes it down: the moves so
// far as the game numbers them ("1. e4 e5 2. Nf3"), and the whole game saved
// to a file through the arena's writer as PGN where PGN is the game's own
// (chess) and as PDN for a draughts game (checkers), and otherwise as a short
// text of the start position and the moves in the game's notation. A file is
// written whole or not at all (OutputFile).
#pragma once

#include <concepts>
#include <exception>
#include <ostream>
#include <string>
#include <vector>

#include <ply/core/describe.hpp>
#include <ply/core/error.hpp>
#include <ply/tools/arena/game_record.hpp>
#include <ply/tools/arena/game_referee.hpp>
#include <ply/tools/arena/pgn.hpp>
#include <ply/tools/lines.hpp>
#include <ply/tools/output_file.hpp>

namespace ply::cli {

inline constexpr const char* kPersonName = "Human";
inline constexpr const char* kEngineName = "Ply";

// One move of the game and what the record tells of it.
template <class Move>
struct PlayedMove {
    Move move;
    double seconds = 0;      // the engine's thinking, or the person's from their turn to the move
    arena::SearchInfo info;  // the engine's evaluation of its move; nothing for the person's
};

// The side to move, 0 for the first player (White), `plies` after the start
// of the session: where the position says, else counted from the start.
template <NotatedGame G>
int side_to_move(const G& game, std::size_t plies) {
    if constexpr (TurnNumberedGame<G>)
        return static_cast<int>(game.side_to_move());
    else
        return static_cast<int>(plies % 2);
}

// "White", "Black" where the game names its sides, else "First", "Second".
template <NotatedGame G>
std::string side_name(int side) {
    return describe::side_name<G>(side);
}

// The moves of a game as the game numbers them, or "" before the first.
template <NotatedGame G>
std::string moves_text(const G& start, const std::vector<PlayedMove<typename G::Move>>& moves) {
    std::vector<typename G::Move> line;
    for (const auto& m : moves) line.push_back(m.move);
    return line_text(start, line);
}

// Whether `game` stands where the game starts when told nothing.
template <NotatedGame G>
bool at_standard_start(const G& game) {
    if constexpr (std::default_initializable<G>)
        return std::string(game.position()) == std::string(G{}.position());
    else
        return false;
}

// The record of a game the person played as `person` (0: the first player)
// from `start`, as the arena keeps its games.
template <NotatedGame G>
arena::GameRecord play_record(const G& start, const std::vector<PlayedMove<typename G::Move>>& moves, int person) {
    arena::GameRecord r;
    r.game = std::string(G::name);
    r.white = person == 0 ? kPersonName : kEngineName;
    r.black = person == 0 ? kEngineName : kPersonName;
    r.start_position = start.position();
    if (!at_standard_start(start)) r.opening_position = r.start_position;
    if constexpr (TurnNumberedGame<G>) r.first_move_number = static_cast<int>(start.fullmove_number());
    r.second_moves_first = side_to_move(start, 0) == 1;
    r.pgn_native = arena::pgn_native<G>();
    r.pdn_game_type = std::string(describe::facts<G>().pdn_game_type);
    r.side_names = {side_name<G>(0), side_name<G>(1)};
    r.opening_start = r.start_position;
    G game = start;
    for (const auto& m : moves) {
        r.moves.push_back({game.move_to_string(m.move), describe::display_move(game, m.move), m.seconds, {}, m.info});
        game.make(m.move);
    }
    r.final_position = game.position();
    const Outcome o = game.outcome();
    if (!is_over(o)) return r;
    const Score s = terminal_score(o, 0, o == Outcome::Scored ? Score(game.evaluate()) : 0);
    const int mover = side_to_move(game, moves.size());
    r.result = s == 0 ? "1/2-1/2" : (s > 0 ? mover : 1 - mover) == 0 ? "1-0" : "0-1";
    r.termination = "normal";
    if constexpr (requires { game.termination(); })
        r.reason = game.termination();
    else
        r.reason = describe::end_reason(game);
    return r;
}

// A game whose notation is not PGN: a few lines of "Field: value", the
// positions and moves as the game writes them (`ply play --position` and
// the move prompt read them back).
template <NotatedGame G>
void write_game_text(std::ostream& out, const arena::GameRecord& r) {
    out << "Game: " << r.game << "\n"
        << "Date: " << arena::pgn_date_today() << "\n"
        << side_name<G>(0) << ": " << r.white << "\n"
        << side_name<G>(1) << ": " << r.black << "\n";
    const bool lines = r.start_position.find('\n') != std::string::npos;
    if (r.opening_position.empty())
        out << "Start: the standard start\n";
    else
        out << "Start:" << (lines ? "\n" + r.start_position : " " + r.start_position + "\n");
    std::string moves;
    for (const auto& m : r.moves) moves += (moves.empty() ? "" : " ") + m.move;
    out << "Moves: " << moves << "\n"
        << "Result: " << r.result << (r.reason.empty() ? "" : " (" + r.reason + ")") << "\n";
}

// Saves the game to `path`, which may not be the file of the session's
// position; the line that says how it went. A path that cannot be written
// leaves no file behind and the game goes on.
template <NotatedGame G>
std::string save_game(const std::string& path, const arena::GameRecord& r, const std::string& position_file = "") {
    try {
        ply::refuse_same_files({{"save", path}}, {{"--position", position_file}});
        OutputFile file(path);
        const bool pdn = !r.pdn_game_type.empty();
        if (r.pgn_native || pdn)
            arena::write_pgn(file.stream(), r, {"ply play", "?", ""});
        else
            write_game_text<G>(file.stream(), r);
        file.commit();
        return "Saved to " + path + (pdn ? " (PDN)." : r.pgn_native ? " (PGN)." : ".");
    } catch (const std::exception& e) {
        return std::string("Not saved: ") + e.what();
    }
}

}  // namespace ply::cli
