// The conformance corpus replayed through the C# binding (bindings/unity/Runtime): every
// case of tests/corpus/corpus.txt (format: tests/corpus/FORMAT.md; the driver copies it
// into the scratch folder) is run through the binding's public API (PlacedSprite,
// TransformedSprite, Mask.Rasterise...), its answer written the way the corpus writes it
// (floats as the 16 hex digits of their IEEE-754 bits, a PerPixelException as `error` and
// its status's C name) and compared with the expected text, character for character.
// A NULL mask is a null Mask: the binding refuses it with ArgumentNullException before the
// native call, this door's PP_ERR_NULL_POINTER; a null receiver cannot be written in C#,
// so `rasterise` of a NULL mask goes through the binding's P/Invoke declaration with a
// zero handle. Part of PerPixelTests.exe; prints how many cases of each kind it ran and
// "corpus: N cases replayed through C#", which tests/csharp.rs checks.
using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using PerPixel;

static partial class Tests
{
    static readonly string[] CorpusKinds =
    {
        "collides", "first_contact", "overlap_area", "overlap_mask", "sweep", "contact_normal",
        "push_out", "raycast", "rasterise", "transformed_collides", "transformed_first_contact",
        "transformed_overlap_area", "world_new", "world_create", "world_move", "world_destroy",
        "world_set_mask", "world_update", "world_in_rect", "centroid", "angle", "component_bounds",
        "largest_component", "grow", "shrink", "scale", "convolve", "move_and_slide",
        "mask_collides", "mask_first_contact", "mask_overlap_area", "mask_overlap_mask",
        "world_create_transformed", "world_set_transform", "world_set_filter", "world_move_bodies",
        "world_at_point", "world_overlapping", "world_raycast", "world_sweep", "world_contact", "world_body",
        "flip", "rotate_quarter", "transpose", "scale_integer", "set_pixel", "fill_rect", "fill_circle",
        "fill_ellipse", "draw_line", "draw", "erase", "intersect", "xor", "invert", "count", "solid_bounds",
        "mask_hash", "component_at", "polygons", "crop", "component_counts", "component_labels",
        "from_pixels", "from_color_range", "world_hash", "outline",
        "normal_degrees",
    };

    static string HexFloat(double v)
    {
        return BitConverter.DoubleToInt64Bits(v).ToString("x16");
    }

    static double ParseHexFloat(string s)
    {
        if (s.Length != 16) throw new FormatException("a float is 16 hex digits: " + s);
        return BitConverter.Int64BitsToDouble((long)Convert.ToUInt64(s, 16));
    }

    static string StatusName(Status s)
    {
        switch (s)
        {
            case Status.Ok: return "PP_OK";
            case Status.NullPointer: return "PP_ERR_NULL_POINTER";
            case Status.InvalidArgument: return "PP_ERR_INVALID_ARGUMENT";
            case Status.BufferTooSmall: return "PP_ERR_BUFFER_TOO_SMALL";
            case Status.StrideTooSmall: return "PP_ERR_STRIDE_TOO_SMALL";
            case Status.RegionOutOfBounds: return "PP_ERR_REGION_OUT_OF_BOUNDS";
            case Status.TooLarge: return "PP_ERR_TOO_LARGE";
            case Status.Overflow: return "PP_ERR_OVERFLOW";
            case Status.Decode: return "PP_ERR_DECODE";
            case Status.Io: return "PP_ERR_IO";
            case Status.OutOfMemory: return "PP_ERR_OUT_OF_MEMORY";
            case Status.Panic: return "PP_ERR_PANIC";
            case Status.BadBakedData: return "PP_ERR_BAD_BAKED_DATA";
            case Status.InvalidTransform: return "PP_ERR_INVALID_TRANSFORM";
            case Status.StaleBody: return "PP_ERR_STALE_BODY";
            case Status.WrongWorld: return "PP_ERR_WRONG_WORLD";
            case Status.MaskShared: return "PP_ERR_MASK_SHARED";
            default: return "PP_ERR_UNKNOWN(" + (int)s + ")";
        }
    }

    // `width height rows`: each row ceil(width / 4) hex digits, pixel 0 the first digit's 8
    // bit; `-` for a row of width 0.
    static string MaskText(Mask m)
    {
        var sb = new StringBuilder();
        sb.Append(m.Width).Append(' ').Append(m.Height);
        for (int y = 0; y < m.Height; y++)
        {
            sb.Append(m.Width == 0 ? " -" : " ");
            for (int x = 0; x < m.Width; x += 4)
            {
                int digit = 0;
                for (int i = 0; i < 4; i++)
                {
                    if (x + i < m.Width && m.IsSolid(x + i, y)) digit |= 8 >> i;
                }
                sb.Append("0123456789abcdef"[digit]);
            }
        }
        return sb.ToString();
    }

    static string PointText(Point p) { return p.x + " " + p.y; }

    // A normal inside a longer answer: `nx ny`, or `-`.
    static string NormalText(bool has, Normal n)
    {
        return has ? HexFloat(n.x) + " " + HexFloat(n.y) : "-";
    }

    // `clear`, `touching cx cy N` or `hit step steps ax ay lx ly cx cy N`.
    static string SweepText(SweepResult r)
    {
        if (r.Outcome == SweepOutcome.Clear) return "clear";
        if (r.Outcome == SweepOutcome.StartsTouching)
            return "touching " + PointText(r.Contact) + " " + NormalText(r.HasNormal, r.Normal);
        return "hit " + r.Step + " " + r.Steps + " " + PointText(r.At) + " " + PointText(r.LastFree)
            + " " + PointText(r.Contact) + " " + NormalText(r.HasNormal, r.Normal);
    }

    // `px py step distance N`.
    static string RayText(RayHit r)
    {
        return PointText(r.Pixel) + " " + r.Step + " " + HexFloat(r.Distance) + " "
            + NormalText(r.HasNormal, r.Normal);
    }

    sealed class CorpusTokens
    {
        readonly string[] _t;
        int _i;
        public CorpusTokens(string s) { _t = s.Split(' '); }
        public string Next()
        {
            if (_i >= _t.Length) throw new FormatException("too few tokens");
            return _t[_i++];
        }
        public long Int() { return long.Parse(Next(), System.Globalization.CultureInfo.InvariantCulture); }
        public bool Done { get { return _i == _t.Length; } }
    }

    static Mask CorpusMask(Dictionary<string, Mask> masks, string id)
    {
        if (id == "null") return null;
        return masks[id];
    }

    static PlacedSprite CorpusSprite(Dictionary<string, Mask> masks, CorpusTokens t)
    {
        Mask m = CorpusMask(masks, t.Next());
        int x = (int)t.Int(), y = (int)t.Int();
        bool pixels = t.Int() != 0;
        // Not the constructor, which refuses a null mask already: the query must refuse it.
        return new PlacedSprite { Mask = m, X = x, Y = y, PixelCollision = pixels };
    }

    static SpriteTransform CorpusTransform(CorpusTokens t)
    {
        var tr = new SpriteTransform();
        tr.X = ParseHexFloat(t.Next());
        tr.Y = ParseHexFloat(t.Next());
        tr.RotationDegrees = ParseHexFloat(t.Next());
        tr.ScaleX = ParseHexFloat(t.Next());
        tr.ScaleY = ParseHexFloat(t.Next());
        tr.FlipX = t.Int() != 0;
        tr.FlipY = t.Int() != 0;
        tr.UsePivot = t.Int() != 0;
        tr.PivotX = ParseHexFloat(t.Next());
        tr.PivotY = ParseHexFloat(t.Next());
        return tr;
    }

    static string CorpusAnswer(Dictionary<string, Mask> masks, string kind, CorpusTokens t)
    {
        switch (kind)
        {
            case "collides":
            case "first_contact":
            case "overlap_area":
            case "overlap_mask":
            {
                PlacedSprite a = CorpusSprite(masks, t), b = CorpusSprite(masks, t);
                if (kind == "collides") return a.Collides(b) ? "1" : "0";
                if (kind == "first_contact")
                {
                    Point p;
                    return a.TryFirstContact(b, out p) ? PointText(p) : "none";
                }
                if (kind == "overlap_area") return a.OverlapArea(b).ToString();
                Bounds2D bounds;
                using (Mask o = a.OverlapMask(b, out bounds))
                {
                    return o == null ? "none" : bounds.x + " " + bounds.y + " " + MaskText(o);
                }
            }
            case "mask_collides":
            case "mask_first_contact":
            case "mask_overlap_area":
            case "mask_overlap_mask":
            {
                // pygame style: mask a at (0, 0), mask b at (dx, dy).
                Mask a = CorpusMask(masks, t.Next()), b = CorpusMask(masks, t.Next());
                int dx = (int)t.Int(), dy = (int)t.Int();
                if (kind == "mask_collides") return a.Collides(b, dx, dy) ? "1" : "0";
                if (kind == "mask_first_contact")
                {
                    Point p;
                    return a.TryFirstContact(b, dx, dy, out p) ? PointText(p) : "none";
                }
                if (kind == "mask_overlap_area") return a.OverlapArea(b, dx, dy).ToString();
                Bounds2D bounds;
                using (Mask o = a.OverlapMask(b, dx, dy, out bounds))
                {
                    return o == null ? "none" : bounds.x + " " + bounds.y + " " + MaskText(o);
                }
            }
            case "sweep":
            {
                PlacedSprite a = CorpusSprite(masks, t), b = CorpusSprite(masks, t);
                int dx = (int)t.Int(), dy = (int)t.Int();
                return SweepText(a.Sweep(b, dx, dy));
            }
            case "contact_normal":
            {
                PlacedSprite a = CorpusSprite(masks, t), b = CorpusSprite(masks, t);
                Normal? n = a.ContactNormal(b);
                return n.HasValue ? NormalText(true, n.Value) : "none";
            }
            case "push_out":
            {
                PlacedSprite a = CorpusSprite(masks, t), b = CorpusSprite(masks, t);
                string dir = t.Next();
                int ax = (int)t.Int(), ay = (int)t.Int();
                var o = new PushOptions();
                o.Direction = dir == "any" ? PushDirection.Any
                    : dir == "horizontal" ? PushDirection.Horizontal
                    : dir == "vertical" ? PushDirection.Vertical
                    : PushDirection.Along;
                o.AlongDirection = new Offset(ax, ay);
                o.MaxDistance = (uint)t.Int();
                Offset? p = a.PushOut(b, o);
                return p.HasValue ? p.Value.dx + " " + p.Value.dy : "none";
            }
            case "move_and_slide":
            {
                PlacedSprite mover = CorpusSprite(masks, t);
                var obstacles = new PlacedSprite[(int)t.Int()];
                for (int i = 0; i < obstacles.Length; i++) obstacles[i] = CorpusSprite(masks, t);
                int dx = (int)t.Int(), dy = (int)t.Int();
                var o = new MoveOptions();
                o.StepUp = (uint)t.Int();
                o.Up = (int)t.Int();
                MoveResult r = mover.MoveAndSlide(obstacles, dx, dy, o);
                return r.X + " " + r.Y + " " + (r.BlockedX ? 1 : 0) + " " + (r.BlockedY ? 1 : 0) + " "
                    + (r.StartedInside ? 1 : 0) + " " + r.Climbed;
            }
            case "raycast":
            {
                PlacedSprite s = CorpusSprite(masks, t);
                int x = (int)t.Int(), y = (int)t.Int(), dx = (int)t.Int(), dy = (int)t.Int();
                uint len = (uint)t.Int();
                RayHit? h = s.Raycast(x, y, dx, dy, len);
                return h.HasValue ? RayText(h.Value) : "none";
            }
            case "rasterise":
            {
                Mask m = CorpusMask(masks, t.Next());
                SpriteTransform tr = CorpusTransform(t);
                bool boundsOnly = t.Int() != 0;
                if (m == null)
                {
                    // No null receiver in C#: the binding's own P/Invoke with a zero handle.
                    NativeTransform nt = tr.ToNative();
                    MaskHandle raster;
                    int rx, ry;
                    Status s = Native.pp_mask_rasterise(new MaskHandle(IntPtr.Zero), ref nt,
                        (byte)(boundsOnly ? 1 : 0), out raster, out rx, out ry);
                    if (s != Status.Ok)
                    {
                        raster.Dispose();
                        return "error " + StatusName(s);
                    }
                    raster.Dispose();
                    return "(a NULL mask rasterised)";
                }
                using (Raster r = m.Rasterise(tr, boundsOnly))
                {
                    return r.X + " " + r.Y + " " + MaskText(r.Mask);
                }
            }
            case "transformed_collides":
            case "transformed_first_contact":
            case "transformed_overlap_area":
            {
                Mask ma = CorpusMask(masks, t.Next());
                SpriteTransform ta = CorpusTransform(t);
                Mask mb = CorpusMask(masks, t.Next());
                SpriteTransform tb = CorpusTransform(t);
                var a = new TransformedSprite(ma, ta);
                var b = new TransformedSprite(mb, tb);
                if (kind == "transformed_collides") return a.Collides(b) ? "1" : "0";
                if (kind == "transformed_first_contact")
                {
                    Point p;
                    return a.TryFirstContact(b, out p) ? PointText(p) : "none";
                }
                return a.OverlapArea(b).ToString();
            }
        }
        if (Array.IndexOf(CorpusReshapeEditKinds, kind) >= 0) return CorpusReshapeEdit(masks, kind, t);
        if (kind == "polygons") return CorpusPolygons(masks, t);
        if (kind == "crop" || kind == "component_counts" || kind == "component_labels")
            return CorpusCropLabels(masks, kind, t);
        if (kind == "from_pixels" || kind == "from_color_range") return CorpusPixels(kind, t);
        if (kind == "outline")
        {
            Mask m = CorpusMask(masks, t.Next());
            Vertex[] path = m.Outline((int)t.Int());
            var sb = new StringBuilder();
            sb.Append(path.Length);
            foreach (Vertex v in path) sb.Append(' ').Append(v.x).Append(' ').Append(v.y);
            return sb.ToString();
        }
        if (kind == "normal_degrees")
        {
            var n = new Normal(ParseHexFloat(t.Next()), ParseHexFloat(t.Next()));
            return HexFloat(n.Degrees);
        }
        return CorpusShape(masks, kind, t);
    }

    static readonly string[] CorpusReshapeEditKinds =
    {
        "flip", "rotate_quarter", "transpose", "scale_integer", "set_pixel", "fill_rect", "fill_circle",
        "fill_ellipse", "draw_line", "draw", "erase", "intersect", "xor", "invert", "count", "solid_bounds",
        "mask_hash", "component_at",
    };

    // The corpus's ring order: vertex by vertex, each by y then x; a ring that starts another first.
    static int CorpusRingOrder(Vertex[] a, Vertex[] b)
    {
        for (int i = 0; i < a.Length && i < b.Length; i++)
        {
            if (a[i].y != b[i].y) return a[i].y < b[i].y ? -1 : 1;
            if (a[i].x != b[i].x) return a[i].x < b[i].x ? -1 : 1;
        }
        return a.Length.CompareTo(b.Length);
    }

    // `polygons <mask> <epsilon>`: `<polygons> <rings>`, then each ring `<n> x y ...`, sorted.
    static string CorpusPolygons(Dictionary<string, Mask> masks, CorpusTokens t)
    {
        Mask m = CorpusMask(masks, t.Next());
        var o = new PolygonOptions();
        o.Epsilon = ParseHexFloat(t.Next());
        PolygonSet p = m.Polygons(o);
        var rings = new List<Vertex[]>();
        for (int r = 0; r < p.RingCount; r++) rings.Add(p.Ring(r));
        rings.Sort(CorpusRingOrder);
        var sb = new StringBuilder();
        sb.Append(p.Count).Append(' ').Append(rings.Count);
        foreach (Vertex[] ring in rings)
        {
            sb.Append(' ').Append(ring.Length);
            foreach (Vertex v in ring) sb.Append(' ').Append(v.x).Append(' ').Append(v.y);
        }
        return sb.ToString();
    }

    // `crop`, `component_counts`, `component_labels`.
    static string CorpusCropLabels(Dictionary<string, Mask> masks, string kind, CorpusTokens t)
    {
        Mask m = CorpusMask(masks, t.Next());
        if (kind == "crop")
        {
            Bounds2D region = CorpusRect(t);
            using (Mask r = m.Crop(region)) return MaskText(r);
        }
        var o = new ComponentOptions();
        o.Connectivity = CorpusConnectivity(t.Next());
        o.Order = t.Next() == "largest" ? ComponentOrder.LargestFirst : ComponentOrder.Position;
        o.MinPixels = (ulong)t.Int();
        var sb = new StringBuilder();
        if (kind == "component_counts")
        {
            ulong[] counts = m.ComponentCounts(o);
            sb.Append(counts.Length);
            foreach (ulong c in counts) sb.Append(' ').Append(c);
            return sb.ToString();
        }
        ComponentLabels labels = m.LabelComponents(o);
        sb.Append(labels.Count);
        foreach (uint l in labels.Labels) sb.Append(' ').Append(l);
        return sb.ToString();
    }

    static PixelFormat CorpusFormat(string f)
    {
        switch (f)
        {
            case "rgba8": return PixelFormat.Rgba8;
            case "bgra8": return PixelFormat.Bgra8;
            case "argb8": return PixelFormat.Argb8;
            case "abgr8": return PixelFormat.Abgr8;
            case "a8": return PixelFormat.A8;
        }
        throw new FormatException("unknown pixel format " + f);
    }

    static byte[] CorpusBytes(string hex)
    {
        if (hex == "-") return new byte[0];
        var b = new byte[hex.Length / 2];
        for (int i = 0; i < b.Length; i++) b[i] = Convert.ToByte(hex.Substring(2 * i, 2), 16);
        return b;
    }

    // `from_pixels` and `from_color_range`.
    static string CorpusPixels(string kind, CorpusTokens t)
    {
        PixelFormat format = CorpusFormat(t.Next());
        int w = (int)t.Int(), h = (int)t.Int(), stride = (int)t.Int();
        if (kind == "from_pixels")
        {
            var o = new MaskOptions();
            o.Threshold = (byte)t.Int();
            o.FlipX = t.Int() != 0;
            o.FlipY = t.Int() != 0;
            o.UseColorKey = t.Int() != 0;
            o.ColorKeyR = (byte)t.Int();
            o.ColorKeyG = (byte)t.Int();
            o.ColorKeyB = (byte)t.Int();
            o.UseRegion = t.Int() != 0;
            o.Region = CorpusRect(t);
            byte[] data = CorpusBytes(t.Next());
            using (Mask m = Mask.FromPixels(data, format, w, h, stride, o)) return MaskText(m);
        }
        var range = new ColorRange();
        range.min = new Rgba((byte)t.Int(), (byte)t.Int(), (byte)t.Int(), (byte)t.Int());
        range.max = new Rgba((byte)t.Int(), (byte)t.Int(), (byte)t.Int(), (byte)t.Int());
        byte[] bytes = CorpusBytes(t.Next());
        using (Mask m = Mask.FromColorRange(bytes, format, w, h, stride, range)) return MaskText(m);
    }

    static Bounds2D CorpusRect(CorpusTokens t)
    {
        int x = (int)t.Int(), y = (int)t.Int(), w = (int)t.Int(), h = (int)t.Int();
        return new Bounds2D(x, y, w, h);
    }

    // Reshapes, mask facts, and the edits on a Copy() of the declared mask (answering the edited mask).
    static string CorpusReshapeEdit(Dictionary<string, Mask> masks, string kind, CorpusTokens t)
    {
        Mask m = CorpusMask(masks, t.Next());
        switch (kind)
        {
            case "flip":
            {
                bool fx = t.Int() != 0, fy = t.Int() != 0;
                using (Mask r = m.Flipped(fx, fy)) return MaskText(r);
            }
            case "rotate_quarter":
                using (Mask r = m.RotatedQuarter((int)t.Int())) return MaskText(r);
            case "transpose":
                using (Mask r = m.Transposed()) return MaskText(r);
            case "scale_integer":
            {
                int sx = (int)t.Int(), sy = (int)t.Int();
                using (Mask r = m.ScaledInteger(sx, sy)) return MaskText(r);
            }
            case "component_at":
            {
                int x = (int)t.Int(), y = (int)t.Int();
                using (Mask r = m.ComponentAt(x, y, CorpusConnectivity(t.Next()))) return MaskText(r);
            }
            case "count":
                return m.Count.ToString();
            case "solid_bounds":
            {
                Bounds2D b;
                if (!m.TryGetSolidBounds(out b)) return "none";
                return b.x + " " + b.y + " " + b.width + " " + b.height;
            }
            case "mask_hash":
                return m.StateHash().ToString("x16");
        }
        using (Mask e = m.Copy())
        {
            switch (kind)
            {
                case "set_pixel":
                {
                    int x = (int)t.Int(), y = (int)t.Int();
                    e.SetPixel(x, y, t.Int() != 0);
                    break;
                }
                case "fill_rect":
                {
                    Bounds2D r = CorpusRect(t);
                    e.FillRect(r, t.Int() != 0);
                    break;
                }
                case "fill_circle":
                {
                    int cx = (int)t.Int(), cy = (int)t.Int(), radius = (int)t.Int();
                    e.FillCircle(cx, cy, radius, t.Int() != 0);
                    break;
                }
                case "fill_ellipse":
                {
                    Bounds2D r = CorpusRect(t);
                    e.FillEllipse(r, t.Int() != 0);
                    break;
                }
                case "draw_line":
                {
                    int x0 = (int)t.Int(), y0 = (int)t.Int(), x1 = (int)t.Int(), y1 = (int)t.Int();
                    int radius = (int)t.Int();
                    e.DrawLine(x0, y0, x1, y1, radius, t.Int() != 0);
                    break;
                }
                case "invert":
                    e.Invert();
                    break;
                default:
                {
                    Mask other = CorpusMask(masks, t.Next());
                    int x = (int)t.Int(), y = (int)t.Int();
                    if (kind == "draw") e.Draw(other, x, y);
                    else if (kind == "erase") e.Erase(other, x, y);
                    else if (kind == "intersect") e.Intersect(other, x, y);
                    else e.Xor(other, x, y);
                    break;
                }
            }
            return MaskText(e);
        }
    }

    // The worlds of the world sequences by name, the bodies by label.
    sealed class CorpusWorlds
    {
        public readonly Dictionary<string, World> Worlds = new Dictionary<string, World>();
        public readonly List<KeyValuePair<string, BodyId>> Labels = new List<KeyValuePair<string, BodyId>>();

        public BodyId Id(string label)
        {
            foreach (var l in Labels) if (l.Key == label) return l.Value;
            throw new FormatException("no body " + label);
        }

        public string Label(BodyId id)
        {
            foreach (var l in Labels) if (l.Value == id) return l.Key;
            return "(unlabelled body " + id + ")";
        }

        public string Pairs(ReadOnlySpan<Pair> pairs)
        {
            var sb = new StringBuilder();
            sb.Append(pairs.Length);
            foreach (Pair p in pairs) sb.Append(' ').Append(Label(p.A)).Append(' ').Append(Label(p.B));
            return sb.ToString();
        }
    }

    static Filter CorpusFilter(CorpusTokens t)
    {
        ulong category = ulong.Parse(t.Next(), System.Globalization.CultureInfo.InvariantCulture);
        ulong mask = ulong.Parse(t.Next(), System.Globalization.CultureInfo.InvariantCulture);
        return new Filter(category, mask, (int)t.Int());
    }

    static string CorpusWorld(Dictionary<string, Mask> masks, CorpusWorlds state, string kind, CorpusTokens t)
    {
        string name = t.Next();
        if (kind == "world_new")
        {
            World old;
            if (state.Worlds.TryGetValue(name, out old)) old.Dispose();
            state.Worlds[name] = new World();
            return "ok";
        }
        World w = state.Worlds[name];
        switch (kind)
        {
            case "world_create":
            {
                string label = t.Next();
                var def = new BodyDef();
                def.Mask = CorpusMask(masks, t.Next());
                def.X = (int)t.Int();
                def.Y = (int)t.Int();
                def.PixelCollision = t.Int() != 0;
                def.Static = t.Int() != 0;
                def.Filter = CorpusFilter(t);
                state.Labels.Add(new KeyValuePair<string, BodyId>(label, w.CreateBody(def)));
                return "ok";
            }
            case "world_move":
            {
                BodyId id = state.Id(t.Next());
                int x = (int)t.Int(), y = (int)t.Int();
                w.MoveBody(id, x, y);
                return "ok";
            }
            case "world_destroy":
                w.DestroyBody(state.Id(t.Next()));
                return "ok";
            case "world_set_mask":
            {
                BodyId id = state.Id(t.Next());
                w.SetMask(id, CorpusMask(masks, t.Next()));
                return "ok";
            }
            case "world_update":
                w.Update();
                return "pairs " + state.Pairs(w.Touching) + " begins " + state.Pairs(w.Begins) + " ends "
                    + state.Pairs(w.Ends);
            case "world_in_rect":
            {
                int x = (int)t.Int(), y = (int)t.Int(), rw = (int)t.Int(), rh = (int)t.Int();
                Filter f = CorpusFilter(t);
                BodyId[] found = w.InRect(new Bounds2D(x, y, rw, rh), f);
                var sb = new StringBuilder();
                sb.Append(found.Length);
                foreach (BodyId id in found) sb.Append(' ').Append(state.Label(id));
                return sb.ToString();
            }
        }
        return CorpusWorldKind(masks, state, w, kind, t);
    }

    static string CorpusLabels(CorpusWorlds state, BodyId[] found)
    {
        var sb = new StringBuilder();
        sb.Append(found.Length);
        foreach (BodyId id in found) sb.Append(' ').Append(state.Label(id));
        return sb.ToString();
    }

    // The world kinds beyond create, move, destroy, set_mask, update and in_rect (FORMAT.md,
    // "World sequences: transforms, filters, batches, queries").
    static string CorpusWorldKind(Dictionary<string, Mask> masks, CorpusWorlds state, World w, string kind,
        CorpusTokens t)
    {
        switch (kind)
        {
            case "world_create_transformed":
            {
                string label = t.Next();
                var def = new BodyDef();
                def.Mask = CorpusMask(masks, t.Next());
                def.Transform = CorpusTransform(t);
                def.PixelCollision = t.Int() != 0;
                def.Static = t.Int() != 0;
                def.Filter = CorpusFilter(t);
                state.Labels.Add(new KeyValuePair<string, BodyId>(label, w.CreateBody(def)));
                return "ok";
            }
            case "world_set_transform":
            {
                BodyId id = state.Id(t.Next());
                w.SetTransform(id, CorpusTransform(t));
                return "ok";
            }
            case "world_set_filter":
            {
                BodyId id = state.Id(t.Next());
                w.SetFilter(id, CorpusFilter(t));
                return "ok";
            }
            case "world_move_bodies":
            {
                int n = (int)t.Int();
                var ids = new BodyId[n];
                var at = new BodyPosition[n];
                for (int i = 0; i < n; i++)
                {
                    ids[i] = state.Id(t.Next());
                    int x = (int)t.Int(), y = (int)t.Int();
                    at[i] = new BodyPosition(x, y);
                }
                w.MoveBodies(ids, at);
                return "ok";
            }
            case "world_at_point":
            {
                long x = t.Int(), y = t.Int();
                return CorpusLabels(state, w.AtPoint(x, y, CorpusFilter(t)));
            }
            case "world_overlapping":
            {
                PlacedSprite probe = CorpusSprite(masks, t);
                return CorpusLabels(state, w.Overlapping(probe, CorpusFilter(t)));
            }
            case "world_raycast":
            {
                int x = (int)t.Int(), y = (int)t.Int(), dx = (int)t.Int(), dy = (int)t.Int();
                uint len = (uint)t.Int();
                BodyId body;
                RayHit hit;
                bool found = w.Raycast(x, y, dx, dy, len, out body, out hit, CorpusFilter(t));
                return found ? state.Label(body) + " " + RayText(hit) : "none";
            }
            case "world_sweep":
            {
                BodyId id = state.Id(t.Next());
                int dx = (int)t.Int(), dy = (int)t.Int();
                BodyId other;
                SweepResult r;
                bool found = w.Sweep(id, dx, dy, out other, out r);
                return found ? state.Label(other) + " " + SweepText(r) : SweepText(r);
            }
            case "world_contact":
            {
                BodyId a = state.Id(t.Next()), b = state.Id(t.Next());
                WorldContact c = w.Contact(new Pair(a, b), (uint)t.Int());
                return (c.Touching ? PointText(c.FirstContact) : "none") + " " + c.Area + " "
                    + NormalText(c.Normal.HasValue, c.Normal.GetValueOrDefault()) + " "
                    + (c.PushOut.HasValue ? c.PushOut.Value.dx + " " + c.PushOut.Value.dy : "-");
            }
            case "world_body":
            {
                BodyInfo b = w.GetBody(state.Id(t.Next()));
                using (Mask m = b.Sprite.Mask)
                {
                    return b.Sprite.X + " " + b.Sprite.Y + " " + (b.Sprite.PixelCollision ? 1 : 0) + " "
                        + (b.Static ? 1 : 0) + " " + b.Filter.Category + " " + b.Filter.Mask + " "
                        + b.Filter.Group + " " + MaskText(m);
                }
            }
        }
        throw new FormatException("unknown kind " + kind);
    }

    static Connectivity CorpusConnectivity(string s)
    {
        return s == "4" ? Connectivity.Four : Connectivity.Eight;
    }

    static string CorpusShape(Dictionary<string, Mask> masks, string kind, CorpusTokens t)
    {
        Mask m = CorpusMask(masks, t.Next());
        switch (kind)
        {
            case "centroid":
                return PointText(m.Centroid());
            case "angle":
                return HexFloat(m.Angle());
            case "component_bounds":
            {
                var o = new ComponentOptions();
                o.Connectivity = CorpusConnectivity(t.Next());
                o.Order = t.Next() == "largest" ? ComponentOrder.LargestFirst : ComponentOrder.Position;
                o.MinPixels = (ulong)t.Int();
                Bounds2D[] list = m.ComponentBounds(o);
                var sb = new StringBuilder();
                sb.Append(list.Length);
                foreach (Bounds2D b in list) sb.Append(' ').Append(b.x).Append(' ').Append(b.y).Append(' ')
                    .Append(b.width).Append(' ').Append(b.height);
                return sb.ToString();
            }
            case "largest_component":
                using (Mask r = m.LargestComponent(CorpusConnectivity(t.Next()))) return MaskText(r);
            case "grow":
            case "shrink":
            {
                int n = (int)t.Int();
                string norm = t.Next();
                var o = new MorphOptions();
                o.Norm = norm == "square" ? Norm.Square : norm == "diamond" ? Norm.Diamond : Norm.Disc;
                o.ShrinkFromEdges = t.Int() != 0;
                using (Mask r = kind == "grow" ? m.Grow(n, o) : m.Shrink(n, o)) return MaskText(r);
            }
            case "scale":
            {
                int w = (int)t.Int(), h = (int)t.Int();
                using (Mask r = m.Scale(w, h)) return MaskText(r);
            }
            case "convolve":
                using (Mask r = m.Convolve(CorpusMask(masks, t.Next()))) return MaskText(r);
        }
        throw new FormatException("unknown kind " + kind);
    }

    static Mask CorpusDeclare(CorpusTokens t)
    {
        int w = (int)t.Int(), h = (int)t.Int();
        Mask m = Mask.Create(w, h, false);
        for (int y = 0; y < h; y++)
        {
            string row = t.Next();
            if (w == 0) continue;
            if (row.Length != (w + 3) / 4) throw new FormatException("a row of the wrong length: " + row);
            for (int x = 0; x < w; x++)
            {
                int digit = Convert.ToInt32(row.Substring(x / 4, 1), 16);
                if ((digit & (8 >> (x % 4))) != 0) m.SetPixel(x, y, true);
            }
        }
        return m;
    }

    static void Corpus(string scratch)
    {
        string[] lines = File.ReadAllLines(Path.Combine(scratch, "corpus.txt"));
        Equal("the corpus's version line", "perpixel-corpus 1", lines.Length > 0 ? lines[0] : "");
        var masks = new Dictionary<string, Mask>();
        var counts = new Dictionary<string, int>();
        foreach (string k in CorpusKinds) counts[k] = 0;
        int cases = 0, wrong = 0;
        var worlds = new CorpusWorlds();
        try
        {
            for (int n = 1; n < lines.Length; n++)
            {
                string line = lines[n];
                if (line.Length == 0 || line[0] == '#') continue;
                if (line.StartsWith("mask ", StringComparison.Ordinal))
                {
                    var mt = new CorpusTokens(line.Substring(5));
                    string id = mt.Next();
                    Mask old;
                    if (masks.TryGetValue(id, out old)) old.Dispose();
                    masks[id] = CorpusDeclare(mt);
                    continue;
                }
                int arrow = line.IndexOf(" -> ", StringComparison.Ordinal);
                int space = line.IndexOf(' ');
                if (arrow < 0 || space >= arrow)
                {
                    Check("corpus line " + (n + 1) + " is a case: " + line, false);
                    continue;
                }
                string kind = line.Substring(0, space);
                string inputs = line.Substring(space + 1, arrow - space - 1);
                string expected = line.Substring(arrow + 4);
                string got;
                var t = new CorpusTokens(inputs);
                try
                {
                    got = kind == "world_hash" ? worlds.Worlds[t.Next()].StateHash().ToString("x16")
                        : kind.StartsWith("world_", StringComparison.Ordinal)
                        ? CorpusWorld(masks, worlds, kind, t)
                        : CorpusAnswer(masks, kind, t);
                    if (!t.Done) got += " (the inputs did not parse: tokens left)";
                }
                catch (PerPixelException e)
                {
                    got = "error " + StatusName(e.Status);
                }
                catch (ArgumentNullException)
                {
                    got = "error PP_ERR_NULL_POINTER";
                }
                cases++;
                int c;
                counts[kind] = counts.TryGetValue(kind, out c) ? c + 1 : 1;
                if (got == expected) { passed++; }
                else
                {
                    wrong++;
                    Check("corpus line " + (n + 1) + ": " + kind + " " + inputs + "\n  expected: " + expected
                        + "\n  got:      " + got, false);
                }
            }
        }
        finally
        {
            foreach (World w in worlds.Worlds.Values) w.Dispose();
            foreach (Mask m in masks.Values) m.Dispose();
        }
        foreach (KeyValuePair<string, int> kv in counts)
        {
            Console.WriteLine("corpus " + kv.Key + ": " + kv.Value + " cases");
            Check("the corpus has " + kv.Key + " cases", kv.Value > 0);
        }
        Console.WriteLine("corpus: " + cases + " cases replayed through C#, " + wrong + " differ");
    }
}
