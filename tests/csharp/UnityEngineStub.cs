// A stand-in for the few UnityEngine types the package's Unity glue uses, with the same
// names and member shapes as Unity's, so that `mcs -define:UNITY_5_3_OR_NEWER` can check
// the glue compiles outside Unity, and so that tests/csharp/UnityGlueTests.cs can run the
// glue's logic under Mono. It is never shipped. Where Unity's behaviour matters to the
// glue (Mathf.RoundToInt rounds halves to even; GetPixels32 copies the whole texture,
// bottom row first; GetPixelData is a view of mip 0 without a copy; GetComponent searches
// the GameObject), the stand-in behaves the same way, and it counts the calls that copy or
// search so tests can check the glue avoids them.
// Unity's own types carry no XML docs here: only the glue's must.
#pragma warning disable 1591
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace UnityEngine
{
    public partial struct Color32
    {
        public byte r, g, b, a;
        public Color32(byte r, byte g, byte b, byte a) { this.r = r; this.g = g; this.b = b; this.a = a; }
    }
    public partial struct Rect
    {
        public float x, y, width, height;
        public Rect(float x, float y, float width, float height) { this.x = x; this.y = y; this.width = width; this.height = height; }
    }
    public partial struct RectInt
    {
        public int x, y, width, height;
        public RectInt(int x, int y, int width, int height) { this.x = x; this.y = y; this.width = width; this.height = height; }
        public override string ToString() { return "(x:" + x + ", y:" + y + ", width:" + width + ", height:" + height + ")"; }
    }
    public partial struct Vector2
    {
        public float x, y;
        public Vector2(float x, float y) { this.x = x; this.y = y; }
    }
    public partial struct Vector3
    {
        public float x, y, z;
        public Vector3(float x, float y, float z) { this.x = x; this.y = y; this.z = z; }
    }
    public partial struct Vector2Int
    {
        public Vector2Int(int x, int y) { this.x = x; this.y = y; }
        public int x, y;
        public override string ToString() { return "(" + x + ", " + y + ")"; }
    }
    public static partial class Mathf
    {
        // Unity's RoundToInt is Math.Round: halves to even.
        public static int RoundToInt(float f) { return (int)Math.Round(f); }
        public static int Clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
    }
    public static partial class Debug
    {
        public static readonly List<string> Warnings = new List<string>();
        public static void LogWarning(object message) { Warnings.Add(message == null ? "null" : message.ToString()); }
    }
    public partial class Object { public string name; }
    public enum TextureFormat { Alpha8 = 1, RGB24 = 3, RGBA32 = 4, ARGB32 = 5, BGRA32 = 14 }
    public partial class Texture2D : Object
    {
        public int width, height;
        public bool isReadable = true;
        public TextureFormat format;
        // The texture's bytes (mip 0), bottom row first, in the byte order of `format`.
        public byte[] data;
        public int getPixels32Calls, getPixelDataCalls;
        private GCHandle _pin;

        public Texture2D(int width, int height, TextureFormat format, byte[] data)
        {
            this.width = width; this.height = height; this.format = format; this.data = data;
        }

        public Color32[] GetPixels32()
        {
            getPixels32Calls++;
            var px = new Color32[width * height];
            for (int i = 0; i < px.Length; i++)
            {
                switch (format)
                {
                    case TextureFormat.Alpha8: px[i] = new Color32(255, 255, 255, data[i]); break;
                    case TextureFormat.RGB24: px[i] = new Color32(data[3 * i], data[3 * i + 1], data[3 * i + 2], 255); break;
                    case TextureFormat.RGBA32: px[i] = new Color32(data[4 * i], data[4 * i + 1], data[4 * i + 2], data[4 * i + 3]); break;
                    case TextureFormat.ARGB32: px[i] = new Color32(data[4 * i + 1], data[4 * i + 2], data[4 * i + 3], data[4 * i]); break;
                    case TextureFormat.BGRA32: px[i] = new Color32(data[4 * i + 2], data[4 * i + 1], data[4 * i], data[4 * i + 3]); break;
                }
            }
            return px;
        }

        public unsafe Unity.Collections.NativeArray<T> GetPixelData<T>(int mipLevel) where T : struct
        {
            if (mipLevel != 0 || typeof(T) != typeof(byte)) throw new NotSupportedException("stub: mip 0 as bytes only");
            getPixelDataCalls++;
            if (!_pin.IsAllocated) _pin = GCHandle.Alloc(data, GCHandleType.Pinned);
            return new Unity.Collections.NativeArray<T>((void*)_pin.AddrOfPinnedObject(), data.Length);
        }
    }
    public partial class Sprite : Object
    {
        public Texture2D texture;
        public Rect rect;
        public Rect textureRect;
        public Vector2 pivot;
        public float pixelsPerUnit = 100;
    }
    public partial class TextAsset : Object
    {
        private readonly byte[] _bytes;
        public int bytesCalls;
        public TextAsset(string name, byte[] bytes) { this.name = name; _bytes = bytes; }
        // Unity returns a new copy on every call.
        public byte[] bytes { get { bytesCalls++; return (byte[])_bytes.Clone(); } }
    }
    public partial struct Matrix4x4
    {
        public float m00, m01, m02, m03, m10, m11, m12, m13, m20, m21, m22, m23, m30, m31, m32, m33;
        public static Matrix4x4 identity
        {
            get { return new Matrix4x4 { m00 = 1, m11 = 1, m22 = 1, m33 = 1 }; }
        }
    }
    // Unity's Transform, reduced to what the glue reads: the world position and the local-to-world
    // matrix (rotation, scale and skew from parents; tests set it directly).
    public partial class Transform
    {
        public Vector3 position;
        public Matrix4x4 localToWorldMatrix = Matrix4x4.identity;
    }
    public partial class GameObject : Object
    {
        public readonly Transform transform = new Transform();
        public int layer;
        internal readonly List<Component> components = new List<Component>();
        public GameObject(string name) { this.name = name; }
        public T AddComponent<T>() where T : Component, new()
        {
            var c = new T();
            c.gameObject = this;
            c.name = name; // as in Unity, a component is named after its GameObject
            components.Add(c);
            return c;
        }
        public T GetComponent<T>()
        {
            foreach (Component c in components) if (c is T) return (T)(object)c;
            return default(T);
        }
    }
    public partial class Component : Object
    {
        public static int getComponentCalls, transformCalls;
        public GameObject gameObject { get; internal set; }
        public Transform transform { get { transformCalls++; return gameObject.transform; } }
        public T GetComponent<T>()
        {
            getComponentCalls++;
            return gameObject.GetComponent<T>();
        }
    }
    public partial class Behaviour : Component { }
    public partial class MonoBehaviour : Behaviour { }
    public partial class SpriteRenderer : Component { public Sprite sprite; public bool flipX, flipY; }
    public partial class Collider2D : Behaviour { }
    // Unity's PolygonCollider2D: pathCount resizes the paths (new ones empty), SetPath and GetPath
    // copy, an index outside the paths throws.
    public partial class PolygonCollider2D : Collider2D
    {
        private readonly List<Vector2[]> _paths = new List<Vector2[]>();
        public int pathCount
        {
            get { return _paths.Count; }
            set
            {
                if (value < 0) throw new ArgumentOutOfRangeException("value");
                while (_paths.Count > value) _paths.RemoveAt(_paths.Count - 1);
                while (_paths.Count < value) _paths.Add(new Vector2[0]);
            }
        }
        public void SetPath(int index, Vector2[] points)
        {
            if (index < 0 || index >= _paths.Count) throw new ArgumentOutOfRangeException("index");
            if (points == null) throw new ArgumentNullException("points");
            _paths[index] = (Vector2[])points.Clone();
        }
        public Vector2[] GetPath(int index)
        {
            if (index < 0 || index >= _paths.Count) throw new ArgumentOutOfRangeException("index");
            return (Vector2[])_paths[index].Clone();
        }
    }
    public class RangeAttribute : Attribute { public RangeAttribute(float min, float max) { } }
    public class TooltipAttribute : Attribute { public TooltipAttribute(string tooltip) { } }
}

namespace Unity.Collections
{
    public unsafe struct NativeArray<T> where T : struct
    {
        internal readonly void* ptr;
        public readonly int Length;
        public NativeArray(void* ptr, int length) { this.ptr = ptr; Length = length; }
    }
}

namespace Unity.Collections.LowLevel.Unsafe
{
    public static unsafe class NativeArrayUnsafeUtility
    {
        public static void* GetUnsafeReadOnlyPtr<T>(NativeArray<T> array) where T : struct { return array.ptr; }
    }
}
