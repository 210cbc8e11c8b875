//! The vector checks against each other, std, simdutf8 and the scalar
//! decoders.

use proptest::prelude::*;

/// A version of the check: the valid prefix it gives.
type Prefix = fn(&[u8]) -> usize;

/// The versions of the check for codes of up to `LONGEST` bytes that this
/// processor runs, SSSE3 first: AVX2, AVX-512 and AVX-512 with VBMI where
/// it has them.
/// Empty where it lacks even SSSE3 (the callers then say they skipped).
fn versions<const LONGEST: usize>() -> Vec<(&'static str, Prefix)> {
    let mut versions: Vec<(&'static str, Prefix)> = Vec::new();
    if has_feature!("ssse3") {
        // SAFETY (each closure): the processor supports the version's
        // feature, checked just before it is listed.
        versions.push(("SSSE3", |b| unsafe {
            super::x86::ssse3::valid_prefix_blocks::<LONGEST>(b)
        }));
    }
    if has_feature!("avx2") {
        versions.push(("AVX2", |b| unsafe {
            super::x86::avx2::valid_prefix_blocks::<LONGEST>(b)
        }));
    }
    if has_feature!("avx512bw") {
        versions.push(("AVX-512", |b| unsafe {
            super::x86::avx512::valid_prefix_blocks::<LONGEST>(b)
        }));
    }
    if has_feature!("avx512bw") && has_feature!("avx512vbmi") {
        versions.push(("AVX-512 VBMI", |b| unsafe {
            super::x86::avx512::valid_prefix_blocks_vbmi::<LONGEST>(b)
        }));
    }
    versions
}

/// The prefix every version of [`versions`] gives, the same for all.
fn agreed_prefix<const LONGEST: usize>(input: &[u8]) -> Result<Option<usize>, TestCaseError> {
    let versions = versions::<LONGEST>();
    let Some(&(_, first)) = versions.first() else {
        eprintln!("skipped: this processor lacks SSSE3");
        return Ok(None);
    };
    let prefix = first(input);
    for (name, version) in &versions[1..] {
        prop_assert_eq!(version(input), prefix, "{} against SSSE3", name);
    }
    Ok(Some(prefix))
}

/// Every version of the UTF-8 check gives the same prefix; it is valid
/// UTF-8 and reaches the last whole block before the first error, less the
/// code that ends there (`boundary_before` steps back over it, whole or cut
/// off, without asking which).
fn versions_agree(input: &[u8]) -> Result<(), TestCaseError> {
    let Some(prefix) = agreed_prefix::<4>(input)? else {
        return Ok(());
    };
    let valid_up_to = core::str::from_utf8(input).map_or_else(|e| e.valid_up_to(), |_| input.len());
    // The portable glue's prefix is the longest, std's `valid_up_to`.
    prop_assert_eq!(super::prefix_via_simdutf8(input), valid_up_to);
    prop_assert!(prefix <= valid_up_to);
    prop_assert!(
        prefix + 4 >= valid_up_to / 64 * 64,
        "{} {}",
        prefix,
        valid_up_to
    );
    Ok(())
}

/// Valid UTF-8 of every length, with a near-valid piece somewhere in
/// it (one or two bytes changed, dropped, repeated or added).
#[cfg(feature = "proptest")]
fn near_valid() -> impl Strategy<Value = Vec<u8>> {
    use crate::{strategy, Utf8};
    let pieces = prop::collection::vec(strategy::valid_units::<Utf8>(), 1..30);
    (
        pieces,
        strategy::near_valid_units::<Utf8>(),
        any::<prop::sample::Index>(),
    )
        .prop_map(|(mut pieces, bad, at)| {
            pieces.insert(at.index(pieces.len() + 1), bad);
            pieces.concat()
        })
}

#[cfg(feature = "proptest")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    #[cfg_attr(not(ucsx_cpu_avx2), ignore = "the processor lacks AVX2")]
    fn the_versions_agree_on_near_valid_text(input in near_valid()) {
        versions_agree(&input)?;
    }
}

/// The UTF-G-8 check: every version gives the same prefix; it is valid
/// UTF-G-8, ends on a code boundary, and reaches the last whole block
/// before the first code that is not UTF-G-8 (by the scalar decoder), less
/// the code that ends there. And `validate` of UTF-G-8 and UTF-E-8 run on
/// each version gives the scalar decoder's verdict.
fn long_versions_agree(input: &[u8]) -> Result<(), TestCaseError> {
    use super::super::{validate_with, UTF_E_8, UTF_G_8};
    use crate::{Encoding, UtfE8, UtfG8};
    let Some(prefix) = agreed_prefix::<6>(input)? else {
        return Ok(());
    };
    prop_assert!(UtfG8::validate(&input[..prefix]).is_ok(), "{}", prefix);
    let valid_up_to = UtfG8::decode_u64s(input, &mut Vec::new())
        .map_or_else(|e| e.valid_up_to(), |()| input.len());
    prop_assert!(prefix <= valid_up_to);
    prop_assert!(
        prefix + 6 >= valid_up_to / 64 * 64,
        "{} {}",
        prefix,
        valid_up_to
    );
    for (_, version) in versions::<6>() {
        prop_assert_eq!(
            validate_with(&UTF_G_8, input, version),
            UtfG8::decode_u64s(input, &mut Vec::new())
        );
        prop_assert_eq!(
            validate_with(&UTF_E_8, input, version),
            UtfE8::decode_u64s(input, &mut Vec::new())
        );
    }
    // The UTF-E-8 check (FE and FF leads too): the same, to the last
    // code boundary before the block of the first error.
    let Some(prefix) = agreed_prefix::<13>(input)? else {
        return Ok(());
    };
    prop_assert!(UtfE8::validate(&input[..prefix]).is_ok(), "{}", prefix);
    let valid_up_to = UtfE8::decode_u64s(input, &mut Vec::new())
        .map_or_else(|e| e.valid_up_to(), |()| input.len());
    prop_assert!(prefix <= valid_up_to, "{} {}", prefix, valid_up_to);
    prop_assert!(
        prefix + 13 >= valid_up_to / 64 * 64,
        "{} {}",
        prefix,
        valid_up_to
    );
    for (_, version) in versions::<13>() {
        prop_assert_eq!(
            validate_with(&UTF_E_8, input, version),
            UtfE8::decode_u64s(input, &mut Vec::new())
        );
    }
    Ok(())
}

/// Both vector versions as [`versions_agree`] says, and the dispatched
/// `validate` of every 8-bit format against its scalar decoder, and
/// UTF-8's against std; `validate` after the portable prefix too.
fn all_agree(bytes: &[u8]) {
    use crate::{Encoding, Utf8, UtfE8, UtfG8};
    versions_agree(bytes).unwrap();
    long_versions_agree(bytes).unwrap();
    portable_agrees(bytes).unwrap();
    assert_eq!(
        Utf8::validate(bytes),
        Utf8::decode_u64s(bytes, &mut Vec::new())
    );
    assert_eq!(
        UtfG8::validate(bytes),
        UtfG8::decode_u64s(bytes, &mut Vec::new())
    );
    assert_eq!(
        UtfE8::validate(bytes),
        UtfE8::decode_u64s(bytes, &mut Vec::new())
    );
    let verdict = |e: &crate::DecodeError| (e.valid_up_to(), e.error_len());
    let std = |e: &core::str::Utf8Error| (e.valid_up_to(), e.error_len());
    assert_eq!(
        Utf8::validate(bytes).err().as_ref().map(verdict),
        core::str::from_utf8(bytes).err().as_ref().map(std)
    );
}

/// `validate` of each 8-bit format resumed after the prefix of
/// [`super::prefix_via_simdutf8`], as it runs off x86-64, gives the
/// verdict of the dispatched `validate` and of the scalar decoder.
fn portable_agrees(bytes: &[u8]) -> Result<(), TestCaseError> {
    use super::super::{validate_with, UTF_8, UTF_E_8, UTF_G_8};
    use crate::{Encoding, Utf8, UtfE8, UtfG8};
    let prefix = super::prefix_via_simdutf8;
    prop_assert_eq!(
        validate_with(&UTF_8, bytes, prefix),
        Utf8::decode_u64s(bytes, &mut Vec::new())
    );
    prop_assert_eq!(
        validate_with(&UTF_G_8, bytes, prefix),
        UtfG8::decode_u64s(bytes, &mut Vec::new())
    );
    prop_assert_eq!(
        validate_with(&UTF_E_8, bytes, prefix),
        UtfE8::decode_u64s(bytes, &mut Vec::new())
    );
    prop_assert_eq!(
        validate_with(&UTF_E_8, bytes, prefix),
        UtfE8::validate(bytes)
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Random bytes, mostly valid UTF-8 of every length (from `char`s)
    /// with a few random bytes spliced in, and UTF-E-8 codes beyond
    /// UTF-8 (which the prefix must stop before).
    #[test]
    fn the_portable_prefix_agrees_on_random_and_near_valid_input(
        text in prop::collection::vec(any::<char>(), 0..400),
        noise in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..3),
        beyond in any::<Option<prop::sample::Index>>(),
    ) {
        let mut bytes = text.iter().collect::<String>().into_bytes();
        for (at, b) in noise {
            let i = at.index(bytes.len() + 1);
            bytes.insert(i, b);
        }
        if let Some(at) = beyond {
            let i = at.index(bytes.len() + 1);
            bytes.splice(i..i, [0xFEu8, 0x82, 0x80, 0x80, 0x80, 0x80, 0x80]);
        }
        versions_agree(&bytes)?;
        long_versions_agree(&bytes)?;
        portable_agrees(&bytes)?;
    }

    #[test]
    fn the_portable_prefix_agrees_on_random_bytes(
        bytes in prop::collection::vec(any::<u8>(), 0..300),
    ) {
        versions_agree(&bytes)?;
        long_versions_agree(&bytes)?;
        portable_agrees(&bytes)?;
    }

    /// Text of UTF-E-8 codes of every length, the 5- and 6-byte ones
    /// most, after 0 to 63 bytes of ASCII, with random bytes spliced in.
    #[test]
    fn the_utf_g_8_check_agrees_on_long_codes_and_noise(
        values in prop::collection::vec(
            prop_oneof![
                0u64..0x80,
                0x80u64..0x11_0000,
                0x11_0000u64..0x20_0000,
                0x20_0000u64..0x400_0000,
                0x20_0000u64..0x400_0000,
                0x400_0000u64..0x8000_0000,
                0x400_0000u64..0x8000_0000,
                0x8000_0000u64..1 << 36,
                (1u64 << 36)..1 << 63,
            ],
            0..200,
        ),
        noise in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..3),
        start in 0usize..64,
    ) {
        use crate::{Encoding, UtfE8};
        let values: Vec<u64> =
            values.into_iter().filter(|v| !(0xD800..0xE000).contains(v)).collect();
        let mut bytes = vec![b'a'; start];
        UtfE8::encode_u64s(&values, &mut bytes).unwrap();
        for (at, b) in noise {
            let i = at.index(bytes.len() + 1);
            bytes.insert(i, b);
        }
        long_versions_agree(&bytes)?;
        portable_agrees(&bytes)?;
    }
}

#[test]
fn a_code_cut_off_before_a_block_of_ascii() {
    // A non-ASCII block whose last bytes start a code that the next
    // block, all ASCII, does not finish: only the check of the block
    // after sees the fault.
    for cut in [
        &[0xC3u8][..],
        &[0xE4],
        &[0xE4, 0xB8],
        &[0xF0],
        &[0xF0, 0x9F],
        &[0xF0, 0x9F, 0x98],
    ] {
        for end in 60..=64 {
            let mut bytes = "é".repeat(40).into_bytes();
            bytes.truncate(end - cut.len());
            if bytes.last().is_some_and(|&b| b >= 0xC0) {
                bytes.pop();
                bytes.push(b'x');
            }
            bytes.extend_from_slice(cut);
            bytes.extend(core::iter::repeat_n(b'a', 140));
            all_agree(&bytes);
            assert!(core::str::from_utf8(&bytes).is_err());
        }
    }
    // And a code cut off at the very end, after whole valid blocks.
    let mut bytes = "a".repeat(128).into_bytes();
    bytes.push(0xE4);
    all_agree(&bytes);
}

/// Every pair of a byte and the byte after it, then two trailing bytes,
/// inside a block and across a block boundary: each entry of the three
/// lookup tables (a byte's two nibbles, the next byte's high nibble) is
/// met with every neighbour, so a flag missing from one row shows as a
/// prefix longer than std's valid part. And the same after a 6-byte code
/// at the block's start, which gives the block (and the next) the check
/// of the longer codes and its tables (the wider ones with AVX-512 VBMI),
/// with two trailing bytes or two ASCII ones after the pair.
#[test]
fn every_byte_pair_in_and_across_blocks() {
    for (long, after) in [(false, 0x80), (true, 0x80), (true, b'a')] {
        for at in [20, 63] {
            for pair in 0..=0xFFFFu16 {
                let mut bytes = [b'a'; 192];
                if long {
                    bytes[..6].copy_from_slice(&[0xFC, 0x84, 0x80, 0x80, 0x80, 0x80]);
                }
                bytes[at..at + 4].copy_from_slice(&[(pair >> 8) as u8, pair as u8, after, after]);
                all_agree(&bytes);
            }
        }
    }
    // And the dispatch takes the vector path (where the processor and the
    // tier cap let it): valid text is read to within a block and a code of
    // its end.
    if has_feature!("ssse3") && crate::tier::allows(crate::tier::Tier::Ssse3) {
        let text = "aé一😀".repeat(40);
        let prefix = super::valid_utf8_prefix(text.as_bytes());
        assert!(prefix + 68 >= text.len(), "{prefix} of {}", text.len());
    }
}

/// Every byte after each lead F0..FF, then trailing bytes, in a block and
/// across a block boundary, and each such lead followed by one byte to the
/// end: each row of the UTF-G-8 tables and each second-byte bound is met.
#[test]
fn every_second_byte_of_the_long_leads_in_and_across_blocks() {
    for at in [20, 59, 60, 61, 62, 63] {
        for lead in 0xF0..=0xFFu8 {
            for second in 0..=0xFFu8 {
                let mut bytes = [b'a'; 192];
                bytes[at..at + 7].copy_from_slice(&[lead, second, 0x80, 0x80, 0x80, 0x80, 0xBF]);
                all_agree(&bytes);
                let mut cut = [second; 192];
                cut[..at].fill(b'a');
                cut[at] = lead;
                all_agree(&cut);
            }
        }
    }
}

#[test]
fn every_fault_at_every_offset_of_several_blocks() {
    // Valid 3-byte text, then each kind of fault at each offset: the
    // block boundaries and codes cut across them included.
    let text = "一二三四五六七八九十".repeat(8).into_bytes();
    for fault in [
        &[0xFFu8][..],
        &[0x80],
        &[0xC0, 0x80],
        &[0xED, 0xA0, 0x80],
        &[0xE4],
        &[0xF4, 0x90],
        &[0x41],
    ] {
        for at in 0..text.len() {
            let mut bytes = text.clone();
            bytes.splice(at..at, fault.iter().copied());
            all_agree(&bytes);
        }
    }
}

/// The same for text of 5- and 6-byte codes (U+200000, U+3FFFFFF,
/// U+4000000, U+7FFFFFFF and between) and each fault of the long codes:
/// a lead without its last bytes, the largest overlong 5- and 6-byte codes,
/// FE and FF codes (valid UTF-E-8 only), stray bytes.
#[test]
fn every_fault_at_every_offset_of_long_codes() {
    use crate::{Encoding, UtfE8};
    let values = [
        0x20_0000u64,
        0x3FF_FFFF,
        0x400_0000,
        0x7FFF_FFFF,
        0x123_4567,
        0x41,
    ];
    let mut text = Vec::new();
    for _ in 0..6 {
        UtfE8::encode_u64s(&values, &mut text).unwrap();
    }
    for fault in [
        &[0xF8u8, 0x88, 0x80, 0x80][..],
        &[0xFC, 0x84, 0x80, 0x80, 0x80],
        &[0x80],
        &[0xF8, 0x87, 0xBF, 0xBF, 0xBF],
        &[0xFC, 0x83, 0xBF, 0xBF, 0xBF, 0xBF],
        &[0xFE, 0x82, 0x80, 0x80, 0x80, 0x80, 0x80],
        &[
            0xFF, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x90, 0x80, 0x80, 0x80, 0x80, 0x80,
        ],
        &[0xFE],
        &[0xED, 0xA0, 0x80],
        &[0xF4, 0x90, 0x80, 0x80],
    ] {
        for at in 0..text.len() {
            let mut bytes = text.clone();
            bytes.splice(at..at, fault.iter().copied());
            all_agree(&bytes);
        }
    }
}

/// Text of FE codes (2^31, 2^36 − 1 and between, `utf-e-8.txt` §3.3) and
/// each fault of theirs at every offset: a lead without its last bytes,
/// the largest overlong FE code, an FE code one byte long, FF codes.
#[test]
fn every_fault_at_every_offset_of_fe_codes() {
    use crate::{Encoding, UtfE8};
    let values = [
        0x8000_0000u64,
        (1 << 36) - 1,
        0x9_8765_4321,
        0x41,
        0x20_0000,
    ];
    let mut text = Vec::new();
    for _ in 0..5 {
        UtfE8::encode_u64s(&values, &mut text).unwrap();
    }
    for fault in [
        &[0xFEu8, 0x82, 0x80, 0x80][..],
        &[0xFE, 0x81, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF],
        &[0xFE, 0x82, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80],
        &[0xFE],
        &[0x80],
        &[
            0xFF, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x90, 0x80, 0x80, 0x80, 0x80, 0x80,
        ],
    ] {
        for at in 0..text.len() {
            let mut bytes = text.clone();
            bytes.splice(at..at, fault.iter().copied());
            all_agree(&bytes);
        }
    }
}

/// Text of FF codes (2^36, 2^63 − 1 and between, `utf-e-8.txt` §3.4)
/// among FE, 5-byte and ASCII codes, and each fault of theirs at every
/// offset: a lead without its last bytes, the largest overlong FF code,
/// a second byte above 80 and a third above 87 (a value of 2^63 or more),
/// an FF code one byte long or one byte too long.
#[test]
fn every_fault_at_every_offset_of_ff_codes() {
    use crate::{Encoding, UtfE8};
    let values = [
        1u64 << 36,
        (1 << 63) - 1,
        0x1234_5678_9ABC_DEF0,
        0x41,
        0x9_8765_4321,
        0x20_0000,
    ];
    let mut text = Vec::new();
    for _ in 0..4 {
        UtfE8::encode_u64s(&values, &mut text).unwrap();
    }
    // Valid, it goes through the vector check, all but the last block's
    // code cut off, which the caller takes.
    for (_, version) in versions::<13>() {
        let taken = version(&text);
        assert!(taken + 64 + 13 > text.len(), "{taken} of {}", text.len());
    }
    let ff = |bytes: [u8; 5]| {
        let mut code = vec![0xFFu8, 0x80];
        code.extend(bytes);
        code.extend([0x80; 6]);
        code
    };
    for fault in [
        vec![0xFFu8, 0x80, 0x80, 0x80],
        ff([0x80, 0x80, 0x80, 0x80, 0x80]),
        {
            let mut code = ff([0x80, 0x80, 0x80, 0x80, 0xBF]);
            code[1] = 0x81;
            code
        },
        ff([0x88, 0x80, 0x80, 0x80, 0x80]),
        ff([0x80, 0x80, 0x80, 0x80, 0x81]),
        ff([0x81, 0x80, 0x80, 0x80, 0x80]),
        {
            let mut code = ff([0x80, 0x80, 0x80, 0x80, 0x81]);
            code.push(0x80);
            code
        },
        vec![0xFF],
        vec![0x80],
    ] {
        for at in 0..text.len() {
            let mut bytes = text.clone();
            bytes.splice(at..at, fault.iter().copied());
            all_agree(&bytes);
        }
    }
}

/// Each lead F0..FF with a second byte at each bound and 0 to 12 trailing
/// bytes after it, then ASCII, at and before the end of a block: every
/// count of trailing bytes a code may be short or long by, and codes cut
/// off before a block of ASCII, which only the pending check sees.
#[test]
fn long_leads_with_every_count_of_trailing_bytes() {
    for at in [20, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63] {
        for lead in 0xF0..=0xFFu8 {
            for second in [0x80, 0x81, 0x82, 0x83, 0x84, 0x87, 0x88, 0xBF] {
                for trailing in 0..=12 {
                    let mut bytes = vec![b'a'; at];
                    bytes.extend([lead, second]);
                    bytes.extend(core::iter::repeat_n(0x80, trailing));
                    bytes.resize(256, b'a');
                    all_agree(&bytes);
                }
            }
        }
    }
}

/// The dispatch of the UTF-G-8 and UTF-E-8 checks takes the vector path
/// exactly where the processor and the tier cap let it: valid text is read
/// to within a block and a code of its end, and the UTF-E-8 check goes on
/// past the first FE code, where the UTF-G-8 check stops, to a code
/// boundary (each prefix validates); under `UCSX_SIMD=scalar` (as
/// `.ci/run` runs this suite) neither reads anything.
#[test]
fn the_long_code_checks_take_the_vector_path_where_the_tier_allows() {
    use crate::{Encoding, UtfE8, UtfG8};
    let long = [0x41u64, 0x20_0000, 0x4E00, 0x400_0000, 0x7FFF_FFFF, 0xE9];
    let fe = [0x8000_0000u64, 0x41, (1 << 36) - 1, 0x20_0000];
    let mut g = Vec::new();
    for _ in 0..30 {
        UtfG8::encode_u64s(&long, &mut g).unwrap();
    }
    // UTF-G-8 text, then FE codes among others.
    let mut e = g.clone();
    for _ in 0..30 {
        UtfE8::encode_u64s(&fe, &mut e).unwrap();
    }
    if !(has_feature!("ssse3") && crate::tier::allows(crate::tier::Tier::Ssse3)) {
        assert_eq!(super::valid_utf_g8_prefix(&g), 0);
        assert_eq!(super::valid_utf_e8_prefix(&e), 0);
        return;
    }
    let prefix = super::valid_utf_g8_prefix(&g);
    assert!(UtfG8::validate(&g[..prefix]).is_ok(), "{prefix}");
    assert!(prefix + 64 + 6 >= g.len(), "{prefix} of {}", g.len());
    assert_eq!(super::valid_utf_e8_prefix(&g), prefix);
    let g_prefix = super::valid_utf_g8_prefix(&e);
    assert!(g_prefix <= g.len(), "{g_prefix} of {}", g.len());
    let prefix = super::valid_utf_e8_prefix(&e);
    assert!(UtfE8::validate(&e[..prefix]).is_ok(), "{prefix}");
    assert!(prefix + 64 + 7 >= e.len(), "{prefix} of {}", e.len());
}
