// A fake IMCS 2.5 server for the `ply imcs` tests: one client, one game,
// the other side played here with random legal moves (a fixed seed), every
// client line checked. It listens on 127.0.0.1 on a free port and prints
// "port N" first; at the end it prints a summary ("result <code line>",
// "client W|B", "client_moves N", "client_errors N", "injected N") and exits
// 0 only if the client kept to the protocol and the game ended properly.
//
//   fake_imcs_server [--mode M] [--seed N] [--user U] [--password P]
//                    [--offer-id ID] [--offer-color W|B] [--time SECONDS] [--verbose]
//     M  normal        play the game
//        illegal-reply refuse the client's second move once ("- illegal move")
//        close         close the connection after the client's third move
//        garbage       send a garbage line after the client's third move
//        bad-position  send a malformed position before the client's second move
//        bad-version   greet with "100 imcs 2.4"
//   The pre-made offer (for list and accept) has id --offer-id (default 42)
//   and colour --offer-color (default W: the accepting client plays Black).
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <ply/core/error.hpp>
#include <ply/games/minichess/minichess.hpp>

namespace {

using ply::minichess::Minichess;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

struct Config {
    std::string mode = "normal";
    unsigned seed = 1;
    std::string user = "tester";
    std::string password = "secret";
    std::string offer_id = "42";
    char offer_color = 'W';
    int seconds = 300;
    bool verbose = false;
};

// Nothing in a test may wait longer than this for the client.
constexpr milliseconds kMaxWait{20000};

class Peer {
public:
    explicit Peer(int fd, bool verbose) : fd_(fd), verbose_(verbose) {
        // A position is nine small lines: without this, Nagle's algorithm and
        // delayed acknowledgements hold each prompt back for tens of ms.
        const int on = 1;
        ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
    }
    ~Peer() { close(); }
    Peer(const Peer&) = delete;
    Peer& operator=(const Peer&) = delete;

    void close() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }

    void send(const std::string& line) {
        if (verbose_) std::cerr << "fake > " << line << "\n";
        const std::string data = line + "\r\n";
        std::size_t sent = 0;
        while (fd_ >= 0 && sent < data.size()) {
            const ssize_t n = ::send(fd_, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
            if (n <= 0) return;  // the client has gone: the next read says so
            sent += static_cast<std::size_t>(n);
        }
    }

    // The next line (LF or CR LF), or nothing on close or after `timeout`.
    std::optional<std::string> read(milliseconds timeout, bool* timed_out = nullptr) {
        const auto deadline = Clock::now() + timeout;
        for (;;) {
            if (const auto end = buffer_.find('\n'); end != std::string::npos) {
                std::string line = buffer_.substr(0, end);
                buffer_.erase(0, end + 1);
                if (!line.empty() && line.back() == '\r') line.pop_back();
                if (verbose_) std::cerr << "fake < " << line << "\n";
                return line;
            }
            const auto left = std::chrono::duration_cast<milliseconds>(deadline - Clock::now()).count();
            if (left <= 0 || fd_ < 0) {
                if (timed_out) *timed_out = fd_ >= 0;
                return std::nullopt;
            }
            pollfd p{fd_, POLLIN, 0};
            if (::poll(&p, 1, static_cast<int>(left)) <= 0) continue;
            char chunk[1024];
            const ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
            if (n <= 0) {
                if (timed_out) *timed_out = false;
                return std::nullopt;
            }
            buffer_.append(chunk, static_cast<std::size_t>(n));
        }
    }

private:
    int fd_;
    bool verbose_;
    std::string buffer_;
};

std::vector<std::string> words(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

std::string clock_text(milliseconds ms) {
    const long long t = ms.count() < 0 ? 0 : ms.count();
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%02lld:%06.3f", t / 60000, static_cast<double>(t % 60000) / 1000.0);
    return buffer;
}

struct Summary {
    std::string result;  // the code line sent, empty if the game did not end
    char client = '?';
    int client_moves = 0;
    int client_errors = 0;
    int injected = 0;
    std::vector<std::string> errors;

    void error(const std::string& what) {
        ++client_errors;
        errors.push_back(what);
    }
};

class Server {
public:
    Server(Peer& peer, const Config& config) : peer_(peer), cfg_(config), random_(config.seed) {}

    void serve() {
        peer_.send(cfg_.mode == "bad-version" ? "100 imcs 2.4" : "100 imcs 2.5");
        bool logged_in = false;
        for (;;) {
            const auto line = peer_.read(kMaxWait);
            if (!line) return;  // the client left (or said nothing for too long)
            const auto w = words(*line);
            if (w.empty()) continue;
            if (w[0] == "quit") {
                peer_.send("200 Goodbye");
                return;
            }
            if (w[0] == "me") {
                if (w.size() != 3)
                    peer_.send("409 usage: me <name> <password>");
                else if (w[1] != cfg_.user)
                    peer_.send("400 no such username");
                else if (w[2] != cfg_.password)
                    peer_.send("401 wrong password");
                else {
                    logged_in = true;
                    peer_.send("201 hello " + w[1]);
                }
                continue;
            }
            if (w[0] == "list") {
                peer_.send("211 1 available games");
                peer_.send(" " + cfg_.offer_id + " opponent " + cfg_.offer_color + " 5:00 5:00 1000 [offer]");
                peer_.send(".");
                continue;
            }
            if ((w[0] == "offer" || w[0] == "accept") && !logged_in) {
                summary_.error("'" + w[0] + "' before logging in");
                peer_.send("404 must set name first using me command");
                continue;
            }
            if (w[0] == "offer") {
                const std::string color = w.size() > 1 ? w[1] : "?";
                if (color != "W" && color != "B" && color != "?") {
                    summary_.error("bad offer colour " + color);
                    peer_.send("405 bad color " + color);
                    continue;
                }
                char client = color[0];
                if (client == '?') client = random_() % 2 ? 'B' : 'W';
                peer_.send("103 17 game waiting for offer acceptance");
                return start(client);
            }
            if (w[0] == "accept") {
                if (w.size() < 2 || w[1] != cfg_.offer_id) {
                    summary_.error("accept of an unknown game");
                    peer_.send("408 no such game");
                    continue;
                }
                const char client = w.size() > 2 ? w[2][0] : (cfg_.offer_color == 'W' ? 'B' : 'W');
                if ((client != 'W' && client != 'B') || client == cfg_.offer_color) {
                    summary_.error("accept with a bad colour");
                    peer_.send("405 bad color");
                    continue;
                }
                return start(client);
            }
            summary_.error("unknown command '" + *line + "'");
            peer_.send("409 unknown command");
        }
    }

    const Summary& summary() const { return summary_; }

private:
    void start(char client) {
        summary_.client = client;
        const std::string t = std::to_string(cfg_.seconds);
        peer_.send(std::string(client == 'W' ? "105 W " : "106 B ") + t + " " + t + " game starts");
        play(client == 'W' ? ply::minichess::White : ply::minichess::Black);
    }

    void finish(const std::string& text, const std::string& code) {
        peer_.send("= " + text);
        peer_.send(code + " " + text);
        summary_.result = code + " " + text;
        peer_.close();
    }

    // After a move: the mover wins when the other king is gone or the other
    // side cannot move; the 80th ply draws.
    bool over() {
        const auto o = game_.outcome();
        if (o == ply::Outcome::Ongoing) return false;
        if (o == ply::Outcome::Draw)
            finish("draw", "230");
        else if (game_.side_to_move() == ply::minichess::White)
            finish("B wins", "232");
        else
            finish("W wins", "231");
        return true;
    }

    void play(ply::minichess::Color client) {
        milliseconds clock[2] = {milliseconds(cfg_.seconds * 1000), milliseconds(cfg_.seconds * 1000)};
        bool first_move = true;  // the game's first move is not charged
        int prompts = 0;
        for (;;) {
            const auto side = game_.side_to_move();
            if (side != client) {
                Minichess::MoveList legal;
                game_.generate_moves(legal);
                const auto m = legal[random_() % legal.size()];
                const std::string text = game_.move_to_string(m);
                game_.make(m);
                first_move = false;
                peer_.send("! " + text);
                if (over()) return;
                continue;
            }
            // The client's turn: position, prompt, its move.
            ++prompts;
            peer_.send("");
            std::istringstream rows(game_.position());
            for (std::string row; std::getline(rows, row);) {
                if (cfg_.mode == "bad-position" && prompts == 2 && row.size() == 5) row = "kqbnrX";
                peer_.send(row);
            }
            peer_.send("");
            peer_.send("? " + clock_text(clock[side]) + " " + clock_text(clock[side ^ 1]));
            const auto asked = Clock::now();
            const auto limit = first_move ? milliseconds(60000) : clock[side] + milliseconds(10000);
            bool timed_out = false;
            const auto line = peer_.read(std::min(limit, kMaxWait), &timed_out);
            if (!line) {
                if (timed_out) summary_.error("the client did not move in time");
                return;  // the client left: nothing more to referee
            }
            if (!first_move) clock[side] -= std::chrono::duration_cast<milliseconds>(Clock::now() - asked);
            if (clock[side] <= milliseconds(0)) {
                summary_.error("the client ran out of time");
                finish(std::string(side == ply::minichess::White ? "B" : "W") + " wins on opponent time",
                       side == ply::minichess::White ? "232" : "231");
                return;
            }
            std::string text = *line;
            if (text.rfind("! ", 0) == 0) text = text.substr(2);
            if (text == "resign") {
                finish(std::string(side == ply::minichess::White ? "B" : "W") + " wins on opponent resignation",
                       side == ply::minichess::White ? "232" : "231");
                return;
            }
            Minichess::Move m{};
            try {
                m = game_.parse_move(text);
            } catch (const ply::ParseError&) {
                summary_.error("illegal or invalid move '" + text + "'");
                const bool well_formed = text.size() == 5 && text[2] == '-';
                peer_.send(well_formed ? "- illegal move " + text : "- invalid move " + text);
                continue;
            }
            ++summary_.client_moves;
            if (cfg_.mode == "illegal-reply" && summary_.client_moves == 2 && summary_.injected == 0) {
                ++summary_.injected;
                --summary_.client_moves;
                refused_ = text;
                peer_.send("- illegal move " + text);
                continue;
            }
            if (!refused_.empty() && text == refused_) summary_.error("the client repeated a refused move");
            refused_.clear();
            game_.make(m);
            first_move = false;
            if (summary_.client_moves == 3 && cfg_.mode == "close") {
                peer_.close();
                return;
            }
            if (summary_.client_moves == 3 && cfg_.mode == "garbage") {
                peer_.send("xyzzy: this is no IMCS line");
                peer_.read(kMaxWait);  // the client should hang up now
                return;
            }
            if (over()) return;
        }
    }

    Peer& peer_;
    Config cfg_;
    std::mt19937 random_;
    Minichess game_;
    Summary summary_;
    std::string refused_;  // the move refused on purpose (illegal-reply)
};

[[noreturn]] void fail(const std::string& what) {
    std::cout << "error: " << what << std::endl;
    std::exit(1);
}

}  // namespace

int main(int argc, char** argv) {
    Config cfg;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) fail("missing value for " + arg);
            return argv[++i];
        };
        if (arg == "--mode")
            cfg.mode = value();
        else if (arg == "--seed")
            cfg.seed = static_cast<unsigned>(std::stoul(value()));
        else if (arg == "--user")
            cfg.user = value();
        else if (arg == "--password")
            cfg.password = value();
        else if (arg == "--offer-id")
            cfg.offer_id = value();
        else if (arg == "--offer-color")
            cfg.offer_color = value().at(0);
        else if (arg == "--time")
            cfg.seconds = std::stoi(value());
        else if (arg == "--verbose")
            cfg.verbose = true;
        else
            fail("unknown argument " + arg);
    }
    // A backstop: whatever happens, the test is not kept waiting.
    ::alarm(60);

    const int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = 0;  // any free port
    socklen_t length = sizeof address;
    if (listener < 0 || ::bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address) < 0 ||
        ::listen(listener, 1) < 0 || ::getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length) < 0)
        fail("cannot listen on 127.0.0.1");
    std::cout << "port " << ntohs(address.sin_port) << std::endl;

    pollfd p{listener, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(kMaxWait.count())) <= 0) fail("no client connected");
    const int fd = ::accept4(listener, nullptr, nullptr, SOCK_CLOEXEC);
    ::close(listener);
    if (fd < 0) fail("accept failed");

    Peer peer(fd, cfg.verbose);
    Server server(peer, cfg);
    server.serve();
    peer.close();

    const Summary& s = server.summary();
    std::cout << "result " << (s.result.empty() ? "none" : s.result) << "\n"
              << "client " << s.client << "\n"
              << "client_moves " << s.client_moves << "\n"
              << "client_errors " << s.client_errors << "\n"
              << "injected " << s.injected << "\n";
    for (const auto& e : s.errors) std::cout << "error: " << e << "\n";
    std::cout.flush();
    return s.client_errors == 0 && !s.result.empty() ? 0 : 1;
}
