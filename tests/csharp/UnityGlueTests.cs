// Tests of the Unity glue (bindings/unity/Runtime/Unity) run under Mono against the UnityEngine
// stand-in (tests/csharp/UnityEngineStub.cs), compiled with UNITY_5_3_OR_NEWER and
// UNITY_2020_1_OR_NEWER so both ways of reading textures run. Part of PerPixelTests.exe.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using PerPixel;
using PerPixel.Unity;
using UnityEngine;

static partial class Tests
{
    // An 8x6 atlas, bottom row first as Unity stores it: 'A' alpha 255, 'h' alpha 100, '.' clear.
    static readonly string[] Atlas =
    {
        "AA..hA..",
        "A.A.hhA.",
        "..AAAAhh",
        "h.....A.",
        ".AAh..AA",
        "A......h",
    };

    static byte[] AtlasBytes(TextureFormat format)
    {
        int bpp = format == TextureFormat.Alpha8 ? 1 : 4;
        var data = new byte[8 * 6 * bpp];
        for (int y = 0; y < 6; y++)
            for (int x = 0; x < 8; x++)
            {
                byte a = Atlas[y][x] == 'A' ? (byte)255 : Atlas[y][x] == 'h' ? (byte)100 : (byte)0;
                byte r = (byte)(x * 30), g = (byte)(y * 40), b = 7;
                int i = (y * 8 + x) * bpp;
                switch (format)
                {
                    case TextureFormat.Alpha8: data[i] = a; break;
                    case TextureFormat.RGBA32: data[i] = r; data[i + 1] = g; data[i + 2] = b; data[i + 3] = a; break;
                    case TextureFormat.BGRA32: data[i] = b; data[i + 1] = g; data[i + 2] = r; data[i + 3] = a; break;
                    case TextureFormat.ARGB32: data[i] = a; data[i + 1] = r; data[i + 2] = g; data[i + 3] = b; break;
                }
            }
        return data;
    }

    /// What a mask cut from `region` of the atlas must hold at `threshold`, row 0 first.
    static string Expected(RectInt region, int threshold)
    {
        var rows = new List<string>();
        for (int y = region.y; y < region.y + region.height; y++)
        {
            var row = new System.Text.StringBuilder();
            for (int x = region.x; x < region.x + region.width; x++)
            {
                int a = Atlas[y][x] == 'A' ? 255 : Atlas[y][x] == 'h' ? 100 : 0;
                row.Append(a >= threshold ? '#' : '.');
            }
            rows.Add(row.ToString());
        }
        return string.Join("/", rows);
    }

    static Sprite SpriteIn(Texture2D texture, string name, RectInt r, float ppu = 1, float pivotX = 0, float pivotY = 0)
    {
        return new Sprite
        {
            name = name,
            texture = texture,
            rect = new Rect(0, 0, r.width, r.height),
            textureRect = new Rect(r.x, r.y, r.width, r.height),
            pixelsPerUnit = ppu,
            pivot = new Vector2(pivotX, pivotY),
        };
    }

    static SpriteCollider Collider(string name, Sprite sprite, float x = 0, float y = 0)
    {
        var go = new GameObject(name);
        go.transform.position = new Vector3(x, y, 0);
        var c = go.AddComponent<SpriteCollider>();
        c.sprite = sprite;
        return c;
    }

    static readonly RectInt[] Regions = { new RectInt(0, 0, 8, 6), new RectInt(1, 1, 3, 4), new RectInt(4, 0, 4, 3),
        new RectInt(5, 3, 3, 3), new RectInt(2, 2, 1, 1), new RectInt(0, 5, 8, 1) };

    static void UnityGlue(string scratch)
    {
        UnityPixelPosition();
        UnityTextures();
        UnityRebuild(scratch);
        UnityBakedThreshold(scratch);
        UnityQueries();
        UnityTransforms();
        UnityMotion();
    }

    static void UnityPixelPosition()
    {
        // An odd-sized sprite (5 wide) with the centre pivot (2.5 texels), one pixel per unit.
        var texture = new Texture2D(8, 6, TextureFormat.RGBA32, AtlasBytes(TextureFormat.RGBA32));
        var odd = SpriteIn(texture, "odd", new RectInt(0, 0, 5, 5), 1, 2.5f, 2.5f);
        var c = Collider("mover", odd);
        var xs = new List<int>();
        var roundToInt = new List<int>();
        for (int x = 10; x <= 14; x++)
        {
            c.transform.position = new Vector3(x, 0, 0);
            xs.Add(c.PixelPosition.x);
            roundToInt.Add(Mathf.RoundToInt(x * odd.pixelsPerUnit - odd.pivot.x));
        }
        Equal("an odd sprite with a centre pivot at transform x = 10..14 is at pixel x", "8,9,10,11,12",
            string.Join(",", xs));
        Equal("(Mathf.RoundToInt, the old rule, gave 2-pixel steps)", "8,8,10,10,12", string.Join(",", roundToInt));
        c.transform.position = new Vector3(-10, -3, 0);
        Equal("PixelPosition at (-10, -3): -12.5 -> -12, -5.5 -> -5", "(-12, -5)", c.PixelPosition.ToString());
        Equal("UnityMasks.PixelPosition at 100 pixels per unit, (0.035, -0.015), pivot (0, 0)", "(4, -1)",
            UnityMasks.PixelPosition(new Vector3(0.035f, -0.015f, 0), 100, new Vector2(0, 0)).ToString());
        Equal("Placed is at PixelPosition", "-12,-5", c.Placed.X + "," + c.Placed.Y);
        c.transform.position = new Vector3(float.NaN, 0, 0);
        Throws<OverflowException>("PixelPosition of a NaN position", () => { var p = c.PixelPosition; });
        c.transform.position = new Vector3(3e9f, 0, 0);
        Throws<OverflowException>("PixelPosition beyond int", () => { var p = c.Placed; });
    }

    static void UnityTextures()
    {
        // Every format, every region: the mask is the region's texels, bottom row first.
        var formats = new[] { TextureFormat.RGBA32, TextureFormat.BGRA32, TextureFormat.Alpha8, TextureFormat.ARGB32 };
        foreach (TextureFormat format in formats)
        {
            var texture = new Texture2D(8, 6, format, AtlasBytes(format)) { name = format + " atlas" };
            PixelFormat pf;
            int bpp;
            bool inPlace = UnityMasks.TryInPlaceFormat(format, out pf, out bpp);
            int wrong = 0;
            foreach (RectInt r in Regions)
                foreach (byte threshold in new byte[] { 1, 100, 101 })
                    using (var m = UnityMasks.FromSprite(SpriteIn(texture, "s", r), threshold, null))
                        if (m.Width != r.width || m.Height != r.height || Rows(m) != Expected(r, threshold)) wrong++;
            Equal(format + ": masks of 6 regions x 3 thresholds that differ from the texels", 0, wrong);
            if (inPlace)
                Check(format + " is read in place: " + texture.getPixelDataCalls + " GetPixelData calls, no GetPixels32",
                    texture.getPixelDataCalls == 18 && texture.getPixels32Calls == 0);
            else
                Check(format + " is copied once for 18 masks: GetPixels32 called " + texture.getPixels32Calls + " time(s)",
                    texture.getPixels32Calls == 1 && texture.getPixelDataCalls == 0);
        }
        Equal("formats read in place", "RGBA32,BGRA32,Alpha8", string.Join(",", formats.Where(f =>
        {
            PixelFormat pf;
            int bpp;
            return UnityMasks.TryInPlaceFormat(f, out pf, out bpp);
        })));

        // The copy cache: one copy per texture, dropped by ReleaseTextureCache / ForgetTexture.
        var copied = new Texture2D(8, 6, TextureFormat.ARGB32, AtlasBytes(TextureFormat.ARGB32));
        var other = new Texture2D(8, 6, TextureFormat.RGB24, new byte[8 * 6 * 3]);
        UnityMasks.FromSprite(SpriteIn(copied, "a", Regions[1]), 1, null).Dispose();
        UnityMasks.FromSprite(SpriteIn(other, "b", Regions[1]), 1, null).Dispose();
        UnityMasks.FromSprite(SpriteIn(copied, "c", Regions[2]), 1, null).Dispose();
        Check("two atlases, three sprites: one copy each", copied.getPixels32Calls == 1 && other.getPixels32Calls == 1);
        using (var m = UnityMasks.FromSprite(SpriteIn(other, "rgb", Regions[3]), 1, null))
            Equal("RGB24 (no alpha): every texel solid", 9UL, m.Count);
        UnityMasks.ForgetTexture(copied);
        UnityMasks.FromSprite(SpriteIn(copied, "a", Regions[1]), 1, null).Dispose();
        UnityMasks.FromSprite(SpriteIn(other, "b", Regions[1]), 1, null).Dispose();
        Check("ForgetTexture drops that texture's copy only", copied.getPixels32Calls == 2 && other.getPixels32Calls == 1);
        UnityMasks.ReleaseTextureCache();
        UnityMasks.FromSprite(SpriteIn(other, "b", Regions[1]), 1, null).Dispose();
        Check("ReleaseTextureCache drops every copy", other.getPixels32Calls == 2);
        UnityMasks.ReleaseTextureCache();

        var locked = new Texture2D(8, 6, TextureFormat.RGBA32, AtlasBytes(TextureFormat.RGBA32)) { name = "locked", isReadable = false };
        Throws<InvalidOperationException>("a non-readable texture", () => UnityMasks.FromSprite(SpriteIn(locked, "s", Regions[1]), 1, null),
            e => e.Message.Contains("Read/Write") && e.Message.Contains("Encoded Texture"));
        var outside = new Texture2D(8, 6, TextureFormat.RGBA32, AtlasBytes(TextureFormat.RGBA32));
        Throws("a sprite rect outside its texture", () => UnityMasks.FromSprite(SpriteIn(outside, "s", new RectInt(6, 0, 3, 2)), 1, null),
            With(Status.RegionOutOfBounds, ""));
    }

    static void UnityRebuild(string scratch)
    {
        var texture = new Texture2D(8, 6, TextureFormat.RGBA32, AtlasBytes(TextureFormat.RGBA32));
        var region = new RectInt(0, 0, 8, 6);
        var c = Collider("rebuilt", SpriteIn(texture, "atlas", region));
        Mask first = c.Mask;
        Equal("threshold 1", Expected(region, 1), Rows(first));
        Check("the mask is kept while nothing changes", ReferenceEquals(first, c.Mask) && ReferenceEquals(first, c.Placed.Mask));
        c.alphaThreshold = 101;
        Mask second = c.Mask;
        Equal("alphaThreshold 1 -> 101 after the first query rebuilds", Expected(region, 101), Rows(second));
        Check("the old mask is disposed", first.IsDisposed && !second.IsDisposed);

        // encodedTexture: diagonal.png (70x5, opaque where x == 10 * y, top row first).
        var png = new TextAsset("diagonal", File.ReadAllBytes(Path.Combine(scratch, "diagonal.png")));
        var wide = new Texture2D(70, 5, TextureFormat.RGBA32, new byte[70 * 5 * 4]) { isReadable = false };
        var d = Collider("encoded", SpriteIn(wide, "diagonal", new RectInt(30, 0, 20, 5)));
        Throws<InvalidOperationException>("no readable texture and no encoded texture", () => { var m = d.Mask; });
        d.encodedTexture = png;
        Mask fromPng = d.Mask;
        Check("encodedTexture set after a failed query: decoded, flipped, cut (2 solid: (0,1) and (10,0))",
            fromPng.Count == 2 && fromPng.IsSolid(0, 1) && fromPng.IsSolid(10, 0));
        Equal("encodedTexture read once", 1, png.bytesCalls);

        // Baked sources, switched after first use.
        string sprites = Path.Combine(scratch, "sprites");
        var single = new TextAsset("single", File.ReadAllBytes(Path.Combine(scratch, "single.ppmk")));
        var folder = new TextAsset("folder", File.ReadAllBytes(Path.Combine(scratch, "folder.ppmk")));
        using (var w65 = Mask.FromImageFile(Path.Combine(sprites, "w65.png"), MaskOptions.Default))
        using (var w64 = Mask.FromImageFile(Path.Combine(sprites, "w64.png"), MaskOptions.Default))
        {
            var blank = new Texture2D(w65.Width, w65.Height, TextureFormat.Alpha8, new byte[w65.Width * w65.Height]);
            var b = Collider("baked", SpriteIn(blank, "w65", new RectInt(0, 0, w65.Width, w65.Height)));
            Equal("from the (empty) texture first", 0UL, b.Mask.Count);
            b.bakedMask = single;
            Equal("bakedMask set: the baked w65", Rows(w65), Rows(b.Mask));
            b.bakedMask = null;
            b.bakedBundle = folder;
            Equal("bakedBundle set (name from the sprite: w65.png)", Rows(w65), Rows(b.Mask));
            var tex64 = new Texture2D(w64.Width, w64.Height, TextureFormat.Alpha8, new byte[w64.Width * w64.Height]);
            b.sprite = SpriteIn(tex64, "other", new RectInt(0, 0, w64.Width, w64.Height));
            b.bakedName = "w64.png";
            Equal("sprite and bakedName changed", Rows(w64), Rows(b.Mask));
            b.bakedBundle = null;
            b.bakedName = null;
            Equal("baked sources cleared: back to the texture", 0UL, b.Mask.Count);
        }

        // Changes the collider cannot see: pixels written in place, then Rebuild().
        foreach (TextureFormat format in new[] { TextureFormat.RGBA32, TextureFormat.ARGB32 })
        {
            var t = new Texture2D(8, 6, format, AtlasBytes(format));
            var e = Collider("edited", SpriteIn(t, "atlas", region));
            ulong before = e.Mask.Count;
            int alpha = t.format == TextureFormat.ARGB32 ? 0 : 3;
            for (int i = alpha; i < t.data.Length; i += 4) t.data[i] = 255;
            Mask same = e.Mask;
            Equal(t.format + ": pixels changed in place, the mask is unchanged until Rebuild", before, same.Count);
            Mask rebuilt = e.Rebuild();
            Check(t.format + ": Rebuild() reads the texture again: all 48 texels solid, old mask disposed",
                rebuilt.Count == 48 && same.IsDisposed && ReferenceEquals(rebuilt, e.Mask));
        }
        UnityMasks.ReleaseTextureCache();

        // OnValidate (an inspector edit Unity reports) rebuilds on the next query.
        var v = Collider("validated", SpriteIn(texture, "atlas", region));
        Mask kept = v.Mask;
        typeof(SpriteCollider).GetMethod("OnValidate", BindingFlags.NonPublic | BindingFlags.Instance).Invoke(v, null);
        Check("after OnValidate the next query builds a new mask", !ReferenceEquals(kept, v.Mask) && kept.IsDisposed);

        // The SpriteRenderer and the transform are looked up once, not per query.
        var go = new GameObject("rendered");
        go.AddComponent<SpriteRenderer>().sprite = SpriteIn(texture, "atlas", region);
        var r = go.AddComponent<SpriteCollider>();
        var target = Collider("target", SpriteIn(texture, "atlas", region), 3, 2);
        int lookups = Component.getComponentCalls, transforms = Component.transformCalls;
        int hits = 0;
        for (int i = 0; i < 100; i++) if (r.Collides(target)) hits++;
        Equal("100 queries hit", 100, hits);
        // One per collider: the renderer gives the sprite and the flips, so a collider with its own
        // sprite looks for one too (and finds none here).
        Equal("GetComponent calls for 100 queries (one per collider)", 2, Component.getComponentCalls - lookups);
        Equal("transform lookups for 100 queries (one per collider)", 2, Component.transformCalls - transforms);
        go.GetComponent<SpriteRenderer>().sprite = SpriteIn(texture, "part", new RectInt(1, 1, 3, 4));
        Equal("a new sprite on the renderer is picked up", Expected(new RectInt(1, 1, 3, 4), 1), Rows(r.Mask));
        var bare = Collider("bare", null);
        Throws<InvalidOperationException>("no sprite and no SpriteRenderer", () => bare.Collides(target),
            e => e.Message.Contains("has no sprite"));
    }

    static void UnityBakedThreshold(string scratch)
    {
        byte[] t128 = File.ReadAllBytes(Path.Combine(scratch, "atlas_t128_flip.ppmk"));
        byte[] folderBytes = File.ReadAllBytes(Path.Combine(scratch, "folder.ppmk"));
        // What the glue reads to warn: the bake information the library exposes.
        using (var bundle = MaskBundle.FromBytes(t128))
            Check("atlas_t128_flip.ppmk: each of 10 masks baked at 128",
                bundle.Count == 10 && Enumerable.Range(0, 10).All(i => bundle.InfoAt(i).Threshold == 128));
        using (var bundle = MaskBundle.FromBytes(folderBytes))
            Check("folder.ppmk: each baked at 1", Enumerable.Range(0, bundle.Count).All(i => bundle.InfoAt(i).Threshold == 1));
        using (var one = MaskBundle.FromBytes(File.ReadAllBytes(Path.Combine(scratch, "single.ppmk"))))
            Check("single.ppmk (Mask.ToBaked): no threshold recorded", one.InfoAt(0).Threshold == null);
        using (var one = MaskBundle.FromBytes(File.ReadAllBytes(Path.Combine(scratch, "single_t200.ppmk"))))
            Check("single_t200.ppmk records 200", one.InfoAt(0).Threshold == 200);

        var bundleAsset = new TextAsset("atlas_t128", t128);
        Mask w65;
        using (var b = MaskBundle.FromBytes(t128)) w65 = b.Get("w65.png");
        var blank = new Texture2D(w65.Width, w65.Height, TextureFormat.Alpha8, new byte[w65.Width * w65.Height]);
        var sprite = SpriteIn(blank, "w65", new RectInt(0, 0, w65.Width, w65.Height));
        w65.Dispose();

        UnityEngine.Debug.Warnings.Clear();
        var c = Collider("hero", sprite);
        c.bakedBundle = bundleAsset;
        for (int i = 0; i < 3; i++) { var m = c.Mask; }
        c.Rebuild();
        Equal("alphaThreshold 1 on a mask baked at 128: warnings after 3 queries and a Rebuild", 1,
            UnityEngine.Debug.Warnings.Count);
        Check("the warning names the collider, both thresholds and the mask: " + UnityEngine.Debug.Warnings[0],
            UnityEngine.Debug.Warnings[0].Contains("'hero'") && UnityEngine.Debug.Warnings[0].Contains("threshold 128")
            && UnityEngine.Debug.Warnings[0].Contains("alphaThreshold is 1") && UnityEngine.Debug.Warnings[0].Contains("'w65.png'"));
        c.alphaThreshold = 128;
        var unused = c.Mask;
        Equal("alphaThreshold 128 matches: no new warning", 1, UnityEngine.Debug.Warnings.Count);
        c.alphaThreshold = 5;
        unused = c.Mask;
        Equal("alphaThreshold 5: a new mismatch, one more warning", 2, UnityEngine.Debug.Warnings.Count);

        var f = Collider("matching", sprite);
        f.bakedBundle = new TextAsset("folder", folderBytes);
        unused = f.Mask;
        var s = Collider("unrecorded", sprite);
        s.alphaThreshold = 77;
        s.bakedMask = new TextAsset("single", File.ReadAllBytes(Path.Combine(scratch, "single.ppmk")));
        unused = s.Mask;
        Equal("threshold as baked, or none recorded: no warning", 2, UnityEngine.Debug.Warnings.Count);
        var t = Collider("t200", sprite);
        t.bakedMask = new TextAsset("single_t200", File.ReadAllBytes(Path.Combine(scratch, "single_t200.ppmk")));
        unused = t.Mask;
        Check("a single baked mask records its threshold too: " + UnityEngine.Debug.Warnings.Last(),
            UnityEngine.Debug.Warnings.Count == 3 && UnityEngine.Debug.Warnings.Last().Contains("threshold 200")
            && UnityEngine.Debug.Warnings.Last().Contains("baked mask 'single_t200'"));
        Check("the tooltip says alphaThreshold does not affect baked masks",
            SpriteCollider.AlphaThresholdTooltip.Contains("No effect on Baked Mask / Baked Bundle"));
        var field = typeof(SpriteCollider).GetField("alphaThreshold");
        Check("alphaThreshold carries the tooltip attribute", field.GetCustomAttributes(typeof(TooltipAttribute), false).Length == 1);
        UnityMasks.ReleaseBundles();
    }

    static void UnityTransforms()
    {
        var texture = new Texture2D(8, 6, TextureFormat.RGBA32, AtlasBytes(TextureFormat.RGBA32));
        var whole = new RectInt(0, 0, 8, 6);
        // Pivot at the centre (4, 3), one pixel per unit, at (20, 30): bottom-left texel at (16, 27).
        var go = new GameObject("turned");
        go.transform.position = new Vector3(20, 30, 0);
        var renderer = go.AddComponent<SpriteRenderer>();
        renderer.sprite = SpriteIn(texture, "atlas", whole, 1, 4, 3);
        var c = go.AddComponent<SpriteCollider>();
        using (Mask plain = Mask.FromAlpha(AlphaOf(whole), 8, 6, MaskOptions.Default))
        using (Mask turned = plain.RotatedQuarter(1))
        using (Mask mirrored = plain.Flipped(true, false))
        using (Mask upside = plain.Flipped(false, true))
        using (Mask doubled = plain.ScaledInteger(2, 2))
        {
            PlacedSprite p = c.Placed;
            Check("unturned: the plain mask at (16, 27)", p.X == 16 && p.Y == 27 && Rows(p.Mask) == Rows(plain)
                && ReferenceEquals(p.Mask, c.Mask));

            // z rotation by 90 degrees (counter-clockwise in Unity's y-up world) about the centre pivot.
            go.transform.rotation = Quaternion.Euler(0, 0, 90);
            p = c.Placed;
            Check("rotated 90: the quarter turn, 6x8 at (17, 26)", p.X == 17 && p.Y == 26 && Rows(p.Mask) == Rows(turned));
            Mask raster = p.Mask;
            go.transform.position = new Vector3(25, 28, 0);
            p = c.Placed;
            Check("moved by whole pixels: the same raster, moved", ReferenceEquals(p.Mask, raster) && p.X == 22 && p.Y == 24);

            // flipX / flipY about the centre pivot: mirrored within the rectangle.
            go.transform.rotation = Quaternion.identity;
            renderer.flipX = true;
            p = c.Placed;
            Check("flipX: mirrored in place", p.X == 21 && p.Y == 25 && Rows(p.Mask) == Rows(mirrored) && raster.IsDisposed);
            renderer.flipX = false;
            renderer.flipY = true;
            p = c.Placed;
            Check("flipY: mirrored in place", p.X == 21 && p.Y == 25 && Rows(p.Mask) == Rows(upside));
            renderer.flipY = false;
            // A negative scale mirrors as flipX does.
            go.transform.localScale = new Vector3(-1, 1, 1);
            Check("scale x -1: as flipX", Rows(c.Placed.Mask) == Rows(mirrored) && c.Placed.X == 21);

            // Pivot at the bottom-left: Unity flips about the pivot, so the sprite lands left of it.
            renderer.sprite = SpriteIn(texture, "atlas", whole, 1, 0, 0);
            go.transform.position = new Vector3(20, 30, 0);
            go.transform.localScale = Vector3.one;
            renderer.flipX = true;
            p = c.Placed;
            Check("flipX about a bottom-left pivot: [12, 20)", p.X == 12 && p.Y == 30 && Rows(p.Mask) == Rows(mirrored));
            renderer.flipX = false;
            // Lossy scale 2 about the bottom-left pivot: exact nearest neighbour.
            go.transform.localScale = new Vector3(2, 2, 1);
            p = c.Placed;
            Check("scale 2: every texel a 2x2 block", p.X == 20 && p.Y == 30 && Rows(p.Mask) == Rows(doubled));

            // Arbitrary angle: queries agree both ways, also against a plain collider.
            go.transform.localScale = Vector3.one;
            go.transform.rotation = Quaternion.Euler(0, 0, (float)(0.6 * 180 / Math.PI));
            Matrix4x4 tm = go.transform.localToWorldMatrix;
            var other = Collider("other", SpriteIn(texture, "atlas", whole), 22, 31);
            Check("rotated vs plain: symmetric", c.Collides(other) == other.Collides(c)
                && c.OverlapArea(other) == other.OverlapArea(c));
            // Bounds-only: the whole rectangle, turned.
            c.pixelCollision = false;
            double[] fm = new double[6];
            UnityMasks.SpriteMatrix(tm.m00, tm.m01, tm.m10, tm.m11, false, false, new Vector2(0, 0), fm);
            using (Mask full = Mask.Create(8, 6, true))
            using (Raster fr = full.RasteriseMatrix(fm))
                Check("bounds-only turned: the raster of the whole rectangle", Rows(c.Placed.Mask) == Rows(fr.Mask));
            c.pixelCollision = true;
            // A scale of 0 cannot be collided with: a clear error.
            go.transform.rotation = Quaternion.identity;
            go.transform.localScale = new Vector3(0, 1, 1);
            Throws("scale 0", () => { var q = c.Placed; }, With(Status.InvalidTransform, "singular"));
            double[] m = new double[6];
            Check("SpriteMatrix: identity is the plain path", !UnityMasks.SpriteMatrix(1, 0, 0, 1, false, false,
                new Vector2(3, 2), m) && m[2] == 0 && m[5] == 0);
            Check("SpriteMatrix: flipX about pivot (3, 2) is x -> 6 - x", UnityMasks.SpriteMatrix(1, 0, 0, 1, true,
                false, new Vector2(3, 2), m) && m[0] == -1 && m[2] == 6 && m[4] == 1 && m[5] == 0);
        }
    }

    /// The atlas region's alpha at threshold 1 as A8 bytes, row 0 first.
    static byte[] AlphaOf(RectInt region)
    {
        var alpha = new byte[region.width * region.height];
        for (int y = 0; y < region.height; y++)
            for (int x = 0; x < region.width; x++)
                alpha[y * region.width + x] = Atlas[region.y + y][region.x + x] == '.' ? (byte)0 : (byte)255;
        return alpha;
    }

    static void UnityQueries()
    {
        // Two 3x3 crosses from an alpha texture, one pixel per unit, pivot at the bottom-left.
        var cross = new Texture2D(3, 3, TextureFormat.Alpha8, new byte[] { 0, 255, 0, 255, 255, 255, 0, 255, 0 });
        var a = Collider("a", SpriteIn(cross, "cross", new RectInt(0, 0, 3, 3)), 10, 10);
        var b = Collider("b", SpriteIn(cross, "cross", new RectInt(0, 0, 3, 3)), 11, 10);
        Check("Collides", a.Collides(b) && b.Collides(a));
        Vector2Int hit;
        Check("TryFirstContact(out Vector2Int) is (11, 11)", a.TryFirstContact(b, out hit) && hit.x == 11 && hit.y == 11);
        Equal("OverlapArea", 2UL, a.OverlapArea(b));
        Equal("OverlapAreaInt", 2, a.OverlapAreaInt(b));
        RectInt bounds;
        using (Mask overlap = a.OverlapMask(b, out bounds))
        {
            Equal("OverlapMask world bounds", "(x:11, y:10, width:2, height:3)", bounds.ToString());
            Equal("OverlapMask pixels", "../##/..", Rows(overlap));
        }
        Equal("WorldBounds", "(x:10, y:10, width:3, height:3)", a.WorldBounds.ToString());
        b.transform.position = new Vector3(12, 12, 0);
        Check("crosses touching at a corner do not collide; no contact, (0, 0)",
            !a.Collides(b) && !a.TryFirstContact(b, out hit) && hit.x == 0 && hit.y == 0 && a.OverlapAreaInt(b) == 0);
        b.pixelCollision = false;
        a.pixelCollision = false;
        Check("both bounds-only: their rectangles meet", a.Collides(b));
        Throws<ArgumentNullException>("Collides(null)", () => a.Collides(null));
        Throws<ArgumentNullException>("OverlapMask(null)", () => a.OverlapMask(null, out bounds));
        Throws<OverflowException>("ToVector2Int beyond int.MaxValue", () => UnityMasks.ToVector2Int(new Point(int.MaxValue + 1L, 0)));
        Equal("ToVector2Int of int.MinValue", int.MinValue, UnityMasks.ToVector2Int(new Point(0, int.MinValue)).y);
    }

    /// A collider whose sprite is a width x height Alpha8 texture, solid where `solid(x, y)` (y up, row 0 at
    /// the bottom), pivot at the bottom-left.
    static SpriteCollider AlphaCollider(string name, int width, int height, Func<int, int, bool> solid, float x, float y,
        float ppu = 1)
    {
        var data = new byte[width * height];
        for (int j = 0; j < height; j++)
            for (int i = 0; i < width; i++)
                data[j * width + i] = (byte)(solid(i, j) ? 255 : 0);
        var texture = new Texture2D(width, height, TextureFormat.Alpha8, data) { name = name };
        return Collider(name, SpriteIn(texture, name, new RectInt(0, 0, width, height), ppu), x, y);
    }

    static void UnityMotion()
    {
        // The conversions, in isolation.
        Equal("PointPixel (3.5, 4.0) at 1 pixel per unit: the pixels holding them", "(3, 4)",
            UnityMasks.PointPixel(new Vector2(3.5f, 4.0f), 1).ToString());
        Equal("PointPixel (0.255, -0.255) at 100 pixels per unit", "(25, -26)",
            UnityMasks.PointPixel(new Vector2(0.255f, -0.255f), 100).ToString());
        Equal("PointPixel (-0.2, 0.98)", "(-1, 0)", UnityMasks.PointPixel(new Vector2(-0.2f, 0.98f), 1).ToString());
        Equal("PointPixel (0.999, -1.01): honest sub-pixels stay where they are", "(0, -2)",
            UnityMasks.PointPixel(new Vector2(0.999f, -1.01f), 1).ToString());
        Equal("PointPixel (0.9999999, -1.0000001): float noise below an edge counts as on it", "(1, -1)",
            UnityMasks.PointPixel(new Vector2(0.9999999f, -1.0000001f), 1).ToString());
        Equal("PointPixel (0.29f, 0.57f) at 100 pixels per unit: 28.999999 and 56.999998 pixels are pixels 29 and 57",
            "(29, 57)", UnityMasks.PointPixel(new Vector2(0.29f, 0.57f), 100).ToString());
        Throws<OverflowException>("PointPixel of NaN", () => UnityMasks.PointPixel(new Vector2(float.NaN, 0), 1));
        Equal("RayDirection (1, 0.5)", "(65536, 32768)", UnityMasks.RayDirection(new Vector2(1, 0.5f)).ToString());
        Equal("RayDirection (0.3, -1)", "(19661, -65536)", UnityMasks.RayDirection(new Vector2(0.3f, -1)).ToString());
        Equal("RayDirection (-2, -2)", "(-65536, -65536)", UnityMasks.RayDirection(new Vector2(-2, -2)).ToString());
        Equal("RayDirection (0, 0) stays (0, 0)", "(0, 0)", UnityMasks.RayDirection(new Vector2(0, 0)).ToString());
        Throws<ArgumentException>("RayDirection with an infinite component",
            () => UnityMasks.RayDirection(new Vector2(float.PositiveInfinity, 1)));
        Equal("RayLength 2.26 units at 100 pixels per unit", 226u, UnityMasks.RayLength(2.26f, 100));
        Equal("RayLength 2.5 pixels rounds half up", 3u, UnityMasks.RayLength(2.5f, 1));
        Equal("RayLength of infinity", uint.MaxValue, UnityMasks.RayLength(float.PositiveInfinity, 1));
        Throws<ArgumentOutOfRangeException>("RayLength -1", () => UnityMasks.RayLength(-1, 1));
        Equal("ToVector2(Normal)", 0.6f, UnityMasks.ToVector2(new Normal(0.6, -0.8)).x);
        Equal("ToVector2Int(Offset)", "(3, -4)", UnityMasks.ToVector2Int(new Offset(3, -4)).ToString());

        // A y-up scene: a 40x10 floor at the origin (top row y = 9), a 4x6 player standing on it.
        var floor = AlphaCollider("floor", 40, 10, (x, y) => true, 0, 0);
        var player = AlphaCollider("player", 4, 6, (x, y) => true, 10, 10);
        Vector2? n = player.ContactNormal(floor);
        Check("standing on a flat floor (y up): normal exactly (0, 1)", n.HasValue && n.Value.x == 0 && n.Value.y == 1);
        Check("the floor's normal towards the player points down", floor.ContactNormal(player).Value.y == -1);
        player.transform.position = new Vector3(10, 12, 0);
        Check("two pixels above: no normal", !player.ContactNormal(floor).HasValue);

        // Push-out, sunk 3 pixels into the floor.
        player.transform.position = new Vector3(10, 7, 0);
        Equal("PushOut (Any): 3 up", (Vector2Int?)new Vector2Int(0, 3), player.PushOut(floor));
        Equal("PushOut Along (0, 1): up only", (Vector2Int?)new Vector2Int(0, 3), player.PushOut(floor, PushOptions.Along(0, 1)));
        Equal("PushOut Horizontal: out to the left, 14", (Vector2Int?)new Vector2Int(-14, 0),
            player.PushOut(floor, new PushOptions { Direction = PushDirection.Horizontal }));
        Equal("PushOut Horizontal within 10: null", null,
            player.PushOut(floor, new PushOptions { Direction = PushDirection.Horizontal, MaxDistance = 10 }));
        Throws<ArgumentNullException>("PushOut(null)", () => player.PushOut(null));
        Vector2 units = player.PixelsToUnits(new Vector2Int(0, 3));
        Check("PixelsToUnits at 1 pixel per unit", units.x == 0 && units.y == 3);

        // Sweep: falling from y = 30 by 100 pixels lands on the floor.
        player.transform.position = new Vector3(10, 30, 0);
        ColliderSweep s = player.Sweep(floor, new Vector2Int(0, -100));
        Check("Sweep down: hit, stops after 20 pixels, touches at 21, contact (10, 9), normal (0, 1)",
            s.Outcome == SweepOutcome.Hit && s.Travel.x == 0 && s.Travel.y == -20 && s.HitTravel.y == -21
            && s.Contact.x == 10 && s.Contact.y == 9 && s.HasNormal && s.Normal.x == 0 && s.Normal.y == 1
            && s.WorldTravel.y == -20 && Math.Abs(s.Fraction - 0.21) < 1e-12);
        s = player.Sweep(floor, new Vector2Int(5, 0));
        Check("Sweep sideways in the air: clear, the whole motion, no normal",
            s.Outcome == SweepOutcome.Clear && s.Travel.x == 5 && !s.HasNormal && s.Normal.x == 0 && s.Normal.y == 0);

        // Move-and-slide with step-up, y up: a 100x40 ground, rows below 20 solid and below 23 where x >= 60.
        var ground = AlphaCollider("ground", 100, 40, (x, y) => y < 20 || (x >= 60 && y < 23), 0, 0);
        var hero = AlphaCollider("hero", 8, 12, (x, y) => true, 10, 20);
        var obstacles = new[] { ground, null, hero };
        ColliderMove m = hero.MoveWithSlide(obstacles, new Vector2Int(60, -5));
        Check("walk 60 and fall 5 without climbing: stopped by the 3-pixel ledge, grounded",
            m.Moved.x == 42 && m.Moved.y == 0 && m.BlockedX && m.BlockedY && m.Grounded && m.Climbed == 0);
        m = hero.MoveWithSlide(obstacles, new Vector2Int(60, -5), 4);
        Check("with stepUp 4 (up is +y): onto the ledge, climbed 3, grounded",
            m.Moved.x == 60 && m.Moved.y == 3 && !m.BlockedX && m.BlockedY && m.Grounded && m.Climbed == 3
            && m.WorldDelta.x == 60 && m.WorldDelta.y == 3);
        m = hero.MoveWithSlide(obstacles, new Vector2Int(0, 8));
        Check("jumping 8: free, not grounded", m.Moved.y == 8 && !m.BlockedY && !m.Grounded);
        hero.transform.position = new Vector3(10, 18, 0);
        m = hero.MoveWithSlide(obstacles, new Vector2Int(5, 5));
        Check("starting inside the ground: no move", m.StartedInside && m.Moved.x == 0 && m.Moved.y == 0);
        Throws<ArgumentNullException>("MoveWithSlide(null)", () => hero.MoveWithSlide(null, new Vector2Int(1, 0)));
        // At 2 pixels per unit the world delta is halved.
        var half = AlphaCollider("half", 8, 12, (x, y) => true, 5, 10, 2);
        m = half.MoveWithSlide(new[] { ground }, new Vector2Int(60, -5), 4);
        Check("2 pixels per unit: the same pixels, half the world units",
            m.Moved.x == 60 && m.Moved.y == 3 && m.WorldDelta.x == 30 && m.WorldDelta.y == 1.5f);

        // Raycasts from world points.
        ColliderRayHit? hit = floor.Raycast(new Vector2(12.3f, 50.7f), new Vector2(0, -1), 100);
        Check("Raycast straight down from (12.3, 50.7): pixel (12, 9), 41 units, normal (0, 1), point (12.5, 9.5)",
            hit.HasValue && hit.Value.Pixel.x == 12 && hit.Value.Pixel.y == 9 && hit.Value.Distance == 41
            && hit.Value.PixelDistance == 41 && hit.Value.HasNormal && hit.Value.Normal.x == 0 && hit.Value.Normal.y == 1
            && hit.Value.Point.x == 12.5f && hit.Value.Point.y == 9.5f);
        Check("Raycast too short (40): null", !floor.Raycast(new Vector2(12.3f, 50.7f), new Vector2(0, -1), 40).HasValue);
        Check("Raycast pointing up: null", !floor.Raycast(new Vector2(12.3f, 50.7f), new Vector2(0, 1), 1000).HasValue);
        // (The ground, 20 rows tall: a wall taller than the normal's window around the hit.)
        hit = ground.Raycast(new Vector2(150.5f, 10.5f), new Vector2(-1, 0.0001f), 1000);
        Check("Raycast from the right, nearly flat: the ground's right column, normal exactly (1, 0): " +
            (hit.HasValue ? hit.Value.Pixel + " " + hit.Value.Normal.x + "," + hit.Value.Normal.y : "miss"),
            hit.HasValue && hit.Value.Pixel.x == 99 && hit.Value.Pixel.y == 10 && hit.Value.Normal.x == 1 && hit.Value.Normal.y == 0);
        hit = floor.Raycast(new Vector2(60.5f, 5.5f), new Vector2(-1, 0), 1000);
        Check("against the 10-row floor's side, its top corner within the window: still exactly (1, 0)",
            hit.HasValue && hit.Value.Pixel.x == 39 && hit.Value.Normal.x == 1 && hit.Value.Normal.y == 0);
        hit = floor.Raycast(new Vector2(-10, 30), new Vector2(1, -1), 1000);
        Check("Raycast diagonally down-right: enters at the top-left corner region (" +
            (hit.HasValue ? hit.Value.Pixel.ToString() : "miss") + ")",
            hit.HasValue && hit.Value.Pixel.y == 9 && hit.Value.Pixel.x >= 0 && hit.Value.Pixel.x <= 11);
        Throws("Raycast with a (0, 0) direction", () => floor.Raycast(new Vector2(0, 0), new Vector2(0, 0), 10),
            With(Status.InvalidArgument, "(0, 0)"));
        var tall = AlphaCollider("tall", 10, 10, (x, y) => true, 0, 0, 10);
        hit = tall.Raycast(new Vector2(0.05f, 5), new Vector2(0, -1), 10);
        Check("10 pixels per unit: a 1x1-unit sprite from (0.05, 5), pixel (0, 50), hits (0, 9): 41 pixels = 4.1 units; point (0.05, 0.95)",
            hit.HasValue && hit.Value.Pixel.x == 0 && hit.Value.Pixel.y == 9 && Math.Abs(hit.Value.Distance - 4.1f) < 1e-6
            && Math.Abs(hit.Value.Point.x - 0.05f) < 1e-6 && Math.Abs(hit.Value.Point.y - 0.95f) < 1e-6);

        // OverlapPoint, also as drawn: turned a quarter about the bottom-left pivot.
        var cross = AlphaCollider("cross", 3, 3, (x, y) => x == 1 || y == 1, 10, 10);
        Check("OverlapPoint: the cross's centre and arm, not its corner", cross.OverlapPoint(new Vector2(11.5f, 11.5f))
            && cross.OverlapPoint(new Vector2(11.9f, 10.1f)) && !cross.OverlapPoint(new Vector2(10.5f, 10.5f))
            && !cross.OverlapPoint(new Vector2(9.9f, 11.5f)));
        var bar = AlphaCollider("bar", 4, 1, (x, y) => true, 10, 10);
        bar.transform.rotation = Quaternion.Euler(0, 0, 90);
        Check("OverlapPoint on a bar turned 90 degrees: now vertical, left of its pivot",
            bar.OverlapPoint(new Vector2(9.5f, 13.5f)) && !bar.OverlapPoint(new Vector2(11.5f, 10.5f)));
    }
}
