//! The overlap mask's narrow writer: the AND of two planes one word per row (regions at
//! most 64 pixels wide), written with the counts and block bands the mask's caches
//! need, in one pass (`Mask::from_narrow_rows` turns them into its caches).

use super::{BLOCK, Path, Rows, active_path};

/// The arguments of [`and_narrow`], passed on to the path that runs it.
#[derive(Clone, Copy)]
struct Narrow<'a> {
    a: Rows<'a>,
    b: Rows<'a>,
    keep: u64,
    rows: usize,
    first: usize,
}

/// Writes the AND of `a`'s and `b`'s windows, masked with `keep`, for `rows` rows into
/// `out[first..first + rows]` (one word per row), stores into `bands[y / BLOCK]` the OR
/// of the rows of each 8-row band it writes (rows outside `first..first + rows` count
/// as empty), and returns the set bits written.
pub(crate) fn and_narrow(
    a: Rows,
    b: Rows,
    keep: u64,
    rows: usize,
    out: &mut [u64],
    first: usize,
    bands: &mut [u64],
) -> u64 {
    let n = Narrow {
        a,
        b,
        keep,
        rows,
        first,
    };
    let path = active_path();
    // Masks at most 64 pixels wide (sprites): every row is one word, so the rows of
    // each side are consecutive words and the AND is a plain vector loop.
    if a.stride == 1 && b.stride == 1 {
        match path {
            #[cfg(all(target_arch = "x86_64", perpixel_avx512))]
            // SAFETY: `Avx512` is active only where its features were detected (or
            // forced through `with_path`, which checks them).
            Path::Avx512 => {
                return unsafe { and_contiguous_avx512(n, out, bands) };
            }
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above, for `Avx2`.
            Path::Avx2 => {
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

/// [`and_contiguous`] vectorised for AVX-512 (with `vpopcntq` for the count).
#[cfg(all(target_arch = "x86_64", perpixel_avx512))]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vpopcntdq,popcnt,bmi2")]
unsafe fn and_contiguous_avx512(n: Narrow, out: &mut [u64], bands: &mut [u64]) -> u64 {
    and_contiguous(n, out, bands)
}

/// [`and_contiguous`] vectorised for AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt,bmi2")]
unsafe fn and_contiguous_avx2(n: Narrow, out: &mut [u64], bands: &mut [u64]) -> u64 {
    and_contiguous(n, out, bands)
}

/// [`and_narrow`] when both sides are one word per row (`stride == 1`): a window is
/// that row's word shifted right (the next word's bits would land past the mask's
/// width, which `keep` clears anyway), so row `i` is
/// `(a[i] >> sa) & (b[i] >> sb) & keep`: a loop the compiler vectorises, then one pass
/// over the written rows for the bands.
#[inline(always)]
fn and_contiguous(n: Narrow, out: &mut [u64], bands: &mut [u64]) -> u64 {
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
    let rows_out = &mut out[first..end];
    let (sa, sb) = (a.shift, b.shift);
    let mut count = 0u64;
    for ((o, &x), &y) in rows_out.iter_mut().zip(wa).zip(wb) {
        let m = (x >> sa) & (y >> sb) & keep;
        *o = m;
        count += m.count_ones() as u64;
    }
    let mut y = first;
    while y < end {
        let band_end = ((y / BLOCK + 1) * BLOCK).min(end);
        bands[y / BLOCK] = out[y..band_end].iter().fold(0, |acc, &w| acc | w);
        y = band_end;
    }
    count
}

/// [`and_narrow`] with `popcnt` (and `shlx`/`shrx` for the windows).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi2")]
unsafe fn and_narrow_popcnt(n: Narrow, out: &mut [u64], bands: &mut [u64]) -> u64 {
    and_narrow_in(n, out, bands)
}

#[inline(always)]
fn and_narrow_in(n: Narrow, out: &mut [u64], bands: &mut [u64]) -> u64 {
    let Narrow {
        a,
        b,
        keep,
        rows,
        first,
    } = n;
    if rows == 0 {
        return 0;
    }
    let end = first + rows;
    // Row `i` reads words `start + i * stride` and the one after it.
    assert!(a.start + (rows - 1) * a.stride + 1 < a.words.len());
    assert!(b.start + (rows - 1) * b.stride + 1 < b.words.len());
    assert!(end <= out.len() && (end - 1) / BLOCK < bands.len());
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
) -> u64 {
    let (mut ia, mut ib) = (a.start, b.start);
    let mut count = 0u64;
    let mut y = first;
    while y < end {
        let band_end = ((y / BLOCK + 1) * BLOCK).min(end);
        let mut acc = 0u64;
        for slot in &mut out[y..band_end] {
            // SAFETY: `ia`, `ib` stay at or below the last row's start, which the caller
            // checked.
            let m = unsafe { win::<AA>(&a, ia) & win::<BA>(&b, ib) } & keep;
            *slot = m;
            count += m.count_ones() as u64;
            acc |= m;
            ia += a.stride;
            ib += b.stride;
        }
        bands[y / BLOCK] = acc;
        y = band_end;
    }
    count
}
