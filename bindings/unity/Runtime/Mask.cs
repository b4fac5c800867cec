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

    /// <summary>How the pixels in a buffer are laid out (8 bits per channel): the bytes of one pixel.</summary>
    /// <remarks>
    /// <para>The byte-order formats (<see cref="Rgba8"/>, <see cref="Bgra8"/>, <see cref="Argb8"/>,
    /// <see cref="Abgr8"/>) are the same on every CPU; <see cref="Argb32"/> is a packed native-endian word.
    /// Which one an engine hands out (LE: little-endian CPUs, i.e. every Unity platform):</para>
    /// <list type="table">
    /// <item><term>Unity <c>Color32[]</c> (<c>GetPixels32</c>), XNA/MonoGame <c>Color[]</c>, raylib
    /// <c>R8G8B8A8</c>, SFML <c>Image</c>, Godot <c>FORMAT_RGBA8</c>, SDL <c>RGBA32</c></term>
    /// <description><see cref="Rgba8"/></description></item>
    /// <item><term>SDL <c>ARGB32</c> / <c>BGRA32</c> / <c>ABGR32</c> (byte orders)</term>
    /// <description><see cref="Argb8"/> / <see cref="Bgra8"/> / <see cref="Abgr8"/></description></item>
    /// <item><term>SDL <c>ABGR8888</c> (word 0xAABBGGRR)</term><description>LE <see cref="Rgba8"/>,
    /// big-endian <see cref="Abgr8"/></description></item>
    /// <item><term>SDL <c>ARGB8888</c> (word 0xAARRGGBB)</term><description><see cref="Argb32"/> (LE
    /// <see cref="Bgra8"/>, big-endian <see cref="Argb8"/>)</description></item>
    /// <item><term>SDL <c>RGBA8888</c> (word 0xRRGGBBAA)</term><description>LE <see cref="Abgr8"/>,
    /// big-endian <see cref="Rgba8"/></description></item>
    /// <item><term>SDL <c>BGRA8888</c> (word 0xBBGGRRAA)</term><description>LE <see cref="Argb8"/>,
    /// big-endian <see cref="Bgra8"/></description></item>
    /// </list>
    /// </remarks>
    public enum PixelFormat : uint
    {
        /// <summary>Bytes R, G, B, A: Unity <c>Color32</c>, XNA <c>Color</c>, SDL <c>RGBA32</c>.</summary>
        Rgba8 = 0,
        /// <summary>Bytes B, G, R, A: Direct3D, Windows bitmaps, SDL <c>BGRA32</c>.</summary>
        Bgra8 = 1,
        /// <summary>32-bit words 0xAARRGGBB in the machine's byte order: SDL <c>ARGB8888</c> (not SDL
        /// <c>ARGB32</c>, which is <see cref="Argb8"/>).</summary>
        Argb32 = 2,
        /// <summary>One alpha byte per pixel.</summary>
        A8 = 3,
        /// <summary>Bytes A, R, G, B: SDL <c>ARGB32</c> (SDL <c>BGRA8888</c> on little-endian CPUs).</summary>
        Argb8 = 4,
        /// <summary>Bytes A, B, G, R: SDL <c>ABGR32</c> (SDL <c>RGBA8888</c> on little-endian CPUs).</summary>
        Abgr8 = 5,
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

    /// <summary>What <see cref="PlacedSprite.Sweep"/> found.</summary>
    public enum SweepOutcome : byte
    {
        /// <summary>The sprite reached the end of its motion without touching.</summary>
        Clear = 0,
        /// <summary>The sprite touched the obstacle part way.</summary>
        Hit = 1,
        /// <summary>The sprite already touched the obstacle where it started.</summary>
        StartsTouching = 2,
    }

    /// <summary>
    /// The result of <see cref="PlacedSprite.Sweep"/> (C's <c>pp_sweep_result</c>): for a hit, where the
    /// sprite's pixel (0, 0) is when it first touches (<see cref="At"/>, <see cref="Step"/> steps along the
    /// path), the last free position one step before (<see cref="LastFree"/>, where a mover stops) and their
    /// first contact; starting inside: step 0, both positions the start; clear: step = steps, both
    /// positions the end, contact (0, 0).
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
#pragma warning disable 0649 // _hasNormal is written by the native library
    public struct SweepResult
    {
        /// <summary>Clear, hit or starts touching.</summary>
        public SweepOutcome Outcome;
        /// <summary>Steps taken along the path to <see cref="At"/>.</summary>
        public ulong Step;
        /// <summary>Steps of the whole path: |dx| + |dy|.</summary>
        public ulong Steps;
        /// <summary>World position of the sprite's pixel (0, 0) where it stopped.</summary>
        public Point At;
        /// <summary>World position one step before <see cref="At"/>.</summary>
        public Point LastFree;
        /// <summary>The first pixel solid in both at <see cref="At"/> ((0, 0) when clear).</summary>
        public Point Contact;
        // 1 when Normal holds the contact normal (a byte, as in the C struct).
        private byte _hasNormal;
        /// <summary>The surface hit, from the obstacle towards the mover, to bounce or slide along. At a hit it
        /// is always there and always points against the motion: with s = At - LastFree (the blocked step),
        /// the rule of <see cref="PlacedSprite.ContactNormal"/> at <see cref="LastFree"/> over the faces across
        /// -s only, or exactly -s when that gives none or one with dot(normal, motion) >= 0; so a flat face
        /// hit gives exactly -s. When starting inside: the contact normal there. (0, 0) when clear or when
        /// there is none (<see cref="HasNormal"/> false).</summary>
        public Normal Normal;

        /// <summary>True when <see cref="Normal"/> holds a normal: always at a hit.</summary>
        public bool HasNormal { get { return _hasNormal != 0; } }

        /// <summary>True when the sprite touched part way.</summary>
        public bool IsHit { get { return Outcome == SweepOutcome.Hit; } }

        /// <summary>The offset from the start of a sweep by (<paramref name="dx"/>, <paramref name="dy"/>)
        /// after <paramref name="step"/> steps of its path (0: the start; |dx| + |dy|: the end), computed
        /// without walking the path: the position a <see cref="Step"/> counts to, so a game can follow the
        /// same path itself (a trail, its own checks at each position). Throws
        /// <see cref="PerPixelException"/> (InvalidArgument) when the step is past the end.</summary>
        public static Point PathPosition(int dx, int dy, ulong step)
        {
            Point p;
            Status s = Native.pp_sweep_path_position(dx, dy, step, out p);
            if (s != Status.Ok) PerPixelException.Check(s);
            return p;
        }
        /// <summary>How far along the motion it touched, 0 to 1 (1 when clear, 0 when starting inside).</summary>
        public double Fraction
        {
            get
            {
                if (Outcome == SweepOutcome.StartsTouching) return 0.0;
                return Steps == 0 ? 1.0 : (double)Step / Steps;
            }
        }
    }
#pragma warning restore 0649

    /// <summary>Which translations <see cref="PlacedSprite.PushOut"/> may use (C's <c>PP_PUSH_*</c>).</summary>
    public enum PushDirection : byte
    {
        /// <summary>Any translation, the shortest by Euclidean length; among equally short ones the smallest
        /// dy first, then the smallest dx (in a y-down world: up first, then left; in Unity's y-up world: down
        /// first, then left).</summary>
        Any = 0,
        /// <summary>Along x only, (±k, 0); on a tie, towards smaller x first.</summary>
        Horizontal = 1,
        /// <summary>Along y only, (0, ±k); on a tie, towards smaller y first.</summary>
        Vertical = 2,
        /// <summary>Along <see cref="PushOptions.AlongDirection"/> only, at the positions of the sweep path
        /// towards it, continued past it in the same direction.</summary>
        Along = 3,
    }

    /// <summary>How <see cref="PlacedSprite.PushOut"/> searches (C's <c>pp_push_options</c>).</summary>
    /// <remarks><c>new PushOptions()</c> and <c>default(PushOptions)</c> are the defaults: any direction,
    /// along (0, -1) when <see cref="PushDirection.Along"/> is chosen, at most
    /// <see cref="DefaultMaxDistance"/> pixels. Set only what you need, e.g.
    /// <c>new PushOptions { Direction = PushDirection.Vertical, MaxDistance = 8 }</c> or
    /// <c>PushOptions.Along(0, 1)</c> (up in Unity's y-up world). The values that are not zero by default are
    /// stored behind flags, so the all-zero struct means the defaults; the native struct is filled from
    /// <c>pp_push_options_default()</c>, so it always carries the cookie the library checks.</remarks>
    public struct PushOptions
    {
        private bool _hasAlong, _hasMaxDistance;
        private Offset _along;
        private uint _maxDistance;

        /// <summary>The longest translation tried by default: 64 pixels, as <c>pp_push_options_default()</c>.
        /// </summary>
        public const uint DefaultMaxDistance = 64;

        /// <summary>Which translations are allowed (<see cref="PushDirection.Any"/> unless set).</summary>
        public PushDirection Direction;

        /// <summary>The direction for <see cref="PushDirection.Along"/> (not (0, 0)): (0, -1) unless set, towards
        /// smaller y ("up" in a y-down world, "down" in Unity's); a sprite's negated motion pushes it back the
        /// way it came. Ignored by the other directions.</summary>
        public Offset AlongDirection
        {
            get { return _hasAlong ? _along : new Offset(0, -1); }
            set { _along = value; _hasAlong = true; }
        }

        /// <summary>True when <see cref="AlongDirection"/> was set (the Unity glue defaults it to up, (0, 1),
        /// otherwise).</summary>
        internal bool HasAlongDirection { get { return _hasAlong; } }

        /// <summary>The longest translation tried, in pixels (Euclidean); <see cref="DefaultMaxDistance"/>
        /// unless set.</summary>
        public uint MaxDistance
        {
            get { return _hasMaxDistance ? _maxDistance : DefaultMaxDistance; }
            set { _maxDistance = value; _hasMaxDistance = true; }
        }

        /// <summary>Only along (<paramref name="dx"/>, <paramref name="dy"/>), at most
        /// <see cref="DefaultMaxDistance"/> pixels.</summary>
        public static PushOptions Along(int dx, int dy)
        {
            return new PushOptions { Direction = PushDirection.Along, AlongDirection = new Offset(dx, dy) };
        }

        /// <summary>The native struct: <c>pp_push_options_default()</c> with these options written over it.
        /// Call after <see cref="Library.EnsureLoaded"/>.</summary>
        internal NativePushOptions ToNative()
        {
            NativePushOptions o = Native.pp_push_options_default();
            o.direction = (byte)Direction;
            Offset along = AlongDirection;
            o.along_x = along.dx;
            o.along_y = along.dy;
            o.max_distance = MaxDistance;
            return o;
        }
    }

    /// <summary>How <see cref="PlacedSprite.MoveAndSlide"/> moves (C's <c>pp_move_options</c>).</summary>
    /// <remarks><c>new MoveOptions()</c> and <c>default(MoveOptions)</c> are the defaults: no climbing, y
    /// down (<see cref="Up"/> -1). In Unity's y-up world use <see cref="YUp"/> or set <c>Up = 1</c>, e.g.
    /// <c>MoveOptions.YUp(4)</c> climbs up to 4 pixels.</remarks>
    public struct MoveOptions
    {
        private bool _hasUp;
        private int _up;

        /// <summary>The most pixels the mover may climb to pass a blocked x step (slopes, low ledges); 0 (the
        /// default) never climbs.</summary>
        public uint StepUp;

        /// <summary>Which way is up on the y axis, for climbing: -1 (the default) in a y-down world, 1 in a
        /// y-up world (Unity). Any other value is refused by the library
        /// (<see cref="Status.InvalidArgument"/>).</summary>
        public int Up
        {
            get { return _hasUp ? _up : -1; }
            set { _up = value; _hasUp = true; }
        }

        /// <summary>Options for a y-up world (Unity): up is +1, climbing at most <paramref name="stepUp"/>
        /// pixels.</summary>
        public static MoveOptions YUp(uint stepUp = 0)
        {
            return new MoveOptions { StepUp = stepUp, Up = 1 };
        }

        /// <summary>The native struct: <c>pp_move_options_default()</c> with these options written over it.
        /// Call after <see cref="Library.EnsureLoaded"/>.</summary>
        internal NativeMoveOptions ToNative()
        {
            NativeMoveOptions o = Native.pp_move_options_default();
            o.step_up = StepUp;
            o.up = Up;
            return o;
        }
    }

    /// <summary>Where <see cref="PlacedSprite.MoveAndSlide"/> left the sprite (C's
    /// <c>pp_move_result</c>).</summary>
    public struct MoveResult
    {
        /// <summary>World x of the sprite's pixel (0, 0) at the end.</summary>
        public int X;
        /// <summary>World y of the sprite's pixel (0, 0) at the end.</summary>
        public int Y;
        /// <summary>The x motion stopped short (an obstacle on the side it moved towards); false when
        /// <see cref="StartedInside"/> (nothing was tried).</summary>
        public bool BlockedX;
        /// <summary>The y motion stopped short (with gravity: on the ground); false when
        /// <see cref="StartedInside"/>.</summary>
        public bool BlockedY;
        /// <summary>The sprite overlapped an obstacle where it started, so it did not move (push it out
        /// first): X, Y are its start, neither axis is blocked and nothing was climbed, whatever the
        /// motion.</summary>
        public bool StartedInside;
        /// <summary>Pixels climbed by stepping up during the x motion.</summary>
        public uint Climbed;

        /// <inheritdoc/>
        public override string ToString()
        {
            return "(" + X + ", " + Y + ")" + (BlockedX ? " blocked x" : "") + (BlockedY ? " blocked y" : "") +
                (StartedInside ? " started inside" : "") + (Climbed != 0 ? " climbed " + Climbed : "");
        }
    }

    /// <summary>What <see cref="PlacedSprite.Raycast"/> hit (C's <c>pp_ray_hit</c>).</summary>
    [StructLayout(LayoutKind.Sequential)]
#pragma warning disable 0649 // _hasNormal is written by the native library
    public struct RayHit
    {
        /// <summary>The first solid pixel on the ray.</summary>
        public Point Pixel;
        /// <summary>Steps along the ray's path from its start (0: the start pixel is solid).</summary>
        public ulong Step;
        /// <summary>Distance from the start pixel to <see cref="Pixel"/>, between their centres.</summary>
        public double Distance;
        private byte _hasNormal;
        /// <summary>The surface normal at <see cref="Pixel"/>, out of the sprite towards where the ray came
        /// from: a sweep hit's normal (<see cref="SweepResult.Normal"/>) for a one-pixel mover at the ray's
        /// last free pixel, so always there and against the ray's direction when <see cref="Step"/> > 0; for
        /// a ray starting inside, the contact normal of its start pixel, if any; (0, 0) when
        /// <see cref="HasNormal"/> is false.</summary>
        public Normal Normal;

        /// <summary>True when <see cref="Normal"/> holds the surface normal.</summary>
        public bool HasNormal { get { return _hasNormal != 0; } }
    }
#pragma warning restore 0649

    /// <summary>
    /// A mask placed in the world: the seed's <c>SpriteCollider</c> without Unity. With
    /// <see cref="PixelCollision"/> false it collides as its whole rectangle.
    /// </summary>
    public struct PlacedSprite
    {
        /// <summary>The sprite's mask (not owned).</summary>
        public Mask Mask;
        /// <summary>World x of mask pixel (0, 0).</summary>
        public int X;
        /// <summary>World y of mask pixel (0, 0).</summary>
        public int Y;
        /// <summary>When false the sprite collides as its full rectangle.</summary>
        public bool PixelCollision;

        /// <summary>A placed sprite; pixel collision on unless said otherwise.</summary>
        public PlacedSprite(Mask mask, int x, int y, bool pixelCollision = true)
        {
            if (mask == null) throw new ArgumentNullException("mask");
            Mask = mask;
            X = x;
            Y = y;
            PixelCollision = pixelCollision;
        }

        /// <summary>The sprite's rectangle in the world.</summary>
        public Bounds2D Bounds
        {
            get
            {
                if (Mask == null) throw new ArgumentNullException("Mask");
                return Mask.BoundsAt(X, Y);
            }
        }

        /// <summary>Keeps both masks' handles alive and builds the native views of both sprites.
        /// Pair with <see cref="Leave"/> in a finally block.</summary>
        private static void Enter(PlacedSprite a, PlacedSprite b, ref bool addedA, ref bool addedB,
            out NativeSprite na, out NativeSprite nb)
        {
            if (a.Mask == null) throw new ArgumentNullException("Mask");
            if (b.Mask == null) throw new ArgumentNullException("other.Mask");
            MaskHandle ha = a.Mask.Handle, hb = b.Mask.Handle;
            ha.DangerousAddRef(ref addedA);
            hb.DangerousAddRef(ref addedB);
            na = new NativeSprite
            {
                mask = ha.DangerousGetHandle(), x = a.X, y = a.Y,
                pixel_collision = (byte)(a.PixelCollision ? 1 : 0),
            };
            nb = new NativeSprite
            {
                mask = hb.DangerousGetHandle(), x = b.X, y = b.Y,
                pixel_collision = (byte)(b.PixelCollision ? 1 : 0),
            };
        }

        private static void Leave(PlacedSprite a, PlacedSprite b, bool addedA, bool addedB)
        {
            if (addedA) a.Mask.RawHandle.DangerousRelease();
            if (addedB) b.Mask.RawHandle.DangerousRelease();
        }

        // The per-frame queries below answer pairs whose boxes do not meet in managed code, with the same
        // half-open, 64-bit edge arithmetic as Bounds2D.Overlaps and the native library, and call the
        // library only for the rest, through raw pointers to stack locals. Safety without SafeHandle
        // ref-counting: each mask is checked live (a disposed mask throws ObjectDisposedException, also when
        // the boxes are apart) and kept reachable until the native call has returned (GC.KeepAlive), so
        // neither Dispose before the call nor the finalizer during it can free a mask in use. Disposing a
        // mask while another thread is querying it is the caller's race, as in the C ABI (see Mask).

        /// <summary>True when the half-open boxes [ax, ax + aw) × [ay, ay + ah) and
        /// [bx, bx + bw) × [by, by + bh) share a pixel; edges in 64 bits, an empty box meets nothing.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static bool BoxesMeet(int ax, int ay, int aw, int ah, int bx, int by, int bw, int bh)
        {
            return aw > 0 && ah > 0 && bw > 0 && bh > 0
                && ax < (long)bx + bw && bx < (long)ax + aw
                && ay < (long)by + bh && by < (long)ay + ah;
        }

        /// <summary>Throws for the first unusable mask: null (ArgumentNullException) or disposed
        /// (ObjectDisposedException). Out of line, so the callers stay small enough to inline.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void ThrowUnusable(Mask ma, Mask mb)
        {
            if (ma == null) throw new ArgumentNullException("Mask");
            if (mb == null) throw new ArgumentNullException("other.Mask");
            Mask.ThrowDisposed();
        }

        /// <summary>True when some world pixel is solid in both sprites. Sprites whose rectangles do not
        /// overlap (and two bounds-only sprites) are answered without a native call.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool Collides(PlacedSprite other)
        {
            // Inlined into the caller's loop: checks, then the box test, then the library.
            Mask ma = Mask, mb = other.Mask;
            if (ma == null || mb == null || ma._ptr == IntPtr.Zero || mb._ptr == IntPtr.Zero) ThrowUnusable(ma, mb);
            if (!BoxesMeet(X, Y, ma._width, ma._height, other.X, other.Y, mb._width, mb._height)) return false;
            if (!PixelCollision && !other.PixelCollision) return true;
            return CollidesNative(ma, X, Y, PixelCollision, mb, other.X, other.Y, other.PixelCollision);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static unsafe bool CollidesNative(Mask ma, int ax, int ay, bool apc, Mask mb, int bx, int by, bool bpc)
        {
            NativeSprite na, nb;
            na.mask = ma._ptr; na.x = ax; na.y = ay; na.pixel_collision = apc ? (byte)1 : (byte)0;
            nb.mask = mb._ptr; nb.x = bx; nb.y = by; nb.pixel_collision = bpc ? (byte)1 : (byte)0;
            byte hit;
            Status s = Native.pp_collides(&na, &nb, &hit);
            GC.KeepAlive(ma);
            GC.KeepAlive(mb);
            if (s != Status.Ok) PerPixelException.Check(s);
            return hit != 0;
        }

        /// <summary>The first world pixel solid in both, scanning from the lowest y row, each row from the
        /// lowest x; false (and <paramref name="contact"/> (0, 0)) when they do not touch.</summary>
        public unsafe bool TryFirstContact(PlacedSprite other, out Point contact)
        {
            Mask ma = Mask, mb = other.Mask;
            if (ma == null || mb == null || ma._ptr == IntPtr.Zero || mb._ptr == IntPtr.Zero) ThrowUnusable(ma, mb);
            contact = default(Point);
            if (!BoxesMeet(X, Y, ma._width, ma._height, other.X, other.Y, mb._width, mb._height)) return false;
            NativeSprite na, nb;
            na.mask = ma._ptr; na.x = X; na.y = Y; na.pixel_collision = PixelCollision ? (byte)1 : (byte)0;
            nb.mask = mb._ptr; nb.x = other.X; nb.y = other.Y; nb.pixel_collision = other.PixelCollision ? (byte)1 : (byte)0;
            byte found;
            Point p;
            Status s = Native.pp_first_contact(&na, &nb, &found, &p);
            GC.KeepAlive(ma);
            GC.KeepAlive(mb);
            if (s != Status.Ok) PerPixelException.Check(s);
            contact = p;
            return found != 0;
        }

        /// <summary>Moves this sprite by (<paramref name="dx"/>, <paramref name="dy"/>) along its 4-connected
        /// path (one pixel in x or y per step, along the axis whose grid line the straight segment crosses
        /// first; x first through pixel corners) and reports the first position where it touches
        /// <paramref name="obstacle"/>, the last free position before it and their first contact; or that
        /// it starts touching; or that the path is clear. Every position is tested: a wall one pixel thick
        /// is never passed through. Throws <see cref="PerPixelException"/> (InvalidArgument) when the end
        /// leaves the int range.</summary>
        public unsafe SweepResult Sweep(PlacedSprite obstacle, int dx, int dy)
        {
            Mask ma = Mask, mb = obstacle.Mask;
            if (ma == null || mb == null || ma._ptr == IntPtr.Zero || mb._ptr == IntPtr.Zero) ThrowUnusable(ma, mb);
            NativeSprite na, nb;
            na.mask = ma._ptr; na.x = X; na.y = Y; na.pixel_collision = PixelCollision ? (byte)1 : (byte)0;
            nb.mask = mb._ptr; nb.x = obstacle.X; nb.y = obstacle.Y;
            nb.pixel_collision = obstacle.PixelCollision ? (byte)1 : (byte)0;
            SweepResult r;
            Status s = Native.pp_sweep(&na, &nb, dx, dy, &r);
            GC.KeepAlive(ma);
            GC.KeepAlive(mb);
            if (s != Status.Ok) PerPixelException.Check(s);
            return r;
        }

        /// <summary>How many world pixels are solid in both sprites.</summary>
        public unsafe ulong OverlapArea(PlacedSprite other)
        {
            Mask ma = Mask, mb = other.Mask;
            if (ma == null || mb == null || ma._ptr == IntPtr.Zero || mb._ptr == IntPtr.Zero) ThrowUnusable(ma, mb);
            if (!BoxesMeet(X, Y, ma._width, ma._height, other.X, other.Y, mb._width, mb._height)) return 0;
            NativeSprite na, nb;
            na.mask = ma._ptr; na.x = X; na.y = Y; na.pixel_collision = PixelCollision ? (byte)1 : (byte)0;
            nb.mask = mb._ptr; nb.x = other.X; nb.y = other.Y; nb.pixel_collision = other.PixelCollision ? (byte)1 : (byte)0;
            ulong area;
            Status s = Native.pp_overlap_area(&na, &nb, &area);
            GC.KeepAlive(ma);
            GC.KeepAlive(mb);
            if (s != Status.Ok) PerPixelException.Check(s);
            return area;
        }

        /// <summary>The pixels solid in both sprites as a new mask (dispose it) placed at
        /// <paramref name="bounds"/>, the intersection of their rectangles; null and zero bounds when the
        /// rectangles do not overlap (no overlap, as Rust's <c>None</c> and C's NULL).</summary>
        public Mask OverlapMask(PlacedSprite other, out Bounds2D bounds)
        {
            bool ra = false, rb = false;
            NativeSprite na, nb;
            MaskHandle h;
            Status s;
            try
            {
                Enter(this, other, ref ra, ref rb, out na, out nb);
                s = Native.pp_overlap_mask(ref na, ref nb, out h, out bounds);
            }
            finally { Leave(this, other, ra, rb); }
            return Mask.WrapOverlap(s, h);
        }

        /// <summary>The native view of this sprite, its mask checked live (null: ArgumentNullException,
        /// disposed: ObjectDisposedException). Keep the mask reachable until the call returns.</summary>
        internal NativeSprite View(string name)
        {
            Mask m = Mask;
            if (m == null) throw new ArgumentNullException(name);
            if (m._ptr == IntPtr.Zero) Mask.ThrowDisposed();
            NativeSprite n;
            n.mask = m._ptr;
            n.x = X;
            n.y = Y;
            n.pixel_collision = PixelCollision ? (byte)1 : (byte)0;
            return n;
        }

        /// <summary>The contact normal between <paramref name="obstacle"/> and this sprite: a unit vector from
        /// the obstacle's surface towards this sprite where they overlap or touch; null when they neither
        /// overlap nor touch, or no direction stands out. A flat floor, wall or ceiling of any thickness gives
        /// exactly its axis normal wherever this sprite touches only it, its ends and corners included ((0, -1)
        /// for a sprite on flat ground in a y-down world, (0, 1) in a y-up one); slopes and circles within a
        /// few degrees; a diagonal only where this sprite touches two faces at a corner or meets the obstacle
        /// corner to corner; a buried sprite gets its shortest way out within 6 pixels.</summary>
        /// <remarks>The rule, exactly (the same bits as every other language; every decision in integers):
        /// 1. Faces: pixel pairs (p, p + d), d one of (1,0) (-1,0) (0,1) (0,-1), p solid in the obstacle and
        /// p + d solid in this sprite but not in the obstacle. With none, the same with the four diagonal
        /// d. With none either (buried): d an axis step, p solid in both, p + d not solid in the obstacle.
        /// With none of these: the direction of the shortest <see cref="PushOut"/> (any direction) of at
        /// most 6 pixels, steps 2-5 skipped; null without one.
        /// 2. K = the faces' pixels, n = |K|, S = their sum; t = the smallest integer with
        /// (n t)^2 >= max over K of |n p - S|^2; R = 6 + t; the window W = the pixels p with
        /// |n p - S|^2 &lt;= (n R)^2.
        /// 3. A run is a maximal stretch of a line's pixels q solid in the obstacle with q + d not. An end,
        /// with e the pixel just past it, is concave when e is solid, square when neither e nor e - d is,
        /// rounded when e is not and e - d is. A run is flat when at least 32 long, or no end is rounded and
        /// it is at least 3 long or both ends are square. When all faces share one axis direction d, lie on
        /// one line across d and each of their runs is flat: exactly d.
        /// 4. Else with A the obstacle's solid pixels in W: M = |A| S - n (sum of A); M / |M| when M != 0
        /// and |A| &lt; |W|.
        /// 5. Else V = the sum of the faces' d: V / |V| when V != 0, else null.
        /// An integer vector (x, y) becomes (x / l, y / l), x and y the nearest doubles, l = sqrt(x x + y y).
        /// The same text is <c>pp_contact_normal</c>'s in perpixel.h.</remarks>
        public unsafe Normal? ContactNormal(PlacedSprite obstacle)
        {
            NativeSprite na = View("Mask"), nb = obstacle.View("obstacle.Mask");
            byte found;
            Normal n;
            Status s = Native.pp_contact_normal(&na, &nb, &found, &n);
            GC.KeepAlive(Mask);
            GC.KeepAlive(obstacle.Mask);
            PerPixelException.Check(s);
            return found != 0 ? n : (Normal?)null;
        }

        /// <summary>The shortest whole-pixel translation of this sprite after which it no longer overlaps
        /// <paramref name="obstacle"/> (as <see cref="Collides"/> decides), among those
        /// <paramref name="options"/> allows and no longer than its <see cref="PushOptions.MaxDistance"/>:
        /// (0, 0) when they do not overlap, null when no allowed translation that short frees it.
        /// Translations are tried in order of length, ties as <see cref="PushDirection"/> says. Throws
        /// <see cref="PerPixelException"/> (<see cref="Status.InvalidArgument"/>) for an unknown direction
        /// or an <see cref="PushDirection.Along"/> direction of (0, 0).</summary>
        public unsafe Offset? PushOut(PlacedSprite obstacle, PushOptions options = default(PushOptions))
        {
            NativeSprite na = View("Mask"), nb = obstacle.View("obstacle.Mask");
            Library.EnsureLoaded();
            NativePushOptions o = options.ToNative();
            byte found;
            Offset offset;
            Status s = Native.pp_push_out(&na, &nb, &o, &found, &offset);
            GC.KeepAlive(Mask);
            GC.KeepAlive(obstacle.Mask);
            PerPixelException.Check(s);
            return found != 0 ? offset : (Offset?)null;
        }

        /// <summary>Moves this sprite by (<paramref name="dx"/>, <paramref name="dy"/>) against
        /// <paramref name="obstacles"/> the way pixel platformers do: x first, stopping before the first
        /// position that overlaps an obstacle, then y from there the same way; an axis that stops short is
        /// reported blocked and the rest of its motion dropped (the other axis still moves: sliding). With
        /// <see cref="MoveOptions.StepUp"/> N &gt; 0 a blocked x step is retried climbing up to N pixels
        /// (up is <see cref="MoveOptions.Up"/>). A sprite overlapping an obstacle where it starts does not
        /// move (<see cref="MoveResult.StartedInside"/>). The sprite itself is not changed: place it at
        /// the result. Throws <see cref="PerPixelException"/> (<see cref="Status.InvalidArgument"/>) for
        /// an <see cref="MoveOptions.Up"/> other than 1 or -1 or a motion leaving the int range.</summary>
        public MoveResult MoveAndSlide(PlacedSprite[] obstacles, int dx, int dy,
            MoveOptions options = default(MoveOptions))
        {
            if (obstacles == null) throw new ArgumentNullException("obstacles");
            return MoveAndSlideFirst(obstacles, obstacles.Length, dx, dy, options);
        }

        /// <summary><see cref="MoveAndSlide(PlacedSprite[], int, int, MoveOptions)"/> against the first
        /// <paramref name="count"/> sprites of <paramref name="obstacles"/> (a buffer kept between calls).</summary>
        internal unsafe MoveResult MoveAndSlideFirst(PlacedSprite[] obstacles, int count, int dx, int dy, MoveOptions options)
        {
            if (obstacles == null) throw new ArgumentNullException("obstacles");
            if (count < 0 || count > obstacles.Length) throw new ArgumentOutOfRangeException("count");
            NativeSprite mover = View("Mask");
            // Small lists on the stack, long ones in an array; the masks stay reachable through obstacles.
            NativeSprite[] heap = count > 32 ? new NativeSprite[count] : null;
            NativeSprite* stack = stackalloc NativeSprite[heap == null ? count : 0];
            for (int i = 0; i < count; i++)
            {
                NativeSprite n = obstacles[i].View("obstacles[" + i + "].Mask");
                if (heap != null) heap[i] = n; else stack[i] = n;
            }
            MoveResult result;
            fixed (NativeSprite* h = heap)
            {
                result = MoveNative(mover, heap != null ? h : stack, count, dx, dy, options);
            }
            GC.KeepAlive(Mask);
            GC.KeepAlive(obstacles);
            return result;
        }

        /// <summary><c>pp_move_and_slide</c> of native views (the caller keeps their masks reachable until it
        /// returns).</summary>
        internal static unsafe MoveResult MoveNative(NativeSprite mover, NativeSprite* obstacles, int count, int dx,
            int dy, MoveOptions options)
        {
            Library.EnsureLoaded();
            NativeMoveOptions o = options.ToNative();
            NativeMoveResult r;
            PerPixelException.Check(Native.pp_move_and_slide(&mover, obstacles, (UIntPtr)count, dx, dy, &o, &r));
            return new MoveResult
            {
                X = r.x, Y = r.y, BlockedX = r.blocked_x != 0, BlockedY = r.blocked_y != 0,
                StartedInside = r.started_inside != 0, Climbed = r.climbed,
            };
        }

        /// <summary>The first solid pixel of this sprite on the ray from world pixel (<paramref name="x"/>,
        /// <paramref name="y"/>) in the direction (<paramref name="dx"/>, <paramref name="dy"/>), at most
        /// <paramref name="maxLength"/> pixels from the start (between pixel centres); null when there is
        /// none. The ray visits the pixels of the 4-connected sweep path towards (dx, dy), continued in the
        /// same direction, so it never slips between pixels touching at a corner; the start pixel counts
        /// (step 0). Throws <see cref="PerPixelException"/> (<see cref="Status.InvalidArgument"/>) for a
        /// (0, 0) direction.</summary>
        public unsafe RayHit? Raycast(int x, int y, int dx, int dy, uint maxLength)
        {
            NativeSprite n = View("Mask");
            byte found;
            RayHit hit;
            Status s = Native.pp_raycast(&n, x, y, dx, dy, maxLength, &found, &hit);
            GC.KeepAlive(Mask);
            PerPixelException.Check(s);
            return found != 0 ? hit : (RayHit?)null;
        }

        /// <summary>True when world pixel (<paramref name="x"/>, <paramref name="y"/>) is solid in this
        /// sprite: inside its rectangle and solid in its mask (anywhere in its rectangle when
        /// <see cref="PixelCollision"/> is off).</summary>
        public unsafe bool SolidAt(long x, long y)
        {
            NativeSprite n = View("Mask");
            byte solid;
            Status s = Native.pp_solid_at(&n, x, y, &solid);
            GC.KeepAlive(Mask);
            PerPixelException.Check(s);
            return solid != 0;
        }
    }
}
