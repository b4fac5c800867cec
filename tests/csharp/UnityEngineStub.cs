// A stand-in for the UnityEngine types the package's Unity glue uses, with the same names and member
// shapes as Unity's, so that `mcs -define:UNITY_5_3_OR_NEWER` can check the glue compiles outside Unity,
// and so that the tests (UnityGlueTests.cs, PixelWorldTests.cs, PixelWorldQueryTests.cs, GizmoTests.cs, EditorBakeTests.cs) can run the glue under
// Mono the way a Unity scene drives it. It is never shipped.
//
// Where the glue depends on Unity's behaviour, the stand-in does what Unity does:
// - Math in float with Unity's formulas: Quaternion.Euler (z, then x, then y; half angles through
//   float sin/cos), Quaternion * Quaternion, Matrix4x4.TRS and Matrix4x4 * Matrix4x4, and
//   Transform.localToWorldMatrix = parent.localToWorldMatrix * TRS(local); so Euler(0, 0, 90) gives the
//   matrix [5.96e-8, -0.99999994; 0.99999994, 5.96e-8] Unity gives. A world position set on a child is
//   turned into a local one through the parent's inverse (in double, rounded to float).
// - Objects: UnityEngine.Object's == and != treat a destroyed object as null (the "fake null"), and its
//   name throws MissingReferenceException once destroyed; Object.Destroy is deferred to the end of the
//   frame (OnDisable, then OnDestroy, children too); DestroyImmediate is at once.
// - Messages: AddComponent on an active GameObject runs Awake then OnEnable at once; SetActive(false)
//   runs OnDisable on every enabled Behaviour of the object and its active children (parent first),
//   SetActive(true) runs Awake (first time) and OnEnable; Behaviour.enabled runs OnEnable/OnDisable. An
//   exception thrown by a message is logged through Debug.LogException and does not propagate.
// - The frame loop (Frame.Step): Start (once, before the first Update) and Update on every active,
//   enabled Behaviour, then LateUpdate on each, then the deferred destroys; in script order
//   ([DefaultExecutionOrder], then creation order).
// - Mathf.RoundToInt rounds halves to even; GetPixels32 copies the whole texture, bottom row first;
//   GetPixelData is a view of mip 0 without a copy; GetComponent searches the GameObject; Physics2D keeps
//   the layer collision matrix (all layers collide by default). Calls that copy or search are counted so
//   tests can check the glue avoids them.
// Unity's own types carry no XML docs here: only the glue's must.
#pragma warning disable 1591
using System;
using System.Collections.Generic;
using System.Reflection;
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
        public static implicit operator Vector2(Vector3 v) { return new Vector2(v.x, v.y); }
        public static implicit operator Vector3(Vector2 v) { return new Vector3(v.x, v.y, 0); }
        public static Vector2 operator +(Vector2 a, Vector2 b) { return new Vector2(a.x + b.x, a.y + b.y); }
        public static Vector2 operator -(Vector2 a, Vector2 b) { return new Vector2(a.x - b.x, a.y - b.y); }
        public static Vector2 operator *(Vector2 a, float d) { return new Vector2(a.x * d, a.y * d); }
        public override string ToString() { return "(" + x.ToString("F2") + ", " + y.ToString("F2") + ")"; }
    }
    public partial struct Vector3
    {
        public float x, y, z;
        public Vector3(float x, float y, float z) { this.x = x; this.y = y; this.z = z; }
        public static Vector3 one { get { return new Vector3(1, 1, 1); } }
        public static Vector3 zero { get { return new Vector3(0, 0, 0); } }
        public static Vector3 operator +(Vector3 a, Vector3 b) { return new Vector3(a.x + b.x, a.y + b.y, a.z + b.z); }
        public static Vector3 operator -(Vector3 a, Vector3 b) { return new Vector3(a.x - b.x, a.y - b.y, a.z - b.z); }
        public override string ToString() { return "(" + x.ToString("F2") + ", " + y.ToString("F2") + ", " + z.ToString("F2") + ")"; }
    }
    public partial struct Vector2Int
    {
        public Vector2Int(int x, int y) { this.x = x; this.y = y; }
        public int x, y;
        public override string ToString() { return "(" + x + ", " + y + ")"; }
    }
    public static partial class Mathf
    {
        public const float PI = 3.14159274F;
        public const float Deg2Rad = PI * 2F / 360F;
        // Unity's RoundToInt is Math.Round: halves to even.
        public static int RoundToInt(float f) { return (int)Math.Round(f); }
        public static int Clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
        public static float Sin(float f) { return (float)Math.Sin(f); }
        public static float Cos(float f) { return (float)Math.Cos(f); }
        public static float Sqrt(float f) { return (float)Math.Sqrt(f); }
    }

    // Unity's Quaternion: float components, Euler angles in degrees applied z, then x, then y.
    public partial struct Quaternion
    {
        public float x, y, z, w;
        public Quaternion(float x, float y, float z, float w) { this.x = x; this.y = y; this.z = z; this.w = w; }
        public static Quaternion identity { get { return new Quaternion(0, 0, 0, 1); } }

        public static Quaternion Euler(float x, float y, float z)
        {
            float hx = x * Mathf.Deg2Rad * 0.5f, hy = y * Mathf.Deg2Rad * 0.5f, hz = z * Mathf.Deg2Rad * 0.5f;
            var qx = new Quaternion(Mathf.Sin(hx), 0, 0, Mathf.Cos(hx));
            var qy = new Quaternion(0, Mathf.Sin(hy), 0, Mathf.Cos(hy));
            var qz = new Quaternion(0, 0, Mathf.Sin(hz), Mathf.Cos(hz));
            return qy * qx * qz;
        }

        public static Quaternion Euler(Vector3 e) { return Euler(e.x, e.y, e.z); }

        public static Quaternion operator *(Quaternion l, Quaternion r)
        {
            return new Quaternion(
                l.w * r.x + l.x * r.w + l.y * r.z - l.z * r.y,
                l.w * r.y + l.y * r.w + l.z * r.x - l.x * r.z,
                l.w * r.z + l.z * r.w + l.x * r.y - l.y * r.x,
                l.w * r.w - l.x * r.x - l.y * r.y - l.z * r.z);
        }

        public static Quaternion Inverse(Quaternion q)
        {
            // Unity's rotations are unit quaternions: the inverse is the conjugate.
            return new Quaternion(-q.x, -q.y, -q.z, q.w);
        }
    }

    public partial struct Matrix4x4
    {
        public float m00, m01, m02, m03, m10, m11, m12, m13, m20, m21, m22, m23, m30, m31, m32, m33;
        public static Matrix4x4 identity
        {
            get { return new Matrix4x4 { m00 = 1, m11 = 1, m22 = 1, m33 = 1 }; }
        }

        // Unity's Matrix4x4.TRS, in float.
        public static Matrix4x4 TRS(Vector3 pos, Quaternion q, Vector3 s)
        {
            float x = q.x * 2F, y = q.y * 2F, z = q.z * 2F;
            float xx = q.x * x, yy = q.y * y, zz = q.z * z;
            float xy = q.x * y, xz = q.x * z, yz = q.y * z;
            float wx = q.w * x, wy = q.w * y, wz = q.w * z;
            var m = new Matrix4x4();
            m.m00 = (1F - (yy + zz)) * s.x; m.m01 = (xy - wz) * s.y; m.m02 = (xz + wy) * s.z; m.m03 = pos.x;
            m.m10 = (xy + wz) * s.x; m.m11 = (1F - (xx + zz)) * s.y; m.m12 = (yz - wx) * s.z; m.m13 = pos.y;
            m.m20 = (xz - wy) * s.x; m.m21 = (yz + wx) * s.y; m.m22 = (1F - (xx + yy)) * s.z; m.m23 = pos.z;
            m.m33 = 1F;
            return m;
        }

        public float this[int row, int column]
        {
            get
            {
                switch (row * 4 + column)
                {
                    case 0: return m00; case 1: return m01; case 2: return m02; case 3: return m03;
                    case 4: return m10; case 5: return m11; case 6: return m12; case 7: return m13;
                    case 8: return m20; case 9: return m21; case 10: return m22; case 11: return m23;
                    case 12: return m30; case 13: return m31; case 14: return m32; default: return m33;
                }
            }
            set
            {
                switch (row * 4 + column)
                {
                    case 0: m00 = value; break; case 1: m01 = value; break; case 2: m02 = value; break; case 3: m03 = value; break;
                    case 4: m10 = value; break; case 5: m11 = value; break; case 6: m12 = value; break; case 7: m13 = value; break;
                    case 8: m20 = value; break; case 9: m21 = value; break; case 10: m22 = value; break; case 11: m23 = value; break;
                    case 12: m30 = value; break; case 13: m31 = value; break; case 14: m32 = value; break; default: m33 = value; break;
                }
            }
        }

        // Float products summed left to right, as Unity's operator *.
        public static Matrix4x4 operator *(Matrix4x4 l, Matrix4x4 r)
        {
            var m = new Matrix4x4();
            for (int i = 0; i < 4; i++)
                for (int j = 0; j < 4; j++)
                    m[i, j] = l[i, 0] * r[0, j] + l[i, 1] * r[1, j] + l[i, 2] * r[2, j] + l[i, 3] * r[3, j];
            return m;
        }

        public Vector3 MultiplyPoint3x4(Vector3 p)
        {
            return new Vector3(m00 * p.x + m01 * p.y + m02 * p.z + m03, m10 * p.x + m11 * p.y + m12 * p.z + m13,
                m20 * p.x + m21 * p.y + m22 * p.z + m23);
        }
    }

    public class MissingReferenceException : Exception
    {
        public MissingReferenceException(string message) : base(message) { }
    }

    // The log: every Debug call is kept (tests read and clear these lists).
    public static partial class Debug
    {
        public static readonly List<string> Logs = new List<string>();
        public static readonly List<string> Warnings = new List<string>();
        public static readonly List<string> Errors = new List<string>();
        public static readonly List<Exception> Exceptions = new List<Exception>();
        public static void Log(object message) { Logs.Add(message == null ? "null" : message.ToString()); }
        public static void LogWarning(object message) { Warnings.Add(message == null ? "null" : message.ToString()); }
        public static void LogWarning(object message, Object context) { LogWarning(message); }
        public static void LogError(object message) { Errors.Add(message == null ? "null" : message.ToString()); }
        public static void LogError(object message, Object context) { LogError(message); }
        public static void LogException(Exception exception) { Exceptions.Add(exception); }
        public static void LogException(Exception exception, Object context) { Exceptions.Add(exception); }
    }

    public partial class Object
    {
        private static int s_nextId = 1;
        private readonly int _id = s_nextId++;
        private string _name;
        internal bool destroyed;

        public string name
        {
            get
            {
                if (destroyed) throw new MissingReferenceException("The object of type '" + GetType().Name +
                    "' has been destroyed but you are still trying to access it.");
                return NameOf();
            }
            set { _name = value; }
        }

        internal virtual string NameOf() { return _name; }

        public int GetInstanceID() { return _id; }

        // Unity's comparison: a destroyed object equals null; two references to one object are equal.
        private static bool Same(Object a, Object b)
        {
            bool aNull = (object)a == null, bNull = (object)b == null;
            if (aNull && bNull) return true;
            if (bNull) return a.destroyed;
            if (aNull) return b.destroyed;
            return a._id == b._id;
        }

        public static bool operator ==(Object a, Object b) { return Same(a, b); }
        public static bool operator !=(Object a, Object b) { return !Same(a, b); }
        public static implicit operator bool(Object o) { return !Same(o, null); }
        public override bool Equals(object other)
        {
            var o = other as Object;
            if (o == null && other != null && !(other is Object)) return false;
            return Same(this, o);
        }
        public override int GetHashCode() { return _id; }
        public override string ToString() { return destroyed ? "null" : NameOf() + " (" + GetType().Name + ")"; }

        // Deferred to the end of the frame, as Unity does.
        public static void Destroy(Object o)
        {
            if ((object)o == null || o.destroyed) return;
            Frame.pendingDestroys.Add(o);
        }

        public static void DestroyImmediate(Object o)
        {
            if ((object)o == null || o.destroyed) return;
            Frame.pendingDestroys.Remove(o);
            var go = o as GameObject;
            if (go != null) go.DestroyNow();
            var c = o as Component;
            if (c != null) c.gameObject.DestroyComponentNow(c);
            o.destroyed = true;
        }
    }

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

    // Unity's Transform: local position, rotation and scale under an optional parent; the world matrix
    // and position are computed from them in float, as Unity does.
    public partial class Transform : Component
    {
        public Vector3 localPosition;
        public Quaternion localRotation = Quaternion.identity;
        public Vector3 localScale = Vector3.one;
        private Transform _parent;
        internal readonly List<Transform> children = new List<Transform>();

        public Transform parent { get { return _parent; } set { SetParent(value); } }

        // Keeps the local values (Unity's SetParent(p, false)): the world pose follows the new parent.
        public void SetParent(Transform p)
        {
            if ((object)_parent != null) _parent.children.Remove(this);
            _parent = p;
            if ((object)p != null) p.children.Add(this);
            gameObject.UpdateActiveInHierarchy();
        }

        public Matrix4x4 localToWorldMatrix
        {
            get
            {
                Matrix4x4 local = Matrix4x4.TRS(localPosition, localRotation, localScale);
                return (object)_parent == null ? local : _parent.localToWorldMatrix * local;
            }
        }

        public Vector3 position
        {
            get { return (object)_parent == null ? localPosition : _parent.localToWorldMatrix.MultiplyPoint3x4(localPosition); }
            set
            {
                if ((object)_parent == null) { localPosition = value; return; }
                // The parent's inverse, in double.
                Matrix4x4 m = _parent.localToWorldMatrix;
                double a = m.m00, b = m.m01, c = m.m02, d = m.m10, e = m.m11, f = m.m12, g = m.m20, h = m.m21, k = m.m22;
                double det = a * (e * k - f * h) - b * (d * k - f * g) + c * (d * h - e * g);
                double px = value.x - m.m03, py = value.y - m.m13, pz = value.z - m.m23;
                localPosition = new Vector3(
                    (float)(((e * k - f * h) * px - (b * k - c * h) * py + (b * f - c * e) * pz) / det),
                    (float)((-(d * k - f * g) * px + (a * k - c * g) * py - (a * f - c * d) * pz) / det),
                    (float)(((d * h - e * g) * px - (a * h - b * g) * py + (a * e - b * d) * pz) / det));
            }
        }

        // The inspector's Rotation field: Euler angles in degrees, applied z, x, y (Quaternion.Euler).
        public Vector3 localEulerAngles
        {
            get { return _localEuler; }
            set
            {
                _localEuler = value;
                localRotation = Quaternion.Euler(value);
            }
        }
        private Vector3 _localEuler;

        public Quaternion rotation
        {
            get { return (object)_parent == null ? localRotation : _parent.rotation * localRotation; }
            set { localRotation = (object)_parent == null ? value : Quaternion.Inverse(_parent.rotation) * value; }
        }
    }

    public partial class GameObject : Object
    {
        private readonly Transform _transform;
        public int layer;
        private bool _activeSelf = true;
        internal bool activeInHierarchyCached = true;
        internal readonly List<Component> components = new List<Component>();

        public GameObject(string name)
        {
            this.name = name;
            _transform = new Transform();
            _transform.gameObject = this;
            components.Add(_transform);
        }

        public Transform transform { get { return _transform; } }
        public bool activeSelf { get { return _activeSelf; } }
        public bool activeInHierarchy { get { return activeInHierarchyCached; } }

        private bool ComputeActive()
        {
            Transform p = _transform.parent;
            return _activeSelf && ((object)p == null || p.gameObject.activeInHierarchyCached);
        }

        public void SetActive(bool value)
        {
            if (destroyed) throw new MissingReferenceException("SetActive on a destroyed GameObject");
            _activeSelf = value;
            UpdateActiveInHierarchy();
        }

        // Brings activeInHierarchy up to date here and below, running OnEnable / OnDisable (parent first).
        internal void UpdateActiveInHierarchy()
        {
            bool now = !destroyed && ComputeActive();
            if (now != activeInHierarchyCached)
            {
                activeInHierarchyCached = now;
                foreach (Component c in components.ToArray())
                {
                    var b = c as Behaviour;
                    if (b == null || b.destroyed || !b.enabledField) continue;
                    if (now)
                    {
                        b.AwakeOnce();
                        if (activeInHierarchyCached && b.enabledField && !b.destroyed) b.RunEnable();
                    }
                    else b.RunDisable();
                }
            }
            foreach (Transform child in _transform.children.ToArray()) child.gameObject.UpdateActiveInHierarchy();
        }

        public T AddComponent<T>() where T : Component, new()
        {
            if (destroyed) throw new MissingReferenceException("AddComponent on a destroyed GameObject");
            var c = new T();
            c.gameObject = this;
            components.Add(c);
            var b = c as Behaviour;
            if (b != null)
            {
                Frame.behaviours.Add(b);
                if (activeInHierarchyCached)
                {
                    b.AwakeOnce();
                    if (activeInHierarchyCached && b.enabledField && !b.destroyed) b.RunEnable();
                }
            }
            return c;
        }

        public T GetComponent<T>()
        {
            foreach (Component c in components) if (!c.destroyed && c is T) return (T)(object)c;
            return default(T);
        }

        public void GetComponents<T>(List<T> results)
        {
            results.Clear();
            foreach (Component c in components) if (!c.destroyed && c is T) results.Add((T)(object)c);
        }

        public T[] GetComponents<T>()
        {
            var list = new List<T>();
            GetComponents(list);
            return list.ToArray();
        }

        internal void DestroyNow()
        {
            if (destroyed) return;
            foreach (Transform child in _transform.children.ToArray()) child.gameObject.DestroyNow();
            foreach (Component c in components.ToArray()) DestroyComponentNow(c);
            destroyed = true;
            activeInHierarchyCached = false;
            Transform p = _transform.parent;
            if ((object)p != null) p.children.Remove(_transform);
        }

        internal void DestroyComponentNow(Component c)
        {
            if (c.destroyed) return;
            var b = c as Behaviour;
            if (b != null)
            {
                if (activeInHierarchyCached && b.enabledField) b.RunDisable();
                if (b.awoken) Frame.Send(b, "OnDestroy");
                Frame.behaviours.Remove(b);
            }
            c.destroyed = true;
            components.Remove(c);
        }
    }

    public partial class Component : Object
    {
        public static int getComponentCalls, transformCalls;
        public GameObject gameObject { get; internal set; }
        // As in Unity, a component is named after its GameObject.
        internal override string NameOf() { return gameObject.NameOf(); }
        public Transform transform { get { transformCalls++; return gameObject.transform; } }
        public T GetComponent<T>()
        {
            getComponentCalls++;
            return gameObject.GetComponent<T>();
        }
        public void GetComponents<T>(List<T> results)
        {
            getComponentCalls++;
            gameObject.GetComponents(results);
        }
        public T[] GetComponents<T>()
        {
            getComponentCalls++;
            return gameObject.GetComponents<T>();
        }
    }

    public partial class Behaviour : Component
    {
        internal bool enabledField = true, awoken, started, isEnabledNow;

        public bool enabled
        {
            get { return enabledField; }
            set
            {
                if (value == enabledField) return;
                enabledField = value;
                if (destroyed || !gameObject.activeInHierarchy) return;
                if (value)
                {
                    AwakeOnce();
                    RunEnable();
                }
                else RunDisable();
            }
        }

        public bool isActiveAndEnabled { get { return !destroyed && enabledField && gameObject.activeInHierarchy; } }

        internal void AwakeOnce()
        {
            if (awoken) return;
            awoken = true;
            Frame.Send(this, "Awake");
        }

        internal void RunEnable()
        {
            if (isEnabledNow) return;
            isEnabledNow = true;
            Frame.Send(this, "OnEnable");
        }

        internal void RunDisable()
        {
            if (!isEnabledNow) return;
            isEnabledNow = false;
            Frame.Send(this, "OnDisable");
        }
    }
    public partial class MonoBehaviour : Behaviour { }
    public partial class Renderer : Component { }
    public partial class SpriteRenderer : Renderer { public Sprite sprite; public bool flipX, flipY; }
    public partial class Collider2D : Behaviour { }

    // The frame loop a scene test drives: Frame.Step() is one Unity frame.
    public static class Frame
    {
        internal static readonly List<Behaviour> behaviours = new List<Behaviour>();
        internal static readonly List<Object> pendingDestroys = new List<Object>();
        public static int frameCount;

        // Runs a message as Unity does: an exception is logged, never propagated.
        internal static void Send(Behaviour b, string message)
        {
            MethodInfo m = null;
            for (Type t = b.GetType(); t != null && m == null; t = t.BaseType)
                m = t.GetMethod(message, BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly,
                    null, Type.EmptyTypes, null);
            if (m == null) return;
            try { m.Invoke(b, null); }
            catch (TargetInvocationException e) { Debug.LogException(e.InnerException, b); }
        }

        // Unity's order of scripts: by [DefaultExecutionOrder] (0 without), then (here) creation order.
        private static Behaviour[] Ordered()
        {
            Behaviour[] all = behaviours.ToArray();
            var keys = new int[all.Length];
            var seq = new int[all.Length];
            for (int i = 0; i < all.Length; i++)
            {
                var a = (DefaultExecutionOrder)Attribute.GetCustomAttribute(all[i].GetType(), typeof(DefaultExecutionOrder));
                keys[i] = a == null ? 0 : a.order;
                seq[i] = i;
            }
            Array.Sort(seq, (x, y) => keys[x] != keys[y] ? keys[x].CompareTo(keys[y]) : x.CompareTo(y));
            var ordered = new Behaviour[all.Length];
            for (int i = 0; i < all.Length; i++) ordered[i] = all[seq[i]];
            return ordered;
        }

        // One frame: Start and Update, then LateUpdate, on every active and enabled Behaviour in script
        // order; then the objects destroyed during the frame go.
        public static void Step()
        {
            foreach (Behaviour b in Ordered())
            {
                if (!b.isActiveAndEnabled) continue;
                if (!b.started)
                {
                    b.started = true;
                    Send(b, "Start");
                }
                if (b.isActiveAndEnabled) Send(b, "Update");
            }
            foreach (Behaviour b in Ordered())
                if (b.isActiveAndEnabled && b.started) Send(b, "LateUpdate");
            EndOfFrame();
            frameCount++;
        }

        // The deferred destroys (also run by Step).
        public static void EndOfFrame()
        {
            while (pendingDestroys.Count > 0)
            {
                Object o = pendingDestroys[0];
                pendingDestroys.RemoveAt(0);
                Object.DestroyImmediate(o);
            }
        }

        // Destroys every object still alive (between tests).
        public static void Reset()
        {
            foreach (Behaviour b in behaviours.ToArray())
                if (!b.destroyed) Object.DestroyImmediate(b.gameObject);
            pendingDestroys.Clear();
        }
    }

    public static partial class Physics2D
    {
        // Bit b of s_ignore[a]: layers a and b ignore each other.
        private static readonly int[] s_ignore = new int[32];
        public static int getIgnoreLayerCollisionCalls;

        public static void IgnoreLayerCollision(int layer1, int layer2, bool ignore = true)
        {
            if (layer1 < 0 || layer1 > 31) throw new ArgumentOutOfRangeException("layer1");
            if (layer2 < 0 || layer2 > 31) throw new ArgumentOutOfRangeException("layer2");
            if (ignore)
            {
                s_ignore[layer1] |= 1 << layer2;
                s_ignore[layer2] |= 1 << layer1;
            }
            else
            {
                s_ignore[layer1] &= ~(1 << layer2);
                s_ignore[layer2] &= ~(1 << layer1);
            }
        }

        public static bool GetIgnoreLayerCollision(int layer1, int layer2)
        {
            getIgnoreLayerCollisionCalls++;
            if (layer1 < 0 || layer1 > 31) throw new ArgumentOutOfRangeException("layer1");
            if (layer2 < 0 || layer2 > 31) throw new ArgumentOutOfRangeException("layer2");
            return (s_ignore[layer1] & (1 << layer2)) != 0;
        }
    }

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
    [AttributeUsage(AttributeTargets.Class)]
    public class DefaultExecutionOrder : Attribute
    {
        public DefaultExecutionOrder(int order) { this.order = order; }
        public int order;
    }
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
