// World snapshots for rollback netcode and resync (issue 31): World.Snapshot, World.Restore and the
// stable state hashes World.StateHash (and Mask.StateHash in Mask.cs), over pp_world_take_snapshot,
// pp_world_restore and pp_world_hash.
using System;
using System.Runtime.InteropServices;

namespace PerPixel
{
    /// <summary>Owns one native <c>pp_world_snapshot*</c>; frees it exactly once.</summary>
    internal sealed class WorldSnapshotHandle : SafeHandle
    {
        private WorldSnapshotHandle() : base(IntPtr.Zero, true) { }

        public override bool IsInvalid { get { return handle == IntPtr.Zero; } }

        protected override bool ReleaseHandle()
        {
            Native.pp_world_snapshot_free(handle);
            return true;
        }
    }

    /// <summary>A world's state at one moment (<see cref="World.Snapshot"/>), to put back with
    /// <see cref="World.Restore"/>: every body (kind, position or transform, mask, filter, user data), the
    /// ids' slots with their generations and free list (so the ids made after a restore are the ids made
    /// after the snapshot), the touching pairs and the last update's events.</summary>
    /// <remarks>The bodies' masks are shared with the world, not copied; an edit of a body's mask after the
    /// snapshot (<see cref="World.EditMask"/>) copies the mask first, so the snapshot keeps the pixels it
    /// saw. A snapshot owns what it holds: it stays valid after the world changes or is disposed, and may
    /// be restored any number of times, from any thread. Only the world that took it can restore it (ids
    /// carry their world's tag). Dispose it when no longer needed (it holds references to masks).</remarks>
    public sealed class WorldSnapshot : IDisposable
    {
        private readonly WorldSnapshotHandle _handle;

        internal WorldSnapshot(WorldSnapshotHandle handle) { _handle = handle; }

        internal WorldSnapshotHandle Handle
        {
            get
            {
                if (_handle.IsClosed) throw new ObjectDisposedException("WorldSnapshot");
                return _handle;
            }
        }

        /// <summary>True once <see cref="Dispose"/> has run.</summary>
        public bool IsDisposed { get { return _handle.IsClosed; } }

        /// <summary>Frees the snapshot (and its references to the masks). Further use throws
        /// <see cref="ObjectDisposedException"/>.</summary>
        public void Dispose() { _handle.Dispose(); }
    }

    public sealed partial class World
    {
        /// <summary>The world's state now, for rollback: restore it later with <see cref="Restore"/> and the
        /// same calls give the same answers and the same ids. Cost: proportional to the bodies (masks are
        /// shared, not copied). Reads the world: may run while other threads query it.</summary>
        public WorldSnapshot Snapshot()
        {
            WorldHandle w = Handle;
            WorldSnapshotHandle h;
            Status s = Native.pp_world_take_snapshot(w, out h);
            PerPixelException.CheckOwned(s, h);
            return new WorldSnapshot(h);
        }

        /// <summary>Puts the world back as it was when <paramref name="snapshot"/> was taken: bodies, ids
        /// (ids made since are stale again), free slots, touching pairs and the last update's events (read
        /// again: <see cref="Touching"/>, <see cref="Begins"/> and <see cref="Ends"/> are the snapshot's).
        /// The snapshot is kept and may be restored again. Throws <see cref="ArgumentNullException"/>
        /// without a snapshot, <see cref="ObjectDisposedException"/> for a disposed one and
        /// <see cref="PerPixelException"/> with <see cref="Status.WrongWorld"/> for another world's snapshot
        /// (this world unchanged). Spans taken before must not be read any more.</summary>
        public unsafe void Restore(WorldSnapshot snapshot)
        {
            WorldHandle w = Handle;
            if (snapshot == null) throw new ArgumentNullException("snapshot");
            PerPixelException.Check(Native.pp_world_restore(w, snapshot.Handle));
            NativeWorldEvents e;
            PerPixelException.Check(Native.pp_world_get_events(w, &e));
            _events = e;
        }

        /// <summary>The stable 64-bit hash of the world's state (<c>pp_world_hash</c>: FNV-1a over the
        /// canonical bytes documented on the Rust <c>World::state_hash</c>): equal states hash equal on every
        /// platform and in every language, so rollback peers can compare it to find a desync. The world's
        /// identity is not part of it: two worlds driven by the same calls hash the same.</summary>
        public ulong StateHash()
        {
            ulong h;
            PerPixelException.Check(Native.pp_world_hash(Handle, out h));
            return h;
        }
    }
}
