using System;

namespace PerPixel
{
    /// <summary>
    /// How a mask is placed in the world when it is moved by sub-pixels, rotated, scaled or mirrored (the C
    /// ABI's <c>pp_transform</c>). <c>new SpriteTransform()</c> and <c>default(SpriteTransform)</c> are the identity at
    /// (0, 0): scale 1, no rotation, no flips, the pivot at the mask's centre.
    /// </summary>
    /// <remarks>
    /// <para>Mask point m lands at <c>(X, Y) + pivot + R(RotationDegrees) * S * (m - pivot)</c>, S the scale
    /// per axis negated by a flip. World pixel (X, Y) is covered when its centre (X + 0.5, Y + 0.5), mapped
    /// back into the mask, lands in a solid texel. The library turns the transform into an exact fixed-point
    /// inverse once (IEEE basic operations, a software sine and cosine), so the answers are bit-identical on
    /// every platform and equal to the Rust, C and C++ answers for the same numbers.</para>
    /// <para>Named <c>SpriteTransform</c> (not <c>Transform</c>) so that <c>using PerPixel;</c> beside
    /// <c>using UnityEngine;</c> never makes <c>Transform</c> ambiguous.</para>
    /// <para>A positive angle turns from +x towards +y: counter-clockwise in Unity's y-up world.</para>
    /// <para>The scales are stored behind flags so that the all-zero struct means scale 1 exactly (a C# 7.2
    /// struct has no parameterless constructor).</para>
    /// </remarks>
    public struct SpriteTransform
    {
        private double _scaleX, _scaleY;
        private bool _hasScaleX, _hasScaleY;

        /// <summary>World x of mask point (0, 0) before rotation, scale and flips (sub-pixel allowed).</summary>
        public double X;
        /// <summary>World y of mask point (0, 0) before rotation, scale and flips.</summary>
        public double Y;
        /// <summary>Degrees, positive from +x towards +y.</summary>
        public double RotationDegrees;
        /// <summary>Mirror left-right about the pivot (within the rectangle with the default pivot).</summary>
        public bool FlipX;
        /// <summary>Mirror up-down about the pivot.</summary>
        public bool FlipY;
        /// <summary>When set, rotation, scale and flips turn about (<see cref="PivotX"/>, <see cref="PivotY"/>),
        /// in mask pixels; otherwise about the centre of the mask's rectangle.</summary>
        public bool UsePivot;
        /// <summary>The pivot's x in mask pixels (when <see cref="UsePivot"/>).</summary>
        public double PivotX;
        /// <summary>The pivot's y in mask pixels (when <see cref="UsePivot"/>).</summary>
        public double PivotY;

        /// <summary>Scale along the mask's x axis (1 unless set); negative mirrors.</summary>
        public double ScaleX
        {
            get { return _hasScaleX ? _scaleX : 1.0; }
            set { _scaleX = value; _hasScaleX = true; }
        }

        /// <summary>Scale along the mask's y axis (1 unless set); negative mirrors.</summary>
        public double ScaleY
        {
            get { return _hasScaleY ? _scaleY : 1.0; }
            set { _scaleY = value; _hasScaleY = true; }
        }

        /// <summary>The identity moved to (x, y).</summary>
        public static SpriteTransform At(double x, double y)
        {
            return new SpriteTransform { X = x, Y = y };
        }

        /// <summary>The native struct: <c>pp_transform_default()</c> (which sets the cookie the library
        /// checks) with these values written over it. Call after <see cref="Library.EnsureLoaded"/>.</summary>
        internal NativeTransform ToNative()
        {
            NativeTransform t = Native.pp_transform_default();
            t.x = X;
            t.y = Y;
            t.rotation_degrees = RotationDegrees;
            t.scale_x = ScaleX;
            t.scale_y = ScaleY;
            t.flip_x = (byte)(FlipX ? 1 : 0);
            t.flip_y = (byte)(FlipY ? 1 : 0);
            t.has_pivot = (byte)(UsePivot ? 1 : 0);
            t.pivot_x = PivotX;
            t.pivot_y = PivotY;
            return t;
        }
    }

    /// <summary>
    /// A transformed sprite on the world pixel grid: <see cref="Mask"/> holds the world pixels it covers, its
    /// pixel (0, 0) at world (<see cref="X"/>, <see cref="Y"/>). Every pair query takes it through
    /// <see cref="Placed"/>, against plain, bounds-only or other transformed sprites. Keep it while the
    /// transform only moves by whole pixels (then move X and Y by as much); dispose it (it owns its mask).
    /// </summary>
    public sealed class Raster : IDisposable
    {
        /// <summary>The covered world pixels (owned by this raster).</summary>
        public Mask Mask { get; private set; }
        /// <summary>World x of the raster's pixel (0, 0).</summary>
        public int X;
        /// <summary>World y of the raster's pixel (0, 0).</summary>
        public int Y;

        internal Raster(Mask mask, int x, int y)
        {
            Mask = mask;
            X = x;
            Y = y;
        }

        /// <summary>The raster as a placed sprite (pixel collision on).</summary>
        public PlacedSprite Placed
        {
            get { return new PlacedSprite(Mask, X, Y); }
        }

        /// <summary>Frees the raster's mask.</summary>
        public void Dispose()
        {
            Mask.Dispose();
        }
    }

    /// <summary>
    /// A mask placed by a <see cref="SpriteTransform"/>, asked directly: only the world pixels inside both
    /// masks' solid bounds are sampled, no <see cref="Raster"/> is made. The same answers as the two sprites'
    /// rasters; faster for a pair asked about once (a sprite whose angle changes every frame), slower than
    /// kept rasters for pairs asked about again and again. Pixel collision only.
    /// <para>Cost: a sprite whose raster would exceed the mask size limit (<see cref="Library.MaxMaskPixels"/>)
    /// makes every query throw <see cref="PerPixelException"/> with <c>Status.TooLarge</c>, as
    /// <see cref="Mask.Rasterise(SpriteTransform, bool)"/> does; within it, a query's work is at most the smaller
    /// sprite's raster (its rows and pixels).</para>
    /// </summary>
    public struct TransformedSprite
    {
        /// <summary>The sprite's mask (not owned).</summary>
        public Mask Mask;
        /// <summary>Where and how it is placed.</summary>
        public SpriteTransform Transform;

        /// <summary>A mask placed by a transform.</summary>
        public TransformedSprite(Mask mask, SpriteTransform transform)
        {
            if (mask == null) throw new ArgumentNullException("mask");
            Mask = mask;
            Transform = transform;
        }

        private static Mask Checked(Mask m, string name)
        {
            if (m == null) throw new ArgumentNullException(name);
            return m;
        }

        /// <summary>True when some world pixel is covered by both.</summary>
        public bool Collides(TransformedSprite other)
        {
            NativeTransform a = Transform.ToNative(), b = other.Transform.ToNative();
            byte hit;
            PerPixelException.Check(Native.pp_transformed_collides(Checked(Mask, "Mask").Handle, ref a,
                Checked(other.Mask, "other.Mask").Handle, ref b, out hit));
            return hit != 0;
        }

        /// <summary>The first world pixel covered by both (lowest row, then lowest x); false and (0, 0)
        /// when they do not touch.</summary>
        public bool TryFirstContact(TransformedSprite other, out Point contact)
        {
            NativeTransform a = Transform.ToNative(), b = other.Transform.ToNative();
            byte found;
            PerPixelException.Check(Native.pp_transformed_first_contact(Checked(Mask, "Mask").Handle, ref a,
                Checked(other.Mask, "other.Mask").Handle, ref b, out found, out contact));
            return found != 0;
        }

        /// <summary>True when world pixel (<paramref name="x"/>, <paramref name="y"/>) is covered: its centre,
        /// mapped back into the mask, lands in a solid texel. The same answer as
        /// <see cref="PlacedSprite.SolidAt"/> on the sprite's <see cref="Raster"/>.</summary>
        public bool SolidAt(long x, long y)
        {
            NativeTransform t = Transform.ToNative();
            byte solid;
            PerPixelException.Check(Native.pp_transformed_solid_at(Checked(Mask, "Mask").Handle, ref t, x, y,
                out solid));
            return solid != 0;
        }

        /// <summary>How many world pixels both cover.</summary>
        public ulong OverlapArea(TransformedSprite other)
        {
            NativeTransform a = Transform.ToNative(), b = other.Transform.ToNative();
            ulong area;
            PerPixelException.Check(Native.pp_transformed_overlap_area(Checked(Mask, "Mask").Handle, ref a,
                Checked(other.Mask, "other.Mask").Handle, ref b, out area));
            return area;
        }
    }
}
