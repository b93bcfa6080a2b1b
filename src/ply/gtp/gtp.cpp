#include <ply/gtp/gtp.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <istream>
#include <ostream>
#include <type_traits>

#include <ply/core/error.hpp>
#include <ply/core/text.hpp>
#include <ply/core/version.hpp>
#include <ply/registry/builtin_games.hpp>

namespace ply::gtp {

namespace {

// Far beyond any real clock, so that sums and products stay finite.
constexpr double kMaxSeconds = 1e7;
constexpr long long kMaxStones = 1'000'000;
// GTP's vertices: columns A-Z without I, rows 1-25.
constexpr int kMaxVertexRow = 25;

// The spec's preprocessing: control characters other than tab and newline
// dropped, a comment cut off at '#', tabs made spaces.
std::string clean(std::string_view line) {
    std::string out;
    for (const char c : line) {
        if (c == '#') break;
        const auto u = static_cast<unsigned char>(c);
        if (c == '\t')
            out += ' ';
        else if (u >= 32 && u != 127)
            out += c;
    }
    return out;
}

// The words of a cleaned line: spaces are its only white space.
std::vector<std::string> split(const std::string& text) {
    const auto found = words(text, " ");
    return {found.begin(), found.end()};
}

bool all_digits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// 0 for black, 1 for white (the side that moves second).
std::optional<int> parse_colour(const std::string& word) {
    const std::string w = lower(word);
    if (w == "b" || w == "black") return 0;
    if (w == "w" || w == "white") return 1;
    return std::nullopt;
}

// Whether the word is a vertex as GTP writes one, on whatever board.
bool vertex_syntax(const std::string& word) {
    const std::string w = lower(word);
    if (w == "pass") return true;
    if (w.size() < 2 || w.size() > 3 || w[0] < 'a' || w[0] > 'z' || w[0] == 'i' || !all_digits(w.substr(1)))
        return false;
    const int row = std::stoi(w.substr(1));
    return row >= 1 && row <= kMaxVertexRow;
}

// An integer, optionally signed; nothing if the word is none.
enum class IntStatus { Ok, NotInteger, OutOfRange };
IntStatus parse_int(const std::string& word, long long& value) {
    const std::string_view digits = word.size() > 1 && (word[0] == '-' || word[0] == '+')
                                        ? std::string_view(word).substr(1)
                                        : std::string_view(word);
    if (!all_digits(digits)) return IntStatus::NotInteger;
    const char* first = word[0] == '+' ? word.data() + 1 : word.data();
    const auto [end, ec] = std::from_chars(first, word.data() + word.size(), value);
    return ec == std::errc() && end == word.data() + word.size() ? IntStatus::Ok : IntStatus::OutOfRange;
}

// A finite real number, the whole word.
std::optional<double> parse_real(const std::string& word) {
    char* end = nullptr;
    const double v = std::strtod(word.c_str(), &end);
    if (word.empty() || end != word.c_str() + word.size() || !std::isfinite(v)) return std::nullopt;
    return v;
}

std::optional<double> parse_seconds(const std::string& word) {
    const auto v = parse_real(word);
    if (!v || *v > kMaxSeconds) return std::nullopt;
    return std::max(0.0, *v);  // a negative time left is none left
}

std::optional<int> parse_stones(const std::string& word) {
    long long v = 0;
    if (parse_int(word, v) != IntStatus::Ok || v < 0 || v > kMaxStones) return std::nullopt;
    return static_cast<int>(v);
}

std::chrono::milliseconds to_ms(double seconds) {
    return std::chrono::milliseconds(std::max<long long>(1, std::llround(seconds * 1000)));
}

}  // namespace

std::vector<std::string> command_names() {
    return {"protocol_version", "name",          "version",  "known_command", "list_commands", "quit", "boardsize",
            "clear_board",      "komi",          "play",     "genmove",       "reg_genmove",   "undo", "final_score",
            "showboard",        "time_settings", "time_left"};
}

template <GtpGame G>
Session<G>::Session(Options options) : options_(options) {
    const G start{};
    rebuild(Protocol::board_size(start), Protocol::komi(start), {});
}

template <GtpGame G>
std::string Session<G>::handle(std::string_view line) {
    const auto words = split(clean(line));
    if (words.empty()) return {};
    std::size_t at = 0;
    std::string id;
    if (all_digits(words[0])) id = words[at++];
    Answer a{false, "unknown command"};
    if (at < words.size()) {
        try {
            a = dispatch(words[at], std::vector<std::string>(words.begin() + std::ptrdiff_t(at) + 1, words.end()));
        } catch (const std::exception& e) {
            a = {false, e.what()};  // whatever went wrong, the session goes on
        }
    }
    // As GNU Go, the reference implementation, writes it: "=12 D4", "= ".
    return (a.ok ? "=" : "?") + id + " " + a.text + "\n\n";
}

template <GtpGame G>
typename Session<G>::Answer Session<G>::dispatch(const std::string& command, const std::vector<std::string>& args) {
    const auto ok = [](std::string text) { return Answer{true, std::move(text)}; };
    if (command == "protocol_version") return ok("2");
    if (command == "name") return ok("Ply");
    if (command == "version") return ok(std::string(kVersion));
    if (command == "known_command") {
        if (args.empty()) return {false, "syntax error"};
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
        rebuild(Protocol::board_size(game_), Protocol::komi(game_), {});
        return ok("");
    }
    if (command == "komi") return komi(args);
    if (command == "play") return play(args);
    if (command == "genmove") return genmove(args, true);
    if (command == "reg_genmove") return genmove(args, false);
    if (command == "undo") return undo();
    if (command == "final_score") return ok(Protocol::final_score(game_));
    if (command == "showboard") return ok("\n" + std::string(Protocol::showboard(game_)));
    if (command == "time_settings") return time_settings(args);
    if (command == "time_left") return time_left(args);
    return {false, "unknown command"};
}

template <GtpGame G>
typename Session<G>::Answer Session<G>::boardsize(const std::vector<std::string>& args) {
    long long size = 0;
    if (args.empty()) return {false, "syntax error"};
    const IntStatus status = parse_int(args[0], size);
    if (status == IntStatus::NotInteger) return {false, "syntax error"};
    if (status == IntStatus::OutOfRange || size < Protocol::min_board_size || size > Protocol::max_board_size)
        return {false, "unacceptable size"};
    rebuild(static_cast<int>(size), Protocol::komi(game_), {});
    return {true, ""};
}

template <GtpGame G>
typename Session<G>::Answer Session<G>::komi(const std::vector<std::string>& args) {
    const auto value = args.empty() ? std::nullopt : parse_real(args[0]);
    if (!value) return {false, "syntax error"};
    try {
        rebuild(Protocol::board_size(game_), *value, steps_);
    } catch (const ParseError& e) {
        return {false, e.what()};
    }
    return {true, ""};
}

template <GtpGame G>
typename Session<G>::Answer Session<G>::play(const std::vector<std::string>& args) {
    const auto side = args.size() >= 2 ? parse_colour(args[0]) : std::nullopt;
    if (!side || !vertex_syntax(args[1])) return {false, "syntax error"};
    const auto move = Protocol::vertex(game_, args[1]);
    if (!move) return {false, "illegal move"};
    const std::size_t before = steps_.size();
    align(*side);
    // A pass is always accepted: ending the game is the controller's business.
    if (*move != Move(Protocol::pass) && !legal(*move)) {
        while (steps_.size() > before) {
            game_.unmake(steps_.back().move);
            steps_.pop_back();
        }
        return {false, "illegal move"};
    }
    play_step(*move, false);
    return {true, ""};
}

template <GtpGame G>
typename Session<G>::Answer Session<G>::genmove(const std::vector<std::string>& args, bool commit) {
    const auto side = args.empty() ? std::nullopt : parse_colour(args[0]);
    if (!side) return {false, "syntax error"};
    const std::size_t before = steps_.size();
    align(*side);
    bool resign = false;
    const Move m = choose(resign);
    if (commit && !resign) {
        play_step(m, false);
    } else {
        while (steps_.size() > before) {
            game_.unmake(steps_.back().move);
            steps_.pop_back();
        }
    }
    return {true, resign ? "resign" : std::string(Protocol::vertex_text(m))};
}

template <GtpGame G>
typename Session<G>::Answer Session<G>::undo() {
    if (steps_.empty()) return {false, "cannot undo"};
    // The move, and the passes put in before it.
    do {
        game_.unmake(steps_.back().move);
        steps_.pop_back();
    } while (!steps_.empty() && steps_.back().inserted);
    return {true, ""};
}

template <GtpGame G>
typename Session<G>::Answer Session<G>::time_settings(const std::vector<std::string>& args) {
    if (args.size() < 3) return {false, "syntax error"};
    const auto main = parse_seconds(args[0]), byo_yomi = parse_seconds(args[1]);
    const auto stones = parse_stones(args[2]);
    if (!main || !byo_yomi || !stones) return {false, "syntax error"};
    clock_.set(*main, *byo_yomi, *stones);
    return {true, ""};
}

template <GtpGame G>
typename Session<G>::Answer Session<G>::time_left(const std::vector<std::string>& args) {
    if (args.size() < 3) return {false, "syntax error"};
    const auto side = parse_colour(args[0]);
    const auto seconds = parse_seconds(args[1]);
    const auto stones = parse_stones(args[2]);
    if (!side || !seconds || !stones) return {false, "syntax error"};
    clock_.left(*side, *seconds, *stones);
    return {true, ""};
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
void Session<G>::rebuild(int size, double komi, const std::vector<Step>& steps) {
    G fresh = Protocol::empty_board(size, komi);
    for (const Step& s : steps) fresh.make(s.move);
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
typename G::Move Session<G>::choose(bool& resign) {
    MoveListOf<G> moves;
    game_.generate_moves(moves);
    if (moves.empty()) return Protocol::pass;  // the game is over
    // The opponent passed and the board wins as it stands: end the game.
    if (!steps_.empty() && !steps_.back().inserted && steps_.back().move == Move(Protocol::pass) &&
        Protocol::mover_ahead(game_))
        return pass_or_cleanup();
    if (!searcher_) {
        mcts::Options o;
        o.seed = options_.seed;  // each search reseeds from it: the same game, the same moves
        o.exploration = options_.exploration;
        searcher_ = std::make_unique<mcts::ParallelSearcher<G>>(o, options_.threads);
    }
    mcts::Limits limits;
    limits.iterations = options_.iterations;
    const int size = Protocol::board_size(game_);
    const int side = static_cast<int>(game_.side_to_move());
    if (const auto seconds = clock_.seconds_for(side, size * size, static_cast<int>(steps_.size())))
        limits.time = to_ms(*seconds);
    else if (options_.seconds)
        limits.time = to_ms(*options_.seconds);
    else if (!options_.iterations)
        limits.time = to_ms(1);
    const auto result = searcher_->search(game_, limits);
    if (!result.best) return pass_or_cleanup();
    resign = options_.resign &&
             (result.proof == mcts::Proof::Loss ||
              (result.iterations >= options_.resign_after_iterations && result.mean < options_.resign_below));
    return *result.best == Move(Protocol::pass) ? pass_or_cleanup() : *result.best;
}

template <GtpGame G>
typename G::Move Session<G>::pass_or_cleanup() const {
    return Protocol::cleanup_move(game_, options_.seed).value_or(Protocol::pass);
}

template <GtpGame G>
int run_gtp(std::istream& in, std::ostream& out, const Options& options) {
    Session<G> session(options);
    for (std::string line; !session.done() && std::getline(in, line);) {
        const std::string answer = session.handle(line);
        if (!answer.empty()) out << answer << std::flush;
    }
    return 0;  // end of input is a quit
}

// The protocol is compiled here, once, for the built-in game that speaks GTP.
template <class G>
struct SpeaksGtp : std::bool_constant<GtpGame<G>> {};
using BuiltinGtpGame = registry::FirstWhere<SpeaksGtp, registry::BuiltinGames>::type;
template class Session<BuiltinGtpGame>;
template int run_gtp<BuiltinGtpGame>(std::istream& in, std::ostream& out, const Options& options);

}  // namespace ply::gtp
