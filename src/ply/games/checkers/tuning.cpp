#include <ply/games/checkers/tuning.hpp>

#include <algorithm>
#include <sstream>
#include <utility>

#include <ply/core/error.hpp>
#include <ply/core/weights_text.hpp>
#include <ply/games/checkers/evaluate.hpp>

namespace ply {
namespace {

using checkers::eval::Weights;

std::vector<WeightPair> flat(const Weights& w) { return {w.begin(), w.end()}; }

Weights structured(const std::vector<WeightPair>& flat) {
    if (flat.size() != static_cast<std::size_t>(checkers::eval::kWeightCount))
        throw ParseError("checkers weights: " + std::to_string(flat.size()) + " pairs, not " +
                         std::to_string(checkers::eval::kWeightCount));
    Weights w;
    std::copy(flat.begin(), flat.end(), w.begin());
    return w;
}

void put32(std::span<std::byte, 16> out, std::size_t at, std::uint32_t v) {
    for (std::size_t i = 0; i < 4; ++i) out[at + i] = static_cast<std::byte>(v >> (8 * i));
}
std::uint32_t get32(std::span<const std::byte, 16> in, std::size_t at) {
    std::uint32_t v = 0;
    for (std::size_t i = 0; i < 4; ++i) v |= std::to_integer<std::uint32_t>(in[at + i]) << (8 * i);
    return v;
}

}  // namespace

void Tuning<checkers::Checkers>::pack(const Checkers& g, std::span<std::byte, kPackedSize> out) {
    std::fill(out.begin(), out.end(), std::byte{0});
    put32(out, 0, g.pieces(checkers::Black));
    put32(out, 4, g.pieces(checkers::White));
    put32(out, 8, g.kings());
    out[12] = std::byte{g.side_to_move() == checkers::White ? std::uint8_t{1} : std::uint8_t{0}};
}

// Through the FEN, which checks what the bytes say (two pieces on a square,
// a man on its crowning row).
checkers::Checkers Tuning<checkers::Checkers>::unpack(std::span<const std::byte, kPackedSize> in) {
    const std::uint32_t black = get32(in, 0), white = get32(in, 4), kings = get32(in, 8);
    if ((black & white) || (kings & ~(black | white)) || std::to_integer<int>(in[12]) > 1)
        throw ParseError("bad packed checkers position");
    std::ostringstream fen;
    fen << (std::to_integer<int>(in[12]) == 1 ? 'W' : 'B');
    for (const auto& [letter, pieces] : {std::pair{'W', white}, std::pair{'B', black}}) {
        fen << ':' << letter;
        const char* comma = "";
        for (int q = 0; q < 32; ++q)
            if (pieces & checkers::bit(q))
                fen << std::exchange(comma, ",") << ((kings & checkers::bit(q)) ? "K" : "") << q + 1;
    }
    try {
        return Checkers::from_fen(fen.str());
    } catch (const ParseError& e) {
        throw ParseError(std::string("bad packed checkers position: ") + e.what());
    }
}

LinearEval Tuning<checkers::Checkers>::linear(const Checkers& g) {
    const checkers::eval::Trace t = checkers::eval::trace(g);
    LinearEval out;
    for (std::size_t i = 0; i < t.counts.size(); ++i)
        if (t.counts[i]) out.counts.emplace_back(static_cast<std::uint32_t>(i), static_cast<std::int16_t>(t.counts[i]));
    out.mg_share = static_cast<double>(t.phase) / checkers::eval::kPhaseMax;
    out.eg_share = 1 - out.mg_share;
    return out;
}

std::vector<std::string> Tuning<checkers::Checkers>::weight_names() { return checkers::eval::weight_names(); }

std::vector<WeightPair> Tuning<checkers::Checkers>::weights() { return flat(checkers::eval::weights()); }

void Tuning<checkers::Checkers>::set_weights(const std::vector<WeightPair>& weights) {
    checkers::eval::set_weights(structured(weights));
}

std::string Tuning<checkers::Checkers>::weights_text(const std::vector<WeightPair>& weights) {
    return checkers::eval::weights_text(structured(weights));
}

std::vector<WeightPair> Tuning<checkers::Checkers>::parse_weights(std::string_view text) {
    return flat(checkers::eval::parse_weights(text));
}

// The initializer of kDefaultWeights (eval_weights.hpp), a pair a line.
std::string Tuning<checkers::Checkers>::weights_cpp(const std::vector<WeightPair>& weights) {
    const std::vector<std::string> names = weight_names();
    std::ostringstream out;
    out << "inline constexpr Weights kDefaultWeights = {{\n";
    for (std::size_t i = 0; i < weights.size() && i < names.size(); ++i)
        out << "    {" << weights[i][0] << ", " << weights[i][1] << "},  // " << names[i] << '\n';
    out << "}};\n";
    return out.str();
}

}  // namespace ply
