// Editor assembly (PerPixel.Editor, editor only): finding, creating and baking SpriteMaskSet assets
// through the asset database. The baking itself is SpriteMaskBaker.cs.
#if UNITY_5_3_OR_NEWER
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using UnityEditor;
using UnityEngine;
using Object = UnityEngine.Object;

namespace PerPixel.Unity.EditorTools
{
    /// <summary>
    /// The <see cref="SpriteMaskSet"/> assets of textures: found by the texture they were baked from, created
    /// beside it (<c>&lt;texture file&gt;.pixelmasks.asset</c>) and baked again when the texture is imported or
    /// the set's threshold changes. A texture opts in by having a set: make one with
    /// <c>Assets &gt; PerPixel &gt; Bake Sprite Masks</c> or <see cref="CreateFor"/>.
    /// </summary>
    public static class SpriteMaskAssets
    {
        /// <summary>What a set's file name adds to its texture's file name.</summary>
        public const string Suffix = ".pixelmasks.asset";

        // Set while this class bakes and saves, so the imports its own saves cause do not bake again.
        private static bool s_busy;

        /// <summary>Where <see cref="CreateFor"/> puts the set of the texture at
        /// <paramref name="texturePath"/>.</summary>
        public static string DefaultPathFor(string texturePath)
        {
            return texturePath + Suffix;
        }

        /// <summary>Installs <see cref="SpriteMaskSet.EditorLookup"/> when the editor loads scripts.</summary>
        [InitializeOnLoadMethod]
        public static void InstallLookup()
        {
            SpriteMaskSet.EditorLookup = FindFor;
        }

        /// <summary>The set baked for <paramref name="sprite"/>'s texture (the asset the sprite belongs to), or
        /// null.</summary>
        public static SpriteMaskSet FindFor(Sprite sprite)
        {
            if (sprite == null) return null;
            string path = AssetDatabase.GetAssetPath(sprite);
            return string.IsNullOrEmpty(path) ? null : FindFor(path);
        }

        /// <summary>The set baked from the texture at <paramref name="texturePath"/>, or null: the one at
        /// <see cref="DefaultPathFor"/> when it was baked from this texture, otherwise any set whose
        /// <see cref="SpriteMaskSet.sourceGuid"/> is the texture's (a set or texture moved or renamed).</summary>
        public static SpriteMaskSet FindFor(string texturePath)
        {
            if (string.IsNullOrEmpty(texturePath)) return null;
            string guid = AssetDatabase.AssetPathToGUID(texturePath);
            var beside = AssetDatabase.LoadAssetAtPath<SpriteMaskSet>(DefaultPathFor(texturePath));
            if (beside != null && (string.IsNullOrEmpty(beside.sourceGuid) || beside.sourceGuid == guid)) return beside;
            if (string.IsNullOrEmpty(guid)) return null;
            foreach (string g in AssetDatabase.FindAssets("t:" + typeof(SpriteMaskSet).Name))
            {
                var set = AssetDatabase.LoadAssetAtPath<SpriteMaskSet>(AssetDatabase.GUIDToAssetPath(g));
                if (set != null && set.sourceGuid == guid) return set;
            }
            return null;
        }

        /// <summary>The path of the texture <paramref name="set"/> is baked from: by its
        /// <see cref="SpriteMaskSet.sourceGuid"/>, or (a set not baked yet) its own path without
        /// <see cref="Suffix"/>; "" when there is none.</summary>
        public static string TexturePathOf(SpriteMaskSet set)
        {
            if (set == null) return "";
            if (!string.IsNullOrEmpty(set.sourceGuid))
            {
                string path = AssetDatabase.GUIDToAssetPath(set.sourceGuid);
                if (!string.IsNullOrEmpty(path)) return path;
            }
            string own = AssetDatabase.GetAssetPath(set);
            if (own.EndsWith(Suffix, StringComparison.Ordinal))
            {
                string texture = own.Substring(0, own.Length - Suffix.Length);
                if (AssetImporter.GetAtPath(texture) is TextureImporter) return texture;
            }
            return "";
        }

        /// <summary>The texture's sprites as regions, sorted by name then rect (the asset database does not
        /// promise an order).</summary>
        public static SpriteRegion[] RegionsOf(string texturePath)
        {
            return AssetDatabase.LoadAllAssetsAtPath(texturePath).OfType<Sprite>().Select(SpriteRegion.Of)
                .OrderBy(r => r.Name, StringComparer.Ordinal).ThenBy(r => r.Rect.x).ThenBy(r => r.Rect.y)
                .ThenBy(r => r.Rect.width).ThenBy(r => r.Rect.height).ToArray();
        }

        /// <summary>
        /// The set of the texture at <paramref name="texturePath"/>, made (at <see cref="DefaultPathFor"/>, with
        /// <paramref name="threshold"/>) and baked when it has none; an existing set gets
        /// <paramref name="threshold"/> and is baked again if that changes it. Null, with an error logged,
        /// when the texture has no sprites or cannot be baked.
        /// </summary>
        public static SpriteMaskSet CreateFor(string texturePath, int threshold = 1)
        {
            if (!(AssetImporter.GetAtPath(texturePath) is TextureImporter))
            {
                Debug.LogError("perpixel: '" + texturePath + "' is not a texture: nothing to bake.");
                return null;
            }
            threshold = Math.Max(0, Math.Min(255, threshold));
            SpriteMaskSet set = FindFor(texturePath);
            if (set != null)
            {
                if (set.threshold != threshold)
                {
                    Undo.RecordObject(set, "Change Sprite Mask Threshold");
                    set.threshold = threshold;
                    EditorUtility.SetDirty(set);
                }
                Bake(set, false);
                return set;
            }
            set = ScriptableObject.CreateInstance<SpriteMaskSet>();
            set.threshold = threshold;
            s_busy = true;
            try
            {
                if (!BakeInto(texturePath, set, true)) return null;
                AssetDatabase.CreateAsset(set, DefaultPathFor(texturePath));
                AssetDatabase.SaveAssets();
            }
            finally
            {
                s_busy = false;
            }
            return set;
        }

        /// <summary>Bakes <paramref name="set"/> from its texture when it is stale (see
        /// <see cref="SpriteMaskBaker.WhyStale"/>), or always with <paramref name="force"/>, and saves it; true
        /// when it baked. Errors are logged, never thrown.</summary>
        public static bool Bake(SpriteMaskSet set, bool force)
        {
            if (set == null) return false;
            string texture = TexturePathOf(set);
            if (texture.Length == 0)
            {
                Debug.LogWarning("perpixel: the texture of sprite masks '" + set.name + "' is gone: nothing to bake.");
                return false;
            }
            bool busy = s_busy;
            s_busy = true;
            try
            {
                if (!BakeInto(texture, set, force)) return false;
                AssetDatabase.SaveAssets();
                return true;
            }
            finally
            {
                s_busy = busy;
            }
        }

        /// <summary>Why <paramref name="set"/> is stale, in words, or null when it is up to date; with
        /// <paramref name="readSource"/> false the source file is not read (the texture's content is taken as
        /// unchanged), cheap enough for every inspector repaint.</summary>
        public static string WhyStale(SpriteMaskSet set, bool readSource)
        {
            if (set == null) return "no set";
            string texture = TexturePathOf(set);
            if (texture.Length == 0) return "its texture is gone";
            string hash = set.sourceHash;
            if (readSource)
            {
                var tex = AssetDatabase.LoadAssetAtPath<Texture2D>(texture);
                if (tex == null) return "its texture is gone";
                hash = SpriteMaskBaker.SourceHash(ReadSource(texture), tex.width, tex.height);
            }
            return SpriteMaskBaker.WhyStale(set, hash, RegionsOf(texture));
        }

        /// <summary>Bakes every texture among <paramref name="selection"/> (textures, their sprites, or their
        /// sets): an existing set is baked again, a texture without one gets one at threshold 1. Returns how
        /// many sets were baked.</summary>
        public static int BakeSelection(Object[] selection)
        {
            int baked = 0;
            foreach (string texture in TexturePaths(selection))
            {
                SpriteMaskSet set = FindFor(texture);
                if (set != null ? Bake(set, true) : CreateFor(texture) != null) baked++;
            }
            return baked;
        }

        /// <summary>The distinct texture paths among <paramref name="selection"/>: textures, sprites (their
        /// texture) and sets (the texture they bake).</summary>
        public static List<string> TexturePaths(Object[] selection)
        {
            var paths = new List<string>();
            if (selection == null) return paths;
            foreach (Object o in selection)
            {
                if (o == null) continue;
                string path = o is SpriteMaskSet ? TexturePathOf((SpriteMaskSet)o) : AssetDatabase.GetAssetPath(o);
                if (!string.IsNullOrEmpty(path) && AssetImporter.GetAtPath(path) is TextureImporter
                    && !paths.Contains(path))
                {
                    paths.Add(path);
                }
            }
            return paths;
        }

        /// <summary>After an import (<see cref="SpriteMaskPostprocessor"/>): bakes the set of each imported
        /// texture that has one, and each imported set (its threshold may have changed), when stale. Never
        /// throws.</summary>
        public static void OnImported(string[] importedAssets)
        {
            if (s_busy || importedAssets == null) return;
            s_busy = true;
            try
            {
                bool saved = false;
                foreach (string path in importedAssets)
                {
                    try
                    {
                        string texture;
                        SpriteMaskSet set;
                        if (AssetImporter.GetAtPath(path) is TextureImporter)
                        {
                            texture = path;
                            set = FindFor(path);
                        }
                        else
                        {
                            set = path.EndsWith(".asset", StringComparison.Ordinal)
                                ? AssetDatabase.LoadAssetAtPath<SpriteMaskSet>(path) : null;
                            texture = TexturePathOf(set);
                        }
                        if (set != null && texture.Length > 0 && BakeInto(texture, set, false)) saved = true;
                    }
                    catch (Exception e)
                    {
                        Debug.LogError("perpixel: baking the sprite masks of '" + path + "' failed: " + e);
                    }
                }
                if (saved) AssetDatabase.SaveAssets();
            }
            finally
            {
                s_busy = false;
            }
        }

        private static byte[] ReadSource(string texturePath)
        {
            try
            {
                return File.ReadAllBytes(texturePath);
            }
            catch (IOException)
            {
                return null;
            }
            catch (UnauthorizedAccessException)
            {
                return null;
            }
        }

        /// <summary>Bakes the texture at <paramref name="texturePath"/> into <paramref name="set"/> (marked
        /// dirty, not saved) when stale or <paramref name="force"/>; true when it baked. Logs why it
        /// cannot.</summary>
        private static bool BakeInto(string texturePath, SpriteMaskSet set, bool force)
        {
            var texture = AssetDatabase.LoadAssetAtPath<Texture2D>(texturePath);
            if (texture == null)
            {
                Debug.LogError("perpixel: no texture at '" + texturePath + "' to bake sprite masks from.");
                return false;
            }
            SpriteRegion[] regions = RegionsOf(texturePath);
            if (regions.Length == 0)
            {
                Debug.LogError("perpixel: texture '" + texturePath + "' has no sprites: set its Texture Type to " +
                    "Sprite (2D and UI) to bake sprite masks.");
                return false;
            }
            byte[] file = ReadSource(texturePath);
            string hash = SpriteMaskBaker.SourceHash(file, texture.width, texture.height);
            if (!force && SpriteMaskBaker.WhyStale(set, hash, regions) == null) return false;
            byte threshold = SpriteMaskBaker.Threshold(set);
            SpriteMaskEntry[] entries;
            try
            {
                BakeSource source;
                entries = SpriteMaskBaker.Bake(file, texture, regions, threshold, out source);
            }
            catch (Exception e)
            {
                Debug.LogError("perpixel: sprite masks of '" + texturePath + "': " + e.Message);
                return false;
            }
            SpriteMaskBaker.Store(set, entries, hash, AssetDatabase.AssetPathToGUID(texturePath), threshold);
            EditorUtility.SetDirty(set);
            return true;
        }
    }
}
#endif
