// Unity glue: compiled only inside Unity. The rest of the package is plain C# and is tested
// outside Unity under Mono.
#if UNITY_5_3_OR_NEWER
using System;
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

        private Mask _mask;
        private Sprite _maskSprite;

        /// <summary>The sprite's mask, built on first use and rebuilt when the sprite changes.</summary>
        public Mask Mask
        {
            get
            {
                Sprite s = CurrentSprite();
                if (_mask == null || _maskSprite != s)
                {
                    if (_mask != null) _mask.Dispose();
                    _mask = UnityMasks.FromSprite(s, (byte)Mathf.Clamp(alphaThreshold, 0, 255), encodedTexture);
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
