// The fixed positions of `bench`: its node count is the search's signature.
// Perft-suite positions (endings, castling, promotions) and Win At Chess
// middlegames (data/PROVENANCE.md).
#pragma once

#include <array>
#include <string_view>

namespace ply::chess {

inline constexpr std::array<std::string_view, 43> kBenchPositions = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "4k2r/8/8/8/8/8/8/4K3 w k - 0 1",
    "8/8/8/8/8/8/6k1/4K2R w K - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1",
    "4k3/8/8/8/8/8/8/R3K3 b Q - 0 1",
    "r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1",
    "r3k3/1K6/8/8/8/8/8/8 b q - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K1R1 b Qkq - 0 1",
    "8/1n4N1/2k5/8/8/5K2/1N4n1/8 w - - 0 1",
    "k7/8/2N5/1N6/8/8/8/K6n w - - 0 1",
    "K7/8/2n5/1n6/8/8/8/k6N b - - 0 1",
    "k7/B7/1B6/1B6/8/8/8/K6b w - - 0 1",
    "k7/B7/1B6/1B6/8/8/8/K6b b - - 0 1",
    "7k/RR6/8/8/8/8/rr6/7K b - - 0 1",
    "K7/8/8/3Q4/4q3/8/8/7k w - - 0 1",
    "8/8/8/8/8/K7/P7/k7 w - - 0 1",
    "8/2k1p3/3pP3/3P2K1/8/8/8/8 w - - 0 1",
    "7K/7p/7k/8/8/8/8/8 b - - 0 1",
    "8/8/7k/7p/7P/7K/8/8 w - - 0 1",
    "8/8/3k4/3p4/8/3P4/3K4/8 w - - 0 1",
    "8/8/3k4/3p4/3P4/3K4/8/8 b - - 0 1",
    "7k/3p4/8/8/3P4/8/8/K7 w - - 0 1",
    "k7/8/8/6p1/7P/8/8/K7 w - - 0 1",
    "7k/3p4/8/8/3P4/8/8/K7 b - - 0 1",
    "k7/8/8/6p1/7P/8/8/K7 b - - 0 1",
    "7k/8/8/p7/1P6/8/8/7K w - - 0 1",
    "k7/7p/8/8/8/8/6P1/K7 w - - 0 1",
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "5rk1/1b3p1p/pp3p2/3n1N2/1P6/P1qB1PP1/3Q3P/4R1K1 w - - 0 1",
    "1k6/5RP1/1P6/1K6/6r1/8/8/8 w - - 0 1",
    "3qrbk1/ppp1r2n/3pP2p/3P4/2P4P/1P3Q2/PB6/R4R1K w - - 0 1",
    "r4rk1/1bR1bppp/4pn2/1p2N3/1P6/P3P3/4BPPP/3R2K1 b - - 0 1",
    "5rk1/p5pp/8/8/2Pbp3/1P4P1/7P/4RN1K b - - 0 1",
    "6k1/5p1p/2bP2pb/4p3/2P5/1p1pNPPP/1P1Q1BK1/1q6 b - - 0 1",
    "4r1k1/p1qr1p2/2pb1Bp1/1p5p/3P1n1R/1B3P2/PP3PK1/2Q4R w - - 0 1",
    "3r3k/3r1P1p/pp1Nn3/2pp4/7Q/6R1/Pq4PP/5RK1 w - - 0 1",
    "r3k2r/2p2p2/p2p1n2/1p2p3/4P2p/1PPPPp1q/1P5P/R1N2QRK b kq - 0 1",
    "2b2r1k/4q2p/3p2pQ/2pBp3/8/6P1/1PP2P1P/R5K1 w - - 0 1",
    "r3k3/P5bp/2N1bp2/4p3/2p5/6NP/1PP2PP1/3R2K1 w q - 0 1",
    "2rq1rk1/pp3ppp/2n2b2/4NR2/3P4/PB5Q/1P4PP/3R2K1 w - - 0 1",
    "r5k1/1bp3pp/p2p4/1p6/5p2/1PBP1nqP/1PP3Q1/R4R1K b - - 0 1",
    "2R5/2R4p/5p1k/6n1/8/1P2QPPq/r7/6K1 w - - 0 1",
};

inline constexpr int kBenchDepth = 9;

}  // namespace ply::chess
