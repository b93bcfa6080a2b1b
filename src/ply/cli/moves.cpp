// `ply moves <game>`: the legal moves of a position in the game's own notation
// (UCI for chess), one per line in ASCII order: a move generator checked line
// by line against other programs' lists. Moves are listed even where a rule
// has ended the game (a draw by repetition, minichess's 80-ply limit), not
// once a king is taken or mated.
#include <algorithm>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <ply/cli/positions.hpp>

namespace ply::cli {

void add_moves_command(CLI::App& app) {
    struct Options {
        std::string game;
        std::optional<std::string> position;
    };
    auto opts = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("moves", "List the legal moves of a position, sorted, one per line");
    cmd->add_option("game", opts->game, std::string("Game: ") + std::string(kGameNames))->required();
    cmd->add_option("--position,-p", opts->position,
                    "Position in the game's notation (minichess: a file, - for stdin; default: the start)");
    cmd->callback([cmd, opts] {
        const bool known = with_game(opts->game, [&]<class G>(std::type_identity<G>) {
            const G game = load_position<G>(*cmd, opts->position);
            MoveListOf<G> moves;
            // The moves on the board even where a rule has ended the game
            // (chess's draws, minichess's move limit), as move generators list them.
            if constexpr (requires { game.generate_legal(moves); })
                game.generate_legal(moves);
            else
                game.generate_moves(moves);
            std::vector<std::string> texts;
            for (const auto& m : moves) texts.push_back(game.move_to_string(m));
            std::sort(texts.begin(), texts.end());
            for (const auto& t : texts) std::cout << t << "\n";
        });
        if (!known) usage_error(*cmd, "unknown game '" + opts->game + "' (games: " + std::string(kGameNames) + ")");
    });
}

}  // namespace ply::cli
