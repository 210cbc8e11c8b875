//! Why a description was refused, and where: a line, a column and a
//! reason, as the parser finds them (`parse.rs`).

use alloc::string::String;
use core::fmt;

/// Why a description was refused, and where.
///
/// ```
/// use ucsx_lab::describe::DescribedFormat;
/// let err = DescribedFormat::parse("name = \"X\"\nunit = 8\nmax = \"U+FF\"\n\n[[class]]\nunits = [\"0xxxxxxx\", \"10xxxxx\"]\n").unwrap_err();
/// assert_eq!(err.line(), 6);
/// assert!(err.reason().contains("7 bits"), "{err}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DescribeError {
    pub(super) line: usize,
    pub(super) column: usize,
    pub(super) reason: String,
}

impl DescribeError {
    /// The line of the description the error is on, from 1.
    ///
    /// ```
    /// let err = ucsx_lab::describe::DescribedFormat::parse("\n\nunit = \"8\"").unwrap_err();
    /// assert_eq!(err.line(), 3);
    /// ```
    pub fn line(&self) -> usize {
        self.line
    }

    /// The column, from 1, in characters.
    ///
    /// ```
    /// let err = ucsx_lab::describe::DescribedFormat::parse("unit = \"8\"").unwrap_err();
    /// assert_eq!(err.column(), 8);
    /// ```
    pub fn column(&self) -> usize {
        self.column
    }

    /// What is wrong.
    ///
    /// ```
    /// let err = ucsx_lab::describe::DescribedFormat::parse("unit = 8").unwrap_err();
    /// assert!(err.reason().contains("missing field"), "{err}");
    /// ```
    pub fn reason(&self) -> &str {
        &self.reason
    }
}

impl fmt::Display for DescribeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.reason
        )
    }
}

impl core::error::Error for DescribeError {}
