//! UTF-16, UTF-G-16, UTF-E-16 and UTF-∞-16.

/// UTF-16.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Utf16;
/// UTF-G-16.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct UtfG16;
/// UTF-E-16.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct UtfE16;
/// UTF-∞-16.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct UtfInf16;
