//! Morphology and resampling: grow, shrink, convolve, scale, crop.
