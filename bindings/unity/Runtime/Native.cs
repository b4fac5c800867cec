// The raw layer: every function of the perpixel C ABI (include/perpixel.h), declared for
// P/Invoke exactly as the header declares it. Everything here is internal; the public API
// (Mask, Bounds2D, PlacedSprite) wraps it with argument checks and exceptions.
using System;
using System.Runtime.InteropServices;
using System.Security;

namespace PerPixel
{
    /// <summary>The C structs of the ABI, blittable and laid out as in perpixel.h.</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeMaskOptions
    {
        public uint internal_cookie; // set by pp_mask_options_default(); checked by the library
        public byte threshold;
        public byte flip_x;
        public byte flip_y;
        public byte has_color_key;
        public byte color_key_r;
        public byte color_key_g;
        public byte color_key_b;
        public byte has_region;
        public Bounds2D region;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeMaskEdit
    {
        public uint internal_cookie; // set by pp_mask_edit_default(); checked by the library
        public uint op;
        public int x;
        public int y;
        public int x1;
        public int y1;
        public int width;
        public int height;
        public uint radius;
        public byte solid;
        public IntPtr other;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeSprite
    {
        public IntPtr mask;
        public int x;
        public int y;
        public byte pixel_collision;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeTransform
    {
        public uint internal_cookie; // set by pp_transform_default(); checked by the library
        public byte flip_x;
        public byte flip_y;
        public byte has_pivot;
        public byte reserved;
        public double x;
        public double y;
        public double pivot_x;
        public double pivot_y;
        public double rotation_degrees;
        public double scale_x;
        public double scale_y;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativePushOptions
    {
        public uint internal_cookie; // set by pp_push_options_default(); checked by the library
        public byte direction;
        public int along_x;
        public int along_y;
        public uint max_distance;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeMoveOptions
    {
        public uint internal_cookie; // set by pp_move_options_default(); checked by the library
        public uint step_up;
        public int up;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeMoveResult
    {
        public int x;
        public int y;
        public byte blocked_x;
        public byte blocked_y;
        public byte started_inside;
        public uint climbed;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeBodyDef
    {
        public uint internal_cookie; // set by pp_body_def_default(); checked by the library
        public IntPtr mask;
        public int x;
        public int y;
        public byte transformed;
        public NativeTransform transform;
        public byte pixel_collision;
        public byte is_static;
        public Filter filter;
        public ulong user_data;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativePosition
    {
        public int x;
        public int y;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeBodyInfo
    {
        public NativeSprite sprite;
        public byte is_static;
        public Filter filter;
        public ulong user_data;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal unsafe struct NativeWorldEvents
    {
        public Pair* touching;
        public UIntPtr touching_count;
        public Pair* begins;
        public UIntPtr begin_count;
        public Pair* ends;
        public UIntPtr end_count;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeContact
    {
        public byte touching;
        public Point first_contact;
        public ulong area;
        public byte has_normal;
        public Normal normal;
        public byte has_push_out;
        public Offset push_out;
    }

    internal static partial class Native
    {
#if (UNITY_IOS || UNITY_WEBGL) && !UNITY_EDITOR
        internal const string Library = "__Internal";
#else
        internal const string Library = "perpixel";
#endif

        // Version and errors.
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern IntPtr pp_version();
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint pp_version_number();
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern IntPtr pp_status_text(uint status);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern IntPtr pp_last_error_message();
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_last_error_message_copy(byte[] buf, UIntPtr bufLen, out UIntPtr len);

        // The process-wide mask size limit.
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern ulong pp_max_mask_pixels();
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_set_max_mask_pixels(ulong pixels);

        // Masks.
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern NativeMaskOptions pp_mask_options_default();
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern unsafe Status pp_mask_from_pixels(byte* data, UIntPtr dataLen, uint format,
            int width, int height, int strideBytes, ref NativeMaskOptions options, out MaskHandle mask);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern unsafe Status pp_mask_from_image_bytes(byte* data, UIntPtr len,
            ref NativeMaskOptions options, out MaskHandle mask);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_from_image_path(byte[] utf8PathNul, ref NativeMaskOptions options,
            out MaskHandle mask);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_new(int width, int height, byte solid, out MaskHandle mask);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void pp_mask_free(IntPtr mask);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_size(MaskHandle mask, out int width, out int height);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_is_solid(MaskHandle mask, int x, int y, out byte solid);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_count(MaskHandle mask, out ulong count);

        // Transformed sprites and mask-level transforms.
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern NativeTransform pp_transform_default();
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_rasterise(MaskHandle mask, ref NativeTransform transform,
            byte boundsOnly, out MaskHandle raster, out int x, out int y);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_rasterise_matrix(MaskHandle mask, double[] matrix,
            byte boundsOnly, out MaskHandle raster, out int x, out int y);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_to_bytes(MaskHandle mask, byte[] buf, UIntPtr bufLen, out UIntPtr len);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_from_bytes(int width, int height, byte[] data, UIntPtr len,
            out MaskHandle result);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_copy(MaskHandle mask, out MaskHandle result);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_set_pixel(MaskHandle mask, int x, int y, byte solid);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_fill_rect(MaskHandle mask, Bounds2D rect, byte solid);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_draw(MaskHandle mask, MaskHandle other, int x, int y);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_erase(MaskHandle mask, MaskHandle other, int x, int y);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_intersect(MaskHandle mask, MaskHandle other, int x, int y);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_xor(MaskHandle mask, MaskHandle other, int x, int y);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_invert(MaskHandle mask);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_fill_circle(MaskHandle mask, int cx, int cy, uint radius, byte solid);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_fill_ellipse(MaskHandle mask, Bounds2D rect, byte solid);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_draw_line(MaskHandle mask, int x0, int y0, int x1, int y1,
            uint radius, byte solid);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern NativeMaskEdit pp_mask_edit_default();
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_world_edit_mask(WorldHandle world, BodyId id, NativeMaskEdit[] edits,
            UIntPtr count);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_flip(MaskHandle mask, byte flipX, byte flipY, out MaskHandle result);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_rotate_quarter(MaskHandle mask, int quarterTurns,
            out MaskHandle result);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_transpose(MaskHandle mask, out MaskHandle result);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_scale_integer(MaskHandle mask, int sx, int sy, out MaskHandle result);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_transformed_collides(MaskHandle a, ref NativeTransform ta, MaskHandle b,
            ref NativeTransform tb, out byte collides);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_transformed_first_contact(MaskHandle a, ref NativeTransform ta, MaskHandle b,
            ref NativeTransform tb, out byte found, out Point point);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_transformed_overlap_area(MaskHandle a, ref NativeTransform ta, MaskHandle b,
            ref NativeTransform tb, out ulong area);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_solid_bounds(MaskHandle mask, out byte hasSolid, out Bounds2D bounds);

        // Baked masks and bundles.
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern unsafe Status pp_mask_from_baked(byte* data, UIntPtr len, out MaskHandle mask);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_to_baked(MaskHandle mask, byte[] buf, UIntPtr bufLen, out UIntPtr len);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern unsafe Status pp_bundle_from_bytes(byte* data, UIntPtr len, out BundleHandle bundle);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_bundle_from_path(byte[] utf8PathNul, out BundleHandle bundle);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void pp_bundle_free(IntPtr bundle);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_bundle_count(BundleHandle bundle, out UIntPtr count);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_bundle_name_at(BundleHandle bundle, UIntPtr index, byte[] buf, UIntPtr bufLen,
            out UIntPtr len);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_bundle_info_at(BundleHandle bundle, UIntPtr index, out NativeBakeInfo info);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_bundle_get(BundleHandle bundle, byte[] utf8NameNul, out byte found,
            out MaskHandle mask);

        // Bounds.
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern byte pp_bounds_overlaps(Bounds2D a, Bounds2D b);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern byte pp_bounds_contains(Bounds2D b, int x, int y);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern byte pp_bounds_is_empty(Bounds2D b);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern long pp_bounds_x_min(Bounds2D b);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern long pp_bounds_x_max(Bounds2D b);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern long pp_bounds_y_min(Bounds2D b);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern long pp_bounds_y_max(Bounds2D b);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_bounds_intersection(Bounds2D a, Bounds2D b, out byte hasOverlap,
            out Bounds2D result);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_bounds_to_local(Bounds2D self, Bounds2D global, out Bounds2D result);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_bounds_to_global(Bounds2D self, Bounds2D local, out Bounds2D result);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern ulong pp_bounds_area(Bounds2D b);

        // Pair queries on placed sprites. The per-frame ones take raw pointers to locals (blittable, no
        // marshalling stub work, no pinning); PlacedSprite keeps the masks alive and checks disposal.
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl), SuppressUnmanagedCodeSecurity]
        internal static extern unsafe Status pp_collides(NativeSprite* a, NativeSprite* b, byte* collides);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl), SuppressUnmanagedCodeSecurity]
        internal static extern unsafe Status pp_first_contact(NativeSprite* a, NativeSprite* b, byte* found,
            Point* contact);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl), SuppressUnmanagedCodeSecurity]
        internal static extern unsafe Status pp_overlap_area(NativeSprite* a, NativeSprite* b, ulong* area);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern unsafe Status pp_sweep(NativeSprite* mover, NativeSprite* obstacle, int dx, int dy,
            SweepResult* result);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl), SuppressUnmanagedCodeSecurity]
        internal static extern Status pp_sweep_path_position(int dx, int dy, ulong step, out Point position);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_overlap_mask(ref NativeSprite a, ref NativeSprite b, out MaskHandle mask,
            out Bounds2D bounds);

        // Contacts and motion (raw pointers to locals, as the pair queries).
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern unsafe Status pp_contact_normal(NativeSprite* mover, NativeSprite* obstacle,
            byte* found, Normal* normal);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern NativePushOptions pp_push_options_default();
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern unsafe Status pp_push_out(NativeSprite* mover, NativeSprite* obstacle,
            NativePushOptions* options, byte* found, Offset* offset);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern NativeMoveOptions pp_move_options_default();
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern unsafe Status pp_move_and_slide(NativeSprite* mover, NativeSprite* obstacles,
            UIntPtr count, int dx, int dy, NativeMoveOptions* options, NativeMoveResult* result);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern unsafe Status pp_raycast(NativeSprite* sprite, int x, int y, int dx, int dy,
            uint maxLength, byte* found, RayHit* hit);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern unsafe Status pp_solid_at(NativeSprite* sprite, long x, long y, byte* solid);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_transformed_solid_at(MaskHandle mask, ref NativeTransform transform,
            long x, long y, out byte solid);

        // pygame style: B at an offset from A.
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_collides(MaskHandle a, MaskHandle b, int dx, int dy, out byte collides);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_first_contact(MaskHandle a, MaskHandle b, int dx, int dy,
            out byte found, out Point contact);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_overlap_area(MaskHandle a, MaskHandle b, int dx, int dy,
            out ulong area);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_overlap_mask(MaskHandle a, MaskHandle b, int dx, int dy,
            out MaskHandle mask, out Bounds2D bounds);
        // Worlds (src/ffi/world.rs). Ids, filters and pairs go by value; the event arrays are the world's.
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Filter pp_filter_default();
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern NativeBodyDef pp_body_def_default();
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_world_new(out WorldHandle world);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void pp_world_free(IntPtr world);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_world_create_body(WorldHandle world, ref NativeBodyDef def, out BodyId id);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_world_destroy_body(WorldHandle world, BodyId id);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_world_move_body(WorldHandle world, BodyId id, int x, int y);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern unsafe Status pp_world_move_bodies(WorldHandle world, BodyId* ids,
            NativePosition* positions, UIntPtr count);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_world_set_transform(WorldHandle world, BodyId id, ref NativeTransform t);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_world_set_mask(WorldHandle world, BodyId id, MaskHandle mask);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_world_set_filter(WorldHandle world, BodyId id, Filter filter);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_world_body(WorldHandle world, BodyId id, out NativeBodyInfo info);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl), SuppressUnmanagedCodeSecurity]
        internal static extern unsafe Status pp_world_update(WorldHandle world, NativeWorldEvents* events);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern unsafe Status pp_world_get_events(WorldHandle world, NativeWorldEvents* events);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_world_contact(WorldHandle world, Pair pair, uint pushMax,
            out NativeContact contact);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern unsafe Status pp_world_overlapping(WorldHandle world, NativeSprite* probe,
            Filter* filter, BodyId* buf, UIntPtr bufLen, out UIntPtr len);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern unsafe Status pp_world_at_point(WorldHandle world, long x, long y, Filter* filter,
            BodyId* buf, UIntPtr bufLen, out UIntPtr len);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern unsafe Status pp_world_in_rect(WorldHandle world, Bounds2D rect, Filter* filter,
            BodyId* buf, UIntPtr bufLen, out UIntPtr len);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern unsafe Status pp_world_raycast(WorldHandle world, int x, int y, int dx, int dy,
            uint maxLength, Filter* filter, out byte found, out BodyId body, out RayHit hit);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_world_sweep(WorldHandle world, BodyId id, int dx, int dy, out byte found,
            out BodyId other, out SweepResult result);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_world_body_mask(WorldHandle world, BodyId id, out MaskHandle mask);
    }
}
