//! The word loops of the mask reshapes (`mask/reshape.rs`): whole rows mirrored (or
//! copied in reverse row order) for the mirrors, and the 64 x 64 bit-tile transpose of the
//! quarter turns together with the result's block level and row spans. The portable loops
//! are safe code, which the AVX2 and AVX-512 entry points in `avx2.rs` / `avx512.rs`
//! compile with their features enabled; the AVX-512 mirror and tile work (with GFNI and
//! VBMI, checked at run time) are here, in `mod avx512`, and the x86 transposes' shared
//! loop (with AVX2's tile work) in `tiles.rs`.

#[cfg(target_arch = "x86_64")]
use super::Path;
use super::{BLOCK, nonzero_bytes};
use std::mem::MaybeUninit;

/// Results of at least this many words (16 MiB) are written by the x86 reshapes (the
/// mirrors, and the transposes in `tiles.rs`) with non-temporal stores (`vmovntdq`),
/// whole 64-byte lines that go to memory without being read first: such a result is
/// larger than most caches' share for one core, and writing it through the cache read
/// every line of it from memory first (a 16384^2 quarter turn took 9.8 ms with cached
/// stores, 6 ms without; an 8192^2 one, 8 MiB, was no faster). The stores are ordered
/// before the result is shared by an `sfence`.
/// (The unit tests lower it, so that their masks take both kinds of store.)
#[cfg(target_arch = "x86_64")]
pub(crate) const STREAM_FROM: usize = if cfg!(test) { 512 } else { 2 << 20 };

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
    /// The result's rows, laid out as the source's, as yet uninitialised; every word of
    /// the first `height` rows is written.
    pub out: &'a mut [MaybeUninit<u64>],
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
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the AVX2 and AVX-512 paths are active only where the CPU has AVX2.
        Path::Avx2 | Path::Avx512 => unsafe { super::avx2::mirror_rows(job) },
        _ => mirror_rows_words(job),
    }
}

/// [`mirror_rows`] a row at a time, the portable path's: whole rows copied, or mirrored
/// by [`reverse_words`] and [`super::shift_row_down`].
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
    let write = |dst: &mut [MaybeUninit<u64>], src: &[u64]| {
        if x {
            // Zeroed first (a row, in the cache), for the loops that take written words.
            let dst = zero_init(dst);
            reverse_words(src, dst);
            super::shift_row_down(dst, 64 * wpr - width);
        } else {
            for (d, &s) in dst.iter_mut().zip(src) {
                d.write(s);
            }
        }
    };
    // Source rows in order (the result's in whatever order that gives): the source is
    // read as one rising stream, which the hardware prefetches.
    if y {
        out.rev().zip(rows).for_each(|(d, s)| write(d, s));
    } else {
        out.zip(rows).for_each(|(d, s)| write(d, s));
    }
}

/// `words` with every word written 0, as initialised words.
#[inline(always)]
pub(crate) fn zero_init(words: &mut [MaybeUninit<u64>]) -> &mut [u64] {
    for w in words.iter_mut() {
        w.write(0);
    }
    // SAFETY: every element was just initialised, and `MaybeUninit<u64>` has the layout
    // of `u64`.
    unsafe { &mut *(words as *mut [MaybeUninit<u64>] as *mut [u64]) }
}

/// Transposes as [`transpose_tiles`] does, on this thread's kernel path: AVX-512 with
/// GFNI and VBMI (`avx512::transpose_tiles`) or AVX2 (`tiles::transpose_avx2`, also for
/// AVX-512 without GFNI), both through `tiles::transpose_grouped`; the portable path
/// through [`transpose_tiles`].
/// Where the result is not zeroed (`Transpose::zeroed` false), this thread's path must
/// write every word ([`transpose_writes_every_word`]).
pub(crate) fn transpose(job: Transpose) {
    match super::active_path() {
        #[cfg(all(target_arch = "x86_64", perpixel_avx512))]
        Path::Avx512 if avx512::has_gfni() => {
            // SAFETY: the AVX-512 path is active only where the CPU has it (detected, or
            // forced through `with_path`, which checks), and GFNI and VBMI were just
            // checked.
            unsafe { avx512::transpose_tiles(job) }
        }
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the AVX2 and AVX-512 paths are active only where the CPU has AVX2.
        Path::Avx2 | Path::Avx512 => unsafe { super::tiles::transpose_avx2(job) },
        _ => transpose_tiles(job),
    }
}

/// Whether [`transpose`] on this thread's path writes every word of the result's rows
/// (empty tiles as zeros), so that the result need not be zeroed first: the x86 paths
/// (`tiles::transpose_grouped`); the portable one skips empty tiles.
pub(crate) fn transpose_writes_every_word() -> bool {
    #[cfg(target_arch = "x86_64")]
    if matches!(super::active_path(), Path::Avx2 | Path::Avx512) {
        return true;
    }
    false
}

/// Initialised words as possibly uninitialised ones, for a writer that takes either.
///
/// # Safety
/// Only initialised values may be written through the result (as every kernel here
/// does), or `words` would hold uninitialised ones after.
#[inline(always)]
pub(crate) unsafe fn as_uninit(words: &mut [u64]) -> &mut [MaybeUninit<u64>] {
    // SAFETY: the same layout; the caller writes only initialised values.
    unsafe { &mut *(words as *mut [u64] as *mut [MaybeUninit<u64>]) }
}

/// `words`, which hold initialised values, as words.
///
/// # Safety
/// Every element of `words` is initialised.
#[inline(always)]
pub(crate) unsafe fn assume_init_words(words: &mut [MaybeUninit<u64>]) -> &mut [u64] {
    // SAFETY: initialised (the caller's contract); `MaybeUninit<u64>` has the layout of
    // `u64`.
    unsafe { &mut *(words as *mut [MaybeUninit<u64>] as *mut [u64]) }
}

/// A transpose of packed rows, with the result's block level.
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
    /// The result's rows (`width` rows of `owpr` words): all clear when `zeroed`, else
    /// uninitialised, and then only a path that writes every word may run
    /// ([`transpose_writes_every_word`]).
    pub out: &'a mut [MaybeUninit<u64>],
    pub zeroed: bool,
    pub owpr: usize,
    /// The result's block level (`bwpr` words per block row), all clear: every written
    /// word sets the blocks it touches. `None`: no block level is written.
    pub blocks: Option<&'a mut [u64]>,
    pub bwpr: usize,
    /// The source's block level (`ceil(ceil(width / 8) / 64)` words per block row), if
    /// known: where the block grid does not move (`height` a multiple of 8 when
    /// `reverse_in`, `width` when `reverse_out`), the result's is its transpose, which
    /// the AVX-512 path takes instead of gathering occupancy from the tiles.
    // Read by the AVX-512 path only.
    #[cfg_attr(not(all(target_arch = "x86_64", perpixel_avx512)), allow(dead_code))]
    pub src_blocks: Option<&'a [u64]>,
}

/// Loads tile `bx` of `band` (`rows` source rows of `swpr` words, bottom to top when
/// `reverse_in`) into `tile`, zero past `rows`, and transposes it ([`transpose64`]);
/// false, with `tile` left as it may be, when the tile is empty.
#[inline(always)]
fn load_transpose(
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

/// Transposes `job.src` into `job.out` over 64 x 64 bit tiles: source pixel `(i, j)`
/// becomes result pixel `(j', i')` with `j' = j` (`height - 1 - j` when `reverse_in`) and
/// `i' = i` (`width - 1 - i` when `reverse_out`). Empty tiles are skipped (the result
/// starts clear). Bounds are checked once per tile column, not per word.
pub(crate) fn transpose_tiles(job: Transpose) {
    let Transpose {
        src,
        swpr,
        width: w,
        height: h,
        reverse_in,
        reverse_out,
        out,
        zeroed,
        owpr,
        mut blocks,
        bwpr,
        src_blocks: _,
    } = job;
    // Empty tiles are skipped: the result must start clear.
    assert!(zeroed, "the word-by-word transpose needs a zeroed result");
    // SAFETY: zeroed, so initialised.
    let out = unsafe { assume_init_words(out) };
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
        for bx in 0..swpr {
            let tile = &mut tile_words;
            // The result starts clear: an empty tile has nothing to write.
            if !load_transpose(band, swpr, bx, rows, reverse_in, tile) {
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
            if let Some(blocks) = blocks.as_deref_mut() {
                set_tile_blocks(blocks, bwpr, by, d0, tile, false);
            }
        }
    }
}

/// Sets the result's blocks under one transposed tile at result word column `by`:
/// `words[s]` is result row `d0 + s`, or `d0 + words.len() - 1 - s` when `reversed`. Each
/// 8-row band of the result the tile covers gets the OR of its words (the first band may
/// start inside the tile when `d0 % 8 != 0`).
#[inline(always)]
pub(crate) fn set_tile_blocks(
    blocks: &mut [u64],
    bwpr: usize,
    by: usize,
    d0: usize,
    words: &[u64],
    reversed: bool,
) {
    let cols = words.len();
    let (block_word, block_shift) = (by / 8, by % 8 * 8);
    let mut i = 0;
    while i < cols {
        let end = (i + BLOCK - (d0 + i) % BLOCK).min(cols);
        let run = if reversed {
            &words[cols - end..cols - i]
        } else {
            &words[i..end]
        };
        let band_or = run.iter().fold(0, |acc, &w| acc | w);
        blocks[(d0 + i) / BLOCK * bwpr + block_word] |= nonzero_bytes(band_or) << block_shift;
        i = end;
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
    use super::super::tiles::{AHEAD, GROUP, Scratch, TileGroup, transpose_grouped};
    use super::{Mirror, STREAM_FROM, Transpose};
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
    /// row not written). A result of [`STREAM_FROM`] words or more is written with
    /// non-temporal stores where its rows start on lines.
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
        let pad_bits = 64 * wpr - width;
        let pad = _mm512_set1_epi64(pad_bits as i64);
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
        let reverse =
            |v| _mm512_gf2p8affine_epi64_epi8::<0>(_mm512_permutexvar_epi8(bytes_rev, v), bits_rev);
        let mirror = |hi: __m512i, lo: __m512i| reverse(_mm512_shldv_epi64(hi, lo, pad));
        // Whole groups: source words m0 - 1 .. m0 + 8 with m0 = wpr - 8 - k >= 1.
        let whole = wpr.saturating_sub(8);
        let stream = h * wpr >= STREAM_FROM;
        // Stores a whole group at `dst + k`: non-temporal when `nt` (a line's start).
        let store = |nt: bool, at: *mut u64, v: __m512i| {
            // SAFETY: the callers' `at..at + 8` are words of the result's row, and `nt`
            // only where `at` is 64-byte aligned (the row's start is, and k % 8 == 0).
            unsafe {
                if nt {
                    _mm512_stream_si512(at.cast(), v)
                } else {
                    _mm512_storeu_si512(at.cast(), v)
                }
            }
        };
        // Source rows in order, and each row's words in order (the result's rows and
        // words in whatever order that gives): the source is read as one rising stream,
        // which the hardware prefetches. A large mask's flip_x read each row backwards
        // and took 1.8x as long as its half turn, which reads the whole mask backwards.
        // The last group of a result row (the source row's first words) comes first.
        let last = whole.next_multiple_of(8);
        for s in 0..h {
            let j = if y { h - 1 - s } else { s };
            let row = src[s * wpr..(s + 1) * wpr].as_ptr();
            let dst = out[j * wpr..(j + 1) * wpr].as_mut_ptr().cast::<u64>();
            let nt = stream && (dst as usize) % 64 == 0;
            if !x {
                // Rows copied as they are.
                let mut k = 0;
                while k + 8 <= wpr {
                    // SAFETY: words k..k + 8 of both rows.
                    unsafe { store(nt, dst.add(k), _mm512_loadu_si512(row.add(k).cast())) };
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
            // The last group, at k = `last`: source lane l reads word m0 + l (and
            // m0 + l - 1), only those >= 0 (m0 = wpr - 8 - k, between -7 and 0).
            let skip = 8 + last - wpr;
            let (hi_k, lo_k, store_k) = (!lanes(skip), !lanes(skip + 1), lanes(wpr - last));
            let m0 = -(skip as isize);
            // SAFETY: the lanes `hi_k` and `lo_k` select read words `m0 + l` and
            // `m0 + l - 1` that are in `0..wpr` (`m0 + 7 < wpr`), inside the row; the lanes
            // masked off are not read (their addresses are only computed, with wrapping
            // arithmetic). The store writes words last..wpr.
            unsafe {
                let hi = _mm512_maskz_loadu_epi64(hi_k, row.wrapping_offset(m0).cast());
                let lo = _mm512_maskz_loadu_epi64(lo_k, row.wrapping_offset(m0 - 1).cast());
                _mm512_mask_storeu_epi64(dst.add(last).cast(), store_k, mirror(hi, lo));
            }
            // The whole groups, k = last - 8 down to 0: source words m0 - 1 .. m0 + 8 with
            // m0 = wpr - 8 - k >= 1 (k < whole).
            for k in (0..last).step_by(8).rev() {
                let m0 = wpr - 8 - k;
                // SAFETY: words m0 - 1 .. m0 + 8 (m0 >= 1, m0 + 8 <= wpr) of the source
                // row, words k..k + 8 (k + 8 < wpr) of the result's.
                unsafe {
                    let hi = _mm512_loadu_si512(row.add(m0).cast());
                    // No pad to shift out (a width that is a multiple of 64): one load.
                    let v = if pad_bits == 0 {
                        reverse(hi)
                    } else {
                        mirror(hi, _mm512_loadu_si512(row.add(m0 - 1).cast()))
                    };
                    store(nt, dst.add(k), v);
                }
            }
        }
        if stream {
            // The non-temporal stores before any later store (the result's publication).
            _mm_sfence();
        }
    }

    /// Words of `a` (indices 0..8) and `b` (8..16) picked by `idx`.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn pick(a: __m512i, b: __m512i, idx: [i64; 8]) -> __m512i {
        let [i0, i1, i2, i3, i4, i5, i6, i7] = idx;
        _mm512_permutex2var_epi64(a, _mm512_setr_epi64(i0, i1, i2, i3, i4, i5, i6, i7), b)
    }

    /// Transposes a 64 x 64 bit tile held in eight registers (`z[i]` holds words
    /// `8i..8i + 8`) by 8 x 8 bit blocks: afterwards bit `s` of word `t` is what bit `t` of
    /// word `s` was. Block `(R, C)` is byte `C` of words `8R..8R + 8` (register `R`); its
    /// transpose is byte `R` of words `8C..8C + 8`. Per register, `vpermb` puts each
    /// block's eight bytes in one word (last row first) and `vgf2p8affineqb` transposes
    /// every word's 8 x 8 bits; an 8 x 8 transpose of words across the registers and one
    /// more `vpermb` (an 8 x 8 byte transpose) in each put every block in its place.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,gfni")]
    #[inline]
    fn transpose_regs(z: &mut [__m512i; 8]) {
        /// Byte `i` of a register from byte `8 * (i % 8) + i / 8` (an 8 x 8 byte
        /// transpose), or with `reverse` from byte `8 * (7 - i % 8) + i / 8`.
        const fn indices(reverse: bool) -> [u8; 64] {
            let mut idx = [0u8; 64];
            let mut i = 0;
            while i < 64 {
                let row = if reverse { 7 - i % 8 } else { i % 8 };
                idx[i] = (8 * row + i / 8) as u8;
                i += 1;
            }
            idx
        }
        const GATHER_BLOCKS: [u8; 64] = indices(true);
        const BYTES_T: [u8; 64] = indices(false);
        // SAFETY: unaligned loads of 64-byte constants.
        let (gather_blocks, bytes_t) = unsafe {
            (
                _mm512_loadu_si512(GATHER_BLOCKS.as_ptr().cast()),
                _mm512_loadu_si512(BYTES_T.as_ptr().cast()),
            )
        };
        // Byte j of each word is 1 << j: the affine map with a word A as its matrix gives
        // bit i of byte j = bit j of A's byte 7 - i, which after the reversed rows above
        // is the block transposed.
        let unit = _mm512_set1_epi64(0x8040_2010_0804_0201_u64 as i64);
        for v in z.iter_mut() {
            let blocks = _mm512_permutexvar_epi8(gather_blocks, *v);
            *v = _mm512_gf2p8affine_epi64_epi8::<0>(unit, blocks);
        }
        words_transposed(z);
        for v in z.iter_mut() {
            *v = _mm512_permutexvar_epi8(bytes_t, *v);
        }
    }

    /// An 8 x 8 transpose of words across eight registers: afterwards word `C` of `z[R]`
    /// is what word `R` of `z[C]` was. Three rounds of two-register word shuffles.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn words_transposed(z: &mut [__m512i; 8]) {
        const LO1: [i64; 8] = [0, 8, 2, 10, 4, 12, 6, 14];
        const HI1: [i64; 8] = [1, 9, 3, 11, 5, 13, 7, 15];
        const LO2: [i64; 8] = [0, 1, 8, 9, 4, 5, 12, 13];
        const HI2: [i64; 8] = [2, 3, 10, 11, 6, 7, 14, 15];
        const LO3: [i64; 8] = [0, 1, 2, 3, 8, 9, 10, 11];
        const HI3: [i64; 8] = [4, 5, 6, 7, 12, 13, 14, 15];
        let mut a = *z;
        for p in 0..4 {
            a[2 * p] = pick(z[2 * p], z[2 * p + 1], LO1);
            a[2 * p + 1] = pick(z[2 * p], z[2 * p + 1], HI1);
        }
        let mut b = a;
        for base in [0, 4] {
            b[base] = pick(a[base], a[base + 2], LO2);
            b[base + 2] = pick(a[base], a[base + 2], HI2);
            b[base + 1] = pick(a[base + 1], a[base + 3], LO2);
            b[base + 3] = pick(a[base + 1], a[base + 3], HI2);
        }
        for k in 0..4 {
            z[k] = pick(b[k], b[4 + k], LO3);
            z[k + 4] = pick(b[k], b[4 + k], HI3);
        }
    }

    /// The AVX-512 transpose ([`super::super::tiles::transpose_grouped`] with
    /// [`Avx512Tiles`]).
    ///
    /// # Safety
    /// The CPU must have AVX-512 F, BW, VL, VBMI and GFNI.
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,gfni")]
    pub(super) unsafe fn transpose_tiles(job: Transpose) {
        // SAFETY: this function's features are `Avx512Tiles`'s.
        unsafe { transpose_grouped::<Avx512Tiles>(job, transpose_tiles) }
    }

    /// AVX-512's [`TileGroup`]: eight rows' words at a time go to the tiles' words by
    /// word transposes (rows read as whole lines, no gathers), and each tile is then
    /// transposed in registers ([`transpose_regs`]); the result rows' words of the eight
    /// bands are put side by side by [`words_transposed`].
    struct Avx512Tiles;

    impl TileGroup for Avx512Tiles {
        #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,gfni")]
        #[inline]
        unsafe fn load_transposed(
            p0: *const u64,
            step: isize,
            rows: usize,
            nb: usize,
            ahead: bool,
            tiles: &mut [[u64; 64]; GROUP],
        ) -> u8 {
            let load_k = lanes(nb);
            // Each tile's words go to the scratch as they are gathered (eight registers
            // per tile for eight tiles would be more registers than there are), with
            // their OR to skip empty tiles.
            let mut any = [_mm512_setzero_si512(); GROUP];
            for i in 0..8 {
                let mut r = [_mm512_setzero_si512(); 8];
                for (l, r) in r.iter_mut().enumerate() {
                    let t = 8 * i + l;
                    if t < rows {
                        let at = p0.wrapping_offset(t as isize * step);
                        if ahead {
                            // A hint: it reads nothing and cannot fault.
                            _mm_prefetch::<_MM_HINT_T1>(at.wrapping_add(AHEAD).cast());
                        }
                        // SAFETY: words 0..nb from tile row t < rows, readable (the
                        // caller's contract); lanes past `nb` are not read.
                        *r = unsafe { _mm512_maskz_loadu_epi64(load_k, at.cast()) };
                    }
                }
                // Each half of the rows' words (tiles 0..4, then 4..8): a[j] = rows j
                // and j + 4, then a 4 x 4 word transpose in each half.
                for (half, tiles) in tiles.chunks_exact_mut(4).enumerate() {
                    let a: [__m512i; 4] = core::array::from_fn(|j| {
                        if half == 0 {
                            _mm512_shuffle_i64x2::<0x44>(r[j], r[j + 4])
                        } else {
                            _mm512_shuffle_i64x2::<0xEE>(r[j], r[j + 4])
                        }
                    });
                    let lo01 = _mm512_unpacklo_epi64(a[0], a[1]);
                    let hi01 = _mm512_unpackhi_epi64(a[0], a[1]);
                    let lo23 = _mm512_unpacklo_epi64(a[2], a[3]);
                    let hi23 = _mm512_unpackhi_epi64(a[2], a[3]);
                    const EVEN: [i64; 8] = [0, 1, 8, 9, 4, 5, 12, 13];
                    const ODD: [i64; 8] = [2, 3, 10, 11, 6, 7, 14, 15];
                    // Words 8i..8i + 8 of tiles 4 half .. 4 half + 4.
                    let z = [
                        pick(lo01, lo23, EVEN),
                        pick(hi01, hi23, EVEN),
                        pick(lo01, lo23, ODD),
                        pick(hi01, hi23, ODD),
                    ];
                    for ((v, any), words) in
                        z.iter().zip(&mut any[4 * half..]).zip(tiles.iter_mut())
                    {
                        *any = _mm512_or_si512(*any, *v);
                        // SAFETY: words 8i..8i + 8 of a local tile.
                        unsafe { _mm512_storeu_si512(words.as_mut_ptr().add(8 * i).cast(), *v) };
                    }
                }
            }
            let mut filled = 0u8;
            for (b, (words, any)) in tiles.iter_mut().zip(&any).enumerate() {
                // An empty tile transposes to zeros: no need to.
                if _mm512_test_epi64_mask(*any, *any) == 0 {
                    continue;
                }
                // SAFETY: words 8k..8k + 8 of a local tile, loaded and stored.
                unsafe {
                    let mut tile: [__m512i; 8] = core::array::from_fn(|k| {
                        _mm512_loadu_si512(words.as_ptr().add(8 * k).cast())
                    });
                    transpose_regs(&mut tile);
                    for (k, v) in tile.iter().enumerate() {
                        _mm512_storeu_si512(words.as_mut_ptr().add(8 * k).cast(), *v);
                    }
                }
                filled |= 1 << b;
            }
            filled
        }

        #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,gfni")]
        #[inline]
        unsafe fn store_rows(
            scratch: &Scratch,
            b: usize,
            k: usize,
            n: usize,
            nq: usize,
            stream: bool,
            dst: impl Fn(usize) -> *mut u64,
        ) {
            // Tile rows 8k..8k + 8 of the bands' tiles, as eight registers (one per band)
            // transposed: register l holds result row 8k + l's words 0..nq.
            let store_k = lanes(nq);
            let mut v: [__m512i; 8] = core::array::from_fn(|q| {
                // SAFETY: words 8k..8k + 8 of a local tile (bands past `nq` hold stale
                // words, stored nowhere below).
                unsafe { _mm512_loadu_si512(scratch[q][b].as_ptr().add(8 * k).cast()) }
            });
            words_transposed(&mut v);
            for (l, v) in v.iter().enumerate().take(n) {
                let at = dst(l);
                // SAFETY: lanes `store_k` are words 0..nq at `at`, writable (the caller's
                // contract); a non-temporal store only of a whole line at its start.
                unsafe {
                    if stream && nq == 8 && (at as usize) % 64 == 0 {
                        _mm512_stream_si512(at.cast(), *v);
                    } else {
                        _mm512_mask_storeu_epi64(at.cast(), store_k, *v)
                    }
                };
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Path;
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
            1usize, 2, 63, 64, 65, 127, 128, 200, 511, 512, 513, 575, 640, 1000, 1024, 1088,
        ] {
            let wpr = width.div_ceil(64);
            // 40 rows of 1000 or more pixels make 512 words or more: the x86 paths store
            // them non-temporally (in the tests, see `STREAM_FROM`), in rows that start on a
            // line (`out` below starts on one).
            for h in [1usize, 2, 5, 40] {
                let mut src: Vec<u64> = (0..h * wpr).map(|_| xorshift(&mut rng)).collect();
                for row in src.chunks_exact_mut(wpr) {
                    row[wpr - 1] &= super::super::tail_mask(width);
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
                        let mut buf = vec![MaybeUninit::new(0xDEAD_BEEF); h * wpr + 3 + 7];
                        let at = buf.as_ptr().align_offset(64).min(7);
                        let out = &mut buf[at..at + h * wpr + 3];
                        super::super::with_path(path, || {
                            mirror_rows(Mirror {
                                src: &src,
                                out: &mut *out,
                                wpr,
                                width,
                                height: h,
                                x,
                                y,
                            })
                        });
                        let what = format!("{} width {width} h {h} x {x} y {y}", path.name());
                        // SAFETY: every word was initialised (before the call, and by
                        // it).
                        let out: Vec<u64> =
                            out.iter().map(|w| unsafe { w.assume_init() }).collect();
                        assert_eq!(out[..h * wpr], want[..], "{what}");
                        assert_eq!(out[h * wpr..], [0xDEAD_BEEF; 3], "{what}: past the rows");
                    }
                }
            }
        }
    }

    /// Every path's `transpose` (rows and block level) against the portable
    /// `transpose_tiles`, on random masks (some words empty) whose sides sit around the
    /// tile, 8-word and block boundaries, every way round.
    #[test]
    fn transpose_matches_the_portable_one_on_every_path() {
        let mut rng = 0x7A3D_1F29_C4B8_0E65u64;
        let sides = [
            1usize, 7, 8, 63, 64, 65, 100, 128, 200, 255, 256, 257, 512, 520, 600,
        ];
        for &w in &sides {
            for &h in &sides {
                let (swpr, owpr) = (w.div_ceil(64), h.div_ceil(64));
                let bwpr = h.div_ceil(BLOCK).div_ceil(64);
                let mut src: Vec<u64> = (0..h * swpr)
                    .map(|_| {
                        let r = xorshift(&mut rng);
                        if r % 3 == 0 { 0 } else { xorshift(&mut rng) }
                    })
                    .collect();
                for row in src.chunks_exact_mut(swpr) {
                    row[swpr - 1] &= super::super::tail_mask(w);
                }
                // The source's block level, for the paths that transpose it.
                let (bw, bh) = (w.div_ceil(BLOCK), h.div_ceil(BLOCK));
                let sbwpr = bw.div_ceil(64);
                let mut src_blocks = vec![0u64; bh * sbwpr];
                for (j, row) in src.chunks_exact(swpr).enumerate() {
                    for (k, &word) in row.iter().enumerate() {
                        let bits = nonzero_bytes(word) << (8 * k % 64);
                        src_blocks[j / BLOCK * sbwpr + 8 * k / 64] |= bits;
                    }
                }
                for (reverse_in, reverse_out) in
                    [(false, false), (true, false), (false, true), (true, true)]
                {
                    let run = |path: Path, src_blocks: Option<&[u64]>| {
                        // A path that writes every word gets a result full of a marker
                        // instead of zeros: a word it missed would show.
                        let every = path != Path::Portable
                            && super::super::with_path(path, transpose_writes_every_word);
                        let fill = if every { 0xDEAD_BEEF_u64 } else { 0 };
                        // `out` starts on a line: with 8 or more words a row (a height
                        // of 449 or more) and 512 words in all, the x86 paths store its
                        // lines non-temporally (in the tests, see `STREAM_FROM`).
                        let mut buf = vec![MaybeUninit::new(fill); w * owpr + 7];
                        let at = buf.as_ptr().align_offset(64).min(7);
                        let out = &mut buf[at..at + w * owpr];
                        let mut blocks = vec![0u64; w.div_ceil(BLOCK) * bwpr];
                        let job = Transpose {
                            src: &src,
                            swpr,
                            width: w,
                            height: h,
                            reverse_in,
                            reverse_out,
                            out: &mut *out,
                            zeroed: !every,
                            owpr,
                            blocks: Some(&mut blocks),
                            bwpr,
                            src_blocks,
                        };
                        if path == Path::Portable {
                            transpose_tiles(job);
                        } else {
                            super::super::with_path(path, || transpose(job));
                        }
                        // SAFETY: every word was initialised before the call.
                        let out: Vec<u64> =
                            out.iter().map(|w| unsafe { w.assume_init() }).collect();
                        (out, blocks)
                    };
                    let want = run(Path::Portable, None);
                    for (path, given) in super::super::available_paths()
                        .into_iter()
                        .flat_map(|p| [(p, false), (p, true)])
                    {
                        let got = run(path, given.then_some(&src_blocks[..]));
                        let what = format!(
                            "{} {w} x {h} in {reverse_in} out {reverse_out}",
                            path.name()
                        );
                        assert!(got.0 == want.0, "{what}: rows");
                        assert!(got.1 == want.1, "{what}: blocks");
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
