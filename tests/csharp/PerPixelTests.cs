// Tests of the C# binding (bindings/unity/Runtime) against the real native library, under Mono.
// Built by tests/csharp.rs with `mcs -langversion:7.2 -unsafe` and run with `mono`.
// Usage: PerPixelTests.exe SCRATCH_DIR   (the driver writes SCRATCH_DIR/diagonal.png first:
// 70x5 pixels, opaque exactly where x == 10 * y, clear elsewhere; and the sprites of
// tests/common in SCRATCH_DIR/sprites/ with what the Rust library baked from them:
// folder.ppmk (threshold 1), atlas.ppmk (TexturePacker hash form, threshold 1),
// atlas_t128_flip.ppmk (array form, threshold 128, flip y), single.ppmk (w65.png alone, no
// threshold recorded), single_t200.ppmk (w65.png alone, recorded as baked at threshold 200).)
// Compiled together with FastPathTests.cs, UnityGlueTests.cs, the Unity glue and the UnityEngine
// stand-in (tests/csharp/UnityEngineStub.cs).
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using PerPixel;

static partial class Tests
{
    static int passed, failed;

    static void Check(string what, bool ok)
    {
        if (ok) { passed++; Console.WriteLine("ok   " + what); }
        else { failed++; Console.WriteLine("FAIL " + what); }
    }

    static void Equal<T>(string what, T expected, T actual)
    {
        bool ok = Equals(expected, actual);
        Check(what + " == " + expected + (ok ? "" : " (got " + actual + ")"), ok);
    }

    static void Throws<E>(string what, Action action, Func<E, bool> about = null) where E : Exception
    {
        try
        {
            action();
            Check(what + " throws " + typeof(E).Name + " (nothing thrown)", false);
        }
        catch (E e)
        {
            bool ok = about == null || about(e);
            Check(what + " throws " + typeof(E).Name + ": " + e.Message, ok);
        }
        catch (Exception e)
        {
            Check(what + " throws " + typeof(E).Name + " (got " + e.GetType().Name + ": " + e.Message + ")", false);
        }
    }

    static Func<PerPixelException, bool> With(Status status, string words)
    {
        return e => e.Status == status && e.Message.IndexOf(words, StringComparison.OrdinalIgnoreCase) >= 0;
    }

    // 4x3 picture: '#' opaque, '+' alpha 128, 'k' opaque magenta, '.' clear.
    static readonly string[] Picture = { "#..+", ".#k.", "..##" };

    static byte[] Rgba(string[] rows, int stride)
    {
        var data = new byte[stride * rows.Length];
        for (int y = 0; y < rows.Length; y++)
            for (int x = 0; x < rows[y].Length; x++)
            {
                byte[] px;
                switch (rows[y][x])
                {
                    case '#': px = new byte[] { 10, 20, 30, 255 }; break;
                    case '+': px = new byte[] { 10, 20, 30, 128 }; break;
                    case 'k': px = new byte[] { 255, 0, 255, 255 }; break;
                    default: px = new byte[] { 0, 0, 0, 0 }; break;
                }
                Array.Copy(px, 0, data, y * stride + x * 4, 4);
            }
        return data;
    }

    static string Rows(Mask m)
    {
        var s = new System.Text.StringBuilder();
        for (int y = 0; y < m.Height; y++)
        {
            if (y > 0) s.Append('/');
            for (int x = 0; x < m.Width; x++) s.Append(m.IsSolid(x, y) ? '#' : '.');
        }
        return s.ToString();
    }

    static Mask Cross()
    {
        // 3x3 plus sign from alpha bytes.
        return Mask.FromAlpha(new byte[] { 0, 255, 0, 255, 255, 255, 0, 255, 0 }, 3, 3, MaskOptions.Default);
    }

    static void Library_()
    {
        Library.EnsureLoaded();
        Equal("Library.NativeVersion", Library.BindingVersion, Library.NativeVersion);
        Equal("Library.StatusText(Ok)", true, Library.StatusText(Status.Ok).Length > 0);
        Equal("the native library is 0.9.x", 9u, Native.pp_version_number() / 100);
        Library.CheckVersionNumber(900);
        Check("CheckVersionNumber accepts another patch (0.9.0 vs 0.9.1)", true);
        Library.CheckVersionNumber(999);
        Throws("a native 0.10.0 is refused", () => Library.CheckVersionNumber(1000),
            With(Status.VersionMismatch, "0.10.0"));
        Throws("a native 0.8.1 is refused (ids without their world: 0.9 added it)",
            () => Library.CheckVersionNumber(801), With(Status.VersionMismatch, "0.8.1"));
        Throws("a native 1.1.0 is refused", () => Library.CheckVersionNumber(10100),
            With(Status.VersionMismatch, "build the library from the same release"));
        Equal("Library.StatusText(Decode) differs from Ok", true,
            Library.StatusText(Status.Decode) != Library.StatusText(Status.Ok));
    }

    static void Bounds()
    {
        var a = new Bounds2D(0, 0, 10, 10);
        Equal("Bounds2D fields", "(x:0, y:0, width:10, height:10)", a.ToString());
        Equal("xMin", 0L, a.xMin);
        Equal("xMax", 10L, a.xMax);
        Equal("yMin", 0L, a.yMin);
        Equal("yMax", 10L, a.yMax);
        var far = new Bounds2D(int.MaxValue, int.MaxValue, int.MaxValue, int.MaxValue);
        Equal("xMax at int.MaxValue does not overflow", 2L * int.MaxValue, far.xMax);
        Equal("yMax at int.MaxValue does not overflow", 2L * int.MaxValue, far.yMax);
        Check("touching rectangles do not overlap", !a.Overlaps(new Bounds2D(10, 0, 5, 5)));
        Check("overlapping rectangles overlap", a.Overlaps(new Bounds2D(9, 9, 5, 5)));
        Check("empty overlaps nothing", !a.Overlaps(new Bounds2D(2, 2, 0, 5)));
        Check("isEmpty (negative width)", new Bounds2D(0, 0, -1, 5).isEmpty);
        Check("not isEmpty", !a.isEmpty);
        Check("Contains is half-open (inside)", a.Contains(9, 9));
        Check("Contains is half-open (edge)", !a.Contains(10, 9));
        Bounds2D r;
        Check("TryIntersection overlapping", a.TryIntersection(new Bounds2D(5, -5, 20, 8), out r));
        Equal("intersection", new Bounds2D(5, 0, 5, 3), r);
        Check("TryIntersection disjoint is false", !a.TryIntersection(new Bounds2D(20, 20, 1, 1), out r));
        Equal("disjoint intersection is zero", default(Bounds2D), r);
        Equal("ToLocal", new Bounds2D(-5, 7, 2, 2), new Bounds2D(10, -3, 4, 4).ToLocal(new Bounds2D(5, 4, 2, 2)));
        Throws("ToLocal overflow", () => new Bounds2D(int.MinValue, 0, 1, 1).ToLocal(new Bounds2D(int.MaxValue, 0, 1, 1)),
            With(Status.Overflow, ""));
        Equal("ToGlobal undoes ToLocal", new Bounds2D(5, 4, 2, 2), new Bounds2D(10, -3, 4, 4).ToGlobal(new Bounds2D(-5, 7, 2, 2)));
        Throws("ToGlobal overflow", () => new Bounds2D(int.MaxValue, 0, 1, 1).ToGlobal(new Bounds2D(1, 0, 1, 1)),
            With(Status.Overflow, ""));
        Equal("area", 100UL, a.area);
        Equal("area of an empty rectangle", 0UL, new Bounds2D(0, 0, -1, 5).area);
        Equal("area in 64 bits", (ulong)int.MaxValue * (ulong)int.MaxValue, far.area);
        Check("== and !=", a == new Bounds2D(0, 0, 10, 10) && a != r);
        Check("Equals(object) and GetHashCode", a.Equals((object)new Bounds2D(0, 0, 10, 10))
            && a.GetHashCode() == new Bounds2D(0, 0, 10, 10).GetHashCode());
        var p = new Point(3, -4);
        Check("Point equality", p.Equals(new Point(3, -4)) && !p.Equals((object)new Point(4, 3))
            && p.GetHashCode() == new Point(3, -4).GetHashCode() && p.ToString() == "(3, -4)");
    }

    static void Building(string scratch)
    {
        var rgba = Rgba(Picture, 16);
        using (var m = Mask.FromRgba32(rgba, 4, 3, MaskOptions.Default))
        {
            Equal("FromRgba32 size", "4x3", m.Width + "x" + m.Height);
            Equal("FromRgba32 pixels", "#..#/.##./..##", Rows(m));
            Equal("Count", 6UL, m.Count);
            Bounds2D b;
            Check("TryGetSolidBounds", m.TryGetSolidBounds(out b) && b == new Bounds2D(0, 0, 4, 3));
            Equal("BoundsAt", new Bounds2D(5, 6, 4, 3), m.BoundsAt(5, 6));
            Check("IsSolid outside is false", !m.IsSolid(-1, 0) && !m.IsSolid(4, 0) && !m.IsSolid(0, 3));
        }
        using (var m = Mask.FromRgba32(rgba, 4, 3, MaskOptions.WithThreshold(255)))
            Equal("threshold 255", "#.../.##./..##", Rows(m));
        using (var m = Mask.FromRgba32(rgba, 4, 3, MaskOptions.WithThreshold(0)))
            Equal("threshold 0", "####/####/####", Rows(m));
        var keyed = MaskOptions.Default;
        keyed.UseColorKey = true; keyed.ColorKeyR = 255; keyed.ColorKeyG = 0; keyed.ColorKeyB = 255;
        using (var m = Mask.FromRgba32(rgba, 4, 3, keyed))
            Equal("colour key", "#..#/.#../..##", Rows(m));
        var flip = MaskOptions.Default;
        flip.FlipY = true;
        using (var m = Mask.FromRgba32(rgba, 4, 3, flip))
            Equal("FlipY", "..##/.##./#..#", Rows(m));
        var region = MaskOptions.Default;
        region.UseRegion = true; region.Region = new Bounds2D(1, 1, 3, 2);
        using (var m = Mask.FromRgba32(rgba, 4, 3, region))
            Equal("Region", "##./.##", Rows(m));

        // Padded rows (stride 20) as a span, BGRA and ARGB and alpha formats.
        var padded = new byte[20 * 3];
        for (int y = 0; y < 3; y++) Array.Copy(rgba, y * 16, padded, y * 20, 16);
        using (var m = Mask.FromPixels(new ReadOnlySpan<byte>(padded), PixelFormat.Rgba8, 4, 3, 20, MaskOptions.Default))
            Equal("FromPixels(span) with stride 20", "#..#/.##./..##", Rows(m));
        var bgra = (byte[])rgba.Clone();
        for (int i = 0; i < bgra.Length; i += 4) { byte t = bgra[i]; bgra[i] = bgra[i + 2]; bgra[i + 2] = t; }
        using (var m = Mask.FromPixels(bgra, PixelFormat.Bgra8, 4, 3, 16, keyed))
            Equal("Bgra8 with colour key", "#..#/.#../..##", Rows(m));
        var argb = new byte[rgba.Length];
        for (int i = 0; i < rgba.Length; i += 4)
        {
            uint w = (uint)rgba[i + 3] << 24 | (uint)rgba[i] << 16 | (uint)rgba[i + 1] << 8 | rgba[i + 2];
            Array.Copy(BitConverter.GetBytes(w), 0, argb, i, 4);
        }
        using (var m = Mask.FromPixels(argb, PixelFormat.Argb32, 4, 3, 16, keyed))
            Equal("Argb32 with colour key", "#..#/.#../..##", Rows(m));
        var alpha = new byte[12];
        for (int i = 0; i < 12; i++) alpha[i] = rgba[i * 4 + 3];
        using (var m = Mask.FromAlpha(alpha, 4, 3, MaskOptions.WithThreshold(200)))
            Equal("FromAlpha threshold 200", "#.../.##./..##", Rows(m));
        using (var m = Mask.Create(70, 2, true))
            Equal("Create solid count", 140UL, m.Count);
        using (var m = Mask.Create(70, 2, false))
        {
            Bounds2D b;
            Check("Create empty has no solid bounds", m.Count == 0 && !m.TryGetSolidBounds(out b) && b == default(Bounds2D));
        }

        // Encoded images.
        string png = Path.Combine(scratch, "diagonal.png");
        using (var m = Mask.FromImageFile(png, MaskOptions.Default))
        {
            Equal("FromImageFile size", "70x5", m.Width + "x" + m.Height);
            Check("FromImageFile pixels", m.Count == 5 && m.IsSolid(40, 4) && !m.IsSolid(40, 3));
        }
        byte[] bytes = File.ReadAllBytes(png);
        using (var m = Mask.FromImageBytes(bytes, flip))
            Check("FromImageBytes(byte[]) with FlipY", m.Count == 5 && m.IsSolid(40, 0) && m.IsSolid(0, 4));
        using (var m = Mask.FromImageBytes(new ReadOnlySpan<byte>(bytes), MaskOptions.Default))
            Check("FromImageBytes(span)", m.Count == 5 && m.IsSolid(0, 0));

        // Errors: checked in C# first, then by the library.
        Throws<ArgumentNullException>("FromPixels(null)", () => Mask.FromPixels((byte[])null, PixelFormat.A8, 1, 1, 1, MaskOptions.Default));
        Throws<ArgumentNullException>("FromRgba32(null)", () => Mask.FromRgba32(null, 1, 1, MaskOptions.Default));
        Throws<ArgumentNullException>("FromAlpha(null)", () => Mask.FromAlpha(null, 1, 1, MaskOptions.Default));
        Throws<ArgumentNullException>("FromImageBytes(null)", () => Mask.FromImageBytes((byte[])null, MaskOptions.Default));
        Throws<ArgumentNullException>("FromImageFile(null)", () => Mask.FromImageFile(null, MaskOptions.Default));
        Throws("stride too small", () => Mask.FromPixels(rgba, PixelFormat.Rgba8, 4, 3, 15, MaskOptions.Default),
            With(Status.StrideTooSmall, "stride"));
        Throws("buffer one byte short", () => Mask.FromPixels(new ReadOnlySpan<byte>(rgba, 0, 47), PixelFormat.Rgba8, 4, 3, 16, MaskOptions.Default),
            With(Status.BufferTooSmall, "47"));
        Throws("negative width", () => Mask.FromPixels(rgba, PixelFormat.Rgba8, -4, 3, 16, MaskOptions.Default),
            With(Status.InvalidArgument, "width"));
        Throws("unknown pixel format", () => Mask.FromPixels(rgba, (PixelFormat)9, 4, 3, 16, MaskOptions.Default),
            With(Status.InvalidArgument, "format"));
        var outside = MaskOptions.Default;
        outside.UseRegion = true; outside.Region = new Bounds2D(2, 2, 3, 3);
        Throws("region outside the image", () => Mask.FromRgba32(rgba, 4, 3, outside), With(Status.RegionOutOfBounds, "4x3"));
        var keyA8 = MaskOptions.Default; keyA8.UseColorKey = true;
        Throws("colour key with A8", () => Mask.FromAlpha(alpha, 4, 3, keyA8), With(Status.InvalidArgument, "key"));
        Throws("too large", () => Mask.Create(100000, 100000, false), With(Status.TooLarge, "too large"));
        Throws("corrupt image bytes", () => Mask.FromImageBytes(new byte[] { 1, 2, 3, 4, 5 }, MaskOptions.Default),
            With(Status.Decode, "decode"));
        var truncated = new byte[bytes.Length / 2];
        Array.Copy(bytes, truncated, truncated.Length);
        Throws("truncated PNG", () => Mask.FromImageBytes(truncated, MaskOptions.Default), With(Status.Decode, ""));
        Throws("missing file", () => Mask.FromImageFile(Path.Combine(scratch, "missing.png"), MaskOptions.Default),
            With(Status.Io, "missing.png"));
        Check("Library.LastErrorMessage after a failure", Library.LastErrorMessage().Contains("missing.png"));

        var gone = Mask.Create(2, 2, true);
        gone.Dispose();
        Check("IsDisposed", gone.IsDisposed);
        gone.Dispose();
        Check("Dispose twice is harmless", gone.IsDisposed);
        Throws<ObjectDisposedException>("Width after Dispose", () => { int w = gone.Width; });
        Throws<ObjectDisposedException>("IsSolid after Dispose", () => gone.IsSolid(0, 0));
        using (var live = Mask.Create(2, 2, true))
        {
            Throws<ObjectDisposedException>("Collides with a disposed mask", () => live.Collides(gone, 0, 0));
            Throws<ObjectDisposedException>("PlacedSprite with a disposed mask",
                () => new PlacedSprite(live, 0, 0).Collides(new PlacedSprite(gone, 0, 0)));
        }
    }

    static void Queries()
    {
        using (var cross = Cross())
        using (var full = Mask.Create(5, 5, true))
        {
            var a = new PlacedSprite(cross, 10, 10);
            var diag = new PlacedSprite(cross, 12, 12);
            Check("Bounds", a.Bounds == new Bounds2D(10, 10, 3, 3));
            Check("boxes overlap at a corner", a.Bounds.Overlaps(diag.Bounds));
            Check("corner of crosses does not collide", !a.Collides(diag));
            Point p;
            Check("no first contact", !a.TryFirstContact(diag, out p));
            Equal("no overlap area", 0UL, a.OverlapArea(diag));
            Bounds2D ob;
            using (var om = a.OverlapMask(diag, out ob))
                Check("overlap mask is 1x1 empty at (12,12)", ob == new Bounds2D(12, 12, 1, 1) && om.Count == 0);

            var c = new PlacedSprite(cross, 11, 10);
            Check("crosses one apart collide", a.Collides(c));
            Check("first contact", a.TryFirstContact(c, out p) && p.Equals(new Point(11, 11)));
            Equal("overlap area", 2UL, a.OverlapArea(c));
            using (var om = a.OverlapMask(c, out ob))
            {
                Equal("overlap mask bounds", new Bounds2D(11, 10, 2, 3), ob);
                Equal("overlap mask pixels", "../##/..", Rows(om));
            }

            var bo = new PlacedSprite(cross, 12, 12, false);
            Check("bounds-only vs pixels", !a.Collides(bo));
            Check("bounds-only vs bounds-only", new PlacedSprite(cross, 10, 10, false).Collides(bo));
            Check("touching full squares do not collide",
                !new PlacedSprite(full, 0, 0).Collides(new PlacedSprite(full, 5, 0)));
            // Rectangles that only touch: no overlap at all (null, as Rust's None and C's NULL).
            using (var om = new PlacedSprite(full, 0, 0).OverlapMask(new PlacedSprite(full, 0, -5), out ob))
                Check("no overlap gives null and zero bounds", om == null && ob == default(Bounds2D));
            using (var om = cross.OverlapMask(full, 3, 0, out ob))
                Check("pygame-style no overlap gives null", om == null && ob == default(Bounds2D));

            // pygame style.
            Check("Mask.Collides", cross.Collides(cross, 1, 0) && !cross.Collides(cross, 2, 2) && !cross.Collides(cross, 3, 0));
            Check("Mask.TryFirstContact", cross.TryFirstContact(cross, 1, 0, out p) && p.Equals(new Point(1, 1)));
            Check("Mask.TryFirstContact none", !cross.TryFirstContact(cross, 2, 2, out p));
            Equal("Mask.OverlapArea", 5UL, cross.OverlapArea(cross, 0, 0));
            using (var om = cross.OverlapMask(full, -1, -1, out ob))
            {
                Equal("Mask.OverlapMask bounds", new Bounds2D(0, 0, 3, 3), ob);
                Equal("Mask.OverlapMask pixels", ".#./###/.#.", Rows(om));
            }
            Throws<ArgumentNullException>("Mask.Collides(null)", () => cross.Collides(null, 0, 0));
            Throws<ArgumentNullException>("Mask.OverlapArea(null)", () => cross.OverlapArea(null, 0, 0));
            Throws<ArgumentNullException>("PlacedSprite(null)", () => new PlacedSprite(null, 0, 0));
            Throws<ArgumentNullException>("default PlacedSprite", () => a.Collides(default(PlacedSprite)));

            // Far corners of the coordinate range.
            var edge = new PlacedSprite(full, int.MaxValue - 2, int.MaxValue - 2);
            var edge2 = new PlacedSprite(full, int.MaxValue - 1, int.MaxValue);
            Check("first contact beyond int.MaxValue", edge.TryFirstContact(edge2, out p)
                && p.Equals(new Point(int.MaxValue - 1L, int.MaxValue)));
            Equal("area at the edge", 4UL * 3UL, edge.OverlapArea(edge2));
        }
    }

    // The process-wide size limit (pp_max_mask_pixels / pp_set_max_mask_pixels); restored after.
    static void SizeLimit(string scratch)
    {
        Equal("Library.MaxMaskPixels is the default", Library.DefaultMaxMaskPixels, Library.MaxMaskPixels);
        Equal("DefaultMaxMaskPixels is 2^26", 67108864UL, Library.DefaultMaxMaskPixels);
        try
        {
            Library.MaxMaskPixels = 100;
            Equal("MaxMaskPixels after setting 100", 100UL, Library.MaxMaskPixels);
            using (var m = Mask.Create(10, 10, true))
                Equal("a 10x10 mask fits a 100-pixel limit", 100UL, m.Count);
            Throws("Create 11x10 over a 100-pixel limit", () => Mask.Create(11, 10, true),
                With(Status.TooLarge, "too large"));
            Throws("FromAlpha 101x1 over the limit", () => Mask.FromAlpha(new byte[101], 101, 1, MaskOptions.Default),
                With(Status.TooLarge, "101x1"));
            // diagonal.png is 70x5 = 350 pixels: refused from its header.
            Throws("FromImageFile of a 350-pixel PNG over the limit",
                () => Mask.FromImageFile(Path.Combine(scratch, "diagonal.png"), MaskOptions.Default),
                With(Status.TooLarge, "70x5"));
            Throws("MaxMaskPixels = 0", () => { Library.MaxMaskPixels = 0; }, With(Status.InvalidArgument, "at least 1"));
            Equal("MaxMaskPixels unchanged after a refused 0", 100UL, Library.MaxMaskPixels);
            Library.MaxMaskPixels = 350;
            using (var m = Mask.FromImageFile(Path.Combine(scratch, "diagonal.png"), MaskOptions.Default))
                Equal("the PNG loads at a limit of exactly 350", 5UL, m.Count);
        }
        finally
        {
            Library.MaxMaskPixels = Library.DefaultMaxMaskPixels;
        }
        Equal("MaxMaskPixels restored", Library.DefaultMaxMaskPixels, Library.MaxMaskPixels);
    }

    static void Threads()
    {
        using (var cross = Cross())
        {
            var a = new PlacedSprite(cross, 0, 0);
            int wrong = 0;
            var threads = new System.Threading.Thread[4];
            for (int t = 0; t < threads.Length; t++)
            {
                threads[t] = new System.Threading.Thread(() =>
                {
                    for (int i = 0; i < 2000; i++)
                    {
                        var b = new PlacedSprite(cross, i % 5 - 2, 0);
                        ulong expected = (ulong)new[] { 1, 2, 5, 2, 1 }[i % 5];
                        if (a.OverlapArea(b) != expected) System.Threading.Interlocked.Increment(ref wrong);
                    }
                });
                threads[t].Start();
            }
            foreach (var t in threads) t.Join();
            Equal("4 threads x 2000 queries on one shared mask, wrong answers", 0, wrong);
        }
    }

    static void Overhead()
    {
        using (var small = Mask.Create(32, 32, true))
        {
            var a = new PlacedSprite(small, 0, 0);
            var b = new PlacedSprite(small, 16, 16);
            const int n = 200000;
            for (int i = 0; i < 1000; i++) a.Collides(b);
            var sw = System.Diagnostics.Stopwatch.StartNew();
            int hits = 0;
            for (int i = 0; i < n; i++) if (a.Collides(b)) hits++;
            sw.Stop();
            Equal("every timed query hit", n, hits);
            // Informational only: speed is never a pass/fail condition here.
            Console.WriteLine("info PlacedSprite.Collides on two 32x32 masks through P/Invoke: " +
                (sw.Elapsed.TotalMilliseconds * 1e6 / n).ToString("F1") + " ns per call under Mono");
            sw = System.Diagnostics.Stopwatch.StartNew();
            for (int i = 0; i < n; i++) if (small.Collides(small, 16, 16)) hits++;
            sw.Stop();
            Console.WriteLine("info Mask.Collides (pygame style) through P/Invoke: " +
                (sw.Elapsed.TotalMilliseconds * 1e6 / n).ToString("F1") + " ns per call under Mono");
            // The bare cost of a P/Invoke with no handles: two structs by value, one byte back.
            var r1 = new Bounds2D(0, 0, 32, 32);
            var r2 = new Bounds2D(16, 16, 32, 32);
            sw = System.Diagnostics.Stopwatch.StartNew();
            for (int i = 0; i < n; i++) if (r1.Overlaps(r2)) hits++;
            sw.Stop();
            Console.WriteLine("info Bounds2D.Overlaps (a P/Invoke without handles): " +
                (sw.Elapsed.TotalMilliseconds * 1e6 / n).ToString("F1") + " ns per call under Mono");
            Equal("every timed query hit", 3 * n, hits);
        }
    }

    // ---- baked masks ----

    static readonly int[][] Offsets = { new[] { 0, 0 }, new[] { 3, -2 }, new[] { -5, 4 }, new[] { 20, 7 },
        new[] { -1, -1 }, new[] { 60, 1 } };

    /// Pair queries whose answers differ between (a1, b1) and (a2, b2) at every offset.
    static int QueryDifferences(Mask a1, Mask b1, Mask a2, Mask b2, ref int asked)
    {
        int diff = 0;
        foreach (int[] o in Offsets)
        {
            int dx = o[0], dy = o[1];
            if (a1.Collides(b1, dx, dy) != a2.Collides(b2, dx, dy)) diff++;
            Point p1, p2;
            bool f1 = a1.TryFirstContact(b1, dx, dy, out p1), f2 = a2.TryFirstContact(b2, dx, dy, out p2);
            if (f1 != f2 || !p1.Equals(p2)) diff++;
            if (a1.OverlapArea(b1, dx, dy) != a2.OverlapArea(b2, dx, dy)) diff++;
            var s1 = new PlacedSprite(a1, 7, 9);
            var s2 = new PlacedSprite(a2, 7, 9);
            if (s1.Collides(new PlacedSprite(b1, 7 + dx, 9 + dy)) != s2.Collides(new PlacedSprite(b2, 7 + dx, 9 + dy)))
                diff++;
            asked += 4;
        }
        return diff;
    }

    static string[] SpriteNames(string sprites)
    {
        return Directory.GetFiles(sprites, "*.png", SearchOption.AllDirectories)
            .Select(p => p.Substring(sprites.Length + 1).Replace(Path.DirectorySeparatorChar, '/'))
            .OrderBy(n => n, StringComparer.Ordinal).ToArray();
    }

    static void BakedBundle(string scratch, string file, byte threshold, bool flipY)
    {
        string sprites = Path.Combine(scratch, "sprites");
        string[] names = SpriteNames(sprites);
        var options = MaskOptions.Default;
        options.Threshold = threshold;
        options.FlipY = flipY;
        using (var byPath = MaskBundle.FromFile(Path.Combine(scratch, file)))
        using (var byBytes = MaskBundle.FromBytes(File.ReadAllBytes(Path.Combine(scratch, file))))
        {
            Equal(file + " Count", 10, byPath.Count);
            bool infoOk = true;
            for (int i = 0; i < byPath.Count; i++)
            {
                BakeInfo info = byPath.InfoAt(i);
                infoOk &= info.Threshold == threshold && info.FlipY == flipY && !info.FlipX && info.ColorKey == null;
            }
            Check(file + " InfoAt records threshold " + threshold + " and flipY " + flipY + " for every mask", infoOk);
            Check(file + " InfoOf by name", byBytes.InfoOf(byBytes.Names[0]).Threshold == threshold);
            Throws<ArgumentOutOfRangeException>(file + " InfoAt past the end", () => byPath.InfoAt(byPath.Count));
            Throws<KeyNotFoundException>(file + " InfoOf a missing name", () => byPath.InfoOf("nope.png"));
            Equal(file + " Names (from the file and from the bytes) are the sprite files", string.Join(",", names),
                string.Join(",", byPath.Names) + (byBytes.Names.SequenceEqual(byPath.Names) ? "" : " (bytes differ)"));
            var baked = new List<Mask>();
            var direct = new List<Mask>();
            try
            {
                foreach (string name in names)
                {
                    Mask b, fromBytes;
                    Check(file + " TryGet(" + name + ")", byPath.TryGet(name, out b) && byBytes.TryGet(name, out fromBytes)
                        && Rows(fromBytes) == Rows(b) && DisposeAnd(fromBytes, true));
                    baked.Add(b);
                    var d = Mask.FromImageFile(Path.Combine(sprites, name), options);
                    direct.Add(d);
                    Bounds2D bb, bd;
                    bool hb = b.TryGetSolidBounds(out bb), hd = d.TryGetSolidBounds(out bd);
                    Check(file + " " + name + " equals the PNG's mask (threshold " + threshold + ", flip " + flipY + "): " +
                        b.Width + "x" + b.Height + ", " + b.Count + " solid",
                        Rows(b) == Rows(d) && b.Count == d.Count && hb == hd && bb.Equals(bd));
                }
                int asked = 0, diff = 0;
                for (int i = 0; i < baked.Count; i++)
                    for (int j = 0; j < baked.Count; j++)
                        diff += QueryDifferences(baked[i], baked[j], direct[i], direct[j], ref asked);
                Equal(file + ": " + asked + " pair queries, answers differing between baked and PNG masks", 0, diff);
                Equal(file + ": pair queries asked", 10 * 10 * Offsets.Length * 4, asked);
            }
            finally
            {
                foreach (var m in baked) if (m != null) m.Dispose();
                foreach (var m in direct) m.Dispose();
            }
        }
    }

    static bool DisposeAnd(Mask m, bool value)
    {
        m.Dispose();
        return value;
    }

    static void Baked(string scratch)
    {
        BakedBundle(scratch, "folder.ppmk", 1, false);
        BakedBundle(scratch, "atlas.ppmk", 1, false);
        BakedBundle(scratch, "atlas_t128_flip.ppmk", 128, true);

        byte[] single = File.ReadAllBytes(Path.Combine(scratch, "single.ppmk"));
        using (var m = Mask.FromBaked(single))
        using (var d = Mask.FromImageFile(Path.Combine(scratch, "sprites", "w65.png"), MaskOptions.Default))
        {
            Equal("single.ppmk equals w65.png's mask", Rows(d), Rows(m));
            byte[] again = d.ToBaked();
            Check("ToBaked() of the PNG's mask is the baked file, byte for byte (" + again.Length + " bytes)",
                again.SequenceEqual(single));
            using (var back = Mask.FromBaked(new ReadOnlySpan<byte>(again)))
                Equal("FromBaked(ToBaked())", Rows(d), Rows(back));
        }
        using (var cross = Cross())
        using (var back = Mask.FromBaked(cross.ToBaked()))
            Equal("a 3x3 cross round-trips", Rows(cross), Rows(back));

        // Errors.
        byte[] bundleBytes = File.ReadAllBytes(Path.Combine(scratch, "folder.ppmk"));
        Throws("FromBaked of a bundle of 10", () => Mask.FromBaked(bundleBytes),
            With(Status.BadBakedData, "holds 10 masks"));
        Throws("FromBaked of truncated bytes", () => Mask.FromBaked(single.Take(single.Length - 1).ToArray()),
            With(Status.BadBakedData, "checksum"));
        Throws("FromBaked of 5 bytes", () => Mask.FromBaked(new byte[] { 80, 80, 77, 75, 1 }),
            With(Status.BadBakedData, "truncated"));
        Throws("FromBaked of an empty array", () => Mask.FromBaked(new byte[0]), With(Status.BadBakedData, "truncated"));
        byte[] png = File.ReadAllBytes(Path.Combine(scratch, "diagonal.png"));
        Throws("MaskBundle.FromBytes of a PNG", () => MaskBundle.FromBytes(png),
            With(Status.BadBakedData, "not a perpixel baked mask file"));
        byte[] flipped = (byte[])bundleBytes.Clone();
        flipped[flipped.Length / 2] ^= 1;
        Throws("MaskBundle.FromBytes of corrupt bytes", () => MaskBundle.FromBytes(flipped),
            With(Status.BadBakedData, "checksum mismatch"));
        Throws("MaskBundle.FromFile of a missing file",
            () => MaskBundle.FromFile(Path.Combine(scratch, "missing.ppmk")), With(Status.Io, "missing.ppmk"));
        Throws<ArgumentNullException>("FromBaked(null)", () => Mask.FromBaked((byte[])null));
        Throws<ArgumentNullException>("MaskBundle.FromBytes(null)", () => MaskBundle.FromBytes((byte[])null));
        Throws<ArgumentNullException>("MaskBundle.FromFile(null)", () => MaskBundle.FromFile(null));
        Throws("MaskBundle.FromFile of a PNG", () => MaskBundle.FromFile(Path.Combine(scratch, "diagonal.png")),
            With(Status.BadBakedData, "diagonal.png"));
        // Issue 30: a FIFO path (made by tests/csharp.rs) used to block for ever; a directory.
        string fifo = Path.Combine(scratch, "pipe.png");
        Check("the driver made pipe.png, a FIFO", File.Exists(fifo));
        Throws("MaskBundle.FromFile of a FIFO", () => MaskBundle.FromFile(fifo),
            With(Status.Io, "not a regular file (a FIFO (named pipe))"));
        Throws("Mask.FromImageFile of a FIFO", () => Mask.FromImageFile(fifo, MaskOptions.Default),
            With(Status.Io, "not a regular file (a FIFO (named pipe))"));
        Throws("Mask.FromImageFile of a directory", () => Mask.FromImageFile(scratch, MaskOptions.Default),
            With(Status.Io, "not a regular file (a directory)"));
        // C would read a path only up to a NUL: refused rather than opening another file.
        Throws<ArgumentException>("MaskBundle.FromFile with a NUL",
            () => MaskBundle.FromFile(Path.Combine(scratch, "missing.ppmk") + "\0x"));
        Throws<ArgumentException>("Mask.FromImageFile with a NUL",
            () => Mask.FromImageFile(Path.Combine(scratch, "diagonal.png") + "\0x", MaskOptions.Default));
        var gone = Mask.FromBaked(single);
        gone.Dispose();
        Throws<ObjectDisposedException>("ToBaked after Dispose", () => gone.ToBaked());

        var bundle = MaskBundle.FromBytes(bundleBytes);
        Mask missing;
        Check("TryGet of a missing name is false with a null mask",
            !bundle.TryGet("nope.png", out missing) && missing == null);
        Check("Contains", bundle.Contains("w64.png") && !bundle.Contains("w64"));
        Throws<KeyNotFoundException>("Get of a missing name", () => bundle.Get("nope.png"),
            e => e.Message.Contains("nope.png") && e.Message.Contains("holds 10"));
        Throws<ArgumentNullException>("TryGet(null)", () => bundle.TryGet(null, out missing));
        Throws<ArgumentException>("TryGet with a NUL", () => bundle.TryGet("a\0b", out missing));
        Mask kept = bundle.Get("enemies/bat.png");
        bundle.Dispose();
        Check("IsDisposed", bundle.IsDisposed);
        Equal("a mask taken from a bundle outlives it", 23, kept.Width);
        kept.Dispose();
        Throws<ObjectDisposedException>("Get after Dispose", () => bundle.Get("w64.png"));
    }

    #region Options defaults, pixel formats and FlipX (issue 11, points 2 and 6)

    // The 4x3 Picture (see Rgba) as 4-byte pixels in the byte order `order` ("RGBA", "ARGB", ...),
    // rows `stride` bytes apart, padding bytes 0xEE.
    static byte[] InOrder(string order, int stride)
    {
        var rgba = Rgba(Picture, 16);
        var data = new byte[stride * 3];
        for (int i = 0; i < data.Length; i++) data[i] = 0xEE;
        for (int y = 0; y < 3; y++)
            for (int x = 0; x < 4; x++)
                for (int c = 0; c < 4; c++)
                    data[y * stride + x * 4 + c] = rgba[y * 16 + x * 4 + "RGBA".IndexOf(order[c])];
        return data;
    }

    static void OptionsAndFormats()
    {
        // new MaskOptions() is the defaults: threshold 1, not 0.
        var fresh = new MaskOptions();
        Equal("new MaskOptions().Threshold", (byte)1, fresh.Threshold);
        Equal("default(MaskOptions).Threshold", (byte)1, default(MaskOptions).Threshold);
        Check("MaskOptions.Default equals new MaskOptions()", MaskOptions.Default.Equals(fresh));
        Check("new MaskOptions { Threshold = 1 } equals new MaskOptions()",
            new MaskOptions { Threshold = 1 }.Equals(fresh));
        Equal("new MaskOptions { Threshold = 0 }.Threshold", (byte)0, new MaskOptions { Threshold = 0 }.Threshold);
        Equal("new MaskOptions { Threshold = 255 }.Threshold", (byte)255, new MaskOptions { Threshold = 255 }.Threshold);
        Check("new MaskOptions() has no flips, key or region",
            !fresh.FlipX && !fresh.FlipY && !fresh.UseColorKey && !fresh.UseRegion);

        // Alphas 0, 1, 128, 255: the transparent pixel is empty by default; Threshold = 0 makes every
        // pixel solid; 255 keeps only the opaque one; 129 drops the half-transparent one.
        var alphas = new byte[] { 0, 1, 128, 255 };
        using (var m = Mask.FromAlpha(alphas, 4, 1, new MaskOptions()))
            Equal("new MaskOptions(): the transparent pixel is empty", ".###", Rows(m));
        using (var m = Mask.FromAlpha(alphas, 4, 1, default(MaskOptions)))
            Equal("default(MaskOptions): the transparent pixel is empty", ".###", Rows(m));
        using (var m = Mask.FromAlpha(alphas, 4, 1, new MaskOptions { Threshold = 0 }))
            Equal("Threshold = 0: every pixel solid", "####", Rows(m));
        using (var m = Mask.FromAlpha(alphas, 4, 1, new MaskOptions { Threshold = 129 }))
            Equal("Threshold = 129: the half-transparent pixel is empty", "...#", Rows(m));
        using (var m = Mask.FromAlpha(alphas, 4, 1, new MaskOptions { Threshold = 255 }))
            Equal("Threshold = 255", "...#", Rows(m));
        using (var m = Mask.FromRgba32(Rgba(Picture, 16), 4, 3, new MaskOptions()))
            Equal("FromRgba32 with new MaskOptions()", "#..#/.##./..##", Rows(m));

        // The native struct carries the library's cookie (its layout: LayoutTests.cs).
        var native = new MaskOptions { Threshold = 7, FlipX = true }.ToNative();
        Check("ToNative carries pp_mask_options_default()'s cookie",
            native.internal_cookie != 0 && native.internal_cookie == Native.pp_mask_options_default().internal_cookie);
        Check("ToNative threshold and flips", native.threshold == 7 && native.flip_x == 1 && native.flip_y == 0);
        // A zeroed native struct (what an all-zero C struct would be) is refused, naming the function.
        var zeroed = default(NativeMaskOptions);
        MaskHandle h;
        Status st;
        unsafe
        {
            fixed (byte* p = alphas)
                st = Native.pp_mask_from_pixels(p, (UIntPtr)4, (uint)PixelFormat.A8, 4, 1, 4, ref zeroed, out h);
        }
        Check("a zeroed native struct is refused: " + Library.LastErrorMessage(),
            st == Status.InvalidArgument && Library.LastErrorMessage().Contains("pp_mask_options_default()")
            && (h == null || h.IsInvalid));
        if (h != null) h.Dispose();

        // Every 4-byte byte order reads the same picture, with and without the colour key.
        var orders = new[] { "RGBA", "BGRA", "ARGB", "ABGR" };
        var formats = new[] { PixelFormat.Rgba8, PixelFormat.Bgra8, PixelFormat.Argb8, PixelFormat.Abgr8 };
        var keyed = new MaskOptions { UseColorKey = true, ColorKeyR = 255, ColorKeyG = 0, ColorKeyB = 255 };
        for (int f = 0; f < 4; f++)
        {
            var data = InOrder(orders[f], 19);
            using (var m = Mask.FromPixels(data, formats[f], 4, 3, 19, new MaskOptions()))
                Equal(formats[f] + " (bytes " + orders[f] + ", stride 19)", "#..#/.##./..##", Rows(m));
            using (var m = Mask.FromPixels(data, formats[f], 4, 3, 19, keyed))
                Equal(formats[f] + " with the magenta key", "#..#/.#../..##", Rows(m));
        }
        Equal("PixelFormat.Argb8 value", 4u, (uint)PixelFormat.Argb8);
        Equal("PixelFormat.Abgr8 value", 5u, (uint)PixelFormat.Abgr8);

        // SDL_PIXELFORMAT_RGBA8888 words (0xRRGGBBAA) in memory: Abgr8 on a little-endian CPU.
        var words = new uint[] { 0x010203FF, 0xFFFFFF00, 0x000909C8, 0x4D000000 };
        var sdl = new byte[16];
        for (int i = 0; i < 4; i++) Array.Copy(BitConverter.GetBytes(words[i]), 0, sdl, 4 * i, 4);
        var sdlFormat = BitConverter.IsLittleEndian ? PixelFormat.Abgr8 : PixelFormat.Rgba8;
        using (var m = Mask.FromPixels(sdl, sdlFormat, 4, 1, 16, new MaskOptions()))
            Equal("SDL RGBA8888 words read as " + sdlFormat, "#.#.", Rows(m));

        // Flips, thresholds, the key and regions combined in every format are the conformance corpus's
        // `from_pixels` cases (replayed by CorpusTests.cs); here the flips on the picture by hand.
        var mirror = new MaskOptions { FlipX = true };
        using (var m = Mask.FromRgba32(Rgba(Picture, 16), 4, 3, mirror))
            Equal("FlipX", "#..#/.##./##..", Rows(m));
        mirror.FlipY = true;
        using (var m = Mask.FromRgba32(Rgba(Picture, 16), 4, 3, mirror))
            Equal("FlipX + FlipY", "##../.##./#..#", Rows(m));
    }

    #endregion

    static void Transforms()
    {
        // A 4x2 pattern: #..# / .##.
        using (Mask m = Mask.FromAlpha(new byte[] { 255, 0, 0, 255, 0, 255, 255, 0 }, 4, 2, MaskOptions.Default))
        {
            Equal("pattern", "#..#/.##.", Rows(m));
            using (Mask f = m.Flipped(false, true)) Equal("Flipped(y)", ".##./#..#", Rows(f));
            // One quarter turn: source (i, j) lands at (Height - 1 - j, i).
            using (Mask r = m.RotatedQuarter(1)) Equal("RotatedQuarter(1)", ".#/#./#./.#", Rows(r));
            using (Mask r = m.RotatedQuarter(-1)) Equal("RotatedQuarter(-1)", "#./.#/.#/#.", Rows(r));
            using (Mask r = m.ScaledInteger(2, 1)) Equal("ScaledInteger(2, 1)", "##....##/..####..", Rows(r));
            using (Mask r = m.Transposed()) Equal("Transposed()", "#./.#/.#/#.", Rows(r));
            Throws("ScaledInteger(0, 1)", () => m.ScaledInteger(0, 1).Dispose(), With(Status.InvalidArgument, "sx"));

            // new SpriteTransform() is the identity at (0, 0): scale 1, not 0.
            var t = new SpriteTransform();
            Check("new SpriteTransform() has scale 1", t.ScaleX == 1.0 && t.ScaleY == 1.0 && !t.UsePivot);
            using (Raster r = m.Rasterise(SpriteTransform.At(10, 20)))
                Check("identity at (10, 20) is the plain sprite", r.X == 10 && r.Y == 20 && Rows(r.Mask) == Rows(m));
            // A quarter turn about the centre (2, 1): a 2x4 raster at (11, 19).
            t = SpriteTransform.At(10, 20);
            t.RotationDegrees = 90;
            using (Raster r = m.Rasterise(t))
                Check("90 degrees: the quarter turn at (11, 19)", r.X == 11 && r.Y == 19 && Rows(r.Mask) == ".#/#./#./.#");
            t.RotationDegrees = 0;
            t.FlipY = true;
            using (Raster r = m.Rasterise(t))
                Check("FlipY mirrors within the rectangle", r.X == 10 && r.Y == 20 && Rows(r.Mask) == ".##./#..#");
            // Scale about a pivot at the origin, and the same as a matrix.
            t = SpriteTransform.At(-5, 7);
            t.ScaleX = 2;
            t.UsePivot = true;
            using (Raster r = m.Rasterise(t))
            using (Raster rm = m.RasteriseMatrix(new double[] { 2, 0, -5, 0, 1, 7 }))
            {
                Check("ScaleX 2 about (0, 0)", r.X == -5 && r.Y == 7 && Rows(r.Mask) == "##....##/..####..");
                Check("the same as a matrix", rm.X == r.X && rm.Y == r.Y && Rows(rm.Mask) == Rows(r.Mask));
                var plain = new PlacedSprite(m, -5, 7);
                Check("a raster collides with a plain sprite", r.Placed.Collides(plain) && plain.Collides(r.Placed));
            }
            using (Raster whole = m.Rasterise(new SpriteTransform(), true))
                Equal("boundsOnly raster count", 8UL, whole.Mask.Count);
            // Symmetric queries at an arbitrary angle.
            t = SpriteTransform.At(10.25, 19.5);
            t.RotationDegrees = 33;
            using (Raster r = m.Rasterise(t))
            {
                var plain = new PlacedSprite(m, 10, 20);
                Check("33 degrees: collides and area are symmetric",
                    r.Placed.Collides(plain) == plain.Collides(r.Placed)
                    && r.Placed.OverlapArea(plain) == plain.OverlapArea(r.Placed));
            }
            // Sampled without rasters: the rasters' answers.
            {
                var ta = SpriteTransform.At(10, 20);
                ta.RotationDegrees = 33;
                var tb = SpriteTransform.At(11.5, 19.25);
                tb.RotationDegrees = -70;
                tb.ScaleX = 1.5;
                var sa = new TransformedSprite(m, ta);
                var sb = new TransformedSprite(m, tb);
                using (Raster ra = m.Rasterise(ta))
                using (Raster rb = m.Rasterise(tb))
                {
                    Point ps, pr;
                    bool fs = sa.TryFirstContact(sb, out ps), fr = ra.Placed.TryFirstContact(rb.Placed, out pr);
                    Check("TransformedSprite: the rasters' answers (collides, area, first contact)",
                        sa.Collides(sb) == ra.Placed.Collides(rb.Placed)
                        && sa.OverlapArea(sb) == ra.Placed.OverlapArea(rb.Placed)
                        && fs == fr && ps.Equals(pr) && sa.OverlapArea(sb) == sb.OverlapArea(sa));
                }
                var bad = tb;
                bad.ScaleY = 0;
                Throws("TransformedSprite with scale 0", () => sa.Collides(new TransformedSprite(m, bad)),
                    With(Status.InvalidTransform, "scale"));
            }
            t.RotationDegrees = double.NaN;
            Throws("NaN rotation", () => m.Rasterise(t).Dispose(), With(Status.InvalidTransform, "finite"));
            t = new SpriteTransform { ScaleY = 0 };
            Throws("scale 0", () => m.Rasterise(t).Dispose(), With(Status.InvalidTransform, "scale"));
            Throws("singular matrix", () => m.RasteriseMatrix(new double[] { 1, 2, 0, 2, 4, 0 }).Dispose(),
                With(Status.InvalidTransform, "singular"));
            Throws<ArgumentException>("a matrix of 5 numbers", () => m.RasteriseMatrix(new double[5]).Dispose());
        }
        ExactScalesOnTexelEdges();
        HugeTransformsRefused();
    }

    // Issue 30: a transform whose raster would exceed the size limit (a 2x2 mask at scale 1e6, a 48x32
    // ship at 3000) is refused with TooLarge and the same message by the sampled queries, Rasterise and
    // world bodies; the sampled queries used to run for hours.
    static void HugeTransformsRefused()
    {
        using (var two = Mask.Create(2, 2, true))
        using (var ship = Mask.Create(48, 32, true))
        {
            var huge = new SpriteTransform { ScaleX = 1e6, ScaleY = 1e6 };
            var at3000 = new SpriteTransform { ScaleX = 3000, ScaleY = 3000, RotationDegrees = 10 };
            var big = new TransformedSprite(two, huge);
            var plain = new TransformedSprite(two, new SpriteTransform());
            string rasterMessage = null;
            try { two.Rasterise(huge).Dispose(); }
            catch (PerPixelException e) { rasterMessage = e.Message; }
            Check("Rasterise at scale 1e6: TooLarge", rasterMessage != null && rasterMessage.Contains("1999985x34"));
            Throws("TransformedSprite.Collides at scale 1e6", () => big.Collides(plain),
                With(Status.TooLarge, "1999985x34"));
            Point p;
            Throws("TransformedSprite.TryFirstContact at scale 1e6", () => plain.TryFirstContact(big, out p),
                With(Status.TooLarge, "1999985x34"));
            Throws("TransformedSprite.OverlapArea at scale 1e6", () => big.OverlapArea(big),
                With(Status.TooLarge, "1999985x34"));
            Throws("TransformedSprite.SolidAt at scale 1e6", () => big.SolidAt(0, 0),
                With(Status.TooLarge, "1999985x34"));
            try { big.Collides(plain); }
            catch (PerPixelException e) { Check("the sampled query's message is the raster's", e.Message == rasterMessage); }
            var ships = new TransformedSprite(ship, at3000);
            Throws("Rasterise a 48x32 ship at scale 3000", () => ship.Rasterise(at3000).Dispose(),
                With(Status.TooLarge, "too large"));
            Throws("TransformedSprite.OverlapArea of two ships at scale 3000", () => ships.OverlapArea(ships),
                With(Status.TooLarge, "too large"));
            using (var world = new World())
            {
                Throws("World.CreateBody at scale 1e6", () => world.CreateBody(new BodyDef { Mask = two, Transform = huge }),
                    With(Status.TooLarge, "1999985x34"));
                BodyId placed = world.CreateBody(new BodyDef { Mask = two });
                Throws("World.SetTransform to scale 1e6", () => world.SetTransform(placed, huge),
                    With(Status.TooLarge, "1999985x34"));
            }
            at3000.ScaleX = at3000.ScaleY = 100;
            Check("within the limit the sampled queries answer (a ship at scale 100 over another)",
                new TransformedSprite(ship, at3000).Collides(new TransformedSprite(ship, new SpriteTransform())));
        }
    }

    // Pixel art at 3x (and 5x), turned by quarter turns about the default pivot of a sprite
    // with an odd side: some pixel centres land exactly on texel edges, and the raster must
    // still be the exact rule, written here in integers (doubled and times k):
    // 2k u = k w + cos cx + sin cy, 2k v = k h - sin cx + cos cy, cx = 2X + 1 - 2x - w.
    static void ExactScalesOnTexelEdges()
    {
        // 5x2: #.#.# / .##..
        using (Mask m = Mask.FromAlpha(new byte[] { 255, 0, 255, 0, 255, 0, 255, 255, 0, 0 }, 5, 2, MaskOptions.Default))
        {
            int mismatches = 0, edges = 0, solid = 0;
            int[,] turns = { { 1, 0 }, { 0, 1 }, { -1, 0 }, { 0, -1 } };
            foreach (int k in new[] { 3, 5 })
            {
                for (int q = 0; q < 4; q++)
                {
                    var t = SpriteTransform.At(10, 20);
                    t.RotationDegrees = 90 * q;
                    t.ScaleX = k;
                    t.ScaleY = k;
                    long c = turns[q, 0], sn = turns[q, 1], w = m.Width, h = m.Height;
                    using (Raster r = m.Rasterise(t))
                    {
                        for (int y = -10; y < 50; y++)
                        {
                            for (int x = -20; x < 40; x++)
                            {
                                long cx = 2 * x + 1 - 20 - w, cy = 2 * y + 1 - 40 - h;
                                long u2k = k * w + c * cx + sn * cy, v2k = k * h - sn * cx + c * cy;
                                bool inside = u2k >= 0 && u2k < 2 * k * w && v2k >= 0 && v2k < 2 * k * h;
                                bool want = inside && m.IsSolid((int)(u2k / (2 * k)), (int)(v2k / (2 * k)));
                                bool inRaster = x >= r.X && x < r.X + r.Mask.Width && y >= r.Y && y < r.Y + r.Mask.Height;
                                bool got = inRaster && r.Mask.IsSolid(x - r.X, y - r.Y);
                                if (inside && (u2k % (2 * k) == 0 || v2k % (2 * k) == 0)) edges++;
                                if (want) solid++;
                                if (got != want) mismatches++;
                            }
                        }
                    }
                }
            }
            Check("3x and 5x pixel art turned by quarter turns is the exact rule (" + solid + " solid pixels, "
                + edges + " centres on texel edges)", mismatches == 0 && edges > 100 && solid > 0);
        }
    }

    static void Sweeps()
    {
        using (var wall = Mask.Create(1, 50, true))
        using (var bullet = Mask.Create(4, 2, true))
        using (var dot = Mask.Create(1, 1, true))
        using (var hollow = Mask.Create(1, 70, false))
        {
            var w = new PlacedSprite(wall, 100, 0);
            SweepResult r = new PlacedSprite(bullet, 0, 10).Sweep(w, 1000, 0);
            Check("sweep hits the 1-pixel wall", r.IsHit && r.Outcome == SweepOutcome.Hit);
            Check("sweep hit position", r.At.Equals(new Point(97, 10)) && r.LastFree.Equals(new Point(96, 10)));
            Check("sweep contact and steps", r.Contact.Equals(new Point(100, 10)) && r.Step == 97 && r.Steps == 1000);
            Check("sweep fraction", Math.Abs(r.Fraction - 0.097) < 1e-12);
            r = new PlacedSprite(bullet, 500, 10).Sweep(w, -1000, 0);
            Check("sweep from the right", r.IsHit && r.At.Equals(new Point(100, 10)) && r.LastFree.Equals(new Point(101, 10)));
            r = new PlacedSprite(bullet, 0, 60).Sweep(w, 1000, 0);
            Check("sweep over the wall is clear", r.Outcome == SweepOutcome.Clear && r.At.Equals(new Point(1000, 60)) && r.Fraction == 1.0);
            r = new PlacedSprite(bullet, 99, 10).Sweep(w, 5, 0);
            Check("sweep starting inside", r.Outcome == SweepOutcome.StartsTouching && r.Step == 0 && r.Contact.Equals(new Point(100, 10)));
            Check("sweep starting inside: fraction 0", r.Fraction == 0.0);
            r = new PlacedSprite(bullet, 99, 10).Sweep(w, 0, 0);
            Check("sweep starting inside without moving: fraction 0, not 1",
                r.Outcome == SweepOutcome.StartsTouching && r.Steps == 0 && r.Fraction == 0.0);
            r = new PlacedSprite(bullet, 0, 60).Sweep(new PlacedSprite(hollow, 100, 0, false), 1000, 0);
            Check("sweep against a bounds-only obstacle", r.IsHit && r.At.Equals(new Point(97, 60)));
            // A diagonal wall whose pixels touch only at corners is not crossed.
            var alpha = new byte[40 * 40];
            for (int y = 0; y < 40; y++)
                for (int x = 0; x < 40; x++)
                    alpha[y * 40 + x] = (byte)(x + y == 39 ? 255 : 0);
            using (var diag = Mask.FromPixels(alpha, PixelFormat.A8, 40, 40, 40, new MaskOptions()))
            {
                bool all = true;
                for (int st = 0; st < 20; st++)
                {
                    r = new PlacedSprite(dot, st, st).Sweep(new PlacedSprite(diag, 0, 0), 30, 30);
                    all &= r.IsHit && r.At.x + r.At.y == 39;
                }
                Check("sweep never slips through a diagonal wall (20 starts)", all);
            }
            Throws("sweep past int.MaxValue", () => new PlacedSprite(bullet, int.MaxValue - 3, 0).Sweep(w, 10, 0),
                With(Status.InvalidArgument, "i32"));

            // The path's positions: every step of small motions against the documented rule (x moves
            // when (2i + 1)|dy| <= (2j + 1)|dx|), where a sweep's Step points, the int ends, errors.
            bool rule = true;
            int positions = 0;
            for (int dx = -7; dx <= 7; dx++)
            {
                for (int dy = -7; dy <= 7; dy++)
                {
                    long ax = Math.Abs(dx), ay = Math.Abs(dy), i = 0, j = 0;
                    for (long k = 0; k <= ax + ay; k++)
                    {
                        Point p = SweepResult.PathPosition(dx, dy, (ulong)k);
                        rule &= p.x == (dx < 0 ? -i : i) && p.y == (dy < 0 ? -j : j);
                        positions++;
                        if (i < ax && (j >= ay || (2 * i + 1) * ay <= (2 * j + 1) * ax)) i++; else j++;
                    }
                }
            }
            Check("SweepResult.PathPosition follows the path's rule (" + positions + " positions)", rule);
            r = new PlacedSprite(dot, 0, 20).Sweep(w, 160, 25);
            Point hitAt = SweepResult.PathPosition(160, 25, r.Step);
            Check("a sweep's Step counts to its At", r.IsHit && hitAt.x == r.At.x && hitAt.y == r.At.y - 20);
            Point end = SweepResult.PathPosition(int.MinValue, int.MaxValue, 4294967295UL);
            Check("PathPosition at the int ends", end.x == int.MinValue && end.y == int.MaxValue);
            Throws("PathPosition past the end", () => SweepResult.PathPosition(3, -2, 6),
                With(Status.InvalidArgument, "past the end"));
        }
    }

    static int Main(string[] args)
    {
        if (args.Length == 1 && args[0] == "--without-native-library")
        {
            // Run by the driver with no native library in reach: the first call must say so.
            try
            {
                Library.EnsureLoaded();
                Console.WriteLine("FAIL the library loaded although it should be missing");
                return 1;
            }
            catch (PerPixelException e)
            {
                bool ok = e.Status == Status.LibraryNotFound && e.Message.Contains("Plugins");
                Console.WriteLine((ok ? "ok   " : "FAIL ") + "missing library: " + e.Message);
                Console.WriteLine(ok ? "1 passed, 0 failed" : "0 passed, 1 failed");
                return ok ? 0 : 1;
            }
        }
        if (args.Length != 1)
        {
            Console.WriteLine("usage: PerPixelTests.exe SCRATCH_DIR");
            return 2;
        }
        try
        {
            Library_();
            Layouts(args[0]);
            Bounds();
            Building(args[0]);
            OptionsAndFormats();
            Baked(args[0]);
            Queries();
            Transforms();
            Sweeps();
            Motion();
            SizeLimit(args[0]);
            Threads();
            Overhead();
            FastPath();
            PixelRounding();
            UnityGlue(args[0]);
            Worlds(args[0]);
            PixelWorlds();
            PixelWorldQueries();
            Edits();
            PolygonTools();
            Shapes();
            EditorBake(args[0]);
            Corpus(args[0]);
        }
        catch (Exception e)
        {
            failed++;
            Console.WriteLine("FAIL unexpected exception: " + e);
        }
        Console.WriteLine(passed + " passed, " + failed + " failed");
        return failed == 0 ? 0 : 1;
    }
}
