// Tests of the shape tools in the C# binding (issue 16): centroid and angle, connected components (masks,
// labels, counts, bounds, at a pixel, the largest), grow and shrink, convolve, scale, crop, pixels, PNG and
// colour ranges: values worked out by hand, and on random masks the component masks against their labels
// (the tools' random cases, crop and components included, are the conformance corpus's, replayed by
// CorpusTests.cs); option structs whose `new T()` means the defaults; errors. Part of PerPixelTests.exe.
using System;
using PerPixel;
using Color = PerPixel.Rgba;

static partial class Tests
{
    static void Shapes()
    {
        ShapeHandValues();
        ShapeComponentsRandom();
        ShapeConversions();
        ShapeErrors();
    }

    static Mask ShapeFromRows(params string[] rows)
    {
        int w = rows[0].Length, h = rows.Length;
        var a8 = new byte[w * h];
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                a8[y * w + x] = (byte)(rows[y][x] == '#' ? 255 : 0);
        return Mask.FromPixels(a8, PixelFormat.A8, w, h, w, new MaskOptions());
    }

    static void ShapeHandValues()
    {
        // Two diagonal pixels and a bar: 2 components 8-connected, 3 4-connected.
        using (Mask m = ShapeFromRows("#.....", ".#....", "...###"))
        {
            Equal("centroid", new Point(2, 1), m.Centroid());
            Mask[] parts = m.Components();
            Equal("components", 2, parts.Length);
            Equal("first component", "#...../.#..../......", Rows(parts[0]));
            Equal("second component", 3UL, parts[1].Count);
            foreach (Mask p in parts) p.Dispose();
            var four = new ComponentOptions { Connectivity = Connectivity.Four, Order = ComponentOrder.LargestFirst };
            Mask[] fours = m.Components(four);
            Check("4-connected, largest first", fours.Length == 3 && fours[0].Count == 3 && fours[1].IsSolid(0, 0) &&
                fours[2].IsSolid(1, 1));
            foreach (Mask p in fours) p.Dispose();
            Equal("counts", "3,1,1", string.Join(",", m.ComponentCounts(four)));
            Bounds2D[] rects = m.ComponentBounds(new ComponentOptions());
            Check("bounds (pygame's get_bounding_rects)", rects.Length == 2 && rects[0] == new Bounds2D(0, 0, 2, 2) &&
                rects[1] == new Bounds2D(3, 2, 3, 1));
            Equal("bounds of components of 3 pixels or more", 1,
                m.ComponentBounds(new ComponentOptions { MinPixels = 3 }).Length);
            ComponentLabels labels = m.LabelComponents(four);
            Equal("labels", "2,0,0,0,0,0,0,3,0,0,0,0,0,0,0,1,1,1", string.Join(",", labels.Labels));
            Check("label image", labels.Count == 3 && labels.Width == 6 && labels.Height == 3 &&
                labels.LabelAt(5, 2) == 1 && labels.LabelAt(6, 2) == 0 && labels.LabelAt(-1, 0) == 0);
            using (Mask c = m.ComponentAt(1, 1)) Equal("component at (1, 1)", 2UL, c.Count);
            using (Mask c = m.ComponentAt(1, 1, Connectivity.Four)) Equal("4-connected at (1, 1)", 1UL, c.Count);
            using (Mask c = m.ComponentAt(2, 0)) Equal("component at an empty pixel", 0UL, c.Count);
            using (Mask c = m.LargestComponent()) Equal("largest", "....../....../...###", Rows(c));
            using (Mask c = m.Crop(new Bounds2D(1, 1, 4, 2))) Equal("crop", "#.../..##", Rows(c));
        }
        // 10 x 10 diagonals (pygame's integer moments make a 4 x 4 one read 0).
        var slashRows = new string[10];
        var backRows = new string[10];
        for (int i = 0; i < 10; i++)
        {
            slashRows[i] = new string('.', 9 - i) + "#" + new string('.', i);
            backRows[i] = new string('.', i) + "#" + new string('.', 9 - i);
        }
        using (Mask slash = ShapeFromRows(slashRows))
        using (Mask back = ShapeFromRows(backRows))
        using (Mask flat = ShapeFromRows("....", "####", "...."))
        using (Mask empty = Mask.Create(5, 5, false))
        {
            Equal("angle of /", 45.0, slash.Angle());
            Equal("angle of \\", -45.0, back.Angle());
            Equal("angle of a row", 0.0, flat.Angle());
            Check("empty: centroid (0, 0), angle 0, no component", empty.Centroid().Equals(new Point(0, 0)) &&
                empty.Angle() == 0.0 && empty.Components().Length == 0);
        }
        using (Mask dot = ShapeFromRows(".....", ".....", "..#..", ".....", "....."))
        {
            using (Mask g = dot.Grow(2, new MorphOptions())) Equal("dot grown by 2 (disc)", 13UL, g.Count);
            using (Mask g = dot.Grow(2, new MorphOptions { Norm = Norm.Square })) Equal("square", 25UL, g.Count);
            using (Mask g = dot.Grow(2, new MorphOptions { Norm = Norm.Diamond })) Equal("diamond", 13UL, g.Count);
        }
        using (Mask full = Mask.Create(10, 10, true))
        {
            Check("new MorphOptions() shrinks from the edges", new MorphOptions().ShrinkFromEdges);
            using (Mask s = full.Shrink(2, new MorphOptions())) Equal("full shrunk by 2", 36UL, s.Count);
            using (Mask s = full.Shrink(2, new MorphOptions { ShrinkFromEdges = false }))
                Equal("full shrunk by 2, edges kept", 100UL, s.Count);
        }
        using (Mask three = ShapeFromRows(".#."))
        using (Mask up = three.Scale(7, 2))
            Equal("scale 3x1 to 7x2", "...##../...##..", Rows(up));
        ColorRange green = ColorRange.Within(new Color(0, 255, 0, 255), new Color(10, 10, 10, 1));
        Check("pygame's threshold range (alpha not compared)", green.min.Equals(new Color(0, 246, 0, 0)) &&
            green.max.Equals(new Color(9, 255, 9, 255)));
    }

    static Mask ShapeRandom(Random rng, int w, int h)
    {
        var a8 = new byte[w * h];
        int density = rng.Next(60);
        for (int i = 0; i < a8.Length; i++) a8[i] = (byte)(rng.Next(100) < density ? 255 : 0);
        return Mask.FromPixels(a8, PixelFormat.A8, w, h, w, new MaskOptions());
    }

    // Components as an array of owned masks (this binding's idiom; the labels, counts, bounds, ComponentAt and
    // the largest on random masks are the conformance corpus's, replayed by CorpusTests.cs, and so is crop):
    // one Mask per label, each holding exactly its label's pixels, each disposed here.
    static void ShapeComponentsRandom()
    {
        var rng = new Random(1616);
        int[] sides = { 0, 1, 7, 63, 64, 65 };
        int agree = 0, runs = 0;
        for (int run = 0; run < 12; run++)
        {
            int w = sides[rng.Next(sides.Length)], h = rng.Next(0, 30);
            var o = new ComponentOptions
            {
                Connectivity = rng.Next(2) == 0 ? Connectivity.Eight : Connectivity.Four,
                Order = rng.Next(2) == 0 ? ComponentOrder.Position : ComponentOrder.LargestFirst,
            };
            using (Mask m = ShapeRandom(rng, w, h))
            {
                ComponentLabels l = m.LabelComponents(o);
                Mask[] parts = m.Components(o);
                bool ok = parts.Length == l.Count;
                for (int k = 0; ok && k < parts.Length; k++)
                    for (int y = 0; y < h && ok; y++)
                        for (int x = 0; x < w && ok; x++)
                            ok = parts[k].IsSolid(x, y) == (l.LabelAt(x, y) == k + 1);
                foreach (Mask part in parts) part.Dispose();
                runs++;
                if (ok) agree++;
            }
        }
        Equal("Components(): one mask per label, each its label's pixels, on random masks", runs, agree);
    }

    static void ShapeConversions()
    {
        using (Mask three = ShapeFromRows(".#."))
        {
            var red = new Color(255, 0, 0, 255);
            Equal("BGRA pixels", "0,0,0,0,0,0,255,255,0,0,0,0",
                string.Join(",", three.ToPixels(PixelFormat.Bgra8, red, new Color())));
            Equal("A8 pixels", "4,255,4", string.Join(",", three.ToPixels(PixelFormat.A8, red, new Color(1, 2, 3, 4))));
            byte[] rgba = three.ToPixels(PixelFormat.Rgba8, red, new Color(0, 0, 255, 255));
            var reds = new ColorRange(new Color(200, 0, 0, 0), new Color(255, 50, 50, 255));
            using (Mask back = Mask.FromColorRange(rgba, PixelFormat.Rgba8, 3, 1, 12, reds))
                Equal("ToPixels then FromColorRange", ".#.", Rows(back));
            using (Mask none = Mask.FromColorRange(new ReadOnlySpan<byte>(rgba), PixelFormat.Rgba8, 3, 1, 12,
                ColorRange.Within(new Color(0, 255, 0, 255), new Color(10, 10, 10, 1))))
                Equal("no green", 0UL, none.Count);
        }
        using (Mask two = ShapeFromRows("##", "#."))
        {
            var texture = new byte[7];
            for (int i = 0; i < texture.Length; i++) texture[i] = 9;
            two.WritePixels(texture, 4, PixelFormat.A8, new Color(0, 0, 0, 255), new Color());
            Equal("written into a texture", "255,255,9,9,255,0,9", string.Join(",", texture));
            var spanned = new byte[4];
            two.WritePixels(new Span<byte>(spanned), 2, PixelFormat.A8, new Color(0, 0, 0, 200), new Color());
            Equal("written into a span", "200,200,200,0", string.Join(",", spanned));
            byte[] png = two.ToPng(new Color(255, 255, 255, 255), new Color());
            using (Mask back = Mask.FromImageBytes(png, new MaskOptions()))
                Check("PNG round trip", png[1] == (byte)'P' && Rows(back) == "##/#.");
        }
    }

    static void ShapeErrors()
    {
        using (Mask m = ShapeFromRows("#.", ".#"))
        {
            Throws<PerPixelException>("ComponentAt outside", () => m.ComponentAt(2, 0).Dispose(),
                With(Status.InvalidArgument, "outside"));
            Throws<PerPixelException>("negative scale", () => m.Scale(-1, 2).Dispose(),
                With(Status.InvalidArgument, "width"));
            Throws<PerPixelException>("crop outside", () => m.Crop(new Bounds2D(1, 0, 2, 1)).Dispose(),
                With(Status.RegionOutOfBounds, ""));
            Throws<ArgumentOutOfRangeException>("negative grow", () => m.Grow(-1, new MorphOptions()).Dispose());
            Throws<ArgumentOutOfRangeException>("unknown connectivity",
                () => m.LargestComponent((Connectivity)7).Dispose());
            Throws<PerPixelException>("unknown order", () => m.ComponentCounts(
                new ComponentOptions { Order = (ComponentOrder)9 }), With(Status.InvalidArgument, "order"));
            Throws<PerPixelException>("unknown norm", () => m.Grow(1, new MorphOptions { Norm = (Norm)9 }).Dispose(),
                With(Status.InvalidArgument, "norm"));
            Throws<PerPixelException>("stride too small",
                () => m.WritePixels(new byte[8], 1, PixelFormat.A8, new Color(), new Color()),
                With(Status.StrideTooSmall, ""));
            Throws<PerPixelException>("texture too small",
                () => m.WritePixels(new byte[3], 2, PixelFormat.A8, new Color(), new Color()),
                With(Status.BufferTooSmall, ""));
            Throws<PerPixelException>("A8 has no colour", () => Mask.FromColorRange(new byte[4], PixelFormat.A8, 2, 2,
                2, new ColorRange()).Dispose(), With(Status.InvalidArgument, "A8"));
            Throws<PerPixelException>("pixels too short", () => Mask.FromColorRange(new byte[15], PixelFormat.Rgba8,
                2, 2, 8, new ColorRange()).Dispose(), With(Status.BufferTooSmall, ""));
            Throws<ArgumentNullException>("Convolve(null)", () => m.Convolve(null).Dispose());
            Throws<ArgumentNullException>("FromColorRange(null)", () => Mask.FromColorRange((byte[])null,
                PixelFormat.Rgba8, 0, 0, 0, new ColorRange()).Dispose());
        }
        using (Mask empty = Mask.Create(0, 3, false))
            Throws<PerPixelException>("PNG of no pixel", () => empty.ToPng(new Color(), new Color()),
                With(Status.InvalidArgument, "pixel"));
        Mask gone = Mask.Create(2, 2, true);
        gone.Dispose();
        Throws<ObjectDisposedException>("disposed", () => gone.Centroid());
    }
}
