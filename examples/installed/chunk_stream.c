/* Streams terrain chunks around a moving camera through the C API, as an engine written in C (or
 * a language binding) would: a fixed ring of chunk slots around the camera (no allocation after
 * start-up); each frame the camera moves, slots whose chunk left the view are refilled with the
 * chunk that came in (on the calling thread: no allocation, no thread, no lock in the fill). One
 * camera runs near the origin, one 60 million units out; both must give smooth terrain, and a
 * chunk filled again later must come back bit for bit. Built against the installed package
 * (CMake find_package and pkg-config) in CI; C99. */
#include <gradnoise/gradnoise.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK 64          /* samples per chunk side */
#define VIEW 2            /* chunks loaded around the camera's chunk, each way */
#define SIDE (2 * VIEW + 1)
#define SLOTS (SIDE * SIDE)
static const float spacing = 1.0f / 32.0f; /* noise units between samples */

typedef struct {
    int64_t cx, cy; /* chunk coordinates, or INT64_MIN when empty */
    float samples[CHUNK * CHUNK];
} Slot;

typedef struct {
    const gradnoise_noise* noise;
    Slot slots[SLOTS];
    int fills;
} World;

static int64_t chunk_of(int64_t sample) { /* floor division */
    return sample >= 0 ? sample / CHUNK : -((-sample + CHUNK - 1) / CHUNK);
}

static int64_t wrap(int64_t c) { /* slot index along one axis: c mod SIDE, non-negative */
    int64_t m = c % SIDE;
    return m < 0 ? m + SIDE : m;
}

static int fill(World* w, Slot* s, int64_t cx, int64_t cy) {
    gradnoise_chunk_2d c;
    gradnoise_status status;
    c.first_x = cx * CHUNK;
    c.first_y = cy * CHUNK;
    c.size_x = CHUNK;
    c.size_y = CHUNK;
    c.spacing = spacing;
    c.level = 0;
    status = gradnoise_fill_chunk_2d(w->noise, &c, s->samples, 0, NULL);
    if (status != GRADNOISE_OK) {
        fprintf(stderr, "gradnoise_fill_chunk_2d: %s (%s)\n", gradnoise_last_error_message(),
                gradnoise_status_name(status));
        return 0;
    }
    s->cx = cx;
    s->cy = cy;
    ++w->fills;
    return 1;
}

/* Makes the chunks around sample (x, y) resident: each chunk has a fixed slot (its coordinates
   modulo the ring's side), so only slots whose chunk changed are refilled. */
static int move_to(World* w, int64_t x, int64_t y) {
    int64_t cx = chunk_of(x), cy = chunk_of(y), dx, dy;
    for (dy = -VIEW; dy <= VIEW; ++dy) {
        for (dx = -VIEW; dx <= VIEW; ++dx) {
            Slot* s = &w->slots[wrap(cy + dy) * SIDE + wrap(cx + dx)];
            if ((s->cx != cx + dx || s->cy != cy + dy) && !fill(w, s, cx + dx, cy + dy)) return 0;
        }
    }
    return 1;
}

/* Largest difference between neighbouring samples along the rows of every resident chunk. */
static double roughness(const World* w) {
    double m = 0.0;
    int s, i, j;
    for (s = 0; s < SLOTS; ++s)
        for (j = 0; j < CHUNK; ++j)
            for (i = 0; i + 1 < CHUNK; ++i) {
                const float* row = w->slots[s].samples + j * CHUNK;
                double d = fabs((double)row[i + 1] - row[i]);
                if (d > m) m = d; /* not fmax(): GCC 12's aarch64 vectoriser crashes on that reduction */
            }
    return m;
}

static World* new_world(const gradnoise_noise* noise) {
    World* w = (World*)calloc(1, sizeof(World));
    int s;
    if (w == NULL) return NULL;
    w->noise = noise;
    for (s = 0; s < SLOTS; ++s) w->slots[s].cx = w->slots[s].cy = INT64_MIN;
    return w;
}

int main(void) {
    gradnoise_desc* desc = NULL;
    gradnoise_noise* noise = NULL;
    World *near_w, *far_w;
    const int64_t far_origin = (int64_t)(60000000.0 / spacing); /* 60 million units out */
    static float first[CHUNK * CHUNK];
    int frame, failures = 0;
    double rn, rf;

    if (gradnoise_version() >> 16 != GRADNOISE_VERSION_MAJOR) {
        fprintf(stderr, "gradnoise %s does not match these headers\n", gradnoise_version_string());
        return 1;
    }
    (void)gradnoise_active_isa(); /* CPU detection at start-up, not on a frame */
    if (gradnoise_desc_create(&desc) != GRADNOISE_OK ||
        gradnoise_desc_set_fractal(desc, GRADNOISE_FRACTAL_FBM, 6, 1.0f, 2.0f, 0.5f) != GRADNOISE_OK ||
        gradnoise_noise_create(desc, &noise) != GRADNOISE_OK) {
        fprintf(stderr, "set-up: %s\n", gradnoise_last_error_message());
        return 1;
    }
    gradnoise_desc_destroy(desc); /* the field no longer needs it */
    near_w = new_world(noise);
    far_w = new_world(noise);
    if (near_w == NULL || far_w == NULL) return 1;

    for (frame = 0; frame < 40; ++frame) {
        int64_t x = frame * 37, y = frame * 11; /* the camera moves 37 and 11 samples per frame */
        if (!move_to(near_w, x, y) || !move_to(far_w, far_origin + x, y)) return 1;
        if (frame == 0) memcpy(first, near_w->slots[0].samples, sizeof first); /* chunk (0, 0) */
    }
    /* Back to the start: chunk (0, 0) is refilled into slot 0 and must be identical. */
    if (!move_to(near_w, 0, 0)) return 1;
    failures += near_w->slots[0].cx != 0 || near_w->slots[0].cy != 0;
    failures += memcmp(near_w->slots[0].samples, first, sizeof first) != 0;
    rn = roughness(near_w);
    rf = roughness(far_w);
    failures += !(rf < 1.5 * rn && rf > 0.5 * rn); /* as smooth 60 million units out */
    printf("C API: chunks filled: %d near, %d far; largest neighbour step %.4f near, %.4f at 6e7; isa %s; %s\n",
           near_w->fills, far_w->fills, rn, rf, gradnoise_isa_name(gradnoise_active_isa()),
           failures ? "FAILED" : "ok");
    free(near_w);
    free(far_w);
    gradnoise_noise_destroy(noise);
    return failures ? 1 : 0;
}
