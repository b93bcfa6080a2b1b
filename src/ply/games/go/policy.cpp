// Go's tree priors by the fitted move features (features.hpp).
#include <ply/games/go/features.hpp>
#include <ply/games/go/go.hpp>

namespace ply::go {

void Go::move_priors(const MoveListOf<Go>& moves, float* out) const {
    const FeatureWeights& w = learned_weights();
    for (std::size_t i = 0; i < moves.size(); ++i)
        out[i] = moves[i] == kPass ? 0 : w.strength(move_features(*this, moves[i]));
}

}  // namespace ply::go
