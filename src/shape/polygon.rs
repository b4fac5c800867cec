//! Polygons from masks: outer boundaries and holes, exact or simplified, convex pieces.
