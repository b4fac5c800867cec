//! Snapshots of a world for rollback netcode and resync: [`World::snapshot`] and
//! [`World::restore`].

use super::body::Slot;
use super::{Pair, World, hash};
use crate::{Error, Result};

/// A world's state at one moment ([`World::snapshot`]), to put back with
/// [`World::restore`]: every body (kind, placement, mask, filter, bounds-only flag, user
/// data), the slots with their generations and the free list (so the ids made after a
/// restore are the ids made after the snapshot), the touching pairs and the last update's
/// events.
///
/// The masks are shared with the world, not copied (each body's mask is one more
/// reference). An edit of a body's mask after the snapshot ([`World::edit_mask`]) copies
/// the mask first (copy on write), so the snapshot keeps the pixels it saw. A snapshot
/// owns what it holds: it stays valid (readable, restorable into its world, hashable)
/// whatever happens to the world, and after the world is dropped.
#[derive(Debug)]
pub struct WorldSnapshot {
    /// The tag of the world it was taken from.
    tag: u32,
    slots: Vec<Slot>,
    free: Vec<u32>,
    touching: Vec<Pair>,
    begins: Vec<Pair>,
    ends: Vec<Pair>,
}

impl WorldSnapshot {
    /// The tag of the world it was taken from ([`World::tag`]): the one world it can be
    /// restored into.
    pub fn world_tag(&self) -> u32 {
        self.tag
    }

    /// How many bodies were alive.
    pub fn len(&self) -> usize {
        self.slots.len() - self.free.len()
    }

    /// Whether no body was alive.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The [`World::state_hash`] of the world when the snapshot was taken.
    pub fn state_hash(&self) -> u64 {
        hash::state_hash(
            &self.slots,
            &self.free,
            &self.touching,
            &self.begins,
            &self.ends,
        )
    }
}

/// `src` copied into `dst` (cloning each element: a body's masks by reference), `dst`'s
/// memory reserved first so that a failure leaves it as it was.
fn reserve_for<T>(dst: &mut Vec<T>, src: &[T]) -> Result<()> {
    dst.try_reserve(src.len().saturating_sub(dst.len()))
        .map_err(|_| Error::OutOfMemory)
}

/// A copy of `src` in a vector made with fallible allocation.
fn copy<T: Clone>(src: &[T]) -> Result<Vec<T>> {
    let mut v = Vec::new();
    reserve_for(&mut v, src)?;
    v.extend_from_slice(src);
    Ok(v)
}

impl World {
    /// The world's state now, to put back later with [`World::restore`] (rollback:
    /// snapshot at a confirmed frame, simulate ahead, restore and simulate again with the
    /// corrected inputs; the same calls then give the same answers and the same ids).
    ///
    /// Cost: proportional to the slots (live bodies and free ones) and the last update's
    /// pairs; masks are shared, not copied (a body's raster too). Fails with
    /// [`Error::OutOfMemory`] only.
    ///
    /// ```
    /// use perpixel::{BodyDef, Mask, World};
    /// let ball = Mask::full(4, 4)?;
    /// let mut world = World::new();
    /// let a = world.create_body(BodyDef::new(&ball, 0, 0))?;
    /// world.update()?;
    /// let saved = world.snapshot()?;
    /// let hash = world.state_hash();
    ///
    /// world.move_body(a, 2, 2)?;
    /// let b = world.create_body(BodyDef::new(&ball, 3, 3))?;
    /// world.update()?;
    /// assert_eq!(world.touching().len(), 1);
    ///
    /// world.restore(&saved)?; // back to the snapshot
    /// assert_eq!(world.state_hash(), hash);
    /// assert!(!world.contains(b) && world.touching().is_empty());
    /// assert_eq!(world.create_body(BodyDef::new(&ball, 3, 3))?, b); // the same id again
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn snapshot(&self) -> Result<WorldSnapshot> {
        Ok(WorldSnapshot {
            tag: self.tag.0,
            slots: copy(&self.slots)?,
            free: copy(&self.free)?,
            touching: copy(&self.touching)?,
            begins: copy(&self.begins)?,
            ends: copy(&self.ends)?,
        })
    }

    /// Puts the world back as it was when `snapshot` was taken: its bodies, their ids
    /// (ids made since are stale again, ids destroyed since are alive again), the free
    /// slots (the next bodies get the ids they got after the snapshot), the touching pairs
    /// and the last update's events (so the next update's events are those that followed
    /// the snapshot). The snapshot is left as it is: restore it as often as needed.
    ///
    /// Only the world that took the snapshot can restore it: a body id carries the tag of
    /// the world that made it, so another world restoring it would hold ids that name
    /// another world's bodies. That is refused with [`Error::SnapshotOfAnotherWorld`]
    /// (the C status `PP_ERR_WRONG_WORLD`), the world unchanged.
    ///
    /// Cost: proportional to the snapshot's slots and pairs (masks shared, not copied;
    /// no allocation when the world's own lists are already as large). Fails with
    /// [`Error::OutOfMemory`], the world unchanged.
    pub fn restore(&mut self, snapshot: &WorldSnapshot) -> Result<()> {
        if snapshot.tag != self.tag.0 {
            return Err(Error::SnapshotOfAnotherWorld {
                world: snapshot.tag,
                this_world: self.tag.0,
            });
        }
        reserve_for(&mut self.slots, &snapshot.slots)?;
        reserve_for(&mut self.free, &snapshot.free)?;
        reserve_for(&mut self.touching, &snapshot.touching)?;
        reserve_for(&mut self.begins, &snapshot.begins)?;
        reserve_for(&mut self.ends, &snapshot.ends)?;
        self.slots.clear();
        self.slots.extend_from_slice(&snapshot.slots);
        self.free.clear();
        self.free.extend_from_slice(&snapshot.free);
        self.touching.clear();
        self.touching.extend_from_slice(&snapshot.touching);
        self.begins.clear();
        self.begins.extend_from_slice(&snapshot.begins);
        self.ends.clear();
        self.ends.extend_from_slice(&snapshot.ends);
        self.index.take();
        self.statics_stale = true;
        Ok(())
    }
}
