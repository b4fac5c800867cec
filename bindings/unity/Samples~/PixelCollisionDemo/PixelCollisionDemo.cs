using PerPixel.Unity;
using UnityEngine;

namespace PerPixel.Samples
{
    /// <summary>
    /// A scene script for trying the package: put it on a GameObject that has a SpriteRenderer
    /// and a <see cref="SpriteCollider"/>, give a few other sprites a SpriteCollider each and drag
    /// them into <see cref="others"/>, press Play and move the sprites around in the Scene view.
    /// The Inspector then shows, every frame, which sprite this one really touches (opaque pixels
    /// on opaque pixels), the first touching pixel and how many pixels overlap, beside how many
    /// of the others only touch box to box, which a rectangle test would have called hits.
    /// </summary>
    public class PixelCollisionDemo : MonoBehaviour
    {
        /// <summary>This sprite's collider (found on this GameObject when left empty).</summary>
        public SpriteCollider self;

        /// <summary>The sprites to test against.</summary>
        public SpriteCollider[] others = new SpriteCollider[0];

        /// <summary>Whether some opaque pixel of this sprite lies on one of another sprite.</summary>
        public bool touching;

        /// <summary>The first sprite of <see cref="others"/> whose pixels touch this one's.</summary>
        public string touchingName = "";

        /// <summary>The first touching world pixel (lowest row first, then lowest column).</summary>
        public Vector2Int firstContact;

        /// <summary>How many pixels are opaque in both sprites.</summary>
        public int overlapPixels;

        /// <summary>Sprites whose boxes overlap this one's although no pixels touch: the false hits
        /// a rectangle test reports.</summary>
        public int boxOnlyHits;

        void Awake()
        {
            if (self == null) self = GetComponent<SpriteCollider>();
            if (self == null) Debug.LogWarning("PixelCollisionDemo needs a SpriteCollider on " + name);
        }

        void Update()
        {
            touching = false;
            touchingName = "";
            overlapPixels = 0;
            boxOnlyHits = 0;
            if (self == null) return;
            RectInt box = self.WorldBounds;
            foreach (SpriteCollider other in others)
            {
                if (other == null || other == self) continue;
                Vector2Int contact;
                if (self.TryFirstContact(other, out contact))
                {
                    if (!touching)
                    {
                        touching = true;
                        touchingName = other.name;
                        firstContact = contact;
                        overlapPixels = self.OverlapAreaInt(other);
                    }
                }
                else if (BoxesOverlap(box, other.WorldBounds))
                {
                    boxOnlyHits++;
                }
            }
        }

        static bool BoxesOverlap(RectInt a, RectInt b)
        {
            return a.width > 0 && a.height > 0 && b.width > 0 && b.height > 0 &&
                   a.x < b.x + b.width && b.x < a.x + a.width &&
                   a.y < b.y + b.height && b.y < a.y + a.height;
        }
    }
}
