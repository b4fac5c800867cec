//! The queries' index: the live bodies' boxes sorted by left edge (wide ones apart), built
//! by the first query after a change, and the search through it.

use super::body::Slot;
use super::{BodyId, CELL, World};

/// Bodies wider than this are kept apart from the sorted boxes of [`Index`] (a wide one
/// would widen every search).
const WIDE: i64 = 4 * CELL;

/// The live bodies' boxes for the world queries: those at most [`WIDE`] pixels wide
/// sorted by left edge, so that a query box finds them by a binary search, and the wider
/// ones (terrain) listed. Boxes as `(x0, x1, y0, y1, slot)`.
#[derive(Debug, Default)]
pub(super) struct Index {
    narrow: Vec<(i64, i64, i64, i64, u32)>,
    /// The widest box in `narrow`.
    widest: i64,
    wide: Vec<(i64, i64, i64, i64, u32)>,
}

impl Index {
    /// The index of `slots`, `None` when its memory cannot be had (the queries then
    /// scan every body).
    pub(super) fn new(slots: &[Slot]) -> Option<Index> {
        let mut ix = Index::default();
        for (i, s) in slots.iter().enumerate() {
            let Some((x0, x1, y0, y1)) = s.body.as_ref().and_then(|b| b.aabb) else {
                continue;
            };
            let list = if x1 - x0 > WIDE {
                &mut ix.wide
            } else {
                ix.widest = ix.widest.max(x1 - x0);
                &mut ix.narrow
            };
            list.try_reserve(1).ok()?;
            list.push((x0, x1, y0, y1, i as u32));
        }
        ix.narrow.sort_unstable();
        Some(ix)
    }

    /// The slots of the bodies whose boxes meet the box `(x0, x1, y0, y1)`, in index
    /// order; `None` when the list's memory cannot be had.
    fn meeting(&self, (x0, x1, y0, y1): (i64, i64, i64, i64)) -> Option<Vec<u32>> {
        let meets = |b: &&(i64, i64, i64, i64, u32)| b.0 < x1 && x0 < b.1 && b.2 < y1 && y0 < b.3;
        let from = self
            .narrow
            .partition_point(|b| b.0 <= x0.saturating_sub(self.widest));
        let to = self.narrow.partition_point(|b| b.0 < x1).max(from);
        let mut out = Vec::new();
        for b in self.narrow[from..to].iter().chain(&self.wide).filter(meets) {
            out.try_reserve(1).ok()?;
            out.push(b.4);
        }
        out.sort_unstable();
        Some(out)
    }
}

impl World {
    /// The live bodies whose boxes meet the box `q` (`x0, x1, y0, y1`), in index order,
    /// through the index (built now when a change reset it); every live body when the
    /// index's memory cannot be had.
    pub(super) fn near(&self, q: (i64, i64, i64, i64)) -> Vec<BodyId> {
        let id = |index: u32| BodyId {
            index,
            generation: self.slots[index as usize].generation,
            world: self.tag.0,
        };
        let found = self.index.get_or_init(|| Index::new(&self.slots));
        match found.as_ref().and_then(|ix| ix.meeting(q)) {
            Some(slots) => slots.into_iter().map(id).collect(),
            None => self.bodies().collect(),
        }
    }

    /// `ids` with `least(box)` of each (a lower bound of the steps before a ray or sweep
    /// can reach it), by that bound then index.
    pub(super) fn nearest_first(
        &self,
        ids: Vec<BodyId>,
        least: impl Fn((i64, i64, i64, i64)) -> u64,
    ) -> Vec<(u64, BodyId)> {
        let mut out: Vec<(u64, BodyId)> = ids
            .into_iter()
            .filter_map(|id| Some((least(self.slot(id).ok()?.aabb?), id)))
            .collect();
        out.sort_unstable_by_key(|&(k, id)| (k, id.index));
        out
    }
}
