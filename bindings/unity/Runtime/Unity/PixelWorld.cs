// Unity glue: compiled only inside Unity. The rest of the package is plain C# and is tested
// outside Unity under Mono (this glue too, against a stand-in for UnityEngine).
#if UNITY_5_3_OR_NEWER
using System;
using System.Collections.Generic;
using UnityEngine;

namespace PerPixel.Unity
{
    /// <summary>The contact of a collision, in Unity's terms (pixels, y up), from the point of view of the
    /// collider receiving the event: <see cref="Normal"/> points from the other collider towards it and
    /// <see cref="PushOut"/> moves it out of the other.</summary>
    public struct PixelContact
    {
        /// <summary>True when the two share a solid pixel now.</summary>
        public bool Touching;
        /// <summary>Their first world pixel solid in both, row by row from the bottom ((0, 0) when not
        /// touching).</summary>
        public Vector2Int Point;
        /// <summary>Pixels solid in both.</summary>
        public ulong Area;
        /// <summary>True when <see cref="Normal"/> holds the contact normal.</summary>
        public bool HasNormal;
        /// <summary>The contact normal from the other collider's surface towards this one, y up ((0, 1) for
        /// this collider standing on the other); (0, 0) when there is none.</summary>
        public Vector2 Normal;
        /// <summary>True when <see cref="PushOut"/> holds this collider's way out.</summary>
        public bool HasPushOut;
        /// <summary>This collider's shortest whole-pixel translation out of the other ((0, 0) when they do
        /// not overlap).</summary>
        public Vector2Int PushOut;
    }

    /// <summary>One collision event of <see cref="SpriteCollider.OnPixelCollisionEnter"/>,
    /// <see cref="SpriteCollider.OnPixelCollisionStay"/> or <see cref="SpriteCollider.OnPixelCollisionExit"/>:
    /// the other collider, and the contact data on request (<see cref="GetContact"/>).</summary>
    public struct PixelCollision
    {
        private readonly PixelWorld _world;
        private readonly BodyId _self, _other;

        internal PixelCollision(PixelWorld world, SpriteCollider other, BodyId self, BodyId otherId)
        {
            _world = world;
            Other = other;
            _self = self;
            _other = otherId;
        }

        /// <summary>The collider this one touches (began, kept or stopped touching).</summary>
        public SpriteCollider Other { get; }

        /// <summary>The contact as the world holds the two now (computed when asked: a native call with a
        /// first-contact scan, an area, a normal and a push-out search up to <paramref name="pushMax"/>
        /// pixels). Call it inside the event handler: after either collider leaves the world (an exit
        /// because one was disabled) it throws <see cref="PerPixelException"/> with
        /// <see cref="Status.StaleBody"/>.</summary>
        public PixelContact GetContact(uint pushMax = PushOptions.DefaultMaxDistance)
        {
            if (_world == null || _world.World == null) throw new InvalidOperationException("the PixelWorld is gone");
            WorldContact c = _world.World.Contact(new Pair(_other, _self), pushMax);
            return new PixelContact
            {
                Touching = c.Touching,
                Point = UnityMasks.ToVector2Int(c.FirstContact),
                Area = c.Area,
                HasNormal = c.Normal.HasValue,
                Normal = c.Normal.HasValue ? UnityMasks.ToVector2(c.Normal.Value) : new Vector2(0, 0),
                HasPushOut = c.PushOut.HasValue,
                PushOut = c.PushOut.HasValue ? UnityMasks.ToVector2Int(c.PushOut.Value) : new Vector2Int(0, 0),
            };
        }
    }

    /// <summary>
    /// Pixel-perfect collision events for every <see cref="SpriteCollider"/> of a scene, through one
    /// <see cref="PerPixel.World"/>: colliders join it when enabled and leave when disabled; once a frame
    /// (<see cref="Step"/>, run from <c>LateUpdate</c>) it uploads every moved collider in one
    /// <see cref="PerPixel.World.MoveBodies(ReadOnlySpan{BodyId}, ReadOnlySpan{BodyPosition})"/> call, updates
    /// once, and raises <see cref="SpriteCollider.OnPixelCollisionEnter"/>, <c>Stay</c> and <c>Exit</c> on
    /// both colliders of each pair.
    /// </summary>
    /// <remarks>
    /// <para>Placement is the collider's own (<see cref="SpriteCollider.Placed"/>): the position rounded to
    /// a whole pixel by floor(v + 0.5), and a rotated, scaled or mirrored sprite as the collider's cached
    /// transformed mask (a <see cref="Raster"/>, given to the world by <c>pp_world_set_mask</c> only when it
    /// changes), so the world's answers are exactly the collider's pair queries'. Baked masks work as
    /// everywhere else.</para>
    /// <para>Layers: a collider on Unity layer L is in filter category bit L and collides with the layers
    /// whose bits are set in <c>layerCollisionMasks[L]</c> (all by default): Unity's layer collision
    /// matrix, set with <see cref="IgnoreLayerCollision"/>. Changing a collider's layer or the matrix takes
    /// effect at the next <see cref="Step"/>.</para>
    /// <para>Events: Enter on the step two colliders begin touching, Stay on every later step they still
    /// touch, Exit on the step they stop (or one of them leaves the world). Toggling a collider's
    /// <see cref="SpriteCollider.pixelCollision"/> remakes its body: its pairs exit and enter again.</para>
    /// <para>The first enabled PixelWorld is <see cref="Main"/>: colliders join it unless their
    /// <see cref="SpriteCollider.pixelWorld"/> names another. Colliders enabled before any world wait for
    /// one.</para>
    /// </remarks>
    public partial class PixelWorld : MonoBehaviour
    {
        /// <summary>Per Unity layer, the layers it collides with (bit i: layer i); all by default. Unity's
        /// layer collision matrix; keep it symmetric (<see cref="IgnoreLayerCollision"/> does).</summary>
        [Tooltip("Per Unity layer, the layers it collides with (bit i: layer i).")]
        public int[] layerCollisionMasks = DefaultMasks();

        private static PixelWorld s_main;
        // Colliders enabled while no world was there for them.
        internal static readonly List<SpriteCollider> s_waiting = new List<SpriteCollider>();

        private sealed class Entry
        {
            public SpriteCollider Collider;
            public BodyId Id;
            public Mask Mask;
            public int X, Y, Layer;
            public bool PixelCollision;
            public Filter Filter;
        }

        private World _world;
        private readonly Dictionary<SpriteCollider, Entry> _byCollider = new Dictionary<SpriteCollider, Entry>();
        private readonly Dictionary<BodyId, Entry> _byId = new Dictionary<BodyId, Entry>();
        // Bodies that left since the last step: their pairs end at the next update.
        private readonly Dictionary<BodyId, Entry> _departed = new Dictionary<BodyId, Entry>();
        private readonly List<Entry> _entries = new List<Entry>();
        // Buffers kept between steps: the moves of a step, and the events copied out of the world.
        private BodyId[] _moveIds = new BodyId[16];
        private BodyPosition[] _movePositions = new BodyPosition[16];
        private readonly List<Pair> _begins = new List<Pair>(), _stays = new List<Pair>(), _ends = new List<Pair>();

        /// <summary>The first enabled world, which colliders join by default; null when none.</summary>
        public static PixelWorld Main { get { return s_main; } }

        /// <summary>The world underneath (null while this component is disabled): queries such as
        /// <see cref="PerPixel.World.AtPoint"/> and <see cref="PerPixel.World.Raycast"/> work on it directly,
        /// and <see cref="BodyOf"/> names a collider's body.</summary>
        public World World { get { return _world; } }

        /// <summary>How many colliders are in the world.</summary>
        public int ColliderCount { get { return _entries.Count; } }

        /// <summary>How many bodies the last <see cref="Step"/> moved (in its one MoveBodies call).</summary>
        public int LastMoveCount { get; private set; }

        private static int[] DefaultMasks()
        {
            var m = new int[32];
            for (int i = 0; i < 32; i++) m[i] = -1;
            return m;
        }

        /// <summary>Makes layers <paramref name="a"/> and <paramref name="b"/> ignore each other (or collide
        /// again with <paramref name="ignore"/> false), both ways, as <c>Physics2D.IgnoreLayerCollision</c>.</summary>
        public void IgnoreLayerCollision(int a, int b, bool ignore = true)
        {
            if (a < 0 || a > 31) throw new ArgumentOutOfRangeException("a");
            if (b < 0 || b > 31) throw new ArgumentOutOfRangeException("b");
            if (layerCollisionMasks == null || layerCollisionMasks.Length != 32) layerCollisionMasks = DefaultMasks();
            if (ignore)
            {
                layerCollisionMasks[a] &= ~(1 << b);
                layerCollisionMasks[b] &= ~(1 << a);
            }
            else
            {
                layerCollisionMasks[a] |= 1 << b;
                layerCollisionMasks[b] |= 1 << a;
            }
        }

        /// <summary>True when layers <paramref name="a"/> and <paramref name="b"/> do not collide.</summary>
        public bool GetIgnoreLayerCollision(int a, int b)
        {
            return !LayerFilter(a).Allows(LayerFilter(b));
        }

        /// <summary>The filter of a collider on <paramref name="layer"/>: category bit <c>layer</c>, mask
        /// <c>layerCollisionMasks[layer]</c>.</summary>
        public Filter LayerFilter(int layer)
        {
            if (layer < 0 || layer > 31) throw new ArgumentOutOfRangeException("layer");
            int bits = layerCollisionMasks != null && layerCollisionMasks.Length == 32 ? layerCollisionMasks[layer] : -1;
            return new Filter(1UL << layer, (ulong)(uint)bits);
        }

        /// <summary>The body of <paramref name="collider"/> in this world; false when it has not joined.</summary>
        public bool BodyOf(SpriteCollider collider, out BodyId id)
        {
            Entry e;
            if (collider != null && _byCollider.TryGetValue(collider, out e))
            {
                id = e.Id;
                return true;
            }
            id = default(BodyId);
            return false;
        }

        /// <summary>The collider of a body of this world; null for none.</summary>
        public SpriteCollider ColliderOf(BodyId id)
        {
            Entry e;
            return _byId.TryGetValue(id, out e) ? e.Collider : null;
        }

        private void OnEnable()
        {
            if (_world == null) _world = new World();
            if (s_main == null) s_main = this;
            for (int i = s_waiting.Count - 1; i >= 0; i--)
            {
                SpriteCollider c = s_waiting[i];
                if (c.pixelWorld == null || ReferenceEquals(c.pixelWorld, this))
                {
                    s_waiting.RemoveAt(i);
                    c.JoinWorld(this);
                }
            }
        }

        private void OnDisable()
        {
            // The colliders wait for a world again; the world and its bodies go.
            foreach (Entry e in _entries)
            {
                e.Collider.LeftWorld(this);
                s_waiting.Add(e.Collider);
            }
            _entries.Clear();
            _byCollider.Clear();
            _byId.Clear();
            _departed.Clear();
            if (_world != null) _world.Dispose();
            _world = null;
            if (ReferenceEquals(s_main, this)) s_main = null;
        }

        private void LateUpdate()
        {
            Step();
        }

        /// <summary>Adds <paramref name="collider"/> (its <c>OnEnable</c> does this); a collider already in
        /// is left as it is.</summary>
        internal void Join(SpriteCollider collider)
        {
            if (_world == null) throw new InvalidOperationException("PixelWorld '" + name + "' is not enabled");
            if (_byCollider.ContainsKey(collider)) return;
            var e = new Entry { Collider = collider };
            MakeBody(e);
            _entries.Add(e);
            _byCollider.Add(collider, e);
        }

        private void MakeBody(Entry e)
        {
            PlacedSprite p = e.Collider.Placed;
            e.Layer = e.Collider.gameObject.layer;
            e.Filter = LayerFilter(e.Layer);
            e.Id = _world.CreateBody(new BodyDef
            {
                Mask = p.Mask, X = p.X, Y = p.Y, PixelCollision = p.PixelCollision, Filter = e.Filter,
            });
            e.Mask = p.Mask;
            e.X = p.X;
            e.Y = p.Y;
            e.PixelCollision = p.PixelCollision;
            _byId[e.Id] = e;
        }

        /// <summary>Removes <paramref name="collider"/> (its <c>OnDisable</c> does this): its pairs exit at
        /// the next <see cref="Step"/>.</summary>
        internal void Leave(SpriteCollider collider)
        {
            Entry e;
            if (!_byCollider.TryGetValue(collider, out e)) return;
            _byCollider.Remove(collider);
            _entries.Remove(e);
            _byId.Remove(e.Id);
            if (_world != null) _world.DestroyBody(e.Id);
            _departed[e.Id] = e;
        }

        /// <summary>One frame: uploads the colliders that moved (one native call), their new masks and
        /// layers, updates the world (one native call) and raises the collision events. Unity runs it from
        /// <c>LateUpdate</c>; call it yourself for another rhythm (after physics, in tests).</summary>
        public void Step()
        {
            if (_world == null) return;
            int moves = 0;
            for (int i = 0; i < _entries.Count; i++)
            {
                Entry e = _entries[i];
                PlacedSprite p = e.Collider.Placed;
                if (p.PixelCollision != e.PixelCollision)
                {
                    // No call changes a body's pixel collision: remake the body.
                    _byId.Remove(e.Id);
                    _world.DestroyBody(e.Id);
                    _departed[e.Id] = new Entry { Collider = e.Collider, Id = e.Id };
                    MakeBody(e);
                    continue;
                }
                int layer = e.Collider.gameObject.layer;
                Filter f = LayerFilter(layer);
                if (layer != e.Layer || !f.Equals(e.Filter))
                {
                    _world.SetFilter(e.Id, f);
                    e.Layer = layer;
                    e.Filter = f;
                }
                if (!ReferenceEquals(p.Mask, e.Mask))
                {
                    _world.SetMask(e.Id, p.Mask);
                    e.Mask = p.Mask;
                }
                if (p.X != e.X || p.Y != e.Y)
                {
                    if (moves == _moveIds.Length)
                    {
                        Array.Resize(ref _moveIds, moves * 2);
                        Array.Resize(ref _movePositions, moves * 2);
                    }
                    _moveIds[moves] = e.Id;
                    _movePositions[moves] = new BodyPosition(p.X, p.Y);
                    moves++;
                    e.X = p.X;
                    e.Y = p.Y;
                }
            }
            _world.MoveBodies(new ReadOnlySpan<BodyId>(_moveIds, 0, moves),
                new ReadOnlySpan<BodyPosition>(_movePositions, 0, moves));
            LastMoveCount = moves;
            _world.Update();
            // Copied out before any handler runs: a handler may disable colliders (changing the world).
            _begins.Clear();
            _stays.Clear();
            _ends.Clear();
            foreach (Pair p in _world.Begins) _begins.Add(p);
            foreach (Pair p in _world.Ends) _ends.Add(p);
            ReadOnlySpan<Pair> begins = _world.Begins;
            int b = 0;
            foreach (Pair p in _world.Touching)
            {
                // Both lists are sorted the same way: the touching pairs that did not begin now stay.
                if (b < begins.Length && begins[b].Equals(p)) b++;
                else _stays.Add(p);
            }
            foreach (Pair p in _ends) Raise(p, 2);
            foreach (Pair p in _begins) Raise(p, 0);
            foreach (Pair p in _stays) Raise(p, 1);
            _departed.Clear();
        }

        private Entry Find(BodyId id)
        {
            Entry e;
            if (_byId.TryGetValue(id, out e) || _departed.TryGetValue(id, out e)) return e;
            return null;
        }

        private void Raise(Pair p, int kind)
        {
            Entry a = Find(p.A), b = Find(p.B);
            if (a == null || b == null) return;
            a.Collider.RaisePixelCollision(kind, new PixelCollision(this, b.Collider, a.Id, b.Id));
            b.Collider.RaisePixelCollision(kind, new PixelCollision(this, a.Collider, b.Id, a.Id));
        }

        private void OnDestroy()
        {
            OnDisable();
        }
    }
}
#endif
