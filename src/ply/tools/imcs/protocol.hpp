// The text of the IMCS protocol (version 2.5, data/minichess/RULES.md) that
// needs no connection: server addresses, reply codes, clocks, prompts, and
// how much of our clock one move may take.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace ply::imcs {

inline constexpr std::string_view kProtocolVersion = "2.5";
inline constexpr int kDefaultPort = 3589;

struct ServerAddress {
    std::string host;
    int port = 0;
};

// "HOST:PORT" (IPv6 as "[ADDR]:PORT"), port 1 to 65535; throws ply::ParseError
// saying what is wrong.
ServerAddress parse_server_address(std::string_view text);

// The three-digit code a reply line starts with ("201 hello me"), or nothing.
std::optional<int> reply_code(std::string_view line);

// A clock as IMCS prints it, "mm:ss.mmm" (minutes may have more digits);
// "m:ss" and plain seconds ("300", "1.5") are read too. Nothing if malformed.
std::optional<std::chrono::milliseconds> parse_clock(std::string_view text);
// Milliseconds as IMCS prints a clock: "05:00.000".
std::string format_clock(std::chrono::milliseconds ms);

// The move prompt "? <my-clock> <opponent-clock>"; "-" for an untimed side.
struct Prompt {
    std::optional<std::chrono::milliseconds> mine, theirs;  // none: untimed
};
std::optional<Prompt> parse_prompt(std::string_view line);

// Does `line` start a position: "<move number> <W|B>"?
bool is_position_header(std::string_view line);

// How long to think about the move `move_number` (1 to 40, the game is drawn
// after Black's 40th) with `clock` left (none: untimed). `free_move`: the
// game's first move, which IMCS does not charge but wants within 60 s.
std::chrono::milliseconds move_budget(std::optional<std::chrono::milliseconds> clock, int move_number, bool free_move);

// Printable text of a line the peer sent, for messages and logs: control
// characters as \xNN, at most `limit` characters and "..." if cut.
std::string printable(std::string_view line, std::size_t limit = 80);

}  // namespace ply::imcs
