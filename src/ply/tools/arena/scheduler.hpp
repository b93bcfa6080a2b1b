// The scheduler: plans the games of a match (two engines, a gauntlet of the
// first engine against the others, or a round robin), plays them on C
// threads, each with its own engine processes and referee, keeps the score
// (pentanomial pairs with --repeat), stops on an SPRT verdict, on a crash
// without --recover, on Ctrl-C or once its time limit passes (no game
// starts after it), and writes each finished game to the PGN.
//
// Colours and openings: within a pairing, game k has the first engine White
// when k is even; with --repeat games 2j and 2j+1 share opening j (colours
// swapped), otherwise game k takes opening k (cycling through the book).
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <ply/tools/arena/adjudication.hpp>
#include <ply/tools/arena/engine_config.hpp>
#include <ply/tools/arena/game_record.hpp>
#include <ply/tools/arena/game_support.hpp>
#include <ply/tools/arena/openings.hpp>
#include <ply/tools/arena/pgn.hpp>
#include <ply/tools/arena/stats.hpp>
#include <ply/tools/output_file.hpp>

namespace ply::arena {

struct MatchSettings {
    GameSupport game;  // support_for<G>() of the game played
    std::vector<EngineConfig> engines;
    int games = 2;  // per pairing
    int concurrency = 1;
    bool repeat = false;
    bool gauntlet = false;
    std::vector<Opening> openings;  // empty: the standard start
    std::optional<SprtSettings> sprt;
    Adjudication adjudication;
    bool recover = false;
    double margin = 0.1;
    double timeout = 30;
    int max_plies = 1000;
    std::string pgn_path;     // "" = none
    std::string record_path;  // the game's own records (GameSupport::record: SGF); "" = none
    PgnHeader header;
    const std::atomic<bool>* interrupt = nullptr;  // Ctrl-C
    // Seconds after which no game starts (the games under way finish).
    std::optional<double> time_limit;
    std::function<void(const std::string&)> log;
};

struct EngineStats {
    std::string name;
    Tally tally;  // against all opponents
    std::int64_t illegal = 0, time = 0, crash = 0, stall = 0;
    // Games the rules ended whose count (GTP's final_score) the engine gave:
    // the same as the referee's, or not.
    std::int64_t scores_agreed = 0, scores_disagreed = 0;
};

struct PairingStats {
    int first = 0, second = 1;
    Tally tally;  // from the first engine's side
};

struct MatchState {
    std::int64_t planned = 0;
    std::int64_t played = 0;
    std::vector<EngineStats> engines;
    std::vector<PairingStats> pairings;
    bool pentanomial = false;
    bool interrupted = false;
    bool out_of_time = false;    // the time limit passed before every game was played
    bool engine_failed = false;  // an engine crashed or could not start, and the match stopped
    std::string stop_reason;     // why the match ended early ("" if it did not)
    std::optional<double> llr;   // SPRT of the first pairing
    std::optional<SprtVerdict> verdict;
};

using OnGame = std::function<void(const MatchState&, const GameRecord&)>;

class Match {
public:
    // Opens the PGN file (throws ParseError if it cannot be written): before any game.
    explicit Match(MatchSettings settings);
    ~Match();
    // Runs to the end; `on_game` is called (serialised) after each finished game.
    MatchState run(const OnGame& on_game = {});

    // The same match spread over processes (cli/match.cpp under mpirun), of
    // which run() is the case on threads of one: the one that keeps the
    // score hands out game numbers (next_game) and counts each game
    // (finish); any process plays a game on a lane of its own (play: each
    // lane its own engines); then each ends its part (end: engines shut
    // down, the PGN committed).
    void open_lanes(int lanes);
    std::optional<std::size_t> next_game();
    GameRecord play(int lane, std::size_t game);
    void finish(GameRecord& game, const OnGame& on_game);
    MatchState end();

private:
    struct Job {
        std::size_t index;
        int pairing;
        int game_in_pairing;
        int white, black;
        std::size_t opening;
    };
    struct Lane;
    // Whether a game may start; stops the match once the time limit has passed.
    bool may_start();
    void record(const Job& job, GameRecord& game, const OnGame& on_game);

    MatchSettings settings_;
    std::vector<Job> jobs_;
    std::atomic<std::size_t> next_{0};
    std::atomic<bool> stop_{false};
    std::chrono::steady_clock::time_point deadline_ = std::chrono::steady_clock::time_point::max();
    std::mutex mutex_;
    MatchState state_;
    std::vector<std::vector<double>> partial_pairs_;  // [pairing][pair] points of the first engine so far
    std::vector<std::vector<int>> partial_counts_;
    std::unique_ptr<OutputFile> pgn_;  // renamed into place when the match ends
    std::unique_ptr<OutputFile> records_;
    std::vector<std::unique_ptr<Lane>> lanes_;
};

}  // namespace ply::arena
