// Tests of PerPixel.World (bindings/unity/Runtime/World.cs): what is the C# door's own. The world's answers
// (pairs and events, transforms, filters, batches, the queries, body info and mask, stale and wrong-world
// ids) are checked against the Rust oracles by the conformance corpus, which CorpusTests.cs replays through
// this binding. Here: defaults, a scene through every member, stale and wrong-world ids as exceptions with
// nothing changed, snapshots, positions at 2^31, the documented edges, Dispose, threads. Part of
// PerPixelTests.exe.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Runtime.InteropServices;
using PerPixel;

static partial class Tests
{
    static string Pairs(IEnumerable<Pair> pairs) { return string.Join(" ", pairs.Select(p => p.ToString())); }

    static string SpanPairs(ReadOnlySpan<Pair> pairs)
    {
        var list = new List<Pair>();
        foreach (Pair p in pairs) list.Add(p);
        return Pairs(list);
    }

    static string Ids(IEnumerable<BodyId> ids) { return string.Join(" ", ids.Select(i => i.ToString())); }

    static Mask Square(int side) { return Mask.Create(side, side, true); }

    // Issue 31 (tests/c/test_snapshot.c): snapshots and state hashes. The known mask and world hash to the
    // literals every door checks; the rollback scenario (snapshot, ten steps recorded, restore, the same
    // steps) gives the same ids, pairs, events and hashes twice; another world's snapshot is refused with
    // WrongWorld; a snapshot outlives its world.
    const ulong KnownMaskHash = 0x05aa7de46146da64UL;
    const ulong KnownWorldHash = 0x458eecd936657759UL;

    static string SnapshotStep(World w, BodyId[] balls, BodyId ground, Mask ball, int i, out BodyId made)
    {
        int k = i % 3;
        string moved;
        try { w.MoveBody(balls[k], 10 + 20 * k + 3 * i - 12, 42 + (i * (k + 1)) % 7); moved = "moved"; }
        catch (PerPixelException e) { moved = e.Status.ToString(); }
        made = default(BodyId);
        if (i == 3 || i == 8) made = w.CreateBody(new BodyDef { Mask = ball, X = 20 + i, Y = 46, UserData = (ulong)i });
        if (i == 6) w.DestroyBody(balls[1]);
        if (i == 5) w.EditMask(ground, MaskEdit.FillCircle(30, 0, 4, false));
        w.Update();
        return moved + " " + made + " | " + SpanPairs(w.Touching) + " | " + SpanPairs(w.Begins) + " | "
            + SpanPairs(w.Ends) + " | " + w.StateHash().ToString("x16");
    }

    static void WorldSnapshots()
    {
        using (Mask known = Mask.Create(10, 3, false))
        using (Mask full = Mask.Create(4, 4, true))
        {
            for (int y = 0; y < 3; y++)
                for (int x = 0; x < 10; x++)
                    if ((x + 2 * y) % 3 == 0) known.SetPixel(x, y, true);
            Equal("the known mask's hash is the shared literal", KnownMaskHash, known.StateHash());
            using (var w = new World())
            {
                w.CreateBody(new BodyDef { Mask = known, X = 1, Y = 2 });
                w.CreateBody(new BodyDef { Mask = full, X = 3, Y = 3, UserData = 7 });
                w.DestroyBody(w.CreateBody(new BodyDef { Mask = full, X = 20, Y = 0 }));
                w.Update();
                Equal("the known world's hash is the shared literal", KnownWorldHash, w.StateHash());
            }
        }

        using (Mask ball = Mask.Create(6, 6, true))
        using (Mask groundMask = Mask.Create(100, 10, true))
        using (var w = new World())
        using (var other = new World())
        {
            BodyId ground = w.CreateBody(new BodyDef { Mask = groundMask, X = 0, Y = 50, Static = true });
            var balls = new[]
            {
                w.CreateBody(new BodyDef { Mask = ball, X = 10, Y = 40 }),
                w.CreateBody(new BodyDef { Mask = ball, X = 30, Y = 40, UserData = 1 }),
                w.CreateBody(new BodyDef { Mask = ball, X = 60, Y = 30, UserData = 2 }),
            };
            w.Update();
            string touchingThen = SpanPairs(w.Touching);
            ulong h0 = w.StateHash();
            using (WorldSnapshot saved = w.Snapshot())
            {
                var first = new string[10];
                var made = new BodyId[10];
                int pairs = 0;
                for (int i = 0; i < 10; i++)
                {
                    first[i] = SnapshotStep(w, balls, ground, ball, i, out made[i]);
                    pairs += w.Touching.Length;
                }
                Check("the scenario touches (" + pairs + " pairs) and changes the hash", pairs > 5 && w.StateHash() != h0);
                Equal("the body made at step 8 takes ball 1's slot", balls[1].Index, made[8].Index);
                for (int round = 0; round < 2; round++)
                {
                    w.Restore(saved);
                    Equal("restored (round " + round + "): the snapshot's hash", h0, w.StateHash());
                    Equal("restored: the snapshot's touching list", touchingThen, SpanPairs(w.Touching));
                    Throws<PerPixelException>("restored: a body made after the snapshot is stale",
                        () => w.MoveBody(made[3], 0, 0), e => e.Status == Status.StaleBody);
                    int same = 0;
                    for (int i = 0; i < 10; i++)
                    {
                        BodyId again;
                        if (SnapshotStep(w, balls, ground, ball, i, out again) == first[i] && again == made[i]) same++;
                    }
                    Equal("replayed after the restore: every step's ids, pairs, events and hash", 10, same);
                }
                other.CreateBody(new BodyDef { Mask = ball, X = 0, Y = 0 });
                ulong otherHash = other.StateHash();
                Throws<PerPixelException>("another world's snapshot is refused", () => other.Restore(saved),
                    e => e.Status == Status.WrongWorld && e.Message.Contains("another world"));
                Equal("...and that world is unchanged", otherHash, other.StateHash());
                Throws<ArgumentNullException>("Restore(null)", () => w.Restore(null));
            }
            WorldSnapshot orphan;
            using (var gone = new World())
            {
                gone.CreateBody(new BodyDef { Mask = ball, X = 1, Y = 1 });
                orphan = gone.Snapshot();
            }
            Check("a snapshot outlives its world", !orphan.IsDisposed);
            Throws<PerPixelException>("...and is still another world's", () => w.Restore(orphan),
                e => e.Status == Status.WrongWorld);
            orphan.Dispose();
            Check("disposed", orphan.IsDisposed);
            Throws<ObjectDisposedException>("a disposed snapshot", () => w.Restore(orphan));
        }
    }


    static void Worlds(string scratch)
    {
        WorldDefaults();
        WorldBasics();
        WorldStaleIds();
        WorldWrongWorld();
        WorldSnapshots();
        PositionsAt2To31();
        WorldDocumentedEdges();
        WorldDispose();
        WorldThreads();
    }

    static void WorldDefaults()
    {
        Equal("pp_body_def_default() == new BodyDef().ToNative() but for the mask", 1,
            (int)new BodyDef().ToNative().pixel_collision);
        Equal("Filter.Default is pp_filter_default()", Native.pp_filter_default(), Filter.Default);
    }

    static void WorldBasics()
    {
        using (var world = new World())
        using (Mask sq = Square(4))
        using (Mask cross = Cross())
        {
            Check("an empty world touches nothing", world.Touching.IsEmpty && world.Begins.IsEmpty && world.Ends.IsEmpty);
            world.Update();
            Check("an empty world's update: nothing", world.Touching.Length == 0);
            BodyId a = world.CreateBody(new BodyDef { Mask = sq, X = 0, Y = 0, UserData = 77 });
            BodyId b = world.CreateBody(new BodyDef { Mask = sq, X = 3, Y = 3 });
            BodyId c = world.CreateBody(new BodyDef { Mask = sq, X = 4, Y = 0 });
            Equal("ids are slots 0, 1, 2", "#0g" + a.Generation + " 1 2", a + " " + b.Index + " " + c.Index);
            world.Update();
            Equal("touching after the first update", Pairs(new[] { new Pair(a, b), new Pair(b, c) }), SpanPairs(world.Touching));
            Equal("begins: every touching pair", SpanPairs(world.Touching), SpanPairs(world.Begins));
            Check("no ends", world.Ends.IsEmpty);
            world.ReloadEvents();
            Equal("pp_world_get_events gives the same lists", Pairs(new[] { new Pair(a, b), new Pair(b, c) }),
                SpanPairs(world.Touching));
            world.Update();
            Equal("nothing moved: same touching", 2, world.Touching.Length);
            Check("nothing moved: no events", world.Begins.IsEmpty && world.Ends.IsEmpty);
            world.MoveBody(b, 10, 10);
            world.Update();
            Check("moved apart: nothing touches", world.Touching.IsEmpty);
            Equal("moved apart: both pairs end", Pairs(new[] { new Pair(a, b), new Pair(b, c) }), SpanPairs(world.Ends));
            world.MoveBodies(new[] { a, b }, new[] { new BodyPosition(2, 0), new BodyPosition(5, 3) });
            world.Update();
            Equal("MoveBodies in one call", Pairs(new[] { new Pair(a, b), new Pair(a, c), new Pair(b, c) }),
                SpanPairs(world.Touching));
            Equal("...and the begins", SpanPairs(world.Touching), SpanPairs(world.Begins));
            world.MoveBodies(new BodyId[0], new BodyPosition[0]);
            Throws<ArgumentException>("MoveBodies with lengths that differ",
                () => world.MoveBodies(new[] { a }, new BodyPosition[0]));

            // Filters: c leaves a's categories, then a negative group keeps a and b apart.
            world.SetFilter(c, new Filter(2, 2));
            world.Update();
            Equal("c in category 2 colliding with 2 only", Pairs(new[] { new Pair(a, b) }), SpanPairs(world.Touching));
            world.SetFilter(a, new Filter(1, ulong.MaxValue, -3));
            world.SetFilter(b, new Filter(1, ulong.MaxValue, -3));
            world.Update();
            Check("a shared negative group never collides", world.Touching.IsEmpty);
            world.SetFilter(a, new Filter(4, 0, 5));
            world.SetFilter(b, new Filter(8, 0, 5));
            world.Update();
            Equal("a shared positive group always collides", Pairs(new[] { new Pair(a, b) }), SpanPairs(world.Touching));

            BodyInfo info = world.GetBody(a);
            using (info.Sprite.Mask)
            {
                Equal("GetBody: position", "2,0", info.Sprite.X + "," + info.Sprite.Y);
                Equal("GetBody: user data", 77UL, info.UserData);
                Equal("GetBody: filter", new Filter(4, 0, 5), info.Filter);
                Check("GetBody: moving, pixel collision", !info.Static && info.Sprite.PixelCollision);
                Equal("GetBody: the mask's pixels", 16UL, info.Sprite.Mask.Count);
            }

            // Contact of a (at 2,0) and b (at 5,3): they share pixel (5, 3).
            WorldContact contact = world.Contact(new Pair(a, b));
            Check("Contact: touching at (5, 3), area 1", contact.Touching && contact.FirstContact.Equals(new Point(5, 3))
                && contact.Area == 1);
            var pa = new PlacedSprite(sq, 2, 0);
            var pb = new PlacedSprite(sq, 5, 3);
            Equal("Contact: normal as b.ContactNormal(a)", pb.ContactNormal(pa), contact.Normal);
            Equal("Contact: push-out as b.PushOut(a)", pb.PushOut(pa), contact.PushOut);
            WorldContact limited = world.Contact(new Pair(a, b), 0);
            Check("Contact with push max 0: no push-out", !limited.PushOut.HasValue);
            world.MoveBody(b, 40, 40);
            WorldContact apart = world.Contact(new Pair(a, b));
            Check("Contact apart: nothing", !apart.Touching && apart.Area == 0 && apart.FirstContact.Equals(default(Point))
                && !apart.Normal.HasValue && apart.PushOut.Equals((Offset?)new Offset(0, 0)));

            // Queries. a is in category 4 with mask 0 and group 5: only a query in its group finds it.
            world.SetFilter(b, Filter.Default);
            Equal("AtPoint (2, 0) with the default filter: a's mask 0 refuses it", "", Ids(world.AtPoint(2, 0)));
            Equal("AtPoint (2, 0) in a's positive group", Ids(new[] { a }), Ids(world.AtPoint(2, 0, new Filter(0, 0, 5))));
            Equal("AtPoint nowhere", 0, world.AtPoint(-100, -100).Length);
            Equal("InRect of one pixel is AtPoint", Ids(world.AtPoint(2, 0, new Filter(0, 0, 5))),
                Ids(world.InRect(new Bounds2D(2, 0, 1, 1), new Filter(0, 0, 5))));
            Equal("InRect empty", 0, world.InRect(new Bounds2D(-100, -100, 0, 500)).Length);
            Equal("Overlapping a probe over b", Ids(new[] { b }), Ids(world.Overlapping(new PlacedSprite(cross, 39, 39))));
            BodyId hitBody;
            RayHit hit;
            Check("Raycast from (40, 30) up (+y) hits b at (40, 40)",
                world.Raycast(40, 30, 0, 1, 100, out hitBody, out hit) && hitBody == b
                && hit.Pixel.Equals(new Point(40, 40)) && hit.Step == 10);
            Check("Raycast too short: none, default outs",
                !world.Raycast(40, 30, 0, 1, 5, out hitBody, out hit) && hitBody == default(BodyId));
            Throws<PerPixelException>("Raycast with a (0, 0) direction", () => world.Raycast(0, 0, 0, 0, 5, out hitBody, out hit),
                e => e.Status == Status.InvalidArgument);
            BodyId other;
            SweepResult sweep;
            world.SetFilter(b, Filter.Default);
            world.SetFilter(c, Filter.Default);
            world.MoveBody(b, 20, 0);
            Check("Sweep b left (-20, 0) hits c (at 4, 0) first",
                world.Sweep(b, -20, 0, out other, out sweep) && other == c && sweep.IsHit
                && sweep.LastFree.Equals(new Point(8, 0)));
            Check("Sweep b right: clear", !world.Sweep(b, 5, 0, out other, out sweep) && other == default(BodyId)
                && sweep.Outcome == SweepOutcome.Clear && sweep.At.Equals(new Point(25, 0)));
            Throws<PerPixelException>("Sweep past int", () => world.Sweep(b, int.MaxValue, 0, out other, out sweep),
                e => e.Status == Status.InvalidArgument);

            // Transformed bodies: a square turned 45 degrees, the oracle rasterises it the same way.
            var turn = new SpriteTransform { X = 30, Y = 30, RotationDegrees = 45 };
            world.SetTransform(c, turn);
            using (Raster r = sq.Rasterise(turn))
            using (Mask m = world.BodyMask(c))
            {
                BodyInfo ci = world.GetBody(c);
                using (ci.Sprite.Mask)
                    Check("SetTransform: the body is the raster", ci.Sprite.X == r.X && ci.Sprite.Y == r.Y
                        && m.Count == r.Mask.Count && m.Width == r.Mask.Width);
            }
            Throws<PerPixelException>("SetTransform with scale 0", () => world.SetTransform(c, new SpriteTransform { ScaleX = 0 }),
                e => e.Status == Status.InvalidTransform);
            world.SetMask(c, cross);
            using (Mask m = world.BodyMask(c)) Check("SetMask on a turned body: the cross turned", m.Count > 0);
            BodyId t = world.CreateBody(new BodyDef { Mask = sq, Transform = new SpriteTransform { X = 1.5, Y = 0 }, Static = true });
            BodyInfo ti = world.GetBody(t);
            using (Raster r = sq.Rasterise(new SpriteTransform { X = 1.5, Y = 0 }))
            using (ti.Sprite.Mask)
                Check("a body created transformed and static", ti.Static && ti.Sprite.X == r.X && ti.Sprite.Y == r.Y);

            // Destroy: its pairs end at the next update, with its id.
            world.MoveBodies(new[] { a, b }, new[] { new BodyPosition(0, 0), new BodyPosition(1, 1) });
            world.SetFilter(a, Filter.Default);
            world.Update();
            Check("a and b touch again", world.Touching.ToArray().Contains(new Pair(a, b)));
            world.DestroyBody(b);
            world.Update();
            Check("destroying b ends its pair", world.Ends.ToArray().Contains(new Pair(a, b))
                && !world.Touching.ToArray().Any(p => p.Contains(b)));
            BodyId reused = world.CreateBody(new BodyDef { Mask = sq });
            Check("a new body reuses the slot with a new generation", reused.Index == b.Index
                && reused.Generation != b.Generation);
            Throws<ArgumentNullException>("CreateBody without a mask", () => world.CreateBody(new BodyDef()));
        }
    }

    static void WorldStaleIds()
    {
        using (var world = new World())
        using (Mask sq = Square(3))
        {
            BodyId a = world.CreateBody(new BodyDef { Mask = sq });
            BodyId b = world.CreateBody(new BodyDef { Mask = sq, X = 1 });
            BodyId gone = world.CreateBody(new BodyDef { Mask = sq, X = 2 });
            world.DestroyBody(gone);
            world.Update();
            string before = SpanPairs(world.Touching);
            Func<PerPixelException, bool> stale = e => e.Status == Status.StaleBody;
            Throws<PerPixelException>("DestroyBody twice", () => world.DestroyBody(gone), stale);
            Throws<PerPixelException>("MoveBody of a destroyed body", () => world.MoveBody(gone, 5, 5), stale);
            Throws<PerPixelException>("MoveBodies with one stale id", () => world.MoveBodies(new[] { a, gone },
                new[] { new BodyPosition(50, 50), new BodyPosition(0, 0) }), stale);
            Throws<PerPixelException>("SetFilter", () => world.SetFilter(gone, Filter.Default), stale);
            Throws<PerPixelException>("SetMask", () => world.SetMask(gone, sq), stale);
            Throws<PerPixelException>("SetTransform", () => world.SetTransform(gone, new SpriteTransform()), stale);
            Throws<PerPixelException>("GetBody", () => world.GetBody(gone), stale);
            Throws<PerPixelException>("BodyMask", () => world.BodyMask(gone), stale);
            Throws<PerPixelException>("Contact", () => world.Contact(new Pair(a, gone)), stale);
            BodyId o;
            SweepResult r;
            Throws<PerPixelException>("Sweep", () => world.Sweep(gone, 1, 0, out o, out r), stale);
            Throws<PerPixelException>("an id never made", () => world.MoveBody(new BodyId(99, 0, a.World), 0, 0), stale);
            BodyInfo ai = world.GetBody(a);
            using (ai.Sprite.Mask) Equal("the failed MoveBodies moved nothing", "0,0", ai.Sprite.X + "," + ai.Sprite.Y);
            world.Update();
            Equal("nothing changed: the same pairs", before, SpanPairs(world.Touching));
            Check("nothing changed: no events", world.Begins.IsEmpty && world.Ends.IsEmpty);
            using (var other = new World())
            {
                Throws<PerPixelException>("an id of another world", () => other.MoveBody(b, 0, 0),
                    e => e.Status == Status.WrongWorld);
            }
        }
    }

    /// <summary>Issue 30.4: an id carries its world. w2's id (the same index and generation as w1's body) and a
    /// default id are refused by every body member of w1 with <see cref="Status.WrongWorld"/>, and w1 is
    /// unchanged.</summary>
    static void WorldWrongWorld()
    {
        using (var w1 = new World())
        using (var w2 = new World())
        using (Mask sq = Square(6))
        {
            BodyId a1 = w1.CreateBody(new BodyDef { Mask = sq });
            BodyId b1 = w1.CreateBody(new BodyDef { Mask = sq, X = 4 });
            BodyId a2 = w2.CreateBody(new BodyDef { Mask = sq, X = 500, Y = 500 });
            Check("w2's first id has w1's first index and generation but another world",
                a1.Index == a2.Index && a1.Generation == a2.Generation && a1.World != a2.World && a1 != a2);
            Check("world tags are never 0 and shared by a world's ids", a1.World != 0 && b1.World == a1.World);
            Equal("Status.WrongWorld is 101", 101, (int)Status.WrongWorld);
            Equal("its text", "body id from another world", Library.StatusText(Status.WrongWorld));
            w1.Update();
            string before = SpanPairs(w1.Touching);
            BodyInfo info0 = w1.GetBody(a1);
            ulong pixels0;
            using (info0.Sprite.Mask) pixels0 = info0.Sprite.Mask.Count;
            Func<PerPixelException, bool> wrong = e => e.Status == Status.WrongWorld && e.Message.Contains("another world");
            foreach (BodyId id in new[] { a2, new BodyId() })
            {
                string n = " (" + id + ")";
                Throws<PerPixelException>("DestroyBody" + n, () => w1.DestroyBody(id), wrong);
                Throws<PerPixelException>("MoveBody" + n, () => w1.MoveBody(id, 5, 5), wrong);
                Throws<PerPixelException>("MoveBodies" + n, () => w1.MoveBodies(new[] { a1, id },
                    new[] { new BodyPosition(50, 50), new BodyPosition(0, 0) }), wrong);
                Throws<PerPixelException>("SetFilter" + n, () => w1.SetFilter(id, Filter.Default), wrong);
                Throws<PerPixelException>("SetMask" + n, () => w1.SetMask(id, sq), wrong);
                Throws<PerPixelException>("SetTransform" + n, () => w1.SetTransform(id, new SpriteTransform()), wrong);
                Throws<PerPixelException>("EditMask" + n, () => w1.EditMask(id, MaskEdit.Invert()), wrong);
                Throws<PerPixelException>("GetBody" + n, () => w1.GetBody(id), wrong);
                Throws<PerPixelException>("BodyMask" + n, () => w1.BodyMask(id), wrong);
                Throws<PerPixelException>("Contact (b)" + n, () => w1.Contact(new Pair(a1, id)), wrong);
                Throws<PerPixelException>("Contact (a)" + n, () => w1.Contact(new Pair(id, b1)), wrong);
                BodyId o;
                SweepResult r;
                Throws<PerPixelException>("Sweep" + n, () => w1.Sweep(id, 1, 0, out o, out r), wrong);
                Throws<PerPixelException>("RaycastBody" + n, () => w1.RaycastBody(id, 0, 0, 1, 0, 5), wrong);
                Throws<PerPixelException>("MoveAndSlide against it" + n,
                    () => w1.MoveAndSlide(new PlacedSprite(sq, 9, 9), new[] { id }, 1, 0), wrong);
            }
            Throws<PerPixelException>("w2 refuses w1's id", () => w2.MoveBody(a1, 0, 0), wrong);
            BodyInfo info1 = w1.GetBody(a1);
            using (info1.Sprite.Mask)
                Check("w1's body is where it was, with its pixels", info1.Sprite.X == 0 && info1.Sprite.Y == 0
                    && info1.Sprite.Mask.Count == pixels0);
            w1.Update();
            Equal("w1 unchanged: the same pairs", before, SpanPairs(w1.Touching));
            Check("w1 unchanged: no events", w1.Begins.IsEmpty && w1.Ends.IsEmpty);
        }
    }

    /// <summary>Issue 30.3 (test_transforms.c positions_at_2_31): a position at 2^31, inside the transform's
    /// limits, puts the raster's corner past int: <see cref="Status.Overflow"/> from Rasterise, RasteriseMatrix,
    /// CreateBody and SetTransform, nothing changed; at -2^31 the corner fits.</summary>
    static void PositionsAt2To31()
    {
        using (var world = new World())
        using (Mask m = Mask.Create(3, 2, true))
        {
            SpriteTransform t = SpriteTransform.At(2147483648.0, 0);
            Func<PerPixelException, bool> overflow = e => e.Status == Status.Overflow && e.Message.Contains("i32");
            Throws<PerPixelException>("Rasterise at x = 2^31", () => m.Rasterise(t), overflow);
            Throws<PerPixelException>("Rasterise bounds-only at x = 2^31", () => m.Rasterise(t, true), overflow);
            Throws<PerPixelException>("RasteriseMatrix at tx = 2^31",
                () => m.RasteriseMatrix(new[] { 1, 0, 2147483648.0, 0, 1, 0 }), overflow);
            Throws<PerPixelException>("CreateBody at x = 2^31", () => world.CreateBody(new BodyDef { Mask = m, Transform = t }),
                overflow);
            BodyId plain = world.CreateBody(new BodyDef { Mask = m, X = 5 });
            Throws<PerPixelException>("SetTransform to x = 2^31", () => world.SetTransform(plain, t), overflow);
            BodyInfo info = world.GetBody(plain);
            using (info.Sprite.Mask) Equal("the refused SetTransform left the body", 5, info.Sprite.X);
            using (Raster r = m.Rasterise(SpriteTransform.At(-2147483648.0, 0)))
                Equal("at -2^31 the corner fits", int.MinValue, r.X);
        }
    }

    /// <summary>Issue 30.3: the documented edges (as test_world.c documented_edges): a static body's sweep
    /// meets static bodies, a transformed body's position is its raster's corner, a turned bounds-only body
    /// collides as its axis-aligned box, StartedInside blocks no axis, a body's contact with itself.</summary>
    static void WorldDocumentedEdges()
    {
        using (var world = new World())
        using (Mask box = Mask.Create(4, 4, true))
        using (Mask ten = Mask.Create(10, 10, true))
        {
            BodyId a = world.CreateBody(new BodyDef { Mask = box, Static = true });
            BodyId b = world.CreateBody(new BodyDef { Mask = box, X = 10, Static = true });
            BodyId other;
            SweepResult sr;
            Check("a static body's sweep meets a static body", world.Sweep(a, 20, 0, out other, out sr)
                && other == b && sr.Outcome == SweepOutcome.Hit && sr.Step == 7);
            var t = SpriteTransform.At(100.25, 50.5);
            t.RotationDegrees = 45;
            BodyId turned = world.CreateBody(new BodyDef { Mask = ten, Transform = t });
            BodyInfo info = world.GetBody(turned);
            int rx, ry;
            using (Raster r = ten.Rasterise(t)) { rx = r.X; ry = r.Y; }
            using (info.Sprite.Mask)
                Check("a transformed body's position is its raster's corner",
                    info.Sprite.X == rx && info.Sprite.Y == ry && rx != 100 && ry != 50);
            BodyId boxed = world.CreateBody(new BodyDef { Mask = ten, Transform = t, PixelCollision = false });
            var found = new BodyId[4];
            int n;
            Check("at the box's corner", world.TryAtPoint(rx, ry, found, out n));
            Check("a turned bounds-only body collides as its axis-aligned box (and only it there)",
                n == 1 && found[0] == boxed);
            WorldContact c = world.Contact(new Pair(turned, turned));
            BodyInfo again = world.GetBody(turned);
            using (again.Sprite.Mask)
                Check("a body's contact with itself: its pixel count, touching, a push-out",
                    c.Touching && c.Area == again.Sprite.Mask.Count && c.PushOut.HasValue);
            MoveResult m = new PlacedSprite(box, 1, 1).MoveAndSlide(new[] { new PlacedSprite(ten, 0, 0) }, 5, 7);
            Check("started inside: neither axis blocked, nothing climbed, not moved",
                m.StartedInside && !m.BlockedX && !m.BlockedY && m.Climbed == 0 && m.X == 1 && m.Y == 1);
        }
    }

    static void WorldDispose()
    {
        var world = new World();
        Mask sq = Square(2);
        BodyId a = world.CreateBody(new BodyDef { Mask = sq });
        world.CreateBody(new BodyDef { Mask = sq, X = 1 });
        sq.Dispose();
        world.Update();
        Equal("the world keeps its own reference to a disposed mask", 1, world.Touching.Length);
        world.Dispose();
        Check("IsDisposed", world.IsDisposed);
        world.Dispose();
        Throws<ObjectDisposedException>("Update after Dispose", () => world.Update());
        Throws<ObjectDisposedException>("Touching after Dispose", () => { var t = world.Touching; });
        Throws<ObjectDisposedException>("MoveBody after Dispose", () => world.MoveBody(a, 0, 0));
        Throws<ObjectDisposedException>("AtPoint after Dispose", () => world.AtPoint(0, 0));
        Throws<ObjectDisposedException>("InRect after Dispose", () => world.InRect(new Bounds2D(0, 0, 1, 1)));
        Throws<ObjectDisposedException>("CreateBody after Dispose", () => world.CreateBody(new BodyDef()));
    }

    static void WorldThreads()
    {
        // Changes from two threads at once: each call either works or is refused with InvalidArgument ("in
        // use"), never a race or a crash; the world stays consistent.
        using (var world = new World())
        using (Mask sq = Square(3))
        {
            var ids = new List<BodyId>();
            for (int i = 0; i < 20; i++) ids.Add(world.CreateBody(new BodyDef { Mask = sq, X = i * 2 }));
            int refused = 0, otherErrors = 0, done = 0;
            var t = new System.Threading.Thread(() =>
            {
                for (int k = 0; k < 2000; k++)
                {
                    try { world.MoveBody(ids[k % ids.Count], k % 50, 0); }
                    catch (PerPixelException e) { if (e.Status == Status.InvalidArgument) System.Threading.Interlocked.Increment(ref refused); else otherErrors++; }
                }
            });
            t.Start();
            for (int k = 0; k < 2000; k++)
            {
                try { world.Update(); done++; }
                catch (PerPixelException e) { if (e.Status == Status.InvalidArgument) System.Threading.Interlocked.Increment(ref refused); else otherErrors++; }
            }
            t.Join();
            Equal("two threads changing a world: only 'in use' refusals (" + refused + " of them)", 0, otherErrors);
            world.Update();
            Check("the world still answers after the race (" + done + " updates went through)", world.Touching.Length >= 0
                && world.AtPoint(0, 0).Length <= ids.Count);
        }
    }
}
