#include <ply/web/server.hpp>

#include <chrono>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <thread>

#include <httplib.h>

#include <ply/core/error.hpp>
#include <ply/search/classic/algorithm.hpp>
#include <ply/tools/number_text.hpp>
#include <ply/web/connections.hpp>
#include <ply/web/limits.hpp>
#include <ply/web/requests.hpp>

namespace ply::web {

// Not an anonymous namespace: Server::Impl, which has external linkage, holds these.
namespace serving {

// The answer to a request the server cannot take now (503).
struct Busy : std::runtime_error {
    using std::runtime_error::runtime_error;
};

inline void reply_error(httplib::Response& res, int status, const std::string& message) {
    res.status = status;
    res.set_content(error_json(message), "application/json");
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
             const std::atomic<bool>& server_stopping, double max_seconds)
        : slot_(running),
          server_stopping_(server_stopping),
          max_seconds_(max_seconds),
          deadline_(std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                           std::chrono::duration<double>(max_seconds))) {
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
                cap_at_deadline();
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
    // The server's own bound on every search, whatever its limits ask (a
    // depth or node count can take for ever), checked as pump() wakes (every
    // half second at most): no thread of its own, which the system might refuse.
    void cap_at_deadline() {  // under mutex_
        if (searched_ || capped_ || std::chrono::steady_clock::now() < deadline_) return;
        capped_ = max_seconds_;
        stop_.store(true);
    }
    void search(const ServedGame& game, const GameLine& line, const ThinkLimits& limits) {
        nlohmann::json best;
        std::string error;
        try {
            best = game.api.think(
                line, limits, [this](const nlohmann::json& info) { post("info", info); }, stop_, game.tables.get());
        } catch (const std::exception& e) {
            error = e.what();
        }
        std::optional<double> capped;
        {
            std::lock_guard lock(mutex_);
            searched_ = true;
            capped = capped_;
            ready_.notify_all();
        }
        if (capped)
            post("limit", {{"limit", "the search was stopped at the server's limit of " + shortest(*capped) + " s"}});
        if (error.empty())
            post("best", best);
        else
            post("error", {{"error", error}});
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
    bool searched_ = false, finished_ = false;
    const double max_seconds_;
    const std::chrono::steady_clock::time_point deadline_;
    std::optional<double> capped_;  // the limit the search was stopped at
    std::thread worker_;
};

}  // namespace serving

using serving::Busy;
using serving::reply_error;
using serving::reply_json;
using serving::SearchSlot;
using serving::ThinkJob;

// cpp-httplib's routing, answering one request at a time for the Gate.
// cpp-httplib ends every streamed answer once its listening socket is gone,
// and this one never listens: it is told it is serving until stop().
struct Router : httplib::Server {
    using httplib::Server::process_request;
    Router() { serving(true); }
    void serving(bool on) { svr_sock_ = on ? std::numeric_limits<socket_t>::max() : INVALID_SOCKET; }
};

struct Server::Impl {
    std::vector<ServedGame> games;
    std::string assets;
    ServerOptions options;
    Router http;
    std::unique_ptr<Gate> gate;
    std::atomic<int> searches = 0;
    std::atomic<bool> stopping = false;

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
                      CompareRequest req = compare_request(body);
                      req.max_seconds = options.max_think_seconds;
                      reply_json(res, g.api.compare(req));
                  }));
        http.Post("/api/state", api([this](const nlohmann::json& body, httplib::Response& res) {
                      const ServedGame& g = playable(body);
                      reply_json(res, g.api.state(game_line(body), g.tables.get()));
                  }));
        http.Post("/api/think", api([this](const nlohmann::json& body, httplib::Response& res) {
                      const ServedGame& g = playable(body);
                      GameLine line = game_line(body);
                      const ThinkLimits limits = think_limits(body);
                      // A bad line is a 400, before the stream starts.
                      if (!g.api.state(line, nullptr)["end"].is_null()) throw ParseError("the game is over");
                      auto job = std::make_shared<ThinkJob>(g, std::move(line), limits, searches, stopping,
                                                            options.max_think_seconds);
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

Server::Server(std::vector<ServedGame> games, std::string assets, ServerOptions options)
    : impl_(std::make_unique<Impl>()) {
    impl_->games = std::move(games);
    impl_->assets = std::move(assets);
    impl_->options = std::move(options);
    GateOptions gate;
    for (const std::string& name : impl_->options.allowed_hosts) gate.rule.names.push_back(name);
    gate.max_body = kMaxBodyBytes;
    gate.threads = kServerThreads;
    // An answer may be a search's stream: it is given the search's time and then some.
    gate.response_time = std::chrono::milliseconds(std::llround(1000 * impl_->options.max_think_seconds) + 30'000);
    auto& http = impl_->http;
    http.set_payload_max_length(kMaxBodyBytes);
    impl_->gate = std::make_unique<Gate>(std::move(gate), [&http](httplib::Stream& stream, bool close) {
        bool closed = false;
        return http.process_request(stream, close, closed, {}) && !closed;
    });
    impl_->routes();
}

Server::~Server() = default;

int Server::bind(const std::string& host, int port) { return impl_->gate->bind(host, port); }

void Server::run() { impl_->gate->run(); }

void Server::stop() {
    impl_->stopping.store(true);
    impl_->http.serving(false);
    impl_->gate->stop();
}

}  // namespace ply::web
