#include <ply/gtp/analysis.hpp>

#include <array>
#include <cmath>
#include <cstdio>
#include <exception>

#include <ply/gtp/parse.hpp>

namespace ply::gtp {

namespace {

constexpr long long kMaxInterval = 100'000;  // centiseconds: a report every 1000 s at most
constexpr long long kMaxMovesAsked = 1'000;
// KataGo's keys that ask for more than Ply reports: accepted with true or false.
constexpr std::array<std::string_view, 6> kKataFlags = {"ownership", "ownershipStdev", "movesOwnership",
                                                        "pvVisits",  "pvEdgeVisits",   "rootInfo"};

std::string kata_number(double v) {
    std::array<char, 32> text{};
    std::snprintf(text.data(), text.size(), "%.6f", v);
    return text.data();
}

}  // namespace

std::optional<AnalyzeCommand> analyze_command(const std::string& name) {
    if (name == "lz-analyze" || name == "analyze") return AnalyzeCommand{AnalysisFormat::Leela, false};
    if (name == "kata-analyze") return AnalyzeCommand{AnalysisFormat::Kata, false};
    if (name == "lz-genmove_analyze" || name == "genmove_analyze") return AnalyzeCommand{AnalysisFormat::Leela, true};
    if (name == "kata-genmove_analyze") return AnalyzeCommand{AnalysisFormat::Kata, true};
    return std::nullopt;
}

std::variant<AnalyzeRequest, std::string> parse_analyze(const AnalyzeCommand& command,
                                                        const std::vector<std::string>& args) {
    AnalyzeRequest r;
    r.format = command.format;
    std::size_t at = 0;
    if (at < args.size() && parse_colour(args[at])) r.colour = parse_colour(args[at++]);
    if (command.genmove && !r.colour) return std::string("syntax error (a colour first: b or w)");
    const auto interval = [&](const std::string& word) {
        const auto v = parse_int_in(word, 0, kMaxInterval);
        if (v) r.interval_cs = static_cast<int>(*v);
        return v.has_value();
    };
    const std::string bad_interval = "interval must be 0 to " + std::to_string(kMaxInterval) + " centiseconds";
    if (at < args.size() && all_digits(args[at]) && !interval(args[at++])) return bad_interval;
    if (at < args.size() && args[at][0] == '-' && all_digits(args[at].substr(1))) return bad_interval;
    for (; at < args.size(); at += 2) {
        const std::string& key = args[at];
        if (at + 1 >= args.size()) return "'" + key + "' needs a value";
        const std::string& value = args[at + 1];
        if (key == "interval") {
            if (!interval(value)) return bad_interval;
        } else if (key == "minmoves" || key == "maxmoves") {
            const auto v = parse_int_in(value, 0, kMaxMovesAsked);
            if (!v) return key + " must be 0 to " + std::to_string(kMaxMovesAsked);
            if (key == "maxmoves" && *v > 0) r.max_moves = static_cast<std::size_t>(*v);
        } else if (command.format == AnalysisFormat::Kata &&
                   std::find(kKataFlags.begin(), kKataFlags.end(), key) != kKataFlags.end()) {
            if (value != "true" && value != "false") return key + " must be true or false";
        } else {
            return "unknown analysis key '" + key + "'";
        }
    }
    return r;
}

double winrate_lcb(double winrate, std::uint64_t visits) {
    if (visits == 0) return 0;
    constexpr double z = 1.96;
    const double n = static_cast<double>(visits), z2 = z * z;
    const double centre = winrate + z2 / (2 * n);
    const double spread = z * std::sqrt(winrate * (1 - winrate) / n + z2 / (4 * n * n));
    return std::max(0.0, (centre - spread) / (1 + z2 / n));
}

std::string info_line(const std::vector<MoveInfo>& moves, AnalysisFormat format) {
    std::string line;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const MoveInfo& m = moves[i];
        const double lcb = winrate_lcb(m.winrate, m.visits);
        line += (i ? " info move " : "info move ") + m.move + " visits " + std::to_string(m.visits);
        if (format == AnalysisFormat::Leela) {
            const auto scaled = [](double v) { return std::to_string(std::lround(v * 10'000)); };
            line += " winrate " + scaled(m.winrate) + " prior " + scaled(m.prior) + " lcb " + scaled(lcb);
        } else {
            line += " utility " + kata_number(2 * m.winrate - 1) + " winrate " + kata_number(m.winrate) + " prior " +
                    kata_number(m.prior) + " lcb " + kata_number(lcb) + " utilityLcb " + kata_number(2 * lcb - 1);
        }
        line += " order " + std::to_string(i) + " pv";
        for (const auto& p : m.pv) line += " " + p;
    }
    return line;
}

void Background::start(std::function<void(const std::atomic<bool>&)> work) {
    stop();
    stop_ = false;
    thread_ = std::thread([this, work = std::move(work)] {
        try {
            work(stop_);
        } catch (const std::exception&) {
            // The analysis ends; the session answers the next line as usual.
        }
    });
}

bool Background::stop() {
    if (!thread_.joinable()) return false;
    stop_ = true;
    thread_.join();
    return true;
}

void wait_until(std::chrono::steady_clock::time_point deadline, const std::atomic<bool>& stop) {
    while (!stop && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(
            std::chrono::milliseconds(5), deadline - std::chrono::steady_clock::now()));
}

}  // namespace ply::gtp
