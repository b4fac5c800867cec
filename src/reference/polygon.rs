//! The outline and polygon oracle.
