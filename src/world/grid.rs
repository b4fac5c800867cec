//! The broad phase of an update: the moving bodies' boxes in a uniform grid of
//! [`CELL`]-pixel cells, moving against static bodies through the statics sorted by left
//! edge, the pixel test of each pair whose boxes meet, and the sort of the touching pairs.

use super::body::Body;
use super::{BodyKind, CELL, Filter, Pair, World};
use crate::geom::Rect;
use crate::{Error, Result, Sprite};

/// The broad phase's buffers, reused from update to update.
#[derive(Debug, Default)]
pub(super) struct Scratch {
    /// Moving bodies with boxes, in index order (empty between updates: the lifetime is
    /// the update's, see [`recycle`]).
    moving: Vec<Proxy<'static>>,
    /// Static bodies with boxes, sorted by left edge (then index) for the x-range search.
    statics: Vec<Proxy<'static>>,
    /// Per grid cell: counts, then starts, then ends (the counting sort).
    counts: Vec<u32>,
    /// (cell key, dense index) when the grid is too sparse to count.
    keyed: Vec<(u64, u32)>,
    /// The moving bodies grouped by cell, each with its box in that cell.
    order: Vec<Entry>,
    /// Cells holding two or more bodies: (begin, end) into `order`.
    runs: Vec<(u32, u32)>,
    /// The touching pairs as `lo << 32 | hi` slot indices, sorted at the end.
    pub(super) hits: Vec<u64>,
    /// The radix sort's other buffer.
    tmp: Vec<u64>,
    /// Each slot's generation, by index (dense, for turning keys into ids).
    pub(super) gens: Vec<u32>,
    /// The touching list of the update before last, kept for its allocation.
    pub(super) spare: Vec<Pair>,
}

/// A moving body in a cell: its dense index and its box relative to the cell's corner,
/// clamped to `-1..=CELL` (`x0, x1, y0, y1`). Whether two boxes meet with the top-left
/// corner of their intersection in the cell reads the same on the clamped values (the
/// clamp is monotonic and keeps the cell), and they fit in i16, for vector code.
#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    d: u32,
    b: [i16; 4],
}

impl Entry {
    fn new(d: usize, a: &Rect, cx: i64, cy: i64) -> Entry {
        let rel = |v: i64, o: i64| (v - o).clamp(-1, CELL) as i16;
        let (ox, oy) = (cx * CELL, cy * CELL);
        Entry {
            d: d as u32,
            b: [rel(a.x0, ox), rel(a.x1, ox), rel(a.y0, oy), rel(a.y1, oy)],
        }
    }
}

/// A body as the broad phase and the pixel tests see it: its box, filter and sprite in
/// one dense array, so that the pair loops read neither the slots nor the definitions
/// (scattered over memory, they cost a cache miss or three per body and pair).
#[derive(Debug, Clone, Copy)]
struct Proxy<'a> {
    aabb: Rect,
    slot: u32,
    filter: Filter,
    sprite: Sprite<'a>,
}

impl Proxy<'_> {
    /// Whether two bodies whose boxes meet share a solid pixel: the pair queries' own
    /// code ([`Sprite::collides_within`], the narrow fast path of `query/plan.rs` and
    /// `kernels/narrow.rs` for masks up to 64 wide, the region and its kernels beyond),
    /// handed the boxes' intersection the broad phase already has.
    ///
    /// The world once had its own copy of the one-word loop (eight rows ANDed between
    /// looks at the answer, no second box test). Sharing the query path is no slower:
    /// `cargo run --release --example world -- --sprites 1000 --frames 300
    /// --naive-every 100000`, own loop vs shared, six alternating runs each: medians
    /// 96.7-98.1 vs 94.1-94.8 us per update; 4000 sprites: 774-789 vs 741-775 us; 16
    /// terrain tiles: 106.6-106.9 vs 103.5-104.5 us. Under callgrind (instructions in
    /// `World::update`, 1000 sprites, 50 frames): 61.3 M vs 57.9 M.
    fn touches(&self, q: &Proxy) -> bool {
        let met = self.aabb.intersect(&q.aabb);
        debug_assert!(!met.is_empty(), "the broad phase pairs meeting boxes only");
        self.sprite.collides_within(&q.sprite, met)
    }
}

/// `v` emptied, with another lifetime, keeping its allocation (an in-place collect of
/// nothing): the scratch keeps proxies between updates without borrowing the world.
fn recycle<'b>(mut v: Vec<Proxy<'_>>) -> Vec<Proxy<'b>> {
    v.clear();
    v.into_iter()
        .map(|_| unreachable!("an empty vector"))
        .collect()
}

impl World {
    /// The broad phase and the pixel tests: `scratch.hits` ends as the touching pairs'
    /// keys (`lo << 32 | hi`, slot indices), sorted.
    pub(super) fn broad_and_narrow(&self, sc: &mut Scratch) -> Result<()> {
        let mut moving = recycle(std::mem::take(&mut sc.moving));
        let mut statics = recycle(std::mem::take(&mut sc.statics));
        let r = self.pairs(sc, &mut moving, &mut statics);
        sc.moving = recycle(moving);
        sc.statics = recycle(statics);
        r
    }

    /// [`World::broad_and_narrow`] with the proxies' buffers.
    fn pairs<'a>(
        &'a self,
        sc: &mut Scratch,
        moving: &mut Vec<Proxy<'a>>,
        statics: &mut Vec<Proxy<'a>>,
    ) -> Result<()> {
        let oom = |_| Error::OutOfMemory;
        let proxy = |slot: u32, b: &'a Body| {
            let sprite = b.sprite();
            Proxy {
                aabb: b.aabb.expect("a body with a box"),
                slot,
                filter: b.def.filter,
                sprite,
            }
        };
        sc.hits.clear();
        sc.gens.clear();
        sc.gens.try_reserve(self.slots.len()).map_err(oom)?;
        sc.gens.extend(self.slots.iter().map(|s| s.generation));
        // The moving bodies with boxes, in index order.
        let (mut gx0, mut gx1, mut gy0, mut gy1) = (i64::MAX, i64::MIN, i64::MAX, i64::MIN);
        let mut covered = 0usize;
        for (i, s) in self.slots.iter().enumerate() {
            let Some(b) = &s.body else { continue };
            let Some(a) = b.aabb else { continue };
            if b.def.kind == BodyKind::Static {
                continue;
            }
            let proxy = proxy(i as u32, b);
            let (cx0, cx1) = (a.x0.div_euclid(CELL), (a.x1 - 1).div_euclid(CELL));
            let (cy0, cy1) = (a.y0.div_euclid(CELL), (a.y1 - 1).div_euclid(CELL));
            (gx0, gx1, gy0, gy1) = (gx0.min(cx0), gx1.max(cx1), gy0.min(cy0), gy1.max(cy1));
            covered = covered.saturating_add(((cx1 - cx0 + 1) * (cy1 - cy0 + 1)) as usize);
            moving.try_reserve(1).map_err(oom)?;
            moving.push(proxy);
        }
        // Every (cell, body) of the moving bodies, grouped by cell with each cell's bodies
        // in index order: a counting sort over the grid spanned by the boxes when it is
        // small beside the entries, a sort of the cell keys otherwise.
        sc.order.clear();
        sc.runs.clear();
        let grid = if moving.is_empty() {
            None
        } else {
            let (w, h) = ((gx1 - gx0 + 1) as u128, (gy1 - gy0 + 1) as u128);
            (w * h <= (4 * covered as u128).max(4096)).then_some((w as i64, (w * h) as usize))
        };
        sc.order.try_reserve(covered).map_err(oom)?;
        if let Some((gw, cells)) = grid {
            sc.counts.clear();
            sc.counts.try_reserve(cells + 1).map_err(oom)?;
            sc.counts.resize(cells + 1, 0);
            let each = |a: &Rect, f: &mut dyn FnMut(usize, i64, i64)| {
                for cy in a.y0.div_euclid(CELL)..=(a.y1 - 1).div_euclid(CELL) {
                    let row = (cy - gy0) * gw - gx0;
                    for cx in a.x0.div_euclid(CELL)..=(a.x1 - 1).div_euclid(CELL) {
                        f((row + cx) as usize, cx, cy);
                    }
                }
            };
            for p in moving.iter() {
                each(&p.aabb, &mut |c, _, _| sc.counts[c + 1] += 1);
            }
            for c in 0..cells {
                sc.counts[c + 1] += sc.counts[c];
            }
            sc.order.resize(covered, Entry::default());
            for (d, p) in moving.iter().enumerate() {
                each(&p.aabb, &mut |c, cx, cy| {
                    sc.order[sc.counts[c] as usize] = Entry::new(d, &p.aabb, cx, cy);
                    sc.counts[c] += 1;
                });
            }
            // counts[c] is now the end of cell c.
            let mut begin = 0u32;
            sc.runs.try_reserve(cells).map_err(oom)?;
            for c in 0..cells {
                let end = sc.counts[c];
                if end - begin >= 2 {
                    sc.runs.push((begin, end));
                }
                begin = end;
            }
        } else {
            sc.keyed.clear();
            sc.keyed.try_reserve(covered).map_err(oom)?;
            for (d, p) in moving.iter().enumerate() {
                let a = p.aabb;
                for cy in a.y0.div_euclid(CELL)..=(a.y1 - 1).div_euclid(CELL) {
                    for cx in a.x0.div_euclid(CELL)..=(a.x1 - 1).div_euclid(CELL) {
                        sc.keyed.push((cell_key(cx, cy), d as u32));
                    }
                }
            }
            sc.keyed.sort_unstable();
            let mut run = 0;
            while run < sc.keyed.len() {
                let key = sc.keyed[run].0;
                let mut end = run;
                while end < sc.keyed.len() && sc.keyed[end].0 == key {
                    end += 1;
                }
                if end - run >= 2 {
                    sc.runs.try_reserve(1).map_err(oom)?;
                    sc.runs.push((run as u32, end as u32));
                }
                run = end;
            }
            sc.order.extend(sc.keyed.iter().map(|&(key, d)| {
                let (cx, cy) = key_cell(key);
                Entry::new(d as usize, &moving[d as usize].aabb, cx, cy)
            }));
        }
        // Pairs of moving bodies sharing a cell, each kept in one cell only: the one
        // holding the top-left corner of the intersection of their boxes, then tested
        // there while the cell's proxies are in cache.
        // Branch-free: every pair of a cell writes its key and the count moves on only
        // for the kept ones (the verdicts are too mixed for a predictor).
        for &(begin, end) in &sc.runs {
            let cell = &sc.order[begin as usize..end as usize];
            let k = cell.len();
            for n in 0..k {
                let [ax0, ax1, ay0, ay1] = cell[n].b;
                let mut from = n + 1;
                while from < k {
                    let to = k.min(from + 64);
                    // One bit per later body of the cell: kept (boxes meet, corner here).
                    let mut bits = 0u64;
                    for (t, e) in cell[from..to].iter().enumerate() {
                        let [bx0, bx1, by0, by1] = e.b;
                        let (ix, iy) = (ax0.max(bx0), ay0.max(by0));
                        let keep =
                            (ix >= 0) & (iy >= 0) & (ix < ax1.min(bx1)) & (iy < ay1.min(by1));
                        bits |= (keep as u64) << t;
                    }
                    while bits != 0 {
                        let j = from + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        let p = &moving[cell[n].d as usize];
                        let q = &moving[cell[j].d as usize];
                        if p.filter.allows(&q.filter) && p.touches(q) {
                            sc.hits.try_reserve(1).map_err(oom)?;
                            // The smaller dense index has the smaller slot.
                            let (lo, hi) = (p.slot.min(q.slot) as u64, p.slot.max(q.slot) as u64);
                            sc.hits.push((lo << 32) | hi);
                        }
                    }
                    from = to;
                }
            }
        }
        // Moving bodies against static ones, through the statics sorted by left edge: a
        // moving box meets only statics whose left edge lies in (its left - the widest
        // static's width, its right).
        statics.try_reserve(self.static_order.len()).map_err(oom)?;
        for &i in &self.static_order {
            let b = self.slots[i as usize]
                .body
                .as_ref()
                .expect("a live static body");
            statics.push(proxy(i, b));
        }
        let widest = statics
            .iter()
            .map(|o| o.aabb.x1 - o.aabb.x0)
            .max()
            .unwrap_or(0);
        for p in moving.iter() {
            let a = p.aabb;
            let from = statics.partition_point(|o| o.aabb.x0 <= a.x0 - widest);
            let to = statics.partition_point(|o| o.aabb.x0 < a.x1);
            for q in &statics[from..to.max(from)] {
                if a.meets(&q.aabb) && p.filter.allows(&q.filter) && p.touches(q) {
                    let (lo, hi) = (p.slot.min(q.slot) as u64, p.slot.max(q.slot) as u64);
                    sc.hits.try_reserve(1).map_err(oom)?;
                    sc.hits.push((lo << 32) | hi);
                }
            }
        }
        // Sorted by a radix sort of the keys packed to twice the bits of a slot index
        // (the pixel tests' order is the cells', far from sorted); small lists by a sort.
        let bits = u32::BITS - (self.slots.len() as u32).leading_zeros();
        if sc.hits.len() < 2048 || bits > 24 {
            sc.hits.sort_unstable();
        } else {
            for k in sc.hits.iter_mut() {
                *k = ((*k >> 32) << bits) | (*k & 0xFFFF_FFFF);
            }
            radix_sort(&mut sc.hits, &mut sc.tmp, &mut sc.counts, 2 * bits)?;
            let low = (1u64 << bits) - 1;
            for k in sc.hits.iter_mut() {
                *k = ((*k >> bits) << 32) | (*k & low);
            }
        }
        Ok(())
    }
}

/// Sorts `keys` (each below `2^bits`) by least significant digits first, 11 bits a pass,
/// through `tmp`, reusing `counts`.
fn radix_sort(
    keys: &mut Vec<u64>,
    tmp: &mut Vec<u64>,
    counts: &mut Vec<u32>,
    bits: u32,
) -> Result<()> {
    const DIGIT: u32 = 11;
    tmp.clear();
    tmp.try_reserve(keys.len())
        .map_err(|_| Error::OutOfMemory)?;
    tmp.resize(keys.len(), 0);
    counts.clear();
    counts
        .try_reserve(1 << DIGIT)
        .map_err(|_| Error::OutOfMemory)?;
    let mut shift = 0;
    while shift < bits {
        counts.clear();
        counts.resize(1 << DIGIT, 0);
        let digit = |k: u64| ((k >> shift) & ((1 << DIGIT) - 1)) as usize;
        for &k in keys.iter() {
            counts[digit(k)] += 1;
        }
        let mut sum = 0;
        for c in counts.iter_mut() {
            (*c, sum) = (sum, sum + *c);
        }
        for &k in keys.iter() {
            let d = digit(k);
            tmp[counts[d] as usize] = k;
            counts[d] += 1;
        }
        std::mem::swap(keys, tmp);
        shift += DIGIT;
    }
    Ok(())
}

/// A grid cell as one sortable key.
fn cell_key(cx: i64, cy: i64) -> u64 {
    ((cy as i32 as u32 as u64) << 32) | cx as i32 as u32 as u64
}

/// The cell of a key.
fn key_cell(key: u64) -> (i64, i64) {
    (
        (key as u32 as i32) as i64,
        ((key >> 32) as u32 as i32) as i64,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Mask;

    /// The world's pair test (boxes as `body::sprite_box` makes them, their intersection
    /// handed to the query path) against the plain per-pixel oracle, at every offset where
    /// the boxes meet: masks 1 to 64 pixels wide (the narrow path, shifts up to 63),
    /// wider ones (the region path) and bounds-only sprites.
    #[test]
    fn touches_matches_the_oracle() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let mut masks = vec![Mask::full(64, 3).unwrap(), Mask::full(1, 1).unwrap()];
        for (w, h) in [
            (64, 9),
            (63, 5),
            (33, 17),
            (7, 12),
            (1, 6),
            (64, 1),
            (65, 4),
            (130, 11),
        ] {
            let d = 1 + next(8);
            masks.push(Mask::from_fn(w, h, |_, _| next(10) < d).unwrap());
        }
        let (mut checked, mut hits, mut bounds_only) = (0u64, 0u64, 0u64);
        for a in &masks {
            for b in &masks {
                for pixels in [(true, true), (true, false), (false, true)] {
                    let proxy = |m, x, y, pixel_collision| {
                        let sprite = Sprite {
                            pixel_collision,
                            ..Sprite::new(m, x, y)
                        };
                        super::super::body::sprite_box(&sprite).map(|aabb| Proxy {
                            aabb,
                            slot: 0,
                            filter: Filter::default(),
                            sprite,
                        })
                    };
                    let Some(p) = proxy(a, 3, -2, pixels.0) else {
                        continue;
                    };
                    for y in -20..20 {
                        for x in -140..140 {
                            let Some(q) = proxy(b, x, y, pixels.1) else {
                                continue;
                            };
                            if !p.aabb.meets(&q.aabb) {
                                continue;
                            }
                            let want = crate::reference::collides(&p.sprite, &q.sprite);
                            assert_eq!(p.touches(&q), want, "{x}, {y}, {pixels:?}");
                            checked += 1;
                            hits += want as u64;
                            bounds_only += (pixels != (true, true)) as u64;
                        }
                    }
                }
            }
        }
        assert!(checked > 10_000 && hits > 1_000 && hits < checked && bounds_only > 1_000);
        println!(
            "Proxy::touches: {checked} placements checked ({bounds_only} with a bounds-only \
             sprite), {hits} touching"
        );
    }
}
