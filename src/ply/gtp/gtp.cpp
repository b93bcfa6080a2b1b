#include <ply/gtp/gtp.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <istream>
#include <ostream>
#include <type_traits>

#include <ply/core/error.hpp>
#include <ply/core/version.hpp>
#include <ply/gtp/session_analysis.hpp>
#include <ply/registry/builtin_games.hpp>

namespace ply::gtp {

namespace {

// Far beyond any real clock, so that sums and products stay finite.
constexpr double kMaxSeconds = 1e7;
constexpr long long kMaxStones = 1'000'000;
std::optional<double> parse_seconds(const std::string& word) {
    const auto v = parse_real(word);
    if (!v || *v > kMaxSeconds) return std::nullopt;
    return std::max(0.0, *v);  // a negative time left is none left
}

std::optional<int> parse_stones(const std::string& word) {
    const auto v = parse_int_in(word, 0, kMaxStones);
    return v ? std::optional<int>(static_cast<int>(*v)) : std::nullopt;
}

std::chrono::milliseconds to_ms(double seconds) {
    return std::chrono::milliseconds(std::max<long long>(1, std::llround(seconds * 1000)));
}

}  // namespace

std::vector<std::string> command_names() {
    return split(
        "protocol_version name version known_command list_commands quit boardsize clear_board komi play genmove "
        "reg_genmove undo final_score showboard time_settings time_left final_status_list kgs-genmove_cleanup "
        "kgs-time_settings fixed_handicap place_free_handicap set_free_handicap loadsgf printsgf lz-analyze "
        "lz-genmove_analyze kata-analyze kata-genmove_analyze analyze genmove_analyze");
}

template <GtpGame G>
Session<G>::Session(Options options) : options_(options) {
    const G start{};
    rebuild(Protocol::empty_board(Protocol::board_size(start), Protocol::komi(start)), {});
}

template <GtpGame G>
std::string Session<G>::handle(std::string_view line) {
    pondering_.stop();
    if (analysis_.stop()) emit("\n");  // the analysis's response ends
    const auto words = split(clean(line));
    if (words.empty()) return take_pending();
    std::size_t at = 0;
    id_.clear();
    if (all_digits(words[0])) id_ = words[at++];
    Answer a{{false, "unknown command"}};
    if (at < words.size()) {
        try {
            a = dispatch(words[at], std::vector<std::string>(words.begin() + std::ptrdiff_t(at) + 1, words.end()));
        } catch (const std::exception& e) {
            a = {{false, e.what()}};  // whatever went wrong, the session goes on
        }
    }
    if (a.streamed) return take_pending();
    // As GNU Go, the reference implementation, writes it: "=12 D4", "= ".
    return take_pending() + (a.ok ? "=" : "?") + id_ + " " + a.text + "\n\n";
}

template <GtpGame G>
std::string Session<G>::finish() {
    pondering_.stop();
    if (analysis_.stop()) emit("\n");
    return take_pending();
}

template <GtpGame G>
void Session<G>::emit(const std::string& text) {
    if (write_) return write_(text);
    const std::lock_guard lock(pending_mutex_);
    pending_ += text;
}

template <GtpGame G>
std::string Session<G>::take_pending() {
    const std::lock_guard lock(pending_mutex_);
    return std::exchange(pending_, {});
}

template <GtpGame G>
typename Session<G>::Answer Session<G>::dispatch(const std::string& command, const std::vector<std::string>& args) {
    const auto ok = [](std::string text) { return Answer{{true, std::move(text)}}; };
    const bool fresh = steps_.empty();
    if (command == "protocol_version") return ok("2");
    if (command == "name") return ok("Ply");
    if (command == "version") return ok(std::string(kVersion));
    if (command == "known_command") {
        if (args.empty()) return {{false, "syntax error"}};
        const auto names = command_names();
        return ok(std::find(names.begin(), names.end(), args[0]) != names.end() ? "true" : "false");
    }
    if (command == "list_commands") {
        std::string text;
        for (const auto& name : command_names()) text += (text.empty() ? "" : "\n") + name;
        return ok(text);
    }
    if (command == "quit") {
        done_ = true;
        return ok("");
    }
    if (command == "boardsize") return boardsize(args);
    if (command == "clear_board") {
        rebuild(Protocol::empty_board(Protocol::board_size(game_), Protocol::komi(game_)), {});
        return ok("");
    }
    if (command == "komi") return komi(args);
    if (command == "play") return play(args);
    if (command == "genmove") return genmove(args, true);
    if (command == "reg_genmove") return genmove(args, false);
    if (command == "kgs-genmove_cleanup") return cleanup_genmove(args);
    if (command == "undo") return undo();
    if (command == "final_score") return ok(Protocol::final_score(game_));
    if (command == "final_status_list") return {final_status_list(game_, args, options_.seed)};
    if (command == "showboard") return ok("\n" + std::string(Protocol::showboard(game_)));
    if (command == "time_settings") return time_settings(args);
    if (command == "kgs-time_settings") return kgs_time_settings(args);
    if (command == "time_left") return time_left(args);
    if (command == "fixed_handicap") return set_up(handicap(game_, fresh, args, false));
    if (command == "place_free_handicap") return set_up(handicap(game_, fresh, args, true));
    if (command == "set_free_handicap") return set_up(set_free_handicap(game_, fresh, args));
    if (command == "loadsgf") return set_up(loadsgf<G>(args));
    if (command == "printsgf" && !args.empty() && !options_.write_files) return {{false, "writing files is off"}};
    if (command == "printsgf") return {printsgf(game_, args)};
    if (const auto analysis = analyze_command(command)) return analyze(*analysis, args);
    return {{false, "unknown command"}};
}

template <GtpGame G>
typename Session<G>::Answer Session<G>::boardsize(const std::vector<std::string>& args) {
    long long size = 0;
    if (args.empty()) return {{false, "syntax error"}};
    const IntStatus status = parse_int(args[0], size);
    if (status == IntStatus::NotInteger) return {{false, "syntax error"}};
    if (status == IntStatus::OutOfRange || size < Protocol::min_board_size || size > Protocol::max_board_size)
        return {{false, "unacceptable size"}};
    rebuild(Protocol::empty_board(static_cast<int>(size), Protocol::komi(game_)), {});
    return {{true, ""}};
}

template <GtpGame G>
typename Session<G>::Answer Session<G>::komi(const std::vector<std::string>& args) {
    const auto value = args.empty() ? std::nullopt : parse_real(args[0]);
    if (!value) return {{false, "syntax error"}};
    try {
        rebuild(Protocol::with_komi(start_, *value), steps_);
    } catch (const ParseError& e) {
        return {{false, e.what()}};
    }
    return {{true, ""}};
}

template <GtpGame G>
typename Session<G>::Answer Session<G>::play(const std::vector<std::string>& args) {
    const auto side = args.size() >= 2 ? parse_colour(args[0]) : std::nullopt;
    if (!side || !vertex_syntax(args[1])) return {{false, "syntax error"}};
    const auto move = Protocol::vertex(game_, args[1]);
    if (!move) return {{false, "illegal move"}};
    const std::size_t before = steps_.size();
    align(*side);
    // A pass is always accepted: ending the game is the controller's business.
    if (*move != Move(Protocol::pass) && !legal(*move)) {
        take_back_to(before);
        return {{false, "illegal move"}};
    }
    play_step(*move, false);
    return {{true, ""}};
}

template <GtpGame G>
typename Session<G>::Answer Session<G>::genmove(const std::vector<std::string>& args, bool commit) {
    const auto side = args.empty() ? std::nullopt : parse_colour(args[0]);
    if (!side) return {{false, "syntax error"}};
    const std::size_t before = steps_.size();
    align(*side);
    bool resign = false;
    const Move m = choose(resign);
    if (commit && !resign) {
        play_step(m, false);
        ponder();
    } else {
        take_back_to(before);
    }
    return {{true, resign ? "resign" : std::string(Protocol::vertex_text(m))}};
}

// KGS asks for it when the players disagree on the dead stones: play goes
// on, and no pass while the opponent's dead stones are in our area.
template <GtpGame G>
typename Session<G>::Answer Session<G>::cleanup_genmove(const std::vector<std::string>& args) {
    const auto side = args.empty() ? std::nullopt : parse_colour(args[0]);
    if (!side) return {{false, "syntax error"}};
    const std::size_t before = steps_.size();
    const bool resumed = is_over(game_.outcome());
    if (resumed) Protocol::resume(game_);
    align(*side);
    const bool resigns = std::exchange(options_.resign, false);
    cleaning_up_ = true;
    bool resign = false;
    const Move m = choose(resign);
    options_.resign = resigns;
    cleaning_up_ = false;
    play_step(m, false);
    steps_[before].resumed = resumed;
    ponder();
    return {{true, std::string(Protocol::vertex_text(m))}};
}

template <GtpGame G>
typename Session<G>::Answer Session<G>::undo() {
    if (steps_.empty()) return {{false, "cannot undo"}};
    // The move, and the passes put in before it.
    std::size_t to = steps_.size() - 1;
    while (to > 0 && steps_[to - 1].inserted) --to;
    take_back_to(to);
    return {{true, ""}};
}

template <GtpGame G>
typename Session<G>::Answer Session<G>::time_settings(const std::vector<std::string>& args) {
    if (args.size() < 3) return {{false, "syntax error"}};
    const auto main = parse_seconds(args[0]), byo_yomi = parse_seconds(args[1]);
    const auto stones = parse_stones(args[2]);
    if (!main || !byo_yomi || !stones) return {{false, "syntax error"}};
    clock_.set(*main, *byo_yomi, *stones);
    return {{true, ""}};
}

// `kgs-time_settings none | absolute main | byoyomi main period periods |
// canadian main period stones`.
template <GtpGame G>
typename Session<G>::Answer Session<G>::kgs_time_settings(const std::vector<std::string>& args) {
    const std::string system = args.empty() ? "" : lower(args[0]);
    const std::size_t wanted = system == "none"                              ? 1
                               : system == "absolute"                        ? 2
                               : system == "byoyomi" || system == "canadian" ? 4
                                                                             : 0;
    if (wanted == 0) return {{false, "syntax error (none, absolute, byoyomi or canadian)"}};
    if (args.size() != wanted) return {{false, "syntax error"}};
    if (system == "none") {
        clock_.set_none();
        return {{true, ""}};
    }
    const auto main = parse_seconds(args[1]);
    const auto period = wanted == 4 ? parse_seconds(args[2]) : 0.0;
    const auto count = wanted == 4 ? parse_stones(args[3]) : 0;
    if (!main || !period || !count) return {{false, "syntax error"}};
    if (system == "byoyomi")
        clock_.set_japanese(*main, *period, *count);
    else
        clock_.set(*main, *period, *count);
    return {{true, ""}};
}

template <GtpGame G>
typename Session<G>::Answer Session<G>::time_left(const std::vector<std::string>& args) {
    if (args.size() < 3) return {{false, "syntax error"}};
    const auto side = parse_colour(args[0]);
    const auto seconds = parse_seconds(args[1]);
    const auto stones = parse_stones(args[2]);
    if (!side || !seconds || !stones) return {{false, "syntax error"}};
    clock_.left(*side, *seconds, *stones);
    return {{true, ""}};
}

template <GtpGame G>
typename Session<G>::Answer Session<G>::set_up(BoardOrError<G> board) {
    if (auto* error = std::get_if<std::string>(&board)) return {{false, std::move(*error)}};
    auto& b = std::get<NewBoard<G>>(board);
    std::vector<Step> steps;
    for (const Move m : b.moves) steps.push_back(Step{m, false});
    rebuild(b.start, steps);
    return {{true, std::move(b.text)}};
}

template <GtpGame G>
void Session<G>::align(int side) {
    if (static_cast<int>(game_.side_to_move()) != side) play_step(Protocol::pass, true);
}

template <GtpGame G>
void Session<G>::play_step(Move m, bool inserted) {
    game_.make(m);
    steps_.push_back(Step{m, inserted});
}

template <GtpGame G>
void Session<G>::take_back_to(std::size_t steps) {
    bool resumed = false;
    while (steps_.size() > steps) {
        resumed |= steps_.back().resumed;
        game_.unmake(steps_.back().move);
        steps_.pop_back();
    }
    if (resumed) rebuild(start_, steps_);  // the game is over again, as it was
}

template <GtpGame G>
void Session<G>::rebuild(const G& start, const std::vector<Step>& steps) {
    G fresh = start;
    for (const Step& s : steps) {
        if (s.resumed) Protocol::resume(fresh);
        fresh.make(s.move);
    }
    start_ = start;
    game_ = std::move(fresh);
    steps_ = steps;
}

template <GtpGame G>
bool Session<G>::legal(Move m) const {
    MoveListOf<G> moves;
    game_.generate_moves(moves);
    return moves.contains(m);
}

template <GtpGame G>
mcts::ParallelSearcher<G>& Session<G>::searcher() {
    if (!searcher_) {
        mcts::Options o;
        o.seed = options_.seed;  // each search reseeds from it: the same game, the same moves
        o.exploration = options_.exploration;
        o.prior_visits = options_.prior_visits;
        o.rave_equivalence = options_.rave_equivalence;
        o.learn_playouts = options_.last_good_reply;
        searcher_ = std::make_unique<mcts::ParallelSearcher<G>>(o, options_.threads);
    }
    return *searcher_;
}

template <GtpGame G>
void Session<G>::ponder() {
    if (!options_.ponder || is_over(game_.outcome())) return;
    const G root = game_;
    searcher();
    pondering_.start([this, root](const std::atomic<bool>& stop) {
        mcts::Limits limits;
        limits.time = std::chrono::hours(24);  // in effect until `stop`, set by the next line
        limits.stop = &stop;
        searcher_->search(root, limits);
    });
}

template <GtpGame G>
typename G::Move Session<G>::choose(bool& resign, const AnalyzeRequest* stream) {
    MoveListOf<G> moves;
    game_.generate_moves(moves);
    if (moves.empty()) return Protocol::pass;  // the game is over
    // The opponent passed and the board wins as it stands: end the game.
    if (!steps_.empty() && !steps_.back().inserted && steps_.back().move == Move(Protocol::pass) &&
        Protocol::mover_ahead(game_))
        return pass_or_cleanup();
    mcts::Limits limits;
    limits.iterations = options_.iterations;
    const int size = Protocol::board_size(game_);
    const int side = static_cast<int>(game_.side_to_move());
    const std::optional<MoveTime> plan = clock_.time_for(side, size * size, static_cast<int>(steps_.size()));
    if (plan)
        limits.time = to_ms(plan->most);
    else if (options_.seconds)
        limits.time = to_ms(*options_.seconds);
    else if (!options_.iterations)
        limits.time = to_ms(1);
    const auto result = search(limits, stream, plan && plan->keeps_savings ? plan : std::nullopt);
    if (!result.best) return pass_or_cleanup();
    resign = options_.resign &&
             (result.proof == mcts::Proof::Loss ||
              (result.iterations >= options_.resign_after_iterations && result.mean < options_.resign_below));
    return *result.best == Move(Protocol::pass) ? pass_or_cleanup() : *result.best;
}

template <GtpGame G>
typename G::Move Session<G>::pass_or_cleanup() const {
    if (const auto m = Protocol::cleanup_move(game_, options_.seed)) return *m;
    if (cleaning_up_) return Protocol::dead_string_attack(game_, options_.seed).value_or(Protocol::pass);
    return Protocol::pass;
}

template <GtpGame G>
int run_gtp(std::istream& in, std::ostream& out, const Options& options) {
    Session<G> session(options);
    // Streamed analysis is written from its own thread while this one waits
    // for input: a tied output would be flushed from both.
    std::ostream* const tied = in.tie(nullptr);
    session.set_output([&out](const std::string& text) { out << text << std::flush; });
    for (std::string line; !session.done() && std::getline(in, line);) {
        const std::string answer = session.handle(line);
        if (!answer.empty()) out << answer << std::flush;
    }
    out << session.finish() << std::flush;
    in.tie(tied);
    return 0;  // end of input is a quit
}

// The protocol is compiled here, once, for the built-in game that speaks GTP.
template <class G>
struct SpeaksGtp : std::bool_constant<GtpGame<G>> {};
using BuiltinGtpGame = registry::FirstWhere<SpeaksGtp, registry::BuiltinGames>::type;
template class Session<BuiltinGtpGame>;
template int run_gtp<BuiltinGtpGame>(std::istream& in, std::ostream& out, const Options& options);

}  // namespace ply::gtp
