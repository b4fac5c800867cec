// Unity glue: compiled only inside Unity. The rest of the package is plain C# and is tested
// outside Unity under Mono (this glue too, against a stand-in for UnityEngine).
#if UNITY_5_3_OR_NEWER
using System;
using UnityEngine;

namespace PerPixel.Unity
{
    /// <summary>One sprite's baked mask in a <see cref="SpriteMaskSet"/>: which sprite (its name and its rect in
    /// its source texture, as <c>Sprite.rect</c> gives them) and its mask as <see cref="Mask.ToBaked"/> bytes,
    /// rows bottom-first as <c>Texture2D.GetPixels32</c> gives them (mask row 0 is the sprite's bottom
    /// row).</summary>
    [Serializable]
    public sealed class SpriteMaskEntry
    {
        /// <summary>The sprite's name (<c>Sprite.name</c>).</summary>
        public string spriteName;
        /// <summary>The left of the sprite's rect in its source texture, in whole texels (<c>Sprite.rect</c>,
        /// which stays the source rect when the sprite is packed into an atlas).</summary>
        public int x;
        /// <summary>The bottom of the sprite's rect in its source texture (row 0 is the texture's bottom).</summary>
        public int y;
        /// <summary>The width of the sprite's rect, in texels: the mask's width.</summary>
        public int width;
        /// <summary>The height of the sprite's rect, in texels: the mask's height.</summary>
        public int height;
        /// <summary>The mask: <see cref="Mask.ToBaked"/>'s bytes.</summary>
        public byte[] baked;

        /// <summary>True when this entry is <paramref name="sprite"/>'s: the same name (a trailing
        /// "(Clone)", which <c>SpriteAtlas.GetSprite</c> appends, is ignored) and the same rect.</summary>
        public bool Matches(Sprite sprite)
        {
            if (sprite == null) return false;
            return SameName(spriteName, sprite.name) && SameRect(sprite);
        }

        /// <summary>True when <paramref name="sprite"/>'s rect, rounded to whole texels, is this entry's.</summary>
        internal bool SameRect(Sprite sprite)
        {
            Rect r = sprite.rect;
            int rx, ry, rw, rh;
            return Pixels.TryRound(r.x, out rx) && Pixels.TryRound(r.y, out ry) && Pixels.TryRound(r.width, out rw)
                && Pixels.TryRound(r.height, out rh) && rx == x && ry == y && rw == width && rh == height;
        }

        internal static bool SameName(string baked, string name)
        {
            const string clone = "(Clone)";
            if (name != null && name.EndsWith(clone, StringComparison.Ordinal) && baked != null
                && !baked.EndsWith(clone, StringComparison.Ordinal))
            {
                name = name.Substring(0, name.Length - clone.Length);
            }
            return string.Equals(baked, name, StringComparison.Ordinal);
        }
    }

    /// <summary>
    /// The baked masks of the sprites of one texture (a single sprite, or every sprite of a sprite sheet), made in
    /// the editor when the texture is imported (the <c>PerPixel.Editor</c> assembly), so the texture need not be
    /// readable and nothing is decoded at run time. A <see cref="SpriteCollider"/> whose sprite has an entry here
    /// builds its mask from it.
    /// </summary>
    /// <remarks>
    /// <para>Create one with <c>Assets &gt; PerPixel &gt; Bake Sprite Masks</c> on a texture: it is saved beside
    /// the texture as <c>&lt;texture file&gt;.pixelmasks.asset</c> and from then on the editor bakes it again
    /// whenever the texture is imported (new pixels, new slicing) or <see cref="threshold"/> changes, and leaves
    /// it as it is otherwise. Sprites packed into a <c>SpriteAtlas</c> keep their entry: it is found by the
    /// sprite's name and its rect in its source texture, not by the atlas texture.</para>
    /// <para>Masks are baked from the alpha channel of the texture's source file (PNG, GIF, JPEG, BMP, WebP,
    /// QOI, TGA), or from the imported texture's pixels when the file is in another format or the texture is
    /// resized on import and the texture is readable. Rows are bottom-first, as in Unity's y-up world.</para>
    /// </remarks>
    public sealed class SpriteMaskSet : ScriptableObject
    {
        /// <summary>The version of the baking written into <see cref="bakeVersion"/>; a set baked by another
        /// version is baked again at the next import.</summary>
        public const int CurrentBakeVersion = 1;

        /// <summary>Alpha at or above which a texel is solid (1: any visible pixel; 255: fully opaque only).
        /// Changing it bakes the set again (in the editor).</summary>
        [Tooltip("Alpha at or above which a texel is solid (1: any visible pixel; 255: fully opaque only). " +
            "Changing it bakes the masks again.")]
        [Range(0, 255)] public int threshold = 1;

        /// <summary>The asset GUID of the texture the masks were baked from (editor bookkeeping: the set
        /// follows its texture when either is moved or renamed). A GUID rather than a reference, so a build
        /// that needs the set does not also pull in the source texture of atlased sprites.</summary>
        public string sourceGuid;

        /// <summary>What the masks were baked from: a digest of the source file's bytes and the imported
        /// texture's size, written by the editor; a different digest at import bakes again.</summary>
        public string sourceHash;

        /// <summary>The threshold the masks were baked with (what counts at run time; differs from
        /// <see cref="threshold"/> only until the editor bakes again).</summary>
        public int bakedThreshold = -1;

        /// <summary>The <see cref="CurrentBakeVersion"/> the masks were baked by.</summary>
        public int bakeVersion;

        /// <summary>One entry per sprite of the texture, in the order the importer lists them.</summary>
        public SpriteMaskEntry[] masks = new SpriteMaskEntry[0];

        /// <summary>Installed by the <c>PerPixel.Editor</c> assembly when the editor loads: the set baked for
        /// a sprite's texture, or null. Null outside the editor (players have no asset database); see
        /// <see cref="EditorFind"/>.</summary>
        public static Func<Sprite, SpriteMaskSet> EditorLookup;

        /// <summary>In the editor (<see cref="EditorLookup"/> installed), the set baked for
        /// <paramref name="sprite"/>'s texture, or null when it has none; elsewhere, and for a null sprite,
        /// <paramref name="current"/> unchanged. Never throws: a failing lookup logs a warning and keeps
        /// <paramref name="current"/>. For a component's <c>OnValidate</c>, so the reference is serialized
        /// and a player finds the set without the editor.</summary>
        public static SpriteMaskSet EditorFind(Sprite sprite, SpriteMaskSet current)
        {
            Func<Sprite, SpriteMaskSet> lookup = EditorLookup;
            if (lookup == null || sprite == null) return current;
            try
            {
                return lookup(sprite);
            }
            catch (Exception e)
            {
                Debug.LogWarning("perpixel: could not look up the baked masks of sprite '" + sprite.name + "': " +
                    e.Message);
                return current;
            }
        }

        /// <summary>The entry of <paramref name="sprite"/> (same name, a trailing "(Clone)" ignored, and same
        /// rect in its source texture); null when there is none, e.g. the sprite was added, renamed or re-cut
        /// after the last bake.</summary>
        public SpriteMaskEntry Find(Sprite sprite)
        {
            if (sprite == null || masks == null) return null;
            foreach (SpriteMaskEntry e in masks)
                if (e != null && e.Matches(sprite)) return e;
            return null;
        }

        /// <summary>A new mask (the caller owns it: dispose it) for <paramref name="sprite"/> from its baked
        /// entry, rows bottom-first; false (and null) when the set has no entry for it (see
        /// <see cref="Find"/> and <see cref="WhyMissing"/>). The mask was baked at <see cref="bakedThreshold"/>.
        /// Throws a <see cref="PerPixelException"/> (<see cref="Status.BadBakedData"/>) for damaged bytes and
        /// <see cref="InvalidOperationException"/> for a mask whose size is not the entry's rect.</summary>
        public bool TryGetMask(Sprite sprite, out Mask mask)
        {
            mask = null;
            SpriteMaskEntry e = Find(sprite);
            if (e == null || e.baked == null) return false;
            Mask m = Mask.FromBaked(e.baked);
            if (m.Width != e.width || m.Height != e.height)
            {
                int w = m.Width, h = m.Height;
                m.Dispose();
                throw new InvalidOperationException("The baked mask of sprite '" + e.spriteName + "' in '" + name +
                    "' is " + w + "x" + h + " pixels but its rect is " + e.width + "x" + e.height + ": bake it " +
                    "again (Assets > PerPixel > Bake Sprite Masks).");
            }
            mask = m;
            return true;
        }

        /// <summary>Why <see cref="TryGetMask"/> finds nothing for <paramref name="sprite"/>, in words for an
        /// error message; null when it has an entry.</summary>
        public string WhyMissing(Sprite sprite)
        {
            if (sprite == null) return "no sprite";
            SpriteMaskEntry e = Find(sprite);
            if (e != null) return e.baked == null ? "the entry of sprite '" + sprite.name + "' holds no mask" : null;
            int count = masks == null ? 0 : masks.Length;
            SpriteMaskEntry named = null;
            if (masks != null)
                foreach (SpriteMaskEntry m in masks)
                    if (m != null && SpriteMaskEntry.SameName(m.spriteName, sprite.name)) named = m;
            string what = "the baked masks '" + name + "' (" + count + " sprite" + (count == 1 ? "" : "s") + ")";
            string again = ": bake them again (Assets > PerPixel > Bake Sprite Masks on the texture).";
            if (named != null)
            {
                Rect r = sprite.rect;
                return what + " hold sprite '" + sprite.name + "' at (" + named.x + ", " + named.y + ", " +
                    named.width + "x" + named.height + ") but the sprite is now at (" + r.x + ", " + r.y + ", " +
                    r.width + "x" + r.height + ")" + again;
            }
            return what + " have no sprite named '" + sprite.name + "'" + again;
        }
    }
}
#endif
