// Per-call cost of the C# binding under Mono: a benchmark, not a test (nothing here passes or fails on
// speed). Built with the binding's sources by the ignored test `csharp_overhead_benchmark` in
// tests/csharp.rs and run with `mono` (no --debug) against the native library of the same cargo
// profile:
//
//     cargo test --release --test csharp -- --ignored --nocapture csharp_overhead_benchmark
//
// Prints nanoseconds per call (the best of several runs of N calls each, by CPU time) for a bare
// P/Invoke, a managed rectangle test, and PlacedSprite queries, and the ratios issue 11 asks about.
using System;
using System.Diagnostics;
using System.Runtime.InteropServices;
using PerPixel;

static class Bench
{
    static long sink;

    [StructLayout(LayoutKind.Sequential)]
    struct Timespec { public long Seconds, Nanoseconds; }

    [DllImport("libc")]
    static extern int clock_gettime(int clock, out Timespec time);

    /// This thread's CPU time in nanoseconds (Linux CLOCK_THREAD_CPUTIME_ID), or -1 where unavailable.
    static long ThreadCpuNs()
    {
        try
        {
            Timespec t;
            return clock_gettime(3, out t) == 0 ? t.Seconds * 1000000000L + t.Nanoseconds : -1;
        }
        catch (Exception)
        {
            return -1;
        }
    }

    /// Nanoseconds per call of `body(n)`, the best of `runs` runs after a warm-up, by this thread's CPU
    /// time where the OS gives it (other processes taking the cores then inflate it less than the wall
    /// clock, which is printed too).
    static double Time(string what, Func<int, long> body)
    {
        const int n = 2000000, runs = 7;
        sink += body(n / 10);
        double best = double.MaxValue, bestWall = double.MaxValue;
        for (int r = 0; r < runs; r++)
        {
            long cpu = ThreadCpuNs();
            var sw = Stopwatch.StartNew();
            sink += body(n);
            sw.Stop();
            long cpuEnd = ThreadCpuNs();
            double wall = sw.Elapsed.TotalMilliseconds * 1e6 / n;
            bestWall = Math.Min(bestWall, wall);
            best = Math.Min(best, cpu >= 0 && cpuEnd >= 0 ? (double)(cpuEnd - cpu) / n : wall);
        }
        Console.WriteLine(what.PadRight(58) + best.ToString("F1").PadLeft(7) + " ns/call (wall clock " +
            bestWall.ToString("F1") + ")");
        return best;
    }

    /// What a game would write itself: two rectangles, half-open, edges in 64 bits.
    static bool RectsOverlap(Bounds2D a, Bounds2D b)
    {
        return a.width > 0 && a.height > 0 && b.width > 0 && b.height > 0
            && a.x < (long)b.x + b.width && b.x < (long)a.x + a.width
            && a.y < (long)b.y + b.height && b.y < (long)a.y + a.height;
    }

    static Mask Disc(int size)
    {
        var alpha = new byte[size * size];
        int r = size / 2;
        for (int y = 0; y < size; y++)
            for (int x = 0; x < size; x++)
                if ((x - r) * (x - r) + (y - r) * (y - r) < r * r) alpha[y * size + x] = 255;
        return Mask.FromAlpha(alpha, size, size, MaskOptions.Default);
    }

    static int Main()
    {
        Library.EnsureLoaded();
        Console.WriteLine("perpixel " + Library.NativeVersion + " under Mono, " + Environment.ProcessorCount +
            " cores; best of 7 runs of 2,000,000 calls");
        using (var solid = Mask.Create(32, 32, true))
        using (var disc = Disc(32))
        {
            var a = new PlacedSprite(solid, 0, 0);
            var apart = new PlacedSprite(solid, 100, 5);
            var touching = new PlacedSprite(solid, 16, 16);
            var discA = new PlacedSprite(disc, 0, 0);
            var discCorner = new PlacedSprite(disc, 28, 28);
            var ra = a.Bounds;
            var rApart = apart.Bounds;
            if (a.Collides(apart) || !a.Collides(touching) || discA.Collides(discCorner))
            {
                Console.WriteLine("wrong answers: the benchmark is broken");
                return 1;
            }

            double bare = Time("bare P/Invoke (pp_version_number)", n =>
            {
                long s = 0;
                for (int i = 0; i < n; i++) s += Native.pp_version_number();
                return s;
            });
            double rect = Time("managed rectangle test (two Bounds2D)", n =>
            {
                long s = 0;
                for (int i = 0; i < n; i++) if (RectsOverlap(ra, rApart)) s++;
                return s;
            });
            int ax = ra.x, ay = ra.y, aw = ra.width, ah = ra.height;
            int bx = rApart.x, by = rApart.y, bw = rApart.width, bh = rApart.height;
            double inline = Time("managed rectangle test (written out inline)", n =>
            {
                long s = 0;
                for (int i = 0; i < n; i++)
                    if (aw > 0 && ah > 0 && bw > 0 && bh > 0 && ax < (long)bx + bw && bx < (long)ax + aw
                        && ay < (long)by + bh && by < (long)ay + ah) s++;
                return s;
            });
            unsafe
            {
                Time("floor: pp_collides on prepared structs, no checks, touching", n =>
                {
                    NativeSprite na = new NativeSprite { mask = solid._ptr, x = 0, y = 0, pixel_collision = 1 };
                    NativeSprite nb = new NativeSprite { mask = solid._ptr, x = 16, y = 16, pixel_collision = 1 };
                    long s = 0;
                    byte hit;
                    for (int i = 0; i < n; i++) { Native.pp_collides(&na, &nb, &hit); s += hit; }
                    return s;
                });
            }
            double boxApart = Time("PlacedSprite.Collides, 32x32 boxes apart", n =>
            {
                long s = 0;
                for (int i = 0; i < n; i++) if (a.Collides(apart)) s++;
                return s;
            });
            double touch = Time("PlacedSprite.Collides, 32x32 solid sprites touching", n =>
            {
                long s = 0;
                for (int i = 0; i < n; i++) if (a.Collides(touching)) s++;
                return s;
            });
            Time("PlacedSprite.Collides, 32x32 discs, boxes meet, no hit", n =>
            {
                long s = 0;
                for (int i = 0; i < n; i++) if (discA.Collides(discCorner)) s++;
                return s;
            });
            Time("PlacedSprite.TryFirstContact, 32x32 touching", n =>
            {
                long s = 0;
                Point p;
                for (int i = 0; i < n; i++) if (a.TryFirstContact(touching, out p)) s += p.x;
                return s;
            });
            Time("PlacedSprite.OverlapArea, 32x32 touching", n =>
            {
                long s = 0;
                for (int i = 0; i < n; i++) s += (long)a.OverlapArea(touching);
                return s;
            });
            Time("Mask.Collides (pygame style, SafeHandle marshalling)", n =>
            {
                long s = 0;
                for (int i = 0; i < n; i++) if (solid.Collides(solid, 16, 16)) s++;
                return s;
            });
            Console.WriteLine();
            Console.WriteLine("boxes apart / managed rectangle test: " + (boxApart / rect).ToString("F2") +
                "x (target <= 2); against the test written out inline: " + (boxApart / inline).ToString("F2") + "x");
            Console.WriteLine("touching / bare P/Invoke:              " + (touch / bare).ToString("F2") +
                "x (target <= 1.5)");
        }
        return sink == 42 ? 2 : 0;
    }
}
