//! Contacts: is a world pixel solid, the bits of a sprite's world rows, and the contact
//! normal (the direction from one sprite's surface towards the other).

use super::Sprite;
use super::plan::extent;
use crate::geom::{Rect, atan2};

/// A unit vector in world coordinates: a contact normal or a surface normal.
///
/// perpixel's world has no "up": y grows with mask rows, whichever way the caller's y
/// points (see the crate docs), so a normal is in the caller's own convention. A sprite
/// resting on flat ground gets `(0, -1)` in a y-down world and `(0, 1)` in a y-up one:
/// both are "up", away from the ground.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Normal {
    /// x component.
    pub x: f64,
    /// y component.
    pub y: f64,
}

impl Normal {
    /// The angle of the vector in degrees, `atan2(y, x)`: `-90` is `(0, -1)`. The arc
    /// tangent is the crate's software one (`geom/trig.rs`), so the bits are the same on
    /// every platform.
    pub fn degrees(&self) -> f64 {
        atan2(self.y, self.x).to_degrees()
    }
}

/// The radius, in pixels, that the window a normal is measured over extends beyond the
/// contact (see [`Sprite::contact_normal`]).
pub const NORMAL_RADIUS: u32 = 6;

/// Word masks whose set bits are the bit indices with bit `j` set: the sum of the indices
/// of a word's set bits is `sum_j 2^j * popcount(word & INDEX_BITS[j])`.
const INDEX_BITS: [u64; 6] = [
    0xAAAA_AAAA_AAAA_AAAA,
    0xCCCC_CCCC_CCCC_CCCC,
    0xF0F0_F0F0_F0F0_F0F0,
    0xFF00_FF00_FF00_FF00,
    0xFFFF_0000_FFFF_0000,
    0xFFFF_FFFF_0000_0000,
];

/// The sum of the indices of `w`'s set bits.
#[inline]
fn index_sum(w: u64) -> u64 {
    INDEX_BITS
        .iter()
        .enumerate()
        .map(|(j, m)| ((w & m).count_ones() as u64) << j)
        .sum()
}

/// Bits `lo..hi` (clamped to `0..64`) set.
#[inline]
fn bit_range(lo: i64, hi: i64) -> u64 {
    let (lo, hi) = (lo.clamp(0, 64), hi.clamp(0, 64));
    if lo >= hi {
        return 0;
    }
    let upper = if hi == 64 { !0 } else { (1u64 << hi) - 1 };
    upper & !((1u64 << lo) - 1)
}

impl Sprite<'_> {
    /// Whether world pixel `(x, y)` is solid in this sprite: inside its rectangle and
    /// solid in its mask, or anywhere inside its rectangle for a bounds-only sprite.
    ///
    /// ```
    /// use perpixel::{Mask, Sprite};
    /// let dot = Mask::from_fn(3, 3, |x, y| x == 1 && y == 1)?;
    /// let s = Sprite::new(&dot, 10, 20);
    /// assert!(s.is_solid_at(11, 21));
    /// assert!(!s.is_solid_at(10, 20));
    /// assert!(Sprite::bounds_only(&dot, 10, 20).is_solid_at(10, 20));
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn is_solid_at(&self, x: i64, y: i64) -> bool {
        let (lx, ly) = (
            x.saturating_sub(self.x as i64),
            y.saturating_sub(self.y as i64),
        );
        if lx < 0 || ly < 0 || lx >= self.mask.width() as i64 || ly >= self.mask.height() as i64 {
            return false;
        }
        !self.pixel_collision || self.mask.is_solid(lx as u32, ly as u32)
    }

    /// World pixels `x..x + 64` of row `y` as a word: bit `i` is pixel `x + i`.
    #[inline]
    pub(crate) fn row_bits(&self, x: i64, y: i64) -> u64 {
        let (w, h) = (self.mask.width() as i64, self.mask.height() as i64);
        let (lx, ly) = (x - self.x as i64, y - self.y as i64);
        if ly < 0 || ly >= h || lx >= w || lx + 64 <= 0 {
            return 0;
        }
        // Pixels of the row within the mask: bits `-lx..w - lx` of the word.
        let inside = bit_range(-lx, w - lx);
        // Nothing inside (a 0-wide mask, whose rows have no words): no word to read.
        if inside == 0 || !self.pixel_collision {
            return inside;
        }
        let row = self.mask.row(ly as usize);
        let word = if lx < 0 {
            row[0] << (-lx) as u32
        } else {
            let (q, r) = ((lx / 64) as usize, (lx % 64) as u32);
            let lo = row[q] >> r;
            let hi = match row.get(q + 1) {
                Some(&next) if r > 0 => next << (64 - r),
                _ => 0,
            };
            lo | hi
        };
        // Bits past the width are zero in the rows already.
        word & inside
    }

    /// The contact normal between `obstacle` and this sprite: a unit vector pointing from
    /// the obstacle's surface towards this sprite where they touch; `None` when they
    /// neither overlap nor touch, when this sprite is buried in the obstacle (every solid
    /// pixel of it is solid in the obstacle: ask [`Sprite::push_out`] for the way out), or
    /// when no direction stands out.
    ///
    /// The definition, exactly (the same bits in every language and on every platform:
    /// every decision is made in integers):
    ///
    /// 1. **Faces.** A face is a pair of pixels `(p, p + d)` with `p` solid in the
    ///    obstacle and `p + d` solid in this sprite but not in the obstacle, `d` one of the
    ///    four axis steps `(1, 0)`, `(-1, 0)`, `(0, 1)`, `(0, -1)`: a side of the
    ///    obstacle's surface this sprite touches. With no such face, the four diagonal
    ///    steps `(±1, ±1)` are used instead (the sprites meet only at corners). With
    ///    neither, this sprite is buried (no pixel of it outside the obstacle touches
    ///    it) or the sprites do not meet: the faces are then the obstacle's surface
    ///    where the buried sprite reaches it, the pairs `(p, p + d)`, `d` an axis step,
    ///    with `p` solid in both sprites and `p + d` not solid in the obstacle. With none
    ///    of these either, the normal is the direction of this sprite's shortest
    ///    push-out of at most [`NORMAL_RADIUS`] pixels ([`Sprite::push_out`] with
    ///    [`crate::PushDirection::Any`], ties as documented there; the steps below do not
    ///    apply), and `None` without one (or when the sprites do not meet).
    /// 2. **Contact and window.** `K` is the set of the faces' pixels `p`, `n = |K|`,
    ///    `S` the sum of `K` (so `c = S / n` is its centroid). `t` is the smallest integer
    ///    with `(n t)^2 >= max over p in K of |n p - S|^2`, `R = NORMAL_RADIUS + t`, and
    ///    the window `W` is the set of pixels `p` with `|n p - S|^2 <= (n R)^2`: the disc
    ///    of radius `R` around `c`, its edge included.
    /// 3. **Flat face.** A *run* is a maximal stretch of consecutive pixels `q` of one
    ///    line with `q` solid in the obstacle and `q + d` not (a straight stretch of its
    ///    surface facing `d`). Each end of a run is, with `e` the pixel just past it on
    ///    the line: *concave* when `e` is solid in the obstacle (the surface rises there),
    ///    *square* when neither `e` nor `e - d` (behind it) is, *rounded* when `e` is not
    ///    and `e - d` is (the surface drops back a pixel and goes on, as on a circle or a
    ///    gentle slope). A run is *flat* when it is at least [`FLAT_RUN`] pixels long, or
    ///    when neither end is rounded and it is at least 3 pixels long or both its ends
    ///    are square (the steps of a steep slope, one pixel long between a rise and a
    ///    drop, are not flat). When every face has the
    ///    same axis direction `d`, all their pixels lie on one line across `d` (one row
    ///    for a vertical `d`, one column for a horizontal one) and every run of that line
    ///    holding a pixel of `K` is flat, the normal is exactly `d`.
    /// 4. **Moment.** Otherwise, with `A` the obstacle's solid pixels in `W`,
    ///    `M = |A| S - n (sum of A)` (which is `n |A|` times `c` minus `A`'s centroid:
    ///    from the obstacle's mass near the contact towards free space). When `M != 0`
    ///    and `A` is not the whole window, the normal is `M / |M|`.
    /// 5. **Faces' sum.** Otherwise `V`, the sum of the faces' `d` (each face once):
    ///    `V / |V|` when `V != 0`, else `None`.
    ///
    /// An integer vector `(x, y)` becomes the unit vector `(x / l, y / l)`, with `x` and
    /// `y` converted to the nearest `f64` and `l = sqrt(x * x + y * y)`. Pixels are at
    /// their integer world coordinates; bounds-only sprites are solid over their whole
    /// rectangle.
    ///
    /// So the normal follows the obstacle's surface, whatever this sprite's shape: a flat
    /// floor, wall or ceiling of any thickness gives exactly its axis normal (`(0, -1)`
    /// for a sprite resting on ground below it in a y-down world) wherever this sprite
    /// touches it, at its ends and corners too, as long as this sprite touches only that
    /// face; on straight 30, 45 and 60 degree slopes and on circles the normal is within
    /// a few degrees of the true one (the tests hold it to 5 degrees: a circle's run is
    /// at least [`FLAT_RUN`] long only where its surface turns less than `2 / FLAT_RUN`
    /// radians along it); a diagonal comes only from a sprite touching
    /// two faces at a corner, or meeting the obstacle only corner to corner. Cost: the
    /// faces are found over this sprite's box grown by one pixel, the window is read a
    /// row word at a time: `O((box + 2 R)^2 / 64)` word reads. For transformed sprites,
    /// ask their rasters ([`crate::Mask::rasterise`]).
    ///
    /// Cost: one pair query, then one pass over the contact pixels (at most the overlap
    /// of the two boxes, grown by one) and one over the window `W` (at most the
    /// obstacle's solid bounds): bounded by the two masks' sizes.
    ///
    /// ```
    /// use perpixel::{Mask, Sprite};
    /// let ground = Mask::full(200, 50)?;
    /// let crate_ = Mask::full(16, 16)?;
    /// let floor = Sprite::new(&ground, 0, 100);
    /// // Resting on the ground (y down): touching, not overlapping.
    /// let n = Sprite::new(&crate_, 50, 84).contact_normal(&floor).unwrap();
    /// assert_eq!((n.x, n.y), (0.0, -1.0));
    /// // Sunk 3 pixels into it: the same.
    /// let n = Sprite::new(&crate_, 50, 87).contact_normal(&floor).unwrap();
    /// assert_eq!((n.x, n.y), (0.0, -1.0));
    /// // Hanging half over its end: still the floor's normal.
    /// let n = Sprite::new(&crate_, 192, 84).contact_normal(&floor).unwrap();
    /// assert_eq!((n.x, n.y), (0.0, -1.0));
    /// // Far above it: no contact.
    /// assert!(Sprite::new(&crate_, 50, 10).contact_normal(&floor).is_none());
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn contact_normal(&self, obstacle: &Sprite) -> Option<Normal> {
        self.normal_vector(obstacle, &AXES, false)
            .or_else(|| self.normal_vector(obstacle, &DIAGONALS, false))
            .or_else(|| self.normal_vector(obstacle, &AXES, true))
            .map(unit)
            .or_else(|| self.buried_normal(obstacle))
    }

    /// A buried sprite's normal: the direction of its shortest push-out of at most
    /// [`NORMAL_RADIUS`] pixels, if any (as [`Sprite::push_out`] with
    /// [`crate::PushDirection::Any`] finds it, without allocating); `None` for sprites that do
    /// not overlap.
    fn buried_normal(&self, obstacle: &Sprite) -> Option<Normal> {
        const R: i64 = NORMAL_RADIUS as i64;
        const N: usize = ((2 * R + 1) * (2 * R + 1)) as usize;
        if !self.collides(obstacle) {
            return None;
        }
        // Every translation within the radius, in push-out order: length, then dy, then dx.
        let mut all = [(0i64, 0i64, 0i64); N];
        for (i, c) in all.iter_mut().enumerate() {
            let (dx, dy) = (i as i64 % (2 * R + 1) - R, i as i64 / (2 * R + 1) - R);
            *c = (dx * dx + dy * dy, dy, dx);
        }
        all.sort_unstable();
        all.iter()
            .filter(|&&(d2, _, _)| d2 > 0 && d2 <= R * R)
            .find(|&&(_, dy, dx)| {
                let (x, y) = (self.x as i64 + dx, self.y as i64 + dy);
                match (i32::try_from(x), i32::try_from(y)) {
                    (Ok(x), Ok(y)) => !Sprite { x, y, ..*self }.collides(obstacle),
                    _ => false,
                }
            })
            .map(|&(_, dy, dx)| unit((dx as i128, dy as i128)))
    }

    /// The normal of a sweep's or ray's hit: this sprite is the mover at its last free
    /// position, `step` the step of the path that made it touch, `motion` the whole
    /// motion. The contact normal's rule with the faces across `-step` only; `-step`
    /// itself when that gives no normal or one that does not point against the motion.
    pub(crate) fn blocked_normal(
        &self,
        obstacle: &Sprite,
        step: (i64, i64),
        motion: (i64, i64),
    ) -> Normal {
        let back = (-step.0, -step.1);
        match self.normal_vector(obstacle, &[back], false) {
            Some(v) if v.0 * (motion.0 as i128) + v.1 * (motion.1 as i128) < 0 => unit(v),
            _ => unit((back.0 as i128, back.1 as i128)),
        }
    }

    /// The contact normal's rule over the faces across `dirs`, as an integer vector; with
    /// `buried`, over the obstacle's surface faces whose pixel is solid in this sprite.
    fn normal_vector(
        &self,
        obstacle: &Sprite,
        dirs: &[(i64, i64)],
        buried: bool,
    ) -> Option<(i128, i128)> {
        // Faces' pixels lie in the obstacle's box and within a pixel of this sprite's.
        let b = extent(self, true);
        let grown = Rect::new(b.x0 - 1, b.x1 + 1, b.y0 - 1, b.y1 + 1);
        let near = grown.intersect(&extent(obstacle, true));
        if near.is_empty() {
            return None;
        }
        let Rect { x0, x1, y0, y1 } = near;
        // The faces across `d` of the 64 pixels from (x, y), as a word.
        let faces = |x: i64, y: i64, (dx, dy): (i64, i64)| -> u64 {
            let o = obstacle.row_bits(x, y) & bit_range(0, x1 - x);
            if o == 0 {
                return 0;
            }
            let toucher = if buried {
                self.row_bits(x, y)
            } else {
                self.row_bits(x + dx, y + dy)
            };
            o & toucher & !obstacle.row_bits(x + dx, y + dy)
        };
        // Per direction: how many faces, and the box of their pixels.
        let mut count = [0i128; 4];
        let mut boxes = [(i64::MAX, i64::MIN, i64::MAX, i64::MIN); 4];
        // K's size and sum, from the origin (x0, y0).
        let (mut n, mut sx, mut sy) = (0i128, 0i128, 0i128);
        for y in y0..y1 {
            for x in (x0..x1).step_by(64) {
                let mut k = 0;
                for (i, &d) in dirs.iter().enumerate() {
                    let f = faces(x, y, d);
                    if f != 0 {
                        count[i] += f.count_ones() as i128;
                        let b = &mut boxes[i];
                        b.0 = b.0.min(x + f.trailing_zeros() as i64);
                        b.1 = b.1.max(x + 63 - f.leading_zeros() as i64);
                        b.2 = b.2.min(y);
                        b.3 = b.3.max(y);
                    }
                    k |= f;
                }
                let c = k.count_ones() as i128;
                n += c;
                sx += (x - x0) as i128 * c + index_sum(k) as i128;
                sy += (y - y0) as i128 * c;
            }
        }
        if n == 0 {
            return None;
        }
        // The farthest pixel of K from c: one end of some word of K's pixels.
        let mut far = 0i128;
        for y in y0..y1 {
            for x in (x0..x1).step_by(64) {
                let k = dirs.iter().fold(0, |k, &d| k | faces(x, y, d));
                if k != 0 {
                    let ey = n * (y - y0) as i128 - sy;
                    for i in [k.trailing_zeros(), 63 - k.leading_zeros()] {
                        let ex = n * (x - x0 + i as i64) as i128 - sx;
                        far = far.max(ex * ex + ey * ey);
                    }
                }
            }
        }
        let root = (far as u128).isqrt() as i128;
        let mut t = (root + n - 1) / n;
        if (n * t) * (n * t) < far {
            t += 1;
        }
        let nr = n * (NORMAL_RADIUS as i128 + t);
        // A flat-face candidate: one axis direction, every face on one line.
        let mut used = (0..dirs.len()).filter(|&i| count[i] > 0);
        let flat = match (used.next(), used.next()) {
            (Some(i), None) if dirs[i].0 == 0 || dirs[i].1 == 0 => {
                let (d, b) = (dirs[i], boxes[i]);
                if d.0 == 0 && b.2 == b.3 {
                    Some((d, b.2, (b.0, b.1)))
                } else if d.1 == 0 && b.0 == b.1 {
                    Some((d, b.0, (b.2, b.3)))
                } else {
                    None
                }
            }
            _ => None,
        };
        if let Some((d, line, (t0, t1))) = flat {
            if self.runs_are_flat(obstacle, d, line, (t0, t1), buried) {
                return Some((d.0 as i128, d.1 as i128));
            }
        }
        // The window, a row at a time: the obstacle's pixels in it.
        let (mut window, mut an, mut ax, mut ay) = (0i128, 0i128, 0i128, 0i128);
        let floor_div = |a: i128| a.div_euclid(n);
        let ceil_div = |a: i128| -(-a).div_euclid(n);
        for ry in ceil_div(sy - nr)..=floor_div(sy + nr) {
            let e = n * ry - sy;
            let h = (nr * nr - e * e) as u128;
            let h = h.isqrt() as i128;
            let (c0, c1) = (ceil_div(sx - h), floor_div(sx + h));
            if c0 > c1 {
                continue;
            }
            window += c1 - c0 + 1;
            let (c0, c1, ry) = (c0 as i64, c1 as i64, ry as i64);
            for cx in (c0..=c1).step_by(64) {
                let w = obstacle.row_bits(x0 + cx, y0 + ry) & bit_range(0, c1 + 1 - cx);
                let c = w.count_ones() as i128;
                an += c;
                ax += cx as i128 * c + index_sum(w) as i128;
                ay += ry as i128 * c;
            }
        }
        let m = (an * sx - n * ax, an * sy - n * ay);
        if m != (0, 0) && an < window {
            return Some(m);
        }
        let v = dirs.iter().zip(count).fold((0, 0), |v, (d, c)| {
            (v.0 + c * d.0 as i128, v.1 + c * d.1 as i128)
        });
        (v != (0, 0)).then_some(v)
    }

    /// Whether every run of surface across `d` along `line` that holds a face's pixel
    /// (between `t0` and `t1` along it) is flat: at least [`FLAT_RUN`] pixels long, or
    /// with no rounded end (see [`Sprite::contact_normal`]).
    fn runs_are_flat(
        &self,
        obstacle: &Sprite,
        d: (i64, i64),
        line: i64,
        (t0, t1): (i64, i64),
        buried: bool,
    ) -> bool {
        // Pixel `t` of the line, `back` steps behind it (against `d`).
        let solid = |t: i64, back: i64| {
            let (x, y) = if d.0 == 0 { (t, line) } else { (line, t) };
            obstacle.is_solid_at(x - back * d.0, y - back * d.1)
        };
        let surface = |t: i64| solid(t, 0) && !solid(t, -1);
        let (dx, dy) = d;
        let touched = |t: i64| {
            let (x, y) = if dx == 0 { (t, line) } else { (line, t) };
            let b = i64::from(!buried);
            self.is_solid_at(x + b * dx, y + b * dy)
        };
        // The end past pixel `t`: 0 concave (the surface rises), 1 square, 2 rounded.
        let end = |t: i64| match (solid(t, 0), solid(t, 1)) {
            (true, _) => 0,
            (false, false) => 1,
            (false, true) => 2,
        };
        // Runs cut by the ends of the scan are at least FLAT_RUN long past a face's pixel;
        // a shorter run lies inside it with both its ends.
        let reach = FLAT_RUN as i64;
        let (lo, hi) = (t0 - reach, t1 + reach);
        let mut t = lo;
        while t <= hi {
            if !surface(t) {
                t += 1;
                continue;
            }
            let start = t;
            let mut has_face = false;
            while t <= hi && surface(t) {
                has_face |= touched(t);
                t += 1;
            }
            let cut = start == lo || t > hi;
            let (len, ends) = (t - start, [end(start - 1), end(t)]);
            let flat = len >= reach || (!ends.contains(&2) && (len >= 3 || ends == [1, 1]));
            if has_face && !cut && !flat {
                return false;
            }
        }
        true
    }
}

/// A straight stretch of surface at least this many pixels long counts as a flat face
/// wherever a sprite touches it (see [`Sprite::contact_normal`]).
pub const FLAT_RUN: u32 = 32;

/// The axis steps and the diagonal ones, as faces look across them.
const AXES: [(i64, i64); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONALS: [(i64, i64); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// An integer vector as a unit vector: the nearest `f64`s divided by their length.
fn unit((x, y): (i128, i128)) -> Normal {
    let (x, y) = (x as f64, y as f64);
    let len = (x * x + y * y).sqrt();
    Normal {
        x: x / len,
        y: y / len,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Mask;

    /// A normal's degrees come from the crate's software arc tangent (the same bits on
    /// every platform), within one unit in the last place of the platform's, and exact
    /// on the axes and diagonals a contact normal most often is.
    #[test]
    fn degrees_use_the_software_atan2() {
        let exact = [
            ((1.0, 0.0), 0.0),
            ((0.0, 1.0), 90.0),
            ((0.0, -1.0), -90.0),
            ((-1.0, 0.0), 180.0),
            ((1.0, 1.0), 45.0),
            ((-1.0, -1.0), -135.0),
        ];
        for ((x, y), want) in exact {
            assert_eq!(Normal { x, y }.degrees(), want, "({x}, {y})");
        }
        let mut checked = 0;
        for i in -40..=40 {
            for j in -40..=40 {
                let (x, y) = (i as f64 / 7.0, j as f64 / 3.0);
                let got = Normal { x, y }.degrees();
                assert_eq!(got.to_bits(), atan2(y, x).to_degrees().to_bits());
                let platform = y.atan2(x).to_degrees();
                assert!((got - platform).abs() <= 2.0 * f64::EPSILON * platform.abs().max(1.0));
                checked += 1;
            }
        }
        println!("{checked} normals' degrees checked");
    }

    #[test]
    fn row_bits_match_the_pixels() {
        let m = Mask::from_fn(150, 3, |x, y| (x * 7 + y * 3) % 5 < 2).unwrap();
        for pc in [true, false] {
            let s = Sprite {
                mask: &m,
                x: -20,
                y: 4,
                pixel_collision: pc,
            };
            for y in 2..9 {
                for x in (-100..150).step_by(7) {
                    let w = s.row_bits(x, y);
                    for i in 0..64 {
                        assert_eq!(w >> i & 1 == 1, s.is_solid_at(x + i, y), "{x} {y} {i}");
                    }
                }
            }
        }
    }

    #[test]
    fn index_sums_add_the_set_bits_indices() {
        for w in [
            0u64,
            1,
            1 << 63,
            !0,
            0x8000_0000_0000_0001,
            0x1234_5678_9ABC_DEF0,
        ] {
            let want: u64 = (0..64).filter(|i| w >> i & 1 == 1).sum();
            assert_eq!(index_sum(w), want);
        }
    }
}
