//! The word loops of the mask reshapes (`mask/reshape.rs`): whole rows mirrored (or
//! copied in reverse row order) for the mirrors, and the 64 x 64 bit-tile transpose of the
//! quarter turns together with the result's block level and row spans. The portable loops
//! are safe code, which the AVX2 and AVX-512 entry points in `avx2.rs` / `avx512.rs`
//! compile with their features enabled; the mirror's AVX-512 loop (with GFNI and VBMI,
//! checked at run time) is here, in `mod avx512`.

use super::{BLOCK, Path, nonzero_bytes};

/// `dst[k] = src[n - 1 - k].reverse_bits()` (`n = src.len() == dst.len()`): a row of
/// `64 * n` bits mirrored.
#[inline(always)]
pub(crate) fn reverse_words(src: &[u64], dst: &mut [u64]) {
    assert_eq!(src.len(), dst.len());
    for (out, &word) in dst.iter_mut().zip(src.iter().rev()) {
        *out = word.reverse_bits();
    }
}

/// Rows copied into a result of the same size, in reverse order when `y`, each mirrored
/// (pixel `i` to `width - 1 - i`) when `x`.
pub(crate) struct Mirror<'a> {
    /// The source's rows, `wpr` words each, `height` rows of `width` pixels (bits past
    /// `width` clear).
    pub src: &'a [u64],
    /// The result's rows, laid out as the source's; every word of the first `height`
    /// rows is written.
    pub out: &'a mut [u64],
    pub wpr: usize,
    pub width: usize,
    pub height: usize,
    pub x: bool,
    pub y: bool,
}

/// Writes `job.out` as [`Mirror`] says, on this thread's kernel path.
pub(crate) fn mirror_rows(job: Mirror) {
    match super::active_path() {
        #[cfg(all(target_arch = "x86_64", perpixel_avx512))]
        Path::Avx512 if avx512::has_gfni() => {
            // SAFETY: the AVX-512 path is active only where the CPU has it (detected, or
            // forced through `with_path`, which checks), and GFNI and VBMI were just
            // checked.
            unsafe { avx512::mirror_rows(job) }
        }
        _ => mirror_rows_words(job),
    }
}

/// [`mirror_rows`] a row at a time: whole rows copied, or mirrored by
/// [`super::reverse_words`] (on the thread's path) and [`super::shift_row_down`].
fn mirror_rows_words(job: Mirror) {
    let Mirror {
        src,
        out,
        wpr,
        width,
        height: h,
        x,
        y,
    } = job;
    if wpr == 0 || h == 0 {
        return;
    }
    let rows = src[..h * wpr].chunks_exact(wpr);
    let out = out[..h * wpr].chunks_exact_mut(wpr);
    let write = |dst: &mut [u64], src: &[u64]| {
        if x {
            super::reverse_words(src, dst);
            super::shift_row_down(dst, 64 * wpr - width);
        } else {
            dst.copy_from_slice(src);
        }
    };
    if y {
        out.zip(rows.rev()).for_each(|(d, s)| write(d, s));
    } else {
        out.zip(rows).for_each(|(d, s)| write(d, s));
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

/// The AVX-512 reshapes (F + BW with GFNI and VBMI, and VBMI2 for the funnel shifts),
/// chosen at run time.
#[cfg(all(target_arch = "x86_64", perpixel_avx512))]
#[allow(clippy::incompatible_msrv)]
mod avx512 {
    use super::Mirror;
    use core::arch::x86_64::*;

    /// Whether the CPU has GFNI and AVX-512 VBMI, which the AVX-512 reshapes need beside
    /// the AVX-512 path's own features.
    pub(super) fn has_gfni() -> bool {
        is_x86_feature_detected!("gfni") && is_x86_feature_detected!("avx512vbmi")
    }

    /// The first `n` (0..=8) lanes.
    #[inline(always)]
    fn lanes(n: usize) -> __mmask8 {
        ((1u32 << n) - 1) as __mmask8
    }

    /// [`super::mirror_rows`], eight words at a time. A mirrored row is the source row
    /// shifted up by its `64 * wpr - width` pad bits (a funnel shift of each word with
    /// the word below it, `vpshldvq`), then reversed as a whole: the words' order and each
    /// word's bytes by one `vpermb`, each byte's bits by `vgf2p8affineqb`. Output words
    /// `k..k + 8` are the reversed source words `wpr - 8 - k .. wpr - k`; the last group
    /// of a row is masked (source lanes below word 0 read as zero, output lanes past the
    /// row not written).
    ///
    /// # Safety
    /// The CPU must have AVX-512 F, BW, VBMI, VBMI2 and GFNI.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,gfni")]
    pub(super) unsafe fn mirror_rows(job: Mirror) {
        let Mirror {
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
        let pad = _mm512_set1_epi64((64 * wpr - width) as i64);
        // Byte i from byte 63 - i: the 64 bytes reversed (words and their bytes).
        const BYTES_REV: [u8; 64] = {
            let mut idx = [0u8; 64];
            let mut i = 0;
            while i < 64 {
                idx[i] = 63 - i as u8;
                i += 1;
            }
            idx
        };
        // SAFETY: an unaligned load of a 64-byte constant.
        let bytes_rev = unsafe { _mm512_loadu_si512(BYTES_REV.as_ptr().cast()) };
        // The affine map whose matrix rows are `1 << j`, reversed: each byte's bits
        // reversed.
        let bits_rev = _mm512_set1_epi64(0x8040_2010_0804_0201_u64 as i64);
        let mirror = |hi: __m512i, lo: __m512i| {
            let up = _mm512_shldv_epi64(hi, lo, pad);
            _mm512_gf2p8affine_epi64_epi8::<0>(_mm512_permutexvar_epi8(bytes_rev, up), bits_rev)
        };
        // Whole groups: source words m0 - 1 .. m0 + 8 with m0 = wpr - 8 - k >= 1.
        let whole = wpr.saturating_sub(8);
        for j in 0..h {
            let s = if y { h - 1 - j } else { j };
            let row = src[s * wpr..(s + 1) * wpr].as_ptr();
            let dst = out[j * wpr..(j + 1) * wpr].as_mut_ptr();
            let mut k = 0;
            if !x {
                // Rows copied as they are.
                while k + 8 <= wpr {
                    // SAFETY: words k..k + 8 of both rows.
                    unsafe {
                        let v = _mm512_loadu_si512(row.add(k).cast());
                        _mm512_storeu_si512(dst.add(k).cast(), v);
                    }
                    k += 8;
                }
                let tail = lanes(wpr - k);
                // SAFETY: lanes `tail` are words k..wpr of both rows.
                unsafe {
                    let v = _mm512_maskz_loadu_epi64(tail, row.add(k).cast());
                    _mm512_mask_storeu_epi64(dst.add(k).cast(), tail, v);
                }
                continue;
            }
            while k < whole {
                let m0 = wpr - 8 - k;
                // SAFETY: words m0 - 1 .. m0 + 8 (m0 >= 1, m0 + 8 <= wpr) of the source
                // row, words k..k + 8 (k + 8 < wpr) of the result's.
                unsafe {
                    let hi = _mm512_loadu_si512(row.add(m0).cast());
                    let lo = _mm512_loadu_si512(row.add(m0 - 1).cast());
                    _mm512_storeu_si512(dst.add(k).cast(), mirror(hi, lo));
                }
                k += 8;
            }
            // The last group: source lane l reads word m0 + l (and m0 + l - 1), only those
            // >= 0 (m0 = wpr - 8 - k, between -7 and 0).
            let skip = 8 + k - wpr;
            let (hi_k, lo_k, store_k) = (!lanes(skip), !lanes(skip + 1), lanes(wpr - k));
            let m0 = -(skip as isize);
            // SAFETY: the lanes `hi_k` and `lo_k` select read words `m0 + l` and
            // `m0 + l - 1` that are in `0..wpr` (`m0 + 7 < wpr`), inside the row; the lanes
            // masked off are not read (their addresses are only computed, with wrapping
            // arithmetic). The store writes words k..wpr.
            unsafe {
                let hi = _mm512_maskz_loadu_epi64(hi_k, row.wrapping_offset(m0).cast());
                let lo = _mm512_maskz_loadu_epi64(lo_k, row.wrapping_offset(m0 - 1).cast());
                _mm512_mask_storeu_epi64(dst.add(k).cast(), store_k, mirror(hi, lo));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The next xorshift64 value of `state`.
    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// Every path's `mirror_rows` against a bit-by-bit mirror, at widths around the word
    /// and 8-word boundaries, both ways, leaving the words past the rows alone.
    #[test]
    fn mirror_rows_match_bit_by_bit_on_every_path() {
        let mut rng = 0x51ED_2701_A3C9_4B17u64;
        for width in [
            1usize, 2, 63, 64, 65, 127, 128, 200, 511, 512, 513, 575, 640, 1000,
        ] {
            let wpr = width.div_ceil(64);
            for h in [1usize, 2, 5] {
                let mut src: Vec<u64> = (0..h * wpr).map(|_| xorshift(&mut rng)).collect();
                for row in src.chunks_exact_mut(wpr) {
                    row[wpr - 1] &= crate::mask::tail_mask(width);
                }
                let bit = |r: &[u64], i: usize| r[i / 64] >> (i % 64) & 1;
                for (x, y) in [(true, false), (false, true), (true, true)] {
                    let mut want = vec![0u64; h * wpr];
                    for j in 0..h {
                        let s = if y { h - 1 - j } else { j };
                        for i in 0..width {
                            let from = if x { width - 1 - i } else { i };
                            want[j * wpr + i / 64] |= bit(&src[s * wpr..], from) << (i % 64);
                        }
                    }
                    for path in super::super::available_paths() {
                        let mut out = vec![0xDEAD_BEEF; h * wpr + 3];
                        super::super::with_path(path, || {
                            mirror_rows(Mirror {
                                src: &src,
                                out: &mut out,
                                wpr,
                                width,
                                height: h,
                                x,
                                y,
                            })
                        });
                        let what = format!("{} width {width} h {h} x {x} y {y}", path.name());
                        assert_eq!(out[..h * wpr], want[..], "{what}");
                        assert_eq!(out[h * wpr..], [0xDEAD_BEEF; 3], "{what}: past the rows");
                    }
                }
            }
        }
    }

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
