//! Morphology and resampling: grow and shrink by a number of pixels, convolve, scale to
//! any size, crop. Each returns a new mask; the source is left alone.
//!
//! # Against pygame and Godot
//!
//! | peer | perpixel |
//! |---|---|
//! | Godot `BitMap.grow_mask(n, rect)` with `n > 0` | [`Mask::grow`] with [`Norm::Disc`] (the default), then [`Mask::crop`] for a rectangle |
//! | Godot `BitMap.grow_mask(-n, rect)`, `shrink_mask(n, rect)` | [`Mask::shrink`] with the default options |
//! | pygame `Mask.convolve(other)` | [`Mask::convolve`] (pygame's optional `output` and `offset` are not taken: OR the result into another mask at an offset with the editing tools instead) |
//! | pygame `Mask.scale((w, h))` | [`Mask::scale`] |
//! | (pygame: `Mask(size)` plus `draw`) | [`Mask::crop`] |
//!
//! # How
//!
//! Grow ORs each solid row, widened a pixel at a time by word shifts, into the rows
//! within reach: a disc, a square and a diamond are each a union of row spans (one
//! half-width per row distance). Shrink is the complement of the complement grown.
//! Convolve ORs shifted rows of one mask into the result for each solid pixel of a row of
//! the other (whichever row has fewer), scale maps each run of a row to its span in the
//! result and copies repeated rows, crop shifts whole words.

use super::components::{RowRuns, clear_span, set_span, try_vec};
use crate::mask::tail_mask;
use crate::{Bounds2D, Error, Mask, Result};

/// Which pixels lie within `n` pixels of a pixel, for [`Mask::grow`] and
/// [`Mask::shrink`]: the pixels `(dx, dy)` away that each variant's rule admits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Norm {
    /// `dx^2 + dy^2 <= n^2`: a disc of radius `n` (Euclidean distance), in exact
    /// integers. Godot's `grow_mask` rule: it keeps the pixels whose 32-bit float distance
    /// minus 1e-5 is at most `n`, which is this rule exactly for every radius below 4096.
    #[default]
    Disc,
    /// `max(|dx|, |dy|) <= n`: a square of side `2n + 1` (Chebyshev distance).
    Square,
    /// `|dx| + |dy| <= n`: a diamond (Manhattan distance; `n` steps of 4-neighbours).
    Diamond,
}

/// How [`Mask::grow`] and [`Mask::shrink`] reach. The default is Godot's
/// (`grow_mask` / `shrink_mask`): a disc, and shrinking wears the shape away from the
/// mask's edges too.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MorphOptions {
    /// The shape of the reach (default [`Norm::Disc`]).
    pub norm: Norm,
    /// When shrinking, whether the pixels past the mask's edges count as empty (true,
    /// the default, Godot's rule: a shape touching an edge shrinks away from it) or do not
    /// count (false: only empty pixels inside the mask wear the shape away, so a terrain
    /// filling the bottom edge keeps it). Growing never takes anything from outside.
    pub shrink_from_edges: bool,
}

impl Default for MorphOptions {
    fn default() -> Self {
        MorphOptions {
            norm: Norm::Disc,
            shrink_from_edges: true,
        }
    }
}

impl Mask {
    /// This mask grown by `pixels`: a pixel is solid when some solid pixel lies within
    /// `pixels` of it, as [`MorphOptions::norm`] measures (Godot's `grow_mask`). The result
    /// keeps this mask's size: what grows past its edges is cut off (as in Godot). Growing
    /// by 0 returns a copy.
    ///
    /// [`shrink`](Mask::shrink) by the same amount and options then holds every pixel
    /// of this mask (the shape's holes and gaps narrower than the reach stay closed), for
    /// every norm, the disc included (it is symmetric, exact in integers), with
    /// `shrink_from_edges: false`; with `true`, every pixel farther than `pixels` from the
    /// mask's edges.
    ///
    /// Cost: for each row holding a solid pixel, about `3 * pixels` passes over that
    /// row's words (widening it, ORing it into the rows within reach), capped by the
    /// mask's size: meant for reaches of a few pixels to a few dozen (a reach of 4 on a
    /// 4096 x 1024 terrain takes about 0.8 ms on a 2020s desktop core).
    ///
    /// Errors: [`Error::OutOfMemory`].
    ///
    /// ```
    /// use perpixel::{Mask, MorphOptions, Norm};
    /// let dot = Mask::from_fn(9, 9, |x, y| (x, y) == (4, 4))?;
    /// let disc = dot.grow(2, &MorphOptions::default())?;
    /// assert_eq!(disc.count(), 13); // dx^2 + dy^2 <= 4
    /// let square = MorphOptions { norm: Norm::Square, ..MorphOptions::default() };
    /// assert_eq!(dot.grow(2, &square)?.count(), 25);
    /// let diamond = MorphOptions { norm: Norm::Diamond, ..MorphOptions::default() };
    /// assert_eq!(dot.grow(2, &diamond)?.count(), 13);
    /// assert_eq!(dot.grow(3, &diamond)?.count(), 25);
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn grow(&self, pixels: u32, options: &MorphOptions) -> Result<Mask> {
        let mut out = Mask::empty(self.width(), self.height())?;
        let reach = Reach::new(self, pixels, options.norm)?;
        let wpr = self.words_per_row();
        let (bits, _) = out.rows_mut();
        reach.dilate(
            self.height() as usize,
            wpr,
            |y, into| {
                into.copy_from_slice(self.row(y));
            },
            bits,
        )?;
        clear_tails(bits, self.width(), self.height(), wpr);
        out.finish();
        Ok(out)
    }

    /// This mask shrunk by `pixels`: a solid pixel stays solid when no empty pixel lies
    /// within `pixels` of it, as [`MorphOptions::norm`] measures, and (with
    /// [`MorphOptions::shrink_from_edges`], the default) when the mask's edges are farther
    /// than `pixels` from it (Godot's `shrink_mask`, which counts the pixels past the
    /// edges as empty). Keeps this mask's size. Shrinking by 0 returns a copy.
    ///
    /// Errors: [`Error::OutOfMemory`].
    ///
    /// ```
    /// use perpixel::{Mask, MorphOptions};
    /// let full = Mask::full(10, 10)?;
    /// // Godot's rule: the edges count as empty.
    /// assert_eq!(full.shrink(2, &MorphOptions::default())?.count(), 36);
    /// let keep_edges = MorphOptions { shrink_from_edges: false, ..MorphOptions::default() };
    /// assert_eq!(full.shrink(2, &keep_edges)?.count(), 100);
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn shrink(&self, pixels: u32, options: &MorphOptions) -> Result<Mask> {
        let (w, h) = (self.width(), self.height());
        let mut out = Mask::empty(w, h)?;
        let reach = Reach::new(self, pixels, options.norm)?;
        let wpr = self.words_per_row();
        let (bits, _) = out.rows_mut();
        // Grow the empty pixels inside the mask...
        reach.dilate(
            h as usize,
            wpr,
            |y, into| {
                for (d, &s) in into.iter_mut().zip(self.row(y)) {
                    *d = !s;
                }
                if let Some(last) = into.last_mut() {
                    *last &= tail_mask(w as usize);
                }
            },
            bits,
        )?;
        // ...and keep the solid pixels they do not reach.
        for y in 0..h as usize {
            let row = &mut bits[y * wpr..(y + 1) * wpr];
            for (d, &s) in row.iter_mut().zip(self.row(y)) {
                *d = s & !*d;
            }
            if options.shrink_from_edges && reach.n > 0 {
                let n = reach.n;
                if (y as u64) < n as u64 || y as u64 >= h as u64 - (n as u64).min(h as u64) {
                    row.fill(0);
                } else {
                    clear_span(row, 0, n.min(w));
                    clear_span(row, w.saturating_sub(n), w);
                }
            }
        }
        out.finish();
        Ok(out)
    }

    /// pygame's `Mask.convolve(other)`: the mask of the offsets at which `other` overlaps
    /// this mask. The result is `(width + other.width - 1) x (height + other.height - 1)`
    /// (as pygame; 0 on a side where both masks have 0), and its pixel `(p, q)` is solid exactly when
    /// `self.collides(other, (p - other.width + 1, q - other.height + 1))`: pixel
    /// `(other.width - 1, other.height - 1)` stands for offset `(0, 0)`. That is the
    /// configuration space of a motion: `other` moving over this mask can stand at the
    /// offsets whose pixels are clear.
    ///
    /// Cost: for every pair of rows (one of each mask) holding solid pixels, each run of
    /// solid pixels of the sparser row ORs the other row, smeared over the run
    /// (`log2(run length)` word passes), into the result: about `rows x rows x runs per
    /// row x log2(run) x result words per row`. Two 512 x 512 discs take about 25 ms on a
    /// development machine, a 32 x 32 by a 64 x 64 some microseconds (`cargo bench
    /// --bench shapes`); large masks with many runs per row cost the most.
    ///
    /// Errors: [`Error::TooLarge`] when the result exceeds the mask size limit,
    /// [`Error::OutOfMemory`].
    ///
    /// ```
    /// use perpixel::Mask;
    /// let wall = Mask::from_fn(4, 3, |x, _| x == 1)?;
    /// let player = Mask::full(2, 2)?;
    /// let space = wall.convolve(&player)?;
    /// assert_eq!((space.width(), space.height()), (5, 4));
    /// for (p, q) in [(0, 0), (1, 2), (2, 1), (3, 0), (4, 3)] {
    ///     let offset = (p as i32 - 1, q as i32 - 1);
    ///     assert_eq!(space.is_solid(p, q), wall.collides(&player, offset));
    /// }
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn convolve(&self, other: &Mask) -> Result<Mask> {
        let (aw, ah) = (self.width() as u64, self.height() as u64);
        let (bw, bh) = (other.width() as u64, other.height() as u64);
        let (ow, oh) = ((aw + bw).saturating_sub(1), (ah + bh).saturating_sub(1));
        if ow > u32::MAX as u64 || oh > u32::MAX as u64 {
            return Err(Error::TooLarge {
                width: ow,
                height: oh,
            });
        }
        let mut out = Mask::empty(ow as u32, oh as u32)?;
        if aw == 0 || ah == 0 || bw == 0 || bh == 0 {
            return Ok(out);
        }
        let (bw, bh) = (bw as usize, bh as usize);
        let bwpr = other.words_per_row();
        // `other`'s rows reversed: bit t of row y is other's pixel (bw - 1 - t, y), so
        // result bit i + t comes from self's pixel i and other's pixel bw - 1 - t.
        let mut rev: Vec<u64> = try_vec(bwpr * bh)?;
        let pad = 64 * bwpr - bw;
        for y in 0..bh {
            let row = other.row(y);
            for k in 0..bwpr {
                // Bit t of the reversed words is bit 64 bwpr - 1 - t of the row; shifted
                // down by the pad, bit t is bit bw - 1 - t.
                let lo = row[bwpr - 1 - k].reverse_bits();
                let hi = if k + 1 < bwpr {
                    row[bwpr - 2 - k].reverse_bits()
                } else {
                    0
                };
                rev.push(if pad == 0 {
                    lo
                } else {
                    lo >> pad | hi << (64 - pad)
                });
            }
        }
        let pop = |m: &Mask, y: usize| m.row(y).iter().map(|w| w.count_ones()).sum::<u32>();
        let mut pa: Vec<u32> = try_vec(ah as usize)?;
        pa.extend((0..ah as usize).map(|j| pop(self, j)));
        let mut pb: Vec<u32> = try_vec(bh)?;
        pb.extend((0..bh).map(|y| pop(other, y)));
        let owpr = out.words_per_row();
        // A row smeared over a run: room for the longer row and a run as long as it.
        let longest = self.words_per_row().max(bwpr);
        let mut smeared: Vec<u64> = try_vec(2 * longest + 1)?;
        smeared.resize(2 * longest + 1, 0);
        let (bits, _) = out.rows_mut();
        for y in (0..bh).filter(|&y| pb[y] > 0) {
            let rb = &rev[y * bwpr..(y + 1) * bwpr];
            for j in (0..ah as usize).filter(|&j| pa[j] > 0) {
                let q = j + bh - 1 - y;
                let dst = &mut bits[q * owpr..(q + 1) * owpr];
                let ra = self.row(j);
                // Shift the row with more solid pixels by each pixel of the other: a
                // run of `len` pixels at `s` ORs in the row smeared over `len` bits,
                // shifted by `s` (log2(len) word passes instead of `len`).
                let (by, shifted) = if pa[j] <= pb[y] { (ra, rb) } else { (rb, ra) };
                for (s, e) in RowRuns::new(by) {
                    let (s, len) = (s as usize, (e - s) as usize);
                    if len < 4 {
                        for k in 0..len {
                            shift_or(dst, shifted, s + k);
                        }
                    } else {
                        let n = smear(shifted, len, &mut smeared);
                        shift_or(dst, &smeared[..n], s);
                    }
                }
            }
        }
        out.finish();
        Ok(out)
    }

    /// This mask resized to `width x height` by nearest neighbour, as pygame's
    /// `Mask.scale((width, height))`: result pixel `(x, y)` is source pixel
    /// `(floor(x * self.width / width), floor(y * self.height / height))`. A source with
    /// a side of 0 gives an empty result.
    ///
    /// Errors: [`Error::TooLarge`] past the mask size limit, [`Error::OutOfMemory`].
    ///
    /// ```
    /// use perpixel::Mask;
    /// let m = Mask::from_fn(3, 1, |x, _| x == 1)?;
    /// let up = m.scale(7, 2)?; // columns 0..7 come from 0, 0, 0, 1, 1, 2, 2
    /// assert_eq!((0..7).filter(|&x| up.is_solid(x, 1)).collect::<Vec<_>>(), [3, 4]);
    /// let down = Mask::full(100, 100)?.scale(3, 3)?;
    /// assert_eq!(down.count(), 9);
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn scale(&self, width: u32, height: u32) -> Result<Mask> {
        let mut out = Mask::empty(width, height)?;
        let (sw, sh) = (self.width() as u64, self.height() as u64);
        if sw == 0 || sh == 0 || width == 0 || height == 0 {
            return Ok(out);
        }
        let (w, h) = (width as u64, height as u64);
        let owpr = out.words_per_row();
        let (bits, _) = out.rows_mut();
        let mut last = None;
        for ny in 0..h as usize {
            let sy = (ny as u64 * sh / h) as usize;
            if last == Some(sy) {
                bits.copy_within((ny - 1) * owpr..ny * owpr, ny * owpr);
                continue;
            }
            last = Some(sy);
            let dst = &mut bits[ny * owpr..(ny + 1) * owpr];
            // Result column x comes from floor(x sw / w), so source run [a, b) covers
            // result columns ceil(a w / sw) .. ceil(b w / sw).
            for (a, b) in RowRuns::new(self.row(sy)) {
                let x0 = (a as u64 * w).div_ceil(sw) as u32;
                let x1 = (b as u64 * w).div_ceil(sw) as u32;
                set_span(dst, x0, x1);
            }
        }
        out.finish();
        Ok(out)
    }

    /// The part of this mask inside `region` (in this mask's pixel coordinates), as a
    /// mask of the region's size: pixel `(x, y)` of the result is pixel
    /// `(region.x + x, region.y + y)` of this one. The region must lie inside the mask (a
    /// region of width or height 0 is allowed and gives an empty mask).
    ///
    /// Errors: [`Error::RegionOutOfBounds`] when the region reaches outside the mask,
    /// [`Error::InvalidArgument`] for a negative width or height, [`Error::OutOfMemory`].
    ///
    /// ```
    /// use perpixel::{Bounds2D, Mask};
    /// let m = Mask::from_fn(100, 50, |x, y| x == 70 && y == 10)?;
    /// let c = m.crop(Bounds2D::new(64, 8, 10, 5))?;
    /// assert_eq!((c.width(), c.height(), c.count()), (10, 5, 1));
    /// assert!(c.is_solid(6, 2));
    /// assert!(m.crop(Bounds2D::new(95, 0, 10, 5)).is_err());
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn crop(&self, region: Bounds2D) -> Result<Mask> {
        if region.width < 0 || region.height < 0 {
            return Err(Error::InvalidArgument(format!(
                "crop region {}x{} has a negative size",
                region.width, region.height
            )));
        }
        let (w, h) = (self.width() as i64, self.height() as i64);
        let (x, y) = (region.x as i64, region.y as i64);
        if x < 0 || y < 0 || x + region.width as i64 > w || y + region.height as i64 > h {
            return Err(Error::RegionOutOfBounds {
                region,
                width: self.width(),
                height: self.height(),
            });
        }
        let (rw, rh) = (region.width as u32, region.height as u32);
        let mut out = Mask::empty(rw, rh)?;
        let owpr = out.words_per_row();
        if owpr == 0 {
            return Ok(out);
        }
        let (bits, _) = out.rows_mut();
        let (ws, bs) = (x as usize / 64, x as usize % 64);
        for j in 0..rh as usize {
            let src = self.row(y as usize + j);
            let dst = &mut bits[j * owpr..(j + 1) * owpr];
            for (k, d) in dst.iter_mut().enumerate() {
                let i = ws + k;
                let lo = src[i] >> bs;
                let hi = if bs != 0 && i + 1 < src.len() {
                    src[i + 1] << (64 - bs)
                } else {
                    0
                };
                *d = lo | hi;
            }
            dst[owpr - 1] &= tail_mask(rw as usize);
        }
        out.finish();
        Ok(out)
    }
}

/// `dst |= src << shift` over rows of words (bits past `dst`'s end dropped).
/// Writes to `out` the OR of `row` shifted left by `0..len` bits (every set bit becomes a
/// run of `len`), by doubling: `log2(len)` passes. Returns how many words of `out` hold
/// it (`out` must have `row.len() + len / 64 + 1`).
fn smear(row: &[u64], len: usize, out: &mut [u64]) -> usize {
    let n = row.len() + len / 64 + 1;
    let out = &mut out[..n];
    out[..row.len()].copy_from_slice(row);
    out[row.len()..].fill(0);
    // `out` is the OR of the shifts by 0..done; OR in itself shifted by `step` for
    // 0..done + step.
    let mut done = 1;
    while done < len {
        let step = done.min(len - done);
        let (ws, bs) = (step / 64, step % 64);
        // From the top down, so each word reads lower words not yet changed.
        for i in (ws..n).rev() {
            let lo = out[i - ws];
            let shifted = if bs == 0 {
                lo
            } else {
                let below = if i > ws { out[i - ws - 1] } else { 0 };
                lo << bs | below >> (64 - bs)
            };
            out[i] |= shifted;
        }
        done += step;
    }
    n
}

/// ORs `src` shifted left by `shift` bits into `dst`; bits past `dst` are dropped.
fn shift_or(dst: &mut [u64], src: &[u64], shift: usize) {
    let (ws, bs) = (shift / 64, shift % 64);
    for (k, &w) in src.iter().enumerate() {
        if w == 0 {
            continue;
        }
        let i = k + ws;
        if i >= dst.len() {
            break;
        }
        dst[i] |= w << bs;
        if bs != 0 && i + 1 < dst.len() {
            dst[i + 1] |= w >> (64 - bs);
        }
    }
}

/// Clears the bits past the width of every row.
fn clear_tails(bits: &mut [u64], width: u32, height: u32, wpr: usize) {
    if wpr == 0 {
        return;
    }
    let tail = tail_mask(width as usize);
    for y in 0..height as usize {
        bits[(y + 1) * wpr - 1] &= tail;
    }
}

/// A reach (disc, square or diamond of radius `n`) as a union of row spans: the pixels
/// `dy` rows away within `half[|dy|]` columns.
struct Reach {
    n: u32,
    /// `(half-width, |dy|)`, by half-width ascending.
    spans: Vec<(u32, u32)>,
}

impl Reach {
    /// The reach of `pixels` in `mask`, capped at `width + height` (farther reaches
    /// nothing more inside the mask, and shrinks it away entirely alike).
    fn new(mask: &Mask, pixels: u32, norm: Norm) -> Result<Reach> {
        let (w, h) = (mask.width(), mask.height());
        let n = (pixels as u64).min(w as u64 + h as u64) as u32;
        // Rows `h` or more away and half-widths past `w` reach nothing more inside the
        // mask: the spans stop there (at most `h` rows, at most `w` pixels wide).
        let rows = n.min(h);
        let mut spans = try_vec(rows as usize + 1)?;
        let mut half = n as u128;
        let nn = n as u128 * n as u128;
        for d in 0..=rows {
            let hw = match norm {
                Norm::Square => n,
                Norm::Diamond => n - d,
                Norm::Disc => {
                    // The largest half-width with hw^2 + d^2 <= n^2: exact integers,
                    // non-increasing in d.
                    while half * half + d as u128 * d as u128 > nn {
                        half -= 1;
                    }
                    half as u32
                }
            };
            spans.push((hw.min(w), d));
        }
        spans.reverse();
        spans.sort_by_key(|&(hw, _)| hw);
        Ok(Reach { n, spans })
    }

    /// ORs every source row (`source(y, into)` writes row `y`'s words), widened by each
    /// half-width, into the rows of `out` it reaches. Bits past the width are left for
    /// the caller to clear.
    fn dilate(
        &self,
        height: usize,
        wpr: usize,
        mut source: impl FnMut(usize, &mut [u64]),
        out: &mut [u64],
    ) -> Result<()> {
        if wpr == 0 {
            return Ok(());
        }
        let max_half = self.spans.last().map_or(0, |s| s.0) as usize;
        let spread = max_half.div_ceil(64);
        let mut cur: Vec<u64> = try_vec(wpr)?;
        cur.resize(wpr, 0);
        for y in 0..height {
            source(y, &mut cur);
            // Only the words within reach of the row's solid ones.
            let Some(first) = cur.iter().position(|&w| w != 0) else {
                continue;
            };
            let last = cur.iter().rposition(|&w| w != 0).unwrap_or(first);
            let (lo, hi) = (first.saturating_sub(spread), (last + 1 + spread).min(wpr));
            let mut done = 0;
            for &(hw, d) in &self.spans {
                while done < hw {
                    widen(&mut cur[lo..hi]);
                    done += 1;
                }
                let d = d as usize;
                for ty in [y.wrapping_sub(d), y + d] {
                    if ty < height {
                        let dst = &mut out[ty * wpr + lo..ty * wpr + hi];
                        for (o, &c) in dst.iter_mut().zip(&cur[lo..hi]) {
                            *o |= c;
                        }
                    }
                    if d == 0 {
                        break;
                    }
                }
            }
        }
        Ok(())
    }
}

/// Widens every run of a row of words by one pixel on each side (words outside count
/// as zero).
fn widen(row: &mut [u64]) {
    let mut prev = 0u64;
    for i in 0..row.len() {
        let c = row[i];
        let next = row.get(i + 1).copied().unwrap_or(0);
        row[i] = c | c << 1 | c >> 1 | prev >> 63 | next << 63;
        prev = c;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `smear` against ORing every shift one by one, for rows of 1 to 4 words and runs
    /// from 1 to 260 bits (across word boundaries, steps of 64 and more included).
    #[test]
    fn smear_is_every_shift_ored() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut cases = 0;
        for words in 1..=4usize {
            for len in (1..=260).step_by(7).chain([63, 64, 65, 127, 128, 129]) {
                let row: Vec<u64> = (0..words).map(|_| next() & next()).collect();
                let mut out = vec![0u64; words + len / 64 + 1];
                let n = smear(&row, len, &mut out);
                let mut want = vec![0u64; n];
                for k in 0..len {
                    shift_or(&mut want, &row, k);
                }
                assert_eq!(&out[..n], &want[..], "{words} words, len {len}");
                cases += 1;
            }
        }
        println!("smear: {cases} rows and lengths equal to the shifts ORed one by one");
    }
}
