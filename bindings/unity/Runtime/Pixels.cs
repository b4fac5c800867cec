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
            return Rounded(TryRound(v, out pixel), v, pixel);
        }

        private static int Rounded(bool ok, double v, int pixel)
        {
            if (!ok)
            {
                throw new OverflowException("the position " + v.ToString("R", System.Globalization.CultureInfo.InvariantCulture) +
                    " has no pixel: NaN, infinite, or outside the int range");
            }
            return pixel;
        }

        // floor(v), then up one when the fraction is at least a half less the tolerance. v - floor(v) is
        // exact in double arithmetic, unlike v + 0.5, so with tolerance 0 this is the exact floor(v + 0.5).
        private static bool RoundBelow(double v, double tolerance, out int pixel)
        {
            double f = Math.Floor(v);
            if (v - f >= 0.5 - tolerance) f += 1.0;
            // NaN fails both comparisons; infinities fail one.
            if (f >= int.MinValue && f <= int.MaxValue)
            {
                pixel = (int)f;
                return true;
            }
            pixel = 0;
            return false;
        }

        /// <summary><c>floor(v + 0.5)</c> as an <see cref="int"/>; see <see cref="Round(double)"/> (a float
        /// converts to double exactly, so the answer is the same).</summary>
        public static int Round(float v)
        {
            return Round((double)v);
        }

        /// <summary>The most a float position may fall below a half-pixel boundary and still count as on it:
        /// 1/64 pixel (see <see cref="PositionTolerance(double)"/>).</summary>
        public const double MaxPositionTolerance = 1.0 / 64;

        /// <summary>How far below a half-pixel boundary a float position <paramref name="v"/> (in pixels) may
        /// fall and still count as on it: |v| / 8192, at most 1/64 pixel. 8192 = 2^13 is about a thousand
        /// float roundings at that size (a float carries 24 bits), so the noise of a position computed
        /// through a few float operations, or advanced by a constant for a thousand frames, stays inside it;
        /// a legitimate sub-pixel position is never moved by more than 1/64 pixel.</summary>
        public static double PositionTolerance(double v)
        {
            return Math.Min(MaxPositionTolerance, Math.Abs(v) / 8192);
        }

        /// <summary>
        /// A float position (in pixels) as a whole pixel, robust to float noise: <c>floor(v + 0.5 + t)</c> with
        /// t = <see cref="PositionTolerance(double)"/> = min(|v| / 8192, 1/64), i.e. <see cref="Round(double)"/>
        /// with a value within t below a half-pixel boundary counted as on it. Throws <see cref="OverflowException"/> for NaN, ±infinity or a
        /// result outside <see cref="int"/>.
        /// </summary>
        /// <remarks>
        /// Unity positions are floats: <c>k / 100f</c> × 100 is <c>k</c> only to within a float's rounding, so
        /// an odd-sized sprite with a centre pivot, whose corner <c>k − 2.5</c> sits exactly on a boundary,
        /// lands on <c>k − 3</c> or <c>k − 2</c> by the noise's sign under the exact rule (482 of 1,000
        /// positions <c>k / 100f</c> did). The tolerance absorbs the noise of positions up to 2^17 pixels from
        /// the origin (a float's half ulp there is 1/128 pixel) and the drift of a position advanced by
        /// <c>1 / pixelsPerUnit</c> a frame for 1,000 frames, at any pixels per unit (checked at 0.5 to 5,000
        /// pixels per unit and pivots 0, 0.5, 1.5, 2 and 2.5); it moves no sprite by more than 1/64 pixel, and
        /// small positions by much less (3.49 is pixel 3, 3.4999 is 4).
        /// A position accumulated over many more frames drifts further (0.47 pixel after 10,000 frames of
        /// <c>+= 0.01f</c>): keep whole-pixel motion as an integer count and set the position from it
        /// (<c>SpriteCollider.SnapToPixel</c>, <c>SpriteCollider.PixelToWorld</c>).
        /// </remarks>
        public static int RoundPosition(double v)
        {
            int pixel;
            return Rounded(TryRoundPosition(v, out pixel), v, pixel);
        }

        /// <summary><see cref="RoundPosition"/> in <paramref name="pixel"/> and true; false (and 0) for NaN,
        /// ±infinity or a result outside <see cref="int"/>.</summary>
        public static bool TryRoundPosition(double v, out int pixel)
        {
            return RoundBelow(v, PositionTolerance(v), out pixel);
        }

        /// <summary><c>floor(v + 0.5)</c> in <paramref name="pixel"/> and true; false (and 0) for NaN,
        /// ±infinity or a result outside <see cref="int"/>.</summary>
        public static bool TryRound(double v, out int pixel)
        {
            return RoundBelow(v, 0, out pixel);
        }
    }
}
