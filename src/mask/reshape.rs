//! Transforms of a whole mask that return a new mask: mirrors, quarter turns, the
//! transpose and integer upscaling.
//!
//! Every one is an exact permutation (or, for [`Mask::scale_integer`], an exact
//! replication) of texels: no pixel is resampled, so the results are the same on every
//! platform. They work on words, not pixels: mirrors reverse bits
//! ([`u64::reverse_bits`]) and funnel-shift rows, quarter turns transpose 64 x 64 bit
//! tiles (the recursive masked-swap transpose) with their rows taken or written in
//! reverse order, and upscaling spreads each source byte through a table (factors up to
//! 8) or writes runs of bits (larger factors), then copies whole rows.
//!
//! Results are allocated fallibly (`Error::OutOfMemory` instead of an abort). The
//! mirrors and quarter turns take their caches from the source's instead of reading the
//! result's bits again (`finish()`): a permutation keeps the count and moves the solid
//! bounds and row spans with the pixels; the block level is the source's mirrored or
//! transposed where the block grid stays (else gathered from the words as they are
//! written), and the spans of a transpose (the source's column extents) are read from
//! the result's rows. Upscaling rebuilds its caches with `finish()`.

use super::{Layout, Mask, check_size, try_zeroed};
use crate::kernels::{self, BLOCK};
use crate::{Bounds2D, Error, Result};
use std::mem::MaybeUninit;

impl Mask {
    /// The mask mirrored left to right: pixel `(i, j)` becomes `(width - 1 - i, j)`.
    ///
    /// An exact texel permutation (same size, same count). Fails only when out of
    /// memory.
    ///
    /// ```
    /// use perpixel::Mask;
    /// let m = Mask::from_fn(3, 1, |x, _| x == 0)?; // #..
    /// let f = m.flip_x()?; // ..#
    /// assert!(f.is_solid(2, 0) && !f.is_solid(0, 0));
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn flip_x(&self) -> Result<Mask> {
        self.mirrored(true, false)
    }

    /// The mask mirrored top to bottom: pixel `(i, j)` becomes `(i, height - 1 - j)`.
    ///
    /// An exact texel permutation (same size, same count). Fails only when out of
    /// memory.
    ///
    /// ```
    /// use perpixel::Mask;
    /// let m = Mask::from_fn(1, 3, |_, y| y == 0)?;
    /// let f = m.flip_y()?;
    /// assert!(f.is_solid(0, 2) && !f.is_solid(0, 0));
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn flip_y(&self) -> Result<Mask> {
        self.mirrored(false, true)
    }

    /// The mask with rows and columns swapped: pixel `(i, j)` becomes `(j, i)`, and a
    /// `width x height` mask becomes `height x width`. The building block of
    /// [`rotate_quarter`](Mask::rotate_quarter).
    ///
    /// An exact texel permutation. Fails only when out of memory. Rows take whole
    /// 64-bit words, so a result narrower than 64 pixels can take more memory than its
    /// source: a 4096 x 1 strip takes 512 bytes of bits, its transpose (1 x 4096) 32 KiB
    /// (see the memory notes on [`Mask`]); the same holds for odd quarter turns.
    ///
    /// ```
    /// use perpixel::Mask;
    /// let m = Mask::from_fn(3, 2, |x, y| (x, y) == (2, 0))?;
    /// let t = m.transpose()?;
    /// assert_eq!((t.width(), t.height()), (2, 3));
    /// assert!(t.is_solid(0, 2));
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn transpose(&self) -> Result<Mask> {
        self.transposed(false, false)
    }

    /// The mask turned by `quarter_turns * 90` degrees. Any integer is allowed: it is
    /// taken modulo 4, and negative turns go the other way.
    ///
    /// A positive turn goes from +x towards +y: the direction `(1, 0)` becomes `(0, 1)`
    /// (clockwise on screen when y points down, counter-clockwise when y points up).
    /// For a `w x h` mask, with `k = quarter_turns mod 4`:
    ///
    /// | k | size | pixel `(i, j)` goes to |
    /// |---|---|---|
    /// | 0 | `w x h` | `(i, j)` (a copy) |
    /// | 1 | `h x w` | `(h - 1 - j, i)` |
    /// | 2 | `w x h` | `(w - 1 - i, h - 1 - j)` |
    /// | 3 | `h x w` | `(j, w - 1 - i)` |
    ///
    /// An exact texel permutation. Fails only when out of memory.
    ///
    /// ```
    /// use perpixel::Mask;
    /// // A 3 x 2 mask with its pixel (2, 0) solid: the top right corner, y down.
    /// let m = Mask::from_fn(3, 2, |x, y| (x, y) == (2, 0))?;
    /// let r = m.rotate_quarter(1)?;
    /// assert_eq!((r.width(), r.height()), (2, 3));
    /// assert!(r.is_solid(1, 2)); // (h - 1 - j, i) = (1, 2)
    /// assert_eq!(m.rotate_quarter(-1)?, m.rotate_quarter(3)?);
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn rotate_quarter(&self, quarter_turns: i32) -> Result<Mask> {
        match quarter_turns.rem_euclid(4) {
            // Clones share the bits: no copy.
            0 => Ok(self.clone()),
            // Source row h-1-x becomes output column x; output row y is source column y.
            1 => self.transposed(true, false),
            2 => self.mirrored(true, true),
            // Source row x becomes output column x; output row y is source column w-1-y.
            _ => self.transposed(false, true),
        }
    }

    /// The mask scaled up by whole factors, nearest neighbour (pixel-art 2x, 3x): a
    /// `width x height` mask becomes `width * sx x height * sy`, and pixel `(i, j)` of
    /// the result is solid when pixel `(i / sx, j / sy)` of this mask is. Every texel
    /// becomes an exact `sx x sy` block; nothing is interpolated.
    ///
    /// Fails with [`Error::InvalidArgument`] when `sx` or `sy` is 0, with
    /// [`Error::TooLarge`] when the result would exceed the mask size limit
    /// ([`crate::max_mask_pixels`]), and with [`Error::OutOfMemory`].
    ///
    /// ```
    /// use perpixel::Mask;
    /// let m = Mask::from_fn(2, 1, |x, _| x == 1)?; // .#
    /// let s = m.scale_integer(3, 2)?; // ...###  twice
    /// assert_eq!((s.width(), s.height(), s.count()), (6, 2, 6));
    /// assert!(s.is_solid(3, 1) && !s.is_solid(2, 0));
    /// assert!(m.scale_integer(0, 1).is_err());
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn scale_integer(&self, sx: u32, sy: u32) -> Result<Mask> {
        if sx == 0 || sy == 0 {
            return Err(Error::InvalidArgument(format!(
                "scale factors must be at least 1, got sx = {sx}, sy = {sy}"
            )));
        }
        let (big_w, big_h) = (
            self.width() as u64 * sx as u64,
            self.height() as u64 * sy as u64,
        );
        check_size(big_w, big_h)?;
        let mut out = Mask::empty(big_w as u32, big_h as u32)?;
        if self.width() == 0 || self.height() == 0 {
            return Ok(out);
        }
        let (sx, sy) = (sx as usize, sy as usize);
        // Factors up to 8: a byte of source pixels becomes `8 * sx` bits, from a table.
        let table = (2..=8).contains(&sx).then(|| spread_table(sx));
        let owpr = out.words_per_row();
        let (obits, _) = out.rows_mut();
        for j in 0..self.height() as usize {
            let (row, rest) = obits[j * sy * owpr..].split_at_mut(owpr);
            let src = self.row(j);
            match &table {
                _ if sx == 1 => row.copy_from_slice(src),
                Some(table) => spread_bytes(src, row, table, sx),
                None => spread_runs(src, row, sx),
            }
            for copy in rest[..(sy - 1) * owpr].chunks_exact_mut(owpr) {
                copy.copy_from_slice(row);
            }
        }
        out.finish();
        Ok(out)
    }

    /// The same size, columns reversed when `x`, rows reversed when `y`. The caches come
    /// from this mask's: the same count, the solid bounds and spans mirrored, and the
    /// block level mirrored at block granularity when the mirrored sides are multiples of
    /// 8. Otherwise the mirror moves the block grid (a result block straddles two source
    /// blocks), and the block level is gathered from the rows as they are written.
    pub(super) fn mirrored(&self, x: bool, y: bool) -> Result<Mask> {
        let (w, h) = (self.width() as usize, self.height() as usize);
        // No solid pixel (or no pixel): the all-clear result and its caches are right.
        if self.count() == 0 {
            return Mask::empty_unlimited(self.width(), self.height());
        }
        let layout = Layout::of(self.width(), self.height());
        let (wpr, bwpr) = (layout.words_per_row, layout.block_words_per_row);
        let grid_moves = (x && w % BLOCK != 0) || (y && h % BLOCK != 0);
        // The band ORs, when the grid moves, one block row each.
        let mut band_or = Vec::new();
        if grid_moves {
            band_or = try_zeroed(h.div_ceil(BLOCK) * wpr, 0u64).ok_or(Error::OutOfMemory)?;
        }
        let fill = |rows: &mut [MaybeUninit<u64>], blocks: &mut [MaybeUninit<u64>]| {
            kernels::mirror_rows(kernels::Mirror {
                src: self.bits(),
                out: rows,
                wpr,
                width: w,
                height: h,
                x,
                y,
            });
            if grid_moves {
                // SAFETY: `mirror_rows` wrote every word of the `h` rows.
                let rows = unsafe { kernels::assume_init_words(rows) };
                for (j, row) in rows.chunks_exact(wpr).take(h).enumerate() {
                    let acc = &mut band_or[j / BLOCK * wpr..][..wpr];
                    for (acc, &word) in acc.iter_mut().zip(row) {
                        *acc |= word;
                    }
                }
                for (out_blocks, acc) in
                    blocks.chunks_exact_mut(bwpr).zip(band_or.chunks_exact(wpr))
                {
                    block_words(out_blocks, acc);
                }
            } else {
                // Block row `by` is the source's block row `by` (or `bh - 1 - by`), its
                // block columns reversed within `w / 8` when `x`.
                kernels::mirror_rows(kernels::Mirror {
                    src: self.block_level(),
                    out: blocks,
                    wpr: bwpr,
                    width: w / BLOCK,
                    height: h.div_ceil(BLOCK),
                    x,
                    y,
                });
            }
        };
        // SAFETY: `mirror_rows` writes every word of the `h` rows (all the rows) and,
        // where the grid stays, of the block level's `ceil(h / 8)` rows (all of it);
        // where it moves, `block_words` writes every block word. Bits past the width
        // stay clear (a mirror of clear bits), and the block level is this mask's
        // mirrored, or gathered from the written rows.
        let mut out = unsafe { layout.written(fill) }?;
        let bounds = self.solid_bounds().map(|b| {
            Bounds2D::new(
                if x { w as i32 - b.x - b.width } else { b.x },
                if y { h as i32 - b.y - b.height } else { b.y },
                b.width,
                b.height,
            )
        });
        // Spans only where this mask keeps them (their worth does not change: the same
        // covered columns in bounds of the same size).
        let spans = self
            .useful_spans()
            .and_then(|s| Some((s, try_zeroed(h, [0u32; 2])?)))
            .map(|(src, mut spans)| {
                for (j, span) in spans.iter_mut().enumerate() {
                    let [a, b] = src.spans[if y { h - 1 - j } else { j }];
                    // An empty row stays `[0, 0]`.
                    *span = if x && b != 0 {
                        [w as u32 - b, w as u32 - a]
                    } else {
                        [a, b]
                    };
                }
                spans
            });
        out.set_caches(self.count(), bounds, spans);
        Ok(out)
    }

    /// The transpose (`height x width`), reading this mask's rows bottom to top when
    /// `reverse_in` and writing the result's rows bottom to top when `reverse_out`: the
    /// transpose, and the quarter turns 1 and 3, in one pass over 64 x 64 bit tiles
    /// (`kernels::transpose`).
    ///
    /// The caches: the count is this mask's, the solid bounds are this mask's transposed,
    /// the block level is set by the tiles as they are written (on the x86 paths,
    /// where the block grid stays, this mask's block level transposed), and the spans (a
    /// result row is a source column) come from each result row's first and last nonzero
    /// words.
    pub(super) fn transposed(&self, reverse_in: bool, reverse_out: bool) -> Result<Mask> {
        let layout = Layout::of(self.height(), self.width());
        let (w, h) = (self.width() as usize, self.height() as usize);
        // No solid pixel (or no pixel): the all-clear result and its caches are right.
        if self.count() == 0 {
            return layout.zeroed();
        }
        let (owpr, bwpr) = (layout.words_per_row, layout.block_words_per_row);
        let run = |rows: &mut [MaybeUninit<u64>], zeroed: bool, blocks: &mut [u64]| {
            kernels::transpose(kernels::Transpose {
                src: self.bits(),
                swpr: self.words_per_row(),
                width: w,
                height: h,
                reverse_in,
                reverse_out,
                out: rows,
                zeroed,
                owpr,
                blocks: Some(blocks),
                bwpr,
                src_blocks: Some(self.block_level()),
            })
        };
        let mut out = if kernels::transpose_writes_every_word() {
            // SAFETY: this path writes every word of the rows, and the block level is
            // zeroed here before the tiles set its blocks (or it is written whole, as
            // the source's transposed).
            unsafe {
                layout.written(|rows, blocks| {
                    for b in blocks.iter_mut() {
                        b.write(0);
                    }
                    run(rows, false, kernels::assume_init_words(blocks))
                })
            }?
        } else {
            let mut out = layout.zeroed()?;
            let (_, data) = out.parts_mut();
            let (obits, blocks) = data.split_at_mut(layout.blocks_at);
            // SAFETY: the transpose writes only initialised words.
            run(unsafe { kernels::as_uninit(obits) }, true, blocks);
            out
        };
        let bounds = self.solid_bounds().map(|b| {
            Bounds2D::new(
                if reverse_in {
                    h as i32 - b.y - b.height
                } else {
                    b.y
                },
                if reverse_out {
                    w as i32 - b.x - b.width
                } else {
                    b.x
                },
                b.height,
                b.width,
            )
        });
        // Spans serve only rows wider than a word; without their memory the result goes
        // without them, as in `finish()`.
        let spans = (h > 64).then(|| out.row_spans()).flatten();
        out.set_caches(self.count(), bounds, spans);
        Ok(out)
    }

    /// Every row's `[first, end)` solid columns (`[0, 0]` when empty), from its first and
    /// last nonzero words; `None` when the memory cannot be had.
    fn row_spans(&self) -> Option<Vec<[u32; 2]>> {
        let mut spans = try_zeroed(self.height() as usize, [0u32; 2])?;
        let wpr = self.words_per_row();
        for (span, row) in spans.iter_mut().zip(self.bits().chunks_exact(wpr)) {
            if let Some(k0) = row.iter().position(|&w| w != 0) {
                let k1 = row.iter().rposition(|&w| w != 0).unwrap_or(k0);
                // Mask widths fit in `i32`, so both ends fit in `u32`.
                *span = [
                    (64 * k0) as u32 + row[k0].trailing_zeros(),
                    (64 * k1 + 64) as u32 - row[k1].leading_zeros(),
                ];
            }
        }
        Some(spans)
    }
}

/// Writes `blocks` (one row of the block level, `ceil(band_or.len() / 8)` words) from
/// the 8x8 blocks of a band of rows whose words were ORed into `band_or`: row word `k`
/// holds blocks `8k..8k + 8`, a byte each of block word `k / 8`.
fn block_words(blocks: &mut [MaybeUninit<u64>], band_or: &[u64]) {
    for (block, words) in blocks.iter_mut().zip(band_or.chunks(8)) {
        let bits = words.iter().enumerate().fold(0, |acc, (i, &word)| {
            acc | kernels::nonzero_bytes(word) << (8 * i)
        });
        block.write(bits);
    }
}

/// `table[b]`: the byte `b` with every bit repeated `sx` times (`sx <= 8`, so the result
/// fits in one word).
fn spread_table(sx: usize) -> [u64; 256] {
    let run = u64::MAX >> (64 - sx);
    let mut table = [0u64; 256];
    for (b, spread) in table.iter_mut().enumerate() {
        for i in (0..8).filter(|i| b >> i & 1 == 1) {
            *spread |= run << (sx * i);
        }
    }
    table
}

/// ORs into `dst` the row `src` with every bit repeated `sx` times (`sx <= 8`), a source
/// byte at a time through `table` ([`spread_table`]).
fn spread_bytes(src: &[u64], dst: &mut [u64], table: &[u64; 256], sx: usize) {
    for (k, &word) in src.iter().enumerate().filter(|(_, w)| **w != 0) {
        for byte in 0..8 {
            let b = (word >> (8 * byte)) as u8;
            if b == 0 {
                continue;
            }
            let spread = table[b as usize];
            let at = (64 * k + 8 * byte) * sx;
            let (w, off) = (at / 64, at % 64);
            dst[w] |= spread << off;
            // The part past this word; nonzero only for pixels inside the row, so the
            // next word exists.
            if off != 0 && spread >> (64 - off) != 0 {
                dst[w + 1] |= spread >> (64 - off);
            }
        }
    }
}

/// ORs into `dst` the row `src` with every bit repeated `sx` times: each run of solid
/// pixels `[a, b)` becomes the run `[a * sx, b * sx)`.
fn spread_runs(src: &[u64], dst: &mut [u64], sx: usize) {
    for (k, &word) in src.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let a = bits.trailing_zeros() as usize;
            let len = (bits >> a).trailing_ones() as usize;
            let start = (64 * k + a) * sx;
            set_run(dst, start, start + len * sx);
            // `a + len` may be 64: clear the run without shifting by 64.
            bits &= !(u64::MAX >> (64 - len) << a);
        }
    }
}

/// Sets bits `a..b` of a row of words.
fn set_run(row: &mut [u64], mut a: usize, b: usize) {
    while a < b {
        let k = a / 64;
        let lo = a % 64;
        let hi = (b - 64 * k).min(64);
        row[k] |= u64::MAX >> (64 - (hi - lo)) << lo;
        a = 64 * k + hi;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_run_sets_exactly_the_run() {
        for (a, b) in [
            (0, 0),
            (0, 1),
            (3, 64),
            (0, 64),
            (63, 65),
            (10, 190),
            (64, 128),
        ] {
            let mut row = [0u64; 3];
            set_run(&mut row, a, b);
            for i in 0..192 {
                assert_eq!(
                    row[i / 64] >> (i % 64) & 1 == 1,
                    (a..b).contains(&i),
                    "{a}..{b} bit {i}"
                );
            }
        }
    }
}
