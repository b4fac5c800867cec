//! The x86-64 AVX2 path (with POPCNT and BMI2 enabled for the scalar edges). Every
//! function here is `#[target_feature]`: the dispatcher in `mod.rs` calls them only after
//! `is_x86_feature_detected!` said the CPU has the features.
//!
//! Windows: four 64-pixel chunks starting at bit `s` of word `p` are
//! `(load(p) >> s) | (load(p + 1) << (64 - s))` lane by lane; `vpsllq` by 64 gives zero, so
//! `s == 0` needs no branch (and a plane that is word-aligned skips the second load).

use super::drive::{self, Region, Summary};
use super::portable;
use super::{Kernel, PackJob, Rows};
use crate::PixelFormat;
use core::arch::x86_64::*;
use core::mem::MaybeUninit;

pub(crate) struct Avx2;

/// Four chunks of window at `p` (`ALIGNED`: the shift is zero, one load).
///
/// # Safety
/// `p .. p + 5` (`p .. p + 4` when `ALIGNED`) must be readable.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn win4<const ALIGNED: bool>(p: *const u64, s: __m128i, t: __m128i) -> __m256i {
    // SAFETY: the caller guarantees the words are readable; loadu has no alignment need.
    unsafe {
        let lo = _mm256_loadu_si256(p.cast());
        if ALIGNED {
            lo
        } else {
            let hi = _mm256_loadu_si256(p.add(1).cast());
            _mm256_or_si256(_mm256_srl_epi64(lo, s), _mm256_sll_epi64(hi, t))
        }
    }
}

/// Lane masks for the last vector of a row holding `rem` (1..=256) bits.
#[target_feature(enable = "avx2")]
#[inline]
fn tail4(rem: usize) -> __m256i {
    let counts = _mm256_sub_epi64(
        _mm256_setr_epi64x(64, 128, 192, 256),
        _mm256_set1_epi64x(rem as i64),
    );
    // Negative counts (lane full) become 0; counts >= 64 (lane empty) shift all out.
    let counts = _mm256_max_epi32(counts, _mm256_setzero_si256());
    _mm256_srlv_epi64(_mm256_set1_epi64x(-1), counts)
}

/// Shift counts for a window shift `s`: `(s, 64 - s)`.
#[target_feature(enable = "avx2")]
#[inline]
fn shifts(s: u32) -> (__m128i, __m128i) {
    (
        _mm_cvtsi32_si128(s as i32),
        _mm_cvtsi32_si128(64 - s as i32),
    )
}

/// Per-byte popcount (nibble table).
#[target_feature(enable = "avx2")]
#[inline]
fn popcnt_bytes(v: __m256i) -> __m256i {
    let lut = _mm256_setr_epi8(
        0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3,
        3, 4,
    );
    let low = _mm256_set1_epi8(0x0f);
    let lo = _mm256_and_si256(v, low);
    let hi = _mm256_and_si256(_mm256_srli_epi16::<4>(v), low);
    _mm256_add_epi8(_mm256_shuffle_epi8(lut, lo), _mm256_shuffle_epi8(lut, hi))
}

#[target_feature(enable = "avx2")]
#[inline]
fn hsum64(v: __m256i) -> u64 {
    let s = _mm_add_epi64(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
    (_mm_cvtsi128_si64(s) as u64).wrapping_add(_mm_extract_epi64::<1>(s) as u64)
}

/// Checks that `rows` rows of `x`, `vectors` vectors each, lie inside `x.words` (one
/// extra word for the shifted load); the pad words after a mask's last row make this
/// hold for every window inside a mask.
#[inline(always)]
fn check(x: &Rows, rows: usize, vectors: usize) {
    assert!(x.start + (rows - 1) * x.stride + 4 * vectors < x.words.len());
}

/// Puts an aligned plane first (the AND is symmetric) and picks the loads it needs.
macro_rules! by_alignment {
    ($f:ident, $a:expr, $b:expr, $($arg:expr),*) => {{
        let (a, b) = if $a.shift != 0 && $b.shift == 0 { ($b, $a) } else { ($a, $b) };
        // SAFETY: the caller of the trait method guarantees AVX2 (see `Kernel`).
        unsafe {
            match (a.shift == 0, b.shift == 0) {
                (true, true) => $f::<true, true>(a, b, $($arg),*),
                (true, false) => $f::<true, false>(a, b, $($arg),*),
                _ => $f::<false, false>(a, b, $($arg),*),
            }
        }
    }};
}

#[inline]
#[target_feature(enable = "avx2,popcnt,bmi2")]
unsafe fn any_impl<const AA: bool, const BA: bool>(
    a: Rows,
    b: Rows,
    nbits: usize,
    rows: usize,
) -> Option<usize> {
    if rows == 0 || nbits == 0 {
        return None;
    }
    let (full, rem) = (nbits / 256, nbits % 256);
    let vectors = nbits.div_ceil(256);
    check(&a, rows, vectors);
    check(&b, rows, vectors);
    let ((sa, ta), (sb, tb)) = (shifts(a.shift), shifts(b.shift));
    let last = tail4(rem.max(1));
    let (pa, pb) = (a.words.as_ptr(), b.words.as_ptr());
    // An early hit (a sprite landing on noise or on a filled shape) is most often in
    // the first vector: test it alone before any group-sized read.
    // SAFETY: `check` covered row 0's first vector on both sides.
    unsafe {
        let mut m = _mm256_and_si256(
            win4::<AA>(pa.add(a.start), sa, ta),
            win4::<BA>(pb.add(b.start), sb, tb),
        );
        if full == 0 {
            m = _mm256_and_si256(m, last);
        }
        if _mm256_testz_si256(m, m) == 0 {
            return Some(0);
        }
    }
    // The OR of row `r`'s ANDs.
    let row_or = |r: usize| {
        let mut acc = _mm256_setzero_si256();
        // SAFETY: `check` showed every word these pointers reach is inside the slices.
        unsafe {
            let pa = pa.add(a.start + r * a.stride);
            let pb = pb.add(b.start + r * b.stride);
            for v in 0..full {
                let x = win4::<AA>(pa.add(4 * v), sa, ta);
                let y = win4::<BA>(pb.add(4 * v), sb, tb);
                acc = _mm256_or_si256(acc, _mm256_and_si256(x, y));
            }
            if rem != 0 {
                let x = win4::<AA>(pa.add(4 * full), sa, ta);
                let y = win4::<BA>(pb.add(4 * full), sb, tb);
                acc = _mm256_or_si256(acc, _mm256_and_si256(_mm256_and_si256(x, y), last));
            }
        }
        acc
    };
    // Test once per group of rows holding about 32 vectors (a test and a branch per short
    // row cost as much as its reads). Groups start at one row and double, so a hit near
    // the start costs a read of about twice the rows before it, not a whole group. Each
    // row's OR is kept, so the row that hits is found from them without reading the
    // group again.
    let group = (32 / vectors).max(1);
    // Not initialised: a group reads back only the slots it has just written (32
    // zeroed vectors per call would cost more than a small query's reads).
    let mut seen = [MaybeUninit::<__m256i>::uninit(); 32];
    let (mut r, mut g) = (0, 1);
    while r < rows {
        let n = g.min(rows - r);
        let mut acc = _mm256_setzero_si256();
        for (k, slot) in seen.iter_mut().enumerate().take(n) {
            let v = row_or(r + k);
            *slot = MaybeUninit::new(v);
            acc = _mm256_or_si256(acc, v);
        }
        if _mm256_testz_si256(acc, acc) == 0 {
            return seen[..n]
                .iter()
                .position(|v| {
                    // SAFETY: slots `..n` were written by this group's loop above.
                    let v = unsafe { v.assume_init() };
                    _mm256_testz_si256(v, v) == 0
                })
                .map(|k| r + k);
        }
        r += n;
        g = (2 * g).min(group);
    }
    None
}

/// Carry-save adder: `(carry, sum)` of three bit vectors, bit by bit.
#[target_feature(enable = "avx2")]
#[inline]
fn csa(a: __m256i, b: __m256i, c: __m256i) -> (__m256i, __m256i) {
    let u = _mm256_xor_si256(a, b);
    let carry = _mm256_or_si256(_mm256_and_si256(a, b), _mm256_and_si256(u, c));
    (carry, _mm256_xor_si256(u, c))
}

/// Popcount of each 64-bit lane.
#[target_feature(enable = "avx2")]
#[inline]
fn popcnt_lanes(v: __m256i) -> __m256i {
    _mm256_sad_epu8(popcnt_bytes(v), _mm256_setzero_si256())
}

#[inline]
#[target_feature(enable = "avx2,popcnt,bmi2")]
unsafe fn count_impl<const AA: bool, const BA: bool>(
    a: Rows,
    b: Rows,
    nbits: usize,
    rows: usize,
) -> u64 {
    if rows == 0 || nbits == 0 {
        return 0;
    }
    let (full, rem) = (nbits / 256, nbits % 256);
    let vectors = nbits.div_ceil(256);
    check(&a, rows, vectors);
    check(&b, rows, vectors);
    let ((sa, ta), (sb, tb)) = (shifts(a.shift), shifts(b.shift));
    let last = tail4(rem.max(1));
    // Harley-Seal: four vectors at a time are summed bit-sliced with carry-save adders;
    // `ones` and `twos` hold the running sum's low bits and `fours` counts the carries
    // out of them, so one popcount serves four vectors. Narrow regions take the same vector
    // of four rows; wide ones four vectors of one row (fewer memory streams at a time).
    let mut ones = _mm256_setzero_si256();
    let mut twos = _mm256_setzero_si256();
    let mut fours = _mm256_setzero_si256();
    let mut total = _mm256_setzero_si256();
    macro_rules! add4 {
        ($x0:expr, $x1:expr, $x2:expr, $x3:expr) => {{
            let (t0, o) = csa(ones, $x0, $x1);
            let (t1, o) = csa(o, $x2, $x3);
            let (f, t) = csa(twos, t0, t1);
            ones = o;
            twos = t;
            fours = _mm256_add_epi64(fours, popcnt_lanes(f));
        }};
    }
    let mut r = 0;
    if full < 4 {
        while r + 4 <= rows {
            // SAFETY: as in `any_impl`: `check` covers rows `r..r + 4` (`r + 4 <= rows`).
            unsafe {
                let pa = a.words.as_ptr().add(a.start + r * a.stride);
                let pb = b.words.as_ptr().add(b.start + r * b.stride);
                let (sta, stb) = (a.stride, b.stride);
                let x = |k: usize, v: usize| {
                    _mm256_and_si256(
                        win4::<AA>(pa.add(k * sta + 4 * v), sa, ta),
                        win4::<BA>(pb.add(k * stb + 4 * v), sb, tb),
                    )
                };
                for v in 0..full {
                    add4!(x(0, v), x(1, v), x(2, v), x(3, v));
                }
                if rem != 0 {
                    let m = |k| _mm256_and_si256(x(k, full), last);
                    add4!(m(0), m(1), m(2), m(3));
                }
            }
            r += 4;
        }
    }
    for r in r..rows {
        // SAFETY: as in `any_impl`.
        unsafe {
            let pa = a.words.as_ptr().add(a.start + r * a.stride);
            let pb = b.words.as_ptr().add(b.start + r * b.stride);
            let x = |v: usize| {
                _mm256_and_si256(
                    win4::<AA>(pa.add(4 * v), sa, ta),
                    win4::<BA>(pb.add(4 * v), sb, tb),
                )
            };
            let mut v = 0;
            while v + 4 <= full {
                add4!(x(v), x(v + 1), x(v + 2), x(v + 3));
                v += 4;
            }
            for v in v..full {
                total = _mm256_add_epi64(total, popcnt_lanes(x(v)));
            }
            if rem != 0 {
                let c = _mm256_and_si256(x(full), last);
                total = _mm256_add_epi64(total, popcnt_lanes(c));
            }
        }
    }
    4 * hsum64(fours) + 2 * hsum64(popcnt_lanes(twos)) + hsum64(popcnt_lanes(ones)) + hsum64(total)
}

#[inline]
#[target_feature(enable = "avx2,popcnt,bmi2")]
unsafe fn and_impl<const AA: bool, const BA: bool>(
    a: Rows,
    b: Rows,
    nbits: usize,
    rows: usize,
    out: &mut [u64],
    out_start: usize,
    out_stride: usize,
) {
    if rows == 0 || nbits == 0 {
        return;
    }
    let (full, rem) = (nbits / 256, nbits % 256);
    let vectors = nbits.div_ceil(256);
    let chunks = nbits.div_ceil(64);
    check(&a, rows, vectors);
    check(&b, rows, vectors);
    assert!(out_start + (rows - 1) * out_stride + chunks <= out.len());
    let ((sa, ta), (sb, tb)) = (shifts(a.shift), shifts(b.shift));
    let last = tail4(rem.max(1));
    // Lanes of the last vector that hold chunks of this row.
    let store = _mm256_cmpgt_epi64(
        _mm256_set1_epi64x((chunks - 4 * full) as i64),
        _mm256_setr_epi64x(0, 1, 2, 3),
    );
    for r in 0..rows {
        // SAFETY: `check` covers the reads; the assert above covers the `chunks` words
        // written per row (the masked store writes only lanes below `chunks`).
        unsafe {
            let pa = a.words.as_ptr().add(a.start + r * a.stride);
            let pb = b.words.as_ptr().add(b.start + r * b.stride);
            let po = out.as_mut_ptr().add(out_start + r * out_stride);
            for v in 0..full {
                let x = win4::<AA>(pa.add(4 * v), sa, ta);
                let y = win4::<BA>(pb.add(4 * v), sb, tb);
                _mm256_storeu_si256(po.add(4 * v).cast(), _mm256_and_si256(x, y));
            }
            if rem != 0 {
                let x = win4::<AA>(pa.add(4 * full), sa, ta);
                let y = win4::<BA>(pb.add(4 * full), sb, tb);
                let m = _mm256_and_si256(_mm256_and_si256(x, y), last);
                _mm256_maskstore_epi64(po.add(4 * full).cast(), store, m);
            }
        }
    }
}

/// Packs one row of 4-byte pixels, 64 at a time: each pixel is read as a little-endian
/// u32, rotated right by 8 bits when `ALPHA_FIRST` (alpha to the top byte, see
/// `PackJob::alpha_first`); it is empty when that u32 is below `threshold << 24`
/// (unsigned compare via the sign flip) or its low 24 bits are the key.
#[target_feature(enable = "avx2,popcnt,bmi2")]
fn pack_row4<const ALPHA_FIRST: bool>(
    src: &[u8],
    row: &mut [u64],
    threshold: u8,
    key: u32,
) -> usize {
    let words = (src.len() / 256).min(row.len());
    let sign = _mm256_set1_epi32(i32::MIN);
    let t = _mm256_set1_epi32((((threshold as u32) << 24) ^ 0x8000_0000) as i32);
    let rgb = _mm256_set1_epi32(0x00ff_ffff);
    let key = _mm256_set1_epi32(key as i32);
    for (k, word) in row.iter_mut().enumerate().take(words) {
        let mut empty = 0u64;
        for v in 0..8 {
            // SAFETY: `k < src.len() / 256`, so bytes `256k + 32v .. + 32` are in `src`.
            let mut p = unsafe { _mm256_loadu_si256(src.as_ptr().add(256 * k + 32 * v).cast()) };
            if ALPHA_FIRST {
                p = _mm256_or_si256(_mm256_srli_epi32::<8>(p), _mm256_slli_epi32::<24>(p));
            }
            let low = _mm256_cmpgt_epi32(t, _mm256_xor_si256(p, sign));
            let keyed = _mm256_cmpeq_epi32(_mm256_and_si256(p, rgb), key);
            let e = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_or_si256(low, keyed)));
            empty |= (e as u8 as u64) << (8 * v);
        }
        *word = !empty;
    }
    words
}

/// Packs one row of alpha bytes, 64 at a time.
#[target_feature(enable = "avx2,popcnt,bmi2")]
fn pack_row1(src: &[u8], row: &mut [u64], threshold: u8) -> usize {
    let words = (src.len() / 64).min(row.len());
    let t = _mm256_set1_epi8(threshold as i8);
    for (k, word) in row.iter_mut().enumerate().take(words) {
        let mut bits = 0u64;
        for v in 0..2 {
            // SAFETY: `k < src.len() / 64`, so bytes `64k + 32v .. + 32` are in `src`.
            let p = unsafe { _mm256_loadu_si256(src.as_ptr().add(64 * k + 32 * v).cast()) };
            let solid = _mm256_cmpeq_epi8(_mm256_max_epu8(p, t), p);
            bits |= (_mm256_movemask_epi8(solid) as u32 as u64) << (32 * v);
        }
        *word = bits;
    }
    words
}

impl Kernel for Avx2 {
    #[inline]
    #[target_feature(enable = "avx2,popcnt,bmi2")]
    unsafe fn any(a: Rows, b: Rows, nbits: usize, rows: usize) -> Option<usize> {
        by_alignment!(any_impl, a, b, nbits, rows)
    }

    #[inline]
    #[target_feature(enable = "avx2,popcnt,bmi2")]
    unsafe fn count(a: Rows, b: Rows, nbits: usize, rows: usize) -> u64 {
        by_alignment!(count_impl, a, b, nbits, rows)
    }

    #[inline]
    #[target_feature(enable = "avx2,popcnt,bmi2")]
    unsafe fn and(
        a: Rows,
        b: Rows,
        nbits: usize,
        rows: usize,
        out: &mut [u64],
        out_start: usize,
        out_stride: usize,
    ) {
        by_alignment!(and_impl, a, b, nbits, rows, out, out_start, out_stride)
    }

    #[inline]
    #[target_feature(enable = "avx2,popcnt,bmi2")]
    unsafe fn pack(job: &PackJob, out: &mut [u64], wpr: usize) {
        for j in 0..job.rows {
            let row = &mut out[j * wpr..(j + 1) * wpr];
            let src = job.row(j);
            let done = match job.format {
                PixelFormat::A8 => pack_row1(src, row, job.threshold),
                _ if job.alpha_first() => pack_row4::<true>(src, row, job.threshold, job.key32()),
                _ => pack_row4::<false>(src, row, job.threshold, job.key32()),
            };
            portable::pack_row_from(job, j, done, row);
        }
    }
}

// Entry points: the generic drivers compiled with AVX2 enabled.

#[target_feature(enable = "avx2,popcnt,bmi2")]
pub(super) unsafe fn first_hit(r: &Region) -> Option<(usize, usize)> {
    drive::first_hit::<Avx2>(r)
}

#[target_feature(enable = "avx2,popcnt,bmi2")]
pub(super) unsafe fn count(r: &Region) -> u64 {
    drive::count::<Avx2>(r)
}

#[target_feature(enable = "avx2,popcnt,bmi2")]
pub(super) unsafe fn and_into(r: &Region, out: &mut [u64], out_wpr: usize, first_row: usize) {
    drive::and_into::<Avx2>(r, out, out_wpr, first_row)
}

#[target_feature(enable = "avx2,popcnt,bmi2")]
pub(super) unsafe fn pack(job: &PackJob, out: &mut [u64], wpr: usize) {
    // SAFETY: this function's own features are the ones `Avx2::pack` needs.
    unsafe { <Avx2 as Kernel>::pack(job, out, wpr) }
}

#[target_feature(enable = "avx2,popcnt,bmi2")]
pub(super) unsafe fn summarize(
    bits: &[u64],
    wpr: usize,
    height: usize,
    levels: drive::Levels,
) -> Summary {
    drive::summarize(bits, wpr, height, levels)
}

/// The nibble tables and byte order of [`Reverser::reverse4`].
#[derive(Clone, Copy)]
struct Reverser {
    rev_lo: __m256i,
    rev_hi: __m256i,
    bytes_rev: __m256i,
    low4: __m256i,
}

impl Reverser {
    #[target_feature(enable = "avx2")]
    #[inline]
    fn new() -> Reverser {
        // A nibble reversed, and reversed then moved to the high nibble.
        const REV: [u8; 16] = [0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15];
        let rev_lo: [u8; 32] = core::array::from_fn(|i| REV[i % 16]);
        let rev_hi: [u8; 32] = core::array::from_fn(|i| REV[i % 16] << 4);
        let bytes_rev: [u8; 32] = core::array::from_fn(|i| 15 - (i % 16) as u8);
        // SAFETY: unaligned loads of local 32-byte arrays.
        unsafe {
            Reverser {
                rev_lo: _mm256_loadu_si256(rev_lo.as_ptr().cast()),
                rev_hi: _mm256_loadu_si256(rev_hi.as_ptr().cast()),
                bytes_rev: _mm256_loadu_si256(bytes_rev.as_ptr().cast()),
                low4: _mm256_set1_epi8(0x0f),
            }
        }
    }

    /// The 256 bits of `v` reversed: the 32 bytes reversed (within each 128-bit lane by
    /// `vpshufb`, then the lanes swapped) and every byte's bits reversed through two
    /// nibble tables.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn reverse4(self, v: __m256i) -> __m256i {
        let lo = _mm256_and_si256(v, self.low4);
        let hi = _mm256_and_si256(_mm256_srli_epi16::<4>(v), self.low4);
        let bits = _mm256_or_si256(
            _mm256_shuffle_epi8(self.rev_hi, lo),
            _mm256_shuffle_epi8(self.rev_lo, hi),
        );
        _mm256_permute4x64_epi64::<0x4E>(_mm256_shuffle_epi8(bits, self.bytes_rev))
    }
}

/// The word lanes `l` with `lo <= l < hi` (of 4), as a `maskload`/`maskstore` mask.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) fn word_lanes(lo: usize, hi: usize) -> __m256i {
    let l = _mm256_setr_epi64x(0, 1, 2, 3);
    _mm256_andnot_si256(
        _mm256_cmpgt_epi64(_mm256_set1_epi64x(lo as i64), l),
        _mm256_cmpgt_epi64(_mm256_set1_epi64x(hi as i64), l),
    )
}

/// [`super::reshape::mirror_rows`], four words at a time, every word written once (no
/// zeroing first): a mirrored row is the source row shifted up by its pad bits (each
/// word with the word below it) and reversed as a whole ([`Reverser::reverse4`]), as
/// AVX-512's `reshape::avx512::mirror_rows` does eight at a time. The source is read in
/// address order (a row's last group, from its first words, first), and a result of
/// `reshape::STREAM_FROM` words or more is written with non-temporal stores where its
/// rows start on lines.
///
/// # Safety
/// The CPU must have AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn mirror_rows(job: super::Mirror) {
    let super::Mirror {
        src,
        out,
        wpr,
        width,
        height: h,
        x,
        y,
    } = job;
    assert!(src.len() >= h * wpr && out.len() >= h * wpr && width <= 64 * wpr);
    if wpr == 0 {
        return;
    }
    let rev = Reverser::new();
    let no_pad = width == 64 * wpr;
    let pad = _mm_cvtsi64_si128((64 * wpr - width) as i64);
    // `vpsrlq` by 64 or more gives zero: no pad, no bits from the word below.
    let unpad = _mm_cvtsi64_si128((64 - (64 * wpr - width)) as i64);
    let mirror = |hi: __m256i, lo: __m256i| {
        rev.reverse4(_mm256_or_si256(
            _mm256_sll_epi64(hi, pad),
            _mm256_srl_epi64(lo, unpad),
        ))
    };
    let stream = h * wpr >= super::reshape::STREAM_FROM;
    // Whole groups: source words m0 - 1 .. m0 + 4 with m0 = wpr - 4 - k >= 1 (k < whole).
    let whole = wpr.saturating_sub(4);
    let last = whole.next_multiple_of(4);
    // The last group, at k = `last`: source lane l reads word m0 + l (and m0 + l - 1),
    // only those >= 0 (m0 = wpr - 4 - last, between -3 and 0).
    let skip = 4 + last - wpr;
    let (hi_k, lo_k, store_k) = (
        word_lanes(skip, 4),
        word_lanes(skip + 1, 4),
        word_lanes(0, wpr - last),
    );
    let m_last = -(skip as isize);
    let copy_k = word_lanes(0, wpr % 4);
    // Source rows in order, and each row's words in order: one rising stream, which the
    // hardware prefetches.
    for s in 0..h {
        let j = if y { h - 1 - s } else { s };
        let row = src[s * wpr..(s + 1) * wpr].as_ptr();
        let dst = out[j * wpr..(j + 1) * wpr].as_mut_ptr().cast::<u64>();
        let nt = stream && (dst as usize) % 64 == 0;
        // Stores a whole group at `dst + k`: non-temporal when `nt` (`dst + k` on 32
        // bytes; the lines are written whole by consecutive groups).
        let store = |k: usize, v: __m256i| {
            // SAFETY: the callers' `dst + k .. + 4` are words of the result's row; `nt`
            // only where the row starts on a line, so `dst + k` (k % 4 == 0) on 32 bytes.
            unsafe {
                if nt {
                    _mm256_stream_si256(dst.add(k).cast(), v)
                } else {
                    _mm256_storeu_si256(dst.add(k).cast(), v)
                }
            }
        };
        if !x {
            // Rows copied as they are.
            let mut k = 0;
            while k + 4 <= wpr {
                // SAFETY: words k..k + 4 of both rows.
                store(k, unsafe { _mm256_loadu_si256(row.add(k).cast()) });
                k += 4;
            }
            // SAFETY: lanes `copy_k` are words k..wpr of both rows; the others are not
            // read or written.
            unsafe {
                let v = _mm256_maskload_epi64(row.add(k).cast(), copy_k);
                _mm256_maskstore_epi64(dst.add(k).cast(), copy_k, v);
            }
            continue;
        }
        // SAFETY: the lanes `hi_k` and `lo_k` select read words `m_last + l` and
        // `m_last + l - 1` that are in `0..wpr` (`m_last + 3 < wpr`), inside the row;
        // the lanes masked off are not read (their addresses are only computed, with
        // wrapping arithmetic). The store writes words last..wpr.
        unsafe {
            let hi = _mm256_maskload_epi64(row.wrapping_offset(m_last).cast(), hi_k);
            let lo = _mm256_maskload_epi64(row.wrapping_offset(m_last - 1).cast(), lo_k);
            _mm256_maskstore_epi64(dst.add(last).cast(), store_k, mirror(hi, lo));
        }
        for k in (0..last).step_by(4).rev() {
            let m0 = wpr - 4 - k;
            // SAFETY: words m0 - 1 .. m0 + 4 (m0 >= 1, m0 + 4 <= wpr) of the source row.
            let v = unsafe {
                let hi = _mm256_loadu_si256(row.add(m0).cast());
                // No pad to shift out (a width that is a multiple of 64): one load.
                if no_pad {
                    rev.reverse4(hi)
                } else {
                    mirror(hi, _mm256_loadu_si256(row.add(m0 - 1).cast()))
                }
            };
            store(k, v);
        }
    }
    if stream {
        // The non-temporal stores before any later store (the result's publication).
        _mm_sfence();
    }
}

#[target_feature(enable = "avx2,popcnt,bmi2")]
pub(super) unsafe fn floor_and_or(a: &[u64], b: &[u64]) -> u64 {
    let n = a.len().min(b.len());
    let mut acc = _mm256_setzero_si256();
    let mut i = 0;
    while i + 4 <= n {
        // SAFETY: `i + 4 <= n` words are inside both slices.
        unsafe {
            let x = _mm256_loadu_si256(a.as_ptr().add(i).cast());
            let y = _mm256_loadu_si256(b.as_ptr().add(i).cast());
            acc = _mm256_or_si256(acc, _mm256_and_si256(x, y));
        }
        i += 4;
    }
    let mut rest = portable::floor_and_or(&a[i..n], &b[i..n]);
    let mut lanes = [0u64; 4];
    // SAFETY: `lanes` is 32 writable bytes.
    unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), acc) };
    for l in lanes {
        rest |= l;
    }
    rest
}

#[target_feature(enable = "avx2,popcnt,bmi2")]
pub(super) unsafe fn floor_and_popcount(a: &[u64], b: &[u64]) -> u64 {
    let n = a.len().min(b.len());
    let mut total = _mm256_setzero_si256();
    let mut i = 0;
    while i + 4 <= n {
        // SAFETY: `i + 4 <= n` words are inside both slices.
        unsafe {
            let x = _mm256_loadu_si256(a.as_ptr().add(i).cast());
            let y = _mm256_loadu_si256(b.as_ptr().add(i).cast());
            total = _mm256_add_epi64(total, popcnt_lanes(_mm256_and_si256(x, y)));
        }
        i += 4;
    }
    hsum64(total) + portable::floor_and_popcount(&a[i..n], &b[i..n])
}
