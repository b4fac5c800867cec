//! What a mask says about its shape: the centroid, the orientation angle, and the
//! connected components (as masks, as a label image, as bounding rectangles, the one at
//! a pixel, the largest).
//!
//! # Against pygame
//!
//! | pygame `Mask` | perpixel |
//! |---|---|
//! | `count()` | [`Mask::count`] |
//! | `centroid()` | [`Mask::centroid`]: the same integers, `(0, 0)` for an empty mask |
//! | `angle()` | [`Mask::angle`]: the same formula; the arc tangent is computed in software (fdlibm's, within one unit in the last place), so the answer is the same on every platform |
//! | `get_bounding_rects()` | [`Mask::component_bounds`] with the default options |
//! | `connected_components(minimum)` | [`Mask::connected_components`] with `min_pixels: minimum` |
//! | `connected_component()` | [`Mask::largest_component`] |
//! | `connected_component((x, y))` | [`Mask::component_at`] |
//!
//! pygame's components are 8-connected and listed by position: the component whose first
//! pixel (in row-major order: lowest y, then lowest x) comes first is listed first. That
//! is [`ComponentOptions::default`]. perpixel adds 4-connectivity, largest-first order and
//! a label image ([`Mask::component_labels`]).
//!
//! Godot's `BitMap` has no component or moment tools (`get_true_bit_count` is
//! [`Mask::count`]).
//!
//! # How
//!
//! Components are labelled on runs, not pixels: each row's runs of solid pixels are
//! found a word at a time, runs of neighbouring rows that touch are joined in a
//! union-find over runs (the earlier run is the root, so a component's root is its first
//! run), and the answers are written run by run. Nothing recurses: a 4096 x 4096 spiral is
//! one loop like any other mask. The moments behind the centroid and the angle are summed
//! a word at a time, from a table of each byte's count, sum and sum of squares.

use crate::geom::atan2;
use crate::mask::tail_mask;
use crate::{Bounds2D, Error, Mask, Result};

// ---------------------------------------------------------------------------------------
// Options and results.

/// Which neighbours join two solid pixels into one connected component.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Connectivity {
    /// The 8 neighbours: pixels touching by a side or a corner (pygame's rule).
    #[default]
    Eight,
    /// The 4 neighbours: pixels touching by a side only (a diagonal step separates).
    Four,
}

/// The order in which components are listed (and numbered in a label image).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ComponentOrder {
    /// By position: the component whose first pixel in row-major order (lowest y, then
    /// lowest x) comes first is listed first (pygame's order).
    #[default]
    Position,
    /// Largest (most pixels) first; components of the same size by position.
    LargestFirst,
}

/// How [`Mask::connected_components`], [`Mask::component_labels`] and
/// [`Mask::component_bounds`] find and list components. The default is pygame's:
/// 8-connected, by position, every component.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ComponentOptions {
    /// Which neighbours connect (default [`Connectivity::Eight`]).
    pub connectivity: Connectivity,
    /// In which order components are listed (default [`ComponentOrder::Position`]).
    pub order: ComponentOrder,
    /// Components with fewer pixels than this are left out (pygame's `minimum`; default
    /// 0, which keeps every component, as 1 does).
    pub min_pixels: u64,
}

/// The connected components of a mask as a label image, with each component's pixel
/// count and bounds ([`Mask::component_labels`]).
///
/// Component `i` (0-based, in the order the options asked for) has label `i + 1`, pixel
/// count `counts[i]` and bounds `bounds[i]` (in the mask's pixel coordinates).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComponentLabels {
    /// Width of the labelled mask.
    pub width: u32,
    /// Height of the labelled mask.
    pub height: u32,
    /// One label per pixel, row-major (`labels[y * width + x]`): 0 for an empty pixel (or
    /// one of a component left out by `min_pixels`), `1..=counts.len()` for a component's.
    pub labels: Vec<u32>,
    /// Pixels of each component, `counts[label - 1]`.
    pub counts: Vec<u64>,
    /// The smallest rectangle holding each component, `bounds[label - 1]`.
    pub bounds: Vec<Bounds2D>,
}

impl ComponentLabels {
    /// The number of components (the largest label).
    pub fn len(&self) -> usize {
        self.counts.len()
    }

    /// Whether there is no component (no solid pixel kept).
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    /// The label of pixel `(x, y)`: 0 when it is empty or outside the mask.
    pub fn label_at(&self, x: u32, y: u32) -> u32 {
        if x >= self.width || y >= self.height {
            return 0;
        }
        self.labels[y as usize * self.width as usize + x as usize]
    }
}

// ---------------------------------------------------------------------------------------
// The public methods.

impl Mask {
    /// The centroid of the solid pixels, as pygame's `Mask.centroid()` computes it: the
    /// sums of the solid pixels' `x` and `y` each divided by their number, rounded down
    /// (integer division), and `(0, 0)` when no pixel is solid.
    ///
    /// The sums are exact (128-bit) for every mask size; pygame's are C `long`, which
    /// overflows on masks of many millions of pixels on Windows.
    ///
    /// ```
    /// use perpixel::Mask;
    /// // Pixels at x = 0 and 3 of row 1: x = 3 / 2 = 1 (rounded down).
    /// let m = Mask::from_fn(4, 2, |x, y| y == 1 && (x == 0 || x == 3))?;
    /// assert_eq!(m.centroid(), (1, 1));
    /// assert_eq!(Mask::empty(5, 5)?.centroid(), (0, 0));
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn centroid(&self) -> (u32, u32) {
        moments(self).centroid()
    }

    /// The orientation of the solid pixels in degrees, as pygame's `Mask.angle()`: from
    /// the second moments about the (integer) centroid, `-90 * atan2(2 b, a - c) / pi`,
    /// where `b`, `a` and `c` are pygame's integer quotients `m11 / n - xc * yc`,
    /// `m20 / n - xc * xc` and `m02 / n - yc * yc` (`n` the pixel count, `xc, yc` the
    /// [`centroid`](Mask::centroid)). In `-90.0..=90.0`; 0 for an empty mask. A shape with
    /// no preferred direction (one pixel, a square) gives `-0.0`, as pygame does.
    ///
    /// The arc tangent is fdlibm's, computed in software from IEEE basic operations
    /// (within one unit in the last place of the true value), so the answer is the same
    /// bits on every platform. pygame calls the platform's `atan2`: against glibc's, the
    /// arc tangent differs in the last bit for about 1 in 6 of the integer arguments masks
    /// give (never by more), so pygame's angle can differ from this one by a unit in the
    /// last place or two (about 1e-14 degrees), never more.
    ///
    /// With y pointing down, a positive angle is a shape leaning like `/`:
    ///
    /// ```
    /// use perpixel::Mask;
    /// let rising = Mask::from_fn(10, 10, |x, y| x + y == 9)?; // "/" with y down
    /// assert_eq!(rising.angle(), 45.0);
    /// let falling = Mask::from_fn(10, 10, |x, y| x == y)?; // "\"
    /// assert_eq!(falling.angle(), -45.0);
    /// let flat = Mask::from_fn(10, 3, |_, y| y == 1)?;
    /// assert_eq!(flat.angle(), 0.0);
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn angle(&self) -> f64 {
        moments(self).angle()
    }

    /// The connected components, each as a mask the size of this one holding only that
    /// component's pixels (as pygame's `Mask.connected_components(minimum)`: pygame's
    /// results are full-size too), listed in the order `options` asks for; components with
    /// fewer than `options.min_pixels` pixels are left out.
    ///
    /// The components OR back to this mask (when none is left out) and their counts sum
    /// to its count. Each result costs a whole mask of memory: for many components of a
    /// large mask, [`component_labels`](Mask::component_labels) (one `u32` per pixel) or
    /// [`component_bounds`](Mask::component_bounds) then [`crop`](Mask::crop) are cheaper.
    ///
    /// Errors: [`Error::OutOfMemory`] when the masks or the labelling's memory cannot be
    /// allocated.
    ///
    /// ```
    /// use perpixel::{ComponentOptions, ComponentOrder, Connectivity, Mask};
    /// // Two diagonal pixels and a bar: 2 components 8-connected, 3 components 4-connected.
    /// let m = Mask::from_fn(6, 3, |x, y| (x, y) == (0, 0) || (x, y) == (1, 1) || (y == 2 && x >= 3))?;
    /// let parts = m.connected_components(&ComponentOptions::default())?;
    /// assert_eq!(parts.iter().map(|p| p.count()).collect::<Vec<_>>(), [2, 3]);
    /// assert_eq!((parts[0].width(), parts[0].height()), (6, 3)); // full size, as pygame
    /// let four = ComponentOptions {
    ///     connectivity: Connectivity::Four,
    ///     order: ComponentOrder::LargestFirst,
    ///     ..ComponentOptions::default()
    /// };
    /// let parts = m.connected_components(&four)?;
    /// assert_eq!(parts.iter().map(|p| p.count()).collect::<Vec<_>>(), [3, 1, 1]);
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn connected_components(&self, options: &ComponentOptions) -> Result<Vec<Mask>> {
        let l = Labelling::of(self, options)?;
        let mut masks = try_vec(l.counts.len())?;
        for _ in 0..l.counts.len() {
            masks.push(Mask::empty(self.width(), self.height())?);
        }
        l.for_each_run(|label, y, x0, x1| {
            set_span(masks[label as usize - 1].row_mut(y), x0, x1);
        });
        for m in &mut masks {
            m.finish();
        }
        Ok(masks)
    }

    /// The connected components as a label image: one `u32` per pixel, row-major, 0 for
    /// empty pixels, `1..=n` for the components in the order `options` asks for (those
    /// with fewer than `options.min_pixels` pixels are left out and read 0), with each
    /// component's pixel count and bounds.
    ///
    /// Errors: [`Error::OutOfMemory`] when `width * height` labels (or the labelling's
    /// memory) cannot be allocated.
    ///
    /// ```
    /// use perpixel::{ComponentOptions, Mask};
    /// let m = Mask::from_fn(5, 2, |x, _| x != 2)?; // two 2 x 2 blocks
    /// let c = m.component_labels(&ComponentOptions::default())?;
    /// assert_eq!(c.labels, [1, 1, 0, 2, 2, 1, 1, 0, 2, 2]);
    /// assert_eq!((c.len(), c.counts[1], c.label_at(4, 1)), (2, 4, 2));
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn component_labels(&self, options: &ComponentOptions) -> Result<ComponentLabels> {
        let l = Labelling::of(self, options)?;
        let (w, h) = (self.width() as usize, self.height() as usize);
        let mut labels = try_vec(w * h)?;
        labels.resize(w * h, 0u32);
        l.for_each_run(|label, y, x0, x1| {
            let at = y * w;
            labels[at + x0 as usize..at + x1 as usize].fill(label);
        });
        Ok(ComponentLabels {
            width: self.width(),
            height: self.height(),
            labels,
            counts: l.counts,
            bounds: l.bounds,
        })
    }

    /// The bounding rectangle of each connected component, in this mask's pixel
    /// coordinates, in the order `options` asks for: with the default options, pygame's
    /// `Mask.get_bounding_rects()` (8-connected, by position), rectangle for rectangle.
    ///
    /// Errors: [`Error::OutOfMemory`] when the labelling's memory cannot be allocated.
    ///
    /// ```
    /// use perpixel::{Bounds2D, ComponentOptions, Mask};
    /// let m = Mask::from_fn(8, 4, |x, y| (x < 2 && y < 2) || (x >= 5 && y >= 1))?;
    /// assert_eq!(
    ///     m.component_bounds(&ComponentOptions::default())?,
    ///     [Bounds2D::new(0, 0, 2, 2), Bounds2D::new(5, 1, 3, 3)]
    /// );
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn component_bounds(&self, options: &ComponentOptions) -> Result<Vec<Bounds2D>> {
        Ok(Labelling::of(self, options)?.bounds)
    }

    /// The largest connected component, as a mask the size of this one (pygame's
    /// `Mask.connected_component()` with no position). Of components of the same size, the
    /// first by position (pygame's choice among equal sizes follows its provisional labels:
    /// usually the first by position too, not always). An empty mask gives an empty mask.
    ///
    /// Errors: [`Error::OutOfMemory`].
    ///
    /// ```
    /// use perpixel::{Connectivity, Mask};
    /// let m = Mask::from_fn(7, 1, |x, _| x != 2)?; // 2 pixels, a gap, 4 pixels
    /// assert_eq!(m.largest_component(Connectivity::Eight)?.count(), 4);
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn largest_component(&self, connectivity: Connectivity) -> Result<Mask> {
        let options = ComponentOptions {
            connectivity,
            order: ComponentOrder::LargestFirst,
            min_pixels: 0,
        };
        let l = Labelling::of(self, &options)?;
        let mut out = Mask::empty(self.width(), self.height())?;
        l.for_each_run(|label, y, x0, x1| {
            if label == 1 {
                set_span(out.row_mut(y), x0, x1);
            }
        });
        out.finish();
        Ok(out)
    }

    /// The connected component holding pixel `(x, y)`, as a mask the size of this one
    /// (pygame's `Mask.connected_component((x, y))`); an empty mask when that pixel is not
    /// solid. It follows runs from the pixel outwards, with an explicit stack, so the search
    /// costs time in proportion to the component's runs (the result, a mask of this size,
    /// then takes one pass to build its caches), not a labelling of the whole mask.
    ///
    /// Errors: [`Error::InvalidArgument`] when `(x, y)` lies outside the mask (pygame
    /// raises `IndexError`), [`Error::OutOfMemory`].
    ///
    /// ```
    /// use perpixel::{Connectivity, Mask};
    /// let m = Mask::from_fn(4, 4, |x, y| x == y)?; // a diagonal
    /// assert_eq!(m.component_at(0, 0, Connectivity::Eight)?.count(), 4);
    /// assert_eq!(m.component_at(0, 0, Connectivity::Four)?.count(), 1);
    /// assert_eq!(m.component_at(1, 0, Connectivity::Eight)?.count(), 0);
    /// assert!(m.component_at(4, 0, Connectivity::Eight).is_err());
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn component_at(&self, x: u32, y: u32, connectivity: Connectivity) -> Result<Mask> {
        let (w, h) = (self.width(), self.height());
        if x >= w || y >= h {
            return Err(Error::InvalidArgument(format!(
                "pixel ({x}, {y}) is outside the {w}x{h} mask"
            )));
        }
        let mut out = Mask::empty(w, h)?;
        if !self.is_solid(x, y) {
            return Ok(out);
        }
        let slack = match connectivity {
            Connectivity::Eight => 1,
            Connectivity::Four => 0,
        };
        let (bits, wpr) = out.rows_mut();
        let row_of = |y: usize| y * wpr..(y + 1) * wpr;
        // The seed's run.
        let src = self.row(y as usize);
        let x0 = prev_bit(src, x as usize, true).map_or(0, |c| c + 1) as u32;
        let x1 = next_bit(src, x as usize, true).map_or(w as usize, |c| c) as u32;
        set_span(&mut bits[row_of(y as usize)], x0, x1);
        let mut stack: Vec<[u32; 3]> = Vec::new();
        push(&mut stack, [y, x0, x1])?;
        while let Some([y, x0, x1]) = stack.pop() {
            let lo = x0.saturating_sub(slack) as usize;
            let hi = (x1 as usize + slack as usize).min(w as usize);
            for ny in [y.wrapping_sub(1), y + 1] {
                if ny >= h {
                    continue;
                }
                let src = self.row(ny as usize);
                let mut pos = lo;
                // Unvisited solid pixels of row `ny` within reach: each starts a run not
                // yet followed (runs are always marked whole).
                while let Some(c) = next_unvisited(src, &bits[row_of(ny as usize)], pos, hi) {
                    let r0 = prev_bit(src, c, true).map_or(0, |p| p + 1) as u32;
                    let r1 = next_bit(src, c, true).map_or(w as usize, |p| p) as u32;
                    set_span(&mut bits[row_of(ny as usize)], r0, r1);
                    push(&mut stack, [ny, r0, r1])?;
                    pos = r1 as usize;
                }
            }
        }
        out.finish();
        Ok(out)
    }
}

// ---------------------------------------------------------------------------------------
// Moments.

/// The raw moments of a mask's solid pixels, exact: `m00` pixels, `m10 = sum x`,
/// `m01 = sum y`, `m20 = sum x^2`, `m11 = sum x y`, `m02 = sum y^2`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Moments {
    pub(crate) m00: u128,
    pub(crate) m10: u128,
    pub(crate) m01: u128,
    pub(crate) m20: u128,
    pub(crate) m11: u128,
    pub(crate) m02: u128,
}

impl Moments {
    /// Adds one solid pixel (the tests' way: pixel by pixel).
    #[cfg(test)]
    fn add_pixel(&mut self, x: u32, y: u32) {
        let (x, y) = (x as u128, y as u128);
        self.m00 += 1;
        self.m10 += x;
        self.m01 += y;
        self.m20 += x * x;
        self.m11 += x * y;
        self.m02 += y * y;
    }

    /// pygame's centroid: the sums divided by the count, rounded down; `(0, 0)` for none.
    pub(crate) fn centroid(&self) -> (u32, u32) {
        if self.m00 == 0 {
            return (0, 0);
        }
        ((self.m10 / self.m00) as u32, (self.m01 / self.m00) as u32)
    }

    /// pygame's angle, in the same operations and order (its integer quotients, then
    /// `-90.0 * atan2(..) / pi` in doubles).
    pub(crate) fn angle(&self) -> f64 {
        if self.m00 == 0 {
            return 0.0;
        }
        let n = self.m00;
        let (xc, yc) = self.centroid();
        let (xc, yc) = (xc as i128, yc as i128);
        let b = 2 * ((self.m11 / n) as i128 - xc * yc);
        let a = ((self.m20 / n) as i128 - xc * xc) - ((self.m02 / n) as i128 - yc * yc);
        -90.0 * atan2(b as f64, a as f64) / std::f64::consts::PI
    }
}

/// For each byte value, its set bits' count, the sum of their positions (0..8) and the
/// sum of their squares, packed as `count | sum << 8 | squares << 16` (at most 8, 28, 140).
const BYTE_MOMENTS: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut b = 0u32;
    while b < 256 {
        let (mut c, mut s1, mut s2) = (0u32, 0u32, 0u32);
        let mut p = 0u32;
        while p < 8 {
            if b >> p & 1 == 1 {
                c += 1;
                s1 += p;
                s2 += p * p;
            }
            p += 1;
        }
        table[b as usize] = c | s1 << 8 | s2 << 16;
        b += 1;
    }
    table
};

/// `(count, sum of p, sum of p^2)` over the set bits `p` of a word, a byte at a time:
/// positions `o + p` of the byte at bit `o` add `o c + s1` and `o^2 c + 2 o s1 + s2`.
fn word_moments(w: u64) -> (u64, u64, u64) {
    if w == !0 {
        return (64, 63 * 64 / 2, 63 * 64 * 127 / 6);
    }
    let (mut c, mut s1, mut s2) = (0u64, 0u64, 0u64);
    for i in 0..8u64 {
        let t = BYTE_MOMENTS[(w >> (8 * i) & 0xff) as usize] as u64;
        let (bc, b1, b2) = (t & 0xff, t >> 8 & 0xff, t >> 16);
        let o = 8 * i;
        c += bc;
        s1 += o * bc + b1;
        s2 += o * o * bc + 2 * o * b1 + b2;
    }
    (c, s1, s2)
}

/// The moments of `mask`, a word at a time.
pub(crate) fn moments(mask: &Mask) -> Moments {
    // Rows in chunks of 2^14 words (2^20 pixels): within a chunk the sums of the local
    // x (below 2^40) and x^2 (below 2^60) fit in u64; each chunk's base is added in u128.
    const CHUNK: usize = 1 << 14;
    let mut m = Moments::default();
    for y in 0..mask.height() as usize {
        let (mut c, mut sx, mut sxx) = (0u128, 0u128, 0u128);
        for (k, chunk) in mask.row(y).chunks(CHUNK).enumerate() {
            let (mut lc, mut lx, mut lxx) = (0u64, 0u64, 0u64);
            for (j, &w) in chunk.iter().enumerate() {
                if w == 0 {
                    continue;
                }
                let (wc, s1, s2) = word_moments(w);
                let j = j as u64;
                lc += wc;
                lx += 64 * j * wc + s1;
                lxx += 4096 * j * j * wc + 128 * j * s1 + s2;
            }
            // Absolute x = base + local x.
            let base = (64 * CHUNK * k) as u128;
            let (lc, lx) = (lc as u128, lx as u128);
            c += lc;
            sx += base * lc + lx;
            sxx += base * base * lc + 2 * base * lx + lxx as u128;
        }
        let y = y as u128;
        m.m00 += c;
        m.m10 += sx;
        m.m01 += y * c;
        m.m20 += sxx;
        m.m11 += y * sx;
        m.m02 += y * y * c;
    }
    m
}

// ---------------------------------------------------------------------------------------
// Runs, words and the labelling.

/// The first bit at or after `from` that is set (`clear` false) or clear (`clear` true);
/// `None` when there is none in the row's words.
pub(crate) fn next_bit(row: &[u64], from: usize, clear: bool) -> Option<usize> {
    let flip = if clear { !0 } else { 0 };
    let mut i = from / 64;
    if i >= row.len() {
        return None;
    }
    let mut w = (row[i] ^ flip) & (!0u64 << (from % 64));
    loop {
        if w != 0 {
            return Some(i * 64 + w.trailing_zeros() as usize);
        }
        i += 1;
        if i == row.len() {
            return None;
        }
        w = row[i] ^ flip;
    }
}

/// The last bit before `before` that is set (`clear` false) or clear (`clear` true).
pub(crate) fn prev_bit(row: &[u64], before: usize, clear: bool) -> Option<usize> {
    if before == 0 {
        return None;
    }
    let flip = if clear { !0 } else { 0 };
    let last = before - 1;
    let mut i = last / 64;
    let mut w = (row[i] ^ flip) & (!0u64 >> (63 - last % 64));
    loop {
        if w != 0 {
            return Some(i * 64 + 63 - w.leading_zeros() as usize);
        }
        if i == 0 {
            return None;
        }
        i -= 1;
        w = row[i] ^ flip;
    }
}

/// The first bit in `from..to` set in `src` and clear in `seen`.
fn next_unvisited(src: &[u64], seen: &[u64], from: usize, to: usize) -> Option<usize> {
    if from >= to {
        return None;
    }
    let mut i = from / 64;
    let mut w = (src[i] & !seen[i]) & (!0u64 << (from % 64));
    loop {
        if w != 0 {
            let c = i * 64 + w.trailing_zeros() as usize;
            return (c < to).then_some(c);
        }
        i += 1;
        if i * 64 >= to {
            return None;
        }
        w = src[i] & !seen[i];
    }
}

/// The runs of set bits of a row, as `[start, end)`, left to right.
pub(crate) struct RowRuns<'a> {
    row: &'a [u64],
    pos: usize,
}

impl<'a> RowRuns<'a> {
    pub(crate) fn new(row: &'a [u64]) -> RowRuns<'a> {
        RowRuns { row, pos: 0 }
    }
}

impl Iterator for RowRuns<'_> {
    type Item = (u32, u32);

    fn next(&mut self) -> Option<(u32, u32)> {
        let s = next_bit(self.row, self.pos, false)?;
        // Bits past the width are clear, so a run ends inside the row or at its last word.
        let e = next_bit(self.row, s, true).unwrap_or(self.row.len() * 64);
        self.pos = e;
        Some((s as u32, e as u32))
    }
}

/// Sets bits `x0..x1` of a row.
pub(crate) fn set_span(row: &mut [u64], x0: u32, x1: u32) {
    span_words(row, x0, x1, |w, bits| *w |= bits);
}

/// Clears bits `x0..x1` of a row.
pub(crate) fn clear_span(row: &mut [u64], x0: u32, x1: u32) {
    span_words(row, x0, x1, |w, bits| *w &= !bits);
}

/// Calls `f(word, bits)` for each word of `row` that bits `x0..x1` touch.
fn span_words(row: &mut [u64], x0: u32, x1: u32, mut f: impl FnMut(&mut u64, u64)) {
    if x0 >= x1 {
        return;
    }
    let (a, b) = (x0 as usize, x1 as usize);
    let (wa, wb) = (a / 64, (b - 1) / 64);
    let head = !0u64 << (a % 64);
    let tail = tail_mask(b);
    if wa == wb {
        f(&mut row[wa], head & tail);
        return;
    }
    f(&mut row[wa], head);
    for w in &mut row[wa + 1..wb] {
        f(w, !0);
    }
    f(&mut row[wb], tail);
}

/// An empty vector with room for `n` elements, or `Error::OutOfMemory`.
pub(crate) fn try_vec<T>(n: usize) -> Result<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| Error::OutOfMemory)?;
    Ok(v)
}

/// `v.push(x)`, growing fallibly.
pub(crate) fn push<T>(v: &mut Vec<T>, x: T) -> Result<()> {
    if v.len() == v.capacity() {
        v.try_reserve(v.len().max(16))
            .map_err(|_| Error::OutOfMemory)?;
    }
    v.push(x);
    Ok(())
}

/// A mask's runs, its components and their final labels.
struct Labelling {
    /// Every row's runs `[x0, x1)`, row after row.
    runs: Vec<[u32; 2]>,
    /// Where each row's runs start in `runs` (`height + 1` entries).
    row_start: Vec<u32>,
    /// The final label of each run (1-based; 0 when its component was left out).
    label: Vec<u32>,
    /// Pixels and bounds of each final label, `[label - 1]`.
    counts: Vec<u64>,
    bounds: Vec<Bounds2D>,
}

impl Labelling {
    fn of(mask: &Mask, options: &ComponentOptions) -> Result<Labelling> {
        let h = mask.height() as usize;
        let mut runs: Vec<[u32; 2]> = Vec::new();
        let mut row_start = try_vec(h + 1)?;
        let too_many = || Error::TooLarge {
            width: mask.width() as u64,
            height: mask.height() as u64,
        };
        for y in 0..h {
            row_start.push(u32::try_from(runs.len()).map_err(|_| too_many())?);
            for (x0, x1) in RowRuns::new(mask.row(y)) {
                push(&mut runs, [x0, x1])?;
            }
        }
        row_start.push(u32::try_from(runs.len()).map_err(|_| too_many())?);
        let n = runs.len();

        // Union-find over runs; the root of a set is its earliest run.
        let mut parent: Vec<u32> = try_vec(n)?;
        parent.extend(0..n as u32);
        fn find(parent: &mut [u32], mut x: u32) -> u32 {
            while parent[x as usize] != x {
                let up = parent[parent[x as usize] as usize];
                parent[x as usize] = up;
                x = up;
            }
            x
        }
        let slack = match options.connectivity {
            Connectivity::Eight => 1,
            Connectivity::Four => 0,
        };
        for y in 1..h {
            let (mut i, pe) = (row_start[y - 1] as usize, row_start[y] as usize);
            let (mut j, ce) = (row_start[y] as usize, row_start[y + 1] as usize);
            while i < pe && j < ce {
                let ([a0, a1], [b0, b1]) = (runs[i], runs[j]);
                if a0 < b1 + slack && b0 < a1 + slack {
                    let (ri, rj) = (find(&mut parent, i as u32), find(&mut parent, j as u32));
                    if ri < rj {
                        parent[rj as usize] = ri;
                    } else if rj < ri {
                        parent[ri as usize] = rj;
                    }
                }
                // The run that ends first cannot touch a later run of the other row.
                if a1 < b1 {
                    i += 1;
                } else {
                    j += 1;
                }
            }
        }

        // Components numbered by their first run (by position); sizes and bounds.
        let mut comp: Vec<u32> = try_vec(n)?;
        let mut counts: Vec<u64> = Vec::new();
        let mut boxes: Vec<[u32; 4]> = Vec::new();
        for y in 0..h {
            for r in row_start[y] as usize..row_start[y + 1] as usize {
                // Every earlier run already points at its root.
                let root = parent[parent[r] as usize];
                parent[r] = root;
                let [x0, x1] = runs[r];
                let c = if root as usize == r {
                    push(&mut counts, 0)?;
                    push(&mut boxes, [x0, y as u32, x1, y as u32 + 1])?;
                    counts.len() as u32 - 1
                } else {
                    comp[root as usize]
                };
                comp.push(c);
                let (k, b) = (c as usize, &mut boxes[c as usize]);
                counts[k] += (x1 - x0) as u64;
                b[0] = b[0].min(x0);
                b[2] = b[2].max(x1);
                b[3] = y as u32 + 1;
            }
        }
        drop(parent);

        // The final order and labels.
        let mut keep: Vec<u32> = try_vec(counts.len())?;
        keep.extend((0..counts.len() as u32).filter(|&c| counts[c as usize] >= options.min_pixels));
        if options.order == ComponentOrder::LargestFirst {
            // Stable: equal sizes stay by position.
            keep.sort_by(|&a, &b| counts[b as usize].cmp(&counts[a as usize]));
        }
        let mut final_of: Vec<u32> = try_vec(counts.len())?;
        final_of.resize(counts.len(), 0);
        let mut out_counts = try_vec(keep.len())?;
        let mut out_bounds = try_vec(keep.len())?;
        for (i, &c) in keep.iter().enumerate() {
            final_of[c as usize] = i as u32 + 1;
            out_counts.push(counts[c as usize]);
            let [x0, y0, x1, y1] = boxes[c as usize];
            out_bounds.push(Bounds2D::new(
                x0 as i32,
                y0 as i32,
                (x1 - x0) as i32,
                (y1 - y0) as i32,
            ));
        }
        for c in &mut comp {
            *c = final_of[*c as usize];
        }
        Ok(Labelling {
            runs,
            row_start,
            label: comp,
            counts: out_counts,
            bounds: out_bounds,
        })
    }

    /// Calls `f(label, y, x0, x1)` for every run of a kept component.
    fn for_each_run(&self, mut f: impl FnMut(u32, usize, u32, u32)) {
        for y in 0..self.row_start.len().saturating_sub(1) {
            for r in self.row_start[y] as usize..self.row_start[y + 1] as usize {
                let label = self.label[r];
                if label != 0 {
                    let [x0, x1] = self.runs[r];
                    f(label, y, x0, x1);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_moments_match_a_loop() {
        let mut s = 0x2545_F491_4F6C_DD1Du64;
        for i in 0..5000 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let w = match i % 4 {
                0 => s,
                1 => s & (s >> 3),
                2 => !0 << (s % 64),
                _ => s | (s << 1),
            };
            let (mut c, mut s1, mut s2) = (0, 0, 0);
            for p in 0..64u64 {
                if w >> p & 1 == 1 {
                    c += 1;
                    s1 += p;
                    s2 += p * p;
                }
            }
            assert_eq!(word_moments(w), (c, s1, s2), "{w:#x}");
        }
        assert_eq!(word_moments(!0), (64, 2016, 85344));
    }

    /// Rows wider than one chunk of the moments' u64 sums (2^20 pixels).
    #[test]
    fn moments_of_rows_past_a_chunk() {
        let w = (1u32 << 20) + 200;
        let solid = |x: u32, y: u32| x % 99_991 < 3 + y || x >= w - 70 || x == (1 << 20) - 1;
        let m = Mask::from_fn(w, 2, solid).unwrap();
        let mut want = Moments::default();
        for y in 0..2u32 {
            for x in (0..w).filter(|&x| solid(x, y)) {
                want.add_pixel(x, y);
            }
        }
        assert_eq!(moments(&m), want);
    }

    #[test]
    fn bit_search() {
        let row = [0b1011_0000u64, !0, 1];
        assert_eq!(next_bit(&row, 0, false), Some(4));
        assert_eq!(next_bit(&row, 5, false), Some(5));
        assert_eq!(next_bit(&row, 6, false), Some(7));
        assert_eq!(next_bit(&row, 8, true), Some(8));
        assert_eq!(next_bit(&row, 64, true), Some(129));
        assert_eq!(next_bit(&row, 129, false), None);
        assert_eq!(prev_bit(&row, 128, true), Some(63));
        assert_eq!(prev_bit(&row, 7, false), Some(5));
        assert_eq!(prev_bit(&row, 4, false), None);
        assert_eq!(
            RowRuns::new(&row).collect::<Vec<_>>(),
            [(4, 6), (7, 8), (64, 129)]
        );
        let mut r = [0u64; 3];
        set_span(&mut r, 3, 130);
        assert_eq!(r, [!0 << 3, !0, 3]);
        clear_span(&mut r, 60, 70);
        assert_eq!(r, [(!0 << 3) & !(0xF << 60), !0 << 6, 3]);
    }
}
