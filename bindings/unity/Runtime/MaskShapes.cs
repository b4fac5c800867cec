// The shape tools on masks (issue 16): what a mask says about its shape (centroid, angle, connected
// components), new masks made from one (grow, shrink, convolve, scale, crop), and conversions (pixels, PNG,
// colour ranges). Every member reads the mask and never changes it: any thread while nobody edits it.
using System;
using System.Runtime.InteropServices;

namespace PerPixel
{
    /// <summary>Which neighbours join solid pixels into one connected component.</summary>
    public enum Connectivity : byte
    {
        /// <summary>The 8 neighbours: pixels touching by a side or a corner (pygame's rule; the default).</summary>
        Eight = 0,
        /// <summary>The 4 neighbours: pixels touching by a side only (a diagonal step separates).</summary>
        Four = 1,
    }

    /// <summary>How <see cref="Mask.Components(ComponentOptions)"/>, <see cref="Mask.LabelComponents"/>,
    /// <see cref="Mask.ComponentCounts"/> and <see cref="Mask.ComponentBounds"/> find and list components (C's
    /// <c>pp_component_options</c>).</summary>
    /// <remarks><c>new ComponentOptions()</c> is the default, pygame's: 8-connected, by position, every
    /// component. The native struct is filled from <c>pp_component_options_default()</c>, so it always carries
    /// the cookie the library checks.</remarks>
    public struct ComponentOptions
    {
        /// <summary>Which neighbours connect (<see cref="PerPixel.Connectivity.Eight"/> unless set).</summary>
        public Connectivity Connectivity;
        /// <summary>The listing order (<see cref="ComponentOrder.Position"/> unless set).</summary>
        public ComponentOrder Order;
        /// <summary>Components with fewer pixels are left out (pygame's <c>minimum</c>); 0 keeps all.</summary>
        public ulong MinPixels;

        internal NativeComponentOptions ToNative()
        {
            NativeComponentOptions o = Native.pp_component_options_default();
            o.connectivity = Mask.NativeConnectivity(Connectivity);
            o.order = (uint)Order;
            o.min_pixels = MinPixels;
            return o;
        }
    }

    /// <summary>How <see cref="Mask.Grow"/> and <see cref="Mask.Shrink"/> reach (C's
    /// <c>pp_morph_options</c>).</summary>
    /// <remarks><c>new MorphOptions()</c> is the default, Godot's: a disc, and shrinking wears the shape away
    /// from the mask's edges too (<see cref="ShrinkFromEdges"/> true; stored inverted so the all-zero struct
    /// means it).</remarks>
    public struct MorphOptions
    {
        private bool _keepEdges;

        /// <summary>The shape of the reach (<see cref="PerPixel.Norm.Disc"/> unless set).</summary>
        public Norm Norm;

        /// <summary>When shrinking, the pixels past the mask's edges count as empty (true, the default: a shape
        /// touching an edge shrinks away from it); false: only empty pixels inside wear the shape away, so a
        /// terrain filling the bottom edge keeps it.</summary>
        public bool ShrinkFromEdges
        {
            get { return !_keepEdges; }
            set { _keepEdges = !value; }
        }

        internal NativeMorphOptions ToNative()
        {
            NativeMorphOptions o = Native.pp_morph_options_default();
            o.norm = (uint)Norm;
            o.shrink_from_edges = (byte)(ShrinkFromEdges ? 1 : 0);
            return o;
        }
    }

    /// <summary>A colour by channel, like Unity's <c>Color32</c> (C's <c>pp_rgba</c>): red, green, blue,
    /// alpha, whatever the pixel format it is written in.</summary>
    public partial struct Rgba : IEquatable<Rgba>
    {
        /// <summary>A colour.</summary>
        public Rgba(byte r, byte g, byte b, byte a) { this.r = r; this.g = g; this.b = b; this.a = a; }

        /// <inheritdoc/>
        public bool Equals(Rgba other) { return r == other.r && g == other.g && b == other.b && a == other.a; }
        /// <inheritdoc/>
        public override bool Equals(object obj) { return obj is Rgba && Equals((Rgba)obj); }
        /// <inheritdoc/>
        public override int GetHashCode() { return r | g << 8 | b << 16 | a << 24; }
        /// <inheritdoc/>
        public override string ToString() { return "(" + r + ", " + g + ", " + b + ", " + a + ")"; }
    }

    /// <summary>The colours <see cref="Mask.FromColorRange(ReadOnlySpan{byte}, PixelFormat, int, int, int,
    /// ColorRange)"/> makes solid: every channel between <see cref="min"/> and <see cref="max"/>, both
    /// inclusive (C's <c>pp_color_range</c>, a plain value). A channel whose min exceeds its max admits
    /// nothing.</summary>
    public partial struct ColorRange
    {
        /// <summary>A range.</summary>
        public ColorRange(Rgba min, Rgba max) { this.min = min; this.max = max; }

        /// <summary>pygame's <c>from_threshold</c> rule: the colours whose red, green and blue each differ from
        /// <paramref name="color"/>'s by less than <paramref name="threshold"/>'s (0 admits nothing, 1 exactly
        /// the colour's value), any alpha (pygame-ce does not compare alpha; set <c>min.a</c> / <c>max.a</c>
        /// afterwards for an alpha range).</summary>
        public static ColorRange Within(Rgba color, Rgba threshold)
        {
            Library.EnsureLoaded();
            return Native.pp_color_range_within(color, threshold);
        }
    }

    /// <summary>The connected components as a label image (<see cref="Mask.LabelComponents"/>).</summary>
    public sealed class ComponentLabels
    {
        internal ComponentLabels(int width, int height, uint[] labels, int count)
        {
            Width = width;
            Height = height;
            Labels = labels;
            Count = count;
        }

        /// <summary>Width of the labelled mask.</summary>
        public int Width { get; private set; }
        /// <summary>Height of the labelled mask.</summary>
        public int Height { get; private set; }
        /// <summary>One label per pixel, row-major (<c>Labels[y * Width + x]</c>): 0 for an empty pixel (or one
        /// of a component left out by <see cref="ComponentOptions.MinPixels"/>), 1..<see cref="Count"/> for the
        /// components in the order asked for.</summary>
        public uint[] Labels { get; private set; }
        /// <summary>The number of components (the largest label).</summary>
        public int Count { get; private set; }

        /// <summary>The label of pixel (x, y); 0 outside the mask.</summary>
        public uint LabelAt(int x, int y)
        {
            if (x < 0 || y < 0 || x >= Width || y >= Height) return 0;
            return Labels[y * Width + x];
        }
    }

    public sealed partial class Mask
    {
        internal static uint NativeConnectivity(Connectivity connectivity)
        {
            // PP_CONNECTIVITY_8 and PP_CONNECTIVITY_4 of perpixel.h.
            switch (connectivity)
            {
                case Connectivity.Eight: return Native.Connectivity8;
                case Connectivity.Four: return Native.Connectivity4;
                default: throw new ArgumentOutOfRangeException("connectivity", connectivity, "Eight or Four");
            }
        }

        /// <summary>One native call of the buffer convention: <c>buf</c> null asks for the size.</summary>
        internal delegate Status ListCall<T>(T[] buf, UIntPtr bufLen, out UIntPtr len);

        /// <summary>A list by the buffer convention: the size, then the elements.</summary>
        internal static T[] FetchList<T>(ListCall<T> call)
        {
            UIntPtr n;
            PerPixelException.Check(call(null, UIntPtr.Zero, out n));
            var items = new T[(long)n];
            PerPixelException.Check(call(items, (UIntPtr)items.Length, out n));
            return items;
        }

        private static uint PixelCount(int pixels)
        {
            if (pixels < 0) throw new ArgumentOutOfRangeException("pixels", pixels, "must not be negative");
            return (uint)pixels;
        }

        /// <summary>The centroid of the solid pixels as pygame's <c>centroid()</c>: each coordinate's sum over
        /// the count, rounded down; (0, 0) for a mask with no solid pixel.</summary>
        public Point Centroid()
        {
            uint x, y;
            PerPixelException.Check(Native.pp_mask_centroid(Handle, out x, out y));
            return new Point(x, y);
        }

        /// <summary>The orientation of the solid pixels in degrees as pygame's <c>angle()</c>, in −90..90 (0
        /// for an empty mask); with y down, positive leans like "/". The same bits on every platform.</summary>
        public double Angle()
        {
            double angle;
            PerPixelException.Check(Native.pp_mask_angle(Handle, out angle));
            return angle;
        }

        /// <summary>Each connected component as a new mask (dispose each) of this size holding only its pixels,
        /// 8-connected, by position (pygame's <c>connected_components()</c>).</summary>
        public Mask[] Components()
        {
            return Components(new ComponentOptions());
        }

        /// <summary>Each connected component as a new mask (dispose each) of this size holding only its pixels,
        /// found and listed as <paramref name="options"/> says (pygame's
        /// <c>connected_components(minimum)</c>).</summary>
        public Mask[] Components(ComponentOptions options)
        {
            MaskHandle h = Handle;
            NativeComponentOptions o = options.ToNative();
            UIntPtr n;
            PerPixelException.Check(Native.pp_mask_components(h, ref o, null, UIntPtr.Zero, out n));
            var raw = new IntPtr[(long)n];
            var result = new Mask[raw.Length];
            // On failure the library writes no handle and keeps none.
            PerPixelException.Check(Native.pp_mask_components(h, ref o, raw, (UIntPtr)raw.Length, out n));
            var handles = new MaskHandle[raw.Length];
            for (int i = 0; i < raw.Length; i++) handles[i] = new MaskHandle(raw[i]);
            for (int i = 0; i < raw.Length; i++) result[i] = Wrap(Status.Ok, handles[i]);
            return result;
        }

        /// <summary>The connected components as a label image: 0 for empty pixels, 1..n for the components in
        /// the order <paramref name="options"/> asks for.</summary>
        public ComponentLabels LabelComponents(ComponentOptions options)
        {
            MaskHandle h = Handle;
            NativeComponentOptions o = options.ToNative();
            var labels = new uint[(long)_width * _height];
            UIntPtr n;
            uint count;
            PerPixelException.Check(Native.pp_mask_component_labels(h, ref o, labels, (UIntPtr)labels.Length,
                out n, out count));
            return new ComponentLabels(_width, _height, labels, checked((int)count));
        }

        /// <summary>The pixel count of each component in the order <paramref name="options"/> asks for (entry i
        /// is label i + 1's of <see cref="LabelComponents"/>).</summary>
        public ulong[] ComponentCounts(ComponentOptions options)
        {
            MaskHandle h = Handle;
            NativeComponentOptions o = options.ToNative();
            return FetchList((ulong[] buf, UIntPtr bufLen, out UIntPtr n) =>
                Native.pp_mask_component_counts(h, ref o, buf, bufLen, out n));
        }

        /// <summary>The bounding rectangle of each component in this mask's pixels, in the order
        /// <paramref name="options"/> asks for (with <c>new ComponentOptions()</c>, pygame's
        /// <c>get_bounding_rects()</c>).</summary>
        public Bounds2D[] ComponentBounds(ComponentOptions options)
        {
            MaskHandle h = Handle;
            NativeComponentOptions o = options.ToNative();
            return FetchList((Bounds2D[] buf, UIntPtr bufLen, out UIntPtr n) =>
                Native.pp_mask_component_bounds(h, ref o, buf, bufLen, out n));
        }

        /// <summary>A new mask (dispose it) of this size holding the component of pixel (x, y); empty when that
        /// pixel is. Throws with <see cref="Status.InvalidArgument"/> outside the mask.</summary>
        public Mask ComponentAt(int x, int y, Connectivity connectivity = Connectivity.Eight)
        {
            MaskHandle h;
            Status s = Native.pp_mask_component_at(Handle, x, y, NativeConnectivity(connectivity), out h);
            return Wrap(s, h);
        }

        /// <summary>A new mask (dispose it) of this size holding the largest component (equal sizes: the first
        /// by position; pygame's <c>connected_component()</c>).</summary>
        public Mask LargestComponent(Connectivity connectivity = Connectivity.Eight)
        {
            MaskHandle h;
            Status s = Native.pp_mask_largest_component(Handle, NativeConnectivity(connectivity), out h);
            return Wrap(s, h);
        }

        /// <summary>A new mask (dispose it) of this size: grown by <paramref name="pixels"/> as
        /// <paramref name="options"/> measures (<c>new MorphOptions()</c>: Godot's <c>grow_mask</c>).</summary>
        public Mask Grow(int pixels, MorphOptions options)
        {
            NativeMorphOptions o = options.ToNative();
            MaskHandle h;
            Status s = Native.pp_mask_grow(Handle, PixelCount(pixels), ref o, out h);
            return Wrap(s, h);
        }

        /// <summary>A new mask (dispose it) of this size: shrunk by <paramref name="pixels"/> as
        /// <paramref name="options"/> measures (<c>new MorphOptions()</c>: Godot's <c>shrink_mask</c>).</summary>
        public Mask Shrink(int pixels, MorphOptions options)
        {
            NativeMorphOptions o = options.ToNative();
            MaskHandle h;
            Status s = Native.pp_mask_shrink(Handle, PixelCount(pixels), ref o, out h);
            return Wrap(s, h);
        }

        /// <summary>A new mask (dispose it), pygame's <c>convolve(other)</c>: pixel (p, q) is solid when
        /// <c>Collides(other, p - other.Width + 1, q - other.Height + 1)</c>.</summary>
        public Mask Convolve(Mask other)
        {
            MaskHandle b = Other(other);
            MaskHandle h;
            Status s = Native.pp_mask_convolve(Handle, b, out h);
            return Wrap(s, h);
        }

        /// <summary>A new mask (dispose it) resized to width × height by nearest neighbour as pygame's
        /// <c>scale()</c>: pixel (x, y) from (x · Width / width, y · Height / height) rounded down.</summary>
        public Mask Scale(int width, int height)
        {
            MaskHandle h;
            Status s = Native.pp_mask_scale(Handle, width, height, out h);
            return Wrap(s, h);
        }

        /// <summary>A new mask (dispose it): the part of this mask inside <paramref name="region"/>, which must
        /// lie inside it.</summary>
        public Mask Crop(Bounds2D region)
        {
            MaskHandle h;
            Status s = Native.pp_mask_crop(Handle, region, out h);
            return Wrap(s, h);
        }

        /// <summary>The mask as pixels in <paramref name="format"/>, rows top to bottom, tightly packed:
        /// <paramref name="set"/> where solid, <paramref name="unset"/> where empty (pygame's
        /// <c>to_surface</c>). For a texture: <c>Texture2D.LoadRawTextureData</c> with RGBA32.</summary>
        public byte[] ToPixels(PixelFormat format, Rgba set, Rgba unset)
        {
            MaskHandle h = Handle;
            return FetchList((byte[] buf, UIntPtr bufLen, out UIntPtr n) =>
                Native.pp_mask_to_pixels(h, (uint)format, set, unset, buf, bufLen, out n));
        }

        /// <summary>Draws the mask into <paramref name="output"/> (a texture or a region of one): row j at byte
        /// j × <paramref name="strideBytes"/>, the bytes between rows left alone. It must hold
        /// stride × (Height − 1) + Width × bytes per pixel bytes.</summary>
        public unsafe void WritePixels(Span<byte> output, int strideBytes, PixelFormat format, Rgba set, Rgba unset)
        {
            MaskHandle h = Handle;
            Status s;
            fixed (byte* p = &MemoryMarshal.GetReference(output))
            {
                s = Native.pp_mask_write_pixels(h, (uint)format, set, unset, p, (UIntPtr)output.Length, strideBytes);
            }
            PerPixelException.Check(s);
        }

        /// <summary>Draws the mask into a byte array; see <see cref="WritePixels(Span{byte}, int, PixelFormat,
        /// Rgba, Rgba)"/>.</summary>
        public void WritePixels(byte[] output, int strideBytes, PixelFormat format, Rgba set, Rgba unset)
        {
            if (output == null) throw new ArgumentNullException("output");
            WritePixels(new Span<byte>(output), strideBytes, format, set, unset);
        }

        /// <summary>The mask as a PNG file's bytes (RGBA, <paramref name="set"/> where solid,
        /// <paramref name="unset"/> where empty). Throws with <see cref="Status.InvalidArgument"/> for a mask
        /// with a side of 0.</summary>
        public byte[] ToPng(Rgba set, Rgba unset)
        {
            MaskHandle h = Handle;
            return FetchList((byte[] buf, UIntPtr bufLen, out UIntPtr n) =>
                Native.pp_mask_to_png(h, set, unset, buf, bufLen, out n));
        }

        /// <summary>A new mask (dispose it) of the pixels whose every channel lies in
        /// <paramref name="range"/>; the pixel arguments are <see cref="FromPixels(ReadOnlySpan{byte},
        /// PixelFormat, int, int, int, MaskOptions)"/>'s. <see cref="PixelFormat.A8"/> has no colour: throws
        /// with <see cref="Status.InvalidArgument"/>.</summary>
        public static unsafe Mask FromColorRange(ReadOnlySpan<byte> pixels, PixelFormat format, int width,
            int height, int strideBytes, ColorRange range)
        {
            Library.EnsureLoaded();
            MaskHandle h;
            Status s;
            fixed (byte* p = &MemoryMarshal.GetReference(pixels))
            {
                s = Native.pp_mask_from_color_range(p, (UIntPtr)pixels.Length, (uint)format, width, height,
                    strideBytes, range, out h);
            }
            return Wrap(s, h);
        }

        /// <summary>A new mask (dispose it) from a byte array; see <see cref="FromColorRange(ReadOnlySpan{byte},
        /// PixelFormat, int, int, int, ColorRange)"/>.</summary>
        public static Mask FromColorRange(byte[] pixels, PixelFormat format, int width, int height,
            int strideBytes, ColorRange range)
        {
            if (pixels == null) throw new ArgumentNullException("pixels");
            return FromColorRange(new ReadOnlySpan<byte>(pixels), format, width, height, strideBytes, range);
        }
    }
}
