#include <ply/games/chess/polyglot.hpp>

#include <algorithm>
#include <iterator>
#include <tuple>
#include <unordered_set>

#include <ply/core/error.hpp>
#include <ply/core/text_file.hpp>
#include <ply/games/chess/polyglot_random.hpp>

namespace ply::chess::polyglot {

namespace {

using detail::kRandom64;

// Ply's castling bits are in Polyglot's order, so bit r is RandomCastle[r].
static_assert(WhiteKingside == 1 && WhiteQueenside == 2 && BlackKingside == 4 && BlackQueenside == 8);

// A move played this often makes polyglot halve (rounding up) every count
// of its position, which keeps each weight below 2^15: this is the "global
// scaling to 16 bits" of its manual, measured on Debian's polyglot 2.0.4.
constexpr std::uint32_t kHalveAt = 16384;

template <class T>
T read_big_endian(const char* bytes) {
    T value = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i) value = T(value << 8 | static_cast<unsigned char>(bytes[i]));
    return value;
}

template <class T>
void write_big_endian(std::string& out, T value) {
    for (std::size_t i = sizeof(T); i-- > 0;) out += static_cast<char>((value >> (8 * i)) & 0xFF);
}

}  // namespace

std::uint64_t key(const Position& pos) {
    std::uint64_t k = 0;
    for (Bitboard b = pos.pieces(); b;) {
        const Square s = pop_lsb(b);
        const Piece p = pos.piece_on(s);
        // Polyglot's piece kinds go black, white for each type from pawn to king.
        const int kind = 2 * type_of(p) + (color_of(p) == White ? 1 : 0);
        k ^= kRandom64[detail::kPieceOffset + 64 * kind + s];
    }
    for (int right = 0; right < 4; ++right)
        if (pos.castling_rights() & (1 << right)) k ^= kRandom64[detail::kCastleOffset + right];
    const Color us = pos.side_to_move();
    const Square ep = pos.ep_square();
    if (ep != NoSquare && (pawn_attacks(~us, ep) & pos.pieces(us, Pawn)))
        k ^= kRandom64[detail::kEnPassantOffset + file_of(ep)];
    if (us == White) k ^= kRandom64[detail::kTurnOffset];
    return k;
}

std::uint16_t encode(Move m) {
    const int promotion = m.type() == Promotion ? m.promotion() - Knight + 1 : 0;
    return static_cast<std::uint16_t>(m.to() | m.from() << 6 | promotion << 12);
}

std::string to_bytes(std::span<const Entry> entries) {
    std::string out;
    out.reserve(entries.size() * kEntrySize);
    for (const Entry& e : entries) {
        write_big_endian(out, e.key);
        write_big_endian(out, e.move);
        write_big_endian(out, e.weight);
        write_big_endian(out, e.learn);
    }
    return out;
}

// ---------------------------------------------------------------------------
// Reading and choosing

Book Book::load(const std::string& path) { return parse(read_text_file(path, "Polyglot book"), path); }

Book Book::parse(std::string_view bytes, const std::string& name) {
    const std::string what = "'" + name + "' is not a Polyglot book: ";
    if (bytes.size() % kEntrySize != 0)
        throw ParseError(what + std::to_string(bytes.size()) + " bytes are not a whole number of " +
                         std::to_string(kEntrySize) + "-byte entries");
    Book book;
    book.entries_.reserve(bytes.size() / kEntrySize);
    for (std::size_t at = 0; at < bytes.size(); at += kEntrySize) {
        const char* p = bytes.data() + at;
        const Entry e{read_big_endian<std::uint64_t>(p), read_big_endian<std::uint16_t>(p + 8),
                      read_big_endian<std::uint16_t>(p + 10), read_big_endian<std::uint32_t>(p + 12)};
        // Lookups are binary searches: an unsorted book would silently miss moves.
        if (!book.entries_.empty() && e.key < book.entries_.back().key)
            throw ParseError(what + "the keys are not sorted (entry " + std::to_string(at / kEntrySize + 1) +
                             " is below the one before it)");
        book.entries_.push_back(e);
    }
    return book;
}

std::span<const Entry> Book::find(std::uint64_t key) const {
    const auto [first, last] = std::equal_range(entries_.begin(), entries_.end(), Entry{key, 0, 0, 0},
                                                [](const Entry& a, const Entry& b) { return a.key < b.key; });
    return {first, last};
}

std::vector<BookMove> Book::moves(const Position& pos) const {
    const auto found = find(key(pos));
    if (found.empty()) return {};
    Position::MoveList legal;
    pos.generate_legal(legal);
    std::vector<BookMove> out;
    for (const Entry& e : found) {
        const auto m = std::find_if(legal.begin(), legal.end(), [&](Move l) { return encode(l) == e.move; });
        if (m != legal.end()) out.push_back({*m, e.weight});
    }
    return out;
}

std::optional<Move> Book::choose(const Position& pos, Choice how, std::mt19937_64& rng) const {
    const auto candidates = moves(pos);
    std::uint32_t total = 0;
    const BookMove* best = nullptr;
    for (const auto& c : candidates) {
        total += c.weight;
        if (c.weight > 0 && (!best || c.weight > best->weight)) best = &c;
    }
    if (!best) return std::nullopt;
    if (how == Choice::Best) return best->move;
    std::uint32_t ticket = std::uniform_int_distribution<std::uint32_t>(0, total - 1)(rng);
    for (const auto& c : candidates) {
        if (ticket < c.weight) return c.move;
        ticket -= c.weight;
    }
    return best->move;  // not reached: the tickets add up to `total`
}

// ---------------------------------------------------------------------------
// Making

void BookMaker::add_game(const Position& start, std::span<const Move> moves, describe::RecordResult result,
                         int max_ply) {
    using enum describe::RecordResult;
    const std::uint32_t white_points = result == FirstPlayerWins ? 2 : result == Draw ? 1 : 0;
    Position pos = start;
    const std::size_t plies = std::min(moves.size(), static_cast<std::size_t>(std::max(0, max_ply)));
    for (std::size_t ply = 0; ply < plies; ++ply) {
        count(key(pos), encode(moves[ply]), pos.side_to_move() == White ? white_points : 2 - white_points);
        pos.make(moves[ply]);
    }
    ++games_;
}

void BookMaker::count(std::uint64_t key, std::uint16_t move, std::uint32_t points) {
    auto& here = counts_[key];
    auto c = std::find_if(here.begin(), here.end(), [&](const Count& x) { return x.move == move; });
    if (c == here.end()) c = here.insert(here.end(), Count{move, 0, 0, next_++});
    ++c->played;
    c->weight += points;
    if (c->played >= kHalveAt)
        for (auto& x : here) {
            x.played = (x.played + 1) / 2;
            x.weight = (x.weight + 1) / 2;
        }
}

std::vector<Entry> BookMaker::entries(int min_game) const {
    struct Kept {
        Entry entry;
        std::size_t first;
    };
    std::vector<Kept> kept;
    for (const auto& [k, here] : counts_)
        for (const auto& c : here)
            if (static_cast<std::int64_t>(c.played) >= min_game && c.weight > 0)
                kept.push_back({{k, c.move, static_cast<std::uint16_t>(c.weight), 0}, c.first});
    std::sort(kept.begin(), kept.end(), [](const Kept& a, const Kept& b) {
        return std::tie(a.entry.key, b.entry.weight, a.first) < std::tie(b.entry.key, a.entry.weight, b.first);
    });
    std::vector<Entry> out;
    out.reserve(kept.size());
    std::transform(kept.begin(), kept.end(), std::back_inserter(out), [](const Kept& k) { return k.entry; });
    return out;
}

std::string BookMaker::bytes(int min_game) const { return to_bytes(entries(min_game)); }

describe::RecordBookSummary BookMaker::summary(int min_game) const {
    const auto kept = entries(min_game);
    std::unordered_set<std::uint64_t> positions;
    for (const auto& e : kept) positions.insert(e.key);
    return {kept.size(), positions.size(), games_};
}

}  // namespace ply::chess::polyglot
