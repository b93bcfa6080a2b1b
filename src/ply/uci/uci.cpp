#include <ply/uci/uci.hpp>

#include <algorithm>
#include <chrono>
#include <climits>
#include <filesystem>
#include <istream>
#include <ostream>
#include <sstream>
#include <string>
#include <system_error>
#include <type_traits>

#include <ply/core/error.hpp>
#include <ply/core/text_file.hpp>
#include <ply/core/tuning.hpp>
#include <ply/core/version.hpp>
#include <ply/registry/builtin_games.hpp>
#include <ply/tools/protocol_text.hpp>

namespace ply::uci {

namespace {

constexpr int kMaxPerftDepth = 20;

bool is_go_keyword(const std::string& word) {
    static constexpr std::string_view kKeywords[] = {"searchmoves", "ponder",    "wtime", "btime", "winc",
                                                     "binc",        "movestogo", "depth", "nodes", "mate",
                                                     "movetime",    "infinite",  "perft"};
    return std::find(std::begin(kKeywords), std::end(kKeywords), word) != std::end(kKeywords);
}

}  // namespace

template <UciGame G>
Session<G>::Session(std::ostream& out) : out_(out), pos_(G()) {
    if constexpr (EloGame<G>) elo_ = Protocol::max_elo;
    engine_.on_report = [this](const engine::Report<Move>& r) { print_report(r, search_root_); };
    engine_.on_current_move = [this](int depth, Move m, int number) {
        say("info depth " + std::to_string(depth) + " currmove " + search_root_.move_to_string(m) + " currmovenumber " +
            std::to_string(number));
    };
}

template <UciGame G>
Session<G>::~Session() {
    stop_search();
}

template <UciGame G>
void Session<G>::say(const std::string& text) const {
    std::lock_guard lock(out_mutex_);
    out_ << text;
    if (!text.empty() && text.back() != '\n') out_ << '\n';
    out_.flush();
}

template <UciGame G>
void Session<G>::stop_search() {
    if (!search_thread_.joinable()) return;
    engine_.stop();
    perft_stop_.store(true);
    search_thread_.join();
}

template <UciGame G>
void Session<G>::wait() {
    if (search_thread_.joinable()) search_thread_.join();
}

template <UciGame G>
void Session<G>::end_of_input() {
    if (counting_) wait();
    stop_search();
}

template <UciGame G>
std::vector<Option> Session<G>::option_table() {
    std::vector<Option> t = {
        spin_option("Hash", 16, 1, engine::kMaxHashMb,
                    [this](int mb) {
                        try {
                            engine_.set_hash(static_cast<std::size_t>(mb));
                        } catch (const OutOfMemory& e) {  // the old table is kept whole
                            say(std::string("info string error: ") + e.what() + "; Hash stays " +
                                std::to_string(engine_.hash_megabytes()) + " MB");
                        }
                    }),
        spin_option("Threads", 1, 1, engine::kMaxThreads, [this](int n) { engine_.set_threads(n); }),
        spin_option("MultiPV", 1, 1, 256, [this](int n) { multipv_ = n; }),
        check_option("Ponder", false, [](bool) {}),  // go ponder works either way
        spin_option("Move Overhead", 10, 0, 5000, [this](int ms) { move_overhead_ms_ = ms; }),
        spin_option("Slow Mover", 100, 10, 1000, [this](int percent) { slow_mover_percent_ = percent; }),
        button_option("Clear Hash", [this] { engine_.clear(); })};
    if constexpr (Chess960Game<G>)
        t.push_back(check_option("UCI_Chess960", false, [this](bool on) {
            chess960_ = on;
            Protocol::set_chess960(pos_, chess960_);
        }));
    if constexpr (WdlGame<G>) t.push_back(check_option("UCI_ShowWDL", false, [this](bool on) { show_wdl_ = on; }));
    t.push_back(spin_option("Skill Level", engine::Skill::kFull, 0, engine::Skill::kFull,
                            [this](int level) { skill_level_ = level; }));
    if constexpr (EloGame<G>) {
        t.push_back(check_option("UCI_LimitStrength", false, [this](bool on) { limit_strength_ = on; }));
        t.push_back(spin_option("UCI_Elo", Protocol::max_elo, Protocol::min_elo, Protocol::max_elo,
                                [this](int elo) { elo_ = elo; }));
    }
    if constexpr (BookGame<G>) add_book_options(t);
    if constexpr (SlicedGame<G>)
        // The folder of `ply egtb build`'s tables; <empty> or empty: none.
        t.push_back(
            string_option("EndgamePath", "<empty>", [this](const std::string& path) { set_endgame_path(path); }));
    if constexpr (TunableGame<G>)
        // The evaluation's weights (`ply tune` writes them); <default> or empty: the built-in ones.
        t.push_back(string_option("EvalFile", "<default>", [this](const std::string& path) {
            try {
                const bool builtin = path.empty() || path == "<default>";
                Tuning<G>::set_weights(Tuning<G>::parse_weights(builtin ? "" : read_text_file(path, "weights file")));
                engine_.clear();  // the table's evaluations and the corrections learnt are the old weights'
            } catch (const ParseError& e) {
                say(std::string("info string error: ") + e.what() + "; the evaluation keeps its weights");
            }
        }));
    // Every search heuristic as a check option, on by default, to measure what it is worth.
    for (const auto& f : engine::kFeatureSwitches) {
        const auto member = f.member;
        t.push_back(check_option(f.name, engine::Features{}.*member,
                                 [this, member](bool on) { engine_.features().*member = on; }));
    }
    return t;
}

template <UciGame G>
void Session<G>::set_endgame_path(const std::string& path) {
    if constexpr (SlicedGame<G>) {
        engine_.set_endgames(nullptr);
        endgames_.reset();
        if (path.empty() || path == "<empty>") return;
        std::error_code error;
        if (!std::filesystem::is_directory(path, error)) {
            say("info string error: EndgamePath '" + path + "' is not a folder; no endgame databases");
            return;
        }
        endgames_ = std::make_shared<retro::TableSet<G>>(path, std::string(G::name));
        engine_.set_endgames(endgames_.get());
        engine_.clear();  // the table's values were found without the databases
        say("info string EndgamePath: " + std::to_string(endgames_->slices_present().size()) + " tables in " + path);
    }
}

template <UciGame G>
void Session<G>::add_book_options(std::vector<Option>& t) requires BookGame<G> {
    t.push_back(check_option("OwnBook", false, [this](bool on) { own_book_.set_enabled(on); }));
    t.push_back(string_option("BookFile", "<empty>", [this](const std::string& path) {
        try {
            own_book_.load(path);
        } catch (const ParseError& e) {  // the old book is kept whole
            say(std::string("info string error: ") + e.what() + "; the old book is kept");
        }
    }));
    t.push_back(spin_option("BookDepth", OwnBookLimits::kDefaultDepth, 1, OwnBookLimits::kMaxDepth,
                            [this](int full_moves) { own_book_.set_depth(full_moves); }));
    t.push_back(check_option("BookBestMove", false, [this](bool on) { own_book_.set_best_move(on); }));
}

template <UciGame G>
bool Session<G>::handle(const std::string& line) {
    std::istringstream args(line);
    std::string command;
    if (!(args >> command)) return true;  // blank line
    try {
        if (command == "quit") {
            stop_search();
            return false;
        }
        if (command == "uci") {
            say("id name Ply " + std::string(kVersion) + "\nid author the Ply developers\n" +
                option_lines(option_table()) + "uciok");
        } else if (command == "isready") {
            say("readyok");
        } else if (command == "ucinewgame") {
            stop_search();
            engine_.clear();
            pos_ = Protocol::from_uci(Protocol::start_fen, chess960_);
        } else if (command == "setoption") {
            stop_search();
            cmd_setoption(args);
        } else if (command == "position") {
            stop_search();
            cmd_position(args);
        } else if (command == "go") {
            stop_search();
            cmd_go(args);
        } else if (command == "stop") {
            stop_search();
        } else if (command == "ponderhit") {
            engine_.ponderhit();
        } else if (command == "d") {
            say(Protocol::display(pos_));
        } else if (command == "eval") {
            say(Protocol::describe_eval(pos_));
        } else if (command == "bench") {
            stop_search();
            cmd_bench(args);
        } else if (command == "debug") {
            // Accepted and ignored, as the protocol allows.
        } else {
            say("info string unknown command: " + clip(line));
        }
    } catch (const std::exception& e) {
        say(std::string("info string error: ") + e.what());
    }
    return true;
}

template <UciGame G>
void Session<G>::cmd_setoption(std::istream& args) {
    // setoption name <id...> [value <x...>]
    std::string word, name, value;
    args >> word;
    if (word != "name") {
        say("info string error: expected 'setoption name <id> [value <x>]'");
        return;
    }
    std::string* target = &name;
    while (args >> word) {
        if (word == "value" && target == &name) {
            target = &value;
            continue;
        }
        if (!target->empty()) *target += ' ';
        *target += word;
    }
    if (const std::string error = set_option(option_table(), name, value); !error.empty()) say(error);
}

template <UciGame G>
void Session<G>::cmd_position(std::istream& args) {
    std::ostringstream out;
    std::string word;
    args >> word;
    std::string fen;
    if (word == "startpos") {
        fen = std::string(Protocol::start_fen);
        args >> word;
    } else if (word == "fen") {
        while (args >> word && word != "moves") fen += (fen.empty() ? "" : " ") + word;
    } else {
        out << "info string error: expected 'position startpos|fen <fen> [moves ...]'\n";
        say(out.str());
        return;
    }
    G pos;
    try {
        pos = Protocol::from_uci(fen, chess960_);
    } catch (const ParseError& e) {
        out << "info string error: " << e.what() << "; the position is unchanged\n";
        say(out.str());
        return;
    }
    if (args && word != "moves") {
        out << "info string error: expected 'moves', not '" << clip(word) << "'\n";
        pos_ = pos;
        say(out.str());
        return;
    }
    while (args >> word) {
        const std::optional<Move> m = Protocol::parse_uci(pos, word);
        if (!m) {
            out << "info string error: illegal move " << clip(word) << " in " << pos.position()
                << "; the rest of the line is ignored\n";
            break;
        }
        pos.make(*m);
    }
    pos_ = pos;
    if (!out.str().empty()) say(out.str());
}

// A `go` parameter that cannot be used is reported, ignored and counted in
// `rejected`. `go perft N` gives its depth in `perft_depth`.
template <UciGame G>
engine::Limits<typename G::Move> Session<G>::parse_go(const std::vector<std::string>& words, bool& rejected,
                                                      std::optional<int>& perft_depth) {
    using std::chrono::milliseconds;
    engine::Limits<Move> limits;
    limits.overhead = milliseconds(move_overhead_ms_);
    limits.time_use_percent = slow_mover_percent_;
    limits.multipv = multipv_;
    std::optional<milliseconds> wtime, btime;
    milliseconds winc{0}, binc{0};
    std::size_t at = 0;
    auto read_int = [&](const std::string& name, long long lo, long long hi) -> std::optional<long long> {
        const std::string text = at < words.size() ? words[at] : "";
        if (const auto v = parse_integer(text, lo, hi)) {
            ++at;
            return v;
        }
        if (!text.empty() && !is_go_keyword(text)) ++at;  // the bad value, not the next keyword
        say("info string error: 'go " + name + "' needs a number from " + std::to_string(lo) + " to " +
            std::to_string(hi) + (text.empty() ? "" : ", not '" + clip(text) + "'") + "; ignored");
        rejected = true;
        return std::nullopt;
    };
    constexpr long long kFar = 1LL << 40;
    while (at < words.size()) {
        const std::string word = words[at++];
        if (word == "perft") {
            if (auto v = read_int(word, 1, kMaxPerftDepth)) perft_depth = static_cast<int>(*v);
            return limits;
        }
        if (word == "wtime" || word == "btime") {
            // A GUI whose clock ran out sends a negative time: move at once.
            if (auto v = read_int(word, -kFar, kFar))
                (word == "wtime" ? wtime : btime) = milliseconds(std::max(0LL, *v));
        } else if (word == "winc" || word == "binc") {
            if (auto v = read_int(word, -kFar, kFar)) (word == "winc" ? winc : binc) = milliseconds(std::max(0LL, *v));
        } else if (word == "movestogo") {
            if (auto v = read_int(word, 1, 1000)) limits.moves_to_go = static_cast<int>(*v);
        } else if (word == "depth") {
            if (auto v = read_int(word, 1, kMaxPly - 1)) limits.depth = static_cast<int>(*v);
        } else if (word == "nodes") {
            if (auto v = read_int(word, 1, kFar * 1024)) limits.nodes = static_cast<std::uint64_t>(*v);
        } else if (word == "movetime") {
            if (auto v = read_int(word, 0, kFar)) limits.move_time = milliseconds(*v);
        } else if (word == "mate") {
            if (auto v = read_int(word, 1, kMaxPly / 2)) limits.mate = static_cast<int>(*v);
        } else if (word == "infinite" || word == "ponder") {
            limits.infinite = true;
        } else if (word == "searchmoves") {
            // Moves until the next keyword.
            if (at == words.size() || is_go_keyword(words[at])) {
                say("info string error: 'go searchmoves' needs at least one move; ignored");
                rejected = true;
            }
            // One line for all the illegal ones: a hostile GUI's 100 KB of them gets one answer.
            std::string first_illegal;
            std::size_t illegal = 0;
            for (; at < words.size() && !is_go_keyword(words[at]); ++at) {
                if (const std::optional<Move> m = Protocol::parse_uci(pos_, words[at]))
                    limits.search_moves.push_back(*m);
                else if (illegal++ == 0)
                    first_illegal = words[at];
            }
            if (illegal > 0) {
                say("info string error: searchmoves: illegal move " + clip(first_illegal) +
                    (illegal > 1 ? " and " + std::to_string(illegal - 1) + " more" : "") + "; ignored");
                rejected = true;
            }
        } else {
            say("info string error: unknown go parameter '" + clip(word) + "'; ignored");
            rejected = true;
        }
    }
    const bool white = Protocol::first_to_move(pos_);
    limits.time_left = white ? wtime : btime;
    limits.increment = white ? winc : binc;
    return limits;
}

// If what is left after a rejected parameter does not bound the search (no
// clock of the side to move, depth, nodes, movetime, mate or infinite), the
// search stops after depth 1: the GUI gets a legal move at once instead of
// waiting for a search that never ends (docs/chess-engine.md's rule).
template <UciGame G>
void Session<G>::cmd_go(std::istream& args) {
    std::vector<std::string> words;
    for (std::string word; args >> word;) words.push_back(word);
    bool rejected = false;
    std::optional<int> perft_depth;
    engine::Limits<Move> limits = parse_go(words, rejected, perft_depth);
    if (std::find(words.begin(), words.end(), "perft") != words.end()) {
        if (perft_depth) start_perft(*perft_depth);
        return;
    }
    const bool bounded =
        limits.time_left || limits.depth || limits.nodes || limits.move_time || limits.mate || limits.infinite;
    if (rejected && !bounded) limits.depth = 1;
    // A book move is played at once, through the search confined to it at
    // depth 1: bestmove, ponderhit and stop then behave as after any search.
    // Analysis (infinite, mate, searchmoves) asks for a search, not a book.
    const bool analysis =
        std::find(words.begin(), words.end(), "infinite") != words.end() || limits.mate || !limits.search_moves.empty();
    const engine::Skill skill = strength();
    if (const auto book_move = analysis ? std::nullopt : book_move_for(pos_)) {
        say("info string book move " + pos_.move_to_string(*book_move));
        limits.search_moves = {*book_move};
        limits.depth = 1;
    } else if (skill.weakened()) {  // shallower, with lines to choose among
        const int depth = skill.depth(pos_.evaluate());
        limits.depth = std::min(limits.depth.value_or(depth), depth);
        limits.multipv = std::max(limits.multipv, engine::Skill::kLines);
    }
    start_search(limits, skill);
}

// A search thread the system refuses (a process or memory limit) is not
// the GUI's fault: it still gets a move, from a depth 1 search on this thread.
template <UciGame G>
void Session<G>::start_search(engine::Limits<Move> limits, const engine::Skill& skill) {
    search_root_ = pos_;
    counting_ = false;
    engine_.arm(limits);
    try {
        search_thread_ = std::thread([this, skill] { search_and_answer(skill); });
    } catch (const std::system_error& e) {
        say("info string error: cannot start the search thread (" + e.code().message() +
            "); searching to depth 1 on the input thread");
        limits.depth = 1;
        limits.infinite = false;
        engine_.arm(limits);
        search_and_answer(skill);
    }
}

template <UciGame G>
void Session<G>::search_and_answer(const engine::Skill& skill) {
    std::string line = "bestmove ";
    try {
        const auto result = engine_.run(search_root_);
        if (!engine_.thread_shortfall().empty()) say("info string error: " + engine_.thread_shortfall());
        if (!result.best) {
            line += "0000";
        } else {
            const Move move = result.lines.empty() ? *result.best : skill.choose(result.lines, random_());
            line += search_root_.move_to_string(move);
            if (result.ponder && move == *result.best) line += " ponder " + search_root_.move_to_string(*result.ponder);
        }
    } catch (const std::exception& e) {  // no memory even for one thread: the GUI still gets its answer
        say(std::string("info string error: ") + e.what());
        line += "0000";
    }
    say(line);
}

template <UciGame G>
engine::Skill Session<G>::strength() const {
    if constexpr (EloGame<G>)
        if (limit_strength_) return engine::Skill{Protocol::skill_level_for_elo(elo_)};
    return engine::Skill{skill_level_};
}

// `go perft N` on the search thread, so that `stop`, `quit` and `isready`
// are answered while it counts; a stopped count prints no total.
template <UciGame G>
void Session<G>::start_perft(int depth) {
    perft_stop_.store(false);
    counting_ = true;
    search_root_ = pos_;
    try {
        search_thread_ = std::thread([this, depth] { count_perft(depth); });
    } catch (const std::system_error& e) {  // a count with no way to stop it is not started
        counting_ = false;
        say("info string error: cannot start the perft thread (" + e.code().message() + ")");
    }
}

template <UciGame G>
void Session<G>::count_perft(int depth) {
    std::ostringstream out;
    std::uint64_t total = 0;
    for (const auto& [move, count] : Protocol::perft_divide(search_root_, depth, &perft_stop_)) {
        out << search_root_.move_to_string(move) << ": " << count << "\n";
        total += count;
    }
    if (perft_stop_.load()) {
        say("info string perft stopped");
        return;
    }
    out << "\nNodes searched: " << total << "\n\n";
    say(out.str());
}

template <UciGame G>
void Session<G>::print_report(const engine::Report<Move>& r, const G& root) {
    std::ostringstream line;
    const auto ms = r.time.count();
    line << "info depth " << r.depth << " seldepth " << r.seldepth << " multipv " << r.multipv << " score ";
    if (is_mate(r.score))
        line << "mate " << mate_in(r.score);
    else
        line << "cp " << r.score;
    if constexpr (WdlGame<G>) {
        if (show_wdl_) {
            const auto wdl = Protocol::wdl(r.score);
            line << " wdl " << wdl.win << ' ' << wdl.draw << ' ' << wdl.loss;
        }
    }
    if (r.bound == engine::Bound::Lower) line << " lowerbound";
    if (r.bound == engine::Bound::Upper) line << " upperbound";
    // Under a millisecond the rate is unknown: nps 0 rather than a made-up figure.
    line << " nodes " << r.nodes << " nps " << (ms > 0 ? r.nodes * 1000 / static_cast<std::uint64_t>(ms) : 0)
         << " hashfull " << r.hashfull << " time " << ms << " pv";
    G p = root;
    for (const auto& m : r.pv) {
        line << ' ' << p.move_to_string(m);
        p.make(m);
    }
    say(line.str());
}

template <UciGame G>
void Session<G>::cmd_bench(std::istream& args) {
    // bench [depth] [threads]: the signature is defined with one thread; more
    // threads measure the Lazy SMP speed-up to the same depth.
    int depth = Protocol::bench_depth, threads = 1;
    for (int* target : {&depth, &threads}) {
        std::string word;
        if (!(args >> word)) break;
        const auto v = parse_integer(word, INT_MIN, INT_MAX);  // clamped below
        if (!v) {
            say("info string error: usage: bench [depth] [threads], not '" + clip(word) + "'");
            return;
        }
        *target = static_cast<int>(*v);
    }
    depth = std::clamp(depth, 1, kMaxPly - 1);
    threads = std::clamp(threads, 1, engine::kMaxThreads);
    // A cleared table for each position, no output but the totals.
    Engine bench_engine(16);
    bench_engine.set_threads(threads);
    bench_engine.features() = engine_.features();  // the heuristic switches apply (the signature: all on)
    std::uint64_t nodes = 0;
    const auto start = std::chrono::steady_clock::now();
    for (std::string_view fen : Protocol::bench_positions) {
        const G p = G::from_position(fen);
        bench_engine.clear();
        engine::Limits<Move> limits;
        limits.depth = depth;
        nodes += bench_engine.think(p, limits).nodes;
    }
    if (!bench_engine.thread_shortfall().empty()) say("info string error: " + bench_engine.thread_shortfall());
    const auto ms = std::max<long long>(
        1, std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count());
    say("\nPly " + std::string(kVersion) + "\nPositions: " + std::to_string(Protocol::bench_positions.size()) +
        "\nDepth: " + std::to_string(depth) + "\nThreads: " + std::to_string(threads) +
        "\nTotal time (ms): " + std::to_string(ms) + "\nNodes searched: " + std::to_string(nodes) +
        "\nNodes/second: " + std::to_string(nodes * 1000 / static_cast<std::uint64_t>(ms)));
}

template <UciGame G>
std::optional<typename G::Move> Session<G>::book_move_for(const G& pos) {
    if constexpr (BookGame<G>)
        return own_book_.probe(pos);
    else
        return std::nullopt;
}

template <UciGame G>
int run_uci(std::istream& in, std::ostream& out, const Handover& to_xboard) {
    // A GUI that speaks xboard says so first: the rest of the input is CECP.
    std::string first;
    while (std::getline(in, first) && first.find_first_not_of(" \t\r") == std::string::npos) {}
    std::istringstream words(first);
    std::string command;
    if (to_xboard && words >> command && command == "xboard") return to_xboard(in, out);
    Session<G> session(out);
    if (!session.handle(first)) return 0;
    for (std::string line; std::getline(in, line);)
        if (!session.handle(line)) return 0;
    // End of input is `quit`: a running search stops and reports its move;
    // a perft count, asked for without a way to stop it, finishes.
    session.end_of_input();
    return 0;
}

// The protocol is compiled here, once, for the built-in game that speaks UCI
// (a second one would need its lines here too).
template <class G>
struct SpeaksUci : std::bool_constant<UciGame<G>> {};
using BuiltinUciGame = registry::FirstWhere<SpeaksUci, registry::BuiltinGames>::type;
template class Session<BuiltinUciGame>;
template int run_uci<BuiltinUciGame>(std::istream& in, std::ostream& out, const Handover& to_xboard);

}  // namespace ply::uci
