// The GTP adapter (Go Text Protocol, version 2): `protocol_version` and
// `name` to start; for each game the setup commands the game gives
// (boardsize, clear_board, komi) and `time_settings`; before each move the
// moves the engine has not heard as `play b D4`, `time_left` with a clock,
// then `genmove b|w` (`resign` resigns); `final_score` after a game the
// rules ended. Commands carry ids, so that a late answer to a command given
// up on is never taken for the answer to the next.
//
// The arena's first player is GTP's Black. Time: `st=S` is byo-yomi of S
// seconds a stone (`time_settings 0 S 1`); `tc=B` absolute time
// (`time_settings B 0 0`), `tc=M/B` periods of M moves in B seconds
// (Canadian byo-yomi, `time_settings 0 B M`), with `time_left` before each
// move (an increment is not sent: it shows in the time left). GTP counts
// whole seconds. Engines take option.NAME=VALUE as the command `NAME VALUE`.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <ply/tools/arena/engine_config.hpp>
#include <ply/tools/arena/player.hpp>
#include <ply/tools/arena/process.hpp>

namespace ply::arena {

// Whether two scores as GTP writes them ("B+3.5", "W+0.5", "0", any case)
// are the same result; texts that are no such score are compared as text.
bool same_gtp_score(const std::string& a, const std::string& b);

class GtpPlayer final : public Player {
public:
    using Setup = std::vector<std::string> (*)(const std::string& position);
    GtpPlayer(EngineConfig config, Setup setup) : config_(std::move(config)), setup_(setup) {}
    ~GtpPlayer() override { shut_down(); }

    [[nodiscard]] const std::string& name() const override { return config_.name; }
    std::string start() override;
    std::string new_game(const std::string& start_position, const Limits& limits, bool white) override;
    Reply go(const TurnRequest& request) override;
    std::optional<std::string> final_score(const std::vector<std::string>& moves) override;
    void shut_down() override;
    [[nodiscard]] bool healthy() const override { return healthy_; }
    [[nodiscard]] std::string exit_description() const override { return process_.exit_description(); }

private:
    struct Response {
        ReadStatus status = ReadStatus::Timeout;  // Line: the engine answered
        bool ok = false;                          // '=' rather than '?'
        std::string text;
    };
    // Sends `command` and reads its answer until `deadline`.
    Response ask(const std::string& command, Clock::time_point deadline, const std::atomic<bool>* interrupt = nullptr);
    // Tells the engine moves [known_, moves.size()) by colour; "" or why not.
    std::string tell(const std::vector<std::string>& moves);
    // GTP's colour of the move at `index` of the game's moves.
    [[nodiscard]] std::string colour_of(std::size_t index) const;

    EngineConfig config_;
    Setup setup_;
    Process process_;
    bool healthy_ = false;
    int next_id_ = 1;
    std::size_t known_ = 0;  // moves of the game the engine has heard (or made)
    // Where the colours are known from: the engine's last move, its index and colour.
    std::size_t own_index_ = 0;
    bool own_black_ = true;
};

}  // namespace ply::arena
