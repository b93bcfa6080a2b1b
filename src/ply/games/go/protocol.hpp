// Go's part of the engine protocols: what gtp::GtpGame (the `ply gtp`
// engine) and the arena's GTP players ask of a game beyond its rules. An
// empty board of a size with a komi, vertices as GTP writes them, the final
// score as `final_score` says it, the board for `showboard`, and the GTP
// commands that set up a position on another engine. GTP itself stays in gtp/.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <ply/core/error.hpp>
#include <ply/core/protocol.hpp>
#include <ply/games/go/cleanup.hpp>
#include <ply/games/go/go.hpp>
#include <ply/games/go/handicap.hpp>
#include <ply/games/go/status.hpp>

namespace ply {

template <>
struct EngineProtocol<go::Go> {
    using Game = go::Go;
    using Move = go::Move;

    static constexpr int min_board_size = 2;
    static constexpr int max_board_size = go::kMaxSize;
    static constexpr Move pass = go::kPass;
    // Komi as Go keeps it, in half points, at most this far from 0.
    static constexpr double max_komi = 1000;

    // An empty board; throws ParseError for a komi that is no whole or half
    // point (GTP sends floats; the rules count half points).
    static Game empty_board(int size, double komi) {
        const double halves = komi * 2;
        if (!std::isfinite(komi) || std::abs(komi) > max_komi || halves != std::floor(halves))
            throw ParseError("komi must be a whole or half point, at most " + std::to_string(int(max_komi)));
        return Game(size, static_cast<int>(halves));
    }
    static double komi(const Game& g) { return g.komi_halves() / 2.0; }
    static int board_size(const Game& g) { return g.size(); }

    // The point of a GTP vertex (column letter and row, or "pass") on this
    // board; nothing if it lies off the board.
    static std::optional<Move> vertex(const Game& g, std::string_view text) {
        try {
            return Game::parse_vertex(text, g.size());
        } catch (const ParseError&) {
            return std::nullopt;
        }
    }
    static std::string vertex_text(Move m) { return Game::vertex(m); }

    // Whether the side to move wins if the game ends now (both pass), by
    // the area count of the board as it stands: a pass then ends it well.
    static bool mover_ahead(const Game& g) {
        const int lead = g.black_lead_halves();
        return g.to_move() == go::Black ? lead > 0 : lead < 0;
    }
    // Before a pass: a move that takes the opponent's dead stones off the
    // board (cleanup.hpp), so that the count at the end is everyone's.
    static std::optional<Move> cleanup_move(const Game& g, std::uint64_t seed) {
        return go::dead_stone_capture(g, seed);
    }
    // In KGS's cleanup phase: a move against any string `final_status_list`
    // calls dead, before a pass.
    static std::optional<Move> dead_string_attack(const Game& g, std::uint64_t seed) {
        return go::dead_string_attack(g, seed);
    }
    // The same start position with another komi (no moves played on it).
    static Game with_komi(const Game& start, double komi) {
        const Game check = empty_board(start.size(), komi);  // throws for a bad komi
        const std::string text = start.position();
        return Game::from_position(text.substr(0, text.rfind(' ') + 1) + Game::komi_text(check.komi_halves()));
    }
    // `start`'s empty board with Black's handicap stones on it, White to move.
    static Game with_handicap(const Game& start, const std::vector<Move>& black) {
        const int n = start.size();
        std::string rows;
        for (int r = n - 1; r >= 0; --r) {
            for (int c = 0; c < n; ++c)
                rows += std::find(black.begin(), black.end(), go::point_at(c, r)) != black.end() ? 'X' : '.';
            if (r > 0) rows += '/';
        }
        return Game::from_position(rows + " w " + Game::komi_text(start.komi_halves()));
    }
    static bool board_empty(const Game& g) { return g.board().empty_count() == g.size() * g.size(); }
    // Handicap points (handicap.hpp); empty when the count does not fit.
    static std::vector<Move> fixed_handicap(const Game& g, int stones) { return go::fixed_handicap(g.size(), stones); }
    static std::vector<Move> free_handicap(const Game& g, int stones) { return go::free_handicap(g.size(), stones); }
    // KGS's cleanup phase: play goes on after both passed.
    static void resume(Game& g) { g.resume(); }

    // An SGF record's main line: its start position (size, komi, setup
    // stones, side to move) and its moves; throws ParseError.
    static std::pair<Game, std::vector<Move>> sgf_main_line(std::string_view text) {
        Game g = Game::from_sgf(text);
        std::vector<Move> moves;
        while (g.has_last_move()) {
            moves.insert(moves.begin(), g.last_move());
            g.unmake(g.last_move());
        }
        return {std::move(g), std::move(moves)};
    }
    // `printsgf`: the game as an SGF record, one line.
    static std::string record(const Game& g) {
        std::string text = g.to_sgf();
        while (!text.empty() && text.back() == '\n') text.pop_back();
        return text;
    }
    // `final_status_list`: the strings of a status ("alive", "dead" or
    // "seki"; status.hpp), each as its stones; nothing for another word.
    static std::optional<std::vector<std::vector<Move>>> final_status_list(const Game& g, std::string_view which,
                                                                           std::uint64_t seed) {
        go::StoneStatus wanted = go::StoneStatus::None;
        if (which == "alive") wanted = go::StoneStatus::Alive;
        if (which == "dead") wanted = go::StoneStatus::Dead;
        if (which == "seki") wanted = go::StoneStatus::Seki;
        if (wanted == go::StoneStatus::None) return std::nullopt;
        const auto status = go::stone_statuses(g, seed);
        std::vector<std::vector<Move>> strings;
        for (go::Point head = 0; head < go::kPoints; ++head) {
            if (status[head] != wanted || g.board().string_of(head) != head) continue;
            std::vector<Move> stones;
            for (go::Point p = head;;) {
                stones.push_back(p);
                p = g.board().next_stone(p);
                if (p == head) break;
            }
            std::sort(stones.begin(), stones.end());
            strings.push_back(std::move(stones));
        }
        std::sort(strings.begin(), strings.end());
        return strings;
    }

    // `final_score`: "B+3.5", "W+0.5", "0" (Tromp-Taylor, every stone alive).
    static std::string final_score(const Game& g) { return g.result_text(); }
    // `showboard`: the board as `ply play` draws it, no blank line in it.
    static std::string showboard(const Game& g) {
        std::string text = g.render();
        while (!text.empty() && text.back() == '\n') text.pop_back();
        return text;
    }

    // The game as an SGF record (`ply match --sgf`), the players named; `how`
    // says how it ended where the board does not: "R" resigned, "T" time,
    // "F" forfeit, with the winner (0 Black, 1 White); "" when both passed
    // (the record then holds the count).
    static std::string sgf(const Game& g, const std::string& black, const std::string& white, int winner,
                           const std::string& how) {
        const auto text = [](const std::string& s) {
            std::string out;
            for (const char c : s) out += c == ']' || c == '\\' ? std::string("\\") + c : std::string(1, c);
            return out;
        };
        std::string record = g.to_sgf();
        std::string props = "PB[" + text(black) + "]PW[" + text(white) + "]";
        if (!how.empty())
            props += winner < 0 ? "RE[Void]" : std::string("RE[") + (winner == 0 ? "B+" : "W+") + how + "]";
        const auto at = record.find("RU[");
        return record.insert(at == std::string::npos ? 2 : at, props);
    }

    // The GTP commands that set up `g`'s board on another engine: size,
    // komi, and each stone played by its colour (GTP has no other setup;
    // every string of a legal position keeps a liberty, so none is taken).
    static std::vector<std::string> setup_commands(const Game& g) {
        std::vector<std::string> out = {"boardsize " + std::to_string(g.size()), "clear_board",
                                        "komi " + Game::komi_text(g.komi_halves())};
        for (int row = 0; row < g.size(); ++row)
            for (int column = 0; column < g.size(); ++column) {
                const go::Point p = go::point_at(column, row);
                if (const go::Color c = g.board().at(p); c == go::Black || c == go::White)
                    out.push_back(std::string("play ") + (c == go::Black ? "b " : "w ") + Game::vertex(p));
            }
        return out;
    }
};

}  // namespace ply
