// Tests of the PixelWorld component (bindings/unity/Runtime/Unity/PixelWorld.cs) under Mono against the
// UnityEngine stand-in: joining and leaving, Enter/Stay/Exit sequences, contact data, layers, rotated and
// baked colliders, and random scenes against a brute-force oracle (every pair of joined colliders through
// SpriteCollider.Collides and the layer matrix). Part of PerPixelTests.exe.
using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using PerPixel;
using PerPixel.Unity;
using UnityEngine;

static partial class Tests
{
    /// Runs a Unity message (OnEnable, OnDisable, ...) the way Unity would.
    static void Message(object component, string name)
    {
        MethodInfo m = component.GetType().GetMethod(name, BindingFlags.Instance | BindingFlags.NonPublic);
        m.Invoke(component, null);
    }

    /// Records every event a collider gets as "Enter a<-b" lines.
    static void Listen(SpriteCollider c, List<string> log)
    {
        c.OnPixelCollisionEnter += e => log.Add("Enter " + c.name + "<-" + e.Other.name);
        c.OnPixelCollisionStay += e => log.Add("Stay " + c.name + "<-" + e.Other.name);
        c.OnPixelCollisionExit += e => log.Add("Exit " + c.name + "<-" + e.Other.name);
    }

    static string Drain(List<string> log)
    {
        string s = string.Join(", ", log.OrderBy(x => x, StringComparer.Ordinal));
        log.Clear();
        return s;
    }

    static void PixelWorlds()
    {
        PixelWorldEvents();
        PixelWorldRandom(7);
        PixelWorldRandom(42);
    }

    static void PixelWorldEvents()
    {
        var log = new List<string>();
        var a = AlphaCollider("a", 4, 4, (x, y) => true, 0, 0);
        var b = AlphaCollider("b", 4, 4, (x, y) => true, 10, 0);
        Listen(a, log);
        Listen(b, log);
        Message(a, "OnEnable");
        Check("a collider enabled before any world waits", a.JoinedWorld == null && PixelWorld.Main == null);
        var world = new GameObject("world").AddComponent<PixelWorld>();
        Message(world, "OnEnable");
        Check("the first enabled world is Main and adopts the waiting collider", PixelWorld.Main == world
            && a.JoinedWorld == world && world.ColliderCount == 1);
        Message(b, "OnEnable");
        Equal("b joins on enable", 2, world.ColliderCount);
        world.Step();
        Equal("apart: no events", "", Drain(log));
        Equal("nothing moved: no uploads", 0, world.LastMoveCount);

        b.transform.position = new Vector3(3, 0, 0);
        PixelContact contact = default(PixelContact);
        Action<PixelCollision> grab = e => contact = e.GetContact();
        b.OnPixelCollisionEnter += grab;
        world.Step();
        Equal("b moved onto a: Enter on both", "Enter a<-b, Enter b<-a", Drain(log));
        Equal("one collider uploaded", 1, world.LastMoveCount);
        Check("contact data on request (b's view): touching at (3, 0), area 4", contact.Touching
            && contact.Point.x == 3 && contact.Point.y == 0 && contact.Area == 4);
        Check("b's push-out: one pixel right, out of a", contact.HasPushOut && contact.PushOut.x == 1 && contact.PushOut.y == 0);
        Check("the normal points from a towards b", contact.HasNormal && contact.Normal.x > 0);
        b.OnPixelCollisionEnter -= grab;
        world.Step();
        Equal("still touching: Stay on both", "Stay a<-b, Stay b<-a", Drain(log));
        world.Step();
        Equal("and again", "Stay a<-b, Stay b<-a", Drain(log));

        // Sub-pixel positions by floor(v + 0.5): 3.5 -> 4 (edges touch: apart), 3.49 -> 3.
        b.transform.position = new Vector3(3.5f, 0, 0);
        world.Step();
        Equal("b at x 3.5 is pixel 4: Exit on both", "Exit a<-b, Exit b<-a", Drain(log));
        BodyId bid;
        Check("BodyOf and ColliderOf", world.BodyOf(b, out bid) && world.ColliderOf(bid) == b);
        BodyInfo info = world.World.GetBody(bid);
        using (info.Sprite.Mask) Equal("the body is at pixel 4", 4, info.Sprite.X);
        b.transform.position = new Vector3(3.49f, 0, 0);
        world.Step();
        Equal("b at x 3.49 is pixel 3: Enter", "Enter a<-b, Enter b<-a", Drain(log));

        // Layers: b on layer 8, then layers 0 and 8 ignore each other.
        b.gameObject.layer = 8;
        world.Step();
        Equal("another layer that collides: Stay", "Stay a<-b, Stay b<-a", Drain(log));
        world.IgnoreLayerCollision(0, 8);
        Check("GetIgnoreLayerCollision both ways", world.GetIgnoreLayerCollision(0, 8) && world.GetIgnoreLayerCollision(8, 0)
            && !world.GetIgnoreLayerCollision(0, 0));
        world.Step();
        Equal("layers 0 and 8 ignore each other: Exit", "Exit a<-b, Exit b<-a", Drain(log));
        Equal("the layer's filter", new Filter(1UL << 8, 0xFFFFFFFEUL), world.LayerFilter(8));
        world.IgnoreLayerCollision(0, 8, false);
        world.Step();
        Equal("they collide again: Enter", "Enter a<-b, Enter b<-a", Drain(log));

        // Leaving while touching: Exit at the next step, with the collider that left.
        Message(b, "OnDisable");
        Check("b left", b.JoinedWorld == null && world.ColliderCount == 1);
        world.Step();
        Equal("b disabled: Exit on both", "Exit a<-b, Exit b<-a", Drain(log));
        world.Step();
        Equal("then nothing", "", Drain(log));
        Message(b, "OnEnable");
        world.Step();
        Equal("b enabled again: Enter", "Enter a<-b, Enter b<-a", Drain(log));

        // pixelCollision toggled: the body is remade, the pair exits and enters again.
        b.pixelCollision = false;
        world.Step();
        Equal("pixelCollision off: Exit and Enter again", "Enter a<-b, Enter b<-a, Exit a<-b, Exit b<-a", Drain(log));
        b.pixelCollision = true;

        // A rotated collider (an L turned a quarter) and a baked one.
        var el = AlphaCollider("el", 6, 3, (x, y) => y == 0 || x == 0, 20, 20);
        el.transform.rotation = Quaternion.Euler(0, 0, 90);
        Listen(el, log);
        Message(el, "OnEnable");
        BodyId elId;
        world.BodyOf(el, out elId);
        PlacedSprite placed = el.Placed;
        BodyInfo elInfo = world.World.GetBody(elId);
        using (elInfo.Sprite.Mask)
            Check("a turned collider's body is its transformed mask", elInfo.Sprite.X == placed.X && elInfo.Sprite.Y == placed.Y
                && elInfo.Sprite.Mask.Count == placed.Mask.Count && elInfo.Sprite.Mask.Width == placed.Mask.Width
                && placed.Mask.Width == 3);
        world.Step();
        Drain(log);
        using (Mask solid = Mask.Create(4, 4, true))
        {
            var baked = AlphaCollider("baked", 4, 4, (x, y) => false, 0, 0);
            baked.bakedMask = new TextAsset("baked.bytes", solid.ToBaked());
            baked.transform.position = new Vector3(1, 1, 0);
            Listen(baked, log);
            Message(baked, "OnEnable");
            world.Step();
            Equal("a baked mask (its texture clear) collides by its baked pixels",
                "Enter a<-baked, Enter b<-baked, Enter baked<-a, Enter baked<-b, Stay a<-b, Stay b<-a", Drain(log));
            Message(baked, "OnDisable");
            world.Step();
            Drain(log);
        }

        // Disabling the world: colliders wait and join again.
        Message(world, "OnDisable");
        Check("world disabled: no Main, colliders out", PixelWorld.Main == null && a.JoinedWorld == null && world.World == null);
        Message(world, "OnEnable");
        Check("enabled again: they join", a.JoinedWorld == world && world.ColliderCount == 3);
        world.Step();
        Equal("the first step of the new world: Enter again",
            "Enter a<-b, Enter b<-a", Drain(log));
        foreach (var c in new[] { a, b, el }) Message(c, "OnDisable");
        Message(world, "OnDestroy");
        Check("all gone", PixelWorld.Main == null && PixelWorld.s_waiting.Count == 0);
    }

    /// Random scenes: the events each collider got, replayed into a set of touching pairs, against every pair of
    /// joined colliders through SpriteCollider.Collides and the layer rule.
    static void PixelWorldRandom(int seed)
    {
        var rng = new System.Random(seed);
        var world = new GameObject("world" + seed).AddComponent<PixelWorld>();
        Message(world, "OnEnable");
        world.IgnoreLayerCollision(8, 9);
        var colliders = new List<SpriteCollider>();
        var touching = new HashSet<string>();
        int wrongEvents = 0, wrongPairs = 0, steps = 0, seen = 0, uploads = 0;
        string firstWrong = null;
        for (int i = 0; i < 9; i++)
        {
            int w = rng.Next(3, 13), h = rng.Next(3, 13);
            var bits = new bool[w * h];
            for (int k = 0; k < bits.Length; k++) bits[k] = rng.Next(3) != 0;
            var c = AlphaCollider("c" + i, w, h, (x, y) => bits[y * w + x], rng.Next(0, 16), rng.Next(0, 16));
            c.gameObject.layer = new[] { 0, 8, 9 }[rng.Next(3)];
            SpriteCollider self = c;
            c.OnPixelCollisionEnter += e => touching.Add(Key(self, e.Other));
            c.OnPixelCollisionStay += e => { if (!touching.Contains(Key(self, e.Other))) wrongEvents++; };
            c.OnPixelCollisionExit += e => { touching.Remove(Key(self, e.Other)); };
            colliders.Add(c);
        }
        var joined = new HashSet<SpriteCollider>();
        for (int step = 0; step < 60; step++)
        {
            foreach (SpriteCollider c in colliders)
            {
                int r = rng.Next(10);
                if (r < 4)
                {
                    // A step, pulled back towards the middle so the scene stays crowded.
                    Vector3 at = c.transform.position;
                    float x = at.x + rng.Next(-4, 5) * 0.75f, y = at.y + rng.Next(-4, 5) * 0.5f;
                    if (x < 0 || x > 20) x = 10;
                    if (y < 0 || y > 20) y = 10;
                    c.transform.position = new Vector3(x, y, 0);
                }
                else if (r == 4)
                {
                    if (joined.Contains(c)) { Message(c, "OnDisable"); joined.Remove(c); }
                    else { Message(c, "OnEnable"); joined.Add(c); }
                }
                else if (r == 5)
                {
                    c.transform.rotation = Quaternion.Euler(0, 0, rng.Next(8) * 45);
                }
                else if (r == 6) c.gameObject.layer = new[] { 0, 8, 9 }[rng.Next(3)];
            }
            world.Step();
            steps++;
            uploads += world.LastMoveCount;
            var want = new HashSet<string>();
            var list = joined.ToList();
            for (int i = 0; i < list.Count; i++)
                for (int j = i + 1; j < list.Count; j++)
                {
                    SpriteCollider p = list[i], q = list[j];
                    if (!world.LayerFilter(p.gameObject.layer).Allows(world.LayerFilter(q.gameObject.layer))) continue;
                    if (p.Collides(q)) want.Add(Key(p, q));
                }
            seen += want.Count;
            if (!want.SetEquals(touching))
            {
                wrongPairs++;
                if (firstWrong == null) firstWrong = "step " + step + ": events say " + string.Join(" ", touching.OrderBy(x => x))
                    + ", oracle " + string.Join(" ", want.OrderBy(x => x));
            }
        }
        if (firstWrong != null) Console.WriteLine("     first difference: " + firstWrong);
        Equal("PixelWorld seed " + seed + ": " + steps + " steps, the touching pairs from Enter/Exit match the oracle", 0, wrongPairs);
        Equal("PixelWorld seed " + seed + ": no Stay without Enter", 0, wrongEvents);
        Check("PixelWorld seed " + seed + ": pairs to compare (" + seen + ") and batched uploads (" + uploads + ")", seen > 30 && uploads > 60);
        foreach (SpriteCollider c in joined) Message(c, "OnDisable");
        Message(world, "OnDestroy");
    }

    /// Both colliders' names, in order, once per pair; each event arrives on both, so a set keyed this way holds a
    /// pair once.
    static string Key(SpriteCollider a, SpriteCollider b)
    {
        return string.CompareOrdinal(a.name, b.name) < 0 ? a.name + "|" + b.name : b.name + "|" + a.name;
    }
}
