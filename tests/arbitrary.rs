//! Properties over `any::<CodePoint>()` and `any::<EncodedString<UtfE8>>()`:
//! each compares the library with what std, num-bigint, serde_json,
//! postcard or ciborium do with the same values.

#![cfg(all(feature = "proptest", feature = "serde"))]

use proptest::prelude::*;
use ucsx::{CodePoint, EncodedString, Encoding, UtfE8, UtfInf16};

proptest! {
    #[test]
    fn a_code_point_is_its_integer(cp in any::<CodePoint>()) {
        let big = cp.to_biguint();
        prop_assert_eq!(cp.bits(), big.bits());
        prop_assert_eq!(u128::try_from(&cp).ok(), u128::try_from(&big).ok());
        prop_assert_eq!((cp.clone() + 1u32).to_biguint(), &big + 1u8);
        prop_assert_eq!(cp.clone() + 1u32 - 1u32, cp.clone());
        prop_assert_eq!(cp.to_char(), u32::try_from(&big).ok().and_then(char::from_u32));
    }

    #[test]
    fn code_points_order_as_their_integers(a in any::<CodePoint>(), b in any::<CodePoint>()) {
        prop_assert_eq!(a.cmp(&b), a.to_biguint().cmp(&b.to_biguint()));
    }

    #[test]
    fn a_code_point_reads_back_from_its_notation_and_serde(cp in any::<CodePoint>()) {
        let notation = cp.to_string();
        prop_assert_eq!(notation.clone(), format!("U+{:04X}", cp.to_biguint()));
        prop_assert_eq!(notation.parse::<CodePoint>().unwrap(), cp.clone());
        let json = serde_json::to_string(&cp).unwrap();
        prop_assert_eq!(&json, &serde_json::to_string(&notation).unwrap());
        prop_assert_eq!(serde_json::from_str::<CodePoint>(&json).unwrap(), cp.clone());
        let bytes = postcard::to_allocvec(&cp).unwrap();
        prop_assert_eq!(postcard::from_bytes::<CodePoint>(&bytes).unwrap(), cp.clone());
        let mut c = Vec::new();
        ciborium::into_writer(&cp, &mut c).unwrap();
        prop_assert_eq!(ciborium::from_reader::<CodePoint, _>(&c[..]).unwrap(), cp);
    }

    #[test]
    fn a_string_is_its_code_points(s in any::<EncodedString<UtfE8>>()) {
        let cps: Vec<CodePoint> = s.code_points().collect();
        prop_assert_eq!(s.count(), cps.len());
        prop_assert_eq!(UtfE8::decode_all(s.as_units()).unwrap(), cps.clone());
        prop_assert_eq!(EncodedString::<UtfE8>::from_units(s.clone().into_units()).unwrap(), s.clone());
        // Unicode text is a `String` and back.
        let text: Option<String> = cps.iter().map(|cp| cp.to_char()).collect();
        prop_assert_eq!(s.clone().into_string().ok(), text.clone());
        if let Some(text) = text {
            prop_assert_eq!(EncodedString::<UtfE8>::from(text.as_str()), s.clone());
            let mut pushed = EncodedString::<UtfE8>::new();
            for c in text.chars() {
                pushed.push(c);
            }
            prop_assert_eq!(pushed, s);
        }
    }

    #[test]
    fn display_parses_back(s in any::<EncodedString<UtfE8>>()) {
        prop_assert_eq!(s.to_string().parse::<EncodedString<UtfE8>>().unwrap(), s.clone());
        if let Ok(text) = s.clone().into_string() {
            // As `String`'s, unless the text holds what reads as an escape.
            if !text.contains("\\u{") {
                prop_assert_eq!(s.to_string(), text);
            }
        }
    }

    #[test]
    fn serde_round_trips_and_unicode_text_is_a_string(s in any::<EncodedString<UtfE8>>()) {
        let json = serde_json::to_string(&s).unwrap();
        let bytes = postcard::to_allocvec(&s).unwrap();
        let mut c = Vec::new();
        ciborium::into_writer(&s, &mut c).unwrap();
        prop_assert_eq!(serde_json::from_str::<EncodedString<UtfE8>>(&json).unwrap(), s.clone());
        prop_assert_eq!(postcard::from_bytes::<EncodedString<UtfE8>>(&bytes).unwrap(), s.clone());
        prop_assert_eq!(ciborium::from_reader::<EncodedString<UtfE8>, _>(&c[..]).unwrap(), s.clone());
        if let Ok(text) = s.clone().into_string() {
            prop_assert_eq!(json, serde_json::to_string(&text).unwrap());
            prop_assert_eq!(bytes, postcard::to_allocvec(&text).unwrap());
        } else {
            // The UTF-E-8 bytes, as postcard writes a byte string.
            let mut framed = postcard::to_allocvec(&(s.len_units() as u64)).unwrap();
            framed.extend_from_slice(s.as_units());
            prop_assert_eq!(bytes, framed);
        }
    }

    #[test]
    fn widening_and_narrowing_keep_the_code_points(s in any::<EncodedString<UtfE8>>()) {
        let wide = EncodedString::<UtfInf16>::from(s.clone());
        prop_assert_eq!(UtfInf16::decode_all(wide.as_units()).unwrap(), s.code_points().collect::<Vec<_>>());
        prop_assert_eq!(wide.transcode::<UtfE8>().unwrap(), s.clone());
        let narrow = s.transcode::<ucsx::Utf16>();
        prop_assert_eq!(narrow.is_ok(), s.code_points().all(|cp| cp.to_char().is_some()));
    }

    #[test]
    fn any_string_of_a_format_is_valid_in_it(
        a in any::<EncodedString<ucsx::Utf16>>(),
        b in any::<EncodedString<ucsx::UtfG32>>(),
        c in any::<EncodedString<UtfInf16>>(),
    ) {
        prop_assert!(ucsx::Utf16::validate(a.as_units()).is_ok());
        prop_assert!(ucsx::UtfG32::validate(b.as_units()).is_ok());
        prop_assert!(UtfInf16::validate(c.as_units()).is_ok());
        let big = c.code_points().map(|cp| cp.to_biguint()).max().unwrap_or_default();
        prop_assert!(big.bits() <= ucsx::strategy::DEFAULT_MAX_BITS);
    }
}
