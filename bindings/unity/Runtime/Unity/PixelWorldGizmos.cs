// Unity glue: compiled only inside Unity. The rest of the package is plain C# and is tested
// outside Unity under Mono (this glue too, against a stand-in for UnityEngine).
#if UNITY_5_3_OR_NEWER
using System;
using System.Collections.Generic;
using UnityEngine;

namespace PerPixel.Unity
{
    public partial class PixelWorld
    {
        /// <summary>Draw the contacts of the touching pairs in the Scene view (gizmos): a cross on each pair's
        /// first contact pixel and its contact normal. Off by default, as Physics2D's contact gizmos.</summary>
        [Tooltip("Draw each touching pair's first contact pixel and contact normal in the Scene view.")]
        public bool drawContacts;

        /// <summary>The colour of the contact gizmos.</summary>
        public static Color GizmoContactColor = new Color(1f, 0.25f, 0.2f, 1f);

        /// <summary>Half the width of a contact's cross, in pixels.</summary>
        public const float GizmoCrossPixels = 2f;
        /// <summary>The length of a contact's normal line, in pixels.</summary>
        public const float GizmoNormalPixels = 8f;

        private readonly List<Vector3> _gizmoContacts = new List<Vector3>();

        private void OnDrawGizmos()
        {
            if (!drawContacts || ContactGizmoLines(_gizmoContacts) == 0) return;
            Gizmos.color = GizmoContactColor;
            for (int i = 0; i + 1 < _gizmoContacts.Count; i += 2)
                Gizmos.DrawLine(_gizmoContacts[i], _gizmoContacts[i + 1]);
        }

        /// <summary>The contact gizmo's lines in world units, as pairs of end points, into
        /// <paramref name="lines"/> (cleared first): for each pair touching at the last <see cref="Step"/>, a
        /// cross <see cref="GizmoCrossPixels"/> pixels each way on the centre of its first contact pixel
        /// (pixel + 0.5) and, when it has one, its contact normal (from the pair's A towards B)
        /// <see cref="GizmoNormalPixels"/> long; pixels ÷ the pixels per unit of the pair's first collider that
        /// has a sprite. Returns how many contacts it drew. A pair whose body has gone since the step is
        /// skipped; a disabled or disposed world draws nothing. Never throws.</summary>
        internal int ContactGizmoLines(List<Vector3> lines)
        {
            lines.Clear();
            int drawn = 0;
            try
            {
                World world = _world;
                if (world == null || world.IsDisposed) return 0;
                Pair[] touching = world.Touching.ToArray();
                foreach (Pair pair in touching)
                {
                    float ppu;
                    if (!PixelsPerUnitOf(pair, out ppu)) continue;
                    WorldContact c;
                    try
                    {
                        c = world.Contact(pair, 0);
                    }
                    catch (PerPixelException)
                    {
                        continue; // a body gone since the step
                    }
                    if (!c.Touching) continue;
                    double cx = c.FirstContact.x + 0.5, cy = c.FirstContact.y + 0.5, d = GizmoCrossPixels;
                    SpriteCollider.AddLine(lines, cx - d, cy - d, cx + d, cy + d, ppu, 0);
                    SpriteCollider.AddLine(lines, cx - d, cy + d, cx + d, cy - d, ppu, 0);
                    if (c.Normal.HasValue)
                    {
                        Normal n = c.Normal.Value;
                        SpriteCollider.AddLine(lines, cx, cy, cx + n.x * GizmoNormalPixels, cy + n.y * GizmoNormalPixels, ppu, 0);
                    }
                    drawn++;
                }
            }
            catch (Exception)
            {
                // A gizmo never throws (a world disposed under it, a list gone stale).
            }
            return drawn;
        }

        private bool PixelsPerUnitOf(Pair pair, out float ppu)
        {
            ppu = 0;
            SpriteCollider a = ColliderOf(pair.A), b = ColliderOf(pair.B);
            return (a != null && a.TryGizmoPixelsPerUnit(out ppu)) || (b != null && b.TryGizmoPixelsPerUnit(out ppu));
        }
    }
}
#endif
