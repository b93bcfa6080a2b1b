// Opening books made from recorded games, for a game that makes them
// (core/describe.hpp, RecordBookGame; chess makes Polyglot books as
// `polyglot make-book` does): `ply book <game> --pgn GAMES.pgn --out FILE`.
#pragma once

#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <ply/cli/book_options.hpp>
#include <ply/cli/errors.hpp>
#include <ply/core/describe.hpp>
#include <ply/core/text_file.hpp>
#include <ply/tools/arena/openings.hpp>
#include <ply/tools/lines.hpp>
#include <ply/tools/output_file.hpp>
#include <ply/tools/search_report.hpp>

namespace ply::cli {

// The Result tag, else the termination marker; anything else ("*", none)
// counts as a draw, as polyglot counts it.
inline describe::RecordResult result_of(const arena::PgnGame& game) {
    const std::string* tag = game.tag("Result");
    const std::string& text = tag && *tag != "*" ? *tag : game.result;
    if (text == "1-0") return describe::RecordResult::FirstPlayerWins;
    if (text == "0-1") return describe::RecordResult::SecondPlayerWins;
    return describe::RecordResult::Draw;
}

// The game's first `max_ply` moves from `start`; throws ParseError saying
// which move is wrong.
template <NotatedGame G>
std::vector<typename G::Move> first_moves(const arena::PgnGame& game, const G& start, int max_ply) {
    G pos = start;
    std::vector<typename G::Move> moves;
    for (const auto& text : game.moves) {
        if (static_cast<int>(moves.size()) >= max_ply) break;
        const auto m = pos.parse_move(text);
        pos.make(m);
        moves.push_back(m);
    }
    return moves;
}

template <describe::RecordBookGame G>
void write_record_book(const CLI::App& cmd, const BookOptions& opts) {
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
    typename G::RecordBookMaker maker;
    for (std::size_t i = 0; i < games.size(); ++i) {
        const std::string* start_tag = games[i].tag("FEN");
        try {
            const G start = G::from_position(start_tag ? *start_tag : describe::start_position<G>());
            maker.add_game(start, first_moves(games[i], start, opts.max_ply), result_of(games[i]), opts.max_ply);
        } catch (const ParseError& e) {
            input_error(cmd, opts.pgn + ": game " + std::to_string(i + 1) + ": " + e.what());
        }
    }
    file->stream() << maker.bytes(opts.min_game);
    try {
        file->commit();
    } catch (const ParseError& e) {
        input_error(cmd, e.what());
    }
    const auto held = maker.summary(opts.min_game);
    if (opts.json) {
        std::cout << nlohmann::json{{"out", opts.out},
                                    {"moves", held.moves},
                                    {"positions", held.positions},
                                    {"games", held.games},
                                    {"seconds", clock.seconds()}}
                         .dump()
                  << "\n";
        return;
    }
    std::cout << "wrote " << held.moves << " moves in " << held.positions << " positions from " << held.games
              << " games to " << opts.out << " (" << seconds_text(clock.seconds()) << ")\n";
}

}  // namespace ply::cli
