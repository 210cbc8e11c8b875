//! A described format as an [`Encoding`]: the bridge from a description
//! read at run time to the library's generic API (the string types,
//! transcoding, the `io` adapters, the proptest strategies, the checker).
//!
//! `Encoding` has associated functions only, no `self`: a format is a
//! type, and its unit type, name and surrogate policy are compile-time
//! facts. So a described format gets a type of its own, declared by
//! [`described_format!`](crate::described_format), which names those facts
//! and the description's text; the description is read once, on first use,
//! into a `OnceLock`, and every function of the trait runs it. The type's
//! declared facts are checked against the description when it is read: a
//! mismatch is a [`DescribeError`] at the key that disagrees, as any other
//! fault of the description is.
//!
//! Why a type per format and not a format value beside the trait: the
//! trait is the public contract every generic item of `ucsx` is written
//! against (`EncodedString<E>`, `transcode::<A, B>`, `CodePointReader<R,
//! E>`, `strategy::string::<E>`, `check::<E>`), and a type lets all of
//! them take a described format unchanged, at no cost to the built-in
//! formats. The price is one declaration per format, at compile time; a
//! format known only at run time (a file the user names) stays a
//! [`DescribedFormat`] value, with its own methods and decided verdicts.
//!
//! An invalid description is a format with no codes: nothing reads it
//! into a panic. [`Described::described`] returns the error;
//! [`Encoding::encode`] refuses every code point (kind
//! [`BeyondRange`](ucsx::EncodeErrorKind::BeyondRange), the last code
//! point U+0000), [`Encoding::decode`] refuses every first unit (kind
//! [`InvalidLead`](DecodeErrorKind::InvalidLead), one unit),
//! [`Encoding::can_encode`] is false for every code point, and
//! [`Encoding::max_code_point`] is U+0000, the trait having no way to say
//! "none".

use alloc::vec::Vec;

use super::{DescribeError, DescribedFormat};
use ucsx::sample::ArbitraryUnit;
use ucsx::{CodePoint, DecodeError, DecodeErrorKind, DecodeLimits, EncodeError, SurrogatePolicy};

/// A type that stands for a described format: what
/// [`described_format!`](crate::described_format) implements, beside
/// [`ucsx::Encoding`].
///
/// ```
/// use ucsx_lab::describe::Described;
///
/// ucsx_lab::described_format! {
///     /// Two bytes at most, as UTF-8's first two classes.
///     pub struct TwoByte {
///         name: "two-byte",
///         unit: u8,
///         source: "name = \"two-byte\"\nunit = 8\nmax = \"U+7FF\"\n\
///                  [[class]]\nunits = [\"0xxxxxxx\"]\n\
///                  [[class]]\nunits = [\"110xxxxx\", \"10xxxxxx\"]\n",
///     }
/// }
/// assert_eq!(TwoByte::described()?.unit_bits(), 8);
/// assert!(TwoByte::described()?.source().contains("110xxxxx"));
/// # Ok::<(), ucsx_lab::describe::DescribeError>(())
/// ```
pub trait Described: ucsx::Encoding {
    /// The format, read from its description on the first call (once per
    /// process), or why the description is refused: a fault of the
    /// language, or a disagreement with the type's declared name, unit
    /// type or surrogate policy, with its line and column.
    ///
    /// ```
    /// use ucsx_lab::describe::Described;
    /// ucsx_lab::described_format! {
    ///     /// A seven-bit format held in bytes, declared with the wrong name.
    ///     pub struct Misnamed {
    ///         name: "ASCII",
    ///         unit: u8,
    ///         source: "name = \"seven\"\nunit = 7\nmax = \"U+7F\"\n[[class]]\nunits = [\"xxxxxxx\"]\n",
    ///     }
    /// }
    /// let err = Misnamed::described().unwrap_err();
    /// assert_eq!((err.line(), err.column()), (1, 8));
    /// assert!(err.reason().contains("\"ASCII\""), "{err}");
    /// ```
    fn described() -> Result<&'static DescribedFormat, DescribeError>;
}

/// Declares a type that is a described format: an [`ucsx::Encoding`] (so
/// a format for `EncodedString`, `transcode`, the `io` adapters, the
/// strategies and [`check`](crate::properties::check)) and a
/// [`Described`], from the description's text (a string, often
/// `include_str!("format.toml")`).
///
/// The declaration names what the trait needs at compile time: the
/// format's `name` (its `NAME`, which must be the description's), its
/// `unit` type (the smallest of `u8`, `u16` and `u32` that holds the
/// description's unit: `u16` for UTF-9's nonets) and, optionally, its
/// `surrogates` policy (`Refuse`, the default, or `Encode`), which must be
/// the description's. The description is read on first use; if it is
/// refused, every encode and decode fails (see [`Described`]), and
/// [`Described::described`] says why.
///
/// ```
/// use ucsx::{CodePoint, EncodedString, Encoding};
/// use ucsx_lab::describe::Described;
/// use ucsx_lab::properties::{check, CheckConfig, Method, Verdict};
///
/// ucsx_lab::described_format! {
///     /// UTF-9 (RFC 4042 §3): nonets, eight bits of the value in each,
///     /// the ninth set in every nonet but the last of a code.
///     pub struct Utf9 {
///         name: "UTF-9",
///         unit: u16,
///         source: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/zoo/utf-9.toml")),
///     }
/// }
///
/// // A string held in the format: its units are nonets, in u16.
/// let s = "Aé€".chars().map(CodePoint::from).collect::<Result<EncodedString<Utf9>, _>>()?;
/// assert_eq!(s.as_units(), [0x041, 0x0E9, 0x120, 0x0AC]);
///
/// // Transcoding, one-shot and as a stream (units as big-endian bytes).
/// let mut units = Vec::new();
/// ucsx::transcode::<ucsx::Utf8, Utf9>("€".as_bytes(), &mut units)?;
/// assert_eq!(units, [0x120, 0x0AC]);
/// let mut bytes = Vec::new();
/// ucsx::io::transcode_generic::<ucsx::Utf8, Utf9, _, _>(
///     "Aé".as_bytes(), &mut bytes, &Default::default(), &mut |_| {})?;
/// assert_eq!(bytes, [0x00, 0x41, 0x00, 0xE9]);
///
/// // The checker takes it as any format; the description's own report
/// // adds the verdicts its templates decide.
/// let config = CheckConfig { cases: 32, ..CheckConfig::default() };
/// assert_eq!(check::<Utf9>(&config).get("round-trip").unwrap().verdict, Verdict::Pass);
/// let canonical = Utf9::described()?.check(&config).get("canonical").cloned().unwrap();
/// assert_eq!((canonical.verdict, canonical.method), (Verdict::Pass, Method::Decided));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[macro_export]
macro_rules! described_format {
    (
        $(#[$attr:meta])*
        $vis:vis struct $ty:ident {
            name: $name:literal,
            unit: $unit:ty,
            $(surrogates: $policy:ident,)?
            source: $source:expr $(,)?
        }
    ) => {
        $(#[$attr])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $vis struct $ty;

        impl $crate::describe::Described for $ty {
            fn described() -> ::core::result::Result<
                &'static $crate::describe::DescribedFormat,
                $crate::describe::DescribeError,
            > {
                static FORMAT: ::std::sync::OnceLock<
                    ::core::result::Result<
                        $crate::describe::DescribedFormat,
                        $crate::describe::DescribeError,
                    >,
                > = ::std::sync::OnceLock::new();
                FORMAT
                    .get_or_init(|| {
                        $crate::describe::bridge::read::<$unit>(
                            $source,
                            $name,
                            <$ty as $crate::__ucsx::Encoding>::SURROGATES,
                        )
                    })
                    .as_ref()
                    .map_err(::core::clone::Clone::clone)
            }
        }

        impl $crate::__ucsx::Encoding for $ty {
            type Unit = $unit;
            const NAME: &'static str = $name;
            const SURROGATES: $crate::__ucsx::SurrogatePolicy =
                $crate::__described_policy!($($policy)?);

            fn max_code_point() -> ::core::option::Option<$crate::__ucsx::CodePoint> {
                $crate::describe::bridge::max_code_point::<Self>()
            }

            fn encode(
                cp: &$crate::__ucsx::CodePoint,
                out: &mut ::std::vec::Vec<$unit>,
            ) -> ::core::result::Result<(), $crate::__ucsx::EncodeError> {
                $crate::describe::bridge::encode::<Self>(cp, out)
            }

            fn decode(
                input: &[$unit],
            ) -> ::core::result::Result<($crate::__ucsx::CodePoint, usize), $crate::__ucsx::DecodeError>
            {
                $crate::describe::bridge::decode::<Self>(input, &$crate::__ucsx::DecodeLimits::default())
            }

            fn decode_with_limits(
                input: &[$unit],
                limits: &$crate::__ucsx::DecodeLimits,
            ) -> ::core::result::Result<($crate::__ucsx::CodePoint, usize), $crate::__ucsx::DecodeError>
            {
                $crate::describe::bridge::decode::<Self>(input, limits)
            }

            fn can_encode(cp: &$crate::__ucsx::CodePoint) -> bool {
                $crate::describe::bridge::can_encode::<Self>(cp)
            }

            fn reads_past_code() -> bool {
                $crate::describe::bridge::reads_past_code::<Self>()
            }
        }
    };
}

/// The surrogate policy a [`described_format!`](crate::described_format)
/// declaration names, `Refuse` when it names none.
#[doc(hidden)]
#[macro_export]
macro_rules! __described_policy {
    () => {
        $crate::__ucsx::SurrogatePolicy::Refuse
    };
    ($policy:ident) => {
        $crate::__ucsx::SurrogatePolicy::$policy
    };
}

/// What the code [`described_format!`](crate::described_format) writes
/// calls: each function of [`ucsx::Encoding`] run on the type's
/// description, or the refusal of an invalid one. Not for direct use.
#[doc(hidden)]
pub mod bridge {
    use super::*;

    /// Reads `source` for a type of unit `U`, named `name`, of policy
    /// `surrogates`.
    pub fn read<U: ArbitraryUnit>(
        source: &str,
        name: &str,
        surrogates: SurrogatePolicy,
    ) -> Result<DescribedFormat, DescribeError> {
        DescribedFormat::parse_declared(source, name, U::BITS, surrogates)
    }

    /// The format's last code point; U+0000 for an invalid description.
    pub fn max_code_point<E: Described>() -> Option<CodePoint> {
        match E::described() {
            Ok(d) => d.max_code_point(),
            Err(_) => Some(CodePoint::from(0u8)),
        }
    }

    /// Whether the format encodes `cp`; never for an invalid description.
    pub fn can_encode<E: Described>(cp: &CodePoint) -> bool {
        E::described().is_ok_and(|d| d.can_encode(cp))
    }

    /// Whether decoding reads past a code (a `[pair]` rule); never for an
    /// invalid description.
    pub fn reads_past_code<E: Described>() -> bool {
        E::described().is_ok_and(|d| d.reads_past_code())
    }

    /// Appends the code of `cp`.
    pub fn encode<E: Described>(cp: &CodePoint, out: &mut Vec<E::Unit>) -> Result<(), EncodeError>
    where
        E::Unit: TryFrom<u32>,
    {
        match E::described() {
            Ok(d) => d.encode_into(cp, out),
            Err(_) => Err(EncodeError::beyond_range(
                E::NAME,
                cp.to_u64(),
                CodePoint::from(0u8),
            )),
        }
    }

    /// The first code of `input`.
    pub fn decode<E: Described>(
        input: &[E::Unit],
        limits: &DecodeLimits,
    ) -> Result<(CodePoint, usize), DecodeError>
    where
        E::Unit: Into<u32>,
    {
        match E::described() {
            Ok(d) => d.decode_with_limits(input, limits),
            Err(_) => Err(DecodeError::new(
                E::NAME,
                DecodeErrorKind::InvalidLead,
                0,
                Some(1),
            )),
        }
    }
}
