//! Criterion benchmarks: `cargo bench` (or `cargo bench --bench queries -- NAME`).
//!
//! * `query/*`: the scenes of issue 3 on the default (run-time detected) kernel path;
//! * `floor/*`: AND/OR and AND + popcount over the same number of pre-aligned words;
//! * `early_outs/*`: the same queries with early outs switched off one by one, to show
//!   what solid-bounds clipping, the 8x8 block level and the per-row spans are worth;
//! * `path/*`: portable, AVX2 and AVX-512 (each where the CPU has it) on the big scans
//!   (1024^2 and 2048^2 interleaved misses at an unaligned offset, collides and
//!   overlap_area, beside the floor on the same path) and on mask building;
//! * `bounds_only/*`: bounds-only sprites (the seed's pixel collision unchecked) against
//!   pixel sprites and each other;
//! * `fixed_cost/*`: what a query costs when the boxes are apart, or 1 x 1;
//! * `games/*`: issue 12's cases (64 sprites of 32 x 32 all pairs, the 512 x 512 noise
//!   hit at the first pixel, 256 x 256 discs meeting in one column, counts on
//!   sprite-sized regions), each with its memory-bound floor (`.../floor`) where it
//!   reads a region. The same cases through the C ABI: `tests/c/bench_queries.c`.
//! * `overlap_mask/*`: making and freeing masks: a 1 x 1 mask through Rust and through
//!   the C ABI (`pp_mask_new` + `pp_mask_free`), and overlap masks (created and dropped)
//!   of 1 x 1 sprites, 32 x 32 discs and 256 x 256 discs meeting in one column.
//! * `sweep/*`: a 10 x 4 bullet swept 1,500 px across the terrain (clear through open
//!   sky and skimming the hills; and each ending on a 1-pixel wall), by `Sprite::sweep`
//!   and by stepping.
//! * `motion/*`: push-out, move-and-slide, raycasts and contact normals, each beside the
//!   stepping loop games write on the same inputs (`.../brute_force`, `.../stepping`).

#[path = "scenes/mod.rs"]
mod scenes;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use perpixel::kernels::{self, EarlyOuts, Path};
use perpixel::{Mask, MaskOptions, Sprite, Transform, TransformedSprite};
use scenes::Pair;
use std::hint::black_box;
use std::time::Duration;

fn collides(a: &Sprite, b: &Sprite) -> bool {
    black_box(a).collides(black_box(b))
}

fn first_contact(a: &Sprite, b: &Sprite) -> Option<perpixel::Point> {
    black_box(a).first_contact(black_box(b))
}

fn overlap_area(a: &Sprite, b: &Sprite) -> u64 {
    black_box(a).overlap_area(black_box(b))
}

type Query = fn(&Sprite, &Sprite) -> u64;

fn queries() -> [(&'static str, Query); 3] {
    [
        ("collides", |a, b| collides(a, b) as u64),
        ("first_contact", |a, b| {
            first_contact(a, b).map_or(0, |p| p.x as u64)
        }),
        ("overlap_area", overlap_area),
    ]
}

fn query_of(name: &str) -> Query {
    queries().into_iter().find(|(n, _)| *n == name).unwrap().1
}

fn scenes() -> Vec<(&'static str, Pair, &'static [&'static str])> {
    vec![
        (
            "small_hit_32",
            scenes::small_hit(),
            &["collides", "first_contact"],
        ),
        ("near_miss_ring_64", scenes::near_miss(), &["collides"]),
        (
            "interleaved_1024",
            scenes::interleaved(1024),
            &["collides", "overlap_area"],
        ),
        (
            "interleaved_2048",
            scenes::interleaved(2048),
            &["collides", "overlap_area"],
        ),
        (
            "terrain_2048x512",
            scenes::on_terrain(),
            &["collides", "first_contact"],
        ),
        ("noise_512", scenes::noise_pair(), &["overlap_area"]),
    ]
}

fn bench_queries(c: &mut Criterion) {
    let mut g = c.benchmark_group("query");
    for (name, pair, names) in scenes() {
        let (a, b) = pair.sprites();
        for &q in names {
            let f = query_of(q);
            g.bench_function(format!("{name}/{q}"), |bn| bn.iter(|| f(&a, &b)));
        }
    }
    g.finish();

    let side = 2048u32;
    let image = scenes::rgba_image(side);
    let opts = MaskOptions::default();
    let mut g = c.benchmark_group("build");
    g.throughput(Throughput::Bytes(image.len() as u64));
    g.bench_function("rgba_2048", |bn| {
        bn.iter(|| Mask::from_rgba8(black_box(&image), side, side, &opts).unwrap())
    });
    g.finish();
}

fn bench_floor(c: &mut Criterion) {
    let mut g = c.benchmark_group("floor");
    for (name, pair, _) in scenes() {
        let words = pair.intersection_words();
        let mut rng = scenes::Rng(7);
        let a: Vec<u64> = (0..words).map(|_| rng.next()).collect();
        let b: Vec<u64> = a.iter().map(|w| !w).collect();
        g.bench_function(format!("{name}/and_or"), |bn| {
            bn.iter(|| kernels::floor_and_or(black_box(&a), black_box(&b)))
        });
        g.bench_function(format!("{name}/and_popcount"), |bn| {
            bn.iter(|| kernels::floor_and_popcount(black_box(&a), black_box(&b)))
        });
    }
    g.finish();
}

fn bench_early_outs(c: &mut Criterion) {
    let settings = [
        ("all", EarlyOuts::ALL),
        (
            "no_spans",
            EarlyOuts {
                spans: false,
                ..EarlyOuts::ALL
            },
        ),
        (
            "clip_only",
            EarlyOuts {
                clip: true,
                ..EarlyOuts::NONE
            },
        ),
        ("none", EarlyOuts::NONE),
    ];
    let cases: [(&str, Pair, &str); 10] = [
        ("terrain_2048x512", scenes::on_terrain(), "first_contact"),
        (
            "wide_on_terrain_320",
            scenes::wide_on_terrain(),
            "first_contact",
        ),
        ("disc_on_terrain_200", scenes::disc_on_terrain(), "collides"),
        ("padded_frames_256", scenes::padded_frames(), "collides"),
        ("platforms_1024", scenes::platform_pair(), "collides"),
        ("rails_1024", scenes::rails_pair(), "collides"),
        ("rails_1024", scenes::rails_pair(), "overlap_area"),
        ("ramps_1024", scenes::ramps_pair(), "collides"),
        ("near_miss_ring_64", scenes::near_miss(), "collides"),
        ("small_hit_32", scenes::small_hit(), "collides"),
    ];
    let mut g = c.benchmark_group("early_outs");
    for (name, pair, q) in &cases {
        let (a, b) = pair.sprites();
        let f = query_of(q);
        for (label, early) in settings {
            g.bench_function(format!("{name}/{q}/{label}"), |bn| {
                kernels::with_early_outs(early, || bn.iter(|| f(&a, &b)))
            });
        }
    }
    g.finish();
}

fn bench_paths(c: &mut Criterion) {
    let small = scenes::small_hit();
    let i1024 = scenes::interleaved(1024);
    let i2048 = scenes::interleaved(2048);
    let noise = scenes::noise_pair();
    let side = 2048u32;
    let image = scenes::rgba_image(side);
    let opts = MaskOptions::default();
    let mut g = c.benchmark_group("path");
    for path in kernels::available_paths() {
        let p = path.name();
        kernels::with_path(path, || {
            let (a, b) = small.sprites();
            g.bench_function(format!("small_hit_32/collides/{p}"), |bn| {
                bn.iter(|| collides(&a, &b))
            });
            for (name, pair) in [("interleaved_1024", &i1024), ("interleaved_2048", &i2048)] {
                let (a, b) = pair.sprites();
                g.bench_function(format!("{name}/collides/{p}"), |bn| {
                    bn.iter(|| collides(&a, &b))
                });
                g.bench_function(format!("{name}/overlap_area/{p}"), |bn| {
                    bn.iter(|| overlap_area(&a, &b))
                });
                let words = pair.intersection_words();
                let mut rng = scenes::Rng(7);
                let fa: Vec<u64> = (0..words).map(|_| rng.next()).collect();
                let fb: Vec<u64> = fa.iter().map(|w| !w).collect();
                g.bench_function(format!("{name}/floor_and_or/{p}"), |bn| {
                    bn.iter(|| kernels::floor_and_or(black_box(&fa), black_box(&fb)))
                });
                g.bench_function(format!("{name}/floor_and_popcount/{p}"), |bn| {
                    bn.iter(|| kernels::floor_and_popcount(black_box(&fa), black_box(&fb)))
                });
            }
            let (a, b) = noise.sprites();
            g.bench_function(format!("noise_512/overlap_area/{p}"), |bn| {
                bn.iter(|| overlap_area(&a, &b))
            });
            g.bench_function(format!("build_rgba_2048/{p}"), |bn| {
                bn.iter(|| Mask::from_rgba8(black_box(&image), side, side, &opts).unwrap())
            });
        });
    }
    let missing: Vec<&str> = Path::ALL
        .iter()
        .filter(|p| !p.is_available())
        .map(|p| p.name())
        .collect();
    if !missing.is_empty() {
        eprintln!(
            "note: paths this CPU lacks (not measured): {}",
            missing.join(", ")
        );
    }
    g.finish();
}

fn boxed<'m>(s: Sprite<'m>) -> Sprite<'m> {
    Sprite::bounds_only(s.mask, s.x, s.y)
}

fn bench_bounds_only(c: &mut Criterion) {
    let noise = scenes::noise_pair();
    let ring = scenes::near_miss();
    let terrain = scenes::on_terrain();
    let small = scenes::small_hit();
    let mut g = c.benchmark_group("bounds_only");
    // A 512 x 512 box against half noise: every word of the other side counted.
    let (a, b) = noise.sprites();
    g.bench_function("noise_512/overlap_area", |bn| {
        bn.iter(|| overlap_area(&boxed(a), &b))
    });
    // A 16 x 16 box in the ring's hole: no contact, the ring's words under the box read.
    let (a, b) = ring.sprites();
    g.bench_function("near_miss_ring_64/collides", |bn| {
        bn.iter(|| collides(&a, &boxed(b)))
    });
    // A 64 x 64 box standing in a valley of the terrain: the contact is in its last row.
    let (a, b) = terrain.sprites();
    g.bench_function("terrain_2048x512/first_contact", |bn| {
        bn.iter(|| first_contact(&a, &boxed(b)))
    });
    // Two boxes: answered from the rectangles.
    let (a, b) = small.sprites();
    g.bench_function("both_32/overlap_area", |bn| {
        bn.iter(|| overlap_area(&boxed(a), &boxed(b)))
    });
    g.finish();
}

fn bench_fixed_cost(c: &mut Criterion) {
    let small = scenes::small_hit();
    let dot = Mask::full(1, 1).unwrap();
    let mut g = c.benchmark_group("fixed_cost");
    // Pixel sprites whose boxes are apart: answered from the boxes.
    let (a, _) = small.sprites();
    let apart = Sprite::new(&small.b, 200, 100);
    g.bench_function("apart_32/collides", |bn| bn.iter(|| collides(&a, &apart)));
    // Two 1 x 1 sprites on the same pixel: one word read per side.
    let (p, q) = (Sprite::new(&dot, 5, 5), Sprite::new(&dot, 5, 5));
    g.bench_function("dot_1/collides", |bn| bn.iter(|| collides(&p, &q)));
    g.bench_function("dot_1/overlap_area", |bn| bn.iter(|| overlap_area(&p, &q)));
    g.finish();
}

/// Issue 12's cases: small sprites, early hits and counts, with the memory-bound floor
/// beside the ones that read a region.
fn bench_games(c: &mut Criterion) {
    let mut g = c.benchmark_group("games");
    // 64 sprites of 32 x 32, every pair once (per call: 2016 pairs).
    let (shapes, places) = scenes::crowd();
    let crowd = scenes::crowd_sprites(&shapes, &places);
    g.throughput(Throughput::Elements(64 * 63 / 2));
    g.bench_function("crowd_64x32/collides_all_pairs", |bn| {
        bn.iter(|| scenes::all_pairs(black_box(&crowd)))
    });
    g.throughput(Throughput::Elements(1));
    let cases: [(&str, Pair, &[&str]); 4] = [
        ("apart_32", scenes::apart_pair(), &["collides"]),
        ("dot_1", scenes::dot_pair(), &["collides", "overlap_area"]),
        (
            "noise_512_first_pixel",
            scenes::noise_first_pixel(),
            &["collides", "first_contact"],
        ),
        (
            "discs_256_one_column",
            scenes::discs_one_column(),
            &["overlap_area"],
        ),
    ];
    let small = scenes::small_hit();
    let cases = cases
        .into_iter()
        .chain([("small_hit_32", small, &["overlap_area"][..])]);
    for (name, pair, names) in cases {
        let (a, b) = pair.sprites();
        let words = pair.intersection_words();
        let mut rng = scenes::Rng(7);
        let fa: Vec<u64> = (0..words).map(|_| rng.next()).collect();
        let fb: Vec<u64> = fa.iter().map(|w| !w).collect();
        for &q in names {
            let f = query_of(q);
            g.bench_function(format!("{name}/{q}"), |bn| bn.iter(|| f(&a, &b)));
            if words > 0 {
                let floor = if q == "overlap_area" {
                    kernels::floor_and_popcount
                } else {
                    kernels::floor_and_or
                };
                g.bench_function(format!("{name}/{q}/floor"), |bn| {
                    bn.iter(|| floor(black_box(&fa), black_box(&fb)))
                });
            }
        }
    }
    g.finish();
}

/// The overlap-mask scenes: (name, pair), shared with `examples/speed.rs` in spirit.
fn overlap_scenes() -> Vec<(&'static str, Pair)> {
    vec![
        (
            "dot_1",
            Pair {
                a: Mask::full(1, 1).unwrap(),
                b: Mask::full(1, 1).unwrap(),
                pa: (5, 5),
                pb: (5, 5),
            },
        ),
        ("small_hit_32", scenes::small_hit()),
        (
            "same_32",
            Pair {
                a: scenes::disc(32, 15.5),
                b: scenes::disc(32, 15.5),
                pa: (0, 0),
                pb: (0, 0),
            },
        ),
        (
            "disc_column_256",
            Pair {
                a: scenes::disc(256, 128.0),
                b: scenes::disc(256, 128.0),
                pa: (0, 0),
                pb: (255, 0),
            },
        ),
    ]
}

fn bench_overlap_mask(c: &mut Criterion) {
    use perpixel::ffi::{pp_mask, pp_mask_free, pp_mask_new};
    let mut g = c.benchmark_group("overlap_mask");
    g.bench_function("new_free_1x1/rust", |bn| {
        bn.iter(|| black_box(Mask::full(black_box(1), black_box(1)).unwrap()))
    });
    g.bench_function("new_free_1x1/c_abi", |bn| {
        bn.iter(|| {
            let mut m: *mut pp_mask = std::ptr::null_mut();
            // SAFETY: `m` is a valid out-pointer; the mask is freed once, just below.
            unsafe {
                pp_mask_new(black_box(1), black_box(1), 1, &mut m);
                pp_mask_free(black_box(m));
            }
        })
    });
    for (name, pair) in overlap_scenes() {
        let (a, b) = pair.sprites();
        g.bench_function(format!("{name}/overlap_mask"), |bn| {
            bn.iter(|| black_box(black_box(&a).overlap_mask(black_box(&b))))
        });
    }
    g.finish();
}

/// Sweeps (issue 14): a 10 x 4 bullet fired 1,500 px across the terrain, clear and
/// ending on a 1-pixel wall, by `Sprite::sweep` and by stepping every position with a
/// pair query (the loop games write).
fn bench_sweep(c: &mut Criterion) {
    let mut g = c.benchmark_group("sweep");
    for (name, scene) in scenes::sweep_scenes() {
        let (bullet, obstacle) = scene.sprites();
        g.bench_function(format!("{name}/sweep"), |bn| {
            bn.iter(|| {
                black_box(&bullet)
                    .sweep(black_box(&obstacle), scene.motion.0, scene.motion.1)
                    .unwrap()
            })
        });
        g.bench_function(format!("{name}/stepping"), |bn| {
            bn.iter(|| scenes::step_sweep(black_box(&bullet), black_box(&obstacle), scene.motion))
        });
    }
    g.finish();
}

/// Motion (issue 14) against the stepping loops games write, on the same inputs (the
/// scenes and baselines of `scenes`): push-out of a 32 x 32 box sunk 1, 8 and 24 px
/// into flat ground and hills, any direction and straight up, beside the brute force
/// (translations by length, the plain pair test); a 16 x 24 character walking 600
/// frames over the hills (per walk) beside `reference::motion::move_and_slide`;
/// raycasts 2,100 px long beside a lookup of every pixel of the ray; contact normals.
fn bench_motion(c: &mut Criterion) {
    use perpixel::reference::motion as oracle;
    let mut g = c.benchmark_group("motion");
    for (name, scene) in scenes::push_scenes() {
        let (s, ground) = scene.sprites();
        for (dir_name, dir) in scenes::push_directions() {
            let order = scenes::push_order(dir, scenes::PUSH_MAX);
            g.bench_function(format!("push_out/{name}/{dir_name}/perpixel"), |bn| {
                bn.iter(|| {
                    black_box(&s)
                        .push_out(black_box(&ground), dir, scenes::PUSH_MAX)
                        .unwrap()
                })
            });
            g.bench_function(format!("push_out/{name}/{dir_name}/brute_force"), |bn| {
                bn.iter(|| scenes::brute_push_out(black_box(&s), black_box(&ground), &order))
            });
        }
    }
    let walk = scenes::walk_scene();
    g.throughput(Throughput::Elements(walk.frames as u64));
    g.bench_function("move_and_slide/hills_600_frames/perpixel", |bn| {
        bn.iter(|| walk.walk(|s, o, dx, dy, opt| black_box(s).move_and_slide(o, dx, dy, opt)))
    });
    g.bench_function("move_and_slide/hills_600_frames/stepping", |bn| {
        bn.iter(|| {
            walk.walk(|s, o, dx, dy, opt| oracle::move_and_slide(black_box(s), o, dx, dy, opt))
        })
    });
    g.throughput(Throughput::Elements(1));
    for (name, r) in scenes::ray_scenes() {
        let ground = Sprite::new(&r.ground, 0, 0);
        g.bench_function(format!("raycast/{name}/perpixel"), |bn| {
            bn.iter(|| {
                black_box(&ground)
                    .raycast(r.from.0, r.from.1, r.dir.0, r.dir.1, r.max)
                    .unwrap()
            })
        });
        g.bench_function(format!("raycast/{name}/stepping"), |bn| {
            bn.iter(|| scenes::step_ray(black_box(&ground), &r))
        });
    }
    for (name, hero, ground, at) in scenes::normal_scenes() {
        let (s, o) = (Sprite::new(&hero, at.0, at.1), Sprite::new(&ground, 0, 0));
        g.bench_function(format!("contact_normal/{}", name.replace(' ', "_")), |bn| {
            bn.iter(|| black_box(&s).contact_normal(black_box(&o)))
        });
    }
    g.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(30)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
}

/// Transformed sprites (issue 13): two 64x64 ellipses turned 30 and -20 degrees, hit
/// and near miss, with their rasters kept and rasterised per query, beside the unrotated
/// pair and the XNA tutorial 3 loop (the baseline); rasterising 64x64 and 512x512 at an
/// arbitrary angle.
fn bench_transformed(c: &mut Criterion) {
    let ship = scenes::ellipse_64();
    let ta = Transform::at(0.0, 0.0).rotated(30.0);
    let ra = ship.rasterise(&ta).unwrap();
    let tb_at = |dx: f64| Transform::at(dx, 20.0).rotated(-20.0);
    let mut miss = 20.0;
    while ra
        .sprite()
        .collides(&ship.rasterise(&tb_at(miss)).unwrap().sprite())
    {
        miss += 1.0;
    }
    let mut g = c.benchmark_group("transformed");
    for (name, dx) in [("hit", 20.0), ("near_miss", miss)] {
        let tb = tb_at(dx);
        let rb = ship.rasterise(&tb).unwrap();
        g.bench_function(format!("rotated_64/{name}/kept"), |bn| {
            bn.iter(|| black_box(&ra).sprite().collides(&black_box(&rb).sprite()))
        });
        g.bench_function(format!("rotated_64/{name}/per_query"), |bn| {
            bn.iter(|| {
                let a = black_box(&ship).rasterise(black_box(&ta)).unwrap();
                let b = black_box(&ship).rasterise(black_box(&tb)).unwrap();
                a.sprite().collides(&b.sprite())
            })
        });
        g.bench_function(format!("rotated_64/{name}/sampled"), |bn| {
            bn.iter(|| {
                let a = TransformedSprite::new(black_box(&ship), black_box(&ta)).unwrap();
                let b = TransformedSprite::new(black_box(&ship), black_box(&tb)).unwrap();
                a.collides(&b)
            })
        });
        let (a, b) = (Sprite::new(&ship, 0, 0), Sprite::new(&ship, dx as i32, 20));
        g.bench_function(format!("unrotated_64/{name}"), |bn| {
            bn.iter(|| collides(&a, &b))
        });
        let (colors, m) = (
            scenes::colors(&ship),
            scenes::a_to_b(&ta, &tb, (64, 64), (64, 64)),
        );
        g.bench_function(format!("rotated_64/{name}/tutorial3"), |bn| {
            bn.iter(|| scenes::tutorial3(black_box(&colors), (64, 64), m, &colors, (64, 64)))
        });
    }
    for side in [64u32, 512] {
        let m = scenes::disc(side, side as f64 / 2.0 - 0.5);
        let t = Transform::at(3.25, 7.5).rotated(33.0);
        let r = m.rasterise(&t).unwrap();
        g.throughput(Throughput::Elements(
            r.mask.width() as u64 * r.mask.height() as u64,
        ));
        g.bench_function(format!("rasterise_{side}_at_33"), |bn| {
            bn.iter(|| black_box(&m).rasterise(black_box(&t)).unwrap())
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = config();
    // Untuned groups first: once a thread forces a path or early outs (`early_outs/*`,
    // `path/*`), every query pays a thread-local read for the rest of the process.
    targets = bench_queries, bench_bounds_only, bench_fixed_cost, bench_games, bench_overlap_mask, bench_transformed, bench_sweep, bench_motion, bench_floor,
        bench_early_outs, bench_paths
}
criterion_main!(benches);
