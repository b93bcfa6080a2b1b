// `ply matrix --game G`: the strategic form of a game's tree, compiled for
// each game (cli/register_game.hpp) and reached through the registry.
#pragma once

#include <ply/cli/errors.hpp>
#include <ply/cli/matrix.hpp>
#include <ply/cli/positions.hpp>
#include <ply/search/classic/minimax.hpp>
#include <ply/theory/strategic_form.hpp>

namespace ply::cli {

template <NotatedGame G>
void run_strategic_form(const CLI::App& cmd, const MatrixOptions& opts) {
    const G game = load_position<G>(cmd, opts.position);
    theory::MatrixGame form;
    std::size_t nodes = 0;
    try {
        const auto tree = theory::extensive_form(game);
        nodes = tree.size();
        form = theory::strategic_form(tree);
    } catch (const ParseError& e) {
        input_error(cmd, e.what());
    }
    // The value by the textbook's minimax, a search of its own: wins and
    // losses count 1 and -1 in the strategic form, however far away.
    const Score s = classic::Minimax<G>(game).run(kMaxPly - 1).score;
    const double minimax = is_mate(s) ? (s > 0 ? 1.0 : -1.0) : static_cast<double>(s);
    const TreeForm info{std::string(G::name), game.position(), nodes, minimax};
    report_matrix_game(cmd, opts, form, &info);
}

}  // namespace ply::cli
