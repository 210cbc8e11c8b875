//! proptest strategies for code points and unit sequences of any
//! [`Encoding`] (feature `proptest`).
//!
//! `any::<CodePoint>()` and `any::<EncodedString<E>>()` work too: see
//! [`any_code_point`] and [`string`] for what they draw.
//!
//! Code points come by length class, with the boundary values of the format
//! over-weighted: the first and last value of each class (derived by
//! probing the encoder, see [`crate::sample::length_classes`]), powers
//! of two and their neighbours, and the Unicode and UCS limits. Values stay
//! in the format's range (up to a bit length for unbounded formats) and off
//! the surrogates. Unit sequences are valid texts, or near-valid ones (one
//! or two units corrupted, dropped, duplicated or inserted) for testing
//! decoders.
//!
//! ```
//! use proptest::prelude::*;
//! use proptest::test_runner::TestRunner;
//! use ucsx::{strategy, Encoding, UtfE8};
//!
//! TestRunner::default()
//!     .run(&strategy::code_point::<UtfE8>(), |cp| {
//!         let units = UtfE8::encode_all(&[cp.clone()]).unwrap();
//!         prop_assert_eq!(UtfE8::decode_all(&units).unwrap(), vec![cp]);
//!         Ok(())
//!     })
//!     .unwrap();
//! ```

use num_bigint::BigUint;
use proptest::prelude::*;
use proptest::sample::select;

pub use crate::sample::ArbitraryUnit;
use crate::sample::{boundary_values, length_classes, Mutation, Range};
use crate::{CodePoint, EncodedString, Encoding, UtfInf16};

/// The bit length [`code_point`] stops at for formats without a last code
/// point.
///
/// ```
/// assert_eq!(ucsx::strategy::DEFAULT_MAX_BITS, 200);
/// ```
pub const DEFAULT_MAX_BITS: u64 = 200;

/// Code points `E` encodes, by length class with boundary values
/// over-weighted; up to [`DEFAULT_MAX_BITS`] bits for unbounded formats.
///
/// ```
/// use proptest::test_runner::TestRunner;
/// use ucsx::{strategy, Encoding, Utf8};
/// TestRunner::default()
///     .run(&strategy::code_point::<Utf8>(), |cp| {
///         assert!(Utf8::can_encode(&cp));
///         Ok(())
///     })
///     .unwrap();
/// ```
pub fn code_point<E: Encoding + 'static>() -> BoxedStrategy<CodePoint> {
    code_point_up_to::<E>(DEFAULT_MAX_BITS)
}

/// Code points `E` encodes of at most `max_bits` bits, by length class with
/// boundary values over-weighted. With `max_bits` 0 that is U+0000 alone.
///
/// ```
/// use proptest::test_runner::TestRunner;
/// use ucsx::{strategy, CodePoint, UtfG32};
/// TestRunner::default()
///     .run(&strategy::code_point_up_to::<UtfG32>(12), |cp| {
///         assert!(cp.bits() <= 12);
///         Ok(())
///     })
///     .unwrap();
/// TestRunner::default()
///     .run(&strategy::code_point_up_to::<UtfG32>(0), |cp| {
///         assert_eq!(cp, CodePoint::ZERO);
///         Ok(())
///     })
///     .unwrap();
/// ```
pub fn code_point_up_to<E: Encoding + 'static>(max_bits: u64) -> BoxedStrategy<CodePoint> {
    if max_bits == 0 {
        // The sampling ranges below start at one bit (the property checker
        // needs a value to probe), so the one value of zero bits is given
        // here.
        return Just(CodePoint::ZERO).boxed();
    }
    let range = Range::of::<E>(max_bits);
    let boundaries = boundary_values::<E>(max_bits);
    let classes: Vec<(BigUint, BigUint)> = length_classes::<E>(max_bits)
        .into_iter()
        .map(|c| {
            let first = c.first.to_biguint();
            let span = c.last.to_biguint() - &first + 1u8;
            (first, span)
        })
        .collect();
    let r1 = range.clone();
    let in_class = select(classes)
        .prop_flat_map(|(first, span)| {
            let digits = (span.bits() / 32 + 2) as usize;
            (
                Just(first),
                Just(span),
                prop::collection::vec(any::<u32>(), digits),
            )
        })
        .prop_map(move |(first, span, d)| {
            CodePoint::from(r1.clamp(first + BigUint::new(d) % span))
        });
    let r2 = range.clone();
    let by_bits = (0..=range.bits())
        .prop_flat_map(|bits| {
            let digits = bits.div_ceil(32) as usize;
            (Just(bits), prop::collection::vec(any::<u32>(), digits))
        })
        .prop_map(move |(bits, d)| {
            if bits == 0 {
                return CodePoint::ZERO;
            }
            let mask = (BigUint::from(1u8) << bits) - 1u8;
            let v = (BigUint::new(d) & mask) | (BigUint::from(1u8) << (bits - 1));
            CodePoint::from(r2.clamp(v))
        });
    prop_oneof![
        2 => select(boundaries),
        1 => in_class,
        1 => by_bits,
    ]
    .boxed()
}

/// Any unit of type `U`, all values equally likely.
///
/// ```
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let mut runner = TestRunner::default();
/// let unit: u16 = ucsx::strategy::unit::<u16>().new_tree(&mut runner).unwrap().current();
/// let _ = unit;
/// ```
pub fn unit<U: ArbitraryUnit>() -> BoxedStrategy<U> {
    any::<u32>().prop_map(U::from_u32_truncating).boxed()
}

/// Valid unit sequences of `E`: the codes of 0 to 11 code points from
/// [`code_point`].
///
/// ```
/// use proptest::test_runner::TestRunner;
/// use ucsx::{strategy, Encoding, Utf8};
/// TestRunner::default()
///     .run(&strategy::valid_units::<Utf8>(), |bytes| {
///         assert!(std::str::from_utf8(&bytes).is_ok());
///         Ok(())
///     })
///     .unwrap();
/// ```
pub fn valid_units<E: Encoding + 'static>() -> BoxedStrategy<Vec<E::Unit>> {
    prop::collection::vec(code_point::<E>(), 0..12)
        .prop_filter_map("the format refuses a value of its range", |cps| {
            E::encode_all(&cps).ok()
        })
        .boxed()
}

/// Near-valid unit sequences of `E`: a valid sequence with one or two units
/// corrupted, dropped, duplicated or inserted (new units drawn from all
/// values of the unit type). What a decoder must reject or read without
/// panicking.
///
/// ```
/// use proptest::test_runner::TestRunner;
/// use ucsx::{strategy, Encoding, Utf8};
/// TestRunner::default()
///     .run(&strategy::near_valid_units::<Utf8>(), |bytes| {
///         // ucsx agrees with std on every input.
///         assert_eq!(Utf8::validate(&bytes).is_ok(), std::str::from_utf8(&bytes).is_ok());
///         Ok(())
///     })
///     .unwrap();
/// ```
pub fn near_valid_units<E: Encoding + 'static>() -> BoxedStrategy<Vec<E::Unit>>
where
    E::Unit: ArbitraryUnit,
{
    let mutation = (0..4u8, any::<usize>(), any::<u32>()).prop_map(|(kind, i, u)| match kind {
        0 => Mutation::Corrupt(i, u),
        1 => Mutation::Drop(i),
        2 => Mutation::Duplicate(i),
        _ => Mutation::Insert(i, u),
    });
    (valid_units::<E>(), prop::collection::vec(mutation, 1..=2))
        .prop_map(|(mut units, mutations)| {
            for m in mutations {
                m.apply(&mut units);
            }
            units
        })
        .boxed()
}

/// What `any::<CodePoint>()` draws: code points of up to
/// [`DEFAULT_MAX_BITS`] bits by the length classes of UTF-∞-16 (the one
/// format without a last code point) with their boundary values
/// over-weighted, as [`code_point`] gives them, and one time in ten a
/// surrogate, U+D800..U+DFFF, a code point as well though no built-in
/// format encodes it.
///
/// ```
/// use proptest::prelude::*;
/// use proptest::test_runner::TestRunner;
/// use ucsx::CodePoint;
/// TestRunner::default()
///     .run(&any::<CodePoint>(), |cp| {
///         prop_assert!(cp.bits() <= ucsx::strategy::DEFAULT_MAX_BITS);
///         prop_assert_eq!(cp.to_string().parse::<CodePoint>().unwrap(), cp);
///         Ok(())
///     })
///     .unwrap();
/// ```
pub fn any_code_point() -> BoxedStrategy<CodePoint> {
    prop_oneof![
        9 => code_point::<UtfInf16>(),
        1 => (0xD800u32..=0xDFFF).prop_map(CodePoint::from),
    ]
    .boxed()
}

/// What `any::<EncodedString<E>>()` draws: strings of 0 to 15 code points,
/// each an arbitrary `char` three times in four and otherwise a value
/// from [`code_point`] (the boundary values of `E`'s length classes, and
/// beyond Unicode where `E` reaches). A `char` `E` cannot encode (only in a
/// format outside the crate) is left out.
///
/// ```
/// use proptest::prelude::*;
/// use proptest::test_runner::TestRunner;
/// use ucsx::{EncodedString, Encoding, UtfE8};
/// TestRunner::default()
///     .run(&any::<EncodedString<UtfE8>>(), |s| {
///         prop_assert!(s.count() < 16);
///         prop_assert!(UtfE8::validate(s.as_units()).is_ok());
///         Ok(())
///     })
///     .unwrap();
/// ```
pub fn string<E: Encoding + 'static>() -> BoxedStrategy<EncodedString<E>> {
    let item = prop_oneof![
        3 => any::<char>().prop_map(CodePoint::from),
        1 => code_point::<E>(),
    ];
    prop::collection::vec(item, 0..16)
        .prop_map(|cps| {
            let kept = cps.into_iter().filter(|cp| E::can_encode(cp));
            // Every value left is one `E` encodes, within the default
            // decode limit (`DEFAULT_MAX_BITS` is far below it).
            EncodedString::try_from_code_points(kept).unwrap_or_default()
        })
        .boxed()
}

#[cfg_attr(docsrs, doc(cfg(feature = "proptest")))]
impl Arbitrary for CodePoint {
    type Parameters = ();
    type Strategy = BoxedStrategy<CodePoint>;

    /// [`any_code_point`].
    fn arbitrary_with((): ()) -> Self::Strategy {
        any_code_point()
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "proptest")))]
impl<E: Encoding + 'static> Arbitrary for EncodedString<E> {
    type Parameters = ();
    type Strategy = BoxedStrategy<EncodedString<E>>;

    /// [`string`].
    fn arbitrary_with((): ()) -> Self::Strategy {
        string::<E>()
    }
}
