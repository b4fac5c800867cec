// Tests of Pixels.Round, the one float-to-pixel rule (floor(v + 0.5)). Part of PerPixelTests.exe.
using System;
using System.Linq;
using PerPixel;

static partial class Tests
{
    static void PixelRounding()
    {
        // Halves go up, always: floor(v + 0.5).
        var halves = new[] { 0.5, -0.5, 1.5, 2.5, -1.5, -2.5, 3.5, -3.5 };
        Equal("Pixels.Round of 0.5, -0.5, 1.5, 2.5, -1.5, -2.5, 3.5, -3.5", "1,0,2,3,-1,-2,4,-3",
            string.Join(",", halves.Select(v => Pixels.Round(v))));
        Equal("Pixels.Round(float) of the same", "1,0,2,3,-1,-2,4,-3",
            string.Join(",", halves.Select(v => Pixels.Round((float)v))));
        Equal("Math.Round (Unity's Mathf.RoundToInt) rounds those halves to even", "0,0,2,2,-2,-2,4,-4",
            string.Join(",", halves.Select(v => (int)Math.Round(v))));
        Equal("Pixels.Round of 0.49999999999999994 (v + 0.5 would round up to 1.0)", 0, Pixels.Round(0.49999999999999994));
        Equal("Pixels.Round of 0.49999997f", 0, Pixels.Round(0.49999997f));
        Equal("Pixels.Round of -0.50000001", -1, Pixels.Round(-0.50000001));
        Equal("Pixels.Round of 7.4999", 7, Pixels.Round(7.4999));
        Equal("Pixels.Round of -7.5001", -8, Pixels.Round(-7.5001));
        Equal("Pixels.Round of 2147483646.5", int.MaxValue, Pixels.Round(2147483646.5));
        Equal("Pixels.Round of -2147483648.5", int.MinValue, Pixels.Round(-2147483648.5));
        foreach (double bad in new[] { double.NaN, double.PositiveInfinity, double.NegativeInfinity, 2147483647.5,
            -2147483648.6, 1e300 })
        {
            int pixel;
            Check("Pixels.TryRound(" + bad + ") is false with 0", !Pixels.TryRound(bad, out pixel) && pixel == 0);
            Throws<OverflowException>("Pixels.Round(" + bad + ")", () => Pixels.Round(bad),
                x => x.Message.Contains("no pixel"));
        }
        Throws<OverflowException>("Pixels.Round(float.NaN)", () => Pixels.Round(float.NaN));
        Throws<OverflowException>("Pixels.Round(3e9f)", () => Pixels.Round(3e9f));
        int ok;
        Check("Pixels.TryRound(-0.5) is true with 0", Pixels.TryRound(-0.5, out ok) && ok == 0);
    }
}
