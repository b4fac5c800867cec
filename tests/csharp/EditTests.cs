// Tests of editing masks in the C# binding (issue 16): every Mask edit against a plain per-pixel oracle
// of its own on random masks, shared masks refused (Status.MaskShared) and copies editable, a mask
// drawn into itself, and a crater blown into a World's terrain with World.EditMask. Part of
// PerPixelTests.exe.
using System;
using PerPixel;

static partial class Tests
{
    static void Edits()
    {
        EditOracle();
        EditRules();
        WorldCrater();
    }

    // The oracle: one bool per pixel, each rule written out in exact integers.
    static bool[] PixelsOf(Mask m)
    {
        var p = new bool[m.Width * m.Height];
        for (int y = 0; y < m.Height; y++)
            for (int x = 0; x < m.Width; x++)
                p[y * m.Width + x] = m.IsSolid(x, y);
        return p;
    }

    static void Paint(bool[] p, int w, int h, bool solid, Func<long, long, bool> inside)
    {
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                if (inside(x, y)) p[y * w + x] = solid;
    }

    static bool InCapsule(long px, long py, long ax, long ay, long bx, long by, long r)
    {
        long d2 = (2 * r + 1) * (2 * r + 1), dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
        long dot = (px - ax) * dx + (py - ay) * dy;
        if (len2 == 0 || dot <= 0) return 4 * ((px - ax) * (px - ax) + (py - ay) * (py - ay)) < d2;
        if (dot >= len2) return 4 * ((px - bx) * (px - bx) + (py - by) * (py - by)) < d2;
        long ex = (px - ax) * len2 - dot * dx, ey = (py - ay) * len2 - dot * dy;
        return 4 * (ex * ex + ey * ey) < d2 * len2 * len2;
    }

    static Mask RandomMask(Random rng, int w, int h, int density)
    {
        var a8 = new byte[w * h];
        for (int i = 0; i < a8.Length; i++) a8[i] = (byte)(rng.Next(100) < density ? 255 : 0);
        return Mask.FromPixels(a8, PixelFormat.A8, w, h, w, new MaskOptions());
    }

    static void EditOracle()
    {
        var rng = new Random(1616);
        int[] sides = { 1, 7, 63, 64, 65, 90 };
        int runs = 0, agree = 0, edits = 0;
        for (int run = 0; run < 40; run++)
        {
            int w = sides[rng.Next(sides.Length)], h = sides[rng.Next(sides.Length)];
            using (Mask m = RandomMask(rng, w, h, rng.Next(101)))
            using (Mask o = RandomMask(rng, rng.Next(1, 30), rng.Next(1, 30), rng.Next(101)))
            {
                bool[] p = PixelsOf(m), po = PixelsOf(o);
                bool ok = true;
                for (int k = 0; k < 10 && ok; k++)
                {
                    bool solid = rng.Next(2) == 0;
                    int x = rng.Next(-10, w + 10), y = rng.Next(-10, h + 10);
                    switch (rng.Next(7))
                    {
                        case 0:
                            m.SetPixel(x, y, solid);
                            Paint(p, w, h, solid, (i, j) => i == x && j == y);
                            break;
                        case 1:
                        {
                            var r = new Bounds2D(x, y, rng.Next(-2, w), rng.Next(-2, h));
                            m.FillRect(r, solid);
                            Paint(p, w, h, solid, (i, j) => i >= r.x && j >= r.y && i < (long)r.x + r.width &&
                                j < (long)r.y + r.height);
                            break;
                        }
                        case 2:
                        {
                            int op = rng.Next(4), ox = rng.Next(-o.Width, w), oy = rng.Next(-o.Height, h);
                            var before = (bool[])p.Clone();
                            if (op == 0) m.Draw(o, ox, oy);
                            else if (op == 1) m.Erase(o, ox, oy);
                            else if (op == 2) m.Intersect(o, ox, oy);
                            else m.Xor(o, ox, oy);
                            for (int j = 0; j < h; j++)
                                for (int i = 0; i < w; i++)
                                {
                                    int u = i - ox, v = j - oy;
                                    bool b = u >= 0 && v >= 0 && u < o.Width && v < o.Height && po[v * o.Width + u];
                                    bool a = before[j * w + i];
                                    p[j * w + i] = op == 0 ? a | b : op == 1 ? a & !b : op == 2 ? a & b : a ^ b;
                                }
                            break;
                        }
                        case 3:
                            m.Invert();
                            for (int i = 0; i < p.Length; i++) p[i] = !p[i];
                            break;
                        case 4:
                        {
                            int r = rng.Next(20);
                            m.FillCircle(x, y, r, solid);
                            Paint(p, w, h, solid, (i, j) => (i - x) * (i - x) + (j - y) * (j - y) <= (long)r * r + r);
                            break;
                        }
                        case 5:
                        {
                            var r = new Bounds2D(x, y, rng.Next(-1, w), rng.Next(-1, h));
                            m.FillEllipse(r, solid);
                            long W = r.width, H = r.height;
                            Paint(p, w, h, solid, (i, j) =>
                            {
                                if (W <= 0 || H <= 0) return false;
                                long u = 2 * i + 1 - 2 * r.x - W, v = 2 * j + 1 - 2 * r.y - H;
                                return u * u * H * H + v * v * W * W <= W * W * H * H;
                            });
                            break;
                        }
                        default:
                        {
                            int x1 = rng.Next(-10, w + 10), y1 = rng.Next(-10, h + 10), r = rng.Next(6);
                            m.DrawLine(x, y, x1, y1, r, solid);
                            Paint(p, w, h, solid, (i, j) => InCapsule(i, j, x, y, x1, y1, r));
                            break;
                        }
                    }
                    edits++;
                    bool[] got = PixelsOf(m);
                    ulong count = 0;
                    for (int i = 0; i < p.Length; i++)
                    {
                        ok &= got[i] == p[i];
                        if (p[i]) count++;
                    }
                    ok &= m.Count == count;
                }
                runs++;
                if (ok) agree++;
            }
        }
        Equal("random edit sequences agreeing with the C# oracle (" + edits + " edits)", runs, agree);
    }

    static void EditRules()
    {
        using (Mask m = Mask.Create(30, 10, true))
        using (var w = new World())
        {
            BodyId id = w.CreateBody(new BodyDef { Mask = m, X = 0, Y = 0 });
            Throws("editing a mask a world holds", () => m.SetPixel(0, 0, false), With(Status.MaskShared, "pp_mask_copy"));
            Throws("inverting it", () => m.Invert(), With(Status.MaskShared, "mask shared"));
            Equal("it keeps its pixels", 300UL, m.Count);
            using (Mask c = m.Copy())
            {
                c.FillCircle(15, 5, 2, false);
                Equal("its copy edits (a 21-pixel disc cleared: 5 x 5 without its corners)", 279UL, c.Count);
                Equal("the original is unchanged", 300UL, m.Count);
            }
            w.DestroyBody(id);
        }
        using (Mask m = Mask.Create(20, 4, false))
        {
            m.FillRect(new Bounds2D(0, 0, 3, 1), true);
            m.Draw(m, 3, 0);
            m.Draw(m, 6, 0);
            Equal("a mask drawn into itself, shifted, twice", 12UL, m.Count);
            m.Xor(m, 0, 0);
            Equal("xored with itself: empty", 0UL, m.Count);
            Throws<ArgumentNullException>("Draw(null)", () => m.Draw(null, 0, 0));
        }
        using (Mask two = Mask.Create(10, 2, false))
        {
            two.SetPixel(0, 0, true);
            two.SetPixel(9, 1, true);
            byte[] bytes = two.ToBytes();
            Equal("ToBytes: LSB first, two bytes a row", "01-00-00-02", BitConverter.ToString(bytes));
            bytes[1] |= 0xFC; // padding bits: ignored
            using (Mask back = Mask.FromBytes(10, 2, bytes))
                Check("FromBytes reads them back", back.Count == 2 && back.IsSolid(9, 1) && !back.IsSolid(8, 0));
            Throws("FromBytes with 3 bytes for 4", () => Mask.FromBytes(10, 2, new byte[3]),
                With(Status.InvalidArgument, "4"));
            Throws<ArgumentOutOfRangeException>("a negative radius", () => two.FillCircle(0, 0, -1, true));
        }
    }

    static void WorldCrater()
    {
        using (Mask ground = Mask.Create(200, 40, true))
        using (Mask ball = Mask.Create(6, 6, true))
        using (var w = new World())
        {
            BodyId floor = w.CreateBody(new BodyDef { Mask = ground, X = 0, Y = 100, Static = true });
            BodyId b = w.CreateBody(new BodyDef { Mask = ball, X = 60, Y = 97 });
            w.Update();
            Equal("the ball sunk into the ground touches it", 1, w.Touching.Length);
            Throws("a default MaskEdit (no operation)", () => w.EditMask(floor, new MaskEdit()),
                With(Status.InvalidArgument, "op"));
            w.Update();
            Equal("a refused list changed nothing", 1, w.Touching.Length);
            w.EditMask(floor, MaskEdit.FillCircle(62, 0, 10, false));
            w.Update();
            Equal("after the crater: nothing touches", 0, w.Touching.Length);
            Equal("and the pair ended", 1, w.Ends.Length);
            Equal("the caller's ground keeps its pixels", 8000UL, ground.Count);
            using (Mask mine = w.BodyMask(floor))
                Check("the world's ground lost the crater's pixels", mine.Count < 8000UL);
            w.EditMask(floor, MaskEdit.Erase(ground, 0, 0), MaskEdit.Invert());
            using (Mask mine = w.BodyMask(floor))
                Equal("erased by the whole ground then inverted: full again", 8000UL, mine.Count);
            w.DestroyBody(b);
            Throws("a stale id", () => w.EditMask(b, MaskEdit.Invert()), With(Status.StaleBody, "stale"));
        }
    }
}
