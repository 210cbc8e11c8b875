//! The runtime [`Format`] enum.

/// Placeholder.
#[derive(Clone, Copy, Debug)]
pub enum Format {}
/// Placeholder.
#[derive(Clone, Copy, Debug)]
pub struct ParseFormatError;
