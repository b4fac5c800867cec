// Unity glue: compiled only inside Unity (and by the Mono tests against a UnityEngine stand-in).
#if UNITY_5_3_OR_NEWER
using System;
using System.Collections.Generic;
using System.Text;

namespace PerPixel.Unity
{
    /// <summary>
    /// The alpha threshold each mask of a baked file was made with, read from the file's entry headers
    /// (format version 1, documented in the crate's <c>baked</c> module) so that
    /// <see cref="SpriteCollider"/> can warn when its <c>alphaThreshold</c> differs. A stopgap: the C ABI
    /// does not expose the bake information yet; when it does, this reader goes. It is only used on bytes
    /// the native library has already validated, reads only the entry headers, and gives up (null) on
    /// anything unexpected rather than throwing: the warning is advice, never a reason to fail.
    /// </summary>
    internal static class BakedThresholds
    {
        /// <summary>Each entry's name and recorded threshold (null when the entry records none), in file
        /// order; null when the bytes are not a version-1 baked file this reader understands.</summary>
        internal static List<KeyValuePair<string, int?>> Read(byte[] file)
        {
            if (file == null || file.Length < 16) return null;
            if (file[0] != (byte)'P' || file[1] != (byte)'P' || file[2] != (byte)'M' || file[3] != (byte)'K') return null;
            if (U16(file, 4) != 1) return null;
            long count = U32(file, 8);
            long at = 12, end = file.Length - 4; // the last 4 bytes are the checksum
            var entries = new List<KeyValuePair<string, int?>>();
            for (long i = 0; i < count; i++)
            {
                if (at + 2 > end) return null;
                int nameLen = U16(file, at);
                at += 2;
                if (at + nameLen + 4 + 4 + 1 + 1 + 3 > end) return null;
                string name;
                try
                {
                    name = new UTF8Encoding(false, true).GetString(file, (int)at, nameLen);
                }
                catch (ArgumentException)
                {
                    return null;
                }
                at += nameLen;
                long width = U32(file, at), height = U32(file, at + 4);
                at += 8;
                byte flags = file[at], threshold = file[at + 1];
                at += 2 + 3;
                entries.Add(new KeyValuePair<string, int?>(name, (flags & 2) != 0 ? threshold : (int?)null));
                long bits = height * ((width + 7) / 8);
                if (bits > end - at) return null;
                at += bits;
            }
            return at == end ? entries : null;
        }

        /// <summary>The threshold recorded for the entry named <paramref name="name"/>, or for a file's only
        /// entry when <paramref name="name"/> is null; null when not recorded or not readable.</summary>
        internal static int? Find(List<KeyValuePair<string, int?>> entries, string name)
        {
            if (entries == null) return null;
            if (name == null) return entries.Count == 1 ? entries[0].Value : null;
            foreach (var e in entries) if (e.Key == name) return e.Value;
            return null;
        }

        private static int U16(byte[] b, long at)
        {
            return b[at] | b[at + 1] << 8;
        }

        private static long U32(byte[] b, long at)
        {
            return (long)((uint)b[at] | (uint)b[at + 1] << 8 | (uint)b[at + 2] << 16 | (uint)b[at + 3] << 24);
        }
    }
}
#endif
