#include <ply/tools/arena/scheduler.hpp>

#include <cmath>
#include <cstdio>
#include <map>
#include <thread>

#include <ply/core/threads.hpp>
#include <ply/tools/arena/game_runner.hpp>
#include <ply/tools/arena/referee.hpp>

namespace ply::arena {

Match::Match(MatchSettings settings) : settings_(std::move(settings)) {
    const int n = int(settings_.engines.size());
    for (const auto& e : settings_.engines) state_.engines.push_back(EngineStats{e.name, {}, 0, 0, 0, 0});
    for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; ++b)
            if (!settings_.gauntlet || a == 0) state_.pairings.push_back(PairingStats{a, b, {}});
    state_.pentanomial = settings_.repeat;
    const std::size_t book = settings_.openings.empty() ? 1 : settings_.openings.size();
    // Round by round, so that every pairing progresses together.
    for (int k = 0; k < settings_.games; ++k) {
        for (int p = 0; p < int(state_.pairings.size()); ++p) {
            const auto& pair = state_.pairings[std::size_t(p)];
            const bool first_white = k % 2 == 0;
            const std::size_t opening = std::size_t(settings_.repeat ? k / 2 : k) % book;
            jobs_.push_back(Job{jobs_.size(), p, k, first_white ? pair.first : pair.second,
                                first_white ? pair.second : pair.first, opening});
        }
    }
    state_.planned = std::int64_t(jobs_.size());
    partial_pairs_.assign(state_.pairings.size(), std::vector<double>(std::size_t(settings_.games + 1) / 2, 0.0));
    partial_counts_.assign(state_.pairings.size(), std::vector<int>(std::size_t(settings_.games + 1) / 2, 0));
    if (!settings_.pgn_path.empty()) pgn_ = std::make_unique<OutputFile>(settings_.pgn_path);
    if (!settings_.record_path.empty() && settings_.game.record)
        records_ = std::make_unique<OutputFile>(settings_.record_path);
}

// One thread's engines and referee: a game's engines keep running for the next game of the lane.
struct Match::Lane {
    std::map<int, std::unique_ptr<Player>> players;
    std::unique_ptr<Referee> referee;
};

Match::~Match() = default;

MatchState Match::run(const OnGame& on_game) {
    const int threads = std::max(1, std::min<int>(settings_.concurrency, int(jobs_.size())));
    open_lanes(threads);
    auto worker = [this, &on_game](int lane) {
        while (const auto i = next_game()) {
            GameRecord g = play(lane, *i);
            finish(g, on_game);
        }
    };
    std::vector<std::thread> pool;
    // As many games at once as the system gives threads for; with none, one at a time here.
    if (start_threads(pool, 0, threads, worker) == 0) worker(0);
    for (auto& t : pool) t.join();
    return end();
}

void Match::open_lanes(int lanes) {
    if (settings_.time_limit)
        deadline_ = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                           std::chrono::duration<double>(*settings_.time_limit));
    for (int i = 0; i < lanes; ++i) {
        lanes_.push_back(std::make_unique<Lane>());
        lanes_.back()->referee = settings_.game.make_referee();
    }
}

std::optional<std::size_t> Match::next_game() {
    if (!may_start()) return std::nullopt;
    const std::size_t i = next_.fetch_add(1);
    if (i >= jobs_.size()) return std::nullopt;
    return i;
}

MatchState Match::end() {
    for (auto& lane : lanes_)
        for (auto& [e, p] : lane->players) p->shut_down();
    if (settings_.interrupt && settings_.interrupt->load()) {
        state_.interrupted = true;
        if (state_.stop_reason.empty()) state_.stop_reason = "interrupted";
    }
    if (pgn_) pgn_->commit();  // every game in it is whole, an interrupted match's too
    if (records_) records_->commit();
    return state_;
}

GameRecord Match::play(int lane, std::size_t game) {
    auto& players = lanes_.at(std::size_t(lane))->players;
    GameSettings gs;
    gs.margin = settings_.margin;
    gs.adjudication = settings_.adjudication;
    gs.max_plies = settings_.max_plies;
    gs.interrupt = settings_.interrupt;
    gs.log = settings_.log;
    gs.score = settings_.game.gtp_score;

    // The engine ready to play, started or restarted as needed; "" or why not.
    auto ready = [&](int e) -> std::string {
        auto& p = players[e];
        if (!p) p = make_player(settings_.engines[std::size_t(e)], settings_.game);
        if (p->healthy()) return {};
        return p->start();
    };

    const Job& job = jobs_.at(game);
    GameRecord g;
    g.index = job.index;
    g.game = settings_.game.name;
    g.white_engine = job.white;
    g.black_engine = job.black;
    g.white = settings_.engines[std::size_t(job.white)].name;
    g.black = settings_.engines[std::size_t(job.black)].name;
    const Opening opening = settings_.openings.empty() ? Opening{} : settings_.openings[job.opening];
    const auto& wc = settings_.engines[std::size_t(job.white)];
    const auto& bc = settings_.engines[std::size_t(job.black)];
    gs.white_limits = wc.limits;
    gs.black_limits = bc.limits;
    gs.timeout =
        std::max(wc.timeout > 0 ? wc.timeout : settings_.timeout, bc.timeout > 0 ? bc.timeout : settings_.timeout);

    std::string failed;
    int failed_side = -1;
    for (int side = 0; side < 2 && failed.empty(); ++side) {
        failed = ready(side == 0 ? job.white : job.black);
        if (!failed.empty()) failed_side = side;
    }
    if (!failed.empty()) {
        // The engine cannot even start: it forfeits the game.
        g.result = failed_side == 0 ? "0-1" : "1-0";
        g.termination = "abandoned";
        g.reason = (failed_side == 0 ? g.white : g.black) + " cannot start: " + failed;
        g.flaw = Flaw::Crash;
        g.flawed_side = failed_side;
        g.time_control = wc.limits.to_string();
        if (settings_.log) settings_.log("game " + std::to_string(g.index + 1) + ": " + g.reason);
        return g;
    }
    try {
        play_game(*players[job.white], *players[job.black], *lanes_[std::size_t(lane)]->referee, opening, gs, g);
    } catch (const std::exception& e) {
        g.result = "*";
        g.reason = std::string("arena error: ") + e.what();
        if (settings_.log) settings_.log("game " + std::to_string(g.index + 1) + ": " + g.reason);
    }
    return g;
}

void Match::finish(GameRecord& g, const OnGame& on_game) {
    if (g.flaw == Flaw::Crash && !settings_.recover) {
        stop_ = true;
        std::lock_guard lock(mutex_);
        state_.engine_failed = true;
        const std::string& name = g.flawed_side == 0 ? g.white : g.black;
        const bool never_started = g.reason.rfind(name + " cannot start: ", 0) == 0;
        if (state_.stop_reason.empty())
            state_.stop_reason =
                never_started ? g.reason : name + " crashed (--recover restarts crashed engines and goes on)";
    }
    record(jobs_.at(g.index), g, on_game);
}

bool Match::may_start() {
    if (stop_.load() || (settings_.interrupt && settings_.interrupt->load())) return false;
    if (std::chrono::steady_clock::now() < deadline_) return true;
    std::lock_guard lock(mutex_);
    if (next_.load() < jobs_.size() && !stop_.exchange(true)) {
        state_.out_of_time = true;
        char reason[64];
        std::snprintf(reason, sizeof reason, "time limit of %g s", *settings_.time_limit);
        if (state_.stop_reason.empty()) state_.stop_reason = reason;
    }
    return false;
}

void Match::record(const Job& job, GameRecord& g, const OnGame& on_game) {
    std::lock_guard lock(mutex_);
    if (!g.finished()) return;  // interrupted: not counted, not written
    auto& pairing = state_.pairings[std::size_t(job.pairing)];
    const int first_side = g.white_engine == pairing.first ? 0 : 1;
    const double first_points = g.points(first_side);
    auto add = [](Tally& t, double points) {
        if (points == 1)
            ++t.wins;
        else if (points == 0)
            ++t.losses;
        else
            ++t.draws;
    };
    add(pairing.tally, first_points);
    add(state_.engines[std::size_t(pairing.first)].tally, first_points);
    add(state_.engines[std::size_t(pairing.second)].tally, 1 - first_points);
    if (settings_.repeat) {
        const std::size_t pair = std::size_t(job.game_in_pairing / 2);
        auto& points = partial_pairs_[std::size_t(job.pairing)][pair];
        auto& count = partial_counts_[std::size_t(job.pairing)][pair];
        points += first_points;
        if (++count == 2) {
            const auto slot = std::size_t(std::lround(points * 2));
            ++pairing.tally.pairs[slot];
            ++state_.engines[std::size_t(pairing.first)].tally.pairs[slot];
            ++state_.engines[std::size_t(pairing.second)].tally.pairs[4 - slot];
        }
    }
    if (g.flaw != Flaw::None) {
        auto& e = state_.engines[std::size_t(g.flawed_side == 0 ? g.white_engine : g.black_engine)];
        switch (g.flaw) {
            case Flaw::Illegal:
                ++e.illegal;
                break;
            case Flaw::Time:
                ++e.time;
                break;
            case Flaw::Crash:
                ++e.crash;
                break;
            case Flaw::Stall:
                ++e.stall;
                break;
            case Flaw::None:
                break;
        }
    }
    for (const auto& check : g.score_checks) {
        auto& e = state_.engines[std::size_t(check.side == 0 ? g.white_engine : g.black_engine)];
        ++(check.agrees ? e.scores_agreed : e.scores_disagreed);
    }
    ++state_.played;
    if (settings_.sprt && !state_.pairings.empty()) {
        const auto& t = state_.pairings.front().tally;
        state_.llr = sprt_llr(t, *settings_.sprt, state_.pentanomial);
        state_.verdict = sprt_verdict(*state_.llr, *settings_.sprt);
        if (*state_.verdict != SprtVerdict::Continue && !stop_.exchange(true))
            state_.stop_reason = "SPRT: " + to_string(*state_.verdict);
    }
    if (pgn_) write_pgn(pgn_->stream(), g, settings_.header);
    if (records_) {
        try {
            records_->stream() << settings_.game.record(g);
        } catch (const std::exception& e) {  // a record the game cannot read back: the match goes on
            if (settings_.log) settings_.log("game " + std::to_string(g.index + 1) + ": no SGF record: " + e.what());
        }
    }
    if (on_game) on_game(state_, g);
}

}  // namespace ply::arena
