//! Stable state hashes ([`crate::Mask::state_hash`], [`World::state_hash`],
//! [`WorldSnapshot::state_hash`](super::WorldSnapshot::state_hash)): 64-bit FNV-1a over a
//! canonical byte stream, written out in each function's docs so that any door (or a
//! peer in another language) can compute the same value. No `std` hasher, no addresses,
//! no map order: the same state gives the same number on every platform and in every
//! build.

use super::body::Slot;
use super::{Pair, World};
use crate::mask::hash::Fnv;
use crate::{BodyKind, Placement};

/// A list of pairs: its `u32` count, then per pair `a.index`, `a.generation`,
/// `b.index`, `b.generation`.
fn pairs(h: &mut Fnv, pairs: &[Pair]) {
    h.u32(pairs.len() as u32);
    for p in pairs {
        for id in [p.a, p.b] {
            h.u32(id.index);
            h.u32(id.generation);
        }
    }
}

/// The world's state hash over its parts (a world's or a snapshot's): see
/// [`World::state_hash`] for the stream.
pub(super) fn state_hash(
    slots: &[Slot],
    free: &[u32],
    touching: &[Pair],
    begins: &[Pair],
    ends: &[Pair],
) -> u64 {
    let mut h = Fnv::new();
    h.bytes(b"PPW1");
    h.u32(slots.len() as u32);
    for s in slots {
        h.u32(s.generation);
        let Some(b) = &s.body else {
            h.u8(0);
            continue;
        };
        h.u8(1);
        let d = &b.def;
        h.u8(match d.kind {
            BodyKind::Static => 0,
            BodyKind::Moving => 1,
        });
        h.u8(d.pixel_collision as u8);
        match d.placement {
            Placement::At(x, y) => {
                h.u8(0);
                h.u32(x as u32);
                h.u32(y as u32);
            }
            Placement::Transformed(t) => {
                h.u8(1);
                h.f64(t.x);
                h.f64(t.y);
                match t.pivot {
                    None => h.u8(0),
                    Some((px, py)) => {
                        h.u8(1);
                        h.f64(px);
                        h.f64(py);
                    }
                }
                h.f64(t.rotation_degrees);
                h.f64(t.scale_x);
                h.f64(t.scale_y);
                h.u8(t.flip_x as u8);
                h.u8(t.flip_y as u8);
            }
        }
        h.u64(d.filter.category);
        h.u64(d.filter.mask);
        h.u32(d.filter.group as u32);
        h.u64(d.user_data);
        h.u64(d.mask.state_hash());
    }
    h.u32(free.len() as u32);
    for &i in free {
        h.u32(i);
    }
    pairs(&mut h, touching);
    pairs(&mut h, begins);
    pairs(&mut h, ends);
    h.0
}

impl World {
    /// A stable 64-bit hash of everything that decides the world's future answers: equal
    /// states give equal hashes on every platform and in every door (`pp_world_hash`,
    /// C++ `world::hash`, C# `World.StateHash`), so rollback peers can compare it frame
    /// by frame to find a desync. The world's tag is left out (two worlds driven the same
    /// way hash the same); so are the caches (the queries' index, rasters, which follow
    /// from a body's mask and placement). The hash of a [`super::WorldSnapshot`] is the
    /// world's when it was taken.
    ///
    /// The algorithm: 64-bit FNV-1a as in [`crate::Mask::state_hash`] over the bytes, integers
    /// little-endian (`i32` as its two's-complement `u32`), floats as their IEEE-754 bits
    /// in a `u64` (`-0.0` as `0.0`), booleans a byte 0 or 1:
    ///
    /// * `"PPW1"` (4 ASCII bytes), then the number of slots (`u32`);
    /// * for each slot in index order: its generation (`u32`), then `u8` 0 when it holds
    ///   no body, or `u8` 1 followed by the body: kind (`u8`: 0 static, 1 moving),
    ///   pixel collision (`u8`), placement (`u8` 0 then `x`, `y` as `i32`; or `u8` 1 then
    ///   the transform's `x`, `y` (`f64`), pivot (`u8` 0 for the centre, or 1 then its
    ///   two `f64`), rotation in degrees, scale x, scale y (`f64`), flip x, flip y
    ///   (`u8`)), filter category and mask (`u64`) and group (`i32`), user data (`u64`),
    ///   and its mask's [`crate::Mask::state_hash`] (`u64`);
    /// * the free slots (`u32` count, then each index, the one the next body takes last);
    ///   slots are reused by one rule in every door, so equal call sequences give equal
    ///   ids and hashes: a new body takes the slot freed last, keeping its generation,
    ///   else a new slot at generation 0; destroying a body adds 1 (wrapping) to its
    ///   slot's generation and frees the slot at once;
    /// * the touching pairs, then the begin events, then the end events of the last
    ///   update: each list a `u32` count then, per pair, `a.index`, `a.generation`,
    ///   `b.index`, `b.generation` (`u32`).
    ///
    /// Cost: one pass over the bodies and each body's mask (masks shared by many bodies
    /// are hashed for each).
    pub fn state_hash(&self) -> u64 {
        state_hash(
            &self.slots,
            &self.free,
            &self.touching,
            &self.begins,
            &self.ends,
        )
    }
}
