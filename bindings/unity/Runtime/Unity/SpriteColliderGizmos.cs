// Unity glue: compiled only inside Unity. The rest of the package is plain C# and is tested
// outside Unity under Mono (this glue too, against a stand-in for UnityEngine).
#if UNITY_5_3_OR_NEWER
using System;
using System.Collections.Generic;
using UnityEngine;

namespace PerPixel.Unity
{
    public partial class SpriteCollider
    {
        /// <summary>The colour of the solid outline a selected collider draws in the Scene view.</summary>
        public static Color GizmoOutlineColor = new Color(0.2f, 1f, 0.3f, 1f);
        /// <summary>The colour of the box (the placed mask's rectangle) a selected collider draws.</summary>
        public static Color GizmoBoxColor = new Color(1f, 0.85f, 0.2f, 0.6f);

        // The outline's segments in mask pixels (x0, y0, x1, y1 each), kept while the mask stays the same.
        private Mask _gizmoMask;
        private int[] _gizmoSegments;
        private readonly List<Vector3> _gizmoOutline = new List<Vector3>(), _gizmoBox = new List<Vector3>();

        private void OnDrawGizmosSelected()
        {
            if (!GizmoLines(_gizmoOutline, _gizmoBox)) return;
            Gizmos.color = GizmoBoxColor;
            for (int i = 0; i + 1 < _gizmoBox.Count; i += 2) Gizmos.DrawLine(_gizmoBox[i], _gizmoBox[i + 1]);
            Gizmos.color = GizmoOutlineColor;
            for (int i = 0; i + 1 < _gizmoOutline.Count; i += 2) Gizmos.DrawLine(_gizmoOutline[i], _gizmoOutline[i + 1]);
        }

        /// <summary>The gizmo's lines in world units, as pairs of end points: into <paramref name="outline"/>
        /// every edge of the placed mask's exact polygons (<see cref="Mask.Polygons()"/>: outer rings and holes,
        /// on pixel corners), into <paramref name="box"/> the four sides of its rectangle; a pixel corner (X, Y)
        /// is (X, Y) ÷ pixels per unit, at the transform's z. Both lists are cleared first. False, with both
        /// empty, when there is nothing to draw: no sprite, or a mask that cannot be built (the queries say
        /// why). Never throws.</summary>
        internal bool GizmoLines(List<Vector3> outline, List<Vector3> box)
        {
            outline.Clear();
            box.Clear();
            try
            {
                Sprite s = SpriteOrNull();
                if (s == null) return false;
                float ppu = s.pixelsPerUnit;
                if (!(ppu > 0) || float.IsInfinity(ppu)) return false;
                PlacedSprite placed = Placed;
                if (placed.Mask == null || placed.Mask.IsDisposed) return false;
                float z = transform.position.z;
                Bounds2D b = placed.Bounds;
                double x0 = b.x, y0 = b.y, x1 = (double)b.x + b.width, y1 = (double)b.y + b.height;
                AddLine(box, x0, y0, x1, y0, ppu, z);
                AddLine(box, x1, y0, x1, y1, ppu, z);
                AddLine(box, x1, y1, x0, y1, ppu, z);
                AddLine(box, x0, y1, x0, y0, ppu, z);
                if (placed.PixelCollision)
                {
                    int[] seg = OutlineSegments(placed.Mask);
                    for (int i = 0; i + 3 < seg.Length; i += 4)
                    {
                        AddLine(outline, (double)placed.X + seg[i], (double)placed.Y + seg[i + 1],
                            (double)placed.X + seg[i + 2], (double)placed.Y + seg[i + 3], ppu, z);
                    }
                }
                return true;
            }
            catch (Exception)
            {
                // A gizmo draws what it can and never throws: the queries report what is wrong.
                outline.Clear();
                box.Clear();
                return false;
            }
        }

        internal static void AddLine(List<Vector3> lines, double ax, double ay, double bx, double by, float ppu, float z)
        {
            lines.Add(new Vector3((float)(ax / ppu), (float)(ay / ppu), z));
            lines.Add(new Vector3((float)(bx / ppu), (float)(by / ppu), z));
        }

        /// <summary>The edges of <paramref name="mask"/>'s exact polygons (every ring, closed), in mask pixels,
        /// computed once per mask.</summary>
        private int[] OutlineSegments(Mask mask)
        {
            if (ReferenceEquals(_gizmoMask, mask) && _gizmoSegments != null) return _gizmoSegments;
            PolygonSet set = mask.Polygons();
            var seg = new int[checked(set.Points.Length * 4)];
            int n = 0;
            for (int r = 0; r < set.RingCount; r++)
            {
                int start = set.RingStarts[r], end = set.RingStarts[r + 1];
                for (int i = start; i < end; i++)
                {
                    Vertex a = set.Points[i], b = set.Points[i + 1 < end ? i + 1 : start];
                    seg[n++] = a.x;
                    seg[n++] = a.y;
                    seg[n++] = b.x;
                    seg[n++] = b.y;
                }
            }
            _gizmoMask = mask;
            _gizmoSegments = seg;
            return seg;
        }

        /// <summary>The sprite's pixels per unit; false when there is no sprite. Never throws.</summary>
        internal bool TryGizmoPixelsPerUnit(out float pixelsPerUnit)
        {
            pixelsPerUnit = 0;
            try
            {
                Sprite s = SpriteOrNull();
                if (s == null || !(s.pixelsPerUnit > 0) || float.IsInfinity(s.pixelsPerUnit)) return false;
                pixelsPerUnit = s.pixelsPerUnit;
                return true;
            }
            catch (Exception)
            {
                return false;
            }
        }
    }
}
#endif
