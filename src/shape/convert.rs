//! Masks to pixels (RGBA, BGRA, A8, PNG) and back (colour ranges), raw rows.
