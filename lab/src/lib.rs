//! # ucsx-lab: testing proposals for code point encodings
//!
//! The workbench built on [`ucsx`] for people who design or judge
//! encodings of code points: how a proposal behaves, not how to hold text
//! in it (that is `ucsx`'s job).
//!
//! - [`properties`]: a property checker for any [`ucsx::Encoding`], the
//!   built-in formats or a user's own: ten properties the UCS-X texts and
//!   the Unicode Standard discuss (round trip, canonical forms, prefix
//!   freedom, lead/trail distinction, no false match, self-synchronisation,
//!   binary order, length from a prefix, compatibility with UTF-8/16/32,
//!   density) and the error contract of `Encoding`, each PASS or FAIL with
//!   a small counterexample, decided or sampled.
//! - [`describe`]: formats described in TOML (length classes, length
//!   fields, continuation bits, units of 1 to 32 bits, gaps in the range),
//!   built at run time as a [`DescribedFormat`](describe::DescribedFormat),
//!   whose verdicts the checker decides from the templates where they
//!   settle them, or declared as a type that is an [`ucsx::Encoding`]
//!   ([`described_format!`]).
//! - [`report`]: research output to keep and share: one JSON document per
//!   run, corpus counts, the density chart as SVG, a description's classes
//!   as bit diagrams, and a self-contained HTML page on a proposal.
//! - The zoo (`zoo/*.toml` in the crate's repository): earlier proposals
//!   described so, with their verdicts in `docs/zoo.md`.
//!
//! Which crate holds what: code points, the formats and their kernels,
//! strings, streams, serde and the proptest strategies are `ucsx`'s; what
//! the checker samples (length classes, boundary values,
//! [`ArbitraryUnit`](ucsx::sample::ArbitraryUnit)) is `ucsx::sample`,
//! re-exported in [`properties`]; the checker, the description language and
//! the zoo are this crate's; the `ucsx` command (`ucsx-cli`) uses both.
//!
//! ```
//! use ucsx::UtfE8;
//! use ucsx_lab::describe::DescribedFormat;
//! use ucsx_lab::properties::{check, CheckConfig, Verdict};
//!
//! let config = CheckConfig { cases: 64, ..CheckConfig::default() };
//! let report = check::<UtfE8>(&config);
//! assert_eq!(report.get("binary-order").unwrap().verdict, Verdict::Pass);
//!
//! let utf8 = DescribedFormat::builtin(ucsx::Format::Utf8).unwrap();
//! assert!(utf8.check(&config).passed());
//! ```
// The checker and the description language hold no `unsafe`.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

extern crate alloc;

pub mod describe;
pub mod properties;
pub mod report;

/// The `ucsx` crate, for the code [`described_format!`] writes in a crate
/// that may not name it.
#[doc(hidden)]
pub use ucsx as __ucsx;

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
