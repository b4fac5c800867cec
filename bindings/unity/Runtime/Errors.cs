using System;
using System.Runtime.InteropServices;
using System.Text;

namespace PerPixel
{

    /// <summary>Thrown when the native library refuses a call; carries its status and its message.</summary>
    public sealed class PerPixelException : Exception
    {
        /// <summary>The status the native call returned.</summary>
        public Status Status { get; }

        /// <summary>Creates an exception for <paramref name="status"/> with the library's message.</summary>
        public PerPixelException(Status status, string message) : base(message + " (" + status + ")")
        {
            Status = status;
        }

        /// <summary>Throws for any status but <see cref="PerPixel.Status.Ok"/>, with the calling thread's last
        /// error message from the native library.</summary>
        internal static void Check(Status status)
        {
            if (status != Status.Ok)
            {
                throw new PerPixelException(status, Library.LastErrorMessage());
            }
        }

        /// <summary><see cref="Check"/> for a call that hands out a handle: on failure the handle (if any)
        /// is released before throwing.</summary>
        internal static void CheckOwned(Status status, SafeHandle handle)
        {
            if (status != Status.Ok)
            {
                if (handle != null) handle.Dispose();
                Check(status);
            }
        }

        /// <summary><paramref name="value"/> as NUL-terminated UTF-8 for the C ABI. A string holding NUL is
        /// refused: C would read only up to it.</summary>
        internal static byte[] Utf8Z(string value, string param)
        {
            if (value == null) throw new ArgumentNullException(param);
            if (value.IndexOf('\0') >= 0) throw new ArgumentException(param + " cannot contain NUL", param);
            return Encoding.UTF8.GetBytes(value + "\0");
        }
    }

    /// <summary>The native library: version, and the check that it matches this binding.</summary>
    public static class Library
    {
        /// <summary>The version of the C ABI this binding was written for.</summary>
        public const string BindingVersion = "0.9.0";
        // Read from BindingVersion, so the version is written in one place.
        private static readonly uint BindingMajor = uint.Parse(BindingVersion.Split('.')[0]);
        private static readonly uint BindingMinor = uint.Parse(BindingVersion.Split('.')[1]);
        private static volatile bool s_checked;

        /// <summary>The native library's version, e.g. "0.8.0".</summary>
        public static string NativeVersion
        {
            get
            {
                EnsureLoaded();
                return Marshal.PtrToStringAnsi(Native.pp_version());
            }
        }

        /// <summary>Checks once that the native library loads and that its major and minor version match
        /// <see cref="BindingVersion"/>; every API call does this first. Throws a
        /// <see cref="PerPixelException"/> that says what to do otherwise.</summary>
        public static void EnsureLoaded()
        {
            if (s_checked)
            {
                return;
            }
            uint number;
            try
            {
                number = Native.pp_version_number();
            }
            catch (DllNotFoundException e)
            {
                throw new PerPixelException(Status.LibraryNotFound, MissingLibraryMessage(e.Message));
            }
            catch (EntryPointNotFoundException e)
            {
                throw new PerPixelException(Status.VersionMismatch,
                    "the native perpixel library is too old for this binding " + BindingVersion + " [" + e.Message + "]");
            }
            CheckVersionNumber(number);
            s_checked = true;
        }

        /// <summary>What to do when the native library cannot be loaded: the platform this process runs
        /// on, the file it needs there and how to get it. The release tarball carries Windows x64 and
        /// Linux x64; the other platforms' binaries are built from the same release (package README,
        /// "Other platforms").</summary>
        internal static string MissingLibraryMessage(string loaderMessage)
        {
            string arch = RuntimeInformation.ProcessArchitecture.ToString().ToLowerInvariant();
            string platform, file, folder, build;
#if UNITY_IOS && !UNITY_EDITOR
            platform = "iOS " + arch; file = "libperpixel.a"; folder = "iOS";
            build = "cargo build --release --lib --target aarch64-apple-ios on a Mac";
#elif UNITY_ANDROID && !UNITY_EDITOR
            platform = "Android " + arch; file = "libperpixel.so"; folder = "Android/arm64-v8a";
            build = "cargo ndk -t arm64-v8a build --release --lib";
#else
            if (RuntimeInformation.IsOSPlatform(OSPlatform.Windows))
            {
                platform = "Windows " + arch; file = "perpixel.dll"; folder = "x86_64";
                build = "the release tarball's Runtime/Plugins/x86_64/perpixel.dll (x64 only)";
            }
            else if (RuntimeInformation.IsOSPlatform(OSPlatform.OSX))
            {
                platform = "macOS " + arch; file = "libperpixel.dylib"; folder = "macOS";
                build = "cargo build --release --lib for aarch64-apple-darwin and x86_64-apple-darwin on a Mac, " +
                        "joined with lipo -create";
            }
            else
            {
                platform = "Linux " + arch; file = "libperpixel.so"; folder = "x86_64";
                build = arch == "x64"
                    ? "the release tarball's Runtime/Plugins/x86_64/libperpixel.so"
                    : "cargo build --release --lib on that machine (the release ships x64 only)";
            }
#endif
            return "the native perpixel library could not be loaded on " + platform + ": it needs " + file +
                   " in the package's Runtime/Plugins/" + folder + "/ folder (or Assets/Plugins/" + folder +
                   "/, or beside the executable), from " + build + ", the same release as this binding " +
                   BindingVersion + " (package README, \"Other platforms\") [" + loaderMessage + "]";
        }

        /// <summary>Throws <see cref="Status.VersionMismatch"/> unless the native version number
        /// (major × 10000 + minor × 100 + patch) has this binding's major and minor version.</summary>
        internal static void CheckVersionNumber(uint number)
        {
            uint major = number / 10000, minor = number / 100 % 100;
            if (major != BindingMajor || minor != BindingMinor)
            {
                throw new PerPixelException(Status.VersionMismatch,
                    "the native perpixel library is version " + major + "." + minor + "." + number % 100 +
                    " but this C# binding is " + BindingVersion + ": build the library from the same release");
            }
        }

        /// <summary>The default of <see cref="MaxMaskPixels"/>: 2^26 pixels (e.g. 8192 x 8192), as
        /// <c>PP_MAX_MASK_PIXELS</c> in perpixel.h.</summary>
        public const ulong DefaultMaxMaskPixels = Native.MaxMaskPixels;

        /// <summary>The most pixels one mask may hold, for the whole process (default
        /// <see cref="DefaultMaxMaskPixels"/>). Building a larger mask, or loading an image whose header claims
        /// more, throws a <see cref="PerPixelException"/> with <see cref="PerPixel.Status.TooLarge"/> before
        /// anything is allocated, so a hostile image cannot make the game allocate gigabytes. Set it once at
        /// start-up; masks already built are unaffected. Setting 0 throws
        /// (<see cref="PerPixel.Status.InvalidArgument"/>) and keeps the old limit.</summary>
        public static ulong MaxMaskPixels
        {
            get
            {
                EnsureLoaded();
                return Native.pp_max_mask_pixels();
            }
            set
            {
                EnsureLoaded();
                PerPixelException.Check(Native.pp_set_max_mask_pixels(value));
            }
        }

        /// <summary>The text the native library gives for a status code.</summary>
        public static string StatusText(Status status)
        {
            EnsureLoaded();
            return Marshal.PtrToStringAnsi(Native.pp_status_text((uint)status));
        }

        /// <summary>The calling thread's last error message from the native library ("" if none).</summary>
        public static string LastErrorMessage()
        {
            // The buffer convention: size (NUL included), then fill. The message cannot change
            // between the two calls: only a failing call on this thread replaces it.
            UIntPtr len;
            if (Native.pp_last_error_message_copy(null, UIntPtr.Zero, out len) != Status.Ok) return "";
            var buf = new byte[checked((int)len.ToUInt64())];
            if (Native.pp_last_error_message_copy(buf, (UIntPtr)buf.Length, out len) != Status.Ok) return "";
            return Encoding.UTF8.GetString(buf, 0, buf.Length - 1);
        }
    }
}
