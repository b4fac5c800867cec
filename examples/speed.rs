//! One-run speed comparison: `cargo run --release --example speed` (`-- motion` for the
//! motion table alone).
//!
//! For each scene, nanoseconds per call of `perpixel::reference` (the tutorials'
//! per-pixel algorithm) and of the library (mask making has no reference), their ratio, and the ratio of the library to
//! a floor measured in the same run: a plain AND/OR reduction (or AND + popcount) over
//! the same number of pre-aligned words, with no shifting, on the fastest kernel path
//! (for mask building: an OR over the input's bytes). No network, no files, well under a
//! minute.

#[path = "../benches/scenes/mod.rs"]
mod scenes;

use perpixel::{Mask, MaskOptions, Sprite, Transform, kernels, reference};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// How many calls of `f` fill `budget`.
fn calibrate(budget: Duration, f: &mut impl FnMut()) -> u64 {
    f();
    let mut n = 1u64;
    loop {
        let t = Instant::now();
        for _ in 0..n {
            f();
        }
        let e = t.elapsed();
        if e >= budget / 4 || n >= 1 << 30 {
            let per = e.as_secs_f64() / n as f64;
            return ((budget.as_secs_f64() / per.max(1e-10)) as u64).max(1);
        }
        n *= 4;
    }
}

/// Nanoseconds per call over one round of `n` calls.
fn round(n: u64, f: &mut impl FnMut()) -> f64 {
    let t = Instant::now();
    for _ in 0..n {
        f();
    }
    t.elapsed().as_secs_f64() * 1e9 / n as f64
}

/// Best time per call over `rounds` rounds of at least `budget` each.
fn time_per_call(budget: Duration, rounds: u32, mut f: impl FnMut()) -> f64 {
    let n = calibrate(budget, &mut f);
    (0..rounds)
        .map(|_| round(n, &mut f))
        .fold(f64::INFINITY, f64::min)
}

/// Best times per call of `f` and `g`, their rounds alternated (so that both see the
/// same noise from other processes): `rounds` rounds of at least `budget` each.
fn alternated(
    budget: Duration,
    rounds: u32,
    mut f: impl FnMut(),
    mut g: impl FnMut(),
) -> (f64, f64) {
    let (nf, ng) = (calibrate(budget, &mut f), calibrate(budget, &mut g));
    (0..rounds).fold((f64::INFINITY, f64::INFINITY), |(bf, bg), _| {
        (bf.min(round(nf, &mut f)), bg.min(round(ng, &mut g)))
    })
}

fn fast(f: impl FnMut()) -> f64 {
    time_per_call(Duration::from_millis(60), 7, f)
}

fn slow(f: impl FnMut()) -> f64 {
    time_per_call(Duration::from_millis(150), 3, f)
}

/// `words` aligned words per side, half the bits set, the two sides disjoint (as in a
/// worst-case miss: the whole array is read).
fn floor_words(words: usize) -> (Vec<u64>, Vec<u64>) {
    let mut rng = scenes::Rng(7);
    let a: Vec<u64> = (0..words).map(|_| rng.next()).collect();
    let b = a.iter().map(|w| !w).collect();
    (a, b)
}

struct Row {
    scene: &'static str,
    query: &'static str,
    reference: f64,
    library: f64,
    floor: Option<f64>,
}

fn print(rows: &[Row]) {
    println!(
        "{:<30} {:<14} {:>14} {:>12} {:>10} {:>12} {:>9}",
        "scene", "query", "reference ns", "perpixel ns", "speed-up", "floor ns", "vs floor"
    );
    for r in rows {
        let floor = r.floor.map_or("-".into(), |f| format!("{f:.1}"));
        let vs = r
            .floor
            .map_or("-".into(), |f| format!("{:.2}x", r.library / f));
        // No reference (mask making): a dash instead of a time and a speed-up.
        let (refr, up) = if r.reference.is_nan() {
            ("-".into(), "-".into())
        } else {
            (
                format!("{:.1}", r.reference),
                format!("{:.0}x", r.reference / r.library),
            )
        };
        println!(
            "{:<30} {:<14} {:>14} {:>12.1} {:>10} {:>12} {:>9}",
            r.scene, r.query, refr, r.library, up, floor, vs
        );
    }
}

fn main() {
    // `-- motion`: only the motion table (sweeps, push-out, move-and-slide, raycasts).
    if std::env::args().nth(1).as_deref() == Some("motion") {
        motion();
        return;
    }
    // `-- reshapes`: only the mirrors and quarter turns of whole masks.
    if std::env::args().nth(1).as_deref() == Some("reshapes") {
        reshapes();
        return;
    }
    let started = Instant::now();
    println!(
        "perpixel {} speed: kernel path {} (detected at run time; available: {})",
        perpixel::VERSION,
        kernels::active_path().name(),
        kernels::available_paths()
            .iter()
            .map(|p| p.name())
            .collect::<Vec<_>>()
            .join(", ")
    );
    println!("times are the best of several rounds, nanoseconds per call\n");
    let mut rows = Vec::new();

    // Pair scenes: (name, scene, queries to time, whether the floor applies).
    let small = scenes::small_hit();
    let near = scenes::near_miss();
    let i1024 = scenes::interleaved(1024);
    let i2048 = scenes::interleaved(2048);
    let terrain = scenes::on_terrain();
    let noise = scenes::noise_pair();
    let dot = scenes::dot_pair();
    let apart = scenes::apart_pair();
    let first_pixel = scenes::noise_first_pixel();
    let column = scenes::discs_one_column();
    let pairs: [(&'static str, &scenes::Pair, &[&'static str]); 11] = [
        ("32x32 discs, boxes apart", &apart, &["collides"]),
        (
            "1x1 on 1x1 (fixed cost)",
            &dot,
            &["collides", "overlap_area"],
        ),
        ("32x32 discs, hit", &small, &["collides", "first_contact"]),
        ("16x16 dot in 64x64 ring hole", &near, &["collides"]),
        (
            "1024x1024 interleaved, miss",
            &i1024,
            &["collides", "overlap_area"],
        ),
        (
            "2048x2048 interleaved, miss",
            &i2048,
            &["collides", "overlap_area"],
        ),
        (
            "64x64 on 2048x512 terrain",
            &terrain,
            &["collides", "first_contact"],
        ),
        ("512x512 noise pair", &noise, &["overlap_area"]),
        (
            "512x512 noise, hit at 1st pixel",
            &first_pixel,
            &["collides", "first_contact"],
        ),
        ("256x256 discs, one column", &column, &["overlap_area"]),
        ("32x32 discs, hit", &small, &["overlap_area"]),
    ];
    for (scene, pair, queries) in pairs {
        let (a, b) = pair.sprites();
        let (fa, fb) = floor_words(pair.intersection_words());
        let big = pair.intersection_words() > 4096;
        for &query in queries {
            let (library, refr, floor) = match query {
                "collides" => {
                    assert_eq!(a.collides(&b), reference::collides(&a, &b));
                    (
                        fast(|| {
                            black_box(black_box(&a).collides(black_box(&b)));
                        }),
                        if big {
                            slow(|| {
                                black_box(reference::collides(black_box(&a), black_box(&b)));
                            })
                        } else {
                            fast(|| {
                                black_box(reference::collides(black_box(&a), black_box(&b)));
                            })
                        },
                        fast(|| {
                            black_box(kernels::floor_and_or(black_box(&fa), black_box(&fb)));
                        }),
                    )
                }
                "first_contact" => {
                    assert_eq!(a.first_contact(&b), reference::first_contact(&a, &b));
                    (
                        fast(|| {
                            black_box(black_box(&a).first_contact(black_box(&b)));
                        }),
                        fast(|| {
                            black_box(reference::first_contact(black_box(&a), black_box(&b)));
                        }),
                        fast(|| {
                            black_box(kernels::floor_and_or(black_box(&fa), black_box(&fb)));
                        }),
                    )
                }
                _ => {
                    assert_eq!(a.overlap_area(&b), reference::overlap_area(&a, &b));
                    (
                        fast(|| {
                            black_box(black_box(&a).overlap_area(black_box(&b)));
                        }),
                        slow(|| {
                            black_box(reference::overlap_area(black_box(&a), black_box(&b)));
                        }),
                        fast(|| {
                            black_box(kernels::floor_and_popcount(black_box(&fa), black_box(&fb)));
                        }),
                    )
                }
            };
            rows.push(Row {
                scene,
                query,
                reference: refr,
                library,
                // No floor for a query that reads no word.
                floor: (pair.intersection_words() > 0).then_some(floor),
            });
        }
    }

    // 64 sprites of 32 x 32 scattered over a small field, every pair once: ns per pair.
    let (shapes, places) = scenes::crowd();
    let crowd = scenes::crowd_sprites(&shapes, &places);
    let pairs_n = (crowd.len() * (crowd.len() - 1) / 2) as f64;
    let by_reference = |sprites: &[perpixel::Sprite]| {
        let mut hits = 0;
        for (i, a) in sprites.iter().enumerate() {
            for b in &sprites[i + 1..] {
                hits += reference::collides(black_box(a), black_box(b)) as usize;
            }
        }
        hits
    };
    assert_eq!(scenes::all_pairs(&crowd), by_reference(&crowd));
    rows.push(Row {
        scene: "64 32x32 sprites, all pairs",
        query: "collides/pair",
        reference: slow(|| {
            black_box(by_reference(black_box(&crowd)));
        }) / pairs_n,
        library: fast(|| {
            black_box(scenes::all_pairs(black_box(&crowd)));
        }) / pairs_n,
        floor: None,
    });

    // Mask building from a 2048 x 2048 RGBA8 image.
    let side = 2048u32;
    let image = scenes::rgba_image(side);
    let opts = MaskOptions::default();
    let built = Mask::from_rgba8(&image, side, side, &opts).unwrap();
    let by_pixel = |img: &[u8]| {
        Mask::from_fn(side, side, |x, y| {
            reference::pixel_is_solid(
                img,
                perpixel::PixelFormat::Rgba8,
                side as usize * 4,
                x,
                y,
                &opts,
            )
        })
        .unwrap()
    };
    assert_eq!(built, by_pixel(&image));
    let words: Vec<u64> = image
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
        .collect();
    let library = fast(|| {
        black_box(Mask::from_rgba8(black_box(&image), side, side, &opts).unwrap());
    });
    rows.push(Row {
        scene: "2048x2048 RGBA8 image",
        query: "build mask",
        reference: slow(|| {
            black_box(by_pixel(black_box(&image)));
        }),
        library,
        floor: Some(fast(|| {
            black_box(kernels::floor_and_or(black_box(&words), black_box(&words)));
        })),
    });

    // Making and freeing masks: 1 x 1 through Rust and through the C ABI, and overlap
    // masks (created and dropped) against the pixel-by-pixel reference.
    let mut made = Vec::new();
    made.push((
        "1x1 mask new + free, Rust",
        fast(|| {
            black_box(Mask::full(black_box(1), black_box(1)).unwrap());
        }),
    ));
    made.push((
        "1x1 mask new + free, C ABI",
        fast(|| {
            use perpixel::ffi::{pp_mask, pp_mask_free, pp_mask_new};
            let mut m: *mut pp_mask = std::ptr::null_mut();
            // SAFETY: `m` is a valid out-pointer; the mask is freed once, just below.
            unsafe {
                pp_mask_new(black_box(1), black_box(1), 1, &mut m);
                pp_mask_free(black_box(m));
            }
        }),
    ));
    for (scene, library) in made {
        rows.push(Row {
            scene,
            query: "new + free",
            reference: f64::NAN,
            library,
            floor: None,
        });
    }
    let dot = scenes::Pair {
        a: Mask::full(1, 1).unwrap(),
        b: Mask::full(1, 1).unwrap(),
        pa: (5, 5),
        pb: (5, 5),
    };
    let same32 = scenes::Pair {
        a: scenes::disc(32, 15.5),
        b: scenes::disc(32, 15.5),
        pa: (0, 0),
        pb: (0, 0),
    };
    let column = scenes::Pair {
        a: scenes::disc(256, 128.0),
        b: scenes::disc(256, 128.0),
        pa: (0, 0),
        pb: (255, 0),
    };
    let overlaps: [(&'static str, &scenes::Pair); 4] = [
        ("1x1 dots", &dot),
        ("32x32 discs, hit", &small),
        ("32x32 discs, same place", &same32),
        ("256x256 discs, one column", &column),
    ];
    for (scene, pair) in overlaps {
        let (a, b) = pair.sprites();
        assert_eq!(a.overlap_mask(&b), reference::overlap_mask(&a, &b));
        rows.push(Row {
            scene,
            query: "overlap_mask",
            reference: fast(|| {
                black_box(reference::overlap_mask(black_box(&a), black_box(&b)));
            }),
            library: fast(|| {
                black_box(black_box(&a).overlap_mask(black_box(&b)));
            }),
            floor: None,
        });
    }

    print(&rows);
    transformed();
    motion();
    per_path(&i1024, &i2048, &noise, &image, side);
    println!(
        "\nmask building: {:.1} GB/s of RGBA8 input ({} MiB in {:.0} us)",
        image.len() as f64 / library,
        image.len() >> 20,
        library / 1e3
    );
    println!(
        "mask memory: 2048x2048 mask = {} heap bytes = {:.3} bits per pixel (RGBA8 Color[]: 32)",
        built.heap_bytes(),
        built.heap_bytes() as f64 * 8.0 / (side as f64 * side as f64)
    );
    println!("floor: AND/OR reduction (collides, first_contact) or AND + popcount (overlap_area)");
    println!("       over the intersection's word count, pre-aligned, no shifting; mask building:");
    println!(
        "       an OR reduction over the image's bytes. ran in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    // Last, on a thread of its own (which no path forcing has touched): it changes how
    // the allocator keeps freed memory, for the rest of the process.
    std::thread::spawn(reshapes).join().unwrap();
}

/// The full scans and mask building on every kernel path this CPU has, forced one after
/// the other in this process, beside the floor of the fastest path. Runs last: once a
/// thread forces a path, its queries read a thread-local (see `kernels::with_path`).
fn per_path(
    i1024: &scenes::Pair,
    i2048: &scenes::Pair,
    noise: &scenes::Pair,
    image: &[u8],
    side: u32,
) {
    let paths = kernels::available_paths();
    let fastest = kernels::detected_path();
    println!(
        "\nper kernel path (ns per call; floor: {} path; vs floor: the fastest path)",
        fastest.name()
    );
    print!("{:<30} {:<14}", "scene", "query");
    for p in &paths {
        print!(" {:>12}", p.name());
    }
    println!(" {:>12} {:>9}", "floor ns", "vs floor");
    let scans: [(&str, &scenes::Pair, &str); 5] = [
        ("1024x1024 interleaved, miss", i1024, "collides"),
        ("1024x1024 interleaved, miss", i1024, "overlap_area"),
        ("2048x2048 interleaved, miss", i2048, "collides"),
        ("2048x2048 interleaved, miss", i2048, "overlap_area"),
        ("512x512 noise pair", noise, "overlap_area"),
    ];
    for (scene, pair, query) in scans {
        let (a, b) = pair.sprites();
        let (fa, fb) = floor_words(pair.intersection_words());
        let collides = query == "collides";
        let times: Vec<f64> = paths
            .iter()
            .map(|&p| {
                kernels::with_path(p, || {
                    if collides {
                        fast(|| {
                            black_box(black_box(&a).collides(black_box(&b)));
                        })
                    } else {
                        fast(|| {
                            black_box(black_box(&a).overlap_area(black_box(&b)));
                        })
                    }
                })
            })
            .collect();
        let floor = kernels::with_path(fastest, || {
            if collides {
                fast(|| {
                    black_box(kernels::floor_and_or(black_box(&fa), black_box(&fb)));
                })
            } else {
                fast(|| {
                    black_box(kernels::floor_and_popcount(black_box(&fa), black_box(&fb)));
                })
            }
        });
        print!("{scene:<30} {query:<14}");
        for t in &times {
            print!(" {t:>12.1}");
        }
        let best = times.iter().copied().fold(f64::INFINITY, f64::min);
        println!(" {floor:>12.1} {:>8.2}x", best / floor);
    }
    let opts = MaskOptions::default();
    print!("{:<30} {:<14}", "2048x2048 RGBA8 image", "build GB/s");
    for &p in &paths {
        let t = kernels::with_path(p, || {
            fast(|| {
                black_box(Mask::from_rgba8(black_box(image), side, side, &opts).unwrap());
            })
        });
        print!(" {:>12.1}", image.len() as f64 / t);
    }
    println!();
    let missing: Vec<&str> = kernels::Path::ALL
        .iter()
        .filter(|p| !paths.contains(p))
        .map(|p| p.name())
        .collect();
    if !missing.is_empty() {
        println!(
            "paths this CPU lacks (not measured): {}",
            missing.join(", ")
        );
    }
}

/// One line of the motion table: perpixel and the stepping baseline, ns per call.
struct Motion {
    case: String,
    library: f64,
    baseline: f64,
    target: &'static str,
}

/// Times `library` and `baseline` alternately (the baseline's rounds longer: it is the
/// slow one) into a [`Motion`] line.
fn motion_line(
    case: String,
    target: &'static str,
    library: impl FnMut(),
    baseline: impl FnMut(),
) -> Motion {
    let (library, baseline) = alternated(Duration::from_millis(60), 5, library, baseline);
    Motion {
        case,
        library,
        baseline,
        target,
    }
}

/// What the contact normal a hit carries costs (`mover` where it hit), on its own: an
/// information line (no baseline), printed just before the hit's own line.
fn normal_share(mover: &Sprite, obstacle: &Sprite) -> Motion {
    Motion {
        case: "  of the next line: the hit's contact_normal".into(),
        library: fast(|| {
            black_box(black_box(mover).contact_normal(black_box(obstacle)));
        }),
        baseline: f64::NAN,
        target: "info",
    }
}

/// Motion (issue 14) against the stepping loops games write, on the same inputs:
/// sweeps of a 10 x 4 bullet 1,500 px across the terrain (baseline: a pair query at
/// every position); push-out of a 32 x 32 box sunk into flat ground and hills
/// (baseline: translations in order of length, each tried with the plain per-pixel
/// test); a 16 x 24 character walking 600 frames over the hills with move-and-slide
/// (baseline: `reference::motion::move_and_slide`, one pixel at a time with the plain
/// test); raycasts 2,100 px long (baseline: every pixel of the ray looked up); contact
/// normals, for their cost (beside the plain oracle, which scans both boxes whole).
/// No memory-bound floor: these read a few words per step, never a region.
fn motion() {
    use perpixel::reference::motion as oracle;
    let mut lines = Vec::new();

    for (name, scene) in scenes::sweep_scenes() {
        let (bullet, obstacle) = scene.sprites();
        let (dx, dy) = scene.motion;
        let swept = bullet.sweep(&obstacle, dx, dy).unwrap();
        let at = match swept {
            perpixel::Sweep::Hit(h) => Some((h.at.x as i32, h.at.y as i32)),
            _ => None,
        };
        // The same answer both ways.
        assert_eq!(
            at,
            scenes::step_sweep(&bullet, &obstacle, scene.motion),
            "{name}"
        );
        if let Some((x, y)) = at {
            lines.push(normal_share(&Sprite { x, y, ..bullet }, &obstacle));
        }
        let target = match name {
            "open_sky" => ">= 20x",
            "open_sky_one_pixel_wall_at_the_end" | "one_pixel_wall_at_the_end" => ">= 1x",
            _ => "",
        };
        lines.push(motion_line(
            format!("sweep 10x4 1500px {name}"),
            target,
            || {
                black_box(black_box(&bullet).sweep(black_box(&obstacle), dx, dy)).ok();
            },
            || {
                black_box(scenes::step_sweep(
                    black_box(&bullet),
                    black_box(&obstacle),
                    scene.motion,
                ));
            },
        ));
    }

    for (name, scene) in scenes::push_scenes() {
        let (s, ground) = scene.sprites();
        for (dir_name, dir) in scenes::push_directions() {
            let order = scenes::push_order(dir, scenes::PUSH_MAX);
            let got = s.push_out(&ground, dir, scenes::PUSH_MAX).unwrap();
            let want = oracle::push_out(&s, &ground, dir, scenes::PUSH_MAX).unwrap();
            assert_eq!(got, want, "{name} {dir_name}");
            assert_eq!(
                got.map(|p| (p.dx, p.dy)),
                scenes::brute_push_out(&s, &ground, &order),
                "{name} {dir_name}"
            );
            let answer = got.map_or("none".into(), |p| format!("({}, {})", p.dx, p.dy));
            lines.push(motion_line(
                format!("push_out 32x32 {name} {dir_name} -> {answer}"),
                "",
                || {
                    black_box(black_box(&s).push_out(black_box(&ground), dir, scenes::PUSH_MAX))
                        .ok();
                },
                || {
                    black_box(scenes::brute_push_out(
                        black_box(&s),
                        black_box(&ground),
                        &order,
                    ));
                },
            ));
        }
    }

    let walk = scenes::walk_scene();
    let end = walk.walk(|s, o, dx, dy, opt| s.move_and_slide(o, dx, dy, opt));
    assert_eq!(end, walk.walk(oracle::move_and_slide), "walk");
    let mut line =
        motion_line(
            format!(
                "move_and_slide 16x24, hills, per frame ({} frames, x {} -> {})",
                walk.frames, walk.start.0, end.0
            ),
            "",
            || {
                black_box(walk.walk(|s, o, dx, dy, opt| {
                    black_box(s).move_and_slide(black_box(o), dx, dy, opt)
                }));
            },
            || {
                black_box(walk.walk(|s, o, dx, dy, opt| {
                    oracle::move_and_slide(black_box(s), black_box(o), dx, dy, opt)
                }));
            },
        );
    line.library /= walk.frames as f64;
    line.baseline /= walk.frames as f64;
    lines.push(line);

    for (name, r) in scenes::ray_scenes() {
        let ground = Sprite::new(&r.ground, 0, 0);
        let cast = |g: &Sprite| {
            g.raycast(r.from.0, r.from.1, r.dir.0, r.dir.1, r.max)
                .unwrap()
        };
        let hit = cast(&ground).map(|h| (h.pixel.x, h.pixel.y));
        assert_eq!(hit, scenes::step_ray(&ground, &r), "{name}");
        let oracle_hit = oracle::raycast(&ground, r.from.0, r.from.1, r.dir.0, r.dir.1, r.max);
        assert_eq!(
            hit,
            oracle_hit.unwrap().map(|h| (h.pixel.x, h.pixel.y)),
            "{name}"
        );
        if let Some(h) = cast(&ground).filter(|h| h.step > 0) {
            // The ray's normal: its last free pixel's, as a 1 x 1 probe.
            let (dx, dy) = (h.pixel.x - r.from.0 as i64, h.pixel.y - r.from.1 as i64);
            let last = perpixel::SweepPath::new(dx as i32, dy as i32)
                .nth(h.step as usize - 1)
                .unwrap();
            let probe = Mask::full(1, 1).unwrap();
            let at = Sprite::new(&probe, r.from.0 + last.0, r.from.1 + last.1);
            assert_eq!(at.contact_normal(&ground), h.normal, "{name}");
            lines.push(normal_share(&at, &ground));
        }
        let answer = hit.map_or("none".into(), |p| format!("({}, {})", p.0, p.1));
        lines.push(motion_line(
            format!("raycast 2100px {name} -> {answer}"),
            "",
            || {
                black_box(cast(black_box(&ground)));
            },
            || {
                black_box(scenes::step_ray(black_box(&ground), &r));
            },
        ));
    }

    for (name, hero, ground, at) in scenes::normal_scenes() {
        let (s, g) = (Sprite::new(&hero, at.0, at.1), Sprite::new(&ground, 0, 0));
        let n = s.contact_normal(&g);
        assert_eq!(n, oracle::contact_normal(&s, &g), "{name}");
        let answer = n.map_or("none".into(), |n| format!("{:.0} deg", n.degrees()));
        lines.push(motion_line(
            format!("contact_normal {name} -> {answer}"),
            "info",
            || {
                black_box(black_box(&s).contact_normal(black_box(&g)));
            },
            || {
                black_box(oracle::contact_normal(black_box(&s), black_box(&g)));
            },
        ));
    }

    println!(
        "\nmotion (issue 14): perpixel against the stepping loop on the same inputs (best of 5 alternated rounds)"
    );
    println!(
        "{:<66} {:>13} {:>13} {:>9} {:>7}",
        "case", "perpixel ns", "baseline ns", "speed-up", "target"
    );
    for l in &lines {
        // No baseline (a part of the next line's cost): dashes.
        let (base, up) = if l.baseline.is_nan() {
            ("-".into(), "-".into())
        } else {
            (
                format!("{:.1}", l.baseline),
                format!("{:.1}x", l.baseline / l.library),
            )
        };
        println!(
            "{:<66} {:>13.1} {:>13} {:>9} {:>7}",
            l.case, l.library, base, up, l.target
        );
    }
    println!(
        "baselines: sweeps a pair query per position; push_out translations by length with\n\
         reference::collides; move_and_slide reference::motion::move_and_slide; raycast every\n\
         pixel of the ray (perpixel's time includes the hit's normal, the baseline's does not);\n\
         contact_normal reference::motion::contact_normal (scans both boxes; information only)"
    );
}

/// Transformed sprites (issue 13): rotated 64x64 pairs cached and not, against the
/// unrotated pair and the tutorial's loop; rasterising cost per world pixel; a rotated
/// 256x256 on terrain. The mirrors and quarter turns of whole masks are [`reshapes`].
fn transformed() {
    use perpixel::reference::transformed as oracle;
    // An ellipse (rotation matters) 64x64.
    let ship = scenes::ellipse_64();
    let ta = Transform::at(0.0, 0.0).rotated(30.0);
    let tb_at = |dx: f64| Transform::at(dx, 20.0).rotated(-20.0);
    let ra = ship.rasterise(&ta).unwrap();
    let collide_at = |dx: f64| {
        let rb = ship.rasterise(&tb_at(dx)).unwrap();
        ra.sprite().collides(&rb.sprite())
    };
    // Hit: overlapping well; near miss: the first whole-pixel offset past the last hit.
    let hit_dx = 20.0;
    let mut miss_dx = hit_dx;
    while collide_at(miss_dx) {
        miss_dx += 1.0;
    }
    println!("\ntransformed sprites: two 64x64 ellipses, A turned 30 degrees, B -20 degrees");
    println!(
        "{:<44} {:>12} {:>12} {:>12}",
        "case", "perpixel ns", "baseline ns", "speed-up"
    );
    let plain_a = Sprite::new(&ship, 0, 0);
    for (name, dx) in [("hit", hit_dx), ("near miss", miss_dx)] {
        let tb = tb_at(dx);
        let rb = ship.rasterise(&tb).unwrap();
        let sa = oracle::TransformedSprite::new(&ship, &ta, true).unwrap();
        let sb = oracle::TransformedSprite::new(&ship, &tb, true).unwrap();
        let want = oracle::collides(&sa, &sb);
        assert_eq!(ra.sprite().collides(&rb.sprite()), want);
        assert_eq!(want, name == "hit");
        let plain_b = Sprite::new(&ship, dx as i32, 20);
        let unrotated = fast(|| {
            black_box(black_box(&plain_a).collides(black_box(&plain_b)));
        });
        let cached = fast(|| {
            black_box(black_box(&ra).sprite().collides(&black_box(&rb).sprite()));
        });
        let uncached = fast(|| {
            let a = black_box(&ship).rasterise(black_box(&ta)).unwrap();
            let b = black_box(&ship).rasterise(black_box(&tb)).unwrap();
            black_box(a.sprite().collides(&b.sprite()));
        });
        let sampled = fast(|| {
            let a = perpixel::TransformedSprite::new(black_box(&ship), black_box(&ta)).unwrap();
            let b = perpixel::TransformedSprite::new(black_box(&ship), black_box(&tb)).unwrap();
            black_box(a.collides(&b));
        });
        let (ca, m) = (
            scenes::colors(&ship),
            scenes::a_to_b(&ta, &tb, (64, 64), (64, 64)),
        );
        let tutorial = fast(|| {
            black_box(scenes::tutorial3(
                black_box(&ca),
                (64, 64),
                m,
                black_box(&ca),
                (64, 64),
            ));
        });
        println!(
            "{:<44} {:>12.1} {:>12.1} {:>11.2}x",
            format!("{name}: rotated pair, rasters kept"),
            cached,
            unrotated,
            unrotated / cached
        );
        println!(
            "{:<44} {:>12.1} {:>12.1} {:>11.2}x",
            format!("{name}: rotated pair, rasterised per query"),
            uncached,
            tutorial,
            tutorial / uncached
        );
        println!(
            "{:<44} {:>12.1} {:>12.1} {:>11.2}x",
            format!("{name}: rotated pair, sampled (TransformedSprite)"),
            sampled,
            tutorial,
            tutorial / sampled
        );
    }
    println!(
        "(baseline: the unrotated 64x64 pair for kept rasters; XNA tutorial 3's loop otherwise)"
    );
    for side in [64u32, 512] {
        let m = scenes::disc(side, side as f64 / 2.0 - 0.5);
        let t = Transform::at(3.25, 7.5).rotated(33.0);
        let r = m.rasterise(&t).unwrap();
        let px = (r.mask.width() as f64) * (r.mask.height() as f64);
        let ns = fast(|| {
            black_box(black_box(&m).rasterise(black_box(&t)).unwrap());
        });
        println!(
            "rasterise {side}x{side} at 33 degrees: {ns:.0} ns, {:.2} ns per world pixel ({} x {})",
            ns / px,
            r.mask.width(),
            r.mask.height()
        );
    }
    let terrain = scenes::terrain();
    let rock = scenes::disc(256, 127.5);
    let t = Transform::at(700.0, 150.0).rotated(45.0).scaled(1.0, 0.6);
    let r = rock.rasterise(&t).unwrap();
    let ground = Sprite::new(&terrain, 0, 0);
    let kept = fast(|| {
        black_box(black_box(&r).sprite().collides(black_box(&ground)));
    });
    let per_query = fast(|| {
        let r = black_box(&rock).rasterise(black_box(&t)).unwrap();
        black_box(r.sprite().collides(&ground));
    });
    println!(
        "rotated 256x256 on 2048x512 terrain, collides: {kept:.0} ns with the raster kept, {per_query:.0} ns rasterising per query"
    );
}

/// Mirrors and quarter turns of a whole mask (issue 13), in GB/s of mask, against a
/// copy of as many words into a new allocation (every reshape makes one): a 2048x2048
/// mask (512 KiB, which stays in the caches, so the copy runs at cache speed) and a
/// 16384x16384 one (32 MiB, larger than the last-level cache on the machines this was
/// tuned on: main-memory speed), on every kernel path this CPU has, the fastest (what a
/// game gets) first. `-- reshapes` prints only these rows.
///
/// glibc is told to keep freed memory (no `mmap` per large block, no trimming): with its
/// defaults, each 32 MiB block is mapped afresh and every page faults in on first write,
/// which times the kernel's page faults (2.3 GB/s for the copy) rather than memory, and
/// how a 512 KiB block is served depends on what the process freed before (the copy
/// measured 46 to 87 GB/s from run to run).
fn reshapes() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` only changes the allocator's tuning; no memory is touched.
    unsafe {
        libc::mallopt(libc::M_MMAP_MAX, 0);
        libc::mallopt(libc::M_TRIM_THRESHOLD, i32::MAX);
    }
    // 16384^2 is past the default size limit (2^26 pixels).
    perpixel::set_max_mask_pixels(1 << 28).unwrap();
    println!("\nmirrors and quarter turns of a whole mask (noise), against a copy of its words");
    for side in [2048u32, 16384] {
        let big = scenes::noise(side, 7);
        let bytes = side as f64 * side as f64 / 8.0;
        // The floor: a copy of as many words as the mask's bits (into a new allocation,
        // as every reshape makes one). `Mask::clone` shares the bits (O(1)), so it is no
        // floor.
        let words: Vec<u64> = (0..big.words_per_row() * big.height() as usize)
            .map(|i| (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        let time = |f: &mut dyn FnMut()| if side > 4096 { slow(f) } else { fast(f) };
        let copy = time(&mut || {
            black_box(black_box(&words).clone());
        });
        let cases: [(&str, &dyn Fn() -> Mask); 4] = [
            ("flip_x", &|| big.flip_x().unwrap()),
            ("flip_y", &|| big.flip_y().unwrap()),
            ("rotate_quarter(1)", &|| big.rotate_quarter(1).unwrap()),
            ("rotate_quarter(2)", &|| big.rotate_quarter(2).unwrap()),
        ];
        // The fastest path first (what a game gets), then the others.
        let fastest = kernels::detected_path();
        let mut paths = kernels::available_paths();
        paths.sort_by_key(|&p| p != fastest);
        for path in paths {
            for (name, f) in cases {
                let ns = kernels::with_path(path, || {
                    time(&mut || {
                        black_box(f());
                    })
                });
                println!(
                    "{side}x{side} {name} ({}): {:.0} us, {:.1} GB/s of mask ({:.2}x a copy of its words: {:.1} GB/s)",
                    path.name(),
                    ns / 1e3,
                    bytes / ns,
                    copy / ns,
                    bytes / copy
                );
            }
        }
    }
}
