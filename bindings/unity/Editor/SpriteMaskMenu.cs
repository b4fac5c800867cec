// Editor assembly (PerPixel.Editor, editor only): the Assets menu item that bakes sprite masks.
#if UNITY_5_3_OR_NEWER
using UnityEditor;

namespace PerPixel.Unity.EditorTools
{
    /// <summary><c>Assets &gt; PerPixel &gt; Bake Sprite Masks</c> (also in the Project window's context menu):
    /// bakes the selected textures (or the textures of the selected sprites or sets), making a
    /// <see cref="SpriteMaskSet"/> beside each texture that has none.</summary>
    public static class SpriteMaskMenu
    {
        /// <summary>The menu item's path.</summary>
        public const string MenuPath = "Assets/PerPixel/Bake Sprite Masks";

        /// <summary>Bakes the selection (<see cref="SpriteMaskAssets.BakeSelection"/>).</summary>
        [MenuItem(MenuPath, false, 1200)]
        public static void BakeSelected()
        {
            SpriteMaskAssets.BakeSelection(Selection.objects);
        }

        /// <summary>The item is enabled when the selection holds a texture, a sprite or a set.</summary>
        [MenuItem(MenuPath, true)]
        public static bool CanBakeSelected()
        {
            return SpriteMaskAssets.TexturePaths(Selection.objects).Count > 0;
        }
    }
}
#endif
