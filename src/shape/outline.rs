//! Outlines: the boundary pixels of a mask as paths.
