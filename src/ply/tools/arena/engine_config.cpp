#include <ply/tools/arena/engine_config.hpp>

#include <charconv>
#include <cmath>
#include <cstdio>

#include <ply/core/error.hpp>
#include <ply/tools/arena/gtp_player.hpp>
#include <ply/tools/arena/uci_player.hpp>
#include <ply/tools/arena/xboard_player.hpp>
#include <ply/tools/number_text.hpp>

namespace ply::arena {

namespace {

template <class T>
T parse_value(const std::string& key, const std::string& text) {
    T v{};
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || v <= T(0))
        throw ParseError("bad value for " + key + ": '" + clip(text) + "'");
    return v;
}

std::string default_name(const std::string& command) {
    if (command.rfind("ply:", 0) == 0) return command;
    auto words = split_command(command);
    std::string prog = words.empty() ? command : words.front();
    if (const auto slash = prog.rfind('/'); slash != std::string::npos) prog = prog.substr(slash + 1);
    return prog;
}

// "libcake.so" -> "libcake": the file without its folder and extension.
std::string library_name(const std::string& path) {
    std::string file = path.substr(path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1);
    if (const auto dot = file.find('.'); dot != std::string::npos && dot > 0) file.resize(dot);
    return file.empty() ? path : file;
}

}  // namespace

EngineConfig parse_engine_config(const std::vector<std::string>& words, bool partial) {
    EngineConfig c;
    bool proto_given = false;
    bool library = false;  // cb=
    for (const auto& w : words) {
        const auto eq = w.find('=');
        if (eq == std::string::npos || eq == 0) throw ParseError("expected key=value, got '" + clip(w) + "'");
        const std::string key = w.substr(0, eq), value = w.substr(eq + 1);
        if (key == "cmd" || key == "cb") {
            if (!c.command.empty()) throw ParseError("an engine takes one cmd= or cb=, not two");
            if (key == "cb" && value.empty()) throw ParseError("cb= needs the path of a CheckerBoard engine library");
            c.command = value;
            library = key == "cb";
        } else if (key == "name")
            c.name = value;
        else if (key == "dir")
            c.dir = value;
        else if (key == "stderr")
            c.stderr_path = value;
        else if (key == "proto") {
            if (value == "uci")
                c.protocol = Protocol::Uci;
            else if (value == "xboard" || value == "cecp")
                c.protocol = Protocol::Xboard;
            else if (value == "gtp")
                c.protocol = Protocol::Gtp;
            else
                throw ParseError("unknown protocol '" + clip(value) + "' (uci, xboard or gtp)");
            proto_given = true;
        } else if (key.rfind("option.", 0) == 0 && key.size() > 7)
            c.options.emplace_back(key.substr(7), value);
        else if (key == "tc")
            c.limits.tc = TimeControl::parse(value);
        else if (key == "nodes")
            c.limits.nodes = parse_value<std::uint64_t>(key, value);
        else if (key == "depth")
            c.limits.depth = parse_value<int>(key, value);
        else if (key == "st")
            c.limits.movetime = parse_value<double>(key, value);
        else if (key == "timeout")
            c.timeout = parse_value<double>(key, value);
        else
            throw ParseError("unknown engine key '" + clip(key) + "'");
    }
    if (partial) return c;
    if (c.command.empty()) throw ParseError("an engine needs cmd=... (or cb=LIB.so)");
    if (library) {
        if (proto_given) throw ParseError("proto= does not apply to CheckerBoard libraries (cb=)");
        c.protocol = Protocol::CheckerBoard;
    } else if (c.command.rfind("ply:", 0) == 0) {
        if (proto_given) throw ParseError("proto= does not apply to ply: players");
        c.protocol = Protocol::Ply;
    }
    if (c.name.empty())
        c.name = c.protocol == Protocol::CheckerBoard ? library_name(c.command) : default_name(c.command);
    return c;
}

void apply_each(EngineConfig& engine, const EngineConfig& each) {
    for (const auto& o : each.options) {
        bool present = false;
        for (const auto& mine : engine.options) present = present || mine.first == o.first;
        if (!present) engine.options.push_back(o);
    }
    if (engine.dir.empty()) engine.dir = each.dir;
    if (engine.stderr_path.empty()) engine.stderr_path = each.stderr_path;
    if (engine.timeout == 0) engine.timeout = each.timeout;
    engine.limits.merge_defaults(each.limits);
    // CECP's `st` and GTP's time settings count whole seconds: a fraction
    // would be rounded for the engine while the referee kept the shorter
    // limit (false forfeits).
    const bool whole_seconds = engine.protocol == Protocol::Xboard || engine.protocol == Protocol::Gtp;
    if (whole_seconds && engine.limits.movetime &&
        (*engine.limits.movetime < 1 || *engine.limits.movetime != std::floor(*engine.limits.movetime)))
        throw ParseError(std::string(engine.protocol == Protocol::Gtp ? "GTP" : "xboard") +
                         " engines take st= in whole seconds (" + (engine.protocol == Protocol::Gtp ? "GTP" : "CECP") +
                         "), not " + shortest(*engine.limits.movetime) + " s (engine '" + engine.name + "')");
    if (engine.protocol == Protocol::CheckerBoard && (engine.limits.nodes || engine.limits.depth))
        throw ParseError("CheckerBoard engines take tc= or st= only, not nodes= or depth= (engine '" +
                         clip(engine.name) + "')");
    if (engine.protocol == Protocol::Gtp && (engine.limits.nodes || engine.limits.depth))
        throw ParseError("GTP engines take tc= or st= only, not nodes= or depth= (engine '" + clip(engine.name) + "')");
}

std::unique_ptr<Player> make_player(const EngineConfig& config, const GameSupport& game) {
    switch (config.protocol) {
        case Protocol::Uci:
            return std::make_unique<UciPlayer>(config);
        case Protocol::Xboard:
            return std::make_unique<XboardPlayer>(config);
        case Protocol::Gtp:
            if (!game.gtp_setup)
                throw ParseError("GTP engines do not play " + (game.name.empty() ? "this game" : game.name) +
                                 ": it speaks no GTP (engine '" + clip(config.name) + "')");
            return std::make_unique<GtpPlayer>(config, game.gtp_setup);
        case Protocol::CheckerBoard:
            if (!game.make_cb_player)
                throw ParseError("CheckerBoard engines (cb=) do not play " +
                                 (game.name.empty() ? "this game" : game.name) + " (engine '" + clip(config.name) +
                                 "')");
            return game.make_cb_player(config.name, config.command, config.options);
        case Protocol::Ply:
            if (!game.make_ply_player) throw ParseError("'" + clip(config.command) + "' needs the match's game");
            return game.make_ply_player(config.name, config.command);
    }
    return nullptr;
}

}  // namespace ply::arena
