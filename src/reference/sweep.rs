//! The sweep oracle: every position of the path, in order, tested with the plain pair
//! test (what a game does when it steps a bullet one pixel at a time).

use super::first_contact;
use super::motion::{blocked_normal, contact_normal};
use crate::{Error, Point, Result, Sprite, Sweep, SweepHit, SweepPath};

/// [`Sprite::sweep`] by stepping: `mover` placed at each position of its
/// [`SweepPath`] in turn until [`first_contact`] with `obstacle` finds a pixel.
pub fn sweep(mover: &Sprite, obstacle: &Sprite, dx: i32, dy: i32) -> Result<Sweep> {
    let place = |(ox, oy): (i32, i32)| -> Result<Sprite> {
        let x = i32::try_from(mover.x as i64 + ox as i64);
        let y = i32::try_from(mover.y as i64 + oy as i64);
        match (x, y) {
            (Ok(x), Ok(y)) => Ok(Sprite { x, y, ..*mover }),
            _ => Err(Error::InvalidArgument("outside the i32 range".into())),
        }
    };
    place((dx, dy))?;
    let path = SweepPath::new(dx, dy);
    let steps = path.steps();
    let mut last = *mover;
    for (k, offset) in path.enumerate() {
        let moved = place(offset)?;
        if let Some(contact) = first_contact(obstacle, &moved) {
            if k == 0 {
                return Ok(Sweep::StartsTouching {
                    contact,
                    normal: contact_normal(&moved, obstacle),
                });
            }
            return Ok(Sweep::Hit(SweepHit {
                step: k as u64,
                steps,
                at: Point {
                    x: moved.x as i64,
                    y: moved.y as i64,
                },
                last_free: Point {
                    x: last.x as i64,
                    y: last.y as i64,
                },
                contact,
                normal: Some(blocked_normal(
                    &last,
                    obstacle,
                    (
                        moved.x as i64 - last.x as i64,
                        moved.y as i64 - last.y as i64,
                    ),
                    (dx as i64, dy as i64),
                )),
            }));
        }
        last = moved;
    }
    Ok(Sweep::Clear)
}
