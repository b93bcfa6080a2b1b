// The xboard / CECP (version 2) adapter: `xboard`, `protover 2` and the
// engine's `feature` lines (usermove, setboard, ping, san, myname, done),
// `new`, `force`, `level` / `st` / `sd`, `setboard`, moves in force mode,
// `time` and `otim` in centiseconds, `go`, the engine's `move X` and its
// thinking lines (ply score time nodes pv), `?` to move now, `result`.
#pragma once

#include <string_view>

#include <ply/tools/arena/engine_config.hpp>
#include <ply/tools/arena/player.hpp>
#include <ply/tools/arena/process.hpp>

namespace ply::arena {

// The standard start in FEN: after `new` the engine is there already, so no setboard.
inline constexpr std::string_view kStandardChessStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Reads a thinking line "ply score time nodes pv..." into `info`; false if
// the line is not one. Shared with the tests.
bool parse_xboard_thinking(const std::string& line, SearchInfo& info);

// The `level` command for a time control: "level 40 1:30 0", "level 0 0:10 0.1".
std::string xboard_level(const TimeControl& tc);

class XboardPlayer final : public Player {
public:
    explicit XboardPlayer(EngineConfig config) : config_(std::move(config)) {}
    ~XboardPlayer() override { shut_down(); }

    [[nodiscard]] const std::string& name() const override { return config_.name; }
    std::string start() override;
    std::string new_game(const std::string& start_position, const Limits& limits, bool white) override;
    Reply go(const TurnRequest& request) override;
    void game_over(const std::string& result) override;
    void shut_down() override;
    [[nodiscard]] bool healthy() const override { return healthy_; }
    [[nodiscard]] std::string exit_description() const override { return process_.exit_description(); }

private:
    // Reads the `feature` lines; false if the engine dies.
    bool read_features();
    void handle_features(const std::string& line);
    bool ping(double seconds);
    void send_move(const std::string& move);

    EngineConfig config_;
    Process process_;
    bool healthy_ = false;
    bool thinking_ = false;
    bool started_ = false;   // `go` was sent in this game
    std::size_t known_ = 0;  // moves of the game the engine has been told of (or made)
    int ping_counter_ = 0;
    struct Features {
        bool usermove = false, setboard = false, ping = false, san = false;
        bool done = false, waiting = false;  // done=1 seen; done=0 seen (wait longer)
    } features_;
};

}  // namespace ply::arena
