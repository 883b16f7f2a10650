/* gradnoise_check_vectors_c: checks conformance/vectors.txt through the C API alone, in C99 -- the check a
 * binding or port runs (docs/conformance.md), here for the C API itself (ctest: vectors_c).
 *
 *   gradnoise_check_vectors_c conformance/vectors.txt
 *
 * Every field is made by name and text (gradnoise_desc_set_parameter); every sample line is evaluated by
 * the call a user makes and its bits compared. Prints a summary; exits 1 on any difference. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gradnoise/gradnoise.h"

#define MAX_TOKENS 32

static float f32(const char* hex) {
    uint32_t b = (uint32_t)strtoul(hex, NULL, 16);
    float v;
    memcpy(&v, &b, sizeof v);
    return v;
}

static uint32_t b32(float v) {
    uint32_t b;
    memcpy(&b, &v, sizeof b);
    return b;
}

static double f64(const char* hex) {
    uint64_t b = (uint64_t)strtoull(hex, NULL, 16);
    double v;
    memcpy(&v, &b, sizeof v);
    return v;
}

static uint64_t b64(double v) {
    uint64_t b;
    memcpy(&b, &v, sizeof b);
    return b;
}

static long lines_checked = 0, differences = 0;

/* One float compared; the first few differences printed with their line. */
static void expect_bits(long line, const char* what, float expect, float got) {
    if (b32(expect) != b32(got)) {
        if (++differences <= 10) {
            fprintf(stderr, "line %ld: %s: expected %08" PRIx32 ", got %08" PRIx32 "\n", line, what, b32(expect),
                    b32(got));
        }
    }
}

/* The new field a "field NAME=TEXT ..." line describes, or NULL (the library's message printed). */
static gradnoise_noise* make_field(char** tokens, int count, long line) {
    gradnoise_desc* desc = NULL;
    gradnoise_noise* noise = NULL;
    int i;
    if (gradnoise_desc_create(&desc) != GRADNOISE_OK) return NULL;
    for (i = 1; i < count; ++i) {
        char* eq = strchr(tokens[i], '=');
        if (eq == NULL) break;
        *eq = '\0';
        if (gradnoise_desc_set_parameter(desc, tokens[i], eq + 1) != GRADNOISE_OK) break;
    }
    if (i == count && gradnoise_noise_create(desc, &noise) != GRADNOISE_OK) noise = NULL;
    if (noise == NULL) fprintf(stderr, "line %ld: %s\n", line, gradnoise_last_error_message());
    gradnoise_desc_destroy(desc);
    return noise;
}

static int check_sample(const gradnoise_noise* noise, char** t, int count, long line) {
    const char* kind = t[0];
    float p[4], g[5] = {0, 0, 0, 0, 0};
    int dims, k;
    gradnoise_status s = GRADNOISE_OK;
    if (strncmp(kind, "value", 5) == 0 || strncmp(kind, "gradient", 8) == 0) {
        int gradient = kind[0] == 'g';
        dims = kind[gradient ? 8 : 5] - '0';
        if (dims < 2 || dims > 4 || count != 1 + dims + (gradient ? dims + 1 : 1)) return 0;
        for (k = 0; k < dims; ++k) p[k] = f32(t[1 + k]);
        if (gradient) {
            gradnoise_gradient_out out = {&g[0], &g[1], &g[2], &g[3], &g[4]};
            s = dims == 2   ? gradnoise_evaluate_gradient_2d(noise, &p[0], &p[1], &out, 1)
                : dims == 3 ? gradnoise_evaluate_gradient_3d(noise, &p[0], &p[1], &p[2], &out, 1)
                            : gradnoise_evaluate_gradient_4d(noise, &p[0], &p[1], &p[2], &p[3], &out, 1);
            for (k = 0; s == GRADNOISE_OK && k <= dims; ++k) expect_bits(line, kind, f32(t[1 + dims + k]), g[k]);
        } else {
            s = dims == 2   ? gradnoise_evaluate_2d(noise, &p[0], &p[1], &g[0], 1)
                : dims == 3 ? gradnoise_evaluate_3d(noise, &p[0], &p[1], &p[2], &g[0], 1)
                            : gradnoise_evaluate_4d(noise, &p[0], &p[1], &p[2], &p[3], &g[0], 1);
            if (s == GRADNOISE_OK) expect_bits(line, kind, f32(t[1 + dims]), g[0]);
        }
    } else if (strcmp(kind, "chunk2") == 0 && count == 6) {
        gradnoise_chunk_2d c;
        memset(&c, 0, sizeof c);
        c.first_x = strtoll(t[1], NULL, 10), c.first_y = strtoll(t[2], NULL, 10);
        c.size_x = c.size_y = 1, c.spacing = f32(t[3]), c.level = atoi(t[4]);
        s = gradnoise_fill_chunk_2d(noise, &c, &g[0], 0, NULL);
        if (s == GRADNOISE_OK) expect_bits(line, kind, f32(t[5]), g[0]);
    } else if (strcmp(kind, "chunk3") == 0 && count == 7) {
        gradnoise_chunk_3d c;
        memset(&c, 0, sizeof c);
        c.first_x = strtoll(t[1], NULL, 10), c.first_y = strtoll(t[2], NULL, 10), c.first_z = strtoll(t[3], NULL, 10);
        c.size_x = c.size_y = c.size_z = 1, c.spacing = f32(t[4]), c.level = atoi(t[5]);
        s = gradnoise_fill_chunk_3d(noise, &c, &g[0], 0, 0, NULL);
        if (s == GRADNOISE_OK) expect_bits(line, kind, f32(t[6]), g[0]);
    } else if ((strcmp(kind, "double2") == 0 && count == 4) || (strcmp(kind, "double3") == 0 && count == 5)) {
        double q[3] = {f64(t[1]), f64(t[2]), count == 5 ? f64(t[3]) : 0.0}, v = 0.0;
        s = count == 4 ? gradnoise_evaluate_2d_f64(noise, &q[0], &q[1], &v, 1)
                       : gradnoise_evaluate_3d_f64(noise, &q[0], &q[1], &q[2], &v, 1);
        if (s == GRADNOISE_OK && b64(v) != b64(f64(t[count - 1])) && ++differences <= 10) {
            fprintf(stderr, "line %ld: %s: expected %s\n", line, kind, t[count - 1]);
        }
    } else {
        return 0;
    }
    if (s != GRADNOISE_OK) {
        fprintf(stderr, "line %ld: %s refused: %s\n", line, kind, gradnoise_last_error_message());
        ++differences;
    }
    ++lines_checked;
    return 1;
}

int main(int argc, char** argv) {
    char buffer[1024];
    char* tokens[MAX_TOKENS];
    long line = 0, fields = 0;
    gradnoise_noise* noise = NULL;
    FILE* in;
    if (argc != 2) {
        fprintf(stderr, "usage: gradnoise_check_vectors_c conformance/vectors.txt\n");
        return 2;
    }
    in = fopen(argv[1], "r");
    if (in == NULL) {
        fprintf(stderr, "cannot open %s\n", argv[1]);
        return 2;
    }
    while (fgets(buffer, sizeof buffer, in) != NULL) {
        int count = 0;
        char* token = strtok(buffer, " \r\n");  /* (CR: a file with Windows line ends) */
        ++line;
        if (token == NULL || token[0] == '#') continue;
        while (token != NULL && count < MAX_TOKENS) {
            tokens[count++] = token;
            token = strtok(NULL, " \r\n");
        }
        if (token != NULL) {
            fprintf(stderr, "line %ld: more than %d tokens\n", line, MAX_TOKENS);
            ++differences;
            break;
        }
        if (strcmp(tokens[0], "field") == 0) {
            gradnoise_noise_destroy(noise);
            noise = make_field(tokens, count, line);
            if (noise == NULL) {
                ++differences;
                break;
            }
            ++fields;
        } else if (noise == NULL || !check_sample(noise, tokens, count, line)) {
            fprintf(stderr, "line %ld: not a sample line of a field\n", line);
            ++differences;
            break;
        }
    }
    gradnoise_noise_destroy(noise);
    fclose(in);
    printf("C API (%s, %s): %ld fields, %ld samples, %ld differences\n", gradnoise_version_string(),
           gradnoise_isa_name(gradnoise_active_isa()), fields, lines_checked, differences);
    return differences == 0 && fields > 0 ? 0 : 1;
}
