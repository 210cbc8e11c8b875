//! What several test files of the lab share.

#![allow(dead_code)]

#[macro_use]
#[path = "../../../tests/common/shared.rs"]
mod shared;
#[allow(unused_imports)]
pub use shared::*;

/// The shipped description of a built-in format.
pub fn described(format: ucsx::Format) -> ucsx_lab::describe::DescribedFormat {
    ucsx_lab::describe::DescribedFormat::builtin(format)
        .unwrap_or_else(|| panic!("{format} has a description"))
}

/// Asserts that each description is refused at its line and column with a
/// reason holding the given words, and a message of that place then that
/// reason; lists every one that is not.
pub fn assert_refused<S: AsRef<str>>(cases: &[(S, usize, usize, &str)]) {
    let mut wrong = Vec::new();
    for (source, line, column, reason) in cases {
        let source = source.as_ref();
        match ucsx_lab::describe::DescribedFormat::parse(source) {
            Ok(_) => wrong.push(format!("{source:?}: accepted")),
            Err(err)
                if !err.reason().contains(reason)
                    || (err.line(), err.column()) != (*line, *column) =>
            {
                wrong.push(format!(
                    "{source:?}: {err} (expected {line}:{column} {reason:?})"
                ))
            }
            Err(err) => {
                // The message names the place, then the reason.
                let message = format!("line {line}, column {column}: {}", err.reason());
                if err.to_string() != message {
                    wrong.push(format!("{source:?}: {err} (expected {message:?})"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
