//! Deterministic benchmark corpora, shared by `benches/throughput.rs` and
//! `examples/bench_report.rs`.

#![allow(dead_code)]

/// The size of each text corpus.
pub const CORPUS_BYTES: usize = 4 << 20;

/// A fixed-seed xorshift generator: the same corpora on every run.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed | 1)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}

fn pick(rng: &mut Rng, chars: &[char]) -> char {
    chars[rng.below(chars.len() as u64) as usize]
}

/// Text of `CORPUS_BYTES` bytes or a little more, from `next_char`, with a
/// space every few characters as in prose.
fn build(mut next_char: impl FnMut(&mut Rng) -> char, seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let mut s = String::with_capacity(CORPUS_BYTES + 8);
    while s.len() < CORPUS_BYTES {
        let word = 2 + rng.below(8);
        for _ in 0..word {
            s.push(next_char(&mut rng));
        }
        s.push(' ');
    }
    s
}

const LOWER: &[char] = &[
    'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 'q', 'r', 's',
    't', 'u', 'v', 'w', 'x', 'y', 'z',
];
const ACCENTED: &[char] = &['é', 'è', 'à', 'ç', 'ü', 'ö', 'ñ', 'å', 'ø', 'ß', 'î', 'ô'];

/// ASCII prose.
pub fn ascii() -> String {
    build(|r| pick(r, LOWER), 1)
}

/// Latin-heavy text: about one accented (2-byte) letter in six.
pub fn latin() -> String {
    build(
        |r| {
            if r.below(6) == 0 {
                pick(r, ACCENTED)
            } else {
                pick(r, LOWER)
            }
        },
        2,
    )
}

/// CJK: mostly 3-byte characters from the unified ideographs.
pub fn cjk() -> String {
    build(
        |r| char::from_u32(0x4E00 + r.below(0x5000) as u32).unwrap(),
        3,
    )
}

/// Mixed: ASCII, 2-, 3- and 4-byte characters in equal measure.
pub fn mixed() -> String {
    build(
        |r| match r.below(4) {
            0 => pick(r, LOWER),
            1 => char::from_u32(0x400 + r.below(0x100) as u32).unwrap(),
            2 => char::from_u32(0x4E00 + r.below(0x5000) as u32).unwrap(),
            _ => char::from_u32(0x1F300 + r.below(0x300) as u32).unwrap(),
        },
        4,
    )
}

/// Emoji-heavy: emoji (4-byte codes, surrogate pairs in UTF-16) with a
/// little ASCII between them, as in chat messages.
pub fn emoji() -> String {
    build(
        |r| match r.below(4) {
            0 => pick(r, LOWER),
            _ => char::from_u32(0x1F300 + r.below(0x300) as u32).unwrap(),
        },
        5,
    )
}

/// The four text corpora with their names.
pub fn texts() -> Vec<(&'static str, String)> {
    vec![
        ("ascii", ascii()),
        ("latin", latin()),
        ("cjk", cjk()),
        ("mixed", mixed()),
    ]
}

/// The text corpora of the transcoding targets: the four, and emoji-heavy.
pub fn transcoding_texts() -> Vec<(&'static str, String)> {
    let mut texts = texts();
    texts.push(("emoji", emoji()));
    texts
}

/// A code point of exactly `bits` bits, its lower bits pseudo-random.
pub fn huge(bits: u64) -> ucsx::num_bigint::BigUint {
    let mut rng = Rng::new(bits);
    let words = bits.div_ceil(64) as usize;
    let mut digits: Vec<u64> = (0..words).map(|_| rng.next_u64()).collect();
    let top = bits - 64 * (words as u64 - 1);
    let last = digits.last_mut().unwrap();
    *last &= if top == 64 { u64::MAX } else { (1 << top) - 1 };
    *last |= 1 << (top - 1);
    let bytes: Vec<u8> = digits.iter().flat_map(|d| d.to_le_bytes()).collect();
    ucsx::num_bigint::BigUint::from_bytes_le(&bytes)
}

/// Code points in the shape of the emoji corpus, `count` of them: words of
/// two to nine codes, a quarter of them lowercase ASCII and the rest drawn
/// from `lo..lo + span`, a space after each word. Every class of code
/// gets the same shape and count, so that code points per second compare
/// across classes: `dense(0x1F300, 0x300, n)` is emoji text, and
/// `dense(0x20_0000, 0x3E0_0000, n)` the same text in 5-byte UTF-E-8 codes.
pub fn dense(lo: u64, span: u64, count: usize) -> Vec<u64> {
    let mut rng = Rng::new(5);
    let mut values = Vec::with_capacity(count + 10);
    while values.len() < count {
        let word = 2 + rng.below(8);
        for _ in 0..word {
            values.push(match rng.below(4) {
                0 => u64::from(pick(&mut rng, LOWER)),
                _ => lo + rng.below(span),
            });
        }
        values.push(u64::from(' '));
    }
    values.truncate(count);
    values
}

/// Code points of one script written without spaces, as CJK text is:
/// `count` values drawn from `lo..lo + span`, nothing else.
/// `unspaced(0x1F300, 0x300, n)` is its Unicode twin, emoji alone.
pub fn unspaced(lo: u64, span: u64, count: usize) -> Vec<u64> {
    let mut rng = Rng::new(7);
    (0..count).map(|_| lo + rng.below(span)).collect()
}

/// What stands in one code point in ten of [`cjk_with`]'s text.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Tenth {
    /// A value of U+200000..U+3FFFFFF: a 5-byte UTF-E-8 code, a 3-unit
    /// UTF-∞-16 code.
    Extended,
    /// An emoji, U+1F300..U+1F5FF: the Unicode text of the same shape, a
    /// 4-byte UTF-8 code and a UTF-16 surrogate pair.
    Emoji,
    /// Another CJK ideograph: text of one length of code.
    Cjk,
}

/// CJK text, `count` code points, one in ten of them `tenth` (the same
/// draws, so the same positions, whatever `tenth` is).
pub fn cjk_with(count: usize, tenth: Tenth) -> Vec<u64> {
    let mut rng = Rng::new(3);
    (0..count)
        .map(|_| {
            let cjk = 0x4E00 + rng.below(0x5000);
            let other = rng.below(10) == 0;
            match (other, tenth) {
                (true, Tenth::Extended) => 0x20_0000 + rng.below(0x3E0_0000),
                (true, Tenth::Emoji) => 0x1F300 + rng.below(0x300),
                (true, Tenth::Cjk) => 0x4E00 + rng.below(0x5000),
                _ => cjk,
            }
        })
        .collect()
}
