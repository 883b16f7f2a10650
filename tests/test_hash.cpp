// Seeds and permutation tables.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>

#include "gradnoise/gradnoise.hpp"
#include "splitmix64.hpp"
#include "test_support.hpp"

using gradnoise::Noise;
using gradnoise::PermutationTable;

TEST_SUITE("permutation") {

TEST_CASE("SplitMix64 matches the published sequence for seed 1234567") {
    // Reference outputs of Vigna's splitmix64.c (also java.util.SplittableRandom's mixer).
    gradnoise::detail::SplitMix64 rng(1234567);
    CHECK(rng.next() == 6457827717110365317ull);
    CHECK(rng.next() == 3203168211198807973ull);
    CHECK(rng.next() == 9817491932198370423ull);
    CHECK(rng.next() == 4593380528125082431ull);
    CHECK(rng.next() == 16408922859458223821ull);
}

TEST_CASE("the reference table is Ken Perlin's") {
    PermutationTable ref = PermutationTable::reference();
    const auto& v = ref.values();
    const int head[] = {151, 160, 137, 91, 90, 15, 131, 13, 201, 95};
    for (int i = 0; i < 10; ++i) {
        CHECK(v[i] == head[i]);
    }
    CHECK(v[255] == 180);
    std::set<int> seen(v.begin(), v.end());
    CHECK(seen.size() == 256);
}

TEST_CASE("every seed gives a permutation; same seed same table; different seeds differ") {
    std::set<std::array<std::uint8_t, 256>> tables;
    for (std::uint64_t seed : {0ull, 1ull, 2ull, 3ull, 42ull, 0xFFFFFFFFFFFFFFFFull, 0x8000000000000000ull}) {
        PermutationTable t = PermutationTable::from_seed(seed);
        std::set<int> seen(t.values().begin(), t.values().end());
        CHECK(seen.size() == 256);
        CHECK(t == PermutationTable::from_seed(seed));
        tables.insert(t.values());
    }
    CHECK(tables.size() == 7);
}

TEST_CASE("a seeded table is pinned: Fisher-Yates over SplitMix64 as the spec writes it") {
    // Recomputed here from the spec's words, independently of permutation.cpp.
    std::array<std::uint8_t, 256> expect;
    for (int i = 0; i < 256; ++i) expect[i] = static_cast<std::uint8_t>(i);
    gradnoise::detail::SplitMix64 rng(2024);
    for (int i = 255; i > 0; --i) {
        std::uint64_t j = rng.next() % static_cast<std::uint64_t>(i + 1);
        std::swap(expect[i], expect[j]);
    }
    CHECK(PermutationTable::from_seed(2024).values() == expect);
}

TEST_CASE("same seed same field, different seeds different fields") {
    testing::Points p = testing::random_points(1000, -50.0f, 50.0f, 4);
    Noise a(5u), b(5u), c(6u);
    int differ = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        float va = a.noise3(p.x[i], p.y[i], p.z[i]);
        CHECK(testing::bits(va) == testing::bits(b.noise3(p.x[i], p.y[i], p.z[i])));
        differ += va != c.noise3(p.x[i], p.y[i], p.z[i]);
    }
    CHECK(differ > 990);
}

}  // TEST_SUITE
