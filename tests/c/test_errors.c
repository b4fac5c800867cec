/*
 * C test of the error side of the C ABI: status texts, the version, the calling thread's
 * last error message and its copy by the buffer convention (caller buffer + size_t +
 * total length, PP_ERR_BUFFER_TOO_SMALL and nothing written when short).
 * Built by tests/c_abi.rs with gcc -std=c99 -Wall -Wextra -Werror -I include and run
 * against the cdylib (also under ASan+UBSan and valgrind when asked).
 *
 * usage: test_errors <scratch-dir> <expected-version>
 * Prints each check, ends with "N passed, M failed", exits non-zero on any failure.
 */
#include "perpixel.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

/* ---- statuses and version ----------------------------------------------------------- */

static void test_status_texts(void)
{
    uint32_t s;
    const char *unknown = pp_status_text(PP_ERR_INVALID_TRANSFORM + 1);
    CHECK(strcmp(unknown, "unknown status") == 0);
    CHECK(strcmp(pp_status_text(0xFFFFFFFFu), "unknown status") == 0);
    CHECK(strcmp(pp_status_text(PP_OK), "ok") == 0);
    for (s = PP_OK; s <= PP_ERR_INVALID_TRANSFORM; s++) {
        const char *text = pp_status_text(s);
        char what[120];
        snprintf(what, sizeof what, "pp_status_text(%u) = \"%s\" is a known, non-empty text",
                 (unsigned)s, text ? text : "(null)");
        check(text != NULL && text[0] != '\0' && strcmp(text, "unknown status") != 0, what,
              __LINE__);
    }
    CHECK(strcmp(pp_status_text(PP_ERR_NULL_POINTER), pp_status_text(PP_ERR_PANIC)) != 0);
    /* The world's range starts at 100: its statuses so far, and the gaps around them. */
    CHECK(PP_ERR_STALE_BODY == 100 && PP_ERR_WRONG_WORLD == 101);
    CHECK(strcmp(pp_status_text(PP_ERR_STALE_BODY), "stale body id") == 0);
    CHECK(strcmp(pp_status_text(PP_ERR_WRONG_WORLD), "body id from another world") == 0);
    CHECK(strcmp(pp_status_text(PP_ERR_STALE_BODY - 1), "unknown status") == 0);
    CHECK(strcmp(pp_status_text(PP_ERR_WRONG_WORLD + 1), "unknown status") == 0);
}

/* The layout the C# binding mirrors. */
static void test_status_layout(void)
{
    CHECK(sizeof(pp_status) == 4);
}

static void test_version(const char *expected_version)
{
    char header_version[32];
    CHECK(strcmp(pp_version(), expected_version) == 0);
    snprintf(header_version, sizeof header_version, "%d.%d.%d", PP_VERSION_MAJOR,
             PP_VERSION_MINOR, PP_VERSION_PATCH);
    CHECK(strcmp(pp_version(), header_version) == 0);
    CHECK(pp_version_number() == PP_VERSION_NUMBER);
    CHECK(pp_version_number() ==
          PP_VERSION_MAJOR * 10000u + PP_VERSION_MINOR * 100u + PP_VERSION_PATCH);
}

/* ---- the last error and its copy ---------------------------------------------------- */

/* Runs first: nothing has failed on this thread yet, so the message is "", one byte with
 * its NUL. */
static void test_last_error_starts_empty(void)
{
    size_t len;
    CHECK(strcmp(pp_last_error_message(), "") == 0);
    CHECK(pp_last_error_message_copy(NULL, 0, &len) == PP_OK && len == 1);
}

/* Fails a call on purpose (pp_mask_new with width -3) and returns the message's length. */
static size_t fail_with_width_error(void)
{
    pp_mask *m = SENTINEL_MASK;
    size_t full;
    CHECK_ERR(pp_mask_new(-3, 4, 0, &m), PP_ERR_INVALID_ARGUMENT, "width");
    CHECK(m == SENTINEL_MASK);
    full = strlen(pp_last_error_message());
    CHECK(full > 0);
    return full;
}

/* The buffer convention: *len is the buf_len to pass, NUL included; a buffer long enough
 * receives the message. */
static void test_last_error_copy(void)
{
    char buf[256];
    size_t len;
    size_t full = fail_with_width_error();
    len = 0;
    CHECK(pp_last_error_message_copy(NULL, 0, &len) == PP_OK && len == full + 1);
    len = 0;
    CHECK(pp_last_error_message_copy(NULL, 100, &len) == PP_OK && len == full + 1);

    CHECK(pp_last_error_message_copy(buf, sizeof buf, &len) == PP_OK);
    CHECK(len == full + 1);
    CHECK(strcmp(buf, pp_last_error_message()) == 0);
}

/* Too short: PP_ERR_BUFFER_TOO_SMALL, nothing written, and the message survives. */
static void test_last_error_copy_too_short(void)
{
    char buf[256];
    char small[8];
    size_t len;
    size_t full = fail_with_width_error();
    CHECK(pp_last_error_message_copy(buf, sizeof buf, &len) == PP_OK);

    memset(small, 'z', sizeof small);
    len = 12345;
    CHECK(pp_last_error_message_copy(small, sizeof small, &len) == PP_ERR_BUFFER_TOO_SMALL);
    CHECK(len == 12345 && small[0] == 'z' && small[sizeof small - 1] == 'z');
    CHECK(strcmp(buf, pp_last_error_message()) == 0);
    CHECK(pp_last_error_message_copy(small, 0, &len) == PP_ERR_BUFFER_TOO_SMALL);
    CHECK(pp_last_error_message_copy(small, full, &len) == PP_ERR_BUFFER_TOO_SMALL);
    CHECK(small[0] == 'z' && len == 12345);
    CHECK(pp_last_error_message_copy(buf, sizeof buf, NULL) == PP_ERR_NULL_POINTER);
    CHECK(strcmp(buf, pp_last_error_message()) == 0);
}

/* Successful calls leave the last error alone; a later failure replaces it. */
static void test_last_error_lifetime(void)
{
    char buf[256];
    pp_mask *m = SENTINEL_MASK;
    fail_with_width_error();
    strcpy(buf, pp_last_error_message());
    CHECK_OK(pp_mask_new(2, 2, 1, &m));
    CHECK(strcmp(pp_last_error_message(), buf) == 0);
    pp_mask_free(m);
    CHECK(strcmp(pp_last_error_message(), buf) == 0);

    m = SENTINEL_MASK;
    CHECK_ERR(pp_mask_new(4, -5, 0, &m), PP_ERR_INVALID_ARGUMENT, "height");
    CHECK(strcmp(pp_last_error_message(), buf) != 0);
    CHECK(m == SENTINEL_MASK);
}

int main(int argc, char **argv)
{
    g_verbose = 1; /* print every check, not only failures */
    if (argc != 3) {
        fprintf(stderr, "usage: %s <scratch-dir> <expected-version>\n", argv[0]);
        return 2;
    }
    test_last_error_starts_empty(); /* first: before anything fails on this thread */
    test_status_texts();
    test_status_layout();
    test_version(argv[2]);
    test_last_error_copy();
    test_last_error_copy_too_short();
    test_last_error_lifetime();
    return finish();
}
