// Every struct of the C ABI against its C# struct (issue 31): tests/csharp.rs writes layouts.txt, the C
// compiler's size and field offsets of each typedef struct in include/perpixel.h (the program of
// tests/common/layouts.rs), and this checks the blittable C# struct each is passed as: Marshal.SizeOf,
// and the offset of its fields, paired with the C fields in declaration order (an array field of N elements
// with N consecutive C# fields). Part of PerPixelTests.exe.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.InteropServices;
using PerPixel;

static partial class Tests
{
    /// <summary>The C# struct each header struct is passed as. A header struct missing here fails.</summary>
    static readonly Dictionary<string, Type[]> CStructs = new Dictionary<string, Type[]>
    {
        { "pp_bake_info", new[] { typeof(NativeBakeInfo) } },
        { "pp_bounds", new[] { typeof(Bounds2D) } },
        { "pp_mask_edit", new[] { typeof(NativeMaskEdit) } },
        { "pp_body_id", new[] { typeof(BodyId) } },
        { "pp_mask_options", new[] { typeof(NativeMaskOptions) } },
        { "pp_sprite", new[] { typeof(NativeSprite) } },
        { "pp_point", new[] { typeof(Point) } },
        { "pp_normal", new[] { typeof(Normal) } },
        { "pp_sweep_result", new[] { typeof(SweepResult) } },
        { "pp_push_options", new[] { typeof(NativePushOptions) } },
        { "pp_offset", new[] { typeof(Offset) } },
        { "pp_move_options", new[] { typeof(NativeMoveOptions) } },
        { "pp_move_result", new[] { typeof(NativeMoveResult) } },
        { "pp_ray_hit", new[] { typeof(RayHit) } },
        { "pp_polygon_options", new[] { typeof(NativePolygonOptions) } },
        { "pp_vertex", new[] { typeof(Vertex) } },
        { "pp_vertexf", new[] { typeof(VertexF) } },
        { "pp_component_options", new[] { typeof(NativeComponentOptions) } },
        { "pp_rgba", new[] { typeof(Rgba) } },
        { "pp_color_range", new[] { typeof(ColorRange) } },
        { "pp_morph_options", new[] { typeof(NativeMorphOptions) } },
        { "pp_transform", new[] { typeof(NativeTransform) } },
        { "pp_filter", new[] { typeof(Filter) } },
        { "pp_body_def", new[] { typeof(NativeBodyDef) } },
        // The public BodyPosition is passed as pp_position too (World.MoveBodies).
        { "pp_position", new[] { typeof(NativePosition), typeof(BodyPosition) } },
        { "pp_body_info", new[] { typeof(NativeBodyInfo) } },
        { "pp_pair", new[] { typeof(Pair) } },
        { "pp_world_events", new[] { typeof(NativeWorldEvents) } },
        { "pp_contact", new[] { typeof(NativeContact) } },
    };

    static void Layouts(string scratch)
    {
        // "name size" then "name.field offset" (or "name.field[i] offset") per field, struct by struct.
        var structs = new List<KeyValuePair<string, List<KeyValuePair<string, int>>>>();
        foreach (string line in File.ReadAllLines(Path.Combine(scratch, "layouts.txt")))
        {
            string[] parts = line.Split(' ');
            int value = int.Parse(parts[1]);
            int dot = parts[0].IndexOf('.');
            if (dot < 0)
                structs.Add(new KeyValuePair<string, List<KeyValuePair<string, int>>>(parts[0],
                    new List<KeyValuePair<string, int>> { new KeyValuePair<string, int>("", value) }));
            else
                structs[structs.Count - 1].Value.Add(new KeyValuePair<string, int>(parts[0].Substring(dot + 1), value));
        }
        Check("layouts.txt holds the header's structs (" + structs.Count + ")", structs.Count >= 29);
        int compared = 0;
        foreach (var s in structs)
        {
            Type[] types;
            if (!CStructs.TryGetValue(s.Key, out types))
            {
                Check("the header's " + s.Key + " has a C# struct in LayoutTests.cs's table", false);
                continue;
            }
            foreach (Type t in types)
            {
                var cFields = s.Value.Skip(1).ToList();
                FieldInfo[] fields = t.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic);
                bool same = Marshal.SizeOf(t) == s.Value[0].Value && fields.Length == cFields.Count;
                string diff = same ? "" : " (C: " + s.Value[0].Value + " bytes, " + cFields.Count + " fields; C#: "
                    + Marshal.SizeOf(t) + " bytes, " + fields.Length + " fields)";
                for (int i = 0; same && i < fields.Length; i++)
                {
                    int offset = (int)Marshal.OffsetOf(t, fields[i].Name);
                    if (offset != cFields[i].Value)
                    {
                        same = false;
                        diff = " (" + s.Key + "." + cFields[i].Key + " at " + cFields[i].Value + ", " + t.Name + "."
                            + fields[i].Name + " at " + offset + ")";
                    }
                }
                Check("layout of " + s.Key + " == " + t.Name + diff, same);
                compared += 1 + cFields.Count;
            }
        }
        Check("every struct of the table is in the header", CStructs.Keys.All(k => structs.Any(s => s.Key == k)));
        Console.WriteLine("     layouts: " + structs.Count + " header structs, " + compared
            + " sizes and offsets compared with the C compiler's");
    }
}
