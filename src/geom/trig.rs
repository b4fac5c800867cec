//! Sine and cosine of an angle in degrees, computed in software with IEEE basic operations
//! only, so every platform gets the same bits (the platform's `sin` differs between C
//! libraries, CPUs and compilers; transforms must not).
//!
//! Only `+`, `-`, `*`, `/`, `%` (IEEE remainder of a division, exact), `round` (exact)
//! and comparisons are used. Rust never contracts `a * b + c` into a fused multiply-add,
//! so each operation rounds exactly once, as IEEE 754 specifies, on every target.
//!
//! The angle is reduced exactly in degrees first (`deg % 360`, then to the nearest
//! multiple of 90), so multiples of 90 degrees give exactly 0 and ±1, and the rest is a
//! remainder in [-45, 45] degrees. That remainder becomes radians as a double-double
//! (`pi / 180` in two parts, the product's error recovered exactly with Dekker's
//! splitting), and the polynomials are fdlibm's `__kernel_sin` / `__kernel_cos`
//! (minimax on [-pi/4, pi/4], error below one unit in the last place), which take the
//! low part as a correction.

// fdlibm's coefficients are kept exactly as fdlibm writes them.
#![allow(clippy::excessive_precision)]

/// `pi / 180` rounded to f64, and the rest (`pi / 180 - PI_180_HI`) rounded to f64.
const PI_180_HI: f64 = 0.017453292519943295;
const PI_180_LO: f64 = 2.948_652_270_870_168_7e-19;

/// 2^27 + 1: Veltkamp's splitter for f64 (splits a double into two 26-bit halves).
const SPLITTER: f64 = 134_217_729.0;

// fdlibm k_sin.c
const S1: f64 = -1.666_666_666_666_663_243_48e-1;
const S2: f64 = 8.333_333_333_322_489_461_24e-3;
const S3: f64 = -1.984_126_982_985_794_931_34e-4;
const S4: f64 = 2.755_731_370_707_006_767_89e-6;
const S5: f64 = -2.505_076_025_340_686_341_95e-8;
const S6: f64 = 1.589_690_995_211_550_102_21e-10;

// fdlibm k_cos.c
const C1: f64 = 4.166_666_666_666_660_190_37e-2;
const C2: f64 = -1.388_888_888_887_410_957_49e-3;
const C3: f64 = 2.480_158_728_947_672_941_78e-5;
const C4: f64 = -2.755_731_435_139_066_330_35e-7;
const C5: f64 = 2.087_572_321_298_174_827_90e-9;
const C6: f64 = -1.135_964_755_778_819_482_65e-11;

/// Sine and cosine of `deg` degrees, bit-identical on every platform.
///
/// Multiples of 90 degrees are exact (`(0, 1)`, `(1, 0)`, `(0, -1)`, `(-1, 0)`, never
/// `-0.0`); other angles are within about one unit in the last place of the true values.
/// A non-finite `deg` gives `(NaN, NaN)` ([`crate::Transform`] refuses such angles).
/// This is the sine and cosine every [`crate::Transform`] uses: build an
/// [`crate::Affine`] from it to get the same matrix on every platform.
///
/// ```
/// use perpixel::sin_cos_degrees;
/// assert_eq!(sin_cos_degrees(90.0), (1.0, 0.0));
/// assert_eq!(sin_cos_degrees(-540.0), (0.0, -1.0));
/// let (s, c) = sin_cos_degrees(30.0);
/// assert!((s - 0.5).abs() < 1e-16 && (c - 0.75f64.sqrt()).abs() < 2e-16);
/// ```
pub fn sin_cos_degrees(deg: f64) -> (f64, f64) {
    if !deg.is_finite() {
        return (f64::NAN, f64::NAN);
    }
    // Exact: the IEEE remainder of a division by 360 is representable.
    let r = deg % 360.0;
    // The nearest multiple of 90 (|q| <= 4). `r - 90 q` is exact: for q != 0 both terms
    // lie within a factor of two of each other (Sterbenz).
    let q = (r / 90.0).round();
    let d = r - 90.0 * q;
    let quadrant = (q as i64).rem_euclid(4);
    // d degrees to radians as x + y (a double-double): d * HI exactly as p + e, plus d * LO.
    let p = d * PI_180_HI;
    let e = two_product_error(d, PI_180_HI, p);
    let x = p + (e + d * PI_180_LO);
    let y = (e + d * PI_180_LO) - (x - p);
    let (s, c) = (kernel_sin(x, y), kernel_cos(x, y));
    // `+ 0.0` turns -0.0 into 0.0 (and leaves every other value alone).
    match quadrant {
        0 => (s + 0.0, c + 0.0),
        1 => (c + 0.0, -s + 0.0),
        2 => (-s + 0.0, -c + 0.0),
        _ => (-c + 0.0, s + 0.0),
    }
}

/// The rounding error of `a * b` (whose rounded value is `p`), exactly: Dekker's
/// two-product with Veltkamp splitting, no fused multiply-add.
fn two_product_error(a: f64, b: f64, p: f64) -> f64 {
    let (ah, al) = split(a);
    let (bh, bl) = split(b);
    ((ah * bh - p) + ah * bl + al * bh) + al * bl
}

fn split(a: f64) -> (f64, f64) {
    let t = SPLITTER * a;
    let hi = t - (t - a);
    (hi, a - hi)
}

/// sin(x + y) for |x + y| <= ~pi/4, |y| tiny (fdlibm's `__kernel_sin`).
fn kernel_sin(x: f64, y: f64) -> f64 {
    let z = x * x;
    let v = z * x;
    let r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
    x - ((z * (0.5 * y - v * r) - y) - v * S1)
}

/// cos(x + y) for |x + y| <= ~pi/4, |y| tiny (fdlibm's `__kernel_cos`).
fn kernel_cos(x: f64, y: f64) -> f64 {
    let z = x * x;
    let w = z * z;
    let r = z * (C1 + z * (C2 + z * C3)) + w * w * (C4 + z * (C5 + z * C6));
    let hz = 0.5 * z;
    let w = 1.0 - hz;
    w + (((1.0 - w) - hz) + (z * r - x * y))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The platform's sine and cosine of `deg`, reduced exactly in degrees first (so the
    /// comparison measures this file's error, not `to_radians` of a large angle).
    fn platform(deg: f64) -> (f64, f64) {
        let r = deg % 360.0;
        let q = (r / 90.0).round();
        let d = r - 90.0 * q;
        let (s, c) = (d.to_radians()).sin_cos();
        match (q as i64).rem_euclid(4) {
            0 => (s, c),
            1 => (c, -s),
            2 => (-s, -c),
            _ => (-c, s),
        }
    }

    #[test]
    fn multiples_of_90_are_exact() {
        let cases = [
            (0.0, (0.0, 1.0)),
            (-0.0, (0.0, 1.0)),
            (90.0, (1.0, 0.0)),
            (180.0, (0.0, -1.0)),
            (270.0, (-1.0, 0.0)),
            (360.0, (0.0, 1.0)),
            (-90.0, (-1.0, 0.0)),
            (-180.0, (0.0, -1.0)),
            (450.0, (1.0, 0.0)),
            (-720.0, (0.0, 1.0)),
            (1e6 * 90.0, (0.0, 1.0)),
            (1e6 * 90.0 + 90.0, (1.0, 0.0)),
            (-(1e6 * 90.0 + 270.0), (1.0, 0.0)),
            (90.0 * 2f64.powi(60), (0.0, 1.0)),
        ];
        for (deg, want) in cases {
            let got = sin_cos_degrees(deg);
            assert_eq!(got, want, "{deg} degrees");
            // Never -0.0.
            assert!(got.0.is_sign_positive() || got.0 != 0.0, "{deg}: sin is -0");
            assert!(got.1.is_sign_positive() || got.1 != 0.0, "{deg}: cos is -0");
        }
    }

    #[test]
    fn matches_the_platform_within_2e_16() {
        let mut worst = 0.0f64;
        let mut check = |deg: f64| {
            let (s, c) = sin_cos_degrees(deg);
            let (ps, pc) = platform(deg);
            let err = (s - ps).abs().max((c - pc).abs());
            worst = worst.max(err);
            assert!(err <= 2e-16, "{deg} degrees: ({s}, {c}) vs ({ps}, {pc})");
            let one = s * s + c * c;
            assert!((one - 1.0).abs() <= 4.5e-16, "{deg}: sin^2 + cos^2 = {one}");
        };
        // Every 1/64 degree over two turns both ways, every 1/1000 near 45 and 90, and
        // angles just off the multiples of 90.
        for i in -46_080..=46_080 {
            check(i as f64 / 64.0);
        }
        for i in -2000..=2000 {
            check(45.0 + i as f64 / 1000.0);
            check(-45.0 + i as f64 / 1000.0);
        }
        for k in -8..=8 {
            for eps in [1e-9, 1e-12, 1e-15, 1e-300, 5e-324] {
                check(90.0 * k as f64 + eps);
                check(90.0 * k as f64 - eps);
            }
        }
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let deg = (x >> 11) as f64 / (1u64 << 53) as f64 * 1440.0 - 720.0;
            check(deg);
        }
        assert!(worst <= 2e-16, "worst {worst}");
    }

    #[test]
    fn odd_and_even() {
        for i in 0..10_000 {
            let deg = i as f64 * 0.0371;
            let (s, c) = sin_cos_degrees(deg);
            let (ns, nc) = sin_cos_degrees(-deg);
            assert_eq!((ns, nc), (-s + 0.0, c), "{deg}");
        }
    }

    #[test]
    fn non_finite_is_nan() {
        for deg in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            let (s, c) = sin_cos_degrees(deg);
            assert!(s.is_nan() && c.is_nan());
        }
    }
}
