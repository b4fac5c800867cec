//! Connected components, labels, centroid, orientation.
