// Corner hashes and seeds: src/kernels/hash.hpp, src/reference/hash.cpp (and src/tables/permutation.cpp),
// docs/spec.md sections 2-3. SplitMix64, Ken Perlin's table, seeded permutations, and the mixing
// hash against the spec written out independently. Every ISA's hashers against the reference bit
// for bit: the permutation and mix cases of tests/test_perlin.cpp and tests/test_lattice.cpp.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "gradnoise/gradnoise.hpp"
#include "tables/splitmix64.hpp"
#include "tables/noise_tables.hpp"
#include "test_support.hpp"

using gradnoise::Fade;
using gradnoise::Noise;
using gradnoise::PermutationTable;

TEST_SUITE("hash") {

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

TEST_CASE("the mixing hash agrees with the spec written out independently") {
    testing::Points p = testing::random_points(100000, -300.0f, 300.0f, 6);
    for (std::uint64_t seed : {0ull, 77ull}) {
        // Spec 3.2: key = low 32 bits of the first SplitMix64 output (seed 0: 0xE220A8397B1DCDAF).
        std::uint32_t key = seed == 0 ? 0x7B1DCDAFu : static_cast<std::uint32_t>(gradnoise::detail::SplitMix64(seed).next());
        for (Fade fade : {Fade::quintic, Fade::cubic}) {
            Noise noise(seed, fade, gradnoise::Hash::mix);
            REQUIRE(noise.hash() == gradnoise::Hash::mix);
            double worst = 0;
            for (std::size_t i = 0; i < p.size(); ++i) {
                double e3 = testing::independent_noise3(noise.permutation(), fade, p.x[i], p.y[i], p.z[i], true, key);
                double e2 = testing::independent_noise3(noise.permutation(), fade, p.x[i], p.y[i], 0.0, true, key);
                worst = std::fmax(worst, std::fabs(noise.noise3(p.x[i], p.y[i], p.z[i]) - e3));
                worst = std::fmax(worst, std::fabs(noise.noise2(p.x[i], p.y[i]) - e2));
            }
            INFO("seed " << seed << " fade " << testing::name(fade) << " worst " << worst);
            CHECK(worst < 2e-6);
        }
    }
    // The two hashes give different fields for the same seed.
    CHECK(Noise(5u).noise3(0.5f, 0.25f, 0.125f) != Noise(5u, Fade::quintic, gradnoise::Hash::mix).noise3(0.5f, 0.25f, 0.125f));
}

TEST_CASE("the permutation chain's packed tables exist only where a kernel reads them") {
    // ~0.5 MiB per field: built for Hash::permutation on the specialised perlin paths (and binary64),
    // never for Hash::mix or the general lattice (classic, value, periods), which do not read them.
    CHECK(Noise().tables().chain != nullptr);
    CHECK(Noise(7u, Fade::cubic).tables().chain != nullptr);
    CHECK(Noise(7u, Fade::quintic, gradnoise::Hash::mix).tables().chain == nullptr);
    gradnoise::NoiseDesc d;
    d.basis = gradnoise::Basis::value;
    Noise value;
    REQUIRE(Noise::create(d, &value).ok());
    CHECK(value.tables().chain == nullptr);
    d = gradnoise::NoiseDesc{};
    d.period_x = 8;
    Noise tiled;
    REQUIRE(Noise::create(d, &tiled).ok());
    CHECK(tiled.tables().chain == nullptr);
    // And what they hold is the chain: p[p[X] + Y] for corner (0, 0) of cell (X, Y), byte 0.
    const gradnoise::detail::PermutationChainTables& c = *Noise().tables().chain;
    const PermutationTable p = PermutationTable::reference();
    using Chain = gradnoise::detail::PermutationChainTables;
    for (int X : {0, 17, 255}) {
        for (int Y : {0, 99, 255}) {
            const int a00 = p[static_cast<std::size_t>((p[static_cast<std::size_t>(X)] + Y) & 255)];
            CHECK((c.hash_xy[Chain::chain_index(X, Y)] & 255) == a00);
        }
    }
    // Row-major in Y: cell X + 1 of a row is the next entry (grid rows load windows of cells).
    CHECK(Chain::chain_index(5, 7) + 1 == Chain::chain_index(6, 7));
    CHECK(Chain::chain_index(255, 255) == 65535);
}

}  // TEST_SUITE
