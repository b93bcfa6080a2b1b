#include <ply/games/go/go.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdlib>

#include <ply/core/error.hpp>
#include <ply/core/hash.hpp>
#include <ply/core/text.hpp>
#include <ply/games/go/patterns.hpp>

namespace ply::go {

namespace {

constexpr std::string_view kColumns = "ABCDEFGHJKLMNOPQRST";  // GTP skips I

// "9x9" or "9": a board size from 2 to 19.
int parse_size(std::string_view text) {
    std::string_view digits = text;
    if (const auto x = text.find_first_of("xX"); x != std::string_view::npos) {
        if (text.substr(0, x) != text.substr(x + 1))
            throw ParseError("go: the board must be square (" + clip(text) + ")");
        digits = text.substr(0, x);
    }
    if (digits.empty() || digits.size() > 2 ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
        throw ParseError("go: bad board size '" + clip(text) + "' (write 9x9; sizes 2 to " + std::to_string(kMaxSize) +
                         ")");
    const int size = std::stoi(std::string(digits));
    if (size < 2 || size > kMaxSize)
        throw ParseError("go: board size " + std::to_string(size) + " is not between 2 and " +
                         std::to_string(kMaxSize));
    return size;
}

std::string colour_name(Color c) { return c == Black ? "Black" : "White"; }

// Calls take(liberty) for each enemy string in atari touching the string at `head`.
template <class Take>
void take_neighbours_in_atari(const Board& b, Point head, Take&& take) {
    const Color them = opponent(b.at(head));
    Point s = head;
    do {
        for (const int step : kSteps) {
            const auto n = static_cast<Point>(s + step);
            if (b.at(n) == them && b.in_atari(n)) take(b.atari_liberty(n));
        }
        s = b.next_stone(s);
    } while (s != head);
}

}  // namespace

Go::Go(int size, int komi_halves) : board_(size), start_(size), komi_halves_(komi_halves) {
    seen_.push_back(board_.stones_hash());
    seen_set_ = mix64(board_.stones_hash());
}

// ---- Rules -------------------------------------------------------------------

bool Go::seen_before(std::uint64_t stones_hash) const {
    return std::find(seen_.begin(), seen_.end(), stones_hash) != seen_.end();
}

void Go::generate_moves(MoveListOf<Go>& out) const {
    if (passes_ >= 2) return;
    // Pass first: it ends the game or hands it back at once, so an exact
    // search learns the most for the fewest nodes from it (Tromp: 1,446
    // nodes for 2x2 with passes first, 19 million with passes last).
    out.push_back(kPass);
    for (int i = 0; i < board_.empty_count(); ++i) {
        const Point p = board_.empty_point(i);
        if (p != ko_ && board_.is_legal_shape(p, to_move_) && !seen_before(board_.hash_after(p, to_move_)))
            out.push_back(p);
    }
    std::sort(out.begin() + 1, out.end());  // the same order whatever the history of the empty list
}

void Go::remember_position() {
    seen_.push_back(board_.stones_hash());
    seen_set_ ^= mix64(board_.stones_hash());
}

void Go::make(Move m) {
    undo_.push_back(Undo{m, ko_, static_cast<std::uint8_t>(passes_), static_cast<std::uint32_t>(captured_.size())});
    if (m == kPass) {
        passes_ = std::min(passes_ + 1, 2);
        ko_ = kNoPoint;
    } else {
        std::array<Point, kMaxSize * kMaxSize> taken;  // uninitialised: playouts make millions of moves
        const int count = board_.play(m, to_move_, taken.data());
        captured_.insert(captured_.end(), taken.begin(), taken.begin() + count);
        // A single stone that took a single stone and has one liberty: taking back is ko.
        ko_ = count == 1 && board_.string_size(m) == 1 && board_.in_atari(m) ? taken[0] : kNoPoint;
        passes_ = 0;
        remember_position();
    }
    to_move_ = opponent(to_move_);
}

void Go::unmake(Move m) {
    const Undo u = undo_.back();
    undo_.pop_back();
    to_move_ = opponent(to_move_);
    if (m != kPass) {
        seen_set_ ^= mix64(board_.stones_hash());
        seen_.pop_back();
        const int count = static_cast<int>(captured_.size() - u.captured_from);
        board_.undo_play(m, captured_.data() + u.captured_from, count, opponent(to_move_));
        captured_.resize(u.captured_from);
    }
    ko_ = u.ko;
    passes_ = u.passes;
}

Score Go::evaluate() const {
    const int lead = black_lead_halves();
    return to_move_ == Black ? lead : -lead;
}

std::uint64_t Go::hash() const {
    constexpr std::uint64_t kWhiteToMove = 0x9d39247e33776d41ULL;
    constexpr std::uint64_t kAfterPass = 0x2af7398005aaa5c7ULL;
    // Size and komi too: positions of two settings must never share a key.
    const auto setting = static_cast<std::uint64_t>(size()) << 32 | static_cast<std::uint32_t>(komi_halves_);
    return board_.stones_hash() ^ (to_move_ == White ? kWhiteToMove : 0) ^ (passes_ == 1 ? kAfterPass : 0) ^
           mix64(seen_set_ + 0x9e3779b97f4a7c15ULL) ^ mix64(setting ^ 0xc2b2ae3d27d4eb4fULL);
}

int Go::tactical_replies(Point out[kMostLocalReplies]) const {
    if (undo_.empty() || undo_.back().move == kPass) return 0;
    const Point last = undo_.back().move;
    const Color us = to_move_, them = opponent(us);
    int count = 0;
    const auto add = [&](Point p) {
        if (count == kMostLocalReplies || p == ko_ || board_.is_eye(p, us) || !board_.is_legal_shape(p, us)) return;
        if (std::find(out, out + count, p) == out + count) out[count++] = p;
    };
    // The strings touching the last stone, and its own.
    Point heads[5];
    int strings = 0;
    for (int i = -1; i < 4; ++i) {
        const auto n = static_cast<Point>(i < 0 ? last : last + kSteps[static_cast<std::size_t>(i)]);
        const Color c = board_.at(n);
        if ((c == Black || c == White) && std::find(heads, heads + strings, board_.string_of(n)) == heads + strings)
            heads[strings++] = board_.string_of(n);
    }
    for (int i = 0; i < strings; ++i)
        if (board_.at(heads[i]) == them && board_.in_atari(heads[i])) add(board_.atari_liberty(heads[i]));
    if (count > 0) return count;

    for (int i = 0; i < strings; ++i) {
        if (board_.at(heads[i]) != us || !board_.in_atari(heads[i])) continue;
        take_neighbours_in_atari(board_, heads[i], add);
        if (const Point lib = board_.atari_liberty(heads[i]); board_.liberties_after(lib, us, 3) >= 3) add(lib);
    }
    if (count > 0) return count;

    for (int i = 0; i < strings; ++i) {
        Point libs[3];
        if (board_.at(heads[i]) != us || !board_.may_have_two_liberties(heads[i]) ||
            board_.liberties(heads[i], libs, 3) != 2)
            continue;
        for (int j = 0; j < 2; ++j)
            if (board_.liberties_after(libs[j], us, 3) >= 3) add(libs[j]);
    }
    return count;
}

Point Go::remembered_reply(const PlayoutMemory& memory) const {
    if (undo_.empty() || undo_.back().move == kPass) return kNoPoint;
    const Point p = memory.reply[static_cast<std::size_t>(to_move_ - 1)][undo_.back().move];
    if (p == kNoPoint || board_.at(p) != Empty || p == ko_ || board_.is_eye(p, to_move_) ||
        !board_.is_legal_shape(p, to_move_) || board_.is_self_atari(p, to_move_))
        return kNoPoint;
    return p;
}

void Go::PlayoutMemory::learn(std::span<const std::uint32_t> keys, int first_side, bool first_won) {
    for (std::size_t i = 1; i < keys.size(); ++i) {
        const std::uint32_t last = keys[i - 1], move = keys[i];
        if (last == kPass || move == kPass || last >= kPoints || move >= kPoints) continue;
        const bool by_first = i % 2 == 0;
        Point& remembered = reply[static_cast<std::size_t>(by_first ? first_side : 1 - first_side)][last];
        if (by_first == first_won)
            remembered = static_cast<Point>(move);
        else if (remembered == move)
            remembered = kNoPoint;
    }
}

int Go::urgent_shapes(Point out[kMostLocalReplies]) const {
    if (undo_.empty() || undo_.back().move == kPass) return 0;
    const Point last = undo_.back().move;
    int count = 0;
    for (const int step : {-kStride - 1, -kStride, -kStride + 1, -1, 1, kStride - 1, kStride, kStride + 1}) {
        const auto p = static_cast<Point>(last + step);
        if (board_.at(p) != Empty || p == ko_ || !is_urgent_shape(neighbourhood(board_, p))) continue;
        if (board_.is_eye(p, to_move_) || !board_.is_legal_shape(p, to_move_) || board_.is_self_atari(p, to_move_))
            continue;
        out[count++] = p;
    }
    return count;
}

std::string Go::illegal_reason(Move m) const {
    if (passes_ >= 2) return "the game is over (both players passed)";
    if (m == kPass) return "";
    if (!board_.on_board(m)) return "off the board";
    if (board_.at(m) != Empty) return "the point is taken";
    if (!board_.is_legal_shape(m, to_move_)) return "suicide";
    if (m == ko_) return "ko: the stone just taken cannot be taken back at once";
    if (seen_before(board_.hash_after(m, to_move_))) return "superko: the position would repeat";
    return "";
}

// ---- Notation ----------------------------------------------------------------

std::string Go::vertex(Move m) {
    if (m == kPass) return "pass";
    return std::string(1, kColumns[static_cast<std::size_t>(column_of(m))]) + std::to_string(row_of(m) + 1);
}

Move Go::parse_vertex(std::string_view text, int size) {
    const std::string t = lower(trim(text));
    if (t == "pass") return kPass;
    const auto bad = [&](const std::string& why) { return ParseError("'" + clip(trim(text)) + "': " + why); };
    if (t.size() < 2 || t.size() > 3) throw bad("write a point such as D4, or pass");
    const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(t[0])));
    if (letter == 'I') throw bad("there is no column I (columns skip it: A-H, J-T)");
    const auto column = kColumns.find(letter);
    if (column == std::string_view::npos ||
        !std::all_of(t.begin() + 1, t.end(), [](char c) { return c >= '0' && c <= '9'; }))
        throw bad("write a point such as D4, or pass");
    const int row = std::stoi(t.substr(1));
    if (static_cast<int>(column) >= size || row < 1 || row > size)
        throw bad("off the " + std::to_string(size) + "x" + std::to_string(size) + " board (columns A-" +
                  std::string(1, kColumns[static_cast<std::size_t>(size - 1)]) + ", rows 1-" + std::to_string(size) +
                  ")");
    return point_at(static_cast<int>(column), row - 1);
}

Move Go::parse_move(std::string_view text) const {
    const Move m = parse_vertex(text, size());
    if (const std::string why = illegal_reason(m); !why.empty()) throw ParseError("'" + clip(trim(text)) + "': " + why);
    return m;
}

std::string Go::move_to_string(Move m) const { return vertex(m); }

std::string Go::komi_text(int komi_halves) {
    std::string out = std::to_string(komi_halves / 2);
    if (komi_halves < 0 && komi_halves / 2 == 0) out = "-0";
    if (komi_halves % 2 != 0) out += ".5";
    return out;
}

int Go::parse_komi(std::string_view text) {
    const std::string t(trim(text));
    char* end = nullptr;
    const double komi = t.empty() ? NAN : std::strtod(t.c_str(), &end);
    if (t.empty() || end != t.c_str() + t.size() || !std::isfinite(komi) || std::abs(komi) > 1000)
        throw ParseError("go: bad komi '" + t + "' (a number such as 7.5)");
    const double halves = komi * 2;
    if (halves != std::floor(halves)) throw ParseError("go: komi " + t + " is not a whole or half point");
    return static_cast<int>(halves);
}

std::string Go::format_score(Score s) { return (s > 0 ? "+" : "") + komi_text(s); }

std::string Go::result_text() const {
    const int lead = black_lead_halves();
    if (lead == 0) return "0";
    return std::string(lead > 0 ? "B+" : "W+") + komi_text(std::abs(lead));
}

std::string Go::end_reason() const { return passes_ >= 2 ? "both passed: " + result_text() : ""; }

std::string Go::termination() const { return passes_ >= 2 ? result_text() + " (both passed)" : ""; }

Go Go::from_position(std::string_view text) {
    text = trim(text);
    if (text.empty() || text == "start") return Go();
    if (text.substr(0, 1) == "(") return from_sgf(text);
    const auto parts = words(text);
    // "9x9" or "9x9 komi 6.5"
    if (parts[0].find('/') == std::string_view::npos && parts[0].find('.') == std::string_view::npos &&
        std::isdigit(static_cast<unsigned char>(parts[0][0]))) {
        int komi = kDefaultKomiHalves;
        if (parts.size() == 3 && lower(parts[1]) == "komi")
            komi = parse_komi(parts[2]);
        else if (parts.size() != 1)
            throw ParseError("go: write an empty board as 9x9 or '9x9 komi 7.5'");
        return Go(parse_size(parts[0]), komi);
    }
    if (parts.size() > 3) throw ParseError("go position: expected rows, side to move and komi ('..X/.O./... b 7.5')");
    std::vector<std::string_view> rows;
    for (std::string_view rest = parts[0];;) {
        const auto slash = rest.find('/');
        rows.push_back(rest.substr(0, slash));
        if (slash == std::string_view::npos) break;
        rest.remove_prefix(slash + 1);
    }
    const int size = static_cast<int>(rows.size());
    if (size < 2 || size > kMaxSize)
        throw ParseError("go position: " + std::to_string(size) + " rows; boards have 2 to " +
                         std::to_string(kMaxSize));
    Go g(size, parts.size() == 3 ? parse_komi(parts[2]) : kDefaultKomiHalves);
    for (int r = 0; r < size; ++r) {
        const auto row = rows[static_cast<std::size_t>(r)];
        if (static_cast<int>(row.size()) != size)
            throw ParseError("go position: row " + std::to_string(r + 1) + " has " + std::to_string(row.size()) +
                             " points, not " + std::to_string(size));
        for (int c = 0; c < size; ++c) {
            const char ch =
                static_cast<char>(std::toupper(static_cast<unsigned char>(row[static_cast<std::size_t>(c)])));
            if (ch != 'X' && ch != 'O' && ch != '.')
                throw ParseError(std::string("go position: bad character '") + row[static_cast<std::size_t>(c)] +
                                 "' (X black, O white, . empty)");
            if (ch != '.') g.board_.set_stone(point_at(c, size - 1 - r), ch == 'X' ? Black : White);
        }
    }
    if (!g.board_.all_strings_breathe()) throw ParseError("go position: a string has no liberty");
    if (parts.size() >= 2) {
        const std::string side = lower(parts[1]);
        if (side != "b" && side != "w") throw ParseError("go position: the side to move is b or w, not '" + side + "'");
        g.to_move_ = side == "b" ? Black : White;
    }
    g.start_ = g.board_;
    g.start_to_move_ = g.to_move_;
    g.seen_.assign(1, g.board_.stones_hash());
    g.seen_set_ = mix64(g.board_.stones_hash());
    return g;
}

std::string Go::position() const {
    std::string out;
    for (int r = size() - 1; r >= 0; --r) {
        for (int c = 0; c < size(); ++c) {
            const Color col = board_.at(point_at(c, r));
            out += col == Black ? 'X' : col == White ? 'O' : '.';
        }
        if (r > 0) out += '/';
    }
    return out + (to_move_ == Black ? " b " : " w ") + komi_text(komi_halves_);
}

BoardView Go::board_view() const {
    const int n = size();
    BoardView v{"points", n, n, {}, {}, {}, -1, {}};
    for (int r = n - 1; r >= 0; --r)
        for (int c = 0; c < n; ++c) {
            const Color col = board_.at(point_at(c, r));
            v.cells.push_back(col == Black ? "B" : col == White ? "W" : "");
        }
    for (int c = 0; c < n; ++c) v.column_names.push_back(std::string(1, kColumns[static_cast<std::size_t>(c)]));
    for (int r = n; r >= 1; --r) v.row_names.push_back(std::to_string(r));
    if (const auto last = move_cells(last_move()); !last.empty()) v.last_move_cell = last[0];
    return v;
}

std::vector<int> Go::move_cells(Move m) const {
    if (m == kPass) return {};
    return {(size() - 1 - row_of(m)) * size() + column_of(m)};
}

std::string Go::render() const {
    const int n = size();
    const Move last = last_move();
    std::string letters = "   ";
    for (int c = 0; c < n; ++c) letters += std::string(" ") + kColumns[static_cast<std::size_t>(c)];
    std::string out = letters + "\n";
    for (int r = n - 1; r >= 0; --r) {
        const std::string label = (r + 1 < 10 ? " " : "") + std::to_string(r + 1);
        out += label + " ";
        for (int c = 0; c < n; ++c) {
            const Point p = point_at(c, r);
            const bool here = p == last, after_last = c > 0 && point_at(c - 1, r) == last;
            out += here ? '(' : after_last ? ')' : ' ';
            const Color col = board_.at(p);
            out += col == Black ? 'X' : col == White ? 'O' : '.';
        }
        out += point_at(n - 1, r) == last ? ")" : " ";
        out += label + "\n";
    }
    out += letters + "\n";
    out +=
        colour_name(to_move_) + " (" + (to_move_ == Black ? "X" : "O") + ") to move, komi " + komi_text(komi_halves_);
    if (passes_ >= 2)
        out += ", over: " + result_text();
    else if (passes_ == 1)
        out += ", " + colour_name(opponent(to_move_)) + " passed";
    return out + "\n";
}

}  // namespace ply::go
