using System;
using System.Runtime.InteropServices;

namespace PerPixel
{
    /// <summary>A world pixel, e.g. where two sprites first touch. 64-bit because a sprite placed near
    /// int.MaxValue has pixels beyond it.</summary>
    public partial struct Point : IEquatable<Point>
    {
        /// <summary>A point.</summary>
        public Point(long x, long y) { this.x = x; this.y = y; }

        /// <inheritdoc/>
        public bool Equals(Point other) { return x == other.x && y == other.y; }
        /// <inheritdoc/>
        public override bool Equals(object obj) { return obj is Point && Equals((Point)obj); }
        /// <inheritdoc/>
        public override int GetHashCode() { return (x * 397 ^ y).GetHashCode(); }
        /// <inheritdoc/>
        public override string ToString() { return "(" + x + ", " + y + ")"; }
    }
    /// <summary>A unit vector: a contact or surface normal (C's <c>pp_normal</c>), in the caller's own y
    /// convention: a sprite resting on flat ground gets (0, -1) in a y-down world, (0, 1) in a y-up one
    /// (Unity).</summary>
    public partial struct Normal : IEquatable<Normal>
    {
        /// <summary>A normal (not checked to be of unit length).</summary>
        public Normal(double x, double y) { this.x = x; this.y = y; }

        /// <summary>The angle in degrees, atan2(y, x): -90 is (0, -1), 180 is (-1, 0). The library's own arc
        /// tangent (<c>pp_normal_degrees</c>), so the same bits on every platform and in every language
        /// (<c>Math.Atan2</c> may differ in the last bit); NaN in gives NaN.</summary>
        public double Degrees { get { Library.EnsureLoaded(); return Native.pp_normal_degrees(this); } }

        /// <inheritdoc/>
        public bool Equals(Normal other) { return x.Equals(other.x) && y.Equals(other.y); }
        /// <inheritdoc/>
        public override bool Equals(object obj) { return obj is Normal && Equals((Normal)obj); }
        /// <inheritdoc/>
        public override int GetHashCode() { return x.GetHashCode() * 397 ^ y.GetHashCode(); }
        /// <inheritdoc/>
        public override string ToString() { return "(" + x.ToString("R") + ", " + y.ToString("R") + ")"; }
    }

    /// <summary>A whole-pixel translation (C's <c>pp_offset</c>), e.g. what
    /// <see cref="PlacedSprite.PushOut"/> found.</summary>
    public partial struct Offset : IEquatable<Offset>
    {
        /// <summary>A translation.</summary>
        public Offset(int dx, int dy) { this.dx = dx; this.dy = dy; }

        /// <summary>Its Euclidean length in pixels.</summary>
        public double Length { get { return Math.Sqrt((double)dx * dx + (double)dy * dy); } }

        /// <inheritdoc/>
        public bool Equals(Offset other) { return dx == other.dx && dy == other.dy; }
        /// <inheritdoc/>
        public override bool Equals(object obj) { return obj is Offset && Equals((Offset)obj); }
        /// <inheritdoc/>
        public override int GetHashCode() { return dx * 397 ^ dy; }
        /// <inheritdoc/>
        public override string ToString() { return "(" + dx + ", " + dy + ")"; }
    }
}
