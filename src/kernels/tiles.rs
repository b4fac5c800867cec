//! The x86 quarter turns' tile transpose (AVX2, and AVX-512 with GFNI and VBMI): the
//! source read a line of each row at a time, the result written a line of each row at a
//! time, each path doing the register work of a group of tiles ([`TileGroup`]; AVX2's is
//! here, AVX-512's in `reshape.rs`). [`transpose_grouped`] is the loop both share.

use super::BLOCK;
use super::avx2::word_lanes;
use super::reshape::{STREAM_FROM, Transpose, set_tile_blocks};
use core::arch::x86_64::*;

/// Source words per step: each step reads (up to) this many words of each of 64 source
/// rows, a whole line in a mask whose rows start on lines, so each source line is read
/// by one step, not two, and writes one word of `64 * GROUP` result rows.
pub(super) const GROUP: usize = 8;

/// Bands of 64 source rows per step: one result word each, so a step writes [`BANDS`]
/// words side by side in every result row it touches (a whole line for 8).
pub(super) const BANDS: usize = 8;

/// How far ahead of its loads, in words of the same source row, a step asks for a line
/// (`prefetcht1`, into L2): four lines. The hardware does not follow loads 64 rows
/// apart, and a large mask's quarter turn waited on them.
pub(super) const AHEAD: usize = 32;

/// The transposed tiles of a group of bands: `[q][b]` is the tile of band `q` (source
/// rows `64 * q..`, counted from the group's first) at source word `gx + b`, transposed:
/// its word `s` is source column `64 * (gx + b) + s` over the band's 64 rows.
///
/// On a line, so that every eight words the paths load and store are one line, not two:
/// a 2048^2 quarter turn took 9% longer (AVX-512) with the scratch wherever the stack put
/// it.
#[repr(align(64))]
pub(super) struct Scratch(pub [[[u64; 64]; GROUP]; BANDS]);

impl core::ops::Deref for Scratch {
    type Target = [[[u64; 64]; GROUP]; BANDS];
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl core::ops::DerefMut for Scratch {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

/// The register work of [`transpose_grouped`], per path.
pub(super) trait TileGroup {
    /// Writes `tiles[b]` for `b < nb`: tile `b` of the band, word `b` of each of its
    /// `rows` (1..=64) source rows, tile row `t` read at `p0 + t * step + b` (rows past
    /// `rows` read as zeros), transposed. `nb` is 1..=8; tiles past it may be left as they
    /// are. With `ahead`, also asks for the line [`AHEAD`] words on in each row. Returns
    /// a bit per tile that may hold a solid pixel; a tile whose bit is clear is zeros.
    ///
    /// # Safety
    /// The CPU has the path's features; words `0..nb` from `p0 + t * step` are readable
    /// for every `t < rows`.
    unsafe fn load_transposed(
        p0: *const u64,
        step: isize,
        rows: usize,
        nb: usize,
        ahead: bool,
        tiles: &mut [[u64; 64]; GROUP],
    ) -> u8;

    /// Stores result rows `8k + l` for `l < n` (`n` 1..=8) of tile column `b`: row
    /// `8k + l`'s words `0..nq` (`nq` 1..=8) are `scratch[q][b][8k + l]`, stored at
    /// `dst(l)`, non-temporally where `stream` and a whole 64-byte-aligned line is
    /// written.
    ///
    /// # Safety
    /// The CPU has the path's features; `dst(l)` is writable for `nq` words for every
    /// `l < n`.
    unsafe fn store_rows(
        scratch: &Scratch,
        b: usize,
        k: usize,
        n: usize,
        nq: usize,
        stream: bool,
        dst: impl Fn(usize) -> *mut u64,
    );
}

/// [`super::reshape::transpose_tiles`] writing every word (empty tiles as zeros, so the
/// result need not be zeroed first), through `T`'s registers: for each group of [`BANDS`]
/// bands of 64 source rows (outer) and each group of [`GROUP`] source words (inner),
/// each band's tiles are loaded and transposed into a local scratch
/// ([`TileGroup::load_transposed`]), and then each result row's words of the bands' tiles
/// are put side by side and stored, a line per row ([`TileGroup::store_rows`]). The
/// block level is the source's transposed (by `recurse`, this path's entry point) when
/// the grid stays (see [`Transpose::src_blocks`]), else gathered from the tiles' words.
/// A result of [`STREAM_FROM`] words or more is written with non-temporal stores.
///
/// # Safety
/// The CPU has `T`'s features, which the caller enables (this is inlined into it).
#[inline(always)]
pub(super) unsafe fn transpose_grouped<T: TileGroup>(
    job: Transpose,
    recurse: unsafe fn(Transpose),
) {
    let Transpose {
        src,
        swpr,
        width: w,
        height: h,
        reverse_in,
        reverse_out,
        out,
        zeroed: _,
        owpr,
        blocks,
        bwpr,
        src_blocks,
    } = job;
    // Every access below stays inside these (checked once here).
    assert!(swpr == w.div_ceil(64) && owpr == h.div_ceil(64));
    assert!(src.len() >= h * swpr && out.len() >= w * owpr);
    // The result's block level: the source's transposed when the grid stays, else
    // gathered from the tiles (into `blocks`; `None`: not at all).
    let grid_stays = (!reverse_in || h % BLOCK == 0) && (!reverse_out || w % BLOCK == 0);
    let (blocks, src_blocks) = match (blocks, src_blocks) {
        (Some(blocks), Some(src_blocks)) if grid_stays => (None, Some((blocks, src_blocks))),
        (blocks, _) => (blocks, None),
    };
    let blocks = blocks.unwrap_or_default();
    let gather = !blocks.is_empty();
    assert!(!gather || (blocks.len() >= w.div_ceil(BLOCK) * bwpr && bwpr >= owpr.div_ceil(8)));
    let (sp, op) = (src.as_ptr(), out.as_mut_ptr().cast::<u64>());
    let stream = w * owpr >= STREAM_FROM;
    let mut scratch = Scratch([[[0u64; 64]; GROUP]; BANDS]);
    // A group of bands at a time, left to right: the source's lines are read along its
    // rows, and each group of tiles asks for the line `AHEAD` words on in each of its
    // rows.
    for by0 in (0..owpr).step_by(BANDS) {
        let nq = (owpr - by0).min(BANDS);
        for gx in (0..swpr).step_by(GROUP) {
            let nb = (swpr - gx).min(GROUP);
            let ahead = gx + AHEAD < swpr;
            let mut filled = 0u8;
            for (q, tiles) in scratch[..nq].iter_mut().enumerate() {
                let by = by0 + q;
                let rows = (h - 64 * by).min(64);
                let first = if reverse_in {
                    h - 64 * by - rows
                } else {
                    64 * by
                };
                // Tile row t is source row first + t, or first + rows - 1 - t: `step`
                // words on from `p0`.
                let (p0, step) = if reverse_in {
                    ((first + rows - 1) * swpr + gx, -(swpr as isize))
                } else {
                    (first * swpr + gx, swpr as isize)
                };
                // SAFETY: words gx..gx + nb of source rows first..first + rows (< h),
                // inside `src` (asserted above); the caller's features.
                filled |= unsafe {
                    T::load_transposed(sp.wrapping_add(p0), step, rows, nb, ahead, tiles)
                };
            }
            // Result row by result row, the words of the bands' tiles side by side: whole
            // lines written together when the bands are 8. Every tile is stored, an empty
            // one as the zeros its scratch holds: the result is not zeroed first (see
            // `transpose_writes_every_word`).
            for b in 0..nb {
                let bx = gx + b;
                // Source column 64 * bx + s becomes result row d0 + s, or with
                // `reverse_out` d0 + cols - 1 - s.
                let cols = (w - 64 * bx).min(64);
                let d0 = if reverse_out {
                    w - 64 * bx - cols
                } else {
                    64 * bx
                };
                for k in 0..cols.div_ceil(8) {
                    let dst = |l: usize| {
                        let s = 8 * k + l;
                        let row = if reverse_out {
                            d0 + cols - 1 - s
                        } else {
                            d0 + s
                        };
                        op.wrapping_add(row * owpr + by0)
                    };
                    // SAFETY: words by0..by0 + nq (<= owpr) of result rows
                    // `row < d0 + cols <= w`: inside `out`; the caller's features.
                    unsafe {
                        T::store_rows(&scratch, b, k, (cols - 8 * k).min(8), nq, stream, dst)
                    };
                }
                if !gather || filled & (1 << b) == 0 {
                    continue;
                }
                for (q, tiles) in scratch[..nq].iter().enumerate() {
                    set_tile_blocks(blocks, bwpr, by0 + q, d0, &tiles[b][..cols], reverse_out);
                }
            }
        }
    }
    if stream {
        // The non-temporal stores before any later store (the result's publication).
        // SAFETY: SSE, which every x86-64 CPU has.
        unsafe { _mm_sfence() };
    }
    if let Some((blocks, src_blocks)) = src_blocks {
        // Result block (q, p) is source block (p, q) transposed (rows and columns
        // reversed as the pixels' are, which keeps whole blocks: the grid stays).
        let (bw, bh) = (w.div_ceil(BLOCK), h.div_ceil(BLOCK));
        // SAFETY: `recurse` is this path's entry point (the caller's features); the
        // transpose writes only initialised words into the (initialised) block level.
        unsafe {
            recurse(Transpose {
                src: src_blocks,
                swpr: bw.div_ceil(64),
                width: bw,
                height: bh,
                reverse_in,
                reverse_out,
                out: super::as_uninit(blocks),
                zeroed: true,
                owpr: bwpr,
                blocks: None,
                bwpr: 0,
                src_blocks: None,
            })
        }
    }
}

/// The AVX2 transpose ([`transpose_grouped`] with [`Avx2Tiles`]).
///
/// # Safety
/// The CPU must have AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn transpose_avx2(job: Transpose) {
    // SAFETY: this function's features are `Avx2Tiles`'s.
    unsafe { transpose_grouped::<Avx2Tiles>(job, transpose_avx2) }
}

/// AVX2's [`TileGroup`]: four tiles at a time, one per lane. Tile row `t` of the four
/// tiles is one register (the row's four words), so every round of the bit transpose
/// ([`super::reshape::transpose64`]) is between registers (rows `J` apart), on all four
/// tiles at once, with no shuffles; only the last step (a 4 x 4 word transpose per four
/// rows) moves words between lanes. The 64 rows are kept in a local array, two rounds
/// per pass over it.
pub(super) struct Avx2Tiles;

/// One round of the bit transpose between rows `J` apart: `x`'s bits under `m << J`
/// swap with `y`'s under `m`.
#[target_feature(enable = "avx2")]
#[inline]
fn swap<const J: i32>(x: &mut __m256i, y: &mut __m256i, m: u64) {
    let m = _mm256_set1_epi64x(m as i64);
    let t = _mm256_and_si256(_mm256_xor_si256(_mm256_srli_epi64::<J>(*x), *y), m);
    *x = _mm256_xor_si256(*x, _mm256_slli_epi64::<J>(t));
    *y = _mm256_xor_si256(*y, t);
}

/// [`swap`] for `J` 32, 16 and 8, by blends of whole 32-, 16- or 8-bit pieces (four
/// operations, not six): `x` keeps its low piece of each pair and takes `y`'s low one as
/// its high, `y` takes `x`'s high one as its low and keeps its high.
#[target_feature(enable = "avx2")]
#[inline]
fn swap_pieces<const J: i32>(x: &mut __m256i, y: &mut __m256i) {
    let (a, b) = (*x, *y);
    let (up, down) = (_mm256_slli_epi64::<J>(b), _mm256_srli_epi64::<J>(a));
    match J {
        32 => {
            *x = _mm256_blend_epi32::<0xAA>(a, up);
            *y = _mm256_blend_epi32::<0xAA>(down, b);
        }
        16 => {
            *x = _mm256_blend_epi16::<0xAA>(a, up);
            *y = _mm256_blend_epi16::<0xAA>(down, b);
        }
        _ => {
            // The odd bytes (the high byte of each 16 bits).
            let odd = _mm256_set1_epi16(0xFF00_u16 as i16);
            *x = _mm256_blendv_epi8(a, up, odd);
            *y = _mm256_blendv_epi8(down, b, odd);
        }
    }
}

/// A 4 x 4 transpose of words: word `i` of result `j` is word `j` of `r[i]`.
#[target_feature(enable = "avx2")]
#[inline]
fn words4(r: [__m256i; 4]) -> [__m256i; 4] {
    let t0 = _mm256_unpacklo_epi64(r[0], r[1]);
    let t1 = _mm256_unpackhi_epi64(r[0], r[1]);
    let t2 = _mm256_unpacklo_epi64(r[2], r[3]);
    let t3 = _mm256_unpackhi_epi64(r[2], r[3]);
    [
        _mm256_permute2x128_si256::<0x20>(t0, t2),
        _mm256_permute2x128_si256::<0x20>(t1, t3),
        _mm256_permute2x128_si256::<0x31>(t0, t2),
        _mm256_permute2x128_si256::<0x31>(t1, t3),
    ]
}

impl TileGroup for Avx2Tiles {
    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn load_transposed(
        p0: *const u64,
        step: isize,
        rows: usize,
        nb: usize,
        ahead: bool,
        tiles: &mut [[u64; 64]; GROUP],
    ) -> u8 {
        let mut filled = 0u8;
        for half in 0..GROUP / 4 {
            let n = nb.saturating_sub(4 * half).min(4);
            if n == 0 {
                break;
            }
            let tiles = &mut tiles[4 * half..4 * half + n];
            let lanes = word_lanes(0, n);
            // Tile row t of the four tiles (zero past `rows`).
            let load = |t: usize| {
                if t >= rows {
                    return _mm256_setzero_si256();
                }
                let at = p0.wrapping_offset(t as isize * step).wrapping_add(4 * half);
                if ahead && half == 0 {
                    // A hint: it reads nothing and cannot fault.
                    _mm_prefetch::<_MM_HINT_T1>(at.wrapping_add(AHEAD).cast());
                }
                // SAFETY: words 4 half .. 4 half + n (< nb) of tile row t < rows, readable
                // (the caller's contract); the lanes past `n` are not read.
                unsafe { _mm256_maskload_epi64(at.cast(), lanes) }
            };
            let mut r = [_mm256_setzero_si256(); 64];
            let mut any = _mm256_setzero_si256();
            // Rounds 32 and 16: rows t, t + 16, t + 32, t + 48.
            for t in 0..16 {
                let [mut a, mut b, mut c, mut d] =
                    [load(t), load(t + 16), load(t + 32), load(t + 48)];
                any = _mm256_or_si256(
                    any,
                    _mm256_or_si256(_mm256_or_si256(a, b), _mm256_or_si256(c, d)),
                );
                swap_pieces::<32>(&mut a, &mut c);
                swap_pieces::<32>(&mut b, &mut d);
                swap_pieces::<16>(&mut a, &mut b);
                swap_pieces::<16>(&mut c, &mut d);
                [r[t], r[t + 16], r[t + 32], r[t + 48]] = [a, b, c, d];
            }
            // Lanes with no solid pixel: their tiles are zeros, and so are their
            // transposes (computed below all the same, a lane among four).
            let empty = _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(
                any,
                _mm256_setzero_si256(),
            ))) as u8;
            filled |= (!empty & ((1u8 << n) - 1)) << (4 * half);
            // Rounds 8 and 4: rows t, t + 4, t + 8, t + 12 of each 16.
            for g in (0..64).step_by(16) {
                for t in g..g + 4 {
                    let [mut a, mut b, mut c, mut d] = [r[t], r[t + 4], r[t + 8], r[t + 12]];
                    swap_pieces::<8>(&mut a, &mut c);
                    swap_pieces::<8>(&mut b, &mut d);
                    swap::<4>(&mut a, &mut b, 0x0F0F_0F0F_0F0F_0F0F);
                    swap::<4>(&mut c, &mut d, 0x0F0F_0F0F_0F0F_0F0F);
                    [r[t], r[t + 4], r[t + 8], r[t + 12]] = [a, b, c, d];
                }
            }
            // Rounds 2 and 1: rows t..t + 4, then the four tiles' words t..t + 4 out of
            // the lanes.
            for t in (0..64).step_by(4) {
                let [mut a, mut b, mut c, mut d] = [r[t], r[t + 1], r[t + 2], r[t + 3]];
                swap::<2>(&mut a, &mut c, 0x3333_3333_3333_3333);
                swap::<2>(&mut b, &mut d, 0x3333_3333_3333_3333);
                swap::<1>(&mut a, &mut b, 0x5555_5555_5555_5555);
                swap::<1>(&mut c, &mut d, 0x5555_5555_5555_5555);
                for (tile, v) in tiles.iter_mut().zip(words4([a, b, c, d])) {
                    // SAFETY: words t..t + 4 of a local tile.
                    unsafe { _mm256_storeu_si256(tile.as_mut_ptr().add(t).cast(), v) };
                }
            }
        }
        filled
    }

    #[target_feature(enable = "avx2")]
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
        let (lo_k, hi_k) = (
            word_lanes(0, nq.min(4)),
            word_lanes(0, nq.saturating_sub(4)),
        );
        // Rows 8k + 4 half .. + 4: words 0..4 of each from bands 0..4, words 4..8 from
        // bands 4..8.
        for half in 0..2 {
            if 4 * half >= n {
                break;
            }
            let s = 8 * k + 4 * half;
            let bands = |q0: usize| {
                words4(core::array::from_fn(|j| {
                    // SAFETY: words s..s + 4 (s + 4 <= 64) of a local tile (bands past
                    // `nq` hold stale words, stored nowhere below).
                    unsafe { _mm256_loadu_si256(scratch[q0 + j][b].as_ptr().add(s).cast()) }
                }))
            };
            let (lo, hi) = (bands(0), bands(4));
            for l in 0..(n - 4 * half).min(4) {
                let at = dst(4 * half + l);
                // SAFETY: words 0..nq at `at` are writable (the caller's contract): the
                // lanes `lo_k` and `hi_k` select, or all 8 when `nq` is 8; a
                // non-temporal store only at a 64-byte boundary.
                unsafe {
                    if nq == 8 {
                        if stream && (at as usize) % 64 == 0 {
                            _mm256_stream_si256(at.cast(), lo[l]);
                            _mm256_stream_si256(at.add(4).cast(), hi[l]);
                        } else {
                            _mm256_storeu_si256(at.cast(), lo[l]);
                            _mm256_storeu_si256(at.add(4).cast(), hi[l]);
                        }
                    } else {
                        _mm256_maskstore_epi64(at.cast(), lo_k, lo[l]);
                        _mm256_maskstore_epi64(at.wrapping_add(4).cast(), hi_k, hi[l]);
                    }
                }
            }
        }
    }
}
