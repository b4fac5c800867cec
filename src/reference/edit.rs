//! The editing oracle: every edit pixel by pixel.
