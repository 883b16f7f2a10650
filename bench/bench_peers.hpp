// The other libraries on the suite's workloads (bench_peers.cpp): the baseline yardsticks --
// stb_perlin, libnoise and glm::perlin, each in its own TU built as its users build it -- and
// FastNoise2, the leader, as an optional peer (linked when CMake is given
// -DGRADNOISE_FASTNOISE2_PREFIX; otherwise it registers nothing).
#ifndef GRADNOISE_BENCH_BENCH_PEERS_HPP
#define GRADNOISE_BENCH_BENCH_PEERS_HPP

#include "gradnoise/isa.hpp"

namespace bench {

// stb/<workload>, libnoise/<workload> and glm/<workload>.
void register_yardstick_benchmarks();

// fn2/<workload>/<isa> for one ISA, where FastNoise2 has it.
void register_fastnoise2_benchmarks(gradnoise::Isa isa);

}  // namespace bench

#endif
