// More of the UnityEngine stand-in (see UnityEngineStub.cs): the types the baked sprite masks
// (SpriteMaskSet, a ScriptableObject) and the gizmos use. As in Unity, ScriptableObject.CreateInstance
// makes an asset object with an empty name (the asset database names it after its file), and
// Gizmos draws with the colour set last; the stand-in records every line drawn so tests can
// compare them with the mask's outline. Never shipped.
#pragma warning disable 1591
using System;
using System.Collections.Generic;

namespace UnityEngine
{
    public partial struct Color
    {
        public float r, g, b, a;
        public Color(float r, float g, float b, float a = 1) { this.r = r; this.g = g; this.b = b; this.a = a; }
        public static Color green { get { return new Color(0, 1, 0); } }
        public static Color yellow { get { return new Color(1, 0.92f, 0.016f); } }
        public static Color red { get { return new Color(1, 0, 0); } }
        public static Color cyan { get { return new Color(0, 1, 1); } }
        public static Color white { get { return new Color(1, 1, 1); } }
        public override string ToString() { return "RGBA(" + r + ", " + g + ", " + b + ", " + a + ")"; }
    }

    public partial class ScriptableObject : Object
    {
        public static int created;
        // Unity's CreateInstance: a new object named "" (Unity warns when one is made with `new`).
        public static T CreateInstance<T>() where T : ScriptableObject, new()
        {
            created++;
            var o = new T();
            o.name = "";
            return o;
        }
    }

    public sealed class SerializeField : Attribute { }
    public sealed class HideInInspector : Attribute { }

    // Unity's Gizmos, recording what is drawn: each line with the colour it was drawn in.
    public static partial class Gizmos
    {
        public struct Line
        {
            public Vector3 from, to;
            public Color color;
        }
        public static Color color = Color.white;
        public static readonly List<Line> Lines = new List<Line>();
        public static void DrawLine(Vector3 from, Vector3 to) { Lines.Add(new Line { from = from, to = to, color = color }); }
    }

    public static partial class GUILayout
    {
        // The stand-in's buttons: the labels of the buttons to report as clicked on the next draw.
        public static readonly HashSet<string> Click = new HashSet<string>();
        public static readonly List<string> Drawn = new List<string>();
        public static bool Button(string text) { Drawn.Add(text); return Click.Remove(text); }
    }

}
