#include <ply/cli/matrix.hpp>

#include <filesystem>
#include <memory>

#include <ply/cli/commands.hpp>
#include <ply/cli/matrix_input.hpp>
#include <ply/cli/positions.hpp>
#include <ply/cli/registry.hpp>
#include <ply/core/text_file.hpp>
#include <ply/tools/output_file.hpp>
#include <ply/tools/plot/gnuplot.hpp>

namespace ply::cli {

namespace {

// Larger files are refused before reading: the largest game allowed
// (kMaxEntries numbers) fits in far less.
constexpr std::uintmax_t kMaxMatrixFileBytes = 64u << 20;

theory::MatrixGame load_matrix(const CLI::App& cmd, const MatrixOptions& opts) {
    try {
        if (opts.matrix) return parse_matrix_text(*opts.matrix);
        std::error_code error;
        const auto size = std::filesystem::file_size(*opts.file, error);
        if (!error && size > kMaxMatrixFileBytes)
            throw ParseError("the matrix file '" + *opts.file + "' is larger than 64 MB");
        return parse_matrix_text(read_text_file(*opts.file, "matrix file"));
    } catch (const ParseError& e) {
        input_error(cmd, e.what());
    }
}

void run_matrix(const CLI::App& cmd, const MatrixOptions& opts, const Registry& games) {
    const int sources = (opts.matrix ? 1 : 0) + (opts.file ? 1 : 0) + (opts.game ? 1 : 0) + (opts.tree ? 1 : 0);
    if (sources != 1) usage_error(cmd, "give one game: a matrix, --file F, --game G [--position P] or --tree T");
    if (opts.plot && opts.learn == 0) usage_error(cmd, "--plot draws the learners' exploitability: give --learn N");
    if (opts.position && !opts.game) usage_error(cmd, "--position goes with --game");
    if (opts.plot)
        refuse_same_files(cmd, {{"--plot", *opts.plot}, {"--plot's data", plot::data_path_for(*opts.plot)}},
                          {{"--file", opts.file.value_or("")}, {"--position", opts.position.value_or("")}});
    if (opts.game || opts.tree) {
        MatrixOptions o = opts;
        if (opts.tree) o.game = "tree", o.position = opts.tree;
        game_named(cmd, games, *o.game).strategic(cmd, o);
        return;
    }
    report_matrix_game(cmd, opts, load_matrix(cmd, opts), nullptr);
}

}  // namespace

void add_matrix_command(CLI::App& app, const Registry& games) {
    auto opts = std::make_shared<MatrixOptions>();
    auto* cmd =
        app.add_subcommand("matrix",
                           "A zero-sum matrix game: pure max-min and min-max, saddle points, dominance, the value and "
                           "optimal mixed strategies, fictitious play and regret matching");
    cmd->add_option("matrix", opts->matrix, "Rows for the maximiser, as JSON: \"[[0,-1,1],[1,0,-1],[-1,1,0]]\"");
    cmd->add_option("--file", opts->file, "The matrix from a file: JSON (rows, or {payoff, rows, columns}) or CSV");
    cmd->add_option("--game", opts->game, "The strategic form of a game's tree: " + games.names());
    add_position_option(*cmd, opts->position);
    cmd->add_option("--tree", opts->tree, "Short for --game tree --position T: \"((3 5 2) (4 6 1) (7 9 8))\"");
    cmd->add_option("--arithmetic", opts->arithmetic,
                    "auto (exact fractions up to 10,000 entries), float, or exact (any size)")
        ->check(CLI::IsMember({"auto", "float", "exact"}));
    cmd->add_flag("--no-lp", opts->no_lp, "Skip the linear program (for games only the learners should play)");
    cmd->add_option("--lp-seconds", opts->lp_seconds, "Give up the linear program after this long (default 300)")
        ->check(finite_range(0.001, 1e6));
    cmd->add_option("--learn", opts->learn, "Rounds of each learner (fictitious play, regret matching)")
        ->check(CLI::Range(std::size_t{1}, std::size_t{100'000'000}));
    cmd->add_option("--target", opts->target, "Stop learning once the exploitability is at most this")
        ->check(finite_range(0, 1e12));
    cmd->add_option("--learners", opts->learners, "Which: fictitious-play, regret-matching, regret-matching+")
        ->delimiter(',')
        ->check(CLI::IsMember({"fictitious-play", "regret-matching", "regret-matching+"}));
    cmd->add_option("--plot", opts->plot, "Draw the exploitability round by round (gnuplot; .svg or .png)");
    cmd->add_flag("--json", opts->json, "Print one JSON object");
    cmd->callback([cmd, opts, &games] { run_matrix(*cmd, *opts, games); });
}

}  // namespace ply::cli
