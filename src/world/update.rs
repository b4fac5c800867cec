//! An update: the touching pairs found by the broad phase, and the begin and end events
//! against the update before.

use super::{BodyId, BodyKind, Pair, World};
use crate::{Error, Result};

impl World {
    /// Finds the touching pairs: bodies whose filters allow it, not both static, sharing
    /// a solid world pixel ([`Sprite::collides`](crate::Sprite::collides)). Then
    /// [`World::touching`] lists them in order (by `a`, then `b`),
    /// [`World::begin_events`] those that did not touch at the
    /// previous update and [`World::end_events`] those that touched then and do not now
    /// (destroyed bodies' pairs included). The same bodies give the same lists, in the
    /// same order, on every platform.
    pub fn update(&mut self) -> Result<()> {
        let oom = |_| Error::OutOfMemory;
        if self.statics_stale {
            let mut order = std::mem::take(&mut self.static_order);
            order.clear();
            for (i, s) in self.slots.iter().enumerate() {
                if let Some(b) = s.body.as_ref().filter(|b| b.def.kind == BodyKind::Static) {
                    if b.aabb.is_some() {
                        order.try_reserve(1).map_err(oom)?;
                        order.push(i as u32);
                    }
                }
            }
            let left = |i: &u32| self.slots[*i as usize].body.as_ref().and_then(|b| b.aabb);
            order.sort_unstable_by_key(|i| (left(i).map(|a| a.x0), *i));
            self.static_order = order;
            self.statics_stale = false;
        }
        let mut sc = std::mem::take(&mut self.scratch);
        let r = self.broad_and_narrow(&mut sc);
        // The new list in the buffer of the one before last (no allocation once warm).
        let mut now = std::mem::take(&mut sc.spare);
        self.scratch = sc;
        r?;
        now.clear();
        now.try_reserve(self.scratch.hits.len()).map_err(oom)?;
        let (gens, world) = (&self.scratch.gens, self.tag.0);
        now.extend(self.scratch.hits.iter().map(|&k| {
            let (a, b) = ((k >> 32) as u32, k as u32);
            Pair {
                a: BodyId {
                    index: a,
                    generation: gens[a as usize],
                    world,
                },
                b: BodyId {
                    index: b,
                    generation: gens[b as usize],
                    world,
                },
            }
        }));
        // Events: the sorted lists merged, into room reserved first (on failure the
        // last update's lists stay as they were).
        let before = &self.touching;
        let need = |v: &Vec<Pair>, n: usize| n.saturating_sub(v.len());
        self.begins
            .try_reserve(need(&self.begins, now.len()))
            .map_err(oom)?;
        self.ends
            .try_reserve(need(&self.ends, before.len()))
            .map_err(oom)?;
        self.begins.clear();
        self.ends.clear();
        let (mut p, mut q) = (0, 0);
        while p < now.len() && q < before.len() {
            let (x, y) = (now[p], before[q]);
            if x < y {
                self.begins.push(x);
                p += 1;
            } else if y < x {
                self.ends.push(y);
                q += 1;
            } else {
                p += 1;
                q += 1;
            }
        }
        self.begins.extend_from_slice(&now[p..]);
        self.ends.extend_from_slice(&before[q..]);
        self.scratch.spare = std::mem::replace(&mut self.touching, now);
        Ok(())
    }

    /// The pairs touching at the last update, sorted by `a` then `b`.
    pub fn touching(&self) -> &[Pair] {
        &self.touching
    }

    /// The pairs that began touching at the last update, sorted.
    pub fn begin_events(&self) -> &[Pair] {
        &self.begins
    }

    /// The pairs that stopped touching at the last update (or lost a body), sorted.
    pub fn end_events(&self) -> &[Pair] {
        &self.ends
    }
}
