//! Text beyond Unicode between built-in formats, where the direct kernels
//! (`kernels.rs`) stop: the first code beyond U+10FFFF, and the text after
//! it until Unicode text resumes.
//!
//! Between UTF-G-8 or UTF-E-8 and the 16-bit formats beyond Unicode the
//! lanes (`lanes.rs`) take such text first, eight codes at a time after
//! the vector check. What they leave, and the other pairs, goes one code
//! at a time in plain integers, with no [`CodePoint`](crate::CodePoint),
//! no buffer of values and no return to the engine per code: between the
//! 8- and 16-bit families through windows of sixteen bytes or eight units
//! (`windows`, after `encoding/utf8/window.rs` and `utf16/window.rs`),
//! which take every code of a value below 2^64, UTF-E-8's FE and FF codes
//! among them, with a branch on the kind of code (ASCII; FE, FF and
//! UTF-∞-16's codes of three or more units; the rest) but none on its
//! length within a kind; a code the windows do not take (an error, a code
//! in the last units of the input), and every code of the pairs with the
//! 32-bit formats, through the source family's `read_code` and the
//! target's `write_code` (the rules of each family's own decoder and
//! encoder). Before these, each such code cost a kernel stop, a short
//! block of `decode_u64s` and `encode_u64s`, and a kernel restart: ten to
//! thirty times the time of an emoji.
//!
//! A run stops at the first code it cannot take (an error, a code cut off
//! at the end, a value of 2^64 or more, a value the target refuses), which
//! the engine's general paths then handle, and after [`STREAK`] Unicode
//! codes in a row, where the vector kernels are faster. Its tests below
//! check each family's `read_code` against its decoder on every lead, the
//! run on every edge value between every pair of formats, and on text dense
//! in FE, FF and long UTF-∞-16 codes at every offset and cut, and with a
//! fault at every place, against decoding then encoding;
//! `tests/engine.rs` and the `long_forms` fuzz target check the engine with
//! it against the formats' own iterators.

use alloc::vec::Vec;

use super::kernels::{with_spare, Run};
use super::lanes;
use crate::encoding::{
    read_code_16, read_code_32, read_code_8, window_16, window_8, write_code_16, write_code_32,
    write_code_8, CodeRules, UnitSlice, UnitVec,
};
use crate::Format;

/// Unicode codes in a row after which the kernel hands back to the vector
/// kernels: few enough that Unicode text after extended text soon runs at
/// their speed, enough that text with an extended code every few
/// characters (CJK with one in ten) does not stop and restart each time.
pub(crate) const STREAK: usize = 16;

/// Converts codes from the start of `input` (in `from`) to `out` (in
/// `to`), as described in the module docs.
pub(crate) fn extended_run(
    from: Format,
    to: Format,
    input: UnitSlice<'_>,
    out: UnitVec<'_>,
) -> Run {
    use CodeRules::{Eight, Sixteen, ThirtyTwo};
    match (CodeRules::of(from), input, CodeRules::of(to), out) {
        (Eight(r), UnitSlice::U8(i), Eight(w), UnitVec::U8(o)) => with_windows(
            i,
            o,
            1,
            (|i, p| read_code_8(r, i, p), |v, o| write_code_8(w, v, o)),
            (|x| window_8::read(r, x), |v| window_8::write(w, v)),
        ),
        (Eight(r), UnitSlice::U8(i), Sixteen(w), UnitVec::U16(o)) => {
            // Every value of UTF-G-8 is in the 16-bit formats beyond
            // Unicode; those of UTF-E-8's FE and FF codes, up to its last
            // (2^63 − 1), in UTF-E-16 and UTF-∞-16.
            if r.has_long_codes() && w.extended() {
                let fe = r.has_fe_codes() && w.contains(i64::MAX as u64);
                let lanes = lanes::utf_g8_to_16(i, o, fe);
                if lanes.read > 0 {
                    return lanes;
                }
            }
            // A code of n bytes has at most n units.
            with_windows(
                i,
                o,
                1,
                (|i, p| read_code_8(r, i, p), |v, o| write_code_16(w, v, o)),
                (|x| window_8::read(r, x), |v| window_16::write(w, v)),
            )
        }
        (Eight(r), UnitSlice::U8(i), ThirtyTwo(w), UnitVec::U32(o)) => run(
            i,
            o,
            |i, p| read_code_8(r, i, p),
            |v, o| write_code_32(w, v, o),
            no_windows,
        ),
        (Sixteen(r), UnitSlice::U16(i), Eight(w), UnitVec::U8(o)) => {
            // The lanes take the codes of UTF-G-16, whose values UTF-G-8
            // and UTF-E-8 have; those of UTF-E-8's FE and FF codes where
            // both formats have every such value.
            if r.extended() && w.has_long_codes() {
                let fe = r.contains(i64::MAX as u64) && w.has_fe_codes();
                let lanes = lanes::utf_g16_to_8(i, o, fe);
                if lanes.read > 0 {
                    return lanes;
                }
            }
            // A code of n units has at most 3n bytes: one unit, 3 bytes;
            // 4 units, 7 (a FE code); 5 to 8 units, 13 (a FF code).
            with_windows(
                i,
                o,
                3,
                (|i, p| read_code_16(r, i, p), |v, o| write_code_8(w, v, o)),
                (|x| window_16::read(r, x), |v| window_8::write(w, v)),
            )
        }
        (Sixteen(r), UnitSlice::U16(i), Sixteen(w), UnitVec::U16(o)) => with_windows(
            i,
            o,
            1,
            (|i, p| read_code_16(r, i, p), |v, o| write_code_16(w, v, o)),
            (|x| window_16::read(r, x), |v| window_16::write(w, v)),
        ),
        (Sixteen(r), UnitSlice::U16(i), ThirtyTwo(w), UnitVec::U32(o)) => run(
            i,
            o,
            |i, p| read_code_16(r, i, p),
            |v, o| write_code_32(w, v, o),
            no_windows,
        ),
        (ThirtyTwo(r), UnitSlice::U32(i), Eight(w), UnitVec::U8(o)) => run(
            i,
            o,
            |i, p| read_code_32(r, i, p),
            |v, o| write_code_8(w, v, o),
            no_windows,
        ),
        (ThirtyTwo(r), UnitSlice::U32(i), Sixteen(w), UnitVec::U16(o)) => run(
            i,
            o,
            |i, p| read_code_32(r, i, p),
            |v, o| write_code_16(w, v, o),
            no_windows,
        ),
        (ThirtyTwo(r), UnitSlice::U32(i), ThirtyTwo(w), UnitVec::U32(o)) => run(
            i,
            o,
            |i, p| read_code_32(r, i, p),
            |v, o| write_code_32(w, v, o),
            no_windows,
        ),
        // A format's units are always of its family's width.
        _ => Run::default(),
    }
}

/// [`run`] with the window path of a pair of formats (see [`windows`]):
/// `slow` is the pair's `read_code` and `write_code`, `fast` its window
/// reader and writer.
#[inline(always)]
fn with_windows<I: Copy + Into<u64>, O: Copy + From<u8>, const IN: usize, const OUT: usize>(
    input: &[I],
    out: &mut Vec<O>,
    per_unit: usize,
    slow: (
        impl Fn(&[I], usize) -> Option<(u64, usize)>,
        impl Fn(u64, &mut Vec<O>) -> bool,
    ),
    fast: (
        impl Fn([I; IN]) -> (u64, usize, bool) + Copy,
        impl Fn(u64) -> ([O; OUT], usize, bool) + Copy,
    ),
) -> Run {
    run(input, out, slow.0, slow.1, |i, o, p| {
        windows(i, o, p, per_unit, fast)
    })
}

/// Where a run is: the units read, the codes they hold, and the Unicode
/// codes in a row at their end.
#[derive(Default)]
struct Progress {
    pos: usize,
    codes: usize,
    streak: usize,
}

impl Progress {
    /// Whether the run goes on: Unicode text has not lasted [`STREAK`]
    /// codes.
    #[inline(always)]
    fn going(&self) -> bool {
        self.streak < STREAK
    }

    /// Counts a code of `value`, `len` units long.
    #[inline(always)]
    fn step(&mut self, value: u64, len: usize) {
        self.pos += len;
        self.codes += 1;
        self.streak = if value > 0x10_FFFF {
            0
        } else {
            self.streak + 1
        };
    }
}

/// The loop of [`extended_run`], for one pair of formats: as many codes as
/// `windows` takes, then one by `read` and `write` (a code it leaves: a
/// long one, an invalid one, one of the last few units), and again.
#[inline(always)]
fn run<I, O>(
    input: &[I],
    out: &mut Vec<O>,
    read: impl Fn(&[I], usize) -> Option<(u64, usize)>,
    write: impl Fn(u64, &mut Vec<O>) -> bool,
    windows: impl Fn(&[I], &mut Vec<O>, &mut Progress),
) -> Run {
    let mut p = Progress::default();
    while p.pos < input.len() && p.going() {
        windows(input, out, &mut p);
        if p.pos == input.len() || !p.going() {
            break;
        }
        let Some((value, len)) = read(input, p.pos) else {
            break;
        };
        if !write(value, out) {
            break;
        }
        p.step(value, len);
    }
    Run {
        read: p.pos,
        codes: p.codes,
    }
}

/// The window path of a pair of formats: `read` takes a code from the next
/// `IN` units, `write` gives its code in `OUT` units, and both say whether
/// they take it (`utf8/window.rs`, `utf16/window.rs`), with no branch on
/// the length of a code. `per_unit` bounds the units written for each unit
/// read. Stops at the first code either refuses, which [`run`] then hands
/// to the pair's `read_code` and `write_code` (every code of a value below
/// 2^64 that these take, the windows take too: that code is an error, or
/// one of the last `IN` − 1 units), or as [`run`] does.
#[inline(always)]
fn windows<I: Copy + Into<u64>, O: Copy + From<u8>, const IN: usize, const OUT: usize>(
    input: &[I],
    out: &mut Vec<O>,
    p: &mut Progress,
    per_unit: usize,
    (read, write): (
        impl Fn([I; IN]) -> (u64, usize, bool),
        impl Fn(u64) -> ([O; OUT], usize, bool),
    ),
) {
    let Some(room) = input.len().checked_sub(p.pos + IN) else {
        return;
    };
    // The loop reads at most `room` units before its last window, writes
    // at most `per_unit` units for each, and stores `OUT` units at a time.
    with_spare(out, per_unit * (room + IN) + OUT, |spare| {
        let mut written = 0;
        while p.pos + IN <= input.len() && p.going() {
            // ASCII, the same code in every format, on its own: a branch,
            // mispredicted where ASCII and longer codes alternate at
            // random, costs less there than the windows' arithmetic, and
            // text with codes beyond Unicode has spaces and digits.
            let first: u64 = input[p.pos].into();
            if first < 0x80 {
                spare[written].write(O::from(first as u8));
                written += 1;
                p.step(first, 1);
                continue;
            }
            let mut window = [input[p.pos]; IN];
            window.copy_from_slice(&input[p.pos..p.pos + IN]);
            let (value, len, read_ok) = read(window);
            let (code, code_len, write_ok) = write(value);
            if !(read_ok & write_ok) {
                break;
            }
            for (slot, &unit) in spare[written..written + OUT].iter_mut().zip(&code) {
                slot.write(unit);
            }
            written += code_len;
            p.step(value, len);
        }
        (Run::default(), written)
    });
}

/// No window path: the pairs with UTF-32 and UTF-G-32, whose one-unit
/// codes `read_code` and `write_code` already take without a branch on a
/// length.
fn no_windows<I, O>(_: &[I], _: &mut Vec<O>, _: &mut Progress) {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::lanes::tests::reference_step;
    use crate::with_encoding;
    use crate::{CodePoint, Encoding};

    /// Every value at an edge of the rules the kernel applies: the code
    /// lengths of each family, the surrogates, Unicode's end, each
    /// format's last code point, and 2^64.
    fn edge_values() -> Vec<u64> {
        let mut edges = vec![0x80, 0x800, 0xD800, 0xE000, 0x1_0000, 0x11_0000];
        // 8-bit lengths (2^21, 2^26, 2^31, 2^36) and 16-bit ones (8n + 2
        // value bits for n units), the ends of UCS-G and UCS-E.
        edges.extend([21, 26, 31, 36, 42, 50, 58, 63].map(|bits| 1u64 << bits));
        let mut values: Vec<u64> = edges.iter().flat_map(|&e| [e - 1, e, e + 1]).collect();
        values.extend([0, u64::MAX - 1, u64::MAX]);
        values
    }

    /// Runs the kernel over `input` as the engine does: where it stops, the
    /// code it left is passed over (it must be one the kernel may leave),
    /// and it goes on after it. Returns the output and the values read.
    fn kernel_over<F: Encoding, T: Encoding>(input: &[F::Unit]) -> Vec<T::Unit> {
        let (from, to) = (Format::of::<F>().unwrap(), Format::of::<T>().unwrap());
        let mut out = Vec::new();
        let mut pos = 0;
        while pos < input.len() {
            let units = F::unit_slice(&input[pos..]).unwrap();
            let run = extended_run(from, to, units, T::unit_vec(&mut out).unwrap());
            pos += run.read;
            if run.read == 0 {
                let (cp, len) = F::decode(&input[pos..]).unwrap();
                assert!(
                    cp.to_u64().is_none() || !to.can_encode(&cp),
                    "{from} to {to}: the kernel left {cp}"
                );
                pos += len;
            }
        }
        out
    }

    /// Every edge value a format encodes, in a text with ASCII after it,
    /// converts to what the target's own encoder writes (values it
    /// refuses left out), between every pair of built-in formats.
    #[test]
    fn edge_values_convert_as_decode_then_encode_between_every_pair() {
        for from in Format::ALL {
            for to in Format::ALL {
                with_encoding!(from, F => with_encoding!(to, T => {
                    let mut input = Vec::new();
                    let mut expected = Vec::new();
                    for v in edge_values() {
                        let cp = CodePoint::from(v);
                        if F::encode(&cp, &mut input).is_ok() {
                            let _ = T::encode(&cp, &mut expected);
                        }
                        F::encode(&CodePoint::from('a'), &mut input).unwrap();
                        T::encode(&CodePoint::from('a'), &mut expected).unwrap();
                    }
                    assert_eq!(kernel_over::<F, T>(&input), expected, "{from} to {to}");
                }));
            }
        }
    }

    /// Whether `read_code`'s answer on `input` is its decoder's: the same
    /// code where both read one, nothing where the decoder refuses. It may
    /// leave to the decoder only values of 2^64 or more and DDFF codes.
    fn agree<E: Encoding>(input: &[E::Unit], read: Option<(u64, usize)>) {
        match E::decode(input) {
            Ok((cp, len)) => match read {
                Some(got) => assert_eq!(Some(got), cp.to_u64().map(|v| (v, len))),
                None => assert!(
                    cp.to_u64().is_none() || len > 8,
                    "{}: {input:X?} left to the decoder",
                    E::NAME
                ),
            },
            Err(e) => assert_eq!(read, None, "{}: {input:X?}: {e}", E::NAME),
        }
    }

    /// Each lead `units` may start, followed by each of `seconds` and then
    /// `fill`, cut at every length up to `longest`.
    fn inputs<U: Copy>(leads: &[U], seconds: &[U], fills: &[U], longest: usize) -> Vec<Vec<U>> {
        let mut inputs = Vec::new();
        for &lead in leads {
            for &second in seconds {
                for &fill in fills {
                    let mut code = vec![lead, second];
                    code.resize(longest, fill);
                    inputs.extend((1..=longest).map(|len| code[..len].to_vec()));
                }
            }
        }
        inputs
    }

    fn leads_8<E: Encoding<Unit = u8>>() {
        let CodeRules::Eight(limits) = CodeRules::of(Format::of::<E>().unwrap()) else {
            unreachable!()
        };
        let leads: Vec<u8> = (0..=0xFF).collect();
        let seconds = [0x00, 0x7F, 0x80, 0x81, 0x83, 0x84, 0x87, 0x88, 0xBF, 0xC0];
        for input in inputs(&leads, &seconds, &[0x80, 0xBF, 0x41], 13) {
            agree::<E>(&input, read_code_8(limits, &input, 0));
        }
    }

    fn leads_16<E: Encoding<Unit = u16>>() {
        let CodeRules::Sixteen(facts) = CodeRules::of(Format::of::<E>().unwrap()) else {
            unreachable!()
        };
        let leads: Vec<u16> = (0xD800..=0xDFFF).chain([0x41, 0xFFFF]).collect();
        let seconds = [0x41, 0xDBFF, 0xDC00, 0xDE00, 0xDE01, 0xDFFF];
        for input in inputs(&leads, &seconds, &[0xDE00, 0xDFFF, 0x41], 9) {
            agree::<E>(&input, read_code_16(facts, &input, 0));
        }
    }

    fn units_32<E: Encoding<Unit = u32>>() {
        let CodeRules::ThirtyTwo(range) = CodeRules::of(Format::of::<E>().unwrap()) else {
            unreachable!()
        };
        for v in edge_values() {
            let unit = [v as u32];
            agree::<E>(&unit, read_code_32(range, &unit, 0));
        }
    }

    /// `read_code` of each family against its decoder, on every lead unit
    /// followed by units of each kind, cut at every length.
    #[test]
    fn read_code_agrees_with_decode_on_every_lead() {
        leads_8::<crate::Utf8>();
        leads_8::<crate::UtfG8>();
        leads_8::<crate::UtfE8>();
        leads_16::<crate::Utf16>();
        leads_16::<crate::UtfG16>();
        leads_16::<crate::UtfE16>();
        leads_16::<crate::UtfInf16>();
        units_32::<crate::Utf32>();
        units_32::<crate::UtfG32>();
    }

    /// After a code beyond Unicode, the kernel hands Unicode text back to
    /// the vector kernels once [`STREAK`] codes of it have passed, on the
    /// window path (UTF-∞-16 to UTF-E-16) and code by code (UTF-E-8 to
    /// UTF-G-32).
    #[test]
    fn unicode_text_after_an_extended_code_goes_back_to_the_vector_kernels() {
        fn check<F: Encoding, T: Encoding>() {
            let mut input = Vec::new();
            F::encode(&CodePoint::from(0x20_0000u32), &mut input).unwrap();
            let code = input.len();
            let e = CodePoint::from('é');
            for _ in 0..3 * STREAK {
                F::encode(&e, &mut input).unwrap();
            }
            let (from, to) = (Format::of::<F>().unwrap(), Format::of::<T>().unwrap());
            let mut out = Vec::new();
            let units = F::unit_slice(&input).unwrap();
            let run = extended_run(from, to, units, T::unit_vec(&mut out).unwrap());
            let read = code + STREAK * (input.len() - code) / (3 * STREAK);
            assert_eq!((run.read, run.codes), (read, 1 + STREAK), "{from} to {to}");
        }
        check::<crate::UtfInf16, crate::UtfE16>();
        check::<crate::UtfE8, crate::UtfG32>();
    }

    /// The kernel over all of `input` as the engine runs it in its omitting
    /// mode: where it reads nothing, one step of the reference walk. Checks
    /// each run's count of codes against the source's decoder. Returns the
    /// output, and the reference walk's.
    fn walks<F: Encoding, T: Encoding>(input: &[F::Unit]) -> (Vec<T::Unit>, Vec<T::Unit>) {
        let (from, to) = (Format::of::<F>().unwrap(), Format::of::<T>().unwrap());
        let (mut out, mut pos) = (Vec::new(), 0);
        while pos < input.len() {
            let units = F::unit_slice(&input[pos..]).unwrap();
            let run = extended_run(from, to, units, T::unit_vec(&mut out).unwrap());
            if run.read == 0 {
                pos += reference_step::<F, T>(&input[pos..], &mut out);
                continue;
            }
            let codes = F::decode_all(&input[pos..pos + run.read]).unwrap();
            assert_eq!(run.codes, codes.len(), "{from} to {to}");
            pos += run.read;
        }
        let (mut expected, mut pos) = (Vec::new(), 0);
        while pos < input.len() {
            pos += reference_step::<F, T>(&input[pos..], &mut expected);
        }
        (out, expected)
    }

    /// Values of FE and FF codes and of UTF-∞-16's codes of four to eight
    /// units: the first and last of each length, the ends of UCS-G and
    /// UCS-E, and values beyond, with ASCII, 5- and 6-byte codes and
    /// Unicode between them in a different order each time, so that each
    /// sits at every offset of a window.
    fn long_values() -> Vec<u64> {
        let mut edges = vec![(1 << 31) - 1, 1 << 31, (1 << 36) - 1, 1 << 36];
        for bits in [34, 42, 50, 58, 63, 64] {
            edges.extend([(1u128 << bits) - 1, (1 << bits) + 1].map(|v| v as u64));
        }
        edges.push(1 << 63);
        let others = [0x41, 0x20, 0x20_0000, 0x400_0123, 0x4E00, 0x1F600, 0xE9];
        let mut values = Vec::new();
        for (k, &edge) in edges.iter().enumerate() {
            for gap in 0..8 {
                values.extend((0..gap).map(|g| others[(k + g) % others.len()]));
                values.push(edge);
            }
        }
        values
    }

    fn encoded<F: Encoding>(values: &[u64]) -> Vec<F::Unit> {
        let mut out = Vec::new();
        for &v in values {
            let _ = F::encode(&CodePoint::from(v), &mut out);
        }
        out
    }

    /// Between every pair of formats, text dense in FE and FF codes and in
    /// long UTF-∞-16 codes, started at every offset of a window and cut
    /// at every place in the last sixteen units (a code cut off there is
    /// left to the engine, which holds it back in a stream), converts as
    /// decoding then encoding does.
    #[test]
    fn long_codes_convert_as_decode_then_encode_at_every_offset() {
        let values = long_values();
        for from in Format::ALL {
            for to in Format::ALL {
                with_encoding!(from, F => with_encoding!(to, T => {
                    let input = encoded::<F>(&values);
                    for start in 0..16 {
                        for cut in 0..16 {
                            let text = &input[start..input.len() - cut];
                            let (out, expected) = walks::<F, T>(text);
                            assert_eq!(out, expected, "{from} to {to}, {start}..-{cut}");
                        }
                    }
                }));
            }
        }
    }

    /// A fault at every place of text dense in FE and FF codes (UTF-E-8)
    /// and in codes of five to eight units (UTF-∞-16): a stray or missing
    /// trailing unit, a lead of each long kind, reserved bits set, value
    /// bits cleared (an overlong code), a UTF-∞-16 lead whose code holds
    /// 2^64 or more. The kernel stops before it, and converts what decoding
    /// then encoding converts.
    #[test]
    fn long_codes_stop_at_a_fault_at_every_place() {
        use crate::{UtfE16, UtfE8, UtfG16, UtfG8, UtfInf16};
        let values = long_values();
        let eight = encoded::<UtfE8>(&values);
        for place in 0..eight.len() {
            let byte = eight[place];
            for fault in [
                0x41,
                0x80,
                0xBF,
                0xC0,
                0xFE,
                0xFF,
                byte ^ 0x40,
                byte | 0x08,
                byte & 0xC0,
            ] {
                let mut text = eight.clone();
                text[place] = fault;
                let at = format!("{fault:X} at {place}");
                let (out, expected) = walks::<UtfE8, UtfInf16>(&text);
                assert_eq!(out, expected, "to UTF-∞-16: {at}");
                let (out, expected) = walks::<UtfE8, UtfG16>(&text);
                assert_eq!(out, expected, "to UTF-G-16: {at}");
                let (out, expected) = walks::<UtfE8, UtfG8>(&text);
                assert_eq!(out, expected, "to UTF-G-8: {at}");
            }
        }
        let sixteen = encoded::<UtfInf16>(&values);
        for place in 0..sixteen.len() {
            let unit = sixteen[place];
            let faults = [
                0x41, 0xDE00, 0xDFFF, 0xDC00, 0xDD80, 0xDDF0, 0xDDF7, 0xDDFF, 0xD800,
            ];
            for fault in faults.into_iter().chain([unit ^ 0x0200, unit & 0xFE00]) {
                let mut text = sixteen.clone();
                text[place] = fault;
                let at = format!("{fault:X} at {place}");
                let (out, expected) = walks::<UtfInf16, UtfE8>(&text);
                assert_eq!(out, expected, "to UTF-E-8: {at}");
                let (out, expected) = walks::<UtfInf16, UtfE16>(&text);
                assert_eq!(out, expected, "to UTF-E-16: {at}");
                let (out, expected) = walks::<UtfInf16, UtfG8>(&text);
                assert_eq!(out, expected, "to UTF-G-8: {at}");
            }
        }
    }

    /// Text of FE and FF codes read in a format that lacks them: UTF-E-8's
    /// bytes as UTF-G-8, UTF-∞-16's units as UTF-G-16 (both errors there),
    /// and either converted to a format that lacks their values. Where the
    /// AVX-512 loops run, their wider halves must not take those codes:
    /// the output is what decoding then encoding gives.
    #[test]
    fn fe_and_ff_codes_are_not_taken_where_a_format_lacks_them() {
        use crate::{UtfE16, UtfE8, UtfG16, UtfG8, UtfInf16};
        let values = long_values();
        let eight = encoded::<UtfE8>(&values);
        let sixteen = encoded::<UtfInf16>(&values);
        let (out, expected) = walks::<UtfG8, UtfInf16>(&eight);
        assert_eq!(out, expected, "UTF-G-8 to UTF-∞-16");
        let (out, expected) = walks::<UtfE8, UtfG16>(&eight);
        assert_eq!(out, expected, "UTF-E-8 to UTF-G-16");
        let (out, expected) = walks::<UtfG16, UtfE8>(&sixteen);
        assert_eq!(out, expected, "UTF-G-16 to UTF-E-8");
        let (out, expected) = walks::<UtfE16, UtfG8>(&sixteen);
        assert_eq!(out, expected, "UTF-E-16 to UTF-G-8");
    }

    /// Between UTF-E-8 and UTF-∞-16, text of FE and FF codes goes to the
    /// lanes first: where they take any of it (the AVX-512 loops all but
    /// their last window, the others the codes before the first FE code),
    /// the run is theirs; where they take none, the window path reads it
    /// all.
    #[test]
    fn fe_and_ff_codes_go_to_the_lanes_first() {
        let values = long_values();
        let eight = encoded::<crate::UtfE8>(&values);
        let sixteen = encoded::<crate::UtfInf16>(&values);
        let lanes = lanes::utf_g8_to_16(&eight, &mut Vec::new(), true);
        let run = extended_run(
            Format::UtfE8,
            Format::UtfInf16,
            UnitSlice::U8(&eight),
            UnitVec::U16(&mut Vec::new()),
        );
        let expected = if lanes.read > 0 {
            lanes.read
        } else {
            eight.len()
        };
        assert_eq!(run.read, expected, "from UTF-E-8");
        let lanes = lanes::utf_g16_to_8(&sixteen, &mut Vec::new(), true);
        let run = extended_run(
            Format::UtfInf16,
            Format::UtfE8,
            UnitSlice::U16(&sixteen),
            UnitVec::U8(&mut Vec::new()),
        );
        let expected = if lanes.read > 0 {
            lanes.read
        } else {
            sixteen.len()
        };
        assert_eq!(run.read, expected, "from UTF-∞-16");
    }

    /// Text of FE and FF codes, at the edges of their ranges, between
    /// UTF-E-8 and UTF-∞-16: one run of the window path reads all of it,
    /// with no stop, and writes what the target's encoder writes. (Where
    /// the processor has AVX-512, the lanes take such text before the
    /// window path, to within their last window.)
    #[test]
    fn the_windows_take_long_codes_in_one_run() {
        let values: Vec<u64> = (0..200u64)
            .map(|k| [1 << 31, (1 << 36) - 1 - k, 1 << 36, (1 << 63) - 1 - k, 0x41][k as usize % 5])
            .collect();
        let eight = encoded::<crate::UtfE8>(&values);
        let sixteen = encoded::<crate::UtfInf16>(&values);
        let (CodeRules::Eight(r8), CodeRules::Sixteen(r16)) = (
            CodeRules::of(Format::UtfE8),
            CodeRules::of(Format::UtfInf16),
        ) else {
            unreachable!()
        };
        let mut out = Vec::new();
        let run = with_windows(
            &eight,
            &mut out,
            1,
            (
                |i, p| read_code_8(r8, i, p),
                |v, o| write_code_16(r16, v, o),
            ),
            (|x| window_8::read(r8, x), |v| window_16::write(r16, v)),
        );
        assert_eq!((run.read, run.codes), (eight.len(), values.len()));
        assert_eq!(out, sixteen);
        let mut out = Vec::new();
        let run = with_windows(
            &sixteen,
            &mut out,
            3,
            (
                |i, p| read_code_16(r16, i, p),
                |v, o| write_code_8(r8, v, o),
            ),
            (|x| window_16::read(r16, x), |v| window_8::write(r8, v)),
        );
        assert_eq!((run.read, run.codes), (sixteen.len(), values.len()));
        assert_eq!(out, eight);
    }
}
