// The exact solver, one API for every game: the value of a position with
// perfect play (strong) or only win, draw or loss (weak), every move's
// value, every best move and a perfect line. The method follows from what
// the game offers:
// - Method::Probes (probes.hpp): null-window probes over the values that
//   can occur, on a table whose depths count plies left, with forced lines,
//   proven bounds and threads where the game has them. For hashed games of
//   bounded length (Connect Four); it solves any hashed game when asked.
// - Method::Exhaustive (exhaustive.hpp): one plain alpha-beta to the end,
//   for the rest (tic-tac-toe, explicit trees).
#pragma once

#include <vector>

#include <ply/search/solve/exhaustive.hpp>
#include <ply/search/solve/probes.hpp>

namespace ply::solve {

enum class Method { Probes, Exhaustive };

template <Game G>
inline constexpr Method kDefaultMethod = BoundedLengthGame<G>&& HashedGame<G> ? Method::Probes : Method::Exhaustive;

template <class Move>
struct MoveValue {
    Move move;
    Score score;  // for the side to move at the root; weak: -1, 0 or 1
};

namespace detail {
struct NoProbes {
    explicit NoProbes(std::size_t) {}
};
template <Game G, bool Probes>
struct ProbesOf {
    using type = NoProbes;
};
template <HashedGame G>
struct ProbesOf<G, true> {
    using type = ProbeSolver<G>;
};
}  // namespace detail

template <Game G, Method M = kDefaultMethod<G>>
class Solver {
    static_assert(M == Method::Exhaustive || HashedGame<G>, "probing needs a table: the game must offer hash()");

public:
    using Move = typename G::Move;
    static constexpr bool kProbes = M == Method::Probes;

    // The exhaustive method keeps its own table of 2^20 entries.
    explicit Solver(std::size_t hash_mb = 16) : probes_(hash_mb) {
        if constexpr (kProbes) probes_.set_control(&control_);
    }

    void set_hash(std::size_t mb) requires kProbes { probes_.set_hash(mb); }
    void set_threads(int n) requires kProbes { probes_.set_threads(n); }
    // Values known in advance (nullptr: none); it must outlive the solves.
    void set_book(const SolvedBook* book) requires kProbes { probes_.set_book(book); }
    Options& options() requires kProbes { return probes_.options(); }
    // A new game whose positions may share keys with the last one's (trees).
    void clear() {
        if constexpr (kProbes) probes_.clear();
    }
    // For whoever watches the solves: it may stop them (control().budget,
    // for good) and see their nodes and the root's bounds (solve_fully's).
    Control& control() { return control_; }

    Solution<Move> solve(const G& root, bool weak = false) {
        if constexpr (kProbes) {
            return probes_.solve(root, weak);
        } else {
            const auto r = exhaustive(root, 20, &control_);
            const auto sign = [weak](Score s) { return weak ? Score((s > 0) - (s < 0)) : s; };
            Solution<Move> out{sign(r.score), r.best, r.nodes, 0};
            out.complete = r.complete;
            out.lower = sign(r.lower);
            out.upper = sign(r.upper);
            return out;
        }
    }

    // Every move's value, in the game's move order. The children share the
    // table, so later ones reuse what earlier ones proved. Stopped by the
    // control, it ends with the last move whose value it knows.
    std::vector<MoveValue<Move>> solve_each_move(const G& root, bool weak, std::uint64_t* nodes = nullptr) {
        std::vector<MoveValue<Move>> values;
        if (is_over(root.outcome())) return values;
        MoveListOf<G> moves;
        root.generate_moves(moves);
        for (const auto& m : moves) {
            G child = root;
            child.make(m);
            const auto solution = solve(child, weak);
            if (nodes) *nodes += solution.nodes;
            if (solution.lower != solution.upper) break;
            // The child's score is for its side to move, one ply later: a
            // mate there is one ply further from the root (score_from_tt's shift).
            values.push_back({m, weak ? Score(-solution.score) : Score(-score_from_tt(solution.score, 1))});
        }
        return values;
    }

    // The value with every move that keeps it and, strong, one perfect
    // line; `nodes` counts the root's solve alone. Stopped by the control:
    // what it proved (SolveResult::complete).
    SolveResult<Move> solve_fully(const G& root, bool weak = false) {
        if constexpr (!kProbes) {
            auto r = exhaustive(root, 20, &control_);
            if (r.lower == r.upper) control_.prove(r.score, r.score);
            if (weak) {
                for (Score* s : {&r.score, &r.lower, &r.upper}) *s = (*s > 0) - (*s < 0);
            }
            return r;
        } else {
            SolveResult<Move> r;
            const auto solution = probes_.solve(root, weak, true);
            r.nodes = solution.nodes;
            r.complete = solution.complete;
            r.lower = solution.lower;
            r.upper = solution.upper;
            if (r.lower != r.upper) {
                r.result = Outcome::Ongoing;
                return r;
            }
            r.score = solution.score;
            r.result = r.score > 0 ? Outcome::Win : r.score < 0 ? Outcome::Loss : Outcome::Draw;
            if (!weak) {
                control_.prove(r.score, r.score);
                if (is_mate(r.score)) r.plies = mate_plies(r.score);
            }
            if (r.complete) find_best_moves(root, weak, r);
            if (r.complete && !weak) find_line(root, r);
            return r;
        }
    }

private:
    // The moves that keep the value r.score, with the values of every move.
    void find_best_moves(const G& root, bool weak, SolveResult<Move>& r) requires kProbes {
        const auto values = solve_each_move(root, weak);
        for (const auto& v : values)
            if (v.score == r.score) r.best_moves.push_back(v.move);
        if (!r.best_moves.empty()) r.best = r.best_moves.front();
        if (is_over(root.outcome())) return;
        MoveListOf<G> moves;
        root.generate_moves(moves);
        if (values.size() < moves.size()) r.complete = false;  // stopped
    }

    // One perfect line: each position's best move, solved in turn on a warm table.
    void find_line(const G& root, SolveResult<Move>& r) requires kProbes {
        G g = root;
        while (!is_over(g.outcome())) {
            const auto step = solve(g);
            if (!step.complete) r.complete = false;  // stopped
            if (!step.complete || !step.best) break;
            r.pv.push_back(*step.best);
            g.make(*step.best);
        }
        if (r.complete && !is_mate(r.score)) r.plies = static_cast<int>(r.pv.size());
    }

    typename detail::ProbesOf<G, kProbes>::type probes_;
    Control control_;
};

}  // namespace ply::solve
