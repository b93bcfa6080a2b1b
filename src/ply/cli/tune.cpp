// `ply tune`: fits every evaluation weight to training positions
// (tools/tune/tuner.hpp) and writes the weights file the engine loads (UCI
// option EvalFile, the arena's weights=). The game: the tunable one --game
// names (chess unless told). Under mpirun every rank reads the data and
// computes its share of each sum (tune::SharedSums); rank 0 folds the shares
// as one process would, reports and writes the weights.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include <ply/cli/commands.hpp>
#include <ply/cli/ranks.hpp>
#include <ply/cli/training_file.hpp>
#include <ply/core/stopwatch.hpp>
#include <ply/core/text_file.hpp>
#include <ply/tools/output_file.hpp>
#include <ply/tools/tune/training_data.hpp>
#include <ply/tools/tune/tuner.hpp>

namespace ply::cli {

namespace {

struct TuneCommand {
    tune::TuneOptions tune;
    std::vector<std::string> data;
    std::string out, cpp, start;
    std::vector<std::string> hold;  // GROUP, GROUP:mg or GROUP:eg
    std::size_t limit = 0;          // positions read at most; 0: all
    int report_every = 50;
    double k = 0, score_k = 0;
    std::string game = kDefaultTunableGame;
};

template <TunableGame G>
void read_data(const std::string& path, std::size_t limit, std::vector<tune::TuneRow>& rows) {
    for_each_training_position<G>(
        read_text_file(path, "training file"), path,
        [&](const G& pos, int score, tune::TrainingResult result, const auto*) {
            if (limit && rows.size() >= limit) return false;
            rows.push_back({Tuning<G>::linear(pos), tune::result_value(result), static_cast<double>(score)});
            return true;
        });
}

tune::Weights as_doubles(const std::vector<WeightPair>& w) {
    tune::Weights out;
    for (const auto& p : w) out.push_back({static_cast<double>(p[0]), static_cast<double>(p[1])});
    return out;
}

std::vector<WeightPair> rounded(const tune::Weights& w) {
    std::vector<WeightPair> out;
    for (const auto& p : w) out.push_back({static_cast<int>(std::lround(p[0])), static_cast<int>(std::lround(p[1]))});
    return out;
}

// The weights' groups ("pst_knight", "passed"...): each name up to its '['.
std::map<std::string, std::vector<std::size_t>> groups_of(const std::vector<std::string>& names) {
    std::map<std::string, std::vector<std::size_t>> groups;
    for (std::size_t i = 0; i < names.size(); ++i) groups[names[i].substr(0, names[i].find('['))].push_back(i);
    return groups;
}

// What each group's tuned values alone do to the error, the others as they started.
void print_groups(std::FILE* report, const tune::Tuner& tuner, const std::vector<std::string>& names,
                  const tune::Weights& before, const tune::Weights& after) {
    const double base = tuner.validation_error(before);
    std::fprintf(report, "%-28s %7s %12s %12s\n", "group", "weights", "val. error", "change");
    for (const auto& [group, members] : groups_of(names)) {
        tune::Weights mixed = before;
        for (std::size_t i : members) mixed[i] = after[i];
        const double e = tuner.validation_error(mixed);
        std::fprintf(report, "%-28s %7zu %12.7f %+12.7f\n", group.c_str(), members.size(), e, e - base);
    }
}

// A rank's chunk parts as bytes: each chunk's count of doubles, then the doubles (the ranks share one machine type).
std::string parts_bytes(const tune::SharedSums::Parts& parts) {
    std::string out;
    for (const auto& part : parts) {
        const std::uint64_t n = part.size();
        out.append(reinterpret_cast<const char*>(&n), sizeof n);
        out.append(reinterpret_cast<const char*>(part.data()), n * sizeof(double));
    }
    return out;
}

tune::SharedSums::Parts parts_of(const std::string& bytes) {
    tune::SharedSums::Parts parts;
    for (std::size_t at = 0; at + sizeof(std::uint64_t) <= bytes.size();) {
        std::uint64_t n = 0;
        std::memcpy(&n, bytes.data() + at, sizeof n);
        at += sizeof n;
        if (n > (bytes.size() - at) / sizeof(double)) throw std::runtime_error("a cut tuning message");
        auto& part = parts.emplace_back(n);
        std::memcpy(part.data(), bytes.data() + at, n * sizeof(double));
        at += n * sizeof(double);
    }
    return parts;
}

// Under mpirun: rank r computes the chunks c with c % ranks == r; rank 0
// gathers them, folds them in chunk order and hands the sum to every rank.
void share_over_ranks(tune::Tuner& tuner, const RankPlace& place) {
    tune::SharedSums shared{place.rank, place.size, {}};
    shared.combine = [size = place.size](const tune::SharedSums::Parts& mine, const tune::SharedSums::Fold& fold) {
        const std::string sum = gather_and_answer(parts_bytes(mine), [&](const std::vector<std::string>& by_rank) {
            std::vector<tune::SharedSums::Parts> ranks;
            for (const std::string& bytes : by_rank) ranks.push_back(parts_of(bytes));
            tune::SharedSums::Parts all(mine.size());
            for (std::size_t c = 0; c < all.size(); ++c) all[c] = ranks.at(c % std::size_t(size)).at(c);
            return parts_bytes({fold(all)});
        });
        return parts_of(sum).at(0);
    };
    tuner.share(std::move(shared));
}

// --hold's words as the tuner's per-weight flags; an unknown group or half fails in one line.
std::vector<std::array<bool, 2>> held_halves(const std::vector<std::string>& words,
                                             const std::vector<std::string>& names) {
    const auto groups = groups_of(names);
    std::vector<std::array<bool, 2>> out(names.size(), {false, false});
    for (const std::string& word : words) {
        const auto colon = word.find(':');
        const std::string group = word.substr(0, colon),
                          half = colon == std::string::npos ? "" : word.substr(colon + 1);
        const auto it = groups.find(group);
        if (it == groups.end())
            throw ParseError("--hold: no weight group '" + group + "' (the groups are those tune prints)");
        if (!half.empty() && half != "mg" && half != "eg")
            throw ParseError("--hold: '" + clip(word) + "' is not GROUP, GROUP:mg or GROUP:eg");
        for (const std::size_t i : it->second) {
            if (half != "eg") out[i][0] = true;
            if (half != "mg") out[i][1] = true;
        }
    }
    return out;
}

template <TunableGame G>
void run(const TuneCommand& o) {
    const Stopwatch clock;
    std::vector<WeightPair> start = Tuning<G>::weights();
    if (!o.start.empty()) start = Tuning<G>::parse_weights(read_text_file(o.start, "weights file"));
    Tuning<G>::set_weights(start);
    const auto place = rank_place();
    const bool leader = !place || place->rank == 0;
    // The other ranks make every sum's calls as rank 0 does, saying nothing.
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> quiet(leader ? nullptr : std::fopen("/dev/null", "w"), std::fclose);
    std::FILE* report = leader ? stdout : quiet.get();
    if (!report) throw ParseError("cannot open /dev/null");
    std::optional<OutputFile> out;  // a path that cannot be written fails before the work
    if (leader) out.emplace(o.out);
    const auto hold = held_halves(o.hold, Tuning<G>::weight_names());  // so does a bad --hold
    std::vector<tune::TuneRow> rows;
    for (const std::string& path : o.data) read_data<G>(path, o.limit, rows);
    if (rows.size() < 2) throw ParseError("fewer than 2 positions to tune on");
    std::fprintf(report, "positions %zu read in %.1f s\n", rows.size(), clock.seconds());
    tune::TuneOptions options = o.tune;
    if (o.k > 0) options.k = o.k;
    if (o.score_k > 0) options.score_k = o.score_k;
    options.hold = hold;
    tune::Tuner tuner(std::move(rows), options);
    if (place) share_over_ranks(tuner, *place);
    const tune::Weights before = as_doubles(start);
    if (!options.k) tuner.set_k(tuner.fit_k(before));
    if (!options.score_k) tuner.set_score_k(tuner.fit_score_k());
    std::fprintf(report, "training %zu, validation %zu, K %.6f, score K %.6f\n", tuner.training_size(),
                 tuner.validation_size(), tuner.k(), tuner.score_k());
    std::fprintf(report, "error before: training %.7f, validation %.7f\n", tuner.training_error(before),
                 tuner.validation_error(before));
    const auto held = tuner.held(before.size());
    const auto held_count = std::count_if(held.begin(), held.end(), [](const auto& h) { return h[0] || h[1]; });
    if (options.min_positions > 0 || !o.hold.empty())
        std::fprintf(report,
                     "held at their start: %td of %zu weights (--hold, or a half counted in fewer than %zu positions, "
                     "weighted by its share)\n",
                     held_count, held.size(), options.min_positions);
    const Stopwatch tuning;
    const tune::Weights after = tuner.run(before, [&](int epoch, const tune::Weights& w) {
        if (epoch % o.report_every == 0)
            std::fprintf(report, "epoch %d: training %.7f, validation %.7f, %.3f s/epoch\n", epoch,
                         tuner.training_error(w), tuner.validation_error(w), tuning.seconds() / epoch);
        std::fflush(report);
    });
    std::fprintf(report, "error after: training %.7f, validation %.7f (%d epochs", tuner.training_error(after),
                 tuner.validation_error(after), o.tune.epochs);
    if (o.tune.epochs > 0) std::fprintf(report, ", %.3f s/epoch", tuning.seconds() / o.tune.epochs);
    std::fprintf(report, ")\n");
    print_groups(report, tuner, Tuning<G>::weight_names(), before, after);
    if (!leader) return;
    const std::vector<WeightPair> result = rounded(after);
    out->stream() << Tuning<G>::weights_text(result);
    out->commit();
    if (!o.cpp.empty()) {
        OutputFile cpp(o.cpp);
        cpp.stream() << Tuning<G>::weights_cpp(result);
        cpp.commit();
    }
    std::printf("wrote %s\n", o.out.c_str());
}

}  // namespace

void add_tune_command(CLI::App& app) {
    auto o = std::make_shared<TuneCommand>();
    auto* cmd = app.add_subcommand("tune", "Fit the evaluation's weights to training positions (Adam)");
    cmd->footer(
        "Reads `ply datagen` files (binary, or text '<FEN> | <score> | <result>'), fits K (the evaluation's\n"
        "scale) and Ks (the scores': they may come from another program), then runs Adam on the squared\n"
        "error between sigmoid(K * eval) and lambda * result + (1 - lambda) * sigmoid(Ks * score).\n"
        "Prints the error before and after and what each group of weights changed; writes a weights file\n"
        "for the engine (UCI option EvalFile) and, with --cpp, the C++ of default_weights.hpp.\n"
        "With --epochs 0 it only measures the --start weights and writes them (a weights file made the defaults:\n"
        "  ply tune --data games.bin --start tuned.txt --epochs 0 --out /dev/null --cpp body.inc).\n"
        "Example: ply tune --data games.bin --out tuned.txt --epochs 400");
    cmd->add_option("--data,-d", o->data, "Training files")->required()->expected(1, 64);
    cmd->add_option("--out,-o", o->out, "The weights file to write")->required();
    cmd->add_option("--cpp", o->cpp, "Also write the weights as C++ (default_weights.hpp's body)");
    cmd->add_option("--start", o->start, "Start from this weights file (default: the built-in weights)");
    cmd->add_option("--epochs,-e", o->tune.epochs, "Passes over the data (0: measure --start's error, write it as is)")
        ->check(CLI::Range(0, 1000000));
    cmd->add_option("--learning-rate", o->tune.learning_rate, "Adam's step")->check(finite_range(1e-6, 1000));
    cmd->add_option("--lambda", o->tune.lambda, "The game result's share of the target (the rest: the score)")
        ->check(finite_range(0, 1));
    cmd->add_option("--k", o->k, "The sigmoid's scale (default: fitted)")->check(finite_range(1e-6, 1));
    cmd->add_option("--score-k", o->score_k, "The scores' scale (default: fitted to the results)")
        ->check(finite_range(1e-6, 1));
    cmd->add_option("--validation", o->tune.validation, "Share of positions held out")->check(finite_range(0, 0.9));
    cmd->add_option("--threads", o->tune.threads, "Threads")->check(CLI::Range(1, 256));
    cmd->add_option("--seed", o->tune.seed, "Seed of the training/validation split");
    cmd->add_option("--limit", o->limit, "Read at most this many positions");
    cmd->add_option("--min-positions", o->tune.min_positions,
                    "Keep a weight half counted in fewer training positions at its start value")
        ->capture_default_str();
    cmd->add_option("--hold", o->hold, "Keep a group of weights at its start value: GROUP, GROUP:mg or GROUP:eg");
    add_tunable_game_option(*cmd, o->game);
    cmd->add_option("--report-every", o->report_every, "Epochs between progress lines")->check(CLI::Range(1, 1000000));
    cmd->callback([cmd, o] {
        std::vector<NamedFile> inputs{{"--start", o->start}};
        for (const std::string& path : o->data) inputs.push_back({"--data", path});
        refuse_same_files(*cmd, {{"--out", o->out}, {"--cpp", o->cpp}}, inputs);
        run_for_tunable_game(*cmd, o->game, [&]<class G>() { run<G>(*o); });
    });
}

}  // namespace ply::cli
