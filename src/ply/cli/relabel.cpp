// `ply relabel`: a training file's positions scored again by another engine
// (tools/tune/relabel.hpp), for `ply tune` to learn a stronger judge's view.
// The game: the tunable one --game names (chess unless told).
#include <cstdio>
#include <iostream>
#include <memory>

#include <ply/cli/commands.hpp>
#include <ply/cli/interrupt.hpp>
#include <ply/cli/training_file.hpp>
#include <ply/core/text_file.hpp>
#include <ply/tools/output_file.hpp>
#include <ply/tools/tune/relabel.hpp>

namespace ply::cli {

namespace {

struct RelabelCommand {
    std::string data, out;
    std::vector<std::string> engine;
    int threads = 2;
    std::size_t every = 1;
    double timeout = 60;
    std::string game = kDefaultTunableGame;
};

// A file's positions and what is written back with each: the binary record
// as read, or the text line's result.
template <TunableGame G>
struct TrainingRows {
    bool binary = false;
    std::vector<std::string> positions;
    std::vector<bool> first_to_move;
    std::vector<TrainingRecordOf<G>> records;   // binary
    std::vector<tune::TrainingResult> results;  // text
};

template <TunableGame G>
TrainingRows<G> read_rows(const std::string& path, std::size_t every) {
    const std::string bytes = read_text_file(path, "training file");
    TrainingRows<G> rows;
    rows.binary = tune::is_binary_training(bytes, Tuning<G>::kPackedSize, path);
    std::size_t index = 0;
    for_each_training_position<G>(bytes, path, [&](const G& pos, int, tune::TrainingResult result, const auto* record) {
        if (index++ % every != 0) return true;
        rows.positions.push_back(pos.position());
        rows.first_to_move.push_back(Tuning<G>::first_player_to_move(pos));
        if (record)
            rows.records.push_back(*record);
        else
            rows.results.push_back(result);
        return true;
    });
    return rows;
}

template <TunableGame G>
void run(const CLI::App& cmd, const RelabelCommand& o) {
    tune::RelabelOptions options{arena::parse_engine_config(o.engine), o.threads, o.timeout};
    if (options.engine.protocol != arena::Protocol::Uci)
        throw ParseError("--engine: only UCI engines can relabel (proto=uci)");
    const arena::Limits& limits = options.engine.limits;
    if (limits.tc || (!limits.nodes && !limits.depth && !limits.movetime))
        throw ParseError("--engine needs a fixed limit per position: nodes=, depth= or st=");
    refuse_same_files(cmd, {{"--out", o.out}, {"--engine stderr=", options.engine.stderr_path}}, {{"--data", o.data}});
    const TrainingRows<G> rows = read_rows<G>(o.data, o.every);
    OutputFile out(o.out);  // a path that cannot be written fails before the work
    const CtrlC guard;
    const auto report = [](const tune::RelabelProgress& p) {
        std::fprintf(stderr, "relabel: %zu/%zu positions, %.0f positions/s, %.0f s\n", p.done, p.total,
                     p.seconds > 0 ? static_cast<double>(p.done) / p.seconds : 0.0, p.seconds);
    };
    const auto scores = tune::relabel(rows.positions, options, *CtrlC::flag(), report);
    if (CtrlC::pressed()) {
        std::cerr << "ply relabel: interrupted; nothing written\n";
        throw CLI::RuntimeError(kInterrupted);
    }
    auto write = [&](const auto& bytes) {
        out.stream().write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    };
    if (rows.binary) write(tune::training_header(Tuning<G>::kPackedSize));
    std::size_t kept = 0;
    for (std::size_t i = 0; i < rows.positions.size(); ++i) {
        if (!scores[i]) continue;  // a mate: no score for the sigmoid
        const auto first =
            static_cast<std::int16_t>(std::clamp(rows.first_to_move[i] ? *scores[i] : -*scores[i], -32000, 32000));
        if (rows.binary) {
            auto r = rows.records[i];
            r.score = first;
            std::array<std::byte, TrainingRecordOf<G>::kSize> raw{};
            r.write(raw.data());
            write(raw);
        } else {
            out.stream() << tune::text_record(rows.positions[i], first, rows.results[i]) << '\n';
        }
        ++kept;
    }
    out.commit();
    std::cout << "positions " << rows.positions.size() << "\nrelabelled " << kept << "\nmates dropped "
              << rows.positions.size() - kept << "\n";
}

}  // namespace

void add_relabel_command(CLI::App& app) {
    auto o = std::make_shared<RelabelCommand>();
    auto* cmd = app.add_subcommand("relabel", "Score training positions again with another engine's search");
    cmd->footer(
        "Reads a `ply datagen` file (binary or text), asks a UCI engine for each position's score at a fixed\n"
        "limit (a new game for each, so a score depends on its position alone) and writes the same records\n"
        "with that score, in the same format, for `ply tune` (which fits the scores' own scale). Positions the\n"
        "engine sees a mate in are dropped. Nothing is written if it is interrupted or an engine fails twice\n"
        "on one position.\n"
        "Example: ply relabel --data games.bin --out sf.bin --engine cmd=/usr/games/stockfish nodes=3000");
    cmd->add_option("--data,-d", o->data, "The training file to read")->required();
    cmd->add_option("--out,-o", o->out, "The training file to write")->required();
    cmd->add_option("--engine", o->engine, "The engine: key=value words as for `ply match`, with nodes=, depth= or st=")
        ->required()
        ->expected(1, 64);
    cmd->add_option("--threads", o->threads, "Engines run at once")->check(CLI::Range(1, 256))->capture_default_str();
    cmd->add_option("--every", o->every, "Score every Nth position only")
        ->check(CLI::Range(std::size_t{1}, std::size_t{1000000}))
        ->capture_default_str();
    cmd->add_option("--timeout", o->timeout, "Seconds to wait for one position's score")
        ->check(finite_range(0.01, kMaxMoveSeconds))
        ->capture_default_str();
    add_tunable_game_option(*cmd, o->game);
    cmd->callback([cmd, o] { run_for_tunable_game(*cmd, o->game, [&]<class G>() { run<G>(*cmd, *o); }); });
}

}  // namespace ply::cli
