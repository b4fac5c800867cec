// The raw layer of world snapshots and state hashes (issue 31): pp_world_take_snapshot ... pp_mask_hash,
// declared for P/Invoke exactly as include/perpixel.h declares them. Internal; WorldSnapshot.cs and
// Mask.StateHash wrap them with argument checks and exceptions.
using System;
using System.Runtime.InteropServices;

namespace PerPixel
{
    internal static partial class Native
    {
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_world_take_snapshot(WorldHandle world, out WorldSnapshotHandle snapshot);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void pp_world_snapshot_free(IntPtr snapshot);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_world_restore(WorldHandle world, WorldSnapshotHandle snapshot);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_world_hash(WorldHandle world, out ulong hash);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern Status pp_mask_hash(MaskHandle mask, out ulong hash);
    }
}
