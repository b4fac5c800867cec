/*
 * perpixel/span.hpp: C++20 std::span, when the standard library has it: defines
 * PERPIXEL_HPP_HAS_SPAN, which adds the span overloads of Mask and Sprite.
 *
 * Part of the C++17 wrapper over the perpixel C ABI: include "perpixel.hpp", which
 * includes every part (each part also compiles on its own).
 *
 * License: MIT OR Apache-2.0.
 */
#ifndef PERPIXEL_SPAN_HPP
#define PERPIXEL_SPAN_HPP

#if __cplusplus >= 202002L && defined(__has_include)
#if __has_include(<span>)
#include <span>
#define PERPIXEL_HPP_HAS_SPAN 1
#endif
#endif

#endif /* PERPIXEL_SPAN_HPP */
