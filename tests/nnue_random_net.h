// A random chess net of any hidden size, the same for the same seed on every machine: the nets of
// tests/nnue_test.cpp.
// Weights are small, as a trainer's clipped ones are: a feature weight in [-24, 24], a bias in
// [-32, 96] (most neurons start active), an output weight in [-16, 16]. The other side's output
// weights are the negated mover's, so that, as with a trained net, a position is roughly as good
// for one side as it is bad for the other: a net whose score jumps at random with the side to
// move sends the search into trees thousands of times larger. Each output bucket draws its own.
#pragma once

#include <memory>

#include "eval/nnue.h"

namespace citadel::eval::nnue {

inline std::unique_ptr<Network> random_network(
    int hidden, u64 seed, int buckets = 1, Activation activation = Activation::CReLU) {
    auto next = [&seed] { // splitmix64: fixed by its definition, unlike <random>'s distributions
        u64 z = (seed += 0x9e3779b97f4a7c15ull);
        z     = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z     = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    };
    auto in     = [&](int lo, int hi) { return std::int16_t(lo + int(next() % u64(hi - lo + 1))); };
    auto net    = std::make_unique<Network>();
    net->hidden = hidden;
    net->buckets    = buckets;
    net->activation = activation;
    for (auto& row : net->feature_weights)
        for (int i = 0; i < hidden; ++i) row[i] = in(-24, 24);
    for (int i = 0; i < hidden; ++i) net->feature_bias[i] = in(-32, 96);
    for (int b = 0; b < buckets; ++b) {
        for (int i = 0; i < hidden; ++i) {
            net->output_weights[b][0][i] = in(-16, 16);
            net->output_weights[b][1][i] = std::int16_t(-net->output_weights[b][0][i]);
        }
        net->output_bias[b] = in(-2000, 2000);
    }
    return net;
}

} // namespace citadel::eval::nnue
