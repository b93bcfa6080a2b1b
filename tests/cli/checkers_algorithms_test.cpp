// Every search of `ply search` and `ply compare` on checkers, through the
// registry: the classic algorithms agree on the value of small positions with
// each other and with a plain negamax written here, and MCTS returns a legal
// move (and proves a win where one move wins at once).
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <ply/core/score.hpp>
#include <ply/games/checkers/checkers.hpp>

#include "support/run_ply.hpp"

namespace {

using nlohmann::json;
using ply::Score;
using ply::checkers::Checkers;

struct CheckersPosition {
    std::string fen;
    int depth;
};

// Kings and men, multiple jumps, the classic studies, a forced win.
const std::vector<CheckersPosition> kCheckersPositions = {
    {"B:W21-32:B1-12", 6},          {"B:W14,22,23,30:B1,9", 6},  // a jump that branches after 18
    {"B:W9,10,17,18,32:BK22,1", 5},                              // a king's round of four, either way
    {"W:WK19,K23:B12,K28", 7},                                   // First Position
    {"W:W27,30,K32:B20,21,K25", 6},                              // Second Position
    {"B:W29:B25,18,K1", 4},                                      // 18-22 leaves White no move
    {"W:W10,30:B6,K26", 5},                                      // a man crowned by a capture
};

json checkers_json(const std::string& args) {
    const auto r = ply::testing::run_ply(args);
    EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.out;
    return json::parse(r.out, nullptr, false);
}

std::string checkers_search_args(const CheckersPosition& c, const std::string& algo, int depth) {
    return "search checkers --position '" + c.fen + "' --algo " + algo + " --depth " + std::to_string(depth) +
           " --json";
}

// The value of every node is the best of its children's, negated: leaves
// as the searches score them (an end by its distance, else the evaluation).
Score checkers_negamax(Checkers& g, int depth, int ply) {
    const ply::Outcome o = g.outcome();
    if (ply::is_over(o)) return ply::terminal_score(o, ply, 0);
    if (depth == 0) return Score(g.evaluate());
    Checkers::MoveList moves;
    g.generate_moves(moves);
    Score best = -ply::kInfinity;
    for (const auto& m : moves) {
        g.make(m);
        best = std::max<Score>(best, -checkers_negamax(g, depth - 1, ply + 1));
        g.unmake(m);
    }
    return best;
}

// A child's value, searched from the child, as the parent counts it: a win
// one ply further away.
Score checkers_from_parent(Score child) {
    const Score s = -child;
    return s >= ply::kMateBound ? s - 1 : s <= -ply::kMateBound ? s + 1 : s;
}

std::vector<std::string> checkers_legal_moves(const std::string& fen) {
    const Checkers g = Checkers::from_fen(fen);
    Checkers::MoveList moves;
    g.generate_moves(moves);
    std::vector<std::string> out;
    for (const auto& m : moves) out.push_back(g.move_to_string(m));
    return out;
}

}  // namespace

TEST(CheckersAlgorithms, EverySearchAgreesOnTheValue) {
    const std::vector<std::string> exact = {"minimax", "negamax", "alphabeta", "alphabeta-hard", "pvs", "mtdf"};
    for (const CheckersPosition& c : kCheckersPositions) {
        Checkers g = Checkers::from_fen(c.fen);
        const Score truth = checkers_negamax(g, c.depth, 0);
        // Each best move reaches the value: searched again from there.
        std::map<std::string, Score> reached;
        const auto value_after = [&](const std::string& best) {
            if (!reached.contains(best)) {
                Checkers after = Checkers::from_fen(c.fen);
                after.make(after.parse_move(best));
                reached[best] = checkers_from_parent(checkers_negamax(after, c.depth - 1, 0));
            }
            return reached[best];
        };
        for (const std::string& algo : exact) {
            for (const char* iterative : {"", " --iterative"}) {
                const json r = checkers_json(checkers_search_args(c, algo, c.depth) + iterative);
                EXPECT_EQ(r.value("score", 0), truth) << c.fen << " " << algo << iterative;
                EXPECT_EQ(value_after(r.value("best", "")), truth) << c.fen << " " << algo << " " << r["best"];
            }
        }
        // Best Node Search proves the best move, its value only a lower bound.
        const json bns = checkers_json(checkers_search_args(c, "bns", c.depth));
        EXPECT_LE(bns.value("score", 0), truth) << c.fen;
        EXPECT_EQ(value_after(bns.value("best", "")), truth) << c.fen << " bns " << bns["best"];
    }
}

TEST(CheckersAlgorithms, CompareShowsTheSameValues) {
    for (const CheckersPosition& c : kCheckersPositions) {
        Checkers g = Checkers::from_fen(c.fen);
        const Score truth = checkers_negamax(g, c.depth, 0);
        const json r =
            checkers_json("compare checkers --position '" + c.fen + "' --depth " + std::to_string(c.depth) + " --json");
        ASSERT_TRUE(r.contains("rows")) << c.fen;
        EXPECT_EQ(r["rows"].size(), 6u) << r;
        for (const json& row : r["rows"]) {
            const Score value = row["value"];
            if (row["algo"] == "bns") {
                EXPECT_LE(value, truth) << c.fen;
            } else {
                EXPECT_EQ(value, truth) << c.fen << " " << row["algo"];
            }
        }
        // Alpha-beta never looks at more leaves than minimax.
        EXPECT_LE(r["rows"][2]["leaves"].get<long>(), r["rows"][0]["leaves"].get<long>()) << c.fen;
    }
}

TEST(CheckersAlgorithms, MctsReturnsALegalMove) {
    for (const CheckersPosition& c : kCheckersPositions) {
        const json r = checkers_json("search checkers --position '" + c.fen + "' --algo mcts --iterations 3000 --json");
        const auto legal = checkers_legal_moves(c.fen);
        EXPECT_NE(std::find(legal.begin(), legal.end(), r.value("best", "")), legal.end()) << c.fen << " " << r;
        for (const json& m : r["moves"])
            EXPECT_NE(std::find(legal.begin(), legal.end(), m.value("move", "")), legal.end()) << c.fen << " " << m;
        EXPECT_EQ(r["moves"].size(), legal.size()) << c.fen;
    }
    // One move of five leaves White none: proved a win (MCTS-Solver).
    const json won = checkers_json("search checkers --position B:W29:B25,18,K1 --algo mcts --iterations 3000 --json");
    EXPECT_EQ(won["best"], "18-22") << won;
    EXPECT_EQ(won["proof"], "win") << won;
}
