//! The outline of a mask as a path of pixels, with pygame's `Mask.outline(every)`
//! semantics (see [`Mask::outline`]).

use super::polygon::push;
use crate::{Error, Mask, Result};

/// The eight neighbour steps in the order the outline tries them: east, south-east,
/// south, south-west, west, north-west, north, north-east (y down: clockwise on screen).
const STEPS: [(i64, i64); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

impl Mask {
    /// The outline of the first solid region as a path of pixels `[x, y]`, exactly as
    /// pygame's `Mask.outline(every)` returns it (pygame-ce 2.x), so ports keep their
    /// results:
    ///
    /// * **Which region:** only the one holding the first solid pixel in row order
    ///   (lowest `y`, then lowest `x`); regions are 8-connected (diagonal neighbours
    ///   join). Its outer boundary is traced; holes and other regions are ignored.
    /// * **Start and direction:** the path starts at that first pixel and moves to its
    ///   first solid neighbour trying east, south-east, south, south-west (nothing above
    ///   or to its left is solid). From then on, arriving at a pixel in direction `d`,
    ///   the neighbours are tried from two steps counter-clockwise of `d` (`d - 90°`),
    ///   turning clockwise through the eight directions (east, south-east, south, ...,
    ///   north-east, with y down): the trace keeps the outside on its left and runs
    ///   clockwise as drawn on a y-down screen. A pixel is listed each time the path
    ///   enters it, so pixels on one-pixel-wide parts come twice.
    /// * **Closing:** the trace ends when it is back at the first pixel about to step to
    ///   the second again; the first pixel is then listed a second time, at the end
    ///   (`[a, b, c, d, a]` around a 2 x 2 square).
    /// * **`every`:** the first pixel is always listed; of the pixels the path enters
    ///   after it (the closing one included), only every `every`-th (the `every`-th,
    ///   `2 * every`-th, ...) is listed. `every` must be at least 1
    ///   ([`Error::InvalidArgument`]); pygame lists only the first pixel for `every <= 0`.
    /// * **Small cases:** no solid pixel (or a 0-wide or 0-high mask): an empty list. A
    ///   first pixel with no solid neighbour: that pixel alone, `[[x, y]]`.
    ///
    /// ```
    /// use perpixel::Mask;
    /// let square = Mask::from_fn(4, 4, |x, y| (1..3).contains(&x) && (1..3).contains(&y))?;
    /// assert_eq!(square.outline(1)?, [[1, 1], [2, 1], [2, 2], [1, 2], [1, 1]]);
    /// assert_eq!(square.outline(2)?, [[1, 1], [2, 2], [1, 1]]);
    /// assert_eq!(Mask::empty(3, 3)?.outline(1)?, Vec::<[u32; 2]>::new());
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn outline(&self, every: u32) -> Result<Vec<[u32; 2]>> {
        if every == 0 {
            return Err(Error::InvalidArgument(
                "outline: every must be at least 1 (1 lists every pixel of the path)".into(),
            ));
        }
        let mut out = Vec::new();
        let Some(first) = self.first_solid() else {
            return Ok(out);
        };
        let solid = |(x, y): (i64, i64)| {
            x >= 0
                && y >= 0
                && x < self.width() as i64
                && y < self.height() as i64
                && self.is_solid(x as u32, y as u32)
        };
        let at = |p: (i64, i64), d: usize| (p.0 + STEPS[d].0, p.1 + STEPS[d].1);
        let pixel = |p: (i64, i64)| [p.0 as u32, p.1 as u32];
        push(&mut out, pixel(first))?;
        let Some(d0) = (0..8).find(|&d| solid(at(first, d))) else {
            return Ok(out);
        };
        let second = at(first, d0);
        let (mut current, mut d) = (second, d0);
        // Entered pixels are numbered from 1 (the second pixel); each `every`-th is listed.
        let mut entered: u64 = 1;
        if every == 1 {
            push(&mut out, pixel(second))?;
        }
        // Each (pixel, direction) state is met at most once per lap: a bound that only
        // guards against a path that never closes (the trace always closes).
        let limit = 8 * self.count() + 8;
        for _ in 0..limit {
            let Some(next_d) = (0..8)
                .map(|i| (d + 6 + i) % 8)
                .find(|&n| solid(at(current, n)))
            else {
                break;
            };
            let next = at(current, next_d);
            if current == first && next == second {
                break;
            }
            entered += 1;
            if entered % every as u64 == 0 {
                push(&mut out, pixel(next))?;
            }
            current = next;
            d = next_d;
        }
        Ok(out)
    }

    /// The first solid pixel in row order, as `(x, y)`.
    fn first_solid(&self) -> Option<(i64, i64)> {
        let b = self.solid_bounds()?;
        let y = b.y as usize;
        let row = self.row(y);
        let k = row.iter().position(|&w| w != 0)?;
        Some(((k * 64) as i64 + row[k].trailing_zeros() as i64, y as i64))
    }
}
