// The raw layer of polygons and outlines (issue 16): the P/Invoke declarations of
// pp_mask_polygons, pp_mask_convex_pieces, pp_mask_outline and their result readers, exactly
// as include/perpixel.h declares them. Internal; the public API is in MaskPolygons.cs.
using System;
using System.Runtime.InteropServices;

namespace PerPixel
{
    /// <summary>The C layout of <c>pp_polygon_options</c>.</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativePolygonOptions
    {
        public uint internal_cookie; // set by pp_polygon_options_default(); checked by the library
        public double epsilon;
        public byte holes;
        public byte y_flip;
        public uint max_vertices;
    }

    internal static partial class Native
    {
        // Polygons and outlines. The uint32_t lists (ring starts, ring counts, piece starts) are read into
        // int[]: the same bits, and a C# array cannot hold more than int.MaxValue points anyway.
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern NativePolygonOptions pp_polygon_options_default();
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_polygons(MaskHandle mask, ref NativePolygonOptions options,
            out IntPtr polygons);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_polygons_counts(IntPtr polygons, out UIntPtr polygonCount,
            out UIntPtr ringCount, out UIntPtr pointCount);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_polygons_points(IntPtr polygons, [Out] Vertex[] buf, UIntPtr bufLen,
            out UIntPtr len);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_polygons_ring_starts(IntPtr polygons, [Out] int[] buf, UIntPtr bufLen,
            out UIntPtr len);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_polygons_ring_counts(IntPtr polygons, [Out] int[] buf, UIntPtr bufLen,
            out UIntPtr len);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void pp_polygons_free(IntPtr polygons);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_convex_pieces(MaskHandle mask, ref NativePolygonOptions options,
            out IntPtr pieces);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_convex_pieces_counts(IntPtr pieces, out UIntPtr pieceCount,
            out UIntPtr pointCount);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_convex_pieces_points(IntPtr pieces, [Out] VertexF[] buf, UIntPtr bufLen,
            out UIntPtr len);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_convex_pieces_starts(IntPtr pieces, [Out] int[] buf, UIntPtr bufLen,
            out UIntPtr len);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void pp_convex_pieces_free(IntPtr pieces);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_outline(MaskHandle mask, uint every, [Out] Vertex[] buf,
            UIntPtr bufLen, out UIntPtr len);
    }
}
