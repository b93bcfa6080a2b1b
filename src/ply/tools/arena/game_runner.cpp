#include <ply/tools/arena/game_runner.hpp>

#include <cmath>

#include <ply/core/error.hpp>
#include <ply/tools/arena/gtp_player.hpp>

namespace ply::arena {

namespace {

// The deadline for a move: the clock plus the margin, a fixed time per move
// plus the margin, or the timeout for depth- and node-limited searches.
Clock::time_point deadline_for(const Limits& limits, const GameClock& clock, const GameSettings& s) {
    double seconds = s.timeout;
    if (clock.active())
        seconds = std::max(0.0, clock.remaining()) + s.margin;
    else if (limits.movetime && !limits.nodes && !limits.depth)
        seconds = *limits.movetime + s.margin;
    return Clock::now() + std::chrono::microseconds(std::int64_t(seconds * 1e6));
}

// Each engine that counts a finished game (GTP's final_score) against the
// referee's count: a disagreement is logged with the position.
void check_scores(Player* const (&players)[2], const std::vector<std::string>& moves, const GameSettings& s,
                  GameRecord& g) {
    g.referee_score = s.score(g.final_position);
    for (int side = 0; side < 2; ++side) {
        const auto theirs = players[side]->final_score(moves);
        if (!theirs) continue;
        const bool agrees = same_gtp_score(*theirs, g.referee_score);
        g.score_checks.push_back({side, *theirs, agrees});
        if (!agrees && s.log)
            s.log("game " + std::to_string(g.index + 1) + ": " + players[side]->name() + " counts " + *theirs +
                  ", the referee " + g.referee_score + " (position " + g.final_position + ")");
    }
}

}  // namespace

void play_game(Player& white, Player& black, Referee& referee, const Opening& opening, const GameSettings& s,
               GameRecord& g) {
    Player* players[2] = {&white, &black};
    const Limits* limits[2] = {&s.white_limits, &s.black_limits};
    g.result = "*";
    g.termination = "unterminated";
    g.time_control = s.white_limits.to_string();
    if (s.black_limits.to_string() != g.time_control) g.time_control += " / " + s.black_limits.to_string();

    auto finish = [&](int winner, const std::string& termination, const std::string& reason) {
        g.result = pgn_result(winner);
        g.termination = termination;
        g.reason = reason;
        g.final_position = referee.position();
    };
    auto forfeit = [&](int side, Flaw flaw, const std::string& termination, const std::string& reason) {
        g.flaw = flaw;
        g.flawed_side = side;
        finish(1 - side, termination, reason);
        if (s.log)
            s.log("game " + std::to_string(g.index + 1) + ": " + reason + " (position " + referee.position() + ")");
    };

    // The opening.
    referee.reset(opening.position);
    g.opening_position = opening.position;
    g.opening_start = referee.position();
    for (const auto& m : opening.moves) {
        g.opening_notation.push_back(referee.notation(m));
        referee.play(m);
    }
    // Engines are given the book line itself (its start + moves), so they see
    // its history; the record starts after it.
    const std::string start = referee.start_position();
    std::vector<std::string> moves = opening.moves;
    g.start_position = referee.position();
    const int first_side = referee.side_to_move();
    g.first_move_number = referee.fullmove_number();
    g.second_moves_first = first_side == 1;
    g.pgn_native = referee.pgn_native();
    g.pdn_game_type = referee.pdn_game_type();
    g.side_names = {referee.side_name(0), referee.side_name(1)};

    for (int side = 0; side < 2; ++side) {
        const std::string error = players[side]->new_game(start, *limits[side], side == 0);
        if (!error.empty()) {
            const bool dead = !players[side]->healthy();
            forfeit(side, dead ? Flaw::Crash : Flaw::Stall, "abandoned",
                    referee.side_name(side) + " (" + players[side]->name() + ") cannot start the game: " + error);
            players[1 - side]->game_over(g.result);
            return;
        }
    }
    GameClock clocks[2] = {GameClock(s.white_limits.tc), GameClock(s.black_limits.tc)};
    bool ended_by_rules = false;

    for (;;) {
        if (const auto end = referee.end()) {
            finish(end->winner, "normal", end->reason);
            ended_by_rules = true;
            break;
        }
        if (int(g.moves.size()) >= s.max_plies) {
            finish(-1, "adjudication", "Draw: game too long");
            break;
        }
        const int side = referee.side_to_move();
        Player& p = *players[side];
        TurnRequest req;
        req.start_position = start;
        req.moves = moves;
        req.limits = *limits[side];
        req.my_time = clocks[side].remaining();
        req.opp_time = clocks[1 - side].remaining();
        req.my_inc = clocks[side].control() ? clocks[side].control()->increment : 0;
        req.opp_inc = clocks[1 - side].control() ? clocks[1 - side].control()->increment : 0;
        req.moves_to_go = clocks[side].moves_to_go();
        req.white = side == 0;
        req.deadline = deadline_for(req.limits, clocks[side], s);
        req.interrupt = s.interrupt;

        const auto t0 = Clock::now();
        Reply reply = p.go(req);
        const double elapsed = std::chrono::duration<double>(Clock::now() - t0).count();
        const std::string who = referee.side_name(side) + " (" + p.name() + ")";

        if (reply.status == ReplyStatus::Interrupted) {
            g.result = "*";
            g.termination = "unterminated";
            g.reason = "Interrupted";
            g.final_position = referee.position();
            break;
        }
        if (reply.status == ReplyStatus::Crashed) {
            forfeit(side, Flaw::Crash, "abandoned", who + " crashed: " + clip(reply.detail));
            break;
        }
        if (reply.status == ReplyStatus::Timeout) {
            if (clocks[side].active() || (req.limits.movetime && !req.limits.nodes && !req.limits.depth))
                forfeit(side, Flaw::Time, "time forfeit", who + " loses on time");
            else
                forfeit(side, Flaw::Stall, "abandoned", who + " does not answer (" + clip(reply.detail) + ")");
            break;
        }
        if (reply.status == ReplyStatus::Resign) {
            finish(1 - side, "normal", who + " resigns" + (reply.detail.empty() ? "" : ": " + clip(reply.detail)));
            break;
        }
        // A move: first the clock, then the rules.
        MoveRecord rec;
        rec.seconds = elapsed;
        rec.info = reply.info;
        if (clocks[side].active()) {
            const double left = clocks[side].charge(elapsed);
            if (left < -s.margin) {
                forfeit(side, Flaw::Time, "time forfeit",
                        who + " loses on time (" + std::to_string(-left) + " s over)");
                break;
            }
            rec.clock = clocks[side].remaining();
        } else if (req.limits.movetime && !req.limits.nodes && !req.limits.depth &&
                   elapsed > *req.limits.movetime + s.margin) {
            forfeit(side, Flaw::Time, "time forfeit", who + " exceeds its time per move");
            break;
        }
        const auto legal = referee.canonical(reply.move);
        if (!legal) {
            forfeit(side, Flaw::Illegal, "rules infraction",
                    who + " plays an illegal move: '" + clip(reply.move) + "'");
            break;
        }
        rec.move = *legal;
        rec.notation = referee.notation(*legal);
        referee.play(*legal);
        moves.push_back(*legal);
        g.moves.push_back(std::move(rec));

        if (const auto v = adjudicate(s.adjudication, g.moves, first_side, referee.fullmove_number())) {
            if (!referee.end()) {
                finish(v->winner, "adjudication", v->reason);
                break;
            }
        }
    }
    if (ended_by_rules && s.score) check_scores(players, moves, s, g);
    for (Player* p : players) p->game_over(g.result);
}

}  // namespace ply::arena
