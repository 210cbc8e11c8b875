//! Rules over two codes (`[pair]`): CESU-8 and WTF-8 against Python's
//! UTF-8 codec with the `surrogatepass` error handler (which writes and
//! reads a surrogate's three bytes), and Java's modified UTF-8 against a
//! reference written here from the documentation of `java.io.DataInput`
//! (and, where a JDK is on the machine, against `DataOutputStream.writeUTF`
//! and `DataInputStream.readUTF` themselves). No reference shares code
//! with the lab.

mod common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use common::XorShift;
use ucsx::{CodePoint, DecodeErrorKind};
use ucsx_lab::describe::DescribedFormat;
use ucsx_lab::properties::{CheckConfig, Method, Property, Verdict};

fn zoo(file: &str) -> DescribedFormat {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("zoo").join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    DescribedFormat::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn hex(bytes: &[u8]) -> String {
    if bytes.is_empty() {
        return "-".into();
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn units(bytes: &[u8]) -> Vec<u32> {
    bytes.iter().map(|&b| u32::from(b)).collect()
}

fn bytes(units: &[u32]) -> Vec<u8> {
    units.iter().map(|&u| u8::try_from(u).unwrap()).collect()
}

/// Runs `program args` with `input` on its standard input (written from a
/// thread, as it answers while it reads) and returns its lines; `None`
/// where the program is absent.
fn run(program: &str, args: &[&str], input: String) -> Option<Vec<String>> {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .ok()?;
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(output.status.success(), "{program} failed");
    let text = String::from_utf8(output.stdout).unwrap();
    Some(text.lines().map(str::to_owned).collect())
}

/// Code points for texts: every kind of code, supplementary ones and
/// surrogates (lone, and in the order of a pair) weighted up.
fn value(rng: &mut XorShift) -> u32 {
    match rng.below(8) {
        0 => rng.below(0x80) as u32,
        1 => 0x80 + rng.below(0x780) as u32,
        2 => [
            0, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFF, 0x10000, 0x10FFFF,
        ][rng.below(10)],
        3 | 4 => 0xD800 + rng.below(0x800) as u32,
        5 => 0x10000 + rng.below(0x10_0000) as u32,
        _ => 0x800 + rng.below(0xF800) as u32,
    }
}

/// Inputs to decode: the encodings of texts, cut and spliced with bytes
/// where UTF-8's rules change.
fn noisy(rng: &mut XorShift, clean: &[Vec<u8>]) -> Vec<Vec<u8>> {
    const BYTES: &[u8] = &[
        0x00, 0x41, 0x7F, 0x80, 0x9F, 0xA0, 0xAF, 0xB0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED,
        0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
    ];
    let mut out = Vec::new();
    for data in clean {
        out.push(data.clone());
        let mut d = data.clone();
        for _ in 0..1 + rng.below(2) {
            match rng.below(3) {
                0 if !d.is_empty() => {
                    let at = rng.below(d.len());
                    d.remove(at);
                }
                _ => {
                    let at = rng.below(d.len() + 1);
                    d.insert(at, BYTES[rng.below(BYTES.len())]);
                }
            }
        }
        out.push(d);
    }
    out
}

// ---------------------------------------------------------------------------
// CESU-8

/// Python's side of CESU-8 (TR #26): encoding writes each UTF-16 unit of
/// the text as UTF-8 with `surrogatepass`; decoding reads UTF-8 with
/// `surrogatepass` (no four-byte code allowed), then pairs the surrogates
/// as UTF-16 does, strictly. Lines in: `e HEX32` (UTF-32BE code points) or
/// `d HEX` (bytes); out: hex, or `error`.
const PYTHON_CESU: &str = r#"
import sys
for line in sys.stdin:
    op, data = line.split()
    data = bytes.fromhex(data) if data != "-" else b""
    try:
        if op == "e":
            text = data.decode("utf-32-be")
            units = text.encode("utf-16-be")
            out = b"".join(
                chr(int.from_bytes(units[i:i + 2], "big")).encode("utf-8", "surrogatepass")
                for i in range(0, len(units), 2))
        else:
            text = data.decode("utf-8", "surrogatepass")
            if any(ord(c) > 0xFFFF for c in text):
                raise ValueError("a four-byte code")
            out = text.encode("utf-16-be", "surrogatepass").decode("utf-16-be").encode("utf-32-be")
        print(out.hex() or "-")
    except ValueError:
        print("error")
"#;

#[test]
fn cesu_8_agrees_with_pythons_surrogatepass_on_utf_16_units() {
    let d = zoo("cesu-8.toml");
    let mut rng = XorShift(0xCE5_0008);
    // Texts of scalar values: CESU-8 has no lone surrogates.
    let texts: Vec<Vec<u32>> = (0..1500)
        .map(|_| {
            (0..1 + rng.below(4))
                .map(|_| value(&mut rng))
                .filter(|v| !(0xD800..=0xDFFF).contains(v))
                .collect()
        })
        .collect();
    let encoded: Vec<Vec<u8>> = texts
        .iter()
        .map(|t| {
            let cps: Vec<u64> = t.iter().map(|&v| v.into()).collect();
            bytes(&d.encode_u64s(&cps).unwrap())
        })
        .collect();
    let inputs = noisy(&mut rng, &encoded);
    let mut lines: String = texts
        .iter()
        .map(|t| {
            let utf32: Vec<u8> = t.iter().flat_map(|v| v.to_be_bytes()).collect();
            format!("e {}\n", hex(&utf32))
        })
        .collect();
    lines.extend(inputs.iter().map(|i| format!("d {}\n", hex(i))));
    let Some(answers) = run("python3", &["-c", PYTHON_CESU], lines) else {
        common::oracle_absent("python3");
        return;
    };
    assert_eq!(answers.len(), texts.len() + inputs.len());
    for (ours, theirs) in encoded.iter().zip(&answers) {
        assert_eq!(&hex(ours), theirs);
    }
    let (mut valid, mut pairs) = (0, 0);
    for (input, theirs) in inputs.iter().zip(&answers[texts.len()..]) {
        let ours = match d.decode_u64s(&units(input)) {
            Ok(values) => {
                valid += 1;
                pairs += values.iter().filter(|&&v| v > 0xFFFF).count();
                let utf32: Vec<u8> = values
                    .iter()
                    .flat_map(|&v| (v as u32).to_be_bytes())
                    .collect();
                hex(&utf32)
            }
            Err(_) => "error".into(),
        };
        assert_eq!(&ours, theirs, "{}", hex(input));
    }
    assert!(valid > 1500 && pairs > 300, "{valid} valid, {pairs} pairs");
}

/// TR #26's example and the error rules: U+10400 is ED A0 81 ED B0 80; a
/// lone surrogate is refused as UTF-16 refuses one, a low one at the
/// first byte that shows it (ED B0), a high one with the units that could
/// still have begun its pair; four-byte codes lead nothing.
#[test]
fn cesu_8_pairs_and_their_errors() {
    let d = zoo("cesu-8.toml");
    let cp = CodePoint::from(0x10400u32);
    assert_eq!(d.encode(&cp).unwrap(), [0xED, 0xA0, 0x81, 0xED, 0xB0, 0x80]);
    assert_eq!(
        d.decode(&[0xED, 0xA0, 0x81, 0xED, 0xB0, 0x80, 0x41])
            .unwrap(),
        (cp, 6)
    );
    let err = |input: &[u32]| {
        let e = d.decode(input).unwrap_err();
        (e.kind(), e.error_len())
    };
    assert_eq!(
        err(&[0xED, 0xB0, 0x80]),
        (DecodeErrorKind::Surrogate, Some(1))
    );
    assert_eq!(
        err(&[0xED, 0xA0, 0x80, 0x41]),
        (DecodeErrorKind::MissingTrailing, Some(3))
    );
    assert_eq!(
        err(&[0xED, 0xA0, 0x80, 0xED, 0x9F, 0xBF]),
        (DecodeErrorKind::MissingTrailing, Some(4))
    );
    assert_eq!(
        err(&[0xED, 0xA0, 0x80, 0xED, 0xB0, 0x41]),
        (DecodeErrorKind::MissingTrailing, Some(5))
    );
    assert_eq!(err(&[0xED, 0xA0, 0x80]), (DecodeErrorKind::Truncated, None));
    assert_eq!(
        err(&[0xED, 0xA0, 0x80, 0xED, 0xB0]),
        (DecodeErrorKind::Truncated, None)
    );
    assert_eq!(
        err(&[0xF0, 0x90, 0x80, 0x80]),
        (DecodeErrorKind::InvalidLead, Some(1))
    );
    assert_eq!(
        d.encode(&CodePoint::from(0xD800u32)).unwrap_err().kind(),
        ucsx::EncodeErrorKind::Surrogate
    );
}

// ---------------------------------------------------------------------------
// WTF-8

/// Python's side of WTF-8: UTF-8 with `surrogatepass` both ways, and the
/// rule of "The WTF-8 encoding" (§ "Encoding" and "Decoding"): no lead
/// surrogate's code followed by a trail surrogate's.
const PYTHON_WTF: &str = r#"
import sys
for line in sys.stdin:
    op, data = line.split()
    data = bytes.fromhex(data) if data != "-" else b""
    try:
        if op == "e":
            out = data.decode("utf-32-be", "surrogatepass").encode("utf-8", "surrogatepass")
        else:
            text = data.decode("utf-8", "surrogatepass")
            for a, b in zip(text, text[1:]):
                if 0xD800 <= ord(a) <= 0xDBFF and 0xDC00 <= ord(b) <= 0xDFFF:
                    raise ValueError("a surrogate pair")
            out = text.encode("utf-32-be", "surrogatepass")
        print(out.hex() or "-")
    except ValueError:
        print("error")
"#;

#[test]
fn wtf_8_agrees_with_pythons_surrogatepass_less_the_pairs() {
    let d = zoo("wtf-8.toml");
    let mut rng = XorShift(0x77F_0008);
    // Texts WTF-8 can hold: no lead surrogate before a trail one (the
    // encoding of a potentially ill-formed UTF-16 string never has one).
    let texts: Vec<Vec<u32>> = (0..1500)
        .map(|_| {
            let mut t: Vec<u32> = Vec::new();
            for _ in 0..1 + rng.below(4) {
                let v = value(&mut rng);
                let paired = t.last().is_some_and(|p| (0xD800..=0xDBFF).contains(p))
                    && (0xDC00..=0xDFFF).contains(&v);
                if !paired {
                    t.push(v);
                }
            }
            t
        })
        .collect();
    let encoded: Vec<Vec<u8>> = texts
        .iter()
        .map(|t| {
            let cps: Vec<u64> = t.iter().map(|&v| v.into()).collect();
            bytes(&d.encode_u64s(&cps).unwrap())
        })
        .collect();
    let mut inputs = noisy(&mut rng, &encoded);
    // Refused pairs on purpose, beside the other orders.
    for (a, b) in [
        (0xD800u32, 0xDC00u32),
        (0xDBFF, 0xDFFF),
        (0xDC00, 0xD800),
        (0xD800, 0xD800),
    ] {
        let cps = [u64::from(a), u64::from(b)];
        inputs.push(bytes(&d.encode_u64s(&cps).unwrap()));
    }
    let mut lines: String = texts
        .iter()
        .map(|t| {
            let utf32: Vec<u8> = t.iter().flat_map(|v| v.to_be_bytes()).collect();
            format!("e {}\n", hex(&utf32))
        })
        .collect();
    lines.extend(inputs.iter().map(|i| format!("d {}\n", hex(i))));
    let Some(answers) = run("python3", &["-c", PYTHON_WTF], lines) else {
        common::oracle_absent("python3");
        return;
    };
    for (ours, theirs) in encoded.iter().zip(&answers) {
        assert_eq!(&hex(ours), theirs);
    }
    let (mut valid, mut surrogates, mut refused_pairs) = (0, 0, 0);
    for (input, theirs) in inputs.iter().zip(&answers[texts.len()..]) {
        let ours = match d.decode_u64s(&units(input)) {
            Ok(values) => {
                valid += 1;
                surrogates += values
                    .iter()
                    .filter(|v| (0xD800..=0xDFFF).contains(*v))
                    .count();
                let utf32: Vec<u8> = values
                    .iter()
                    .flat_map(|&v| (v as u32).to_be_bytes())
                    .collect();
                hex(&utf32)
            }
            Err(e) => {
                refused_pairs += usize::from(e.kind() == DecodeErrorKind::Surrogate);
                "error".into()
            }
        };
        assert_eq!(&ours, theirs, "{}", hex(input));
    }
    assert!(
        valid > 1500 && surrogates > 500 && refused_pairs >= 2,
        "{valid} {surrogates} {refused_pairs}"
    );
}

// ---------------------------------------------------------------------------
// Java's modified UTF-8

/// `DataOutput.writeUTF` as `java.io.DataInput`'s "Modified UTF-8"
/// section gives it: each char of the string (a supplementary code point
/// is two chars, its surrogates) in one byte for \u0001..\u007F, two for
/// \u0000 and \u0080..\u07FF, three for \u0800..\uFFFF.
fn write_utf(code_points: &[u32]) -> Vec<u8> {
    let mut chars: Vec<u32> = Vec::new();
    for &c in code_points {
        if c > 0xFFFF {
            let d = c - 0x10000;
            chars.extend([0xD800 + (d >> 10), 0xDC00 + (d & 0x3FF)]);
        } else {
            chars.push(c);
        }
    }
    let mut out = Vec::new();
    for c in chars {
        match c {
            0x0001..=0x007F => out.push(c as u8),
            0x0000 | 0x0080..=0x07FF => {
                out.extend([0xC0 | (c >> 6) as u8, 0x80 | (c & 0x3F) as u8])
            }
            _ => out.extend([
                0xE0 | (c >> 12) as u8,
                0x80 | ((c >> 6) & 0x3F) as u8,
                0x80 | (c & 0x3F) as u8,
            ]),
        }
    }
    out
}

/// `DataInput.readUTF` as documented: a group by its first byte `a`'s
/// pattern, `0xxxxxxx` alone; `110xxxxx` and `b` (which must match
/// `10xxxxxx`), the char `((a & 0x1F) << 6) | (b & 0x3F)`; `1110xxxx`, `b`
/// and `c`, `((a & 0x0F) << 12) | ((b & 0x3F) << 6) | (c & 0x3F)`; a first
/// byte `10xxxxxx` or `1111xxxx`, or missing bytes, an error. The chars
/// as code points, as `String.codePoints` reads them: a high surrogate
/// followed by a low one is one supplementary code point.
fn read_utf(bytes: &[u8]) -> Option<Vec<u32>> {
    let mut chars = Vec::new();
    let mut i = 0;
    let trail = |b: Option<&u8>| {
        b.filter(|&&b| b & 0xC0 == 0x80)
            .map(|&b| u32::from(b & 0x3F))
    };
    while i < bytes.len() {
        let a = u32::from(bytes[i]);
        match a >> 4 {
            0..=7 => {
                chars.push(a);
                i += 1;
            }
            12 | 13 => {
                let b = trail(bytes.get(i + 1))?;
                chars.push(((a & 0x1F) << 6) | b);
                i += 2;
            }
            14 => {
                let b = trail(bytes.get(i + 1))?;
                let c = trail(bytes.get(i + 2))?;
                chars.push(((a & 0x0F) << 12) | (b << 6) | c);
                i += 3;
            }
            _ => return None,
        }
    }
    let mut out = Vec::new();
    let mut k = 0;
    while k < chars.len() {
        let (c, next) = (chars[k], chars.get(k + 1).copied());
        match next {
            Some(n) if (0xD800..=0xDBFF).contains(&c) && (0xDC00..=0xDFFF).contains(&n) => {
                out.push(0x10000 + ((c - 0xD800) << 10) + (n - 0xDC00));
                k += 2;
            }
            _ => {
                out.push(c);
                k += 1;
            }
        }
    }
    Some(out)
}

/// Every input of one or two bytes, every three-byte input led by a byte
/// of each pattern, random texts and their noisy encodings: the
/// description reads what the documented reader reads, and writes what
/// the documented writer writes.
#[test]
fn modified_utf_8_is_java_io_datainputs() {
    let d = zoo("modified-utf-8.toml");
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    for a in 0..=255u8 {
        inputs.push(vec![a]);
        for b in 0..=255u8 {
            inputs.push(vec![a, b]);
            if [0x00, 0x41, 0xC0, 0xC1, 0xDF, 0xE0, 0xED, 0xEF].contains(&a) {
                inputs.push(vec![a, b, 0x80]);
                inputs.push(vec![a, 0xA0, b]);
            }
        }
    }
    let mut rng = XorShift(0x1A7A_0008);
    let texts: Vec<Vec<u32>> = (0..2000)
        .map(|_| (0..1 + rng.below(4)).map(|_| value(&mut rng)).collect())
        .collect();
    let encoded: Vec<Vec<u8>> = texts.iter().map(|t| write_utf(t)).collect();
    for (t, code) in texts.iter().zip(&encoded) {
        // The writer of a text the reader reads back as written: each
        // code point by itself (a pair of lone surrogates in a row is a
        // supplementary code point once written, as in a Java String).
        let cps: Vec<u64> = t.iter().map(|&v| v.into()).collect();
        assert_eq!(&bytes(&d.encode_u64s(&cps).unwrap()), code, "{t:X?}");
    }
    inputs.extend(noisy(&mut rng, &encoded));
    let (mut valid, mut non_shortest) = (0, 0);
    for input in &inputs {
        let ours = d.decode_u64s(&units(input)).ok();
        let theirs = read_utf(input).map(|v| v.into_iter().map(u64::from).collect::<Vec<_>>());
        assert_eq!(ours, theirs, "{}", hex(input));
        if let Some(values) = &ours {
            valid += 1;
            let canonical = d.encode_u64s(values).ok().map(|c| bytes(&c));
            non_shortest += usize::from(canonical.as_deref() != Some(input.as_slice()));
        }
    }
    assert!(
        valid > 10_000 && non_shortest > 500,
        "{valid} {non_shortest}"
    );
    // The documentation's own cases: U+0000 is C0 80, and no byte of a
    // written text is zero.
    assert_eq!(write_utf(&[0]), [0xC0, 0x80]);
    assert_eq!(d.encode(&CodePoint::from(0u32)).unwrap(), [0xC0, 0x80]);
}

/// Java itself, where a JDK is on the machine (never required: a notice
/// when it is absent, even under CI): `DataOutputStream.writeUTF` of the
/// texts, and `DataInputStream.readUTF` of inputs, against the
/// description.
#[test]
fn modified_utf_8_agrees_with_the_jdk_where_there_is_one() {
    const JAVA: &str = r#"
import java.io.*;
import java.util.HexFormat;
public class ModifiedUtf8 {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        HexFormat hex = HexFormat.of();
        for (String line; (line = in.readLine()) != null; ) {
            String[] parts = line.split(" ");
            byte[] data = parts[1].equals("-") ? new byte[0] : hex.parseHex(parts[1]);
            if (parts[0].equals("e")) {
                StringBuilder s = new StringBuilder();
                for (int i = 0; i < data.length; i += 4) {
                    s.appendCodePoint(((data[i] & 0xFF) << 24) | ((data[i + 1] & 0xFF) << 16) | ((data[i + 2] & 0xFF) << 8) | (data[i + 3] & 0xFF));
                }
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                new DataOutputStream(bytes).writeUTF(s.toString());
                byte[] out = bytes.toByteArray();
                String h = hex.formatHex(out, 2, out.length);
                System.out.println(h.isEmpty() ? "-" : h);
            } else {
                ByteArrayOutputStream framed = new ByteArrayOutputStream();
                framed.write(data.length >> 8);
                framed.write(data.length & 0xFF);
                framed.write(data);
                try {
                    String s = new DataInputStream(new ByteArrayInputStream(framed.toByteArray())).readUTF();
                    StringBuilder h = new StringBuilder();
                    s.codePoints().forEach(c -> h.append(String.format("%08x", c)));
                    System.out.println(h.length() == 0 ? "-" : h.toString());
                } catch (UTFDataFormatException e) {
                    System.out.println("error");
                }
            }
        }
    }
}
"#;
    if Command::new("java").arg("-version").output().is_err() {
        eprintln!("notice: no JDK on this machine, skipping the comparison with java.io");
        return;
    }
    let dir = std::env::temp_dir().join(format!("ucsx-modified-utf8-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let source = dir.join("ModifiedUtf8.java");
    std::fs::write(&source, JAVA).unwrap();
    let d = zoo("modified-utf-8.toml");
    let mut rng = XorShift(0x0DA7_A008);
    let texts: Vec<Vec<u32>> = (0..500)
        .map(|_| (0..1 + rng.below(4)).map(|_| value(&mut rng)).collect())
        .collect();
    let encoded: Vec<Vec<u8>> = texts
        .iter()
        .map(|t| {
            let cps: Vec<u64> = t.iter().map(|&v| v.into()).collect();
            bytes(&d.encode_u64s(&cps).unwrap())
        })
        .collect();
    let inputs = noisy(&mut rng, &encoded);
    let mut lines: String = texts
        .iter()
        .map(|t| {
            let utf32: Vec<u8> = t.iter().flat_map(|v| v.to_be_bytes()).collect();
            format!("e {}\n", hex(&utf32))
        })
        .collect();
    lines.extend(inputs.iter().map(|i| format!("d {}\n", hex(i))));
    let answers = run("java", &[source.to_str().unwrap()], lines);
    std::fs::remove_dir_all(&dir).ok();
    let Some(answers) = answers else {
        eprintln!("notice: java did not run, skipping the comparison with java.io");
        return;
    };
    assert_eq!(answers.len(), texts.len() + inputs.len());
    for (ours, theirs) in encoded.iter().zip(&answers) {
        assert_eq!(&hex(ours), theirs);
    }
    for (input, theirs) in inputs.iter().zip(&answers[texts.len()..]) {
        let ours = match d.decode_u64s(&units(input)) {
            Ok(values) => {
                let utf32: Vec<u8> = values
                    .iter()
                    .flat_map(|&v| (v as u32).to_be_bytes())
                    .collect();
                hex(&utf32)
            }
            Err(_) => "error".into(),
        };
        assert_eq!(&ours, theirs, "{}", hex(input));
    }
}

// ---------------------------------------------------------------------------
// Verdicts

/// The verdicts derived by hand, and which are decided:
/// - CESU-8: one code per value (canonical), no code a prefix of another
///   (a lone high surrogate is no code), U+FFFF (EF BF BF) after U+10000
///   (ED A0 80 ED B0 80) as in UTF-16, not UTF-8's codes past U+FFFF;
///   the units ED and 80..BF lead and trail in pairs, sampled.
/// - WTF-8: generalized UTF-8's templates, so everything of single codes
///   passes, decided; but the text U+D800 U+DC00 is written as a refused
///   pair (round trip fails), and the refused pair has no maximal subpart
///   of one code, a decided FAIL of `error-contract`.
/// - Modified UTF-8: the text U+D800 U+DC00 reads back as U+10000 (round
///   trip fails), 00 reads as U+0000 beside C0 80 (canonical fails), a
///   lone high surrogate's code begins a pair's (prefix-free fails), and
///   U+0000 sorts after U+0001.
#[test]
fn pair_formats_have_their_hand_derived_verdicts() {
    type Row = (Property, Verdict, bool);
    let cases: [(&str, &[Row]); 3] = [
        (
            "cesu-8.toml",
            &[
                (Property::RoundTrip, Verdict::Pass, true),
                (Property::Canonical, Verdict::Pass, true),
                (Property::PrefixFree, Verdict::Pass, true),
                (Property::BinaryOrder, Verdict::Fail, true),
                (Property::BaseCompatible, Verdict::Fail, true),
                (Property::LeadTrailDisjoint, Verdict::Fail, false),
                (Property::ErrorContract, Verdict::Pass, false),
            ],
        ),
        (
            "wtf-8.toml",
            &[
                (Property::RoundTrip, Verdict::Fail, true),
                (Property::Canonical, Verdict::Pass, true),
                (Property::PrefixFree, Verdict::Pass, true),
                (Property::LeadTrailDisjoint, Verdict::Pass, true),
                (Property::SelfSynchronizing, Verdict::Pass, true),
                (Property::BinaryOrder, Verdict::Pass, true),
                (Property::BaseCompatible, Verdict::Pass, true),
                (Property::ErrorContract, Verdict::Fail, true),
            ],
        ),
        (
            "modified-utf-8.toml",
            &[
                (Property::RoundTrip, Verdict::Fail, true),
                (Property::Canonical, Verdict::Fail, true),
                (Property::PrefixFree, Verdict::Fail, true),
                (Property::BinaryOrder, Verdict::Fail, true),
                (Property::BaseCompatible, Verdict::Fail, true),
                (Property::NoFalseMatch, Verdict::Fail, false),
            ],
        ),
    ];
    let config = CheckConfig::default();
    for (file, rows) in cases {
        let report = zoo(file).check(&config);
        for &(p, verdict, decided) in rows {
            let r = report.get(p.name()).unwrap();
            assert_eq!(r.verdict, verdict, "{file} {p:?}: {}", r.detail);
            let method = if decided {
                Method::Decided
            } else {
                Method::Sampled
            };
            assert_eq!(r.method, method, "{file} {p:?}: {}", r.detail);
        }
    }
}

/// A pair's ranges are the surrogates split in two; it has an offset
/// that continues the classes or `refused = true` (with surrogates
/// encoded); `takes` needs non-shortest forms read, and values a class
/// before holds.
#[test]
fn hostile_pairs_and_takes_are_refused_with_a_place_and_a_reason() {
    let head = "name = \"X\"\nunit = 8\nmax = \"U+10FFFF\"\n[[class]]\nunits = [\"0xxxxxxx\"]\n[[class]]\nunits = [\"110xxxxx\", \"10xxxxxx\"]\n[[class]]\nunits = [\"1110xxxx\", \"10xxxxxx\", \"10xxxxxx\"]\n";
    common::assert_refused(&[
        (
            format!("{head}[pair]\nfirst = [\"U+D800\", \"U+DBFF\"]\nsecond = [\"U+DC00\", \"U+DFFE\"]\noffset = 0x10000\n"),
            11,
            9,
            "the surrogates",
        ),
        (
            format!("{head}[pair]\nfirst = [\"U+D800\", \"U+DBFF\"]\nsecond = [\"U+DC00\", \"U+DFFF\"]\noffset = 0x10001\n"),
            13,
            10,
            "from offset = 65536",
        ),
        (
            format!("{head}[pair]\nfirst = [\"U+D800\", \"U+DBFF\"]\nsecond = [\"U+DC00\", \"U+DFFF\"]\nrefused = true\n"),
            13,
            11,
            "surrogates = \"encode\"",
        ),
        (
            format!("{head}[pair]\nfirst = [\"U+D800\", \"U+DBFF\"]\nsecond = [\"U+DC00\", \"U+DFFF\"]\n"),
            10,
            1,
            "an offset",
        ),
        (
            "name = \"X\"\nunit = 8\nmax = \"U+7FF\"\n[[class]]\nunits = [\"0xxxxxxx\"]\n[[class]]\nunits = [\"110xxxxx\", \"10xxxxxx\"]\ntakes = [\"U+0000\"]\n".to_string(),
            8,
            10,
            "non-shortest = \"accept\"",
        ),
        (
            "name = \"X\"\nunit = 8\nmax = \"U+7FF\"\nnon-shortest = \"accept\"\n[[class]]\nunits = [\"0xxxxxxx\"]\n[[class]]\nunits = [\"110xxxxx\", \"10xxxxxx\"]\ntakes = [\"U+0080\"]\n".to_string(),
            9,
            10,
            "a class before holds",
        ),
    ]);
}

/// A value a longer class takes is written in that class, but the class
/// it leaves still ends at it: in UTF-8 whose 3-byte class takes U+07FF
/// (E0 9F BF, non-shortest forms accepted), the 2-byte class's last value
/// and the 3-byte class's first, U+0800 (E0 A0 80), share their lead, so
/// the leads across the class boundary decide nothing. The codes are in
/// order (U+07FE DF BE, U+07FF E0 9F BF, U+0800 E0 A0 80): binary order
/// holds, which the sample finds, and nothing is refuted.
#[test]
fn a_taken_value_that_shares_the_next_class_lead_keeps_binary_order() {
    let d = DescribedFormat::parse(
        "name = \"T\"\nunit = 8\nmax = \"U+FFFF\"\nnon-shortest = \"accept\"\n\
         [[class]]\nunits = [\"0xxxxxxx\"]\n\
         [[class]]\nunits = [\"110xxxxx\", \"10xxxxxx\"]\n\
         [[class]]\nunits = [\"1110xxxx\", \"10xxxxxx\", \"10xxxxxx\"]\n\
         takes = [\"U+07FF\"]\n",
    )
    .unwrap();
    let code = |v: u64| d.encode(&CodePoint::from(v)).unwrap();
    assert_eq!(code(0x7FF), [0xE0, 0x9F, 0xBF]);
    assert!(code(0x7FE) < code(0x7FF) && code(0x7FF) < code(0x800));
    let report = d.check_only(&CheckConfig::default(), &[Property::BinaryOrder]);
    let r = report.get("binary-order").unwrap();
    assert_eq!(r.verdict, Verdict::Pass, "{}", r.detail);
}

// ---------------------------------------------------------------------------
// UTF-16 without a surrogate check

/// Python's UTF-16 codec with `surrogatepass` reads as ECMAScript's
/// CodePointAt does: a high surrogate then a low one is one code point,
/// any other surrogate one of its own. Every sequence of units of the
/// description is valid, and reads so.
#[test]
fn unchecked_utf_16_agrees_with_pythons_surrogatepass() {
    const PYTHON: &str = r#"
import sys
for line in sys.stdin:
    data = line.strip()
    data = bytes.fromhex(data) if data != "-" else b""
    print(data.decode("utf-16-be", "surrogatepass").encode("utf-32-be", "surrogatepass").hex() or "-")
"#;
    let d = zoo("utf-16-unchecked.toml");
    let mut rng = XorShift(0x0DD_0016);
    let inputs: Vec<Vec<u32>> = (0..3000)
        .map(|_| {
            (0..1 + rng.below(5))
                .map(|_| match rng.below(4) {
                    0 => 0xD800 + rng.below(0x400) as u32,
                    1 => 0xDC00 + rng.below(0x400) as u32,
                    _ => rng.below(0x1_0000) as u32,
                })
                .collect()
        })
        .collect();
    let lines: String = inputs
        .iter()
        .map(|i| {
            let be: Vec<u8> = i.iter().flat_map(|&u| (u as u16).to_be_bytes()).collect();
            hex(&be) + "\n"
        })
        .collect();
    let Some(answers) = run("python3", &["-c", PYTHON], lines) else {
        common::oracle_absent("python3");
        return;
    };
    let mut pairs = 0;
    for (input, theirs) in inputs.iter().zip(&answers) {
        let values = d.decode_u64s(input).unwrap();
        pairs += values.iter().filter(|&&v| v > 0xFFFF).count();
        let utf32: Vec<u8> = values
            .iter()
            .flat_map(|&v| (v as u32).to_be_bytes())
            .collect();
        assert_eq!(&hex(&utf32), theirs, "{input:X?}");
        // Writing the values gives the units back.
        assert_eq!(&d.encode_u64s(&values).unwrap(), input);
    }
    assert!(pairs > 300, "{pairs}");
}
