// Editor assembly (PerPixel.Editor, editor only): bakes sprite masks after imports.
#if UNITY_5_3_OR_NEWER
using UnityEditor;

namespace PerPixel.Unity.EditorTools
{
    /// <summary>Bakes the sprite masks of imported textures that have a <see cref="SpriteMaskSet"/>, and of
    /// imported sets, once the import is done (<see cref="SpriteMaskAssets.OnImported"/>): other assets
    /// should not be created or changed while an asset imports, and the masks depend on the set's own
    /// threshold, so a set imported with a new threshold is baked again too.</summary>
    public sealed class SpriteMaskPostprocessor : AssetPostprocessor
    {
        private static void OnPostprocessAllAssets(string[] importedAssets, string[] deletedAssets,
            string[] movedAssets, string[] movedFromAssetPaths)
        {
            SpriteMaskAssets.OnImported(importedAssets);
        }
    }
}
#endif
