// The UCI adapter: uci/uciok, setoption, isready/readyok, ucinewgame,
// position ... moves ..., go with clocks or fixed limits, bestmove, and the
// last `info` line's score and depth.
#pragma once

#include <ply/tools/arena/engine_config.hpp>
#include <ply/tools/arena/player.hpp>
#include <ply/tools/arena/process.hpp>

namespace ply::arena {

// Reads "info ... depth D ... score cp X | score mate M ..." into `info`
// (fields absent from the line are left alone). Shared with the tests.
void parse_uci_info(const std::string& line, SearchInfo& info);

class UciPlayer final : public Player {
public:
    explicit UciPlayer(EngineConfig config) : config_(std::move(config)) {}
    ~UciPlayer() override { shut_down(); }

    [[nodiscard]] const std::string& name() const override { return config_.name; }
    std::string start() override;
    std::string new_game(const std::string& start_position, const Limits& limits, bool white) override;
    Reply go(const TurnRequest& request) override;
    void game_over(const std::string& result) override;
    void shut_down() override;
    [[nodiscard]] bool healthy() const override { return healthy_; }
    [[nodiscard]] std::string exit_description() const override { return process_.exit_description(); }

private:
    // Waits for a line equal to `token` (or starting with it); false on timeout or EOF.
    bool wait_for(const std::string& token, double seconds);
    bool sync(double seconds);  // isready / readyok

    EngineConfig config_;
    Process process_;
    bool healthy_ = false;
    bool searching_ = false;
};

}  // namespace ply::arena
