// `--egtb DIR` for the commands that search (analyse, play): the tables
// `ply egtb build` wrote, given to the engine (tools/database_text.hpp shows
// a position's value).
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <system_error>

#include <ply/cli/errors.hpp>
#include <ply/core/slices.hpp>
#include <ply/search/retro/endgames.hpp>
#include <ply/search/retro/probe.hpp>
#include <ply/tools/database_text.hpp>

namespace ply::cli {

// The tables in `folder` (empty: none); a game without slices, or a folder
// that is not one, is bad usage.
template <Game G>
auto open_endgame_tables(const CLI::App& cmd, const std::string& folder) {
    using Tables = typename retro::Endgames<G>::Tables;
    std::shared_ptr<Tables> tables;
    if (folder.empty()) return tables;
    if constexpr (!SlicedGame<G>) {
        usage_error(cmd, "--egtb: " + std::string(G::name) + " has no endgame databases");
    } else {
        std::error_code error;
        if (!std::filesystem::is_directory(folder, error))
            usage_error(cmd, "--egtb: '" + folder + "' is not a folder (build one with 'ply egtb build')");
        tables = std::make_shared<Tables>(folder, std::string(G::name));
    }
    return tables;
}

}  // namespace ply::cli
