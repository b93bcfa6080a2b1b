#include <ply/games/chess/attacks.hpp>

#include <mutex>
#include <vector>

namespace ply::chess::attacks {

Slider rook[64];
Slider bishop[64];

namespace {

// PEXT needs 2^bits slots per square (bits: the mask's popcount). Magic
// indices get one bit more: with twice the room, a random sparse candidate is
// far more often collision-free, so the start-up search takes milliseconds.
constexpr std::size_t kRookPextSize = 102400, kBishopPextSize = 5248;
constexpr std::size_t kRookMagicSize = 2 * kRookPextSize, kBishopMagicSize = 2 * kBishopPextSize;
constexpr std::size_t kRookTableSize = uses_pext() ? kRookPextSize : kRookMagicSize;
constexpr std::size_t kBishopTableSize = uses_pext() ? kBishopPextSize : kBishopMagicSize;

Bitboard rook_table[kRookTableSize];
Bitboard bishop_table[kBishopTableSize];

// Relevant occupancy: the rays without the last square of each (board edge).
Bitboard relevant_mask(Square s, bool diagonal) {
    const Bitboard edges = ((Rank1 | Rank8) & ~rank_bb(rank_of(s))) | ((FileA | FileH) & ~file_bb(file_of(s)));
    return detail::ray_attacks(s, 0, diagonal) & ~edges;
}

// xorshift64*: deterministic, so the magics are the same on every run.
struct Random {
    std::uint64_t state;
    std::uint64_t next() {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        return state * 2685821657736338717ULL;
    }
    std::uint64_t sparse() { return next() & next() & next(); }
};

// Fills `entries` and `table`; with `find_magics`, searches a magic per square
// so that index() by multiplication is collision-free (constructive collisions,
// where two occupancies share the same attack set, are allowed).
void build(Slider* entries, Bitboard* table, bool diagonal, bool find_magics) {
    Random rng{diagonal ? 0x9E3779B97F4A7C15ULL : 0xD1B54A32D192ED03ULL};
    std::vector<Bitboard> occupancies, reference;
    std::vector<int> epoch;
    int attempt = 0;
    Bitboard* cursor = table;
    for (Square s = 0; s < 64; ++s) {
        Slider& e = entries[s];
        e.mask = relevant_mask(s, diagonal);
        const int bits = popcount(e.mask) + (find_magics ? 1 : 0);
        e.shift = 64 - bits;
        e.table = cursor;
        const std::size_t size = std::size_t{1} << bits;
        cursor += size;

        // Every subset of the mask (Carry-Rippler enumeration).
        occupancies.clear();
        reference.clear();
        Bitboard b = 0;
        do {
            occupancies.push_back(b);
            reference.push_back(detail::ray_attacks(s, b, diagonal));
            b = (b - e.mask) & e.mask;
        } while (b);

        Bitboard* slots = const_cast<Bitboard*>(e.table);
        if (!find_magics) {
#if defined(__BMI2__)
            for (std::size_t i = 0; i < occupancies.size(); ++i)
                slots[_pext_u64(occupancies[i], e.mask)] = reference[i];
#endif
            continue;
        }
        epoch.assign(size, 0);
        for (bool found = false; !found;) {
            do e.magic = rng.sparse();
            while (popcount((e.mask * e.magic) >> 56) < 6);
            ++attempt;
            found = true;
            for (std::size_t i = 0; i < occupancies.size(); ++i) {
                const std::size_t idx = ((occupancies[i] & e.mask) * e.magic) >> e.shift;
                if (epoch[idx] != attempt) {
                    epoch[idx] = attempt;
                    slots[idx] = reference[i];
                } else if (slots[idx] != reference[i]) {
                    found = false;
                    break;
                }
            }
        }
    }
}

// Separate tables for the magic variant when PEXT is the main one.
#if defined(__BMI2__)
Slider magic_rook[64];
Slider magic_bishop[64];
std::vector<Bitboard> magic_rook_table, magic_bishop_table;
#endif

void init_magic_variant() {
#if defined(__BMI2__)
    static std::once_flag once;
    std::call_once(once, [] {
        magic_rook_table.assign(kRookMagicSize, 0);
        magic_bishop_table.assign(kBishopMagicSize, 0);
        build(magic_rook, magic_rook_table.data(), false, true);
        build(magic_bishop, magic_bishop_table.data(), true, true);
    });
#else
    init();
#endif
}

const Slider& magic_entry(Square s, bool diagonal) {
    init_magic_variant();
#if defined(__BMI2__)
    return diagonal ? magic_bishop[s] : magic_rook[s];
#else
    return diagonal ? bishop[s] : rook[s];
#endif
}

Bitboard magic_lookup(const Slider& e, Bitboard occupied) {
    return e.table[((occupied & e.mask) * e.magic) >> e.shift];
}

}  // namespace

void init() {
    static std::once_flag once;
    std::call_once(once, [] {
        build(rook, rook_table, false, !uses_pext());
        build(bishop, bishop_table, true, !uses_pext());
    });
}

Bitboard magic_rook_attacks(Square s, Bitboard occupied) { return magic_lookup(magic_entry(s, false), occupied); }
Bitboard magic_bishop_attacks(Square s, Bitboard occupied) { return magic_lookup(magic_entry(s, true), occupied); }

namespace {
// Tables are ready before main() for code that does not go through Position.
[[maybe_unused]] const bool initialised_at_startup = (init(), true);
}  // namespace

}  // namespace ply::chess::attacks
