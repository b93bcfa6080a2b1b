// `ply patterns fit`: the gammas of a game's move features fitted to game
// records by minorization-maximization (core/bradley_terry.hpp), with the
// prediction rate on held-out games, written as a C++ header the game is
// compiled with. The games whose features can be fitted: Go
// (games/go/features.hpp, records by bench/go-records).
#include <fstream>
#include <iostream>
#include <memory>
#include <string>

#include <ply/cli/commands.hpp>
#include <ply/core/bradley_terry.hpp>
#include <ply/core/error.hpp>
#include <ply/registry/builtin_games.hpp>
#include <ply/tools/output_file.hpp>

namespace ply::cli {

namespace {

template <class G>
concept FeatureFitGame = requires(std::istream& in, std::ostream& out, const bt::RecordFitOptions& o) {
    G::fit_move_features(in, std::string(), o, out, &out);
};

struct PatternOptions {
    std::string records;
    std::string out;
    bt::RecordFitOptions fit;
};

void run_fit(const CLI::App& cmd, const PatternOptions& o) {
    std::ifstream in(o.records);
    if (!in) input_error(cmd, "cannot read '" + o.records + "'");
    try {
        std::unique_ptr<OutputFile> out;
        if (!o.out.empty()) {
            refuse_same_files(cmd, {{"--out", o.out}}, {{"records", o.records}});
            out = std::make_unique<OutputFile>(o.out);
        }
        bool ran = false;
        registry::BuiltinGames::for_each([&]<class G>(std::type_identity<G>) {
            if constexpr (FeatureFitGame<G>) {
                if (ran) return;
                G::fit_move_features(in, o.records, o.fit, std::cout, out ? &out->stream() : nullptr);
                ran = true;
            }
        });
        if (out) {
            out->commit();
            std::cout << "wrote " << o.out << "\n";
        }
    } catch (const ParseError& e) {
        input_error(cmd, o.records + ": " + e.what());
    }
}

}  // namespace

void add_patterns_command(CLI::App& app) {
    auto* cmd = app.add_subcommand("patterns", "Move features (Go): fit their gammas to game records");
    cmd->require_subcommand(1);
    auto o = std::make_shared<PatternOptions>();
    auto* fit = cmd->add_subcommand("fit",
                                    "Fit Go's move-feature gammas by minorization-maximization (Coulom 2007) to "
                                    "records (bench/go-records) and report the prediction rate on held-out games");
    fit->add_option("records", o->records, "The records: 'size komi random-plies moves...' a line")->required();
    fit->add_option("--out", o->out,
                    "Write the gammas as the C++ header the game is compiled with (Go: learned_weights.hpp)");
    fit->add_option("--holdout", o->fit.holdout, "The share of games (the last ones) held out (default 0.1)")
        ->check(finite_range(0, 0.9));
    fit->add_option("--iterations", o->fit.iterations, "Most MM passes over the features (default 30)")
        ->check(CLI::Range(1, 1000));
    fit->add_option("--games", o->fit.max_games, "Use only the first N games");
    fit->callback([fit, o] { run_fit(*fit, *o); });
}

}  // namespace ply::cli
