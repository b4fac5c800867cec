//! Two sprites one word a row each (masks up to 64 pixels wide): the pair queries'
//! fast path, which `query::plan` takes before building a region.
//!
//! The rows of both sides under a rectangle inside both masks, and the shift that
//! brings the rectangle's left column to bit 0 on each side. Bits past the rectangle's
//! right edge need no mask: there a side is past its solid bounds (the planner clips
//! to them) or past its width, whose padding bits are zero.

/// One side's rows (`rows.len()` equal on both sides) and its shift (`0..64`).
#[derive(Clone, Copy)]
pub(crate) struct NarrowPair<'m> {
    pub a: &'m [u64],
    pub b: &'m [u64],
    pub sa: u32,
    pub sb: u32,
}

impl NarrowPair<'_> {
    /// Row `i`'s AND, the rectangle's left column at bit 0.
    #[inline(always)]
    fn and(&self, (&a, &b): (&u64, &u64)) -> u64 {
        (a >> self.sa) & (b >> self.sb)
    }
}

/// The first row sharing a bit, and that bit's column.
#[inline(always)]
pub(crate) fn narrow_first(p: &NarrowPair) -> Option<(usize, u32)> {
    for (i, rows) in p.a.iter().zip(p.b).enumerate() {
        let m = p.and(rows);
        if m != 0 {
            return Some((i, m.trailing_zeros()));
        }
    }
    None
}

/// Whether a row shares a bit.
#[inline(always)]
pub(crate) fn narrow_any(p: &NarrowPair) -> bool {
    p.a.iter().zip(p.b).any(|rows| p.and(rows) != 0)
}

/// How many bits the rows share: `popcnt` on the x86 paths that have it.
#[inline(always)]
pub(crate) fn narrow_count(p: &NarrowPair) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if super::active_path() != super::Path::Portable {
        // SAFETY: the AVX2 and AVX-512 paths are chosen only on CPUs with POPCNT
        // (`Path::is_available` checks it for both).
        return unsafe { count_popcnt(p) };
    }
    count_plain(p)
}

#[inline(always)]
fn count_plain(p: &NarrowPair) -> u64 {
    p.a.iter()
        .zip(p.b)
        .map(|rows| p.and(rows).count_ones() as u64)
        .sum()
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
unsafe fn count_popcnt(p: &NarrowPair) -> u64 {
    count_plain(p)
}
