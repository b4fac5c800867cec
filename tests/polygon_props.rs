//! Outlines and polygons of masks (`Mask::polygons`, `Mask::outline`): hand-drawn cases
//! for the rules (pinch corners, holes, orientation, y flip), ASCII fixtures with golden
//! outputs, then properties on random and structured masks checked against the plain
//! oracle `perpixel::reference::polygon`:
//!
//! * exact polygons rasterise back to the mask (even-odd at pixel centres), every ring is
//!   simple, outer rings have positive area and holes negative, areas sum to the count,
//!   and no two rings cross;
//! * simplified polygons keep the ring structure, every ring simple with at least 3
//!   vertices, within epsilon of its exact ring (`reference::polygon::simplified_within`),
//!   and no two rings cross;
//! * `holes: false` gives the outer rings alone and `y_flip` the same rings flipped.
//!
//! **Fixtures and goldens.** `tests/fixtures/polygons/NAME.txt` holds a mask drawn with
//! `#` (solid) and `.` (empty), one row per line (an empty file is a 0 x 0 mask);
//! `NAME.golden` holds what the library makes of it (outlines, exact and simplified
//! polygons, y-flipped polygons), as text. The test compares them and fails on any
//! difference. After an intended change, regenerate the goldens and review the diff:
//!
//! ```sh
//! PERPIXEL_REGENERATE=1 cargo test --test polygon_props
//! ```
//!
//! Runs under its own `main` (harness = false) so `cargo test` prints how many cases ran.
//! `PERPIXEL_PROPTEST_CASES=N` changes the number of cases per property.

mod common;
use common::mask;
use common::props::MaskSpec;

use perpixel::reference::polygon as oracle;
use perpixel::{Mask, Polygon, PolygonOptions, Vertex};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::fmt::Write as _;
use std::path::Path;

// ---------------------------------------------------------------------------------------
// Checks shared by the drawn cases, the fixtures and the properties.

fn opts(epsilon: f64) -> PolygonOptions {
    PolygonOptions {
        epsilon,
        ..PolygonOptions::default()
    }
}

fn bbox(ring: &[Vertex]) -> [i32; 4] {
    let mut b = [i32::MAX, i32::MAX, i32::MIN, i32::MIN];
    for v in ring {
        b = [
            b[0].min(v[0]),
            b[1].min(v[1]),
            b[2].max(v[0]),
            b[3].max(v[1]),
        ];
    }
    b
}

/// Every ring simple, orientation by role, no two rings crossing.
fn check_rings(polys: &[Polygon], what: &str) -> Result<(), String> {
    let mut rings: Vec<(&[Vertex], [i32; 4])> = Vec::new();
    for (i, p) in polys.iter().enumerate() {
        for (j, r) in p.rings().enumerate() {
            let problems = oracle::ring_problems(r);
            if !problems.is_empty() {
                return Err(format!("{what}: polygon {i} ring {j} {r:?}: {problems:?}"));
            }
            let a = oracle::ring_area2(r);
            if (j == 0) != (a > 0) {
                return Err(format!(
                    "{what}: polygon {i} ring {j} has signed area {a}/2"
                ));
            }
            rings.push((r, bbox(r)));
        }
    }
    let nesting = oracle::nesting_problems(polys);
    if !nesting.is_empty() {
        return Err(format!("{what}: {nesting:?}"));
    }
    for i in 0..rings.len() {
        for j in i + 1..rings.len() {
            let (a, b) = (rings[i].1, rings[j].1);
            if a[0] > b[2] || b[0] > a[2] || a[1] > b[3] || b[1] > a[3] {
                continue;
            }
            let problems = oracle::rings_cross(rings[i].0, rings[j].0);
            if !problems.is_empty() {
                return Err(format!("{what}: rings {i} and {j}: {problems:?}"));
            }
        }
    }
    Ok(())
}

/// The exact polygons' promises, and holes off and y flip beside them.
fn check_exact(m: &Mask) -> Result<Vec<Polygon>, String> {
    let polys = m
        .polygons(&PolygonOptions::default())
        .map_err(|e| e.to_string())?;
    let back = oracle::rasterise(m.width(), m.height(), &polys);
    if &back != m {
        return Err(format!(
            "exact polygons rasterise to {back:?}, not {m:?}: {polys:?}"
        ));
    }
    check_rings(&polys, "exact")?;
    // The documented order: polygons by their region's first pixel (the outer ring's
    // top-left vertex), each one's holes by their top-left vertex.
    let key = |r: &[Vertex]| (r[0][1], r[0][0]);
    if polys
        .windows(2)
        .any(|w| key(&w[0].outer) >= key(&w[1].outer))
    {
        return Err(format!("polygons out of order: {polys:?}"));
    }
    for p in &polys {
        if p.holes.windows(2).any(|w| key(&w[0]) >= key(&w[1])) {
            return Err(format!("holes out of order: {p:?}"));
        }
    }
    // The same rings as the plain tracer's, vertex for vertex.
    let mut rings: Vec<Vec<Vertex>> = polys
        .iter()
        .flat_map(|p| p.rings())
        .map(|r| r.to_vec())
        .collect();
    let mut traced = oracle::traced_rings(m);
    rings.sort();
    traced.sort();
    if rings != traced {
        return Err(format!(
            "exact rings {rings:?} differ from the traced rings {traced:?}"
        ));
    }
    let area: f64 = polys.iter().map(oracle::area).sum();
    if area != m.count() as f64 {
        return Err(format!("areas sum to {area}, count is {}", m.count()));
    }
    for p in &polys {
        if p.area() != oracle::area(p) {
            return Err(format!(
                "Polygon::area {} != oracle {}",
                p.area(),
                oracle::area(p)
            ));
        }
    }
    let no_holes = m
        .polygons(&PolygonOptions {
            holes: false,
            ..PolygonOptions::default()
        })
        .map_err(|e| e.to_string())?;
    let outers: Vec<Polygon> = polys
        .iter()
        .map(|p| Polygon {
            outer: p.outer.clone(),
            holes: Vec::new(),
        })
        .collect();
    if no_holes != outers {
        return Err("holes: false is not the outer rings alone".into());
    }
    let flipped = m
        .polygons(&PolygonOptions {
            y_flip: true,
            ..PolygonOptions::default()
        })
        .map_err(|e| e.to_string())?;
    let h = m.height() as i32;
    let flip = |r: &[Vertex]| -> Vec<Vertex> {
        let mut v: Vec<Vertex> = r.iter().map(|p| [p[0], h - p[1]]).collect();
        v[1..].reverse();
        v
    };
    let expect: Vec<Polygon> = polys
        .iter()
        .map(|p| Polygon {
            outer: flip(&p.outer),
            holes: p.holes.iter().map(|r| flip(r)).collect(),
        })
        .collect();
    if flipped != expect {
        return Err("y_flip is not every ring flipped and reversed".into());
    }
    check_rings(&flipped, "exact, y flipped")?;
    Ok(polys)
}

/// The convex pieces' promises: each convex with at most `max` vertices, their areas
/// summing to their polygon's, and every sample point of the grid (at an offset no edge
/// passes through) inside the polygons exactly when it is inside one piece, none when
/// outside. Exact polygons' pieces are also checked at the pixel centres.
fn check_pieces(m: &Mask, polys: &[Polygon], max: u32, exact: bool) -> Result<usize, String> {
    let mut all = Vec::new();
    for (i, p) in polys.iter().enumerate() {
        let pieces = p.convex_pieces(max).map_err(|e| e.to_string())?;
        for piece in &pieces {
            let problems = oracle::convex_problems(piece, max as usize);
            if !problems.is_empty() {
                return Err(format!("polygon {i}: piece {piece:?}: {problems:?}"));
            }
        }
        let sum: f64 = pieces.iter().map(|q| perpixel::convex_piece_area(q)).sum();
        if (sum - p.area()).abs() > 1e-6 * p.area().max(1.0) {
            return Err(format!(
                "polygon {i}: pieces' area {sum}, polygon's {}",
                p.area()
            ));
        }
        all.extend(pieces);
    }
    let (w, h) = (m.width(), m.height());
    // Irrational-looking offsets: a sample exactly on a cut (0.37 and 0.41 are: on the
    // diagonal from (0, 0) to (3, 79), 3 * 62.41 / 79 = 2.37) would be in no piece or two.
    let mut offsets = vec![
        (std::f64::consts::FRAC_1_PI, 1.0 / std::f64::consts::E),
        (std::f64::consts::FRAC_1_SQRT_2, 0.577_215_664_901_532_9),
    ];
    if exact {
        offsets.push((0.5, 0.5));
    }
    for (dx, dy) in offsets {
        let inside = oracle::rasterise_at(w, h, polys, dx, dy);
        let count = oracle::coverage(w, h, &all, dx, dy);
        for (k, (&i, &c)) in inside.iter().zip(&count).enumerate() {
            if c != i as u32 {
                let (x, y) = (k as u32 % w, k as u32 / w);
                return Err(format!(
                    "point ({x} + {dx}, {y} + {dy}): inside the polygons {i}, in {c} pieces"
                ));
            }
        }
    }
    Ok(all.len())
}

/// The simplified polygons' promises, against the exact ones.
fn check_simplified(m: &Mask, exact: &[Polygon], epsilon: f64) -> Result<Vec<Polygon>, String> {
    let polys = m.polygons(&opts(epsilon)).map_err(|e| e.to_string())?;
    if polys.len() != exact.len() {
        return Err(format!(
            "{} simplified polygons for {} exact",
            polys.len(),
            exact.len()
        ));
    }
    for (i, (s, e)) in polys.iter().zip(exact).enumerate() {
        if s.holes.len() != e.holes.len() {
            return Err(format!(
                "polygon {i}: {} holes simplified, {} exact",
                s.holes.len(),
                e.holes.len()
            ));
        }
        for (rs, re) in s.rings().zip(e.rings()) {
            oracle::simplified_within(re, rs, epsilon)
                .map_err(|why| format!("polygon {i}: {why}"))?;
        }
    }
    check_rings(&polys, &format!("simplified (epsilon {epsilon})"))?;
    Ok(polys)
}

// ---------------------------------------------------------------------------------------
// Hand-drawn cases: the rules, written out.

fn drawn_rules() {
    // Two pixels touching at a corner: two polygons sharing the corner vertex.
    let m = mask!(
        "#."
        ".#"
    );
    let p = m.polygons(&PolygonOptions::default()).unwrap();
    assert_eq!(p.len(), 2);
    assert_eq!(p[0].outer, [[0, 0], [1, 0], [1, 1], [0, 1]]);
    assert_eq!(p[1].outer, [[1, 1], [2, 1], [2, 2], [1, 2]]);
    // A pocket closed only by a corner contact: a hole touching the outer ring at (3, 2).
    let m = mask!(
        ".###"
        ".#.#"
        ".##."
    );
    let p = m.polygons(&PolygonOptions::default()).unwrap();
    assert_eq!(p.len(), 1);
    assert_eq!(p[0].outer, [[1, 0], [4, 0], [4, 2], [3, 2], [3, 3], [1, 3]]);
    assert_eq!(p[0].holes, [vec![[2, 1], [2, 2], [3, 2], [3, 1]]]);
    // Two holes touching at a corner: two holes sharing (2, 2).
    let m = mask!(
        "####"
        "#.##"
        "##.#"
        "####"
    );
    let p = m.polygons(&PolygonOptions::default()).unwrap();
    assert_eq!(p.len(), 1);
    assert_eq!(p[0].holes.len(), 2);
    // Empty and zero-sized masks: no polygon.
    for (w, h) in [(5, 5), (0, 7)] {
        let none = Mask::empty(w, h)
            .unwrap()
            .polygons(&PolygonOptions::default())
            .unwrap();
        assert!(none.is_empty(), "{w} x {h}");
    }
    // Bad options.
    for bad in [
        opts(-1.0),
        opts(f64::NAN),
        opts(f64::INFINITY),
        PolygonOptions {
            max_vertices: 2,
            ..PolygonOptions::default()
        },
    ] {
        let e = m.polygons(&bad).unwrap_err();
        assert!(
            matches!(e, perpixel::Error::InvalidArgument(_)),
            "{bad:?}: {e}"
        );
    }
    // A simplified disc stays a disc: fewer vertices, same structure.
    let disc = Mask::from_fn(41, 41, |x, y| {
        (x as i32 - 20).pow(2) + (y as i32 - 20).pow(2) <= 400
    })
    .unwrap();
    let exact = check_exact(&disc).unwrap();
    let s = check_simplified(&disc, &exact, 1.0).unwrap();
    assert!(
        s[0].outer.len() * 2 < exact[0].outer.len(),
        "{} vs {}",
        s[0].outer.len(),
        exact[0].outer.len()
    );
    println!(
        "ok   drawn: corner contacts, pinched pockets, touching holes, empty masks, bad options"
    );
}

/// pygame's `Mask.outline(every)`, traced by hand from its rules (see `Mask::outline`).
fn drawn_outline() {
    let cases: &[(Mask, u32, &[[u32; 2]])] = &[
        (Mask::empty(3, 2).unwrap(), 1, &[]),
        (Mask::empty(0, 0).unwrap(), 1, &[]),
        (mask!("..." ".#." "..."), 1, &[[1, 1]]),
        (mask!("##"), 1, &[[0, 0], [1, 0], [0, 0]]),
        (mask!("#." ".#"), 1, &[[0, 0], [1, 1], [0, 0]]),
        (mask!("#." "##"), 1, &[[0, 0], [1, 1], [0, 1], [0, 0]]),
        (
            mask!("#" "#" "#"),
            1,
            &[[0, 0], [0, 1], [0, 2], [0, 1], [0, 0]],
        ),
        (mask!("#" "#" "#"), 2, &[[0, 0], [0, 2], [0, 0]]),
        (mask!("#" "#" "#"), 3, &[[0, 0], [0, 1]]),
        (mask!("#" "#" "#"), 100, &[[0, 0]]),
        // Only the first region; the first pixel alone when it has no neighbour.
        (mask!("#.#" "..#"), 1, &[[0, 0]]),
        // The outer boundary of a ring, clockwise on screen, closed by the first pixel.
        (
            mask!("###" "#.#" "###"),
            1,
            &[
                [0, 0],
                [1, 0],
                [2, 0],
                [2, 1],
                [2, 2],
                [1, 2],
                [0, 2],
                [0, 1],
                [0, 0],
            ],
        ),
        // Entered pixels 3 and 6 of 8: the closing pixel (the 8th) is not listed.
        (mask!("###" "#.#" "###"), 3, &[[0, 0], [2, 1], [0, 2]]),
        (mask!("###" "#.#" "###"), 4, &[[0, 0], [2, 2], [0, 0]]),
    ];
    for (m, every, want) in cases {
        assert_eq!(m.outline(*every).unwrap(), *want, "{m:?} every {every}");
    }
    let e = mask!("#").outline(0).unwrap_err();
    assert!(matches!(e, perpixel::Error::InvalidArgument(_)), "{e}");
    println!(
        "ok   drawn: outline (pygame's rules), {} cases",
        cases.len()
    );
}

// ---------------------------------------------------------------------------------------
// Fixtures and goldens.

fn fixture_dir() -> &'static Path {
    Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/polygons"
    ))
}

fn read_fixture(path: &Path) -> Mask {
    let text = std::fs::read_to_string(path).unwrap();
    let rows: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
    if rows.is_empty() {
        return Mask::empty(0, 0).unwrap();
    }
    common::mask_from_rows(&rows)
}

fn ring_text(r: &[Vertex]) -> String {
    r.iter()
        .map(|v| format!("{},{}", v[0], v[1]))
        .collect::<Vec<_>>()
        .join(" ")
}

fn polys_text(out: &mut String, title: &str, polys: &[Polygon]) {
    writeln!(out, "{title}: {} polygons", polys.len()).unwrap();
    for (i, p) in polys.iter().enumerate() {
        writeln!(out, "  polygon {i} (area {})", p.area()).unwrap();
        writeln!(out, "    outer {}", ring_text(&p.outer)).unwrap();
        for h in &p.holes {
            writeln!(out, "    hole  {}", ring_text(h)).unwrap();
        }
    }
}

/// What the goldens record for one mask; checks the properties on the way.
fn golden_text(m: &Mask) -> String {
    let mut out = String::new();
    writeln!(
        out,
        "mask {} x {}, {} solid",
        m.width(),
        m.height(),
        m.count()
    )
    .unwrap();
    let exact = check_exact(m).unwrap();
    polys_text(&mut out, "exact", &exact);
    for eps in [1.0, 2.5] {
        let s = check_simplified(m, &exact, eps).unwrap();
        polys_text(&mut out, &format!("simplified epsilon {eps}"), &s);
    }
    let flipped = m
        .polygons(&PolygonOptions {
            y_flip: true,
            ..PolygonOptions::default()
        })
        .unwrap();
    polys_text(&mut out, "exact, y_flip", &flipped);
    for (eps, exact) in [(0.0, true), (1.0, false)] {
        let polys = m.polygons(&opts(eps)).unwrap();
        let n = check_pieces(m, &polys, 8, exact).unwrap();
        writeln!(
            out,
            "convex pieces (epsilon {eps}, at most 8 vertices): {n}"
        )
        .unwrap();
        for p in &polys {
            for piece in p.convex_pieces(8).unwrap() {
                let text: Vec<String> =
                    piece.iter().map(|v| format!("{},{}", v[0], v[1])).collect();
                writeln!(out, "  {}", text.join(" ")).unwrap();
            }
        }
    }
    out
}

fn fixtures() {
    let regenerate = std::env::var_os("PERPIXEL_REGENERATE").is_some_and(|v| v == "1");
    let mut names: Vec<_> = std::fs::read_dir(fixture_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    names.sort();
    assert!(names.len() >= 12, "{} fixtures", names.len());
    let mut failed = Vec::new();
    for path in &names {
        let text = golden_text(&read_fixture(path));
        let golden = path.with_extension("golden");
        if regenerate {
            std::fs::write(&golden, &text).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&golden).unwrap_or_else(|e| {
            panic!(
                "{}: {e} (PERPIXEL_REGENERATE=1 writes it)",
                golden.display()
            )
        });
        if want != text {
            println!(
                "FAIL golden {}:\n--- expected\n{want}--- got\n{text}",
                golden.display()
            );
            failed.push(golden.display().to_string());
        }
    }
    assert!(
        failed.is_empty(),
        "goldens differ: {failed:?} (PERPIXEL_REGENERATE=1 rewrites them)"
    );
    let verb = if regenerate { "regenerated" } else { "match" };
    println!("ok   fixtures: {} goldens {verb}", names.len());
}

// ---------------------------------------------------------------------------------------
// Properties.

/// Random masks at every density, or structured ones (`kind` 1..=5: concentric rings,
/// checkerboards, diagonal chains, spirals, blobs with holes).
#[derive(Debug, Clone)]
struct Case {
    spec: MaskSpec,
    kind: u32,
}

impl Case {
    fn build(&self) -> Mask {
        let s = &self.spec;
        let (w, h) = (s.width, s.height);
        let seed = s.seed;
        let step = 2 + (seed % 4) as i64;
        match self.kind {
            0 => Ok(s.build()),
            1 => Mask::from_fn(w, h, |x, y| {
                let (cx, cy) = (w as i64 / 2, h as i64 / 2);
                let d = (x as i64 - cx).abs().max((y as i64 - cy).abs());
                d / step % 2 == 0
            }),
            2 => Mask::from_fn(w, h, |x, y| {
                (x as u64 / (1 + seed % 3) + y as u64 / (1 + seed % 2)) % 2 == 0
            }),
            3 => Mask::from_fn(w, h, |x, y| (x as i64 - y as i64).rem_euclid(step + 1) == 0),
            4 => {
                // A square spiral: walls every `step` pixels, one wall broken per turn.
                Mask::from_fn(w, h, |x, y| {
                    let (x, y) = (x as i64, y as i64);
                    let ring = x.min(y).min(w as i64 - 1 - x).min(h as i64 - 1 - y);
                    ring % step == 0 && !(y == ring + 1 && x <= ring + 1 && ring > 0)
                })
            }
            _ => {
                let mut rng = common::Rng::new(seed);
                let blobs: Vec<(i64, i64, i64)> = (0..6)
                    .map(|_| {
                        (
                            rng.below(w.max(1) as u64) as i64,
                            rng.below(h.max(1) as u64) as i64,
                            2 + rng.below(12) as i64,
                        )
                    })
                    .collect();
                Mask::from_fn(w, h, |x, y| {
                    let inside = |&(bx, by, r): &(i64, i64, i64)| {
                        (x as i64 - bx).pow(2) + (y as i64 - by).pow(2) <= r * r
                    };
                    let n = blobs.iter().filter(|b| inside(b)).count();
                    n % 2 == 1
                })
            }
        }
        .unwrap()
    }
}

fn side() -> impl Strategy<Value = u32> {
    prop_oneof![
        3 => prop::sample::select(vec![0u32, 1, 2, 3, 5, 63, 64, 65]),
        2 => 1u32..=40,
        1 => 41u32..=200,
    ]
}

fn case() -> impl Strategy<Value = Case> {
    (
        common::props::mask_spec(
            side(),
            side(),
            prop_oneof![Just(0u32), Just(256), 0u32..=256],
        ),
        prop_oneof![3 => Just(0u32), 2 => 1u32..=5],
    )
        .prop_map(|(spec, kind)| Case { spec, kind })
}

fn fail(why: String) -> TestCaseError {
    TestCaseError::fail(why)
}

fn prop_exact(c: &Case) -> Result<(), TestCaseError> {
    check_exact(&c.build()).map_err(fail)?;
    Ok(())
}

fn prop_simplified(&(ref c, epsilon): &(Case, f64)) -> Result<(), TestCaseError> {
    let m = c.build();
    let exact = check_exact(&m).map_err(fail)?;
    check_simplified(&m, &exact, epsilon).map_err(fail)?;
    Ok(())
}

fn prop_pieces(&(ref c, epsilon, max): &(Case, f64, u32)) -> Result<(), TestCaseError> {
    let m = c.build();
    let polys = m
        .polygons(&opts(epsilon))
        .map_err(|e| fail(e.to_string()))?;
    check_pieces(&m, &polys, max, epsilon == 0.0).map_err(fail)?;
    // The mask's own pieces: the same, flipped on request.
    let options = PolygonOptions {
        epsilon,
        max_vertices: max,
        y_flip: true,
        ..PolygonOptions::default()
    };
    let flipped = m.convex_pieces(&options).map_err(|e| fail(e.to_string()))?;
    let mut direct = Vec::new();
    for p in &polys {
        direct.extend(p.convex_pieces(max).map_err(|e| fail(e.to_string()))?);
    }
    prop_assert_eq!(flipped.len(), direct.len());
    for (f, d) in flipped.iter().zip(&direct) {
        prop_assert!(perpixel::convex_piece_area(f) > 0.0);
        let mut back: Vec<[f64; 2]> = f.iter().map(|v| [v[0], m.height() as f64 - v[1]]).collect();
        back[1..].reverse();
        prop_assert_eq!(&back, d);
    }
    Ok(())
}

/// The outline's path: solid pixels, each an 8-neighbour of the one before, closed on
/// the first pixel (when it has a neighbour), and `every = k` the `k`-th pixels of it.
fn prop_outline(&(ref c, every): &(Case, u32)) -> Result<(), TestCaseError> {
    let m = c.build();
    let path = m.outline(1).map_err(|e| fail(e.to_string()))?;
    if m.count() == 0 {
        prop_assert!(path.is_empty());
        return Ok(());
    }
    for p in &path {
        prop_assert!(m.is_solid(p[0], p[1]), "{p:?} is not solid");
    }
    for w in path.windows(2) {
        let (dx, dy) = (w[0][0].abs_diff(w[1][0]), w[0][1].abs_diff(w[1][1]));
        prop_assert!(
            dx <= 1 && dy <= 1 && dx + dy > 0,
            "{:?} -> {:?}",
            w[0],
            w[1]
        );
    }
    if path.len() > 1 {
        prop_assert_eq!(path[0], path[path.len() - 1]);
    }
    let sparse = m.outline(every).map_err(|e| fail(e.to_string()))?;
    let want: Vec<[u32; 2]> = path
        .iter()
        .enumerate()
        .filter(|(i, _)| *i == 0 || *i as u32 % every == 0)
        .map(|(_, p)| *p)
        .collect();
    prop_assert_eq!(sparse, want);
    Ok(())
}

fn main() {
    drawn_rules();
    drawn_outline();
    fixtures();
    let n = common::props::cases(128);
    let results = vec![
        common::props::run(
            "polygon_props: exact polygons (rasterise back, simple, non-crossing)",
            n,
            case(),
            prop_exact,
        ),
        common::props::run(
            "polygon_props: simplified polygons (within epsilon, simple, non-crossing)",
            n,
            (
                case(),
                prop_oneof![Just(0.5f64), Just(1.0), 0.1f64..8.0, 8.0f64..40.0],
            ),
            prop_simplified,
        ),
        common::props::run(
            "polygon_props: convex pieces (convex, <= N vertices, cover exactly)",
            n,
            (
                case(),
                prop_oneof![Just(0.0f64), Just(1.0), 0.1f64..12.0],
                3u32..=12,
            ),
            prop_pieces,
        ),
        common::props::run(
            "polygon_props: outline (a closed 8-connected path; every = k keeps every k-th)",
            n,
            (case(), 1u32..=7),
            prop_outline,
        ),
    ];
    common::props::summary("polygon_props", &results, results.len() as u64 * n as u64);
}
