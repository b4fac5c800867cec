// Unity glue: compiled only inside Unity. The rest of the package is plain C# and is tested
// outside Unity under Mono (this glue too, against a stand-in for UnityEngine).
#if UNITY_5_3_OR_NEWER
using System;
using System.Collections.Generic;
using UnityEngine;

namespace PerPixel.Unity
{
    /// <summary>What a <see cref="PixelWorld"/> ray or line query hit, in Unity's terms (world units, y up),
    /// shaped like <c>RaycastHit2D</c>: the default value is "no hit" (<see cref="collider"/> null, false as a
    /// bool).</summary>
    public struct PixelRaycastHit
    {
        internal PixelRaycastHit(SpriteCollider collider, Vector2Int pixel, float pixelsPerUnit, RayHit hit,
            double lengthPixels)
        {
            this.collider = collider;
            this.pixel = pixel;
            point = new Vector2((float)((pixel.x + 0.5) / pixelsPerUnit), (float)((pixel.y + 0.5) / pixelsPerUnit));
            hasNormal = hit.HasNormal;
            normal = hit.HasNormal ? UnityMasks.ToVector2(hit.Normal) : new Vector2(0, 0);
            pixelDistance = hit.Distance;
            distance = (float)(hit.Distance / pixelsPerUnit);
            fraction = lengthPixels > 0 ? (float)(hit.Distance / lengthPixels) : 0f;
            step = hit.Step;
        }

        /// <summary>The collider hit; null when nothing was hit.</summary>
        public SpriteCollider collider { get; }
        /// <summary>The collider's transform (null when nothing was hit).</summary>
        public Transform transform { get { return collider != null ? collider.transform : null; } }
        /// <summary>The world pixel hit: the first solid pixel of <see cref="collider"/> on the ray's
        /// path.</summary>
        public Vector2Int pixel { get; }
        /// <summary>The centre of <see cref="pixel"/> in world units: (pixel + 0.5) ÷ the world's pixels per
        /// unit.</summary>
        public Vector2 point { get; }
        /// <summary>True when <see cref="normal"/> holds the surface normal.</summary>
        public bool hasNormal { get; }
        /// <summary>The surface normal at <see cref="pixel"/>, out of the collider towards where the ray came
        /// from, y up (exactly an axis on a flat face); for a ray that starts inside the collider, the normal
        /// at its start pixel if any (a pixel on the edge has one, a pixel deep inside none); (0, 0) when
        /// there is none (<see cref="hasNormal"/> false).</summary>
        public Vector2 normal { get; }
        /// <summary>The distance from the start pixel's centre to <see cref="pixel"/>'s centre, in world
        /// units; 0 when the ray starts inside the collider.</summary>
        public float distance { get; }
        /// <summary><see cref="distance"/> in pixels.</summary>
        public double pixelDistance { get; }
        /// <summary>How far along the query the hit lies, 0 to 1: <see cref="pixelDistance"/> ÷ the ray's
        /// length in whole pixels (a line's: the distance between its end pixels' centres); 0 for a query of
        /// length 0.</summary>
        public float fraction { get; }
        /// <summary>Steps along the ray's 4-connected pixel path from the start pixel (0: the start pixel is
        /// solid); hits are ordered by it.</summary>
        public ulong step { get; }

        /// <summary>True when something was hit (<see cref="collider"/> is not null), as
        /// <c>RaycastHit2D</c>'s conversion.</summary>
        public static implicit operator bool(PixelRaycastHit hit) { return hit.collider != null; }

        /// <inheritdoc/>
        public override string ToString()
        {
            return collider == null ? "no hit" : "hit " + collider.name + " at pixel " + pixel + ", distance " +
                distance + ", normal (" + normal.x + ", " + normal.y + ")";
        }
    }

    /// <summary>World queries in Unity units that return colliders, modelled on <c>Physics2D</c>: points,
    /// boxes, areas, colliders, rays, lines and move-and-slide against every collider of the world on a
    /// layer mask. See the README's "World queries" section.</summary>
    /// <remarks>
    /// <para>What a query sees: the colliders in this world with a body (enabled ones that could be placed),
    /// as the last <see cref="Step"/> left them: positions, masks and layers (as Unity's queries see the
    /// physics world as of its last simulation or sync). Call <see cref="Step"/> after moving colliders to
    /// query their new places. A disabled world holds no colliders: every query finds nothing (null, 0, no
    /// hit, an empty array) and <see cref="MoveWithSlide"/> moves the whole way. Bodies made directly on
    /// <see cref="World"/> (not a collider's) are never returned.</para>
    /// <para>Layers: a collider on Unity layer L (its <c>gameObject.layer</c> at the last step) is found when
    /// bit L of <c>layerMask</c> is set, whatever the layer collision matrix says. The mask becomes the world
    /// filter {category: every bit, mask: layerMask}, which the world's rule (each filter's mask holds a bit
    /// of the other's category) turns into exactly that for every layer: every body's filter mask holds
    /// <see cref="QueryBit"/>, so a layer that collides with no layer is found too.</para>
    /// <para>Units: points, sizes and distances are world units, converted with <see cref="pixelsPerUnit"/>
    /// in double by the project's float-to-pixel rule (floor(v + 0.5), with the float-noise tolerance of
    /// <see cref="Pixels.RoundPosition"/>). A point is in the world pixel <see cref="UnityMasks.PointPixel"/>
    /// gives. Overlap is pixel-perfect: a collider is in a box when one of its solid pixels is (any pixel of
    /// its rectangle when its pixel collision is off), not when only its rectangle is.</para>
    /// <para>Order: colliders come in the world's body order (<see cref="BodyId.Index"/>, ascending), hits
    /// nearest first (fewest steps along the ray, ties to the smaller body index): the same scene always
    /// gives the same order. The <c>NonAlloc</c> variants fill the caller's array as far as it goes and
    /// return how many they wrote (the first ones in that order), as <c>Physics2D</c>'s; they and the
    /// single-answer queries allocate nothing once the world's buffers have grown to the scene (a rotated
    /// box, at an angle other than a multiple of 90°, makes a raster each call).</para>
    /// <para>Errors: NaN or infinite coordinates, a negative size or distance and a null results array throw
    /// <see cref="ArgumentException"/> (or a subclass), also on a disabled world; a
    /// <see cref="pixelsPerUnit"/> that is not a positive number throws
    /// <see cref="InvalidOperationException"/>.</para>
    /// </remarks>
    public partial class PixelWorld
    {
        /// <summary>Every layer but Unity's "Ignore Raycast" (layer 2): <c>Physics2D.DefaultRaycastLayers</c>,
        /// the default layer mask of the point, box, area, ray and line queries.</summary>
        public const int DefaultRaycastLayers = ~(1 << 2);
        /// <summary>Every layer (<c>Physics2D.AllLayers</c>): the default of <see cref="OverlapCollider"/>
        /// and <see cref="MoveWithSlide"/>.</summary>
        public const int AllLayers = -1;

        /// <summary>The pixels per unit the world's queries convert with: set it to your sprites' pixels per
        /// unit (100 by default, Unity's import default). Colliders keep their own sprite's for their own
        /// queries; the world's queries take points, sizes and distances in world units through this
        /// one.</summary>
        [Tooltip("The pixels per unit the world's queries (OverlapPoint, Raycast, ...) convert with: set it to " +
            "your sprites' pixels per unit.")]
        public float pixelsPerUnit = 100;

        // Buffers kept between queries, grown to the largest answer so far: body ids, and ray hits.
        private BodyId[] _queryIds = new BodyId[16];
        private RayEntry[] _queryHits = new RayEntry[8];
        private static readonly SpriteCollider[] s_noColliders = new SpriteCollider[0];
        private static readonly PixelRaycastHit[] s_noHits = new PixelRaycastHit[0];
        // A 1x1 solid mask, the unit square a rotated box is made from (made once, kept by the process).
        private static Mask s_unitSquare;

        private struct RayEntry
        {
            public ulong Step;
            public uint Index;
            public SpriteCollider Collider;
            public RayHit Hit;
        }

        private sealed class ByStepThenIndex : IComparer<RayEntry>
        {
            public int Compare(RayEntry a, RayEntry b)
            {
                int c = a.Step.CompareTo(b.Step);
                return c != 0 ? c : a.Index.CompareTo(b.Index);
            }
        }

        private sealed class ByIndex : IComparer<BodyId>
        {
            public int Compare(BodyId a, BodyId b) { return a.Index.CompareTo(b.Index); }
        }

        private static readonly ByStepThenIndex s_byStep = new ByStepThenIndex();
        private static readonly ByIndex s_byIndex = new ByIndex();

        /// <summary>Sorts the first <paramref name="n"/> items in place (heapsort: O(n log n), allocating
        /// nothing, unlike Mono's <c>Array.Sort</c> with a comparer). The keys sorted by here are unique, so
        /// stability does not matter.</summary>
        private static void HeapSort<T>(T[] a, int n, IComparer<T> order)
        {
            for (int i = n / 2 - 1; i >= 0; i--) SiftDown(a, i, n, order);
            for (int end = n - 1; end > 0; end--)
            {
                T top = a[0];
                a[0] = a[end];
                a[end] = top;
                SiftDown(a, 0, end, order);
            }
        }

        private static void SiftDown<T>(T[] a, int i, int n, IComparer<T> order)
        {
            T item = a[i];
            while (true)
            {
                int child = 2 * i + 1;
                if (child >= n) break;
                if (child + 1 < n && order.Compare(a[child + 1], a[child]) > 0) child++;
                if (order.Compare(a[child], item) <= 0) break;
                a[i] = a[child];
                i = child;
            }
            a[i] = item;
        }

        // ---- Conversions and checks ----

        /// <summary>The world filter of a query on <paramref name="layerMask"/>: in every category, so every
        /// body's own mask lets it through, and taking the categories (layers) of the mask.</summary>
        internal static Filter QueryFilter(int layerMask)
        {
            return new Filter(ulong.MaxValue, (ulong)(uint)layerMask);
        }

        private double Ppu()
        {
            float ppu = pixelsPerUnit;
            if (!(ppu > 0) || float.IsInfinity(ppu))
                throw new InvalidOperationException("PixelWorld '" + name + "': pixelsPerUnit is " + ppu +
                    "; set it to your sprites' pixels per unit (a positive number)");
            return ppu;
        }

        private static void Finite(Vector2 v, string what)
        {
            if (float.IsNaN(v.x) || float.IsNaN(v.y) || float.IsInfinity(v.x) || float.IsInfinity(v.y))
                throw new ArgumentException(what + " must be finite (got (" + v.x + ", " + v.y + "))", what);
        }

        private static void Results<T>(T[] results)
        {
            if (results == null) throw new ArgumentNullException("results");
        }

        /// <summary>A box edge (pixels) as a grid line, by the position rule; beyond the int range, the
        /// range's end (no collider lies further).</summary>
        private static long Edge(double v)
        {
            int p;
            if (Pixels.TryRoundPosition(v, out p)) return p;
            return v > 0 ? 1L << 32 : int.MinValue;
        }

        // ---- Gathering body ids into _queryIds ----

        private void Grow(int needed)
        {
            int size = _queryIds.Length;
            while (size < needed) size *= 2;
            Array.Resize(ref _queryIds, size);
        }

        private int AtPixel(Vector2Int p, Filter f)
        {
            int n;
            while (!World.TryAtPoint(p.x, p.y, new Span<BodyId>(_queryIds), out n, f)) Grow(n);
            return n;
        }

        /// <summary>The bodies with a solid pixel in [x0, x1) × [y0, y1) (long edges, clamped to where bodies
        /// can be), in index order, into <c>_queryIds</c>; returns the count.</summary>
        private int InBox(long x0, long x1, long y0, long y1, Filter f)
        {
            // Bodies sit at int positions with int sizes: their pixels lie in [int.MinValue, 2^32).
            const long Lo = int.MinValue, Hi = 1L << 32, Piece = int.MaxValue;
            x0 = Math.Max(x0, Lo); y0 = Math.Max(y0, Lo);
            x1 = Math.Min(x1, Hi); y1 = Math.Min(y1, Hi);
            if (x0 >= x1 || y0 >= y1) return 0;
            int count = 0, pieces = 0;
            // A Bounds2D is at most int.MaxValue wide: a longer box is asked in pieces (a ray of unbounded
            // length from far out; at most three a side).
            for (long py = y0; py < y1; py += Piece)
            {
                for (long px = x0; px < x1; px += Piece)
                {
                    var rect = new Bounds2D((int)px, (int)py, (int)Math.Min(Piece, x1 - px), (int)Math.Min(Piece, y1 - py));
                    int n;
                    while (!World.TryInRect(rect, new Span<BodyId>(_queryIds, count, _queryIds.Length - count), out n, f))
                        Grow(count + n);
                    count += n;
                    pieces++;
                }
            }
            if (pieces > 1 && count > 1)
            {
                // A body in several pieces is listed once, in index order.
                HeapSort(_queryIds, count, s_byIndex);
                int kept = 1;
                for (int i = 1; i < count; i++)
                    if (_queryIds[i] != _queryIds[kept - 1]) _queryIds[kept++] = _queryIds[i];
                count = kept;
            }
            return count;
        }

        /// <summary>The colliders of the first <paramref name="n"/> ids of <c>_queryIds</c>, in order, into
        /// <paramref name="results"/> as far as it goes (<paramref name="results"/> null: just counted).</summary>
        private int Colliders(int n, SpriteCollider[] results, SpriteCollider skip = null)
        {
            int k = 0, room = results == null ? int.MaxValue : results.Length;
            for (int i = 0; i < n && k < room; i++)
            {
                SpriteCollider c = ColliderOf(_queryIds[i]);
                if (ReferenceEquals(c, null) || ReferenceEquals(c, skip)) continue;
                if (results != null) results[k] = c;
                k++;
            }
            return k;
        }

        private SpriteCollider FirstCollider(int n)
        {
            for (int i = 0; i < n; i++)
            {
                SpriteCollider c = ColliderOf(_queryIds[i]);
                if (!ReferenceEquals(c, null)) return c;
            }
            return null;
        }

        private SpriteCollider[] AllColliders(int n, SpriteCollider skip = null)
        {
            int count = Colliders(n, null, skip);
            if (count == 0) return s_noColliders;
            var all = new SpriteCollider[count];
            Colliders(n, all, skip);
            return all;
        }

        // ---- Points ----

        private int PointQuery(Vector2 point, int layerMask)
        {
            Finite(point, "point");
            if (World == null) return 0;
            Vector2Int p;
            if (!UnityMasks.TryPointPixel(point, Ppu(), out p)) return 0;
            return AtPixel(p, QueryFilter(layerMask));
        }

        /// <summary>The first collider (in body order) on a layer of <paramref name="layerMask"/> that is solid
        /// at the world pixel holding <paramref name="point"/> (world units; <see cref="UnityMasks.PointPixel"/>
        /// with <see cref="pixelsPerUnit"/>); null when none. <c>Physics2D.OverlapPoint</c>.</summary>
        public SpriteCollider OverlapPoint(Vector2 point, int layerMask = DefaultRaycastLayers)
        {
            return FirstCollider(PointQuery(point, layerMask));
        }

        /// <summary>Every collider of <see cref="OverlapPoint"/>, in body order (a new array; empty when
        /// none).</summary>
        public SpriteCollider[] OverlapPointAll(Vector2 point, int layerMask = DefaultRaycastLayers)
        {
            return AllColliders(PointQuery(point, layerMask));
        }

        /// <summary>The colliders of <see cref="OverlapPointAll"/> written into <paramref name="results"/> as
        /// far as it goes, allocating nothing; returns how many were written.</summary>
        public int OverlapPointNonAlloc(Vector2 point, SpriteCollider[] results, int layerMask = DefaultRaycastLayers)
        {
            Results(results);
            return Colliders(PointQuery(point, layerMask), results);
        }

        // ---- Areas and boxes ----

        /// <summary>The bodies with a solid pixel in the box [xMin, xMax) × [yMin, yMax) (world units), its
        /// edges rounded to grid lines.</summary>
        private int UnitBox(double xMin, double yMin, double xMax, double yMax, double ppu, int layerMask)
        {
            return InBox(Edge(xMin * ppu), Edge(xMax * ppu), Edge(yMin * ppu), Edge(yMax * ppu), QueryFilter(layerMask));
        }

        private int AreaQuery(Vector2 pointA, Vector2 pointB, int layerMask)
        {
            Finite(pointA, "pointA");
            Finite(pointB, "pointB");
            if (World == null) return 0;
            return UnitBox(Math.Min(pointA.x, pointB.x), Math.Min(pointA.y, pointB.y), Math.Max(pointA.x, pointB.x),
                Math.Max(pointA.y, pointB.y), Ppu(), layerMask);
        }

        /// <summary>The first collider (in body order) on a layer of <paramref name="layerMask"/> with a solid
        /// pixel inside the axis-aligned box with opposite corners <paramref name="pointA"/> and
        /// <paramref name="pointB"/> (world units, any two opposite corners); null when none.
        /// <c>Physics2D.OverlapArea</c>. The box's pixels: each edge × <see cref="pixelsPerUnit"/> rounded to
        /// the nearest pixel grid line by the position rule (<see cref="Pixels.RoundPosition"/>: halves up,
        /// within min(|v| / 8192, 1/64) pixel below a half counted as on it), so a box drawn around a sprite in world units
        /// covers exactly its pixels, and a box narrower than a pixel may cover none.</summary>
        public SpriteCollider OverlapArea(Vector2 pointA, Vector2 pointB, int layerMask = DefaultRaycastLayers)
        {
            return FirstCollider(AreaQuery(pointA, pointB, layerMask));
        }

        /// <summary>Every collider of <see cref="OverlapArea"/>, in body order (a new array).</summary>
        public SpriteCollider[] OverlapAreaAll(Vector2 pointA, Vector2 pointB, int layerMask = DefaultRaycastLayers)
        {
            return AllColliders(AreaQuery(pointA, pointB, layerMask));
        }

        /// <summary>The colliders of <see cref="OverlapAreaAll"/> written into <paramref name="results"/> as
        /// far as it goes, allocating nothing; returns how many were written.</summary>
        public int OverlapAreaNonAlloc(Vector2 pointA, Vector2 pointB, SpriteCollider[] results,
            int layerMask = DefaultRaycastLayers)
        {
            Results(results);
            return Colliders(AreaQuery(pointA, pointB, layerMask), results);
        }

        private int BoxQuery(Vector2 point, Vector2 size, float angle, int layerMask)
        {
            Finite(point, "point");
            Finite(size, "size");
            if (float.IsNaN(angle) || float.IsInfinity(angle))
                throw new ArgumentException("angle must be finite (got " + angle + ")", "angle");
            if (size.x < 0 || size.y < 0)
                throw new ArgumentException("size must not be negative (got (" + size.x + ", " + size.y + "))", "size");
            if (World == null) return 0;
            double ppu = Ppu();
            double turns = angle / 90.0;
            if (turns == Math.Floor(turns))
            {
                // A multiple of 90 degrees: the axis-aligned box, sides swapped for an odd number of quarter
                // turns, exactly as OverlapArea on its corners.
                bool odd = Math.Abs(turns % 2) == 1;
                double hw = (odd ? size.y : size.x) / 2.0, hh = (odd ? size.x : size.y) / 2.0;
                return UnitBox(point.x - hw, point.y - hh, point.x + hw, point.y + hh, ppu, layerMask);
            }
            double w = size.x * ppu, h = size.y * ppu;
            if (w == 0 || h == 0) return 0;
            // The unit square scaled to the box and turned about its centre: a world pixel is in the box when
            // its centre is (the library's sampling rule), through its software sine and cosine.
            Mask square = s_unitSquare;
            if (square == null || square.IsDisposed) s_unitSquare = square = Mask.Create(1, 1, true);
            var t = new SpriteTransform
            {
                X = point.x * ppu - 0.5, Y = point.y * ppu - 0.5, RotationDegrees = angle, ScaleX = w, ScaleY = h,
            };
            using (Raster r = square.Rasterise(t))
            {
                int n;
                while (!World.TryOverlapping(r.Placed, new Span<BodyId>(_queryIds), out n, QueryFilter(layerMask))) Grow(n);
                return n;
            }
        }

        /// <summary>The first collider (in body order) on a layer of <paramref name="layerMask"/> with a solid
        /// pixel inside the box of <paramref name="size"/> (world units, not negative) centred on
        /// <paramref name="point"/> and turned <paramref name="angle"/> degrees counter-clockwise; null when
        /// none. <c>Physics2D.OverlapBox</c>. At a multiple of 90° this is <see cref="OverlapArea"/> on the
        /// box's corners (sides swapped for an odd number of quarter turns). At any other angle a world pixel
        /// is in the box when its centre is (the rule sprites are turned by, with the library's software sine
        /// and cosine); the box is rasterised for the call (its cost grows with its area, and it allocates).
        /// A box with a side of 0 holds no pixel.</summary>
        public SpriteCollider OverlapBox(Vector2 point, Vector2 size, float angle = 0,
            int layerMask = DefaultRaycastLayers)
        {
            return FirstCollider(BoxQuery(point, size, angle, layerMask));
        }

        /// <summary>Every collider of <see cref="OverlapBox"/>, in body order (a new array).</summary>
        public SpriteCollider[] OverlapBoxAll(Vector2 point, Vector2 size, float angle = 0,
            int layerMask = DefaultRaycastLayers)
        {
            return AllColliders(BoxQuery(point, size, angle, layerMask));
        }

        /// <summary>The colliders of <see cref="OverlapBoxAll"/> written into <paramref name="results"/> as far
        /// as it goes; returns how many were written. Allocates nothing at multiples of 90°.</summary>
        public int OverlapBoxNonAlloc(Vector2 point, Vector2 size, float angle, SpriteCollider[] results,
            int layerMask = DefaultRaycastLayers)
        {
            Results(results);
            return Colliders(BoxQuery(point, size, angle, layerMask), results);
        }

        // ---- Colliders ----

        private int ColliderQuery(SpriteCollider collider, int layerMask)
        {
            if (ReferenceEquals(collider, null)) throw new ArgumentNullException("collider");
            if (World == null) return 0;
            int n;
            PlacedSprite probe = collider.Placed;
            while (!World.TryOverlapping(probe, new Span<BodyId>(_queryIds), out n, QueryFilter(layerMask))) Grow(n);
            return n;
        }

        /// <summary>The colliders (in body order) on a layer of <paramref name="layerMask"/> sharing a solid
        /// pixel with <paramref name="collider"/> as it is placed now (<see cref="SpriteCollider.Placed"/>:
        /// pixel-perfect, turned and mirrored; its whole rectangle when its pixel collision is off), itself
        /// excluded, written into <paramref name="results"/> as far as it goes, allocating nothing; returns how
        /// many were written. <c>Physics2D.OverlapCollider</c>. The collider need not be in this world.</summary>
        public int OverlapCollider(SpriteCollider collider, SpriteCollider[] results, int layerMask = AllLayers)
        {
            Results(results);
            return Colliders(ColliderQuery(collider, layerMask), results, collider);
        }

        /// <summary>Every collider of <see cref="OverlapCollider"/>, in body order (a new array).</summary>
        public SpriteCollider[] OverlapColliderAll(SpriteCollider collider, int layerMask = AllLayers)
        {
            return AllColliders(ColliderQuery(collider, layerMask), collider);
        }

        // ---- Rays and lines ----

        /// <summary>A ray in world pixels: start, integer direction, length; and for a line, the most steps
        /// (a ray's: none) and the length fractions are taken of.</summary>
        private struct PixelRay
        {
            public Vector2Int Start;
            public int Dx, Dy;
            public uint Length;
            public ulong MaxStep;
            public double FractionOf;
            public bool Outside;
        }

        private PixelRay Ray(Vector2 origin, Vector2 direction, float distance, double ppu)
        {
            var ray = new PixelRay { MaxStep = ulong.MaxValue };
            Vector2Int d = UnityMasks.RayDirection(direction);
            ray.Dx = d.x;
            ray.Dy = d.y;
            ray.Length = UnityMasks.RayLength(distance, (float)ppu);
            ray.FractionOf = ray.Length;
            ray.Outside = !UnityMasks.TryPointPixel(origin, ppu, out ray.Start);
            return ray;
        }

        private PixelRay Line(Vector2 start, Vector2 end, double ppu)
        {
            var ray = new PixelRay();
            Vector2Int e;
            ray.Outside = !UnityMasks.TryPointPixel(start, ppu, out ray.Start) | !UnityMasks.TryPointPixel(end, ppu, out e);
            if (ray.Outside) return ray;
            long dx = (long)e.x - ray.Start.x, dy = (long)e.y - ray.Start.y;
            if (dx < int.MinValue + 1 || dx > int.MaxValue || dy < int.MinValue + 1 || dy > int.MaxValue)
                throw new ArgumentException("the line from (" + start.x + ", " + start.y + ") to (" + end.x + ", " +
                    end.y + ") spans more than int.MaxValue pixels", "end");
            ray.Dx = (int)dx;
            ray.Dy = (int)dy;
            // The ray towards the end pixel reaches it after |dx| + |dy| steps, at the distance between the
            // two pixels' centres; no pixel of those steps is further.
            double length = Math.Sqrt((double)dx * dx + (double)dy * dy);
            ray.Length = (uint)Math.Min(uint.MaxValue, Math.Ceiling(length));
            ray.MaxStep = (ulong)(Math.Abs(dx) + Math.Abs(dy));
            ray.FractionOf = length;
            return ray;
        }

        private PixelRaycastHit Hit(SpriteCollider c, RayHit h, PixelRay ray, double ppu)
        {
            return new PixelRaycastHit(c, UnityMasks.ToVector2Int(h.Pixel), (float)ppu, h, ray.FractionOf);
        }

        /// <summary>A hit at the start pixel (distance 0, no normal): the ray of no direction.</summary>
        private static RayHit StartHit(Vector2Int start)
        {
            return new RayHit { Pixel = new Point(start.x, start.y), Step = 0, Distance = 0 };
        }

        /// <summary>The nearest hit of <paramref name="ray"/>, or no hit.</summary>
        private PixelRaycastHit First(PixelRay ray, int layerMask, double ppu)
        {
            if (ray.Outside) return default(PixelRaycastHit);
            Filter f = QueryFilter(layerMask);
            if (ray.Dx == 0 && ray.Dy == 0)
            {
                SpriteCollider at = FirstCollider(AtPixel(ray.Start, f));
                return at == null ? default(PixelRaycastHit) : Hit(at, StartHit(ray.Start), ray, ppu);
            }
            BodyId body;
            RayHit h;
            if (!World.Raycast(ray.Start.x, ray.Start.y, ray.Dx, ray.Dy, ray.Length, out body, out h, f)
                || h.Step > ray.MaxStep)
            {
                return default(PixelRaycastHit);
            }
            SpriteCollider c = ColliderOf(body);
            if (!ReferenceEquals(c, null)) return Hit(c, h, ray, ppu);
            // The nearest body is not a collider's (made directly on World): the nearest collider's hit.
            int n = AllHits(ray, layerMask);
            return n > 0 ? Hit(_queryHits[0].Collider, _queryHits[0].Hit, ray, ppu) : default(PixelRaycastHit);
        }

        /// <summary>Every collider's hit of <paramref name="ray"/>, nearest first, into <c>_queryHits</c>;
        /// returns the count.</summary>
        private int AllHits(PixelRay ray, int layerMask)
        {
            if (ray.Outside) return 0;
            Filter f = QueryFilter(layerMask);
            int n;
            if (ray.Dx == 0 && ray.Dy == 0)
            {
                n = AtPixel(ray.Start, f);
            }
            else
            {
                // The ray's pixels lie within its length of the start, on the sides its direction points to
                // (and no further than its last step for a line): the world's bodies there are the candidates.
                long reach = ray.Length;
                long x = ray.Start.x, y = ray.Start.y;
                n = InBox(x - (ray.Dx < 0 ? reach : 0), x + 1 + (ray.Dx > 0 ? reach : 0),
                    y - (ray.Dy < 0 ? reach : 0), y + 1 + (ray.Dy > 0 ? reach : 0), f);
            }
            if (_queryHits.Length < n) _queryHits = new RayEntry[Math.Max(n, _queryHits.Length * 2)];
            int k = 0;
            for (int i = 0; i < n; i++)
            {
                BodyId id = _queryIds[i];
                SpriteCollider c = ColliderOf(id);
                if (ReferenceEquals(c, null)) continue;
                RayHit h;
                if (ray.Dx == 0 && ray.Dy == 0)
                {
                    h = StartHit(ray.Start);
                }
                else
                {
                    RayHit? hit = World.RaycastBody(id, ray.Start.x, ray.Start.y, ray.Dx, ray.Dy, ray.Length);
                    if (!hit.HasValue || hit.Value.Step > ray.MaxStep) continue;
                    h = hit.Value;
                }
                _queryHits[k++] = new RayEntry { Step = h.Step, Index = id.Index, Collider = c, Hit = h };
            }
            if (k > 1) HeapSort(_queryHits, k, s_byStep);
            return k;
        }

        private int HitsInto(PixelRay ray, int layerMask, double ppu, PixelRaycastHit[] results)
        {
            int n = AllHits(ray, layerMask), k = Math.Min(n, results.Length);
            for (int i = 0; i < k; i++) results[i] = Hit(_queryHits[i].Collider, _queryHits[i].Hit, ray, ppu);
            Array.Clear(_queryHits, 0, n);
            return k;
        }

        private PixelRaycastHit[] HitsArray(PixelRay ray, int layerMask, double ppu)
        {
            int n = AllHits(ray, layerMask);
            if (n == 0) return s_noHits;
            var all = new PixelRaycastHit[n];
            for (int i = 0; i < n; i++) all[i] = Hit(_queryHits[i].Collider, _queryHits[i].Hit, ray, ppu);
            Array.Clear(_queryHits, 0, n);
            return all;
        }

        private static void RayArguments(Vector2 origin, Vector2 direction, float distance)
        {
            Finite(origin, "origin");
            Finite(direction, "direction");
            if (float.IsNaN(distance) || distance < 0)
                throw new ArgumentOutOfRangeException("distance", "a ray's distance must be >= 0 (got " + distance + ")");
        }

        /// <summary>
        /// The first collider on a layer of <paramref name="layerMask"/> hit by the ray from
        /// <paramref name="origin"/> towards <paramref name="direction"/> (world units), at most
        /// <paramref name="distance"/> world units from the start (unbounded by default); a value whose bool is
        /// false when none. <c>Physics2D.Raycast</c>.
        /// </summary>
        /// <remarks>
        /// Floats become the library's integer ray as <see cref="SpriteCollider.Raycast"/> makes it: the start
        /// is the world pixel holding <paramref name="origin"/> (<see cref="UnityMasks.PointPixel"/>), the
        /// direction is scaled so its larger component is 65536 and rounded
        /// (<see cref="UnityMasks.RayDirection"/>), the length rounded to whole pixels
        /// (<see cref="UnityMasks.RayLength"/>; infinity and anything from int.MaxValue pixels on is
        /// unbounded), with <see cref="pixelsPerUnit"/>. The ray visits the pixels of the 4-connected path
        /// towards the direction, the start pixel included (step 0), so it never slips between pixels that
        /// touch at a corner, and stops past <paramref name="distance"/> (between pixel centres). A ray
        /// starting inside a collider hits it at the start pixel: distance 0, fraction 0, and the normal the
        /// library finds there, if any (Unity's <c>queriesStartInColliders</c>, its default). A direction of (0, 0) asks about the start pixel only
        /// (the <c>Physics2D.Raycast(point, Vector2.zero)</c> idiom for "what is under the mouse"), as does a
        /// distance of 0. The nearest hit has the fewest steps; ties go to the smaller body index. An origin
        /// outside the int pixel range hits nothing.
        /// </remarks>
        public PixelRaycastHit Raycast(Vector2 origin, Vector2 direction, float distance = float.PositiveInfinity,
            int layerMask = DefaultRaycastLayers)
        {
            RayArguments(origin, direction, distance);
            if (World == null) return default(PixelRaycastHit);
            double ppu = Ppu();
            return First(Ray(origin, direction, distance, ppu), layerMask, ppu);
        }

        /// <summary>Every collider's first hit along <see cref="Raycast"/>'s ray, nearest first (a new array;
        /// empty when none). <c>Physics2D.RaycastAll</c>.</summary>
        public PixelRaycastHit[] RaycastAll(Vector2 origin, Vector2 direction, float distance = float.PositiveInfinity,
            int layerMask = DefaultRaycastLayers)
        {
            RayArguments(origin, direction, distance);
            if (World == null) return s_noHits;
            double ppu = Ppu();
            return HitsArray(Ray(origin, direction, distance, ppu), layerMask, ppu);
        }

        /// <summary>The hits of <see cref="RaycastAll"/> written into <paramref name="results"/> as far as it
        /// goes (the nearest ones), allocating nothing; returns how many were written.
        /// <c>Physics2D.RaycastNonAlloc</c>.</summary>
        public int RaycastNonAlloc(Vector2 origin, Vector2 direction, PixelRaycastHit[] results,
            float distance = float.PositiveInfinity, int layerMask = DefaultRaycastLayers)
        {
            Results(results);
            RayArguments(origin, direction, distance);
            if (World == null) return 0;
            double ppu = Ppu();
            return HitsInto(Ray(origin, direction, distance, ppu), layerMask, ppu, results);
        }

        private static void LineArguments(Vector2 start, Vector2 end)
        {
            Finite(start, "start");
            Finite(end, "end");
        }

        /// <summary>
        /// The first collider on a layer of <paramref name="layerMask"/> on the line from
        /// <paramref name="start"/> to <paramref name="end"/> (world units), both ends included; a value whose
        /// bool is false when none. <c>Physics2D.Linecast</c>.
        /// </summary>
        /// <remarks>The line runs between the world pixels holding its ends
        /// (<see cref="UnityMasks.PointPixel"/>): it is the ray from the start pixel towards the end pixel (an
        /// exact integer direction), cut after the end pixel, so its pixels are the 4-connected path a sprite
        /// sweeping from one to the other would take. <see cref="PixelRaycastHit.fraction"/> is the distance
        /// over the distance between the two pixels' centres. Ends in the same pixel ask about that pixel
        /// only. A start inside a collider hits it at distance 0, as <see cref="Raycast"/>. Throws
        /// <see cref="ArgumentException"/> for a line spanning more than int.MaxValue pixels on an axis; an
        /// end outside the int pixel range hits nothing.</remarks>
        public PixelRaycastHit Linecast(Vector2 start, Vector2 end, int layerMask = DefaultRaycastLayers)
        {
            LineArguments(start, end);
            if (World == null) return default(PixelRaycastHit);
            double ppu = Ppu();
            return First(Line(start, end, ppu), layerMask, ppu);
        }

        /// <summary>Every collider's first hit along <see cref="Linecast"/>'s line, nearest first (a new array;
        /// empty when none). <c>Physics2D.LinecastAll</c>.</summary>
        public PixelRaycastHit[] LinecastAll(Vector2 start, Vector2 end, int layerMask = DefaultRaycastLayers)
        {
            LineArguments(start, end);
            if (World == null) return s_noHits;
            double ppu = Ppu();
            return HitsArray(Line(start, end, ppu), layerMask, ppu);
        }

        /// <summary>The hits of <see cref="LinecastAll"/> written into <paramref name="results"/> as far as it
        /// goes (the nearest ones), allocating nothing; returns how many were written.
        /// <c>Physics2D.LinecastNonAlloc</c>.</summary>
        public int LinecastNonAlloc(Vector2 start, Vector2 end, PixelRaycastHit[] results,
            int layerMask = DefaultRaycastLayers)
        {
            Results(results);
            LineArguments(start, end);
            if (World == null) return 0;
            double ppu = Ppu();
            return HitsInto(Line(start, end, ppu), layerMask, ppu, results);
        }

        // ---- Moving ----

        /// <summary>
        /// Moves <paramref name="mover"/> by <paramref name="pixels"/> against every collider of this world on a
        /// layer of <paramref name="layerMask"/> but itself, as <see cref="SpriteCollider.MoveWithSlide(SpriteCollider[], Vector2Int, uint)"/> does
        /// against a list: x first, then y, each axis stopping at its last free pixel, climbing up to
        /// <paramref name="stepUp"/> pixels (up is +y) to pass a blocked x step. The transform is not moved:
        /// add <see cref="ColliderMove.WorldDelta"/> (in the mover's own pixels per unit) to its position.
        /// </summary>
        /// <remarks>The mover is taken as it is placed now (<see cref="SpriteCollider.Placed"/>; it need not
        /// be in this world), the obstacles as the last <see cref="Step"/> left them. Only the colliders
        /// whose solid pixels lie in the box the move can sweep (its rectangle from start to end, raised by
        /// the most it can climb) are considered, found through the world's broad phase: the cost follows
        /// the neighbourhood, not the world's size, and nothing is allocated once the buffers have grown
        /// (up to 64 obstacles in the box). A disabled world holds no obstacles: the mover moves the whole
        /// way. Default layers: all (pass <c>layerCollisionMasks[mover.gameObject.layer]</c> to follow the
        /// layer collision matrix).</remarks>
        public ColliderMove MoveWithSlide(SpriteCollider mover, Vector2Int pixels, int layerMask = AllLayers,
            uint stepUp = 0)
        {
            if (ReferenceEquals(mover, null)) throw new ArgumentNullException("mover");
            if (World == null) return mover.MoveWithSlide(s_noColliders, pixels, stepUp);
            PlacedSprite me = mover.Placed;
            Bounds2D b = me.Bounds;
            long climb = (long)stepUp * Math.Abs((long)pixels.x);
            int n = InBox((long)b.x + Math.Min(0, pixels.x), (long)b.x + b.width + Math.Max(0, pixels.x),
                (long)b.y + Math.Min(0, pixels.y), (long)b.y + b.height + Math.Max(0, pixels.y) + climb,
                QueryFilter(layerMask));
            BodyId own;
            bool inWorld = BodyOf(mover, out own);
            int k = 0;
            for (int i = 0; i < n; i++)
            {
                BodyId id = _queryIds[i];
                if ((inWorld && id == own) || ReferenceEquals(ColliderOf(id), null)) continue;
                _queryIds[k++] = id;
            }
            MoveResult r = World.MoveAndSlide(me, new ReadOnlySpan<BodyId>(_queryIds, 0, k), pixels.x, pixels.y,
                MoveOptions.YUp(stepUp));
            return mover.MoveOf(me, r, pixels);
        }
    }
}
#endif
