/* gradnoise — the version of these headers (C and C++). Semantic versioning: docs/embedding.md. */
#ifndef GRADNOISE_VERSION_H
#define GRADNOISE_VERSION_H

#define GRADNOISE_VERSION_MAJOR 0
#define GRADNOISE_VERSION_MINOR 24
#define GRADNOISE_VERSION_PATCH 0
/* (major << 16) | (minor << 8) | patch: compare with gradnoise_version() to detect a header/library
   mismatch at run time. */
#define GRADNOISE_VERSION_NUMBER \
    ((GRADNOISE_VERSION_MAJOR << 16) | (GRADNOISE_VERSION_MINOR << 8) | GRADNOISE_VERSION_PATCH)

#endif
