// A stand-in for the few UnityEditor types the package's Editor assembly (bindings/unity/Editor)
// uses, with Unity's names and member shapes, so the Editor code compiles outside Unity and
// tests/csharp/EditorBakeTests.cs can run its baking under Mono. Never shipped.
//
// Where the Editor code depends on how Unity behaves, the stand-in behaves the same way:
// - Paths are project-relative ("Assets/..."): source files are real files under the current
//   directory (Unity's working directory is the project folder), assets live in memory.
// - Importing a texture (ImportAsset, SaveAndReimport) makes its Texture2D the main asset (the
//   same object, with new contents, when imported again), readable only when the importer's
//   isReadable is set, and its sprites sub-assets, then runs every AssetPostprocessor:
//   OnPreprocessTexture, OnPostprocessTexture and OnPostprocessSprites with assetPath set, then
//   the static OnPostprocessAllAssets with the imported paths. An exception
//   in a postprocessor is logged (Debug.LogError), as Unity does, and the import goes on.
// - CreateAsset names the asset after its file, replaces what was at that path, refuses an
//   object that already is an asset, and imports the new asset (OnPostprocessAllAssets).
// - SaveAssets writes the assets marked with EditorUtility.SetDirty and imports them again.
// - GetAssetPath gives "" for an object that is not an asset; FindAssets("t:Type") finds the main
//   assets of that type (or a subtype), as GUIDs.
// What the test sets up that Unity would compute (the imported texture's pixels and sprites) is
// given to the importer through Stub* members.
#pragma warning disable 1591
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using UnityEngine;
using Object = UnityEngine.Object;

namespace UnityEditor
{
    [Flags]
    public enum ImportAssetOptions { Default = 0, ForceUpdate = 1, ForceSynchronousImport = 8, ImportRecursive = 256 }
    public enum SpriteImportMode { None = 0, Single = 1, Multiple = 2, Polygon = 3 }
    public enum TextureImporterType { Default = 0, NormalMap = 1, GUI = 2, Sprite = 8 }
    public enum MessageType { None = 0, Info = 1, Warning = 2, Error = 3 }

    public partial class AssetImporter : Object
    {
        public string assetPath { get; internal set; }
        public string userData = "";
        public static AssetImporter GetAtPath(string path) { return AssetDatabase.ImporterAt(path); }
        public void SaveAndReimport() { AssetDatabase.ImportAsset(assetPath, ImportAssetOptions.ForceUpdate); }
    }

    public partial class TextureImporter : AssetImporter
    {
        public bool isReadable;
        public TextureImporterType textureType = TextureImporterType.Sprite;
        public SpriteImportMode spriteImportMode = SpriteImportMode.Single;
        // Stand-in only: what importing the file makes (Unity decodes the file; the tests make
        // these from the same pixels they encode into the file). The sprites' texture is set on import.
        public int StubWidth, StubHeight;
        public TextureFormat StubFormat = TextureFormat.RGBA32;
        public byte[] StubPixels;
        public List<Sprite> StubSprites = new List<Sprite>();
    }

    public class AssetPostprocessor
    {
        public string assetPath { get; internal set; }
        public AssetImporter assetImporter { get; internal set; }
        public virtual int GetPostprocessOrder() { return 0; }
    }

    public static partial class AssetDatabase
    {
        private sealed class Record
        {
            public string Guid;
            public Object Main;
            public readonly List<Object> Subs = new List<Object>();
            public AssetImporter Importer;
        }

        private static readonly Dictionary<string, Record> s_byPath = new Dictionary<string, Record>();
        private static readonly Dictionary<Object, string> s_pathOf = new Dictionary<Object, string>();
        private static int s_guids;
        public static int saveAssetsCalls, createAssetCalls, importCalls, postprocessorRuns;

        // Stand-in only: forgets every asset (tests start from an empty project).
        public static void StubReset()
        {
            s_byPath.Clear();
            s_pathOf.Clear();
            EditorUtility.dirty.Clear();
        }

        // Stand-in only: adds a texture file's importer (the file itself is written by the test), then
        // imports it as Unity does when a new file appears.
        public static TextureImporter StubAddTexture(string path, TextureImporter importer)
        {
            var r = new Record { Guid = NewGuid(), Importer = importer };
            importer.assetPath = path;
            s_byPath[path] = r;
            ImportAsset(path);
            return importer;
        }

        private static string NewGuid() { return (++s_guids).ToString("x32"); }

        internal static AssetImporter ImporterAt(string path)
        {
            Record r;
            return path != null && s_byPath.TryGetValue(path, out r) ? r.Importer : null;
        }

        public static void ImportAsset(string path, ImportAssetOptions options = ImportAssetOptions.Default)
        {
            importCalls++;
            Record r;
            if (path == null || !s_byPath.TryGetValue(path, out r)) return;
            var ti = r.Importer as TextureImporter;
            if (ti != null)
            {
                foreach (Object o in r.Subs) s_pathOf.Remove(o);
                r.Subs.Clear();
                // As in Unity, a texture imported again is the same object with new contents.
                var texture = r.Main as Texture2D ?? new Texture2D(0, 0, ti.StubFormat, new byte[0]);
                texture.width = ti.StubWidth;
                texture.height = ti.StubHeight;
                texture.format = ti.StubFormat;
                texture.data = (byte[])ti.StubPixels.Clone();
                texture.isReadable = ti.isReadable;
                texture.name = Path.GetFileNameWithoutExtension(path);
                r.Main = texture;
                s_pathOf[texture] = path;
                var sprites = new List<Sprite>();
                if (ti.textureType == TextureImporterType.Sprite && ti.spriteImportMode != SpriteImportMode.None)
                {
                    foreach (Sprite s in ti.StubSprites)
                    {
                        s.texture = texture;
                        r.Subs.Add(s);
                        s_pathOf[s] = path;
                        sprites.Add(s);
                    }
                }
                foreach (AssetPostprocessor p in Postprocessors())
                {
                    p.assetPath = path;
                    p.assetImporter = ti;
                    Run(p, "OnPreprocessTexture");
                    Run(p, "OnPostprocessTexture", texture);
                    if (sprites.Count > 0) Run(p, "OnPostprocessSprites", texture, sprites.ToArray());
                }
            }
            AllImported(new[] { path });
        }

        private static IEnumerable<AssetPostprocessor> Postprocessors()
        {
            var types = new List<Type>();
            foreach (Assembly a in AppDomain.CurrentDomain.GetAssemblies())
            {
                Type[] all;
                try { all = a.GetTypes(); }
                catch (ReflectionTypeLoadException e) { all = e.Types.Where(t => t != null).ToArray(); }
                types.AddRange(all.Where(t => t.IsSubclassOf(typeof(AssetPostprocessor)) && !t.IsAbstract));
            }
            return types.Select(t => (AssetPostprocessor)Activator.CreateInstance(t, true))
                .OrderBy(p => p.GetPostprocessOrder()).ToList();
        }

        private static void Run(object target, string method, params object[] args)
        {
            Type type = target as Type ?? target.GetType();
            BindingFlags flags = BindingFlags.Public | BindingFlags.NonPublic |
                (target is Type ? BindingFlags.Static : BindingFlags.Instance);
            MethodInfo m = type.GetMethod(method, flags, null, args.Select(a => a.GetType()).ToArray(), null);
            if (m == null) return;
            postprocessorRuns++;
            try { m.Invoke(target is Type ? null : target, args); }
            catch (TargetInvocationException e) { Debug.LogError(e.InnerException); }
        }

        private static void AllImported(string[] paths)
        {
            foreach (AssetPostprocessor p in Postprocessors())
                Run(p.GetType(), "OnPostprocessAllAssets", paths, new string[0], new string[0], new string[0]);
        }

        public static void CreateAsset(Object asset, string path)
        {
            if (asset == null) throw new ArgumentNullException("asset");
            if (s_pathOf.ContainsKey(asset)) throw new InvalidOperationException("Couldn't create asset: it already is an asset");
            if (path == null || !path.StartsWith("Assets/") || !path.EndsWith(".asset"))
                throw new ArgumentException("Couldn't create asset file at " + path);
            createAssetCalls++;
            Record old;
            if (s_byPath.TryGetValue(path, out old) && old.Main != null) s_pathOf.Remove(old.Main);
            asset.name = Path.GetFileNameWithoutExtension(path);
            s_byPath[path] = new Record { Guid = NewGuid(), Main = asset };
            s_pathOf[asset] = path;
            AllImported(new[] { path });
        }

        public static T LoadAssetAtPath<T>(string path) where T : Object
        {
            return LoadAssetAtPath(path, typeof(T)) as T;
        }

        public static Object LoadAssetAtPath(string path, Type type)
        {
            Record r;
            if (path == null || !s_byPath.TryGetValue(path, out r)) return null;
            if (r.Main != null && type.IsInstanceOfType(r.Main)) return r.Main;
            return r.Subs.FirstOrDefault(type.IsInstanceOfType);
        }

        public static Object[] LoadAllAssetsAtPath(string path)
        {
            Record r;
            if (path == null || !s_byPath.TryGetValue(path, out r) || r.Main == null) return new Object[0];
            return new[] { r.Main }.Concat(r.Subs).ToArray();
        }

        public static string GetAssetPath(Object asset)
        {
            string path;
            return asset != null && s_pathOf.TryGetValue(asset, out path) ? path : "";
        }

        public static string AssetPathToGUID(string path)
        {
            Record r;
            return path != null && s_byPath.TryGetValue(path, out r) ? r.Guid : "";
        }

        public static string GUIDToAssetPath(string guid)
        {
            foreach (KeyValuePair<string, Record> kv in s_byPath)
                if (kv.Value.Guid == guid) return kv.Key;
            return "";
        }

        public static string[] FindAssets(string filter)
        {
            if (filter == null || !filter.StartsWith("t:")) throw new NotSupportedException("stand-in: t:Type filters only");
            string type = filter.Substring(2);
            var found = new List<string>();
            foreach (KeyValuePair<string, Record> kv in s_byPath)
            {
                for (Type t = kv.Value.Main == null ? null : kv.Value.Main.GetType(); t != null; t = t.BaseType)
                {
                    if (t.Name == type)
                    {
                        found.Add(kv.Value.Guid);
                        break;
                    }
                }
            }
            return found.ToArray();
        }

        public static void SaveAssets()
        {
            saveAssetsCalls++;
            var saved = new List<string>();
            foreach (Object o in EditorUtility.dirty)
            {
                string path;
                if (s_pathOf.TryGetValue(o, out path) && !saved.Contains(path)) saved.Add(path);
            }
            EditorUtility.dirty.Clear();
            if (saved.Count > 0) AllImported(saved.ToArray());
        }

        public static string MoveAsset(string from, string to)
        {
            Record r;
            if (!s_byPath.TryGetValue(from, out r)) return "no asset at " + from;
            if (s_byPath.ContainsKey(to)) return "an asset exists at " + to;
            s_byPath.Remove(from);
            s_byPath[to] = r;
            if (r.Importer != null) r.Importer.assetPath = to;
            if (r.Main != null) s_pathOf[r.Main] = to;
            foreach (Object o in r.Subs) s_pathOf[o] = to;
            if (File.Exists(from)) File.Move(from, to);
            foreach (AssetPostprocessor p in Postprocessors())
                Run(p.GetType(), "OnPostprocessAllAssets", new string[0], new string[0], new[] { to }, new[] { from });
            return "";
        }
    }

    public static partial class EditorUtility
    {
        internal static readonly List<Object> dirty = new List<Object>();
        public static int setDirtyCalls;
        public static void SetDirty(Object target)
        {
            setDirtyCalls++;
            if (!dirty.Contains(target)) dirty.Add(target);
        }
        public static bool IsDirty(Object target) { return dirty.Contains(target); }
    }

    public static partial class Undo
    {
        public static readonly List<string> Recorded = new List<string>();
        public static void RecordObject(Object objectToUndo, string name) { Recorded.Add(name); }
    }

    public static partial class Selection
    {
        public static Object[] objects = new Object[0];
        public static Object activeObject
        {
            get { return objects.Length > 0 ? objects[0] : null; }
            set { objects = value == null ? new Object[0] : new[] { value }; }
        }
    }

    public sealed class MenuItem : Attribute
    {
        public string menuItem;
        public bool validate;
        public int priority;
        public MenuItem(string itemName) : this(itemName, false) { }
        public MenuItem(string itemName, bool isValidateFunction) : this(itemName, isValidateFunction, 1000) { }
        public MenuItem(string itemName, bool isValidateFunction, int priority)
        {
            menuItem = itemName; validate = isValidateFunction; this.priority = priority;
        }
    }

    [AttributeUsage(AttributeTargets.Class)]
    public sealed class CustomEditor : Attribute
    {
        public readonly Type inspectedType;
        public CustomEditor(Type inspectedType) { this.inspectedType = inspectedType; }
    }

    [AttributeUsage(AttributeTargets.Class)]
    public sealed class CanEditMultipleObjects : Attribute { }

    [AttributeUsage(AttributeTargets.Class)]
    public sealed class InitializeOnLoadAttribute : Attribute { }

    [AttributeUsage(AttributeTargets.Method)]
    public sealed class InitializeOnLoadMethodAttribute : Attribute { }

    public partial class Editor : ScriptableObject
    {
        public Object target;
        public Object[] targets = new Object[0];
        public virtual void OnInspectorGUI() { }
        public bool DrawDefaultInspector() { return false; }
    }

    public static partial class EditorGUI
    {
        private static readonly Stack<bool> s_changes = new Stack<bool>();
        internal static bool changed;
        public static void BeginChangeCheck() { s_changes.Push(changed); changed = false; }
        public static bool EndChangeCheck()
        {
            bool c = changed;
            changed = s_changes.Count > 0 ? s_changes.Pop() | c : c;
            return c;
        }
    }

    public static partial class EditorGUILayout
    {
        // Stand-in only: values the "user" enters on the next draw, by label.
        public static readonly Dictionary<string, int> Enter = new Dictionary<string, int>();
        public static readonly List<string> Shown = new List<string>();
        public static int IntSlider(string label, int value, int leftValue, int rightValue)
        {
            Shown.Add(label + ": " + value);
            int entered;
            if (Enter.TryGetValue(label, out entered))
            {
                Enter.Remove(label);
                entered = Math.Max(leftValue, Math.Min(rightValue, entered));
                if (entered != value) EditorGUI.changed = true;
                return entered;
            }
            return value;
        }
        public static void LabelField(string label, string label2) { Shown.Add(label + ": " + label2); }
        public static void HelpBox(string message, MessageType type) { Shown.Add(type + ": " + message); }
    }

    public static partial class EditorApplication
    {
        // Stand-in only: what Unity does after every script compilation: runs the static
        // constructors of [InitializeOnLoad] classes and the [InitializeOnLoadMethod] methods.
        public static void StubDomainLoad()
        {
            foreach (Assembly a in AppDomain.CurrentDomain.GetAssemblies())
            {
                Type[] all;
                try { all = a.GetTypes(); }
                catch (ReflectionTypeLoadException e) { all = e.Types.Where(t => t != null).ToArray(); }
                foreach (Type t in all)
                {
                    if (t.GetCustomAttributes(typeof(InitializeOnLoadAttribute), false).Length > 0)
                        System.Runtime.CompilerServices.RuntimeHelpers.RunClassConstructor(t.TypeHandle);
                    foreach (MethodInfo m in t.GetMethods(BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic))
                        if (m.GetCustomAttributes(typeof(InitializeOnLoadMethodAttribute), false).Length > 0)
                            m.Invoke(null, null);
                }
            }
        }
    }
}
