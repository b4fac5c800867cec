// Tests of the sprite masks baked in the editor (bindings/unity/Editor, the SpriteMaskSet asset of
// Runtime/Unity), under Mono against the UnityEngine and UnityEditor stand-ins
// (UnityEngineStub*.cs, UnityEditorStub.cs).
// The editor's "project" is a folder of the scratch directory, made the current directory while
// these tests run, as Unity runs in its project folder. Part of PerPixelTests.exe.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using PerPixel;
using PerPixel.Unity;
using PerPixel.Unity.EditorTools;
using UnityEditor;
using UnityEngine;
using Object = UnityEngine.Object;

static partial class Tests
{
    // The editor's baking, then the Scene-view gizmos (GizmoTests.cs).
    static void EditorBake(string scratch)
    {
        string project = Path.Combine(scratch, "editor-project");
        if (Directory.Exists(project)) Directory.Delete(project, true);
        Directory.CreateDirectory(Path.Combine(project, "Assets", "Sprites"));
        string cwd = Directory.GetCurrentDirectory();
        Func<Sprite, SpriteMaskSet> hook = SpriteMaskSet.EditorLookup;
        Directory.SetCurrentDirectory(project);
        try
        {
            EditorBakeLogic();
            EditorSpriteMaskLookup();
            EditorImportPipeline();
            UnityGizmos();
        }
        finally
        {
            Directory.SetCurrentDirectory(cwd);
            SpriteMaskSet.EditorLookup = hook;
            AssetDatabase.StubReset();
        }
    }

    // ---- pictures: the same texels as a PNG file (top row first) and as Unity texture data ----

    // Alpha of texel (x, y), y up, in five levels (0, 60, 120, 180, 240); `seed` makes another picture.
    static byte EbAlpha(int x, int y, int seed)
    {
        return (byte)(((x * 7 + y * 13 + seed * 3) % 5) * 60);
    }

    // RGBA32 texture data, bottom row first, as Unity holds it.
    static byte[] EbTexels(int w, int h, int seed)
    {
        var data = new byte[w * h * 4];
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
            {
                int i = (y * w + x) * 4;
                data[i] = (byte)(x * 20);
                data[i + 1] = (byte)(y * 30);
                data[i + 2] = 9;
                data[i + 3] = EbAlpha(x, y, seed);
            }
        return data;
    }

    // A PNG file of the same texels (PNG stores the top row first): RGBA8, stored (uncompressed) deflate.
    static byte[] EbPng(int w, int h, byte[] texels)
    {
        var raw = new List<byte>();
        for (int row = 0; row < h; row++)
        {
            raw.Add(0); // filter: none
            int y = h - 1 - row;
            for (int i = 0; i < w * 4; i++) raw.Add(texels[y * w * 4 + i]);
        }
        var z = new List<byte> { 0x78, 0x01 };
        byte[] data = raw.ToArray();
        for (int at = 0; at < data.Length || at == 0; at += 65535)
        {
            int n = Math.Min(65535, data.Length - at);
            z.Add((byte)(at + n >= data.Length ? 1 : 0));
            z.Add((byte)n); z.Add((byte)(n >> 8)); z.Add((byte)~n); z.Add((byte)(~n >> 8));
            for (int i = 0; i < n; i++) z.Add(data[at + i]);
            if (data.Length == 0) break;
        }
        uint a = 1, b = 0;
        foreach (byte v in data) { a = (a + v) % 65521; b = (b + a) % 65521; }
        z.AddRange(EbBigEndian((b << 16) | a));
        var png = new List<byte> { 0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A };
        var ihdr = new List<byte>();
        ihdr.AddRange(EbBigEndian((uint)w));
        ihdr.AddRange(EbBigEndian((uint)h));
        ihdr.AddRange(new byte[] { 8, 6, 0, 0, 0 });
        EbChunk(png, "IHDR", ihdr.ToArray());
        EbChunk(png, "IDAT", z.ToArray());
        EbChunk(png, "IEND", new byte[0]);
        return png.ToArray();
    }

    static byte[] EbBigEndian(uint v)
    {
        return new[] { (byte)(v >> 24), (byte)(v >> 16), (byte)(v >> 8), (byte)v };
    }

    static void EbChunk(List<byte> png, string type, byte[] data)
    {
        png.AddRange(EbBigEndian((uint)data.Length));
        byte[] td = System.Text.Encoding.ASCII.GetBytes(type).Concat(data).ToArray();
        png.AddRange(td);
        uint crc = 0xFFFFFFFF;
        foreach (byte v in td)
        {
            crc ^= v;
            for (int k = 0; k < 8; k++) crc = (crc & 1) != 0 ? 0xEDB88320 ^ (crc >> 1) : crc >> 1;
        }
        png.AddRange(EbBigEndian(~crc));
    }

    static string EbRows(Mask m)
    {
        var rows = new List<string>();
        for (int y = 0; y < m.Height; y++)
        {
            var row = new char[m.Width];
            for (int x = 0; x < m.Width; x++) row[x] = m.IsSolid(x, y) ? '#' : '.';
            rows.Add(new string(row));
        }
        return m.Width + "x" + m.Height + ":" + string.Join("/", rows);
    }

    static string EbRows(byte[] baked)
    {
        using (Mask m = Mask.FromBaked(baked)) return EbRows(m);
    }

    static Sprite EbSprite(string name, Texture2D texture, RectInt rect, RectInt? textureRect = null, float ppu = 1)
    {
        RectInt t = textureRect ?? rect;
        return new Sprite
        {
            name = name,
            texture = texture,
            rect = new Rect(rect.x, rect.y, rect.width, rect.height),
            textureRect = new Rect(t.x, t.y, t.width, t.height),
            pixelsPerUnit = ppu,
        };
    }

    // The oracle: the mask the runtime builds for `sprite` from a readable texture of the same texels.
    static string EbFromReadable(Sprite sprite, Texture2D readable, int threshold)
    {
        var copy = EbSprite(sprite.name, readable, new RectInt((int)sprite.rect.x, (int)sprite.rect.y,
            (int)sprite.rect.width, (int)sprite.rect.height), new RectInt((int)sprite.textureRect.x,
            (int)sprite.textureRect.y, (int)sprite.textureRect.width, (int)sprite.textureRect.height));
        using (Mask m = UnityMasks.FromSprite(copy, (byte)threshold, null)) return EbRows(m);
    }

    // A 12x8 sheet of seven sprites: six 4x4 cells and one across them (sprites may overlap).
    const int SheetW = 12, SheetH = 8;
    static readonly SpriteRegion[] Sheet =
    {
        new SpriteRegion("sheet_0", new RectInt(0, 0, 4, 4)), new SpriteRegion("sheet_1", new RectInt(4, 0, 4, 4)),
        new SpriteRegion("sheet_2", new RectInt(8, 0, 4, 4)), new SpriteRegion("sheet_3", new RectInt(0, 4, 4, 4)),
        new SpriteRegion("sheet_4", new RectInt(4, 4, 4, 4)), new SpriteRegion("sheet_5", new RectInt(8, 4, 4, 4)),
        new SpriteRegion("sheet_wide", new RectInt(1, 2, 9, 3)),
    };

    static void EditorBakeLogic()
    {
        byte[] texels = EbTexels(SheetW, SheetH, 0);
        byte[] png = EbPng(SheetW, SheetH, texels);
        var readable = new Texture2D(SheetW, SheetH, TextureFormat.RGBA32, texels) { name = "sheet" };
        var locked = new Texture2D(SheetW, SheetH, TextureFormat.RGBA32, new byte[texels.Length])
        {
            name = "sheet", isReadable = false,
        };
        var whole = new[] { new SpriteRegion("sheet", new RectInt(0, 0, SheetW, SheetH)) };

        foreach (int threshold in new[] { 0, 1, 61, 128, 240, 255 })
        {
            SpriteMaskEntry[] single = SpriteMaskBaker.BakeFromImage(png, SheetW, SheetH, whole, (byte)threshold);
            Equal("single sprite at threshold " + threshold + ": baked from the PNG == built from the readable texture",
                EbFromReadable(EbSprite("sheet", locked, whole[0].Rect), readable, threshold), EbRows(single[0].baked));
            SpriteMaskEntry[] sheet = SpriteMaskBaker.BakeFromImage(png, SheetW, SheetH, Sheet, (byte)threshold);
            bool all = sheet.Length == Sheet.Length;
            for (int i = 0; all && i < Sheet.Length; i++)
            {
                all = sheet[i].spriteName == Sheet[i].Name && sheet[i].x == Sheet[i].Rect.x && sheet[i].y == Sheet[i].Rect.y
                    && sheet[i].width == Sheet[i].Rect.width && sheet[i].height == Sheet[i].Rect.height
                    && EbRows(sheet[i].baked) == EbFromReadable(EbSprite(Sheet[i].Name, locked, Sheet[i].Rect), readable, threshold);
            }
            Check("sheet of 7 sprites at threshold " + threshold + ": each entry's name, rect and mask == the readable texture's", all);
            SpriteMaskEntry[] fromTexture = SpriteMaskBaker.BakeFromTexture(readable, Sheet, (byte)threshold);
            Check("threshold " + threshold + ": baked from the readable texture == baked from the PNG",
                fromTexture.Select(e => EbRows(e.baked)).SequenceEqual(sheet.Select(e => EbRows(e.baked))));
        }
        SpriteMaskEntry[] at1 = SpriteMaskBaker.BakeFromImage(png, SheetW, SheetH, Sheet, 1);
        SpriteMaskEntry[] at200 = SpriteMaskBaker.BakeFromImage(png, SheetW, SheetH, Sheet, 200);
        Check("the picture tells thresholds apart (1 vs 200 differ)", EbRows(at1[6].baked) != EbRows(at200[6].baked));

        // Where the pixels come from.
        BakeSource source;
        SpriteMaskBaker.Bake(png, locked, Sheet, 1, out source);
        Equal("Bake: a decodable source file of the texture's size is used, readable or not", BakeSource.SourceFile, source);
        byte[] notAnImage = { 0x38, 0x42, 0x50, 0x53, 0, 1, 0, 0 }; // a PSD's first bytes
        SpriteMaskEntry[] fallback = SpriteMaskBaker.Bake(notAnImage, readable, Sheet, 1, out source);
        Check("Bake: an undecodable file with a readable texture: baked from the texture, same masks",
            source == BakeSource.Texture && fallback.Select(e => EbRows(e.baked)).SequenceEqual(at1.Select(e => EbRows(e.baked))));
        Throws<InvalidOperationException>("Bake: an undecodable file and a texture that is not readable",
            () => SpriteMaskBaker.Bake(notAnImage, locked, Sheet, 1, out source),
            e => e.Message.Contains("cannot be decoded") && e.Message.Contains("Read/Write Enabled"));
        var halved = new Texture2D(SheetW / 2, SheetH / 2, TextureFormat.RGBA32, new byte[SheetW * SheetH]) { isReadable = false, name = "halved" };
        Throws<InvalidOperationException>("Bake: a texture resized on import (file 12x8, texture 6x4) and not readable",
            () => SpriteMaskBaker.Bake(png, halved, whole, 1, out source), e => e.Message.Contains("resized on import"));
        Throws<ArgumentException>("a sprite rect outside the texture",
            () => SpriteMaskBaker.BakeFromImage(png, SheetW, SheetH, new[] { new SpriteRegion("out", new RectInt(10, 6, 4, 4)) }, 1),
            e => e.Message.Contains("'out'"));

        // When a set is stale.
        string hash = SpriteMaskBaker.SourceHash(png, SheetW, SheetH);
        Equal("the source hash is the same for the same bytes", hash, SpriteMaskBaker.SourceHash((byte[])png.Clone(), SheetW, SheetH));
        Check("... and differs for other bytes or another imported size",
            hash != SpriteMaskBaker.SourceHash(EbPng(SheetW, SheetH, EbTexels(SheetW, SheetH, 1)), SheetW, SheetH)
            && hash != SpriteMaskBaker.SourceHash(png, SheetW / 2, SheetH / 2));
        var set = ScriptableObject.CreateInstance<SpriteMaskSet>();
        Equal("a new set is stale", "no baked masks yet", SpriteMaskBaker.WhyStale(null, hash, Sheet) ?? "");
        Check("a set never baked is stale", SpriteMaskBaker.WhyStale(set, hash, Sheet) != null);
        SpriteMaskBaker.Store(set, at1, hash, "guid", 1);
        Equal("stored: up to date", null, SpriteMaskBaker.WhyStale(set, hash, Sheet));
        Check("another source hash: stale", SpriteMaskBaker.WhyStale(set, "other", Sheet) == "the texture changed");
        set.threshold = 200;
        Equal("threshold changed: stale", "threshold 200 but baked at 1", SpriteMaskBaker.WhyStale(set, hash, Sheet));
        set.threshold = 1;
        var recut = (SpriteRegion[])Sheet.Clone();
        recut[6].Rect = new RectInt(1, 2, 9, 2);
        Check("a sprite re-cut: stale", SpriteMaskBaker.WhyStale(set, hash, recut) == "sprite 'sheet_wide' was renamed, added or re-cut");
        recut = (SpriteRegion[])Sheet.Clone();
        recut[0].Name = "renamed";
        Check("a sprite renamed: stale", SpriteMaskBaker.WhyStale(set, hash, recut) != null);
        Check("a sprite added: stale", SpriteMaskBaker.WhyStale(set, hash, Sheet.Concat(whole).ToArray()).Contains("8 sprites"));
        set.bakeVersion = 0;
        Equal("baked by another version: stale", "baked by another version", SpriteMaskBaker.WhyStale(set, hash, Sheet));
        set.bakeVersion = SpriteMaskSet.CurrentBakeVersion;
        set.threshold = 300;
        Equal("a threshold above 255 counts as 255", (byte)255, SpriteMaskBaker.Threshold(set));
    }

    static void EditorSpriteMaskLookup()
    {
        byte[] texels = EbTexels(SheetW, SheetH, 0);
        byte[] png = EbPng(SheetW, SheetH, texels);
        var locked = new Texture2D(SheetW, SheetH, TextureFormat.RGBA32, new byte[texels.Length]) { name = "sheet", isReadable = false };
        var readable = new Texture2D(SheetW, SheetH, TextureFormat.RGBA32, texels);
        var set = ScriptableObject.CreateInstance<SpriteMaskSet>();
        set.name = "sheet.png.pixelmasks";
        SpriteMaskBaker.Store(set, SpriteMaskBaker.BakeFromImage(png, SheetW, SheetH, Sheet, 128), "h", "g", 128);

        int found = 0;
        foreach (SpriteRegion r in Sheet)
        {
            Sprite s = EbSprite(r.Name, locked, r.Rect);
            Mask m;
            if (set.TryGetMask(s, out m))
            {
                using (m)
                    if (EbRows(m) == EbFromReadable(s, readable, 128)) found++;
            }
        }
        Equal("TryGetMask on sprites of a texture that is not readable: every sheet sprite, each == the readable texture's mask",
            Sheet.Length, found);

        // A sprite packed into an atlas: another texture, its textureRect elsewhere, named "(Clone)" by
        // SpriteAtlas.GetSprite; its rect is still the source rect.
        var atlasTexels = new byte[16 * 16 * 4];
        RectInt src = Sheet[4].Rect, dst = new RectInt(9, 2, 4, 4);
        for (int y = 0; y < 4; y++)
            Array.Copy(texels, ((src.y + y) * SheetW + src.x) * 4, atlasTexels, ((dst.y + y) * 16 + dst.x) * 4, 16);
        var atlasLocked = new Texture2D(16, 16, TextureFormat.RGBA32, new byte[atlasTexels.Length]) { isReadable = false, name = "atlas" };
        var atlasReadable = new Texture2D(16, 16, TextureFormat.RGBA32, atlasTexels);
        Sprite packed = EbSprite("sheet_4(Clone)", atlasLocked, src, dst);
        Mask pm;
        bool got = set.TryGetMask(packed, out pm);
        Check("a sprite packed in an atlas (textureRect (9, 2) of another texture, name + \"(Clone)\") is found",
            got && ReferenceEquals(set.Find(packed), set.masks[4]));
        if (got)
        {
            using (pm) Equal("... and its mask == the mask the readable atlas gives at its textureRect",
                EbFromReadable(packed, atlasReadable, 128), EbRows(pm));
        }
        Mask a, b;
        set.TryGetMask(EbSprite("sheet_0", locked, Sheet[0].Rect), out a);
        set.TryGetMask(EbSprite("sheet_0", locked, Sheet[0].Rect), out b);
        Check("each TryGetMask gives a new mask the caller owns", a != null && b != null && !ReferenceEquals(a, b));
        a.Dispose();
        Check("disposing one leaves the other", !b.IsDisposed && b.Width == 4);
        b.Dispose();

        // Missing and stale entries.
        Mask none;
        Sprite moved = EbSprite("sheet_1", locked, new RectInt(5, 0, 4, 4));
        Check("a sprite re-cut since the bake (rect (5, 0) instead of (4, 0)): not found, mask null",
            !set.TryGetMask(moved, out none) && none == null);
        Check("... WhyMissing says where it was baked and where it is now",
            set.WhyMissing(moved).Contains("(4, 0, 4x4)") && set.WhyMissing(moved).Contains("now at (5, 0, 4x4)"));
        Sprite stranger = EbSprite("other", locked, Sheet[0].Rect);
        Check("a sprite of another name at a baked rect: not found",
            !set.TryGetMask(stranger, out none) && set.WhyMissing(stranger).Contains("no sprite named 'other'"));
        Check("a null sprite: not found, no throw", !set.TryGetMask(null, out none) && set.WhyMissing(null) == "no sprite");
        Equal("WhyMissing of a sprite it has", null, set.WhyMissing(EbSprite("sheet_2", locked, Sheet[2].Rect)));
        var cloneNamed = ScriptableObject.CreateInstance<SpriteMaskSet>();
        cloneNamed.masks = new[] { new SpriteMaskEntry { spriteName = "x(Clone)", width = 4, height = 4, baked = set.masks[0].baked } };
        Check("a sprite really named \"x(Clone)\" still matches its own entry",
            cloneNamed.Find(EbSprite("x(Clone)", locked, new RectInt(0, 0, 4, 4))) != null
            && cloneNamed.Find(EbSprite("x", locked, new RectInt(0, 0, 4, 4))) == null);
        var empty = ScriptableObject.CreateInstance<SpriteMaskSet>();
        empty.masks = null;
        Check("a set with no entries (masks null): not found, no throw",
            !empty.TryGetMask(stranger, out none) && empty.WhyMissing(stranger).Contains("0 sprites"));
        var damaged = ScriptableObject.CreateInstance<SpriteMaskSet>();
        damaged.masks = new[] { new SpriteMaskEntry { spriteName = "sheet_0", width = 4, height = 4, baked = new byte[] { 1, 2, 3 } } };
        Throws<PerPixelException>("damaged baked bytes", () => damaged.TryGetMask(EbSprite("sheet_0", locked, Sheet[0].Rect), out none),
            With(Status.BadBakedData, ""));
        var wrongSize = ScriptableObject.CreateInstance<SpriteMaskSet>();
        wrongSize.masks = new[] { new SpriteMaskEntry { spriteName = "sheet_wide", x = 0, y = 0, width = 4, height = 4, baked = set.masks[6].baked } };
        Throws<InvalidOperationException>("an entry whose mask is not its rect's size",
            () => wrongSize.TryGetMask(EbSprite("sheet_wide", locked, new RectInt(0, 0, 4, 4)), out none), e => e.Message.Contains("9x3"));

        // The editor's hook.
        SpriteMaskSet.EditorLookup = null;
        Check("EditorFind without the editor's hook keeps the current set (a player)",
            ReferenceEquals(SpriteMaskSet.EditorFind(stranger, set), set));
        SpriteMaskSet.EditorLookup = s => s.name == "other" ? empty : null;
        Check("EditorFind with the hook: the hook's answer, null included",
            ReferenceEquals(SpriteMaskSet.EditorFind(stranger, set), empty) && SpriteMaskSet.EditorFind(moved, set) == null);
        Check("EditorFind of a null sprite keeps the current set", ReferenceEquals(SpriteMaskSet.EditorFind(null, set), set));
        SpriteMaskSet.EditorLookup = s => { throw new IOException("disk on fire"); };
        int warnings = UnityEngine.Debug.Warnings.Count;
        Check("a failing hook: the current set kept, a warning logged, no throw",
            ReferenceEquals(SpriteMaskSet.EditorFind(stranger, set), set) && UnityEngine.Debug.Warnings.Count == warnings + 1
            && UnityEngine.Debug.Warnings.Last().Contains("disk on fire"));

        // A SpriteCollider picks the set up by itself (OnValidate in the editor) and prefers it: its texture
        // is not readable and nothing else is set.
        SpriteMaskSet.EditorLookup = sp => sp != null && sp.texture == locked ? set : null;
        var go = new GameObject("baked hero");
        var renderer = go.AddComponent<SpriteRenderer>();
        renderer.sprite = EbSprite("sheet_2", locked, Sheet[2].Rect);
        var hero = go.AddComponent<SpriteCollider>();
        System.Reflection.MethodInfo validate = typeof(SpriteCollider).GetMethod("OnValidate",
            System.Reflection.BindingFlags.Instance | System.Reflection.BindingFlags.NonPublic);
        validate.Invoke(hero, null);
        Check("OnValidate in the editor fills bakedMasks with the sprite's set", ReferenceEquals(hero.bakedMasks, set));
        SpriteMaskSet.EditorLookup = null;
        validate.Invoke(hero, null);
        Check("without the editor (a player) the serialized field is kept", ReferenceEquals(hero.bakedMasks, set));
        warnings = UnityEngine.Debug.Warnings.Count;
        Equal("its mask is the baked one (== the readable texture's at 128), though the texture is not readable",
            EbFromReadable(renderer.sprite, readable, 128), EbRows(hero.Mask));
        Check("alphaThreshold 1 against a set baked at 128: one warning naming both",
            UnityEngine.Debug.Warnings.Count == warnings + 1 && UnityEngine.Debug.Warnings.Last().Contains("threshold 128")
            && UnityEngine.Debug.Warnings.Last().Contains("alphaThreshold is 1"));
        hero.alphaThreshold = 128;
        Check("alphaThreshold 128: no new warning", hero.Mask != null && UnityEngine.Debug.Warnings.Count == warnings + 1);
        renderer.sprite = EbSprite("sheet_1", locked, new RectInt(5, 0, 4, 4));
        Throws<InvalidOperationException>("a sprite the set lacks, texture not readable: the error says why",
            () => { var m = hero.Mask; }, e => e.Message.Contains("now at (5, 0, 4x4)") && e.Message.Contains("not readable"));
        UnityEngine.Object.DestroyImmediate(go);
    }

    // A texture file in the stand-in project: the file written, its importer added and imported.
    static TextureImporter EbAddTexture(string path, int w, int h, byte[] texels, IEnumerable<SpriteRegion> sprites,
        bool readable = false)
    {
        File.WriteAllBytes(path, EbPng(w, h, texels));
        var importer = new TextureImporter
        {
            isReadable = readable, StubWidth = w, StubHeight = h, StubPixels = texels,
            spriteImportMode = sprites.Count() > 1 ? SpriteImportMode.Multiple : SpriteImportMode.Single,
        };
        foreach (SpriteRegion r in sprites) importer.StubSprites.Add(EbSprite(r.Name, null, r.Rect));
        return AssetDatabase.StubAddTexture(path, importer);
    }

    static Sprite[] EbSpritesAt(string path)
    {
        return AssetDatabase.LoadAllAssetsAtPath(path).OfType<Sprite>().ToArray();
    }

    // Every sprite of `path` has its mask in `set`, equal to the readable texture's at `threshold`.
    static bool EbMatchesTexels(SpriteMaskSet set, string path, int w, int h, byte[] texels, int threshold)
    {
        var readable = new Texture2D(w, h, TextureFormat.RGBA32, texels);
        Sprite[] sprites = EbSpritesAt(path);
        if (sprites.Length == 0 || set.masks.Length != sprites.Length) return false;
        foreach (Sprite s in sprites)
        {
            if (s.texture.isReadable) return false; // the lookup must not need a readable texture
            Mask m;
            if (!set.TryGetMask(s, out m)) return false;
            using (m)
                if (EbRows(m) != EbFromReadable(s, readable, threshold)) return false;
        }
        return set.bakedThreshold == threshold;
    }

    static void EditorImportPipeline()
    {
        AssetDatabase.StubReset();
        UnityEngine.Debug.Errors.Clear();
        const string path = "Assets/Sprites/sheet.png";
        string setPath = path + SpriteMaskAssets.Suffix;
        byte[] texels = EbTexels(SheetW, SheetH, 0);
        TextureImporter importer = EbAddTexture(path, SheetW, SheetH, texels, Sheet);
        Equal("a texture without a set is not baked on import (opt-in)", 0, AssetDatabase.FindAssets("t:SpriteMaskSet").Length);
        Sprite[] sprites = EbSpritesAt(path);
        Equal("the stand-in imported the sheet's sprites as sub-assets", Sheet.Length, sprites.Length);

        // The menu item on the texture makes the set beside it and bakes it.
        Selection.objects = new Object[0];
        Check("the menu item is disabled with nothing selected", !SpriteMaskMenu.CanBakeSelected());
        Selection.objects = new Object[] { AssetDatabase.LoadAssetAtPath<Texture2D>(path) };
        Check("... and enabled with the texture selected", SpriteMaskMenu.CanBakeSelected());
        SpriteMaskMenu.BakeSelected();
        var set = AssetDatabase.LoadAssetAtPath<SpriteMaskSet>(setPath);
        Check("Bake Sprite Masks made " + setPath, set != null && set.name == "sheet.png.pixelmasks");
        if (set == null) return;
        Equal("the set records its texture's GUID", AssetDatabase.AssetPathToGUID(path), set.sourceGuid);
        Check("the set's masks: every sprite's, from the PNG, == the readable texture's at threshold 1; texture not readable",
            EbMatchesTexels(set, path, SheetW, SheetH, texels, 1));
        Check("FindFor(sprite) finds the set", ReferenceEquals(SpriteMaskAssets.FindFor(sprites[3]), set));
        SpriteMaskSet.EditorLookup = null;
        EditorApplication.StubDomainLoad();
        Check("on editor load, SpriteMaskSet.EditorLookup is installed: EditorFind(sprite) == the set",
            ReferenceEquals(SpriteMaskSet.EditorFind(sprites[0], null), set));
        Check("EditorFind of a sprite that is no asset: null",
            SpriteMaskSet.EditorFind(EbSprite("loose", null, new RectInt(0, 0, 1, 1)), set) == null);

        // Imported again with nothing changed: not baked again, nothing saved.
        SpriteMaskEntry[] kept = set.masks;
        int saves = AssetDatabase.saveAssetsCalls, dirtied = EditorUtility.setDirtyCalls;
        importer.SaveAndReimport();
        Check("re-imported unchanged: the masks are kept, nothing marked dirty or saved",
            ReferenceEquals(set.masks, kept) && AssetDatabase.saveAssetsCalls == saves && EditorUtility.setDirtyCalls == dirtied);

        // New pixels in the file: baked again on import.
        byte[] texels2 = EbTexels(SheetW, SheetH, 1);
        File.WriteAllBytes(path, EbPng(SheetW, SheetH, texels2));
        importer.StubPixels = texels2;
        AssetDatabase.ImportAsset(path);
        Check("the texture changed: baked again on import, the new masks == the new texture's",
            !ReferenceEquals(set.masks, kept) && EbMatchesTexels(set, path, SheetW, SheetH, texels2, 1)
            && AssetDatabase.saveAssetsCalls == saves + 1);
        Check("... into the same asset (references to it survive)",
            ReferenceEquals(AssetDatabase.LoadAssetAtPath<SpriteMaskSet>(setPath), set) && AssetDatabase.FindAssets("t:SpriteMaskSet").Length == 1);

        // The threshold, from the set's inspector: baked again at once.
        var inspector = ScriptableObject.CreateInstance<SpriteMaskSetEditor>();
        inspector.target = set;
        EditorGUILayout.Shown.Clear();
        inspector.OnInspectorGUI();
        Check("the inspector shows the texture, the sprite count and 'Baked at threshold 1'",
            EditorGUILayout.Shown.Contains("Texture: " + path) && EditorGUILayout.Shown.Contains("Sprites: 7")
            && EditorGUILayout.Shown.Contains("Info: Baked at threshold 1."));
        kept = set.masks;
        EditorGUILayout.Enter["Alpha Threshold"] = 128;
        inspector.OnInspectorGUI();
        Check("threshold 1 -> 128 in the inspector: baked again at 128, recorded for undo",
            set.threshold == 128 && EbMatchesTexels(set, path, SheetW, SheetH, texels2, 128) && !ReferenceEquals(set.masks, kept)
            && Undo.Recorded.Last() == "Change Sprite Mask Threshold");
        kept = set.masks;
        inspector.OnInspectorGUI();
        Check("drawn again with no change: not baked again", ReferenceEquals(set.masks, kept));
        GUILayout.Click.Add(SpriteMaskSetEditor.BakeButton);
        inspector.OnInspectorGUI();
        Check("'Bake Now' bakes even when up to date", !ReferenceEquals(set.masks, kept)
            && EbMatchesTexels(set, path, SheetW, SheetH, texels2, 128));

        // The threshold changed in the asset itself (e.g. by version control), then the asset is imported.
        set.threshold = 200;
        EditorGUILayout.Shown.Clear();
        inspector.OnInspectorGUI();
        Check("a set whose threshold changed outside the inspector shows as not up to date",
            EditorGUILayout.Shown.Any(s => s.StartsWith("Warning: Not up to date: threshold 200 but baked at 128")));
        AssetDatabase.ImportAsset(setPath);
        Check("the set imported with threshold 200: baked again at 200", EbMatchesTexels(set, path, SheetW, SheetH, texels2, 200));

        // Re-sliced sprites: baked again on import.
        importer.StubSprites[6].rect = importer.StubSprites[6].textureRect = new Rect(2, 1, 6, 6);
        importer.StubSprites.RemoveAt(0);
        importer.SaveAndReimport();
        Check("sprites re-cut and removed: baked again, 6 entries, the re-cut one at its new rect",
            set.masks.Length == 6 && EbMatchesTexels(set, path, SheetW, SheetH, texels2, 200)
            && set.masks.Any(e => e.spriteName == "sheet_wide" && e.x == 2 && e.y == 1 && e.width == 6 && e.height == 6));

        // A single-sprite texture, selected as its sprite, through the menu.
        const string hero = "Assets/Sprites/hero.png";
        byte[] heroTexels = EbTexels(5, 7, 2);
        EbAddTexture(hero, 5, 7, heroTexels, new[] { new SpriteRegion("hero", new RectInt(0, 0, 5, 7)) });
        Selection.objects = new Object[] { EbSpritesAt(hero)[0] };
        SpriteMaskMenu.BakeSelected();
        SpriteMaskSet heroSet = SpriteMaskAssets.FindFor(hero);
        Check("a single sprite, selected as its sprite: its set made beside it with its one mask",
            heroSet != null && AssetDatabase.GetAssetPath(heroSet) == hero + SpriteMaskAssets.Suffix && heroSet.masks.Length == 1
            && EbMatchesTexels(heroSet, hero, 5, 7, heroTexels, 1));
        Equal("SpriteMaskAssets.CreateFor an existing set: the same set, now at threshold 60",
            heroSet, SpriteMaskAssets.CreateFor(hero, 60));
        Check("... baked again at 60", EbMatchesTexels(heroSet, hero, 5, 7, heroTexels, 60));

        // The texture moved: its set is found by GUID and follows the texture's changes.
        const string movedPath = "Assets/Sprites/moved.png";
        Equal("MoveAsset", "", AssetDatabase.MoveAsset(hero, movedPath));
        Check("the moved texture's set is found by its GUID", ReferenceEquals(SpriteMaskAssets.FindFor(movedPath), heroSet));
        byte[] heroTexels2 = EbTexels(5, 7, 3);
        File.WriteAllBytes(movedPath, EbPng(5, 7, heroTexels2));
        ((TextureImporter)AssetImporter.GetAtPath(movedPath)).StubPixels = heroTexels2;
        AssetDatabase.ImportAsset(movedPath);
        Check("the moved texture changed: its set baked again", EbMatchesTexels(heroSet, movedPath, 5, 7, heroTexels2, 60));
        Equal("the sheet's set is still only the sheet's", set, SpriteMaskAssets.FindFor(path));
        Equal("no errors logged so far", "", string.Join(" | ", UnityEngine.Debug.Errors));

        // Textures that cannot be baked: an error in words, no set, nothing thrown.
        const string psd = "Assets/Sprites/layered.psd";
        EbAddTexture(psd, 4, 4, EbTexels(4, 4, 0), new[] { new SpriteRegion("layered", new RectInt(0, 0, 4, 4)) });
        File.WriteAllBytes(psd, new byte[] { 0x38, 0x42, 0x50, 0x53, 0, 1, 0, 0, 0, 0 });
        Selection.objects = new Object[] { AssetDatabase.LoadAssetAtPath<Texture2D>(psd) };
        SpriteMaskMenu.BakeSelected();
        Check("a file the library cannot decode, texture not readable: no set, an error saying what to do",
            SpriteMaskAssets.FindFor(psd) == null && UnityEngine.Debug.Errors.Count == 1
            && UnityEngine.Debug.Errors[0].Contains("Read/Write Enabled"));
        var psdImporter = (TextureImporter)AssetImporter.GetAtPath(psd);
        psdImporter.isReadable = true;
        psdImporter.SaveAndReimport();
        SpriteMaskMenu.BakeSelected();
        SpriteMaskSet psdSet = SpriteMaskAssets.FindFor(psd);
        Check("... once readable: baked from the texture's pixels", psdSet != null && psdSet.masks.Length == 1
            && EbRows(psdSet.masks[0].baked) == EbFromReadable(EbSpritesAt(psd)[0], new Texture2D(4, 4, TextureFormat.RGBA32, EbTexels(4, 4, 0)), 1));
        UnityEngine.Debug.Errors.Clear();
        const string plain = "Assets/Sprites/plain.png";
        EbAddTexture(plain, 4, 4, EbTexels(4, 4, 0), new SpriteRegion[0]);
        ((TextureImporter)AssetImporter.GetAtPath(plain)).textureType = TextureImporterType.Default;
        Equal("CreateFor a texture with no sprites: null", null, SpriteMaskAssets.CreateFor(plain));
        Check("... with an error naming the Texture Type", UnityEngine.Debug.Errors.Count == 1
            && UnityEngine.Debug.Errors[0].Contains("Texture Type"));
        UnityEngine.Debug.Errors.Clear();
        Equal("CreateFor something that is not a texture: null", null, SpriteMaskAssets.CreateFor(setPath));
        Check("the set's texture deleted from under it: Bake says so and returns false",
            !SpriteMaskAssets.Bake(ScriptableObject.CreateInstance<SpriteMaskSet>(), true) && UnityEngine.Debug.Warnings.Last().Contains("gone"));
        Check("postprocessing a path with no asset does nothing and throws nothing",
            RunsClean(() => SpriteMaskAssets.OnImported(new[] { "Assets/nothing.png", "Assets/nothing.asset" })));
        UnityEngine.Debug.Errors.Clear();
    }

    static bool RunsClean(Action action)
    {
        try
        {
            action();
            return true;
        }
        catch (Exception e)
        {
            Console.WriteLine("     threw " + e);
            return false;
        }
    }
}
