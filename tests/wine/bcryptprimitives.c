/*
 * A stand-in for Windows' bcryptprimitives.dll, for the Wine runs only (tests/wine.rs):
 * Rust's standard library on Windows draws random bytes (HashMap seeds) from its
 * ProcessPrng export, which every Windows 10 and 11 has but Wine 8.0 (Debian 12) lacks.
 * This one forwards to RtlGenRandom (advapi32's SystemFunction036). It is put beside the
 * test programs under Wine and is never shipped.
 *
 *   x86_64-w64-mingw32-gcc -shared -O1 -o bcryptprimitives.dll bcryptprimitives.c -ladvapi32
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk)) {
            return FALSE;
        }
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
