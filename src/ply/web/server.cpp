#include <ply/web/server.hpp>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <mutex>
#include <stdexcept>
#include <thread>

#include <sys/socket.h>

#include <httplib.h>

#include <ply/core/error.hpp>
#include <ply/search/classic/algorithm.hpp>
#include <ply/web/limits.hpp>
#include <ply/web/requests.hpp>

namespace ply::web {

// Not an anonymous namespace: Server::Impl, which has external linkage, holds these.
namespace serving {

// The answer to a request the server cannot take now (503).
struct Busy : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// JSON text that never throws: a message quoting part of a request may cut a
// character in two, and that is replaced rather than fatal.
inline std::string json_text(const nlohmann::json& j) {
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

inline void reply_error(httplib::Response& res, int status, const std::string& message) {
    res.status = status;
    res.set_content(json_text({{"error", message}}), "application/json");
}

inline void reply_json(httplib::Response& res, const nlohmann::json& j) {
    res.set_content(json_text(j), "application/json");
}

// Holds one of the kMaxSearches places for a search while it lives.
class SearchSlot {
public:
    explicit SearchSlot(std::atomic<int>& running) : running_(running) {
        if (running_.fetch_add(1) >= kMaxSearches) {
            running_.fetch_sub(1);
            throw Busy("the engine is busy with " + std::to_string(kMaxSearches) + " searches; try again shortly");
        }
    }
    ~SearchSlot() { running_.fetch_sub(1); }
    SearchSlot(const SearchSlot&) = delete;
    SearchSlot& operator=(const SearchSlot&) = delete;

private:
    std::atomic<int>& running_;
};

// One engine search streamed to the page as server-sent events: the search
// runs on a thread of its own, the connection's thread writes what it says
// and notices when the page has gone.
class ThinkJob {
public:
    ThinkJob(const ServedGame& game, GameLine line, ThinkLimits limits, std::atomic<int>& running,
             const std::atomic<bool>& server_stopping)
        : slot_(running), server_stopping_(server_stopping) {
        worker_ = std::thread([this, &game, line = std::move(line), limits] { search(game, line, limits); });
    }
    ~ThinkJob() {
        stop_.store(true);
        worker_.join();
    }
    ThinkJob(const ThinkJob&) = delete;
    ThinkJob& operator=(const ThinkJob&) = delete;

    // The connection's side (a chunked content provider): false once the
    // page has gone, which stops the search.
    bool pump(httplib::DataSink& sink) {
        while (true) {
            std::deque<std::string> batch;
            bool finished = false, news = false;
            {
                std::unique_lock lock(mutex_);
                if (server_stopping_.load()) stop_.store(true);
                news = ready_.wait_for(lock, std::chrono::milliseconds(500),
                                       [&] { return !events_.empty() || finished_; });
                batch.swap(events_);
                finished = finished_;
            }
            for (const std::string& event : batch)
                if (!sink.write(event.data(), event.size())) return gone();
            if (finished) {
                sink.done();
                return true;
            }
            // A comment line: writing it is how a closed connection shows.
            if (!news && !sink.write(": thinking\n\n", 12)) return gone();
        }
    }

private:
    bool gone() {
        stop_.store(true);
        return false;
    }
    void post(const char* kind, const nlohmann::json& data) {
        std::lock_guard lock(mutex_);
        events_.push_back(std::string("event: ") + kind + "\ndata: " + json_text(data) + "\n\n");
        ready_.notify_all();
    }
    void search(const ServedGame& game, const GameLine& line, const ThinkLimits& limits) {
        try {
            post("best", game.api.think(
                             line, limits, [this](const nlohmann::json& info) { post("info", info); }, stop_));
        } catch (const std::exception& e) {
            post("error", {{"error", e.what()}});
        }
        std::lock_guard lock(mutex_);
        finished_ = true;
        ready_.notify_all();
    }

    SearchSlot slot_;
    const std::atomic<bool>& server_stopping_;
    std::atomic<bool> stop_ = false;
    std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<std::string> events_;
    bool finished_ = false;
    std::thread worker_;
};

}  // namespace serving

using serving::Busy;
using serving::reply_error;
using serving::reply_json;
using serving::SearchSlot;
using serving::ThinkJob;

struct Server::Impl {
    std::vector<ServedGame> games;
    std::string assets;
    httplib::Server http;
    std::atomic<int> searches = 0;
    std::atomic<bool> stopping = false;
    std::atomic<bool> run_entered = false, run_finished = false;  // run()'s progress, for stop()

    const ServedGame& game(const nlohmann::json& body) const {
        const std::string name = text_field(body, "game", "");
        std::string names;
        for (const auto& g : games) {
            if (g.name == name) return g;
            names += (names.empty() ? "" : ", ") + g.name;
        }
        throw ParseError(name.empty() ? "no game given (" + names + ")"
                                      : "unknown game '" + name + "' (" + names + ")");
    }
    const ServedGame& playable(const nlohmann::json& body) const {
        const ServedGame& g = game(body);
        if (!g.api.playable) throw ParseError(g.name + " is for watching searches, not for playing");
        return g;
    }

    // A JSON handler: the body read and checked, errors answered in one line.
    template <class F>
    httplib::Server::Handler api(F handle) {
        return [handle](const httplib::Request& req, httplib::Response& res) {
            try {
                if (!req.has_header("Content-Type") ||
                    req.get_header_value("Content-Type").rfind("application/json", 0) != 0)
                    return reply_error(res, 415, "send the request as application/json");
                handle(parse_body(req.body), res);
            } catch (const Busy& e) {
                reply_error(res, 503, e.what());
            } catch (const ParseError& e) {
                reply_error(res, 400, e.what());
            } catch (const std::exception& e) {
                reply_error(res, 500, e.what());
            }
        };
    }

    void routes() {
        http.Get("/api/games", [this](const httplib::Request&, httplib::Response& res) {
            nlohmann::json list = nlohmann::json::array();
            for (const auto& g : games)
                list.push_back({{"name", g.name}, {"summary", g.summary}, {"playable", g.api.playable}});
            reply_json(res, {{"games", list}, {"algorithms", classic::algorithm_names()}});
        });
        http.Post("/api/trace", api([this](const nlohmann::json& body, httplib::Response& res) {
                      const ServedGame& g = game(body);
                      const SearchSlot slot(searches);
                      reply_json(res, g.api.trace(trace_request(body)));
                  }));
        http.Post("/api/compare", api([this](const nlohmann::json& body, httplib::Response& res) {
                      const ServedGame& g = game(body);
                      const SearchSlot slot(searches);
                      reply_json(res, g.api.compare(compare_request(body)));
                  }));
        http.Post("/api/state", api([this](const nlohmann::json& body, httplib::Response& res) {
                      reply_json(res, playable(body).api.state(game_line(body)));
                  }));
        http.Post("/api/think", api([this](const nlohmann::json& body, httplib::Response& res) {
                      const ServedGame& g = playable(body);
                      GameLine line = game_line(body);
                      const ThinkLimits limits = think_limits(body);
                      // A bad line is a 400, before the stream starts.
                      if (!g.api.state(line)["end"].is_null()) throw ParseError("the game is over");
                      auto job = std::make_shared<ThinkJob>(g, std::move(line), limits, searches, stopping);
                      res.set_header("Cache-Control", "no-cache");
                      res.set_chunked_content_provider(
                          "text/event-stream", [job](std::size_t, httplib::DataSink& sink) { return job->pump(sink); });
                  }));
        http.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
            if (!res.body.empty()) return;
            const std::string what =
                res.status == 404 ? "no such page: " + req.path
                : res.status == 413
                    ? "the request is too large (at most " + std::to_string(kMaxBodyBytes / 1024) + " KiB)"
                    : "the request failed (HTTP " + std::to_string(res.status) + ")";
            reply_error(res, res.status, what);
        });
        if (!std::filesystem::is_directory(assets) || !http.set_mount_point("/", assets))
            http.Get("/", [this](const httplib::Request&, httplib::Response& res) {
                res.status = 503;
                res.set_content("The page's files are not in " + assets +
                                    ": build them with `cmake --build` (or cd web && npm ci && npm run build).\n",
                                "text/plain");
            });
    }
};

Server::Server(std::vector<ServedGame> games, std::string assets) : impl_(std::make_unique<Impl>()) {
    impl_->games = std::move(games);
    impl_->assets = std::move(assets);
    auto& http = impl_->http;
    http.set_payload_max_length(kMaxBodyBytes);
    // A connection holds a thread while it is open: many threads, and short
    // timeouts, so that idle or slow clients cannot keep the others waiting.
    http.new_task_queue = [] { return new httplib::ThreadPool(kServerThreads); };
    // SO_REUSEADDR only: cpp-httplib's default adds SO_REUSEPORT, with which a
    // second server on a taken port starts and silently shares it.
    http.set_socket_options([](socket_t sock) {
        const int yes = 1;
        ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    });
    http.set_read_timeout(std::chrono::seconds(5));
    http.set_write_timeout(std::chrono::seconds(5));
    http.set_keep_alive_timeout(2);
    impl_->routes();
}

Server::~Server() = default;

int Server::bind(const std::string& host, int port) {
    const int bound =
        port == 0 ? impl_->http.bind_to_any_port(host) : (impl_->http.bind_to_port(host, port) ? port : -1);
    if (bound < 0)
        throw ParseError("cannot listen on " + host + ":" + std::to_string(port) +
                         " (is it taken, or not an address of this machine?)");
    return bound;
}

void Server::run() {
    impl_->run_entered.store(true);
    if (!impl_->stopping.load()) impl_->http.listen_after_bind();
    impl_->run_finished.store(true);
}

void Server::stop() {
    impl_->stopping.store(true);
    // cpp-httplib's stop() does nothing to a listener that has not started
    // yet, which would then wait in accept() for ever: wait until it runs.
    while (impl_->run_entered.load() && !impl_->run_finished.load() && !impl_->http.is_running())
        std::this_thread::yield();
    impl_->http.stop();
}

}  // namespace ply::web
