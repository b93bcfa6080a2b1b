// Builds checkers' endgame slices in memory (games/checkers/slices.hpp with
// search/retro/build.hpp) and reports the time, the positions per second
// and the counts per piece count against OEIS A055213; with a position, only
// the slices it leads into, and then its value. Without one, every index is
// checked to come back from address(position(i)) too (not timed). Run by bench/checkers-egtb.
//   checkers-egtb PIECES THREADS [FEN]
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <ply/games/checkers/checkers.hpp>
#include <ply/games/checkers/slices.hpp>
#include <ply/games/checkers/solve.hpp>
#include <ply/search/retro/build.hpp>
#include <ply/search/retro/needed.hpp>
#include "support/checkers_placement.hpp"

namespace {

using ply::checkers::Checkers;
using ply::checkers::Slice;
using Index = ply::SliceIndex<Checkers>;
using Tables = std::map<Slice, std::vector<ply::retro::Code>>;

// OEIS A055213, a(1) to a(6).
constexpr std::uint64_t kPlacements[7] = {0, 120, 6972, 261224, 7092774, 148688232, 2503611964};

// Whether every index of the slice comes back from address(position(i)).
bool round_trips(const Slice& s, int threads) {
    std::atomic<bool> ok{true};
    ply::retro::for_chunks(Index::size(s), threads, [&](std::uint64_t first, std::uint64_t last) {
        Checkers g;
        for (std::uint64_t i = first; i < last; ++i)
            if (!Index::position(s, i, g) || Index::address(g) != ply::SliceAddress<Slice>{s, i}) ok = false;
    });
    return ok;
}

// How many of `count` random positions get the solver's value (result and
// plies) from the tables.
template <class Lookup>
int agree_with_solver(int pieces, int count, const Lookup& lookup) {
    std::mt19937_64 random(76);
    const ply::GameSolver<Checkers> solver(1024);
    int agree = 0;
    for (int k = 0; k < count; ++k) {
        const Checkers g = ply::testing::random_placement(random, pieces);
        const auto solved = solver.solve(g, [] { return false; });
        const auto v = ply::retro::decode(lookup(*Index::address(g)));
        if (v.result == solved.result && v.plies == solved.plies)
            ++agree;
        else
            std::printf("%s: tables %d in %d plies, solver %d in %d\n", g.fen().c_str(), int(v.result), v.plies,
                        int(solved.result), solved.plies);
    }
    return agree;
}

double seconds_since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: checkers-egtb PIECES THREADS [FEN]\n");
        return 2;
    }
    const int pieces = std::atoi(argv[1]), threads = std::atoi(argv[2]);
    std::vector<Slice> order = Index::slices(pieces);
    std::optional<Checkers> root;
    const int solver_count = argc > 4 && std::string(argv[3]) == "--solver" ? std::atoi(argv[4]) : 0;
    if (argc > 3 && !solver_count) {
        root = Checkers::from_fen(argv[3]);
        const auto at = Index::address(*root);
        if (!at) return std::fprintf(stderr, "no slice holds %s\n", argv[3]), 2;
        order = ply::retro::slices_needed<Checkers>(at->slice);
    }
    Tables tables;
    int status = 0;
    const auto lookup = [&](const ply::SliceAddress<Slice>& a) { return tables.at(a.slice)[a.index]; };
    std::map<int, std::pair<std::uint64_t, double>> by_count;  // positions, seconds
    const auto start = std::chrono::steady_clock::now();
    for (const Slice& s : order) {
        const auto t = std::chrono::steady_clock::now();
        auto codes = ply::retro::build_slice<Checkers>(s, lookup, {.threads = threads, .progress = {}});
        std::uint64_t counted = 0;
        for (const auto c : codes) counted += c != ply::retro::not_counted_code;
        const double took = seconds_since(t);
        by_count[s.pieces()].first += counted;
        by_count[s.pieces()].second += took;
        if (root)
            std::printf("%-12s %12llu positions %9.1f s\n", Index::name(s).c_str(), (unsigned long long)counted, took);
        std::fflush(stdout);
        if (!root && !round_trips(s, threads)) {
            std::printf("%s: an index does not come back from address(position(i))\n", Index::name(s).c_str());
            status = 1;
        }
        tables[s] = std::move(codes);
    }
    std::printf("%6s %14s %10s %12s  %s\n", "pieces", "positions", "seconds", "positions/s", "A055213");
    for (const auto& [n, row] : by_count) {
        const bool whole = !root;
        const char* check = !whole ? "(part)" : row.first == kPlacements[n] ? "ok" : "WRONG";
        if (whole && row.first != kPlacements[n]) status = 1;
        std::printf("%6d %14llu %10.2f %12.0f  %s\n", n, (unsigned long long)row.first, row.second,
                    row.first / std::max(row.second, 1e-9), check);
    }
    double built = 0;
    for (const auto& [n, row] : by_count) built += row.second;
    std::printf("all: %.2f s building (%.2f s with the checks), %d threads\n", built, seconds_since(start), threads);
    if (root) {
        const auto v = ply::retro::decode(lookup(*Index::address(*root)));
        const char* result = v.result == ply::Outcome::Win ? "win" : v.result == ply::Outcome::Loss ? "loss" : "draw";
        std::printf("%s: %s for the side to move in %d plies\n", argv[3], result, v.plies);
    }
    if (solver_count) {
        const int agree = agree_with_solver(pieces, solver_count, lookup);
        std::printf("the exact solver agrees on %d of %d random positions of %d pieces\n", agree, solver_count, pieces);
        if (agree != solver_count) status = 1;
    }
    return status;
}
