// Tests of the world queries in Unity units (PixelWorld.OverlapPoint ... MoveWithSlide) and of the
// allocation-free world queries of the plain binding (World.TryAtPoint ...), each against a brute-force
// oracle: per pixel through the colliders' own queries (SpriteCollider.OverlapPoint, Placed.SolidAt,
// Placed.Raycast, Collides, MoveWithSlide over a list) and their layers.
using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using PerPixel;
using PerPixel.Unity;
using UnityEngine;

static partial class Tests
{
    static void PixelWorldQueries()
    {
        WorldBufferQueries();
        // Start from an empty scene: colliders left by earlier tests would join these worlds.
        UnityEngine.Frame.Reset();
        QueryEdgeCases();
        for (int seed = 1; seed <= 6; seed++) QueryRandomScene(seed);
        QueryAllocations();
    }

    // ---- The plain binding's allocation-free queries ----

    static void WorldBufferQueries()
    {
        using (var world = new World())
        using (var full = Mask.Create(4, 4, true))
        using (var ring = Mask.Create(6, 6, true))
        {
            ring.FillRect(new Bounds2D(1, 1, 4, 4), false);
            BodyId a = world.CreateBody(new BodyDef { Mask = full, X = 0, Y = 0 });
            BodyId b = world.CreateBody(new BodyDef { Mask = full, X = 2, Y = 2 });
            BodyId c = world.CreateBody(new BodyDef { Mask = ring, X = -1, Y = -1, Filter = new Filter(2, 2) });
            var sentinel = new BodyId(99, 99, 99);
            var buf = new BodyId[3];
            int n;

            buf[0] = sentinel;
            bool fits = world.TryAtPoint(3, 3, new Span<BodyId>(buf, 0, 1), out n, new Filter(ulong.MaxValue, ulong.MaxValue));
            Check("TryAtPoint with a span too short: false, the count (2), nothing written",
                !fits && n == 2 && buf[0] == sentinel);
            fits = world.TryAtPoint(3, 3, buf, out n, new Filter(ulong.MaxValue, ulong.MaxValue));
            Check("TryAtPoint with room: true, the bodies in index order, as AtPoint",
                fits && n == 2 && buf[0] == a && buf[1] == b && world.AtPoint(3, 3).SequenceEqual(buf.Take(2)));
            fits = world.TryAtPoint(3, 3, Span<BodyId>.Empty, out n);
            Check("TryAtPoint with an empty span counts (default filter: the ring's filter refuses it)", !fits && n == 2);
            fits = world.TryAtPoint(-1, 2, buf, out n, new Filter(ulong.MaxValue, ulong.MaxValue));
            Check("TryAtPoint on the ring only", fits && n == 1 && buf[0] == c);
            fits = world.TryAtPoint(100, 100, Span<BodyId>.Empty, out n);
            Check("TryAtPoint on nothing: true, 0", fits && n == 0);

            var all = new Filter(ulong.MaxValue, ulong.MaxValue);
            fits = world.TryInRect(new Bounds2D(0, -1, 1, 2), buf, out n, all);
            Check("TryInRect (0, -1, 1, 2): a and the ring", fits && n == 2 && buf[0] == a && buf[1] == c);
            fits = world.TryInRect(new Bounds2D(1, 1, 1, 1), buf, out n, all);
            Check("TryInRect inside the ring's hole: a only (pixel-perfect, not the ring's box)",
                fits && n == 1 && buf[0] == a);
            buf[0] = sentinel;
            fits = world.TryInRect(new Bounds2D(-5, -5, 20, 20), new Span<BodyId>(buf, 0, 2), out n, all);
            Check("TryInRect too short: false, 3, nothing written", !fits && n == 3 && buf[0] == sentinel);

            fits = world.TryOverlapping(new PlacedSprite(full, 1, 1), buf, out n, all);
            Check("TryOverlapping: all three, as Overlapping", fits && n == 3
                && world.Overlapping(new PlacedSprite(full, 1, 1), all).SequenceEqual(buf));

            // RaycastBody: the body as the world holds it, as PlacedSprite.Raycast on the same sprite.
            var rng = new System.Random(5);
            int same = 0;
            for (int i = 0; i < 200; i++)
            {
                int x = rng.Next(-8, 10), y = rng.Next(-8, 10), dx = rng.Next(-3, 4), dy = rng.Next(-3, 4);
                if (dx == 0 && dy == 0) dx = 1;
                uint len = (uint)rng.Next(0, 12);
                RayHit? w = world.RaycastBody(c, x, y, dx, dy, len);
                RayHit? p = new PlacedSprite(ring, -1, -1).Raycast(x, y, dx, dy, len);
                if (w.HasValue == p.HasValue && (!w.HasValue || (w.Value.Pixel.Equals(p.Value.Pixel)
                    && w.Value.Step == p.Value.Step && w.Value.Normal.Equals(p.Value.Normal)))) same++;
            }
            Equal("RaycastBody equals PlacedSprite.Raycast on the body's sprite (200 rays)", 200, same);

            // MoveAndSlide against bodies: as PlacedSprite.MoveAndSlide against their sprites.
            same = 0;
            using (var hero = Mask.Create(2, 3, true))
            {
                for (int i = 0; i < 100; i++)
                {
                    var mover = new PlacedSprite(hero, rng.Next(-12, 12), rng.Next(-12, 12));
                    int dx = rng.Next(-15, 16), dy = rng.Next(-15, 16);
                    var opts = MoveOptions.YUp((uint)rng.Next(0, 3));
                    MoveResult w = world.MoveAndSlide(mover, new[] { a, c }, dx, dy, opts);
                    MoveResult p = mover.MoveAndSlide(new[] { new PlacedSprite(full, 0, 0), new PlacedSprite(ring, -1, -1) },
                        dx, dy, opts);
                    if (w.ToString() == p.ToString()) same++;
                }
            }
            Equal("World.MoveAndSlide equals PlacedSprite.MoveAndSlide against the same sprites (100 moves)", 100, same);

            world.DestroyBody(b);
            Throws<PerPixelException>("RaycastBody of a destroyed body", () => world.RaycastBody(b, 0, 0, 1, 0, 5),
                e => e.Status == Status.StaleBody);
            Throws<PerPixelException>("MoveAndSlide against a destroyed body",
                () => world.MoveAndSlide(new PlacedSprite(full, 9, 9), new[] { b }, 1, 0),
                e => e.Status == Status.StaleBody);
            Throws<PerPixelException>("RaycastBody with a (0, 0) direction", () => world.RaycastBody(a, 0, 0, 0, 0, 5),
                e => e.Status == Status.InvalidArgument);
        }
    }

    // ---- Scenes ----

    // A collider made inactive, set up, then activated (so it joins the world with its sprite set).
    static SpriteCollider QueryCollider(string name, int width, int height, Func<int, int, bool> solid, float x,
        float y, float ppu, int layer = 0, int quarters = 0, bool pixelCollision = true, bool active = true)
    {
        var go = new GameObject(name);
        go.SetActive(false);
        go.layer = layer;
        go.transform.position = new Vector3(x, y, 0);
        go.transform.rotation = Quaternion.Euler(0, 0, quarters * 90);
        var data = new byte[width * height];
        for (int j = 0; j < height; j++)
            for (int i = 0; i < width; i++)
                data[j * width + i] = (byte)(solid(i, j) ? 255 : 0);
        var texture = new Texture2D(width, height, TextureFormat.Alpha8, data) { name = name };
        var c = go.AddComponent<SpriteCollider>();
        c.sprite = SpriteIn(texture, name, new RectInt(0, 0, width, height), ppu);
        c.pixelCollision = pixelCollision;
        if (active) go.SetActive(true);
        return c;
    }

    static PixelWorld QueryWorld(float ppu)
    {
        var w = new GameObject("world").AddComponent<PixelWorld>();
        w.pixelsPerUnit = ppu;
        return w;
    }

    // The colliders of the world in body order.
    static List<SpriteCollider> InBodyOrder(PixelWorld w, IEnumerable<SpriteCollider> colliders)
    {
        var list = new List<KeyValuePair<uint, SpriteCollider>>();
        foreach (SpriteCollider c in colliders)
        {
            BodyId id;
            if (w.BodyOf(c, out id)) list.Add(new KeyValuePair<uint, SpriteCollider>(id.Index, c));
        }
        return list.OrderBy(p => p.Key).Select(p => p.Value).ToList();
    }

    static bool InMask(SpriteCollider c, int layerMask)
    {
        return (layerMask & (1 << c.gameObject.layer)) != 0;
    }

    static string Names(IEnumerable<SpriteCollider> cs)
    {
        return string.Join(",", cs.Select(c => c == null ? "null" : c.name));
    }

    static string SortedNames(IEnumerable<SpriteCollider> cs)
    {
        return string.Join(",", cs.Select(c => c.name).OrderBy(x => x, StringComparer.Ordinal));
    }

    static string Names(IEnumerable<PixelRaycastHit> hs)
    {
        return string.Join(",", hs.Select(h => h.collider.name + "@" + h.pixel + "#" + h.step));
    }

    // True when the collider has a solid pixel in [x0, x1) x [y0, y1).
    static bool SolidIn(SpriteCollider c, long x0, long x1, long y0, long y1)
    {
        PlacedSprite p = c.Placed;
        Bounds2D b = p.Bounds;
        for (long y = Math.Max(y0, b.y); y < Math.Min(y1, (long)b.y + b.height); y++)
            for (long x = Math.Max(x0, b.x); x < Math.Min(x1, (long)b.x + b.width); x++)
                if (p.SolidAt(x, y)) return true;
        return false;
    }

    // The 4-connected path from pixel s to pixel e, written independently of the library: from each pixel
    // step along the axis whose grid line the segment between the centres crosses first, x first at a corner.
    static List<Vector2Int> PathPixels(Vector2Int s, Vector2Int e)
    {
        var path = new List<Vector2Int> { s };
        long dx = Math.Abs((long)e.x - s.x), dy = Math.Abs((long)e.y - s.y);
        int sx = Math.Sign(e.x - s.x), sy = Math.Sign(e.y - s.y);
        long i = 0, j = 0;
        while (i < dx || j < dy)
        {
            // The x crossing at t = (i + 0.5) / dx, the y crossing at (j + 0.5) / dy.
            bool stepX = j == dy || (i < dx && (2 * i + 1) * dy <= (2 * j + 1) * dx);
            if (stepX) i++; else j++;
            path.Add(new Vector2Int((int)(s.x + sx * i), (int)(s.y + sy * j)));
        }
        return path;
    }

    static void QueryEdgeCases()
    {
        // Disabled world: nothing, never a throw.
        var c = QueryCollider("c", 4, 4, (x, y) => true, 0, 0, 1);
        var w = QueryWorld(1);
        w.Step();
        Equal("edge scene: the collider is in", 1, w.ColliderCount);
        Check("OverlapPoint finds it", w.OverlapPoint(new Vector2(1, 1)) == c);
        w.enabled = false;
        var results = new SpriteCollider[4];
        var hits = new PixelRaycastHit[4];
        Check("disabled world: OverlapPoint null, All empty, NonAlloc 0",
            w.OverlapPoint(new Vector2(1, 1)) == null && w.OverlapPointAll(new Vector2(1, 1)).Length == 0
            && w.OverlapPointNonAlloc(new Vector2(1, 1), results) == 0);
        Check("disabled world: OverlapArea/Box/Collider nothing",
            w.OverlapArea(new Vector2(0, 0), new Vector2(3, 3)) == null
            && w.OverlapBoxAll(new Vector2(1, 1), new Vector2(2, 2), 30).Length == 0
            && w.OverlapBoxNonAlloc(new Vector2(1, 1), new Vector2(2, 2), 0, results) == 0
            && w.OverlapCollider(c, results) == 0 && w.OverlapColliderAll(c).Length == 0
            && w.OverlapAreaNonAlloc(new Vector2(0, 0), new Vector2(3, 3), results) == 0);
        Check("disabled world: Raycast/Linecast no hit",
            !w.Raycast(new Vector2(-5, 1), new Vector2(1, 0)) && w.RaycastAll(new Vector2(-5, 1), new Vector2(1, 0)).Length == 0
            && w.RaycastNonAlloc(new Vector2(-5, 1), new Vector2(1, 0), hits) == 0
            && !w.Linecast(new Vector2(-5, 1), new Vector2(5, 1))
            && w.LinecastAll(new Vector2(-5, 1), new Vector2(5, 1)).Length == 0
            && w.LinecastNonAlloc(new Vector2(-5, 1), new Vector2(5, 1), hits) == 0);
        ColliderMove free = w.MoveWithSlide(c, new Vector2Int(3, -2));
        Check("disabled world: MoveWithSlide moves the whole way", free.Moved.x == 3 && free.Moved.y == -2
            && !free.BlockedX && !free.BlockedY);
        Throws<ArgumentException>("disabled world: a NaN point still throws", () => w.OverlapPoint(new Vector2(float.NaN, 0)));
        w.enabled = true;
        w.Step();
        Check("enabled again: found again", w.OverlapPoint(new Vector2(1, 1)) == c);
        UnityEngine.Frame.Reset();

        // Empty world.
        w = QueryWorld(100);
        w.Step();
        Check("empty world: nothing anywhere", w.OverlapPoint(new Vector2(0, 0)) == null
            && w.OverlapAreaAll(new Vector2(-100, -100), new Vector2(100, 100)).Length == 0
            && !w.Raycast(new Vector2(0, 0), new Vector2(1, 1)));
        UnityEngine.Frame.Reset();

        // Layers: a wall of four colliders on layers 0, 2 (Ignore Raycast), 3 and 5, stacked in x.
        var onLayer = new Dictionary<int, SpriteCollider>();
        int[] layers = { 0, 2, 3, 5 };
        for (int k = 0; k < 4; k++)
            onLayer[layers[k]] = QueryCollider("L" + layers[k], 2, 2, (x, y) => true, 10 + 2 * k, 0, 1, layers[k]);
        w = QueryWorld(1);
        // Layer 3 ignores itself and 5: its own collision mask does not hide it from queries.
        w.IgnoreLayerCollision(3, 3);
        w.IgnoreLayerCollision(3, 5);
        w.Step();
        Equal("DefaultRaycastLayers is Unity's -5", -5, PixelWorld.DefaultRaycastLayers);
        Equal("the default layer mask skips Ignore Raycast", "L0,L3,L5",
            SortedNames(w.OverlapAreaAll(new Vector2(0, 0), new Vector2(20, 2))));
        Equal("AllLayers finds every one", "L0,L2,L3,L5",
            SortedNames(w.OverlapAreaAll(new Vector2(0, 0), new Vector2(20, 2), PixelWorld.AllLayers)));
        Equal("layer mask 1<<3 | 1<<2: layer 3 although it ignores itself", "L2,L3",
            SortedNames(w.OverlapAreaAll(new Vector2(0, 0), new Vector2(20, 2), (1 << 3) | (1 << 2))));
        Check("layer mask 0: nothing", w.OverlapAreaAll(new Vector2(0, 0), new Vector2(20, 2), 0).Length == 0
            && !w.Raycast(new Vector2(0, 1), new Vector2(1, 0), 100, 0)
            && w.OverlapPoint(new Vector2(12.5f, 0.5f), 0) == null);
        PixelRaycastHit h = w.Raycast(new Vector2(0, 1), new Vector2(1, 0));
        Check("Raycast along the wall: L0 first at pixel (10, 1), distance 10, normal (-1, 0), fraction 0 (unbounded)",
            h && h.collider.name == "L0" && h.pixel.x == 10 && h.pixel.y == 1 && h.distance == 10
            && h.normal.x == -1 && h.normal.y == 0 && h.hasNormal && h.point.x == 10.5f && h.point.y == 1.5f);
        Equal("RaycastAll along the wall, nearest first, skipping layer 2", "L0@(10, 1)#10,L3@(14, 1)#14,L5@(16, 1)#16",
            Names(w.RaycastAll(new Vector2(0, 1), new Vector2(1, 0))));
        Equal("RaycastAll with mask 1<<5 only", "L5@(16, 1)#16",
            Names(w.RaycastAll(new Vector2(0, 1), new Vector2(1, 0), float.PositiveInfinity, 1 << 5)));
        h = w.Raycast(new Vector2(0, 1), new Vector2(1, 0), 20);
        Check("fraction = distance / the ray's length in pixels (10 / 20)", h.fraction == 0.5f);
        h = w.Raycast(new Vector2(0, 1), new Vector2(1, 0), 9.4f);
        Check("a ray 9.4 long stops short of pixel 10 (rounded to 9 pixels)", !h);
        h = w.Raycast(new Vector2(0, 1), new Vector2(1, 0), 9.5f);
        Check("a ray 9.5 long reaches it (10 pixels)", h && h.collider.name == "L0");

        // A layer that collides with nothing: its bodies' own filter mask is empty, and the world's rule
        // (each filter's mask holds a bit of the other's category) lets no query filter see them, unless
        // PixelWorld.LayerFilter reserves a bit of every body's mask for queries (bits 32-63, unused by layers).
        var loner = QueryCollider("loner", 2, 2, (x, y) => true, 30, 0, 1, 7);
        for (int i = 0; i < 32; i++) w.IgnoreLayerCollision(7, i);
        w.Step();
        Check("a layer colliding with nothing (its mask only the query bit) is still found by a query on its layer",
            w.LayerFilter(7).Mask == PixelWorld.QueryBit && w.OverlapPoint(new Vector2(30.5f, 0.5f), 1 << 7) == loner);
        UnityEngine.Object.DestroyImmediate(loner.gameObject);
        for (int i = 0; i < 32; i++) w.IgnoreLayerCollision(7, i, false);
        w.Step();

        // A ray starting inside, of length 0, of no direction.
        h = w.Raycast(new Vector2(10.5f, 0.5f), new Vector2(1, 0));
        RayHit corner = onLayer[0].Placed.Raycast(10, 0, 1, 0, uint.MaxValue).Value;
        Check("a ray starting inside (a corner pixel): that collider at distance 0, fraction 0, the library's normal "
            + "there (" + h.normal.x + ", " + h.normal.y + ")", h && h.collider.name == "L0" && h.distance == 0
            && h.fraction == 0 && h.step == 0 && h.hasNormal == corner.HasNormal
            && h.normal.Equals(UnityMasks.ToVector2(corner.Normal)));
        var block = QueryCollider("block", 5, 5, (x, y) => true, 0, 10, 1, 9);
        w.Step();
        h = w.Raycast(new Vector2(2.5f, 12.5f), new Vector2(0, -1), 10, 1 << 9);
        Check("a ray starting inside a collider: distance 0, the normal its shortest way out (an axis step): ("
            + h.normal.x + ", " + h.normal.y + ")", h && h.collider == block && h.distance == 0
            && h.hasNormal && Math.Abs(h.normal.x) + Math.Abs(h.normal.y) == 1 && h.normal.x * h.normal.y == 0);
        UnityEngine.Object.DestroyImmediate(block.gameObject);
        w.Step();
        Equal("RaycastAll from inside L0 going right: L0 at 0, then the rest", "L0@(10, 0)#0,L3@(14, 0)#4,L5@(16, 0)#6",
            Names(w.RaycastAll(new Vector2(10.5f, 0.5f), new Vector2(1, 0))));
        h = w.Raycast(new Vector2(10.5f, 0.5f), new Vector2(-1, 0), 0);
        Check("a ray of length 0 inside: hit at the start", h && h.collider.name == "L0" && h.distance == 0);
        Check("a ray of length 0 outside: no hit", !w.Raycast(new Vector2(9.5f, 0.5f), new Vector2(1, 0), 0));
        h = w.Raycast(new Vector2(14.5f, 1.5f), new Vector2(0, 0));
        Check("a ray of direction (0, 0) is a point query (Physics2D.Raycast(p, Vector2.zero))",
            h && h.collider.name == "L3" && h.distance == 0);
        Check("direction (0, 0) on nothing: no hit", !w.Raycast(new Vector2(30, 1), new Vector2(0, 0)));

        // Lines.
        h = w.Linecast(new Vector2(0, 1), new Vector2(9.9f, 1));
        Check("Linecast ending just before L0: no hit", !h);
        h = w.Linecast(new Vector2(0, 1), new Vector2(10.2f, 1));
        Check("Linecast ending in L0's first pixel: L0, fraction 1", h && h.collider.name == "L0" && h.fraction == 1);
        Equal("LinecastAll over the wall with all layers", "L0@(10, 1)#10,L2@(12, 1)#12,L3@(14, 1)#14",
            Names(w.LinecastAll(new Vector2(0, 1), new Vector2(15, 1), PixelWorld.AllLayers)));
        h = w.Linecast(new Vector2(12.2f, 0.3f), new Vector2(12.7f, 0.9f), PixelWorld.AllLayers);
        Check("Linecast within one pixel: that pixel", h && h.collider.name == "L2" && h.fraction == 0);

        // NonAlloc arrays too small, null, NaN.
        var one = new SpriteCollider[1];
        Equal("OverlapAreaNonAlloc into 1 slot fills 1", 1,
            w.OverlapAreaNonAlloc(new Vector2(0, 0), new Vector2(20, 2), one, PixelWorld.AllLayers));
        Check("... the first in body order", one[0] == InBodyOrder(w, onLayer.Values)[0]);
        Equal("OverlapAreaNonAlloc into 0 slots", 0, w.OverlapAreaNonAlloc(new Vector2(0, 0), new Vector2(20, 2),
            new SpriteCollider[0], PixelWorld.AllLayers));
        var two = new PixelRaycastHit[2];
        Equal("RaycastNonAlloc into 2 slots: the two nearest", 2, w.RaycastNonAlloc(new Vector2(0, 1), new Vector2(1, 0), two));
        Check("... L0 then L3", two[0].collider.name == "L0" && two[1].collider.name == "L3");
        Throws<ArgumentNullException>("OverlapPointNonAlloc into null", () => w.OverlapPointNonAlloc(new Vector2(0, 0), null));
        Throws<ArgumentNullException>("RaycastNonAlloc into null", () => w.RaycastNonAlloc(new Vector2(0, 0), new Vector2(1, 0), null));
        Throws<ArgumentNullException>("OverlapCollider of null", () => w.OverlapCollider(null, one));
        Throws<ArgumentNullException>("MoveWithSlide of null", () => w.MoveWithSlide(null, new Vector2Int(1, 0)));
        Throws<ArgumentException>("OverlapPoint at NaN", () => w.OverlapPoint(new Vector2(float.NaN, 0)));
        Throws<ArgumentException>("OverlapPoint at infinity", () => w.OverlapPoint(new Vector2(float.PositiveInfinity, 0)));
        Throws<ArgumentException>("OverlapArea with a NaN corner", () => w.OverlapArea(new Vector2(0, 0), new Vector2(1, float.NaN)));
        Throws<ArgumentException>("OverlapBox with a NaN angle", () => w.OverlapBox(new Vector2(0, 0), new Vector2(1, 1), float.NaN));
        Throws<ArgumentException>("OverlapBox with a negative size", () => w.OverlapBox(new Vector2(0, 0), new Vector2(-1, 1)));
        Throws<ArgumentException>("Raycast from NaN", () => w.Raycast(new Vector2(float.NaN, 0), new Vector2(1, 0)));
        Throws<ArgumentException>("Raycast towards NaN", () => w.Raycast(new Vector2(0, 0), new Vector2(1, float.NaN)));
        Throws<ArgumentException>("Raycast with a NaN distance", () => w.Raycast(new Vector2(0, 0), new Vector2(1, 0), float.NaN));
        Throws<ArgumentException>("Raycast with a negative distance", () => w.Raycast(new Vector2(0, 0), new Vector2(1, 0), -1));
        Throws<ArgumentException>("Linecast to NaN", () => w.Linecast(new Vector2(0, 0), new Vector2(float.NaN, 0)));
        Check("a point far outside the int pixel range: nothing, no throw", w.OverlapPoint(new Vector2(3e9f, 0)) == null
            && !w.Raycast(new Vector2(-3e9f, 1), new Vector2(1, 0)));
        Check("an area reaching past the int range finds the wall", w.OverlapAreaAll(new Vector2(-3e9f, 0),
            new Vector2(3e9f, 1), PixelWorld.AllLayers).Length == 4);
        Equal("an unbounded ray from far left finds the wall (the candidates asked in pieces)", "L0,L2,L3,L5",
            SortedNames(w.RaycastAll(new Vector2(-2.1e9f, 1), new Vector2(1, 0), float.PositiveInfinity, PixelWorld.AllLayers)
                .Select(x => x.collider)));
        w.pixelsPerUnit = 0;
        Throws<InvalidOperationException>("pixelsPerUnit 0", () => w.OverlapPoint(new Vector2(0, 0)));
        w.pixelsPerUnit = 1;

        // A box drawn around a sprite in world units covers exactly its pixels.
        Check("OverlapArea exactly around L3's rectangle finds L3 only", Names(w.OverlapAreaAll(new Vector2(14, 0),
            new Vector2(16, 2), PixelWorld.AllLayers)) == "L3");
        Check("OverlapBox of L3's rectangle (centre, size) finds L3 only", Names(w.OverlapBoxAll(new Vector2(15, 1),
            new Vector2(2, 2), 0, PixelWorld.AllLayers)) == "L3");
        Check("... turned 90 degrees: the same", Names(w.OverlapBoxAll(new Vector2(15, 1), new Vector2(2, 2), 90,
            PixelWorld.AllLayers)) == "L3");
        Check("a box of size 0: nothing", w.OverlapBoxAll(new Vector2(15, 1), new Vector2(0, 2), 0, PixelWorld.AllLayers).Length == 0
            && w.OverlapBoxAll(new Vector2(15, 1), new Vector2(0, 2), 30, PixelWorld.AllLayers).Length == 0);

        // The queries see the world as the last Step left it.
        onLayer[0].transform.position = new Vector3(10, 20, 0);
        Check("moved but not stepped: still found where it was", w.OverlapPoint(new Vector2(10.5f, 0.5f)) == onLayer[0]);
        w.Step();
        Check("after Step: found where it is", w.OverlapPoint(new Vector2(10.5f, 0.5f)) == null
            && w.OverlapPoint(new Vector2(10.5f, 20.5f)) == onLayer[0]);
        onLayer[3].enabled = false;
        w.Step();
        Check("a disabled collider is not found", w.OverlapPoint(new Vector2(14.5f, 0.5f)) == null);

        // OverlapCollider: pixel-perfect, itself excluded, works for a collider not in the world.
        var probe = QueryCollider("probe", 7, 1, (x, y) => true, 11, 1, 1, 0, 0, true, false);
        Equal("OverlapColliderAll of a probe not in the world, across L2 and L5", "L2,L5",
            SortedNames(w.OverlapColliderAll(probe)));
        Equal("OverlapColliderAll of L2 itself: L5? no, they only touch edges: none", "",
            Names(w.OverlapColliderAll(onLayer[2])));
        UnityEngine.Frame.Reset();

        // MoveWithSlide against the world: a floor and a wall on layer 3, a ghost on layer 4.
        QueryCollider("floor", 40, 2, (x, y) => true, 0, 0, 1, 3);
        QueryCollider("wall", 2, 10, (x, y) => true, 20, 2, 1, 3);
        QueryCollider("ghost", 2, 10, (x, y) => true, 10, 2, 1, 4);
        var hero = QueryCollider("hero", 3, 4, (x, y) => true, 2, 5, 1, 0);
        w = QueryWorld(1);
        w.Step();
        ColliderMove m = w.MoveWithSlide(hero, new Vector2Int(30, -10), 1 << 3);
        Check("MoveWithSlide on layer 3: through the ghost, stopped by the wall (x 17) and the floor (y 2), grounded",
            m.Moved.x == 15 && m.Moved.y == -3 && m.BlockedX && m.BlockedY && m.Grounded && m.WorldDelta.x == 15);
        m = w.MoveWithSlide(hero, new Vector2Int(30, -10));
        Check("MoveWithSlide on all layers: stopped by the ghost (x 7)", m.Moved.x == 5 && m.BlockedX);
        m = w.MoveWithSlide(hero, new Vector2Int(30, -10), 0);
        Check("layer mask 0: nothing in the way", m.Moved.x == 30 && m.Moved.y == -10 && !m.BlockedX && !m.BlockedY);
        ColliderMove own = hero.MoveWithSlide(new Vector2Int(30, -10), 1 << 3);
        Check("the collider's own MoveWithSlide(pixels, layerMask) asks its world: the same move",
            own.Moved.x == 15 && own.Moved.y == -3 && own.Grounded);
        var lone = new GameObject("lone").AddComponent<SpriteCollider>();
        w.enabled = false;
        Throws<InvalidOperationException>("MoveWithSlide(pixels) with no enabled world", () => lone.MoveWithSlide(new Vector2Int(1, 0)));
        w.enabled = true;
        hero.transform.position = new Vector3(21, 0, 0);
        m = w.MoveWithSlide(hero, new Vector2Int(1, 0));
        Check("starting inside the wall and floor: StartedInside, no move", m.StartedInside && m.Moved.x == 0);
        UnityEngine.Frame.Reset();
    }

    static void QueryRandomScene(int seed)
    {
        var rng = new System.Random(seed);
        float[] ppus = { 1, 16, 100 };
        float ppu = ppus[seed % 3];
        int[] layerChoice = { 0, 1, 2, 3, 8 };
        var colliders = new List<SpriteCollider>();
        int count = 8 + rng.Next(10);
        for (int k = 0; k < count; k++)
        {
            int width = 1 + rng.Next(12), height = 1 + rng.Next(12);
            var bits = new bool[width, height];
            for (int i = 0; i < width; i++)
                for (int j = 0; j < height; j++)
                    bits[i, j] = rng.Next(3) != 0;
            float x = rng.Next(-30, 30) / ppu, y = rng.Next(-30, 30) / ppu;
            if (rng.Next(4) == 0) x += (float)rng.NextDouble() / ppu;
            colliders.Add(QueryCollider("s" + k, width, height, (i, j) => bits[i, j], x, y, ppu,
                layerChoice[rng.Next(layerChoice.Length)], rng.Next(4), rng.Next(6) != 0));
        }
        var w = QueryWorld(ppu);
        w.IgnoreLayerCollision(1, 3);
        w.IgnoreLayerCollision(8, 8);
        w.Step();
        List<SpriteCollider> order = InBodyOrder(w, colliders);
        Equal("scene " + seed + ": every collider is in the world", count, order.Count);
        int[] masks = { PixelWorld.DefaultRaycastLayers, PixelWorld.AllLayers, 0, 1 << 3, (1 << 1) | (1 << 8), 1 << 2 };
        var buffer = new SpriteCollider[3];
        var hitBuffer = new PixelRaycastHit[2];
        int points = 0, boxes = 0, turned = 0, rays = 0, lines = 0, overlaps = 0, moves = 0, bad = 0;
        Func<float> coord = () => (float)((rng.NextDouble() * 80 - 40) / ppu);
        // Half the points fall inside a collider's rectangle (world units), so the answers are often not empty.
        Func<Vector2> somewhere = () =>
        {
            if (rng.Next(2) == 0) return new Vector2(coord(), coord());
            RectInt r = order[rng.Next(order.Count)].WorldBounds;
            return new Vector2((float)((r.x + rng.NextDouble() * r.width) / ppu), (float)((r.y + rng.NextDouble() * r.height) / ppu));
        };
        var failures = new List<string>();
        int compared = 0, pointHits = 0, boxHits = 0, rayHits = 0, lineHits = 0, blocked = 0;
        Action<string, bool> expect = (what, ok) =>
        {
            compared++;
            if (!ok) { bad++; if (failures.Count < 5) failures.Add(what); }
        };

        for (int t = 0; t < 300; t++)
        {
            int mask = masks[rng.Next(masks.Length)];
            // Points.
            var p = somewhere();
            List<SpriteCollider> want = order.Where(c => InMask(c, mask) && c.OverlapPoint(p)).ToList();
            expect("OverlapPointAll " + p.x + "," + p.y, Names(w.OverlapPointAll(p, mask)) == Names(want));
            expect("OverlapPoint", w.OverlapPoint(p, mask) == want.FirstOrDefault());
            int n = w.OverlapPointNonAlloc(p, buffer, mask);
            expect("OverlapPointNonAlloc", n == Math.Min(3, want.Count) && Names(buffer.Take(n)) == Names(want.Take(n)));
            points++;
            if (want.Count > 0) pointHits++;

            // Areas and boxes at multiples of 90 degrees.
            var a = new Vector2(coord(), coord());
            var b = new Vector2(a.x + (float)(rng.NextDouble() * 20 / ppu), a.y + (float)(rng.NextDouble() * 20 / ppu));
            if (rng.Next(2) == 0) { var s = a; a = b; b = s; }
            long x0 = Pixels.RoundPosition((double)Math.Min(a.x, b.x) * ppu), x1 = Pixels.RoundPosition((double)Math.Max(a.x, b.x) * ppu);
            long y0 = Pixels.RoundPosition((double)Math.Min(a.y, b.y) * ppu), y1 = Pixels.RoundPosition((double)Math.Max(a.y, b.y) * ppu);
            want = order.Where(c => InMask(c, mask) && SolidIn(c, x0, x1, y0, y1)).ToList();
            expect("OverlapAreaAll", Names(w.OverlapAreaAll(a, b, mask)) == Names(want));
            expect("OverlapArea", w.OverlapArea(a, b, mask) == want.FirstOrDefault());
            n = w.OverlapAreaNonAlloc(a, b, buffer, mask);
            expect("OverlapAreaNonAlloc", n == Math.Min(3, want.Count) && Names(buffer.Take(n)) == Names(want.Take(n)));
            var centre = new Vector2(coord(), coord());
            var size = new Vector2((float)(rng.NextDouble() * 20 / ppu), (float)(rng.NextDouble() * 20 / ppu));
            int quarter = rng.Next(-4, 5);
            bool odd = quarter % 2 != 0;
            double hw = (odd ? size.y : size.x) / 2.0, hh = (odd ? size.x : size.y) / 2.0;
            x0 = Pixels.RoundPosition((centre.x - hw) * ppu); x1 = Pixels.RoundPosition((centre.x + hw) * ppu);
            y0 = Pixels.RoundPosition((centre.y - hh) * ppu); y1 = Pixels.RoundPosition((centre.y + hh) * ppu);
            want = order.Where(c => InMask(c, mask) && SolidIn(c, x0, x1, y0, y1)).ToList();
            expect("OverlapBoxAll at " + quarter * 90, Names(w.OverlapBoxAll(centre, size, quarter * 90, mask)) == Names(want));
            n = w.OverlapBoxNonAlloc(centre, size, quarter * 90, buffer, mask);
            expect("OverlapBoxNonAlloc", n == Math.Min(3, want.Count) && Names(buffer.Take(n)) == Names(want.Take(n)));
            boxes++;
            if (want.Count > 0) boxHits++;

            // Turned boxes: every collider with a pixel surely inside is found, none without a pixel maybe inside.
            if (t % 3 == 0)
            {
                float angle = (float)(rng.NextDouble() * 720 - 360);
                double rad = angle * Math.PI / 180, cos = Math.Cos(rad), sin = Math.Sin(rad);
                double cx = centre.x * (double)ppu, cy = centre.y * (double)ppu;
                double bw = size.x * (double)ppu / 2, bh = size.y * (double)ppu / 2;
                var sure = new HashSet<SpriteCollider>();
                var maybe = new HashSet<SpriteCollider>();
                foreach (SpriteCollider c in order)
                {
                    if (!InMask(c, mask)) continue;
                    PlacedSprite ps = c.Placed;
                    Bounds2D bb = ps.Bounds;
                    for (long y = bb.y; y < bb.y + (long)bb.height; y++)
                        for (long x = bb.x; x < bb.x + (long)bb.width; x++)
                        {
                            if (!ps.SolidAt(x, y)) continue;
                            double ux = x + 0.5 - cx, uy = y + 0.5 - cy;
                            double u = ux * cos + uy * sin, v = -ux * sin + uy * cos;
                            double margin = Math.Min(bw - Math.Abs(u), bh - Math.Abs(v));
                            if (margin > 1e-6) sure.Add(c);
                            if (margin > -1e-6) maybe.Add(c);
                        }
                }
                var gotBox = new HashSet<SpriteCollider>(w.OverlapBoxAll(centre, size, angle, mask));
                expect("OverlapBoxAll turned " + angle, gotBox.IsSupersetOf(sure) && gotBox.IsSubsetOf(maybe));
                turned++;
            }

            // Rays: every collider's own first hit (Placed.Raycast), nearest first, ties to the smaller index.
            var origin = new Vector2(coord(), coord());
            Vector2 target = somewhere();
            var dir = rng.Next(8) == 0 ? new Vector2(rng.Next(-1, 2), rng.Next(-1, 2))
                : rng.Next(2) == 0 ? target - origin
                : new Vector2((float)(rng.NextDouble() * 2 - 1), (float)(rng.NextDouble() * 2 - 1));
            float dist = rng.Next(5) == 0 ? float.PositiveInfinity : (float)(rng.NextDouble() * 60 / ppu);
            Vector2Int start = UnityMasks.PointPixel(origin, ppu);
            Vector2Int d = UnityMasks.RayDirection(dir);
            uint len = UnityMasks.RayLength(dist, ppu);
            var expected = new List<Tuple<ulong, int, SpriteCollider, Vector2Int>>();
            for (int i = 0; i < order.Count; i++)
            {
                SpriteCollider c = order[i];
                if (!InMask(c, mask)) continue;
                if (d.x == 0 && d.y == 0)
                {
                    if (c.Placed.SolidAt(start.x, start.y)) expected.Add(Tuple.Create(0UL, i, c, start));
                    continue;
                }
                RayHit? hit = c.Placed.Raycast(start.x, start.y, d.x, d.y, len);
                if (hit.HasValue)
                    expected.Add(Tuple.Create(hit.Value.Step, i, c, UnityMasks.ToVector2Int(hit.Value.Pixel)));
            }
            expected = expected.OrderBy(e => e.Item1).ThenBy(e => e.Item2).ToList();
            string wantHits = string.Join(",", expected.Select(e => e.Item3.name + "@" + e.Item4 + "#" + e.Item1));
            PixelRaycastHit[] all = w.RaycastAll(origin, dir, dist, mask);
            expect("RaycastAll " + origin.x + "," + origin.y + " dir " + dir.x + "," + dir.y + " len " + dist + ": want " +
                wantHits + " got " + Names(all), Names(all) == wantHits);
            PixelRaycastHit first = w.Raycast(origin, dir, dist, mask);
            expect("Raycast = the nearest", expected.Count == 0 ? !first
                : first && first.collider == expected[0].Item3 && first.pixel.Equals(expected[0].Item4));
            n = w.RaycastNonAlloc(origin, dir, hitBuffer, dist, mask);
            expect("RaycastNonAlloc", n == Math.Min(2, expected.Count) && Names(hitBuffer.Take(n)) == Names(all.Take(n)));
            foreach (PixelRaycastHit h in all)
            {
                expect("hit point is the pixel's centre", h.point.x == (float)((h.pixel.x + 0.5) / ppu)
                    && h.point.y == (float)((h.pixel.y + 0.5) / ppu));
                double px = h.pixel.x - start.x, py = h.pixel.y - start.y;
                expect("hit distance", Math.Abs(h.pixelDistance - Math.Sqrt(px * px + py * py)) < 1e-9
                    && h.distance == (float)(h.pixelDistance / ppu));
            }
            rays++;
            if (expected.Count > 0) rayHits++;

            // Lines: the first solid pixel of each collider on the path between the end pixels (written here).
            var s0 = new Vector2(coord(), coord());
            var s1 = rng.Next(6) == 0 ? s0 : somewhere();
            Vector2Int ps0 = UnityMasks.PointPixel(s0, ppu), ps1 = UnityMasks.PointPixel(s1, ppu);
            List<Vector2Int> path = PathPixels(ps0, ps1);
            var lineWant = new List<Tuple<int, int, SpriteCollider, Vector2Int>>();
            for (int i = 0; i < order.Count; i++)
            {
                SpriteCollider c = order[i];
                if (!InMask(c, mask)) continue;
                int at = path.FindIndex(q => c.Placed.SolidAt(q.x, q.y));
                if (at >= 0) lineWant.Add(Tuple.Create(at, i, c, path[at]));
            }
            lineWant = lineWant.OrderBy(e => e.Item1).ThenBy(e => e.Item2).ToList();
            string wantLine = string.Join(",", lineWant.Select(e => e.Item3.name + "@" + e.Item4 + "#" + e.Item1));
            PixelRaycastHit[] lineAll = w.LinecastAll(s0, s1, mask);
            expect("LinecastAll " + ps0 + "->" + ps1 + ": want " + wantLine + " got " + Names(lineAll), Names(lineAll) == wantLine);
            PixelRaycastHit lf = w.Linecast(s0, s1, mask);
            expect("Linecast = the nearest", lineWant.Count == 0 ? !lf : lf && lf.collider == lineWant[0].Item3);
            n = w.LinecastNonAlloc(s0, s1, hitBuffer, mask);
            expect("LinecastNonAlloc", n == Math.Min(2, lineWant.Count) && Names(hitBuffer.Take(n)) == Names(lineAll.Take(n)));
            if (lf && !ps0.Equals(ps1))
            {
                double full = Math.Sqrt(Math.Pow(ps1.x - ps0.x, 2) + Math.Pow(ps1.y - ps0.y, 2));
                expect("Linecast fraction", Math.Abs(lf.fraction - lf.pixelDistance / full) < 1e-6);
            }
            lines++;
            if (lineWant.Count > 0) lineHits++;

            // Colliders.
            SpriteCollider probe = order[rng.Next(order.Count)];
            want = order.Where(c => c != probe && InMask(c, mask) && c.Collides(probe)).ToList();
            expect("OverlapColliderAll " + probe.name, Names(w.OverlapColliderAll(probe, mask)) == Names(want));
            n = w.OverlapCollider(probe, buffer, mask);
            expect("OverlapCollider", n == Math.Min(3, want.Count) && Names(buffer.Take(n)) == Names(want.Take(n)));
            overlaps++;

            // Move and slide: as SpriteCollider.MoveWithSlide against the list of the mask's colliders.
            SpriteCollider mover = order[rng.Next(order.Count)];
            var motion = new Vector2Int(rng.Next(-40, 41), rng.Next(-40, 41));
            uint stepUp = (uint)rng.Next(0, 4);
            ColliderMove got = w.MoveWithSlide(mover, motion, mask, stepUp);
            ColliderMove wantMove = mover.MoveWithSlide(order.Where(c => InMask(c, mask)).ToArray(), motion, stepUp);
            expect("MoveWithSlide " + mover.name + " by " + motion, got.Moved.Equals(wantMove.Moved)
                && got.BlockedX == wantMove.BlockedX && got.BlockedY == wantMove.BlockedY && got.Grounded == wantMove.Grounded
                && got.StartedInside == wantMove.StartedInside && got.Climbed == wantMove.Climbed
                && got.WorldDelta.x == wantMove.WorldDelta.x && got.WorldDelta.y == wantMove.WorldDelta.y);
            moves++;
            if (got.BlockedX || got.BlockedY || got.StartedInside) blocked++;
        }
        foreach (string f in failures) Console.WriteLine("     mismatch: " + f);
        Check("scene " + seed + " (" + count + " colliders, " + ppu + " px/unit, quarter turns, layers 0/1/2/3/8): " +
            points + " points, " + boxes + " areas and boxes, " + turned + " turned boxes, " + rays + " rays, " + lines +
            " lines, " + overlaps + " collider overlaps, " + moves + " moves match the oracles (" + compared +
            " comparisons, " + bad + " mismatches; non-empty: " + pointHits + " points, " + boxHits + " boxes, " + rayHits +
            " rays, " + lineHits + " lines; " + blocked + " moves blocked)",
            bad == 0);
        UnityEngine.Frame.Reset();
    }

    static void QueryAllocations()
    {
        MethodInfo allocated = typeof(GC).GetMethod("GetAllocatedBytesForCurrentThread", BindingFlags.Public | BindingFlags.Static);
        Check("GC.GetAllocatedBytesForCurrentThread is there to measure allocations", allocated != null);
        if (allocated == null) return;
        var colliders = new List<SpriteCollider>();
        for (int k = 0; k < 20; k++)
            colliders.Add(QueryCollider("a" + k, 6, 6, (x, y) => (x + y) % 3 != 0, (k % 5) * 4, (k / 5) * 4, 1, k % 4, k % 4));
        var w = QueryWorld(1);
        w.Step();
        var results = new SpriteCollider[8];
        var hits = new PixelRaycastHit[8];
        SpriteCollider mover = colliders[7];
        var each = new Action[]
        {
            () => w.OverlapPoint(new Vector2(5.5f, 5.5f)),
            () => w.OverlapPointNonAlloc(new Vector2(5.5f, 5.5f), results),
            () => w.OverlapAreaNonAlloc(new Vector2(0, 0), new Vector2(12, 12), results),
            () => w.OverlapBoxNonAlloc(new Vector2(6, 6), new Vector2(8, 4), 90, results),
            () => w.OverlapCollider(mover, results),
            () => w.Raycast(new Vector2(-3, 2.5f), new Vector2(1, 0.3f)),
            () => w.RaycastNonAlloc(new Vector2(-3, 2.5f), new Vector2(1, 0.3f), hits),
            () => w.Linecast(new Vector2(-3, 2.5f), new Vector2(30, 9)),
            () => w.LinecastNonAlloc(new Vector2(-3, 2.5f), new Vector2(30, 9), hits),
            () => w.MoveWithSlide(mover, new Vector2Int(9, -7), PixelWorld.AllLayers, 2),
        };
        var get = (Func<long>)Delegate.CreateDelegate(typeof(Func<long>), allocated);
        string[] what = { "OverlapPoint", "OverlapPointNonAlloc", "OverlapAreaNonAlloc", "OverlapBoxNonAlloc at 90",
            "OverlapCollider", "Raycast", "RaycastNonAlloc", "Linecast", "LinecastNonAlloc", "MoveWithSlide" };
        Action nothing = () => { };
        nothing();
        long n0 = get();
        for (int i = 0; i < 50; i++) nothing();
        Console.WriteLine("     the measurement's own noise: " + (get() - n0) + " bytes");
        for (int q = 0; q < each.Length; q++)
        {
            each[q]();
            each[q]();
            long b0 = get();
            for (int i = 0; i < 50; i++) each[q]();
            long used = get() - b0;
            Equal(what[q] + ": 50 calls in steady state allocate no bytes", 0L, used);
        }
        Action run = () =>
        {
            w.OverlapPoint(new Vector2(5.5f, 5.5f));
            w.OverlapPointNonAlloc(new Vector2(5.5f, 5.5f), results);
            w.OverlapAreaNonAlloc(new Vector2(0, 0), new Vector2(12, 12), results);
            w.OverlapBoxNonAlloc(new Vector2(6, 6), new Vector2(8, 4), 90, results);
            w.OverlapCollider(mover, results);
            w.Raycast(new Vector2(-3, 2.5f), new Vector2(1, 0.3f));
            w.RaycastNonAlloc(new Vector2(-3, 2.5f), new Vector2(1, 0.3f), hits);
            w.Linecast(new Vector2(-3, 2.5f), new Vector2(30, 9));
            w.LinecastNonAlloc(new Vector2(-3, 2.5f), new Vector2(30, 9), hits);
            w.MoveWithSlide(mover, new Vector2Int(9, -7), PixelWorld.AllLayers, 2);
        };
        for (int i = 0; i < 3; i++) run();
        long before = get();
        for (int i = 0; i < 100; i++) run();
        long bytes = get() - before;
        Equal("100 rounds of every allocation-free query (point, area, box, collider, ray, line, move) allocate no bytes",
            0L, bytes);
        UnityEngine.Frame.Reset();
    }
}
