// The games the `ply` command offers, chosen by name at run time. Ply's own
// come from registry/builtin_games.hpp; a program of one's own adds its game
// and runs the whole command line over the lot:
//
//   #include <ply/cli/register_game.hpp>
//   int main(int argc, char** argv) {
//       ply::cli::Registry games = ply::cli::builtin_games();
//       games.add<MyGame>();
//       return ply::cli::run(argc, argv, games);
//   }
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <ply/cli/game_commands.hpp>

namespace ply::cli {

class Registry {
public:
    // Throws std::invalid_argument when the name is taken.
    void add(const GameCommands& game);
    template <class G>
    void add();  // defined in cli/register_game.hpp

    const GameCommands* find(std::string_view name) const;
    std::string names() const;  // "tictactoe, connect4, ...", for messages and --help
    const std::vector<GameCommands>& games() const { return games_; }

private:
    std::vector<GameCommands> games_;
};

// The game called `name`; an unknown name is bad usage (one line, exit 2).
const GameCommands& game_named(const CLI::App& command, const Registry& games, const std::string& name);

// Ply's own games.
Registry builtin_games();

// The whole `ply` command line over `games`: what main() runs.
int run(int argc, char** argv, const Registry& games);

}  // namespace ply::cli
