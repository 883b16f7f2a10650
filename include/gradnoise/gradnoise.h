/* gradnoise — the C API (C99; also valid C++). For engines written in C and for language bindings
 * (C#, Rust, Zig, ...): opaque handles, plain integer and float arguments, status codes.
 *
 * Values: the same bits as the C++ API (docs/spec.md), on every CPU and every ISA.
 *
 * Conventions (every function):
 *  - Fallible functions return a gradnoise_status (GRADNOISE_OK = 0). They never throw, never
 *    abort and never print; a failure changes no output (unless a function says otherwise).
 *  - gradnoise_last_error_message() returns the message of the calling thread's last call that
 *    returned a status: it names the parameter and its allowed range, e.g.
 *    "NoiseDesc: fractal.octaves must be in 1..32" or "gradnoise_noise_create: desc is null".
 *    Messages are static strings: never free them; they stay valid for the program's lifetime.
 *  - Enumerations are passed as int (a gradnoise_fade value, ...), so a binding can pass any
 *    integer and an out-of-range one is reported (GRADNOISE_INVALID_ARGUMENT), never undefined.
 *  - Handles: gradnoise_desc (a mutable description of a field) and gradnoise_noise (an
 *    immutable field made from one). Functions taking a handle reject NULL with
 *    GRADNOISE_NULL_POINTER. Passing a destroyed or foreign pointer is undefined behaviour.
 *
 * Thread safety and real-time use:
 *  - A gradnoise_noise is immutable: any number of threads may evaluate and fill with the same
 *    handle at once. Evaluation and fills with default options (one thread) allocate nothing,
 *    take no lock, start no thread, and leave the caller's floating-point mode as they found it.
 *  - A gradnoise_desc is not synchronised: do not change one from two threads at once, nor while
 *    another thread makes a noise from it. After gradnoise_noise_create the two are independent.
 *  - Create/destroy functions allocate and free (~0.5 MiB of tables per noise): call them at
 *    load time, not on a real-time thread. Any thread may destroy a handle no other thread uses.
 *  - The first call into the library detects the CPU (and reads GRADNOISE_ISA); call
 *    gradnoise_active_isa() at start-up so that does not happen on a frame.
 *  - The per-thread error message lives in thread-local storage; with glibc, a library loaded by
 *    dlopen may allocate a thread's TLS block on that thread's first call.
 */
#ifndef GRADNOISE_GRADNOISE_H
#define GRADNOISE_GRADNOISE_H

#include <stddef.h>
#include <stdint.h>

#include "gradnoise/enumerations.h"
#include "gradnoise/version.h"

#include "gradnoise/export.hpp"
/* (export.hpp is plain preprocessor text: the C API's symbols are exported as the C++ API's.) */
#define GRADNOISE_C_API GRADNOISE_API

#ifdef __cplusplus
extern "C" {
#endif

/* ---- status codes (the same numbers as gradnoise::ErrorCode) ---- */
typedef int gradnoise_status;
enum {
    GRADNOISE_OK = 0,
    GRADNOISE_NULL_POINTER = 1,      /* a handle is NULL, or a buffer is NULL while its count is > 0 */
    GRADNOISE_INVALID_ARGUMENT = 2,  /* a value outside its documented range, or an unknown enum value */
    GRADNOISE_SIZE_OVERFLOW = 3,     /* a size or stride too large, or a buffer extent over SIZE_MAX */
    GRADNOISE_ISA_UNSUPPORTED = 4,   /* the requested instruction set is not in this build or CPU */
    GRADNOISE_CANCELLED = 5,         /* a progress callback returned 0 */
    GRADNOISE_THREAD_POOL = 6,       /* the thread pool failed (parallel fills only) */
    GRADNOISE_OUT_OF_MEMORY = 7      /* an allocation failed (create functions only) */
};

/* "ok", "null_pointer", "invalid_argument", "size_overflow", "isa_unsupported", "cancelled",
   "thread_pool", "out_of_memory"; "unknown" otherwise. Thread-safe, never fails. */
GRADNOISE_C_API const char* gradnoise_status_name(gradnoise_status status);

/* The message of the calling thread's last call that returned a gradnoise_status ("ok" after a
   success, and before any such call). Thread-safe: each thread sees its own. */
GRADNOISE_C_API const char* gradnoise_last_error_message(void);

/* ---- version ---- */
/* GRADNOISE_VERSION_NUMBER of the library that is running (the headers' is in version.h). */
GRADNOISE_C_API uint32_t gradnoise_version(void);
/* "0.24.0". Thread-safe. */
GRADNOISE_C_API const char* gradnoise_version_string(void);

/* ---- instruction sets (every ISA gives the same bits; only speed differs) ---- */
enum {
    GRADNOISE_ISA_SCALAR = 0,
    GRADNOISE_ISA_SSE2 = 1,
    GRADNOISE_ISA_AVX2 = 2,
    GRADNOISE_ISA_AVX512 = 3, /* F+CD+DQ+BW+VL+VBMI */
    GRADNOISE_ISA_NEON = 4,
    GRADNOISE_ISA_SIMD128 = 5, /* WebAssembly SIMD */
    GRADNOISE_ISA_COUNT = 6
};
/* The ISA evaluations use now (thread-safe, an atomic read; the first call detects the CPU). */
GRADNOISE_C_API int gradnoise_active_isa(void);
/* The best ISA this CPU and build support, ignoring overrides. Thread-safe. */
GRADNOISE_C_API int gradnoise_best_isa(void);
/* 1 when this build has the path and this CPU can run it, else 0 (also for unknown values). */
GRADNOISE_C_API int gradnoise_isa_supported(int isa);
/* "scalar", "sse2", "avx2", "avx512", "neon"; "unknown" for other values. Thread-safe. */
GRADNOISE_C_API const char* gradnoise_isa_name(int isa);
/* Parses a name as gradnoise_isa_name prints it. NULL_POINTER, INVALID_ARGUMENT (unknown name:
   *isa unchanged). Thread-safe. */
GRADNOISE_C_API gradnoise_status gradnoise_parse_isa(const char* name, int* isa);
/* Forces a path for the whole process. INVALID_ARGUMENT (not an ISA value), ISA_UNSUPPORTED (not
   on this CPU/build); nothing changes on failure. Thread-safe (calls already running finish on
   the old path). */
GRADNOISE_C_API gradnoise_status gradnoise_force_isa(int isa);
/* Back to the automatic choice (gradnoise_best_isa()). Thread-safe. */
GRADNOISE_C_API void gradnoise_reset_isa(void);

/* ---- descriptors: what defines a field (docs/spec.md; the C++ NoiseDesc) ---- */
/* The enumerations' constants, GRADNOISE_<LIST>_<NAME> = 0, 1, ... in enumerations.h's order (the
   same values as the C++ enums): GRADNOISE_FADE_QUINTIC, GRADNOISE_HASH_MIX, GRADNOISE_BASIS_PERLIN
   ... GRADNOISE_BASIS_CELLULAR, GRADNOISE_ORIENTATION2_STANDARD, GRADNOISE_ORIENTATION3_IMPROVE_XY,
   GRADNOISE_ORIENTATION4_FALLBACK, GRADNOISE_CELLULAR_EUCLIDEAN (distances), GRADNOISE_CELLULAR_F1
   (outputs), GRADNOISE_FRACTAL_FBM, GRADNOISE_PATTERN_WOOD; GRADNOISE_<LIST>_COUNT is the number of
   values. enumerations.h has each value's one line of help. */
#define GRADNOISE_C_FADE(name, NAME, family, help) GRADNOISE_FADE_##NAME,
#define GRADNOISE_C_HASH(name, NAME, family, help) GRADNOISE_HASH_##NAME,
#define GRADNOISE_C_BASIS(name, NAME, family, help) GRADNOISE_BASIS_##NAME,
#define GRADNOISE_C_ORIENTATION2(name, NAME, family, help) GRADNOISE_ORIENTATION2_##NAME,
#define GRADNOISE_C_ORIENTATION3(name, NAME, family, help) GRADNOISE_ORIENTATION3_##NAME,
#define GRADNOISE_C_ORIENTATION4(name, NAME, family, help) GRADNOISE_ORIENTATION4_##NAME,
#define GRADNOISE_C_CELLULAR(name, NAME, family, help) GRADNOISE_CELLULAR_##NAME,
#define GRADNOISE_C_FRACTAL(name, NAME, family, help) GRADNOISE_FRACTAL_##NAME,
#define GRADNOISE_C_PATTERN(name, NAME, family, help) GRADNOISE_PATTERN_##NAME,
enum { GRADNOISE_FADES(GRADNOISE_C_FADE) GRADNOISE_FADE_COUNT };
enum { GRADNOISE_HASHES(GRADNOISE_C_HASH) GRADNOISE_HASH_COUNT };
enum { GRADNOISE_BASES(GRADNOISE_C_BASIS) GRADNOISE_BASIS_COUNT };
enum { GRADNOISE_ORIENTATIONS2(GRADNOISE_C_ORIENTATION2) GRADNOISE_ORIENTATION2_COUNT };
enum { GRADNOISE_ORIENTATIONS3(GRADNOISE_C_ORIENTATION3) GRADNOISE_ORIENTATION3_COUNT };
enum { GRADNOISE_ORIENTATIONS4(GRADNOISE_C_ORIENTATION4) GRADNOISE_ORIENTATION4_COUNT };
enum { GRADNOISE_CELLULAR_DISTANCES(GRADNOISE_C_CELLULAR) GRADNOISE_CELLULAR_DISTANCE_COUNT };
enum { GRADNOISE_CELLULAR_OUTPUTS(GRADNOISE_C_CELLULAR) GRADNOISE_CELLULAR_OUTPUT_COUNT };
enum { GRADNOISE_FRACTALS(GRADNOISE_C_FRACTAL) GRADNOISE_FRACTAL_COUNT };
enum { GRADNOISE_PATTERNS(GRADNOISE_C_PATTERN) GRADNOISE_PATTERN_COUNT };

typedef struct gradnoise_desc gradnoise_desc;

/* A new descriptor with the defaults: Ken Perlin's permutation, quintic fade, permutation hash,
   perlin basis, no fractal, period, warp or pattern. *out = NULL on failure. NULL_POINTER,
   OUT_OF_MEMORY. Allocates. */
GRADNOISE_C_API gradnoise_status gradnoise_desc_create(gradnoise_desc** out);
/* Frees a descriptor; NULL is ignored. */
GRADNOISE_C_API void gradnoise_desc_destroy(gradnoise_desc* desc);

/* Setters change one aspect of a descriptor. They reject NULL handles (NULL_POINTER) and unknown
   enum values (INVALID_ARGUMENT), leaving the descriptor unchanged; numeric ranges, and the rules
   that tie fields together (a period needs a power-of-two lacunarity), are checked as a whole by
   gradnoise_desc_validate and gradnoise_noise_create, so setters may be called in any order. */
/* A seed: a shuffled permutation (hash permutation) or a mixing key (hash mix). */
GRADNOISE_C_API gradnoise_status gradnoise_desc_set_seed(gradnoise_desc* desc, uint64_t seed);
/* Back to Ken Perlin's own table (and the mixing key of seed 0). */
GRADNOISE_C_API gradnoise_status gradnoise_desc_clear_seed(gradnoise_desc* desc);
GRADNOISE_C_API gradnoise_status gradnoise_desc_set_fade(gradnoise_desc* desc, int fade);
GRADNOISE_C_API gradnoise_status gradnoise_desc_set_hash(gradnoise_desc* desc, int hash);
GRADNOISE_C_API gradnoise_status gradnoise_desc_set_basis(gradnoise_desc* desc, int basis);
/* The simplex bases' lattice orientation per dimension (GRADNOISE_ORIENTATION2/3/4_* values). */
GRADNOISE_C_API gradnoise_status gradnoise_desc_set_simplex(gradnoise_desc* desc, int orientation2, int orientation3,
                                                            int orientation4);
/* The cellular basis: a GRADNOISE_CELLULAR_* distance and output; jitter in [0, 1] (checked by
   gradnoise_desc_validate). */
GRADNOISE_C_API gradnoise_status gradnoise_desc_set_cellular(gradnoise_desc* desc, int distance, int output,
                                                             float jitter);
/* octaves 1..32; frequency, lacunarity finite > 0; persistence in (0, 8]. */
GRADNOISE_C_API gradnoise_status gradnoise_desc_set_fractal(gradnoise_desc* desc, int kind, int octaves,
                                                            float frequency, float lacunarity,
                                                            float persistence);
/* Each 0 (no tiling) or a power of two in 1..256 (docs/spec.md section 10.3). */
GRADNOISE_C_API gradnoise_status gradnoise_desc_set_period(gradnoise_desc* desc, int period_x, int period_y,
                                                           int period_z, int period_w);
/* levels 0..2; strength finite; frequency finite > 0 (docs/spec.md section 11). */
GRADNOISE_C_API gradnoise_status gradnoise_desc_set_warp(gradnoise_desc* desc, int levels, float strength,
                                                         float frequency);
/* frequency finite > 0; strength finite (docs/spec.md section 12). */
GRADNOISE_C_API gradnoise_status gradnoise_desc_set_pattern(gradnoise_desc* desc, int kind, float frequency,
                                                            float strength);
/* Any field parameter by its name -- the graph format's, the CLI's option and Python's keyword
   (docs/graph-reference.md: "octaves", "warp_strength", "basis", "seed", ...) -- with its value as
   text ("5", "0.25", "opensimplex2", "1337"; a seed may be "reference", negative or 0x hex): one
   setter for every parameter the library's table declares (gradnoise/parameters.hpp), so a binding
   needs no new function for a new parameter. INVALID_ARGUMENT, desc unchanged, for an unknown name
   or a value outside the parameter's own range ("octaves must be an integer in 1..32"); the rules
   between parameters are checked by gradnoise_desc_validate. */
GRADNOISE_C_API gradnoise_status gradnoise_desc_set_parameter(gradnoise_desc* desc, const char* name,
                                                              const char* value);
/* A parameter's value as text that gradnoise_desc_set_parameter reads back to the same value (a number: its
   shortest decimal; a choice: its name; the seed: "reference" or its decimal). *length, buffer and capacity as
   gradnoise_graph_to_json. NULL_POINTER, INVALID_ARGUMENT (an unknown name). */
GRADNOISE_C_API gradnoise_status gradnoise_desc_get_parameter(const gradnoise_desc* desc, const char* name,
                                                              char* buffer, size_t capacity, size_t* length);
/* OK, or the first problem (INVALID_ARGUMENT naming the field and range). Reads only. */
GRADNOISE_C_API gradnoise_status gradnoise_desc_validate(const gradnoise_desc* desc);

/* ---- the parameter table (gradnoise/parameters.hpp): every field parameter, declared once ---- */
/* What a binding or an editor builds its options, enumerations and panels from, so that a new parameter or
   enumeration value needs no binding change. Every text is static: never free it. */
enum {
    GRADNOISE_PARAMETER_CHOICE = 0,  /* one of choice_count names; the value is the name's index */
    GRADNOISE_PARAMETER_INTEGER = 1, /* an integer in [lo, hi] (a period: one of the values `allowed` says) */
    GRADNOISE_PARAMETER_NUMBER = 2,  /* a float in [lo, hi] (lo excluded when lo_open); +-FLT_MAX: "finite" */
    GRADNOISE_PARAMETER_SEED = 3     /* a 64-bit seed, or "reference" (Ken Perlin's permutation) */
};
typedef struct gradnoise_parameter_info {
    const char* name;         /* "octaves": gradnoise_desc_set_parameter's, graph files', Python's keyword */
    const char* member;       /* "fractal.octaves": the C++ NoiseDesc member the library's messages name */
    int kind;                 /* GRADNOISE_PARAMETER_* */
    double lo, hi;            /* integer and number: the range; choice: 0 and choice_count - 1 */
    int lo_open;              /* 1: lo itself is not allowed */
    size_t choice_count;      /* choice: how many names (gradnoise_parameter_choice); else 0 */
    const char* allowed;      /* the allowed values in words: "in 1..32" */
    const char* expects;      /* what the setter reads: "an integer in 1..32" */
    const char* help;         /* one line */
    const char* needs;        /* what the field needs for it to take effect ("a fractal (fbm, ...)"); NULL: always */
    const char* axis_of;      /* "period" for period_x .. period_w; else NULL */
    const char* default_text; /* the default value as text, as gradnoise_desc_get_parameter writes it */
} gradnoise_parameter_info;
/* The number of parameters (the same every call). Thread-safe, never fails. */
GRADNOISE_C_API size_t gradnoise_parameter_count(void);
/* Parameter `index` (0 .. count - 1, in the C++ NoiseDesc's order). NULL_POINTER, INVALID_ARGUMENT (index out
   of range; *out unchanged). Thread-safe. */
GRADNOISE_C_API gradnoise_status gradnoise_parameter(size_t index, gradnoise_parameter_info* out);
/* A choice parameter's name number `choice` (its value: the C constant of the same number) and its line of
   help; either output may be NULL. INVALID_ARGUMENT: index not a choice parameter, or choice out of range. */
GRADNOISE_C_API gradnoise_status gradnoise_parameter_choice(size_t index, size_t choice, const char** name,
                                                            const char** help);

/* ---- fields ---- */
typedef struct gradnoise_noise gradnoise_noise;

/* An immutable field from a descriptor (validated as a whole). *out = NULL on failure.
   NULL_POINTER, INVALID_ARGUMENT, OUT_OF_MEMORY. Allocates its tables (~0.5 MiB). */
GRADNOISE_C_API gradnoise_status gradnoise_noise_create(const gradnoise_desc* desc, gradnoise_noise** out);
/* Frees a field; NULL is ignored. No other thread may be using it. */
GRADNOISE_C_API void gradnoise_noise_destroy(gradnoise_noise* noise);

/* One point through the scalar reference (the executable spec): *out = the field's value.
   NULL_POINTER (noise or out). For bulk work use the evaluate/fill functions (same bits, SIMD). */
GRADNOISE_C_API gradnoise_status gradnoise_noise2(const gradnoise_noise* noise, float x, float y, float* out);
GRADNOISE_C_API gradnoise_status gradnoise_noise3(const gradnoise_noise* noise, float x, float y, float z,
                                                  float* out);
GRADNOISE_C_API gradnoise_status gradnoise_noise4(const gradnoise_noise* noise, float x, float y, float z,
                                                  float w, float* out);

/* Arbitrary points, structure of arrays: out[i] = noise(x[i], y[i], ...) for i < count, on the
   active SIMD path. Any count and alignment; out may equal an input array (no partial overlap).
   NULL_POINTER (noise, or any array while count > 0). */
GRADNOISE_C_API gradnoise_status gradnoise_evaluate_2d(const gradnoise_noise* noise, const float* x,
                                                       const float* y, float* out, size_t count);
GRADNOISE_C_API gradnoise_status gradnoise_evaluate_3d(const gradnoise_noise* noise, const float* x,
                                                       const float* y, const float* z, float* out,
                                                       size_t count);
GRADNOISE_C_API gradnoise_status gradnoise_evaluate_4d(const gradnoise_noise* noise, const float* x,
                                                       const float* y, const float* z, const float* w,
                                                       float* out, size_t count);

/* Binary64 (docs/spec.md section 14): Ken Perlin's reference in double, bit for bit. Only for a
   perlin basis with the permutation hash and no period, warp or pattern: INVALID_ARGUMENT
   otherwise (and NULL_POINTER as above). */
GRADNOISE_C_API gradnoise_status gradnoise_evaluate_2d_f64(const gradnoise_noise* noise, const double* x,
                                                           const double* y, double* out, size_t count);
GRADNOISE_C_API gradnoise_status gradnoise_evaluate_3d_f64(const gradnoise_noise* noise, const double* x,
                                                           const double* y, const double* z, double* out,
                                                           size_t count);

/* ---- grids and chunks ---- */
/* Sample (i, j) of a grid lies at (origin_x + float(i) * step_x, origin_y + float(j) * step_y);
   sizes at most 2^24 per side, steps finite and non-zero, origins finite. */
typedef struct gradnoise_grid_2d {
    float origin_x, origin_y;
    float step_x, step_y;
    size_t size_x, size_y;
} gradnoise_grid_2d;

typedef struct gradnoise_grid_3d {
    float origin_x, origin_y, origin_z;
    float step_x, step_y, step_z;
    size_t size_x, size_y, size_z;
} gradnoise_grid_3d;

/* A chunk of an unbounded world (docs/spec.md section 13): sample (sx, sy) of the world lies at
   (sx * spacing, sy * spacing), reduced exactly before rounding, so chunks far from the origin are
   as smooth as near it and neighbouring chunks join without seams. first_* are the world sample
   numbers of out[0]; sizes at most 2^24; spacing finite > 0. */
typedef struct gradnoise_chunk_2d {
    int64_t first_x, first_y;
    size_t size_x, size_y;
    float spacing;
    /* The level of detail, 0..62: samples spacing * 2^level apart, and a band-limited field's
       footprint times 2^level (docs/spec.md section 13.5). 0 in a zero-initialised struct. */
    int level;
} gradnoise_chunk_2d;

typedef struct gradnoise_chunk_3d {
    int64_t first_x, first_y, first_z;
    size_t size_x, size_y, size_z;
    float spacing;
    int level;
} gradnoise_chunk_3d;

/* How a fill uses threads; NULL (or a zero-initialised struct) = the calling thread only, no
   allocation, no lock. The output bits never depend on these. */
typedef struct gradnoise_fill_options {
    /* 0 or 1: the calling thread only. N > 1: up to N threads, the caller's included (oneTBB, or
       std::threads without it; capped at the hardware's count; at most 1024). GRADNOISE_ALL_THREADS:
       every hardware thread. Parallel fills allocate and synchronise in the thread pool. */
    unsigned threads;
    /* Called after each finished block of rows (serialised, from whichever thread finished it)
       with the rows done so far and the total (3D: size_y * size_z). Return 0 to stop: blocks
       running finish, the rest are not written, the fill returns GRADNOISE_CANCELLED. Must not
       throw or longjmp. May be NULL. */
    int (*progress)(void* user, size_t rows_done, size_t rows_total);
    void* user;
} gradnoise_fill_options;

#define GRADNOISE_ALL_THREADS 0xFFFFFFFFu

/* Grids and chunks, row-major: sample (i, j) goes to out[j * row_stride + i], (i, j, k) to
   out[k * slice_stride + j * row_stride + i]; a stride of 0 means packed. Strides count floats.
   NULL_POINTER, INVALID_ARGUMENT (a bad origin/step/spacing/threads; chunks of a descriptor with
   a warp or pattern), SIZE_OVERFLOW (a side over 2^24, a stride too small, an extent over
   SIZE_MAX), CANCELLED, THREAD_POOL. On CANCELLED/THREAD_POOL rows not reported done may be
   unwritten; on other errors nothing is written. */
GRADNOISE_C_API gradnoise_status gradnoise_fill_grid_2d(const gradnoise_noise* noise, const gradnoise_grid_2d* grid,
                                                        float* out, size_t row_stride,
                                                        const gradnoise_fill_options* options);
GRADNOISE_C_API gradnoise_status gradnoise_fill_grid_3d(const gradnoise_noise* noise, const gradnoise_grid_3d* grid,
                                                        float* out, size_t row_stride, size_t slice_stride,
                                                        const gradnoise_fill_options* options);
GRADNOISE_C_API gradnoise_status gradnoise_fill_chunk_2d(const gradnoise_noise* noise,
                                                         const gradnoise_chunk_2d* chunk, float* out,
                                                         size_t row_stride, const gradnoise_fill_options* options);
GRADNOISE_C_API gradnoise_status gradnoise_fill_chunk_3d(const gradnoise_noise* noise,
                                                         const gradnoise_chunk_3d* chunk, float* out,
                                                         size_t row_stride, size_t slice_stride,
                                                         const gradnoise_fill_options* options);
/* One world sample through the scalar reference (section 13). NULL_POINTER, INVALID_ARGUMENT
   (spacing not finite > 0, a warp or pattern). */
GRADNOISE_C_API gradnoise_status gradnoise_chunk_sample_2d(const gradnoise_noise* noise, int64_t sx, int64_t sy,
                                                           float spacing, float* out);
GRADNOISE_C_API gradnoise_status gradnoise_chunk_sample_3d(const gradnoise_noise* noise, int64_t sx, int64_t sy,
                                                           int64_t sz, float spacing, float* out);

/* ---- analytic gradients and curl noise (docs/spec.md section 18) ---- */
/* Where a value+gradient call writes, structure of arrays (each array laid out like a value
   call's out): value, dx, dy, and dz (3D, 4D), dw (4D); unused members are ignored. The value is
   bit for bit the value call's. Every field has a gradient except patterns (INVALID_ARGUMENT);
   cellular noise in 2D and 3D. Non-finite coordinates give +0 and a +0 gradient. */
typedef struct gradnoise_gradient_out {
    float* value;
    float* dx;
    float* dy;
    float* dz;
    float* dw;
} gradnoise_gradient_out;

/* One point through the scalar reference: out[0] = value, out[1..dims] = the partial derivatives
   (out holds 3, 4 or 5 floats). NULL_POINTER, INVALID_ARGUMENT (a pattern; cellular 4D). */
GRADNOISE_C_API gradnoise_status gradnoise_gradient2(const gradnoise_noise* noise, float x, float y, float* out);
GRADNOISE_C_API gradnoise_status gradnoise_gradient3(const gradnoise_noise* noise, float x, float y, float z,
                                                     float* out);
GRADNOISE_C_API gradnoise_status gradnoise_gradient4(const gradnoise_noise* noise, float x, float y, float z,
                                                     float w, float* out);
/* Arrays and fills, as gradnoise_evaluate_* and gradnoise_fill_* (the same errors; NULL_POINTER
   also when a needed member of out is NULL). */
GRADNOISE_C_API gradnoise_status gradnoise_evaluate_gradient_2d(const gradnoise_noise* noise, const float* x,
                                                                const float* y, const gradnoise_gradient_out* out,
                                                                size_t count);
GRADNOISE_C_API gradnoise_status gradnoise_evaluate_gradient_3d(const gradnoise_noise* noise, const float* x,
                                                                const float* y, const float* z,
                                                                const gradnoise_gradient_out* out, size_t count);
GRADNOISE_C_API gradnoise_status gradnoise_evaluate_gradient_4d(const gradnoise_noise* noise, const float* x,
                                                                const float* y, const float* z, const float* w,
                                                                const gradnoise_gradient_out* out, size_t count);
GRADNOISE_C_API gradnoise_status gradnoise_fill_grid_gradient_2d(const gradnoise_noise* noise,
                                                                 const gradnoise_grid_2d* grid,
                                                                 const gradnoise_gradient_out* out, size_t row_stride,
                                                                 const gradnoise_fill_options* options);
GRADNOISE_C_API gradnoise_status gradnoise_fill_grid_gradient_3d(const gradnoise_noise* noise,
                                                                 const gradnoise_grid_3d* grid,
                                                                 const gradnoise_gradient_out* out, size_t row_stride,
                                                                 size_t slice_stride,
                                                                 const gradnoise_fill_options* options);
GRADNOISE_C_API gradnoise_status gradnoise_fill_chunk_gradient_2d(const gradnoise_noise* noise,
                                                                  const gradnoise_chunk_2d* chunk,
                                                                  const gradnoise_gradient_out* out, size_t row_stride,
                                                                  const gradnoise_fill_options* options);
GRADNOISE_C_API gradnoise_status gradnoise_fill_chunk_gradient_3d(const gradnoise_noise* noise,
                                                                  const gradnoise_chunk_3d* chunk,
                                                                  const gradnoise_gradient_out* out, size_t row_stride,
                                                                  size_t slice_stride,
                                                                  const gradnoise_fill_options* options);
/* Curl noise: divergence-free flow vectors (2D: the rotated gradient; 3D: the curl of three
   decorrelated copies of the field). vx, vy (, vz) may not overlap the inputs. */
GRADNOISE_C_API gradnoise_status gradnoise_evaluate_curl_2d(const gradnoise_noise* noise, const float* x,
                                                            const float* y, float* vx, float* vy, size_t count);
GRADNOISE_C_API gradnoise_status gradnoise_evaluate_curl_3d(const gradnoise_noise* noise, const float* x,
                                                            const float* y, const float* z, float* vx, float* vy,
                                                            float* vz, size_t count);

/* ---- the field on the GPU (gradnoise/shader.hpp, docs/gpu.md) ---- */
/* GLSL 4.30 source of `float <name>(vec2|vec3|vec4 p)` (dimensions 2, 3 or 4; name NULL: "gn_field") that
   computes desc's field bit for bit as the CPU does, and `<name>_octaves(q[K])` for chunks (C++:
   gradnoise::shader_source). *length = its size in bytes (without the NUL); when buffer is not NULL and
   capacity > *length, the text and a NUL are copied into it, else SIZE_OVERFLOW. INVALID_ARGUMENT for a
   field the GPU form does not cover (the message names it). Allocates. */
GRADNOISE_C_API gradnoise_status gradnoise_shader_source(const gradnoise_desc* desc, int dimensions, const char* name,
                                                         char* buffer, size_t capacity, size_t* length);
/* The same with `float <name>_gradient(vecN p, out vecN d)` (the value and its gradient) and
   `<name>_octaves_gradient(q[K], out d)` too; INVALID_ARGUMENT for a pattern (it has no gradient). */
GRADNOISE_C_API gradnoise_status gradnoise_shader_gradient_source(const gradnoise_desc* desc, int dimensions,
                                                                  const char* name, char* buffer, size_t capacity,
                                                                  size_t* length);
/* A chunk's octave coordinates for <name>_octaves: octave k's coordinate of samples first .. first + count - 1
   on axis 0, 1 or 2 at `spacing`, reduced exactly as the chunk fills do, into out[k * count + i] (k < 1, or
   the fractal's octaves). INVALID_ARGUMENT for a bad axis or spacing or a simplex basis; SIZE_OVERFLOW when
   first + count passes INT64_MAX. No allocation. */
GRADNOISE_C_API gradnoise_status gradnoise_chunk_octave_coordinates(const gradnoise_noise* noise, int axis,
                                                                    int64_t first, size_t count, float spacing,
                                                                    float* out);
/* The simplex bases' chunk coordinates, binary64 (docs/spec.md section 13.4), for the dvecN overloads of
   <name>_octaves; INVALID_ARGUMENT for the other bases (their coordinates are the float ones above). */
GRADNOISE_C_API gradnoise_status gradnoise_chunk_octave_coordinates_f64(const gradnoise_noise* noise, int axis,
                                                                        int64_t first, size_t count, float spacing,
                                                                        double* out);
/* With the erosion filter (docs/erosion.md): M = gradnoise_erosion_octave_count(noise) gully octaves (0: none,
   or all faded by the band limit), and the chunk forms <name>_octaves(q[K], vec2 e[M]) take their cell
   coordinates: octave k's of samples first .. first + count - 1 (x and y alike) into out[k * count + i], float
   for every basis. Errors as gradnoise_chunk_octave_coordinates'. No allocation. */
GRADNOISE_C_API int gradnoise_erosion_octave_count(const gradnoise_noise* noise);
GRADNOISE_C_API gradnoise_status gradnoise_chunk_erosion_coordinates(const gradnoise_noise* noise, int64_t first,
                                                                     size_t count, float spacing, float* out);

/* ---- graphs (docs/graphs.md) ---- */
/* An immutable graph of nodes read from a graph file's JSON text (format version
   GRADNOISE_GRAPH_FORMAT_VERSION or older): the same bits as the C++ gradnoise::Graph. */
typedef struct gradnoise_graph gradnoise_graph;
#define GRADNOISE_GRAPH_FORMAT_VERSION 3

/* Reads, validates and compiles `length` bytes of JSON. *out = NULL on failure: INVALID_ARGUMENT (a
   bad file) or SIZE_OVERFLOW (a limit), NULL_POINTER, OUT_OF_MEMORY; then, when error is not NULL,
   the whole message ("graph node 'hills' (fractal): octaves must be an integer in 1..32 (got 40)")
   is copied into error[0 .. error_capacity - 1], truncated and always NUL-terminated.
   gradnoise_last_error_message() holds a fixed summary. Allocates: call at load time. */
GRADNOISE_C_API gradnoise_status gradnoise_graph_create_from_json(const char* json, size_t length,
                                                                  gradnoise_graph** out, char* error,
                                                                  size_t error_capacity);
/* Frees a graph; NULL is ignored. */
GRADNOISE_C_API void gradnoise_graph_destroy(gradnoise_graph* graph);
/* The graph's dimensions (2, 3 or 4); 0 for NULL. */
GRADNOISE_C_API int gradnoise_graph_dimensions(const gradnoise_graph* graph);
/* The canonical JSON text: *length = its size in bytes (without the NUL); when buffer is not NULL
   and capacity > *length, the text and a NUL are copied into it, else SIZE_OVERFLOW. */
GRADNOISE_C_API gradnoise_status gradnoise_graph_to_json(const gradnoise_graph* graph, char* buffer,
                                                         size_t capacity, size_t* length);
/* The graph as GLSL 4.30 (gradnoise::shader_source for a Graph, docs/gpu.md): `float <name>(vecN p)`
   in the graph's dimensions (name NULL: "gn_field"), and with gradient != 0 `float <name>_gradient(vecN p,
   out vecN d)`: gradnoise_graph_evaluate_* and _evaluate_gradient_*'s bits. *length, buffer and capacity as
   gradnoise_graph_to_json. INVALID_ARGUMENT with gradient for a graph without a gradient. Allocates. */
GRADNOISE_C_API gradnoise_status gradnoise_graph_shader_source(const gradnoise_graph* graph, int gradient,
                                                               const char* name, char* buffer, size_t capacity,
                                                               size_t* length);
/* Points and grids as gradnoise_evaluate_* and gradnoise_fill_grid_*; a call whose dimension count
   is not the graph's: INVALID_ARGUMENT. */
GRADNOISE_C_API gradnoise_status gradnoise_graph_evaluate_2d(const gradnoise_graph* graph, const float* x,
                                                             const float* y, float* out, size_t count);
GRADNOISE_C_API gradnoise_status gradnoise_graph_evaluate_3d(const gradnoise_graph* graph, const float* x,
                                                             const float* y, const float* z, float* out,
                                                             size_t count);
GRADNOISE_C_API gradnoise_status gradnoise_graph_evaluate_4d(const gradnoise_graph* graph, const float* x,
                                                             const float* y, const float* z, const float* w,
                                                             float* out, size_t count);
GRADNOISE_C_API gradnoise_status gradnoise_graph_fill_grid_2d(const gradnoise_graph* graph,
                                                              const gradnoise_grid_2d* grid, float* out,
                                                              size_t row_stride,
                                                              const gradnoise_fill_options* options);
GRADNOISE_C_API gradnoise_status gradnoise_graph_fill_grid_3d(const gradnoise_graph* graph,
                                                              const gradnoise_grid_3d* grid, float* out,
                                                              size_t row_stride, size_t slice_stride,
                                                              const gradnoise_fill_options* options);
/* Chunks of an unbounded world: sample (sx, sy[, sz]) at float(double(sx) * double(spacing)) (docs/spec.md
   19.8), so chunks of one world join bit for bit; layouts, threads and errors as gradnoise_fill_chunk_*. */
GRADNOISE_C_API gradnoise_status gradnoise_graph_fill_chunk_2d(const gradnoise_graph* graph,
                                                               const gradnoise_chunk_2d* chunk, float* out,
                                                               size_t row_stride,
                                                               const gradnoise_fill_options* options);
GRADNOISE_C_API gradnoise_status gradnoise_graph_fill_chunk_3d(const gradnoise_graph* graph,
                                                               const gradnoise_chunk_3d* chunk, float* out,
                                                               size_t row_stride, size_t slice_stride,
                                                               const gradnoise_fill_options* options);
/* Values with gradients (forward through the nodes, docs/spec.md 19.6), as gradnoise_evaluate_gradient_*
   and gradnoise_fill_grid_gradient_*; a graph with a field that has none (a pattern): INVALID_ARGUMENT. */
GRADNOISE_C_API gradnoise_status gradnoise_graph_evaluate_gradient_2d(const gradnoise_graph* graph, const float* x,
                                                                      const float* y,
                                                                      const gradnoise_gradient_out* out,
                                                                      size_t count);
GRADNOISE_C_API gradnoise_status gradnoise_graph_evaluate_gradient_3d(const gradnoise_graph* graph, const float* x,
                                                                      const float* y, const float* z,
                                                                      const gradnoise_gradient_out* out,
                                                                      size_t count);
GRADNOISE_C_API gradnoise_status gradnoise_graph_evaluate_gradient_4d(const gradnoise_graph* graph, const float* x,
                                                                      const float* y, const float* z, const float* w,
                                                                      const gradnoise_gradient_out* out,
                                                                      size_t count);
GRADNOISE_C_API gradnoise_status gradnoise_graph_fill_grid_gradient_2d(const gradnoise_graph* graph,
                                                                       const gradnoise_grid_2d* grid,
                                                                       const gradnoise_gradient_out* out,
                                                                       size_t row_stride,
                                                                       const gradnoise_fill_options* options);
GRADNOISE_C_API gradnoise_status gradnoise_graph_fill_grid_gradient_3d(const gradnoise_graph* graph,
                                                                       const gradnoise_grid_3d* grid,
                                                                       const gradnoise_gradient_out* out,
                                                                       size_t row_stride, size_t slice_stride,
                                                                       const gradnoise_fill_options* options);

#ifdef __cplusplus
}
#endif

#endif
