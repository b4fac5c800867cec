//! The shape tools oracle: components, morphology and resampling pixel by pixel.
