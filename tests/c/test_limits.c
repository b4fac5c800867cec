/*
 * Huge image headers after the mask limit is raised: a status, never an abort.
 *
 * The report this guards against: after pp_set_max_mask_pixels(UINT64_MAX) (or a
 * plausible 2^32 "for huge levels"), a 73-byte PNG whose header claims 100000 x 100000
 * made pp_mask_from_image_bytes print "memory allocation of 40000000000 bytes failed" and
 * abort the process. Here every file of tests/common/hostile.rs (PNG, GIF, JPEG, a
 * progressive JPEG, BMP, QOI, WebP, TGA; see hostile_samples.h) is loaded from memory and
 * from a file, and each must end in a status with nothing written to `out`, and the
 * process must go on working.
 *
 * tests/c_abi.rs runs it, plain and under valgrind, in a process whose address space is
 * capped (`ulimit -v`, 1 GiB): then no claim fits, and every load must be
 * PP_ERR_OUT_OF_MEMORY (or PP_ERR_TOO_LARGE under the 2^32 limit). Built with ASan (which
 * needs terabytes of address space, so it runs uncapped) the program tells ASan to fail
 * allocations over 256 MiB instead of reporting them, so every claim is
 * PP_ERR_OUT_OF_MEMORY there too. Run by hand without a cap, a claim may be allocated and
 * then fail to decode, or even decode (the JPEG decoder fills missing data): that is
 * accepted then, and the mask freed.
 *
 * Usage: test_limits <scratch-dir>. Built by tests/c_abi.rs (only with the `image`
 * feature) with gcc -std=c99 -Wall -Wextra -Werror -I include.
 */
#define _POSIX_C_SOURCE 200809L

#include "perpixel.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "hostile_samples.h"

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
/* Read by ASan at start-up (ASAN_OPTIONS from the driver adds to it): a huge allocation
 * returns NULL, as from a capped process, instead of ending the run with a report. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
    return "allocator_may_return_null=1:max_allocation_size_mb=256";
}
#else
#define UNDER_ASAN 0
#endif

/* Whether this process's address space is capped (ulimit -v). */
static int g_capped;

/* Whether a claim of `w x h` RGBA pixels must fail to allocate here: always when capped;
 * under ASan when it is over its 256 MiB allocation cap. */
static int must_run_out(uint32_t w, uint32_t h)
{
    uint64_t bytes = (uint64_t)w * h * 4;
    return g_capped || (UNDER_ASAN && bytes > ((uint64_t)256 << 20));
}

/* Checks one load of a huge claim: the status is `want` (unless `strict` is 0: the claim
 * may fit, so a decode error or a mask is accepted too), the message says so, and on
 * failure nothing was written. */
static void check_load(const char *what, pp_status got, pp_mask *m, pp_status want,
                       int strict)
{
    const char *msg = got == PP_OK ? "decoded" : pp_last_error_message();
    int ok = got == want || (!strict && (got == PP_ERR_DECODE || got == PP_OK));
    printf("%-36s %s: %s\n", what, pp_status_text(got), msg ? msg : "(null)");
    check(ok, what, __LINE__);
    if (got == PP_ERR_OUT_OF_MEMORY) {
        CHECK(msg != NULL && strstr(msg, "out of memory") != NULL);
    }
    if (got == PP_OK) {
        pp_mask_free(m);
    } else {
        CHECK(m == SENTINEL_MASK);
    }
}

/* Every hostile file with the limit at UINT64_MAX: from memory, then from a file. */
static void test_no_limit(const char *scratch)
{
    size_t i;
    CHECK_OK(pp_set_max_mask_pixels(UINT64_MAX));
    CHECK(pp_max_mask_pixels() == UINT64_MAX);
    CHECK(HOSTILE_SAMPLE_COUNT == sizeof HOSTILE_SAMPLES / sizeof HOSTILE_SAMPLES[0]);
    CHECK(sizeof HOSTILE_PNG == 73);
    for (i = 0; i < HOSTILE_SAMPLE_COUNT; i++) {
        const struct hostile_sample *s = &HOSTILE_SAMPLES[i];
        int strict = must_run_out(s->width, s->height);
        char what[64], path[1024];
        pp_mask *m = SENTINEL_MASK;
        FILE *f;
        pp_status st;
        if (strcmp(s->name, "tga") != 0) {
            snprintf(what, sizeof what, "%s (%ux%u) bytes", s->name, (unsigned)s->width,
                     (unsigned)s->height);
            st = pp_mask_from_image_bytes(s->bytes, s->len, NULL, &m);
            check_load(what, st, m, PP_ERR_OUT_OF_MEMORY, strict);
        }
        /* From a file; TGA is known only by its extension. */
        snprintf(path, sizeof path, "%s/hostile.%s", scratch,
                 strcmp(s->name, "tga") == 0 ? "tga" : "img");
        f = fopen(path, "wb");
        CHECK(f != NULL);
        if (f == NULL) {
            continue;
        }
        CHECK(fwrite(s->bytes, 1, s->len, f) == s->len);
        fclose(f);
        snprintf(what, sizeof what, "%s (%ux%u) file", s->name, (unsigned)s->width,
                 (unsigned)s->height);
        m = SENTINEL_MASK;
        st = pp_mask_from_image_path(path, NULL, &m);
        check_load(what, st, m, PP_ERR_OUT_OF_MEMORY, strict);
        remove(path);
    }
}

/* A plausible "for huge levels" limit of 2^32 pixels: 100000 x 100000 is refused from
 * the header; exactly 2^32 pixels (65536 x 65536) passes it and cannot be had. */
static void test_limit_2_32(void)
{
    uint8_t png[sizeof HOSTILE_PNG];
    pp_mask *m = SENTINEL_MASK;
    CHECK_OK(pp_set_max_mask_pixels((uint64_t)1 << 32));
    CHECK_ERR(pp_mask_from_image_bytes(HOSTILE_PNG, sizeof HOSTILE_PNG, NULL, &m),
              PP_ERR_TOO_LARGE, "100000x100000");
    CHECK(m == SENTINEL_MASK);
    memcpy(png, HOSTILE_PNG, sizeof png);
    put_be32(png + 16, 65536); /* IHDR width */
    put_be32(png + 20, 65536); /* IHDR height */
    put_be32(png + 29, crc32(png + 12, 17));
    check_load("png (65536x65536) at 2^32",
               pp_mask_from_image_bytes(png, sizeof png, NULL, &m), m, PP_ERR_OUT_OF_MEMORY,
               must_run_out(65536, 65536));
}

/* Endless input fails at once: /dev/zero is not a regular file, refused before reading. */
static void test_endless_files(void)
{
    pp_mask *m = SENTINEL_MASK;
    pp_bundle *b = NULL;
    FILE *probe = fopen("/dev/zero", "rb");
    if (probe == NULL) {
        printf("(no /dev/zero here: endless files not tested)\n");
        return;
    }
    fclose(probe);
    CHECK_ERR(pp_mask_from_image_path("/dev/zero", NULL, &m), PP_ERR_IO,
              "not a regular file (a character device)");
    CHECK(m == SENTINEL_MASK);
    CHECK_ERR(pp_bundle_from_path("/dev/zero", &b), PP_ERR_IO,
              "not a regular file (a character device)");
    CHECK(b == NULL);
}

static void fifo_blocked(int sig)
{
    (void)sig;
    static const char msg[] = "FAIL: loading a FIFO path blocked for 60 s\n";
    if (write(2, msg, sizeof msg - 1) < 0) {
        _exit(1);
    }
    _exit(1);
}

/* A FIFO path is refused with PP_ERR_IO before it is opened for a blocking read (which
 * would wait for ever for a writer); an alarm turns a hang into a failure. */
static void test_fifo(const char *dir)
{
    char path[4096];
    pp_mask *m = SENTINEL_MASK;
    pp_bundle *b = NULL;
    snprintf(path, sizeof path, "%s/limits-fifo-%ld", dir, (long)getpid());
    unlink(path);
    if (mkfifo(path, 0600) != 0) {
        printf("FAIL: mkfifo %s\n", path);
        CHECK(0);
        return;
    }
    signal(SIGALRM, fifo_blocked);
    alarm(60);
    CHECK_ERR(pp_mask_from_image_path(path, NULL, &m), PP_ERR_IO,
              "not a regular file (a FIFO (named pipe))");
    CHECK(m == SENTINEL_MASK);
    CHECK_ERR(pp_bundle_from_path(path, &b), PP_ERR_IO, "not a regular file (a FIFO (named pipe))");
    CHECK(b == NULL);
    alarm(0);
    CHECK(strstr(pp_last_error_message(), path) != NULL);
    unlink(path);
    printf("a FIFO path: refused with PP_ERR_IO by pp_mask_from_image_path and "
           "pp_bundle_from_path\n");
}

/* The process survived, and still works: the 4x3 sample decodes. */
static void test_still_working(void)
{
    pp_mask *m = NULL;
    uint64_t count = 0;
    CHECK_OK(pp_set_max_mask_pixels(PP_MAX_MASK_PIXELS));
    CHECK_OK(pp_mask_from_image_bytes(SAMPLE_PNG, sizeof SAMPLE_PNG, NULL, &m));
    CHECK_OK(pp_mask_count(m, &count));
    CHECK(count == SAMPLE_PNG_SOLID);
    pp_mask_free(m);
}

int main(int argc, char **argv)
{
    struct rlimit as;
    if (argc < 2) {
        fprintf(stderr, "usage: %s <scratch-dir>\n", argv[0]);
        return 2;
    }
    g_verbose = getenv("PERPIXEL_TEST_VERBOSE") != NULL;
    setvbuf(stdout, NULL, _IOLBF, 0);
    g_capped = getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY;
    if (g_capped) {
        printf("address space capped at %llu MiB: every claim must run out of memory\n",
               (unsigned long long)(as.rlim_cur >> 20));
    } else {
        printf("address space not capped%s\n",
               UNDER_ASAN ? " (ASan: allocations over 256 MiB fail, as if it were)"
                          : ": claims that fit may fail to decode instead");
    }
    test_no_limit(argv[1]);
    test_limit_2_32();
    test_endless_files();
    test_fifo(argv[1]);
    test_still_working();
    printf("the process survived every hostile header\n");
    return finish();
}
