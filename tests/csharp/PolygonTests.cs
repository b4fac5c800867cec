// Tests of polygons and outlines in the C# binding (issue 16): Mask.Polygons, Mask.ConvexPieces and
// Mask.Outline on the documented examples and on random masks (y flip, simplified polygons' pieces within
// MaxVertices covering their area; the exact polygons and outlines on random masks are the conformance
// corpus's, replayed by CorpusTests.cs),
// PolygonOptions' defaults and errors; and the Unity helper PolygonColliders filling the UnityEngine
// stand-in's PolygonCollider2D (sprite-local units, pivot, pixels per unit, holes as paths, epsilon).
// Part of PerPixelTests.exe.
using System;
using System.Linq;
using PerPixel;
using PerPixel.Unity;
using UnityEngine;

static partial class Tests
{
    static void PolygonTools()
    {
        PolyDocumented();
        PolyRandom();
        PolyOutline();
        PolyErrors();
        PolyColliders();
    }

    static string PolyText(Vertex[] ring)
    {
        return string.Join(" ", ring.Select(v => v.ToString()));
    }

    static long PolyArea2(Vertex[] ring)
    {
        long s = 0;
        for (int i = 0; i < ring.Length; i++)
        {
            Vertex a = ring[i], b = ring[(i + 1) % ring.Length];
            s += (long)a.x * b.y - (long)b.x * a.y;
        }
        return s;
    }

    static void PolyDocumented()
    {
        var defaults = new PolygonOptions();
        Check("PolygonOptions defaults: exact, holes, no flip, 8 vertices",
            defaults.Epsilon == 0 && defaults.Holes && !defaults.YFlip && defaults.MaxVertices == 8);
        using (Mask m = ShapeFromRows("####", "#.##", "####"))
        {
            PolygonSet p = m.Polygons();
            Equal("polygons of the 4x3 block with a hole", 1, p.Count);
            Equal("its rings", 2, p.RingCount);
            Equal("its ring starts", "0,4,8", string.Join(",", p.RingStarts));
            Equal("its outer ring", "(0, 0) (4, 0) (4, 3) (0, 3)", PolyText(p.Outer(0)));
            Equal("its hole", "(1, 1) (1, 2) (2, 2) (2, 1)", PolyText(p.Holes(0)[0]));
            Equal("outer area (doubled)", 24L, PolyArea2(p.Ring(0)));
            Equal("hole area (doubled)", -2L, PolyArea2(p.Ring(1)));
            Equal("y flipped outer ring", "(0, 3) (0, 0) (4, 0) (4, 3)",
                PolyText(m.Polygons(new PolygonOptions { YFlip = true }).Outer(0)));
            PolygonSet outer = m.Polygons(new PolygonOptions { Holes = false });
            Check("without holes: one ring", outer.RingCount == 1 && outer.Holes(0).Length == 0);
            ConvexPieceSet pieces = m.ConvexPieces(new PolygonOptions { MaxVertices = 4 });
            double area = 0;
            for (int k = 0; k < pieces.Count; k++) area += PolyPieceArea(pieces.Piece(k));
            Equal("pieces of the block cover its 11 pixels", 11.0, area);
        }
        using (Mask diag = ShapeFromRows("#.", ".#"))
        {
            PolygonSet p = diag.Polygons();
            Check("two diagonal pixels: two polygons sharing corner (1, 1)",
                p.Count == 2 && p.Outer(0).Contains(new Vertex(1, 1)) && p.Outer(1).Contains(new Vertex(1, 1)));
        }
        using (Mask empty = Mask.Create(5, 4, false))
        {
            Check("an empty mask has no polygon, no piece, no outline",
                empty.Polygons().Count == 0 && empty.Polygons().RingCount == 0 && empty.ConvexPieces().Count == 0
                && empty.Outline().Length == 0);
        }
    }

    static double PolyPieceArea(VertexF[] piece)
    {
        double s = 0;
        for (int i = 0; i < piece.Length; i++)
        {
            VertexF a = piece[i], b = piece[(i + 1) % piece.Length];
            s += a.x * b.y - b.x * a.y;
        }
        return s / 2;
    }

    static void PolyRandom()
    {
        var rng = new Random(4716);
        int runs = 0;
        bool flipped = true, covered = true;
        for (int run = 0; run < 25; run++)
        {
            int w = rng.Next(1, 20), h = rng.Next(1, 16);
            using (Mask m = RandomMask(rng, w, h, rng.Next(20, 90)))
            {
                // The exact polygons themselves are the corpus's `polygons` cases (replayed by CorpusTests.cs);
                // here they are what the flipped ones are compared with.
                PolygonSet p = m.Polygons();
                PolygonSet up = m.Polygons(new PolygonOptions { YFlip = true });
                for (int r = 0; r < p.RingCount; r++)
                {
                    Vertex[] a = p.Ring(r), b = up.Ring(r);
                    for (int i = 0; i < a.Length; i++)
                        flipped &= b[i].Equals(new Vertex(a[(a.Length - i) % a.Length].x, h - a[(a.Length - i) % a.Length].y));
                }
                var o = new PolygonOptions { Epsilon = 1.5, MaxVertices = rng.Next(3, 9) };
                PolygonSet s = m.Polygons(o);
                long simplified = 0;
                for (int r = 0; r < s.RingCount; r++) simplified += PolyArea2(s.Ring(r));
                ConvexPieceSet pieces = m.ConvexPieces(o);
                double area = 0;
                for (int k = 0; k < pieces.Count; k++)
                {
                    VertexF[] piece = pieces.Piece(k);
                    covered &= piece.Length >= 3 && piece.Length <= o.MaxVertices;
                    area += PolyPieceArea(piece);
                }
                covered &= Math.Abs(area - simplified / 2.0) < 1e-6;
                runs++;
            }
        }
        Check(runs + " random masks: YFlip maps y to h - y, rings reversed", flipped);
        Check("convex pieces within MaxVertices cover the simplified polygons", covered);
    }

    static void PolyOutline()
    {
        using (Mask sq = ShapeFromRows("....", ".##.", ".##.", "...."))
        {
            Equal("outline of the documented square", "(1, 1) (2, 1) (2, 2) (1, 2) (1, 1)", PolyText(sq.Outline()));
            Equal("every 2nd", "(1, 1) (2, 2) (1, 1)", PolyText(sq.Outline(2)));
            Throws<PerPixelException>("Outline(0)", () => sq.Outline(0), With(Status.InvalidArgument, "every"));
            Throws<PerPixelException>("Outline(-1)", () => sq.Outline(-1), With(Status.InvalidArgument, "every"));
        }
        using (Mask line = ShapeFromRows("###"))
            Equal("a one-pixel line: its middle twice", "(0, 0) (1, 0) (2, 0) (1, 0) (0, 0)", PolyText(line.Outline()));
        using (Mask lone = ShapeFromRows("...", "..#"))
            Equal("a lone pixel", "(2, 1)", PolyText(lone.Outline(3)));
    }

    static void PolyErrors()
    {
        using (Mask m = ShapeFromRows("##", "#."))
        {
            Throws<PerPixelException>("Epsilon NaN", () => m.Polygons(new PolygonOptions { Epsilon = double.NaN }),
                With(Status.InvalidArgument, "epsilon"));
            Throws<PerPixelException>("Epsilon -1", () => m.ConvexPieces(new PolygonOptions { Epsilon = -1 }),
                With(Status.InvalidArgument, "epsilon"));
            Throws<PerPixelException>("MaxVertices 2", () => m.ConvexPieces(new PolygonOptions { MaxVertices = 2 }),
                With(Status.InvalidArgument, "max_vertices"));
            Throws<PerPixelException>("MaxVertices -5", () => m.Polygons(new PolygonOptions { MaxVertices = -5 }),
                With(Status.InvalidArgument, "max_vertices"));
            Throws<ArgumentOutOfRangeException>("Ring(1) of one ring", () => m.Polygons().Ring(1));
            Throws<ArgumentOutOfRangeException>("Piece(-1)", () => m.ConvexPieces().Piece(-1));
        }
        Mask gone = ShapeFromRows("#");
        gone.Dispose();
        Throws<ObjectDisposedException>("Polygons of a disposed mask", () => gone.Polygons());
        Throws<ObjectDisposedException>("Outline of a disposed mask", () => gone.Outline());
    }

    // The Unity helper: paths in sprite-local units, holes as paths of their own.
    static void PolyColliders()
    {
        var collider = new PolygonCollider2D();
        using (Mask m = ShapeFromRows("####", "#.##", "####"))
        {
            int n = PolygonColliders.SetPaths(collider, m, 10f, new Vector2(2f, 1.5f), 0f);
            Equal("collider paths of the block with a hole", 2, n);
            Equal("collider pathCount", 2, collider.pathCount);
            Func<Vector2[], string> text = path => string.Join(" ", path.Select(v => "(" + v.x + ", " + v.y + ")"));
            Equal("outer path: (corner - pivot) / ppu", "(-0.2, -0.15) (0.2, -0.15) (0.2, 0.15) (-0.2, 0.15)",
                text(collider.GetPath(0)));
            Equal("hole path", "(-0.1, -0.05) (-0.1, 0.05) (0, 0.05) (0, -0.05)", text(collider.GetPath(1)));
            // Fewer paths later: pathCount shrinks.
            using (Mask solid = Mask.Create(3, 2, true))
                Equal("a solid rectangle: one path", 1, PolygonColliders.SetPaths(collider, solid, 1f, new Vector2(0, 0), 0f));
            Equal("pathCount follows", 1, collider.pathCount);
            Equal("the rectangle in texels", "(0, 0) (3, 0) (3, 2) (0, 2)",
                text(collider.GetPath(0)));
            Throws<ArgumentOutOfRangeException>("ppu 0", () => PolygonColliders.Paths(m, 0f, new Vector2(), new PolygonOptions()));
            Throws<ArgumentNullException>("null collider", () => PolygonColliders.SetPaths(null, m, 1f, new Vector2(), 0f));
        }
        // A disc: epsilon 1 keeps far fewer vertices than the exact staircase, within one texel.
        using (Mask disc = Mask.Create(32, 32, false))
        {
            disc.FillCircle(16, 16, 12, true);
            Vector2[][] exact = PolygonColliders.Paths(disc, 1f, new Vector2(16, 16), new PolygonOptions());
            Vector2[][] coarse = PolygonColliders.Paths(disc, 1f, new Vector2(16, 16), new PolygonOptions { Epsilon = 1 });
            Check("disc: one path exact and simplified (" + exact[0].Length + " -> " + coarse[0].Length + " vertices)",
                exact.Length == 1 && coarse.Length == 1 && coarse[0].Length * 2 < exact[0].Length);
            Check("simplified vertices are exact ones",
                coarse[0].All(v => exact[0].Any(e => e.x == v.x && e.y == v.y)));
        }
        // From a sprite: its texture region, pivot and pixels per unit.
        var texture = new Texture2D(4, 3, TextureFormat.Alpha8, new byte[]
        {
            0, 255, 255, 0,
            0, 255, 255, 0,
            0, 0, 0, 0,
        }) { name = "poly" };
        var sprite = new Sprite
        {
            name = "poly",
            texture = texture,
            rect = new Rect(0, 0, 4, 3),
            textureRect = new Rect(0, 0, 4, 3),
            pivot = new Vector2(2, 0),
            pixelsPerUnit = 2,
        };
        Equal("paths from a sprite", 1, PolygonColliders.SetPaths(collider, sprite, 0f));
        Equal("its path: rows bottom-up, pivot (2, 0), 2 texels a unit",
            "(-0.5, 0) (0.5, 0) (0.5, 1) (-0.5, 1)",
            string.Join(" ", collider.GetPath(0).Select(v => "(" + v.x + ", " + v.y + ")")));
    }
}
