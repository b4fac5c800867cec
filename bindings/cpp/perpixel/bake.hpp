/*
 * perpixel/bake.hpp: masks baked into files: Bundle (many named masks) and BakeInfo.
 *
 * Part of the C++17 wrapper over the perpixel C ABI: include "perpixel.hpp", which
 * includes every part (each part also compiles on its own).
 *
 * License: MIT OR Apache-2.0.
 */
#ifndef PERPIXEL_BAKE_HPP
#define PERPIXEL_BAKE_HPP

#include "perpixel.h"

#include "error.hpp"
#include "mask.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace perpixel {

/// How a baked mask was made, as its file records it (Bundle::info_at).
struct BakeInfo {
    /// The alpha threshold the pixels were compared with; nullopt for masks not made from
    /// pixels (a rule, an overlap).
    std::optional<std::uint8_t> threshold;
    /// The image's columns were mirrored (MaskOptions::flip_x).
    bool flip_x = false;
    /// The image's rows were flipped (MaskOptions::flip_y).
    bool flip_y = false;
    /// The colour key {r, g, b}, when one was used.
    std::optional<std::array<std::uint8_t, 3>> color_key;
};

/// Many named masks baked into one file (`perpixel bake` on a folder or an atlas):
/// move-only RAII over a pp_bundle *. Immutable once loaded; its const members may be
/// called from any number of threads.
class Bundle {
public:
    /// A bundle from baked bytes. Throws Status::BadBakedData on anything invalid.
    static Bundle from_bytes(const void *data, std::size_t len)
    {
        pp_bundle *b = nullptr;
        detail::check(pp_bundle_from_bytes(static_cast<const std::uint8_t *>(data), len, &b));
        return Bundle(b);
    }

    /// A bundle from a baked file (a UTF-8 path). A path that is not a regular file (a FIFO,
    /// a directory, a device) throws Error(Status::Io) before anything is read.
    static Bundle from_file(const std::string &utf8_path)
    {
        pp_bundle *b = nullptr;
        detail::check(pp_bundle_from_path(detail::c_string(utf8_path, "path"), &b));
        return Bundle(b);
    }

    /// Takes ownership of a handle from the C API (nullptr gives an empty Bundle).
    explicit Bundle(pp_bundle *owned) noexcept : handle_(owned) {}

    Bundle(const Bundle &) = delete;
    Bundle &operator=(const Bundle &) = delete;
    Bundle(Bundle &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    Bundle &operator=(Bundle &&other) noexcept
    {
        if (this != &other) {
            pp_bundle_free(handle_);
            handle_ = std::exchange(other.handle_, nullptr);
        }
        return *this;
    }
    ~Bundle() { pp_bundle_free(handle_); }

    /// The C handle, still owned by this Bundle (nullptr after a move).
    const pp_bundle *get() const noexcept { return handle_; }
    /// False for a moved-from Bundle.
    explicit operator bool() const noexcept { return handle_ != nullptr; }

    /// How many masks the bundle holds.
    std::size_t size() const
    {
        std::size_t n = 0;
        detail::check(pp_bundle_count(handle_, &n));
        return n;
    }

    /// How mask number `index` (0 to size() - 1, in file order) was made.
    BakeInfo info_at(std::size_t index) const
    {
        pp_bake_info c{};
        detail::check(pp_bundle_info_at(handle_, index, &c));
        BakeInfo info;
        if (c.has_threshold != 0) {
            info.threshold = c.threshold;
        }
        info.flip_x = c.flip_x != 0;
        info.flip_y = c.flip_y != 0;
        if (c.has_color_key != 0) {
            info.color_key = std::array<std::uint8_t, 3>{c.color_key[0], c.color_key[1],
                                                         c.color_key[2]};
        }
        return info;
    }

    /// The name of mask number `index` (0 to size() - 1, in file order).
    std::string name_at(std::size_t index) const
    {
        std::size_t len = 0; // bytes with the NUL
        detail::check(pp_bundle_name_at(handle_, index, nullptr, 0, &len));
        std::string name(len, '\0');
        detail::check(pp_bundle_name_at(handle_, index, &name[0], name.size(), &len));
        name.resize(len - 1);
        return name;
    }

    /// Every name, in file order.
    std::vector<std::string> names() const
    {
        std::vector<std::string> out;
        const std::size_t n = size();
        out.reserve(n);
        for (std::size_t i = 0; i < n; ++i) {
            out.push_back(name_at(i));
        }
        return out;
    }

    /// The mask called `name` (the bundle's own bits, shared, not copied; it stays valid
    /// after the bundle is gone); nullopt when no mask has that name.
    std::optional<Mask> find(const std::string &name) const
    {
        std::uint8_t found = 0;
        pp_mask *m = nullptr;
        detail::check(pp_bundle_get(handle_, detail::c_string(name, "name"), &found, &m));
        if (found == 0) {
            return std::nullopt;
        }
        return Mask(m);
    }

private:
    pp_bundle *handle_ = nullptr;
};

} // namespace perpixel

#endif /* PERPIXEL_BAKE_HPP */
