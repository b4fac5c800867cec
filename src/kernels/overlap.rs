//! The overlap mask's narrow writer: the AND of two planes one word per row (regions at
//! most 64 pixels wide), written with the counts and block bands the mask's caches
//! need, in one pass (`Mask::from_narrow_rows` turns them into its caches).

use super::{BLOCK, Path, Rows, active_path};

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
    #[cfg(target_arch = "x86_64")]
    if active_path() != Path::Portable {
        // SAFETY: every path but the portable one is chosen (or forced) only where its
        // features were detected, and both x86 paths require POPCNT and BMI2.
        return unsafe { and_narrow_popcnt(a, b, keep, rows, out, first, bands) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = active_path();
    and_narrow_in(a, b, keep, rows, out, first, bands)
}

/// [`and_narrow`] with `popcnt` (and `shlx`/`shrx` for the windows).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi2")]
unsafe fn and_narrow_popcnt(
    a: Rows,
    b: Rows,
    keep: u64,
    rows: usize,
    out: &mut [u64],
    first: usize,
    bands: &mut [u64],
) -> u64 {
    and_narrow_in(a, b, keep, rows, out, first, bands)
}

#[inline(always)]
fn and_narrow_in(
    a: Rows,
    b: Rows,
    keep: u64,
    rows: usize,
    out: &mut [u64],
    first: usize,
    bands: &mut [u64],
) -> u64 {
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
