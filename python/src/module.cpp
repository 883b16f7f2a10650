// gradnoise._gradnoise: the numpy binding's native half (pybind11). The Python half
// (python/gradnoise/__init__.py) names and checks the arguments; this module moves samples.
//
// Arrays reach the library without copies where the library can take them as they are
// (contiguous inputs of the evaluation's dtype, outputs whose rows are contiguous); anything
// else -- broadcast views, other strides, float64 coordinates for a float32 evaluation -- goes
// through fixed-size blocks on the stack, converted on the way (a gather and a scatter per
// block, never a copy of the whole array: strided.hpp, points.hpp).
//
// Every evaluation runs on the calling thread with the GIL released, taking it back every 50 ms
// for Python's signal handlers (Ctrl-C) and the progress callback (run.hpp).
//
// This file is the module itself: its names, versions and the instruction-set functions; the
// field's and the graph's classes are added by field_core.cpp and graph_core.cpp (bindings.hpp).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "../../src/parallel/parallel.hpp"

#include <string>
#include <vector>

#include "bindings.hpp"
#include "gradnoise/gradnoise.hpp"
#include "run.hpp"

namespace py = pybind11;

namespace {

// Every ISA's name, in Isa's order (gradnoise.ISAS).
std::vector<std::string> isa_names() {
    std::vector<std::string> names;
    for (int i = 0; i < gradnoise::isa_count; ++i) names.emplace_back(gradnoise::isa_name(static_cast<gradnoise::Isa>(i)));
    return names;
}

gradnoise::Isa isa_from(const std::string& name) {
    gradnoise::Isa isa;
    if (!gradnoise::parse_isa(name.c_str(), &isa)) {
        std::string list;
        for (const std::string& n : isa_names()) list += (list.empty() ? "'" : ", '") + n + "'";
        throw py::value_error("isa must be one of " + list + " (got '" + name + "')");
    }
    return isa;
}

}  // namespace

PYBIND11_MODULE(_gradnoise, m) {
    m.doc() = "gradnoise's native layer; use the gradnoise package, not this module.";
    py::register_exception<gradnoise_python::CancelledError>(m, "CancelledError");
    m.attr("library_version") = gradnoise::version_string();
    m.attr("header_version") = GRADNOISE_VERSION_NUMBER;
    gradnoise_python::bind_field(m);
    gradnoise_python::bind_graph(m);
    m.def("basis_family", [](int basis) { return int(gradnoise::basis_family(gradnoise::Basis(basis))); });
    m.def("pattern_recipe_strength",
          [](int pattern) { return gradnoise::pattern_recipe_strength(gradnoise::Pattern(pattern)); });
    m.def("isa_names", &isa_names);
    m.def("active_isa", [] { return std::string(gradnoise::isa_name(gradnoise::active_isa())); });
    m.def("best_isa", [] { return std::string(gradnoise::isa_name(gradnoise::best_isa())); });
    m.def("isa_supported", [](const std::string& name) { return gradnoise::isa_supported(isa_from(name)); });
    m.def("force_isa", [](const std::string& name) {
        const gradnoise::Isa isa = isa_from(name);
        const gradnoise::Status st = gradnoise::force_isa(isa);
        if (!st.ok()) throw py::value_error("isa '" + name + "' is not supported on this CPU or in this build");
    });
    m.def("reset_isa", [] { gradnoise::reset_isa(); });
    m.def("environment_isa_status", [] { return std::string(gradnoise::environment_isa_status().message()); });
    m.def("hardware_threads", [] { return int(gradnoise::parallel::hardware_threads()); });
}
