using System;
using System.Runtime.InteropServices;

namespace PerPixel
{

    /// <summary>
    /// The result of <see cref="PlacedSprite.Sweep"/> (C's <c>pp_sweep_result</c>): for a hit, where the
    /// sprite's pixel (0, 0) is when it first touches (<see cref="At"/>, <see cref="Step"/> steps along the
    /// path), the last free position one step before (<see cref="LastFree"/>, where a mover stops) and their
    /// first contact; starting inside: step 0, both positions the start; clear: step = steps, both
    /// positions the end, contact (0, 0).
    /// </summary>
    public partial struct SweepResult
    {
        /// <summary>True when <see cref="Normal"/> holds a normal: always at a hit.</summary>
        public bool HasNormal { get { return _hasNormal != 0; } }

        /// <summary>True when the sprite touched part way.</summary>
        public bool IsHit { get { return Outcome == SweepOutcome.Hit; } }

        /// <summary>The offset from the start of a sweep by (<paramref name="dx"/>, <paramref name="dy"/>)
        /// after <paramref name="step"/> steps of its path (0: the start; |dx| + |dy|: the end), computed
        /// without walking the path: the position a <see cref="Step"/> counts to, so a game can follow the
        /// same path itself (a trail, its own checks at each position). Throws
        /// <see cref="PerPixelException"/> (InvalidArgument) when the step is past the end.</summary>
        public static Point PathPosition(int dx, int dy, ulong step)
        {
            Point p;
            Status s = Native.pp_sweep_path_position(dx, dy, step, out p);
            if (s != Status.Ok) PerPixelException.Check(s);
            return p;
        }
        /// <summary>How far along the motion it touched, 0 to 1 (1 when clear, 0 when starting inside).</summary>
        public double Fraction
        {
            get
            {
                if (Outcome == SweepOutcome.StartsTouching) return 0.0;
                return Steps == 0 ? 1.0 : (double)Step / Steps;
            }
        }
    }

    /// <summary>How <see cref="PlacedSprite.PushOut"/> searches (C's <c>pp_push_options</c>).</summary>
    /// <remarks><c>new PushOptions()</c> and <c>default(PushOptions)</c> are the defaults: any direction,
    /// along (0, -1) when <see cref="PushDirection.Along"/> is chosen, at most
    /// <see cref="DefaultMaxDistance"/> pixels. Set only what you need, e.g.
    /// <c>new PushOptions { Direction = PushDirection.Vertical, MaxDistance = 8 }</c> or
    /// <c>PushOptions.Along(0, 1)</c> (up in Unity's y-up world). The values that are not zero by default are
    /// stored behind flags, so the all-zero struct means the defaults; the native struct is filled from
    /// <c>pp_push_options_default()</c>, so it always carries the cookie the library checks.</remarks>
    public struct PushOptions
    {
        private bool _hasAlong, _hasMaxDistance;
        private Offset _along;
        private uint _maxDistance;

        /// <summary>The longest translation tried by default: 64 pixels, as <c>pp_push_options_default()</c>.
        /// </summary>
        public const uint DefaultMaxDistance = 64;

        /// <summary>Which translations are allowed (<see cref="PushDirection.Any"/> unless set).</summary>
        public PushDirection Direction;

        /// <summary>The direction for <see cref="PushDirection.Along"/> (not (0, 0)): (0, -1) unless set, towards
        /// smaller y ("up" in a y-down world, "down" in Unity's); a sprite's negated motion pushes it back the
        /// way it came. Ignored by the other directions.</summary>
        public Offset AlongDirection
        {
            get { return _hasAlong ? _along : new Offset(0, -1); }
            set { _along = value; _hasAlong = true; }
        }

        /// <summary>True when <see cref="AlongDirection"/> was set (the Unity glue defaults it to up, (0, 1),
        /// otherwise).</summary>
        internal bool HasAlongDirection { get { return _hasAlong; } }

        /// <summary>The longest translation tried, in pixels (Euclidean); <see cref="DefaultMaxDistance"/>
        /// unless set.</summary>
        public uint MaxDistance
        {
            get { return _hasMaxDistance ? _maxDistance : DefaultMaxDistance; }
            set { _maxDistance = value; _hasMaxDistance = true; }
        }

        /// <summary>Only along (<paramref name="dx"/>, <paramref name="dy"/>), at most
        /// <see cref="DefaultMaxDistance"/> pixels.</summary>
        public static PushOptions Along(int dx, int dy)
        {
            return new PushOptions { Direction = PushDirection.Along, AlongDirection = new Offset(dx, dy) };
        }

        /// <summary>The native struct: <c>pp_push_options_default()</c> with these options written over it.
        /// Call after <see cref="Library.EnsureLoaded"/>.</summary>
        internal NativePushOptions ToNative()
        {
            NativePushOptions o = Native.pp_push_options_default();
            o.direction = (byte)Direction;
            Offset along = AlongDirection;
            o.along_x = along.dx;
            o.along_y = along.dy;
            o.max_distance = MaxDistance;
            return o;
        }
    }

    /// <summary>How <see cref="PlacedSprite.MoveAndSlide"/> moves (C's <c>pp_move_options</c>).</summary>
    /// <remarks><c>new MoveOptions()</c> and <c>default(MoveOptions)</c> are the defaults: no climbing, y
    /// down (<see cref="Up"/> -1). In Unity's y-up world use <see cref="YUp"/> or set <c>Up = 1</c>, e.g.
    /// <c>MoveOptions.YUp(4)</c> climbs up to 4 pixels.</remarks>
    public struct MoveOptions
    {
        private bool _hasUp;
        private int _up;

        /// <summary>The most pixels the mover may climb to pass a blocked x step (slopes, low ledges); 0 (the
        /// default) never climbs.</summary>
        public uint StepUp;

        /// <summary>Which way is up on the y axis, for climbing: -1 (the default) in a y-down world, 1 in a
        /// y-up world (Unity). Any other value is refused by the library
        /// (<see cref="Status.InvalidArgument"/>).</summary>
        public int Up
        {
            get { return _hasUp ? _up : -1; }
            set { _up = value; _hasUp = true; }
        }

        /// <summary>Options for a y-up world (Unity): up is +1, climbing at most <paramref name="stepUp"/>
        /// pixels.</summary>
        public static MoveOptions YUp(uint stepUp = 0)
        {
            return new MoveOptions { StepUp = stepUp, Up = 1 };
        }

        /// <summary>The native struct: <c>pp_move_options_default()</c> with these options written over it.
        /// Call after <see cref="Library.EnsureLoaded"/>.</summary>
        internal NativeMoveOptions ToNative()
        {
            NativeMoveOptions o = Native.pp_move_options_default();
            o.step_up = StepUp;
            o.up = Up;
            return o;
        }
    }

    /// <summary>Where <see cref="PlacedSprite.MoveAndSlide"/> left the sprite (C's
    /// <c>pp_move_result</c>).</summary>
    public struct MoveResult
    {
        /// <summary>World x of the sprite's pixel (0, 0) at the end.</summary>
        public int X;
        /// <summary>World y of the sprite's pixel (0, 0) at the end.</summary>
        public int Y;
        /// <summary>The x motion stopped short (an obstacle on the side it moved towards); false when
        /// <see cref="StartedInside"/> (nothing was tried).</summary>
        public bool BlockedX;
        /// <summary>The y motion stopped short (with gravity: on the ground); false when
        /// <see cref="StartedInside"/>.</summary>
        public bool BlockedY;
        /// <summary>The sprite overlapped an obstacle where it started, so it did not move (push it out
        /// first): X, Y are its start, neither axis is blocked and nothing was climbed, whatever the
        /// motion.</summary>
        public bool StartedInside;
        /// <summary>Pixels climbed by stepping up during the x motion.</summary>
        public uint Climbed;

        /// <inheritdoc/>
        public override string ToString()
        {
            return "(" + X + ", " + Y + ")" + (BlockedX ? " blocked x" : "") + (BlockedY ? " blocked y" : "") +
                (StartedInside ? " started inside" : "") + (Climbed != 0 ? " climbed " + Climbed : "");
        }
    }

    /// <summary>What <see cref="PlacedSprite.Raycast"/> hit (C's <c>pp_ray_hit</c>).</summary>
    public partial struct RayHit
    {
        /// <summary>True when <see cref="Normal"/> holds the surface normal.</summary>
        public bool HasNormal { get { return _hasNormal != 0; } }
    }
}
