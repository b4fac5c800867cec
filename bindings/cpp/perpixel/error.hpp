/*
 * perpixel/error.hpp: the status of a failed call and what every failing call throws:
 * Status, status_text, Error (and detail::check, which throws it).
 *
 * Part of the C++17 wrapper over the perpixel C ABI: include "perpixel.hpp", which
 * includes every part (each part also compiles on its own).
 *
 * License: MIT OR Apache-2.0.
 */
#ifndef PERPIXEL_ERROR_HPP
#define PERPIXEL_ERROR_HPP

#include "perpixel.h"

#include <cstdint>
#include <stdexcept>
#include <string>

namespace perpixel {

/// The status of a failed call: the C ABI's pp_status.
enum class Status : std::uint32_t {
    Ok = PP_OK,
    NullPointer = PP_ERR_NULL_POINTER,
    InvalidArgument = PP_ERR_INVALID_ARGUMENT,
    BufferTooSmall = PP_ERR_BUFFER_TOO_SMALL,
    StrideTooSmall = PP_ERR_STRIDE_TOO_SMALL,
    RegionOutOfBounds = PP_ERR_REGION_OUT_OF_BOUNDS,
    TooLarge = PP_ERR_TOO_LARGE,
    Overflow = PP_ERR_OVERFLOW,
    Decode = PP_ERR_DECODE,
    Io = PP_ERR_IO,
    OutOfMemory = PP_ERR_OUT_OF_MEMORY,
    Panic = PP_ERR_PANIC,
    BadBakedData = PP_ERR_BAD_BAKED_DATA,
    InvalidTransform = PP_ERR_INVALID_TRANSFORM,
    StaleBody = PP_ERR_STALE_BODY,
    WrongWorld = PP_ERR_WRONG_WORLD,
    MaskShared = PP_ERR_MASK_SHARED,
};

/// A short static description of a status ("ok", "null pointer", ...).
inline const char *status_text(Status status) noexcept
{
    return pp_status_text(static_cast<std::uint32_t>(status));
}

/// What every failing call throws: the status and the library's message in words.
class Error : public std::runtime_error {
public:
    Error(Status status, const std::string &message)
        : std::runtime_error(message), status_(status)
    {
    }

    /// The status the C call returned.
    Status status() const noexcept { return status_; }

private:
    Status status_;
};

namespace detail {
/// Throws Error for any status but PP_OK, with the calling thread's last error message.
inline void check(pp_status status)
{
    if (status != PP_OK) {
        const char *message = pp_last_error_message();
        throw Error(static_cast<Status>(status),
                    message != nullptr && message[0] != '\0' ? message
                                                             : pp_status_text(status));
    }
}

/// `s` for a C call taking a NUL-terminated string. A string holding a NUL is refused
/// (Status::InvalidArgument): C would read only up to it (another file, another name).
inline const char *c_string(const std::string &s, const char *what)
{
    if (s.find('\0') != std::string::npos) {
        throw Error(Status::InvalidArgument, std::string(what) + " cannot contain NUL");
    }
    return s.c_str();
}
} // namespace detail

} // namespace perpixel

#endif /* PERPIXEL_ERROR_HPP */
