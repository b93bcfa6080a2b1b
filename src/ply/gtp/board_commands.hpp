// The GTP commands that set up a board rather than play on it: handicap
// stones (`fixed_handicap`, `place_free_handicap`, `set_free_handicap`),
// game records (`loadsgf`, `printsgf`) and `final_status_list`. Each reads
// its arguments and says what the board becomes; the session applies it
// only if nothing went wrong, so a refused command changes nothing.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include <ply/core/error.hpp>
#include <ply/core/protocol.hpp>
#include <ply/gtp/parse.hpp>
#include <ply/tools/output_file.hpp>

namespace ply::gtp {

// A new start position and the moves played from it; `text` the response.
template <class G>
struct NewBoard {
    G start;
    std::vector<typename G::Move> moves;
    std::string text;
};
template <class G>
using BoardOrError = std::variant<NewBoard<G>, std::string>;

namespace board_commands {

// Records larger than this are refused: a game's record is a few kB.
inline constexpr std::uintmax_t kMaxRecordBytes = 10'000'000;

template <class G>
std::string vertices(const std::vector<typename G::Move>& points) {
    std::string text;
    for (const auto& p : points) text += (text.empty() ? "" : " ") + std::string(EngineProtocol<G>::vertex_text(p));
    return text;
}

// The handicap stones on `game`'s empty board; `fresh`: nothing has been played.
template <class G>
BoardOrError<G> with_handicap(const G& game, bool fresh, const std::vector<typename G::Move>& points) {
    using Protocol = EngineProtocol<G>;
    if (!fresh || !Protocol::board_empty(game)) return std::string("board not empty");
    return NewBoard<G>{Protocol::with_handicap(game, points), {}, vertices<G>(points)};
}

}  // namespace board_commands

// `fixed_handicap N` and `place_free_handicap N`.
template <class G>
BoardOrError<G> handicap(const G& game, bool fresh, const std::vector<std::string>& args, bool free) {
    using Protocol = EngineProtocol<G>;
    long long n = 0;
    if (args.size() != 1 || parse_int(args[0], n) == IntStatus::NotInteger) return std::string("syntax error");
    const int size = Protocol::board_size(game);
    const bool in_range = parse_int(args[0], n) == IntStatus::Ok && n >= 2 && n < size * size;
    const auto points = !in_range ? std::vector<typename G::Move>{}
                        : free    ? Protocol::free_handicap(game, static_cast<int>(n))
                                  : Protocol::fixed_handicap(game, static_cast<int>(n));
    if (points.empty()) return std::string("invalid number of stones");
    return board_commands::with_handicap(game, fresh, points);
}

// `set_free_handicap V...`: at least two distinct points of the board.
template <class G>
BoardOrError<G> set_free_handicap(const G& game, bool fresh, const std::vector<std::string>& args) {
    using Protocol = EngineProtocol<G>;
    if (args.empty()) return std::string("syntax error");
    std::vector<typename G::Move> points;
    for (const auto& word : args) {
        if (!vertex_syntax(word)) return std::string("syntax error");
        const auto p = Protocol::vertex(game, word);
        if (!p || *p == typename G::Move(Protocol::pass)) return "bad vertex list (" + word + " is not on the board)";
        if (std::find(points.begin(), points.end(), *p) != points.end()) return "bad vertex list (" + word + " twice)";
        points.push_back(*p);
    }
    const int size = Protocol::board_size(game);
    if (points.size() < 2 || static_cast<int>(points.size()) >= size * size)
        return "bad vertex list (2 to " + std::to_string(size * size - 1) + " stones)";
    auto board = board_commands::with_handicap(game, fresh, points);
    if (auto* b = std::get_if<NewBoard<G>>(&board)) b->text.clear();
    return board;
}

// `loadsgf FILE [N]`: the record's main line played up to move N (the
// position before it), or to its end.
template <class G>
BoardOrError<G> loadsgf(const std::vector<std::string>& args) {
    using Protocol = EngineProtocol<G>;
    if (args.empty() || args.size() > 2) return std::string("syntax error");
    const auto before = args.size() == 2 ? parse_int_in(args[1], 1, 1'000'000) : std::optional<long long>(1'000'000);
    if (!before) return std::string("syntax error (a move number from 1)");
    std::error_code ec;
    const auto bytes = std::filesystem::file_size(args[0], ec);
    if (ec || !std::filesystem::is_regular_file(args[0], ec)) return "cannot load file " + args[0];
    if (bytes > board_commands::kMaxRecordBytes) return "cannot load file " + args[0] + " (over 10 MB)";
    std::ifstream file(args[0], std::ios::binary);
    std::ostringstream text;
    text << file.rdbuf();
    if (!file) return "cannot load file " + args[0];
    try {
        auto [start, moves] = Protocol::sgf_main_line(text.str());
        if (moves.size() >= static_cast<std::size_t>(*before)) moves.resize(static_cast<std::size_t>(*before - 1));
        return NewBoard<G>{std::move(start), std::move(moves), ""};
    } catch (const ParseError& e) {
        return "cannot load file " + args[0] + ": " + e.what();
    }
}

// `printsgf [FILE]`: the record as the response, or written to FILE whole
// or not at all (tools/output_file.hpp). A device or pipe is refused:
// /dev/stdout would put the record inside the protocol's own output.
template <class G>
Reply printsgf(const G& game, const std::vector<std::string>& args) {
    const std::string record = EngineProtocol<G>::record(game);
    if (args.empty()) return {true, record};
    if (args.size() > 1) return {false, "syntax error"};
    std::error_code ec;
    if (std::filesystem::exists(args[0], ec) && !std::filesystem::is_regular_file(args[0], ec) &&
        !std::filesystem::is_directory(args[0], ec))
        return {false, "cannot write '" + args[0] + "': not a regular file"};
    try {
        OutputFile file(args[0]);
        file.stream() << record << '\n';
        file.commit();
    } catch (const ParseError& e) {
        return {false, e.what()};
    }
    return {true, ""};
}

// `final_status_list alive|dead|seki`: a line of vertices per string.
template <class G>
Reply final_status_list(const G& game, const std::vector<std::string>& args, std::uint64_t seed) {
    const auto strings =
        args.size() == 1 ? EngineProtocol<G>::final_status_list(game, lower(args[0]), seed) : std::nullopt;
    if (!strings) return {false, "syntax error (alive, dead or seki)"};
    std::string text;
    for (const auto& s : *strings) text += (text.empty() ? "" : "\n") + board_commands::vertices<G>(s);
    return {true, text};
}

}  // namespace ply::gtp
