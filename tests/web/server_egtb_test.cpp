// `ply serve --egtb`: the page's state carries a position's value in the
// endgame tables (as `ply egtb probe` gives it) and the engine on the page
// plays by them; a position outside the tables, a missing or a damaged file
// leaves no database line and never stops the server.
#include <filesystem>
#include <fstream>
#include <thread>

#include <gtest/gtest.h>
#include <httplib.h>
#include <nlohmann/json.hpp>

#include <ply/cli/registry.hpp>
#include <ply/web/server.hpp>

#include "support/ply_process.hpp"
#include "support/run_ply.hpp"
#include "support/temp_file.hpp"

namespace {

using nlohmann::json;
using ply::testing::run_ply_apart;
using ply::testing::TempDir;

const char* const kKingsWin = "W:WK19,K23:B28";  // 2Kv1M: White wins in 5 plies
const char* const kKQvK = "8/8/8/8/8/2k5/8/KQ6 b - - 0 1";

// Built once for the file: every slice of at most 3 pieces, checkers and
// chess, in <dir>/checkers and <dir>/chess as `ply egtb build` lays them out.
const std::filesystem::path& tables() {
    static const TempDir dir("serve_egtb");
    static const bool built = [] {
        for (const std::string game : {"checkers", "chess"}) {
            const auto r = run_ply_apart({"egtb", "build", game, "--pieces", "3", "--dir", dir / game});
            EXPECT_EQ(r.exit_code, 0) << r.err;
        }
        return true;
    }();
    (void)built;
    return dir.path;
}

// What `ply egtb probe` says of a position.
json probe(const std::string& game, const std::string& position) {
    const auto r = run_ply_apart({"egtb", "probe", game, position, "--dir", (tables() / game).string(), "--json"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return json::parse(r.out);
}

std::string database_line(const json& probed) {
    const std::string result = probed["result"];
    if (result == "draw") return "database draw";
    return "database " + result + " in " + std::to_string(probed["plies"].get<int>()) + " plies";
}

// A server in process whose checkers and chess tables are in `folder`.
class EgtbServer {
public:
    explicit EgtbServer(const std::filesystem::path& folder) {
        std::vector<ply::web::ServedGame> served;
        const ply::cli::Registry games = ply::cli::builtin_games();
        for (const auto& g : games.games()) {
            ply::web::ServedGame s{std::string(g.name), std::string(g.summary), g.web(), nullptr};
            if (s.api.open_endgames && std::filesystem::is_directory(folder / s.name))
                s.tables = s.api.open_endgames((folder / s.name).string());
            served.push_back(std::move(s));
        }
        server_ = std::make_unique<ply::web::Server>(std::move(served), "/nonexistent-ply-page");
        port_ = server_->bind("127.0.0.1", 0);
        runner_ = std::thread([this] { server_->run(); });
    }
    ~EgtbServer() {
        server_->stop();
        runner_.join();
    }
    EgtbServer(const EgtbServer&) = delete;
    EgtbServer& operator=(const EgtbServer&) = delete;

    json state(const std::string& game, const std::string& start) const {
        const auto r = client().Post("/api/state", json{{"game", game}, {"start", start}}.dump(), "application/json");
        EXPECT_TRUE(r && r->status == 200) << (r ? r->body : "no answer");
        return r && r->status == 200 ? json::parse(r->body) : json();
    }
    // The engine's move on the page: the "best" event of its stream.
    json think(const std::string& game, const std::string& start, int depth) const {
        const auto r = client().Post("/api/think", json{{"game", game}, {"start", start}, {"depth", depth}}.dump(),
                                     "application/json");
        EXPECT_TRUE(r && r->status == 200) << (r ? r->body : "no answer");
        if (!r) return {};
        const auto at = r->body.find("event: best\ndata: ");
        EXPECT_NE(at, std::string::npos) << r->body;
        if (at == std::string::npos) return {};
        return json::parse(r->body.substr(at + 18, r->body.find('\n', at + 18) - at - 18));
    }

private:
    httplib::Client client() const {
        httplib::Client c("127.0.0.1", port_);
        c.set_read_timeout(60, 0);
        return c;
    }
    std::unique_ptr<ply::web::Server> server_;
    int port_ = 0;
    std::thread runner_;
};

}  // namespace

TEST(ServeEgtb, StateShowsTheValueEgtbProbeGives) {
    const EgtbServer server(tables());
    for (const auto& [game, position] : std::vector<std::pair<std::string, std::string>>{
             {"checkers", kKingsWin},                        // win
             {"checkers", "B:WK19,K23:B28"},                 // the same, Black to move: loss
             {"checkers", "W:WK1:BK32"},                     // 1Kv1K: drawn
             {"chess", kKQvK},                               // loss
             {"chess", "8/8/8/8/8/2k5/8/KQ6 w - - 0 1"}}) {  // win
        const json probed = probe(game, position);
        EXPECT_EQ(server.state(game, position)["database"], database_line(probed)) << game << " " << position;
    }
    EXPECT_EQ(database_line(probe("checkers", kKingsWin)), "database win in 5 plies");  // what the page shows
    EXPECT_TRUE(server.state("checkers", "")["database"].is_null()) << "24 pieces are in no table";
    EXPECT_TRUE(server.state("chess", "")["database"].is_null());
    EXPECT_TRUE(server.state("tictactoe", "")["database"].is_null()) << "a game without tables";
}

TEST(ServeEgtb, TheEnginePlaysByTheTables) {
    // At depth 2 the engine alone sees no mate; the tables below the root
    // give the exact distance and a move that keeps it.
    const EgtbServer with(tables());
    const EgtbServer without(tables() / "sub");
    for (const auto& [game, position] :
         std::vector<std::pair<std::string, std::string>>{{"checkers", kKingsWin}, {"chess", kKQvK}}) {
        const json probed = probe(game, position);
        const int plies = probed["plies"];
        const json best = with.think(game, position, 2);
        EXPECT_EQ(best["score"],
                  probed["result"] == "win" ? "#" + std::to_string((plies + 1) / 2) : "#-" + std::to_string(plies / 2))
            << game << " " << best;
        EXPECT_NE(std::find(probed["best_moves"].begin(), probed["best_moves"].end(), best["move"]),
                  probed["best_moves"].end())
            << game << " " << best << " not in " << probed["best_moves"];
        EXPECT_EQ(without.think(game, position, 2)["score"].get<std::string>().find('#'), std::string::npos)
            << "without the tables, depth 2 sees no mate";
    }
}

TEST(ServeEgtb, AMissingOrDamagedTableLeavesNoDatabaseLine) {
    const TempDir damaged("serve_egtb_damaged");
    std::filesystem::copy(tables() / "checkers", damaged.path / "checkers");
    const auto file = damaged.path / "checkers" / "2Kv1M.plyt";
    const auto size = std::filesystem::file_size(file);
    {
        std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(std::streamoff(size - 3));
        f.put('\x5a');
    }
    std::filesystem::remove(damaged.path / "checkers" / "1Kv1K.plyt");
    const EgtbServer server(damaged.path);
    EXPECT_TRUE(server.state("checkers", kKingsWin)["database"].is_null()) << "a damaged file is never trusted";
    EXPECT_TRUE(server.state("checkers", "W:WK1:BK32")["database"].is_null()) << "a missing file";
    EXPECT_FALSE(server.think("checkers", kKingsWin, 2)["move"].get<std::string>().empty());
    EXPECT_EQ(server.state("checkers", "W:WK19:B28")["database"], database_line(probe("checkers", "W:WK19:B28")))
        << "the intact tables still answer";
}

TEST(ServeEgtb, TheOptionIsCheckedInOneLine) {
    const std::string dir = tables().string();
    for (const auto& [args, says] : std::vector<std::pair<std::string, std::string>>{
             {"--egtb /nonexistent-ply-tables", "is not a folder"},
             {"--egtb checkers=/nonexistent-ply-tables", "is not a folder"},
             {"--egtb tictactoe=" + dir, "no endgame databases for 'tictactoe'"},
             {"--egtb " + dir + "/sub", "no folder named after a game"}}) {
        const auto r = ply::testing::run_ply("serve --port 0 " + args);
        EXPECT_EQ(r.exit_code, 2) << args << ": " << r.out;
        EXPECT_NE(r.out.find(says), std::string::npos) << args << ": " << r.out;
    }
    for (const std::string& egtb : {dir, "checkers=" + dir + "/checkers"}) {
        ply::testing::PlyProcess serve({"serve", "--port", "0", "--egtb", egtb});
        std::this_thread::sleep_for(std::chrono::milliseconds(1500));
        serve.signal(SIGINT);
        const auto r = serve.wait();
        EXPECT_EQ(r.exit_code, 0) << egtb << ": " << r.err;
        EXPECT_NE(r.out.find("http://127.0.0.1:"), std::string::npos) << r.out;
    }
}
