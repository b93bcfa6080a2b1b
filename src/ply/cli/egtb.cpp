// `ply egtb`: the options and the reports; the work is compiled per game
// (egtb.hpp).
//   ply egtb build GAME --pieces N [--dir DIR] [--threads T]
//   ply egtb verify GAME [--pieces N] [--dir DIR]
//   ply egtb probe GAME POSITION [--dir DIR] [--json]
//   ply egtb info GAME [SLICE] [--dir DIR] [--json]
#include <ply/cli/egtb.hpp>

#include <chrono>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include <ply/cli/commands.hpp>
#include <ply/cli/registry.hpp>
#include <ply/cluster/farm.hpp>
#include <ply/core/text.hpp>
#include <ply/search/engine/limits.hpp>

namespace ply::cli {

std::filesystem::path egtb_folder(const EgtbOptions& o) {
    return o.dir.empty() ? std::filesystem::path("egtb") / o.game : std::filesystem::path(o.dir);
}

std::string describe_code(retro::Code code) {
    const retro::Value v = retro::decode(code);
    if (v.result == Outcome::Draw) return "draw";
    return std::string(to_string(v.result)) + " in " + std::to_string(v.plies) + (v.plies == 1 ? " ply" : " plies");
}

namespace {

std::string fixed(double x, int digits) {
    std::ostringstream s;
    s << std::fixed << std::setprecision(digits) << x;
    return s.str();
}

nlohmann::json side_json(const SliceCounts::Side& s) {
    return {{"side", s.name},
            {"won", s.won},
            {"drawn", s.drawn},
            {"lost", s.lost},
            {"longest_win", s.longest_win < 0 ? nlohmann::json(nullptr) : nlohmann::json(s.longest_win)},
            {"longest_loss", s.longest_loss < 0 ? nlohmann::json(nullptr) : nlohmann::json(s.longest_loss)}};
}

}  // namespace

void print_slice_counts(const std::vector<SliceCounts>& slices, bool json) {
    if (json) {
        nlohmann::json all = nlohmann::json::array();
        for (const auto& s : slices) {
            nlohmann::json sides = nlohmann::json::array();
            for (const auto& side : s.sides) sides.push_back(side_json(side));
            all.push_back({{"slice", s.slice}, {"positions", s.positions}, {"bytes", s.file_bytes}, {"sides", sides}});
        }
        std::cout << (slices.size() == 1 ? all.front() : all).dump() << "\n";
        return;
    }
    std::cout << std::left << std::setw(10) << "slice" << std::setw(16) << "to move" << std::right << std::setw(12)
              << "won" << std::setw(12) << "drawn" << std::setw(12) << "lost" << std::setw(14) << "longest win"
              << "\n";
    for (const auto& s : slices)
        for (const auto& side : s.sides)
            std::cout << std::left << std::setw(10) << s.slice << std::setw(16) << side.name << std::right
                      << std::setw(12) << side.won << std::setw(12) << side.drawn << std::setw(12) << side.lost
                      << std::setw(14) << (side.longest_win < 0 ? "-" : std::to_string(side.longest_win) + " plies")
                      << "\n";
}

// Each line is one write: under mpirun the ranks' standard errors merge.
void report_slice_built(const SliceBuilt& s) {
    std::ostringstream line;
    line << "[" << s.number;
    if (s.of) line << "/" << s.of;
    line << "] " << s.slice << ": ";
    if (s.was_complete && s.of) {
        line << "complete (" << s.file_bytes << " bytes)";
    } else if (!s.of) {
        line << "verified, " << s.counted << " positions";
    } else {
        line << s.counted << " positions in " << fixed(s.seconds, 2) << " s";
        if (s.seconds > 0) line << " (" << fixed(double(s.counted) / s.seconds / 1e6, 2) << " M/s)";
        if (s.counted) line << ", " << fixed(double(s.file_bytes) / double(s.counted), 3) << " bytes a position";
        if (s.ranks > 1) line << ", split over " << s.ranks << " ranks";
    }
    std::cerr << line.str() + "\n";
}

void remove_partial_files(const std::filesystem::path& folder) {
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(folder, error))
        if (entry.path().filename().string().find(".plyt.partial-") != std::string::npos)
            std::filesystem::remove(entry.path(), error);
}

namespace {

// Rank 0's order of the slices of a farm (`in[k]`; those they wait for
// are built or in it): the lowest-numbered slice whose waits are built goes
// next, so that one rank builds them as one machine would.
class SliceSchedule {
public:
    SliceSchedule(const std::vector<std::vector<std::size_t>>& waits, const std::vector<bool>& in)
        : blocking_(waits.size()), waiting_for_(waits.size()) {
        for (std::size_t k = 0; k < waits.size(); ++k) {
            if (!in[k]) continue;
            ++slices_;
            for (const std::size_t j : waits[k])
                if (in.at(j)) blocking_.at(j).push_back(k), ++waiting_for_[k];
            if (waiting_for_[k] == 0) ready_.insert(k);
        }
    }
    std::optional<std::uint64_t> next() {
        if (ready_.empty()) return std::nullopt;
        const std::size_t k = *ready_.begin();
        ready_.erase(ready_.begin());
        ++handed_;
        return k;
    }
    // Slices remain that wait for slices under way.
    [[nodiscard]] bool later() const { return handed_ < slices_; }
    void done(std::size_t k) {
        for (const std::size_t after : blocking_.at(k))
            if (--waiting_for_[after] == 0) ready_.insert(after);
    }

private:
    std::vector<std::vector<std::size_t>> blocking_;  // the slices that wait for each
    std::vector<std::size_t> waiting_for_;            // how many unbuilt slices each waits for
    std::set<std::size_t> ready_;
    std::size_t slices_ = 0, handed_ = 0;
};

std::string slice_built_json(const SliceBuilt& s) {
    return nlohmann::json{{"slice", s.slice},      {"positions", s.positions}, {"counted", s.counted},
                          {"bytes", s.file_bytes}, {"seconds", s.seconds},     {"kept", s.was_complete}}
        .dump();
}

SliceBuilt slice_built_from_json(const std::string& text) {
    const auto j = nlohmann::json::parse(text);
    SliceBuilt s;
    s.slice = j.at("slice").get<std::string>();
    s.positions = j.at("positions").get<std::uint64_t>();
    s.counted = j.at("counted").get<std::uint64_t>();
    s.file_bytes = j.at("bytes").get<std::uint64_t>();
    s.seconds = j.at("seconds").get<double>();
    s.was_complete = j.at("kept").get<bool>();
    return s;
}

// What a split slice's exchanges cost this rank, by step (PLY_CLUSTER_STATS).
struct SplitCosts {
    struct Step {
        std::uint64_t calls = 0, messages = 0, bytes = 0, most_bytes = 0;
    };
    std::map<std::string, Step> steps;

    void report(int rank, const std::string& slice, double seconds) const {
        std::ostringstream line;
        line << "ply cluster: rank " << rank << " split " << slice << " in " << fixed(seconds, 2) << " s:";
        for (const auto& [what, s] : steps)
            line << " " << what << " " << s.calls << " exchanges, " << s.messages << " messages, " << s.bytes
                 << " bytes (at most " << s.most_bytes << " in one);";
        std::cerr << line.str() + "\n";
    }
};

// The whole slices that wait for no split slice still to build: `in`.
std::vector<bool> farm_slices(const std::vector<std::vector<std::size_t>>& waits, const std::vector<bool>& split,
                              const std::vector<bool>& built) {
    std::vector<bool> in(waits.size());
    for (std::size_t k = 0; k < waits.size(); ++k)
        in[k] = !built[k] && !split[k] &&
                std::ranges::all_of(waits[k], [&](std::size_t j) { return built.at(j) || in.at(j); });
    return in;
}

// Every rank builds slice k at once, each its part; rank 0 reports it.
SliceBuilt build_split(cluster::World& world, std::size_t k,
                       const std::function<SliceBuilt(std::size_t, const retro::SplitBuild&)>& build) {
    SplitCosts costs;
    retro::SplitBuild split;
    split.part = world.rank();
    split.parts = world.size();
    split.exchange = [&](const char* what, std::vector<std::string> out) {
        const std::uint64_t messages = world.messages_sent(), bytes = world.bytes_sent();
        std::vector<std::string> in = world.exchange(std::move(out));
        auto& step = costs.steps[what];
        ++step.calls;
        step.messages += world.messages_sent() - messages;
        step.bytes += world.bytes_sent() - bytes;
        step.most_bytes = std::max(step.most_bytes, world.bytes_sent() - bytes);
        return in;
    };
    const auto start = std::chrono::steady_clock::now();
    SliceBuilt done;
    try {
        done = build(k, split);
    } catch (const std::exception& e) {  // the other ranks wait in an exchange: end them all
        std::cerr << "ply: rank " + std::to_string(world.rank()) + " of " + std::to_string(world.size()) + ": " +
                         e.what() + "\n";
        world.abort(1);
    }
    if (std::getenv("PLY_CLUSTER_STATS") && costs.steps.contains("level"))  // built, not kept
        costs.report(world.rank(), done.slice,
                     std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    return done;
}

}  // namespace

bool build_on_ranks(const std::filesystem::path& folder, const std::vector<std::vector<std::size_t>>& waits,
                    const std::vector<bool>& split,
                    const std::function<SliceBuilt(std::size_t, const retro::SplitBuild&)>& build) {
    cluster::World* world = cluster::World::get();
    if (!world) return false;
    // Before any slice is handed out: another rank's write would be removed.
    if (world->rank() == 0) remove_partial_files(folder);
    std::vector<bool> built(waits.size());
    std::size_t reported = 0;
    const auto report = [&](SliceBuilt s) {
        s.number = ++reported;
        s.of = waits.size();
        report_slice_built(s);
    };
    // Farms of whole slices, each until only split slices are ready; then
    // the lowest-numbered of those, split. Every rank reckons the same sets.
    for (;;) {
        const std::vector<bool> in = farm_slices(waits, split, built);
        if (std::ranges::find(in, true) != in.end()) {
            SliceSchedule schedule(waits, in);
            cluster::Farm farm;
            farm.next = [&] { return schedule.next(); };
            farm.later = [&] { return schedule.later(); };
            farm.work = [&](int, std::uint64_t k) { return slice_built_json(build(std::size_t(k), {})); };
            farm.done = [&](std::uint64_t k, const std::string& result) {
                schedule.done(std::size_t(k));
                report(slice_built_from_json(result));
            };
            cluster::run_farm(*world, farm, 1);
            for (std::size_t k = 0; k < in.size(); ++k) built[k] = built[k] || in[k];
        }
        std::size_t k = 0;
        while (k < waits.size() &&
               (built[k] || !std::ranges::all_of(waits[k], [&](std::size_t j) { return bool(built[j]); })))
            ++k;
        if (k == waits.size()) break;
        const SliceBuilt done = build_split(*world, k, build);
        if (world->rank() == 0) report(done);
        built[k] = true;
    }
    return true;
}

void report_progress(const std::string& slice, const char* phase, double done) {
    // Every two seconds at most: small slices take less than that in all.
    using Clock = std::chrono::steady_clock;
    static Clock::time_point last{};
    const auto now = Clock::now();
    if (now - last < std::chrono::seconds(2)) return;
    last = now;
    std::string line = "  " + slice + ": " + phase;
    if (done > 0) line += " " + fixed(100 * done, 0) + "%";
    std::cerr << line + "\n";
}

void print_probe(const ProbeAnswer& a, bool json) {
    if (json) {
        nlohmann::json j = {{"position", a.position},
                            {"slice", a.slice.empty() ? nlohmann::json(nullptr) : nlohmann::json(a.slice)}};
        if (a.value) {
            j["result"] = std::string(to_string(a.value->result));
            j["plies"] = a.value->plies;
            j["best_moves"] = a.best_moves;
            j["pv"] = a.pv;
        } else {
            j["result"] = "unknown";
        }
        std::cout << j.dump() << "\n";
        return;
    }
    std::cout << a.board;
    if (!a.value) return;
    std::cout << "slice:      " << a.slice << "\n"
              << "result:     database " << describe_code(retro::encode(*a.value)) << " for the side to move\n"
              << "best moves: " << (a.best_moves.empty() ? "(none: the game is over)" : join(a.best_moves)) << "\n";
    if (!a.pv.empty()) std::cout << "pv:         " << join(a.pv) << "\n";
}

void add_egtb_command(CLI::App& app, const Registry& games) {
    auto opts = std::make_shared<EgtbOptions>();
    auto* cmd = app.add_subcommand("egtb", "Endgame databases by retrograde analysis: build, verify, probe, info");
    cmd->footer(
        "Examples:\n"
        "  ply egtb build chess --pieces 4\n"
        "  ply egtb build checkers --for 'W:W27,30,K32:B20,21,K25' --threads 2\n"
        "  ply egtb probe chess '8/8/8/8/8/2k5/8/KQ6 w - - 0 1'\n"
        "  ply egtb info checkers 2Kv1K --json\n"
        "Tables go to egtb/<game> unless --dir names a folder. A build stopped at any point resumes\n"
        "when run again: each slice's file is either complete and checked, or built again.");
    cmd->require_subcommand(1);
    auto add_common = [&](CLI::App* sub) {
        sub->add_option("game", opts->game, "Game: " + games.names())->required();
        sub->add_option("--dir", opts->dir, "The tables' folder (default egtb/<game>)");
    };
    auto* build = cmd->add_subcommand("build", "Build every slice of at most N pieces, in dependency order");
    add_common(build);
    build->add_option("--pieces", opts->pieces, "Pieces on the board, kings included")->check(CLI::Range(1, 8));
    build->add_option("--for", opts->for_position, "Only the slices this position leads into");
    build->add_option("--threads", opts->threads, "Threads")->check(CLI::Range(1, engine::kMaxThreads));
    build->add_option("--split-above", opts->split_above,
                      "Under mpirun: a slice of more than N indices is built by every rank at once, split by "
                      "index range (default 0: none)");
    auto* verify = cmd->add_subcommand("verify", "Check every stored value against one ply over its moves");
    add_common(verify);
    verify->add_option("--pieces", opts->pieces, "Only slices of at most N pieces")->check(CLI::Range(1, 8));
    auto* probe = cmd->add_subcommand("probe", "The database value of a position and the moves that keep it");
    add_common(probe);
    probe->add_option("position", opts->target, "The position (the game's notation: FEN for chess and checkers)")
        ->required();
    probe->add_flag("--json", opts->json, "Print one JSON object");
    auto* info = cmd->add_subcommand("info", "Won, drawn and lost positions per slice and side to move");
    add_common(info);
    info->add_option("slice", opts->target, "One slice (chess: KQvK; default: every table present)");
    info->add_flag("--json", opts->json, "Print JSON");
    for (auto* sub : {build, verify, probe, info}) {
        sub->callback([sub, opts, &games] {
            opts->action = sub->get_name();
            const auto& game = game_named(*sub, games, opts->game);
            if (!game.egtb) usage_error(*sub, opts->game + " has no endgame databases");
            game.egtb(*sub, *opts);
        });
    }
}

}  // namespace ply::cli
