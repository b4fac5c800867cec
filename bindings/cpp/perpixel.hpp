/*
 * perpixel.hpp: a header-only C++17 wrapper over the perpixel C ABI (perpixel.h).
 *
 * Pixel-perfect 2D sprite collision: build a perpixel::Mask once per sprite image, place
 * it with a perpixel::Sprite, and ask collides / first_contact / overlap_area /
 * overlap_mask. Every call goes through the C functions in perpixel.h; nothing is
 * reimplemented here, so C, C++, C# and Rust always give the same answers.
 *
 *   #include "perpixel.hpp"
 *   auto ship = perpixel::Mask::from_image_file("ship.png");
 *   auto rock = perpixel::Mask::from_image_file("rock.png");
 *   perpixel::Sprite a(ship, 100, 40), b(rock, 110, 50);
 *   if (auto hit = a.first_contact(b)) std::printf("hit at %lld,%lld\n",
 *                                                  (long long)hit->x, (long long)hit->y);
 *
 * Motion: Sprite::sweep (with the contact normal where it stopped), contact_normal,
 * push_out (PushOptions), move_and_slide (MoveOptions, over a vector, a pointer and a count,
 * or a C++20 span of obstacles), raycast and solid_at; TransformedSprite::solid_at.
 *
 * Errors: every failing C call throws perpixel::Error (a std::runtime_error) carrying the
 * perpixel::Status and the library's message. Queries on valid masks never throw except
 * on a moved-from Mask (Status::NullPointer).
 *
 * Ownership: Mask is move-only RAII over a pp_mask * (freed in the destructor). A
 * moved-from Mask holds nothing; using it throws Error(Status::NullPointer) rather than
 * crashing. Sprite borrows its Mask: the Mask must outlive it (binding a Sprite to a
 * temporary Mask does not compile).
 *
 * Threads: a Mask nobody edits may be shared: any number of threads may call its const
 * members (and query Sprites built on it) at once without locks; editing it in place (its
 * non-const members), destroying or assigning to it needs exclusive access. Bounds2D, Point, MaskOptions, Sprite and the
 * motion types (Normal, PushOptions, Offset, MoveOptions, MoveResult, RayHit) are plain
 * values. Errors are per thread (the message an Error carries is the throwing thread's).
 * set_max_mask_pixels changes one process-wide setting: call it at start-up.
 *
 * World: move-only RAII over a pp_world * holding bodies (BodyId values, generational:
 * an id of a destroyed body throws Status::StaleBody). update() returns Events whose
 * PairViews point into the world's arrays, valid until the next update. Changes from one
 * thread at a time (a change racing another call throws Status::InvalidArgument); the
 * const members may run on many threads at once while nothing changes the world.
 *
 * The C ABI's conventions underneath (statuses, handles, buffers, absent answers versus
 * errors, options defaults) are in ARCHITECTURE.md, "The C ABI conventions".
 *
 * Parts: the wrapper is split by concept into the headers of perpixel/ beside this one;
 * this header includes them all, and including it is all a user needs. Each part compiles
 * on its own (it includes the parts and standard headers it uses):
 *   perpixel/span.hpp       PERPIXEL_HPP_HAS_SPAN (C++20 std::span)
 *   perpixel/error.hpp      Status, status_text, Error
 *   perpixel/library.hpp    version, version_number, max_mask_pixels, set_max_mask_pixels
 *   perpixel/geometry.hpp   Point, Normal, Offset, Bounds2D
 *   perpixel/motion.hpp     SweepResult, PushOptions, MoveOptions, MoveResult, RayHit,
 *                           normal_radius, normal_flat_run, sweep_path_position
 *   perpixel/shapes.hpp     ComponentOptions, ComponentLabels, MorphOptions, Rgba, ColorRange
 *   perpixel/mask.hpp       Mask, PixelFormat, MaskOptions, Overlap
 *   perpixel/sprite.hpp     Sprite
 *   perpixel/transform.hpp  Transform, Raster (Mask::rasterise), TransformedSprite
 *   perpixel/polygons.hpp   PolygonOptions, Vertex, VertexF, Polygons, ConvexPieces
 *                           (Mask::polygons, convex_pieces, outline)
 *   perpixel/bake.hpp       Bundle, BakeInfo
 *   perpixel/world.hpp      World, WorldSnapshot, BodyId, BodyDef, Filter, MaskEdit, Events...
 *
 * Requirements: C++17 (std::optional); with C++20, std::span overloads are added.
 * Link with the perpixel library (CMake: perpixel::perpixel or perpixel::perpixel_static;
 * pkg-config: perpixel).
 *
 * License: MIT OR Apache-2.0.
 */
#ifndef PERPIXEL_HPP
#define PERPIXEL_HPP

#include "perpixel/span.hpp"
#include "perpixel/error.hpp"
#include "perpixel/library.hpp"
#include "perpixel/geometry.hpp"
#include "perpixel/motion.hpp"
#include "perpixel/shapes.hpp"
#include "perpixel/mask.hpp"
#include "perpixel/sprite.hpp"
#include "perpixel/transform.hpp"
#include "perpixel/polygons.hpp"
#include "perpixel/bake.hpp"
#include "perpixel/world.hpp"

#endif /* PERPIXEL_HPP */
