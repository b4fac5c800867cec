/*
 * Forced into every C test program the Wine runs build (tests/wine.rs, gcc -include):
 * the programs name their scratch files in UTF-8, as the library's paths are
 * (`utf8_path`), and write them with fopen, which on Linux takes the bytes as they are but
 * on Windows reads them in the ANSI code page. Here fopen converts UTF-8 to UTF-16 and
 * opens with _wfopen, so the test programs write the very file the library is then asked
 * to read. Only the test programs' own file writes go through it; the library is
 * unchanged. Declared by hand rather than through <windows.h>, whose macros would leak
 * into the programs.
 */
#ifndef PERPIXEL_WINE_UTF8_FOPEN_H
#define PERPIXEL_WINE_UTF8_FOPEN_H

#include <stdio.h>
#include <wchar.h>

__declspec(dllimport) int __stdcall MultiByteToWideChar(unsigned int code_page,
                                                        unsigned long flags,
                                                        const char *utf8, int utf8_len,
                                                        wchar_t *wide, int wide_len);

static inline FILE *perpixel_utf8_fopen(const char *path, const char *mode)
{
    wchar_t wide_path[4096], wide_mode[32];
    const unsigned int cp_utf8 = 65001;
    if (MultiByteToWideChar(cp_utf8, 0, path, -1, wide_path, 4096) == 0 ||
        MultiByteToWideChar(cp_utf8, 0, mode, -1, wide_mode, 32) == 0) {
        return NULL;
    }
    return _wfopen(wide_path, wide_mode);
}

#define fopen perpixel_utf8_fopen

#endif
