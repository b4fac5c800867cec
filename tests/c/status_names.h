/*
 * The C name of every pp_status ("PP_ERR_NULL_POINTER"), as the conformance corpus
 * (tests/corpus/FORMAT.md) writes statuses; shared by the C and C++ corpus replayers.
 */
#ifndef PERPIXEL_TEST_STATUS_NAMES_H
#define PERPIXEL_TEST_STATUS_NAMES_H

#include "perpixel.h"

static inline const char *status_name(pp_status s)
{
    switch (s) {
    case PP_OK: return "PP_OK";
    case PP_ERR_NULL_POINTER: return "PP_ERR_NULL_POINTER";
    case PP_ERR_INVALID_ARGUMENT: return "PP_ERR_INVALID_ARGUMENT";
    case PP_ERR_BUFFER_TOO_SMALL: return "PP_ERR_BUFFER_TOO_SMALL";
    case PP_ERR_STRIDE_TOO_SMALL: return "PP_ERR_STRIDE_TOO_SMALL";
    case PP_ERR_REGION_OUT_OF_BOUNDS: return "PP_ERR_REGION_OUT_OF_BOUNDS";
    case PP_ERR_TOO_LARGE: return "PP_ERR_TOO_LARGE";
    case PP_ERR_OVERFLOW: return "PP_ERR_OVERFLOW";
    case PP_ERR_DECODE: return "PP_ERR_DECODE";
    case PP_ERR_IO: return "PP_ERR_IO";
    case PP_ERR_OUT_OF_MEMORY: return "PP_ERR_OUT_OF_MEMORY";
    case PP_ERR_PANIC: return "PP_ERR_PANIC";
    case PP_ERR_BAD_BAKED_DATA: return "PP_ERR_BAD_BAKED_DATA";
    case PP_ERR_INVALID_TRANSFORM: return "PP_ERR_INVALID_TRANSFORM";
    case PP_ERR_STALE_BODY: return "PP_ERR_STALE_BODY";
    case PP_ERR_WRONG_WORLD: return "PP_ERR_WRONG_WORLD";
    case PP_ERR_MASK_SHARED: return "PP_ERR_MASK_SHARED";
    default: break;
    }
    return "PP_ERR_UNKNOWN";
}

#endif /* PERPIXEL_TEST_STATUS_NAMES_H */
