// Tests of the allocation-free world queries of the plain binding (World.TryAtPoint ...).
using System;
using System.Collections.Generic;
using System.Linq;
using PerPixel;

static partial class Tests
{
    static void PixelWorldQueries()
    {
        WorldBufferQueries();
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
            var sentinel = new BodyId(99, 99);
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
}
