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

    /// <summary>Receives <c>OnPixelCollisionEnter2D</c> from the <see cref="PixelWorld"/> when the
    /// <see cref="SpriteCollider"/> on the same GameObject begins touching another, as
    /// <c>OnCollisionEnter2D</c> arrives from Physics2D. Implement it on any component of the collider's
    /// GameObject.</summary>
    public interface IPixelCollisionEnterHandler
    {
        /// <summary>The collider on this GameObject began touching <see cref="PixelCollision.Other"/>.</summary>
        void OnPixelCollisionEnter2D(PixelCollision collision);
    }

    /// <summary>Receives <c>OnPixelCollisionStay2D</c> on every step after the Enter while the two still
    /// touch (see <see cref="IPixelCollisionEnterHandler"/>).</summary>
    public interface IPixelCollisionStayHandler
    {
        /// <summary>The collider on this GameObject still touches <see cref="PixelCollision.Other"/>.</summary>
        void OnPixelCollisionStay2D(PixelCollision collision);
    }

    /// <summary>Receives <c>OnPixelCollisionExit2D</c>, exactly once after each Enter, when the two stop
    /// touching or either leaves the world (see <see cref="IPixelCollisionEnterHandler"/>).</summary>
    public interface IPixelCollisionExitHandler
    {
        /// <summary>The collider on this GameObject no longer touches <see cref="PixelCollision.Other"/> (which
        /// may have been destroyed: test <c>collision.Other != null</c> before using it).</summary>
        void OnPixelCollisionExit2D(PixelCollision collision);
    }

    /// <summary>One collision event (Enter, Stay or Exit) of a <see cref="SpriteCollider"/>: the collider that
    /// receives it, the other one, and the contact data on request (<see cref="TryGetContact"/>).</summary>
    public struct PixelCollision
    {
        private readonly PixelWorld _world;
        private readonly PixelWorld.Member _self, _other;

        internal PixelCollision(PixelWorld world, PixelWorld.Member self, PixelWorld.Member other)
        {
            _world = world;
            _self = self;
            _other = other;
        }

        /// <summary>The collider this one touches (began, kept or stopped touching). In an Exit it may have
        /// been destroyed (Unity's fake null: <c>Other == null</c> is true and reading its members throws
        /// <c>MissingReferenceException</c>): test <c>Other != null</c> first, or use
        /// <see cref="OtherName"/>.</summary>
        public SpriteCollider Other { get { return _other != null ? _other.Collider : null; } }

        /// <summary>The collider receiving the event.</summary>
        public SpriteCollider Collider { get { return _self != null ? _self.Collider : null; } }

        /// <summary>The other collider's GameObject name when it joined the world; usable after it was
        /// destroyed.</summary>
        public string OtherName { get { return _other != null ? _other.Name : null; } }

        /// <summary>The contact as the world holds the two now, touching or not (a native call with a
        /// first-contact scan, an area, a normal and a push-out search up to <paramref name="pushMax"/>
        /// pixels); false (and a default contact) when either collider is no longer in the world (an Exit
        /// because one left, was disabled, destroyed or could not be placed) or the world is off.</summary>
        public bool TryGetContact(out PixelContact contact, uint pushMax = PushOptions.DefaultMaxDistance)
        {
            contact = default(PixelContact);
            World w = _world != null ? _world.World : null;
            // A member belongs to the world that made this event; out of it (left, unplaceable, or the world
            // ending) there is no contact to give.
            if (w == null || w.IsDisposed || _self == null || _other == null || !_self.InWorld || !_other.InWorld)
                return false;
            WorldContact c = w.Contact(new Pair(_other.Id, _self.Id), pushMax);
            contact = new PixelContact
            {
                Touching = c.Touching,
                Point = UnityMasks.ToVector2Int(c.FirstContact),
                Area = c.Area,
                HasNormal = c.Normal.HasValue,
                Normal = c.Normal.HasValue ? UnityMasks.ToVector2(c.Normal.Value) : new Vector2(0, 0),
                HasPushOut = c.PushOut.HasValue,
                PushOut = c.PushOut.HasValue ? UnityMasks.ToVector2Int(c.PushOut.Value) : new Vector2Int(0, 0),
            };
            return true;
        }

        /// <summary>The contact as <see cref="TryGetContact"/> gives it; a default contact (not touching, no
        /// normal, no push-out) when either collider is no longer in the world. Never throws for a collider
        /// that left.</summary>
        public PixelContact GetContact(uint pushMax = PushOptions.DefaultMaxDistance)
        {
            PixelContact c;
            TryGetContact(out c, pushMax);
            return c;
        }
    }

    /// <summary>
    /// Pixel-perfect collision events for every <see cref="SpriteCollider"/> of a scene, through one
    /// <see cref="PerPixel.World"/>: enabled colliders are in it; once a frame (<see cref="Step"/>, run from
    /// <c>LateUpdate</c>) it brings every collider's body up to date (moves in one
    /// <see cref="PerPixel.World.MoveBodies(ReadOnlySpan{BodyId}, ReadOnlySpan{BodyPosition})"/> call),
    /// updates once, and raises Enter, Stay and Exit on both colliders of each pair, as C# events
    /// (<see cref="SpriteCollider.OnPixelCollisionEnter"/>...) and as messages to the GameObject's components
    /// (<see cref="IPixelCollisionEnterHandler"/>...).
    /// </summary>
    /// <remarks>
    /// <para><b>The event contract</b> (Unity's <c>OnCollisionEnter2D/Stay2D/Exit2D</c>):</para>
    /// <list type="bullet">
    /// <item>Enter on the step two colliders begin touching, Stay on every later step they still touch, Exit
    /// on the first step they do not, or when either leaves the world. Every Enter is followed by exactly
    /// one Exit; nothing is reported twice; there is no Stay or Exit without its Enter. The pair is the two
    /// colliders, whatever happens to their bodies: flipping, turning, scaling or toggling
    /// <see cref="SpriteCollider.pixelCollision"/> while touching gives Stay.</item>
    /// <item>Order within a step: every Exit, then every Enter, then every Stay; within each kind in a fixed
    /// order (the pairs' order in the world); each event goes to the first collider, then the second.</item>
    /// <item>A collider disabled (its component, or <c>SetActive(false)</c> on it or a parent) leaves the
    /// world: its pairs exit at the next step, on both sides (the disabled one too). A destroyed collider
    /// gets no more events; the other side still gets its Exit (with <see cref="PixelCollision.Other"/>
    /// == null). This holds also when a handler does the disabling or destroying; the events already due in
    /// that step still arrive.</item>
    /// <item>An exception thrown by a handler is logged (<c>Debug.LogException</c>) and every other handler
    /// and event of the step still runs.</item>
    /// <item>A collider that cannot be placed (no sprite, NaN or out-of-range position, a scale of 0, a
    /// layer outside 0-31...) is taken out of the world with one warning (its pairs exit) and put back, on
    /// its own, at the first step it can be placed. It never stops the others. A collider enabled before
    /// its sprite is set (<c>AddComponent</c>, then the sprite) joins at the next step.</item>
    /// <item>Disabling (or destroying) the PixelWorld ends its pairs at once: every pair gets its Exit from
    /// <c>OnDisable</c>; enabled again, the colliders join again and touching pairs Enter at the next
    /// step.</item>
    /// </list>
    /// <para>Placement is the collider's own (<see cref="SpriteCollider.Placed"/>), so the world's answers are
    /// exactly the collider's pair queries'.</para>
    /// <para>Layers: a collider on Unity layer L is in filter category bit L and collides with the layers
    /// whose bits are set in <c>layerCollisionMasks[L]</c> (all by default; <see cref="IgnoreLayerCollision"/>),
    /// or, with <see cref="usePhysics2DLayerMatrix"/>, the layers Unity's own 2D layer collision matrix
    /// (<c>Physics2D.GetIgnoreLayerCollision</c>) lets it collide with. Changes take effect at the next
    /// <see cref="Step"/>.</para>
    /// <para>The first enabled PixelWorld is <see cref="Main"/>: colliders join it unless their
    /// <see cref="SpriteCollider.pixelWorld"/> names another. Colliders enabled before any world wait for
    /// one.</para>
    /// </remarks>
    [DefaultExecutionOrder(PixelWorld.ExecutionOrder)]
    public partial class PixelWorld : MonoBehaviour
    {
        /// <summary>The PixelWorld's script execution order: 1000, after scripts of the default order (0), so
        /// that what they move in <c>Update</c> and <c>LateUpdate</c> is in the same frame's step.</summary>
        public const int ExecutionOrder = 1000;

        /// <summary>Per Unity layer, the layers it collides with (bit i: layer i); all by default. The
        /// package's own layer collision matrix (unless <see cref="usePhysics2DLayerMatrix"/>); keep it
        /// symmetric (<see cref="IgnoreLayerCollision"/> does).</summary>
        [Tooltip("Per Unity layer, the layers it collides with (bit i: layer i).")]
        public int[] layerCollisionMasks = DefaultMasks();

        /// <summary>When set, layers collide as Unity's 2D layer collision matrix says (Project Settings &gt;
        /// Physics 2D, <c>Physics2D.GetIgnoreLayerCollision</c>, read at every <see cref="Step"/>) instead of
        /// <see cref="layerCollisionMasks"/>.</summary>
        [Tooltip("Follow Unity's Physics 2D layer collision matrix instead of Layer Collision Masks.")]
        public bool usePhysics2DLayerMatrix;

        private static PixelWorld s_main;
        // Colliders enabled while no world was there for them.
        internal static readonly List<SpriteCollider> s_waiting = new List<SpriteCollider>();

        /// <summary>A collider in a world: registered from its OnEnable until its OnDisable, with a body while it
        /// can be placed. Pairs (and the events' <see cref="PixelCollision"/>) refer to members, not bodies, so a
        /// body remade keeps its pairs.</summary>
        internal sealed class Member
        {
            public SpriteCollider Collider;
            public string Name;
            public int Serial, Index;
            public bool InWorld, Warned;
            public BodyId Id;
            public Mask Mask;
            public int X, Y, Layer;
            public bool PixelCollision;
            public Filter Filter;
        }

        // Two members touching since their Enter.
        private sealed class Contact
        {
            public Member A, B;
            public long Key;
            public int Seen;
            // Live: between its begin and its end; Entered: its Enter was raised (only those get an Exit).
            public bool Live, Entered;
        }

        private World _world;
        private readonly List<Member> _members = new List<Member>();
        private readonly Dictionary<SpriteCollider, Member> _byCollider = new Dictionary<SpriteCollider, Member>();
        private readonly Dictionary<BodyId, Member> _byId = new Dictionary<BodyId, Member>();
        private readonly Dictionary<long, Contact> _contacts = new Dictionary<long, Contact>();
        private int _serial, _stamp;
        private bool _stepping, _teardownPending;
        // Buffers kept between steps: the moves of a step, this step's events, and spare contacts.
        private BodyId[] _moveIds = new BodyId[16];
        private BodyPosition[] _movePositions = new BodyPosition[16];
        private readonly List<Contact> _enters = new List<Contact>(), _stays = new List<Contact>(),
            _exits = new List<Contact>(), _spare = new List<Contact>();
        private readonly int[] _physicsMasks = new int[32];
        private static readonly Comparison<Contact> s_byKey = (a, b) => a.Key.CompareTo(b.Key);

        /// <summary>The first enabled world, which colliders join by default; null when none.</summary>
        public static PixelWorld Main { get { return s_main; } }

        /// <summary>The world underneath (null while this component is disabled): queries such as
        /// <see cref="PerPixel.World.AtPoint"/> and <see cref="PerPixel.World.Raycast"/> work on it directly,
        /// and <see cref="BodyOf"/> names a collider's body.</summary>
        public World World { get { return _world; } }

        /// <summary>How many colliders are in the world (enabled and registered, placed or not).</summary>
        public int ColliderCount { get { return _members.Count; } }

        /// <summary>How many of them have a body now (could be placed at the last step or when they
        /// joined).</summary>
        public int PlacedCount { get { return _byId.Count; } }

        /// <summary>How many bodies the last <see cref="Step"/> moved (in its one MoveBodies call).</summary>
        public int LastMoveCount { get; private set; }

        /// <summary>How many pairs are touching (between their Enter and their Exit).</summary>
        public int ContactCount { get { return _contacts.Count; } }

        private static int[] DefaultMasks()
        {
            var m = new int[32];
            for (int i = 0; i < 32; i++) m[i] = -1;
            return m;
        }

        /// <summary>Makes layers <paramref name="a"/> and <paramref name="b"/> ignore each other (or collide
        /// again with <paramref name="ignore"/> false), both ways, in <see cref="layerCollisionMasks"/>, as
        /// <c>Physics2D.IgnoreLayerCollision</c>.</summary>
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

        /// <summary>True when layers <paramref name="a"/> and <paramref name="b"/> do not collide (by the matrix
        /// in use: <see cref="usePhysics2DLayerMatrix"/>).</summary>
        public bool GetIgnoreLayerCollision(int a, int b)
        {
            return !LayerFilter(a).Allows(LayerFilter(b));
        }

        /// <summary>Bit 63 of every body's filter mask: no layer's category, so it changes no pair, but it lets a
        /// world query (whose filter has every category bit) find a collider on a layer that collides with
        /// no layer.</summary>
        public const ulong QueryBit = 1UL << 63;

        /// <summary>The filter of a collider on <paramref name="layer"/>: category bit <c>layer</c>; mask
        /// <c>layerCollisionMasks[layer]</c>, or with <see cref="usePhysics2DLayerMatrix"/> the layers
        /// <c>Physics2D.GetIgnoreLayerCollision(layer, i)</c> does not ignore, plus <see cref="QueryBit"/>.</summary>
        public Filter LayerFilter(int layer)
        {
            if (layer < 0 || layer > 31) throw new ArgumentOutOfRangeException("layer", "a Unity layer is 0 to 31");
            int bits;
            if (usePhysics2DLayerMatrix)
            {
                bits = 0;
                for (int i = 0; i < 32; i++)
                    if (!Physics2D.GetIgnoreLayerCollision(layer, i)) bits |= 1 << i;
            }
            else
            {
                bits = layerCollisionMasks != null && layerCollisionMasks.Length == 32 ? layerCollisionMasks[layer] : -1;
            }
            return new Filter(1UL << layer, (ulong)(uint)bits | QueryBit);
        }

        // The filter of a layer during a step: Physics2D's matrix is read once per step.
        private Filter StepFilter(int layer)
        {
            if (!usePhysics2DLayerMatrix) return LayerFilter(layer);
            if (layer < 0 || layer > 31) throw new ArgumentOutOfRangeException("layer", "a Unity layer is 0 to 31");
            return new Filter(1UL << layer, (ulong)(uint)_physicsMasks[layer] | QueryBit);
        }

        private void ReadPhysics2DMatrix()
        {
            for (int a = 0; a < 32; a++) _physicsMasks[a] = 0;
            for (int a = 0; a < 32; a++)
                for (int b = a; b < 32; b++)
                    if (!Physics2D.GetIgnoreLayerCollision(a, b))
                    {
                        _physicsMasks[a] |= 1 << b;
                        _physicsMasks[b] |= 1 << a;
                    }
        }

        /// <summary>The body of <paramref name="collider"/> in this world; false when it is not in the world
        /// or has no body now (it could not be placed).</summary>
        public bool BodyOf(SpriteCollider collider, out BodyId id)
        {
            Member m;
            if (!ReferenceEquals(collider, null) && _byCollider.TryGetValue(collider, out m) && m.InWorld)
            {
                id = m.Id;
                return true;
            }
            id = default(BodyId);
            return false;
        }

        /// <summary>True when <paramref name="collider"/> is in this world (enabled and registered), placed or
        /// not.</summary>
        public bool Contains(SpriteCollider collider)
        {
            return !ReferenceEquals(collider, null) && _byCollider.ContainsKey(collider);
        }

        /// <summary>The collider of a body of this world; null for none.</summary>
        public SpriteCollider ColliderOf(BodyId id)
        {
            Member m;
            return _byId.TryGetValue(id, out m) ? m.Collider : null;
        }

        private void OnEnable()
        {
            if (_world == null) _world = new World();
            if (s_main == null) s_main = this;
            for (int i = s_waiting.Count - 1; i >= 0; i--)
            {
                if (i >= s_waiting.Count) continue;
                SpriteCollider c = s_waiting[i];
                if (c == null)
                {
                    s_waiting.RemoveAt(i);
                    continue;
                }
                if (c.pixelWorld == null || ReferenceEquals(c.pixelWorld, this))
                {
                    s_waiting.RemoveAt(i);
                    c.JoinWorld(this);
                }
            }
        }

        private void OnDisable()
        {
            if (_stepping)
            {
                // A handler switched the world off: the step ends its events, then the world goes.
                _teardownPending = true;
                return;
            }
            Teardown();
        }

        private void OnDestroy()
        {
            if (_world != null && !_stepping) Teardown();
        }

        // After the other scripts' LateUpdate (ExecutionOrder).
        private void LateUpdate()
        {
            Step();
        }

        /// <summary>Ends every pair (Exit on both sides, while the bodies are still there), sends the colliders
        /// back to wait for a world, and frees the world.</summary>
        private void Teardown()
        {
            _teardownPending = false;
            if (_world == null) return;
            _exits.Clear();
            foreach (Contact c in _contacts.Values) _exits.Add(c);
            _exits.Sort(s_byKey);
            _contacts.Clear();
            foreach (Contact c in _exits) c.Live = false;
            // The world is ending: its members are out (their Exits get no contact).
            foreach (Member m in _members) m.InWorld = false;
            _stepping = true;
            try
            {
                foreach (Contact c in _exits) Raise(c, SpriteCollider.Exit);
            }
            finally
            {
                _stepping = false;
            }
            _exits.Clear();
            foreach (Member m in _members.ToArray())
            {
                m.InWorld = false;
                SpriteCollider c = m.Collider;
                if (c == null) continue;
                c.LeftWorld(this);
                if (c.isActiveAndEnabled && !s_waiting.Contains(c)) s_waiting.Add(c);
            }
            _members.Clear();
            _byCollider.Clear();
            _byId.Clear();
            _world.Dispose();
            _world = null;
            if (ReferenceEquals(s_main, this)) s_main = null;
        }

        /// <summary>Adds <paramref name="collider"/> (its <c>OnEnable</c> does this): it gets a body now if it
        /// can be placed, otherwise at the first step it can. A collider already in is left as it is.</summary>
        internal void Join(SpriteCollider collider)
        {
            if (_world == null) throw new InvalidOperationException("PixelWorld '" + name + "' is not enabled");
            if (_byCollider.ContainsKey(collider)) return;
            var m = new Member { Collider = collider, Serial = ++_serial, Index = _members.Count };
            try { m.Name = collider.name; } catch (Exception) { m.Name = "?"; }
            _members.Add(m);
            _byCollider.Add(collider, m);
            try
            {
                int layer = collider.gameObject.layer;
                MakeBody(m, collider.Placed, layer, LayerFilter(layer));
            }
            catch (Exception)
            {
                // Placed at the next step, which warns if it still cannot be.
            }
        }

        private void MakeBody(Member m, PlacedSprite p, int layer, Filter f)
        {
            BodyId id = _world.CreateBody(new BodyDef
            {
                Mask = p.Mask, X = p.X, Y = p.Y, PixelCollision = p.PixelCollision, Filter = f,
            });
            m.Id = id;
            m.InWorld = true;
            m.Mask = p.Mask;
            m.X = p.X;
            m.Y = p.Y;
            m.PixelCollision = p.PixelCollision;
            m.Layer = layer;
            m.Filter = f;
            _byId[id] = m;
        }

        // The member's body goes (its pairs end at the next update); the member stays.
        private void TakeOut(Member m)
        {
            if (!m.InWorld) return;
            m.InWorld = false;
            m.Mask = null;
            _byId.Remove(m.Id);
            if (_world != null) _world.DestroyBody(m.Id);
        }

        /// <summary>Removes <paramref name="collider"/> (its <c>OnDisable</c> does this): its pairs exit at the
        /// next <see cref="Step"/>, on both sides.</summary>
        internal void Leave(SpriteCollider collider)
        {
            Member m;
            if (!_byCollider.TryGetValue(collider, out m)) return;
            _byCollider.Remove(collider);
            int last = _members.Count - 1;
            Member moved = _members[last];
            _members[m.Index] = moved;
            moved.Index = m.Index;
            _members.RemoveAt(last);
            TakeOut(m);
        }

        /// <summary>One frame: brings every collider's body up to date (one native call for the moves), updates
        /// the world (one native call) and raises the collision events (see the class remarks for the
        /// contract). Unity runs it from <c>LateUpdate</c>; call it yourself for another rhythm (after physics,
        /// in tests). Calling it from inside one of its own handlers throws
        /// <see cref="InvalidOperationException"/>.</summary>
        public void Step()
        {
            if (_world == null) return;
            if (_stepping) throw new InvalidOperationException("PixelWorld.Step called from inside a collision handler");
            _stepping = true;
            try
            {
                StepInside();
            }
            finally
            {
                _stepping = false;
                _enters.Clear();
                _stays.Clear();
                _exits.Clear();
                if (_teardownPending) Teardown();
            }
        }

        private void StepInside()
        {
            if (usePhysics2DLayerMatrix) ReadPhysics2DMatrix();
            int moves = 0;
            for (int i = 0; i < _members.Count; i++) Sync(_members[i], ref moves);
            _world.MoveBodies(new ReadOnlySpan<BodyId>(_moveIds, 0, moves),
                new ReadOnlySpan<BodyPosition>(_movePositions, 0, moves));
            LastMoveCount = moves;
            _world.Update();

            // The touching pairs, by member: new ones Enter, known ones Stay, the rest Exit.
            _stamp++;
            foreach (Pair p in _world.Touching)
            {
                Member a, b;
                if (!_byId.TryGetValue(p.A, out a) || !_byId.TryGetValue(p.B, out b)) continue;
                if (a.Serial > b.Serial)
                {
                    Member t = a;
                    a = b;
                    b = t;
                }
                long key = ((long)a.Serial << 32) | (uint)b.Serial;
                Contact c;
                if (_contacts.TryGetValue(key, out c))
                {
                    c.Seen = _stamp;
                    _stays.Add(c);
                    continue;
                }
                c = NewContact(a, b, key);
                c.Seen = _stamp;
                _contacts.Add(key, c);
                _enters.Add(c);
            }
            foreach (Contact c in _contacts.Values)
                if (c.Seen != _stamp) _exits.Add(c);
            _exits.Sort(s_byKey);
            foreach (Contact c in _exits)
            {
                _contacts.Remove(c.Key);
                c.Live = false;
            }

            // The handlers may disable, destroy or enable colliders, or switch the world off: the lists were
            // made first, each event checks its pair is still live.
            foreach (Contact c in _exits) Raise(c, SpriteCollider.Exit);
            foreach (Contact c in _enters) Raise(c, SpriteCollider.Enter);
            foreach (Contact c in _stays) Raise(c, SpriteCollider.Stay);
            foreach (Contact c in _exits) Recycle(c);
        }

        private Contact NewContact(Member a, Member b, long key)
        {
            Contact c;
            if (_spare.Count > 0)
            {
                c = _spare[_spare.Count - 1];
                _spare.RemoveAt(_spare.Count - 1);
            }
            else c = new Contact();
            c.A = a;
            c.B = b;
            c.Key = key;
            c.Live = true;
            c.Entered = false;
            return c;
        }

        private void Recycle(Contact c)
        {
            c.A = null;
            c.B = null;
            _spare.Add(c);
        }

        /// <summary>Brings one member's body up to date; a collider that cannot be placed is taken out with one
        /// warning and retried at every step.</summary>
        private void Sync(Member m, ref int moves)
        {
            SpriteCollider collider = m.Collider;
            PlacedSprite p;
            int layer;
            Filter f;
            try
            {
                p = collider.Placed;
                layer = collider.gameObject.layer;
                f = StepFilter(layer);
            }
            catch (Exception e)
            {
                TakeOut(m);
                if (!m.Warned)
                {
                    m.Warned = true;
                    Debug.LogWarning("PixelWorld '" + name + "': SpriteCollider '" + m.Name + "' cannot be placed (" +
                        e.Message + "); it is out of the world (its pairs exit) until it can be placed again.", collider);
                }
                return;
            }
            m.Warned = false;
            if (!m.InWorld || p.PixelCollision != m.PixelCollision)
            {
                // No call changes a body's pixel collision: the body is remade; its pairs are the member's.
                TakeOut(m);
                try
                {
                    MakeBody(m, p, layer, f);
                }
                catch (Exception e)
                {
                    m.Warned = true;
                    Debug.LogWarning("PixelWorld '" + name + "': SpriteCollider '" + m.Name + "' cannot join (" +
                        e.Message + "); it will be tried again at the next step.", collider);
                }
                return;
            }
            if (layer != m.Layer || !f.Equals(m.Filter))
            {
                _world.SetFilter(m.Id, f);
                m.Layer = layer;
                m.Filter = f;
            }
            if (!ReferenceEquals(p.Mask, m.Mask))
            {
                _world.SetMask(m.Id, p.Mask);
                m.Mask = p.Mask;
            }
            if (p.X != m.X || p.Y != m.Y)
            {
                if (moves == _moveIds.Length)
                {
                    Array.Resize(ref _moveIds, moves * 2);
                    Array.Resize(ref _movePositions, moves * 2);
                }
                _moveIds[moves] = m.Id;
                _movePositions[moves] = new BodyPosition(p.X, p.Y);
                moves++;
                m.X = p.X;
                m.Y = p.Y;
            }
        }

        // An event to both colliders of a pair (Enter and Stay only while the pair is live: a world switched off
        // by a handler has already ended it).
        private void Raise(Contact c, int kind)
        {
            if (kind != SpriteCollider.Exit && (!c.Live || _teardownPending)) return;
            // A pair whose Enter never went out (the world was switched off first) ends silently.
            if (kind == SpriteCollider.Exit && !c.Entered) return;
            if (kind == SpriteCollider.Enter) c.Entered = true;
            Member a = c.A, b = c.B;
            SpriteCollider ca = a.Collider, cb = b.Collider;
            if (ca != null) ca.RaisePixelCollision(kind, new PixelCollision(this, a, b));
            if (cb != null) cb.RaisePixelCollision(kind, new PixelCollision(this, b, a));
        }
    }
}
#endif
