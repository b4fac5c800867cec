// Huge image headers after the mask limit is raised, from C#: a PerPixelException with a
// status, never a dead Mono process (in Unity: a dead editor). The report this guards
// against: after Library.MaxMaskPixels = ulong.MaxValue, a 73-byte PNG claiming
// 100000 x 100000 made the native decoder abort the whole process.
//
// Built by tests/csharp.rs with `mcs -langversion:7.2 -unsafe` (with the binding's sources,
// as its own program beside PerPixelTests.cs) and run with `mono` in a process whose
// address space is capped (`ulimit -v`), so that no claim fits.
//
// Usage: LimitsTests.exe SCRATCH_DIR, where the driver wrote SCRATCH_DIR/hostile.txt (one
// line per file of tests/common/hostile.rs: "name width height file"), the files it names,
// png65536.png (the same PNG claiming 65536 x 65536) and small.png (3 x 2, all opaque).
using System;
using System.IO;
using PerPixel;

static class LimitsTests
{
    static int passed, failed;

    static void Check(string what, bool ok)
    {
        if (ok) { passed++; Console.WriteLine("ok   " + what); }
        else { failed++; Console.WriteLine("FAIL " + what); }
    }

    // The call must throw a PerPixelException with `status` and `words` in its message.
    static void ThrowsStatus(string what, Func<Mask> call, Status status, string words)
    {
        try
        {
            using (Mask m = call())
            {
                Check(what + ": expected " + status + ", got a " + m.Width + "x" + m.Height + " mask", false);
            }
        }
        catch (PerPixelException e)
        {
            bool ok = e.Status == status && e.Message.IndexOf(words, StringComparison.OrdinalIgnoreCase) >= 0;
            Check(what + " -> " + e.Status + ": " + e.Message, ok);
        }
        catch (Exception e)
        {
            Check(what + ": expected a PerPixelException, got " + e.GetType().Name + ": " + e.Message, false);
        }
    }

    static int Main(string[] args)
    {
        if (args.Length != 1)
        {
            Console.WriteLine("usage: LimitsTests.exe SCRATCH_DIR");
            return 2;
        }
        string dir = args[0];
        MaskOptions opts = MaskOptions.Default;

        // The limit raised to "no limit": only fallible allocation stands between a hostile
        // header and an abort.
        Library.MaxMaskPixels = ulong.MaxValue;
        Check("MaxMaskPixels is ulong.MaxValue", Library.MaxMaskPixels == ulong.MaxValue);
        int samples = 0;
        foreach (string line in File.ReadAllLines(Path.Combine(dir, "hostile.txt")))
        {
            string[] f = line.Split(' ');
            string name = f[0], size = f[1] + "x" + f[2], path = Path.Combine(dir, f[3]);
            byte[] bytes = File.ReadAllBytes(path);
            if (name != "tga") // TGA is known only by its file name
                ThrowsStatus(name + " " + size + " (" + bytes.Length + " bytes) FromImageBytes",
                    () => Mask.FromImageBytes(bytes, opts), Status.OutOfMemory, "out of memory");
            ThrowsStatus(name + " " + size + " FromImageFile",
                () => Mask.FromImageFile(path, opts), Status.OutOfMemory, "out of memory");
            samples++;
        }
        Check(samples + " hostile samples loaded (expected 8)", samples == 8);
        byte[] png = File.ReadAllBytes(Path.Combine(dir, "hostile.png"));
        Check("the PNG of the report is 73 bytes", png.Length == 73);

        // A plausible "for huge levels" limit of 2^32 pixels.
        Library.MaxMaskPixels = 1UL << 32;
        ThrowsStatus("png 100000x100000 at 2^32", () => Mask.FromImageBytes(png, opts), Status.TooLarge,
            "100000x100000");
        byte[] png65536 = File.ReadAllBytes(Path.Combine(dir, "png65536.png"));
        ThrowsStatus("png 65536x65536 at 2^32 (exactly the limit)", () => Mask.FromImageBytes(png65536, opts),
            Status.OutOfMemory, "out of memory");

        // The process survived, and still works.
        Library.MaxMaskPixels = Library.DefaultMaxMaskPixels;
        using (Mask small = Mask.FromImageFile(Path.Combine(dir, "small.png"), opts))
        {
            Check("small.png still decodes: 3x2, 6 solid",
                small.Width == 3 && small.Height == 2 && small.Count == 6);
        }
        Console.WriteLine("the Mono process survived every hostile header");
        Console.WriteLine(passed + " passed, " + failed + " failed");
        return failed == 0 ? 0 : 1;
    }
}
