#include "uci/uci.hpp"

#include <cstdio>
#include <istream>
#include <ostream>
#include <sstream>
#include <string>

#include "core/error.hpp"
#include "games/chess/notation.hpp"
#include "games/chess/perft.hpp"

namespace ply::uci {

namespace {

constexpr int kMaxPerftDepth = 20;

std::string lower(std::string s) {
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = char(c + 32);
    return s;
}

std::string hex_key(std::uint64_t key) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llX", static_cast<unsigned long long>(key));
    return buf;
}

}  // namespace

Session::Session() : pos_(chess::Position()) {}

bool Session::handle(const std::string& line, std::ostream& out) {
    std::istringstream args(line);
    std::string command;
    if (!(args >> command)) return true;  // blank line
    try {
        if (command == "quit") return false;
        if (command == "uci") {
            out << "id name Ply\n"
                << "id author the Ply developers\n"
                << "option name UCI_Chess960 type check default false\n"
                << "uciok\n";
        } else if (command == "isready") {
            out << "readyok\n";
        } else if (command == "ucinewgame") {
            pos_ = chess::Position::from_fen(chess::kStartFen, chess960_);
        } else if (command == "setoption") {
            cmd_setoption(args, out);
        } else if (command == "position") {
            cmd_position(args, out);
        } else if (command == "go") {
            cmd_go(args, out);
        } else if (command == "d") {
            cmd_display(out);
        } else if (command == "stop" || command == "ponderhit" || command == "debug") {
            // Nothing runs in the background yet.
        } else {
            out << "info string unknown command: " << line << "\n";
        }
    } catch (const std::exception& e) {
        out << "info string error: " << e.what() << "\n";
    }
    out.flush();
    return true;
}

void Session::cmd_setoption(std::istream& args, std::ostream& out) {
    // setoption name <id...> [value <x...>]
    std::string word, name, value;
    args >> word;
    if (word != "name") {
        out << "info string error: expected 'setoption name <id> [value <x>]'\n";
        return;
    }
    std::string* target = &name;
    while (args >> word) {
        if (word == "value" && target == &name) {
            target = &value;
            continue;
        }
        if (!target->empty()) *target += ' ';
        *target += word;
    }
    if (lower(name) == "uci_chess960") {
        const std::string v = lower(value);
        if (v != "true" && v != "false") {
            out << "info string error: UCI_Chess960 takes true or false, not '" << value << "'\n";
            return;
        }
        chess960_ = v == "true";
        pos_.set_chess960(chess960_ || chess::Position::from_fen(pos_.fen()).chess960());
    } else {
        out << "info string unknown option: " << name << "\n";
    }
}

void Session::cmd_position(std::istream& args, std::ostream& out) {
    std::string word;
    args >> word;
    std::string fen;
    if (word == "startpos") {
        fen = std::string(chess::kStartFen);
        args >> word;
    } else if (word == "fen") {
        while (args >> word && word != "moves") fen += (fen.empty() ? "" : " ") + word;
    } else {
        out << "info string error: expected 'position startpos|fen <fen> [moves ...]'\n";
        return;
    }
    chess::Position pos;
    try {
        pos = chess::Position::from_fen(fen, chess960_);
    } catch (const ParseError& e) {
        out << "info string error: " << e.what() << "\n";
        return;
    }
    if (args && word != "moves") {
        out << "info string error: expected 'moves', not '" << word << "'\n";
        pos_ = pos;
        return;
    }
    while (args >> word) {
        chess::Move m = chess::parse_uci(pos, word);
        if (m == chess::Move::none()) {
            out << "info string error: illegal move " << word << " in " << pos.fen()
                << "; the rest of the line is ignored\n";
            break;
        }
        pos.make(m);
    }
    pos_ = pos;
}

void Session::cmd_go(std::istream& args, std::ostream& out) {
    std::string word;
    args >> word;
    if (word == "perft") {
        int depth = 0;
        if (!(args >> depth) || depth < 1 || depth > kMaxPerftDepth) {
            out << "info string error: go perft takes a depth from 1 to " << kMaxPerftDepth << "\n";
            return;
        }
        std::uint64_t total = 0;
        for (const auto& [move, count] : chess::perft_divide(pos_, depth)) {
            out << chess::to_uci(move, pos_.chess960()) << ": " << count << "\n";
            total += count;
        }
        out << "\nNodes searched: " << total << "\n\n";
        return;
    }
    // No search yet: answer with a legal move so that a GUI is never left waiting.
    chess::Position::MoveList moves;
    pos_.generate_legal(moves);
    out << "info string search is not implemented yet\n";
    out << "bestmove " << (moves.empty() ? std::string("0000") : pos_.move_to_string(moves[0])) << "\n";
}

void Session::cmd_display(std::ostream& out) const {
    out << "\n"
        << pos_.render() << "\nFen: " << pos_.fen() << "\nKey: " << hex_key(pos_.hash()) << "\nCheckers:";
    for (chess::Bitboard b = pos_.checkers(); b;) out << ' ' << chess::square_to_string(chess::pop_lsb(b));
    out << "\n";
}

int run(std::istream& in, std::ostream& out) {
    Session session;
    for (std::string line; std::getline(in, line);)
        if (!session.handle(line, out)) break;
    return 0;
}

}  // namespace ply::uci
