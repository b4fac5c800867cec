// Tests of editing masks in the C# binding (issue 16): shared masks refused (Status.MaskShared) and copies
// editable, a mask drawn into itself, raw bytes, and a crater blown into a World's terrain with
// World.EditMask. Every edit's pixels on random masks are the conformance corpus's (set_pixel ... invert),
// replayed through this binding by CorpusTests.cs. Part of PerPixelTests.exe.
using System;
using PerPixel;

static partial class Tests
{
    static void Edits()
    {
        EditRules();
        WorldCrater();
    }

    // A random mask (also used by MotionTests.cs and PolygonTests.cs).
    static Mask RandomMask(Random rng, int w, int h, int density)
    {
        var a8 = new byte[w * h];
        for (int i = 0; i < a8.Length; i++) a8[i] = (byte)(rng.Next(100) < density ? 255 : 0);
        return Mask.FromPixels(a8, PixelFormat.A8, w, h, w, new MaskOptions());
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
