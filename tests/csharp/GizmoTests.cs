// Tests of the Scene-view gizmos of the Unity glue (SpriteColliderGizmos.cs, PixelWorldGizmos.cs):
// the lines they draw, in world units, against the mask's polygons and an independent perimeter
// count, and that a bad state draws nothing and throws nothing. Under Mono against the UnityEngine
// stand-in, whose Gizmos records what is drawn. Part of PerPixelTests.exe.
using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using PerPixel;
using PerPixel.Unity;
using PerPixel.Unity.EditorTools;
using UnityEngine;

static partial class Tests
{
    static void UnityGizmos()
    {
        SpriteColliderGizmoLines();
        PixelWorldContactGizmos();
    }

    static void EbMessage(object component, string name)
    {
        MethodInfo m = component.GetType().GetMethod(name, BindingFlags.Instance | BindingFlags.NonPublic | BindingFlags.Public);
        m.Invoke(component, null);
    }

    static SpriteCollider EbCollider(string name, Sprite sprite, float x, float y, float z = 0)
    {
        var go = new GameObject(name);
        go.transform.position = new Vector3(x, y, z);
        var c = go.AddComponent<SpriteCollider>();
        c.sprite = sprite;
        return c;
    }

    static string EbSegment(Vector3 a, Vector3 b)
    {
        // An undirected segment, as text, for set comparisons.
        string p = a.x + "," + a.y + "," + a.z, q = b.x + "," + b.y + "," + b.z;
        return string.CompareOrdinal(p, q) < 0 ? p + "-" + q : q + "-" + p;
    }

    static List<string> EbSegments(List<Vector3> lines)
    {
        var s = new List<string>();
        for (int i = 0; i + 1 < lines.Count; i += 2) s.Add(EbSegment(lines[i], lines[i + 1]));
        s.Sort(StringComparer.Ordinal);
        return s;
    }

    // Pixel edges between a solid texel and an empty one (or the outside): the outline's length in pixels.
    static int EbPerimeter(Mask m)
    {
        int edges = 0;
        for (int y = 0; y < m.Height; y++)
            for (int x = 0; x < m.Width; x++)
            {
                if (!m.IsSolid(x, y)) continue;
                if (x == 0 || !m.IsSolid(x - 1, y)) edges++;
                if (x == m.Width - 1 || !m.IsSolid(x + 1, y)) edges++;
                if (y == 0 || !m.IsSolid(x, y - 1)) edges++;
                if (y == m.Height - 1 || !m.IsSolid(x, y + 1)) edges++;
            }
        return edges;
    }

    static void SpriteColliderGizmoLines()
    {
        var outline = new List<Vector3>();
        var box = new List<Vector3>();
        const float ppu = 4;

        // A fully opaque 3x2 sprite: its outline is its box.
        var solid = new Texture2D(3, 2, TextureFormat.Alpha8, Enumerable.Repeat((byte)255, 6).ToArray());
        var block = EbCollider("block", EbSprite("block", solid, new RectInt(0, 0, 3, 2), null, ppu), 2.5f, -1f, 3f);
        Check("a sprite's gizmo has lines", block.GizmoLines(outline, box));
        Vector2Int at = block.PixelPosition;
        float x0 = at.x / ppu, y0 = at.y / ppu, x1 = (at.x + 3) / ppu, y1 = (at.y + 2) / ppu;
        var expectedBox = new List<Vector3>
        {
            new Vector3(x0, y0, 3), new Vector3(x1, y0, 3), new Vector3(x1, y0, 3), new Vector3(x1, y1, 3),
            new Vector3(x1, y1, 3), new Vector3(x0, y1, 3), new Vector3(x0, y1, 3), new Vector3(x0, y0, 3),
        };
        Equal("the box: the placed rectangle (pixel " + at + ", 3x2) in units (÷ 4), at the transform's z",
            string.Join(" ", EbSegments(expectedBox)), string.Join(" ", EbSegments(box)));
        Equal("a solid rectangle's outline is its box", string.Join(" ", EbSegments(box)), string.Join(" ", EbSegments(outline)));

        // The sheet's wide sprite: outline == the placed mask's polygon edges, scaled and moved; its length
        // == the mask's perimeter in pixel edges.
        byte[] texels = EbTexels(SheetW, SheetH, 0);
        var sheet = new Texture2D(SheetW, SheetH, TextureFormat.RGBA32, texels);
        var wide = EbCollider("wide", EbSprite("sheet_wide", sheet, Sheet[6].Rect, null, ppu), -3f, 2f);
        Check("the wide sprite's gizmo has lines", wide.GizmoLines(outline, box));
        PlacedSprite placed = wide.Placed;
        var expected = new List<Vector3>();
        PolygonSet polygons = placed.Mask.Polygons();
        for (int r = 0; r < polygons.RingCount; r++)
        {
            Vertex[] ring = polygons.Ring(r);
            for (int i = 0; i < ring.Length; i++)
            {
                Vertex a = ring[i], b = ring[(i + 1) % ring.Length];
                expected.Add(new Vector3((placed.X + a.x) / ppu, (placed.Y + a.y) / ppu, 0));
                expected.Add(new Vector3((placed.X + b.x) / ppu, (placed.Y + b.y) / ppu, 0));
            }
        }
        Equal("the outline: every ring edge of the placed mask's polygons, ÷ pixels per unit (" + expected.Count / 2 + " edges)",
            string.Join(" ", EbSegments(expected)), string.Join(" ", EbSegments(outline)));
        double length = 0;
        bool axisAligned = true;
        for (int i = 0; i < outline.Count; i += 2)
        {
            float dx = outline[i + 1].x - outline[i].x, dy = outline[i + 1].y - outline[i].y;
            axisAligned &= dx == 0 || dy == 0;
            length += Math.Abs(dx) + Math.Abs(dy);
        }
        Check("the outline's edges are axis-aligned and as long as the mask's perimeter (" + EbPerimeter(placed.Mask) +
            " pixel edges)", axisAligned && Math.Abs(length * ppu - EbPerimeter(placed.Mask)) < 1e-3);

        // Turned a quarter: the outline follows the turned mask.
        var turned = EbCollider("turned", EbSprite("sheet_wide", sheet, Sheet[6].Rect, null, ppu), 0f, 0f);
        turned.transform.rotation = Quaternion.Euler(0, 0, 90);
        Check("a turned sprite's gizmo has lines", turned.GizmoLines(outline, box));
        PlacedSprite tp = turned.Placed;
        length = 0;
        for (int i = 0; i < outline.Count; i += 2)
            length += Math.Abs(outline[i + 1].x - outline[i].x) + Math.Abs(outline[i + 1].y - outline[i].y);
        Check("turned: the box is the raster's (" + tp.Mask.Width + "x" + tp.Mask.Height + ") and the outline as long as its perimeter",
            tp.Mask.Width == 3 && tp.Mask.Height == 9 && Math.Abs(length * ppu - EbPerimeter(tp.Mask)) < 1e-3
            && Math.Abs((box[2].x - box[0].x) * ppu - 3) < 1e-4);

        // Bounds-only: the box, no outline.
        wide.pixelCollision = false;
        Check("pixel collision off: the box only", wide.GizmoLines(outline, box) && outline.Count == 0 && box.Count == 8);
        wide.pixelCollision = true;

        // Drawn in the Scene view: the box then the outline, each in its colour.
        Gizmos.Lines.Clear();
        wide.GizmoLines(outline, box);
        EbMessage(wide, "OnDrawGizmosSelected");
        Check("OnDrawGizmosSelected draws the " + box.Count / 2 + " box lines then the " + outline.Count / 2 + " outline lines",
            Gizmos.Lines.Count == (box.Count + outline.Count) / 2
            && Gizmos.Lines.Take(4).All(l => l.color.Equals(SpriteCollider.GizmoBoxColor))
            && Gizmos.Lines.Skip(4).All(l => l.color.Equals(SpriteCollider.GizmoOutlineColor)));

        // Bad states: nothing drawn, nothing thrown.
        var bare = EbCollider("bare", null, 0, 0);
        Gizmos.Lines.Clear();
        Check("no sprite and no SpriteRenderer: no lines, no throw",
            !bare.GizmoLines(outline, box) && outline.Count == 0 && box.Count == 0
            && RunsClean(() => EbMessage(bare, "OnDrawGizmosSelected")) && Gizmos.Lines.Count == 0);
        var renderer = new GameObject("rendered");
        renderer.AddComponent<SpriteRenderer>();
        var rendered = renderer.AddComponent<SpriteCollider>();
        Check("a SpriteRenderer without a sprite: no lines", !rendered.GizmoLines(outline, box));
        renderer.GetComponent<SpriteRenderer>().sprite = EbSprite("block", solid, new RectInt(0, 0, 3, 2), null, ppu);
        Check("... its sprite set: lines", rendered.GizmoLines(outline, box) && outline.Count == 8);
        var locked = new Texture2D(SheetW, SheetH, TextureFormat.RGBA32, texels) { isReadable = false };
        var unreadable = EbCollider("unreadable", EbSprite("sheet_0", locked, Sheet[0].Rect, null, ppu), 0, 0);
        Check("a texture that is not readable and no baked mask: no lines, no throw",
            !unreadable.GizmoLines(outline, box) && RunsClean(() => EbMessage(unreadable, "OnDrawGizmosSelected")));
        var set = ScriptableObject.CreateInstance<SpriteMaskSet>();
        SpriteMaskBaker.Store(set, SpriteMaskBaker.BakeFromTexture(sheet, Sheet, 1), "h", "g", 1);
        Mask baked;
        set.TryGetMask(unreadable.sprite, out baked);
        using (baked) unreadable.bakedMask = new TextAsset("sheet_0", baked.ToBaked());
        Check("... with its baked mask: lines", unreadable.GizmoLines(outline, box) && outline.Count > 0);
        var flat = EbCollider("flat", EbSprite("block", solid, new RectInt(0, 0, 3, 2), null, 0), 0, 0);
        Check("pixels per unit 0: no lines, no throw", !flat.GizmoLines(outline, box) && RunsClean(() => EbMessage(flat, "OnDrawGizmosSelected")));
        var zero = EbCollider("zero", EbSprite("block", solid, new RectInt(0, 0, 3, 2), null, ppu), 0, 0);
        zero.transform.localScale = new Vector3(0, 1, 1);
        Check("a transform with scale 0 (no raster): no lines, no throw", !zero.GizmoLines(outline, box)
            && RunsClean(() => EbMessage(zero, "OnDrawGizmosSelected")));
        var far = EbCollider("far", EbSprite("block", solid, new RectInt(0, 0, 3, 2), null, ppu), float.NaN, 0);
        Check("a NaN position: no lines, no throw", !far.GizmoLines(outline, box) && RunsClean(() => EbMessage(far, "OnDrawGizmosSelected")));
    }

    static void PixelWorldContactGizmos()
    {
        const float ppu = 2;
        var solid = new Texture2D(4, 4, TextureFormat.Alpha8, Enumerable.Repeat((byte)255, 16).ToArray());
        var lines = new List<Vector3>();
        Frame.Reset();
        var world = new GameObject("gizmo world").AddComponent<PixelWorld>();
        world.enabled = false;
        Check("a disabled PixelWorld (no World): no contact lines, no throw",
            world.ContactGizmoLines(lines) == 0 && lines.Count == 0 && RunsClean(() => EbMessage(world, "OnDrawGizmos")));
        world.enabled = true;
        var a = EbCollider("ga", EbSprite("a", solid, new RectInt(0, 0, 4, 4), null, ppu), 10f, 10f);
        var b = EbCollider("gb", EbSprite("b", solid, new RectInt(0, 0, 4, 4), null, ppu), 11.5f, 10f);
        var c = EbCollider("gc", EbSprite("c", solid, new RectInt(0, 0, 4, 4), null, ppu), 40f, 40f);
        a.pixelWorld = b.pixelWorld = c.pixelWorld = world;
        world.Step();
        Equal("one pair touches (a and b overlap by a pixel column; c is alone)", 1, world.World.Touching.Length);
        Equal("one contact drawn", 1, world.ContactGizmoLines(lines));
        Vector2Int first;
        a.TryFirstContact(b, out first);
        WorldContact contact = world.World.Contact(world.World.Touching[0], 0);
        float cx = (first.x + 0.5f) / ppu, cy = (first.y + 0.5f) / ppu, d = PixelWorld.GizmoCrossPixels / ppu;
        Check("a cross on the first contact pixel's centre " + first + " (÷ 2): its two diagonals",
            lines.Count >= 4 && lines[0].Equals(new Vector3(cx - d, cy - d, 0)) && lines[1].Equals(new Vector3(cx + d, cy + d, 0))
            && lines[2].Equals(new Vector3(cx - d, cy + d, 0)) && lines[3].Equals(new Vector3(cx + d, cy - d, 0)));
        Check("and the contact normal when it has one (" + (contact.Normal.HasValue ? "it has" : "none") + ")",
            contact.Normal.HasValue ? lines.Count == 6 && lines[4].Equals(new Vector3(cx, cy, 0))
                && Math.Abs(lines[5].x - (cx + (float)(contact.Normal.Value.x * PixelWorld.GizmoNormalPixels / ppu))) < 1e-4
                : lines.Count == 4);
        Gizmos.Lines.Clear();
        EbMessage(world, "OnDrawGizmos");
        Equal("drawContacts off (the default): OnDrawGizmos draws nothing", 0, Gizmos.Lines.Count);
        world.drawContacts = true;
        EbMessage(world, "OnDrawGizmos");
        Check("drawContacts on: OnDrawGizmos draws the lines in the contact colour", Gizmos.Lines.Count == lines.Count / 2
            && Gizmos.Lines.All(l => l.color.Equals(PixelWorld.GizmoContactColor)));

        // A collider gone since the step: its pair is skipped.
        b.enabled = false;
        Check("a collider disabled since the step: its pair skipped, no throw",
            world.ContactGizmoLines(lines) == 0 && RunsClean(() => EbMessage(world, "OnDrawGizmos")));
        world.Step();
        Equal("after the next step: nothing touches, nothing drawn", 0, world.ContactGizmoLines(lines));
        b.enabled = true;
        world.Step();
        Equal("b back: its contact drawn again", 1, world.ContactGizmoLines(lines));
        world.World.Dispose();
        Check("the World disposed under the component: nothing drawn, no throw",
            world.ContactGizmoLines(lines) == 0 && RunsClean(() => EbMessage(world, "OnDrawGizmos")));
        world.enabled = false;
        Check("the PixelWorld disabled: nothing drawn, no throw",
            world.ContactGizmoLines(lines) == 0 && RunsClean(() => EbMessage(world, "OnDrawGizmos")));
        Frame.Reset();
    }
}
