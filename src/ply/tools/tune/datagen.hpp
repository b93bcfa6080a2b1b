// `ply datagen`: positions for tuning from Ply's own games. Each game starts
// from an opening (a book's, in turn, or the start) plus a few random plies,
// and the engine plays both sides at a fixed node budget, so a game depends
// only on its number and the seed, not on the machine or the thread that
// plays it. Kept: positions not in check whose best move is quiet and whose
// score is no mate, each with the search's score and the game's result.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <ply/core/error.hpp>
#include <ply/core/threads.hpp>
#include <ply/core/tuning.hpp>
#include <ply/search/engine/engine.hpp>
#include <ply/tools/tune/training_data.hpp>

namespace ply::tune {

struct DatagenOptions {
    std::string out;
    std::uint32_t games = 1000;  // in the file, resumed ones included
    std::uint64_t nodes = 5000;  // per move
    int threads = 2;             // games played at once, one search thread each
    int random_plies = 4;        // after the opening
    std::uint64_t seed = 1;
    std::size_t hash_mb = 16;  // per game being played
    // Adjudication: a side this far ahead for this many plies has won; a
    // game this long is drawn.
    int win_score = 2000;
    int win_plies = 6;
    int max_plies = 400;
};

struct DatagenProgress {
    std::uint32_t games_done = 0, games_total = 0;
    std::uint64_t positions = 0;  // in the file
    std::uint64_t positions_this_run = 0;
    double seconds = 0;
};

// An opening as the arena reads it: a position ("" = the start) and moves.
struct DatagenOpening {
    std::string position;
    std::vector<std::string> moves;
};

// What changes the games played, as a header's nonzero fingerprint: a file
// is resumed only with the same.
std::uint32_t datagen_fingerprint(const DatagenOptions& options, const std::vector<DatagenOpening>& openings);

// What a file already holds, for resuming. Its last game, perhaps cut short
// by a crash, is removed to be played again; the games below `games` still
// missing are those not `done`. Throws ParseError for a file that is not
// Ply's training data or was made with other settings.
struct ExistingData {
    std::uint64_t records = 0;
    std::vector<bool> done;  // by game number, up to `games`
};
ExistingData prepare_training_file(const std::string& path, std::size_t packed_size, std::uint32_t fingerprint,
                                   std::uint32_t games);

template <TunableGame G>
class Datagen {
public:
    using Record = TrainingRecord<Tuning<G>::kPackedSize>;
    using Move = typename G::Move;

    Datagen(DatagenOptions options, std::vector<DatagenOpening> openings)
        : options_(std::move(options)), openings_(std::move(openings)) {}

    // How the missing games are played: `claim` gives the next one's number
    // (none: every game is handed out), `write` takes a game's records as
    // game_bytes() makes them, from one thread at a time. The default plays
    // them here, on options.threads threads; `ply datagen` under mpirun, on
    // every rank.
    using Claim = std::function<std::optional<std::uint32_t>()>;
    using Write = std::function<void(const std::string& bytes)>;
    using Games = std::function<void(const Claim& claim, const Write& write)>;

    // Plays games until the file holds options.games of them (or *stop);
    // calls `progress` after each game, from the thread that wrote it.
    DatagenProgress run(const std::atomic<bool>& stop, const std::function<void(const DatagenProgress&)>& progress,
                        const Games& games = {}) {
        const ExistingData existing = prepare_training_file(options_.out, Tuning<G>::kPackedSize,
                                                            datagen_fingerprint(options_, openings_), options_.games);
        std::FILE* file = std::fopen(options_.out.c_str(), "ab");
        if (!file) throw ParseError("cannot write '" + options_.out + "'");
        const auto start = std::chrono::steady_clock::now();
        const auto done = static_cast<std::uint32_t>(std::count(existing.done.begin(), existing.done.end(), true));
        DatagenProgress state{done, options_.games, existing.records, 0, 0};
        std::mutex next_mutex, write_mutex;
        std::uint32_t next = 0;
        std::atomic<bool> write_failed{false};  // then no game more is handed out
        // The missing games in order: on one thread, the file comes out as a run never stopped writes it.
        const Claim claim = [&]() -> std::optional<std::uint32_t> {
            std::lock_guard lock(next_mutex);
            while (next < options_.games && existing.done[next]) ++next;
            if (next >= options_.games || stop.load() || write_failed.load()) return std::nullopt;
            return next++;
        };
        const Write write = [&](const std::string& bytes) {
            std::lock_guard lock(write_mutex);
            if (write_failed.load()) return;
            // One write per game: a crash leaves whole games and at most a cut record.
            if (std::fwrite(bytes.data(), 1, bytes.size(), file) != bytes.size() || std::fflush(file) != 0) {
                write_failed.store(true);
                return;
            }
            const std::size_t records = bytes.size() / Record::kSize;
            ++state.games_done;
            state.positions += records;
            state.positions_this_run += records;
            state.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            if (progress) progress(state);
        };
        if (games) {
            games(claim, write);
        } else {
            auto worker = [&] {
                engine::Engine<G> engine(options_.hash_mb);
                for (auto claimed = claim(); claimed; claimed = claim()) {
                    const std::string bytes = game_bytes(engine, *claimed, stop);
                    if (stop.load()) break;
                    write(bytes);
                }
            };
            std::vector<std::jthread> workers;
            // As many as the system gives; with none, the games are played here.
            if (start_threads(workers, 0, std::max(1, options_.threads), [&](int) { worker(); }) == 0) worker();
        }  // joins
        const bool closed = std::fclose(file) == 0;
        if (write_failed.load() || !closed)
            throw ParseError("cannot write '" + options_.out + "': the disk may be full");
        state.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return state;
    }

    // The game numbered `game`, played out; its kept positions as the file holds them.
    std::string game_bytes(engine::Engine<G>& engine, std::uint32_t game, const std::atomic<bool>& stop) const {
        const std::vector<Record> records = play(engine, game, stop);
        std::string bytes(records.size() * Record::kSize, '\0');
        for (std::size_t i = 0; i < records.size(); ++i)
            records[i].write(reinterpret_cast<std::byte*>(bytes.data()) + i * Record::kSize);
        return bytes;
    }

    // The game numbered `game`, played out; its kept positions.
    std::vector<Record> play(engine::Engine<G>& engine, std::uint32_t game, const std::atomic<bool>& stop) const {
        std::mt19937_64 rng(options_.seed * 0x9E3779B97F4A7C15ULL + game);
        G pos = opening(game, rng);
        std::vector<Record> kept;
        if (pos.outcome() != Outcome::Ongoing) return kept;
        engine.clear();
        engine::Limits<Move> limits;
        limits.nodes = options_.nodes;
        int winning_plies = 0, winner_sign = 0;
        std::optional<TrainingResult> result;
        for (int ply = 0; !result && !stop.load(); ++ply) {
            if (const Outcome o = pos.outcome(); o != Outcome::Ongoing) {
                result = result_of(o, Tuning<G>::first_player_to_move(pos));
                break;
            }
            if (ply >= options_.max_plies) {
                result = TrainingResult::Draw;
                break;
            }
            const auto r = engine.think(pos, limits);
            if (!r.best) break;
            const int sign = Tuning<G>::first_player_to_move(pos) ? 1 : -1;
            const int first_score = sign * r.score;
            if (keep(pos, *r.best, r.score)) {
                Record rec;
                Tuning<G>::pack(pos, rec.position);
                rec.score = static_cast<std::int16_t>(std::clamp(first_score, -32000, 32000));
                rec.game = game;
                kept.push_back(rec);
            }
            const int ahead = first_score >= options_.win_score ? 1 : first_score <= -options_.win_score ? -1 : 0;
            winning_plies = ahead != 0 && ahead == winner_sign ? winning_plies + 1 : (ahead != 0 ? 1 : 0);
            winner_sign = ahead;
            if (winning_plies >= options_.win_plies || is_mate(r.score))
                result = first_score > 0 ? TrainingResult::FirstWins : TrainingResult::SecondWins;
            pos.make(*r.best);
        }
        if (!result) return {};
        for (Record& rec : kept) rec.result = *result;
        return kept;
    }

private:
    static TrainingResult result_of(Outcome o, bool first_to_move) {
        if (o == Outcome::Draw) return TrainingResult::Draw;
        const bool mover_won = o == Outcome::Win;
        return mover_won == first_to_move ? TrainingResult::FirstWins : TrainingResult::SecondWins;
    }

    static bool keep(const G& pos, Move best, Score score) {
        if (is_mate(score)) return false;
        if constexpr (requires { pos.in_check(); })
            if (pos.in_check()) return false;
        if constexpr (requires { pos.is_tactical(best); })
            if (pos.is_tactical(best)) return false;
        return true;
    }

    G opening(std::uint32_t game, std::mt19937_64& rng) const {
        G pos;
        if (!openings_.empty()) {
            const DatagenOpening& o = openings_[game % openings_.size()];
            if (!o.position.empty()) pos = G::from_position(o.position);
            for (const std::string& m : o.moves) pos.make(pos.parse_move(m));
        }
        for (int i = 0; i < options_.random_plies && pos.outcome() == Outcome::Ongoing; ++i) {
            MoveListOf<G> moves;
            pos.generate_moves(moves);
            if (moves.size() == 0) break;
            pos.make(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
        }
        return pos;
    }

    DatagenOptions options_;
    std::vector<DatagenOpening> openings_;
};

}  // namespace ply::tune
