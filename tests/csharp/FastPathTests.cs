// Tests of the per-query fast path of PlacedSprite (boxes tested in managed code, raw-pointer native
// calls for the rest). Part of PerPixelTests.exe (tests/csharp.rs compiles the binding's sources with
// the tests, so internals are reachable).
using System;
using PerPixel;

static partial class Tests
{
    // Rectangles at the awkward places: the ends of the int range, empty and one-pixel sizes.
    static readonly int[] Coordinates = { int.MinValue, int.MinValue + 1, -70000, -3, -1, 0, 1, 2, 5, 40000,
        int.MaxValue - 2, int.MaxValue - 1, int.MaxValue };
    static readonly int[] Sizes = { 0, 1, 2, 3, 65536, int.MaxValue };

    static void FastPath()
    {
        // The managed box test is the native one, edge for edge.
        var rng = new Random(11);
        int compared = 0, differ = 0;
        for (int i = 0; i < 20000; i++)
        {
            Func<int> c = () => rng.Next(4) == 0 ? Coordinates[rng.Next(Coordinates.Length)] : rng.Next(-8, 9);
            Func<int> s = () => rng.Next(3) == 0 ? Sizes[rng.Next(Sizes.Length)] : rng.Next(-1, 6);
            var a = new Bounds2D(c(), c(), s(), s());
            var b = new Bounds2D(c(), c(), s(), s());
            bool managed = PlacedSprite.BoxesMeet(a.x, a.y, a.width, a.height, b.x, b.y, b.width, b.height);
            if (managed != a.Overlaps(b)) differ++;
            compared++;
        }
        Equal("managed box test vs native pp_bounds_overlaps on " + compared + " random pairs at the int edges, " +
            "differences", 0, differ);

        using (var cross = Cross())
        using (var full = Mask.Create(5, 5, true))
        using (var empty = Mask.Create(0, 4, true))
        {
            // Every query of the fast path agrees with the pygame-style queries (SafeHandle marshalling,
            // no managed early out) at every offset, boxes apart or not, pixel and bounds-only.
            int asked = 0, wrong = 0;
            foreach (Mask ma in new[] { cross, full })
                foreach (Mask mb in new[] { cross, full })
                    for (int dy = -6; dy <= 6; dy++)
                        for (int dx = -6; dx <= 6; dx++)
                        {
                            var a = new PlacedSprite(ma, 100, -50);
                            var b = new PlacedSprite(mb, 100 + dx, -50 + dy);
                            Point p1, p2;
                            bool f1 = a.TryFirstContact(b, out p1), f2 = ma.TryFirstContact(mb, dx, dy, out p2);
                            if (a.Collides(b) != ma.Collides(mb, dx, dy)) wrong++;
                            if (f1 != f2 || (f1 && !p1.Equals(new Point(p2.x + 100, p2.y - 50))) || (!f1 && !p1.Equals(default(Point))))
                                wrong++;
                            if (a.OverlapArea(b) != ma.OverlapArea(mb, dx, dy)) wrong++;
                            var boA = new PlacedSprite(ma, 100, -50, false);
                            var boB = new PlacedSprite(mb, 100 + dx, -50 + dy, false);
                            if (boA.Collides(boB) != boA.Bounds.Overlaps(boB.Bounds)) wrong++;
                            if (boA.Collides(b) != b.Collides(boA)) wrong++;
                            asked += 5;
                        }
            Equal("PlacedSprite fast path vs Mask (pygame style) and Bounds2D.Overlaps over " + asked +
                " queries, wrong answers", 0, wrong);
            Equal("queries asked", 4 * 13 * 13 * 5, asked);

            var e = new PlacedSprite(empty, 0, 0);
            var f = new PlacedSprite(full, 0, 0);
            Check("a 0x4 mask collides with nothing (bounds-only either)", !e.Collides(f) && !f.Collides(e)
                && !new PlacedSprite(empty, 0, 0, false).Collides(new PlacedSprite(full, 0, 0, false)));
            Point none;
            Check("boxes apart: no contact, contact (0, 0), area 0, no native call needed",
                !f.TryFirstContact(new PlacedSprite(full, 5, 0), out none) && none.Equals(default(Point))
                && f.OverlapArea(new PlacedSprite(full, 0, -5)) == 0);
            var edge = new PlacedSprite(full, int.MaxValue, int.MaxValue);
            Check("boxes at int.MaxValue meet (64-bit edges)", edge.Collides(new PlacedSprite(full, int.MaxValue - 4, int.MaxValue - 4)));
            Check("boxes at int.MinValue and int.MaxValue do not wrap round",
                !new PlacedSprite(full, int.MinValue, 0).Collides(new PlacedSprite(full, int.MaxValue, 0)));
            Equal("Width and Height are read once and kept", "5x5", full.Width + "x" + full.Height);
        }

        // A disposed mask throws ObjectDisposedException from every query, boxes apart or not, on
        // either side; it never reaches the native library.
        using (var live = Mask.Create(4, 4, true))
        {
            var gone = Mask.Create(4, 4, true);
            gone.Dispose();
            var l = new PlacedSprite(live, 0, 0);
            foreach (int x in new[] { 0, 1000 })
            {
                string where = x == 0 ? "boxes meeting" : "boxes apart";
                var g = new PlacedSprite(gone, x, 0);
                Point p;
                Throws<ObjectDisposedException>("Collides(disposed), " + where, () => l.Collides(g));
                Throws<ObjectDisposedException>("disposed.Collides, " + where, () => g.Collides(l));
                Throws<ObjectDisposedException>("TryFirstContact(disposed), " + where, () => l.TryFirstContact(g, out p));
                Throws<ObjectDisposedException>("OverlapArea(disposed), " + where, () => g.OverlapArea(l));
                Throws<ObjectDisposedException>("Bounds of a disposed mask, " + where, () => { var b = g.Bounds; });
            }
            Throws<ObjectDisposedException>("Height after Dispose", () => { int h = gone.Height; });
            Throws<ArgumentNullException>("Collides with a null mask on the left",
                () => default(PlacedSprite).Collides(l));
            Throws<ArgumentNullException>("OverlapArea with a default PlacedSprite", () => l.OverlapArea(default(PlacedSprite)));
        }

        // Masks only reachable from PlacedSprite values on the stack, with the collector running
        // between queries: the fast path keeps them alive through each native call.
        int hits = 0;
        for (int i = 0; i < 200; i++)
        {
            var a = new PlacedSprite(Mask.Create(16, 16, true), 0, 0);
            var b = new PlacedSprite(Mask.Create(16, 16, true), 8, 8);
            if (i % 50 == 0) { GC.Collect(); GC.WaitForPendingFinalizers(); }
            if (a.Collides(b)) hits++;
        }
        GC.Collect();
        GC.WaitForPendingFinalizers();
        Equal("200 queries on masks left to the finalizer, hits", 200, hits);
    }
}
