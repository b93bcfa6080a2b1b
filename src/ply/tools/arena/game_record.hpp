// What one game of a match produced: the players, the opening, every move
// with its time and the engine's evaluation, the result and why.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <ply/tools/arena/player.hpp>

namespace ply::arena {

enum class Flaw { None, Illegal, Time, Crash, Stall };  // why a player lost by forfeit
std::string to_string(Flaw f);

struct MoveRecord {
    std::string move;             // canonical
    std::string notation;         // as recorded (describe::display_move: SAN for chess)
    double seconds = 0;           // thinking time measured by the arena
    std::optional<double> clock;  // time left after the move (with a clock)
    SearchInfo info;
};

// PGN's result for a winner: 0 the first player (White), 1 the second, -1 a draw.
inline std::string pgn_result(int winner) { return winner < 0 ? "1/2-1/2" : winner == 0 ? "1-0" : "0-1"; }

struct GameRecord {
    std::size_t index = 0;     // 0-based game number in the match
    std::string game;          // its name
    std::string white, black;  // player names
    int white_engine = 0, black_engine = 1;
    std::string time_control = "-";
    std::string opening_position;               // "" = standard start
    std::vector<std::string> opening_notation;  // the opening moves as recorded
    std::string start_position;                 // where the recorded moves start, in the game's notation
    int first_move_number = 1;                  // the full move of the first recorded move
    bool second_moves_first = false;            // the second player (Black) makes the first recorded move
    bool pgn_native = false;                    // PGN's own game: no Variant tag; SetUp/FEN tags
    // PDN, PGN's dialect for draughts: the game's GameType ("" for PGN), the
    // sides' names, which name the players' tags there (checkers: Black moves
    // first), and where the opening's moves start, as the game writes it.
    std::string pdn_game_type;
    std::array<std::string, 2> side_names{"White", "Black"};
    std::string opening_start;
    std::vector<MoveRecord> moves;
    std::string result = "*";                  // "1-0", "0-1", "1/2-1/2", "*"
    std::string termination = "unterminated";  // PGN: normal, adjudication, time forfeit, rules infraction, abandoned
    std::string reason;                        // "White mates", "Black's move e2e5 is illegal", ...
    Flaw flaw = Flaw::None;                    // the forfeit, if any
    int flawed_side = -1;                      // 0 White, 1 Black
    std::string final_position;
    // A game its rules ended, counted by the referee as GTP writes scores
    // ("B+3.5"; "" for games without GTP), and what each GTP engine's
    // final_score said of it.
    std::string referee_score;
    struct ScoreCheck {
        int side = 0;  // 0 White (the first player), 1 Black
        std::string score;
        bool agrees = false;
    };
    std::vector<ScoreCheck> score_checks;

    [[nodiscard]] bool finished() const { return result != "*"; }
    // Points of the player of `side` (0 White, 1 Black): 1, 0.5 or 0.
    [[nodiscard]] double points(int side) const;
};

// Every field, for a game played on another rank of a cluster (cli/match).
nlohmann::json to_json(const GameRecord& g);
GameRecord game_record_from_json(const nlohmann::json& j);  // throws nlohmann::json::exception

}  // namespace ply::arena
