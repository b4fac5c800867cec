//! World snapshots and state hashes: `pp_world_snapshot *` (a world's state, to put back
//! with `pp_world_restore`, for rollback netcode), `pp_world_hash` and `pp_mask_hash`
//! (stable 64-bit hashes, the same in every door and on every platform).

use super::error::{guard, non_null, pp_status, write_out};
use super::handle::{Opaque, borrow, into_handle, release};
use super::mask::{mask_ref, pp_mask};
use super::world::{pp_world, read_world, write_world};
use crate::WorldSnapshot;
use std::sync::Arc;

/// A world's state at one moment (opaque, immutable): made by `pp_world_take_snapshot`, put
/// back by `pp_world_restore`, released by `pp_world_snapshot_free`. It shares the
/// bodies' masks with the world (one more reference each, no copy) and owns the rest, so
/// it stays valid after the world changes or is freed. Any number of threads may read it
/// (restore from it) at once.
pub struct pp_world_snapshot {
    _opaque: [u8; 0],
}

// SAFETY: zero-sized, never constructed; only the pointee type of snapshot handles.
unsafe impl Opaque for pp_world_snapshot {
    type Value = WorldSnapshot;
}

/// Takes a snapshot of the world's state into `*out` (release it with
/// `pp_world_snapshot_free`): every body (mask shared, not copied), the ids' slots with
/// their generations and free list (ids made after a restore are those made after the
/// snapshot), the touching pairs and the last update's events. Does not change the
/// world; any thread (a read, as the queries). Cost: proportional to the world's slots
/// and the last update's pairs.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`world` or `out`),
/// `PP_ERR_INVALID_ARGUMENT` (a change in progress on another thread),
/// `PP_ERR_OUT_OF_MEMORY`.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `world` NULL or a live world handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_world_take_snapshot(
    world: *const pp_world,
    out: *mut *mut pp_world_snapshot,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let w = unsafe { read_world(world) }?;
        non_null(out, "out")?;
        let s = w.snapshot()?;
        let h = into_handle::<pp_world_snapshot>(Arc::new(s));
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, h) };
        Ok(())
    })
}

/// Releases a snapshot (and its references to the masks). NULL is a no-op.
///
/// # Safety
/// `snapshot` NULL or a live snapshot handle, released once; no call on it may be running.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_world_snapshot_free(snapshot: *mut pp_world_snapshot) {
    let _ = guard(|| {
        // SAFETY: the caller guarantees NULL or a live handle, released only once.
        unsafe { release(snapshot) };
        Ok(())
    });
}

/// Puts the world back as it was when `snapshot` was taken: bodies, ids (ids made since
/// are stale again), free slots, touching pairs and last events. The snapshot is left as
/// it was (restore it as often as needed). Only the world that took it can restore it:
/// ids carry their world's tag. A change: not thread-safe for the same world, and the
/// pointers the world handed out (event arrays, borrowed masks) are invalid after it.
/// Cost: proportional to the snapshot's slots and pairs (masks shared, not copied).
///
/// Errors (the world unchanged): `PP_ERR_NULL_POINTER` (`world` or `snapshot`),
/// `PP_ERR_INVALID_ARGUMENT` (in use), `PP_ERR_OUT_OF_MEMORY`, `PP_ERR_WRONG_WORLD`
/// (a snapshot taken from another world).
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_OUT_OF_MEMORY`, `PP_ERR_WRONG_WORLD`.
///
/// # Safety
/// `world` NULL or a live world handle; `snapshot` NULL or a live snapshot handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_world_restore(
    world: *mut pp_world,
    snapshot: *const pp_world_snapshot,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let s = unsafe { borrow::<pp_world_snapshot>(snapshot, "snapshot") }?;
        // SAFETY: forwarded caller guarantees.
        let mut w = unsafe { write_world(world) }?;
        Ok(w.restore(s)?)
    })
}

/// Writes the world's stable state hash to `*out`: 64-bit FNV-1a over the canonical byte
/// stream documented on the Rust `World::state_hash` (slots, generations, bodies with
/// their masks' `pp_mask_hash`, free list, touching pairs and last events; not the
/// world's tag). Equal states give equal hashes on every platform and in every door:
/// compare it between peers to find a desync. Any thread (a read). Cost: one pass over
/// the bodies and their masks.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`world` or `out`),
/// `PP_ERR_INVALID_ARGUMENT` (a change in progress on another thread).
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `world` NULL or a live world handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_world_hash(world: *const pp_world, out: *mut u64) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let w = unsafe { read_world(world) }?;
        non_null(out, "out")?;
        let h = w.state_hash();
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, h) };
        Ok(())
    })
}

/// Writes the mask's stable hash to `*out`: 64-bit FNV-1a (start `0xcbf29ce484222325`,
/// each byte `h = (h ^ byte) * 0x100000001b3`) over `"PPM1"`, the width and height as
/// little-endian `uint32_t`, then each row from y = 0 as `ceil(width / 8)` bytes (pixel x
/// is bit `x % 8` of byte `x / 8`, 1 = solid, bits past the width 0). Equal masks give
/// equal hashes on every platform and in every door. Any thread. Cost: one pass over the
/// pixels.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` when `mask` or `out` is NULL.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`.
///
/// # Safety
/// `mask` must be NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_hash(mask: *const pp_mask, out: *mut u64) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let m = unsafe { mask_ref(&mask, "mask") }?;
        non_null(out, "out")?;
        let h = m.state_hash();
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, h) };
        Ok(())
    })
}
