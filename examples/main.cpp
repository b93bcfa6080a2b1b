// Solves small Domineering boards with Ply's classic algorithms and its
// production engine, built against the installed package, and checks every
// value against a brute force written here (a memoised negamax that knows
// nothing of Ply's searches). Prints one line per search; exit 1 on any
// disagreement.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include <ply/search/classic/alphabeta.hpp>
#include <ply/search/classic/mtdf.hpp>
#include <ply/search/classic/negamax.hpp>
#include <ply/search/classic/pvs.hpp>
#include <ply/search/engine/engine.hpp>

#include "domineering.hpp"

namespace {

// The exact value for the side to move, as Ply scores it: a win k plies
// away is kMate - k, a loss -kMate + k (Domineering has no draws).
template <class G>
class BruteForce {
public:
    ply::Score value(G& g) {
        if (const auto known = memo_.find(g.covered()); known != memo_.end()) return known->second;
        ply::MoveListOf<G> moves;
        g.generate_moves(moves);
        ply::Score best = ply::mated_in_plies(0);  // no move: lost now
        for (const auto m : moves) {
            g.make(m);
            const ply::Score child = value(g);
            g.unmake(m);
            // One ply further from the end, seen from the other side.
            best = std::max(best, child > 0 ? -child + 1 : -child - 1);
        }
        memo_.emplace(g.covered(), best);
        return best;
    }

private:
    std::unordered_map<std::uint64_t, ply::Score> memo_;
};

std::string describe(ply::Score s, bool vertical) {
    const std::string mover = vertical ? "Vertical" : "Horizontal";
    const std::string other = vertical ? "Horizontal" : "Vertical";
    return (s > 0 ? mover : other) + " wins in " + std::to_string(ply::mate_plies(s)) + " plies";
}

bool all_agree = true;

// One line per search; a value that differs from the brute force is flagged.
template <class G>
void report(const char* name, const G& g, ply::Score score, std::optional<typename G::Move> best, std::uint64_t nodes,
            ply::Score truth) {
    const bool ok = score == truth && best.has_value();
    all_agree = all_agree && ok;
    std::cout << "  " << name << std::string(12 - std::string(name).size(), ' ') << "score " << score << "  best "
              << (best ? g.move_to_string(*best) : "none") << "  nodes " << nodes << (ok ? "" : "  WRONG") << "\n";
}

// A search deep enough to reach every end of the game: the classic
// algorithms are then exact, and so must the engine be.
template <int W, int H>
void solve_board(bool full_width) {
    using G = example::Domineering<W, H>;
    G start;
    BruteForce<G> brute;
    const ply::Score truth = brute.value(start);
    const int depth = W * H / 2 + 1;
    std::cout << "Domineering " << W << "x" << H << ": " << describe(truth, start.vertical_to_move())
              << " (brute force)\n";

    if (full_width) {
        const auto r = ply::classic::negamax(start, depth);
        report("negamax", start, r.score, r.best, r.nodes, truth);
    }
    const auto ab = ply::classic::alphabeta(start, depth);
    report("alphabeta", start, ab.score, ab.best, ab.nodes, truth);
    const auto pvs = ply::classic::pvs(start, depth);
    report("pvs", start, pvs.score, pvs.best, pvs.nodes, truth);
    const auto mtdf = ply::classic::mtdf(start, depth);
    report("mtdf", start, mtdf.score, mtdf.best, mtdf.nodes, truth);

    ply::engine::Engine<G> engine(4);
    ply::engine::Limits<typename G::Move> limits;
    limits.depth = depth;
    const auto e = engine.think(start, limits);
    report("engine", start, e.score, e.best, e.nodes, truth);

    // The best move found must keep the value: after it, the opponent's
    // value is the truth one ply further on.
    G after = start;
    after.make(*e.best);
    const ply::Score reply = brute.value(after);
    if ((reply > 0 ? -reply + 1 : -reply - 1) != truth) {
        std::cout << "  engine's move " << start.move_to_string(*e.best) << " does not keep the value  WRONG\n";
        all_agree = false;
    }
}

}  // namespace

int main() {
    solve_board<3, 3>(true);
    solve_board<4, 4>(true);
    solve_board<5, 4>(false);
    solve_board<5, 5>(false);
    std::cout << (all_agree ? "all agree\n" : "DISAGREEMENT\n");
    return all_agree ? EXIT_SUCCESS : EXIT_FAILURE;
}
