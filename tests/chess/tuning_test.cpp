// The evaluation as the tuner sees it (games/chess/tuning.hpp): every
// weight's count agrees with the evaluation's own finite difference, the
// packed positions come back as they went in, the weights file reads what it
// writes, and tuning on positions labelled by a known weight set recovers it.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <set>

#include <ply/core/error.hpp>
#include <ply/games/chess/default_weights.hpp>
#include <ply/games/chess/evaluate.hpp>
#include <ply/games/chess/tuning.hpp>
#include <ply/games/chess/weights_file.hpp>
#include <ply/tools/tune/tuner.hpp>

#include "chess/chess_test_support.hpp"
#include "support/read_file.hpp"

namespace {

using ply::ParseError;
using ply::chess::Position;
using Tuning = ply::Tuning<Position>;
namespace eval = ply::chess::eval;

// Positions from seeded random games: every phase, odd material, both sides to move.
std::vector<Position> random_positions(std::size_t count, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<Position> out;
    while (out.size() < count) {
        Position pos;
        for (int ply = 0; ply < 160 && pos.outcome() == ply::Outcome::Ongoing && out.size() < count; ++ply) {
            ply::MoveListOf<Position> moves;
            pos.generate_moves(moves);
            pos.make(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
            if (ply % 7 == 3) out.push_back(pos);
        }
    }
    return out;
}

int white_eval(const Position& pos) {
    const int v = pos.evaluate();
    return pos.side_to_move() == ply::chess::White ? v : -v;
}

ply::tune::Weights as_doubles(const std::vector<ply::WeightPair>& weights) {
    ply::tune::Weights out;
    for (const auto& p : weights) out.push_back({double(p[0]), double(p[1])});
    return out;
}

// Restores the built-in weights after a test that changes them.
struct DefaultWeightsAfter {
    ~DefaultWeightsAfter() { eval::set_weights(eval::kDefaultWeights); }
};

}  // namespace

TEST(ChessTuning, WeightsAreNumberedInDeclarationOrder) {
    eval::Weights w{};
    std::size_t count = 0;
    eval::for_each_weight(w, [&](std::string_view name, auto pairs) {
        const auto offset = static_cast<std::size_t>(reinterpret_cast<const std::byte*>(pairs.data()) -
                                                     reinterpret_cast<const std::byte*>(&w));
        EXPECT_EQ(offset, count * sizeof(eval::Pair)) << name;
        count += pairs.size();
    });
    EXPECT_EQ(count, eval::kWeightCount);
    const auto names = eval::weight_names();
    EXPECT_EQ(names.size(), eval::kWeightCount);
    EXPECT_EQ(std::set<std::string>(names.begin(), names.end()).size(), names.size());
}

// The tuner's model is only as good as the counts the evaluation reports:
// raising one weight by 40 must move the evaluation as the model says
// (count * 40 * share, or through the square for a king-danger weight).
// Not where the change turns which side the endgame scale is for (a side
// without pawns is scaled down): the model holds the scale fixed there.
TEST(ChessTuning, EveryWeightsCountAgreesWithTheEvaluationsFiniteDifference) {
    const DefaultWeightsAfter restore;
    const auto positions = random_positions(200, 7);
    std::vector<ply::LinearEval> linear;
    std::vector<int> base, scale;
    for (const auto& pos : positions) {
        eval::Trace trace;
        eval::evaluate_traced(pos, trace);
        linear.push_back(Tuning::linear(pos)), base.push_back(white_eval(pos)), scale.push_back(trace.scale);
    }
    const auto names = eval::weight_names();
    std::vector<bool> exercised(eval::kWeightCount);
    constexpr int kStep = 40;
    const auto defaults = Tuning::weights();
    std::vector<double> modelled_base;
    for (const auto& model : linear) modelled_base.push_back(ply::tune::linear_value(model, as_doubles(defaults)));
    int checked = 0, scale_turned = 0;
    for (std::size_t i = 0; i < eval::kWeightCount; ++i) {
        for (int half = 0; half < 2; ++half) {
            auto weights = defaults;
            weights[i][half] += kStep;
            Tuning::set_weights(weights);
            const auto raised = as_doubles(weights);
            for (std::size_t p = 0; p < positions.size(); ++p) {
                eval::Trace trace;
                eval::evaluate_traced(positions[p], trace);
                if (trace.scale != scale[p]) {
                    ++scale_turned;
                    continue;
                }
                ++checked;
                // The model's own change: count * step * share for a linear
                // weight, through the square for a king-danger one.
                const double predicted = ply::tune::linear_value(linear[p], raised) - modelled_base[p];
                const int actual = white_eval(positions[p]) - base[p];
                // The evaluation rounds (endgame scale, phase blend, the danger's divisions).
                ASSERT_LE(std::abs(actual - predicted), 3.0)
                    << names[i] << (half ? " eg" : " mg") << " in " << positions[p].fen();
                if (actual != 0) exercised[i] = true;
            }
        }
    }
    EXPECT_LT(scale_turned, checked / 1000);
    EXPECT_GT(std::count(exercised.begin() + eval::kDangerFirst, exercised.begin() + eval::kDangerEnd, true), 6);
    EXPECT_GE(std::count(exercised.begin() + eval::kComplexityFirst, exercised.begin() + eval::kComplexityEnd, true),
              3);
    // Most weights are seen by 200 random positions (not the rare ones: a pawn on rank 1...).
    EXPECT_GT(std::count(exercised.begin(), exercised.end(), true), 400) << "of " << eval::kWeightCount;
}

TEST(ChessTuning, TheLinearModelIsTheEvaluation) {
    const auto doubles = as_doubles(Tuning::weights());
    for (const auto& pos : random_positions(300, 11))
        EXPECT_NEAR(ply::tune::linear_value(Tuning::linear(pos), doubles), white_eval(pos), 2.0) << pos.fen();
}

TEST(ChessTuning, PackedPositionsComeBackAsTheyWent) {
    using ply::chess::testing::kKiwipete;
    std::vector<Position> positions = random_positions(500, 3);
    for (const char* fen :
         {kKiwipete, ply::chess::testing::kPosition3, ply::chess::testing::kPosition4, ply::chess::testing::kPosition5,
          "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 70", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 99 1000"})
        positions.push_back(Position::from_fen(fen));
    for (const auto& pos : positions) {
        std::array<std::byte, Tuning::kPackedSize> bytes{};
        Tuning::pack(pos, bytes);
        EXPECT_EQ(Tuning::unpack(bytes).fen(), pos.fen());
    }
}

TEST(ChessTuning, BadPackedPositionsAreRefused) {
    std::array<std::byte, Tuning::kPackedSize> bytes{};
    Tuning::pack(Position{}, bytes);
    auto with = [&](std::size_t at, std::byte value) {
        auto copy = bytes;
        copy[at] = value;
        return copy;
    };
    EXPECT_THROW(Tuning::unpack(with(8, std::byte{0x0C})), ParseError);   // piece code 12
    EXPECT_THROW(Tuning::unpack(with(24, std::byte{0x40})), ParseError);  // flags out of range
    EXPECT_THROW(Tuning::unpack(with(25, std::byte{65})), ParseError);    // no such square
    EXPECT_THROW(Tuning::unpack(with(2, std::byte{0x01})), ParseError);   // 33 pieces
    std::array<std::byte, Tuning::kPackedSize> empty{};
    EXPECT_THROW(Tuning::unpack(empty), ParseError);  // no kings
    EXPECT_THROW(
        Tuning::pack(Position::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true),
                     bytes),
        ParseError);  // Chess960
}

TEST(ChessTuning, TheWeightsFileReadsWhatItWrites) {
    auto weights = Tuning::weights();
    std::mt19937 rng(5);
    for (auto& p : weights) p = {int(rng() % 401) - 200, int(rng() % 401) - 200};
    const std::string text = Tuning::weights_text(weights);
    EXPECT_EQ(Tuning::parse_weights(text), weights);
    // A file of a few lines sets those and keeps the built-in rest.
    auto partial = Tuning::parse_weights("tempo 1 2  # comment\n\n  pst_knight[63] -3 4\n");
    auto expected = Tuning::parse_weights("");
    const auto names = Tuning::weight_names();
    const auto at = [&](const std::string& name) {
        return std::find(names.begin(), names.end(), name) - names.begin();
    };
    expected[at("tempo")] = {1, 2};
    expected[at("pst_knight[63]")] = {-3, 4};
    EXPECT_EQ(partial, expected);
}

TEST(ChessTuning, BadWeightsFilesFailOnTheirLine) {
    auto message = [](const std::string& text) {
        try {
            Tuning::parse_weights(text);
        } catch (const ParseError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_EQ(message("tempo 1\n"), "weights line 1: expected 'name mg eg', got 2 words");
    EXPECT_EQ(message("\ntempo 1 2 3\n"), "weights line 2: expected 'name mg eg', got 4 words");
    EXPECT_EQ(message("tempi 1 2\n"), "weights line 1: no weight is named 'tempi'");
    EXPECT_EQ(message("passed[8] 1 2\n"), "weights line 1: no weight is named 'passed[8]'");
    EXPECT_EQ(message("tempo 1 2\ntempo 3 4\n"), "weights line 2: 'tempo' is set twice");
    EXPECT_EQ(message("tempo x 2\n"), "weights line 1: 'x' is not a whole number from -30000 to 30000");
    EXPECT_EQ(message("tempo 1 99999\n"), "weights line 1: '99999' is not a whole number from -30000 to 30000");
    EXPECT_EQ(message("tempo 1.5 2\n"), "weights line 1: '1.5' is not a whole number from -30000 to 30000");
}

// default_weights.hpp is what `ply tune --cpp` writes for the built-in values.
TEST(ChessTuning, TheDefaultWeightsAreTheCppWriterText) {
    const std::string header =
        ply::testing::read_file(std::string(PLY_SOURCE_DIR) + "/ply/games/chess/default_weights.hpp");
    EXPECT_NE(header.find(Tuning::weights_cpp(Tuning::parse_weights(""))), std::string::npos);
}

// Positions valued by the evaluation with the built-in weights; the tuner
// starts from material alone (and a flat king danger) and must find weights
// that value them the same.
TEST(ChessTuning, TuningRecoversAKnownWeightSet) {
    const DefaultWeightsAfter restore;
    const auto positions = random_positions(4000, 21);
    std::vector<ply::tune::TuneRow> rows;
    for (const auto& pos : positions) rows.push_back({Tuning::linear(pos), 0.5, double(white_eval(pos))});
    const auto known = Tuning::weights();
    ply::tune::Weights start(known.size(), {0.0, 0.0});
    for (std::size_t t = 0; t < 6; ++t) start[t] = {double(known[t][0]), double(known[t][1])};  // material
    // A danger sum of 0 costs nothing and has no slope: its weights start a little above.
    for (std::size_t i = eval::kDangerFirst; i < eval::kDangerEnd; ++i) start[i] = {16.0, 16.0};

    ply::tune::TuneOptions options;
    options.lambda = 0;  // the score alone: the known evaluation
    options.k = 0.004;
    options.epochs = 1500;
    options.learning_rate = 2;
    options.validation = 0.2;
    ply::tune::Tuner tuner(rows, options);
    const double error_before = tuner.validation_error(start);
    const auto tuned = tuner.run(start, nullptr);
    EXPECT_LT(tuner.validation_error(tuned), error_before / 20);
    // On held-out positions the tuned values are those of the known weights, within a few centipawns.
    double total = 0;
    const auto held = random_positions(500, 99);
    for (const auto& pos : held)
        total += std::abs(ply::tune::linear_value(Tuning::linear(pos), tuned) - white_eval(pos));
    EXPECT_LT(total / held.size(), 12.0);
    // Weights that nothing else can stand in for come back near their value.
    const auto names = Tuning::weight_names();
    for (const std::string name : {"tempo", "bishop_pair"}) {
        const auto i = std::find(names.begin(), names.end(), name) - names.begin();
        EXPECT_NEAR(tuned[i][0], known[i][0], 8) << name;
    }
}
