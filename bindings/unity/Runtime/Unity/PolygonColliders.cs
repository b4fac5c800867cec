// Unity glue: compiled only inside Unity. The rest of the package is plain C# and is tested
// outside Unity under Mono (this glue too, against a stand-in for UnityEngine).
#if UNITY_5_3_OR_NEWER
using System;
using UnityEngine;

namespace PerPixel.Unity
{
    /// <summary>Fills a <c>PolygonCollider2D</c> with the polygons of a sprite's solid pixels: one path per ring
    /// (each region's outer ring and its holes; Unity treats a path inside another as a hole), in sprite-local
    /// units as Unity places the sprite: texel corner (x, y) of the mask (rows bottom-up, as the glue builds
    /// them) becomes ((x − pivot.x) / pixelsPerUnit, (y − pivot.y) / pixelsPerUnit). Outer rings run
    /// counter-clockwise, holes clockwise. Put the collider on the sprite's GameObject: the transform's
    /// rotation and scale then apply as to the sprite; <c>SpriteRenderer.flipX/flipY</c> do not (they flip
    /// only the drawing, as for Unity's own generated shapes).</summary>
    public static class PolygonColliders
    {
        /// <summary>The collider's paths from <paramref name="sprite"/>'s mask (<see cref="UnityMasks.FromSprite"/>:
        /// the texture must be readable, or pass its PNG as <paramref name="encodedTexture"/>), simplified within
        /// <paramref name="epsilon"/> texels (0: exact, along the texel edges; 1 or 2 keep far fewer vertices).
        /// Returns the number of paths set (0 for a sprite with no solid texel).</summary>
        public static int SetPaths(PolygonCollider2D collider, Sprite sprite, float epsilon = 1f, byte threshold = 1,
            TextAsset encodedTexture = null)
        {
            if (collider == null) throw new ArgumentNullException("collider");
            if (sprite == null) throw new ArgumentNullException("sprite");
            using (Mask mask = UnityMasks.FromSprite(sprite, threshold, encodedTexture))
            {
                return SetPaths(collider, mask, sprite.pixelsPerUnit, sprite.pivot, epsilon);
            }
        }

        /// <summary>The collider's paths from <paramref name="mask"/> (row 0 the bottom row) with
        /// <paramref name="pixelsPerUnit"/> and <paramref name="pivot"/> (in texels from the mask's bottom-left
        /// corner, as <c>Sprite.pivot</c>), simplified within <paramref name="epsilon"/> texels. Returns the number
        /// of paths set.</summary>
        public static int SetPaths(PolygonCollider2D collider, Mask mask, float pixelsPerUnit, Vector2 pivot,
            float epsilon = 1f)
        {
            if (collider == null) throw new ArgumentNullException("collider");
            Vector2[][] paths = Paths(mask, pixelsPerUnit, pivot, new PolygonOptions { Epsilon = epsilon });
            collider.pathCount = paths.Length;
            for (int i = 0; i < paths.Length; i++) collider.SetPath(i, paths[i]);
            return paths.Length;
        }

        /// <summary>Every ring of <paramref name="mask"/>'s polygons (<see cref="Mask.Polygons(PolygonOptions)"/>
        /// with <paramref name="options"/>), polygon after polygon, outer ring then holes, in sprite-local units:
        /// vertex (x, y) becomes ((x − pivot.x) / pixelsPerUnit, (y − pivot.y) / pixelsPerUnit).</summary>
        public static Vector2[][] Paths(Mask mask, float pixelsPerUnit, Vector2 pivot, PolygonOptions options)
        {
            if (mask == null) throw new ArgumentNullException("mask");
            if (!(pixelsPerUnit > 0) || float.IsInfinity(pixelsPerUnit))
                throw new ArgumentOutOfRangeException("pixelsPerUnit", "pixels per unit must be a positive number");
            PolygonSet set = mask.Polygons(options);
            var paths = new Vector2[set.RingCount][];
            double ppu = pixelsPerUnit;
            for (int r = 0; r < paths.Length; r++)
            {
                int start = set.RingStarts[r];
                var path = new Vector2[set.RingStarts[r + 1] - start];
                for (int i = 0; i < path.Length; i++)
                {
                    Vertex v = set.Points[start + i];
                    path[i] = new Vector2((float)((v.x - (double)pivot.x) / ppu), (float)((v.y - (double)pivot.y) / ppu));
                }
                paths[r] = path;
            }
            return paths;
        }
    }
}
#endif
