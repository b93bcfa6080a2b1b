// `ply datagen`: training positions for `ply tune` from Ply's own games at a
// fixed node budget (tools/tune/datagen.hpp), for the tunable game --game
// names (chess unless told).
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <vector>

#include <ply/cli/commands.hpp>
#include <ply/cli/interrupt.hpp>
#include <ply/cli/tunable_game.hpp>
#include <ply/cluster/farm.hpp>
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

// Under mpirun: rank 0 keeps the file and hands out the games it misses
// (claim, write: tune::Datagen::run's); every rank plays them on --threads
// lanes. A game depends only on its number and the seed, so the file holds
// the games one machine's would, perhaps in another order.
template <TunableGame G>
void play_on_ranks(cluster::World& world, const tune::Datagen<G>& datagen, const tune::DatagenOptions& o,
                   const typename tune::Datagen<G>::Claim& claim, const typename tune::Datagen<G>::Write& write) {
    static const std::atomic<bool> never{false};  // mpirun stops the ranks themselves
    const int lanes = std::max(1, o.threads);
    std::vector<std::unique_ptr<engine::Engine<G>>> engines(static_cast<std::size_t>(lanes));
    cluster::Farm farm;
    farm.next = [&]() -> std::optional<std::uint64_t> {
        if (const auto game = claim()) return *game;
        return std::nullopt;
    };
    farm.work = [&](int lane, std::uint64_t game) {
        auto& engine = engines.at(std::size_t(lane));
        if (!engine) engine = std::make_unique<engine::Engine<G>>(o.hash_mb);
        return datagen.game_bytes(*engine, std::uint32_t(game), never);
    };
    farm.done = [&](std::uint64_t, const std::string& bytes) { write(bytes); };
    cluster::run_farm(world, farm, lanes);
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
    cluster::World* world = cluster::World::get();
    if (world && world->rank() != 0) return play_on_ranks<G>(*world, datagen, o.run, {}, {});
    std::optional<CtrlC> guard;  // under mpirun, rank 0 keeps the launcher's SIGTERM
    if (!world) guard.emplace();
    double last = -10;
    const auto report = [&](const tune::DatagenProgress& p) {
        if (p.seconds - last < 5 && p.games_done < p.games_total) return;
        last = p.seconds;
        std::fprintf(stderr, "datagen: %u/%u games, %llu positions in the file, %.0f positions/s, %.0f s\n",
                     p.games_done, p.games_total, static_cast<unsigned long long>(p.positions),
                     p.seconds > 0 ? static_cast<double>(p.positions_this_run) / p.seconds : 0.0, p.seconds);
    };
    typename tune::Datagen<G>::Games on_ranks;
    if (world)
        on_ranks = [&](const auto& claim, const auto& write) {
            play_on_ranks<G>(*world, datagen, o.run, claim, write);
        };
    tune::DatagenProgress done;
    try {
        done = datagen.run(*CtrlC::flag(), report, on_ranks);
    } catch (const std::exception& e) {
        if (!world) throw;
        // The other ranks wait for games: the job ends here.
        std::cerr << "ply datagen: " << e.what() << "\n";
        world->abort(1);
    }
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
