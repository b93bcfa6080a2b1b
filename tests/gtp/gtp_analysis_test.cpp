// The analysis that Go GUIs show (Sabaki, Lizzie, KaTrain): lz-analyze and
// kata-analyze stream a line of every searched move's statistics each
// interval until the next command arrives; the genmove forms report as
// they search, then play. Checked as Sabaki drives it, through pipes to a
// real `ply gtp`, with a deadline on every read.
#include <ply/gtp/gtp.hpp>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <ply/games/go/description.hpp>

namespace ply::gtp::analysis_test {
namespace {

using Session = gtp::Session<go::Go>;
using namespace std::chrono_literals;

Options capped(std::uint64_t iterations) {
    Options o;
    o.iterations = iterations;
    return o;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

bool is_vertex(const std::string& word) {
    if (word == "pass") return true;
    if (word.size() < 2 || word.size() > 3 || word[0] < 'A' || word[0] > 'T' || word[0] == 'I') return false;
    return std::all_of(word.begin() + 1, word.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// A number as the format writes it: digits for Leela Zero (0-10000), a
// signed decimal for KataGo. (No std::regex: GCC 12 warns inside it under
// the sanitizers.)
bool is_number(const std::string& word, bool decimal) {
    std::size_t digits = 0, points = 0;
    for (std::size_t i = 0; i < word.size(); ++i) {
        const char c = word[i];
        if (c >= '0' && c <= '9')
            ++digits;
        else if (decimal && c == '.')
            ++points;
        else if (!(decimal && c == '-' && i == 0))
            return false;
    }
    return digits > 0 && points <= 1;
}

struct Reported {
    std::string move;
    std::uint64_t visits;
    double winrate, prior, lcb;
    std::string pv;
    std::size_t order;
};

// One move's report, its keys in the order Leela Zero (winrate, prior, lcb
// in 0-10000) or KataGo (fractions, with utilities) writes them.
std::optional<Reported> parse_move(const std::string& part, bool kata) {
    std::istringstream in(part);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    const std::vector<std::string> keys =
        kata ? std::vector<std::string>{"visits", "utility", "winrate", "prior", "lcb", "utilityLcb", "order"}
             : std::vector<std::string>{"visits", "winrate", "prior", "lcb", "order"};
    const std::size_t pv_at = 3 + 2 * keys.size();
    if (words.size() < pv_at + 2 || words[0] != "info" || words[1] != "move" || !is_vertex(words[2]) ||
        words[pv_at] != "pv")
        return std::nullopt;
    std::map<std::string, std::string> value;
    for (std::size_t k = 0; k < keys.size(); ++k) {
        const auto& word = words[3 + 2 * k + 1];
        const bool decimal = kata && keys[k] != "visits" && keys[k] != "order";
        if (words[3 + 2 * k] != keys[k] || !is_number(word, decimal)) return std::nullopt;
        if (!kata || (keys[k] != "utility" && keys[k] != "utilityLcb"))
            if (word[0] == '-') return std::nullopt;
        value[keys[k]] = word;
    }
    std::string pv;
    for (std::size_t i = pv_at + 1; i < words.size(); ++i) {
        if (!is_vertex(words[i])) return std::nullopt;
        pv += " " + words[i];
    }
    const double scale = kata ? 1 : 10'000;
    return Reported{words[2],
                    std::stoull(value["visits"]),
                    std::stod(value["winrate"]) / scale,
                    std::stod(value["prior"]) / scale,
                    std::stod(value["lcb"]) / scale,
                    pv,
                    std::stoul(value["order"])};
}

// The moves of one report line; a failed expectation if the line is not one.
std::vector<Reported> parse_report(const std::string& line, bool kata = false) {
    std::vector<Reported> moves;
    std::size_t at = 0;
    while (at < line.size()) {
        auto next = line.find(" info move ", at + 1);
        if (next == std::string::npos) next = line.size();
        const std::string part = line.substr(at, next - at);
        const auto move = parse_move(part, kata);
        if (!move) {
            ADD_FAILURE() << "not a report: '" << part << "' in " << line;
            return {};
        }
        EXPECT_EQ(move->order, moves.size()) << line;
        moves.push_back(*move);
        EXPECT_GE(move->winrate, 0);
        EXPECT_LE(move->winrate, 1);
        EXPECT_LE(move->lcb, move->winrate + 1e-4) << part;
        EXPECT_EQ(move->pv.substr(1, move->move.size()), move->move) << part;
        at = next + 1;
    }
    return moves;
}
TEST(GtpAnalysis, RefusesBadArgumentsAndChangesNothing) {
    Session s(capped(200));
    s.handle("boardsize 7");
    s.handle("play b D4");
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"lz-analyze -1", "interval must be 0 to 100000 centiseconds"},
        {"lz-analyze 100001", "interval must be 0 to 100000 centiseconds"},
        {"lz-analyze 99999999999999999999999", "interval must be 0 to 100000 centiseconds"},
        {"lz-analyze fast", "'fast' needs a value"},
        {"lz-analyze b x y", "unknown analysis key 'x'"},
        {"lz-analyze b 10 interval", "'interval' needs a value"},
        {"lz-analyze b 10 interval -5", "interval must be 0 to 100000 centiseconds"},
        {"lz-analyze 10 maxmoves many", "maxmoves must be 0 to 1000"},
        {"lz-analyze 10 minmoves -1", "minmoves must be 0 to 1000"},
        {"lz-analyze 10 avoid b D4 1", "unknown analysis key 'avoid'"},
        {"lz-analyze 10 ownership true", "unknown analysis key 'ownership'"},
        {"analyze 10 ownership true", "unknown analysis key 'ownership'"},
        {"kata-analyze 10 ownership maybe", "ownership must be true or false"},
        {"kata-analyze 10 pvVisits", "'pvVisits' needs a value"},
        {"lz-genmove_analyze", "syntax error (a colour first: b or w)"},
        {"lz-genmove_analyze 10", "syntax error (a colour first: b or w)"},
        {"kata-genmove_analyze red 10", "syntax error (a colour first: b or w)"},
        {"genmove_analyze w -10", "interval must be 0 to 100000 centiseconds"},
    };
    const std::string before = s.game().position();
    for (const auto& [line, error] : cases) {
        EXPECT_EQ(s.handle(line), "? " + error + "\n\n") << line;
        EXPECT_EQ(s.game().position(), before) << line;
        // No analysis runs: the next command's response comes alone.
        EXPECT_EQ(s.handle("name"), "= Ply\n\n") << line;
    }
    EXPECT_EQ(s.handle("undo"), "= \n\n") << "the move before is still the last";
}

// With an interval longer than the search, one report at its end; the
// search is genmove's (the same seed, the same move), and its visits are
// the iterations asked for.
TEST(GtpAnalysis, GenmoveAnalyzeReportsThenPlaysGenmovesMove) {
    for (const std::string command : {"lz-genmove_analyze", "kata-genmove_analyze", "genmove_analyze"}) {
        const bool kata = command == "kata-genmove_analyze";
        Session plain(capped(300)), analysed(capped(300));
        const std::string genmove = plain.handle("3 genmove b");
        ASSERT_EQ(genmove.substr(0, 3), "=3 ");
        const std::string move = genmove.substr(3, genmove.size() - 5);
        const auto lines = lines_of(analysed.handle("3 " + command + " b 100000"));
        ASSERT_EQ(lines.size(), 4u) << command;
        EXPECT_EQ(lines[0], "=3");
        const auto report = parse_report(lines[1], kata);
        EXPECT_EQ(lines[2], "play " + move);
        EXPECT_EQ(lines[3], "");
        ASSERT_FALSE(report.empty());
        EXPECT_EQ(report[0].move, move) << "order 0 is the move played";
        std::uint64_t visits = 0;
        for (const auto& r : report) visits += r.visits;
        EXPECT_EQ(visits, 300u) << "every iteration visits one move of the root";
        EXPECT_EQ(analysed.game().position(), plain.game().position()) << "and plays it";
        EXPECT_EQ(analysed.handle("name"), "= Ply\n\n");
    }
    // Short intervals: a report each, then the move.
    Session s(capped(3000));
    const auto lines = lines_of(s.handle("lz-genmove_analyze w 1 maxmoves 3"));
    ASSERT_GE(lines.size(), 4u);
    EXPECT_EQ(lines.front(), "=");
    EXPECT_EQ(lines.back(), "");
    EXPECT_EQ(lines[lines.size() - 2].substr(0, 5), "play ");
    for (std::size_t i = 1; i + 2 < lines.size(); ++i) EXPECT_LE(parse_report(lines[i]).size(), 3u);
    EXPECT_EQ(s.game().to_move(), go::Black) << "White's move was played after Black's pass";
}

// Each move searched reports its own line (the move, then the most visited
// reply below it) and its share of Go's move priors (fitted features), not
// an equal share.
TEST(GtpAnalysis, EveryMoveHasItsLineAndItsPrior) {
    Session s(capped(200));
    s.handle("boardsize 9");
    s.handle("play b E5");
    EXPECT_EQ(s.handle("lz-analyze w 5"), "=\n");
    std::vector<Reported> report;
    const auto deadline = std::chrono::steady_clock::now() + 30s;
    while (std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(200ms);
        const auto lines = lines_of(s.handle(""));  // stops it; its last report before the blank line
        ASSERT_GE(lines.size(), 1u);
        if (lines.size() >= 2) report = parse_report(lines[lines.size() - 2]);
        if (!report.empty() && report.front().visits >= 300) break;
        EXPECT_EQ(s.handle("lz-analyze w 5"), "=\n");
    }
    ASSERT_GE(report.size(), 3u);
    int long_lines = 0;
    double shares = 0, least = 1, most = 0;
    for (const auto& r : report) {
        long_lines += r.visits >= 30 && r.pv.size() > r.move.size() + 1;
        shares += r.prior;
        least = std::min(least, r.prior);
        most = std::max(most, r.prior);
    }
    EXPECT_GE(long_lines, 2) << "more than the chosen move has a line";
    EXPECT_LE(shares, 1.0 + 1e-3);
    EXPECT_GT(most, 2 * least) << "the priors tell the moves apart";
}

std::uint64_t total_visits(const std::vector<Reported>& report) {
    std::uint64_t total = 0;
    for (const auto& r : report) total += r.visits;
    return total;
}

// With pondering the engine searches on after its move until the next line
// arrives, silently, and the next search starts from that tree. A twin that
// does not ponder (the same seed: the same searches) shows what reuse alone
// brings.
TEST(GtpAnalysis, PonderingSearchesOnInTheOpponentsTime) {
    const auto visits = [](Session& s) {
        const auto lines = lines_of(s.handle("lz-genmove_analyze w 100000"));
        EXPECT_EQ(lines.size(), 4u);
        return lines.size() == 4 ? total_visits(parse_report(lines[1])) : 0;
    };
    Session plain(capped(300));
    const std::string move = plain.handle("genmove b");
    const std::uint64_t without = visits(plain);
    EXPECT_LE(without, 600u) << "300 of its own, at most 300 kept from the move before";
    Options pondering = capped(300);
    pondering.ponder = true;
    // Longer waits only for a loaded machine (sanitizers, other jobs).
    for (auto wait = 500ms;; wait *= 2) {
        Session pondered(pondering);
        EXPECT_EQ(pondered.handle("genmove b"), move);
        std::this_thread::sleep_for(wait);
        EXPECT_EQ(pondered.handle("name"), "= Ply\n\n") << "the pondering stopped without a word";
        const std::uint64_t with = visits(pondered);
        if (with > without + 100 || wait >= 8s) {
            EXPECT_GT(with, without + 100) << "the pondering's visits were kept";
            break;
        }
    }
}

// Streamed lines go to the output as they come; the next line stops them.
TEST(GtpAnalysis, LzAnalyzeStopsAtTheNextLine) {
    Session s(capped(200));
    s.handle("boardsize 9");
    s.handle("play b E5");
    const std::string before = s.game().position();
    std::mutex mutex;
    std::string out;
    const auto streamed = [&] {
        const std::lock_guard lock(mutex);
        return out;
    };
    s.set_output([&](const std::string& text) {
        const std::lock_guard lock(mutex);
        out += text;
    });
    EXPECT_EQ(s.handle("7 lz-analyze w 2"), "") << "the response goes to the output";
    // Until the reports have more visits than genmove's cap (the machine may be busy).
    const auto deadline = std::chrono::steady_clock::now() + 30s;
    std::vector<std::string> lines;
    while (std::chrono::steady_clock::now() < deadline) {
        lines = lines_of(streamed());
        if (lines.size() >= 4 && total_visits(parse_report(lines.back())) > 200) break;
        std::this_thread::sleep_for(20ms);
    }
    EXPECT_EQ(s.handle("8 name"), "=8 Ply\n\n");
    lines = lines_of(streamed());
    ASSERT_GE(lines.size(), 5u);
    EXPECT_EQ(lines.front(), "=7");
    EXPECT_EQ(lines.back(), "") << "the analysis's response ends before the next one";
    std::uint64_t last_total = 0;
    for (std::size_t i = 1; i + 1 < lines.size(); ++i) {
        const auto report = parse_report(lines[i]);
        EXPECT_GE(total_visits(report), last_total) << "the tree grows from report to report";
        last_total = total_visits(report);
        for (const auto& r : report) EXPECT_NE(r.move, "E5") << "a stone's point is no move";
    }
    EXPECT_GT(last_total, 200u) << "analysis is not held to genmove's iterations";
    const std::string stopped = streamed();
    std::this_thread::sleep_for(50ms);
    EXPECT_EQ(streamed(), stopped) << "nothing streamed after it stopped";
    EXPECT_EQ(s.game().position(), before);

    // Without an output the lines wait for handle(); Black's view, White to
    // move in the game (a pass first, not played); an empty line stops it.
    Session t(capped(200));
    t.handle("play b E5");
    EXPECT_EQ(t.handle("kata-analyze b 2 maxmoves 2 ownership true"), "=\n");
    std::this_thread::sleep_for(300ms);
    const auto kata = lines_of(t.handle(""));
    ASSERT_GE(kata.size(), 1u);
    EXPECT_EQ(kata.back(), "");
    for (std::size_t i = 0; i + 1 < kata.size(); ++i) {
        const auto report = parse_report(kata[i], true);
        EXPECT_LE(report.size(), 2u);
        for (const auto& r : report) EXPECT_NE(r.move, "E5");
    }
    EXPECT_EQ(t.game().position(), before) << "analysing Black's move played nothing";
    EXPECT_EQ(t.handle("name"), "= Ply\n\n");
}

// `ply gtp` in a child process, spoken to through pipes.
class Engine {
public:
    explicit Engine(const std::vector<std::string>& args) {
        int to[2], from[2];
        if (::pipe(to) != 0 || ::pipe(from) != 0) return;
        std::vector<char*> argv{const_cast<char*>(PLY_BINARY), const_cast<char*>("gtp")};
        for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        pid_ = ::fork();
        if (pid_ == 0) {
            ::dup2(to[0], STDIN_FILENO);
            ::dup2(from[1], STDOUT_FILENO);
            ::close(to[1]);
            ::close(from[0]);
            ::execv(PLY_BINARY, argv.data());
            ::_exit(127);
        }
        ::close(to[0]);
        ::close(from[1]);
        in_ = to[1];
        out_ = from[0];
    }
    ~Engine() {
        close_input();
        if (out_ >= 0) ::close(out_);
        if (pid_ > 0 && !exited_) {
            ::kill(pid_, SIGKILL);
            ::waitpid(pid_, nullptr, 0);
        }
    }
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    void send(const std::string& line) {
        const std::string text = line + "\n";
        ASSERT_EQ(::write(in_, text.data(), text.size()), static_cast<ssize_t>(text.size()));
    }
    void close_input() {
        if (in_ >= 0) ::close(in_);
        in_ = -1;
    }
    // The next line, or nothing if none comes within `wait`.
    std::optional<std::string> line(std::chrono::milliseconds wait = 10s) {
        const auto deadline = std::chrono::steady_clock::now() + wait;
        while (true) {
            if (const auto nl = buffer_.find('\n'); nl != std::string::npos) {
                std::string l = buffer_.substr(0, nl);
                buffer_.erase(0, nl + 1);
                return l;
            }
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
            pollfd p{out_, POLLIN, 0};
            if (left.count() <= 0 || ::poll(&p, 1, static_cast<int>(left.count())) <= 0) return std::nullopt;
            char chunk[4096];
            const ssize_t n = ::read(out_, chunk, sizeof chunk);
            if (n <= 0) return std::nullopt;
            buffer_.append(chunk, static_cast<std::size_t>(n));
        }
    }
    // The exit code, or -1 if it has not ended within `wait`.
    int exit_code(std::chrono::milliseconds wait = 10s) {
        const auto deadline = std::chrono::steady_clock::now() + wait;
        int status = 0;
        while (std::chrono::steady_clock::now() < deadline) {
            if (::waitpid(pid_, &status, WNOHANG) == pid_) {
                exited_ = true;
                return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
            }
            std::this_thread::sleep_for(10ms);
        }
        return -1;
    }

private:
    pid_t pid_ = -1;
    int in_ = -1, out_ = -1;
    bool exited_ = false;
    std::string buffer_;
};

// As Sabaki does: start the analysis, read its lines, send the next
// command (a move), and the analysis stops with the command answered.
TEST(GtpAnalysis, DrivenAsSabakiDrivesIt) {
    Engine engine({"--threads", "1"});
    engine.send("1 boardsize 9");
    EXPECT_EQ(engine.line(), "=1 ");
    EXPECT_EQ(engine.line(), "");
    engine.send("2 lz-analyze b 5");
    EXPECT_EQ(engine.line(), "=2");
    for (int i = 0; i < 3; ++i) {
        const auto report = engine.line();
        ASSERT_TRUE(report) << "report " << i << " did not come";
        EXPECT_FALSE(parse_report(*report).empty()) << *report;
    }
    engine.send("3 play b E5");
    // Reports may still be on their way; then the end of the analysis's response.
    std::optional<std::string> l;
    while ((l = engine.line()) && l->starts_with("info ")) {}
    EXPECT_EQ(l, "");
    EXPECT_EQ(engine.line(), "=3 ");
    EXPECT_EQ(engine.line(), "");
    EXPECT_EQ(engine.line(300ms), std::nullopt) << "nothing more once stopped";
    // Again for White, the move played; then the end of input during an analysis.
    engine.send("kata-analyze w 5");
    EXPECT_EQ(engine.line(), "=");
    const auto report = engine.line();
    ASSERT_TRUE(report);
    for (const auto& r : parse_report(*report, true)) EXPECT_NE(r.move, "E5");
    engine.close_input();
    while ((l = engine.line()) && l->starts_with("info ")) {}
    EXPECT_EQ(l, "") << "the response ends with the input";
    EXPECT_EQ(engine.exit_code(), 0);
}

TEST(GtpAnalysis, QuitDuringAnalysisAnswersAndExits) {
    Engine engine({});
    engine.send("lz-analyze 1");
    EXPECT_EQ(engine.line(), "=");
    engine.send("quit");
    std::optional<std::string> l;
    while ((l = engine.line()) && l->starts_with("info ")) {}
    EXPECT_EQ(l, "");
    EXPECT_EQ(engine.line(), "= ");
    EXPECT_EQ(engine.line(), "");
    EXPECT_EQ(engine.exit_code(), 0);
}

TEST(GtpAnalysis, WinrateLowerBound) {
    // Wilson's interval at 95%: 50 wins in 100 gives 0.4038 (published tables).
    EXPECT_NEAR(winrate_lcb(0.5, 100), 0.4038, 1e-4);
    EXPECT_NEAR(winrate_lcb(1.0, 10), 0.7225, 1e-4);
    EXPECT_EQ(winrate_lcb(0.0, 10), 0.0);
    EXPECT_EQ(winrate_lcb(0.7, 0), 0.0);
    EXPECT_EQ(info_line({{"D4", 10, 0.5, 0.25, {"D4", "E5"}}, {"pass", 1, 1.0, 0.25, {"pass"}}}, AnalysisFormat::Leela),
              "info move D4 visits 10 winrate 5000 prior 2500 lcb 2366 order 0 pv D4 E5 "
              "info move pass visits 1 winrate 10000 prior 2500 lcb 2065 order 1 pv pass");
    EXPECT_EQ(info_line({{"D4", 10, 0.5, 0.25, {"D4"}}}, AnalysisFormat::Kata),
              "info move D4 visits 10 utility 0.000000 winrate 0.500000 prior 0.250000 lcb 0.236590 utilityLcb "
              "-0.526821 order 0 pv D4");
}

}  // namespace
}  // namespace ply::gtp::analysis_test
