//! Contacts: is a world pixel solid, the bits of a sprite's world rows, and the contact
//! normal (the direction from one sprite's surface towards the other).

use super::Sprite;
use super::plan::extent;

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
    /// The angle of the vector in degrees, `atan2(y, x)`: `-90` is `(0, -1)`.
    pub fn degrees(&self) -> f64 {
        self.y.atan2(self.x).to_degrees()
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

/// Pixel counts and coordinate sums of a set of pixels, coordinates taken from an
/// integer origin so the sums stay exact.
#[derive(Default, Clone, Copy)]
struct Moments {
    n: i64,
    sx: i64,
    sy: i64,
}

impl Moments {
    /// Adds the set bits of `w`, bit `i` being pixel `(x + i, y)`, with `(x, y)` already
    /// relative to the origin.
    #[inline]
    fn add(&mut self, w: u64, x: i64, y: i64) {
        let n = w.count_ones() as i64;
        self.n += n;
        self.sx += x * n + index_sum(w) as i64;
        self.sy += y * n;
    }
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
    /// the obstacle's surface towards this sprite at the place they touch; `None` when
    /// they neither overlap nor touch, or when no direction stands out (see below).
    ///
    /// The definition, exactly (and the same in every language):
    ///
    /// 1. The *contact pixels* `K`: when the sprites overlap, the pixels solid in both;
    ///    otherwise the obstacle's solid pixels that have a solid pixel of this sprite
    ///    among their eight neighbours (the sprites touch without overlapping, as at a
    ///    sweep's last free position). `K` empty: `None`.
    /// 2. `c`, the centroid of `K`, and the window `W`: the pixels within distance
    ///    `R = NORMAL_RADIUS + max |p - c| over p in K` of `c` (so `W` covers the
    ///    contact and [`NORMAL_RADIUS`] pixels around it).
    /// 3. `m = sum over the obstacle's solid pixels p in W of (c - p)`: it points from
    ///    the obstacle's mass near the contact towards free space, across its surface.
    ///    The normal is `m / |m|`.
    /// 4. When `m` is zero (a wall or floor one pixel thick, seen from within its line)
    ///    or every pixel of `W` is solid in the obstacle, the normal points from `c`
    ///    towards the centroid of this sprite's solid pixels in `W` instead; when that
    ///    is zero too, `None`.
    ///
    /// Pixels are taken at their centres, bounds-only sprites are solid over their whole
    /// rectangle. So the normal follows the obstacle's surface, whatever the mover's
    /// shape: on a flat floor or wall wider than the window it is exactly perpendicular
    /// (`(0, -1)` for a sprite resting on ground below it in a y-down world); on straight
    /// slopes and on circles it is within a few degrees of the true surface normal (the
    /// tests hold it to 5 degrees at 30, 45 and 60 degrees). For transformed sprites,
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
    /// // Far above it: no contact.
    /// assert!(Sprite::new(&crate_, 50, 10).contact_normal(&floor).is_none());
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn contact_normal(&self, obstacle: &Sprite) -> Option<Normal> {
        let overlapping = self.collides(obstacle);
        // The contact pixels lie in this sprite's box, grown by one when touching.
        let grow = i64::from(!overlapping);
        let (b0, b1, b2, b3) = extent(self, true);
        let (a0, a1, a2, a3) = extent(obstacle, true);
        let (x0, x1) = ((b0 - grow).max(a0), (b1 + grow).min(a1));
        let (y0, y1) = ((b2 - grow).max(a2), (b3 + grow).min(a3));
        if x0 >= x1 || y0 >= y1 {
            return None;
        }
        // Visits the contact pixels as words: `f(x, y, word)`, bit i being pixel (x + i, y).
        // Column by column of words, rows in order, so that a touching pair's mover rows,
        // widened by a pixel each side, are read once and rolled over three rows.
        let visit = |f: &mut dyn FnMut(i64, i64, u64)| {
            for x in (x0..x1).step_by(64) {
                let take = bit_range(0, x1 - x);
                let widened = |y: i64| {
                    let w = self.row_bits(x, y);
                    w | w << 1
                        | w >> 1
                        | self.is_solid_at(x - 1, y) as u64
                        | (self.is_solid_at(x + 64, y) as u64) << 63
                };
                let (mut above, mut here) = if overlapping {
                    (0, 0)
                } else {
                    (widened(y0 - 1), widened(y0))
                };
                for y in y0..y1 {
                    let a = obstacle.row_bits(x, y) & take;
                    let word = if overlapping {
                        a & self.row_bits(x, y)
                    } else {
                        let below = widened(y + 1);
                        let near = above | here | below;
                        (above, here) = (here, below);
                        a & near
                    };
                    if word != 0 {
                        f(x, y, word);
                    }
                }
            }
        };
        // The centroid, from the origin (x0, y0).
        let mut k = Moments::default();
        visit(&mut |x, y, w| k.add(w, x - x0, y - y0));
        if k.n == 0 {
            return None;
        }
        // c = origin + (sx / n, sy / n), split into a whole part and a fraction.
        let (ox, oy) = (x0 + k.sx.div_euclid(k.n), y0 + k.sy.div_euclid(k.n));
        let fx = k.sx.rem_euclid(k.n) as f64 / k.n as f64;
        let fy = k.sy.rem_euclid(k.n) as f64 / k.n as f64;
        // The farthest contact pixel from c: the ends of each row's contact bits.
        let mut far2 = 0f64;
        visit(&mut |x, y, w| {
            let dy = (y - oy) as f64 - fy;
            for i in [w.trailing_zeros(), 63 - w.leading_zeros()] {
                let dx = (x + i as i64 - ox) as f64 - fx;
                far2 = far2.max(dx * dx + dy * dy);
            }
        });
        let r = NORMAL_RADIUS as f64 + far2.sqrt();
        let (mut a, mut b, mut window) = (Moments::default(), Moments::default(), 0i64);
        let (r0, r1) = ((fy - r).ceil() as i64, (fy + r).floor() as i64);
        for ry in r0..=r1 {
            let dy = ry as f64 - fy;
            let half = (r * r - dy * dy).max(0.0).sqrt();
            let (c0, c1) = ((fx - half).ceil() as i64, (fx + half).floor() as i64);
            if c0 > c1 {
                continue;
            }
            window += c1 - c0 + 1;
            let y = oy + ry;
            for cx in (c0..=c1).step_by(64) {
                let take = bit_range(0, c1 + 1 - cx);
                a.add(obstacle.row_bits(ox + cx, y) & take, cx, ry);
                b.add(self.row_bits(ox + cx, y) & take, cx, ry);
            }
        }
        // m = sum (c - p) = n c - sum p.
        let m = (a.n as f64 * fx - a.sx as f64, a.n as f64 * fy - a.sy as f64);
        let m = if (m.0 == 0.0 && m.1 == 0.0) || a.n == window {
            (b.sx as f64 - b.n as f64 * fx, b.sy as f64 - b.n as f64 * fy)
        } else {
            m
        };
        let len = (m.0 * m.0 + m.1 * m.1).sqrt();
        (len > 0.0).then(|| Normal {
            x: m.0 / len,
            y: m.1 / len,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Mask;

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
