using System;

namespace PerPixel
{
    /// <summary>
    /// Float positions to whole pixels, by the one rule every perpixel binding uses: <c>floor(v + 0.5)</c>,
    /// halves rounded up (towards +∞). So 0.5 → 1, 1.5 → 2, 2.5 → 3, −0.5 → 0, −1.5 → −1: a sprite moving
    /// by one pixel per step lands one pixel further each step, never in the 2-pixel steps that
    /// round-half-to-even (<c>Mathf.RoundToInt</c>, <c>Math.Round</c>) gives an odd-sized sprite with a
    /// centre pivot.
    /// </summary>
    /// <remarks>
    /// The result is the exact <c>floor(v + 0.5)</c> of the value passed, computed without the rounding
    /// error of adding 0.5 in floating point (which would round 0.49999999999999994 up to 1), so it is the
    /// same on every platform. NaN, ±infinity and values whose rounded result lies outside
    /// <see cref="int"/> have no pixel: <see cref="Round(double)"/> throws <see cref="OverflowException"/>
    /// for them (as <c>checked((int)v)</c> does), <see cref="TryRound(double, out int)"/> returns false.
    /// A <see cref="float"/> converts to <see cref="double"/> exactly, so <see cref="Round(float)"/> is the
    /// same rule. Callers that compute <c>v</c> from several floats (the Unity glue's
    /// <c>position × pixelsPerUnit − pivot</c>) do that arithmetic in <see cref="double"/>.
    /// </remarks>
    public static class Pixels
    {
        /// <summary><c>floor(v + 0.5)</c> as an <see cref="int"/>: halves round up (0.5 → 1, −0.5 → 0,
        /// 2.5 → 3, −1.5 → −1). Throws <see cref="OverflowException"/> for NaN, ±infinity or a result
        /// outside <see cref="int"/>.</summary>
        public static int Round(double v)
        {
            int pixel;
            if (!TryRound(v, out pixel))
            {
                throw new OverflowException("the position " + v.ToString("R", System.Globalization.CultureInfo.InvariantCulture) +
                    " has no pixel: NaN, infinite, or outside the int range");
            }
            return pixel;
        }

        /// <summary><c>floor(v + 0.5)</c> as an <see cref="int"/>; see <see cref="Round(double)"/> (a float
        /// converts to double exactly, so the answer is the same).</summary>
        public static int Round(float v)
        {
            return Round((double)v);
        }

        /// <summary><c>floor(v + 0.5)</c> in <paramref name="pixel"/> and true; false (and 0) for NaN,
        /// ±infinity or a result outside <see cref="int"/>.</summary>
        public static bool TryRound(double v, out int pixel)
        {
            // floor(v), then up one when the fraction is at least a half. v - floor(v) is exact in
            // double arithmetic, unlike v + 0.5, so this is the exact floor(v + 0.5).
            double f = Math.Floor(v);
            if (v - f >= 0.5) f += 1.0;
            // NaN fails both comparisons; infinities fail one.
            if (f >= int.MinValue && f <= int.MaxValue)
            {
                pixel = (int)f;
                return true;
            }
            pixel = 0;
            return false;
        }
    }
}
