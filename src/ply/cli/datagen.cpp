// `ply datagen`: training positions for `ply tune` from Ply's own games at a
// fixed node budget (tools/tune/datagen.hpp), for the tunable game --game
// names (chess unless told).
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>

#include <ply/cli/commands.hpp>
#include <ply/cli/interrupt.hpp>
#include <ply/cli/tunable_game.hpp>
#include <ply/core/text_file.hpp>
#include <ply/tools/arena/game_referee.hpp>
#include <ply/tools/arena/openings.hpp>
#include <ply/tools/output_file.hpp>
#include <ply/tools/tune/datagen.hpp>

namespace ply::cli {

namespace {

struct DatagenCommand {
    tune::DatagenOptions run;
    std::string book;
    std::string export_text;
    std::string game = kDefaultTunableGame;
};

template <TunableGame G>
void export_text(const std::string& from, const std::string& to) {
    const std::string bytes = read_text_file(from, "training file");
    if (!tune::is_binary_training(bytes, Tuning<G>::kPackedSize, from))
        throw ParseError("'" + from + "' is not a training file of Ply's");
    OutputFile out(to);
    std::size_t count = 0;
    tune::for_each_record<Tuning<G>::kPackedSize>(bytes, from, [&](const auto& r) {
        out.stream() << tune::text_record(Tuning<G>::unpack(std::span(r.position)).position(), r.score, r.result)
                     << '\n';
        return ++count, true;
    });
    out.commit();
    std::cerr << "ply datagen: wrote " << count << " positions to " << to << "\n";
}

template <TunableGame G>
void run(const DatagenCommand& o) {
    if (!o.export_text.empty()) return export_text<G>(o.run.out, o.export_text);
    std::vector<tune::DatagenOpening> openings;
    if (!o.book.empty()) {
        auto referee = arena::make_referee<G>();
        for (auto& op : arena::load_openings(o.book, *referee)) openings.push_back({op.position, op.moves});
        if (openings.empty()) throw ParseError("the book '" + o.book + "' holds no opening");
    }
    tune::Datagen<G> datagen(o.run, std::move(openings));
    const CtrlC guard;
    double last = -10;
    const auto report = [&](const tune::DatagenProgress& p) {
        if (p.seconds - last < 5 && p.games_done < p.games_total) return;
        last = p.seconds;
        std::fprintf(stderr, "datagen: %u/%u games, %llu positions in the file, %.0f positions/s, %.0f s\n",
                     p.games_done, p.games_total, static_cast<unsigned long long>(p.positions),
                     p.seconds > 0 ? static_cast<double>(p.positions_this_run) / p.seconds : 0.0, p.seconds);
    };
    const tune::DatagenProgress done = datagen.run(*CtrlC::flag(), report);
    std::cout << "games " << done.games_done << "\npositions " << done.positions << "\nnew positions "
              << done.positions_this_run << "\nseconds " << done.seconds << "\n";
    if (CtrlC::pressed()) {
        std::cerr << "ply datagen: interrupted; run the same command again to resume\n";
        throw CLI::RuntimeError(kInterrupted);
    }
}

}  // namespace

void add_datagen_command(CLI::App& app) {
    auto o = std::make_shared<DatagenCommand>();
    auto* cmd = app.add_subcommand("datagen", "Play the engine against itself for positions to tune the evaluation");
    cmd->footer(
        "Chess games at a fixed node budget per move, from the book's openings in turn (or the start) plus\n"
        "random plies, two at a time by default. Kept: positions not in check whose best move is quiet and\n"
        "whose score is no mate, with the search's score and the game's result, in a compact binary file.\n"
        "Run the same command again (more --games, other --threads) to resume an interrupted file; other\n"
        "--nodes, --seed, --random-plies, --hash or --book are refused. --export writes it as text\n"
        "('<FEN> | <score for White> | <result for White>').\n"
        "Example: ply datagen --out games.bin --games 2000 --nodes 5000 --book 8moves_v3.pgn");
    cmd->add_option("--out,-o", o->run.out, "The binary file to write or resume")->required();
    cmd->add_option("--games,-g", o->run.games, "Games in the file when done")->check(CLI::Range(1u, 100000000u));
    cmd->add_option("--nodes,-n", o->run.nodes, "Nodes per move")->check(CLI::Range(100ull, 1000000000ull));
    cmd->add_option("--threads", o->run.threads, "Games played at once")->check(CLI::Range(1, 256));
    cmd->add_option("--random-plies", o->run.random_plies, "Random plies after the opening")->check(CLI::Range(0, 40));
    cmd->add_option("--book", o->book, "Openings: PGN or one position a line");
    cmd->add_option("--seed", o->run.seed, "Seed of the random plies");
    cmd->add_option("--hash", o->run.hash_mb, "Hash in MB per game played")->check(CLI::Range(1, 4096));
    add_tunable_game_option(*cmd, o->game);
    cmd->add_option("--export", o->export_text, "Write --out's positions as text to this file; play no games");
    cmd->callback([cmd, o] {
        // --out is read too, to resume it or to --export it: it may be neither of the others.
        refuse_same_files(*cmd, {{"--out", o->run.out}, {"--export", o->export_text}}, {{"--book", o->book}});
        run_for_tunable_game(*cmd, o->game, [&]<class G>() { run<G>(*o); });
    });
}

}  // namespace ply::cli
