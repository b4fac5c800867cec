/*
 * Check helpers shared by the C test programs: CHECK(cond), CHECK_OK(call), CHECK_ERR(call, status, needle), and the
 * "N passed, M failed" summary tests/c_abi.rs reads. Call them from one thread only.
 */
#ifndef PERPIXEL_TEST_CHECK_H
#define PERPIXEL_TEST_CHECK_H

#include "perpixel.h"

#include <stdio.h>
#include <string.h>

static int g_passed;
static int g_failed;
/* 1: print every passing check too (default: failures and summaries only). */
static int g_verbose;

static void check(int ok, const char *what, int line)
{
    if (ok) {
        g_passed++;
        if (g_verbose) {
            printf("ok   line %d: %s\n", line, what);
        }
    } else {
        g_failed++;
        printf("FAIL line %d: %s\n", line, what);
    }
}

#define CHECK(cond) check(!!(cond), #cond, __LINE__)

/* A status check; for an expected failure also that the calling thread's last error
 * message is non-empty and contains `needle` (NULL: any non-empty message). */
static int check_status(pp_status got, pp_status want, const char *needle, const char *expr,
                        int line)
{
    const char *msg = pp_last_error_message();
    int ok = got == want;
    if (want != PP_OK) {
        ok = ok && msg != NULL && msg[0] != '\0' && (needle == NULL || strstr(msg, needle));
    }
    if (ok) {
        g_passed++;
        if (g_verbose) {
            printf("ok   line %d: %s == %s%s%s%s\n", line, expr, pp_status_text(want),
                   want == PP_OK ? "" : " (\"", want == PP_OK ? "" : msg,
                   want == PP_OK ? "" : "\")");
        }
    } else {
        g_failed++;
        printf("FAIL line %d: %s returned %d (%s), expected %d (%s); last error \"%s\"%s%s\n",
               line, expr, (int)got, pp_status_text(got), (int)want, pp_status_text(want),
               msg ? msg : "(null)", needle ? ", expected to contain " : "",
               needle ? needle : "");
    }
    return ok;
}

#define CHECK_OK(call) check_status((call), PP_OK, NULL, #call, __LINE__)
#define CHECK_ERR(call, status, needle) check_status((call), (status), (needle), #call, __LINE__)

/* Prints the summary line and returns the exit status. */
static int finish(void)
{
    printf("%d passed, %d failed\n", g_passed, g_failed);
    return g_failed == 0 ? 0 : 1;
}

#endif /* PERPIXEL_TEST_CHECK_H */
