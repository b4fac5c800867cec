// Unity glue: compiled only inside Unity. The rest of the package is plain C# and is tested
// outside Unity under Mono (this glue too, against a stand-in for UnityEngine).
#if UNITY_5_3_OR_NEWER
using System;
using System.Collections.Generic;
using UnityEngine;

namespace PerPixel.Unity
{
    /// <summary>What <see cref="SpriteCollider.Sweep"/> found, in Unity's terms (pixels, y up).</summary>
    public struct ColliderSweep
    {
        /// <summary>Clear, hit or starts touching.</summary>
        public SweepOutcome Outcome;
        /// <summary>Pixels from the start to the last free position: where a mover stops (the whole motion
        /// when clear, (0, 0) when starting inside).</summary>
        public Vector2Int Travel;
        /// <summary>Pixels from the start to where it first touches (one step past <see cref="Travel"/> for a
        /// hit).</summary>
        public Vector2Int HitTravel;
        /// <summary>The first world pixel solid in both where it touches ((0, 0) when clear).</summary>
        public Vector2Int Contact;
        /// <summary>True when <see cref="Normal"/> holds the contact normal.</summary>
        public bool HasNormal;
        /// <summary>The contact normal, from the obstacle towards the mover, y up: (0, 1) landing on flat
        /// ground; (0, 0) when there is none.</summary>
        public Vector2 Normal;
        /// <summary>How far along the motion it touched, 0 to 1 (1 when clear, 0 when starting inside).</summary>
        public double Fraction;
        /// <summary><see cref="Travel"/> in world units (pixels ÷ the sprite's pixels per unit): add it to the
        /// transform's position to move there.</summary>
        public Vector2 WorldTravel;
    }

    /// <summary>Where <see cref="SpriteCollider.MoveWithSlide(SpriteCollider[], Vector2Int, uint)"/> left the sprite, in Unity's terms.</summary>
    public struct ColliderMove
    {
        /// <summary>Pixels actually moved.</summary>
        public Vector2Int Moved;
        /// <summary><see cref="Moved"/> in world units (pixels ÷ the sprite's pixels per unit): add it to the
        /// transform's position.</summary>
        public Vector2 WorldDelta;
        /// <summary>The x motion stopped short (a wall).</summary>
        public bool BlockedX;
        /// <summary>The y motion stopped short (a floor when moving down, a ceiling when moving up).</summary>
        public bool BlockedY;
        /// <summary>The y motion went down (y up: negative) and stopped short: standing on the ground.</summary>
        public bool Grounded;
        /// <summary>The sprite overlapped an obstacle where it started, so it did not move (push it out
        /// first: <see cref="SpriteCollider.PushOut"/>).</summary>
        public bool StartedInside;
        /// <summary>Pixels climbed by stepping up.</summary>
        public int Climbed;
    }

    /// <summary>What <see cref="SpriteCollider.Raycast"/> hit, in Unity's terms.</summary>
    public struct ColliderRayHit
    {
        /// <summary>The world pixel hit.</summary>
        public Vector2Int Pixel;
        /// <summary>The centre of <see cref="Pixel"/> in world units: (pixel + 0.5) ÷ pixels per unit.</summary>
        public Vector2 Point;
        /// <summary>Distance from the start pixel's centre to the hit pixel's, in world units.</summary>
        public float Distance;
        /// <summary>The same distance in pixels.</summary>
        public double PixelDistance;
        /// <summary>True when <see cref="Normal"/> holds the surface normal.</summary>
        public bool HasNormal;
        /// <summary>The surface normal, out of the sprite towards where the ray came from, y up; (0, 0) when
        /// there is none.</summary>
        public Vector2 Normal;
    }

    /// <summary>
    /// Pixel-perfect collision for a sprite, in the spirit of the tutorials' <c>SpriteCollider</c>: a mask
    /// of the sprite's solid pixels, placed at the sprite's position in world pixels, turned, scaled and
    /// mirrored as the sprite is drawn: the transform's rotation about z and lossy scale (negative
    /// included, and the skew of a rotated parent with a non-uniform scale, through its
    /// <c>localToWorldMatrix</c>), <c>SpriteRenderer.flipX/flipY</c> (about the pivot, as Unity draws them),
    /// the sprite's pivot and pixels-per-unit. Colliding sprites should share one pixels-per-unit.
    /// </summary>
    /// <remarks>
    /// The mask is built on first use and rebuilt, on the next query, whenever what it was built from
    /// changes: the sprite, <see cref="alphaThreshold"/>, <see cref="encodedTexture"/>,
    /// <see cref="bakedMask"/>, <see cref="bakedBundle"/> or <see cref="bakedName"/> (and after any
    /// inspector edit). A rebuild disposes the previous <see cref="Mask"/>, so do not keep it (or a
    /// <see cref="Placed"/> taken from it) across changes. Changes the collider cannot see, such as new
    /// pixels written into the texture or a re-imported <c>TextAsset</c>, need <see cref="Rebuild"/>.
    /// <para>Transformed sprites: the position is rounded to a whole world pixel
    /// (<see cref="Pixels.RoundPosition"/>, as for plain sprites); rotation, scale and flips then act
    /// exactly about the pivot (perpixel's sampling rule: a world pixel is covered when its centre lands
    /// in a solid texel), after Unity's float noise is snapped away (<see cref="UnityMasks.SpriteMatrix"/>:
    /// a matrix within 2^-18 of a flip, quarter turn or exact scale is that map exactly). The transformed mask (a
    /// <see cref="Raster"/>) is kept while rotation, scale, flips, pivot and mask stay the same, so moving a
    /// turned sprite costs nothing extra. A sprite tilted about x or y collides as its projection onto the
    /// xy plane (what an orthographic camera looking down z sees); a scale of 0 on an axis throws a
    /// <see cref="PerPixelException"/> with <see cref="Status.InvalidTransform"/>.</para>
    /// </remarks>
    public partial class SpriteCollider : MonoBehaviour
    {
        /// <summary>The inspector tooltip of <see cref="alphaThreshold"/>.</summary>
        public const string AlphaThresholdTooltip = "Alpha at or above which a texel is solid (1: any visible " +
            "pixel; 255: fully opaque only), for masks built from the texture or Encoded Texture. No effect on " +
            "Baked Mask / Baked Bundle: their threshold was fixed when baking (perpixel bake --threshold N), and a " +
            "different value here logs a warning once.";

        /// <summary>The sprite; when empty, the SpriteRenderer's sprite is used.</summary>
        [Tooltip("The sprite; when empty, the SpriteRenderer's sprite is used.")]
        public Sprite sprite;
        /// <summary>Unchecked: the sprite collides as its whole rectangle (turned, scaled and mirrored with the
        /// sprite). Changing it while touching keeps the <see cref="PixelWorld"/>'s pairs (Stay) where the
        /// new shape still touches.</summary>
        [Tooltip("Unchecked: the sprite collides as its whole rectangle.")]
        public bool pixelCollision = true;
        /// <summary>Alpha at or above which a pixel is solid (1: any visible pixel), for masks built from the
        /// texture or <see cref="encodedTexture"/>. Baked masks keep the threshold they were baked with; a
        /// different value here logs a warning once.</summary>
        [Tooltip(AlphaThresholdTooltip)]
        [Range(0, 255)] public int alphaThreshold = 1;
        /// <summary>Optional: the texture file's bytes (PNG as a .bytes TextAsset), so the texture need not
        /// be readable.</summary>
        [Tooltip("Optional: the texture file's bytes (PNG renamed to .bytes), so the texture need not be readable.")]
        public TextAsset encodedTexture;
        /// <summary>Optional, preferred over everything else: this sprite's baked mask (<c>perpixel bake
        /// sprite.png -o sprite.bytes --flip-y</c>), so the texture is neither readable nor decoded.</summary>
        [Tooltip("Optional, preferred over everything else: this sprite's baked mask (perpixel bake sprite.png " +
            "-o sprite.bytes --flip-y).")]
        public TextAsset bakedMask;
        /// <summary>Optional, preferred over the texture: a baked bundle (<c>perpixel bake atlas.json -o
        /// atlas.bytes --flip-y</c>) holding this sprite's mask under <see cref="bakedName"/>.</summary>
        [Tooltip("Optional, preferred over the texture: a baked bundle (perpixel bake atlas.json -o atlas.bytes " +
            "--flip-y) holding this sprite's mask under Baked Name.")]
        public TextAsset bakedBundle;
        /// <summary>Optional, preferred over everything else: the masks baked in the editor for the sprite's
        /// texture (Assets &gt; PerPixel &gt; Bake Sprite Masks makes <c>&lt;texture&gt;.pixelmasks.asset</c>), so the
        /// texture needs no Read/Write and nothing is decoded at run time. Filled in by itself in the editor
        /// (on any inspector edit or reload) when the sprite's texture has such a set; a set without an entry
        /// for the sprite is passed over.</summary>
        [Tooltip("Optional, preferred over everything else: the sprite masks baked in the editor for the sprite's " +
            "texture (Assets > PerPixel > Bake Sprite Masks). Filled in by itself in the editor.")]
        public SpriteMaskSet bakedMasks;
        /// <summary>The mask's name in <see cref="bakedBundle"/>; empty means the sprite's name plus
        /// ".png".</summary>
        [Tooltip("The mask's name in Baked Bundle; empty means the sprite's name plus \".png\".")]
        public string bakedName;

        /// <summary>The <see cref="PixelWorld"/> this collider joins while enabled; when empty,
        /// <see cref="PixelWorld.Main"/> (the first enabled one).</summary>
        [Tooltip("The PixelWorld this collider joins while enabled; when empty, the first enabled one.")]
        public PixelWorld pixelWorld;

        internal const int Enter = 0, Stay = 1, Exit = 2;
        private static readonly Action<PixelCollision>[] s_noHandlers = new Action<PixelCollision>[0];
        // Each subscriber apart (copied on subscribe, so raising allocates nothing and one that throws
        // does not stop the others).
        private Action<PixelCollision>[] _onEnter = s_noHandlers, _onStay = s_noHandlers, _onExit = s_noHandlers;
        // The GameObject's components that take the messages, found when the collider is enabled.
        private IPixelCollisionEnterHandler[] _enterHandlers = new IPixelCollisionEnterHandler[0];
        private IPixelCollisionStayHandler[] _stayHandlers = new IPixelCollisionStayHandler[0];
        private IPixelCollisionExitHandler[] _exitHandlers = new IPixelCollisionExitHandler[0];

        /// <summary>Raised by the collider's <see cref="PixelWorld"/> on the step this collider begins
        /// touching another (pixel-perfect, layers allowing). See <see cref="PixelWorld"/> for the event
        /// contract: every Enter is followed by exactly one <see cref="OnPixelCollisionExit"/>. A subscriber
        /// that throws is logged (<c>Debug.LogException</c>); the other subscribers still run.</summary>
        public event Action<PixelCollision> OnPixelCollisionEnter
        {
            add { _onEnter = Added(_onEnter, value); }
            remove { _onEnter = Removed(_onEnter, value); }
        }

        /// <summary>Raised on every later step while the two still touch.</summary>
        public event Action<PixelCollision> OnPixelCollisionStay
        {
            add { _onStay = Added(_onStay, value); }
            remove { _onStay = Removed(_onStay, value); }
        }

        /// <summary>Raised once after each Enter: on the step the two stop touching, or after either leaves the
        /// world (disabled, destroyed, or could not be placed), or when the world is switched off. The other
        /// collider may have been destroyed (<see cref="PixelCollision.Other"/> == null).</summary>
        public event Action<PixelCollision> OnPixelCollisionExit
        {
            add { _onExit = Added(_onExit, value); }
            remove { _onExit = Removed(_onExit, value); }
        }

        private static Action<PixelCollision>[] Added(Action<PixelCollision>[] list, Action<PixelCollision> h)
        {
            if (h == null) return list;
            var more = new Action<PixelCollision>[list.Length + 1];
            Array.Copy(list, more, list.Length);
            more[list.Length] = h;
            return more;
        }

        private static Action<PixelCollision>[] Removed(Action<PixelCollision>[] list, Action<PixelCollision> h)
        {
            if (h == null) return list;
            // The last one subscribed goes first, as with C# events.
            for (int i = list.Length - 1; i >= 0; i--)
            {
                if (!list[i].Equals(h)) continue;
                var fewer = new Action<PixelCollision>[list.Length - 1];
                Array.Copy(list, 0, fewer, 0, i);
                Array.Copy(list, i + 1, fewer, i, list.Length - i - 1);
                return fewer;
            }
            return list;
        }

        // The world this collider is in (null: none).
        private PixelWorld _joined;

        /// <summary>The <see cref="PixelWorld"/> this collider is in now; null when in none.</summary>
        public PixelWorld JoinedWorld { get { return _joined; } }

        private Mask _mask;
        // What _mask was built from; any difference at the next query rebuilds it.
        private Sprite _builtSprite;
        private int _builtThreshold;
        private TextAsset _builtEncoded, _builtBakedMask, _builtBakedBundle;
        private SpriteMaskSet _builtBakedMasks;
        private string _builtBakedName;
        private bool _stale;
        // The baked mask and threshold last warned about, so each mismatch is reported once.
        private string _warned;
        // Looked up once instead of on every query.
        private SpriteRenderer _renderer;
        private bool _rendererLooked;
        private Transform _transform;
        // The transformed mask, and what it was made from: the mask, the matrix, bounds-only.
        private Raster _raster;
        private Mask _rasterOf;
        private bool _rasterBoundsOnly;
        private readonly double[] _rasterMatrix = new double[6];
        private readonly double[] _matrix = new double[6];

        /// <summary>The sprite's mask, built on first use and rebuilt when its inputs change (see the
        /// class remarks): from <see cref="bakedMask"/> or <see cref="bakedBundle"/> when set, otherwise from
        /// the texture.</summary>
        public Mask Mask
        {
            get { return CurrentMask(CurrentSprite()); }
        }

        /// <summary>Builds the mask again now from the current inputs, reading them afresh: also drops the
        /// texture copy <see cref="UnityMasks"/> may keep for the sprite's texture and reloads
        /// <see cref="bakedBundle"/>. Call it after changing a texture's pixels or a baked asset's bytes in
        /// place; field changes are picked up without it. The previous <see cref="Mask"/> is disposed.</summary>
        public Mask Rebuild()
        {
            Sprite s = CurrentSprite();
            if (s.texture != null) UnityMasks.ForgetTexture(s.texture);
            if (bakedBundle != null) UnityMasks.ForgetBundle(bakedBundle);
            return Build(s);
        }

        private Mask CurrentMask(Sprite s)
        {
            if (_mask != null && !_stale && !_mask.IsDisposed
                && ReferenceEquals(_builtSprite, s) && _builtThreshold == alphaThreshold
                && ReferenceEquals(_builtEncoded, encodedTexture) && ReferenceEquals(_builtBakedMask, bakedMask)
                && ReferenceEquals(_builtBakedBundle, bakedBundle) && string.Equals(_builtBakedName, bakedName)
                && ReferenceEquals(_builtBakedMasks, bakedMasks))
            {
                return _mask;
            }
            return Build(s);
        }

        private Mask Build(Sprite s)
        {
            if (_mask != null) _mask.Dispose();
            _mask = null;
            int threshold = Mathf.Clamp(alphaThreshold, 0, 255);
            Mask built;
            Mask fromSet;
            if (bakedMasks != null && bakedMasks.TryGetMask(s, out fromSet))
            {
                built = fromSet;
                int baked = bakedMasks.bakedThreshold;
                if (baked >= 0 && baked != threshold)
                    WarnThreshold("masks baked in '" + SafeName(bakedMasks) + "'", threshold, baked,
                        "set its Alpha Threshold to " + threshold);
            }
            else if (bakedMask != null || bakedBundle != null)
            {
                int? baked;
                string what;
                built = UnityMasks.FromBaked(s, bakedMask, bakedBundle, bakedName, out baked, out what);
                if (baked.HasValue && baked.Value != threshold)
                    WarnThreshold(what, threshold, baked.Value, "rebake with --threshold " + threshold);
            }
            else if (bakedMasks != null && encodedTexture == null && s.texture != null && !s.texture.isReadable)
            {
                throw new InvalidOperationException("SpriteCollider on '" + name + "': " + bakedMasks.WhyMissing(s) +
                    " Texture '" + s.texture.name + "' is not readable, so its pixels cannot be read instead (or tick " +
                    "'Read/Write Enabled' in its import settings).");
            }
            else
            {
                built = UnityMasks.FromSprite(s, (byte)threshold, encodedTexture);
            }
            _mask = built;
            _builtSprite = s;
            _builtThreshold = alphaThreshold;
            _builtEncoded = encodedTexture;
            _builtBakedMask = bakedMask;
            _builtBakedBundle = bakedBundle;
            _builtBakedName = bakedName;
            _builtBakedMasks = bakedMasks;
            _stale = false;
            return built;
        }

        /// <summary>The SpriteRenderer (its sprite and flips), looked up once; looked up again while it is
        /// missing and the sprite must come from it.</summary>
        private SpriteRenderer Renderer()
        {
            if (!_rendererLooked || (_renderer == null && sprite == null))
            {
                _renderer = GetComponent<SpriteRenderer>();
                _rendererLooked = true;
            }
            return _renderer;
        }

        /// <summary>The sprite (its own, else the renderer's), or null when there is none; never
        /// throws.</summary>
        private Sprite SpriteOrNull()
        {
            if (sprite != null) return sprite;
            SpriteRenderer r = Renderer();
            return r != null ? r.sprite : null;
        }

        private Sprite CurrentSprite()
        {
            Sprite s = SpriteOrNull();
            if (s == null) throw new InvalidOperationException("SpriteCollider on '" + name + "' has no sprite");
            return s;
        }

        private Vector2Int PixelPositionOf(Sprite s)
        {
            if (ReferenceEquals(_transform, null)) _transform = transform;
            return UnityMasks.PixelPosition(_transform.position, s.pixelsPerUnit, s.pivot);
        }

        /// <summary>World pixel of the sprite's bottom-left texel: the transform's position in pixels minus
        /// the sprite's pivot, rounded half up (<see cref="UnityMasks.PixelPosition"/>).</summary>
        public Vector2Int PixelPosition
        {
            get { return PixelPositionOf(CurrentSprite()); }
        }

        /// <summary>The transform position (world units, this transform's z kept) that puts the sprite's
        /// bottom-left texel on world pixel <paramref name="pixel"/>: <see cref="UnityMasks.PixelToWorld"/>
        /// with the sprite's pixels per unit and pivot. <see cref="PixelPosition"/> there is
        /// <paramref name="pixel"/>.</summary>
        public Vector3 PixelToWorld(Vector2Int pixel)
        {
            Sprite s = CurrentSprite();
            if (ReferenceEquals(_transform, null)) _transform = transform;
            return UnityMasks.PixelToWorld(pixel, s.pixelsPerUnit, s.pivot, _transform.position.z);
        }

        /// <summary>Moves the transform by exactly <paramref name="pixels"/> whole pixels: to
        /// <see cref="PixelToWorld"/>(<see cref="PixelPosition"/> + <paramref name="pixels"/>). Unlike adding
        /// <c>pixels / pixelsPerUnit</c> to a float position every frame, which drifts (0.47 pixel after 10,000
        /// steps of 0.01 at 100 pixels per unit), every call lands exactly on the pixel.</summary>
        public void MovePixels(Vector2Int pixels)
        {
            Vector2Int at = PixelPosition;
            Vector3 to = PixelToWorld(new Vector2Int(checked(at.x + pixels.x), checked(at.y + pixels.y)));
            _transform.position = to;
        }

        /// <summary>Puts the transform exactly on the pixel it is on now (<see cref="PixelPosition"/>), dropping
        /// the sub-pixel part and any float drift.</summary>
        public void SnapToPixel()
        {
            MovePixels(new Vector2Int(0, 0));
        }

        /// <summary>This collider as a placed sprite (its mask is owned by the collider). For a turned,
        /// scaled or mirrored sprite, the mask is the transformed one (a <see cref="Raster"/>'s, pixel
        /// collision on; a bounds-only sprite's raster is its whole rectangle, transformed).</summary>
        public PlacedSprite Placed
        {
            get
            {
                Sprite s = CurrentSprite();
                Mask m = CurrentMask(s);
                Vector2Int at = PixelPositionOf(s);
                if (!Transformed(s)) return new PlacedSprite(m, at.x, at.y, pixelCollision);
                Raster r = CurrentRaster(m);
                return new PlacedSprite(r.Mask, checked(r.X + at.x), checked(r.Y + at.y));
            }
        }

        /// <summary>Fills <c>_matrix</c> from the transform and the renderer's flips; false for the plain,
        /// untransformed case.</summary>
        private bool Transformed(Sprite s)
        {
            if (ReferenceEquals(_transform, null)) _transform = transform;
            Matrix4x4 world = _transform.localToWorldMatrix;
            SpriteRenderer renderer = Renderer();
            bool flipX = renderer != null && renderer.flipX, flipY = renderer != null && renderer.flipY;
            return UnityMasks.SpriteMatrix(world.m00, world.m01, world.m10, world.m11, flipX, flipY, s.pivot,
                _matrix);
        }

        /// <summary>The raster of <paramref name="m"/> under <c>_matrix</c> at pixel position (0, 0), made
        /// again only when the mask, the matrix or bounds-only changed.</summary>
        private Raster CurrentRaster(Mask m)
        {
            bool boundsOnly = !pixelCollision;
            if (_raster != null && !_raster.Mask.IsDisposed && ReferenceEquals(_rasterOf, m)
                && _rasterBoundsOnly == boundsOnly && SameMatrix(_rasterMatrix, _matrix))
            {
                return _raster;
            }
            Raster made = m.RasteriseMatrix(_matrix, boundsOnly);
            if (_raster != null) _raster.Dispose();
            _raster = made;
            _rasterOf = m;
            _rasterBoundsOnly = boundsOnly;
            Array.Copy(_matrix, _rasterMatrix, 6);
            return made;
        }

        private static bool SameMatrix(double[] a, double[] b)
        {
            for (int i = 0; i < 6; i++)
                if (!a[i].Equals(b[i])) return false;
            return true;
        }

        /// <summary>The sprite's rectangle in world pixels.</summary>
        public RectInt WorldBounds
        {
            get { return UnityMasks.ToRectInt(Placed.Bounds); }
        }

        private static SpriteCollider Other(SpriteCollider other)
        {
            if (ReferenceEquals(other, null)) throw new ArgumentNullException("other");
            return other;
        }

        /// <summary>True when this collider takes part in collisions: its component is enabled and its
        /// GameObject active (<c>isActiveAndEnabled</c>). A disabled collider collides with nothing, as a
        /// disabled <c>Collider2D</c>: <see cref="Collides"/> is false, <see cref="OverlapArea"/> 0,
        /// <see cref="TryFirstContact"/> and <see cref="OverlapPoint"/> false, <see cref="OverlapMask"/> null,
        /// <see cref="ContactNormal"/> and <see cref="Raycast"/> null, <see cref="PushOut"/> (0, 0),
        /// <see cref="Sweep"/> clear, and <see cref="MoveWithSlide(SpriteCollider[], Vector2Int, uint)"/> passes through it; its
        /// <see cref="PixelWorld"/> drops it. <see cref="Placed"/>, <see cref="Mask"/> and
        /// <see cref="WorldBounds"/> still describe where it would be.</summary>
        public bool Participates
        {
            get { return isActiveAndEnabled; }
        }

        // Both take part in collisions (and other is not null).
        private bool BothParticipate(SpriteCollider other)
        {
            return Other(other).Participates && Participates;
        }

        /// <summary>True when the two sprites' solid pixels touch (or their rectangles, for a sprite with
        /// pixel collision off); false when either is disabled (<see cref="Participates"/>).</summary>
        public bool Collides(SpriteCollider other)
        {
            if (!BothParticipate(other)) return false;
            return Placed.Collides(other.Placed);
        }

        /// <summary>Where the two sprites first touch, in world pixels (lowest row first, then lowest
        /// x); false (and (0, 0)) when they do not. Throws <see cref="OverflowException"/> when the pixel
        /// lies beyond <c>int.MaxValue</c> (sprites placed at the edge of the range; use
        /// <see cref="Placed"/>'s 64-bit <see cref="PlacedSprite.TryFirstContact"/> there).</summary>
        public bool TryFirstContact(SpriteCollider other, out Vector2Int contact)
        {
            if (!BothParticipate(other))
            {
                contact = new Vector2Int(0, 0);
                return false;
            }
            Point p;
            bool found = Placed.TryFirstContact(other.Placed, out p);
            contact = UnityMasks.ToVector2Int(p);
            return found;
        }

        /// <summary>Old name of <see cref="TryFirstContact"/>.</summary>
        [Obsolete("Use TryFirstContact (same answer; it throws OverflowException where this used to truncate).")]
        public bool FirstContact(SpriteCollider other, out Vector2Int contact)
        {
            return TryFirstContact(other, out contact);
        }

        /// <summary>How many pixels the two sprites share, in 64 bits.</summary>
        public ulong OverlapArea(SpriteCollider other)
        {
            if (!BothParticipate(other)) return 0;
            return Placed.OverlapArea(other.Placed);
        }

        /// <summary>How many pixels the two sprites share, as an <see cref="int"/>. Throws
        /// <see cref="OverflowException"/> when it exceeds <c>int.MaxValue</c>, which needs two masks of over
        /// 2^31 pixels (above the default <see cref="Library.MaxMaskPixels"/>).</summary>
        public int OverlapAreaInt(SpriteCollider other)
        {
            return checked((int)OverlapArea(other));
        }

        /// <summary>The pixels solid in both sprites, as a new mask the caller owns (dispose it), whose pixel
        /// (0, 0) is world pixel (<paramref name="worldBounds"/>.x, <paramref name="worldBounds"/>.y);
        /// <paramref name="worldBounds"/> is the intersection of the two sprites' rectangles. When the
        /// rectangles do not overlap, the same answer as <see cref="PlacedSprite.OverlapMask"/>.</summary>
        public Mask OverlapMask(SpriteCollider other, out RectInt worldBounds)
        {
            if (!BothParticipate(other))
            {
                worldBounds = new RectInt(0, 0, 0, 0);
                return null;
            }
            Bounds2D bounds;
            Mask overlap = Placed.OverlapMask(other.Placed, out bounds);
            worldBounds = UnityMasks.ToRectInt(bounds);
            return overlap;
        }

        /// <summary>The sprite's pixels per unit, to turn pixels into world units.</summary>
        private float PixelsPerUnit()
        {
            return CurrentSprite().pixelsPerUnit;
        }

        /// <summary><paramref name="pixels"/> in world units: pixels ÷ the sprite's pixels per unit, the
        /// amount to add to the transform's position to move the sprite by those pixels.</summary>
        public Vector2 PixelsToUnits(Vector2Int pixels)
        {
            float ppu = PixelsPerUnit();
            return new Vector2((float)(pixels.x / (double)ppu), (float)(pixels.y / (double)ppu));
        }

        /// <summary>The contact normal between <paramref name="obstacle"/> and this sprite, from the obstacle
        /// towards this one, y up: exactly (0, 1) for a sprite resting on flat ground; null when they neither
        /// overlap nor touch (see <see cref="PlacedSprite.ContactNormal"/>).</summary>
        public Vector2? ContactNormal(SpriteCollider obstacle)
        {
            if (!BothParticipate(obstacle)) return null;
            Normal? n = Placed.ContactNormal(obstacle.Placed);
            return n.HasValue ? UnityMasks.ToVector2(n.Value) : (Vector2?)null;
        }

        /// <summary>The shortest whole-pixel move that frees this sprite from <paramref name="obstacle"/>
        /// ((0, 0) when they do not overlap or either is disabled; null when nothing within
        /// <see cref="PushOptions.MaxDistance"/> frees it); see <see cref="PlacedSprite.PushOut"/>. Ties go
        /// up in Unity's y-up world: <see cref="PushDirection.Any"/> takes, among the shortest moves, the one
        /// with the largest y, then the smallest x (up, then left); <see cref="PushDirection.Vertical"/> takes
        /// up over down; <see cref="PushDirection.Along"/> without an <see cref="PushOptions.AlongDirection"/>
        /// pushes along (0, 1), up. (The plain <see cref="PlacedSprite.PushOut"/> keeps the library's y-down
        /// order.) Move the transform by <see cref="PixelsToUnits"/> of the answer.</summary>
        public Vector2Int? PushOut(SpriteCollider obstacle, PushOptions options = default(PushOptions))
        {
            if (!BothParticipate(obstacle)) return new Vector2Int(0, 0);
            PlacedSprite me = Placed, other = obstacle.Placed;
            if (options.Direction == PushDirection.Along && !options.HasAlongDirection)
                options.AlongDirection = new Offset(0, 1);
            Offset? o = me.PushOut(other, options);
            if (!o.HasValue) return null;
            Offset r = o.Value;
            bool moved = r.dx != 0 || r.dy != 0;
            if ((options.Direction == PushDirection.Any && moved) || (options.Direction == PushDirection.Vertical && r.dy < 0))
                r = PreferUp(me, other, r, options.Direction == PushDirection.Vertical);
            return UnityMasks.ToVector2Int(r);
        }

        /// <summary>Among the moves as long as <paramref name="shortest"/> (the library's answer, ties broken
        /// towards smaller y) that free <paramref name="me"/>, the one with the largest y, then the smallest x:
        /// every whole-pixel point on that circle above it is tried in that order.</summary>
        internal static Offset PreferUp(PlacedSprite me, PlacedSprite other, Offset shortest, bool verticalOnly)
        {
            if (verticalOnly)
                return Frees(me, other, 0, -shortest.dy) ? new Offset(0, -shortest.dy) : shortest;
            long length2 = (long)shortest.dx * shortest.dx + (long)shortest.dy * shortest.dy;
            for (long dy = (long)Math.Sqrt(length2) + 1; dy > shortest.dy; dy--)
            {
                long rest = length2 - dy * dy;
                if (rest < 0) continue;
                long dx = (long)Math.Sqrt(rest);
                while (dx * dx > rest) dx--;
                while ((dx + 1) * (dx + 1) <= rest) dx++;
                if (dx * dx != rest) continue;
                if (Frees(me, other, -dx, dy)) return new Offset((int)-dx, (int)dy);
                if (dx != 0 && Frees(me, other, dx, dy)) return new Offset((int)dx, (int)dy);
            }
            return shortest;
        }

        private static bool Frees(PlacedSprite me, PlacedSprite other, long dx, long dy)
        {
            return !new PlacedSprite(me.Mask, checked((int)(me.X + dx)), checked((int)(me.Y + dy)), me.PixelCollision)
                .Collides(other);
        }

        /// <summary>Moves this sprite by <paramref name="pixels"/> along its 4-connected path (see
        /// <see cref="PlacedSprite.Sweep"/>) and reports where it first touches <paramref name="obstacle"/>,
        /// how far it can go and the contact normal (y up). The transform is not moved: add
        /// <see cref="ColliderSweep.WorldTravel"/> to its position.</summary>
        public ColliderSweep Sweep(SpriteCollider obstacle, Vector2Int pixels)
        {
            if (!BothParticipate(obstacle))
            {
                return new ColliderSweep
                {
                    Outcome = SweepOutcome.Clear, Travel = pixels, HitTravel = pixels, Fraction = 1,
                    WorldTravel = PixelsToUnits(pixels),
                };
            }
            PlacedSprite me = Placed;
            SweepResult r = me.Sweep(obstacle.Placed, pixels.x, pixels.y);
            Vector2Int travel = new Vector2Int(checked((int)(r.LastFree.x - me.X)), checked((int)(r.LastFree.y - me.Y)));
            return new ColliderSweep
            {
                Outcome = r.Outcome,
                Travel = travel,
                HitTravel = new Vector2Int(checked((int)(r.At.x - me.X)), checked((int)(r.At.y - me.Y))),
                Contact = UnityMasks.ToVector2Int(r.Contact),
                HasNormal = r.HasNormal,
                Normal = UnityMasks.ToVector2(r.Normal),
                Fraction = r.Fraction,
                WorldTravel = PixelsToUnits(travel),
            };
        }

        // The obstacles' placed sprites, kept between MoveWithSlide calls so a move allocates nothing.
        private PlacedSprite[] _obstacles = new PlacedSprite[0];

        /// <summary>Moves this sprite by <paramref name="pixels"/> against <paramref name="obstacles"/> as pixel
        /// platformers do (x first, then y, each axis stopping at its last free pixel; see
        /// <see cref="PlacedSprite.MoveAndSlide"/>), climbing up to <paramref name="stepUp"/> pixels to pass a
        /// blocked x step: up is +y, Unity's convention (<see cref="MoveOptions.YUp"/>). Null entries and this
        /// collider itself are skipped. The transform is not moved: add
        /// <see cref="ColliderMove.WorldDelta"/> to its position.</summary>
        public ColliderMove MoveWithSlide(SpriteCollider[] obstacles, Vector2Int pixels, uint stepUp = 0)
        {
            if (obstacles == null) throw new ArgumentNullException("obstacles");
            PlacedSprite me = Placed;
            if (_obstacles.Length < obstacles.Length) _obstacles = new PlacedSprite[obstacles.Length];
            int count = 0;
            foreach (SpriteCollider o in obstacles)
                if (o != null && !ReferenceEquals(o, this) && o.Participates) _obstacles[count++] = o.Placed;
            MoveResult r;
            try
            {
                r = me.MoveAndSlideFirst(_obstacles, count, pixels.x, pixels.y, MoveOptions.YUp(stepUp));
            }
            finally
            {
                // Do not keep the obstacles' masks reachable from this collider.
                Array.Clear(_obstacles, 0, count);
            }
            return MoveOf(me, r, pixels);
        }

        /// <summary>A move-and-slide result of this sprite from <paramref name="me"/>, asked to move
        /// <paramref name="pixels"/>, in Unity's terms (y up).</summary>
        internal ColliderMove MoveOf(PlacedSprite me, MoveResult r, Vector2Int pixels)
        {
            var moved = new Vector2Int(r.X - me.X, r.Y - me.Y);
            return new ColliderMove
            {
                Moved = moved,
                WorldDelta = PixelsToUnits(moved),
                BlockedX = r.BlockedX,
                BlockedY = r.BlockedY,
                Grounded = r.BlockedY && pixels.y < 0,
                StartedInside = r.StartedInside,
                Climbed = checked((int)r.Climbed),
            };
        }

        /// <summary>Moves this sprite by <paramref name="pixels"/> against every collider of its
        /// <see cref="PixelWorld"/> (the one it joined, else <see cref="pixelWorld"/>, else
        /// <see cref="PixelWorld.Main"/>) on the layers of <paramref name="layerMask"/>, as
        /// <see cref="PixelWorld.MoveWithSlide"/>: x first, then y, climbing up to <paramref name="stepUp"/>
        /// pixels, y up. The transform is not moved: add <see cref="ColliderMove.WorldDelta"/> to its position.
        /// Throws <see cref="InvalidOperationException"/> when there is no enabled world.</summary>
        public ColliderMove MoveWithSlide(Vector2Int pixels, int layerMask = PixelWorld.AllLayers, uint stepUp = 0)
        {
            PixelWorld w = !ReferenceEquals(_joined, null) ? _joined : pixelWorld != null ? pixelWorld : PixelWorld.Main;
            if (w == null || w.World == null)
                throw new InvalidOperationException("SpriteCollider on '" + name + "' is in no enabled PixelWorld");
            return w.MoveWithSlide(this, pixels, layerMask, stepUp);
        }

        /// <summary>The first solid pixel of this sprite on the ray from <paramref name="origin"/> (world
        /// units) in <paramref name="direction"/>, at most <paramref name="maxDistance"/> world units from the
        /// start; null when there is none. Floats become pixels by the project's rule, floor(v + 0.5), in
        /// double: the start is the world pixel holding the origin (<see cref="UnityMasks.PointPixel"/>), the
        /// direction is scaled so its larger component is 65536 and rounded
        /// (<see cref="UnityMasks.RayDirection"/>), and the length is rounded to whole pixels
        /// (<see cref="UnityMasks.RayLength"/>), all with the sprite's pixels per unit. Throws
        /// <see cref="PerPixelException"/> (<see cref="Status.InvalidArgument"/>) for a (0, 0) direction.
        /// </summary>
        public ColliderRayHit? Raycast(Vector2 origin, Vector2 direction, float maxDistance)
        {
            float ppu = PixelsPerUnit();
            Vector2Int start = UnityMasks.PointPixel(origin, ppu);
            Vector2Int d = UnityMasks.RayDirection(direction);
            uint length = UnityMasks.RayLength(maxDistance, ppu);
            if (d.x == 0 && d.y == 0) throw new PerPixelException(Status.InvalidArgument, "a ray direction cannot be (0, 0)");
            if (!Participates) return null;
            RayHit? hit = Placed.Raycast(start.x, start.y, d.x, d.y, length);
            if (!hit.HasValue) return null;
            RayHit h = hit.Value;
            Vector2Int pixel = UnityMasks.ToVector2Int(h.Pixel);
            return new ColliderRayHit
            {
                Pixel = pixel,
                Point = new Vector2((float)((pixel.x + 0.5) / ppu), (float)((pixel.y + 0.5) / ppu)),
                Distance = (float)(h.Distance / ppu),
                PixelDistance = h.Distance,
                HasNormal = h.HasNormal,
                Normal = UnityMasks.ToVector2(h.Normal),
            };
        }

        /// <summary>True when the world pixel holding <paramref name="point"/> (world units, see
        /// <see cref="UnityMasks.PointPixel"/>) is solid in this sprite, as drawn (turned, scaled,
        /// mirrored); Unity's <c>Collider2D.OverlapPoint</c>.</summary>
        public bool OverlapPoint(Vector2 point)
        {
            Vector2Int p = UnityMasks.PointPixel(point, PixelsPerUnit());
            if (!Participates) return false;
            return Placed.SolidAt(p.x, p.y);
        }

        private void OnValidate()
        {
            // An inspector edit: rebuild on the next query, whatever changed; in the editor, pick up the
            // sprite's baked mask set.
            _stale = true;
            bakedMasks = SpriteMaskSet.EditorFind(SpriteOrNull(), bakedMasks);
        }

        // One warning per baked source and threshold: alphaThreshold does not change baked masks.
        private void WarnThreshold(string what, int threshold, int baked, string fix)
        {
            string key = what + " at " + threshold;
            if (_warned == key) return;
            _warned = key;
            Debug.LogWarning("SpriteCollider on '" + name + "': alphaThreshold is " + threshold + " but the " + what +
                " was baked with threshold " + baked + ", which is what counts: alphaThreshold has no effect on baked " +
                "masks. To change it, " + fix + ", or set alphaThreshold to " + baked + ".", this);
        }

        private static string SafeName(UnityEngine.Object o)
        {
            try { return o.name; }
            catch (Exception) { return "?"; }
        }

        private void OnEnable()
        {
            RefreshMessageHandlers();
            PixelWorld w = pixelWorld != null ? pixelWorld : PixelWorld.Main;
            if (w != null && w.World != null) JoinWorld(w);
            else if (!PixelWorld.s_waiting.Contains(this)) PixelWorld.s_waiting.Add(this);
        }

        private void OnDisable()
        {
            PixelWorld.s_waiting.Remove(this);
            if (!ReferenceEquals(_joined, null)) _joined.Leave(this);
            _joined = null;
        }

        internal void JoinWorld(PixelWorld world)
        {
            world.Join(this);
            _joined = world;
        }

        internal void LeftWorld(PixelWorld world)
        {
            if (ReferenceEquals(_joined, world)) _joined = null;
        }

        private static readonly List<IPixelCollisionEnterHandler> s_enterFound = new List<IPixelCollisionEnterHandler>();
        private static readonly List<IPixelCollisionStayHandler> s_stayFound = new List<IPixelCollisionStayHandler>();
        private static readonly List<IPixelCollisionExitHandler> s_exitFound = new List<IPixelCollisionExitHandler>();

        /// <summary>Finds again the components of this GameObject that take the collision messages
        /// (<see cref="IPixelCollisionEnterHandler"/>, <see cref="IPixelCollisionStayHandler"/>,
        /// <see cref="IPixelCollisionExitHandler"/>). They are found when the collider is enabled; call this after
        /// adding such a component to an enabled collider's GameObject. Destroyed ones are skipped on their
        /// own. As with Physics2D's messages, disabled components get them too.</summary>
        public void RefreshMessageHandlers()
        {
            GetComponents(s_enterFound);
            _enterHandlers = s_enterFound.ToArray();
            GetComponents(s_stayFound);
            _stayHandlers = s_stayFound.ToArray();
            GetComponents(s_exitFound);
            _exitHandlers = s_exitFound.ToArray();
            s_enterFound.Clear();
            s_stayFound.Clear();
            s_exitFound.Clear();
        }

        // Every subscriber and message handler, each on its own: an exception is logged and the rest run.
        internal void RaisePixelCollision(int kind, PixelCollision collision)
        {
            Action<PixelCollision>[] list = kind == Enter ? _onEnter : kind == Stay ? _onStay : _onExit;
            for (int i = 0; i < list.Length; i++)
            {
                try { list[i](collision); }
                catch (Exception e) { Debug.LogException(e, this); }
            }
            if (kind == Enter)
            {
                IPixelCollisionEnterHandler[] hs = _enterHandlers;
                for (int i = 0; i < hs.Length; i++)
                {
                    if (Gone(hs[i])) continue;
                    try { hs[i].OnPixelCollisionEnter2D(collision); }
                    catch (Exception e) { Debug.LogException(e, this); }
                }
            }
            else if (kind == Stay)
            {
                IPixelCollisionStayHandler[] hs = _stayHandlers;
                for (int i = 0; i < hs.Length; i++)
                {
                    if (Gone(hs[i])) continue;
                    try { hs[i].OnPixelCollisionStay2D(collision); }
                    catch (Exception e) { Debug.LogException(e, this); }
                }
            }
            else
            {
                IPixelCollisionExitHandler[] hs = _exitHandlers;
                for (int i = 0; i < hs.Length; i++)
                {
                    if (Gone(hs[i])) continue;
                    try { hs[i].OnPixelCollisionExit2D(collision); }
                    catch (Exception e) { Debug.LogException(e, this); }
                }
            }
        }

        // A handler component destroyed since it was found.
        private static bool Gone(object handler)
        {
            var o = handler as UnityEngine.Object;
            return !ReferenceEquals(o, null) && o == null;
        }

        private void OnDestroy()
        {
            OnDisable();
            if (_raster != null) _raster.Dispose();
            _raster = null;
            _rasterOf = null;
            if (_mask != null) _mask.Dispose();
            _mask = null;
        }
    }
}
#endif
