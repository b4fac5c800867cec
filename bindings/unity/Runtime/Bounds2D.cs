using System;
using System.Runtime.InteropServices;

namespace PerPixel
{
    /// <summary>
    /// A rectangle of whole pixels, the half-open box [x, x + width) × [y, y + height), in the words of
    /// Unity's <c>RectInt</c>. A sprite's mask pixel (i, j) covers world pixel (x + i, y + j). Touching
    /// edges do not overlap; a rectangle with width or height &lt;= 0 is empty and overlaps nothing.
    /// <see cref="xMax"/> and <see cref="yMax"/> are 64-bit so that nothing overflows at int.MaxValue.
    /// Every method is answered by the native library, so C#, C and Rust agree to the pixel.
    /// </summary>
    public partial struct Bounds2D : IEquatable<Bounds2D>
    {
        /// <summary>A rectangle from its corner with the smallest coordinates and its size.</summary>
        public Bounds2D(int x, int y, int width, int height)
        {
            this.x = x;
            this.y = y;
            this.width = width;
            this.height = height;
        }

        /// <summary>Smallest x inside (= x).</summary>
        public long xMin { get { Library.EnsureLoaded(); return Native.pp_bounds_x_min(this); } }
        /// <summary>One past the largest x inside: x + width, in 64 bits.</summary>
        public long xMax { get { Library.EnsureLoaded(); return Native.pp_bounds_x_max(this); } }
        /// <summary>Smallest y inside (= y).</summary>
        public long yMin { get { Library.EnsureLoaded(); return Native.pp_bounds_y_min(this); } }
        /// <summary>One past the largest y inside: y + height, in 64 bits.</summary>
        public long yMax { get { Library.EnsureLoaded(); return Native.pp_bounds_y_max(this); } }

        /// <summary>True when the rectangle holds no pixel.</summary>
        public bool isEmpty { get { Library.EnsureLoaded(); return Native.pp_bounds_is_empty(this) != 0; } }

        /// <summary>True when pixel (px, py) lies inside.</summary>
        public bool Contains(int px, int py)
        {
            Library.EnsureLoaded();
            return Native.pp_bounds_contains(this, px, py) != 0;
        }

        /// <summary>True when the two rectangles share a pixel (touching edges do not).</summary>
        public bool Overlaps(Bounds2D other)
        {
            Library.EnsureLoaded();
            return Native.pp_bounds_overlaps(this, other) != 0;
        }

        /// <summary>The pixels both rectangles cover; false (and a zero rectangle) when they do not
        /// overlap.</summary>
        public bool TryIntersection(Bounds2D other, out Bounds2D intersection)
        {
            Library.EnsureLoaded();
            byte has;
            PerPixelException.Check(Native.pp_bounds_intersection(this, other, out has, out intersection));
            return has != 0;
        }

        /// <summary><paramref name="global"/> relative to this rectangle's corner: how an intersection
        /// becomes pixel indices into a sprite's mask. Throws <see cref="PerPixelException"/>
        /// (<see cref="Status.Overflow"/>) when the result does not fit in 32 bits.</summary>
        public Bounds2D ToLocal(Bounds2D global)
        {
            Library.EnsureLoaded();
            Bounds2D local;
            PerPixelException.Check(Native.pp_bounds_to_local(this, global, out local));
            return local;
        }

        /// <summary>The inverse of <see cref="ToLocal"/>: <paramref name="local"/>, given relative to this
        /// rectangle's corner, in world coordinates. Throws <see cref="PerPixelException"/>
        /// (<see cref="Status.Overflow"/>) when the result does not fit in 32 bits.</summary>
        public Bounds2D ToGlobal(Bounds2D local)
        {
            Library.EnsureLoaded();
            Bounds2D global;
            PerPixelException.Check(Native.pp_bounds_to_global(this, local, out global));
            return global;
        }

        /// <summary>Number of pixels inside (0 when empty), in 64 bits.</summary>
        public ulong area { get { Library.EnsureLoaded(); return Native.pp_bounds_area(this); } }

        /// <inheritdoc/>
        public bool Equals(Bounds2D other)
        {
            return x == other.x && y == other.y && width == other.width && height == other.height;
        }

        /// <inheritdoc/>
        public override bool Equals(object obj) { return obj is Bounds2D && Equals((Bounds2D)obj); }

        /// <inheritdoc/>
        public override int GetHashCode()
        {
            unchecked { return ((x * 397 ^ y) * 397 ^ width) * 397 ^ height; }
        }

        /// <summary>Field-wise equality.</summary>
        public static bool operator ==(Bounds2D a, Bounds2D b) { return a.Equals(b); }
        /// <summary>Field-wise inequality.</summary>
        public static bool operator !=(Bounds2D a, Bounds2D b) { return !a.Equals(b); }

        /// <inheritdoc/>
        public override string ToString()
        {
            return "(x:" + x + ", y:" + y + ", width:" + width + ", height:" + height + ")";
        }
    }
}
