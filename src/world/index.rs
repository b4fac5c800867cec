//! The queries' index: the live bodies' boxes sorted by left edge (wide ones apart), built
//! by the first query after a change, and the search through it.

use super::body::Slot;
use super::{BodyId, CELL, World};
use crate::geom::Rect;

/// Bodies wider than this are kept apart from the sorted boxes of [`Index`] (a wide one
/// would widen every search).
const WIDE: i64 = 4 * CELL;

/// The live bodies' boxes for the world queries: those at most [`WIDE`] pixels wide
/// sorted by left edge, so that a query box finds them by a binary search, and the wider
/// ones (terrain) listed. Boxes with their slot.
#[derive(Debug, Default)]
pub(super) struct Index {
    narrow: Vec<(Rect, u32)>,
    /// The widest box in `narrow`.
    widest: i64,
    wide: Vec<(Rect, u32)>,
}

impl Index {
    /// The index of `slots`, `None` when its memory cannot be had (the queries then
    /// scan every body).
    pub(super) fn new(slots: &[Slot]) -> Option<Index> {
        let mut ix = Index::default();
        for (i, s) in slots.iter().enumerate() {
            let Some(a) = s.body.as_ref().and_then(|b| b.aabb) else {
                continue;
            };
            let list = if a.x1 - a.x0 > WIDE {
                &mut ix.wide
            } else {
                ix.widest = ix.widest.max(a.x1 - a.x0);
                &mut ix.narrow
            };
            list.try_reserve(1).ok()?;
            list.push((a, i as u32));
        }
        ix.narrow.sort_unstable_by_key(|&(a, i)| (a.x0, i));
        Some(ix)
    }

    /// The slots of the bodies whose boxes meet the box `q`, in index order; `None` when
    /// the list's memory cannot be had.
    fn meeting(&self, q: Rect) -> Option<Vec<u32>> {
        let from = self
            .narrow
            .partition_point(|b| b.0.x0 <= q.x0.saturating_sub(self.widest));
        let to = self.narrow.partition_point(|b| b.0.x0 < q.x1).max(from);
        let mut out = Vec::new();
        for b in self.narrow[from..to].iter().chain(&self.wide) {
            if !b.0.meets(&q) {
                continue;
            }
            out.try_reserve(1).ok()?;
            out.push(b.1);
        }
        out.sort_unstable();
        Some(out)
    }
}

impl World {
    /// The live bodies whose boxes meet the box `q`, in index order,
    /// through the index (built now when a change reset it); every live body when the
    /// index's memory cannot be had.
    pub(super) fn near(&self, q: Rect) -> Vec<BodyId> {
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
        least: impl Fn(Rect) -> u64,
    ) -> Vec<(u64, BodyId)> {
        let mut out: Vec<(u64, BodyId)> = ids
            .into_iter()
            .filter_map(|id| Some((least(self.slot(id).ok()?.aabb?), id)))
            .collect();
        out.sort_unstable_by_key(|&(k, id)| (k, id.index));
        out
    }
}
