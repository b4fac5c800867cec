// Editor assembly (PerPixel.Editor, editor only). The baking itself, pixels in and entries out, with
// no asset database, so it is tested under Mono; SpriteMaskAssets.cs does the asset plumbing.
#if UNITY_5_3_OR_NEWER
using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using System.Text;
using UnityEngine;

namespace PerPixel.Unity.EditorTools
{
    /// <summary>A sprite to bake: its name and its rect in its texture, in whole texels, bottom row
    /// first.</summary>
    public struct SpriteRegion
    {
        /// <summary>The sprite's name.</summary>
        public string Name;
        /// <summary>Its rect in the texture (<c>Sprite.rect</c> rounded to whole texels).</summary>
        public RectInt Rect;

        /// <summary>A region.</summary>
        public SpriteRegion(string name, RectInt rect) { Name = name; Rect = rect; }

        /// <summary>The region of <paramref name="sprite"/>: its name and <c>rect</c>, rounded half up to
        /// whole texels.</summary>
        public static SpriteRegion Of(Sprite sprite)
        {
            if (sprite == null) throw new ArgumentNullException("sprite");
            Rect r = sprite.rect;
            return new SpriteRegion(sprite.name,
                new RectInt(Pixels.Round(r.x), Pixels.Round(r.y), Pixels.Round(r.width), Pixels.Round(r.height)));
        }
    }

    /// <summary>Where <see cref="SpriteMaskBaker.Bake"/> took the pixels from.</summary>
    public enum BakeSource
    {
        /// <summary>The texture's source file, decoded (its alpha channel as the file has it).</summary>
        SourceFile,
        /// <summary>The imported texture's pixels (the texture is readable).</summary>
        Texture,
    }

    /// <summary>
    /// Bakes the masks of a texture's sprites into <see cref="SpriteMaskEntry"/> values, rows bottom-first as
    /// Unity's y-up world wants them, and decides when a <see cref="SpriteMaskSet"/> must be baked again. No
    /// asset database here: pixels in, entries out.
    /// </summary>
    public static class SpriteMaskBaker
    {
        /// <summary>The entries of <paramref name="regions"/> cut from an encoded image (the texture's source
        /// file: PNG, GIF, JPEG, BMP, WebP or QOI), decoded once and flipped so that row 0 is the bottom row, at
        /// <paramref name="threshold"/>. The image must be <paramref name="textureWidth"/> ×
        /// <paramref name="textureHeight"/>, the imported texture's size the sprite rects are in; otherwise
        /// (a texture resized on import) this throws <see cref="InvalidOperationException"/>. A file the
        /// library cannot decode throws a <see cref="PerPixelException"/>; a region outside the texture
        /// throws <see cref="ArgumentException"/> naming the sprite.</summary>
        public static SpriteMaskEntry[] BakeFromImage(byte[] encoded, int textureWidth, int textureHeight,
            IList<SpriteRegion> regions, byte threshold)
        {
            if (encoded == null) throw new ArgumentNullException("encoded");
            var options = MaskOptions.WithThreshold(threshold);
            options.FlipY = true;
            using (Mask whole = Mask.FromImageBytes(encoded, options))
            {
                if (whole.Width != textureWidth || whole.Height != textureHeight)
                {
                    throw new InvalidOperationException("the source image is " + whole.Width + "x" + whole.Height +
                        " but the imported texture is " + textureWidth + "x" + textureHeight +
                        " (resized on import: Max Size or Non-Power of 2)");
                }
                return Cut(whole, regions);
            }
        }

        /// <summary>The entries of <paramref name="regions"/> cut from a readable texture's pixels
        /// (<see cref="UnityMasks.FromTexture"/>: bottom row first) at <paramref name="threshold"/>. The copy
        /// <see cref="UnityMasks"/> may keep of the texture is dropped afterwards.</summary>
        public static SpriteMaskEntry[] BakeFromTexture(Texture2D texture, IList<SpriteRegion> regions, byte threshold)
        {
            if (texture == null) throw new ArgumentNullException("texture");
            try
            {
                using (Mask whole = UnityMasks.FromTexture(texture, new Bounds2D(0, 0, texture.width, texture.height),
                    threshold))
                {
                    return Cut(whole, regions);
                }
            }
            finally
            {
                UnityMasks.ForgetTexture(texture);
            }
        }

        /// <summary>
        /// The entries of <paramref name="regions"/>: from the source file's bytes when the library decodes them
        /// at the texture's size (exact alpha, whatever the texture's compression or readability), otherwise
        /// from <paramref name="texture"/>'s pixels when it is readable; otherwise throws
        /// <see cref="InvalidOperationException"/> saying why and what to do. <paramref name="source"/> tells
        /// which was used.
        /// </summary>
        public static SpriteMaskEntry[] Bake(byte[] sourceFile, Texture2D texture, IList<SpriteRegion> regions,
            byte threshold, out BakeSource source)
        {
            if (texture == null) throw new ArgumentNullException("texture");
            string why;
            try
            {
                source = BakeSource.SourceFile;
                if (sourceFile == null) throw new InvalidOperationException("no source file");
                return BakeFromImage(sourceFile, texture.width, texture.height, regions, threshold);
            }
            catch (PerPixelException e)
            {
                if (e.Status != Status.Decode) throw;
                why = "its source file cannot be decoded (" + e.Message + ")";
            }
            catch (InvalidOperationException e)
            {
                why = e.Message;
            }
            if (!texture.isReadable)
            {
                throw new InvalidOperationException("Cannot bake the sprite masks of '" + texture.name + "': " + why +
                    ", and the texture is not readable. Save it as PNG at its imported size, or tick " +
                    "'Read/Write Enabled' in its import settings.");
            }
            source = BakeSource.Texture;
            return BakeFromTexture(texture, regions, threshold);
        }

        /// <summary>Each region of <paramref name="whole"/> (a texture-sized mask, bottom row first) as an
        /// entry.</summary>
        public static SpriteMaskEntry[] Cut(Mask whole, IList<SpriteRegion> regions)
        {
            if (whole == null) throw new ArgumentNullException("whole");
            if (regions == null) throw new ArgumentNullException("regions");
            var entries = new SpriteMaskEntry[regions.Count];
            for (int i = 0; i < regions.Count; i++)
            {
                RectInt r = regions[i].Rect;
                if (r.x < 0 || r.y < 0 || r.width < 0 || r.height < 0 || (long)r.x + r.width > whole.Width
                    || (long)r.y + r.height > whole.Height)
                {
                    throw new ArgumentException("sprite '" + regions[i].Name + "' at " + r + " is not inside the " +
                        whole.Width + "x" + whole.Height + " texture", "regions");
                }
                using (Mask m = whole.Crop(new Bounds2D(r.x, r.y, r.width, r.height)))
                {
                    entries[i] = new SpriteMaskEntry
                    {
                        spriteName = regions[i].Name, x = r.x, y = r.y, width = r.width, height = r.height,
                        baked = m.ToBaked(),
                    };
                }
            }
            return entries;
        }

        /// <summary>What a bake depends on besides the threshold and the sprites: a SHA-256 of the source
        /// file's bytes and the imported texture's size, as text.</summary>
        public static string SourceHash(byte[] sourceFile, int textureWidth, int textureHeight)
        {
            var text = new StringBuilder("sha256:");
            if (sourceFile == null)
            {
                text.Append("none");
            }
            else
            {
                using (SHA256 sha = SHA256.Create())
                    foreach (byte b in sha.ComputeHash(sourceFile)) text.Append(b.ToString("x2"));
            }
            return text.Append(" texture:").Append(textureWidth).Append('x').Append(textureHeight).ToString();
        }

        /// <summary>The threshold <paramref name="set"/> asks for, clamped to 0..255.</summary>
        public static byte Threshold(SpriteMaskSet set)
        {
            return (byte)Math.Max(0, Math.Min(255, set.threshold));
        }

        /// <summary>Why <paramref name="set"/> must be baked again for a texture whose source is
        /// <paramref name="sourceHash"/> (<see cref="SourceHash"/>) and whose sprites are
        /// <paramref name="regions"/>; null when it is up to date: the same source, the same threshold
        /// (<see cref="SpriteMaskSet.threshold"/> = <see cref="SpriteMaskSet.bakedThreshold"/>), the same
        /// sprites (names and rects, in order), the current <see cref="SpriteMaskSet.CurrentBakeVersion"/>,
        /// and a mask in every entry.</summary>
        public static string WhyStale(SpriteMaskSet set, string sourceHash, IList<SpriteRegion> regions)
        {
            if (set == null) return "no baked masks yet";
            if (set.bakeVersion != SpriteMaskSet.CurrentBakeVersion) return "baked by another version";
            if (set.bakedThreshold != Threshold(set))
                return "threshold " + Threshold(set) + " but baked at " + set.bakedThreshold;
            if (set.sourceHash != sourceHash) return "the texture changed";
            SpriteMaskEntry[] masks = set.masks ?? new SpriteMaskEntry[0];
            if (masks.Length != regions.Count) return "the texture now has " + regions.Count + " sprites, baked " + masks.Length;
            for (int i = 0; i < masks.Length; i++)
            {
                SpriteMaskEntry e = masks[i];
                RectInt r = regions[i].Rect;
                if (e == null || e.baked == null) return "a mask is missing";
                if (e.spriteName != regions[i].Name || e.x != r.x || e.y != r.y || e.width != r.width
                    || e.height != r.height)
                {
                    return "sprite '" + regions[i].Name + "' was renamed, added or re-cut";
                }
            }
            return null;
        }

        /// <summary>Writes a bake into <paramref name="set"/>: the entries, the source hash, the threshold they
        /// were baked with, the texture's GUID and the bake version.</summary>
        public static void Store(SpriteMaskSet set, SpriteMaskEntry[] entries, string sourceHash, string sourceGuid,
            byte threshold)
        {
            if (set == null) throw new ArgumentNullException("set");
            set.masks = entries ?? new SpriteMaskEntry[0];
            set.sourceHash = sourceHash;
            set.sourceGuid = sourceGuid;
            set.bakedThreshold = threshold;
            set.bakeVersion = SpriteMaskSet.CurrentBakeVersion;
        }
    }
}
#endif
