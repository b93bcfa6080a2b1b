// A fake chess engine for the arena tests. It plays the first legal move it
// finds, and misbehaves on purpose at its Nth move:
//   arena_fake_engine PROTOCOL FAULT [N]
//     PROTOCOL  uci | xboard
//     FAULT     none | illegal (plays an illegal move) | crash (aborts)
//               | hang (never answers go, ignores stop) | slow (overruns its clock)
//               | noise (every move: lines whose first word only begins
//                 with a keyword, "bestmovez a1a8", "Illegalz", "=1x", first)
//     N         which of its own moves misbehaves (default 3)
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>

#include <ply/games/chess/notation.hpp>
#include <ply/games/chess/position.hpp>

namespace {

using ply::chess::Position;

struct Fake {
    std::string fault = "none";
    int fault_at = 3;
    int moves_made = 0;
    Position pos;
    long my_time_ms = 0;

    // The move to play now, or "" to hang (the caller then never answers).
    std::string choose() {
        ++moves_made;
        if (moves_made == fault_at) {
            if (fault == "crash") std::abort();
            if (fault == "hang") return "";
            if (fault == "slow") std::this_thread::sleep_for(std::chrono::milliseconds(my_time_ms + 1000));
            if (fault == "illegal") {
                Position::MoveList legal;
                pos.generate_legal(legal);
                for (int from = 0; from < 64; ++from)
                    for (int to = 0; to < 64; ++to) {
                        if (from == to) continue;
                        const std::string text = ply::chess::square_to_string(from) + ply::chess::square_to_string(to);
                        bool is_legal = false;
                        for (const auto m : legal) is_legal = is_legal || pos.move_to_string(m) == text;
                        if (!is_legal) return text;
                    }
            }
        }
        Position::MoveList legal;
        pos.generate_legal(legal);
        return legal.empty() ? "0000" : pos.move_to_string(legal[0]);
    }
};

void hang_forever() {
    std::string line;
    while (std::getline(std::cin, line))
        if (line == "quit") std::exit(0);
    std::exit(0);
}

void run_uci(Fake& f) {
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream in(line);
        std::string cmd;
        in >> cmd;
        if (cmd == "uci")
            std::cout << "id name Fake " << f.fault << "\nid author Ply tests\n"
                      << (f.fault == "noise" ? "uciokz\n" : "") << "uciok" << std::endl;
        else if (cmd == "isready")
            std::cout << (f.fault == "noise" ? "readyokz\n" : "") << "readyok" << std::endl;
        // ucinewgame: nothing to reset; moves_made counts across games on purpose.
        else if (cmd == "position") {
            std::string word;
            in >> word;
            if (word == "startpos")
                f.pos = Position();
            else {
                std::string fen, part;
                while (in >> part && part != "moves") fen += (fen.empty() ? "" : " ") + part;
                f.pos = Position::from_fen(fen);
                word = part;
            }
            if (word != "moves") in >> word;
            for (std::string m; in >> m;) f.pos.make(f.pos.parse_move(m));
        } else if (cmd == "go") {
            std::string key;
            long value = 0;
            const bool white = f.pos.side_to_move() == ply::chess::White;
            while (in >> key) {
                if (key == "wtime" || key == "btime" || key == "winc" || key == "binc" || key == "movetime" ||
                    key == "nodes" || key == "depth" || key == "movestogo") {
                    in >> value;
                    if ((key == "wtime" && white) || (key == "btime" && !white) || key == "movetime")
                        f.my_time_ms = value;
                }
            }
            const std::string move = f.choose();
            if (move.empty()) hang_forever();
            if (f.fault == "noise") std::cout << "infoz depth 9 score cp 999\nbestmovez a1a8\n";
            std::cout << "info depth 1 score cp 12 nodes 1 pv " << move << "\nbestmove " << move << std::endl;
        } else if (cmd == "quit")
            return;
    }
}

void run_xboard(Fake& f) {
    std::string line;
    bool force = true;
    auto reply = [&] {
        const std::string move = f.choose();
        if (move.empty()) hang_forever();
        if (f.fault == "noise") std::cout << "Illegalz a1a8\nmovez a1a8\nMy move is a1a8\n";
        std::cout << " 1 -7 0 1 " << move << "\nmove " << move << std::endl;
        try {
            f.pos.make(f.pos.parse_move(move));
        } catch (const std::exception&) {  // the illegal move: the game is over anyway
        }
    };
    while (std::getline(std::cin, line)) {
        std::istringstream in(line);
        std::string cmd;
        in >> cmd;
        if (cmd == "protover")
            std::cout << "feature myname=\"Fake xboard\" usermove=1 setboard=1 ping=1 sigint=0 done=1" << std::endl;
        else if (cmd == "new")
            f.pos = Position(), force = false;
        else if (cmd == "force")
            force = true;
        else if (cmd == "setboard") {
            std::string fen;
            std::getline(in, fen);
            f.pos = Position::from_fen(fen.substr(fen.find_first_not_of(' ')));
        } else if (cmd == "ping") {
            std::string n;
            in >> n;
            if (f.fault == "noise") std::cout << "pongz " << n << "\npong " << n << "0\n";
            std::cout << "pong " << n << std::endl;
        } else if (cmd == "time") {
            in >> f.my_time_ms;
            f.my_time_ms *= 10;
        } else if (cmd == "usermove") {
            std::string m;
            in >> m;
            try {
                f.pos.make(f.pos.parse_move(m));
            } catch (const std::exception&) {
                std::cout << "Illegal move: " << m << std::endl;
                continue;
            }
            if (!force) reply();
        } else if (cmd == "go") {
            force = false;
            reply();
        } else if (cmd == "quit")
            return;
    }
}

}  // namespace

int main(int argc, char** argv) {
    Fake f;
    const std::string protocol = argc > 1 ? argv[1] : "uci";
    if (argc > 2) f.fault = argv[2];
    if (argc > 3) f.fault_at = std::atoi(argv[3]);
    if (protocol == "xboard")
        run_xboard(f);
    else
        run_uci(f);
}
