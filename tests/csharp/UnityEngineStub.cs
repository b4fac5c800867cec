// A stand-in for the few UnityEngine types the package's Unity glue uses, with the same
// names and member shapes as Unity's, so that `mcs -define:UNITY_5_3_OR_NEWER` can check
// the glue compiles outside Unity. It is never run and never shipped.
// Unity's own types carry no XML docs here: only the glue's must.
#pragma warning disable 1591
using System;

namespace UnityEngine
{
    public struct Color32 { public byte r, g, b, a; }
    public struct Rect { public float x, y, width, height; }
    public struct Vector2 { public float x, y; }
    public struct Vector3 { public float x, y, z; }
    public struct Vector2Int { public Vector2Int(int x, int y) { this.x = x; this.y = y; } public int x, y; }
    public static class Mathf
    {
        public static int RoundToInt(float f) { return (int)Math.Round(f); }
        public static int Clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
    }
    public class Object { public string name; }
    public class Texture2D : Object
    {
        public int width, height;
        public bool isReadable;
        public Color32[] GetPixels32() { return null; }
    }
    public class Sprite : Object
    {
        public Texture2D texture;
        public Rect rect;
        public Rect textureRect;
        public Vector2 pivot;
        public float pixelsPerUnit;
    }
    public class TextAsset : Object { public byte[] bytes; }
    public class Transform { public Vector3 position; }
    public class Component : Object
    {
        public Transform transform;
        public T GetComponent<T>() { return default(T); }
    }
    public class Behaviour : Component { }
    public class MonoBehaviour : Behaviour { }
    public class SpriteRenderer : Component { public Sprite sprite; }
    public class RangeAttribute : Attribute { public RangeAttribute(float min, float max) { } }
}
