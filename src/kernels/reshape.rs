//! The word loops of the mask reshapes (`mask/reshape.rs`): bit-reversed word order for
//! the mirrors, and the 64 x 64 bit-tile transpose of the quarter turns together with the
//! result's block level and row spans. Safe code, generic over nothing: the AVX2 and
//! AVX-512 entry points compile the same loops with their features enabled.

use super::{BLOCK, nonzero_bytes};

/// `dst[k] = src[n - 1 - k].reverse_bits()` (`n = src.len() == dst.len()`): a row of
/// `64 * n` bits mirrored.
#[inline(always)]
pub(crate) fn reverse_words(src: &[u64], dst: &mut [u64]) {
    assert_eq!(src.len(), dst.len());
    for (out, &word) in dst.iter_mut().zip(src.iter().rev()) {
        *out = word.reverse_bits();
    }
}

/// A transpose of packed rows into a zeroed result, with the result's block level.
pub(crate) struct Transpose<'a> {
    /// The source's rows, `swpr` words each, `height` rows of `width` pixels.
    pub src: &'a [u64],
    pub swpr: usize,
    pub width: usize,
    pub height: usize,
    /// Read the source's rows bottom to top.
    pub reverse_in: bool,
    /// Write the result's rows bottom to top.
    pub reverse_out: bool,
    /// The result's rows (`width` rows of `owpr` words), all clear.
    pub out: &'a mut [u64],
    pub owpr: usize,
    /// The result's block level (`bwpr` words per block row), all clear: every written
    /// word sets the blocks it touches.
    pub blocks: &'a mut [u64],
    pub bwpr: usize,
}

/// Transposes `job.src` into `job.out` over 64 x 64 bit tiles: source pixel `(i, j)`
/// becomes result pixel `(j', i')` with `j' = j` (`height - 1 - j` when `reverse_in`) and
/// `i' = i` (`width - 1 - i` when `reverse_out`). Empty tiles are skipped (the result
/// starts clear). Bounds are checked once per tile column, not per word.
#[inline(always)]
pub(crate) fn transpose_tiles(job: Transpose) {
    transpose_tiles_with(job, load_transpose)
}

/// Loads tile `bx` of `band` (`rows` source rows of `swpr` words, bottom to top when
/// `reverse_in`) into `tile`, zero past `rows`, and transposes it ([`transpose64`]);
/// false, with `tile` left as it may be, when the tile is empty.
#[inline(always)]
pub(crate) fn load_transpose(
    band: &[u64],
    swpr: usize,
    bx: usize,
    rows: usize,
    reverse_in: bool,
    tile: &mut [u64; 64],
) -> bool {
    let mut any = 0;
    // Word bx of each source row (`row[bx]`: bx < swpr, the chunks' length, so the
    // check leaves the loop).
    for (t, row) in tile[..rows].iter_mut().zip(band.chunks_exact(swpr)) {
        *t = row[bx];
        any |= row[bx];
    }
    if any == 0 {
        return false;
    }
    tile[rows..].fill(0);
    if reverse_in {
        tile[..rows].reverse();
    }
    transpose64(tile);
    true
}

/// [`transpose_tiles`] with `load` (which must do what [`load_transpose`] does) for each
/// tile.
#[inline(always)]
pub(crate) fn transpose_tiles_with(
    job: Transpose,
    load: impl Fn(&[u64], usize, usize, usize, bool, &mut [u64; 64]) -> bool,
) {
    let Transpose {
        src,
        swpr,
        width: w,
        height: h,
        reverse_in,
        reverse_out,
        out,
        owpr,
        blocks,
        bwpr,
    } = job;
    let mut tile_words = [0u64; 64];
    // Tile (by, bx): rows 64*by.. of word column bx of the source, which become rows
    // 64*bx.. of word column by of the result.
    for by in 0..owpr {
        let rows = (h - 64 * by).min(64);
        // Result column 64*by + t is source row 64*by + t, or h-1-(64*by + t).
        let first = if reverse_in {
            h - 64 * by - rows
        } else {
            64 * by
        };
        let band = &src[first * swpr..(first + rows) * swpr];
        let (block_word, block_shift) = (by / 8, by % 8 * 8);
        for bx in 0..swpr {
            let tile = &mut tile_words;
            // The result starts clear: an empty tile has nothing to write.
            if !load(band, swpr, bx, rows, reverse_in, tile) {
                continue;
            }
            // Source column c = 64*bx + s becomes result row c, or w-1-c: the rows
            // d0..d0 + cols, in the tile's order or reversed.
            let cols = (w - 64 * bx).min(64);
            let d0 = if reverse_out {
                w - 64 * bx - cols
            } else {
                64 * bx
            };
            if reverse_out {
                tile[..cols].reverse();
            }
            let tile = &tile[..cols];
            let dst = out[d0 * owpr..(d0 + cols) * owpr].chunks_exact_mut(owpr);
            for (row, &word) in dst.zip(tile) {
                row[by] = word;
            }
            // Each 8-row band of the result the tile covers: the OR of its words sets
            // its blocks (the first band may start inside the tile when d0 % 8 != 0).
            let mut i = 0;
            while i < cols {
                let end = (i + BLOCK - (d0 + i) % BLOCK).min(cols);
                let band_or = tile[i..end].iter().fold(0, |acc, &w| acc | w);
                blocks[(d0 + i) / BLOCK * bwpr + block_word] |=
                    nonzero_bytes(band_or) << block_shift;
                i = end;
            }
        }
    }
}

/// Transposes a 64 x 64 bit matrix in place: afterwards bit `s` of word `t` is what bit
/// `t` of word `s` was. Six rounds of masked swaps (Hacker's Delight, 7-3): round `j`
/// (32, 16, ..., 1) swaps, within every `2j x 2j` block, the `j x j` block of high bits
/// in the low rows with the block of low bits in the high rows.
#[inline(always)]
pub(crate) fn transpose64(a: &mut [u64; 64]) {
    swap_round::<32>(a, 0x0000_0000_FFFF_FFFF);
    swap_round::<16>(a, 0x0000_FFFF_0000_FFFF);
    swap_round::<8>(a, 0x00FF_00FF_00FF_00FF);
    swap_round::<4>(a, 0x0F0F_0F0F_0F0F_0F0F);
    swap_round::<2>(a, 0x3333_3333_3333_3333);
    swap_round::<1>(a, 0x5555_5555_5555_5555);
}

/// One round of [`transpose64`]: in every group of `2 * J` words, word `k` of the first
/// half swaps its bits under `m << J` with the bits under `m` of word `k + J`. Written
/// as fixed-length loops over contiguous halves so the compiler can vectorise them.
#[inline(always)]
fn swap_round<const J: usize>(a: &mut [u64; 64], m: u64) {
    for group in a.chunks_exact_mut(2 * J) {
        let (lo, hi) = group.split_at_mut(J);
        for (x, y) in lo.iter_mut().zip(hi.iter_mut()) {
            let t = ((*x >> J) ^ *y) & m;
            *x ^= t << J;
            *y ^= t;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transpose64_matches_bit_by_bit() {
        let mut rng = 0x1234_5678_9ABC_DEF1u64;
        let mut a = [0u64; 64];
        for w in a.iter_mut() {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            *w = rng;
        }
        let before = a;
        transpose64(&mut a);
        for (s, &row) in a.iter().enumerate() {
            for (t, &was) in before.iter().enumerate() {
                assert_eq!(row >> t & 1, was >> s & 1, "bit ({s}, {t})");
            }
        }
    }
}
