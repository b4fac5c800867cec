//! The benchmark scenes, drawn by code (no files): shared by `benches/queries.rs` and
//! `examples/speed.rs` through `#[path]` (in a folder, so cargo does not take it for a
//! benchmark of its own).

#![allow(dead_code)]

use perpixel::{Mask, Sprite, Transform};

pub mod world;

/// A small deterministic generator (xorshift64*), so every run draws the same scenes.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        (self.next() >> 11) % n
    }
}

/// A filled disc of radius `r` centred in a `side x side` mask.
pub fn disc(side: u32, r: f64) -> Mask {
    let c = (side as f64 - 1.0) / 2.0;
    Mask::from_fn(side, side, |x, y| {
        (x as f64 - c).powi(2) + (y as f64 - c).powi(2) <= r * r
    })
    .unwrap()
}

/// A ring between radii `inner` and `outer`, centred in a `side x side` mask.
pub fn ring(side: u32, inner: f64, outer: f64) -> Mask {
    let c = (side as f64 - 1.0) / 2.0;
    Mask::from_fn(side, side, |x, y| {
        let d = (x as f64 - c).powi(2) + (y as f64 - c).powi(2);
        d >= inner * inner && d <= outer * outer
    })
    .unwrap()
}

/// Every even column solid: two of these placed an odd number of pixels apart
/// interleave without touching, and every row of the intersection must be read.
pub fn even_columns(side: u32) -> Mask {
    Mask::from_fn(side, side, |x, _| x % 2 == 0).unwrap()
}

/// Each pixel solid with probability 1/2.
pub fn noise(side: u32, seed: u64) -> Mask {
    let mut rng = Rng(seed);
    Mask::from_fn(side, side, |_, _| rng.next() & 1 == 1).unwrap()
}

/// The ground's surface row at column `x` of the 2048 x 512 terrain (y down: solid
/// below the surface): rolling hills between rows ~180 and ~440.
pub fn surface(x: u32) -> u32 {
    let x = x as f64;
    (310.0 + 90.0 * (x / 97.0).sin() + 40.0 * (x / 23.0).cos()) as u32
}

/// A 2048 x 512 terrain, solid from the surface down.
pub fn terrain() -> Mask {
    Mask::from_fn(2048, 512, |x, y| y >= surface(x)).unwrap()
}

/// A `side x side` RGBA8 image: a few opaque discs and a soft-alpha halo on a clear
/// background, with noisy colours.
pub fn rgba_image(side: u32) -> Vec<u8> {
    let mut rng = Rng(0x5eed);
    let mut out = Vec::with_capacity(side as usize * side as usize * 4);
    let s = side as f64;
    let centres = [(0.3, 0.3, 0.2), (0.7, 0.4, 0.15), (0.5, 0.75, 0.22)];
    for y in 0..side {
        for x in 0..side {
            let (fx, fy) = (x as f64 / s, y as f64 / s);
            let mut alpha = 0.0f64;
            for (cx, cy, r) in centres {
                let d = ((fx - cx).powi(2) + (fy - cy).powi(2)).sqrt() / r;
                alpha = alpha.max((1.5 - d).clamp(0.0, 1.0));
            }
            let n = rng.next();
            out.extend([
                n as u8,
                (n >> 8) as u8,
                (n >> 16) as u8,
                (alpha * 255.0) as u8,
            ]);
        }
    }
    out
}

/// One benchmark scene: two placed sprites.
pub struct Pair {
    pub a: Mask,
    pub b: Mask,
    pub pa: (i32, i32),
    pub pb: (i32, i32),
}

impl Pair {
    pub fn sprites(&self) -> (Sprite<'_>, Sprite<'_>) {
        (
            Sprite::new(&self.a, self.pa.0, self.pa.1),
            Sprite::new(&self.b, self.pb.0, self.pb.1),
        )
    }

    /// Words per side a query without early outs reads: the intersection's rows times
    /// its width in 64-bit words. The floor is measured over this many aligned words.
    pub fn intersection_words(&self) -> usize {
        let (a, b) = self.sprites();
        a.bounds()
            .intersection(&b.bounds())
            .map_or(0, |i| i.height as usize * (i.width as usize).div_ceil(64))
    }
}

/// Two 32 x 32 discs that overlap.
pub fn small_hit() -> Pair {
    Pair {
        a: disc(32, 15.5),
        b: disc(32, 15.5),
        pa: (100, 100),
        pb: (121, 110),
    }
}

/// A 16 x 16 dot inside the hole of a 64 x 64 ring: the boxes overlap, the pixels don't.
pub fn near_miss() -> Pair {
    Pair {
        a: ring(64, 20.0, 31.5),
        b: disc(16, 7.5),
        pa: (100, 100),
        pb: (124, 124),
    }
}

/// Two `side x side` even-column masks 3 pixels apart: no contact, whole intersection read.
pub fn interleaved(side: u32) -> Pair {
    Pair {
        a: even_columns(side),
        b: even_columns(side),
        pa: (0, 0),
        pb: (3, 0),
    }
}

/// The column in `range` where a `width`-pixel sprite standing on the ground is lowest
/// (a valley: the terrain's solid bounds reach far above it, so clipping to them skips
/// none of the sprite's rows).
pub fn valley(range: std::ops::Range<i32>, width: i32) -> i32 {
    range.max_by_key(|&x| standing_y(x, width)).unwrap()
}

/// Where a `width` x 64 solid sprite stands on the terrain at column `x`: its last row
/// touches the highest ground under it, every other row is in the air.
pub fn standing_y(x: i32, width: i32) -> i32 {
    let top = (x..x + width).map(|c| surface(c as u32)).min().unwrap();
    top as i32 - 63
}

/// A 64 x 64 solid sprite standing in a valley of the terrain at an unaligned column,
/// touching it only in its last row.
pub fn on_terrain() -> Pair {
    let x = valley(900..1300, 64);
    Pair {
        a: terrain(),
        b: Mask::full(64, 64).unwrap(),
        pa: (0, 0),
        pb: (x, standing_y(x, 64)),
    }
}

/// The same with a 320 x 64 sprite: a region five words wide, where the block level
/// skips the bands of air above the ground.
pub fn wide_on_terrain() -> Pair {
    let x = valley(900..1300, 320);
    Pair {
        a: terrain(),
        b: Mask::full(320, 64).unwrap(),
        pa: (0, 0),
        pb: (x, standing_y(x, 320)),
    }
}

/// Two 512 x 512 half-noise masks overlapping at an unaligned offset.
pub fn noise_pair() -> Pair {
    Pair {
        a: noise(512, 1),
        b: noise(512, 2),
        pa: (0, 0),
        pb: (37, 21),
    }
}

/// Two 256 x 256 sprite frames, each a 100 x 100 disc centred in transparent margin,
/// whose frames overlap widely while the discs' boxes stay apart: solid-bounds
/// clipping answers without reading a word.
pub fn padded_frames() -> Pair {
    let frame = Mask::from_fn(256, 256, |x, y| {
        (x as f64 - 127.5).powi(2) + (y as f64 - 127.5).powi(2) <= 50.0 * 50.0
    })
    .unwrap();
    Pair {
        a: frame.clone(),
        b: frame,
        pa: (0, 0),
        pb: (105, 101),
    }
}

/// `side x side` horizontal platforms: rows `phase..phase + 4` of every 64 solid.
pub fn platforms(side: u32, phase: u32) -> Mask {
    Mask::from_fn(side, side, |_, y| (y + 64 - phase) % 64 < 4).unwrap()
}

/// Two 1024 x 1024 platform masks whose platforms sit in different rows, at an
/// unaligned x offset: most rows are empty on one side or the other.
pub fn platform_pair() -> Pair {
    Pair {
        a: platforms(1024, 0),
        b: platforms(1024, 32),
        pa: (0, 0),
        pb: (5, 3),
    }
}

/// `side x side` rails: every even row solid. Every 8x8 block is occupied, so the block
/// level cannot skip a row; the per-row spans skip the empty ones.
pub fn rails(side: u32) -> Mask {
    Mask::from_fn(side, side, |_, y| y % 2 == 0).unwrap()
}

/// Two 1024 x 1024 rails masks one row apart at an unaligned x offset: no contact, and
/// every row is empty on one side.
pub fn rails_pair() -> Pair {
    Pair {
        a: rails(1024),
        b: rails(1024),
        pa: (0, 0),
        pb: (5, 1),
    }
}

/// Two 1024 x 1024 ramps meeting along the diagonal 3 pixels apart: a lower-left and an
/// upper-right triangle. The blocks along the diagonal are occupied on both sides; the
/// rows' solid spans never meet.
pub fn ramps_pair() -> Pair {
    Pair {
        a: Mask::from_fn(1024, 1024, |x, y| x < y).unwrap(),
        b: Mask::from_fn(1024, 1024, |x, y| x > y + 2).unwrap(),
        pa: (0, 0),
        pb: (0, 0),
    }
}

/// A 200 x 200 disc in a valley of the terrain, as low as it goes without touching:
/// both masks keep per-row spans, the terrain's reach across the valley (so they skip
/// no row), and the block level skips the bands of air.
pub fn disc_on_terrain() -> Pair {
    let x = valley(900..1300, 200);
    let d = disc(200, 99.5);
    // From well above the ground, down to the last clear position.
    let t = terrain();
    let clear = |y: i32| !Sprite::new(&t, 0, 0).collides(&Sprite::new(&d, x, y));
    let mut y = standing_y(x, 200) - 136;
    while clear(y + 1) {
        y += 1;
    }
    Pair {
        a: t,
        b: d,
        pa: (0, 0),
        pb: (x, y),
    }
}

/// Two 1 x 1 solid masks on the same pixel: the fixed cost of a query that reads.
pub fn dot_pair() -> Pair {
    Pair {
        a: Mask::full(1, 1).unwrap(),
        b: Mask::full(1, 1).unwrap(),
        pa: (5, 5),
        pb: (5, 5),
    }
}

/// Two 32 x 32 discs whose boxes are apart: answered from the boxes.
pub fn apart_pair() -> Pair {
    Pair {
        a: disc(32, 15.5),
        b: disc(32, 15.5),
        pa: (100, 100),
        pb: (200, 100),
    }
}

/// Two 512 x 512 half-noise masks on the same place, both solid at their pixel
/// `(0, 0)`: the first pixel read is the hit.
pub fn noise_first_pixel() -> Pair {
    let hit_first =
        |m: Mask| Mask::from_fn(512, 512, |x, y| (x, y) == (0, 0) || m.is_solid(x, y)).unwrap();
    Pair {
        a: hit_first(noise(512, 3)),
        b: hit_first(noise(512, 4)),
        pa: (0, 0),
        pb: (0, 0),
    }
}

/// Two 256 x 256 discs side by side whose boxes share one column, where the discs
/// meet in a few pixels.
pub fn discs_one_column() -> Pair {
    Pair {
        a: disc(256, 128.0),
        b: disc(256, 128.0),
        pa: (0, 0),
        pb: (255, 0),
    }
}

/// The masks and places of 64 sprites of 32 x 32 (discs of eight radii) scattered over
/// a 144 x 144 field: about 85% of the pairs have their boxes apart, as in a game's
/// broad phase without a grid.
pub fn crowd() -> (Vec<Mask>, Vec<(usize, i32, i32)>) {
    let shapes: Vec<Mask> = (0..8).map(|k| disc(32, 8.0 + k as f64)).collect();
    let mut rng = Rng(0xC0FFEE);
    let places = (0..64)
        .map(|_| {
            let k = (rng.next() % 8) as usize;
            let x = (rng.next() % 144) as i32;
            let y = (rng.next() % 144) as i32;
            (k, x, y)
        })
        .collect();
    (shapes, places)
}

/// [`crowd`]'s sprites.
pub fn crowd_sprites<'m>(shapes: &'m [Mask], places: &[(usize, i32, i32)]) -> Vec<Sprite<'m>> {
    places
        .iter()
        .map(|&(k, x, y)| Sprite::new(&shapes[k], x, y))
        .collect()
}

/// How many pairs of `sprites` collide, every pair once: what [`crowd`] is timed on.
pub fn all_pairs(sprites: &[Sprite]) -> usize {
    let mut hits = 0;
    for (i, a) in sprites.iter().enumerate() {
        for b in &sprites[i + 1..] {
            hits += std::hint::black_box(a).collides(std::hint::black_box(b)) as usize;
        }
    }
    hits
}

/// A 64x64 ellipse (semi-axes 31.5 and 14): a sprite whose rotation matters.
pub fn ellipse_64() -> Mask {
    Mask::from_fn(64, 64, |x, y| {
        let (dx, dy) = ((x as f64 - 31.5) / 31.5, (y as f64 - 31.5) / 14.0);
        dx * dx + dy * dy <= 1.0
    })
    .unwrap()
}

/// XNA's "Collision Series 3" per-pixel test of transformed sprites, written plainly: walk
/// A's pixels through the float matrix A-to-B, round into B, and test both alphas (RGBA8
/// `Color[]` as the tutorial reads them). The baseline of the transformed benchmarks; its
/// answer is its own (asymmetric, rounding) and is not compared with perpixel's.
pub fn tutorial3(
    a: &[[u8; 4]],
    (aw, ah): (usize, usize),
    a_to_b: [[f32; 3]; 2],
    b: &[[u8; 4]],
    (bw, bh): (usize, usize),
) -> bool {
    let step_x = (a_to_b[0][0], a_to_b[1][0]);
    let step_y = (a_to_b[0][1], a_to_b[1][1]);
    let mut row = (a_to_b[0][2], a_to_b[1][2]);
    for ya in 0..ah {
        let mut p = row;
        for xa in 0..aw {
            let (xb, yb) = (p.0.round() as i32, p.1.round() as i32);
            if 0 <= xb && (xb as usize) < bw && 0 <= yb && (yb as usize) < bh {
                let (ca, cb) = (a[xa + ya * aw], b[xb as usize + yb as usize * bw]);
                if ca[3] != 0 && cb[3] != 0 {
                    return true;
                }
            }
            p = (p.0 + step_x.0, p.1 + step_x.1);
        }
        row = (row.0 + step_y.0, row.1 + step_y.1);
    }
    false
}

/// A mask as the tutorial's `Color[]`.
pub fn colors(m: &Mask) -> Vec<[u8; 4]> {
    let mut out = Vec::with_capacity((m.width() * m.height()) as usize);
    for y in 0..m.height() {
        for x in 0..m.width() {
            out.push(if m.is_solid(x, y) {
                [9, 9, 9, 255]
            } else {
                [0; 4]
            });
        }
    }
    out
}

/// The forward map of a transform about the mask's centre as a float 2x3 matrix (for
/// the tutorial's loop), and the A-to-B matrix `inverse(B) * A`.
pub fn a_to_b(
    ta: &Transform,
    tb: &Transform,
    (aw, ah): (u32, u32),
    (bw, bh): (u32, u32),
) -> [[f32; 3]; 2] {
    let fa = ta.to_affine(aw, ah).m;
    let fb = tb.to_affine(bw, bh).m;
    let det = fb[0][0] * fb[1][1] - fb[0][1] * fb[1][0];
    let inv = [
        [fb[1][1] / det, -fb[0][1] / det],
        [-fb[1][0] / det, fb[0][0] / det],
    ];
    let mut m = [[0f32; 3]; 2];
    for r in 0..2 {
        for c in 0..3 {
            let v = inv[r][0] * fa[0][c] + inv[r][1] * fa[1][c];
            let t = if c == 2 {
                v - (inv[r][0] * fb[0][2] + inv[r][1] * fb[1][2])
            } else {
                v
            };
            // The tutorial samples pixel centres of A and rounds into B's pixel indices.
            m[r][c] = t as f32;
        }
    }
    // Pixel (xa, ya) of A is its centre (xa + 0.5, ya + 0.5); B's index is the rounded
    // centre-relative coordinate: shift by half a pixel on both sides.
    for row in &mut m {
        row[2] += 0.5 * (row[0] + row[1]) - 0.5;
    }
    m
}

/// A sweep scene (issue 14): a 10 x 4 bullet moved by `motion` from `start` against an
/// obstacle at `(0, 0)`.
pub struct SweepScene {
    pub obstacle: Mask,
    pub bullet: Mask,
    pub start: (i32, i32),
    pub motion: (i32, i32),
}

impl SweepScene {
    /// The bullet and the obstacle as sprites.
    pub fn sprites(&self) -> (Sprite<'_>, Sprite<'_>) {
        (
            Sprite::new(&self.bullet, self.start.0, self.start.1),
            Sprite::new(&self.obstacle, 0, 0),
        )
    }
}

/// The sweep scenes, a bullet fired 1,500 px across the terrain: through open sky above
/// the hills (the boxes never meet), and the same ending on a 1-pixel wall 40 px before
/// the end of the motion; skimming the hills 4 px above the highest ground it
/// passes, clear, with a 1-pixel tower at the terrain's far edge so that its box spans
/// the bullet's rows; and the skimming shot ending on a 1-pixel wall.
pub fn sweep_scenes() -> Vec<(&'static str, SweepScene)> {
    let (x0, len) = (200u32, 1500u32);
    let top = (x0..x0 + len + 10).map(surface).min().unwrap() as i32;
    let skim = (x0 as i32, top - 8);
    let wall_x = x0 + len - 40;
    let scene = |obstacle: Mask, start: (i32, i32)| SweepScene {
        obstacle,
        bullet: Mask::full(10, 4).unwrap(),
        start,
        motion: (len as i32, 0),
    };
    let with_wall = || Mask::from_fn(2048, 512, |x, y| y >= surface(x) || x == wall_x).unwrap();
    vec![
        ("open_sky", scene(terrain(), (x0 as i32, 100))),
        (
            "open_sky_one_pixel_wall_at_the_end",
            scene(with_wall(), (x0 as i32, 100)),
        ),
        (
            "skimming_hills",
            scene(
                Mask::from_fn(2048, 512, |x, y| y >= surface(x) || x == 2047).unwrap(),
                skim,
            ),
        ),
        ("one_pixel_wall_at_the_end", scene(with_wall(), skim)),
    ]
}

/// What games do today: the bullet placed at every position of the path in turn, one
/// pair query each, until one touches; the position where it touched.
pub fn step_sweep(bullet: &Sprite, obstacle: &Sprite, motion: (i32, i32)) -> Option<(i32, i32)> {
    perpixel::SweepPath::new(motion.0, motion.1)
        .map(|(dx, dy)| (bullet.x + dx, bullet.y + dy))
        .find(|&(x, y)| Sprite { x, y, ..*bullet }.collides(obstacle))
}

/// A 2048 x 512 flat ground, solid from row 300 down.
pub fn flat_ground() -> Mask {
    Mask::from_fn(2048, 512, |_, y| y >= 300).unwrap()
}

/// The highest ground row under columns `x..x + width` of `ground` (the first solid
/// row of the highest column).
pub fn ground_top(ground: &Mask, x: i32, width: i32) -> i32 {
    (x..x + width)
        .map(|c| {
            (0..ground.height())
                .find(|&y| ground.is_solid(c as u32, y))
                .unwrap_or(ground.height()) as i32
        })
        .min()
        .unwrap()
}

/// A push-out scene (issue 14): a 32 x 32 box sunk into ground at `(0, 0)`.
pub struct PushScene {
    pub ground: Mask,
    pub sprite: Mask,
    pub at: (i32, i32),
}

impl PushScene {
    /// The sunk sprite and the ground as sprites.
    pub fn sprites(&self) -> (Sprite<'_>, Sprite<'_>) {
        (
            Sprite::new(&self.sprite, self.at.0, self.at.1),
            Sprite::new(&self.ground, 0, 0),
        )
    }
}

/// The longest push-out the benchmarks allow: the box's size.
pub const PUSH_MAX: u32 = 32;

/// The push-out scenes: a 32 x 32 box sunk 1, 8 and 24 px into flat ground and into the
/// hills (on a slope: column 1000), where "sunk d" means its last row is d rows below
/// the highest ground under it, so that pushing straight up frees it after exactly d.
pub fn push_scenes() -> Vec<(String, PushScene)> {
    let mut out = Vec::new();
    for (ground_name, ground, x) in [("flat", flat_ground(), 1000), ("hills", terrain(), 1000)] {
        let top = ground_top(&ground, x, 32);
        for depth in [1, 8, 24] {
            out.push((
                format!("{ground_name}/sunk_{depth}"),
                PushScene {
                    ground: ground.clone(),
                    sprite: Mask::full(32, 32).unwrap(),
                    at: (x, top - 32 + depth),
                },
            ));
        }
    }
    out
}

/// The push directions benchmarked, with their names.
pub fn push_directions() -> [(&'static str, perpixel::PushDirection); 2] {
    [
        ("any", perpixel::PushDirection::Any),
        ("up", perpixel::PushDirection::Along { dx: 0, dy: -1 }),
    ]
}

/// The translations [`Sprite::push_out`] may take for `direction` within `max`, in the
/// order it tries them: for `Any` by length, then `dy`, then `dx`; for `Along` the
/// [`perpixel::SweepPath`] towards it. Made once, outside the timed loop, as a game
/// would keep such a table.
pub fn push_order(direction: perpixel::PushDirection, max: u32) -> Vec<(i32, i32)> {
    let m = max as i32;
    let within = |&(dx, dy): &(i32, i32)| (dx, dy) != (0, 0) && dx * dx + dy * dy <= m * m;
    match direction {
        perpixel::PushDirection::Along { dx, dy } => perpixel::SweepPath::new(dx * m, dy * m)
            .filter(within)
            .collect(),
        _ => {
            let mut all: Vec<(i32, i32)> = (-m..=m)
                .flat_map(|dy| (-m..=m).map(move |dx| (dx, dy)))
                .filter(within)
                .collect();
            all.sort_by_key(|&(dx, dy)| (dx * dx + dy * dy, dy, dx));
            all
        }
    }
}

/// The brute-force push-out games write: each translation of `order` in turn, tested
/// with the plain per-pixel pair test, until one is free.
pub fn brute_push_out(s: &Sprite, ground: &Sprite, order: &[(i32, i32)]) -> Option<(i32, i32)> {
    if !perpixel::reference::collides(s, ground) {
        return Some((0, 0));
    }
    order.iter().copied().find(|&(dx, dy)| {
        let moved = Sprite {
            x: s.x + dx,
            y: s.y + dy,
            ..*s
        };
        !perpixel::reference::collides(&moved, ground)
    })
}

/// The move-and-slide scene: a 16 x 24 character walking right across the hills for
/// `frames` frames, 2, 3 or 4 px a frame, falling with gravity (1 px a frame more each
/// frame in the air, at most 6; 1 px a frame on the ground), climbing up to 4 px.
pub struct WalkScene {
    pub ground: Mask,
    pub hero: Mask,
    pub start: (i32, i32),
    pub frames: u32,
    pub options: perpixel::MoveOptions,
}

/// [`WalkScene`] from column 64, standing on the hills, for 600 frames (about 1,800 px).
pub fn walk_scene() -> WalkScene {
    let ground = terrain();
    let start = (64, ground_top(&ground, 64, 16) - 24);
    WalkScene {
        ground,
        hero: Mask::full(16, 24).unwrap(),
        start,
        frames: 600,
        options: perpixel::MoveOptions {
            step_up: 4,
            ..perpixel::MoveOptions::default()
        },
    }
}

impl WalkScene {
    /// Walks the scene's frames with `step` moving the character for one frame (a
    /// move-and-slide: `(sprite, obstacles, dx, dy, options)`); the end position.
    pub fn walk(
        &self,
        step: impl Fn(
            &Sprite,
            &[Sprite],
            i32,
            i32,
            &perpixel::MoveOptions,
        ) -> perpixel::Result<perpixel::Moved>,
    ) -> (i32, i32) {
        let world = [Sprite::new(&self.ground, 0, 0)];
        let (mut at, mut vy) = (Sprite::new(&self.hero, self.start.0, self.start.1), 1);
        for frame in 0..self.frames {
            let dx = 2 + (frame % 3) as i32;
            let m = step(&at, &world, dx, vy, &self.options).unwrap();
            at.x = m.x;
            at.y = m.y;
            vy = if m.blocked_y { 1 } else { (vy + 1).min(6) };
        }
        (at.x, at.y)
    }
}

/// A raycast scene: a ray from `from` towards `dir`, at most `max` px, against `ground`.
pub struct RayScene {
    pub ground: Mask,
    pub from: (i32, i32),
    pub dir: (i32, i32),
    pub max: u32,
}

/// The raycast scenes, rays 2,100 px long across the 2048-wide terrain: horizontal
/// through the sky (open), the same ending on a 1-pixel wall at the terrain's far edge,
/// horizontal skimming 4 px above the highest hill to that wall; and a shallow diagonal
/// rising through the sky, open and ending on the wall.
pub fn ray_scenes() -> Vec<(&'static str, RayScene)> {
    let top = (0..2048).map(surface).min().unwrap() as i32;
    let walled = || Mask::from_fn(2048, 512, |x, y| y >= surface(x) || x == 2047).unwrap();
    let ray = |ground: Mask, from: (i32, i32), dir: (i32, i32)| RayScene {
        ground,
        from,
        dir,
        max: 2100,
    };
    vec![
        ("horizontal/open", ray(terrain(), (0, 100), (1, 0))),
        (
            "horizontal/wall_at_the_end",
            ray(walled(), (0, 100), (1, 0)),
        ),
        (
            "horizontal/skimming_to_the_wall",
            ray(walled(), (0, top - 5), (1, 0)),
        ),
        ("diagonal/open", ray(terrain(), (0, top - 5), (2047, -150))),
        (
            "diagonal/wall_at_the_end",
            ray(walled(), (0, top - 5), (2047, -150)),
        ),
    ]
}

/// The raycast games write: every pixel of the ray in turn (the same 4-connected path
/// as [`Sprite::raycast`]), tested with the plain per-pixel lookup, until one is solid.
pub fn step_ray(ground: &Sprite, r: &RayScene) -> Option<(i64, i64)> {
    let m = r.max as i64;
    perpixel::SweepPath::new(r.dir.0 * r.max as i32, r.dir.1 * r.max as i32)
        .map(|(dx, dy)| (dx as i64, dy as i64))
        .take_while(|&(dx, dy)| dx * dx + dy * dy <= m * m)
        .map(|(dx, dy)| (r.from.0 as i64 + dx, r.from.1 as i64 + dy))
        .find(|&(x, y)| perpixel::reference::motion::solid_at(ground, x, y))
}

/// The contact-normal scenes, `(name, sprite, ground, where)`: a 16 x 24 character
/// resting on the hills (touching, not overlapping) on a slope (column 1000) and in a
/// valley, and a 32 x 32 box sunk 8 px into them on the slope.
pub fn normal_scenes() -> Vec<(&'static str, Mask, Mask, (i32, i32))> {
    let ground = terrain();
    let rest = |x: i32| (x, ground_top(&ground, x, 16) - 24);
    let valley_x = valley(900..1300, 16);
    let sunk = (1000, ground_top(&ground, 1000, 32) - 32 + 8);
    vec![
        (
            "16x24 resting on a slope",
            Mask::full(16, 24).unwrap(),
            ground.clone(),
            rest(1000),
        ),
        (
            "16x24 resting in a valley",
            Mask::full(16, 24).unwrap(),
            ground.clone(),
            rest(valley_x),
        ),
        (
            "32x32 sunk 8 on a slope",
            Mask::full(32, 32).unwrap(),
            ground,
            sunk,
        ),
    ]
}
