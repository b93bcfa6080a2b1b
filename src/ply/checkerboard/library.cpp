// The shared library a CheckerBoard host loads (libplycheckers.so): getmove,
// enginecommand and islegal with plain C linkage, for the built-in game that speaks
// the interface. One session serves the host; the interface has no handle,
// and a lock keeps a host's threads from entering it at once.
#include <mutex>
#include <string_view>

#include <ply/checkerboard/session.hpp>
#include <ply/registry/builtin_games.hpp>

namespace ply::checkerboard {
namespace {

template <class G>
struct SpeaksCheckerBoard : std::bool_constant<CheckerBoardGame<G>> {};
using Game = registry::FirstWhere<SpeaksCheckerBoard, registry::BuiltinGames>::type;
static_assert(!std::is_void_v<Game>, "no built-in game speaks CheckerBoard's engine interface");
using CbMove = CheckerBoardProtocol<Game>::CbMove;

std::mutex& lock() {
    static std::mutex m;
    return m;
}

// Made at the first call: a host that only loads the library pays nothing.
Session<Game>& session() {
    static Session<Game> s;
    return s;
}

}  // namespace
}  // namespace ply::checkerboard

#define PLY_CB_EXPORT extern "C" __attribute__((visibility("default")))

PLY_CB_EXPORT int getmove(int board[8][8], int color, double maxtime, char str[1024], int* playnow, int info,
                          int moreinfo, ply::checkerboard::CbMove* move) {
    using namespace ply::checkerboard;
    char scratch[kTextRoom + 1];
    if (!str) str = scratch;  // a host that reads no search text
    const std::lock_guard guard(lock());
    try {
        return session().getmove(*reinterpret_cast<int(*)[8][8]>(board), color, maxtime, str, playnow, info, moreinfo,
                                 move);
    } catch (const std::exception& e) {  // nothing may cross into a C host
        put(str, e.what());
        return ply::cb_api::kUnknown;
    }
}

// Not in CheckerBoard's own interface today, but hosts such as cliche
// load it with the others and check a person's moves with it.
PLY_CB_EXPORT int islegal(int board[8][8], int color, int from, int to, ply::checkerboard::CbMove* move) {
    using namespace ply::checkerboard;
    const std::lock_guard guard(lock());
    try {
        return session().islegal(*reinterpret_cast<int(*)[8][8]>(board), color, from, to, move);
    } catch (const std::exception&) {
        return 0;
    }
}

PLY_CB_EXPORT int enginecommand(char str[256], char reply[1024]) {
    using namespace ply::checkerboard;
    char scratch[kTextRoom + 1];
    if (!reply) reply = scratch;
    const std::lock_guard guard(lock());
    try {
        return session().command(std::string_view(str ? str : ""), reply);
    } catch (const std::exception& e) {
        put(reply, e.what());
        return 0;
    }
}
