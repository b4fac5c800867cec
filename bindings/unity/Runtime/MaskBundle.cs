using System;
using System.Collections.Generic;
using System.Collections.ObjectModel;
using System.Runtime.InteropServices;
using System.Text;

namespace PerPixel
{
    /// <summary>Owns one native <c>pp_bundle*</c>; frees it exactly once.</summary>
    internal sealed class BundleHandle : SafeHandle
    {
        private BundleHandle() : base(IntPtr.Zero, true) { }

        public override bool IsInvalid { get { return handle == IntPtr.Zero; } }

        protected override bool ReleaseHandle()
        {
            Native.pp_bundle_free(handle);
            return true;
        }
    }

    /// <summary>How a baked mask was made, as its file records it (<see cref="MaskBundle.InfoAt"/>).</summary>
    public struct BakeInfo
    {
        /// <summary>The alpha threshold the pixels were compared with; null for masks not made from pixels.
        /// A baked mask keeps the threshold it was baked with, whatever threshold the game asks for now.</summary>
        public readonly byte? Threshold;
        /// <summary>Whether the image's columns were flipped.</summary>
        public readonly bool FlipX;
        /// <summary>Whether the image's rows were flipped.</summary>
        public readonly bool FlipY;
        /// <summary>The colour key (r, g, b), when one was used.</summary>
        public readonly byte[] ColorKey;

        internal BakeInfo(NativeBakeInfo n)
        {
            Threshold = n.has_threshold != 0 ? (byte?)n.threshold : null;
            FlipX = n.flip_x != 0;
            FlipY = n.flip_y != 0;
            ColorKey = n.has_color_key != 0 ? new[] { n.color_key_r, n.color_key_g, n.color_key_b } : null;
        }
    }

    /// <summary>
    /// Many named masks baked into one file, e.g. every frame of an atlas
    /// (<c>perpixel bake atlas.json -o atlas.bytes</c>), held by the native library. Load it from bytes (a
    /// <c>TextAsset</c>'s) or a file, then look masks up by name. Immutable and safe to share between
    /// threads; <see cref="Dispose"/> frees it (masks already taken from it stay valid).
    /// </summary>
    public sealed class MaskBundle : IDisposable
    {
        private readonly BundleHandle _handle;
        private readonly ReadOnlyCollection<string> _names;

        private MaskBundle(BundleHandle handle)
        {
            _handle = handle;
            UIntPtr count;
            PerPixelException.Check(Native.pp_bundle_count(handle, out count));
            var names = new string[checked((int)count.ToUInt64())];
            for (int i = 0; i < names.Length; i++)
            {
                UIntPtr len;
                PerPixelException.Check(Native.pp_bundle_name_at(handle, (UIntPtr)i, null, UIntPtr.Zero, out len));
                var buf = new byte[checked((int)len.ToUInt64())]; // the name and its NUL
                PerPixelException.Check(Native.pp_bundle_name_at(handle, (UIntPtr)i, buf, (UIntPtr)buf.Length, out len));
                names[i] = Encoding.UTF8.GetString(buf, 0, buf.Length - 1);
            }
            _names = Array.AsReadOnly(names);
        }

        private static MaskBundle Wrap(Status status, BundleHandle handle)
        {
            PerPixelException.CheckOwned(status, handle);
            try
            {
                return new MaskBundle(handle);
            }
            catch
            {
                handle.Dispose();
                throw;
            }
        }

        private BundleHandle Handle
        {
            get
            {
                if (_handle.IsClosed) throw new ObjectDisposedException("MaskBundle");
                return _handle;
            }
        }

        /// <summary>Loads a bundle from a baked file's bytes, validating all of it first; bad data throws a
        /// <see cref="PerPixelException"/> with <see cref="Status.BadBakedData"/> (or
        /// <see cref="Status.TooLarge"/>) saying what is wrong.</summary>
        public static unsafe MaskBundle FromBytes(ReadOnlySpan<byte> baked)
        {
            Library.EnsureLoaded();
            BundleHandle h;
            Status s;
            fixed (byte* p = &MemoryMarshal.GetReference(baked))
            {
                s = Native.pp_bundle_from_bytes(p, (UIntPtr)baked.Length, out h);
            }
            return Wrap(s, h);
        }

        /// <summary>Loads a bundle from a byte array; see <see cref="FromBytes(ReadOnlySpan{byte})"/>.</summary>
        public static MaskBundle FromBytes(byte[] baked)
        {
            if (baked == null) throw new ArgumentNullException("baked");
            return FromBytes(new ReadOnlySpan<byte>(baked));
        }

        /// <summary>Loads a bundle from a baked file on disk; a missing file, or a path that is
        /// not a regular file (a FIFO, a directory, a device), throws with
        /// <see cref="Status.Io"/>.</summary>
        public static MaskBundle FromFile(string path)
        {
            byte[] utf8 = PerPixelException.Utf8Z(path, "path");
            Library.EnsureLoaded();
            BundleHandle h;
            Status s = Native.pp_bundle_from_path(utf8, out h);
            return Wrap(s, h);
        }

        /// <summary>True once <see cref="Dispose"/> has run.</summary>
        public bool IsDisposed { get { return _handle.IsClosed; } }

        /// <summary>Frees the native bundle. Masks taken from it stay valid.</summary>
        public void Dispose()
        {
            _handle.Dispose();
        }

        /// <summary>Number of masks.</summary>
        public int Count { get { return _names.Count; } }

        /// <summary>The masks' names, in file order (name order, as <c>perpixel bake</c> writes them).</summary>
        public IReadOnlyList<string> Names { get { return _names; } }

        /// <summary>How mask number <paramref name="index"/> (0 to <see cref="Count"/> - 1, in file order) was
        /// made, as the file records it. A single baked mask loads as a bundle of one, so this reads its
        /// threshold too.</summary>
        public BakeInfo InfoAt(int index)
        {
            if (index < 0 || index >= _names.Count)
                throw new ArgumentOutOfRangeException("index", index, "the bundle holds " + _names.Count + " masks");
            NativeBakeInfo info;
            PerPixelException.Check(Native.pp_bundle_info_at(Handle, (UIntPtr)index, out info));
            return new BakeInfo(info);
        }

        /// <summary>How the mask named <paramref name="name"/> was made; throws
        /// <see cref="KeyNotFoundException"/> when there is none.</summary>
        public BakeInfo InfoOf(string name)
        {
            if (name == null) throw new ArgumentNullException("name");
            int index = _names.IndexOf(name);
            if (index < 0) throw new KeyNotFoundException("the bundle holds no mask named '" + name + "'");
            return InfoAt(index);
        }

        /// <summary>Whether a mask is named <paramref name="name"/>.</summary>
        public bool Contains(string name)
        {
            if (name == null) throw new ArgumentNullException("name");
            return _names.Contains(name);
        }

        /// <summary>Looks a mask up by name. When found, <paramref name="mask"/> is a new mask that the caller
        /// owns (dispose it; it stays valid after the bundle is disposed): look each sprite up once and keep
        /// it. When not found, returns false and <paramref name="mask"/> is null.</summary>
        public bool TryGet(string name, out Mask mask)
        {
            byte[] utf8 = PerPixelException.Utf8Z(name, "name");
            byte found;
            MaskHandle h;
            Status s = Native.pp_bundle_get(Handle, utf8, out found, out h);
            if (s == Status.Ok && found == 0)
            {
                if (h != null) h.Dispose();
                mask = null;
                return false;
            }
            mask = Mask.Wrap(s, h);
            return true;
        }

        /// <summary>The mask named <paramref name="name"/>, a new mask the caller owns (dispose it). Throws
        /// <see cref="KeyNotFoundException"/> naming the mask when there is none.</summary>
        public Mask Get(string name)
        {
            Mask mask;
            if (!TryGet(name, out mask))
            {
                throw new KeyNotFoundException("the bundle holds no mask named '" + name + "' (it holds " +
                    Count + ": " + string.Join(", ", Preview()) + ")");
            }
            return mask;
        }

        private IEnumerable<string> Preview()
        {
            int shown = 0;
            foreach (string n in _names)
            {
                if (shown++ == 5) { yield return "..."; yield break; }
                yield return "'" + n + "'";
            }
        }
    }
}
