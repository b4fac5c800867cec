using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace PerPixel
{
    /// <summary>
    /// A mask placed in the world: the seed's <c>SpriteCollider</c> without Unity. With
    /// <see cref="PixelCollision"/> false it collides as its whole rectangle.
    /// </summary>
    public struct PlacedSprite
    {
        /// <summary>The sprite's mask (not owned).</summary>
        public Mask Mask;
        /// <summary>World x of mask pixel (0, 0).</summary>
        public int X;
        /// <summary>World y of mask pixel (0, 0).</summary>
        public int Y;
        /// <summary>When false the sprite collides as its full rectangle.</summary>
        public bool PixelCollision;

        /// <summary>A placed sprite; pixel collision on unless said otherwise.</summary>
        public PlacedSprite(Mask mask, int x, int y, bool pixelCollision = true)
        {
            if (mask == null) throw new ArgumentNullException("mask");
            Mask = mask;
            X = x;
            Y = y;
            PixelCollision = pixelCollision;
        }

        /// <summary>The sprite's rectangle in the world.</summary>
        public Bounds2D Bounds
        {
            get
            {
                if (Mask == null) throw new ArgumentNullException("Mask");
                return Mask.BoundsAt(X, Y);
            }
        }

        /// <summary>Keeps both masks' handles alive and builds the native views of both sprites.
        /// Pair with <see cref="Leave"/> in a finally block.</summary>
        private static void Enter(PlacedSprite a, PlacedSprite b, ref bool addedA, ref bool addedB,
            out NativeSprite na, out NativeSprite nb)
        {
            if (a.Mask == null) throw new ArgumentNullException("Mask");
            if (b.Mask == null) throw new ArgumentNullException("other.Mask");
            MaskHandle ha = a.Mask.Handle, hb = b.Mask.Handle;
            ha.DangerousAddRef(ref addedA);
            hb.DangerousAddRef(ref addedB);
            na = new NativeSprite
            {
                mask = ha.DangerousGetHandle(), x = a.X, y = a.Y,
                pixel_collision = (byte)(a.PixelCollision ? 1 : 0),
            };
            nb = new NativeSprite
            {
                mask = hb.DangerousGetHandle(), x = b.X, y = b.Y,
                pixel_collision = (byte)(b.PixelCollision ? 1 : 0),
            };
        }

        private static void Leave(PlacedSprite a, PlacedSprite b, bool addedA, bool addedB)
        {
            if (addedA) a.Mask.RawHandle.DangerousRelease();
            if (addedB) b.Mask.RawHandle.DangerousRelease();
        }

        // The per-frame queries below answer pairs whose boxes do not meet in managed code, with the same
        // half-open, 64-bit edge arithmetic as Bounds2D.Overlaps and the native library, and call the
        // library only for the rest, through raw pointers to stack locals. Safety without SafeHandle
        // ref-counting: each mask is checked live (a disposed mask throws ObjectDisposedException, also when
        // the boxes are apart) and kept reachable until the native call has returned (GC.KeepAlive), so
        // neither Dispose before the call nor the finalizer during it can free a mask in use. Disposing a
        // mask while another thread is querying it is the caller's race, as in the C ABI (see Mask).

        /// <summary>True when the half-open boxes [ax, ax + aw) × [ay, ay + ah) and
        /// [bx, bx + bw) × [by, by + bh) share a pixel; edges in 64 bits, an empty box meets nothing.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static bool BoxesMeet(int ax, int ay, int aw, int ah, int bx, int by, int bw, int bh)
        {
            return aw > 0 && ah > 0 && bw > 0 && bh > 0
                && ax < (long)bx + bw && bx < (long)ax + aw
                && ay < (long)by + bh && by < (long)ay + ah;
        }

        /// <summary>Throws for the first unusable mask: null (ArgumentNullException) or disposed
        /// (ObjectDisposedException). Out of line, so the callers stay small enough to inline.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void ThrowUnusable(Mask ma, Mask mb)
        {
            if (ma == null) throw new ArgumentNullException("Mask");
            if (mb == null) throw new ArgumentNullException("other.Mask");
            Mask.ThrowDisposed();
        }

        /// <summary>True when some world pixel is solid in both sprites. Sprites whose rectangles do not
        /// overlap (and two bounds-only sprites) are answered without a native call.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool Collides(PlacedSprite other)
        {
            // Inlined into the caller's loop: checks, then the box test, then the library.
            Mask ma = Mask, mb = other.Mask;
            if (ma == null || mb == null || ma._ptr == IntPtr.Zero || mb._ptr == IntPtr.Zero) ThrowUnusable(ma, mb);
            if (!BoxesMeet(X, Y, ma._width, ma._height, other.X, other.Y, mb._width, mb._height)) return false;
            if (!PixelCollision && !other.PixelCollision) return true;
            return CollidesNative(ma, X, Y, PixelCollision, mb, other.X, other.Y, other.PixelCollision);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static unsafe bool CollidesNative(Mask ma, int ax, int ay, bool apc, Mask mb, int bx, int by, bool bpc)
        {
            NativeSprite na, nb;
            na.mask = ma._ptr; na.x = ax; na.y = ay; na.pixel_collision = apc ? (byte)1 : (byte)0;
            nb.mask = mb._ptr; nb.x = bx; nb.y = by; nb.pixel_collision = bpc ? (byte)1 : (byte)0;
            byte hit;
            Status s = Native.pp_collides(&na, &nb, &hit);
            GC.KeepAlive(ma);
            GC.KeepAlive(mb);
            if (s != Status.Ok) PerPixelException.Check(s);
            return hit != 0;
        }

        /// <summary>The first world pixel solid in both, scanning from the lowest y row, each row from the
        /// lowest x; false (and <paramref name="contact"/> (0, 0)) when they do not touch.</summary>
        public unsafe bool TryFirstContact(PlacedSprite other, out Point contact)
        {
            Mask ma = Mask, mb = other.Mask;
            if (ma == null || mb == null || ma._ptr == IntPtr.Zero || mb._ptr == IntPtr.Zero) ThrowUnusable(ma, mb);
            contact = default(Point);
            if (!BoxesMeet(X, Y, ma._width, ma._height, other.X, other.Y, mb._width, mb._height)) return false;
            NativeSprite na, nb;
            na.mask = ma._ptr; na.x = X; na.y = Y; na.pixel_collision = PixelCollision ? (byte)1 : (byte)0;
            nb.mask = mb._ptr; nb.x = other.X; nb.y = other.Y; nb.pixel_collision = other.PixelCollision ? (byte)1 : (byte)0;
            byte found;
            Point p;
            Status s = Native.pp_first_contact(&na, &nb, &found, &p);
            GC.KeepAlive(ma);
            GC.KeepAlive(mb);
            if (s != Status.Ok) PerPixelException.Check(s);
            contact = p;
            return found != 0;
        }

        /// <summary>Moves this sprite by (<paramref name="dx"/>, <paramref name="dy"/>) along its 4-connected
        /// path (one pixel in x or y per step, along the axis whose grid line the straight segment crosses
        /// first; x first through pixel corners) and reports the first position where it touches
        /// <paramref name="obstacle"/>, the last free position before it and their first contact; or that
        /// it starts touching; or that the path is clear. Every position is tested: a wall one pixel thick
        /// is never passed through. Throws <see cref="PerPixelException"/> (InvalidArgument) when the end
        /// leaves the int range.</summary>
        public unsafe SweepResult Sweep(PlacedSprite obstacle, int dx, int dy)
        {
            Mask ma = Mask, mb = obstacle.Mask;
            if (ma == null || mb == null || ma._ptr == IntPtr.Zero || mb._ptr == IntPtr.Zero) ThrowUnusable(ma, mb);
            NativeSprite na, nb;
            na.mask = ma._ptr; na.x = X; na.y = Y; na.pixel_collision = PixelCollision ? (byte)1 : (byte)0;
            nb.mask = mb._ptr; nb.x = obstacle.X; nb.y = obstacle.Y;
            nb.pixel_collision = obstacle.PixelCollision ? (byte)1 : (byte)0;
            SweepResult r;
            Status s = Native.pp_sweep(&na, &nb, dx, dy, &r);
            GC.KeepAlive(ma);
            GC.KeepAlive(mb);
            if (s != Status.Ok) PerPixelException.Check(s);
            return r;
        }

        /// <summary>How many world pixels are solid in both sprites.</summary>
        public unsafe ulong OverlapArea(PlacedSprite other)
        {
            Mask ma = Mask, mb = other.Mask;
            if (ma == null || mb == null || ma._ptr == IntPtr.Zero || mb._ptr == IntPtr.Zero) ThrowUnusable(ma, mb);
            if (!BoxesMeet(X, Y, ma._width, ma._height, other.X, other.Y, mb._width, mb._height)) return 0;
            NativeSprite na, nb;
            na.mask = ma._ptr; na.x = X; na.y = Y; na.pixel_collision = PixelCollision ? (byte)1 : (byte)0;
            nb.mask = mb._ptr; nb.x = other.X; nb.y = other.Y; nb.pixel_collision = other.PixelCollision ? (byte)1 : (byte)0;
            ulong area;
            Status s = Native.pp_overlap_area(&na, &nb, &area);
            GC.KeepAlive(ma);
            GC.KeepAlive(mb);
            if (s != Status.Ok) PerPixelException.Check(s);
            return area;
        }

        /// <summary>The pixels solid in both sprites as a new mask (dispose it) placed at
        /// <paramref name="bounds"/>, the intersection of their rectangles; null and zero bounds when the
        /// rectangles do not overlap (no overlap, as Rust's <c>None</c> and C's NULL).</summary>
        public Mask OverlapMask(PlacedSprite other, out Bounds2D bounds)
        {
            bool ra = false, rb = false;
            NativeSprite na, nb;
            MaskHandle h;
            Status s;
            try
            {
                Enter(this, other, ref ra, ref rb, out na, out nb);
                s = Native.pp_overlap_mask(ref na, ref nb, out h, out bounds);
            }
            finally { Leave(this, other, ra, rb); }
            return Mask.WrapOverlap(s, h);
        }

        /// <summary>The native view of this sprite, its mask checked live (null: ArgumentNullException,
        /// disposed: ObjectDisposedException). Keep the mask reachable until the call returns.</summary>
        internal NativeSprite View(string name)
        {
            Mask m = Mask;
            if (m == null) throw new ArgumentNullException(name);
            if (m._ptr == IntPtr.Zero) Mask.ThrowDisposed();
            NativeSprite n;
            n.mask = m._ptr;
            n.x = X;
            n.y = Y;
            n.pixel_collision = PixelCollision ? (byte)1 : (byte)0;
            return n;
        }

        /// <summary>The contact normal between <paramref name="obstacle"/> and this sprite: a unit vector from
        /// the obstacle's surface towards this sprite where they overlap or touch; null when they neither
        /// overlap nor touch, or no direction stands out. A flat floor, wall or ceiling of any thickness gives
        /// exactly its axis normal wherever this sprite touches only it, its ends and corners included ((0, -1)
        /// for a sprite on flat ground in a y-down world, (0, 1) in a y-up one); slopes and circles within a
        /// few degrees; a diagonal only where this sprite touches two faces at a corner or meets the obstacle
        /// corner to corner; a buried sprite gets its shortest way out within 6 pixels.</summary>
        /// <remarks>The rule, exactly (the same bits as every other language; every decision in integers):
        /// 1. Faces: pixel pairs (p, p + d), d one of (1,0) (-1,0) (0,1) (0,-1), p solid in the obstacle and
        /// p + d solid in this sprite but not in the obstacle. With none, the same with the four diagonal
        /// d. With none either (buried): d an axis step, p solid in both, p + d not solid in the obstacle.
        /// With none of these: the direction of the shortest <see cref="PushOut"/> (any direction) of at
        /// most 6 pixels, steps 2-5 skipped; null without one.
        /// 2. K = the faces' pixels, n = |K|, S = their sum; t = the smallest integer with
        /// (n t)^2 >= max over K of |n p - S|^2; R = 6 + t; the window W = the pixels p with
        /// |n p - S|^2 &lt;= (n R)^2.
        /// 3. A run is a maximal stretch of a line's pixels q solid in the obstacle with q + d not. An end,
        /// with e the pixel just past it, is concave when e is solid, square when neither e nor e - d is,
        /// rounded when e is not and e - d is. A run is flat when at least 32 long, or no end is rounded and
        /// it is at least 3 long or both ends are square. When all faces share one axis direction d, lie on
        /// one line across d and each of their runs is flat: exactly d.
        /// 4. Else with A the obstacle's solid pixels in W: M = |A| S - n (sum of A); M / |M| when M != 0
        /// and |A| &lt; |W|.
        /// 5. Else V = the sum of the faces' d: V / |V| when V != 0, else null.
        /// An integer vector (x, y) becomes (x / l, y / l), x and y the nearest doubles, l = sqrt(x x + y y).
        /// The same text is <c>pp_contact_normal</c>'s in perpixel.h.</remarks>
        public unsafe Normal? ContactNormal(PlacedSprite obstacle)
        {
            NativeSprite na = View("Mask"), nb = obstacle.View("obstacle.Mask");
            byte found;
            Normal n;
            Status s = Native.pp_contact_normal(&na, &nb, &found, &n);
            GC.KeepAlive(Mask);
            GC.KeepAlive(obstacle.Mask);
            PerPixelException.Check(s);
            return found != 0 ? n : (Normal?)null;
        }

        /// <summary>The shortest whole-pixel translation of this sprite after which it no longer overlaps
        /// <paramref name="obstacle"/> (as <see cref="Collides"/> decides), among those
        /// <paramref name="options"/> allows and no longer than its <see cref="PushOptions.MaxDistance"/>:
        /// (0, 0) when they do not overlap, null when no allowed translation that short frees it.
        /// Translations are tried in order of length, ties as <see cref="PushDirection"/> says. Throws
        /// <see cref="PerPixelException"/> (<see cref="Status.InvalidArgument"/>) for an unknown direction
        /// or an <see cref="PushDirection.Along"/> direction of (0, 0).</summary>
        public unsafe Offset? PushOut(PlacedSprite obstacle, PushOptions options = default(PushOptions))
        {
            NativeSprite na = View("Mask"), nb = obstacle.View("obstacle.Mask");
            Library.EnsureLoaded();
            NativePushOptions o = options.ToNative();
            byte found;
            Offset offset;
            Status s = Native.pp_push_out(&na, &nb, &o, &found, &offset);
            GC.KeepAlive(Mask);
            GC.KeepAlive(obstacle.Mask);
            PerPixelException.Check(s);
            return found != 0 ? offset : (Offset?)null;
        }

        /// <summary>Moves this sprite by (<paramref name="dx"/>, <paramref name="dy"/>) against
        /// <paramref name="obstacles"/> the way pixel platformers do: x first, stopping before the first
        /// position that overlaps an obstacle, then y from there the same way; an axis that stops short is
        /// reported blocked and the rest of its motion dropped (the other axis still moves: sliding). With
        /// <see cref="MoveOptions.StepUp"/> N &gt; 0 a blocked x step is retried climbing up to N pixels
        /// (up is <see cref="MoveOptions.Up"/>). A sprite overlapping an obstacle where it starts does not
        /// move (<see cref="MoveResult.StartedInside"/>). The sprite itself is not changed: place it at
        /// the result. Throws <see cref="PerPixelException"/> (<see cref="Status.InvalidArgument"/>) for
        /// an <see cref="MoveOptions.Up"/> other than 1 or -1 or a motion leaving the int range.</summary>
        public MoveResult MoveAndSlide(PlacedSprite[] obstacles, int dx, int dy,
            MoveOptions options = default(MoveOptions))
        {
            if (obstacles == null) throw new ArgumentNullException("obstacles");
            return MoveAndSlideFirst(obstacles, obstacles.Length, dx, dy, options);
        }

        /// <summary><see cref="MoveAndSlide(PlacedSprite[], int, int, MoveOptions)"/> against the first
        /// <paramref name="count"/> sprites of <paramref name="obstacles"/> (a buffer kept between calls).</summary>
        internal unsafe MoveResult MoveAndSlideFirst(PlacedSprite[] obstacles, int count, int dx, int dy, MoveOptions options)
        {
            if (obstacles == null) throw new ArgumentNullException("obstacles");
            if (count < 0 || count > obstacles.Length) throw new ArgumentOutOfRangeException("count");
            NativeSprite mover = View("Mask");
            // Small lists on the stack, long ones in an array; the masks stay reachable through obstacles.
            NativeSprite[] heap = count > 32 ? new NativeSprite[count] : null;
            NativeSprite* stack = stackalloc NativeSprite[heap == null ? count : 0];
            for (int i = 0; i < count; i++)
            {
                NativeSprite n = obstacles[i].View("obstacles[" + i + "].Mask");
                if (heap != null) heap[i] = n; else stack[i] = n;
            }
            MoveResult result;
            fixed (NativeSprite* h = heap)
            {
                result = MoveNative(mover, heap != null ? h : stack, count, dx, dy, options);
            }
            GC.KeepAlive(Mask);
            GC.KeepAlive(obstacles);
            return result;
        }

        /// <summary><c>pp_move_and_slide</c> of native views (the caller keeps their masks reachable until it
        /// returns).</summary>
        internal static unsafe MoveResult MoveNative(NativeSprite mover, NativeSprite* obstacles, int count, int dx,
            int dy, MoveOptions options)
        {
            Library.EnsureLoaded();
            NativeMoveOptions o = options.ToNative();
            NativeMoveResult r;
            PerPixelException.Check(Native.pp_move_and_slide(&mover, obstacles, (UIntPtr)count, dx, dy, &o, &r));
            return new MoveResult
            {
                X = r.x, Y = r.y, BlockedX = r.blocked_x != 0, BlockedY = r.blocked_y != 0,
                StartedInside = r.started_inside != 0, Climbed = r.climbed,
            };
        }

        /// <summary>The first solid pixel of this sprite on the ray from world pixel (<paramref name="x"/>,
        /// <paramref name="y"/>) in the direction (<paramref name="dx"/>, <paramref name="dy"/>), at most
        /// <paramref name="maxLength"/> pixels from the start (between pixel centres); null when there is
        /// none. The ray visits the pixels of the 4-connected sweep path towards (dx, dy), continued in the
        /// same direction, so it never slips between pixels touching at a corner; the start pixel counts
        /// (step 0). Throws <see cref="PerPixelException"/> (<see cref="Status.InvalidArgument"/>) for a
        /// (0, 0) direction.</summary>
        public unsafe RayHit? Raycast(int x, int y, int dx, int dy, uint maxLength)
        {
            NativeSprite n = View("Mask");
            byte found;
            RayHit hit;
            Status s = Native.pp_raycast(&n, x, y, dx, dy, maxLength, &found, &hit);
            GC.KeepAlive(Mask);
            PerPixelException.Check(s);
            return found != 0 ? hit : (RayHit?)null;
        }

        /// <summary>True when world pixel (<paramref name="x"/>, <paramref name="y"/>) is solid in this
        /// sprite: inside its rectangle and solid in its mask (anywhere in its rectangle when
        /// <see cref="PixelCollision"/> is off).</summary>
        public unsafe bool SolidAt(long x, long y)
        {
            NativeSprite n = View("Mask");
            byte solid;
            Status s = Native.pp_solid_at(&n, x, y, &solid);
            GC.KeepAlive(Mask);
            PerPixelException.Check(s);
            return solid != 0;
        }
    }
}
