//! Editing masks in place: pixels, rectangles, other masks drawn, erased, intersected or
//! xored at an offset, inversion, filled circles and ellipses, thick lines. The caches
//! behind the fast queries are updated for the touched rows and blocks only.
//!
//! Every edit goes through one engine ([`Mask::apply`]): it rewrites the words of a
//! clipped rectangle of rows (bits outside the rectangle's columns kept), and while doing
//! so keeps the count, the touched rows' spans (and the live-row map), the sum of span
//! lengths, the touched 8x8 blocks and their number exact. The solid bounds grow from what
//! the edit wrote; they are searched for only when the edit cleared pixels on an edge of
//! the old bounds, walking inward from that edge and stopping at the first row (column)
//! that holds a solid pixel. The dense flag and whether the row spans are worth keeping
//! follow from those counts in O(1), as `Mask::finish` decides them.
//!
//! Costs, for an edit touching `R` rows and `K` words of each: O(R * K) word writes, the
//! blocks of those rows and words, and each touched row's span: from its kept span in
//! O(1) plus the words between the edit and the span's ends; in a mask that keeps no
//! spans (narrow, or rows nearly full), by scanning the row in from both ends. Beyond
//! that, only two rare cases read more: clearing pixels on an edge of the solid bounds
//! walks inward from that edge, and an edit that makes the spans worth keeping where
//! they were not computes them once for every row (as building does).

use super::{COVERED_UNKNOWN, Mask, tail_mask};
use crate::geom::Rect;
use crate::kernels::{BLOCK, nonzero_bytes};
use crate::{Bounds2D, Result};

/// The pixels an edit may change: columns `x0..x1`, rows `y0..y1`, inside the mask, not
/// empty.
#[derive(Clone, Copy, Debug)]
struct Touched {
    x0: usize,
    y0: usize,
    x1: usize,
    y1: usize,
}

/// What an edit can do to a pixel: with only `Sets`, the solid bounds can only grow.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Effect {
    Sets,
    Clears,
    Both,
}

/// `[first, end)` of a row's solid pixels.
type Span = Option<(usize, usize)>;

/// The first and end of the solid pixels of a packed row, scanning in from both ends.
fn row_span(row: &[u64]) -> Span {
    let k0 = row.iter().position(|&w| w != 0)?;
    let k1 = row.iter().rposition(|&w| w != 0)?;
    Some((
        k0 * 64 + row[k0].trailing_zeros() as usize,
        k1 * 64 + 64 - row[k1].leading_zeros() as usize,
    ))
}

/// A row's span after an edit rewrote its columns `x0..x1`, from its span before (`old`):
/// pixels outside those columns did not change, so only the rewritten words and the words
/// between them and the old span's ends are read.
fn span_after(row: &[u64], x0: usize, x1: usize, old: Span) -> Span {
    let (a, e) = old.unwrap_or((usize::MAX, 0));
    let first = if a < x0 {
        // Pixel `a` lies left of the edit: still solid, still first.
        a
    } else {
        // Nothing is solid left of `x0`, nor at or past `max(e, x1)`.
        let hi = e.max(x1).div_ceil(64);
        let k = (x0 / 64..hi).find(|&k| row[k] != 0)?;
        k * 64 + row[k].trailing_zeros() as usize
    };
    let end = if e > x1 {
        e
    } else {
        // Nothing is solid at or past `x1`; `first` is.
        let k = (first / 64..x1.div_ceil(64))
            .rev()
            .find(|&k| row[k] != 0)
            .unwrap_or(first / 64);
        k * 64 + 64 - row[k].leading_zeros() as usize
    };
    Some((first, end))
}

/// The bits of word `k` that lie in columns `x0..x1`.
#[inline(always)]
fn columns_in_word(k: usize, x0: usize, x1: usize) -> u64 {
    let lo = x0.saturating_sub(64 * k).min(64);
    let hi = x1.saturating_sub(64 * k).min(64);
    if hi <= lo {
        0
    } else {
        tail_mask(hi - lo) << lo
    }
}

/// 64 pixels of a packed row from pixel `start` on (any `start`, negative or past the
/// row): bit `i` is pixel `start + i`, zero outside the row's words.
#[inline(always)]
fn bits_at(row: &[u64], start: i64) -> u64 {
    let q = start.div_euclid(64);
    let r = start.rem_euclid(64) as u32;
    let word = |i: i64| -> u64 {
        if i >= 0 && (i as u64) < row.len() as u64 {
            row[i as usize]
        } else {
            0
        }
    };
    if r == 0 {
        word(q)
    } else {
        word(q) >> r | word(q + 1) << (64 - r)
    }
}

/// The bits of word `k` inside the closed column range `span` (`None`: no bit).
#[inline(always)]
fn span_bits(span: Option<(i64, i64)>, k: usize) -> u64 {
    match span {
        Some((a, b)) if a <= b => {
            let lo = (a.max(64 * k as i64) - 64 * k as i64).min(64) as usize;
            let hi = (b + 1).min(64 * k as i64 + 64) - 64 * k as i64;
            if hi <= lo as i64 {
                0
            } else {
                columns_in_word(0, lo, hi as usize)
            }
        }
        _ => 0,
    }
}

/// `a * b` as a 256-bit number `(high, low)`.
fn mul_wide(a: u128, b: u128) -> (u128, u128) {
    let (a0, a1) = (a as u64 as u128, a >> 64);
    let (b0, b1) = (b as u64 as u128, b >> 64);
    let (mid, carry_mid) = (a0 * b1).overflowing_add(a1 * b0);
    let (lo, carry_lo) = (a0 * b0).overflowing_add(mid << 64);
    let hi = a1 * b1 + (mid >> 64) + ((carry_mid as u128) << 64) + carry_lo as u128;
    (hi, lo)
}

/// A thick line: the segment between the centres of two pixels and a radius.
#[derive(Clone, Copy, Debug)]
struct Capsule {
    ax: i64,
    ay: i64,
    bx: i64,
    by: i64,
    /// `(2 * radius + 1)^2`: a pixel is covered when four times its centre's squared
    /// distance to the segment is less than this.
    diameter2: u128,
}

impl Capsule {
    /// Whether pixel `(i, j)`'s centre lies closer than `radius + 1/2` to the segment;
    /// exact for every `i32` input (products up to 2^132 compared in 256 bits).
    fn covers(&self, i: i64, j: i64) -> bool {
        let (dx, dy) = ((self.bx - self.ax) as i128, (self.by - self.ay) as i128);
        let (vx, vy) = ((i - self.ax) as i128, (j - self.ay) as i128);
        let dd = (dx * dx + dy * dy) as u128;
        let t = vx * dx + vy * dy;
        let near = |x: i128, y: i128| ((4 * (x * x + y * y)) as u128) < self.diameter2;
        if dd == 0 || t <= 0 {
            near(vx, vy)
        } else if t as u128 >= dd {
            near(vx - dx, vy - dy)
        } else {
            let cross = (dx * vy - dy * vx).unsigned_abs();
            mul_wide(2 * cross, 2 * cross) < mul_wide(self.diameter2, dd)
        }
    }

    /// A column of row `j` inside the capsule when the row meets it at all (the point of
    /// the segment on that row, rounded, or the end nearest the row).
    fn seed(&self, j: i64) -> i64 {
        let (dx, dy) = (self.bx - self.ax, self.by - self.ay);
        if dy != 0 && j >= self.ay.min(self.by) && j <= self.ay.max(self.by) {
            // floor(ax + (j - ay) * dx / dy + 1/2), exactly.
            let (mut num, mut den) = (
                2 * (self.ax as i128 * dy as i128 + (j - self.ay) as i128 * dx as i128)
                    + dy as i128,
                2 * dy as i128,
            );
            if den < 0 {
                (num, den) = (-num, -den);
            }
            num.div_euclid(den) as i64
        } else if (j - self.ay).abs() <= (j - self.by).abs() {
            self.ax
        } else {
            self.bx
        }
    }

    /// The covered columns of row `j` within `lo..=hi`, as a closed range.
    fn row(&self, j: i64, lo: i64, hi: i64) -> Option<(i64, i64)> {
        let s = self.seed(j).clamp(lo, hi);
        if !self.covers(s, j) {
            // The row's covered columns hold the seed: none lie inside `lo..=hi`.
            return None;
        }
        let edge = |dir: i64, limit: i64| -> i64 {
            // Gallop from `s` towards `limit`, then bisect.
            let (mut good, mut step) = (s, 1i64);
            let bad = loop {
                let cand = good + dir * step;
                if (cand - limit) * dir > 0 {
                    if self.covers(limit, j) {
                        return limit;
                    }
                    break limit;
                }
                if self.covers(cand, j) {
                    good = cand;
                    step *= 2;
                } else {
                    break cand;
                }
            };
            let (mut good, mut bad) = (good, bad);
            while (bad - good).abs() > 1 {
                let mid = good + (bad - good) / 2;
                if self.covers(mid, j) {
                    good = mid;
                } else {
                    bad = mid;
                }
            }
            good
        };
        Some((edge(-1, lo), edge(1, hi)))
    }
}

/// The closed column range `[first, last]` of row `j` of the ellipse inscribed in the
/// rectangle `x, y, w, h` (`w, h >= 1`, each below 2^32): pixels whose centres satisfy
/// `(2i + 1 - 2x - w)^2 h^2 + (2j + 1 - 2y - h)^2 w^2 <= w^2 h^2`.
fn ellipse_row(x: i64, y: i64, w: i64, h: i64, j: i64) -> Option<(i64, i64)> {
    let (w2, h2) = (
        (w as i128 * w as i128) as u128,
        (h as i128 * h as i128) as u128,
    );
    let dy = 2 * j as i128 + 1 - 2 * y as i128 - h as i128;
    let dy2 = (dy * dy) as u128;
    if dy2 > h2 {
        return None;
    }
    // u^2 h^2 <= w^2 (h^2 - dy^2) <=> u^2 <= floor(w^2 (h^2 - dy^2) / h^2).
    let m = ((w2 * (h2 - dy2)) / h2).isqrt() as i128;
    // u = 2i + 1 - 2x - w, so i = (u + 2x + w - 1) / 2 for u of the right parity.
    let c = 2 * x as i128 + w as i128 - 1;
    let first = (c - m + 1).div_euclid(2);
    let last = (c + m).div_euclid(2);
    (first <= last).then_some((first as i64, last as i64))
}

/// The closed column range of row `j` of the filled circle of radius `r` around pixel
/// `(cx, cy)`: pixels with `(i - cx)^2 + (j - cy)^2 <= r^2 + r`.
fn circle_row(cx: i64, cy: i64, r: u32, j: i64) -> Option<(i64, i64)> {
    // `r^2 + r < 2^64` for every `u32` radius, and a row the disc reaches is closer than
    // `r + 1` to its centre: everything fits in `u64`.
    let r = r as u64;
    let rr = r * r + r;
    let dy = (j - cy).unsigned_abs();
    if dy > r {
        return None;
    }
    let half = (rr - dy * dy).isqrt() as i64;
    Some((cx - half, cx + half))
}

impl Mask {
    /// Makes this mask's storage its own (copying it once when a clone shares it), so it
    /// can be written in place.
    fn make_unique(&mut self) -> Result<()> {
        if self.s.parts_mut().is_none() {
            *self = self.try_clone()?;
        }
        Ok(())
    }

    /// Whether this mask's storage is its own (no clone shares it), so that an edit
    /// changes it in place without copying (for the C ABI, whose handles must stay put).
    pub(crate) fn is_unique(&mut self) -> bool {
        self.s.parts_mut().is_some()
    }

    /// A copy of this mask whose storage is its own (edits of it never copy), caches and
    /// all; fails with [`Error::OutOfMemory`](crate::Error::OutOfMemory).
    ///
    /// ```
    /// use perpixel::Mask;
    /// let m = Mask::full(3, 3)?;
    /// let mut c = m.deep_copy()?;
    /// c.set_pixel(1, 1, false)?; // in place: nobody shares c
    /// assert_eq!((m.count(), c.count()), (9, 8));
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn deep_copy(&self) -> Result<Mask> {
        self.try_clone()
    }

    /// `rect` clipped to this mask, `None` when nothing of it is inside.
    fn clip(&self, x0: i64, y0: i64, x1: i64, y1: i64) -> Option<Touched> {
        let (w, h) = (self.width() as i64, self.height() as i64);
        let (x0, y0, x1, y1) = (x0.max(0), y0.max(0), x1.min(w), y1.min(h));
        (x0 < x1 && y0 < y1).then_some(Touched {
            x0: x0 as usize,
            y0: y0 as usize,
            x1: x1 as usize,
            y1: y1 as usize,
        })
    }

    /// The edit engine: rewrites word `k` of row `y` to `word(y, k, old)` for every row
    /// of `t` and every word holding one of its columns (bits outside the columns are
    /// kept whatever `word` returns), then brings every cache up to date: the count, the
    /// touched rows' spans and live bits, the touched blocks, the solid bounds (searched
    /// only when `effect` may clear pixels on an old edge), the dense flag and whether
    /// spans are kept, all exactly as `finish()` would compute them.
    fn apply(
        &mut self,
        t: Touched,
        effect: Effect,
        mut word: impl FnMut(usize, usize, u64) -> u64,
    ) -> Result<()> {
        self.make_unique()?;
        let old_box: Option<Box4> = self.solid_bounds().map(|b| {
            let (x, y) = (b.x as usize, b.y as usize);
            Rect::new(x, x + b.width as usize, y, y + b.height as usize)
        });
        let (head, data) = self.parts_mut();
        let (w, h) = (head.width as usize, head.height as usize);
        let wpr = head.words_per_row;
        let wide = w > 64;
        let (bits, blocks) = data.split_at_mut(head.blocks_at);
        if wide && head.covered == COVERED_UNKNOWN {
            head.covered = (0..h)
                .filter_map(|y| row_span(&bits[y * wpr..(y + 1) * wpr]))
                .map(|(a, e)| (e - a) as u64)
                .sum();
        }
        let kept = !head.spans.is_empty();
        // The word level, when a query built it, follows the touched words.
        let mut level = head.word_level.get_mut().filter(|l| !l.is_empty());
        let (k0, k1) = (t.x0 / 64, t.x1.div_ceil(64));
        let mut count = head.count as i64;
        let mut covered = head.covered as i64;
        // Touched rows after the edit: the first and last that hold a solid pixel, and
        // the least first and greatest end of their spans.
        let (mut ty0, mut ty1, mut tx0, mut tx1) = (usize::MAX, 0, usize::MAX, 0);
        for y in t.y0..t.y1 {
            let row = &mut bits[y * wpr..(y + 1) * wpr];
            let old: Span = if !wide {
                row_span(row)
            } else if kept {
                let [a, e] = head.spans[y];
                (e != 0).then_some((a as usize, e as usize))
            } else {
                row_span(row)
            };
            for (k, cell) in row.iter_mut().enumerate().take(k1).skip(k0) {
                let before = *cell;
                let cols = columns_in_word(k, t.x0, t.x1);
                let after = (word(y, k, before) & cols) | (before & !cols);
                count += after.count_ones() as i64 - before.count_ones() as i64;
                *cell = after;
                if let Some(level) = level.as_deref_mut() {
                    let i = y * wpr + k;
                    let bit = 1u64 << (i % 64);
                    if after != 0 {
                        level[i / 64] |= bit;
                    } else {
                        level[i / 64] &= !bit;
                    }
                }
            }
            let new = if wide && kept {
                span_after(row, t.x0, t.x1, old)
            } else {
                row_span(row)
            };
            if wide {
                let len = |s: Span| s.map_or(0, |(a, e)| (e - a) as i64);
                covered += len(new) - len(old);
                if kept {
                    let (a, e) = new.unwrap_or((0, 0));
                    head.spans[y] = [a as u32, e as u32];
                    let bit = 1u64 << (y % 64);
                    if new.is_some() {
                        head.live_rows[y / 64] |= bit;
                    } else {
                        head.live_rows[y / 64] &= !bit;
                    }
                }
            }
            if let Some((a, e)) = new {
                ty0 = ty0.min(y);
                ty1 = y + 1;
                tx0 = tx0.min(a);
                tx1 = tx1.max(e);
            }
        }
        // The touched blocks: bands of 8 rows, words of 8 blocks.
        let bwpr = head.block_words_per_row;
        let mut occupied = head.occupied as i64;
        for band in t.y0 / BLOCK..t.y1.div_ceil(BLOCK) {
            let rows = band * BLOCK..((band + 1) * BLOCK).min(h);
            for k in k0..k1 {
                let any = rows.clone().fold(0, |acc, y| acc | bits[y * wpr + k]);
                let byte = nonzero_bytes(any);
                let cell = &mut blocks[band * bwpr + k / 8];
                let shift = (k % 8) * 8;
                let before = (*cell >> shift) & 0xff;
                occupied += byte.count_ones() as i64 - before.count_ones() as i64;
                *cell = (*cell & !(0xff << shift)) | byte << shift;
            }
        }
        head.count = count as u64;
        head.occupied = occupied as u64;
        if wide {
            head.covered = covered as u64;
        }

        // The solid bounds.
        let view = RowsView {
            bits,
            wpr,
            spans: &head.spans,
        };
        let touched = (ty0 < ty1).then_some(Rect::new(tx0, tx1, ty0, ty1));
        let new_box = bounds_after(&view, old_box, t, effect, touched);
        debug_assert!(new_box.is_some() == (head.count > 0));
        // The dense flag and the spans follow from the counts, as `finish()` decides them.
        head.blocks_dense = new_box.is_none_or(|Rect { x0, x1, y0, y1 }| {
            let bw = (x1 - 1) / BLOCK - x0 / BLOCK + 1;
            let bh = (y1 - 1) / BLOCK - y0 / BLOCK + 1;
            head.occupied == (bw * bh) as u64
        });
        let useful = wide
            && new_box.is_some_and(|Rect { x0, x1, y0, y1 }| {
                let area = ((x1 - x0) * (y1 - y0)) as u128;
                (area - head.covered as u128) * 16 >= area
            });
        if useful && !kept {
            // Spans become worth keeping: every row's, once. Without their memory the
            // mask goes without them, as `finish()` does.
            if let Some((spans, live)) = all_spans(bits, wpr, h) {
                head.spans = spans;
                head.live_rows = live;
            }
        } else if !useful && kept {
            head.spans = Box::new([]);
            head.live_rows = Box::new([]);
        }
        let solid_box = new_box.map_or([0; 4], |Rect { x0, x1, y0, y1 }| {
            [x0 as i32, y0 as i32, x1 as i32, y1 as i32]
        });
        self.seal(solid_box);
        Ok(())
    }

    /// Applies a row-wise shape: `span(y)` gives the closed column range of row `y` to
    /// set (`solid`) or clear, for rows of `t`.
    fn apply_spans(
        &mut self,
        t: Touched,
        solid: bool,
        mut span: impl FnMut(i64) -> Option<(i64, i64)>,
    ) -> Result<()> {
        let mut cur: (usize, Option<(i64, i64)>) = (usize::MAX, None);
        let effect = if solid { Effect::Sets } else { Effect::Clears };
        let (lo, hi) = (t.x0 as i64, t.x1 as i64 - 1);
        self.apply(t, effect, |y, k, old| {
            if cur.0 != y {
                cur = (y, span(y as i64).map(|(a, b)| (a.max(lo), b.min(hi))));
            }
            let bits = span_bits(cur.1, k);
            if solid { old | bits } else { old & !bits }
        })
    }

    /// Recomputes every cache from the bits, as building a mask does (a pass over all
    /// of it). Edits never need it; it is the benchmarks' baseline for what the
    /// incremental cache updates save. Not part of the supported API.
    #[doc(hidden)]
    pub fn recompute_caches(&mut self) -> Result<()> {
        self.make_unique()?;
        self.finish();
        Ok(())
    }

    /// Makes pixel `(x, y)` solid (`solid`) or empty; a pixel outside the mask is
    /// ignored.
    ///
    /// **Value semantics.** Like every edit, it changes this mask only: clones made
    /// before share their pixels with it until it is edited, and the first edit gives it
    /// a copy of its own (copy on write; later edits are in place). A `World` body keeps
    /// the mask it was given: edit the body's own mask in place with
    /// [`World::edit_mask`](crate::World::edit_mask), or hand it an edited copy with
    /// [`World::set_mask`](crate::World::set_mask). Fails only with [`Error::OutOfMemory`](crate::Error::OutOfMemory)
    /// when that copy cannot be allocated.
    ///
    /// ```
    /// use perpixel::Mask;
    /// let mut m = Mask::empty(4, 4)?;
    /// let before = m.clone();
    /// m.set_pixel(1, 2, true)?;
    /// m.set_pixel(-1, 9, true)?; // outside: ignored
    /// assert!(m.is_solid(1, 2) && m.count() == 1);
    /// assert_eq!(before.count(), 0); // the clone is unchanged
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn set_pixel(&mut self, x: i32, y: i32, solid: bool) -> Result<()> {
        self.fill_rect(Bounds2D::new(x, y, 1, 1), solid)
    }

    /// Makes every pixel of `rect` (mask coordinates, clipped to the mask) solid
    /// (`solid`) or empty. An empty rectangle (width or height 0 or less) changes
    /// nothing. Costs the rectangle's words; see [`Mask::set_pixel`] for value semantics
    /// and errors.
    ///
    /// ```
    /// use perpixel::{Bounds2D, Mask};
    /// let mut m = Mask::full(8, 8)?;
    /// m.fill_rect(Bounds2D::new(-2, 2, 5, 3), false)?; // columns 0..3, rows 2..5
    /// assert_eq!(m.count(), 64 - 9);
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn fill_rect(&mut self, rect: Bounds2D, solid: bool) -> Result<()> {
        let Some(t) = self.clip(rect.x_min(), rect.y_min(), rect.x_max(), rect.y_max()) else {
            return Ok(());
        };
        let (effect, value) = if solid {
            (Effect::Sets, !0)
        } else {
            (Effect::Clears, 0)
        };
        self.apply(t, effect, |_, _, _| value)
    }

    /// Makes every pixel solid (pygame's `Mask.fill`): [`Mask::fill_rect`] of the whole
    /// mask.
    ///
    /// ```
    /// use perpixel::Mask;
    /// let mut m = Mask::empty(70, 3)?;
    /// m.fill()?;
    /// assert_eq!(m, Mask::full(70, 3)?);
    /// m.clear()?;
    /// assert_eq!(m.count(), 0);
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn fill(&mut self) -> Result<()> {
        self.fill_rect(self.bounds_at(0, 0), true)
    }

    /// Makes every pixel empty (pygame's `Mask.clear`): [`Mask::fill_rect`] of the whole
    /// mask. See [`Mask::fill`].
    pub fn clear(&mut self) -> Result<()> {
        self.fill_rect(self.bounds_at(0, 0), false)
    }

    /// The rectangle of this mask that `other`, placed with its pixel `(0, 0)` at
    /// `(x, y)`, may change: `other`'s solid bounds there, clipped.
    fn under_solid(&self, other: &Mask, x: i32, y: i32) -> Option<Touched> {
        let b = other.solid_bounds()?;
        let (x0, y0) = (x as i64 + b.x as i64, y as i64 + b.y as i64);
        self.clip(x0, y0, x0 + b.width as i64, y0 + b.height as i64)
    }

    /// Combines `other` placed at `(x, y)` into the words of `t` by `op(old, theirs)`.
    fn combine(
        &mut self,
        other: &Mask,
        x: i32,
        y: i32,
        t: Touched,
        effect: Effect,
        op: impl Fn(u64, u64) -> u64,
    ) -> Result<()> {
        // `other` may share this mask's storage: `apply` makes this one's own first, and
        // `other` keeps reading the shared one.
        let oh = other.height() as i64;
        self.apply(t, effect, |row, k, old| {
            let oy = row as i64 - y as i64;
            let theirs = if oy >= 0 && oy < oh {
                bits_at(other.row(oy as usize), 64 * k as i64 - x as i64)
            } else {
                0
            };
            op(old, theirs)
        })
    }

    /// Draws `other` into this mask (OR): every pixel solid in `other`, placed with its
    /// pixel `(0, 0)` at `(x, y)` of this mask, becomes solid; the parts outside are
    /// ignored. `other` may be a clone of this mask. Costs the words under `other`'s
    /// solid bounds. pygame's `Mask.draw`; see [`Mask::set_pixel`] for value semantics.
    ///
    /// ```
    /// use perpixel::Mask;
    /// let mut terrain = Mask::empty(100, 20)?;
    /// let block = Mask::full(10, 10)?;
    /// terrain.draw(&block, 95, 15)?; // clipped to 5 x 5
    /// assert_eq!(terrain.count(), 25);
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn draw(&mut self, other: &Mask, x: i32, y: i32) -> Result<()> {
        match self.under_solid(other, x, y) {
            Some(t) => self.combine(other, x, y, t, Effect::Sets, |a, b| a | b),
            None => Ok(()),
        }
    }

    /// Erases `other` from this mask (AND-NOT): every pixel solid in `other` placed at
    /// `(x, y)` becomes empty; the rest is kept. pygame's `Mask.erase`; the explosion of
    /// destructible terrain. See [`Mask::draw`] for placement and cost.
    ///
    /// ```
    /// use perpixel::Mask;
    /// let mut terrain = Mask::full(64, 16)?;
    /// let mut crater = Mask::empty(9, 9)?;
    /// crater.fill_circle(4, 4, 4, true)?;
    /// terrain.erase(&crater, 20, -4)?;
    /// assert_eq!(terrain.count(), 64 * 16 - crater.count() + 30); // its rows above 0 missed
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn erase(&mut self, other: &Mask, x: i32, y: i32) -> Result<()> {
        match self.under_solid(other, x, y) {
            Some(t) => self.combine(other, x, y, t, Effect::Clears, |a, b| a & !b),
            None => Ok(()),
        }
    }

    /// Keeps only the pixels also solid in `other` placed at `(x, y)` (AND): pixels of
    /// this mask outside `other`'s rectangle become empty too (they are not in `other`).
    /// Costs the words of this mask's solid bounds. See [`Mask::draw`].
    ///
    /// ```
    /// use perpixel::Mask;
    /// let mut m = Mask::full(10, 10)?;
    /// m.intersect(&Mask::full(4, 4)?, 8, 8)?; // only the 2 x 2 corner survives
    /// assert_eq!(m.count(), 4);
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn intersect(&mut self, other: &Mask, x: i32, y: i32) -> Result<()> {
        let Some(b) = self.solid_bounds() else {
            return Ok(());
        };
        let Some(t) = self.clip(b.x_min(), b.y_min(), b.x_max(), b.y_max()) else {
            return Ok(());
        };
        self.combine(other, x, y, t, Effect::Clears, |a, b| a & b)
    }

    /// Flips every pixel that is solid in `other` placed at `(x, y)` (XOR). See
    /// [`Mask::draw`].
    ///
    /// ```
    /// use perpixel::Mask;
    /// let mut m = Mask::full(4, 1)?;
    /// m.xor(&Mask::full(4, 1)?, 2, 0)?;
    /// assert!(m.is_solid(1, 0) && !m.is_solid(2, 0));
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn xor(&mut self, other: &Mask, x: i32, y: i32) -> Result<()> {
        match self.under_solid(other, x, y) {
            Some(t) => self.combine(other, x, y, t, Effect::Both, |a, b| a ^ b),
            None => Ok(()),
        }
    }

    /// Makes every solid pixel empty and every empty pixel solid (pygame's
    /// `Mask.invert`). Touches every word, and recomputes the caches as building does.
    /// See [`Mask::set_pixel`] for value semantics.
    ///
    /// ```
    /// use perpixel::Mask;
    /// let mut m = Mask::empty(3, 2)?;
    /// m.set_pixel(0, 0, true)?;
    /// m.invert()?;
    /// assert_eq!(m.count(), 5);
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn invert(&mut self) -> Result<()> {
        if self.width() == 0 || self.height() == 0 {
            return Ok(());
        }
        self.make_unique()?;
        let (w, h) = (self.width() as usize, self.height() as usize);
        let (bits, wpr) = self.rows_mut();
        let tail = tail_mask(w);
        for row in bits[..h * wpr].chunks_exact_mut(wpr) {
            for word in row.iter_mut() {
                *word = !*word;
            }
            row[wpr - 1] &= tail;
        }
        self.finish();
        Ok(())
    }

    /// Fills (`solid`) or clears the disc of radius `radius` around pixel `(cx, cy)`:
    /// every pixel `(i, j)` with `(i - cx)^2 + (j - cy)^2 <= radius^2 + radius`, i.e.
    /// whose centre lies closer than `radius + 1/2` to the centre of pixel `(cx, cy)`.
    /// It is `2 * radius + 1` pixels across (radius 0 is one pixel, radius 1 a 3 x 3
    /// square, radius 2 a 5 x 5 square without its corners) and equals
    /// [`Mask::fill_ellipse`] of the square `(cx - radius, cy - radius)`, side
    /// `2 * radius + 1`. Exact integer arithmetic; clipped to the mask. Costs the disc's
    /// words, so a crater in a large terrain is cheap. See [`Mask::set_pixel`] for value
    /// semantics.
    ///
    /// ```
    /// use perpixel::{Mask, Sprite};
    /// let mut terrain = Mask::full(4096, 1024)?;
    /// terrain.fill_circle(2000, 0, 32, false)?; // blow a crater into the surface
    /// let bullet = Mask::full(2, 2)?;
    /// assert!(!Sprite::new(&terrain, 0, 0).collides(&Sprite::new(&bullet, 2000, 10)));
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn fill_circle(&mut self, cx: i32, cy: i32, radius: u32, solid: bool) -> Result<()> {
        let (cx, cy, r) = (cx as i64, cy as i64, radius as i64);
        let Some(t) = self.clip(cx - r, cy - r, cx + r + 1, cy + r + 1) else {
            return Ok(());
        };
        self.apply_spans(t, solid, |j| circle_row(cx, cy, radius, j))
    }

    /// Fills (`solid`) or clears the ellipse inscribed in `rect` (pygame's
    /// `draw.ellipse`, filled): every pixel whose centre `(i + 1/2, j + 1/2)` lies in the
    /// closed ellipse touching the rectangle's four sides, i.e.
    /// `(2i + 1 - 2x - w)^2 h^2 + (2j + 1 - 2y - h)^2 w^2 <= w^2 h^2` for `rect`
    /// `{x, y, w, h}`. A 1-pixel-wide rectangle gives its middle column; an empty
    /// rectangle nothing. Exact integer arithmetic; clipped to the mask. See
    /// [`Mask::fill_circle`] for a disc around a pixel and [`Mask::set_pixel`] for value
    /// semantics.
    ///
    /// ```
    /// use perpixel::{Bounds2D, Mask};
    /// let mut m = Mask::empty(10, 4)?;
    /// m.fill_ellipse(Bounds2D::new(0, 0, 10, 4), true)?;
    /// assert!(m.is_solid(0, 1) && !m.is_solid(0, 0) && m.is_solid(4, 0));
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn fill_ellipse(&mut self, rect: Bounds2D, solid: bool) -> Result<()> {
        if rect.is_empty() {
            return Ok(());
        }
        let Some(t) = self.clip(rect.x_min(), rect.y_min(), rect.x_max(), rect.y_max()) else {
            return Ok(());
        };
        let (x, y, w, h) = (
            rect.x as i64,
            rect.y as i64,
            rect.width as i64,
            rect.height as i64,
        );
        self.apply_spans(t, solid, |j| ellipse_row(x, y, w, h, j))
    }

    /// Fills (`solid`) or clears a thick line with round ends (a capsule: digging,
    /// a laser): every pixel whose centre lies closer than `radius + 1/2` to the segment
    /// from the centre of pixel `(x0, y0)` to the centre of pixel `(x1, y1)`. A line of
    /// radius `r` is `2r + 1` pixels thick across a horizontal or vertical run, each end
    /// is [`Mask::fill_circle`] of radius `r`, and a line from a pixel to itself is that
    /// circle. Radius 0 draws a one-pixel line (the pixels whose centres lie closer than
    /// 1/2 to the segment). Exact integer arithmetic; clipped to the mask. See
    /// [`Mask::set_pixel`] for value semantics.
    ///
    /// ```
    /// use perpixel::Mask;
    /// let mut m = Mask::full(40, 20)?;
    /// m.draw_line(5, 10, 30, 10, 2, false)?; // a tunnel 5 pixels high
    /// assert!(!m.is_solid(5, 8) && !m.is_solid(30, 12) && m.is_solid(5, 7));
    /// assert_eq!(m.count(), 40 * 20 - 26 * 5 - 2 * 8); // run + the caps' 8 pixels each
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn draw_line(
        &mut self,
        x0: i32,
        y0: i32,
        x1: i32,
        y1: i32,
        radius: u32,
        solid: bool,
    ) -> Result<()> {
        let r = radius as i64;
        let (ax, ay, bx, by) = (x0 as i64, y0 as i64, x1 as i64, y1 as i64);
        let Some(t) = self.clip(
            ax.min(bx) - r,
            ay.min(by) - r,
            ax.max(bx) + r + 1,
            ay.max(by) + r + 1,
        ) else {
            return Ok(());
        };
        let capsule = Capsule {
            ax,
            ay,
            bx,
            by,
            diameter2: (2 * radius as u128 + 1).pow(2),
        };
        let (lo, hi) = (t.x0 as i64, t.x1 as i64 - 1);
        self.apply_spans(t, solid, |j| capsule.row(j, lo, hi))
    }
}

/// Solid bounds in mask pixels, half-open.
type Box4 = Rect<usize>;

/// A mask's rows in the middle of an edit (bits written, kept spans up to date), as
/// [`bounds_after`] reads them.
struct RowsView<'a> {
    bits: &'a [u64],
    wpr: usize,
    /// Every row's span when the mask keeps them, else empty.
    spans: &'a [[u32; 2]],
}

impl RowsView<'_> {
    /// Whether row `y`, whose solid pixels all lie in columns `x0..x1`, holds one.
    fn live(&self, y: usize, x0: usize, x1: usize) -> bool {
        if !self.spans.is_empty() {
            return self.spans[y][1] != 0;
        }
        let row = &self.bits[y * self.wpr..(y + 1) * self.wpr];
        row[x0 / 64..x1.div_ceil(64)].iter().any(|&w| w != 0)
    }

    /// The least solid column over `rows`, knowing none lies before `from` and that
    /// `limit` is an upper bound (returned when nothing comes before it).
    fn first_column(&self, rows: std::ops::Range<usize>, from: usize, limit: usize) -> usize {
        if !self.spans.is_empty() {
            let spans = self.spans[rows].iter().filter(|s| s[1] != 0);
            return spans
                .map(|s| s[0] as usize)
                .min()
                .unwrap_or(limit)
                .min(limit);
        }
        let mut k = from / 64;
        while k * 64 < limit {
            let mut any = rows
                .clone()
                .fold(0, |acc, y| acc | self.bits[y * self.wpr + k]);
            if k == from / 64 {
                any &= !0 << (from % 64);
            }
            if any != 0 {
                return (k * 64 + any.trailing_zeros() as usize).min(limit);
            }
            k += 1;
        }
        limit
    }

    /// One past the greatest solid column over `rows`, knowing none lies at or past `to`
    /// and that `floor` is a lower bound (returned when nothing lies at or after it).
    fn last_column_end(&self, rows: std::ops::Range<usize>, to: usize, floor: usize) -> usize {
        if !self.spans.is_empty() {
            let ends = self.spans[rows].iter().map(|s| s[1] as usize);
            return ends.max().unwrap_or(floor).max(floor);
        }
        let mut k = to.div_ceil(64);
        while k > 0 && k * 64 > floor {
            k -= 1;
            let mut any = rows
                .clone()
                .fold(0, |acc, y| acc | self.bits[y * self.wpr + k]);
            if k == (to - 1) / 64 {
                any &= tail_mask(to - 64 * k);
            }
            if any != 0 {
                return (k * 64 + 64 - any.leading_zeros() as usize).max(floor);
            }
        }
        floor
    }
}

/// The solid bounds after an edit that rewrote `t`, from the bounds before (`old`) and
/// the bounds of the touched rows' spans after it (`touched`, `None` when those rows are
/// empty now). Only pixels inside `t` changed, so an edge of the old bounds stays unless
/// it lies inside `t` and the edit may clear pixels; then the touched rows decide, or,
/// when they cannot, the rows (columns) are walked inward from the old edge.
fn bounds_after(
    v: &RowsView,
    old: Option<Box4>,
    t: Touched,
    effect: Effect,
    touched: Option<Box4>,
) -> Option<Box4> {
    let Some(o) = old else {
        // Nothing was solid outside the edit.
        return touched;
    };
    let Rect {
        x0: ox0,
        x1: ox1,
        y0: oy0,
        y1: oy1,
    } = o;
    if effect == Effect::Sets {
        return Some(touched.map_or(o, |u| {
            Rect::new(ox0.min(u.x0), ox1.max(u.x1), oy0.min(u.y0), oy1.max(u.y1))
        }));
    }
    // Rows: an old edge row outside `t` is still solid; else the first (last) touched row
    // holding a pixel is the edge; else walk in past the rows that emptied.
    let y0 = if oy0 < t.y0 {
        oy0
    } else if let Some(u) = touched {
        u.y0
    } else {
        (t.y1.max(oy0)..oy1).find(|&y| v.live(y, ox0, ox1))?
    };
    let y1 = if oy1 > t.y1 {
        oy1
    } else if let Some(u) = touched {
        u.y1
    } else {
        // `y0` is solid and lies before `t` here.
        (y0..t.y0.min(oy1))
            .rev()
            .find(|&y| v.live(y, ox0, ox1))
            .map_or(y0 + 1, |y| y + 1)
    };
    // Columns, over rows `y0..y1`: the same.
    let (ux0, ux1) = touched.map_or((usize::MAX, 0), |u| (u.x0, u.x1));
    let x0 = if ox0 < t.x0 || ux0 <= ox0 {
        ox0.min(ux0)
    } else {
        v.first_column(y0..y1, ox0, ux0.min(ox1))
    };
    let x1 = if ox1 > t.x1 || ux1 >= ox1 {
        ox1.max(ux1)
    } else {
        v.last_column_end(y0..y1, ox1, ux1.max(x0 + 1))
    };
    Some(Rect::new(x0, x1, y0, y1))
}

/// Every row's span and the live-row map, as `finish()` keeps them; `None` when their
/// memory cannot be had.
#[allow(clippy::type_complexity)]
fn all_spans(bits: &[u64], wpr: usize, h: usize) -> Option<(Box<[[u32; 2]]>, Box<[u64]>)> {
    let mut spans = super::try_zeroed(h, [0u32; 2])?;
    let mut live = super::try_zeroed(h.div_ceil(64) + 1, 0u64)?;
    for (y, span) in spans.iter_mut().enumerate() {
        if let Some((a, e)) = row_span(&bits[y * wpr..(y + 1) * wpr]) {
            *span = [a as u32, e as u32];
            live[y / 64] |= 1 << (y % 64);
        }
    }
    Some((spans.into_boxed_slice(), live.into_boxed_slice()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_products_compare_exactly() {
        let big = u128::MAX;
        assert_eq!(mul_wide(big, big), (big - 1, 1));
        assert_eq!(mul_wide(1 << 64, 1 << 64), (1, 0));
        assert_eq!(mul_wide(3, 5), (0, 15));
        assert!(mul_wide(1 << 66, 1 << 66) < mul_wide((1 << 66) + 1, 1 << 66));
    }

    #[test]
    fn rows_of_shapes() {
        assert_eq!(circle_row(5, 5, 0, 5), Some((5, 5)));
        assert_eq!(circle_row(5, 5, 0, 6), None);
        assert_eq!(circle_row(5, 5, 1, 4), Some((4, 6)));
        assert_eq!(circle_row(5, 5, 2, 3), Some((4, 6)));
        // The circle is the ellipse of its square.
        for r in 0..20u32 {
            for j in -25..25 {
                let (x, s) = (-(r as i64), 2 * r as i64 + 1);
                assert_eq!(
                    circle_row(0, 0, r, j),
                    ellipse_row(x, x, s, s, j),
                    "r {r} j {j}"
                );
            }
        }
        // A huge circle does not overflow.
        assert!(circle_row(0, 0, u32::MAX, i32::MAX as i64).is_some());
        assert!(circle_row(0, i32::MIN as i64, u32::MAX, i32::MAX as i64).is_some());
        assert!(ellipse_row(i32::MIN as i64, 0, i32::MAX as i64, i32::MAX as i64, 7).is_some());
    }

    #[test]
    fn edit_spans_match_a_scan() {
        let row = [0u64, 0b1100, 0, 1 << 63];
        assert_eq!(row_span(&row), Some((66, 256)));
        assert_eq!(span_after(&row, 60, 70, Some((66, 256))), Some((66, 256)));
        let row = [0u64, 0, 0, 0];
        assert_eq!(span_after(&row, 0, 256, Some((3, 200))), None);
        assert_eq!(bits_at(&[1, 2], -1), 2);
        assert_eq!(bits_at(&[1, 2], 64), 2);
        assert_eq!(bits_at(&[1, 2], 200), 0);
        assert_eq!(bits_at(&[1 << 63, 1], 63), 3);
    }

    #[test]
    fn editing_a_clone_copies_once() {
        let a = Mask::full(100, 10).unwrap();
        let mut b = a.clone();
        assert!(b.shares_with(&a));
        b.set_pixel(3, 3, false).unwrap();
        assert!(!b.shares_with(&a));
        assert_eq!((a.count(), b.count()), (1000, 999));
        let before = b.clone();
        drop(before);
        b.set_pixel(4, 3, false).unwrap();
        assert_eq!(b.count(), 998);
        assert_eq!(b.stale_cache(), None);
    }
}
