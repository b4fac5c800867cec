//! The checks of bounded cost for transformed sprites, shared by `tests/transform_cost.rs`
//! and the `transformed_cost` fuzz target (each includes this file with `#[path]`):
//! a sprite placed by a transform or a matrix ([`Place`]), the one size rule
//! ([`same_rule`]) and the bound on the sampled queries' counted work ([`work_within`]).

use perpixel::{Affine, Error, Mask, Raster, Transform, TransformedSprite};

/// How a sprite is placed.
#[derive(Debug, Clone, Copy)]
pub enum Place {
    T(Transform),
    M(Affine),
}

impl Place {
    pub fn sprite<'m>(&self, m: &'m Mask) -> perpixel::Result<TransformedSprite<'m>> {
        match self {
            Place::T(t) => TransformedSprite::new(m, t),
            Place::M(a) => TransformedSprite::from_affine(m, a),
        }
    }

    /// The raster; with `near_origin`, moved by whole pixels so its corner fits `i32` (a
    /// whole-pixel move moves the raster bit for bit, its size unchanged).
    pub fn raster(&self, m: &Mask, near_origin: bool) -> perpixel::Result<Raster> {
        let whole = |v: f64| if near_origin { v - v.floor() } else { v };
        match *self {
            Place::T(t) => m.rasterise(&Transform {
                x: whole(t.x),
                y: whole(t.y),
                ..t
            }),
            Place::M(mut a) => {
                a.m[0][2] = whole(a.m[0][2]);
                a.m[1][2] = whole(a.m[1][2]);
                m.rasterise_affine(&a)
            }
        }
    }

    /// Rows of the world grid the transformed `w x h` rectangle spans: its corners
    /// through the forward map, in f64 with the platform's sine and cosine (not the
    /// library's fixed-point inverse).
    pub fn rows(&self, w: u32, h: u32) -> f64 {
        let (w, h) = (w as f64, h as f64);
        let corners = [(0.0, 0.0), (w, 0.0), (0.0, h), (w, h)];
        let ys = match self {
            Place::T(t) => {
                let (px, py) = t.pivot.unwrap_or((w / 2.0, h / 2.0));
                let sx = if t.flip_x { -t.scale_x } else { t.scale_x };
                let sy = if t.flip_y { -t.scale_y } else { t.scale_y };
                let (s, c) = t.rotation_degrees.to_radians().sin_cos();
                corners.map(|(u, v)| t.y + py + s * (u - px) * sx + c * (v - py) * sy)
            }
            Place::M(a) => corners.map(|(u, v)| a.m[1][0] * u + a.m[1][1] * v + a.m[1][2]),
        };
        let lo = ys.iter().cloned().fold(f64::MAX, f64::min);
        let hi = ys.iter().cloned().fold(f64::MIN, f64::max);
        hi.ceil() - lo.floor()
    }
}

/// What a constructor's result says, comparable with `rasterise`'s.
pub fn verdict<T>(r: &perpixel::Result<T>) -> String {
    match r {
        Ok(_) => "accepted".into(),
        Err(Error::TooLarge { width, height }) => format!("TooLarge {width}x{height}"),
        Err(Error::InvalidTransform(_)) => "InvalidTransform".into(),
        Err(e) => format!("other error: {e}"),
    }
}

/// The one rule: the sampled sprite is refused exactly when (and as) the raster is, a
/// raster corner outside `i32` aside (then the raster moved near the origin decides).
pub fn same_rule(m: &Mask, place: &Place) -> Result<(), String> {
    let sampled = verdict(&place.sprite(m));
    let raster = match place.raster(m, false) {
        Err(Error::Overflow(_)) => verdict(&place.raster(m, true)),
        r => verdict(&r),
    };
    if sampled == raster {
        Ok(())
    } else {
        Err(format!(
            "{}x{} placed by {place:?}: TransformedSprite {sampled}, rasterise {raster}",
            m.width(),
            m.height()
        ))
    }
}

/// For an accepted pair, every sampled query's counted work (both ways round) is at most
/// the smaller rectangle's rows plus 8 and the smaller raster's pixels: the most work one
/// query did, or `None` when either sprite is refused.
pub fn work_within(ma: &Mask, pa: &Place, mb: &Mask, pb: &Place) -> Result<Option<u64>, String> {
    let (Ok(a), Ok(b)) = (pa.sprite(ma), pb.sprite(mb)) else {
        return Ok(None);
    };
    let area = |m: &Mask, p: &Place| -> Result<u64, String> {
        let r = p
            .raster(m, true)
            .map_err(|e| format!("accepted but not rasterised: {e}"))?;
        Ok(r.mask.width() as u64 * r.mask.height() as u64)
    };
    let pixels = area(ma, pa)?.min(area(mb, pb)?);
    let rows = pa
        .rows(ma.width(), ma.height())
        .min(pb.rows(mb.width(), mb.height()))
        + 8.0;
    let bound = rows + pixels as f64;
    let names = ["collides", "first_contact", "overlap_area"];
    let mut most = 0;
    for (way, work) in [a.query_work(&b), b.query_work(&a)].iter().enumerate() {
        for (name, &w) in names.iter().zip(work) {
            if w as f64 > bound {
                return Err(format!(
                    "{name} ({}): work {w} over the bound {bound} ({rows} rows + {pixels} \
                     pixels) for {pa:?} and {pb:?}",
                    ["a, b", "b, a"][way]
                ));
            }
            most = most.max(w);
        }
    }
    Ok(Some(most))
}
