// Per-call cost of the C# binding under Mono, and a world update driven from C# (issue 15): a benchmark,
// not a test (nothing here passes or fails on speed). Built with the binding's sources by the ignored test
// `csharp_overhead_benchmark` in tests/csharp.rs and run with `mono` (no --debug) against the native
// library of the same cargo profile:
//
//     cargo test --release --test csharp -- --ignored --nocapture csharp_overhead_benchmark
//
// Prints nanoseconds per call (the best of several runs of N calls each, by CPU time) for a bare
// P/Invoke, a managed rectangle test, and PlacedSprite queries, and the ratios issue 11 asks about; then
// the world section (see World below). By hand, the world section alone, beside its C twin
// tests/c/bench_world.c (same scene, same frames, same lines and checksums):
//
//     cargo build --release --lib
//     mcs -langversion:7.2 -unsafe -optimize+ -out:/tmp/Bench.exe bindings/unity/Runtime/*.cs \
//         tests/csharp/Bench.cs
//     LD_LIBRARY_PATH=$PWD/target/release mono /tmp/Bench.exe world   # or: world SPRITES FRAMES ROUNDS
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

    static int Main(string[] args)
    {
        Library.EnsureLoaded();
        if (args.Length > 0 && args[0] == "world")
        {
            int n = args.Length > 1 ? int.Parse(args[1]) : 1000;
            int frames = args.Length > 2 ? int.Parse(args[2]) : 100;
            int rounds = args.Length > 3 ? int.Parse(args[3]) : 7;
            return World(n, frames, rounds);
        }
        int calls = Calls();
        if (calls != 0) return calls;
        Console.WriteLine();
        return World(1000, 100, 7);
    }

    static int Calls()
    {
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

    // The world section: tests/c/bench_world.c in C# (its header has the scene's rules), through the
    // binding's World: one MoveBodies call for every sprite, Update, Touching.Length. Times are the wall
    // clock (CLOCK_MONOTONIC, as the C program reads it) of each frame, min and median over every frame of
    // every round; the checksums must equal the C program's.

    const int WorldWidth = 4096, WorldHeight = 1024, WorldMasks = 32;
    const ulong FnvStart = 0xCBF29CE484222325UL;

    /// xorshift64*, as benches/scenes/mod.rs's Rng.
    static ulong Next(ref ulong s)
    {
        unchecked
        {
            s ^= s >> 12;
            s ^= s << 25;
            s ^= s >> 27;
            return s * 0x2545F4914F6CDD1DUL;
        }
    }

    static ulong Below(ref ulong s, ulong n) { return (Next(ref s) >> 11) % n; }

    /// FNV-1a over 32-bit values: the checksums.
    static ulong Fnv(ulong h, uint v)
    {
        unchecked
        {
            for (int i = 0; i < 4; i++)
            {
                h ^= (v >> (8 * i)) & 0xFF;
                h *= 0x100000001B3UL;
            }
        }
        return h;
    }

    static int Surface(int x)
    {
        return (int)(780.0 + 110.0 * Math.Sin(x / 211.0) + 50.0 * Math.Cos(x / 47.0));
    }

    static double MonotonicNs()
    {
        Timespec t;
        clock_gettime(1, out t);
        return (double)t.Seconds * 1e9 + t.Nanoseconds;
    }

    static void Report(string what, double[] v)
    {
        Array.Sort(v);
        Console.WriteLine(what.PadRight(40) + " min " + v[0].ToString("F0").PadLeft(9) + " ns  median " +
            v[v.Length / 2].ToString("F0").PadLeft(9) + " ns");
    }

    static int World(int n, int frames, int rounds)
    {
        ulong rng = 0x9E3779B97F4A7C15UL, sceneHash = FnvStart;
        var masks = new Mask[WorldMasks];
        for (int k = 0; k < WorldMasks; k++)
        {
            int w = 16 + (int)Below(ref rng, 49);
            int h = k % 2 == 0 ? w : 16 + (int)Below(ref rng, 49);
            var alpha = new byte[w * h];
            if (k % 2 == 0)
            {
                double c = (w - 1.0) / 2.0;
                for (int y = 0; y < h; y++)
                    for (int x = 0; x < w; x++)
                        alpha[y * w + x] = (byte)((x - c) * (x - c) + (y - c) * (y - c) <= c * c ? 255 : 0);
            }
            else
            {
                ulong r = Next(ref rng) | 1;
                for (int y = 0; y < h; y++)
                    for (int x = 0; x < w; x++) alpha[y * w + x] = (byte)(Below(ref r, 10) < 6 ? 255 : 0);
            }
            masks[k] = Mask.FromAlpha(alpha, w, h, MaskOptions.Default);
            sceneHash = Fnv(Fnv(Fnv(sceneHash, (uint)w), (uint)h), (uint)masks[k].Count);
        }
        using (var world = new World())
        {
            var ground = new byte[WorldWidth * WorldHeight];
            for (int x = 0; x < WorldWidth; x++)
            {
                int top = Surface(x);
                sceneHash = Fnv(sceneHash, (uint)top);
                for (int y = 0; y < WorldHeight; y++) ground[y * WorldWidth + x] = (byte)(y >= top ? 255 : 0);
            }
            using (var terrain = Mask.FromAlpha(ground, WorldWidth, WorldHeight, MaskOptions.Default))
                world.CreateBody(new BodyDef { Mask = terrain, Static = true });

            var ids = new BodyId[n];
            var pos = new BodyPosition[n];
            var start = new BodyPosition[n];
            var vel = new int[2 * n];
            var startVel = new int[2 * n];
            var size = new int[2 * n];
            for (int i = 0; i < n; i++)
            {
                int k = (int)Below(ref rng, WorldMasks);
                int w = masks[k].Width, h = masks[k].Height;
                int x = (int)Below(ref rng, (ulong)(WorldWidth - w));
                int y = (int)Below(ref rng, (ulong)(WorldHeight - h));
                ids[i] = world.CreateBody(new BodyDef { Mask = masks[k], X = x, Y = y });
                start[i] = new BodyPosition(x, y);
                size[2 * i] = w;
                size[2 * i + 1] = h;
                startVel[2 * i] = (int)Below(ref rng, 9) - 4;
                startVel[2 * i + 1] = (int)Below(ref rng, 9) - 4;
                sceneHash = Fnv(Fnv(Fnv(sceneHash, (uint)k), (uint)x), (uint)y);
                sceneHash = Fnv(Fnv(sceneHash, (uint)startVel[2 * i]), (uint)startVel[2 * i + 1]);
            }
            foreach (var m in masks) m.Dispose();

            int samples = frames * rounds;
            var tMove = new double[samples];
            var tUpdate = new double[samples];
            var tFrame = new double[samples];
            ulong firstPairs = 0, firstHash = 0, begins = 0, ends = 0;
            for (int r = 0; r < rounds; r++)
            {
                Array.Copy(start, pos, n);
                Array.Copy(startVel, vel, 2 * n);
                world.MoveBodies(ids, pos);
                world.Update();
                ulong pairs = 0, hash = FnvStart;
                for (int f = 0; f < frames; f++)
                {
                    for (int i = 0; i < n; i++)
                    {
                        int nx = pos[i].X + vel[2 * i], ny = pos[i].Y + vel[2 * i + 1];
                        if (nx < 0 || nx + size[2 * i] > WorldWidth) vel[2 * i] = -vel[2 * i];
                        if (ny < 0 || ny + size[2 * i + 1] > WorldHeight) vel[2 * i + 1] = -vel[2 * i + 1];
                        pos[i].X += vel[2 * i];
                        pos[i].Y += vel[2 * i + 1];
                    }
                    double t0 = MonotonicNs();
                    world.MoveBodies(ids, pos);
                    double t1 = MonotonicNs();
                    world.Update();
                    int touching = world.Touching.Length;
                    double t2 = MonotonicNs();
                    int s = r * frames + f;
                    tMove[s] = t1 - t0;
                    tUpdate[s] = t2 - t1;
                    tFrame[s] = t2 - t0;
                    pairs += (ulong)touching;
                    hash = Fnv(hash, (uint)touching);
                    foreach (var p in world.Touching) hash = Fnv(Fnv(hash, p.A.Index), p.B.Index);
                    if (r == 0)
                    {
                        begins += (ulong)world.Begins.Length;
                        ends += (ulong)world.Ends.Length;
                    }
                }
                if (r == 0)
                {
                    firstPairs = pairs;
                    firstHash = hash;
                }
                else if (pairs != firstPairs || hash != firstHash)
                {
                    Console.WriteLine("round " + r + " saw other pairs than round 0: the benchmark is broken");
                    return 1;
                }
            }

            Console.WriteLine("perpixel " + Library.NativeVersion + " from C# under Mono: " + n +
                " moving sprites (16-64 px) over a " + WorldWidth + "x" + WorldHeight + " static terrain, " +
                frames + " frames x " + rounds + " rounds");
            Console.WriteLine("scene checksum " + sceneHash.ToString("x16"));
            Console.WriteLine("per update: " + ((double)firstPairs / frames).ToString("F2") + " touching pairs, " +
                ((double)begins / frames).ToString("F2") + " begin and " + ((double)ends / frames).ToString("F2") +
                " end events");
            Console.WriteLine("pairs checksum: " + firstPairs + " touching pairs over " + frames + " frames, hash " +
                firstHash.ToString("x16"));
            Report("World.MoveBodies (one call)", tMove);
            Report("World.Update + Touching.Length", tUpdate);
            Report("frame (MoveBodies + Update + Length)", tFrame);
        }
        return 0;
    }
}
