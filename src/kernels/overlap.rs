//! The overlap mask's narrow writer: the AND of two planes one word per row (regions at
//! most 64 pixels wide), written with everything the mask's caches need (count, columns
//! used, first and last rows, block level) in one pass, so `Mask::from_narrow_rows`
//! reads none of it back.

#[cfg(target_arch = "x86_64")]
use super::Path;
use super::{BLOCK, Rows, active_path, nonzero_bytes};

/// The arguments of [`and_narrow`], passed on to the path that runs it.
#[derive(Clone, Copy)]
struct Narrow<'a> {
    a: Rows<'a>,
    b: Rows<'a>,
    keep: u64,
    rows: usize,
    first: usize,
}

/// What a narrow writer wrote, for the result's caches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Written {
    /// Set bits.
    pub count: u64,
    /// The OR of every row written: the columns used.
    pub or: u64,
    /// The first row holding a set bit, and one past the last (`0, 0` when none).
    pub y0: usize,
    pub y1: usize,
    /// Set bits of the block level (occupied 8x8 blocks).
    pub occupied: u32,
}

impl Written {
    const NONE: Written = Written {
        count: 0,
        or: 0,
        y0: 0,
        y1: 0,
        occupied: 0,
    };

    /// Records band `band` (rows `8 * band..`), whose rows OR to `acc` and whose nonzero
    /// rows are the set bits of `nz` (bit `r` for row `8 * band + r`): its block-level
    /// word (`bands[band]`, left zero for an empty band) and the first and last rows.
    #[inline(always)]
    fn band(&mut self, bands: &mut [u64], band: usize, acc: u64, nz: u32) {
        if nz != 0 {
            if self.y1 == 0 {
                self.y0 = band * BLOCK + nz.trailing_zeros() as usize;
            }
            self.y1 = band * BLOCK + 32 - nz.leading_zeros() as usize;
            let occupied = nonzero_bytes(acc);
            bands[band] = occupied;
            self.or |= acc;
            self.occupied += occupied.count_ones();
        }
    }
}

/// Writes the AND of `a`'s and `b`'s windows, masked with `keep`, for `rows` rows into
/// `out[first..first + rows]` (one word per row; the other rows are left alone), and
/// into `bands[y / BLOCK]` the block level of each 8-row band that holds a set bit
/// (`bands` must be zero); returns what it wrote.
pub(crate) fn and_narrow(
    a: Rows,
    b: Rows,
    keep: u64,
    rows: usize,
    out: &mut [u64],
    first: usize,
    bands: &mut [u64],
) -> Written {
    if rows == 0 {
        return Written::NONE;
    }
    let n = Narrow {
        a,
        b,
        keep,
        rows,
        first,
    };
    let end = first + rows;
    // Row `i` reads words `start + i * stride` and the one after it.
    assert!(a.start + (rows - 1) * a.stride + 1 < a.words.len());
    assert!(b.start + (rows - 1) * b.stride + 1 < b.words.len());
    assert!(end <= out.len() && (end - 1) / BLOCK < bands.len());
    let path = active_path();
    // Masks at most 64 pixels wide (sprites): every row is one word, so the rows of
    // each side are consecutive words and each 8-row band is one vector.
    if a.stride == 1 && b.stride == 1 {
        match path {
            #[cfg(all(target_arch = "x86_64", perpixel_avx512))]
            Path::Avx512 => {
                // SAFETY: `Avx512` is active only where its features were detected (or
                // forced through `with_path`, which checks them); the bounds are checked.
                return unsafe { and_contiguous_avx512(n, out, bands) };
            }
            #[cfg(target_arch = "x86_64")]
            Path::Avx2 => {
                // SAFETY: as above, for `Avx2`.
                return unsafe { and_contiguous_avx2(n, out, bands) };
            }
            _ => return and_contiguous(n, out, bands),
        }
    }
    #[cfg(target_arch = "x86_64")]
    if path != Path::Portable {
        // SAFETY: every path but the portable one is chosen (or forced) only where its
        // features were detected, and both x86 paths require POPCNT and BMI2.
        return unsafe { and_narrow_popcnt(n, out, bands) };
    }
    and_narrow_in(n, out, bands)
}

/// Writes `word(y)` into `out[y]` for the rows `first..first + rows` (one word per row;
/// the other rows are left alone) and the block level of each 8-row band that holds a
/// set bit into `bands` (zero on entry); returns what it wrote. [`and_narrow`] for rows
/// the caller computes (`Mask::overlap_mask_full`: pygame's overlap mask, placed).
pub(crate) fn write_narrow(
    first: usize,
    rows: usize,
    out: &mut [u64],
    bands: &mut [u64],
    word: impl Fn(usize) -> u64,
) -> Written {
    let mut written = Written::NONE;
    if rows == 0 {
        return written;
    }
    let (mut acc, mut nz, mut band) = (0u64, 0u32, first / BLOCK);
    for (y, cell) in out.iter_mut().enumerate().skip(first).take(rows) {
        if y / BLOCK != band {
            written.band(bands, band, acc, nz);
            (acc, nz, band) = (0, 0, y / BLOCK);
        }
        let w = word(y);
        *cell = w;
        written.count += w.count_ones() as u64;
        acc |= w;
        nz |= ((w != 0) as u32) << (y % BLOCK);
    }
    written.band(bands, band, acc, nz);
    written
}

/// [`and_contiguous`] with AVX-512: each 8-row band is one vector, loaded and stored
/// with a mask of the rows it holds, counted with `vpopcntq`; its nonzero rows come
/// from one compare into a mask register.
///
/// # Safety
/// The CPU has the features enabled here; the rows are inside the slices, as
/// [`and_narrow`] checks.
#[cfg(all(target_arch = "x86_64", perpixel_avx512))]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vpopcntdq,popcnt,bmi2")]
// Built only by Rust 1.89 or later (`build.rs` sets the cfg): these intrinsics are fine.
#[allow(clippy::incompatible_msrv)]
unsafe fn and_contiguous_avx512(n: Narrow, out: &mut [u64], bands: &mut [u64]) -> Written {
    use core::arch::x86_64::*;
    let Narrow {
        a,
        b,
        keep,
        rows,
        first,
    } = n;
    let end = first + rows;
    // Row `y` of the output reads word `y - first` past each side's start. Lanes outside
    // `first..end` are masked off: never read or written, so the addresses they would
    // have (before the start, past the end) are only computed, with wrapping arithmetic.
    let pa = a.words.as_ptr().wrapping_add(a.start).wrapping_sub(first);
    let pb = b.words.as_ptr().wrapping_add(b.start).wrapping_sub(first);
    let (sa, sb) = (
        _mm512_set1_epi64(a.shift as i64),
        _mm512_set1_epi64(b.shift as i64),
    );
    let vkeep = _mm512_set1_epi64(keep as i64);
    let mut counts = _mm512_setzero_si512();
    let mut w = Written::NONE;
    for band in first / BLOCK..end.div_ceil(BLOCK) {
        let y = band * BLOCK;
        let lo = first.saturating_sub(y);
        let hi = (end - y).min(BLOCK);
        let k: __mmask8 = ((0xffu32 >> (BLOCK - hi)) & (0xffu32 << lo)) as u8;
        // SAFETY: lanes in `k` are rows `y + lo..y + hi` inside `first..end`, whose
        // words the caller's checks keep inside both slices and `out`.
        let m = unsafe {
            let va = _mm512_maskz_loadu_epi64(k, pa.wrapping_add(y).cast());
            let vb = _mm512_maskz_loadu_epi64(k, pb.wrapping_add(y).cast());
            let m = _mm512_and_si512(
                _mm512_and_si512(_mm512_srlv_epi64(va, sa), _mm512_srlv_epi64(vb, sb)),
                vkeep,
            );
            _mm512_mask_storeu_epi64(out.as_mut_ptr().add(y).cast(), k, m);
            m
        };
        counts = _mm512_add_epi64(counts, _mm512_popcnt_epi64(m));
        let nz = _mm512_test_epi64_mask(m, m) as u32;
        if nz != 0 {
            w.band(bands, band, _mm512_reduce_or_epi64(m) as u64, nz);
        }
    }
    w.count = _mm512_reduce_add_epi64(counts) as u64;
    w
}

/// [`and_contiguous`] compiled for AVX2 (with `popcnt` and BMI2).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt,bmi2")]
unsafe fn and_contiguous_avx2(n: Narrow, out: &mut [u64], bands: &mut [u64]) -> Written {
    and_contiguous(n, out, bands)
}

/// [`and_narrow`] when both sides are one word per row (`stride == 1`): a window is
/// that row's word shifted right (the next word's bits would land past the mask's
/// width, which `keep` clears anyway), so row `i` is `(a[i] >> sa) & (b[i] >> sb) &
/// keep`, band by band.
#[inline(always)]
fn and_contiguous(n: Narrow, out: &mut [u64], bands: &mut [u64]) -> Written {
    let Narrow {
        a,
        b,
        keep,
        rows,
        first,
    } = n;
    debug_assert!(a.stride == 1 && b.stride == 1);
    let end = first + rows;
    let (wa, wb) = (
        &a.words[a.start..a.start + rows],
        &b.words[b.start..b.start + rows],
    );
    let (sa, sb) = (a.shift, b.shift);
    let mut w = Written::NONE;
    // One pass over the rows, a band's block level written after its last row: a
    // sprite's overlap is a few dozen rows, too short for the vectorised inner loop
    // (and its prologue) that a loop per band compiles to.
    let (mut acc, mut nz) = (0u64, 0u32);
    let o = &mut out[first..end];
    // Equal lengths (`rows`), so the indexing below has no bounds checks left.
    let (wa, wb) = (&wa[..rows], &wb[..rows]);
    // `bit` is row `first + i`'s bit in its band's `nz`.
    let mut bit = 1u32 << (first % BLOCK);
    for i in 0..rows {
        let m = (wa[i] >> sa) & (wb[i] >> sb) & keep;
        o[i] = m;
        w.count += m.count_ones() as u64;
        acc |= m;
        if m != 0 {
            nz |= bit;
        }
        bit <<= 1;
        if bit == 1 << BLOCK || i + 1 == rows {
            w.band(bands, (first + i) / BLOCK, acc, nz);
            (acc, nz, bit) = (0, 0, 1);
        }
    }
    w
}

/// [`and_narrow`] with `popcnt` (and `shlx`/`shrx` for the windows).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi2")]
unsafe fn and_narrow_popcnt(n: Narrow, out: &mut [u64], bands: &mut [u64]) -> Written {
    and_narrow_in(n, out, bands)
}

#[inline(always)]
fn and_narrow_in(n: Narrow, out: &mut [u64], bands: &mut [u64]) -> Written {
    let Narrow {
        a,
        b,
        keep,
        rows,
        first,
    } = n;
    let end = first + rows;
    // The AND is symmetric: put a word-aligned plane first, and skip its second load.
    let (a, b) = if a.shift != 0 && b.shift == 0 {
        (b, a)
    } else {
        (a, b)
    };
    match (a.shift == 0, b.shift == 0) {
        (true, true) => narrow_rows::<true, true>(a, b, keep, out, first, end, bands),
        (true, false) => narrow_rows::<true, false>(a, b, keep, out, first, end, bands),
        _ => narrow_rows::<false, false>(a, b, keep, out, first, end, bands),
    }
}

/// The window at word `i` (`ALIGNED`: the shift is 0).
///
/// # Safety
/// `i + 1 < x.words.len()`.
#[inline(always)]
unsafe fn win<const ALIGNED: bool>(x: &Rows, i: usize) -> u64 {
    // SAFETY: the caller keeps `i + 1` inside `x.words`.
    unsafe {
        let lo = *x.words.get_unchecked(i);
        if ALIGNED {
            lo
        } else {
            // Not aligned: 1 <= shift <= 63, so both shifts are in range.
            (lo >> x.shift) | (*x.words.get_unchecked(i + 1) << (64 - x.shift))
        }
    }
}

/// [`and_narrow_in`] for rows `first..end`, the bounds checked by the caller.
#[inline(always)]
fn narrow_rows<const AA: bool, const BA: bool>(
    a: Rows,
    b: Rows,
    keep: u64,
    out: &mut [u64],
    first: usize,
    end: usize,
    bands: &mut [u64],
) -> Written {
    let (mut ia, mut ib) = (a.start, b.start);
    let mut w = Written::NONE;
    let mut y = first;
    while y < end {
        let band_end = ((y / BLOCK + 1) * BLOCK).min(end);
        let (mut acc, mut nz) = (0u64, 0u32);
        for (r, slot) in (y..band_end).zip(&mut out[y..band_end]) {
            // SAFETY: `ia`, `ib` stay at or below the last row's start, which the caller
            // checked.
            let m = unsafe { win::<AA>(&a, ia) & win::<BA>(&b, ib) } & keep;
            *slot = m;
            w.count += m.count_ones() as u64;
            acc |= m;
            nz |= ((m != 0) as u32) << (r % BLOCK);
            ia += a.stride;
            ib += b.stride;
        }
        w.band(bands, y / BLOCK, acc, nz);
        y = band_end;
    }
    w
}
