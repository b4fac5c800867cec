//! Editing masks in place: pixels, rectangles, other masks drawn, erased, intersected or
//! xored at an offset, inversion, filled circles and ellipses, thick lines. The caches
//! behind the fast queries are updated for the touched rows and blocks only.
