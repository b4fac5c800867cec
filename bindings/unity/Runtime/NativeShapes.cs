// The raw layer of the shape tools (issue 16): pp_mask_centroid ... pp_mask_from_color_range, declared
// for P/Invoke exactly as include/perpixel.h declares them. Internal; Mask's public members in
// MaskShapes.cs wrap them with argument checks and exceptions.
using System;
using System.Runtime.InteropServices;

namespace PerPixel
{
    /// <summary>C's <c>pp_component_options</c>, blittable and laid out as in perpixel.h.</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeComponentOptions
    {
        public uint internal_cookie; // set by pp_component_options_default(); checked by the library
        public uint connectivity;
        public uint order;
        public uint reserved;
        public ulong min_pixels;
    }

    /// <summary>C's <c>pp_morph_options</c>.</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeMorphOptions
    {
        public uint internal_cookie; // set by pp_morph_options_default(); checked by the library
        public uint norm;
        public byte shrink_from_edges;
    }

    internal static partial class Native
    {
        // Analysis: centroid, angle, connected components.
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern NativeComponentOptions pp_component_options_default();
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_centroid(MaskHandle mask, out uint x, out uint y);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_angle(MaskHandle mask, out double angle);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_components(MaskHandle mask, ref NativeComponentOptions options,
            IntPtr[] buf, UIntPtr bufLen, out UIntPtr len);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_component_labels(MaskHandle mask, ref NativeComponentOptions options,
            uint[] labels, UIntPtr labelsLen, out UIntPtr len, out uint components);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_component_counts(MaskHandle mask, ref NativeComponentOptions options,
            ulong[] buf, UIntPtr bufLen, out UIntPtr len);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_component_bounds(MaskHandle mask, ref NativeComponentOptions options,
            Bounds2D[] buf, UIntPtr bufLen, out UIntPtr len);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_component_at(MaskHandle mask, int x, int y, uint connectivity,
            out MaskHandle result);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_largest_component(MaskHandle mask, uint connectivity,
            out MaskHandle result);

        // Morphology and resampling.
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern NativeMorphOptions pp_morph_options_default();
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_grow(MaskHandle mask, uint pixels, ref NativeMorphOptions options,
            out MaskHandle result);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_shrink(MaskHandle mask, uint pixels, ref NativeMorphOptions options,
            out MaskHandle result);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_convolve(MaskHandle mask, MaskHandle other, out MaskHandle result);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_scale(MaskHandle mask, int width, int height, out MaskHandle result);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_crop(MaskHandle mask, Bounds2D region, out MaskHandle result);

        // Conversions.
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_to_pixels(MaskHandle mask, uint format, Rgba set, Rgba unset,
            byte[] buf, UIntPtr bufLen, out UIntPtr len);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern unsafe Status pp_mask_write_pixels(MaskHandle mask, uint format, Rgba set, Rgba unset,
            byte* output, UIntPtr outputLen, int strideBytes);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_to_png(MaskHandle mask, Rgba set, Rgba unset, byte[] buf,
            UIntPtr bufLen, out UIntPtr len);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern ColorRange pp_color_range_within(Rgba color, Rgba threshold);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern unsafe Status pp_mask_from_color_range(byte* data, UIntPtr dataLen, uint format,
            int width, int height, int strideBytes, ColorRange range, out MaskHandle mask);
    }
}
