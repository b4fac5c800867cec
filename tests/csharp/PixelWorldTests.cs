// Tests of the PixelWorld component (bindings/unity/Runtime/Unity/PixelWorld.cs) driven as a Unity scene
// drives it, against the UnityEngine stand-in (AddComponent runs OnEnable, SetActive and Destroy run
// OnDisable, exceptions in messages are logged, Frame.Step() is one frame whose LateUpdate runs the
// world's Step): the event contract (every Enter followed by exactly one Exit, nothing doubled or lost,
// handlers that disable, destroy and throw, colliders that cannot be placed or join late, the world
// switched off and on), contact data, layers (the package's matrix and Physics2D's), Unity messages, and
// random scenes over many frames checked against an all-pairs oracle. Part of PerPixelTests.exe.
using System;
using System.Collections.Generic;
using System.Linq;
using PerPixel;
using PerPixel.Unity;
using UnityEngine;

static partial class Tests
{
    /// Records every event a collider gets as "Enter a<-b" lines.
    static void Listen(SpriteCollider c, List<string> log)
    {
        string me = c.name;
        c.OnPixelCollisionEnter += e => log.Add("Enter " + me + "<-" + e.OtherName);
        c.OnPixelCollisionStay += e => log.Add("Stay " + me + "<-" + e.OtherName);
        c.OnPixelCollisionExit += e => log.Add("Exit " + me + "<-" + e.OtherName);
    }

    static string Drain(List<string> log)
    {
        string s = string.Join(", ", log.OrderBy(x => x, StringComparer.Ordinal));
        log.Clear();
        return s;
    }

    /// A fresh scene: every object of the earlier tests destroyed, the log and Physics2D's matrix cleared.
    static void FreshScene()
    {
        Frame.Reset();
        UnityEngine.Debug.Warnings.Clear();
        UnityEngine.Debug.Exceptions.Clear();
        for (int a = 0; a < 32; a++)
            for (int b = 0; b < 32; b++) Physics2D.IgnoreLayerCollision(a, b, false);
    }

    static PixelWorld NewWorld(string name)
    {
        return new GameObject(name).AddComponent<PixelWorld>();
    }

    /// A fresh scene with one PixelWorld, and the log its colliders' events will go to.
    static PixelWorld NewScene(out List<string> log)
    {
        FreshScene();
        log = new List<string>();
        return NewWorld("world");
    }

    /// A fully solid w x h collider at (x, y) whose events go to log.
    static SpriteCollider Solid(string name, int w, int h, float x, float y, List<string> log)
    {
        var c = AlphaCollider(name, w, h, (i, j) => true, x, y);
        Listen(c, log);
        return c;
    }

    static void PixelWorlds()
    {
        PixelWorldEvents();
        PixelWorldDisableInHandler();
        PixelWorldThrowingHandlers();
        PixelWorldPlacementFailures();
        PixelWorldLateJoiners();
        PixelWorldOffAndOn();
        PixelWorldBodyChanges();
        PixelWorldDestroyed();
        PixelWorldMessages();
        PixelWorldLayers();
        PixelWorldTransforms();
        PixelWorldMotion();
        PixelWorldAllocations();
        PixelWorldScene(7, false);
        PixelWorldScene(42, true);
        PixelWorldScene(1234, true);
        FreshScene();
    }

    static void PixelWorldEvents()
    {
        FreshScene();
        var log = new List<string>();
        var a = Solid("a", 4, 4, 0, 0, log);
        var b = Solid("b", 4, 4, 10, 0, log);
        Check("a collider enabled before any world waits", a.JoinedWorld == null && PixelWorld.Main == null);
        var world = NewWorld("world");
        Check("the first enabled world is Main and adopts the waiting colliders", PixelWorld.Main == world
            && a.JoinedWorld == world && b.JoinedWorld == world && world.ColliderCount == 2 && world.PlacedCount == 2);
        world.Step();
        Equal("apart: no events", "", Drain(log));
        Equal("nothing moved: no uploads", 0, world.LastMoveCount);

        b.transform.position = new Vector3(3, 0, 0);
        PixelContact contact = default(PixelContact);
        bool got = false;
        Action<PixelCollision> grab = e => got = e.TryGetContact(out contact);
        b.OnPixelCollisionEnter += grab;
        world.Step();
        Equal("b moved onto a: Enter on both", "Enter a<-b, Enter b<-a", Drain(log));
        Equal("one collider uploaded", 1, world.LastMoveCount);
        Check("contact data on request (b's view): touching at (3, 0), area 4", got && contact.Touching
            && contact.Point.x == 3 && contact.Point.y == 0 && contact.Area == 4);
        Check("b's push-out: one pixel right, out of a", contact.HasPushOut && contact.PushOut.x == 1 && contact.PushOut.y == 0);
        Check("the normal points from a towards b", contact.HasNormal && contact.Normal.x > 0);
        b.OnPixelCollisionEnter -= grab;
        world.Step();
        Equal("still touching: Stay on both", "Stay a<-b, Stay b<-a", Drain(log));
        Frame.Step();
        Equal("a frame: the world steps in LateUpdate", "Stay a<-b, Stay b<-a", Drain(log));
        var late = new GameObject("late mover").AddComponent<LateMover>();
        late.Target = b;
        late.To = new Vector3(20, 0, 0);
        Frame.Step();
        Equal("a script made after the world moves b in its LateUpdate: the same frame's step sees it "
            + "(PixelWorld's execution order " + PixelWorld.ExecutionOrder + ")", "Exit a<-b, Exit b<-a", Drain(log));
        UnityEngine.Object.DestroyImmediate(late.gameObject);
        b.transform.position = new Vector3(3, 0, 0);
        world.Step();
        Drain(log);

        // Sub-pixel positions: 3.5 -> 4 (edges touch: apart), 3.49 -> 3.
        b.transform.position = new Vector3(3.5f, 0, 0);
        world.Step();
        Equal("b at x 3.5 is pixel 4: Exit on both", "Exit a<-b, Exit b<-a", Drain(log));
        BodyId bid;
        Check("BodyOf and ColliderOf", world.BodyOf(b, out bid) && world.ColliderOf(bid) == b && world.Contains(b));
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
        Equal("the layer's filter: its category, the layers it collides with and the query bit",
            new Filter(1UL << 8, 0xFFFFFFFEUL | PixelWorld.QueryBit), world.LayerFilter(8));
        world.IgnoreLayerCollision(0, 8, false);
        world.Step();
        Equal("they collide again: Enter", "Enter a<-b, Enter b<-a", Drain(log));

        // Leaving while touching: Exit at the next step, on both sides.
        b.enabled = false;
        Check("b left", b.JoinedWorld == null && world.ColliderCount == 1 && !world.Contains(b));
        world.Step();
        Equal("b disabled: Exit on both", "Exit a<-b, Exit b<-a", Drain(log));
        world.Step();
        Equal("then nothing", "", Drain(log));
        b.enabled = true;
        world.Step();
        Equal("b enabled again: Enter", "Enter a<-b, Enter b<-a", Drain(log));

        // pixelCollision toggled: the body is remade, the pair is the same: Stay.
        b.pixelCollision = false;
        world.Step();
        Equal("pixelCollision off while touching: Stay (the pair is the colliders)", "Stay a<-b, Stay b<-a", Drain(log));
        b.pixelCollision = true;
        world.Step();
        Equal("and on again: Stay", "Stay a<-b, Stay b<-a", Drain(log));

        // A rotated collider (an L turned a quarter) and a baked one.
        var el = AlphaCollider("el", 6, 3, (x, y) => y == 0 || x == 0, 20, 20);
        el.transform.rotation = Quaternion.Euler(0, 0, 90);
        Listen(el, log);
        world.Step();
        BodyId elId;
        world.BodyOf(el, out elId);
        PlacedSprite placed = el.Placed;
        BodyInfo elInfo = world.World.GetBody(elId);
        using (elInfo.Sprite.Mask)
            Check("a turned collider's body is its transformed mask", elInfo.Sprite.X == placed.X && elInfo.Sprite.Y == placed.Y
                && elInfo.Sprite.Mask.Count == placed.Mask.Count && elInfo.Sprite.Mask.Width == placed.Mask.Width
                && placed.Mask.Width == 3 && placed.Mask.Count == 8);
        Drain(log);
        using (Mask solid = Mask.Create(4, 4, true))
        {
            var baked = AlphaCollider("baked", 4, 4, (x, y) => false, 1, 1);
            baked.bakedMask = new TextAsset("baked.bytes", solid.ToBaked());
            Listen(baked, log);
            world.Step();
            Equal("a baked mask (its texture clear) collides by its baked pixels",
                "Enter a<-baked, Enter b<-baked, Enter baked<-a, Enter baked<-b, Stay a<-b, Stay b<-a", Drain(log));
            baked.gameObject.SetActive(false);
            world.Step();
            Equal("SetActive(false): Exit on both sides, the inactive one too",
                "Exit a<-baked, Exit b<-baked, Exit baked<-a, Exit baked<-b, Stay a<-b, Stay b<-a", Drain(log));
        }
        Equal("no warnings, no exceptions", "0 0", UnityEngine.Debug.Warnings.Count + " " + UnityEngine.Debug.Exceptions.Count);
    }

    /// Issue 29: a collider disabled inside an Enter handler never got its Exit, on either side.
    static void PixelWorldDisableInHandler()
    {
        var world = NewScene(out var log);
        var a = Solid("a", 4, 4, 0, 0, log);
        var b = Solid("b", 4, 4, 10, 0, log);
        var c = Solid("c", 4, 4, 20, 0, log);
        world.Step();
        Action<PixelCollision> disableMe = e => e.Collider.gameObject.SetActive(false);
        a.OnPixelCollisionEnter += disableMe;
        b.transform.position = new Vector3(2, 0, 0);
        world.Step();
        Equal("Enter on both, a deactivates itself in its handler: b still gets its Enter", "Enter a<-b, Enter b<-a", Drain(log));
        Check("a left the world", !world.Contains(a) && world.ContactCount == 1);
        world.Step();
        Equal("the next step: Exit on both sides, a (inactive) too", "Exit a<-b, Exit b<-a", Drain(log));
        world.Step();
        Equal("then nothing", "", Drain(log));
        a.OnPixelCollisionEnter -= disableMe;

        // The other side disabled, by its component, inside b's Enter; c touches b too.
        a.gameObject.SetActive(true);
        c.transform.position = new Vector3(4, 0, 0);
        Action<PixelCollision> disableOther = e => { if (e.Other != null) e.Other.enabled = false; };
        b.OnPixelCollisionEnter += disableOther;
        world.Step();
        Equal("b disables whoever it meets: both Enters still arrive",
            "Enter a<-b, Enter b<-a, Enter b<-c, Enter c<-b", Drain(log));
        b.OnPixelCollisionEnter -= disableOther;
        world.Step();
        Equal("their Exits come at the next step, on both sides", "Exit a<-b, Exit b<-a, Exit b<-c, Exit c<-b", Drain(log));
        Equal("nothing touches now", 0, world.ContactCount);
    }

    /// Issue 29: one handler that throws lost every other event of the step, and the next step reported Stay
    /// for pairs that never got their Enter.
    static void PixelWorldThrowingHandlers()
    {
        var world = NewScene(out var log);
        var a = Solid("a", 4, 4, 0, 0, log);
        Action<PixelCollision> boom = e => { throw new InvalidOperationException("handler bug on " + e.Collider.name); };
        a.OnPixelCollisionEnter += boom;
        a.OnPixelCollisionStay += boom;
        var others = new List<SpriteCollider>();
        for (int i = 0; i < 4; i++)
        {
            var o = AlphaCollider("o" + i, 4, 4, (x, y) => true, 10 + 10 * i, 0);
            Listen(o, log);
            others.Add(o);
        }
        world.Step();
        foreach (var o in others) o.transform.position = new Vector3(1, 0, 0);
        world.Step();
        Equal("a's first subscriber throws on Enter: every event still arrives, a's other subscriber too",
            "Enter a<-o0, Enter a<-o1, Enter a<-o2, Enter a<-o3, Enter o0<-a, Enter o0<-o1, Enter o0<-o2, Enter o0<-o3, "
            + "Enter o1<-a, Enter o1<-o0, Enter o1<-o2, Enter o1<-o3, Enter o2<-a, Enter o2<-o0, Enter o2<-o1, Enter o2<-o3, "
            + "Enter o3<-a, Enter o3<-o0, Enter o3<-o1, Enter o3<-o2", Drain(log));
        Equal("each throw logged through Debug.LogException", 4, UnityEngine.Debug.Exceptions.Count);
        Check("the logged exception is the handler's", UnityEngine.Debug.Exceptions[0].Message.StartsWith("handler bug on a"));
        world.Step();
        string stays = Drain(log);
        Check("the next step: Stay for exactly the pairs that got Enter (" + stays.Split(',').Length + ")",
            stays.Split(',').Length == 20 && !stays.Contains("Enter") && !stays.Contains("Exit"));
        Equal("and 4 more logged", 8, UnityEngine.Debug.Exceptions.Count);
        a.OnPixelCollisionEnter -= boom;
        a.OnPixelCollisionStay -= boom;
        foreach (var o in others) o.transform.position = new Vector3(30, 30, 0);
        world.Step();
        Equal("all apart: 8 Exits (a's with each, on both sides) and the others still together",
            "Exit a<-o0, Exit a<-o1, Exit a<-o2, Exit a<-o3, Exit o0<-a, Exit o1<-a, Exit o2<-a, Exit o3<-a",
            string.Join(", ", log.Where(x => x.StartsWith("Exit")).OrderBy(x => x, StringComparer.Ordinal)));
        log.Clear();
    }

    /// Issue 29: one collider whose placement fails stopped all events that frame and left the world out of
    /// step with the colliders.
    static void PixelWorldPlacementFailures()
    {
        var world = NewScene(out var log);
        var a = AlphaCollider("a", 4, 4, (x, y) => true, 0, 0);
        var b = AlphaCollider("b", 4, 4, (x, y) => true, 2, 0);
        var bad = AlphaCollider("bad", 4, 4, (x, y) => true, 1, 0);
        var c = AlphaCollider("c", 4, 4, (x, y) => true, 40, 0);
        var d = AlphaCollider("d", 4, 4, (x, y) => true, 50, 0);
        foreach (var s in new[] { a, b, bad, c, d }) Listen(s, log);
        world.Step();
        Equal("a, b and bad overlap", "Enter a<-b, Enter a<-bad, Enter b<-a, Enter b<-bad, Enter bad<-a, Enter bad<-b", Drain(log));
        Sprite sprite = bad.sprite;
        var breakers = new List<KeyValuePair<string, Action>>
        {
            new KeyValuePair<string, Action>("a NaN position", () => bad.transform.position = new Vector3(float.NaN, 0, 0)),
            new KeyValuePair<string, Action>("a position of 3e9 pixels", () => bad.transform.position = new Vector3(3e9f, 0, 0)),
            new KeyValuePair<string, Action>("a scale of 0", () => bad.transform.localScale = new Vector3(0, 1, 1)),
            new KeyValuePair<string, Action>("its sprite set to null", () => bad.sprite = null),
            new KeyValuePair<string, Action>("a layer outside 0-31", () => bad.gameObject.layer = 40),
        };
        foreach (var breaker in breakers)
        {
            UnityEngine.Debug.Warnings.Clear();
            breaker.Value();
            // Meanwhile c moves onto d: their events must not be held up by bad.
            c.transform.position = new Vector3(49, 0, 0);
            world.Step();
            Equal(breaker.Key + ": bad's pairs exit, c and d still Enter, a and b still Stay",
                "Enter c<-d, Enter d<-c, Exit a<-bad, Exit b<-bad, Exit bad<-a, Exit bad<-b, Stay a<-b, Stay b<-a", Drain(log));
            Check(breaker.Key + ": one warning naming the collider: " + string.Join(" | ", UnityEngine.Debug.Warnings),
                UnityEngine.Debug.Warnings.Count == 1 && UnityEngine.Debug.Warnings[0].Contains("'bad'"));
            Check(breaker.Key + ": still registered, without a body", world.Contains(bad) && !world.BodyOf(bad, out BodyId unused));
            c.transform.position = new Vector3(40, 0, 0);
            world.Step();
            world.Step();
            Equal(breaker.Key + ": no second warning while it stays broken; the others go on",
                "Exit c<-d, Exit d<-c, Stay a<-b, Stay a<-b, Stay b<-a, Stay b<-a", Drain(log));
            Equal(breaker.Key + ": one warning in all", 1, UnityEngine.Debug.Warnings.Count);
            // Repaired: it rejoins by itself and its pairs enter again.
            bad.transform.position = new Vector3(1, 0, 0);
            bad.transform.localScale = Vector3.one;
            bad.sprite = sprite;
            bad.gameObject.layer = 0;
            world.Step();
            Equal(breaker.Key + ": repaired, it rejoins: Enter with a and b",
                "Enter a<-bad, Enter b<-bad, Enter bad<-a, Enter bad<-b, Stay a<-b, Stay b<-a", Drain(log));
        }
        Equal("no exceptions logged", 0, UnityEngine.Debug.Exceptions.Count);
    }

    /// Issue 29: a collider that could not join in OnEnable (added before its sprite is set; enabled at scale 0
    /// for a pop-in tween) never joined.
    static void PixelWorldLateJoiners()
    {
        var world = NewScene(out var log);
        Solid("a", 4, 4, 0, 0, log);
        world.Step();
        // AddComponent runs OnEnable before the sprite is set, as in Unity.
        var go = new GameObject("late");
        go.transform.position = new Vector3(1, 1, 0);
        var late = go.AddComponent<SpriteCollider>();
        Check("added without a sprite: in the world, no body yet", world.Contains(late) && !world.BodyOf(late, out BodyId none));
        Listen(late, log);
        late.sprite = AlphaCollider("template", 3, 3, (x, y) => true, 100, 100).sprite;
        Frame.Step();
        Equal("its sprite set in the same frame: it joins at the step, Enter", "Enter a<-late, Enter late<-a", Drain(log));
        Equal("no warning for a collider set up before the step", 0, UnityEngine.Debug.Warnings.Count);

        // A pop-in: enabled at scale 0, grown over a few frames.
        var pop = Solid("pop", 4, 4, 2, 0, log);
        pop.gameObject.SetActive(false);
        pop.transform.localScale = new Vector3(0, 0, 1);
        pop.gameObject.SetActive(true);
        Frame.Step();
        Equal("at scale 0: not placed, a and late Stay", "Stay a<-late, Stay late<-a", Drain(log));
        Equal("one warning", 1, UnityEngine.Debug.Warnings.Count);
        pop.transform.localScale = new Vector3(0.5f, 0.5f, 1);
        Frame.Step();
        Equal("at half scale (2x2) it joins: Enter with a and late",
            "Enter a<-pop, Enter late<-pop, Enter pop<-a, Enter pop<-late, Stay a<-late, Stay late<-a", Drain(log));
        pop.transform.localScale = Vector3.one;
        Frame.Step();
        Equal("full scale: Stay",
            "Stay a<-late, Stay a<-pop, Stay late<-a, Stay late<-pop, Stay pop<-a, Stay pop<-late", Drain(log));
    }

    /// Issue 29: switching the PixelWorld off and on gave a second Enter with no Exit.
    static void PixelWorldOffAndOn()
    {
        var world = NewScene(out var log);
        var a = Solid("a", 4, 4, 0, 0, log);
        Solid("b", 4, 4, 2, 0, log);
        PixelContact inExit = default(PixelContact);
        bool exitGot = true;
        Action<PixelCollision> exitContact = e => { exitGot = e.TryGetContact(out inExit); inExit = e.GetContact(); };
        a.OnPixelCollisionExit += exitContact;
        world.Step();
        Equal("Enter", "Enter a<-b, Enter b<-a", Drain(log));
        world.enabled = false;
        Equal("the world switched off: Exit on both at once", "Exit a<-b, Exit b<-a", Drain(log));
        Check("GetContact in that Exit does not throw; TryGetContact says there is none (the world is going)",
            !exitGot && !inExit.Touching);
        Check("colliders wait", PixelWorld.Main == null && a.JoinedWorld == null && world.World == null
            && PixelWorld.s_waiting.Count == 2);
        world.Step();
        Equal("a switched-off world does nothing", "", Drain(log));
        world.enabled = true;
        Check("on again: they join", a.JoinedWorld == world && world.ColliderCount == 2);
        world.Step();
        Equal("Enter again (after its Exit)", "Enter a<-b, Enter b<-a", Drain(log));
        world.Step();
        Equal("Stay", "Stay a<-b, Stay b<-a", Drain(log));

        // Switched off by a handler in the middle of a step: the step's events end, every pair exits once.
        var c = Solid("c", 4, 4, 1, 0, log);
        Action<PixelCollision> off = e => world.enabled = false;
        c.OnPixelCollisionEnter += off;
        world.Step();
        string s = Drain(log);
        int enters = s.Split(',').Count(x => x.Contains("Enter")), exits = s.Split(',').Count(x => x.Contains("Exit"));
        Check("a handler switches the world off: no Enter without its Exit (" + s + ")",
            s.Contains("Exit a<-b") && s.Contains("Exit b<-a") && enters + 2 == exits);
        Check("and the world is off", world.World == null && PixelWorld.Main == null);
        c.OnPixelCollisionEnter -= off;
        world.enabled = true;
        world.Step();
        Equal("on again: every pair enters once", "Enter a<-b, Enter a<-c, Enter b<-a, Enter b<-c, Enter c<-a, Enter c<-b", Drain(log));
        Action<PixelCollision> reenter = e => world.Step();
        a.OnPixelCollisionStay += reenter;
        world.Step();
        Equal("Step from inside a handler (a's two Stays) is refused and logged", 2, UnityEngine.Debug.Exceptions.Count(
            x => x is InvalidOperationException && x.Message.Contains("inside a collision handler")));
        a.OnPixelCollisionStay -= reenter;
        Drain(log);
        UnityEngine.Object.DestroyImmediate(world.gameObject);
        Equal("the world destroyed: every pair exits",
            "Exit a<-b, Exit a<-c, Exit b<-a, Exit b<-c, Exit c<-a, Exit c<-b", Drain(log));
    }

    /// Issue 29: a bounds-only collider flipped, turned or scaled while touching got Exit + Enter instead of
    /// Stay, and GetContact in that Exit threw StaleBody. Also: a turned collider's disposed Placed.Mask.
    static void PixelWorldBodyChanges()
    {
        var world = NewScene(out var log);
        Solid("a", 6, 6, 0, 0, log);
        var box = AlphaCollider("box", 4, 2, (x, y) => x == 0 && y == 0, 2, 2);
        box.pixelCollision = false;
        box.sprite.pivot = new Vector2(2, 1);
        Listen(box, log);
        var contacts = new List<bool>();
        box.OnPixelCollisionStay += e => contacts.Add(e.GetContact().Touching);
        world.Step();
        Equal("a bounds-only box on a: Enter", "Enter a<-box, Enter box<-a", Drain(log));
        var renderer = box.gameObject.AddComponent<SpriteRenderer>();
        renderer.sprite = box.sprite;
        var changes = new List<KeyValuePair<string, Action>>
        {
            new KeyValuePair<string, Action>("flipped", () => renderer.flipX = true),
            new KeyValuePair<string, Action>("turned a quarter", () => box.transform.rotation = Quaternion.Euler(0, 0, 90)),
            new KeyValuePair<string, Action>("turned 30 degrees", () => box.transform.rotation = Quaternion.Euler(0, 0, 30)),
            new KeyValuePair<string, Action>("scaled 2x", () => box.transform.localScale = new Vector3(2, 2, 1)),
            new KeyValuePair<string, Action>("back to plain", () =>
            {
                renderer.flipX = false;
                box.transform.rotation = Quaternion.identity;
                box.transform.localScale = Vector3.one;
            }),
            new KeyValuePair<string, Action>("pixelCollision on", () => box.pixelCollision = true),
            new KeyValuePair<string, Action>("turned with pixelCollision on", () => box.transform.rotation = Quaternion.Euler(0, 0, 90)),
            new KeyValuePair<string, Action>("pixelCollision off while turned", () => box.pixelCollision = false),
        };
        foreach (var change in changes)
        {
            change.Value();
            world.Step();
            Equal(change.Key + " while touching: Stay", "Stay a<-box, Stay box<-a", Drain(log));
        }
        Check("GetContact in every Stay: touching, no exception (" + contacts.Count + ")",
            contacts.Count == changes.Count && contacts.All(t => t));
        Equal("no exceptions", 0, UnityEngine.Debug.Exceptions.Count);

        // Disposing the Placed.Mask of a turned collider (a user's mistake) no longer breaks later queries.
        box.pixelCollision = true;
        box.transform.rotation = Quaternion.Euler(0, 0, 90);
        var probe = AlphaCollider("probe", 8, 8, (x, y) => true, -1, -1);
        bool before = box.Collides(probe);
        box.Placed.Mask.Dispose();
        Check("a turned collider's disposed Placed.Mask is remade: the same answer", box.Collides(probe) == before && before);
        world.Step();
        Check("and the world goes on", UnityEngine.Debug.Exceptions.Count == 0 && UnityEngine.Debug.Warnings.Count == 0);
    }

    /// Destroying colliders (deferred and immediate, in handlers and outside): the other side gets its Exit
    /// with Other == null; the destroyed one gets nothing more.
    static void PixelWorldDestroyed()
    {
        var world = NewScene(out var log);
        var a = Solid("a", 4, 4, 0, 0, log);
        var b = Solid("b", 4, 4, 2, 0, log);
        var c = Solid("c", 4, 4, 3, 0, log);
        var afterDeath = new List<string>();
        foreach (var s in new[] { a, b, c })
        {
            SpriteCollider self = s;
            string me = s.name;
            s.OnPixelCollisionEnter += e => { if (self == null) afterDeath.Add(me); };
            s.OnPixelCollisionStay += e => { if (self == null) afterDeath.Add(me); };
            s.OnPixelCollisionExit += e => { if (self == null) afterDeath.Add(me); };
        }
        bool otherWasNull = false;
        a.OnPixelCollisionExit += e => { if (e.OtherName == "b") otherWasNull = e.Other == null; };
        world.Step();
        Drain(log);
        UnityEngine.Object.Destroy(b.gameObject);
        Frame.Step();
        Equal("Destroy is deferred to the end of the frame: this frame's step still has b",
            "Stay a<-b, Stay a<-c, Stay b<-a, Stay b<-c, Stay c<-a, Stay c<-b", Drain(log));
        Check("b is destroyed (fake null)", b == null);
        Frame.Step();
        Equal("the next frame: a and c get their Exit with b; b gets nothing",
            "Exit a<-b, Exit c<-b, Stay a<-c, Stay c<-a", Drain(log));
        Check("in the Exit, Other == null and OtherName is 'b'", otherWasNull);
        // DestroyImmediate inside a handler.
        var d = Solid("d", 4, 4, 1, 0, log);
        d.OnPixelCollisionEnter += e => { if (e.OtherName == "a") UnityEngine.Object.DestroyImmediate(e.Collider.gameObject); };
        Frame.Step();
        string s1 = Drain(log);
        Check("d destroys itself in its first Enter: the others still get their Enters from d (" + s1 + ")",
            s1.Contains("Enter a<-d") && s1.Contains("Enter c<-d"));
        Frame.Step();
        Equal("then a and c get Exit from d", "Exit a<-d, Exit c<-d, Stay a<-c, Stay c<-a", Drain(log));
        Equal("no event ever reached a destroyed collider", "", string.Join(",", afterDeath));
        Equal("no exceptions logged", 0, UnityEngine.Debug.Exceptions.Count);
    }

    /// A component implementing the handler interfaces, as a game script would.
    class Reacts : MonoBehaviour, IPixelCollisionEnterHandler, IPixelCollisionStayHandler, IPixelCollisionExitHandler
    {
        public List<string> Log;
        public bool Throw;
        public void OnPixelCollisionEnter2D(PixelCollision c) { Note("Enter", c); }
        public void OnPixelCollisionStay2D(PixelCollision c) { Note("Stay", c); }
        public void OnPixelCollisionExit2D(PixelCollision c) { Note("Exit", c); }
        void Note(string kind, PixelCollision c)
        {
            Log.Add("msg " + kind + " " + c.Collider.name + "<-" + c.OtherName);
            if (Throw) throw new Exception("script error");
        }
    }

    /// Moves a collider in LateUpdate, as a camera-follow or animation script might.
    class LateMover : MonoBehaviour
    {
        public SpriteCollider Target;
        public Vector3 To;
        void LateUpdate() { Target.transform.position = To; }
    }

    /// Counts the messages it gets, allocating nothing.
    class Counts : MonoBehaviour, IPixelCollisionEnterHandler, IPixelCollisionStayHandler, IPixelCollisionExitHandler
    {
        public int Total;
        public void OnPixelCollisionEnter2D(PixelCollision c) { Total++; }
        public void OnPixelCollisionStay2D(PixelCollision c) { Total++; }
        public void OnPixelCollisionExit2D(PixelCollision c) { Total++; }
    }

    /// Unity messages: OnPixelCollisionEnter2D/Stay2D/Exit2D on the GameObject's components.
    static void PixelWorldMessages()
    {
        var world = NewScene(out var log);
        var a = AlphaCollider("a", 4, 4, (x, y) => true, 0, 0);
        var r1 = a.gameObject.AddComponent<Reacts>();
        r1.Log = log;
        r1.Throw = true;
        var b = AlphaCollider("b", 4, 4, (x, y) => true, 10, 0);
        var r2 = b.gameObject.AddComponent<Reacts>();
        r2.Log = log;
        var r3 = b.gameObject.AddComponent<Reacts>();
        r3.Log = log;
        world.Step();
        b.RefreshMessageHandlers();
        a.RefreshMessageHandlers();
        b.transform.position = new Vector3(2, 0, 0);
        world.Step();
        Equal("every handler component gets the message, even after one throws",
            "msg Enter a<-b, msg Enter b<-a, msg Enter b<-a", Drain(log));
        Equal("the throw is logged", 1, UnityEngine.Debug.Exceptions.Count);
        r2.enabled = false;
        world.Step();
        Equal("a disabled component gets messages too (Physics2D does the same)",
            "msg Stay a<-b, msg Stay b<-a, msg Stay b<-a", Drain(log));
        UnityEngine.Object.DestroyImmediate(r3);
        b.transform.position = new Vector3(10, 0, 0);
        world.Step();
        Equal("a destroyed component gets nothing", "msg Exit a<-b, msg Exit b<-a", Drain(log));
        // Found when the collider is enabled: a component added later and the collider re-enabled.
        var c = AlphaCollider("c", 4, 4, (x, y) => true, 2, 0);
        c.enabled = false;
        c.gameObject.AddComponent<Reacts>().Log = log;
        c.enabled = true;
        world.Step();
        Equal("found on enable", "msg Enter a<-c, msg Enter c<-a", Drain(log));
    }

    /// Layers: the package's matrix and, with usePhysics2DLayerMatrix, Unity's.
    static void PixelWorldLayers()
    {
        var world = NewScene(out var log);
        var a = Solid("a", 4, 4, 0, 0, log);
        var b = Solid("b", 4, 4, 2, 0, log);
        a.gameObject.layer = 3;
        b.gameObject.layer = 5;
        Physics2D.IgnoreLayerCollision(3, 5);
        world.Step();
        Equal("the package's matrix: layers 3 and 5 collide", "Enter a<-b, Enter b<-a", Drain(log));
        world.usePhysics2DLayerMatrix = true;
        int calls = Physics2D.getIgnoreLayerCollisionCalls;
        world.Step();
        Equal("Physics2D's matrix: 3 and 5 ignore each other, Exit", "Exit a<-b, Exit b<-a", Drain(log));
        Equal("the matrix is read once per step (528 pairs of layers)", 528, Physics2D.getIgnoreLayerCollisionCalls - calls);
        Check("GetIgnoreLayerCollision follows it", world.GetIgnoreLayerCollision(3, 5) && !world.GetIgnoreLayerCollision(3, 4));
        Physics2D.IgnoreLayerCollision(3, 5, false);
        world.Step();
        Equal("Unity's matrix changed: Enter at the next step", "Enter a<-b, Enter b<-a", Drain(log));
        world.usePhysics2DLayerMatrix = false;
    }

    /// Issue 29 point 1: turned through the Transform (Unity's float matrix) as the mask-level quarter turn;
    /// point 2: whole-pixel motion at 100 pixels per unit.
    static void PixelWorldTransforms()
    {
        FreshScene();
        // A fully opaque 5x4 sprite, centre pivot, turned by Quaternion.Euler: 20 pixels, the quarter turn.
        var t = AlphaCollider("t", 5, 4, (x, y) => true, 10, 10, 100);
        t.sprite.pivot = new Vector2(2.5f, 2f);
        using (Mask plain = Mask.Create(5, 4, true))
        {
            int wrong = 0, total = 0;
            var rng = new System.Random(5);
            for (int k = 0; k < 400; k++)
            {
                float angle = new[] { 90f, 180f, 270f, -90f, 450f }[k % 5];
                t.transform.rotation = Quaternion.Euler(0, 0, angle);
                t.transform.position = new Vector3(rng.Next(-5000, 5000) / 100f, rng.Next(-5000, 5000) / 100f, 0);
                int turns = (((int)angle / 90) % 4 + 4) % 4;
                PlacedSprite p = t.Placed;
                using (Mask turned = plain.RotatedQuarter(turns))
                {
                    total++;
                    if (p.Mask.Count != 20 || Rows(p.Mask) != Rows(turned)) wrong++;
                }
            }
            Equal("5x4 opaque, centre pivot, turned by Quaternion.Euler 90/180/270 at 400 positions: 20 pixels, "
                + "the quarter turn's, every time", 0, wrong);
            t.transform.rotation = Quaternion.Euler(0, 0, 90);
            Matrix4x4 m = t.transform.localToWorldMatrix;
            Check("the stand-in's matrix for Euler(0, 0, 90) is Unity's, noise included: [5.96e-8, -0.99999994; "
                + "0.99999994, 5.96e-8] (got [" + m.m00.ToString("R") + ", " + m.m01.ToString("R") + "; "
                + m.m10.ToString("R") + ", " + m.m11.ToString("R") + "])",
                m.m00 == 5.96046448E-08f && m.m01 == -0.99999994f && m.m10 == 0.99999994f && m.m11 == 5.96046448E-08f);
            // Taken as it is (the old glue), that matrix covers 12 pixels of the 20: what the snap prevents.
            double[] raw = { m.m00, m.m01, 2.5 - (m.m00 * 2.5 + m.m01 * 2.0), m.m10, m.m11, 2.0 - (m.m10 * 2.5 + m.m11 * 2.0) };
            using (Raster unsnapped = plain.RasteriseMatrix(raw))
                Check("(unsnapped, Unity's matrix covers " + unsnapped.Mask.Count + " pixels, not 20)", unsnapped.Mask.Count != 20);
        }
        // As the inspector sets it: Rotation (0, 0, 90) on the Transform.
        t.transform.rotation = Quaternion.identity;
        t.transform.localEulerAngles = new Vector3(0, 0, 90);
        using (Mask plain = Mask.Create(5, 4, true))
        using (Mask turned = plain.RotatedQuarter(1))
            Check("Rotation (0, 0, 90) typed in the inspector: 20 pixels, the quarter turn's",
                t.Placed.Mask.Count == 20 && Rows(t.Placed.Mask) == Rows(turned));
        // A turned 3x2 L in a parent turned 90 and scaled -1 on x (a mirror), the child turned 180: the map
        // is a flip; the pixels are the mask-level flip's.
        var parent = new GameObject("parent");
        parent.transform.rotation = Quaternion.Euler(0, 0, 90);
        parent.transform.localScale = new Vector3(-1, 1, 1);
        var el = AlphaCollider("el", 3, 2, (x, y) => x == 0 || y == 0, 0, 0);
        el.transform.SetParent(parent.transform);
        el.transform.localRotation = Quaternion.Euler(0, 0, 180);
        el.transform.position = new Vector3(7, 3, 0);
        Matrix4x4 pm = el.transform.localToWorldMatrix;
        double[] exact = new double[6];
        UnityMasks.SpriteMatrix(pm.m00, pm.m01, pm.m10, pm.m11, false, false, new Vector2(0, 0), exact);
        Check("parent (90, mirrored) and child (180): the map snaps to an exact transpose [0, 1; 1, 0] (Unity gave "
            + pm.m00.ToString("R") + ", " + pm.m01.ToString("R") + ")", exact[0] == 0 && exact[1] == 1 && exact[3] == 1 && exact[4] == 0);
        using (Mask lmask = Mask.FromAlpha(new byte[] { 255, 255, 255, 255, 0, 0 }, 3, 2, MaskOptions.Default))
        using (Mask transposed = lmask.Transposed())
            Equal("its pixels are the transpose's", Rows(transposed), Rows(el.Placed.Mask));
        // Scale 3 through a parent of scale 1.5 and a child of 2 (float noise in the product): exact 3x.
        var big = AlphaCollider("big", 3, 3, (x, y) => x != y, 0, 0);
        var bigParent = new GameObject("bigParent");
        bigParent.transform.localScale = new Vector3(1.5f, 1.5f, 1);
        bigParent.transform.rotation = Quaternion.Euler(0, 0, 270);
        big.transform.SetParent(bigParent.transform);
        big.transform.localScale = new Vector3(2, 2, 1);
        using (Mask bm = Mask.FromAlpha(Enumerable.Range(0, 9).Select(i => (byte)(i % 3 != i / 3 ? 255 : 0)).ToArray(), 3, 3, MaskOptions.Default))
        using (Mask scaled = bm.ScaledInteger(3, 3))
        using (Mask want = scaled.RotatedQuarter(3))
            Equal("scale 1.5 x 2 turned 270 through parents: exactly the 3x mask turned", Rows(want), Rows(big.Placed.Mask));

        // Whole-pixel motion at 100 pixels per unit: a 5-px centre-pivot sprite.
        var m5 = AlphaCollider("m5", 5, 5, (x, y) => true, 0, 0, 100);
        m5.sprite.pivot = new Vector2(2.5f, 2.5f);
        int off = 0;
        for (int k = 0; k < 1000; k++)
        {
            m5.transform.position = new Vector3(k / 100f, -k / 100f, 0);
            Vector2Int p = m5.PixelPosition;
            if (p.x != k - 2 || p.y != -k - 2) off++;
        }
        Equal("1,000 positions k / 100f: each lands on pixel k - 2 (float noise no longer moves it)", 0, off);
        int jumps = 0;
        m5.transform.position = new Vector3(0, 0, 0);
        int last = m5.PixelPosition.x;
        for (int f = 0; f < 1000; f++)
        {
            Vector3 at = m5.transform.position;
            m5.transform.position = new Vector3(at.x + 0.01f, at.y, 0);
            int now = m5.PixelPosition.x;
            if (now - last != 1) jumps++;
            last = now;
        }
        Equal("moving 0.01 a frame for 1,000 frames: one pixel every frame", 0, jumps);
        foreach (float ppu in new[] { 1f, 3f, 16f, 24f, 32f, 64f, 100f, 128f, 1000f })
        {
            m5.sprite.pixelsPerUnit = ppu;
            int bad = 0;
            m5.transform.position = new Vector3(0, 0, 0);
            last = m5.PixelPosition.x;
            for (int f = 0; f < 1000; f++)
            {
                Vector3 at = m5.transform.position;
                m5.transform.position = new Vector3(at.x + 1f / ppu, at.y, 0);
                int now = m5.PixelPosition.x;
                if (now - last != 1) bad++;
                last = now;
                var k = f - 500;
                m5.transform.position = new Vector3(k / ppu, 0, 0);
                if (m5.PixelPosition.x != k - 2) bad++;
                m5.transform.position = at + new Vector3(1f / ppu, 0, 0);
            }
            Equal("at " + ppu + " pixels per unit: 1,000 frames of += 1/ppu move one pixel each, positions k/ppu land on k - 2",
                0, bad);
        }
        m5.sprite.pixelsPerUnit = 100;
        // MovePixels keeps whole-pixel motion exact forever.
        m5.transform.position = new Vector3(0.02f, 0, 0);
        int start = m5.PixelPosition.x, badMoves = 0;
        for (int f = 1; f <= 20000; f++)
        {
            m5.MovePixels(new Vector2Int(1, 0));
            if (m5.PixelPosition.x != start + f) badMoves++;
        }
        Equal("MovePixels(1, 0) 20,000 times: exactly 20,000 pixels, no drift", 0, badMoves);
        // PixelToWorld is PixelPosition's inverse for pixels within 2^17 of the origin, at any pixels per unit
        // and pivot.
        var prng = new System.Random(11);
        int roundTrips = 0, missed = 0;
        foreach (float ppu in new[] { 1f, 3f, 16f, 100f, 128f, 1000f })
            foreach (float pivot in new[] { 0f, 0.5f, 2.5f, 7f })
                for (int k = 0; k < 250; k++)
                {
                    var pixel = new Vector2Int(prng.Next(-(1 << 17), 1 << 17), prng.Next(-(1 << 17), 1 << 17));
                    var pv = new Vector2(pivot, pivot);
                    Vector3 at = UnityMasks.PixelToWorld(pixel, ppu, pv);
                    Vector2Int back = UnityMasks.PixelPosition(at, ppu, pv);
                    roundTrips++;
                    if (back.x != pixel.x || back.y != pixel.y) missed++;
                }
        Equal("PixelPosition(PixelToWorld(p)) == p for " + roundTrips + " pixels within 2^17, 6 pixels per unit, 4 pivots",
            0, missed);
        m5.transform.position = m5.PixelToWorld(new Vector2Int(10, 0));
        Throws<OverflowException>("MovePixels to a pixel past int.MaxValue", () => m5.MovePixels(new Vector2Int(int.MaxValue, 0)));
        Check("and the transform did not move", m5.PixelPosition.x == 10);
        m5.transform.position = new Vector3(1.2345f, -0.0049f, 5);
        Vector2Int before = m5.PixelPosition;
        m5.SnapToPixel();
        Vector3 snapped = m5.transform.position;
        Check("SnapToPixel keeps the pixel and z, lands on it exactly", m5.PixelPosition.x == before.x
            && m5.PixelPosition.y == before.y && snapped.z == 5
            && Math.Abs(snapped.x * 100 - 2.5 - before.x) < 1e-3);
    }

    /// PushOut in Unity's y-up world: ties go up.
    static void PixelWorldMotion()
    {
        FreshScene();
        // A 2x2 mover in the middle of a 2-px-high bar: up and down are equally short; Unity wants up.
        var bar = AlphaCollider("bar", 20, 2, (x, y) => true, 0, 10);
        var mover = AlphaCollider("mover", 2, 2, (x, y) => true, 9, 10);
        Equal("Any: up, not down", (Vector2Int?)new Vector2Int(0, 2), mover.PushOut(bar));
        Equal("Vertical: up", (Vector2Int?)new Vector2Int(0, 2),
            mover.PushOut(bar, new PushOptions { Direction = PushDirection.Vertical }));
        Equal("Along with no direction: up", (Vector2Int?)new Vector2Int(0, 2),
            mover.PushOut(bar, new PushOptions { Direction = PushDirection.Along }));
        Equal("Along (0, -1) when asked: down", (Vector2Int?)new Vector2Int(0, -2), mover.PushOut(bar, PushOptions.Along(0, -1)));
        Equal("the plain PlacedSprite keeps the library's order: down (smaller y) first",
            (Vector2Int?)new Vector2Int(0, -2), UnityMasks.ToVector2Int(mover.Placed.PushOut(bar.Placed).Value));
        // Random obstacles: the answer is as short as the library's and, among those, has the largest y, then
        // the smallest x, checked against every translation of that length.
        var rng = new System.Random(3);
        int cases = 0, wrong = 0;
        for (int k = 0; k < 300; k++)
        {
            int w = rng.Next(1, 9), h = rng.Next(1, 9);
            var bits = new bool[w * h];
            for (int i = 0; i < bits.Length; i++) bits[i] = rng.Next(3) != 0;
            var obstacle = AlphaCollider("ob" + k, w, h, (x, y) => bits[y * w + x], rng.Next(0, 4), rng.Next(0, 4));
            var m = AlphaCollider("mv" + k, 3, 3, (x, y) => (x + y) % 2 == 0 || rng.Next(2) == 0, 2, 2);
            Vector2Int? got = m.PushOut(obstacle);
            Offset? lib = m.Placed.PushOut(obstacle.Placed);
            if (!lib.HasValue) { if (got.HasValue) wrong++; continue; }
            cases++;
            long len = (long)lib.Value.dx * lib.Value.dx + (long)lib.Value.dy * lib.Value.dy;
            Vector2Int? best = null;
            for (int dy = 70; dy >= -70 && best == null; dy--)
                for (int dx = -70; dx <= 70; dx++)
                {
                    if ((long)dx * dx + (long)dy * dy != len) continue;
                    if (new PlacedSprite(m.Placed.Mask, m.Placed.X + dx, m.Placed.Y + dy).Collides(obstacle.Placed)) continue;
                    best = new Vector2Int(dx, dy);
                    break;
                }
            if (!got.HasValue || !best.HasValue || got.Value.x != best.Value.x || got.Value.y != best.Value.y)
            {
                if (wrong == 0) Console.WriteLine("     first difference: " + got + " vs oracle " + best + ", library " + lib.Value.dx + "," + lib.Value.dy);
                wrong++;
            }
            UnityEngine.Object.DestroyImmediate(obstacle.gameObject);
            UnityEngine.Object.DestroyImmediate(m.gameObject);
        }
        Check("PushOut y-up ties on " + cases + " random overlaps: the oracle's (largest y, then smallest x)", wrong == 0 && cases > 100);

        // A disabled collider collides with nothing.
        var x1 = AlphaCollider("x1", 4, 4, (x, y) => true, 0, 0);
        var x2 = AlphaCollider("x2", 4, 4, (x, y) => true, 2, 0);
        Check("enabled: they collide", x1.Collides(x2) && x1.OverlapArea(x2) == 8 && x1.OverlapPoint(new Vector2(0.5f, 0.5f)));
        x2.enabled = false;
        Vector2Int fc;
        RectInt ob;
        Check("x2 disabled: no collision, no contact, no area, no overlap mask, no normal, no push",
            !x1.Collides(x2) && !x2.Collides(x1) && !x1.TryFirstContact(x2, out fc) && x1.OverlapArea(x2) == 0
            && x1.OverlapMask(x2, out ob) == null && x1.ContactNormal(x2) == null
            && x1.PushOut(x2).Value.x == 0 && x1.PushOut(x2).Value.y == 0 && !x2.Participates);
        ColliderSweep sw = x1.Sweep(x2, new Vector2Int(5, 0));
        Check("a sweep into a disabled collider is clear", sw.Outcome == SweepOutcome.Clear && sw.Travel.x == 5 && sw.Fraction == 1);
        Check("a disabled collider has no solid point and no ray hit", !x2.OverlapPoint(new Vector2(3.5f, 0.5f))
            && x2.Raycast(new Vector2(-5, 1), new Vector2(1, 0), 20) == null);
        ColliderMove mv = x1.MoveWithSlide(new[] { x2 }, new Vector2Int(3, 0));
        Check("MoveWithSlide passes through a disabled collider", mv.Moved.x == 3 && !mv.BlockedX);
        x2.gameObject.SetActive(false);
        x2.enabled = true;
        Check("an inactive GameObject's collider does not collide either", !x1.Collides(x2));
        x2.gameObject.SetActive(true);
        Check("active again: it collides", x1.Collides(x2) && x2.Participates);
    }

    /// A step in steady state (colliders moving, pairs beginning, staying and ending, C# subscribers and
    /// message handlers) allocates nothing.
    static void PixelWorldAllocations()
    {
        FreshScene();
        var allocated = typeof(GC).GetMethod("GetAllocatedBytesForCurrentThread",
            System.Reflection.BindingFlags.Public | System.Reflection.BindingFlags.Static);
        Check("GC.GetAllocatedBytesForCurrentThread is there to measure allocations", allocated != null);
        if (allocated == null) return;
        var world = NewWorld("world");
        var colliders = new List<SpriteCollider>();
        int events = 0;
        for (int k = 0; k < 24; k++)
        {
            var c = AlphaCollider("n" + k, 5, 5, (x, y) => (x * y) % 3 != 1, (k % 6) * 4, (k / 6) * 4);
            c.OnPixelCollisionEnter += e => events++;
            c.OnPixelCollisionStay += e => events++;
            c.OnPixelCollisionExit += e => events++;
            c.gameObject.AddComponent<Counts>();
            c.RefreshMessageHandlers();
            colliders.Add(c);
        }
        // Moves between two sets of positions, so pairs begin and end every step.
        Action<int> move = f =>
        {
            for (int k = 0; k < colliders.Count; k++)
                colliders[k].transform.position = new Vector3((k % 6) * 4 + ((f + k) % 2), (k / 6) * 4, 0);
        };
        for (int f = 0; f < 20; f++)
        {
            move(f);
            world.Step();
        }
        int before = events;
        // A delegate, not MethodInfo.Invoke, which would box the answer.
        var bytesNow = (Func<long>)Delegate.CreateDelegate(typeof(Func<long>), allocated);
        long start = bytesNow();
        for (int f = 0; f < 50; f++)
        {
            move(f);
            world.Step();
        }
        long bytes = bytesNow() - start;
        int messages = colliders.Sum(c => c.GetComponent<Counts>().Total);
        Check("50 steps of 24 moving colliders (" + (events - before) + " events, " + messages + " messages) allocate "
            + "nothing: " + bytes + " bytes", bytes == 0 && events - before > 500 && messages >= events);
    }

    /// Per collider: the other colliders it is in contact with by its events, and contract breaches.
    sealed class Contract
    {
        public readonly Dictionary<string, HashSet<string>> In = new Dictionary<string, HashSet<string>>();
        public readonly List<string> Breaches = new List<string>();
        public int Events;

        public void Watch(SpriteCollider c)
        {
            string me = c.name;
            SpriteCollider self = c;
            In[me] = new HashSet<string>();
            c.OnPixelCollisionEnter += e => Note(self, me, "Enter", e);
            c.OnPixelCollisionStay += e => Note(self, me, "Stay", e);
            c.OnPixelCollisionExit += e => Note(self, me, "Exit", e);
        }

        void Note(SpriteCollider self, string me, string kind, PixelCollision e)
        {
            Events++;
            string other = e.OtherName;
            if (self == null) Breaches.Add(kind + " to destroyed " + me);
            if (!ReferenceEquals(e.Collider, self)) Breaches.Add(kind + " with the wrong Collider for " + me);
            bool known = In[me].Contains(other);
            if (kind == "Enter" && known) Breaches.Add("Enter twice " + me + "<-" + other);
            if (kind != "Enter" && !known) Breaches.Add(kind + " without Enter " + me + "<-" + other);
            if (kind == "Enter") In[me].Add(other);
            if (kind == "Exit") In[me].Remove(other);
        }

        public HashSet<string> Pairs()
        {
            var set = new HashSet<string>();
            foreach (var kv in In)
                foreach (string o in kv.Value) set.Add(string.CompareOrdinal(kv.Key, o) < 0 ? kv.Key + "|" + o : o + "|" + kv.Key);
            return set;
        }
    }

    /// Computes, in LateUpdate just before the world's step (the world's execution order is later), the pairs that must touch:
    /// every two participating colliders that can be placed, whose layers collide, through Collides.
    class Oracle : MonoBehaviour
    {
        public PixelWorld World;
        public List<SpriteCollider> All;
        public HashSet<string> Want = new HashSet<string>();
        void LateUpdate()
        {
            Want.Clear();
            var live = new List<SpriteCollider>();
            foreach (SpriteCollider c in All)
            {
                if (c == null || !c.Participates) continue;
                try
                {
                    PlacedSprite p = c.Placed;
                    World.LayerFilter(c.gameObject.layer);
                    live.Add(c);
                }
                catch (Exception) { }
            }
            for (int i = 0; i < live.Count; i++)
                for (int j = i + 1; j < live.Count; j++)
                {
                    SpriteCollider p = live[i], q = live[j];
                    if (!World.LayerFilter(p.gameObject.layer).Allows(World.LayerFilter(q.gameObject.layer))) continue;
                    if (p.Collides(q))
                        Want.Add(string.CompareOrdinal(p.name, q.name) < 0 ? p.name + "|" + q.name : q.name + "|" + p.name);
                }
        }
    }

    /// Moves, turns, flips and scales colliders in Update, as game scripts do.
    class Wander : MonoBehaviour
    {
        public System.Random Rng;
        public SpriteRenderer Renderer;
        void Update()
        {
            int r = Rng.Next(12);
            Transform t = transform;
            if (r < 5)
            {
                Vector3 at = t.position;
                float x = at.x + Rng.Next(-4, 5) * 0.75f, y = at.y + Rng.Next(-4, 5) * 0.5f;
                if (x < 0 || x > 24) x = 12;
                if (y < 0 || y > 24) y = 12;
                t.position = new Vector3(x, y, 0);
            }
            else if (r == 5) t.localRotation = Quaternion.Euler(0, 0, Rng.Next(8) * 45);
            else if (r == 6 && Renderer != null) Renderer.flipX = !Renderer.flipX;
            else if (r == 7) t.localScale = new Vector3(Rng.Next(4) == 0 ? 2 : 1, 1, 1);
            else if (r == 8) gameObject.layer = new[] { 0, 8, 9 }[Rng.Next(3)];
            else if (r == 9) GetComponent<SpriteCollider>().pixelCollision = Rng.Next(4) != 0;
        }
    }

    /// Random scenes over many frames: colliders that join (some before their sprite is set), move, turn,
    /// flip, scale, change layers, leave, are destroyed and come back; handlers that disable, destroy and
    /// throw; parents switched off. After every frame the pairs in contact by the events equal the oracle's,
    /// and no event breaks the contract; at the end the world is switched off and every Enter has had its
    /// Exit.
    static void PixelWorldScene(int seed, bool physicsLayers)
    {
        FreshScene();
        var rng = new System.Random(seed);
        var all = new List<SpriteCollider>();
        // The world first: its execution order still runs its step after the oracle's LateUpdate.
        var world = NewWorld("world" + seed);
        var oracle = new GameObject("oracle").AddComponent<Oracle>();
        oracle.World = world;
        oracle.All = all;
        if (physicsLayers)
        {
            world.usePhysics2DLayerMatrix = true;
            Physics2D.IgnoreLayerCollision(8, 9);
        }
        else world.IgnoreLayerCollision(8, 9);
        var contract = new Contract();
        var parents = new List<GameObject>();
        for (int i = 0; i < 3; i++) parents.Add(new GameObject("group" + i));
        int made = 0, troubles = 0;
        var byName = new Dictionary<string, SpriteCollider>();
        Func<SpriteCollider> make = () =>
        {
            int n = made++;
            int w = rng.Next(2, 12), h = rng.Next(2, 12);
            var bits = new bool[w * h];
            for (int k = 0; k < bits.Length; k++) bits[k] = rng.Next(3) != 0;
            var template = AlphaCollider("tmpl" + n, w, h, (x, y) => bits[y * w + x], 0, 0);
            Sprite sprite = template.sprite;
            UnityEngine.Object.DestroyImmediate(template.gameObject);
            sprite.pivot = new Vector2(rng.Next(2) == 0 ? 0 : w / 2f, rng.Next(2) == 0 ? 0 : h / 2f);
            var go = new GameObject("c" + n);
            go.layer = new[] { 0, 8, 9 }[rng.Next(3)];
            if (rng.Next(3) == 0) go.transform.SetParent(parents[rng.Next(parents.Count)].transform);
            go.transform.position = new Vector3(rng.Next(0, 20), rng.Next(0, 20), 0);
            var renderer = go.AddComponent<SpriteRenderer>();
            var wander = go.AddComponent<Wander>();
            wander.Rng = rng;
            wander.Renderer = renderer;
            // As Unity does: AddComponent enables the collider before any sprite is set (half take the
            // renderer's sprite, half their own).
            var c = go.AddComponent<SpriteCollider>();
            if (rng.Next(2) == 0) c.sprite = sprite;
            else renderer.sprite = sprite;
            byName[go.name] = c;
            contract.Watch(c);
            c.OnPixelCollisionEnter += e =>
            {
                int r = rng.Next(40);
                if (r == 0) { troubles++; e.Collider.gameObject.SetActive(false); }
                else if (r == 1) { troubles++; if (e.Other != null) e.Other.enabled = false; }
                else if (r == 2) { troubles++; UnityEngine.Object.Destroy(e.Collider.gameObject); }
                else if (r == 3) { troubles++; throw new InvalidOperationException("a game bug"); }
                else if (r == 4 && e.Other != null) { troubles++; UnityEngine.Object.DestroyImmediate(e.Other.gameObject); }
            };
            c.OnPixelCollisionStay += e => { if (rng.Next(200) == 0) { troubles++; throw new Exception("stay bug"); } };
            all.Add(c);
            return c;
        };
        for (int i = 0; i < 14; i++) make();
        int frames = 150, mismatches = 0, compared = 0;
        string first = null;
        for (int f = 0; f < frames; f++)
        {
            // Between frames, as other scripts would: objects come back, parents switch, newcomers join.
            foreach (SpriteCollider c in all)
            {
                if (c == null) continue;
                if (!c.gameObject.activeSelf && rng.Next(6) == 0) c.gameObject.SetActive(true);
                if (!c.enabled && rng.Next(6) == 0) c.enabled = true;
            }
            if (rng.Next(20) == 0) { GameObject p = parents[rng.Next(parents.Count)]; p.SetActive(!p.activeSelf); }
            if (rng.Next(25) == 0) parents[rng.Next(parents.Count)].transform.rotation = Quaternion.Euler(0, 0, rng.Next(4) * 90);
            if (rng.Next(10) == 0) make();
            if (rng.Next(30) == 0)
            {
                // A collider whose placement fails for a while.
                SpriteCollider v = all[rng.Next(all.Count)];
                if (v != null) v.transform.localScale = new Vector3(0, 1, 1);
            }
            Frame.Step();
            compared += oracle.Want.Count;
            HashSet<string> got = contract.Pairs();
            // A destroyed collider's own side is never told: compare the pairs of the living.
            Predicate<string> dead = k => k.Split('|').Any(n => byName[n] == null);
            got.RemoveWhere(dead);
            oracle.Want.RemoveWhere(dead);
            if (!got.SetEquals(oracle.Want))
            {
                mismatches++;
                if (first == null)
                    first = "frame " + f + ": events say " + string.Join(" ", got.OrderBy(x => x)) + "; oracle "
                        + string.Join(" ", oracle.Want.OrderBy(x => x));
            }
        }
        if (first != null) Console.WriteLine("     first difference: " + first);
        string tag = "PixelWorld scene " + seed + (physicsLayers ? " (Physics2D layers)" : "") + ": ";
        Equal(tag + frames + " frames, " + made + " colliders, the pairs by Enter/Exit equal the all-pairs oracle every frame",
            0, mismatches);
        Check(tag + "pairs compared (" + compared + "), events (" + contract.Events + "), trouble in handlers (" + troubles + ")",
            compared > 200 && contract.Events > 500 && troubles > 10);
        Equal(tag + "no event broke the contract" + (contract.Breaches.Count > 0 ? ": " + contract.Breaches[0] : ""),
            0, contract.Breaches.Count);
        Check(tag + "handler exceptions were logged, not thrown (" + UnityEngine.Debug.Exceptions.Count + ")",
            UnityEngine.Debug.Exceptions.All(e => e.Message == "a game bug" || e.Message == "stay bug")
            && UnityEngine.Debug.Exceptions.Count > 0);
        world.enabled = false;
        int open = 0;
        foreach (var kv in byName)
            if (kv.Value != null) open += contract.In[kv.Key].Count(o => byName[o] != null);
        Equal(tag + "the world switched off: every living pair had its Exit", 0, open);
    }
}
