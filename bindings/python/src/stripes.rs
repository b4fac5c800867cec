//! pygame's `Mask.overlap` scan order: the first pixel set in both masks, scanning the
//! overlap in pieces left to right, each piece from its top row down and each row from
//! its lowest x. A piece is a run of columns inside one 64-pixel column stripe of each
//! mask (pygame's `bitmask_overlap_pos` on 64-bit Linux and macOS, where an `unsigned
//! long` is 64 bits): the overlap is cut at every multiple of 64 in either mask's own
//! columns. When the overlap is a single piece (both masks up to 64 pixels wide, say)
//! this is the row-major first contact, which the core answers.

use perpixel::Mask;

/// Columns of one stripe, pygame's `BITMASK_W_LEN` on LP64 platforms.
const STRIPE: i64 = 64;

/// The first pixel set in both `a` (at the origin) and `b` (at `(x, y)`) in pygame's
/// order, in `a`'s pixels; None when they share no set pixel.
pub fn first_in_stripes(a: &Mask, b: &Mask, x: i32, y: i32) -> Option<(i32, i32)> {
    let (x, y) = (x as i64, y as i64);
    let x0 = x.max(0);
    let x1 = (a.width() as i64).min(x + b.width() as i64);
    if x0 >= x1 {
        return None;
    }
    let one_piece = x0.div_euclid(STRIPE) == (x1 - 1).div_euclid(STRIPE)
        && (x0 - x).div_euclid(STRIPE) == (x1 - 1 - x).div_euclid(STRIPE);
    if one_piece {
        return a
            .first_contact(b, (x as i32, y as i32))
            .map(|p| (p.x as i32, p.y as i32));
    }
    // One scan of the core's answers "no pixel shared" (the common case) before the
    // stripe walk below, which only runs for a hit.
    if !a.collides(b, (x as i32, y as i32)) {
        return None;
    }
    let y0 = y.max(0);
    let y1 = (a.height() as i64).min(y + b.height() as i64);
    let mut start = x0;
    while start < x1 {
        // The next cut: a's next stripe boundary, b's, or the overlap's end.
        let a_cut = (start.div_euclid(STRIPE) + 1) * STRIPE;
        let b_cut = ((start - x).div_euclid(STRIPE) + 1) * STRIPE + x;
        let end = x1.min(a_cut).min(b_cut);
        let len = (end - start) as u32;
        let keep = if len == 64 {
            u64::MAX
        } else {
            (1u64 << len) - 1
        };
        for row in y0..y1 {
            let wa = bits(a.row(row as usize), start) & keep;
            let wb = bits(b.row((row - y) as usize), start - x) & keep;
            let both = wa & wb;
            if both != 0 {
                return Some(((start + both.trailing_zeros() as i64) as i32, row as i32));
            }
        }
        start = end;
    }
    None
}

/// The row's bits from column `at` on (at least the rest of `at`'s 64-bit word), bit 0
/// being column `at`.
fn bits(row: &[u64], at: i64) -> u64 {
    let (word, shift) = ((at / 64) as usize, (at % 64) as u32);
    row[word] >> shift
}
