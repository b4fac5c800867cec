using System;
using System.Runtime.InteropServices;

namespace PerPixel
{
    /// <summary>What <see cref="PlacedSprite.Sweep"/> found.</summary>
    public enum SweepOutcome : byte
    {
        /// <summary>The sprite reached the end of its motion without touching.</summary>
        Clear = 0,
        /// <summary>The sprite touched the obstacle part way.</summary>
        Hit = 1,
        /// <summary>The sprite already touched the obstacle where it started.</summary>
        StartsTouching = 2,
    }

    /// <summary>
    /// The result of <see cref="PlacedSprite.Sweep"/> (C's <c>pp_sweep_result</c>): for a hit, where the
    /// sprite's pixel (0, 0) is when it first touches (<see cref="At"/>, <see cref="Step"/> steps along the
    /// path), the last free position one step before (<see cref="LastFree"/>, where a mover stops) and their
    /// first contact; starting inside: step 0, both positions the start; clear: step = steps, both
    /// positions the end, contact (0, 0).
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
#pragma warning disable 0649 // _hasNormal is written by the native library
    public struct SweepResult
    {
        /// <summary>Clear, hit or starts touching.</summary>
        public SweepOutcome Outcome;
        /// <summary>Steps taken along the path to <see cref="At"/>.</summary>
        public ulong Step;
        /// <summary>Steps of the whole path: |dx| + |dy|.</summary>
        public ulong Steps;
        /// <summary>World position of the sprite's pixel (0, 0) where it stopped.</summary>
        public Point At;
        /// <summary>World position one step before <see cref="At"/>.</summary>
        public Point LastFree;
        /// <summary>The first pixel solid in both at <see cref="At"/> ((0, 0) when clear).</summary>
        public Point Contact;
        // 1 when Normal holds the contact normal (a byte, as in the C struct).
        private byte _hasNormal;
        /// <summary>The surface hit, from the obstacle towards the mover, to bounce or slide along. At a hit it
        /// is always there and always points against the motion: with s = At - LastFree (the blocked step),
        /// the rule of <see cref="PlacedSprite.ContactNormal"/> at <see cref="LastFree"/> over the faces across
        /// -s only, or exactly -s when that gives none or one with dot(normal, motion) >= 0; so a flat face
        /// hit gives exactly -s. When starting inside: the contact normal there. (0, 0) when clear or when
        /// there is none (<see cref="HasNormal"/> false).</summary>
        public Normal Normal;

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
#pragma warning restore 0649

    /// <summary>Which translations <see cref="PlacedSprite.PushOut"/> may use (C's <c>PP_PUSH_*</c>).</summary>
    public enum PushDirection : byte
    {
        /// <summary>Any translation, the shortest by Euclidean length; among equally short ones the smallest
        /// dy first, then the smallest dx (in a y-down world: up first, then left; in Unity's y-up world: down
        /// first, then left).</summary>
        Any = 0,
        /// <summary>Along x only, (±k, 0); on a tie, towards smaller x first.</summary>
        Horizontal = 1,
        /// <summary>Along y only, (0, ±k); on a tie, towards smaller y first.</summary>
        Vertical = 2,
        /// <summary>Along <see cref="PushOptions.AlongDirection"/> only, at the positions of the sweep path
        /// towards it, continued past it in the same direction.</summary>
        Along = 3,
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
    [StructLayout(LayoutKind.Sequential)]
#pragma warning disable 0649 // _hasNormal is written by the native library
    public struct RayHit
    {
        /// <summary>The first solid pixel on the ray.</summary>
        public Point Pixel;
        /// <summary>Steps along the ray's path from its start (0: the start pixel is solid).</summary>
        public ulong Step;
        /// <summary>Distance from the start pixel to <see cref="Pixel"/>, between their centres.</summary>
        public double Distance;
        private byte _hasNormal;
        /// <summary>The surface normal at <see cref="Pixel"/>, out of the sprite towards where the ray came
        /// from: a sweep hit's normal (<see cref="SweepResult.Normal"/>) for a one-pixel mover at the ray's
        /// last free pixel, so always there and against the ray's direction when <see cref="Step"/> > 0; for
        /// a ray starting inside, the contact normal of its start pixel, if any; (0, 0) when
        /// <see cref="HasNormal"/> is false.</summary>
        public Normal Normal;

        /// <summary>True when <see cref="Normal"/> holds the surface normal.</summary>
        public bool HasNormal { get { return _hasNormal != 0; } }
    }
#pragma warning restore 0649
}
