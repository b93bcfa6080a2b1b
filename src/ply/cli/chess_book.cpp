// `ply book chess`: a Polyglot opening book made from the games of a PGN
// file, as `polyglot make-book` makes it (games/chess/polyglot.hpp says how
// moves are counted and weighed).
#include <iostream>
#include <optional>
#include <sstream>
#include <unordered_set>
#include <vector>

#include <ply/cli/book.hpp>
#include <ply/cli/lines.hpp>
#include <ply/cli/report.hpp>
#include <ply/core/text_file.hpp>
#include <ply/games/chess/notation.hpp>
#include <ply/games/chess/polyglot.hpp>
#include <ply/tools/arena/openings.hpp>
#include <ply/tools/output_file.hpp>

namespace ply::cli {

namespace {

using chess::polyglot::GameResult;

// The Result tag, else the termination marker; anything else ("*", none)
// counts as a draw, as polyglot counts it.
GameResult result_of(const arena::PgnGame& game) {
    const std::string* tag = game.tag("Result");
    const std::string& text = tag && *tag != "*" ? *tag : game.result;
    if (text == "1-0") return GameResult::WhiteWins;
    if (text == "0-1") return GameResult::BlackWins;
    return GameResult::Draw;
}

// The game's first `max_ply` moves from its start (the FEN tag, if any);
// throws ParseError saying which move is wrong.
std::vector<chess::Move> first_moves(const arena::PgnGame& game, const chess::Position& start, int max_ply) {
    chess::Position pos = start;
    std::vector<chess::Move> moves;
    for (const auto& text : game.moves) {
        if (static_cast<int>(moves.size()) >= max_ply) break;
        const chess::Move m = chess::parse_san(pos, text);
        pos.make(m);
        moves.push_back(m);
    }
    return moves;
}

}  // namespace

void write_chess_book(const CLI::App& cmd, const BookOptions& opts) {
    std::optional<OutputFile> file;  // opened before the work, renamed into place after it
    std::vector<arena::PgnGame> games;
    try {
        file.emplace(opts.out);
        std::istringstream in(read_text_file(opts.pgn, "PGN file"));
        games = arena::read_pgn(in);
    } catch (const ParseError& e) {
        input_error(cmd, e.what());
    }
    if (games.empty()) input_error(cmd, "no game in '" + opts.pgn + "'");
    const Stopwatch clock;
    chess::polyglot::BookMaker maker;
    for (std::size_t i = 0; i < games.size(); ++i) {
        const std::string* fen = games[i].tag("FEN");
        try {
            const auto start = fen ? chess::Position::from_fen(*fen) : chess::Position();
            maker.add_game(start, first_moves(games[i], start, opts.max_ply), result_of(games[i]), opts.max_ply);
        } catch (const ParseError& e) {
            input_error(cmd, opts.pgn + ": game " + std::to_string(i + 1) + ": " + e.what());
        }
    }
    const auto entries = maker.entries(opts.min_game);
    file->stream() << chess::polyglot::to_bytes(entries);
    try {
        file->commit();
    } catch (const ParseError& e) {
        input_error(cmd, e.what());
    }
    std::unordered_set<std::uint64_t> positions;
    for (const auto& e : entries) positions.insert(e.key);
    std::cout << "wrote " << entries.size() << " moves in " << positions.size() << " positions from " << maker.games()
              << " games to " << opts.out << " (" << seconds_text(clock.seconds()) << ")\n";
}

}  // namespace ply::cli
