//! UTF-8, UTF-G-8 and UTF-E-8.

/// UTF-8 (RFC 3629).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Utf8;
/// UTF-G-8.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct UtfG8;
/// UTF-E-8.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct UtfE8;
