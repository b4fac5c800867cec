using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace PerPixel
{
    /// <summary>Owns one native <c>pp_mask*</c>; frees it exactly once.</summary>
    internal sealed class MaskHandle : SafeHandle
    {
        private MaskHandle() : base(IntPtr.Zero, true) { }

        /// <summary>Takes ownership of a handle the library wrote into an array (a list of new masks).</summary>
        internal MaskHandle(IntPtr owned) : base(IntPtr.Zero, true) { SetHandle(owned); }

        public override bool IsInvalid { get { return handle == IntPtr.Zero; } }

        protected override bool ReleaseHandle()
        {
            Native.pp_mask_free(handle);
            return true;
        }
    }

    /// <summary>How pixels become solid, and which part of the image to take.</summary>
    /// <remarks><c>new MaskOptions()</c> and <c>default(MaskOptions)</c> are the defaults: threshold 1
    /// (alpha != 0 is solid), no colour key, no flips, the whole image; set only what you need, e.g.
    /// <c>new MaskOptions { Threshold = 128, FlipX = true }</c>. (The threshold is stored as its value
    /// minus one, so the all-zero struct means threshold 1; <c>Threshold = 0</c> still means every pixel.)
    /// The native struct is filled from <c>pp_mask_options_default()</c>, so it always carries the
    /// cookie the library checks.</remarks>
    public struct MaskOptions
    {
        // Threshold - 1 (mod 256): zero, the value of a new struct, is threshold 1.
        private byte _thresholdMinusOne;

        /// <summary>A pixel is solid when its alpha is &gt;= Threshold. 1 (the default, also for
        /// <c>new MaskOptions()</c>) is alpha != 0; 255 fully opaque only; 0 every pixel. pygame's
        /// <c>from_surface(s, t)</c> is Threshold t + 1.</summary>
        public byte Threshold
        {
            get { return unchecked((byte)(_thresholdMinusOne + 1)); }
            set { _thresholdMinusOne = unchecked((byte)(value - 1)); }
        }
        /// <summary>When set, pixels whose RGB equals the colour key are empty (XNA's magenta).</summary>
        public bool UseColorKey;
        /// <summary>The colour key's red.</summary>
        public byte ColorKeyR;
        /// <summary>The colour key's green.</summary>
        public byte ColorKeyG;
        /// <summary>The colour key's blue.</summary>
        public byte ColorKeyB;
        /// <summary>Mask column 0 comes from the region's last column: the sprite mirrored left to right (a
        /// sheet drawn facing right, used facing left).</summary>
        public bool FlipX;
        /// <summary>Mask row 0 comes from the region's last row. Only for a top-row-first image used in a
        /// y-up world; Unity's <c>GetPixels32</c> needs no flip.</summary>
        public bool FlipY;
        /// <summary>When set, only <see cref="Region"/> of the image is taken (a sprite in an atlas).</summary>
        public bool UseRegion;
        /// <summary>The sub-rectangle in image pixels; must lie inside the image. The flips mirror the region,
        /// not the whole image.</summary>
        public Bounds2D Region;

        /// <summary>Threshold 1, no key, no flips, the whole image: the same as <c>new MaskOptions()</c>.</summary>
        public static MaskOptions Default { get { return new MaskOptions(); } }

        /// <summary>The defaults with another threshold.</summary>
        public static MaskOptions WithThreshold(byte threshold)
        {
            return new MaskOptions { Threshold = threshold };
        }

        /// <summary>The native struct: <c>pp_mask_options_default()</c> (which sets the cookie the library
        /// checks) with these options written over it. Call after <see cref="Library.EnsureLoaded"/>.</summary>
        internal NativeMaskOptions ToNative()
        {
            NativeMaskOptions o = Native.pp_mask_options_default();
            o.threshold = Threshold;
            o.flip_x = (byte)(FlipX ? 1 : 0);
            o.flip_y = (byte)(FlipY ? 1 : 0);
            o.has_color_key = (byte)(UseColorKey ? 1 : 0);
            o.color_key_r = ColorKeyR;
            o.color_key_g = ColorKeyG;
            o.color_key_b = ColorKeyB;
            o.has_region = (byte)(UseRegion ? 1 : 0);
            o.region = Region;
            return o;
        }
    }

    /// <summary>
    /// The solid pixels of a sprite, one bit per pixel, held by the native library. Safe to query from any
    /// number of threads while nobody edits it (the edits, <see cref="SetPixel"/> ... <see cref="DrawLine"/>,
    /// need it to themselves); <see cref="Dispose"/> frees it (the finalizer does
    /// too, but games should not wait for the GC). After <see cref="Dispose"/> every use throws
    /// <see cref="ObjectDisposedException"/>. Dispose a mask only once no other thread is querying it: the
    /// per-frame <see cref="PlacedSprite"/> queries do not ref-count the mask (that would double their
    /// cost), so, as in the C ABI, a query racing <see cref="Dispose"/> on another thread is the caller's
    /// bug.
    /// </summary>
    public sealed partial class Mask : IDisposable
    {
        private readonly MaskHandle _handle;
        // Read once (a mask never changes) for the per-query fast path of PlacedSprite: the box test needs
        // no native call, and liveness is one field read (Dispose zeroes _ptr before freeing).
        internal IntPtr _ptr;
        internal readonly int _width, _height;

        private Mask(MaskHandle handle)
        {
            _handle = handle;
            PerPixelException.Check(Native.pp_mask_size(handle, out _width, out _height));
            _ptr = handle.DangerousGetHandle();
        }

        /// <summary>The mask an overlap query handed out; null for its NULL mask (rectangles that do not
        /// overlap: no overlap, Rust's <c>None</c>).</summary>
        internal static Mask WrapOverlap(Status status, MaskHandle handle)
        {
            PerPixelException.CheckOwned(status, handle);
            if (handle.IsInvalid)
            {
                handle.Dispose();
                return null;
            }
            return Wrap(status, handle);
        }

        /// <summary>The mask a native constructor handed out (never NULL on success).</summary>
        internal static Mask Wrap(Status status, MaskHandle handle)
        {
            PerPixelException.CheckOwned(status, handle);
            try
            {
                return new Mask(handle);
            }
            catch
            {
                handle.Dispose();
                throw;
            }
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        internal static void ThrowDisposed()
        {
            throw new ObjectDisposedException("Mask");
        }

        internal MaskHandle Handle
        {
            get
            {
                if (_handle.IsClosed) throw new ObjectDisposedException("Mask");
                return _handle;
            }
        }

        /// <summary>The handle without the disposed check, for releasing a reference taken earlier.</summary>
        internal MaskHandle RawHandle { get { return _handle; } }

        /// <summary>True once <see cref="Dispose"/> has run.</summary>
        public bool IsDisposed { get { return _handle.IsClosed; } }

        /// <summary>Frees the native mask. Further use throws <see cref="ObjectDisposedException"/>.</summary>
        public void Dispose()
        {
            _ptr = IntPtr.Zero;
            _handle.Dispose();
        }

        /// <summary>A width × height mask with every pixel empty, or every pixel solid.</summary>
        public static Mask Create(int width, int height, bool solid)
        {
            Library.EnsureLoaded();
            MaskHandle h;
            Status s = Native.pp_mask_new(width, height, (byte)(solid ? 1 : 0), out h);
            return Wrap(s, h);
        }

        /// <summary>A mask from pixels in memory. <paramref name="strideBytes"/> is the distance between
        /// rows (at least width × bytes per pixel); <paramref name="pixels"/> must hold
        /// stride × (height − 1) + width × bytes per pixel bytes. Rows are taken in buffer order
        /// (Unity's <c>GetPixels32</c>: bottom row first, which is what a y-up world wants).</summary>
        public static unsafe Mask FromPixels(ReadOnlySpan<byte> pixels, PixelFormat format, int width, int height,
            int strideBytes, MaskOptions options)
        {
            Library.EnsureLoaded();
            NativeMaskOptions o = options.ToNative();
            MaskHandle h;
            Status s;
            fixed (byte* p = &MemoryMarshal.GetReference(pixels))
            {
                s = Native.pp_mask_from_pixels(p, (UIntPtr)pixels.Length, (uint)format, width, height, strideBytes,
                    ref o, out h);
            }
            return Wrap(s, h);
        }

        /// <summary>A mask from a byte array of pixels; see <see cref="FromPixels(ReadOnlySpan{byte},
        /// PixelFormat, int, int, int, MaskOptions)"/>.</summary>
        public static Mask FromPixels(byte[] pixels, PixelFormat format, int width, int height, int strideBytes,
            MaskOptions options)
        {
            if (pixels == null) throw new ArgumentNullException("pixels");
            return FromPixels(new ReadOnlySpan<byte>(pixels), format, width, height, strideBytes, options);
        }

        /// <summary>A mask from tightly packed RGBA bytes (width × 4 per row), e.g. a <c>Color32[]</c>'s
        /// bytes.</summary>
        public static Mask FromRgba32(byte[] rgba, int width, int height, MaskOptions options)
        {
            if (rgba == null) throw new ArgumentNullException("rgba");
            return FromPixels(rgba, PixelFormat.Rgba8, width, height, checked(width * 4), options);
        }

        /// <summary>A mask from tightly packed alpha bytes (width per row).</summary>
        public static Mask FromAlpha(byte[] alpha, int width, int height, MaskOptions options)
        {
            if (alpha == null) throw new ArgumentNullException("alpha");
            return FromPixels(alpha, PixelFormat.A8, width, height, width, options);
        }

        /// <summary>A mask from an encoded image (PNG, GIF, JPEG, BMP, WebP, QOI; TGA only from a file), e.g. a
        /// <c>TextAsset</c>'s bytes, so the texture need not be readable. Image files store the top row
        /// first: in a y-up world (Unity) set <see cref="MaskOptions.FlipY"/>.</summary>
        public static unsafe Mask FromImageBytes(ReadOnlySpan<byte> encoded, MaskOptions options)
        {
            Library.EnsureLoaded();
            NativeMaskOptions o = options.ToNative();
            MaskHandle h;
            Status s;
            fixed (byte* p = &MemoryMarshal.GetReference(encoded))
            {
                s = Native.pp_mask_from_image_bytes(p, (UIntPtr)encoded.Length, ref o, out h);
            }
            return Wrap(s, h);
        }

        /// <summary>A mask from an encoded image in a byte array; see <see cref="FromImageBytes(ReadOnlySpan{byte},
        /// MaskOptions)"/>.</summary>
        public static Mask FromImageBytes(byte[] encoded, MaskOptions options)
        {
            if (encoded == null) throw new ArgumentNullException("encoded");
            return FromImageBytes(new ReadOnlySpan<byte>(encoded), options);
        }

        /// <summary>A mask from an image file. A path that is not a regular file (a FIFO, a
        /// directory, a device) throws with <see cref="Status.Io"/> before anything is read.</summary>
        public static Mask FromImageFile(string path, MaskOptions options)
        {
            byte[] utf8 = PerPixelException.Utf8Z(path, "path");
            Library.EnsureLoaded();
            NativeMaskOptions o = options.ToNative();
            MaskHandle h;
            Status s = Native.pp_mask_from_image_path(utf8, ref o, out h);
            return Wrap(s, h);
        }

        /// <summary>A mask from a baked file's bytes holding one mask (<c>perpixel bake sprite.png -o
        /// sprite.bytes</c>, or <see cref="ToBaked"/>), e.g. a <c>TextAsset</c>'s bytes: no texture, no
        /// decoding. The whole file is validated first; bad data throws a <see cref="PerPixelException"/>
        /// with <see cref="Status.BadBakedData"/> saying what is wrong. A file of several masks needs
        /// <see cref="MaskBundle"/>.</summary>
        public static unsafe Mask FromBaked(ReadOnlySpan<byte> baked)
        {
            Library.EnsureLoaded();
            MaskHandle h;
            Status s;
            fixed (byte* p = &MemoryMarshal.GetReference(baked))
            {
                s = Native.pp_mask_from_baked(p, (UIntPtr)baked.Length, out h);
            }
            return Wrap(s, h);
        }

        /// <summary>A mask from a baked file in a byte array; see <see cref="FromBaked(ReadOnlySpan{byte})"/>.
        /// </summary>
        public static Mask FromBaked(byte[] baked)
        {
            if (baked == null) throw new ArgumentNullException("baked");
            return FromBaked(new ReadOnlySpan<byte>(baked));
        }

        /// <summary>This mask as a baked file's bytes (one mask, 1 bit per pixel plus 31 bytes), for
        /// <see cref="FromBaked(byte[])"/>.</summary>
        public byte[] ToBaked()
        {
            UIntPtr size;
            MaskHandle h = Handle;
            PerPixelException.Check(Native.pp_mask_to_baked(h, null, UIntPtr.Zero, out size));
            var buf = new byte[checked((int)size.ToUInt64())];
            PerPixelException.Check(Native.pp_mask_to_baked(h, buf, (UIntPtr)buf.Length, out size));
            return buf;
        }

        /// <summary>Width in pixels.</summary>
        public int Width { get { if (_ptr == IntPtr.Zero) ThrowDisposed(); return _width; } }

        /// <summary>Height in pixels.</summary>
        public int Height { get { if (_ptr == IntPtr.Zero) ThrowDisposed(); return _height; } }

        /// <summary>Number of solid pixels.</summary>
        public ulong Count
        {
            get { ulong c; PerPixelException.Check(Native.pp_mask_count(Handle, out c)); return c; }
        }

        /// <summary>The stable 64-bit hash of the size and pixels (<c>pp_mask_hash</c>: FNV-1a over "PPM1",
        /// the width and height as little-endian 32-bit, then each row as ceil(width / 8) bytes, pixel x at
        /// bit x % 8 of byte x / 8): equal masks hash equal on every platform and in every language.</summary>
        public ulong StateHash()
        {
            ulong h;
            PerPixelException.Check(Native.pp_mask_hash(Handle, out h));
            return h;
        }

        /// <summary>Whether pixel (x, y) is solid; false outside the mask.</summary>
        public bool IsSolid(int x, int y)
        {
            byte solid;
            PerPixelException.Check(Native.pp_mask_is_solid(Handle, x, y, out solid));
            return solid != 0;
        }

        /// <summary>The tight rectangle around the solid pixels, in the mask's own coordinates; false
        /// when no pixel is solid.</summary>
        public bool TryGetSolidBounds(out Bounds2D bounds)
        {
            byte has;
            PerPixelException.Check(Native.pp_mask_solid_bounds(Handle, out has, out bounds));
            return has != 0;
        }

        /// <summary>The mask's rectangle when placed at (x, y).</summary>
        public Bounds2D BoundsAt(int x, int y)
        {
            if (_ptr == IntPtr.Zero) ThrowDisposed();
            return new Bounds2D(x, y, _width, _height);
        }

        private static MaskHandle Other(Mask other)
        {
            if (other == null) throw new ArgumentNullException("other");
            return other.Handle;
        }

        /// <summary>pygame style: this mask at (0, 0) and <paramref name="other"/> at (dx, dy) share a solid
        /// pixel.</summary>
        public bool Collides(Mask other, int dx, int dy)
        {
            MaskHandle b = Other(other);
            byte hit;
            PerPixelException.Check(Native.pp_mask_collides(Handle, b, dx, dy, out hit));
            return hit != 0;
        }

        /// <summary>pygame style first contact, in this mask's pixel coordinates: the lowest row, then the
        /// lowest x.</summary>
        public bool TryFirstContact(Mask other, int dx, int dy, out Point contact)
        {
            MaskHandle b = Other(other);
            byte found;
            PerPixelException.Check(Native.pp_mask_first_contact(Handle, b, dx, dy, out found, out contact));
            return found != 0;
        }

        /// <summary>pygame style: how many pixels are solid in both.</summary>
        public ulong OverlapArea(Mask other, int dx, int dy)
        {
            MaskHandle b = Other(other);
            ulong area;
            PerPixelException.Check(Native.pp_mask_overlap_area(Handle, b, dx, dy, out area));
            return area;
        }

        /// <summary>The pixels as raw bytes: rows top to bottom, ceil(Width / 8) bytes each, bit i % 8 of byte
        /// i / 8 is pixel i (least significant bit first), padding bits 0 (for saving or sending an edited
        /// terrain).</summary>
        public byte[] ToBytes()
        {
            UIntPtr size;
            PerPixelException.Check(Native.pp_mask_to_bytes(Handle, null, UIntPtr.Zero, out size));
            var bytes = new byte[(long)size];
            PerPixelException.Check(Native.pp_mask_to_bytes(Handle, bytes, (UIntPtr)bytes.Length, out size));
            return bytes;
        }

        /// <summary>A new mask (dispose it) from bytes in <see cref="ToBytes"/>'s layout: exactly
        /// height × ceil(width / 8) of them; padding bits are ignored.</summary>
        public static Mask FromBytes(int width, int height, byte[] bytes)
        {
            if (bytes == null) throw new ArgumentNullException("bytes");
            MaskHandle h;
            Status s = Native.pp_mask_from_bytes(width, height, bytes, (UIntPtr)bytes.Length, out h);
            return Wrap(s, h);
        }

        /// <summary>A copy (dispose it) whose pixels are its own: editable even when this mask is shared.</summary>
        public Mask Copy()
        {
            MaskHandle h;
            Status s = Native.pp_mask_copy(Handle, out h);
            return Wrap(s, h);
        }

        // Editing in place: each edit changes this mask and keeps its caches exact at the cost of the pixels
        // it touches; the next query sees it. It needs the only reference: a mask a World body or a bundle
        // also holds throws PerPixelException with Status.MaskShared (edit Copy(), or a body's mask with
        // World.EditMask). Not thread-safe for this mask: no query on it may run meanwhile.

        /// <summary>Makes pixel (x, y) solid or empty; outside the mask: ignored.</summary>
        public void SetPixel(int x, int y, bool solid)
        {
            PerPixelException.Check(Native.pp_mask_set_pixel(Handle, x, y, Flag(solid)));
        }

        /// <summary>Makes every pixel of <paramref name="rect"/> (clipped) solid or empty.</summary>
        public void FillRect(Bounds2D rect, bool solid)
        {
            PerPixelException.Check(Native.pp_mask_fill_rect(Handle, rect, Flag(solid)));
        }

        /// <summary>ORs <paramref name="other"/> in with its pixel (0, 0) at (x, y), clipped (it may be this
        /// mask).</summary>
        public void Draw(Mask other, int x, int y)
        {
            PerPixelException.Check(Native.pp_mask_draw(Handle, OtherHandle(other), x, y));
        }

        /// <summary>Clears the pixels solid in <paramref name="other"/> placed at (x, y).</summary>
        public void Erase(Mask other, int x, int y)
        {
            PerPixelException.Check(Native.pp_mask_erase(Handle, OtherHandle(other), x, y));
        }

        /// <summary>Keeps only the pixels solid in <paramref name="other"/> placed at (x, y); pixels outside
        /// its rectangle are cleared.</summary>
        public void Intersect(Mask other, int x, int y)
        {
            PerPixelException.Check(Native.pp_mask_intersect(Handle, OtherHandle(other), x, y));
        }

        /// <summary>Flips the pixels where <paramref name="other"/> placed at (x, y) is solid.</summary>
        public void Xor(Mask other, int x, int y)
        {
            PerPixelException.Check(Native.pp_mask_xor(Handle, OtherHandle(other), x, y));
        }

        /// <summary>Flips every pixel.</summary>
        public void Invert()
        {
            PerPixelException.Check(Native.pp_mask_invert(Handle));
        }

        /// <summary>The disc of <paramref name="radius"/> around pixel (cx, cy) made solid or empty: pixel (i, j)
        /// when (i - cx)² + (j - cy)² ≤ radius² + radius (a crater).</summary>
        public void FillCircle(int cx, int cy, int radius, bool solid)
        {
            if (radius < 0) throw new ArgumentOutOfRangeException("radius", radius, "must not be negative");
            PerPixelException.Check(Native.pp_mask_fill_circle(Handle, cx, cy, (uint)radius, Flag(solid)));
        }

        /// <summary>The ellipse inscribed in <paramref name="rect"/> (pixel centres inside it) made solid or
        /// empty.</summary>
        public void FillEllipse(Bounds2D rect, bool solid)
        {
            PerPixelException.Check(Native.pp_mask_fill_ellipse(Handle, rect, Flag(solid)));
        }

        /// <summary>A thick line with round caps made solid or empty: the pixels whose centres lie within
        /// radius + 1/2 of the segment from pixel (x0, y0) to (x1, y1) (digging a tunnel).</summary>
        public void DrawLine(int x0, int y0, int x1, int y1, int radius, bool solid)
        {
            if (radius < 0) throw new ArgumentOutOfRangeException("radius", radius, "must not be negative");
            PerPixelException.Check(Native.pp_mask_draw_line(Handle, x0, y0, x1, y1, (uint)radius, Flag(solid)));
        }

        private static byte Flag(bool b) { return (byte)(b ? 1 : 0); }

        private static MaskHandle OtherHandle(Mask other)
        {
            if (other == null) throw new ArgumentNullException("other");
            return other.Handle;
        }

        /// <summary>A new mask (dispose it) mirrored left-right and/or up-down; exact.</summary>
        public Mask Flipped(bool flipX, bool flipY)
        {
            MaskHandle h;
            Status s = Native.pp_mask_flip(Handle, (byte)(flipX ? 1 : 0), (byte)(flipY ? 1 : 0), out h);
            return Wrap(s, h);
        }

        /// <summary>A new mask (dispose it) turned by <paramref name="quarterTurns"/> quarter turns (modulo 4),
        /// positive from +x towards +y: one turn takes pixel (i, j) to (Height - 1 - j, i); exact.</summary>
        public Mask RotatedQuarter(int quarterTurns)
        {
            MaskHandle h;
            Status s = Native.pp_mask_rotate_quarter(Handle, quarterTurns, out h);
            return Wrap(s, h);
        }

        /// <summary>A new mask (dispose it) transposed (Height × Width): pixel (i, j) lands at (j, i);
        /// exact.</summary>
        public Mask Transposed()
        {
            MaskHandle h;
            Status s = Native.pp_mask_transpose(Handle, out h);
            return Wrap(s, h);
        }

        /// <summary>A new mask (dispose it) scaled up by whole factors, nearest neighbour (pixel art at 2x,
        /// 3x). Throws with <see cref="Status.InvalidArgument"/> for a factor below 1.</summary>
        public Mask ScaledInteger(int sx, int sy)
        {
            MaskHandle h;
            Status s = Native.pp_mask_scale_integer(Handle, sx, sy, out h);
            return Wrap(s, h);
        }

        /// <summary>This mask placed by <paramref name="transform"/> on the world pixel grid (dispose the
        /// result); with <paramref name="boundsOnly"/>, its whole rectangle's. Throws with
        /// <see cref="Status.InvalidTransform"/> past the transform's limits, <see cref="Status.TooLarge"/> for a
        /// raster past the size limit, and <see cref="Status.Overflow"/> when the raster's corner would lie
        /// past <c>int</c> (a position near ±2^31, within the limits, can put it there; so do
        /// <see cref="World.CreateBody"/>, <see cref="World.SetTransform"/>, <see cref="World.SetMask"/> and
        /// <see cref="World.EditMask"/> for a transformed body).</summary>
        public Raster Rasterise(SpriteTransform transform, bool boundsOnly = false)
        {
            NativeTransform t = transform.ToNative();
            MaskHandle h;
            int x, y;
            Status s = Native.pp_mask_rasterise(Handle, ref t, (byte)(boundsOnly ? 1 : 0), out h, out x, out y);
            return new Raster(Wrap(s, h), x, y);
        }

        /// <summary><see cref="Rasterise(SpriteTransform, bool)"/> with the mask-to-world map as a matrix
        /// {a, b, tx, c, d, ty}: mask point (u, v) lands at (a u + b v + tx, c u + d v + ty).</summary>
        public Raster RasteriseMatrix(double[] matrix, bool boundsOnly = false)
        {
            if (matrix == null) throw new ArgumentNullException("matrix");
            if (matrix.Length != 6) throw new ArgumentException("the matrix has 6 numbers: a, b, tx, c, d, ty", "matrix");
            MaskHandle h;
            int x, y;
            Status s = Native.pp_mask_rasterise_matrix(Handle, matrix, (byte)(boundsOnly ? 1 : 0), out h, out x,
                out y);
            return new Raster(Wrap(s, h), x, y);
        }

        /// <summary>pygame style: the pixels solid in both, as a new mask (dispose it) covering
        /// <paramref name="bounds"/>, the intersection in this mask's coordinates; null and zero bounds
        /// when the rectangles do not overlap (no overlap, as Rust's <c>None</c> and C's NULL).</summary>
        public Mask OverlapMask(Mask other, int dx, int dy, out Bounds2D bounds)
        {
            MaskHandle b = Other(other);
            MaskHandle h;
            Status s = Native.pp_mask_overlap_mask(Handle, b, dx, dy, out h, out bounds);
            return WrapOverlap(s, h);
        }
    }
}
