// Polygons and outlines of a mask (issue 16): Mask.Polygons, Mask.ConvexPieces, Mask.Outline, their
// options and result types. The semantics are the native library's (README, "Polygons and outlines").
using System;
using System.Runtime.InteropServices;

namespace PerPixel
{
    /// <summary>A polygon vertex on a mask's pixel-corner grid (C's <c>pp_vertex</c>): pixel (i, j) covers the
    /// square from (i, j) to (i + 1, j + 1), so a w × h mask's corners run from (0, 0) to (w, h). Also a pixel
    /// of an outline (<see cref="Mask.Outline"/>). Mask coordinates, not world pixels.</summary>
    public partial struct Vertex : IEquatable<Vertex>
    {
        /// <summary>A vertex.</summary>
        public Vertex(int x, int y) { this.x = x; this.y = y; }

        /// <inheritdoc/>
        public bool Equals(Vertex other) { return x == other.x && y == other.y; }
        /// <inheritdoc/>
        public override bool Equals(object obj) { return obj is Vertex && Equals((Vertex)obj); }
        /// <inheritdoc/>
        public override int GetHashCode() { return x * 397 ^ y; }
        /// <inheritdoc/>
        public override string ToString() { return "(" + x + ", " + y + ")"; }
    }

    /// <summary>A convex piece's vertex (C's <c>pp_vertexf</c>), in the same coordinates as
    /// <see cref="Vertex"/>.</summary>
    public partial struct VertexF
    {
        /// <summary>A vertex.</summary>
        public VertexF(double x, double y) { this.x = x; this.y = y; }

        /// <inheritdoc/>
        public override string ToString() { return "(" + x + ", " + y + ")"; }
    }

    /// <summary>How <see cref="Mask.Polygons(PolygonOptions)"/> and
    /// <see cref="Mask.ConvexPieces(PolygonOptions)"/> build their output (C's <c>pp_polygon_options</c>).</summary>
    /// <remarks><c>new PolygonOptions()</c> and <c>default(PolygonOptions)</c> are the defaults: exact polygons
    /// (<see cref="Epsilon"/> 0), holes kept, no y flip, at most 8 vertices a convex piece (Box2D's limit). The
    /// values that are not zero by default are stored inverted or behind a flag, so the all-zero struct means
    /// the defaults; the native struct is filled from <c>pp_polygon_options_default()</c>, so it always carries
    /// the cookie the library checks.</remarks>
    public struct PolygonOptions
    {
        private bool _noHoles, _hasMaxVertices;
        private int _maxVertices;

        /// <summary>The most vertices of a convex piece by default: 8, Box2D's <c>b2_maxPolygonVertices</c>.
        /// </summary>
        public const int DefaultMaxVertices = 8;

        /// <summary>The simplification tolerance in pixels: 0 (the default) gives exact polygons along the pixel
        /// edges; more keeps each ring within Epsilon of its exact ring, still simple and never crossing another.
        /// Must be finite and &gt;= 0.</summary>
        public double Epsilon;

        /// <summary>y becomes height − y (default false): for a mask whose row 0 is the top in a y-up engine.
        /// Unity masks built by the Unity glue are already bottom row first: no flip.</summary>
        public bool YFlip;

        /// <summary>Whether polygons keep their holes (default true); false gives outer rings only.</summary>
        public bool Holes
        {
            get { return !_noHoles; }
            set { _noHoles = !value; }
        }

        /// <summary>The most vertices a convex piece may have (at least 3); <see cref="DefaultMaxVertices"/>
        /// unless set.</summary>
        public int MaxVertices
        {
            get { return _hasMaxVertices ? _maxVertices : DefaultMaxVertices; }
            set { _maxVertices = value; _hasMaxVertices = true; }
        }

        /// <summary>The native struct: <c>pp_polygon_options_default()</c> with these options written over it.
        /// Call after <see cref="Library.EnsureLoaded"/>. A negative <see cref="MaxVertices"/> becomes 0, which
        /// the library refuses.</summary>
        internal NativePolygonOptions ToNative()
        {
            NativePolygonOptions o = Native.pp_polygon_options_default();
            o.epsilon = Epsilon;
            o.holes = (byte)(Holes ? 1 : 0);
            o.y_flip = (byte)(YFlip ? 1 : 0);
            o.max_vertices = (uint)Math.Max(MaxVertices, 0);
            return o;
        }
    }

    /// <summary>A mask's polygons in the C ABI's flat layout (<see cref="Mask.Polygons(PolygonOptions)"/>): ring
    /// r is <c>Points[RingStarts[r] .. RingStarts[r + 1])</c>, a closed ring (the last vertex joins the first);
    /// polygon k is the next <c>RingCounts[k]</c> rings, its outer ring first (positive signed area), then its
    /// holes (negative). One polygon per 4-connected region of solid pixels.</summary>
    public sealed class PolygonSet
    {
        /// <summary>Every ring's vertices, ring after ring.</summary>
        public Vertex[] Points { get; }
        /// <summary>Where each ring starts in <see cref="Points"/>, plus <c>Points.Length</c> at the end (one entry
        /// more than there are rings).</summary>
        public int[] RingStarts { get; }
        /// <summary>How many rings each polygon has: 1 + its holes.</summary>
        public int[] RingCounts { get; }

        internal PolygonSet(Vertex[] points, int[] ringStarts, int[] ringCounts)
        {
            Points = points;
            RingStarts = ringStarts;
            RingCounts = ringCounts;
        }

        /// <summary>How many polygons.</summary>
        public int Count { get { return RingCounts.Length; } }
        /// <summary>How many rings, outer rings and holes.</summary>
        public int RingCount { get { return RingStarts.Length - 1; } }

        /// <summary>Ring <paramref name="ring"/>'s vertices, a new array.</summary>
        public Vertex[] Ring(int ring)
        {
            if (ring < 0 || ring >= RingCount) throw new ArgumentOutOfRangeException("ring");
            int start = RingStarts[ring];
            var r = new Vertex[RingStarts[ring + 1] - start];
            Array.Copy(Points, start, r, 0, r.Length);
            return r;
        }

        /// <summary>The index of polygon <paramref name="polygon"/>'s outer ring; its holes are the next
        /// <c>RingCounts[polygon] - 1</c> rings.</summary>
        public int FirstRing(int polygon)
        {
            if (polygon < 0 || polygon >= Count) throw new ArgumentOutOfRangeException("polygon");
            int r = 0;
            for (int k = 0; k < polygon; k++) r += RingCounts[k];
            return r;
        }

        /// <summary>Polygon <paramref name="polygon"/>'s outer ring.</summary>
        public Vertex[] Outer(int polygon) { return Ring(FirstRing(polygon)); }

        /// <summary>Polygon <paramref name="polygon"/>'s holes.</summary>
        public Vertex[][] Holes(int polygon)
        {
            int first = FirstRing(polygon);
            var holes = new Vertex[RingCounts[polygon] - 1][];
            for (int h = 0; h < holes.Length; h++) holes[h] = Ring(first + 1 + h);
            return holes;
        }
    }

    /// <summary>Convex pieces in the C ABI's flat layout (<see cref="Mask.ConvexPieces(PolygonOptions)"/>):
    /// piece k is <c>Points[Starts[k] .. Starts[k + 1])</c>, with a positive signed area and at most
    /// <see cref="PolygonOptions.MaxVertices"/> vertices; the pieces of a polygon cover it without
    /// overlapping.</summary>
    public sealed class ConvexPieceSet
    {
        /// <summary>Every piece's vertices, piece after piece.</summary>
        public VertexF[] Points { get; }
        /// <summary>Where each piece starts in <see cref="Points"/>, plus <c>Points.Length</c> at the end.</summary>
        public int[] Starts { get; }

        internal ConvexPieceSet(VertexF[] points, int[] starts)
        {
            Points = points;
            Starts = starts;
        }

        /// <summary>How many pieces.</summary>
        public int Count { get { return Starts.Length - 1; } }

        /// <summary>Piece <paramref name="piece"/>'s vertices, a new array.</summary>
        public VertexF[] Piece(int piece)
        {
            if (piece < 0 || piece >= Count) throw new ArgumentOutOfRangeException("piece");
            var p = new VertexF[Starts[piece + 1] - Starts[piece]];
            Array.Copy(Points, Starts[piece], p, 0, p.Length);
            return p;
        }
    }

    public sealed partial class Mask
    {
        /// <summary>A native list filled by the buffer convention.</summary>
        private delegate Status FillList<T>(T[] buf, UIntPtr bufLen, out UIntPtr len);

        /// <summary>A list read by the buffer convention: sized with a null buffer, then filled.</summary>
        private static T[] ReadList<T>(FillList<T> fill)
        {
            UIntPtr len;
            PerPixelException.Check(fill(null, UIntPtr.Zero, out len));
            var items = new T[checked((int)(ulong)len)];
            PerPixelException.Check(fill(items, (UIntPtr)items.Length, out len));
            return items;
        }

        /// <summary>The polygons of the solid pixels with the default options: exact, holes kept.</summary>
        public PolygonSet Polygons() { return Polygons(new PolygonOptions()); }

        /// <summary>The polygons of the solid pixels: one per 4-connected region, in the order of its first pixel
        /// (rows from the top, each from the left), its outer ring then its holes, vertices on pixel corners. Exact
        /// polygons follow the pixel edges (a pixel is solid exactly when its centre is inside, even-odd over every
        /// ring); two diagonal pixels are two polygons sharing a corner. Throws <see cref="PerPixelException"/>
        /// (<see cref="Status.InvalidArgument"/>) for an epsilon that is negative or not finite, or fewer than 3
        /// <see cref="PolygonOptions.MaxVertices"/>.</summary>
        public PolygonSet Polygons(PolygonOptions options)
        {
            NativePolygonOptions o = options.ToNative();
            IntPtr p;
            PerPixelException.Check(Native.pp_mask_polygons(Handle, ref o, out p));
            try
            {
                UIntPtr polygons, rings, points;
                PerPixelException.Check(Native.pp_polygons_counts(p, out polygons, out rings, out points));
                var set = new PolygonSet(
                    ReadList((Vertex[] b, UIntPtr n, out UIntPtr len) => Native.pp_polygons_points(p, b, n, out len)),
                    ReadList((int[] b, UIntPtr n, out UIntPtr len) => Native.pp_polygons_ring_starts(p, b, n, out len)),
                    ReadList((int[] b, UIntPtr n, out UIntPtr len) => Native.pp_polygons_ring_counts(p, b, n, out len)));
                if ((ulong)set.Count != (ulong)polygons || (ulong)set.RingCount != (ulong)rings
                    || (ulong)set.Points.Length != (ulong)points)
                    throw new PerPixelException(Status.Panic, "pp_polygons_counts disagrees with the lists");
                return set;
            }
            finally
            {
                Native.pp_polygons_free(p);
            }
        }

        /// <summary>The exact polygons cut into convex pieces of at most 8 vertices.</summary>
        public ConvexPieceSet ConvexPieces() { return ConvexPieces(new PolygonOptions()); }

        /// <summary>The polygons of <see cref="Polygons(PolygonOptions)"/> (same options) cut into convex pieces of
        /// at most <see cref="PolygonOptions.MaxVertices"/> vertices each, polygon after polygon: they cover each
        /// polygon exactly (their areas sum to its area), for physics engines that take convex shapes only.
        /// Exact polygons give rectangles. Errors as <see cref="Polygons(PolygonOptions)"/>.</summary>
        public ConvexPieceSet ConvexPieces(PolygonOptions options)
        {
            NativePolygonOptions o = options.ToNative();
            IntPtr p;
            PerPixelException.Check(Native.pp_mask_convex_pieces(Handle, ref o, out p));
            try
            {
                UIntPtr pieces, points;
                PerPixelException.Check(Native.pp_convex_pieces_counts(p, out pieces, out points));
                var set = new ConvexPieceSet(
                    ReadList((VertexF[] b, UIntPtr n, out UIntPtr len) =>
                        Native.pp_convex_pieces_points(p, b, n, out len)),
                    ReadList((int[] b, UIntPtr n, out UIntPtr len) => Native.pp_convex_pieces_starts(p, b, n, out len)));
                if ((ulong)set.Count != (ulong)pieces || (ulong)set.Points.Length != (ulong)points)
                    throw new PerPixelException(Status.Panic, "pp_convex_pieces_counts disagrees with the lists");
                return set;
            }
            finally
            {
                Native.pp_convex_pieces_free(p);
            }
        }

        /// <summary>pygame's <c>Mask.outline(every)</c>: the outside of the first solid region (holding the first
        /// solid pixel by rows from row 0, 8-connected) as a path of pixels (not corners), from that pixel around
        /// clockwise as drawn with row 0 at the top, the first pixel repeated at the end; with
        /// <paramref name="every"/> &gt; 1 only the first and every every-th pixel entered. Empty for a mask with no
        /// solid pixel. Throws <see cref="PerPixelException"/> (<see cref="Status.InvalidArgument"/>) for
        /// <paramref name="every"/> &lt; 1.</summary>
        public Vertex[] Outline(int every = 1)
        {
            MaskHandle h = Handle;
            uint e = (uint)Math.Max(every, 0);
            return ReadList((Vertex[] b, UIntPtr n, out UIntPtr len) => Native.pp_mask_outline(h, e, b, n, out len));
        }
    }
}
