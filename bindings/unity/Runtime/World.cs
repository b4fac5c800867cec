using System;
using System.Runtime.InteropServices;

namespace PerPixel
{
    /// <summary>Owns one native <c>pp_world*</c>; frees it exactly once.</summary>
    internal sealed class WorldHandle : SafeHandle
    {
        private WorldHandle() : base(IntPtr.Zero, true) { }

        public override bool IsInvalid { get { return handle == IntPtr.Zero; } }

        protected override bool ReleaseHandle()
        {
            Native.pp_world_free(handle);
            return true;
        }
    }

    /// <summary>A body of a <see cref="World"/>, by value (C's <c>pp_body_id</c>, 12 bytes): its slot, the slot's
    /// generation and the tag of the world that made it. Once the body is destroyed the id is refused
    /// (<see cref="Status.StaleBody"/>), never mistaken for a later body in the same slot; given to another
    /// world it is refused with <see cref="Status.WrongWorld"/>, never taken for that world's body of the
    /// same index. A default (zeroed) id belongs to no world.</summary>
    public partial struct BodyId : IEquatable<BodyId>
    {
        /// <summary>An id (normally handed out by <see cref="PerPixel.World.CreateBody"/>).</summary>
        public BodyId(uint index, uint generation, uint world) { Index = index; Generation = generation; World = world; }

        /// <inheritdoc/>
        public bool Equals(BodyId other)
        {
            return Index == other.Index && Generation == other.Generation && World == other.World;
        }
        /// <inheritdoc/>
        public override bool Equals(object obj) { return obj is BodyId && Equals((BodyId)obj); }
        /// <inheritdoc/>
        public override int GetHashCode() { return (int)((Index * 31 + Generation) * 31 + World); }
        /// <summary>Same slot, generation and world.</summary>
        public static bool operator ==(BodyId a, BodyId b) { return a.Equals(b); }
        /// <summary>Not the same slot, generation and world.</summary>
        public static bool operator !=(BodyId a, BodyId b) { return !a.Equals(b); }
        /// <inheritdoc/>
        public override string ToString() { return "#" + Index + "g" + Generation; }
    }

    /// <summary>Two touching bodies (C's <c>pp_pair</c>), <c>A.Index &lt; B.Index</c>.</summary>
    public partial struct Pair : IEquatable<Pair>
    {
        /// <summary>A pair as given (not reordered).</summary>
        public Pair(BodyId a, BodyId b) { A = a; B = b; }

        /// <summary>True when <paramref name="id"/> is one of the two.</summary>
        public bool Contains(BodyId id) { return A == id || B == id; }

        /// <summary>The body of the pair that is not <paramref name="id"/>.</summary>
        public BodyId Other(BodyId id) { return A == id ? B : A; }

        /// <inheritdoc/>
        public bool Equals(Pair other) { return A == other.A && B == other.B; }
        /// <inheritdoc/>
        public override bool Equals(object obj) { return obj is Pair && Equals((Pair)obj); }
        /// <inheritdoc/>
        public override int GetHashCode() { return A.GetHashCode() * 7919 + B.GetHashCode(); }
        /// <inheritdoc/>
        public override string ToString() { return "(" + A + ", " + B + ")"; }
    }

    /// <summary>Which bodies may touch (C's <c>pp_filter</c>, Box2D's <c>b2Filter</c>): two bodies collide
    /// when each one's <see cref="Mask"/> has a bit of the other's <see cref="Category"/>, unless they share a
    /// nonzero <see cref="Group"/>: then a positive group always collides and a negative one never.</summary>
    /// <remarks>A plain value: <c>default(Filter)</c> is in no category and collides with nothing; start
    /// from <see cref="Default"/> (category 1, every mask bit, no group), which is also what a
    /// <see cref="BodyDef"/> holds unless set.</remarks>
    public partial struct Filter : IEquatable<Filter>
    {
        /// <summary>A filter.</summary>
        public Filter(ulong category, ulong mask, int group = 0) { Category = category; Mask = mask; Group = group; }

        /// <summary>Category 1, colliding with everything, no group (<c>pp_filter_default()</c>).</summary>
        public static Filter Default
        {
            get
            {
                if (!s_hasDefault)
                {
                    Library.EnsureLoaded();
                    s_default = Native.pp_filter_default();
                    s_hasDefault = true;
                }
                return s_default;
            }
        }

        // The library's default, asked once (a plain value, the same for every thread).
        private static Filter s_default;
        private static bool s_hasDefault;

        /// <summary>Whether bodies with filters <c>this</c> and <paramref name="other"/> may touch (the
        /// library's rule, written out).</summary>
        public bool Allows(Filter other)
        {
            if (Group != 0 && Group == other.Group) return Group > 0;
            return (Mask & other.Category) != 0 && (other.Mask & Category) != 0;
        }

        /// <inheritdoc/>
        public bool Equals(Filter other) { return Category == other.Category && Mask == other.Mask && Group == other.Group; }
        /// <inheritdoc/>
        public override bool Equals(object obj) { return obj is Filter && Equals((Filter)obj); }
        /// <inheritdoc/>
        public override int GetHashCode() { return (Category ^ (Mask * 31)).GetHashCode() ^ Group; }
        /// <inheritdoc/>
        public override string ToString() { return "{category " + Category + ", mask " + Mask + ", group " + Group + "}"; }
    }

    /// <summary>A whole-pixel position for <see cref="World.MoveBodies(BodyId[], BodyPosition[])"/> (C's
    /// <c>pp_position</c>).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct BodyPosition
    {
        /// <summary>World x of the body's mask pixel (0, 0).</summary>
        public int X;
        /// <summary>World y of the body's mask pixel (0, 0).</summary>
        public int Y;

        /// <summary>A position.</summary>
        public BodyPosition(int x, int y) { X = x; Y = y; }
    }

    /// <summary>What <see cref="World.CreateBody"/> makes (C's <c>pp_body_def</c>).</summary>
    /// <remarks><c>new BodyDef()</c> and <c>default(BodyDef)</c> are the defaults, as
    /// <c>pp_body_def_default()</c>: at (0, 0), not transformed, pixel collision on, moving,
    /// <see cref="Filter.Default"/>, user data 0. Set <see cref="Mask"/> (required) and what you need, e.g.
    /// <c>new BodyDef { Mask = m, X = 10, Y = 4, Static = true }</c>. The values that are not zero by default
    /// are stored behind flags; the native struct is filled from <c>pp_body_def_default()</c>, so it always
    /// carries the cookie the library checks.</remarks>
    public struct BodyDef
    {
        private bool _boundsOnly, _hasFilter;
        private Filter _filter;

        /// <summary>The body's mask (required). The world keeps its own reference: the mask may be disposed
        /// right after <see cref="World.CreateBody"/>.</summary>
        public Mask Mask;
        /// <summary>World x of mask pixel (0, 0) (when <see cref="Transform"/> is null).</summary>
        public int X;
        /// <summary>World y of mask pixel (0, 0) (when <see cref="Transform"/> is null).</summary>
        public int Y;
        /// <summary>When set, the body is placed by this transform (drawn onto the world grid once, as
        /// <see cref="Mask.Rasterise(SpriteTransform, bool)"/> does) instead of at (X, Y).</summary>
        public SpriteTransform? Transform;
        /// <summary>A static body (terrain): never pairs with other static bodies in <see cref="World.Update"/>
        /// and stays out of its broad phase. The queries see it like any other body (<see cref="World.Sweep"/>
        /// of a static body meets other static bodies). Default false (moving).</summary>
        public bool Static;
        /// <summary>Anything the caller wants back with the body (<see cref="BodyInfo.UserData"/>).</summary>
        public ulong UserData;

        /// <summary>True (the default): pixel-perfect; false: the body collides as its whole rectangle. For a
        /// body placed by a turned or scaled <see cref="Transform"/> that rectangle is axis-aligned: the box
        /// holding every world pixel whose centre lands in the transformed mask rectangle (the bounds-only
        /// raster of <see cref="Mask.Rasterise(SpriteTransform, bool)"/>, every pixel of it counting), not the
        /// turned rectangle itself.</summary>
        public bool PixelCollision
        {
            get { return !_boundsOnly; }
            set { _boundsOnly = !value; }
        }

        /// <summary>Which bodies it may touch; <see cref="Filter.Default"/> unless set.</summary>
        public Filter Filter
        {
            get { return _hasFilter ? _filter : Filter.Default; }
            set { _filter = value; _hasFilter = true; }
        }

        /// <summary>The native struct: <c>pp_body_def_default()</c> with these values written over it (the
        /// mask pointer is the caller's to set and keep alive). Call after
        /// <see cref="Library.EnsureLoaded"/>.</summary>
        internal NativeBodyDef ToNative()
        {
            NativeBodyDef d = Native.pp_body_def_default();
            d.x = X;
            d.y = Y;
            if (Transform.HasValue)
            {
                d.transformed = 1;
                d.transform = Transform.Value.ToNative();
            }
            d.pixel_collision = (byte)(PixelCollision ? 1 : 0);
            d.is_static = (byte)(Static ? 1 : 0);
            d.filter = Filter;
            d.user_data = UserData;
            return d;
        }
    }

    /// <summary>A body as the world holds it (<see cref="World.GetBody"/>).</summary>
    public struct BodyInfo
    {
        /// <summary>The body as a placed sprite: its mask (a transformed body's raster, a new
        /// <see cref="PerPixel.Mask"/> the caller owns and should dispose), position and pixel collision. A
        /// transformed body's position is its raster's corner, the one
        /// <see cref="Mask.Rasterise(SpriteTransform, bool)"/> gives: the smallest x and y of the world pixels
        /// whose centres land in the transformed mask rectangle (solid texels or not), neither the transform's
        /// X, Y nor, in general, the corner of its solid pixels.</summary>
        public PlacedSprite Sprite;
        /// <summary>True for a static body.</summary>
        public bool Static;
        /// <summary>Its filter.</summary>
        public Filter Filter;
        /// <summary>Its user data.</summary>
        public ulong UserData;
    }

    /// <summary>The contact of two bodies (<see cref="World.Contact"/>, C's <c>pp_contact</c>).</summary>
    public struct WorldContact
    {
        /// <summary>True when they share a solid pixel.</summary>
        public bool Touching;
        /// <summary>Their first pixel solid in both, row by row ((0, 0) when not touching).</summary>
        public Point FirstContact;
        /// <summary>Pixels solid in both.</summary>
        public ulong Area;
        /// <summary>The contact normal from the pair's A towards its B (as
        /// <see cref="PlacedSprite.ContactNormal"/> with B the mover); null when there is none.</summary>
        public Normal? Normal;
        /// <summary>B's shortest translation out of A, any direction, within the push limit; null when none
        /// that short frees it.</summary>
        public Offset? PushOut;
    }

    /// <summary>
    /// Many bodies updated together (C's <c>pp_world</c>): each body is a mask placed at a whole-pixel
    /// position or by a transform, with a <see cref="Filter"/>. <see cref="Update"/> finds every touching
    /// pair and the pairs that began and stopped touching since the previous update, in one native call.
    /// </summary>
    /// <remarks>
    /// <para>Errors throw <see cref="PerPixelException"/> with the library's status, a destroyed body's id
    /// included (<see cref="Status.StaleBody"/>; nothing changes), and an id of another world
    /// (<see cref="Status.WrongWorld"/>; nothing changes). After <see cref="Dispose"/> every member
    /// throws <see cref="ObjectDisposedException"/>.</para>
    /// <para>Threads: a world is not thread-safe for changes. A change (create, move, update, ...) while
    /// another thread is inside a call on the same world is refused with
    /// <see cref="Status.InvalidArgument"/>, never a race; queries may run on many threads while nothing
    /// changes the world.</para>
    /// </remarks>
    public sealed partial class World : IDisposable
    {
        private readonly WorldHandle _handle;
        // The last update's lists: arrays owned by the native world, valid until the next update or Dispose.
        private NativeWorldEvents _events;

        /// <summary>An empty world.</summary>
        public World()
        {
            Library.EnsureLoaded();
            WorldHandle h;
            Status s = Native.pp_world_new(out h);
            PerPixelException.CheckOwned(s, h);
            _handle = h;
        }

        private WorldHandle Handle
        {
            get
            {
                if (_handle.IsClosed) throw new ObjectDisposedException("World");
                return _handle;
            }
        }

        /// <summary>True once <see cref="Dispose"/> has run.</summary>
        public bool IsDisposed { get { return _handle.IsClosed; } }

        /// <summary>Frees the world (and its references to its bodies' masks). Further use throws
        /// <see cref="ObjectDisposedException"/>; spans taken from <see cref="Touching"/>,
        /// <see cref="Begins"/> and <see cref="Ends"/> must not be read any more.</summary>
        public void Dispose()
        {
            _events = default(NativeWorldEvents);
            _handle.Dispose();
        }

        /// <summary>Adds a body and returns its id. Throws <see cref="ArgumentNullException"/> without a
        /// mask, <see cref="PerPixelException"/> for an invalid transform or a raster past the size
        /// limit.</summary>
        public BodyId CreateBody(BodyDef def)
        {
            WorldHandle w = Handle;
            if (def.Mask == null) throw new ArgumentNullException("def.Mask");
            MaskHandle m = def.Mask.Handle;
            NativeBodyDef d = def.ToNative();
            bool added = false;
            BodyId id;
            Status s;
            try
            {
                m.DangerousAddRef(ref added);
                d.mask = m.DangerousGetHandle();
                s = Native.pp_world_create_body(w, ref d, out id);
            }
            finally
            {
                if (added) m.DangerousRelease();
            }
            PerPixelException.Check(s);
            return id;
        }

        /// <summary>Removes a body: its touching pairs end at the next update (end events with its id) and
        /// its id is refused from now on (<see cref="Status.StaleBody"/>).</summary>
        public void DestroyBody(BodyId id)
        {
            PerPixelException.Check(Native.pp_world_destroy_body(Handle, id));
        }

        /// <summary>Moves a body's mask pixel (0, 0) to (<paramref name="x"/>, <paramref name="y"/>); a
        /// transformed body becomes a plain one.</summary>
        public void MoveBody(BodyId id, int x, int y)
        {
            PerPixelException.Check(Native.pp_world_move_body(Handle, id, x, y));
        }

        /// <summary>Moves <c>ids[i]</c> to <c>positions[i]</c> for every i, in one native call. Every id is
        /// checked first: when one is stale nothing moves (<see cref="Status.StaleBody"/>).</summary>
        public void MoveBodies(BodyId[] ids, BodyPosition[] positions)
        {
            if (ids == null) throw new ArgumentNullException("ids");
            if (positions == null) throw new ArgumentNullException("positions");
            MoveBodies(new ReadOnlySpan<BodyId>(ids), new ReadOnlySpan<BodyPosition>(positions));
        }

        /// <summary><see cref="MoveBodies(BodyId[], BodyPosition[])"/> on spans (e.g. the first n entries of
        /// buffers kept between frames). The spans must be of the same length.</summary>
        public unsafe void MoveBodies(ReadOnlySpan<BodyId> ids, ReadOnlySpan<BodyPosition> positions)
        {
            WorldHandle w = Handle;
            if (ids.Length != positions.Length)
                throw new ArgumentException("ids and positions differ in length (" + ids.Length + " and " +
                    positions.Length + ")", "positions");
            if (ids.Length == 0) return;
            Status s;
            fixed (BodyId* pi = &MemoryMarshal.GetReference(ids))
            fixed (BodyPosition* pp = &MemoryMarshal.GetReference(positions))
            {
                s = Native.pp_world_move_bodies(w, pi, (NativePosition*)pp, (UIntPtr)ids.Length);
            }
            PerPixelException.Check(s);
        }

        /// <summary>Places a body by a transform (drawn onto the grid now, once). On error the body keeps
        /// its placement.</summary>
        public void SetTransform(BodyId id, SpriteTransform transform)
        {
            WorldHandle w = Handle;
            NativeTransform t = transform.ToNative();
            PerPixelException.Check(Native.pp_world_set_transform(w, id, ref t));
        }

        /// <summary>Gives a body another mask (the world keeps a reference), at the same placement.</summary>
        public void SetMask(BodyId id, Mask mask)
        {
            WorldHandle w = Handle;
            if (mask == null) throw new ArgumentNullException("mask");
            PerPixelException.Check(Native.pp_world_set_mask(w, id, mask.Handle));
        }

        /// <summary>Edits a body's own mask with <paramref name="edits"/>, in order, then places the body again,
        /// so queries see it at once and the next update's pairs follow it (a crater in the terrain). The
        /// world's mask is copied on its first edit while a <see cref="Mask"/> you hold still shares it (yours
        /// keeps its pixels); after that, edits are in place. Every edit is checked first: a bad list changes
        /// nothing.</summary>
        public void EditMask(BodyId id, params MaskEdit[] edits)
        {
            WorldHandle w = Handle;
            if (edits == null) throw new ArgumentNullException("edits");
            var native = new NativeMaskEdit[edits.Length];
            var held = new MaskHandle[edits.Length];
            try
            {
                for (int k = 0; k < edits.Length; k++)
                {
                    native[k] = Native.pp_mask_edit_default();
                    edits[k].Fill(ref native[k]);
                    if (edits[k].Other != null)
                    {
                        // Keep the other mask's handle alive through the call.
                        MaskHandle h = edits[k].Other.Handle;
                        bool added = false;
                        h.DangerousAddRef(ref added);
                        held[k] = h;
                        native[k].other = h.DangerousGetHandle();
                    }
                }
                PerPixelException.Check(Native.pp_world_edit_mask(w, id, native, (UIntPtr)edits.Length));
            }
            finally
            {
                foreach (MaskHandle h in held)
                    if (h != null) h.DangerousRelease();
            }
        }

        /// <summary>Changes a body's filter; its pairs change at the next update.</summary>
        public void SetFilter(BodyId id, Filter filter)
        {
            PerPixelException.Check(Native.pp_world_set_filter(Handle, id, filter));
        }

        /// <summary>What the world holds for a body. <see cref="BodyInfo.Sprite"/>'s mask is a new
        /// <see cref="Mask"/> (dispose it).</summary>
        public BodyInfo GetBody(BodyId id)
        {
            WorldHandle w = Handle;
            NativeBodyInfo info;
            PerPixelException.Check(Native.pp_world_body(w, id, out info));
            Mask m = BodyMask(id);
            return new BodyInfo
            {
                Sprite = new PlacedSprite(m, info.sprite.x, info.sprite.y, info.sprite.pixel_collision != 0),
                Static = info.is_static != 0,
                Filter = info.filter,
                UserData = info.user_data,
            };
        }

        /// <summary>A new <see cref="Mask"/> (dispose it) of what a body collides with: its mask, or a
        /// transformed body's raster.</summary>
        public Mask BodyMask(BodyId id)
        {
            WorldHandle w = Handle;
            MaskHandle h;
            Status s = Native.pp_world_body_mask(w, id, out h);
            return Mask.Wrap(s, h);
        }

        /// <summary>Finds the touching pairs (bodies whose filters allow it, not both static, sharing a solid
        /// world pixel) and the pairs that began and stopped touching since the previous update, in one
        /// native call; read them through <see cref="Touching"/>, <see cref="Begins"/> and
        /// <see cref="Ends"/>.</summary>
        public unsafe void Update()
        {
            WorldHandle w = Handle;
            NativeWorldEvents e;
            Status s = Native.pp_world_update(w, &e);
            if (s != Status.Ok) PerPixelException.Check(s);
            _events = e;
        }

        /// <summary>Reads the last update's lists again from the library (<c>pp_world_get_events</c>); they
        /// are what <see cref="Update"/> gave.</summary>
        public unsafe void ReloadEvents()
        {
            WorldHandle w = Handle;
            NativeWorldEvents e;
            PerPixelException.Check(Native.pp_world_get_events(w, &e));
            _events = e;
        }

        private unsafe ReadOnlySpan<Pair> List(Pair* p, UIntPtr count)
        {
            if (_handle.IsClosed) throw new ObjectDisposedException("World");
            if (p == null) return ReadOnlySpan<Pair>.Empty;
            return new ReadOnlySpan<Pair>(p, checked((int)count.ToUInt64()));
        }

        /// <summary>The pairs touching at the last <see cref="Update"/>, sorted by A then B: a view of the
        /// world's own array, no copy. Valid until the next <see cref="Update"/> or <see cref="Dispose"/>:
        /// copy what you keep (<c>ToArray()</c>). Empty before the first update.</summary>
        public unsafe ReadOnlySpan<Pair> Touching { get { return List(_events.touching, _events.touching_count); } }

        /// <summary>The pairs that began touching at the last <see cref="Update"/>, sorted; valid as
        /// <see cref="Touching"/> is.</summary>
        public unsafe ReadOnlySpan<Pair> Begins { get { return List(_events.begins, _events.begin_count); } }

        /// <summary>The pairs that stopped touching at the last <see cref="Update"/> (destroyed bodies' pairs
        /// included), sorted; valid as <see cref="Touching"/> is.</summary>
        public unsafe ReadOnlySpan<Pair> Ends { get { return List(_events.ends, _events.end_count); } }

        /// <summary>The contact of two live bodies, touching or not: first contact, area, the normal from
        /// <paramref name="pair"/>.A towards B, and B's push-out within <paramref name="pushMax"/>
        /// pixels. A body with itself (A == B) is the body against a copy of itself in the same place:
        /// touching when it has a solid pixel, its first solid pixel, its pixel count, the normal
        /// <see cref="PlacedSprite.ContactNormal"/> gives for the two coinciding sprites (its buried case)
        /// and the copy's shortest push-out.</summary>
        public WorldContact Contact(Pair pair, uint pushMax = PushOptions.DefaultMaxDistance)
        {
            NativeContact c;
            PerPixelException.Check(Native.pp_world_contact(Handle, pair, pushMax, out c));
            return new WorldContact
            {
                Touching = c.touching != 0,
                FirstContact = c.first_contact,
                Area = c.area,
                Normal = c.has_normal != 0 ? c.normal : (Normal?)null,
                PushOut = c.has_push_out != 0 ? c.push_out : (Offset?)null,
            };
        }

        /// <summary>The bodies (in index order) whose filter allows <paramref name="filter"/> (null: the
        /// default filter) that share a solid pixel with <paramref name="probe"/>.</summary>
        public unsafe BodyId[] Overlapping(PlacedSprite probe, Filter? filter = null)
        {
            WorldHandle w = Handle;
            Mask m = probe.Mask;
            NativeSprite n = probe.View("probe.Mask");
            Filter f = filter ?? Filter.Default;
            UIntPtr len;
            PerPixelException.Check(Native.pp_world_overlapping(w, &n, &f, null, UIntPtr.Zero, out len));
            var ids = new BodyId[checked((int)len.ToUInt64())];
            if (ids.Length > 0)
            {
                fixed (BodyId* p = ids)
                {
                    PerPixelException.Check(Native.pp_world_overlapping(w, &n, &f, p, (UIntPtr)ids.Length, out len));
                }
            }
            GC.KeepAlive(m);
            return ids;
        }

        /// <summary>The bodies (in index order) whose filter allows <paramref name="filter"/> (null: the
        /// default filter) that are solid at world pixel (<paramref name="x"/>, <paramref name="y"/>).</summary>
        public unsafe BodyId[] AtPoint(long x, long y, Filter? filter = null)
        {
            WorldHandle w = Handle;
            Filter f = filter ?? Filter.Default;
            UIntPtr len;
            PerPixelException.Check(Native.pp_world_at_point(w, x, y, &f, null, UIntPtr.Zero, out len));
            var ids = new BodyId[checked((int)len.ToUInt64())];
            if (ids.Length > 0)
            {
                fixed (BodyId* p = ids)
                {
                    PerPixelException.Check(Native.pp_world_at_point(w, x, y, &f, p, (UIntPtr)ids.Length, out len));
                }
            }
            return ids;
        }

        /// <summary>The bodies (in index order) whose filter allows <paramref name="filter"/> (null: the
        /// default filter) that have a solid pixel (any pixel, when bounds-only) inside the world rectangle
        /// <paramref name="rect"/>; none when it is empty.</summary>
        public unsafe BodyId[] InRect(Bounds2D rect, Filter? filter = null)
        {
            WorldHandle w = Handle;
            Filter f = filter ?? Filter.Default;
            UIntPtr len;
            PerPixelException.Check(Native.pp_world_in_rect(w, rect, &f, null, UIntPtr.Zero, out len));
            var ids = new BodyId[checked((int)len.ToUInt64())];
            if (ids.Length > 0)
            {
                fixed (BodyId* p = ids)
                {
                    PerPixelException.Check(Native.pp_world_in_rect(w, rect, &f, p, (UIntPtr)ids.Length, out len));
                }
            }
            return ids;
        }

        /// <summary><see cref="Overlapping(PlacedSprite, Filter?)"/> into the caller's span, allocating nothing,
        /// by the C buffer convention: <paramref name="count"/> gets how many bodies overlap
        /// <paramref name="probe"/>; when they fit in <paramref name="results"/> they are written there (in index
        /// order) and the answer is true; otherwise nothing is written and the answer is false: call again with
        /// a span at least <paramref name="count"/> long. An empty span just counts.</summary>
        public unsafe bool TryOverlapping(PlacedSprite probe, Span<BodyId> results, out int count, Filter? filter = null)
        {
            WorldHandle w = Handle;
            Mask m = probe.Mask;
            NativeSprite n = probe.View("probe.Mask");
            Filter f = filter ?? Filter.Default;
            UIntPtr len;
            Status s;
            fixed (BodyId* p = &MemoryMarshal.GetReference(results))
            {
                s = Native.pp_world_overlapping(w, &n, &f, p, (UIntPtr)results.Length, out len);
            }
            if (s == Status.BufferTooSmall)
                PerPixelException.Check(Native.pp_world_overlapping(w, &n, &f, null, UIntPtr.Zero, out len));
            else PerPixelException.Check(s);
            GC.KeepAlive(m);
            count = checked((int)len.ToUInt64());
            return count <= results.Length;
        }

        /// <summary><see cref="AtPoint(long, long, Filter?)"/> into the caller's span, allocating nothing, by
        /// the C buffer convention: <paramref name="count"/> gets how many bodies are solid at
        /// (<paramref name="x"/>, <paramref name="y"/>); true with them written into <paramref name="results"/>
        /// (in index order) when they fit, false with nothing written otherwise (call again with a span at
        /// least <paramref name="count"/> long).</summary>
        public unsafe bool TryAtPoint(long x, long y, Span<BodyId> results, out int count, Filter? filter = null)
        {
            WorldHandle w = Handle;
            Filter f = filter ?? Filter.Default;
            UIntPtr len;
            Status s;
            fixed (BodyId* p = &MemoryMarshal.GetReference(results))
            {
                s = Native.pp_world_at_point(w, x, y, &f, p, (UIntPtr)results.Length, out len);
            }
            if (s == Status.BufferTooSmall)
                PerPixelException.Check(Native.pp_world_at_point(w, x, y, &f, null, UIntPtr.Zero, out len));
            else PerPixelException.Check(s);
            count = checked((int)len.ToUInt64());
            return count <= results.Length;
        }

        /// <summary><see cref="InRect(Bounds2D, Filter?)"/> into the caller's span, allocating nothing, by the
        /// C buffer convention: <paramref name="count"/> gets how many bodies have a solid pixel in
        /// <paramref name="rect"/>; true with them written into <paramref name="results"/> (in index order) when
        /// they fit, false with nothing written otherwise (call again with a span at least
        /// <paramref name="count"/> long).</summary>
        public unsafe bool TryInRect(Bounds2D rect, Span<BodyId> results, out int count, Filter? filter = null)
        {
            WorldHandle w = Handle;
            Filter f = filter ?? Filter.Default;
            UIntPtr len;
            Status s;
            fixed (BodyId* p = &MemoryMarshal.GetReference(results))
            {
                s = Native.pp_world_in_rect(w, rect, &f, p, (UIntPtr)results.Length, out len);
            }
            if (s == Status.BufferTooSmall)
                PerPixelException.Check(Native.pp_world_in_rect(w, rect, &f, null, UIntPtr.Zero, out len));
            else PerPixelException.Check(s);
            count = checked((int)len.ToUInt64());
            return count <= results.Length;
        }

        /// <summary>The sprite of body <paramref name="id"/> as the world holds it, its mask borrowed from
        /// the world (valid until the body's mask or placement changes; never freed here).</summary>
        private NativeSprite BodySprite(WorldHandle w, BodyId id)
        {
            NativeBodyInfo info;
            PerPixelException.Check(Native.pp_world_body(w, id, out info));
            return info.sprite;
        }

        /// <summary><see cref="PlacedSprite.Raycast"/> on body <paramref name="id"/> as the world holds it (its
        /// mask, or a transformed body's raster, at its position; filters play no part), allocating nothing:
        /// its first solid pixel on the ray, or null. Throws <see cref="PerPixelException"/>
        /// (<see cref="Status.StaleBody"/>) for a destroyed body, (<see cref="Status.InvalidArgument"/>) for a
        /// (0, 0) direction.</summary>
        internal unsafe RayHit? RaycastBody(BodyId id, int x, int y, int dx, int dy, uint maxLength)
        {
            WorldHandle w = Handle;
            NativeSprite n = BodySprite(w, id);
            byte found;
            RayHit hit;
            PerPixelException.Check(Native.pp_raycast(&n, x, y, dx, dy, maxLength, &found, &hit));
            return found != 0 ? hit : (RayHit?)null;
        }

        /// <summary><see cref="PlacedSprite.MoveAndSlide"/> of <paramref name="mover"/> against the bodies
        /// <paramref name="obstacles"/> as the world holds them (filters play no part; list a body once),
        /// allocating nothing for up to 64 obstacles. The mover need not be a body of the world; when it is,
        /// leave its own id out. Throws <see cref="PerPixelException"/> (<see cref="Status.StaleBody"/>) for a
        /// destroyed body.</summary>
        internal unsafe MoveResult MoveAndSlide(PlacedSprite mover, ReadOnlySpan<BodyId> obstacles, int dx, int dy,
            MoveOptions options = default(MoveOptions))
        {
            WorldHandle w = Handle;
            Mask m = mover.Mask;
            NativeSprite me = mover.View("mover.Mask");
            int count = obstacles.Length;
            NativeSprite[] heap = count > 64 ? new NativeSprite[count] : null;
            NativeSprite* stack = stackalloc NativeSprite[heap == null ? count : 0];
            for (int i = 0; i < count; i++)
            {
                NativeSprite n = BodySprite(w, obstacles[i]);
                if (heap != null) heap[i] = n; else stack[i] = n;
            }
            MoveResult result;
            fixed (NativeSprite* h = heap)
            {
                result = PlacedSprite.MoveNative(me, heap != null ? h : stack, count, dx, dy, options);
            }
            GC.KeepAlive(m);
            return result;
        }

        /// <summary>The first body the ray from (<paramref name="x"/>, <paramref name="y"/>) towards
        /// (<paramref name="dx"/>, <paramref name="dy"/>) hits within <paramref name="maxLength"/> pixels, as
        /// <see cref="PlacedSprite.Raycast"/> on each body whose filter allows <paramref name="filter"/> (null:
        /// default): the nearest by steps, ties to the smaller index. False (and default outs) when none.
        /// Throws <see cref="PerPixelException"/> (InvalidArgument) for a (0, 0) direction.</summary>
        public unsafe bool Raycast(int x, int y, int dx, int dy, uint maxLength, out BodyId body, out RayHit hit,
            Filter? filter = null)
        {
            WorldHandle w = Handle;
            Filter f = filter ?? Filter.Default;
            byte found;
            BodyId b;
            RayHit h;
            PerPixelException.Check(Native.pp_world_raycast(w, x, y, dx, dy, maxLength, &f, out found, out b, out h));
            body = b;
            hit = h;
            return found != 0;
        }

        /// <summary>Sweeps body <paramref name="id"/> by (<paramref name="dx"/>, <paramref name="dy"/>) (as
        /// <see cref="PlacedSprite.Sweep"/>) against every other body its filter allows: true with the earliest
        /// hit's body in <paramref name="other"/> (fewest steps, ties to the smaller index; a body touched at
        /// the start is a hit at step 0, <see cref="SweepOutcome.StartsTouching"/>); false, a default
        /// <paramref name="other"/> and the clear result otherwise. The body does not move. Static bodies are
        /// met like any other, also when body <paramref name="id"/> is static itself (only
        /// <see cref="Update"/> keeps two static bodies from pairing).</summary>
        public bool Sweep(BodyId id, int dx, int dy, out BodyId other, out SweepResult result)
        {
            byte found;
            PerPixelException.Check(Native.pp_world_sweep(Handle, id, dx, dy, out found, out other, out result));
            return found != 0;
        }
    }

    /// <summary>One edit of a list for <see cref="World.EditMask"/>, made by the factories named as
    /// <see cref="Mask"/>'s edit methods (same arguments, same rules).</summary>
    public struct MaskEdit
    {
        // PP_EDIT_* of perpixel.h (EditOp is generated from it, Native.g.cs).
        private const uint SetPixelOp = (uint)EditOp.SetPixel, FillRectOp = (uint)EditOp.FillRect,
            DrawOp = (uint)EditOp.Draw, EraseOp = (uint)EditOp.Erase, IntersectOp = (uint)EditOp.Intersect,
            XorOp = (uint)EditOp.Xor, InvertOp = (uint)EditOp.Invert, FillCircleOp = (uint)EditOp.FillCircle,
            FillEllipseOp = (uint)EditOp.FillEllipse, DrawLineOp = (uint)EditOp.DrawLine;
        private uint _op;
        private int _x, _y, _x1, _y1, _w, _h;
        private uint _radius;
        private bool _solid;
        /// <summary>The other mask of Draw, Erase, Intersect and Xor (null otherwise).</summary>
        public Mask Other { get; private set; }

        private static MaskEdit Make(uint op, int x, int y, bool solid)
        {
            var e = new MaskEdit();
            e._op = op;
            e._x = x;
            e._y = y;
            e._solid = solid;
            return e;
        }

        private static MaskEdit With(uint op, Mask other, int x, int y)
        {
            if (other == null) throw new ArgumentNullException("other");
            MaskEdit e = Make(op, x, y, true);
            e.Other = other;
            return e;
        }

        private static uint Radius(int radius)
        {
            if (radius < 0) throw new ArgumentOutOfRangeException("radius", radius, "must not be negative");
            return (uint)radius;
        }

        /// <summary>See <see cref="Mask.SetPixel"/>.</summary>
        public static MaskEdit SetPixel(int x, int y, bool solid) { return Make(SetPixelOp, x, y, solid); }
        /// <summary>See <see cref="Mask.FillRect"/>.</summary>
        public static MaskEdit FillRect(Bounds2D rect, bool solid)
        {
            MaskEdit e = Make(FillRectOp, rect.x, rect.y, solid);
            e._w = rect.width;
            e._h = rect.height;
            return e;
        }
        /// <summary>See <see cref="Mask.Draw"/>.</summary>
        public static MaskEdit Draw(Mask other, int x, int y) { return With(DrawOp, other, x, y); }
        /// <summary>See <see cref="Mask.Erase"/>.</summary>
        public static MaskEdit Erase(Mask other, int x, int y) { return With(EraseOp, other, x, y); }
        /// <summary>See <see cref="Mask.Intersect"/>.</summary>
        public static MaskEdit Intersect(Mask other, int x, int y) { return With(IntersectOp, other, x, y); }
        /// <summary>See <see cref="Mask.Xor"/>.</summary>
        public static MaskEdit Xor(Mask other, int x, int y) { return With(XorOp, other, x, y); }
        /// <summary>See <see cref="Mask.Invert"/>.</summary>
        public static MaskEdit Invert() { return Make(InvertOp, 0, 0, true); }
        /// <summary>See <see cref="Mask.FillCircle"/>.</summary>
        public static MaskEdit FillCircle(int cx, int cy, int radius, bool solid)
        {
            MaskEdit e = Make(FillCircleOp, cx, cy, solid);
            e._radius = Radius(radius);
            return e;
        }
        /// <summary>See <see cref="Mask.FillEllipse"/>.</summary>
        public static MaskEdit FillEllipse(Bounds2D rect, bool solid)
        {
            MaskEdit e = Make(FillEllipseOp, rect.x, rect.y, solid);
            e._w = rect.width;
            e._h = rect.height;
            return e;
        }
        /// <summary>See <see cref="Mask.DrawLine"/>.</summary>
        public static MaskEdit DrawLine(int x0, int y0, int x1, int y1, int radius, bool solid)
        {
            MaskEdit e = Make(DrawLineOp, x0, y0, solid);
            e._x1 = x1;
            e._y1 = y1;
            e._radius = Radius(radius);
            return e;
        }

        internal void Fill(ref NativeMaskEdit n)
        {
            n.op = _op;
            n.x = _x;
            n.y = _y;
            n.x1 = _x1;
            n.y1 = _y1;
            n.width = _w;
            n.height = _h;
            n.radius = _radius;
            n.solid = (byte)(_solid ? 1 : 0);
        }
    }
}
