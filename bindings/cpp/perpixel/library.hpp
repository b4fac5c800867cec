/*
 * perpixel/library.hpp: the library itself: its version, and the process-wide mask size limit.
 *
 * Part of the C++17 wrapper over the perpixel C ABI: include "perpixel.hpp", which
 * includes every part (each part also compiles on its own).
 *
 * License: MIT OR Apache-2.0.
 */
#ifndef PERPIXEL_LIBRARY_HPP
#define PERPIXEL_LIBRARY_HPP

#include "perpixel.h"

#include "error.hpp"

#include <cstdint>
#include <string>

namespace perpixel {

/// The library's version, "major.minor.patch".
inline std::string version() { return pp_version(); }

/// The library's version as major * 10000 + minor * 100 + patch; compare it with
/// PP_VERSION_NUMBER to detect a library that does not match this header.
inline std::uint32_t version_number() noexcept { return pp_version_number(); }

/// The most pixels one mask may hold right now (default PP_MAX_MASK_PIXELS = 2^26).
/// Larger masks, and images whose header claims more, throw Error(Status::TooLarge).
inline std::uint64_t max_mask_pixels() noexcept { return pp_max_mask_pixels(); }

/// Sets the process-wide mask size limit (at least 1; throws Status::InvalidArgument for
/// 0). Masks already built are unaffected. Call it at start-up.
inline void set_max_mask_pixels(std::uint64_t pixels)
{
    detail::check(pp_set_max_mask_pixels(pixels));
}

} // namespace perpixel

#endif /* PERPIXEL_LIBRARY_HPP */
