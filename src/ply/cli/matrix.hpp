// `ply matrix`: zero-sum matrix games, given as a matrix or as the strategic
// form of a game tree: pure max-min and min-max, saddle points, iterated
// strict dominance, the value and optimal mixed strategies (GLPK, exact
// fractions for small games), and fictitious play and regret matching with
// their exploitability round by round.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <ply/theory/matrix_game.hpp>

namespace CLI {
class App;
}

namespace ply::cli {

struct MatrixOptions {
    std::optional<std::string> matrix, file, game, position, tree;
    std::string arithmetic = "auto";  // auto, float, exact
    bool no_lp = false;
    double lp_seconds = 300;  // the linear program's time limit
    std::size_t learn = 0;    // rounds of each learner (0: none)
    double target = 0;        // stop learning at this exploitability
    std::vector<std::string> learners = {"fictitious-play", "regret-matching", "regret-matching+"};
    std::optional<std::string> plot;
    bool json = false;
};

// What a game tree adds to its strategic form's report.
struct TreeForm {
    std::string game, position;
    std::size_t nodes = 0;
    double minimax = 0;  // the tree searched by minimax, for the player to move
};

// Everything `ply matrix` prints about `g`; `tree` for a strategic form.
void report_matrix_game(const CLI::App& cmd, const MatrixOptions& opts, const theory::MatrixGame& g,
                        const TreeForm* tree);

}  // namespace ply::cli
