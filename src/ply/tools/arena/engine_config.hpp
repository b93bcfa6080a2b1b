// How an engine of a match is described on the command line, and the factory
// that turns a description into a Player.
//
//   cmd=stockfish name=SF proto=uci dir=/tmp option.Hash=64 tc=10+0.1
//   cmd="fairymax" proto=xboard st=1
//   cmd="gnugo --mode gtp --level 10" proto=gtp st=2
//   cmd=ply:game=connect4,algo=alphabeta,depth=6
//   cb=/usr/lib/libplycheckers.so option.hashsize=64 st=1
//
// Keys: cmd (required; "ply:..." selects Ply's own player) or cb (a
// CheckerBoard engine library, cb_player.hpp), name, proto
// (uci | xboard | gtp), dir (working directory), option.NAME=VALUE (UCI
// setoption; for xboard sent as `option NAME=VALUE`, for GTP as the command
// `NAME VALUE`), tc, nodes, depth, st (seconds per
// move), timeout (seconds to wait for a move without a clock), stderr (file
// for the engine's standard error).
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <ply/tools/arena/game_support.hpp>
#include <ply/tools/arena/player.hpp>
#include <ply/tools/arena/time_control.hpp>

namespace ply::arena {

enum class Protocol { Uci, Xboard, Gtp, Ply, CheckerBoard };

struct EngineConfig {
    std::string name;
    std::string command;  // the whole command line, the ply: spec, or the library's path
    Protocol protocol = Protocol::Uci;
    std::string dir;
    std::string stderr_path;
    std::vector<std::pair<std::string, std::string>> options;
    Limits limits;
    double timeout = 0;  // 0: the match's default
};

// Parses the words following --engine (or --each when `partial`); throws
// ParseError on an unknown key or a bad value.
EngineConfig parse_engine_config(const std::vector<std::string>& words, bool partial = false);
// Applies --each: options, dir, limits and timeout that `engine` does not set;
// throws ParseError for limits the engine's protocol cannot carry.
void apply_each(EngineConfig& engine, const EngineConfig& each);

// Ply's players (ply: specs) are made for `game`, which UCI and xboard
// engines do not need; throws ParseError for a bad spec.
std::unique_ptr<Player> make_player(const EngineConfig& config, const GameSupport& game = {});

}  // namespace ply::arena
