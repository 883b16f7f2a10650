// Issue 29's graph benchmarks (bench_graph.cpp): a graph against the built-in field it equals and
// against the same composition written by hand; registered per ISA by bench_perlin.cpp's main.
#ifndef GRADNOISE_BENCH_BENCH_GRAPH_HPP
#define GRADNOISE_BENCH_BENCH_GRAPH_HPP

#include "gradnoise/isa.hpp"

void register_graph_benchmarks(gradnoise::Isa isa);

#endif
