//! The crate's trigonometry, in one place: sine and cosine of an angle in degrees (every
//! transform) and the arc tangent (`atan2`: a mask's angle, a normal's degrees), computed
//! in software with IEEE basic operations only, so every platform gets the same bits (the
//! platform's `sin` and `atan2` differ between C libraries, CPUs and compilers; answers
//! must not).
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

// ---------------------------------------------------------------------------------------
// atan2 in software (fdlibm's s_atan.c and e_atan2.c, with comparisons on values instead
// of on the high words: the same branches).

// fdlibm's coefficients are kept exactly as fdlibm writes them (the last two are pi / 4
// and pi / 2 rounded, written as fdlibm writes them).
#[allow(clippy::excessive_precision, clippy::approx_constant)]
const ATAN_HI: [f64; 4] = [
    4.63647609000806093515e-01, // atan(0.5)
    7.85398163397448278999e-01, // atan(1.0)
    9.82793723247329054082e-01, // atan(1.5)
    1.57079632679489655800e+00, // atan(inf)
];
#[allow(clippy::excessive_precision)]
const ATAN_LO: [f64; 4] = [
    2.26987774529616870924e-17,
    3.06161699786838301793e-17,
    1.39033110312309984516e-17,
    6.12323399573676603587e-17,
];
#[allow(clippy::excessive_precision)]
const AT: [f64; 11] = [
    3.33333333333329318027e-01,
    -1.99999999998764832476e-01,
    1.42857142725034663711e-01,
    -1.11111104054623557880e-01,
    9.09088713343650656196e-02,
    -7.69187620504482999495e-02,
    6.66107313738753120669e-02,
    -5.83357013379057348645e-02,
    4.97687799461593236017e-02,
    -3.65315727442169155270e-02,
    1.62858201153657823623e-02,
];
/// pi, pi / 2, pi / 4 rounded to f64, and `pi - PI` rounded to f64.
const PI: f64 = std::f64::consts::PI;
const PI_2: f64 = std::f64::consts::FRAC_PI_2;
const PI_4: f64 = std::f64::consts::FRAC_PI_4;
#[allow(clippy::excessive_precision)]
const PI_LO: f64 = 1.2246467991473531772e-16;
/// 2^66 and 2^-29, fdlibm's thresholds.
const TWO_POW_66: f64 = (1u128 << 66) as f64;
const TWO_POW_MINUS_29: f64 = 1.0 / (1u64 << 29) as f64;

/// The arc tangent of `x` in radians (fdlibm's `atan`, error below one unit in the last
/// place), from IEEE basic operations only.
fn atan(x: f64) -> f64 {
    if x.is_nan() {
        return x + x;
    }
    let ax = x.abs();
    if ax >= TWO_POW_66 {
        // |x| >= 2^66
        let z = ATAN_HI[3] + ATAN_LO[3];
        return if x < 0.0 { -z } else { z };
    }
    let (id, t) = if ax < 0.4375 {
        if ax < TWO_POW_MINUS_29 {
            // |x| < 2^-29: atan(x) rounds to x.
            return x;
        }
        (None, x)
    } else if ax < 0.6875 {
        (Some(0), (2.0 * ax - 1.0) / (2.0 + ax))
    } else if ax < 1.1875 {
        (Some(1), (ax - 1.0) / (ax + 1.0))
    } else if ax < 2.4375 {
        (Some(2), (ax - 1.5) / (1.0 + 1.5 * ax))
    } else {
        (Some(3), -1.0 / ax)
    };
    let z = t * t;
    let w = z * z;
    let s1 = z * (AT[0] + w * (AT[2] + w * (AT[4] + w * (AT[6] + w * (AT[8] + w * AT[10])))));
    let s2 = w * (AT[1] + w * (AT[3] + w * (AT[5] + w * (AT[7] + w * AT[9]))));
    match id {
        None => t - t * (s1 + s2),
        Some(i) => {
            let z = ATAN_HI[i] - ((t * (s1 + s2) - ATAN_LO[i]) - t);
            if x < 0.0 { -z } else { z }
        }
    }
}

/// The angle of `(x, y)` in radians, in `-pi..=pi` (fdlibm's `atan2`, error below one
/// unit in the last place apart from the rounding of `y / x`), from IEEE basic operations
/// only: bit-identical on every platform. Signed zeros, infinities and NaN as C's `atan2`.
pub(crate) fn atan2(y: f64, x: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        return x + y;
    }
    if x == 1.0 {
        return atan(y);
    }
    let (y_neg, x_neg) = (y.is_sign_negative(), x.is_sign_negative());
    if y == 0.0 {
        return match (x_neg, y_neg) {
            (false, _) => y,
            (true, false) => PI,
            (true, true) => -PI,
        };
    }
    if x == 0.0 {
        return if y_neg { -PI_2 } else { PI_2 };
    }
    if x.is_infinite() {
        return match (y.is_infinite(), x_neg, y_neg) {
            (true, false, false) => PI_4,
            (true, false, true) => -PI_4,
            (true, true, false) => 3.0 * PI_4,
            (true, true, true) => -3.0 * PI_4,
            (false, false, false) => 0.0,
            (false, false, true) => -0.0,
            (false, true, false) => PI,
            (false, true, true) => -PI,
        };
    }
    if y.is_infinite() {
        return if y_neg { -PI_2 } else { PI_2 };
    }
    // fdlibm's exponent difference, from the high words of |y| and |x|.
    let high = |v: f64| ((v.to_bits() >> 32) & 0x7fff_ffff) as i64;
    let k = (high(y) - high(x)) >> 20;
    let z = if k > 60 {
        // |y / x| > 2^60
        PI_2 + 0.5 * PI_LO
    } else if x_neg && k < -60 {
        // |y / x| < 2^-60 and x < 0
        0.0
    } else {
        atan((y / x).abs())
    };
    match (x_neg, y_neg) {
        (false, false) => z,
        (false, true) => -z,
        (true, false) => PI - (z - PI_LO),
        (true, true) => (z - PI_LO) - PI,
    }
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

    #[test]
    fn fdlibm_constants_have_their_bits() {
        let hi = [
            0x3FDD_AC67_0561_BB4Fu64,
            0x3FE9_21FB_5444_2D18,
            0x3FEF_730B_D281_F69B,
            0x3FF9_21FB_5444_2D18,
        ];
        let lo = [
            0x3C7A_2B7F_222F_65E2u64,
            0x3C81_A626_3314_5C07,
            0x3C70_0788_7AF0_CBBD,
            0x3C91_A626_3314_5C07,
        ];
        let at = [
            0x3FD5_5555_5555_550Du64,
            0xBFC9_9999_9998_EBC4,
            0x3FC2_4924_9200_83FF,
            0xBFBC_71C6_FE23_1671,
            0x3FB7_45CD_C54C_206E,
            0xBFB3_B0F2_AF74_9A6D,
            0x3FB1_0D66_A0D0_3D51,
            0xBFAD_DE2D_52DE_FD9A,
            0x3FA9_7B4B_2476_0DEB,
            0xBFA2_B444_2C6A_6C2F,
            0x3F90_AD3A_E322_DA11,
        ];
        for i in 0..4 {
            assert_eq!(ATAN_HI[i].to_bits(), hi[i], "atanhi[{i}]");
            assert_eq!(ATAN_LO[i].to_bits(), lo[i], "atanlo[{i}]");
        }
        for i in 0..11 {
            assert_eq!(AT[i].to_bits(), at[i], "aT[{i}]");
        }
        assert_eq!(PI_LO.to_bits(), 0x3CA1_A626_3314_5C07);
        assert_eq!(TWO_POW_66, 2f64.powi(66));
        assert_eq!(TWO_POW_MINUS_29, 2f64.powi(-29));
    }

    /// Relative error against the platform's atan2, and exact special cases.
    #[test]
    fn atan2_matches_the_platform() {
        let mut worst = 0.0f64;
        let mut checked = 0u64;
        let mut check = |y: f64, x: f64| {
            let (got, want) = (atan2(y, x), y.atan2(x));
            checked += 1;
            if want.is_nan() {
                assert!(got.is_nan(), "atan2({y}, {x}) = {got}, want NaN");
                return;
            }
            if want == 0.0 || want.is_infinite() {
                assert_eq!(got.to_bits(), want.to_bits(), "atan2({y}, {x})");
                return;
            }
            let err = ((got - want) / want).abs();
            worst = worst.max(err);
            assert!(err <= 1e-15, "atan2({y}, {x}) = {got}, platform {want}");
        };
        // Every small integer pair (the angles masks give).
        for y in -200..=200 {
            for x in -200..=200 {
                check(y as f64, x as f64);
            }
        }
        let specials = [
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.4375,
            0.6875,
            1.1875,
            2.4375,
            1e-300,
            -1e-300,
            5e-324,
            1e300,
            -1e300,
            f64::MAX,
            f64::MIN_POSITIVE,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            2f64.powi(60),
            2f64.powi(-60),
            2f64.powi(66),
        ];
        for &y in &specials {
            for &x in &specials {
                check(y, x);
            }
        }
        // Random doubles over many magnitudes, and ratios near the branch points.
        let mut s = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        for _ in 0..300_000 {
            let (a, b) = (next(), next());
            let unit = |v: u64| (v >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0;
            let e1 = (next() % 80) as i32 - 40;
            let e2 = (next() % 80) as i32 - 40;
            check(unit(a) * 2f64.powi(e1), unit(b) * 2f64.powi(e2));
        }
        for r in [0.4375, 0.6875, 1.1875, 2.4375, 1.0] {
            for i in -1000..=1000 {
                let t = r * (1.0 + i as f64 * 1e-6);
                check(t, 1.0);
                check(-t, 3.0);
                check(7.0 * t, -7.0);
            }
        }
        assert!(worst <= 1e-15, "worst relative error {worst}");
        assert!(checked > 400_000);
    }

    /// The angles masks give (integer arguments) against the platform's atan2, bit for
    /// bit: never more than one unit in the last place apart (glibc's is correctly
    /// rounded nearly always; fdlibm's is not, so the last bit differs now and then).
    #[test]
    fn atan2_of_integers_within_one_ulp_of_the_platform() {
        let (mut differ, mut total) = (0u64, 0u64);
        for y in -1000i64..=1000 {
            for x in -1000i64..=1000 {
                let (y, x) = (y as f64, x as f64);
                let (a, b) = (atan2(y, x), y.atan2(x));
                total += 1;
                if a.to_bits() != b.to_bits() {
                    differ += 1;
                    let ulps = (a.to_bits() as i64 - b.to_bits() as i64).abs();
                    assert!(ulps <= 1, "atan2({y}, {x}): {a} vs {b}, {ulps} ulps");
                }
            }
        }
        println!("atan2 of integers: {differ} of {total} one ulp from the platform's");
    }
}
