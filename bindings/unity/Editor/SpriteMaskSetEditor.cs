// Editor assembly (PerPixel.Editor, editor only): the inspector of a SpriteMaskSet.
#if UNITY_5_3_OR_NEWER
using UnityEditor;
using UnityEngine;

namespace PerPixel.Unity.EditorTools
{
    /// <summary>The inspector of a <see cref="SpriteMaskSet"/>: its texture and sprites, whether it is up to
    /// date, the threshold (a change bakes again at once) and a <c>Bake Now</c> button.</summary>
    [CustomEditor(typeof(SpriteMaskSet))]
    public sealed class SpriteMaskSetEditor : Editor
    {
        /// <summary>The bake button's label.</summary>
        public const string BakeButton = "Bake Now";

        /// <summary>Draws the inspector.</summary>
        public override void OnInspectorGUI()
        {
            var set = target as SpriteMaskSet;
            if (set == null) return;
            string texture = SpriteMaskAssets.TexturePathOf(set);
            EditorGUILayout.LabelField("Texture", texture.Length > 0 ? texture : "(missing)");
            EditorGUILayout.LabelField("Sprites", (set.masks == null ? 0 : set.masks.Length).ToString());
            EditorGUI.BeginChangeCheck();
            int threshold = EditorGUILayout.IntSlider("Alpha Threshold", set.threshold, 0, 255);
            if (EditorGUI.EndChangeCheck())
            {
                Undo.RecordObject(set, "Change Sprite Mask Threshold");
                set.threshold = threshold;
                EditorUtility.SetDirty(set);
                SpriteMaskAssets.Bake(set, false);
            }
            string stale = SpriteMaskAssets.WhyStale(set, false);
            if (stale == null)
                EditorGUILayout.HelpBox("Baked at threshold " + set.bakedThreshold + ".", MessageType.Info);
            else
                EditorGUILayout.HelpBox("Not up to date: " + stale + ".", MessageType.Warning);
            if (GUILayout.Button(BakeButton)) SpriteMaskAssets.Bake(set, true);
        }
    }
}
#endif
