// What the `ply` command can do with one game: its name and a pointer to each
// command compiled for it. A game's commands are compiled once, in a
// translation unit of their own (cli/register_game.hpp), and every front end
// reaches them through these pointers, never by naming the game.
#pragma once

#include <string_view>

namespace CLI {
class App;
}

namespace ply::arena {
struct GameSupport;
}

namespace ply::web {
struct GameApi;
}

namespace ply::cli {

struct SearchOptions;
struct PlayOptions;
struct MovesOptions;
struct CompareOptions;
struct AnalyseOptions;
struct SolveOptions;
struct PerftArgs;
struct BookOptions;
struct MatrixOptions;
struct EgtbOptions;

struct GameCommands {
    std::string_view name;
    std::string_view summary;
    void (*search)(const CLI::App&, const SearchOptions&) = nullptr;
    void (*play)(const CLI::App&, const PlayOptions&) = nullptr;
    void (*moves)(const CLI::App&, const MovesOptions&) = nullptr;
    void (*compare)(const CLI::App&, const CompareOptions&) = nullptr;
    void (*analyse)(const CLI::App&, const AnalyseOptions&) = nullptr;
    void (*solve)(const CLI::App&, const SolveOptions&) = nullptr;
    void (*perft)(const CLI::App&, const PerftArgs&) = nullptr;
    void (*book)(const CLI::App&, const BookOptions&) = nullptr;
    // `ply matrix --game`: the strategic form of the game's tree.
    void (*strategic)(const CLI::App&, const MatrixOptions&) = nullptr;
    // `ply egtb`: none for a game without endgame slices (core/slices.hpp).
    void (*egtb)(const CLI::App&, const EgtbOptions&) = nullptr;
    // What `ply match` needs (a referee, Ply's players); none for a game that
    // cannot start without a position (trees).
    arena::GameSupport (*arena)() = nullptr;
    // What `ply serve` does with the game (web/game_api.hpp).
    web::GameApi (*web)() = nullptr;
};

}  // namespace ply::cli
