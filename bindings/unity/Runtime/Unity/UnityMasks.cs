// Unity glue: compiled only inside Unity. The rest of the package is plain C# and is tested
// outside Unity under Mono (this glue too, against a stand-in for UnityEngine).
#if UNITY_5_3_OR_NEWER
using System;
using System.Collections.Generic;
using UnityEngine;
#if UNITY_2020_1_OR_NEWER
using Unity.Collections;
using Unity.Collections.LowLevel.Unsafe;
#endif

namespace PerPixel.Unity
{
    /// <summary>Builds masks from Unity types, and converts between perpixel's and Unity's value
    /// types.</summary>
    public static class UnityMasks
    {
        /// <summary>A mask from a <c>Color32[]</c> as <c>Texture2D.GetPixels32</c> returns it (bottom row
        /// first, which is what Unity's y-up world wants: no flip). <see cref="MaskOptions.Region"/> cuts a
        /// sprite out of an atlas without copying it.</summary>
        public static unsafe Mask FromColor32(Color32[] pixels, int width, int height, MaskOptions options)
        {
            if (pixels == null) throw new ArgumentNullException("pixels");
            fixed (Color32* p = pixels)
            {
                var bytes = new ReadOnlySpan<byte>(p, checked(pixels.Length * 4));
                return Mask.FromPixels(bytes, PixelFormat.Rgba8, width, height, checked(width * 4), options);
            }
        }

        /// <summary>The rectangle <paramref name="sprite"/> occupies in its texture (its
        /// <c>textureRect</c>, which for a packed sprite is a rectangle of the atlas), in whole texels,
        /// bottom row first.</summary>
        public static Bounds2D TextureRegion(Sprite sprite)
        {
            if (sprite == null) throw new ArgumentNullException("sprite");
            Rect r = sprite.textureRect;
            return new Bounds2D(Pixels.Round(r.x), Pixels.Round(r.y), Pixels.Round(r.width), Pixels.Round(r.height));
        }

        /// <summary>A mask for <paramref name="sprite"/>: its <c>textureRect</c> out of its (possibly atlas)
        /// texture, rows bottom-up like the world. The texture must be readable (see
        /// <see cref="FromTexture"/> for how it is read); otherwise pass the sprite's PNG as
        /// <paramref name="encodedTexture"/> (a <c>TextAsset</c> holding the texture file's bytes), which
        /// needs no readable texture.</summary>
        public static Mask FromSprite(Sprite sprite, byte threshold, TextAsset encodedTexture)
        {
            if (sprite == null) throw new ArgumentNullException("sprite");
            Texture2D texture = sprite.texture;
            Bounds2D region = TextureRegion(sprite);
            if (encodedTexture != null)
            {
                // Image files store the top row first: take the region counted from the top and flip it
                // so that mask row 0 is the sprite's bottom row, as in GetPixels32.
                var options = MaskOptions.WithThreshold(threshold);
                options.UseRegion = true;
                options.Region = region;
                options.Region.y = texture.height - region.y - region.height;
                options.FlipY = true;
                return Mask.FromImageBytes(encodedTexture.bytes, options);
            }
            if (!texture.isReadable)
            {
                throw new InvalidOperationException("Texture '" + texture.name + "' of sprite '" + sprite.name +
                    "' is not readable. Tick 'Read/Write Enabled' in its import settings, or give the " +
                    "SpriteCollider the texture's PNG as a TextAsset (rename it to .bytes) in 'Encoded Texture'.");
            }
            return FromTexture(texture, region, threshold);
        }

        /// <summary>
        /// A mask from <paramref name="region"/> of a readable <paramref name="texture"/> (bottom row first).
        /// On Unity 2020.1 and later, textures in <c>RGBA32</c>, <c>BGRA32</c> or <c>Alpha8</c> are read in
        /// place through <c>GetPixelData</c>: only the region's rows are touched and nothing is copied.
        /// Other formats, and older Unity, go through <c>GetPixels32()</c>, which copies the whole texture;
        /// that copy is kept per texture, so the sprites of one atlas share one copy, until
        /// <see cref="ReleaseTextureCache"/> (call it once the masks are built, e.g. after loading a level).
        /// </summary>
        public static unsafe Mask FromTexture(Texture2D texture, Bounds2D region, byte threshold)
        {
            if (texture == null) throw new ArgumentNullException("texture");
            if (!texture.isReadable)
            {
                throw new InvalidOperationException("Texture '" + texture.name + "' is not readable: tick " +
                    "'Read/Write Enabled' in its import settings.");
            }
#if UNITY_2020_1_OR_NEWER
            PixelFormat format;
            int bytesPerPixel;
            if (TryInPlaceFormat(texture.format, out format, out bytesPerPixel))
            {
                NativeArray<byte> data = texture.GetPixelData<byte>(0);
                var bytes = new ReadOnlySpan<byte>(NativeArrayUnsafeUtility.GetUnsafeReadOnlyPtr(data), data.Length);
                return FromTextureBytes(bytes, format, bytesPerPixel, texture.width, texture.height, region, threshold);
            }
#endif
            var options = MaskOptions.WithThreshold(threshold);
            options.UseRegion = true;
            options.Region = region;
            return FromColor32(Pixels32(texture), texture.width, texture.height, options);
        }

        /// <summary>The perpixel format and bytes per texel of the texture formats read in place; false for
        /// every other format (read through <c>GetPixels32</c>).</summary>
        internal static bool TryInPlaceFormat(TextureFormat textureFormat, out PixelFormat format, out int bytesPerPixel)
        {
            switch (textureFormat)
            {
                case TextureFormat.RGBA32: format = PixelFormat.Rgba8; bytesPerPixel = 4; return true;
                case TextureFormat.BGRA32: format = PixelFormat.Bgra8; bytesPerPixel = 4; return true;
                case TextureFormat.Alpha8: format = PixelFormat.A8; bytesPerPixel = 1; return true;
                default: format = PixelFormat.Rgba8; bytesPerPixel = 0; return false;
            }
        }

        /// <summary>A mask from <paramref name="region"/> of a whole texture's mip-0 bytes (rows of
        /// width × bytes per pixel, bottom row first), read in place.</summary>
        internal static Mask FromTextureBytes(ReadOnlySpan<byte> data, PixelFormat format, int bytesPerPixel,
            int width, int height, Bounds2D region, byte threshold)
        {
            var options = MaskOptions.WithThreshold(threshold);
            options.UseRegion = true;
            options.Region = region;
            return Mask.FromPixels(data, format, width, height, checked(width * bytesPerPixel), options);
        }

        private struct CopiedPixels
        {
            public Color32[] Pixels;
            public int Width, Height;
        }

        private static readonly Dictionary<Texture2D, CopiedPixels> s_pixels = new Dictionary<Texture2D, CopiedPixels>();

        /// <summary><c>texture.GetPixels32()</c>, copied once per texture (and again when its size
        /// changes) until <see cref="ReleaseTextureCache"/> or <see cref="ForgetTexture"/>.</summary>
        internal static Color32[] Pixels32(Texture2D texture)
        {
            lock (s_pixels)
            {
                CopiedPixels copy;
                if (s_pixels.TryGetValue(texture, out copy) && copy.Width == texture.width && copy.Height == texture.height)
                    return copy.Pixels;
                copy = new CopiedPixels { Pixels = texture.GetPixels32(), Width = texture.width, Height = texture.height };
                s_pixels[texture] = copy;
                return copy.Pixels;
            }
        }

        /// <summary>Drops every texture copy <see cref="FromTexture"/> kept (only textures it could not read
        /// in place are copied). Masks already built are unaffected.</summary>
        public static void ReleaseTextureCache()
        {
            lock (s_pixels) s_pixels.Clear();
        }

        /// <summary>Drops the copy of <paramref name="texture"/> that <see cref="FromTexture"/> kept, if any,
        /// e.g. after changing its pixels.</summary>
        public static void ForgetTexture(Texture2D texture)
        {
            if (texture == null) return;
            lock (s_pixels) s_pixels.Remove(texture);
        }

        private static readonly Dictionary<TextAsset, MaskBundle> s_bundles = new Dictionary<TextAsset, MaskBundle>();

        /// <summary>The bundle in a baked <c>TextAsset</c> (<c>perpixel bake atlas.json -o atlas.bytes
        /// --flip-y</c>), loaded once and shared by every caller until <see cref="ReleaseBundles"/>.</summary>
        public static MaskBundle Bundle(TextAsset baked)
        {
            return LoadBundle(baked);
        }

        private static MaskBundle LoadBundle(TextAsset baked)
        {
            if (baked == null) throw new ArgumentNullException("baked");
            lock (s_bundles)
            {
                MaskBundle bundle;
                if (!s_bundles.TryGetValue(baked, out bundle) || bundle.IsDisposed)
                {
                    byte[] bytes = baked.bytes;
                    bundle = MaskBundle.FromBytes(bytes);
                    s_bundles[baked] = bundle;
                }
                return bundle;
            }
        }

        /// <summary>Frees every bundle <see cref="Bundle"/> loaded (masks taken from them stay valid), e.g.
        /// when leaving a level.</summary>
        public static void ReleaseBundles()
        {
            lock (s_bundles)
            {
                foreach (MaskBundle b in s_bundles.Values) b.Dispose();
                s_bundles.Clear();
            }
        }

        /// <summary>Frees the bundle loaded from <paramref name="baked"/>, if any, so the next
        /// <see cref="Bundle"/> reads the asset again (masks taken from it stay valid).</summary>
        public static void ForgetBundle(TextAsset baked)
        {
            if (baked == null) return;
            lock (s_bundles)
            {
                MaskBundle bundle;
                if (s_bundles.TryGetValue(baked, out bundle)) bundle.Dispose();
                s_bundles.Remove(baked);
            }
        }

        /// <summary>A mask for <paramref name="sprite"/> from baked data, so the texture is neither readable
        /// nor decoded: <paramref name="bakedMask"/> when set (a file of one mask), otherwise the mask named
        /// <paramref name="name"/> (or, when empty, the sprite's name plus ".png", as a baked folder or
        /// TexturePacker atlas names it) in <paramref name="bakedBundle"/>. Bake with <c>--flip-y</c>: Unity's
        /// y points up. The alpha threshold was fixed when baking (<c>--threshold</c>). The mask must be the
        /// size of the sprite's rect (trimmed atlas frames are baked back to their source size), or this
        /// throws saying so.</summary>
        public static Mask FromBaked(Sprite sprite, TextAsset bakedMask, TextAsset bakedBundle, string name)
        {
            int? threshold;
            string what;
            return FromBaked(sprite, bakedMask, bakedBundle, name, out threshold, out what);
        }

        /// <summary><see cref="FromBaked(Sprite, TextAsset, TextAsset, string)"/>, also giving the threshold the
        /// mask was baked with (null when the file does not record one) and words naming the mask.</summary>
        internal static Mask FromBaked(Sprite sprite, TextAsset bakedMask, TextAsset bakedBundle, string name,
            out int? bakedThreshold, out string what)
        {
            if (sprite == null) throw new ArgumentNullException("sprite");
            Mask mask;
            if (bakedMask != null)
            {
                byte[] bytes = bakedMask.bytes;
                mask = Mask.FromBaked(bytes);
                what = "baked mask '" + bakedMask.name + "'";
                // A file of one mask is a bundle of one: its entry records the threshold.
                using (var one = MaskBundle.FromBytes(bytes)) bakedThreshold = one.InfoAt(0).Threshold;
            }
            else if (bakedBundle != null)
            {
                string key = string.IsNullOrEmpty(name) ? sprite.name + ".png" : name;
                MaskBundle bundle = LoadBundle(bakedBundle);
                mask = bundle.Get(key);
                what = "mask '" + key + "' of baked bundle '" + bakedBundle.name + "'";
                bakedThreshold = bundle.InfoOf(key).Threshold;
            }
            else
            {
                throw new ArgumentException("no baked data: set bakedMask or bakedBundle");
            }
            int w = Pixels.Round(sprite.rect.width), h = Pixels.Round(sprite.rect.height);
            if (mask.Width != w || mask.Height != h)
            {
                int mw = mask.Width, mh = mask.Height;
                mask.Dispose();
                throw new InvalidOperationException("The " + what + " is " + mw + "x" + mh + " pixels but sprite '" +
                    sprite.name + "' is " + w + "x" + h + ": bake the sprite's own image (or its atlas frame).");
            }
            return mask;
        }

        /// <summary>World pixel of a sprite's bottom-left texel: <paramref name="position"/> (world units) ×
        /// <paramref name="pixelsPerUnit"/> − <paramref name="pivot"/> (texels), computed in double and
        /// rounded by <see cref="Pixels.RoundPosition"/> (halves up, a value within min(|v| / 8192, 1/64) pixel
        /// below a half counted as on it, so float noise never moves a sprite a pixel), so a sprite moved one pixel moves
        /// one pixel whatever its size, pivot and pixels per unit. Throws <see cref="OverflowException"/> for
        /// a position with no pixel (NaN, infinite, outside <see cref="int"/>).</summary>
        public static Vector2Int PixelPosition(Vector3 position, float pixelsPerUnit, Vector2 pivot)
        {
            return new Vector2Int(Pixels.RoundPosition((double)position.x * pixelsPerUnit - pivot.x),
                Pixels.RoundPosition((double)position.y * pixelsPerUnit - pivot.y));
        }

        /// <summary>The world position (units) that puts a sprite's bottom-left texel on world pixel
        /// <paramref name="pixel"/>: (pixel + pivot) ÷ pixels per unit, in double, rounded to float. It gives
        /// back <paramref name="pixel"/> through <see cref="PixelPosition"/> (for positions within 2^17
        /// pixels of the origin), so keeping whole-pixel motion in ints and setting the position from them
        /// never drifts.</summary>
        public static Vector3 PixelToWorld(Vector2Int pixel, float pixelsPerUnit, Vector2 pivot, float z = 0)
        {
            return new Vector3((float)((pixel.x + (double)pivot.x) / pixelsPerUnit),
                (float)((pixel.y + (double)pivot.y) / pixelsPerUnit), z);
        }

        /// <summary>
        /// How a sprite's mask maps onto the world pixel grid beyond its position: the 2x2 linear part of
        /// the transform's <c>localToWorldMatrix</c> (rotation about z, lossy scale, and the skew a rotated
        /// parent with a non-uniform scale makes), with <c>SpriteRenderer.flipX/flipY</c> mirroring about the
        /// sprite's pivot as Unity draws it. Writes the mask-to-world matrix {a, b, tx, c, d, ty} of a sprite
        /// whose bottom-left texel's pixel position is (0, 0) into <paramref name="matrix"/> (six numbers),
        /// and returns false when that map is the identity (an unrotated, unscaled, unflipped sprite: the
        /// plain, untransformed path).
        /// </summary>
        /// <remarks>World pixel = position × pixels-per-unit + M·F·(texel − pivot), with M the matrix's
        /// linear part and F the flips: pixels per unit cancels because positions are taken in pixels.
        /// The position itself is rounded to a whole pixel by <see cref="PixelPosition"/> (floor(v + 0.5)),
        /// as for plain sprites, so a sprite moving by whole pixels keeps its raster. A rotation about x or y
        /// (a sprite tilted in 3D) gives the projection onto the xy plane: what an orthographic camera looking
        /// down z sees, the documented approximation for such sprites.
        /// <para>Float noise is snapped away first (<see cref="SnapTolerance"/>): Unity's matrix for
        /// <c>Quaternion.Euler(0, 0, 90)</c> is [5.96e-8, −0.99999994; 0.99999994, 5.96e-8], which taken as it
        /// is turns some pixel centres a hair past a texel edge (a 5x4 sprite covered 12 pixels, not 20). Each
        /// coefficient within 2^-18 of the largest one's size of 0, of a multiple of 1/256 (integers, halves,
        /// quarters...) or of 1/n (n = 2 to 256: a scale of 1/3) becomes that value exactly, so a flip, quarter
        /// turn or exact scale made through a Transform, its parents and float math gives exactly that map's
        /// pixels (the quarter turn the same pixels as <see cref="Mask.RotatedQuarter"/>).</para></remarks>
        public static bool SpriteMatrix(float m00, float m01, float m10, float m11, bool flipX, bool flipY,
            Vector2 pivot, double[] matrix)
        {
            if (matrix == null || matrix.Length != 6) throw new ArgumentException("six numbers", "matrix");
            double fx = flipX ? -1.0 : 1.0, fy = flipY ? -1.0 : 1.0;
            double scale = Math.Max(Math.Max(Math.Abs((double)m00), Math.Abs((double)m01)),
                Math.Max(Math.Abs((double)m10), Math.Abs((double)m11)));
            double a = Snap(m00, scale) * fx, b = Snap(m01, scale) * fy, c = Snap(m10, scale) * fx, d = Snap(m11, scale) * fy;
            double px = pivot.x, py = pivot.y;
            matrix[0] = a;
            matrix[1] = b;
            matrix[2] = px - (a * px + b * py);
            matrix[3] = c;
            matrix[4] = d;
            matrix[5] = py - (c * px + d * py);
            return !(a == 1.0 && b == 0.0 && c == 0.0 && d == 1.0);
        }

        /// <summary>How close, relative to the largest coefficient of a sprite's matrix, a coefficient must be
        /// to an exact value to be snapped to it by <see cref="SpriteMatrix"/>: 2^-18 (about 64 float roundings
        /// of the largest coefficient, far above what a Transform and its parents make, far below any
        /// rotation or scale a game means: 2^-18 radians is 0.0002 degrees).</summary>
        public const double SnapTolerance = 1.0 / (1 << 18);

        /// <summary>A coefficient of a sprite's matrix, snapped to 0, a multiple of 1/256 or 1/n (n from 2 to
        /// 256) when within <see cref="SnapTolerance"/> × <paramref name="scale"/> of it; otherwise as it
        /// is.</summary>
        internal static double Snap(double v, double scale)
        {
            double tol = scale * SnapTolerance;
            if (Math.Abs(v) <= tol) return 0.0;
            double dyadic = Math.Floor(v * 256 + 0.5) / 256;
            if (dyadic != 0 && Math.Abs(v - dyadic) <= tol) return dyadic;
            double n = Math.Floor(1 / v + 0.5);
            if (Math.Abs(n) >= 2 && Math.Abs(n) <= 256 && Math.Abs(v - 1 / n) <= tol) return 1 / n;
            return v;
        }

        /// <summary>A perpixel rectangle as Unity's <c>RectInt</c> (same fields, same half-open
        /// meaning).</summary>
        public static RectInt ToRectInt(Bounds2D bounds)
        {
            return new RectInt(bounds.x, bounds.y, bounds.width, bounds.height);
        }

        /// <summary>A normal as a <c>Vector2</c> (its doubles rounded to float).</summary>
        public static Vector2 ToVector2(Normal normal)
        {
            return new Vector2((float)normal.x, (float)normal.y);
        }

        /// <summary>A whole-pixel translation as a <c>Vector2Int</c>.</summary>
        public static Vector2Int ToVector2Int(Offset offset)
        {
            return new Vector2Int(offset.dx, offset.dy);
        }

        /// <summary>The world pixel holding <paramref name="point"/> (world units): pixel (X, Y) covers
        /// [X, X + 1) × [Y, Y + 1) in pixel coordinates (units × <paramref name="pixelsPerUnit"/>, the
        /// coordinates <see cref="PixelPosition"/> places sprites in). Computed with the position rule
        /// (<see cref="Pixels.RoundPosition"/>: floor(v + 0.5), a value within min(|v| / 8192, 1/64) pixel
        /// below a half counted as on it) applied to the bottom-left corner of a one-pixel sprite centred on the point, v = point ×
        /// pixelsPerUnit − 0.5 in double: so the answer is floor(point × pixelsPerUnit) but for float noise, the pixel a
        /// one-pixel sprite with a centre pivot at the point occupies (3.5 → 3, 4.0 → 4, −0.2 → −1, and 0.29f
        /// at 100 pixels per unit, 28.999999 pixels, → 29). Throws <see cref="OverflowException"/> for a point with
        /// no pixel (NaN, infinite, outside <see cref="int"/>).</summary>
        public static Vector2Int PointPixel(Vector2 point, float pixelsPerUnit)
        {
            return new Vector2Int(Pixels.RoundPosition(PointCorner(point.x, pixelsPerUnit)),
                Pixels.RoundPosition(PointCorner(point.y, pixelsPerUnit)));
        }

        /// <summary><see cref="PointPixel"/> without throwing: false for a point with no pixel (NaN, infinite,
        /// outside <see cref="int"/>).</summary>
        internal static bool TryPointPixel(Vector2 point, double pixelsPerUnit, out Vector2Int pixel)
        {
            int x, y;
            bool ok = Pixels.TryRoundPosition(PointCorner(point.x, pixelsPerUnit), out x)
                & Pixels.TryRoundPosition(PointCorner(point.y, pixelsPerUnit), out y);
            pixel = new Vector2Int(x, y);
            return ok;
        }

        // The bottom-left corner, in pixels, of a one-pixel sprite centred on a point coordinate.
        private static double PointCorner(float v, double pixelsPerUnit)
        {
            return v * pixelsPerUnit - 0.5;
        }

        /// <summary>The scale of an integer ray direction: its larger component is this long.</summary>
        public const int RayDirectionScale = 1 << 16;

        /// <summary>A float direction as the integer one the library's rays take: scaled so that its larger
        /// component is ±<see cref="RayDirectionScale"/> (65536), then each component rounded by floor(v + 0.5)
        /// (<see cref="Pixels.Round(double)"/>), in double. The ray follows the 4-connected pixel line
        /// towards that direction, so the angle is kept to within about 1/65536 of a radian; (1, 0.5)
        /// becomes (65536, 32768). (0, 0) stays (0, 0), which the library refuses. Throws
        /// <see cref="ArgumentException"/> for a NaN or infinite component.</summary>
        public static Vector2Int RayDirection(Vector2 direction)
        {
            double x = direction.x, y = direction.y;
            if (double.IsNaN(x) || double.IsNaN(y) || double.IsInfinity(x) || double.IsInfinity(y))
                throw new ArgumentException("a ray direction must be finite", "direction");
            double big = Math.Max(Math.Abs(x), Math.Abs(y));
            if (big == 0) return new Vector2Int(0, 0);
            return new Vector2Int(Pixels.Round(x / big * RayDirectionScale), Pixels.Round(y / big * RayDirectionScale));
        }

        /// <summary>A length in world units as whole pixels for a ray: <paramref name="distance"/> ×
        /// <paramref name="pixelsPerUnit"/> rounded by floor(v + 0.5); infinity and anything from
        /// <see cref="int.MaxValue"/> pixels on (beyond the int range rays keep to) become
        /// <see cref="uint.MaxValue"/>. Throws
        /// <see cref="ArgumentOutOfRangeException"/> for a negative or NaN distance.</summary>
        public static uint RayLength(float distance, float pixelsPerUnit)
        {
            double v = (double)distance * pixelsPerUnit;
            if (double.IsNaN(v) || v < 0) throw new ArgumentOutOfRangeException("distance", "a ray length must be >= 0");
            // Past int.MaxValue pixels every ray has left the int range the library keeps to.
            return v >= int.MaxValue ? uint.MaxValue : (uint)Pixels.Round(v);
        }

        /// <summary>A world pixel as a <c>Vector2Int</c>; throws <see cref="OverflowException"/> when a
        /// coordinate does not fit in an <see cref="int"/> (a contact beyond <c>int.MaxValue</c>, possible
        /// only for sprites placed at the edge of the range).</summary>
        public static Vector2Int ToVector2Int(Point point)
        {
            return new Vector2Int(checked((int)point.x), checked((int)point.y));
        }
    }
}
#endif
