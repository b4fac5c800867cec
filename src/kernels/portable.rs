//! The portable path: plain word loops written so the compiler can vectorise them for
//! whatever target it builds (SSE2 on default x86-64, NEON on aarch64). No `unsafe`
//! operation: the trait's methods are `unsafe fn` only because the AVX2 ones must be.

use super::{Kernel, PackJob, Rows};
use crate::PixelFormat;
// The low `nbits % 64` bits of a partial last chunk (all ones for a full one).
use super::tail_mask as tail;

pub(crate) struct Portable;

/// Bits `[64k + shift, 64k + shift + 64)` of `w`. `shift < 64`; reads `w[k + 1]`.
#[inline(always)]
fn win(w: &[u64], k: usize, shift: u32) -> u64 {
    (w[k] >> shift) | ((w[k + 1] << 1) << (63 - shift))
}

/// The words of row `r` a window of `nbits` bits reads: `ceil(nbits / 64) + 1`.
#[inline(always)]
fn row_words<'a>(x: &Rows<'a>, r: usize, chunks: usize) -> &'a [u64] {
    let start = x.start + r * x.stride;
    &x.words[start..start + chunks + 1]
}

/// Calls `f(chunk_index, a_window & b_window)` for every chunk of one row, the last one
/// masked to `nbits`.
#[inline(always)]
fn and_row(a: &[u64], sa: u32, b: &[u64], sb: u32, nbits: usize, mut f: impl FnMut(usize, u64)) {
    let chunks = nbits.div_ceil(64);
    for k in 0..chunks {
        let mut m = win(a, k, sa) & win(b, k, sb);
        if k + 1 == chunks {
            m &= tail(nbits);
        }
        f(k, m);
    }
}

impl Kernel for Portable {
    unsafe fn any(a: Rows, b: Rows, nbits: usize, rows: usize) -> Option<usize> {
        let chunks = nbits.div_ceil(64);
        if chunks == 0 {
            return None;
        }
        let full = nbits / 64;
        (0..rows).find(|&r| {
            let (wa, wb) = (row_words(&a, r, chunks), row_words(&b, r, chunks));
            let mut acc = 0u64;
            for k in 0..full {
                acc |= win(wa, k, a.shift) & win(wb, k, b.shift);
            }
            if full < chunks {
                acc |= win(wa, full, a.shift) & win(wb, full, b.shift) & tail(nbits);
            }
            acc != 0
        })
    }

    unsafe fn count(a: Rows, b: Rows, nbits: usize, rows: usize) -> u64 {
        let chunks = nbits.div_ceil(64);
        let mut total = 0u64;
        if chunks == 0 {
            return 0;
        }
        for r in 0..rows {
            let (wa, wb) = (row_words(&a, r, chunks), row_words(&b, r, chunks));
            and_row(wa, a.shift, wb, b.shift, nbits, |_, m| {
                total += m.count_ones() as u64
            });
        }
        total
    }

    unsafe fn and(
        a: Rows,
        b: Rows,
        nbits: usize,
        rows: usize,
        out: &mut [u64],
        out_start: usize,
        out_stride: usize,
    ) {
        let chunks = nbits.div_ceil(64);
        if chunks == 0 {
            return;
        }
        for r in 0..rows {
            let (wa, wb) = (row_words(&a, r, chunks), row_words(&b, r, chunks));
            let o = out_start + r * out_stride;
            let dst = &mut out[o..o + chunks];
            and_row(wa, a.shift, wb, b.shift, nbits, |k, m| dst[k] = m);
        }
    }

    unsafe fn pack(job: &PackJob, out: &mut [u64], wpr: usize) {
        pack_rows(job, out, wpr)
    }
}

/// Mask building, one 64-pixel word at a time; also the AVX2 path's row tails.
#[inline(always)]
pub(crate) fn pack_rows(job: &PackJob, out: &mut [u64], wpr: usize) {
    for j in 0..job.rows {
        pack_row_from(job, j, 0, &mut out[j * wpr..(j + 1) * wpr]);
    }
}

/// Packs pixels `first_word * 64..` of region row `j` into `row[first_word..]`.
#[inline(always)]
pub(crate) fn pack_row_from(job: &PackJob, j: usize, first_word: usize, row: &mut [u64]) {
    let src = job.row(j);
    let bpp = job.format.bytes_per_pixel();
    let src = &src[first_word * 64 * bpp..];
    let row = &mut row[first_word..];
    match job.format {
        PixelFormat::A8 => {
            let t = job.threshold;
            for (word, chunk) in row.iter_mut().zip(src.chunks(64)) {
                let mut bits = 0u64;
                for (i, &a) in chunk.iter().enumerate() {
                    bits |= ((a >= t) as u64) << i;
                }
                *word = bits;
            }
        }
        _ if job.alpha_first() => pack_row4::<true>(job, src, row),
        _ => pack_row4::<false>(job, src, row),
    }
}

/// Packs 4-byte pixels: each is read as a little-endian `u32`, rotated right by 8 bits
/// when `ALPHA_FIRST` (see [`PackJob::alpha_first`]), so that alpha is the top byte and
/// the colours the low 24 bits.
#[inline(always)]
fn pack_row4<const ALPHA_FIRST: bool>(job: &PackJob, src: &[u8], row: &mut [u64]) {
    let t = (job.threshold as u32) << 24;
    let key = job.key32();
    for (word, chunk) in row.iter_mut().zip(src.chunks(64 * 4)) {
        let mut bits = 0u64;
        for (i, p) in chunk.chunks_exact(4).enumerate() {
            let mut u = u32::from_le_bytes([p[0], p[1], p[2], p[3]]);
            if ALPHA_FIRST {
                u = u.rotate_right(8);
            }
            let solid = (u >= t) & ((u & 0x00ff_ffff) != key);
            bits |= (solid as u64) << i;
        }
        *word = bits;
    }
}

/// The `collides` floor: OR of `a[i] & b[i]`.
pub(crate) fn floor_and_or(a: &[u64], b: &[u64]) -> u64 {
    a.iter().zip(b).fold(0, |acc, (x, y)| acc | (x & y))
}

/// The `overlap_area` floor: popcount of `a[i] & b[i]`.
pub(crate) fn floor_and_popcount(a: &[u64], b: &[u64]) -> u64 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x & y).count_ones() as u64)
        .sum()
}
