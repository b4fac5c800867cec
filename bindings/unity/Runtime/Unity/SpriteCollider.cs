// Unity glue: compiled only inside Unity. The rest of the package is plain C# and is tested
// outside Unity under Mono.
#if UNITY_5_3_OR_NEWER
using System;
using System.Collections.Generic;
using UnityEngine;

namespace PerPixel.Unity
{
    /// <summary>Builds masks from Unity types.</summary>
    public static class UnityMasks
    {
        /// <summary>A mask from a <c>Color32[]</c> as <c>Texture2D.GetPixels32</c> returns it (bottom row
        /// first, which is what Unity's y-up world wants: no flip). <paramref name="region"/> cuts a sprite
        /// out of an atlas without copying it.</summary>
        public static unsafe Mask FromColor32(Color32[] pixels, int width, int height, MaskOptions options)
        {
            if (pixels == null) throw new ArgumentNullException("pixels");
            fixed (Color32* p = pixels)
            {
                var bytes = new ReadOnlySpan<byte>(p, checked(pixels.Length * 4));
                return Mask.FromPixels(bytes, PixelFormat.Rgba8, width, height, checked(width * 4), options);
            }
        }

        /// <summary>A mask for <paramref name="sprite"/>: its <c>textureRect</c> out of its (possibly atlas)
        /// texture, rows bottom-up like the world. The texture must be readable; otherwise pass the sprite's
        /// PNG as <paramref name="encodedTexture"/> (a <c>TextAsset</c> holding the texture file's bytes),
        /// which needs no readable texture.</summary>
        public static Mask FromSprite(Sprite sprite, byte threshold, TextAsset encodedTexture)
        {
            if (sprite == null) throw new ArgumentNullException("sprite");
            Texture2D texture = sprite.texture;
            Rect r = sprite.textureRect;
            var region = new Bounds2D(Mathf.RoundToInt(r.x), Mathf.RoundToInt(r.y),
                Mathf.RoundToInt(r.width), Mathf.RoundToInt(r.height));
            var options = new MaskOptions { Threshold = threshold, UseRegion = true, Region = region };
            if (encodedTexture != null)
            {
                // Image files store the top row first: take the region counted from the top and flip it
                // so that mask row 0 is the sprite's bottom row, as in GetPixels32.
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
            return FromColor32(texture.GetPixels32(), texture.width, texture.height, options);
        }

        private static readonly Dictionary<TextAsset, MaskBundle> s_bundles = new Dictionary<TextAsset, MaskBundle>();

        /// <summary>The bundle in a baked <c>TextAsset</c> (<c>perpixel bake atlas.json -o atlas.bytes
        /// --flip-y</c>), loaded once and shared by every caller until <see cref="ReleaseBundles"/>.</summary>
        public static MaskBundle Bundle(TextAsset baked)
        {
            if (baked == null) throw new ArgumentNullException("baked");
            lock (s_bundles)
            {
                MaskBundle bundle;
                if (!s_bundles.TryGetValue(baked, out bundle) || bundle.IsDisposed)
                {
                    bundle = MaskBundle.FromBytes(baked.bytes);
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

        /// <summary>A mask for <paramref name="sprite"/> from baked data, so the texture is neither readable
        /// nor decoded: <paramref name="bakedMask"/> when set (a file of one mask), otherwise the mask named
        /// <paramref name="name"/> (or, when empty, the sprite's name plus ".png", as a baked folder or
        /// TexturePacker atlas names it) in <paramref name="bakedBundle"/>. Bake with <c>--flip-y</c>: Unity's
        /// y points up. The mask must be the size of the sprite's rect (trimmed atlas frames are baked back
        /// to their source size), or this throws saying so.</summary>
        public static Mask FromBaked(Sprite sprite, TextAsset bakedMask, TextAsset bakedBundle, string name)
        {
            if (sprite == null) throw new ArgumentNullException("sprite");
            Mask mask;
            string what;
            if (bakedMask != null)
            {
                mask = Mask.FromBaked(bakedMask.bytes);
                what = "baked mask '" + bakedMask.name + "'";
            }
            else if (bakedBundle != null)
            {
                string key = string.IsNullOrEmpty(name) ? sprite.name + ".png" : name;
                mask = Bundle(bakedBundle).Get(key);
                what = "mask '" + key + "' of baked bundle '" + bakedBundle.name + "'";
            }
            else
            {
                throw new ArgumentException("no baked data: set bakedMask or bakedBundle");
            }
            int w = Mathf.RoundToInt(sprite.rect.width), h = Mathf.RoundToInt(sprite.rect.height);
            if (mask.Width != w || mask.Height != h)
            {
                int mw = mask.Width, mh = mask.Height;
                mask.Dispose();
                throw new InvalidOperationException("The " + what + " is " + mw + "x" + mh + " pixels but sprite '" +
                    sprite.name + "' is " + w + "x" + h + ": bake the sprite's own image (or its atlas frame).");
            }
            return mask;
        }
    }

    /// <summary>
    /// Pixel-perfect collision for a sprite, in the spirit of the tutorials' <c>SpriteCollider</c>: a mask
    /// of the sprite's solid pixels, placed at the sprite's position in world pixels. Collision assumes
    /// unrotated, unscaled sprites that share one pixels-per-unit, as the tutorials do.
    /// </summary>
    public class SpriteCollider : MonoBehaviour
    {
        /// <summary>The sprite; when empty, the SpriteRenderer's sprite is used.</summary>
        public Sprite sprite;
        /// <summary>Unchecked: the sprite collides as its whole rectangle.</summary>
        public bool pixelCollision = true;
        /// <summary>Alpha at or above which a pixel is solid (1: any visible pixel).</summary>
        [Range(0, 255)] public int alphaThreshold = 1;
        /// <summary>Optional: the texture file's bytes (PNG as a .bytes TextAsset), so the texture need not
        /// be readable.</summary>
        public TextAsset encodedTexture;
        /// <summary>Optional, preferred over everything else: this sprite's baked mask (<c>perpixel bake
        /// sprite.png -o sprite.bytes --flip-y</c>), so the texture is neither readable nor decoded.</summary>
        public TextAsset bakedMask;
        /// <summary>Optional, preferred over the texture: a baked bundle (<c>perpixel bake atlas.json -o
        /// atlas.bytes --flip-y</c>) holding this sprite's mask under <see cref="bakedName"/>.</summary>
        public TextAsset bakedBundle;
        /// <summary>The mask's name in <see cref="bakedBundle"/>; empty means the sprite's name plus
        /// ".png".</summary>
        public string bakedName;

        private Mask _mask;
        private Sprite _maskSprite;

        /// <summary>The sprite's mask, built on first use and rebuilt when the sprite changes: from
        /// <see cref="bakedMask"/> or <see cref="bakedBundle"/> when set, otherwise from the texture.</summary>
        public Mask Mask
        {
            get
            {
                Sprite s = CurrentSprite();
                if (_mask == null || _maskSprite != s)
                {
                    if (_mask != null) _mask.Dispose();
                    _mask = bakedMask != null || bakedBundle != null
                        ? UnityMasks.FromBaked(s, bakedMask, bakedBundle, bakedName)
                        : UnityMasks.FromSprite(s, (byte)Mathf.Clamp(alphaThreshold, 0, 255), encodedTexture);
                    _maskSprite = s;
                }
                return _mask;
            }
        }

        private Sprite CurrentSprite()
        {
            if (sprite != null) return sprite;
            var sr = GetComponent<SpriteRenderer>();
            if (sr == null || sr.sprite == null)
                throw new InvalidOperationException("SpriteCollider on '" + name + "' has no sprite");
            return sr.sprite;
        }

        /// <summary>World pixel of the sprite's bottom-left texel: the transform's position in pixels minus
        /// the sprite's pivot.</summary>
        public Vector2Int PixelPosition
        {
            get
            {
                Sprite s = CurrentSprite();
                Vector3 p = transform.position;
                return new Vector2Int(Mathf.RoundToInt(p.x * s.pixelsPerUnit - s.pivot.x),
                    Mathf.RoundToInt(p.y * s.pixelsPerUnit - s.pivot.y));
            }
        }

        /// <summary>This collider as a placed sprite.</summary>
        public PlacedSprite Placed
        {
            get
            {
                Vector2Int at = PixelPosition;
                return new PlacedSprite(Mask, at.x, at.y, pixelCollision);
            }
        }

        /// <summary>True when the two sprites' solid pixels touch (or their rectangles, for a sprite with
        /// pixel collision off).</summary>
        public bool Collides(SpriteCollider other)
        {
            if (other == null) throw new ArgumentNullException("other");
            return Placed.Collides(other.Placed);
        }

        /// <summary>Where the two sprites first touch, in world pixels (lowest row first, then lowest
        /// x); false when they do not.</summary>
        public bool FirstContact(SpriteCollider other, out Vector2Int contact)
        {
            if (other == null) throw new ArgumentNullException("other");
            Point p;
            bool found = Placed.TryFirstContact(other.Placed, out p);
            contact = new Vector2Int((int)p.x, (int)p.y);
            return found;
        }

        /// <summary>How many pixels the two sprites share.</summary>
        public ulong OverlapArea(SpriteCollider other)
        {
            if (other == null) throw new ArgumentNullException("other");
            return Placed.OverlapArea(other.Placed);
        }

        private void OnDestroy()
        {
            if (_mask != null) _mask.Dispose();
            _mask = null;
        }
    }
}
#endif
