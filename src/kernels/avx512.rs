//! The x86-64 AVX-512 path: F + BW + VL + VPOPCNTDQ + VBMI2 (with POPCNT and BMI2 for
//! the scalar code the drivers inline). Every function here is `#[target_feature]`: the
//! dispatcher in `mod.rs` calls them only after `is_x86_feature_detected!` said the CPU
//! has every one of the features.
//!
//! Windows: eight 64-pixel chunks starting at bit `s` of word `p` are one funnel shift,
//! `vpshrdvq(load(p), load(p + 1), s)` (the low half of `(hi:lo) >> s`, lane by lane);
//! `s == 0` gives `lo`, so it needs no branch (and a plane that is word-aligned skips the
//! second load). Row tails are masked loads and stores (`k` registers), not scalar edges:
//! a row of `nbits` bits reads exactly the `ceil(nbits / 64) + 1` words from its start the
//! portable path reads, so the `PAD_WORDS` rule that covers 256-bit reads covers these.
//! Popcounts are `vpopcntq`; mask building compares 16 pixels (or 64 alpha bytes) into a
//! mask register at a time.

use super::drive::{self, Region, Summary};
use super::tail_mask;
use super::{Kernel, PackJob, Rows};
use crate::PixelFormat;
use core::arch::x86_64::*;

pub(crate) struct Avx512;

/// Eight chunks of window at `p` (`ALIGNED`: the shift `s` is zero, one load).
///
/// # Safety
/// `p .. p + 9` (`p .. p + 8` when `ALIGNED`) must be readable.
#[target_feature(enable = "avx512f,avx512vbmi2")]
#[inline]
unsafe fn win8<const ALIGNED: bool>(p: *const u64, s: __m512i) -> __m512i {
    // SAFETY: the caller guarantees the words are readable; loadu has no alignment need.
    unsafe {
        let lo = _mm512_loadu_si512(p.cast());
        if ALIGNED {
            lo
        } else {
            let hi = _mm512_loadu_si512(p.add(1).cast());
            _mm512_shrdv_epi64(lo, hi, s)
        }
    }
}

/// The first `k.count_ones()` chunks of window at `p` (`k` = `2^n - 1`), zero in the
/// other lanes.
///
/// # Safety
/// The `n + 1` words from `p` (`n` when `ALIGNED`) must be readable; the masked-off lanes
/// are not read.
#[target_feature(enable = "avx512f,avx512vbmi2")]
#[inline]
unsafe fn win8_masked<const ALIGNED: bool>(p: *const u64, s: __m512i, k: __mmask8) -> __m512i {
    // SAFETY: the caller guarantees the lanes `k` selects are readable; masked-off lanes
    // are neither read nor able to fault.
    unsafe {
        let lo = _mm512_maskz_loadu_epi64(k, p.cast());
        if ALIGNED {
            lo
        } else {
            let hi = _mm512_maskz_loadu_epi64(k, p.add(1).cast());
            _mm512_shrdv_epi64(lo, hi, s)
        }
    }
}

/// The row shape every kernel shares: `full` whole vectors, then a tail of `k` lanes
/// (`k == 0`: none) whose last lane keeps only the bits of `last`.
#[derive(Clone, Copy)]
struct Shape {
    full: usize,
    k: __mmask8,
    last: __m512i,
    chunks: usize,
}

#[target_feature(enable = "avx512f")]
#[inline]
fn shape(nbits: usize) -> Shape {
    let chunks = nbits.div_ceil(64);
    let full = nbits / 512;
    let lanes = chunks - 8 * full;
    let k = ((1u32 << lanes) - 1) as __mmask8;
    // Every lane all ones but the last one of the tail, cut to the row's last bit.
    let last = if lanes == 0 {
        _mm512_set1_epi64(-1)
    } else {
        _mm512_mask_set1_epi64(
            _mm512_set1_epi64(-1),
            1 << (lanes - 1),
            tail_mask(nbits) as i64,
        )
    };
    Shape {
        full,
        k,
        last,
        chunks,
    }
}

/// One row of one plane, read as windows vector by vector with one load per vector: an
/// unaligned window's high half (`p + 1 ..`) is the low half shifted by one lane
/// (`valignq`) with the next vector's first word, so each word is loaded once instead of
/// twice (the loads, not the arithmetic, bound a full scan). `ALIGNED` planes read the
/// words as they are.
struct RowReader<const ALIGNED: bool> {
    p: *const u64,
    s: __m512i,
    /// The low half of the next full vector (unaligned planes), already loaded.
    next: __m512i,
    /// The tail's words (unaligned: with one more lane, the tail window's last high
    /// word, when the tail has fewer than 8 lanes).
    tail: __m512i,
}

impl<const ALIGNED: bool> RowReader<ALIGNED> {
    /// Starts reading the row at `p`.
    ///
    /// # Safety
    /// The row's `chunks + 1` words from `p` are readable (what `check` covers).
    #[target_feature(enable = "avx512f,avx512vbmi2")]
    #[inline]
    unsafe fn new(p: *const u64, s: __m512i, sh: &Shape) -> Self {
        // SAFETY: every load below stays inside the row's `chunks + 1` words: the tail
        // lanes are words `8 full .. chunks` (plus word `chunks` for the extra lane).
        unsafe {
            let lanes = sh.k.count_ones();
            let tail = if sh.k == 0 {
                _mm512_setzero_si512()
            } else if ALIGNED || lanes == 8 {
                _mm512_maskz_loadu_epi64(sh.k, p.add(8 * sh.full).cast())
            } else {
                _mm512_maskz_loadu_epi64(sh.k | (sh.k << 1), p.add(8 * sh.full).cast())
            };
            let next = if ALIGNED || sh.full == 0 {
                _mm512_setzero_si512()
            } else {
                _mm512_loadu_si512(p.cast())
            };
            RowReader { p, s, next, tail }
        }
    }

    /// Full vector `v` (`v < full`, in order) of the window.
    ///
    /// # Safety
    /// As [`RowReader::new`]; `v` counts up from 0.
    #[target_feature(enable = "avx512f,avx512vbmi2")]
    #[inline]
    unsafe fn full(&mut self, v: usize, sh: &Shape) -> __m512i {
        // SAFETY: vector `v + 1`'s words, or the one word after the full vectors (the
        // tail's first, or word `chunks`), lie inside the row's `chunks + 1` words.
        unsafe {
            if ALIGNED {
                return _mm512_loadu_si512(self.p.add(8 * v).cast());
            }
            let lo = self.next;
            self.next = if v + 1 < sh.full {
                _mm512_loadu_si512(self.p.add(8 * (v + 1)).cast())
            } else if sh.k != 0 {
                self.tail
            } else {
                _mm512_maskz_loadu_epi64(1, self.p.add(8 * (v + 1)).cast())
            };
            let hi = _mm512_alignr_epi64::<1>(self.next, lo);
            _mm512_shrdv_epi64(lo, hi, self.s)
        }
    }

    /// The tail's window (`k` lanes; zero in the others). Call once, after the full
    /// vectors, when `sh.k != 0`.
    ///
    /// # Safety
    /// As [`RowReader::new`].
    #[target_feature(enable = "avx512f,avx512vbmi2")]
    #[inline]
    unsafe fn tail(&self, sh: &Shape) -> __m512i {
        if ALIGNED {
            return self.tail;
        }
        let lo = self.tail;
        if sh.k == 0xFF {
            // SAFETY: word `8 full + 8` is word `chunks`, inside the row.
            let after = unsafe { _mm512_maskz_loadu_epi64(1, self.p.add(8 * sh.full + 8).cast()) };
            let hi = _mm512_alignr_epi64::<1>(after, lo);
            _mm512_shrdv_epi64(lo, hi, self.s)
        } else {
            // The extra lane loaded by `new` is the last high word; it is cut off here.
            let hi = _mm512_alignr_epi64::<1>(_mm512_setzero_si512(), lo);
            _mm512_maskz_shrdv_epi64(sh.k, lo, hi, self.s)
        }
    }
}

/// Checks that `rows` rows of `x`, `chunks + 1` words each, lie inside `x.words` (the
/// shifted window reads one word past a row's chunks); the pad words after a mask's last
/// row make this hold for every window inside a mask.
#[inline(always)]
fn check(x: &Rows, rows: usize, chunks: usize) {
    assert!(x.start + (rows - 1) * x.stride + chunks < x.words.len());
}

/// Puts an aligned plane first (the AND is symmetric) and picks the loads it needs.
macro_rules! by_alignment {
    ($f:ident, $a:expr, $b:expr, $($arg:expr),*) => {{
        let (a, b) = if $a.shift != 0 && $b.shift == 0 { ($b, $a) } else { ($a, $b) };
        // SAFETY: the caller of the trait method guarantees AVX-512 (see `Kernel`).
        unsafe {
            match (a.shift == 0, b.shift == 0) {
                (true, true) => $f::<true, true>(a, b, $($arg),*),
                (true, false) => $f::<true, false>(a, b, $($arg),*),
                _ => $f::<false, false>(a, b, $($arg),*),
            }
        }
    }};
}

/// The AND of the two windows of one row, vector `v` (`v == full`: the masked tail).
///
/// # Safety
/// `pa`, `pb` are row starts that `check` covered for this row's shape.
#[target_feature(enable = "avx512f,avx512vbmi2")]
#[inline]
unsafe fn and_at<const AA: bool, const BA: bool>(
    pa: *const u64,
    pb: *const u64,
    sa: __m512i,
    sb: __m512i,
    sh: &Shape,
    v: usize,
) -> __m512i {
    // SAFETY: a full vector `v < full` reads words `8v ..= 8v + 8` of the row, the tail
    // words `8 full ..= chunks`: all inside the `chunks + 1` words `check` covered.
    unsafe {
        if v < sh.full {
            _mm512_and_si512(win8::<AA>(pa.add(8 * v), sa), win8::<BA>(pb.add(8 * v), sb))
        } else {
            let x = win8_masked::<AA>(pa.add(8 * v), sa, sh.k);
            let y = win8_masked::<BA>(pb.add(8 * v), sb, sh.k);
            _mm512_and_si512(_mm512_and_si512(x, y), sh.last)
        }
    }
}

#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vpopcntdq,avx512vbmi2,popcnt,bmi2")]
unsafe fn any_impl<const AA: bool, const BA: bool>(
    a: Rows,
    b: Rows,
    nbits: usize,
    rows: usize,
) -> Option<usize> {
    if rows == 0 || nbits == 0 {
        return None;
    }
    let sh = shape(nbits);
    check(&a, rows, sh.chunks);
    check(&b, rows, sh.chunks);
    let (sa, sb) = (
        _mm512_set1_epi64(a.shift as i64),
        _mm512_set1_epi64(b.shift as i64),
    );
    let vectors = sh.full + (sh.k != 0) as usize;
    // The OR of the ANDs of the row at `pa`, `pb`: whole vectors into `acc`, the masked
    // tail into `tails`.
    macro_rules! row_or {
        ($acc:ident, $tails:ident, $pa:expr, $pb:expr) => {{
            let (pa, pb): (*const u64, *const u64) = ($pa, $pb);
            // SAFETY: `pa`, `pb` start rows below `rows`, which `check` covered;
            // `and_at` reads inside the row's `chunks + 1` words.
            unsafe {
                let mut ra = RowReader::<AA>::new(pa, sa, &sh);
                let mut rb = RowReader::<BA>::new(pb, sb, &sh);
                for v in 0..sh.full {
                    let x = ra.full(v, &sh);
                    let y = rb.full(v, &sh);
                    $acc = _mm512_ternarylogic_epi64::<0xf8>($acc, x, y);
                }
                if sh.k != 0 {
                    let t = _mm512_and_si512(ra.tail(&sh), rb.tail(&sh));
                    $tails = _mm512_ternarylogic_epi64::<0xf8>($tails, t, sh.last);
                }
            }
        }};
    }
    // Test once per group of rows holding about 16 vectors (1 KiB per side: a test and a
    // branch per short row cost as much as its reads), then find the row inside the group
    // that hits. The row pointers step by the strides (`wrapping_add`: the step past the
    // last row is never read).
    let group = (16 / vectors).max(1);
    let (mut pa, mut pb) = (a.words[a.start..].as_ptr(), b.words[b.start..].as_ptr());
    let mut r = 0;
    while r < rows {
        let g = group.min(rows - r);
        // Two accumulators (whole vectors, tails): two dependency chains.
        let mut acc = _mm512_setzero_si512();
        let mut tails = _mm512_setzero_si512();
        let (ga, gb) = (pa, pb);
        for _ in 0..g {
            row_or!(acc, tails, pa, pb);
            pa = pa.wrapping_add(a.stride);
            pb = pb.wrapping_add(b.stride);
        }
        if _mm512_test_epi64_mask(acc, acc) | _mm512_test_epi64_mask(tails, tails) != 0 {
            let (mut pa, mut pb) = (ga, gb);
            for k in r..r + g {
                let mut acc = _mm512_setzero_si512();
                tails = _mm512_setzero_si512();
                row_or!(acc, tails, pa, pb);
                if _mm512_test_epi64_mask(acc, acc) | _mm512_test_epi64_mask(tails, tails) != 0 {
                    return Some(k);
                }
                pa = pa.wrapping_add(a.stride);
                pb = pb.wrapping_add(b.stride);
            }
        }
        r += g;
    }
    None
}

#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vpopcntdq,avx512vbmi2,popcnt,bmi2")]
unsafe fn count_impl<const AA: bool, const BA: bool>(
    a: Rows,
    b: Rows,
    nbits: usize,
    rows: usize,
) -> u64 {
    if rows == 0 || nbits == 0 {
        return 0;
    }
    let sh = shape(nbits);
    check(&a, rows, sh.chunks);
    check(&b, rows, sh.chunks);
    let (sa, sb) = (
        _mm512_set1_epi64(a.shift as i64),
        _mm512_set1_epi64(b.shift as i64),
    );
    // Two accumulators: the adds of consecutive vectors do not wait for each other.
    let mut t0 = _mm512_setzero_si512();
    let mut t1 = _mm512_setzero_si512();
    for r in 0..rows {
        // SAFETY: `check` covered every row below `rows`; the readers stay inside each
        // row's `chunks + 1` words.
        unsafe {
            let pa = a.words.as_ptr().add(a.start + r * a.stride);
            let pb = b.words.as_ptr().add(b.start + r * b.stride);
            let mut ra = RowReader::<AA>::new(pa, sa, &sh);
            let mut rb = RowReader::<BA>::new(pb, sb, &sh);
            let mut v = 0;
            while v + 2 <= sh.full {
                let x0 = _mm512_and_si512(ra.full(v, &sh), rb.full(v, &sh));
                let x1 = _mm512_and_si512(ra.full(v + 1, &sh), rb.full(v + 1, &sh));
                t0 = _mm512_add_epi64(t0, _mm512_popcnt_epi64(x0));
                t1 = _mm512_add_epi64(t1, _mm512_popcnt_epi64(x1));
                v += 2;
            }
            if v < sh.full {
                let x = _mm512_and_si512(ra.full(v, &sh), rb.full(v, &sh));
                t0 = _mm512_add_epi64(t0, _mm512_popcnt_epi64(x));
            }
            if sh.k != 0 {
                let x = _mm512_ternarylogic_epi64::<0x80>(ra.tail(&sh), rb.tail(&sh), sh.last);
                t1 = _mm512_add_epi64(t1, _mm512_popcnt_epi64(x));
            }
        }
    }
    _mm512_reduce_add_epi64(_mm512_add_epi64(t0, t1)) as u64
}

/// [`count_impl`] for rows of 256 bits or less: each row's window is one 256-bit vector
/// (`vpshrdvq` of two loads when the plane is not word-aligned; the pad words after the
/// last row keep the second load inside the mask), cut to the row's bits, counted by
/// `vpopcntq` into two accumulators, rows taken in pairs.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vpopcntdq,avx512vbmi2,popcnt,bmi2")]
unsafe fn count_256<const AA: bool, const BA: bool>(
    a: Rows,
    b: Rows,
    nbits: usize,
    rows: usize,
) -> u64 {
    if rows == 0 || nbits == 0 {
        return 0;
    }
    let chunks = nbits.div_ceil(64);
    check(&a, rows, chunks);
    check(&b, rows, chunks);
    // Lane `i` keeps bits `64 i..nbits` of the row: all of a full lane, none past it.
    let counts = _mm256_sub_epi64(
        _mm256_setr_epi64x(64, 128, 192, 256),
        _mm256_set1_epi64x(nbits as i64),
    );
    let last = _mm256_srlv_epi64(
        _mm256_set1_epi64x(-1),
        _mm256_max_epi64(counts, _mm256_setzero_si256()),
    );
    let (sa, sb) = (
        _mm256_set1_epi64x(a.shift as i64),
        _mm256_set1_epi64x(b.shift as i64),
    );
    let win = |p: *const u64, s: __m256i, aligned: bool| {
        // SAFETY: `p` is a row start `check` covered; the row's window is words
        // `p..p + 5` at most, inside the row and the words after it (the next row or the
        // mask's `PAD_WORDS` zero words).
        unsafe {
            let lo = _mm256_loadu_si256(p.cast());
            if aligned {
                lo
            } else {
                _mm256_shrdv_epi64(lo, _mm256_loadu_si256(p.add(1).cast()), s)
            }
        }
    };
    let row = |r: usize| {
        // SAFETY: `r < rows`, so the row starts are inside what `check` covered.
        let (pa, pb) = unsafe {
            (
                a.words.as_ptr().add(a.start + r * a.stride),
                b.words.as_ptr().add(b.start + r * b.stride),
            )
        };
        _mm256_popcnt_epi64(_mm256_ternarylogic_epi64::<0x80>(
            win(pa, sa, AA),
            win(pb, sb, BA),
            last,
        ))
    };
    let (mut t0, mut t1) = (_mm256_setzero_si256(), _mm256_setzero_si256());
    let mut r = 0;
    while r + 2 <= rows {
        t0 = _mm256_add_epi64(t0, row(r));
        t1 = _mm256_add_epi64(t1, row(r + 1));
        r += 2;
    }
    if r < rows {
        t0 = _mm256_add_epi64(t0, row(r));
    }
    let t = _mm256_add_epi64(t0, t1);
    let mut lanes = [0u64; 4];
    // SAFETY: `lanes` is 32 writable bytes.
    unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), t) };
    lanes.iter().sum()
}

#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vpopcntdq,avx512vbmi2,popcnt,bmi2")]
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
    let sh = shape(nbits);
    check(&a, rows, sh.chunks);
    check(&b, rows, sh.chunks);
    assert!(out_start + (rows - 1) * out_stride + sh.chunks <= out.len());
    let (sa, sb) = (
        _mm512_set1_epi64(a.shift as i64),
        _mm512_set1_epi64(b.shift as i64),
    );
    for r in 0..rows {
        // SAFETY: `check` covers the reads; the assert above covers the `chunks` words
        // written per row (the tail's masked store writes only its `k` lanes, the words
        // `8 full .. chunks`).
        unsafe {
            let pa = a.words.as_ptr().add(a.start + r * a.stride);
            let pb = b.words.as_ptr().add(b.start + r * b.stride);
            let po = out.as_mut_ptr().add(out_start + r * out_stride);
            for v in 0..sh.full {
                let m = and_at::<AA, BA>(pa, pb, sa, sb, &sh, v);
                _mm512_storeu_si512(po.add(8 * v).cast(), m);
            }
            if sh.k != 0 {
                let m = and_at::<AA, BA>(pa, pb, sa, sb, &sh, sh.full);
                _mm512_mask_storeu_epi64(po.add(8 * sh.full).cast(), sh.k, m);
            }
        }
    }
}

/// The solid pixels among 16 pixels of 4 bytes (`k`: which of them exist), each read as
/// a little-endian u32, rotated right by 8 bits when `ALPHA_FIRST` (alpha to the top
/// byte, see `PackJob::alpha_first`): solid when that u32 is at least `t` (the threshold
/// in the top byte) and, with `KEY`, its low 24 bits are not the key.
///
/// # Safety
/// The `4 * k.count_ones()` bytes from `p` must be readable, `k` = `2^n - 1`.
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
unsafe fn solid16<const ALPHA_FIRST: bool, const KEY: bool>(
    p: *const u8,
    k: __mmask16,
    t: __m512i,
    key: __m512i,
) -> u64 {
    // SAFETY: the caller guarantees the lanes `k` selects are readable.
    let mut v = unsafe { _mm512_maskz_loadu_epi32(k, p.cast()) };
    if ALPHA_FIRST {
        v = _mm512_ror_epi32::<8>(v);
    }
    let mut solid = _mm512_mask_cmpge_epu32_mask(k, v, t);
    if KEY {
        let rgb = _mm512_and_si512(v, _mm512_set1_epi32(0x00ff_ffff));
        solid = _mm512_mask_cmpneq_epi32_mask(solid, rgb, key);
    }
    solid as u64
}

/// Packs one row of 4-byte pixels into `row` (64 pixels a word; the last word's missing
/// pixels are masked-off lanes, empty).
#[target_feature(enable = "avx512f,avx512bw,avx512vl,popcnt,bmi2")]
fn pack_row4<const ALPHA_FIRST: bool, const KEY: bool>(
    src: &[u8],
    row: &mut [u64],
    threshold: u8,
    key: u32,
) {
    let pixels = src.len() / 4;
    let words = pixels.div_ceil(64).min(row.len());
    let t = _mm512_set1_epi32(((threshold as u32) << 24) as i32);
    let key = _mm512_set1_epi32(key as i32);
    let p = src.as_ptr();
    let full = (pixels / 64).min(words);
    for (k, word) in row.iter_mut().enumerate().take(full) {
        let base = 256 * k;
        // SAFETY: `k < pixels / 64`, so bytes `256k .. 256k + 256` are in `src`.
        *word = unsafe {
            solid16::<ALPHA_FIRST, KEY>(p.add(base), !0, t, key)
                | solid16::<ALPHA_FIRST, KEY>(p.add(base + 64), !0, t, key) << 16
                | solid16::<ALPHA_FIRST, KEY>(p.add(base + 128), !0, t, key) << 32
                | solid16::<ALPHA_FIRST, KEY>(p.add(base + 192), !0, t, key) << 48
        };
    }
    if full < words {
        // The last `n` (1..64) pixels: up to four masked loads of 16 pixels.
        let n = pixels - 64 * full;
        let mut bits = 0u64;
        for v in 0..n.div_ceil(16) {
            let lanes = (n - 16 * v).min(16);
            let k = ((1u32 << lanes) - 1) as __mmask16;
            // SAFETY: pixels `64 full + 16 v ..+ lanes` are below `pixels`, so in `src`.
            bits |= unsafe {
                solid16::<ALPHA_FIRST, KEY>(p.add(256 * full + 64 * v), k, t, key) << (16 * v)
            };
        }
        row[full] = bits;
    }
}

/// Packs one row of alpha bytes, 64 to a mask register.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,popcnt,bmi2")]
fn pack_row1(src: &[u8], row: &mut [u64], threshold: u8) {
    let n = src.len();
    let words = n.div_ceil(64).min(row.len());
    let t = _mm512_set1_epi8(threshold as i8);
    for (k, word) in row.iter_mut().enumerate().take(words) {
        let lanes = (n - 64 * k).min(64);
        let m: __mmask64 = if lanes == 64 { !0 } else { (1u64 << lanes) - 1 };
        // SAFETY: bytes `64k .. 64k + lanes` are in `src`; the others are masked off.
        let p = unsafe { _mm512_maskz_loadu_epi8(m, src.as_ptr().add(64 * k).cast()) };
        *word = _mm512_mask_cmpge_epu8_mask(m, p, t);
    }
}

impl Kernel for Avx512 {
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vpopcntdq,avx512vbmi2,popcnt,bmi2")]
    unsafe fn any(a: Rows, b: Rows, nbits: usize, rows: usize) -> Option<usize> {
        by_alignment!(any_impl, a, b, nbits, rows)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vpopcntdq,avx512vbmi2,popcnt,bmi2")]
    unsafe fn count(a: Rows, b: Rows, nbits: usize, rows: usize) -> u64 {
        // Rows of one 256-bit vector or less: a 256-bit window a row. On 256 x 256 at
        // 50%, offset (3, 5) (`examples/scan.rs`, Zen 4): one masked 512-bit tail per
        // row took about 520 ns, the AVX2 loop's four rows through carry-save adders
        // 245, this 184.
        if nbits <= 256 {
            return by_alignment!(count_256, a, b, nbits, rows);
        }
        by_alignment!(count_impl, a, b, nbits, rows)
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vpopcntdq,avx512vbmi2,popcnt,bmi2")]
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
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vpopcntdq,avx512vbmi2,popcnt,bmi2")]
    unsafe fn pack(job: &PackJob, out: &mut [u64], wpr: usize) {
        let (t, key) = (job.threshold, job.key32());
        // `key32` gives a value no pixel's low 24 bits equal when there is no key.
        let keyed = key <= 0x00ff_ffff;
        for j in 0..job.rows {
            let row = &mut out[j * wpr..(j + 1) * wpr];
            let src = job.row(j);
            match (job.format, job.alpha_first(), keyed) {
                (PixelFormat::A8, _, _) => pack_row1(src, row, t),
                (_, true, true) => pack_row4::<true, true>(src, row, t, key),
                (_, true, false) => pack_row4::<true, false>(src, row, t, key),
                (_, false, true) => pack_row4::<false, true>(src, row, t, key),
                (_, false, false) => pack_row4::<false, false>(src, row, t, key),
            }
        }
    }
}

// Entry points: the generic drivers compiled with AVX-512 enabled.

#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vpopcntdq,avx512vbmi2,popcnt,bmi2")]
pub(super) unsafe fn first_hit(r: &Region) -> Option<(usize, usize)> {
    drive::first_hit::<Avx512>(r)
}

#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vpopcntdq,avx512vbmi2,popcnt,bmi2")]
pub(super) unsafe fn count(r: &Region) -> u64 {
    drive::count::<Avx512>(r)
}

#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vpopcntdq,avx512vbmi2,popcnt,bmi2")]
pub(super) unsafe fn and_into(r: &Region, out: &mut [u64], out_wpr: usize, first_row: usize) {
    drive::and_into::<Avx512>(r, out, out_wpr, first_row)
}

#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vpopcntdq,avx512vbmi2,popcnt,bmi2")]
pub(super) unsafe fn pack(job: &PackJob, out: &mut [u64], wpr: usize) {
    // SAFETY: this function's own features are the ones `Avx512::pack` needs.
    unsafe { <Avx512 as Kernel>::pack(job, out, wpr) }
}

#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vpopcntdq,avx512vbmi2,popcnt,bmi2")]
pub(super) unsafe fn summarize(
    bits: &[u64],
    wpr: usize,
    height: usize,
    levels: drive::Levels,
) -> Summary {
    drive::summarize(bits, wpr, height, levels)
}

/// The mask of the first `n` (0..=8) lanes.
#[inline(always)]
fn lanes(n: usize) -> __mmask8 {
    ((1u32 << n) - 1) as __mmask8
}

#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vpopcntdq,avx512vbmi2,popcnt,bmi2")]
pub(super) unsafe fn floor_and_or(a: &[u64], b: &[u64]) -> u64 {
    let n = a.len().min(b.len());
    let (pa, pb) = (a.as_ptr(), b.as_ptr());
    let mut acc0 = _mm512_setzero_si512();
    let mut acc1 = _mm512_setzero_si512();
    let mut i = 0;
    while i + 16 <= n {
        // SAFETY: `i + 16 <= n` words are inside both slices.
        unsafe {
            let x0 = _mm512_loadu_si512(pa.add(i).cast());
            let y0 = _mm512_loadu_si512(pb.add(i).cast());
            let x1 = _mm512_loadu_si512(pa.add(i + 8).cast());
            let y1 = _mm512_loadu_si512(pb.add(i + 8).cast());
            acc0 = _mm512_or_si512(acc0, _mm512_and_si512(x0, y0));
            acc1 = _mm512_or_si512(acc1, _mm512_and_si512(x1, y1));
        }
        i += 16;
    }
    while i < n {
        let k = lanes((n - i).min(8));
        // SAFETY: the lanes `k` selects are words `i .. min(i + 8, n)`, inside both slices.
        unsafe {
            let x = _mm512_maskz_loadu_epi64(k, pa.add(i).cast());
            let y = _mm512_maskz_loadu_epi64(k, pb.add(i).cast());
            acc0 = _mm512_or_si512(acc0, _mm512_and_si512(x, y));
        }
        i += 8;
    }
    _mm512_reduce_or_epi64(_mm512_or_si512(acc0, acc1)) as u64
}

#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vpopcntdq,avx512vbmi2,popcnt,bmi2")]
pub(super) unsafe fn floor_and_popcount(a: &[u64], b: &[u64]) -> u64 {
    let n = a.len().min(b.len());
    let (pa, pb) = (a.as_ptr(), b.as_ptr());
    let mut t0 = _mm512_setzero_si512();
    let mut t1 = _mm512_setzero_si512();
    let mut i = 0;
    while i + 16 <= n {
        // SAFETY: `i + 16 <= n` words are inside both slices.
        unsafe {
            let x0 = _mm512_loadu_si512(pa.add(i).cast());
            let y0 = _mm512_loadu_si512(pb.add(i).cast());
            let x1 = _mm512_loadu_si512(pa.add(i + 8).cast());
            let y1 = _mm512_loadu_si512(pb.add(i + 8).cast());
            t0 = _mm512_add_epi64(t0, _mm512_popcnt_epi64(_mm512_and_si512(x0, y0)));
            t1 = _mm512_add_epi64(t1, _mm512_popcnt_epi64(_mm512_and_si512(x1, y1)));
        }
        i += 16;
    }
    while i < n {
        let k = lanes((n - i).min(8));
        // SAFETY: the lanes `k` selects are words `i .. min(i + 8, n)`, inside both slices.
        unsafe {
            let x = _mm512_maskz_loadu_epi64(k, pa.add(i).cast());
            let y = _mm512_maskz_loadu_epi64(k, pb.add(i).cast());
            t0 = _mm512_add_epi64(t0, _mm512_popcnt_epi64(_mm512_and_si512(x, y)));
        }
        i += 8;
    }
    _mm512_reduce_add_epi64(_mm512_add_epi64(t0, t1)) as u64
}
