//! Encoding and decoding from a compiled description, with the error kinds
//! and offsets of the built-in decoders.
//!
//! The maximal ill-formed subpart is found as the 8-bit family's decoder
//! finds it (see `encoding/utf8`): while reading a code, keep the interval
//! of values its unread value bits still allow, and stop at the first unit
//! after which that interval holds no valid value (all below the class's
//! first value: non-shortest; all above the format's last: beyond the
//! range; all surrogates: a surrogate). The subpart is the units before
//! that one, at least one.

use alloc::vec::Vec;

use num_bigint::BigUint;

use super::{Class, Compiled};
use ucsx::{CodePoint, DecodeError, DecodeErrorKind, EncodeError, SurrogatePolicy};

fn code_point(v: u128) -> CodePoint {
    match u64::try_from(v) {
        Ok(v) => CodePoint::from(v),
        Err(_) => CodePoint::from(BigUint::from(v)),
    }
}

impl Compiled {
    /// The class whose lead template `unit` matches.
    fn class_of(&self, unit: u32) -> Option<&Class> {
        self.classes.iter().find(|c| c.units[0].matches(unit))
    }

    /// Whether `unit` is a trailing unit of some class.
    fn is_trailing(&self, unit: u32) -> bool {
        self.classes
            .iter()
            .any(|c| c.units[1..].iter().any(|t| t.matches(unit)))
    }

    /// Why no value in `lo..=hi` is valid in `class`, if none is; values
    /// above `limit` are refused too.
    fn no_valid_value(
        &self,
        class: &Class,
        (lo, hi): (u128, u128),
        limit: u128,
        refused: Option<(u128, u128)>,
    ) -> Option<DecodeErrorKind> {
        // Beyond the range first: a class past `max` holds no value, and
        // that is the reason, not its (empty) shortest-form rule.
        if class.beyond || self.max.is_some_and(|max| lo > max) {
            Some(DecodeErrorKind::BeyondRange)
        } else if class.first > limit || lo > limit {
            Some(DecodeErrorKind::LimitExceeded)
        } else if hi < self.floor(class) {
            Some(DecodeErrorKind::NonShortest)
        } else if refused.is_some_and(|(a, b)| lo >= a && hi <= b) {
            Some(DecodeErrorKind::Surrogate)
        } else if self.in_gap(lo, hi) {
            // Values the range leaves out: outside it, as values past max.
            Some(DecodeErrorKind::BeyondRange)
        } else {
            None
        }
    }

    /// [`no_valid_value`](Self::no_valid_value) for the values `lo`,
    /// `lo + stride`, ... up to `hi` (the codes of a little-endian class
    /// whose lowest bits are read): whether one of them in the class's
    /// range has a code, stepping over refused surrogates and gaps.
    fn no_valid_step(
        &self,
        class: &Class,
        (lo, hi, stride): (u128, u128, u128),
        limit: u128,
        refused: Option<(u128, u128)>,
    ) -> Option<DecodeErrorKind> {
        let floor = self.floor(class);
        if class.beyond || self.max.is_some_and(|max| lo > max) {
            return Some(DecodeErrorKind::BeyondRange);
        } else if class.first > limit || lo > limit {
            return Some(DecodeErrorKind::LimitExceeded);
        } else if hi < floor {
            return Some(DecodeErrorKind::NonShortest);
        }
        // The first value of the progression after `v`.
        let after = |v: u128| {
            v.checked_sub(lo)
                .map_or(lo, |d| lo + (d / stride + 1) * stride)
        };
        let top = hi.min(self.max.unwrap_or(u128::MAX)).min(limit);
        let mut v = if lo >= floor { lo } else { after(floor - 1) };
        // Values the class spells below its floor and above the range,
        // none between: non-shortest forms, the nearer reason.
        let mut kind = DecodeErrorKind::NonShortest;
        loop {
            if v > top {
                return Some(kind);
            }
            if let Some((_, b)) = refused.filter(|&(a, b)| a <= v && v <= b) {
                if kind == DecodeErrorKind::NonShortest {
                    kind = DecodeErrorKind::Surrogate;
                }
                v = after(b);
            } else if let Some(&(_, b)) = self.gaps.iter().find(|&&(a, b)| a <= v && v <= b) {
                kind = DecodeErrorKind::BeyondRange;
                v = after(b);
            } else {
                return None;
            }
        }
    }

    /// The least value a code of `class` is read as: its first, or where
    /// the format accepts non-shortest forms, the least its value bits
    /// spell.
    pub(crate) fn floor(&self, class: &Class) -> u128 {
        if self.accept_non_shortest {
            class.offset.min(class.first)
        } else {
            class.first
        }
    }

    /// Whether every value in `lo..=hi` lies in one gap.
    pub(crate) fn in_gap(&self, lo: u128, hi: u128) -> bool {
        self.gaps.iter().any(|&(a, b)| a <= lo && hi <= b)
    }

    /// The values one code at the start of a text may not have, as the
    /// narrowing refuses them: the surrogates where they are refused; where
    /// a pair stands for a value, a `second` value only (a `first` one
    /// begins a pair), and none where surrogates stand alone.
    fn refused_first(&self) -> Option<(u128, u128)> {
        match (&self.pair, self.surrogates) {
            (_, SurrogatePolicy::Encode) => None,
            (Some(p), SurrogatePolicy::Refuse) if p.offset.is_some() => Some(p.second),
            (_, SurrogatePolicy::Refuse) => Some((0xD800, 0xDFFF)),
        }
    }

    /// The first code of `input`, or the error at offset 0: one code, or
    /// where a pair rule stands, two codes that stand for one value, or
    /// the refusal of a pair.
    ///
    /// A code of a value in the pair's `first` range looks at the next
    /// code. At the end of the input it stands alone (where surrogates are
    /// encoded; else it is cut off, as UTF-16's high surrogate is); a next
    /// code cut off that may still be of a `second` value makes the pair
    /// cut off too, so that a stream holds it back; a next code of a
    /// `second` value joins it (or is refused, where the pair is); any
    /// other next code leaves it alone (refused as UTF-16 refuses a lone
    /// high surrogate, where surrogates are refused). A lone code of a
    /// `second` value is refused where surrogates are, as UTF-16's lone
    /// low surrogate.
    pub(crate) fn decode<U: Copy + Into<u32>>(
        &self,
        input: &[U],
        max_bits: u64,
    ) -> Result<(CodePoint, usize), DecodeError> {
        // A byte map: the units the templates read are the map's inverse
        // of those written. A code (or a pair of codes) has at most twice
        // the longest class's units, so only those are mapped.
        if let Some(m) = &self.map {
            let longest = self
                .classes
                .iter()
                .map(|k| k.units.len())
                .max()
                .unwrap_or(1);
            let units: Vec<u32> = input
                .iter()
                .take(2 * longest)
                .map(|&u| {
                    let u: u32 = u.into();
                    if u > 0xFF {
                        u
                    } else {
                        u32::from(m.read[u as usize])
                    }
                })
                .collect();
            return self.decode_templates(&units, max_bits);
        }
        self.decode_templates(input, max_bits)
    }

    /// [`decode`](Self::decode) of the units the templates read.
    fn decode_templates<U: Copy + Into<u32>>(
        &self,
        input: &[U],
        max_bits: u64,
    ) -> Result<(CodePoint, usize), DecodeError> {
        let Some(pair) = &self.pair else {
            return self.decode_one(input, max_bits, self.refused_first());
        };
        let (cp, len) = self.decode_one(input, max_bits, self.refused_first())?;
        let Some(v) = cp.to_u64().map(u128::from) else {
            return Ok((cp, len));
        };
        let fail = |kind, n| Err(DecodeError::new(self.name, kind, 0, n));
        let alone = self.surrogates == SurrogatePolicy::Encode;
        if pair.in_second(v) && !alone {
            return fail(DecodeErrorKind::UnexpectedTrailing, Some(len));
        }
        if !pair.in_first(v) {
            return Ok((cp, len));
        }
        let rest = &input[len..];
        let second = match rest.first() {
            None if alone => return Ok((cp, len)),
            None => return fail(DecodeErrorKind::Truncated, None),
            Some(_) => match self.decode_one(rest, max_bits, None) {
                Ok((w, n)) => w
                    .to_u64()
                    .map(u128::from)
                    .filter(|&w| pair.in_second(w))
                    .map(|w| (w, n)),
                Err(e) if e.error_len().is_none() && self.may_spell(rest, pair.second) => {
                    return fail(DecodeErrorKind::Truncated, None)
                }
                Err(_) => None,
            },
        };
        match (second, pair.join(v, pair.second.0)) {
            (Some((w, n)), Some(_)) => {
                let value = pair.join(v, w).unwrap_or(v);
                if self.max.is_some_and(|max| value > max) {
                    return fail(DecodeErrorKind::BeyondRange, Some(len + n));
                }
                Ok((code_point(value), len + n))
            }
            (Some(_), None) => fail(DecodeErrorKind::Surrogate, Some(len)),
            (None, _) if alone => Ok((cp, len)),
            // The maximal ill-formed subpart runs on over the units of the
            // next code that may still spell a `second` value (ED A0 80 ED
            // 9F: the ED could have begun ED B0 80).
            (None, _) => {
                let more = (1..=rest.len())
                    .take_while(|&j| self.may_spell(&rest[..j], pair.second))
                    .last()
                    .unwrap_or(0);
                fail(DecodeErrorKind::MissingTrailing, Some(len + more))
            }
        }
    }

    /// Whether `units`, the start of a code of a class of fixed length
    /// cut off, may still become the code of a value in `range`.
    fn may_spell<U: Copy + Into<u32>>(&self, units: &[U], range: (u128, u128)) -> bool {
        let Some(&lead) = units.first() else {
            return true;
        };
        let Some(class) = self.class_of(lead.into()).filter(|c| c.field.is_none()) else {
            return false;
        };
        if units.len() > class.units.len() {
            return false;
        }
        let mut known = 0u128;
        let mut read_bits = 0;
        for (t, &u) in class.units.iter().zip(units) {
            let u: u32 = u.into();
            if !t.matches(u) {
                return false;
            }
            let bits = t.value.count_ones();
            let field = u128::from(t.extract(u));
            known = if class.little_endian {
                known | field << read_bits
            } else {
                (known << bits) | field
            };
            read_bits += bits;
        }
        let (lo, hi, stride) = class.values_from(known, read_bits);
        // The first value of the progression from `range.0` on.
        let v = if lo >= range.0 {
            lo
        } else {
            lo + (range.0 - lo).div_ceil(stride) * stride
        };
        v <= hi && v <= range.1
    }

    /// One code at the start of `input`, or the error at offset 0.
    ///
    /// A length field is checked against `max_bits` as it is read, and so
    /// are the codes of 16-bit formats, as the built-in 16-bit decoders do
    /// (`encoding/utf16`: codes of three or more units unit by unit,
    /// shorter ones once whole); the codes of fixed length of other formats
    /// are left to the caller, who checks a decoded value as the built-in
    /// 8- and 32-bit decoders do.
    fn decode_one<U: Copy + Into<u32>>(
        &self,
        input: &[U],
        max_bits: u64,
        refused: Option<(u128, u128)>,
    ) -> Result<(CodePoint, usize), DecodeError> {
        let fail = |kind, len| Err(DecodeError::new(self.name, kind, 0, len));
        let Some(&lead) = input.first() else {
            return fail(DecodeErrorKind::Truncated, None);
        };
        let lead: u32 = lead.into();
        // A unit wider than the format's: later units of the kind fail
        // their template, which gives the error of a missing trailing unit.
        if self.width < 32 && lead >> self.width != 0 {
            return fail(DecodeErrorKind::UnitOutOfRange, Some(1));
        }
        if self.invalid_leads.iter().any(|t| t.matches(lead)) {
            return fail(DecodeErrorKind::InvalidLead, Some(1));
        }
        if let Some(c) = &self.continued {
            let accept = self.accept_non_shortest;
            let (cp, len) = c.decode(
                self.name,
                self.max,
                self.surrogates,
                accept,
                input,
                max_bits,
            )?;
            // A value in a gap is refused as a surrogate is, once whole:
            // the error covers the units before the last.
            let v = cp.to_u64().map(u128::from);
            if v.is_some_and(|v| self.in_gap(v, v)) {
                return fail(DecodeErrorKind::BeyondRange, Some((len - 1).max(1)));
            }
            return Ok((cp, len));
        }
        let Some(class) = self.class_of(lead) else {
            let kind = if self.is_trailing(lead) {
                DecodeErrorKind::UnexpectedTrailing
            } else {
                DecodeErrorKind::InvalidLead
            };
            return fail(kind, Some(1));
        };
        if let Some(field) = &class.field {
            let refuse = self.surrogates == SurrogatePolicy::Refuse;
            return field.decode(self.name, &class.units, input, max_bits, refuse);
        }
        let len = class.units.len();
        // `encoding/utf16`: a code of three or more units is checked unit
        // by unit, a single unit or a surrogate pair once whole.
        let limit = match max_bits {
            _ if self.width != 16 => u128::MAX,
            bits if bits >= 128 => u128::MAX,
            bits => (1 << bits) - 1,
        };
        let whole_limit = len <= 2;
        // The value bits read so far: the top ones (big-endian) or the
        // lowest (little-endian).
        let mut known = u128::from(class.units[0].extract(lead));
        let mut read_bits = class.units[0].value.count_ones();
        for read in 1..=len {
            // The values a code that begins so can spell.
            let (lo, hi, stride) = class.values_from(known, read_bits);
            let limit = if whole_limit && read < len {
                u128::MAX
            } else {
                limit
            };
            let refused = if stride == 1 || lo == hi {
                self.no_valid_value(class, (lo, hi), limit, refused)
            } else {
                self.no_valid_step(class, (lo, hi, stride), limit, refused)
            };
            if let Some(kind) = refused {
                return fail(kind, Some((read - 1).max(1)));
            }
            if read == len {
                return Ok((code_point(lo), len));
            }
            let t = &class.units[read];
            match input.get(read) {
                None => return fail(DecodeErrorKind::Truncated, None),
                Some(&u) if !t.matches(u.into()) => {
                    return fail(DecodeErrorKind::MissingTrailing, Some(read))
                }
                Some(&u) => {
                    let bits = t.value.count_ones();
                    let field = u128::from(t.extract(u.into()));
                    known = if class.little_endian {
                        known | field << read_bits
                    } else {
                        (known << bits) | field
                    };
                    read_bits += bits;
                }
            }
        }
        // `len` is at least 1, so the loop returns.
        fail(DecodeErrorKind::InvalidLead, Some(1))
    }

    /// Appends the code of `cp`: the units the templates give, through the
    /// byte map if there is one.
    pub(crate) fn encode<U: TryFrom<u32>>(
        &self,
        cp: &CodePoint,
        out: &mut Vec<U>,
    ) -> Result<(), EncodeError> {
        if self.map.is_none() {
            return self.encode_templates(cp, out);
        }
        let mut units: Vec<u32> = Vec::new();
        self.encode_templates(cp, &mut units)?;
        push(&self.written(units), out)
    }

    fn encode_templates<U: TryFrom<u32>>(
        &self,
        cp: &CodePoint,
        out: &mut Vec<U>,
    ) -> Result<(), EncodeError> {
        let max = || match self.max {
            Some(max) => code_point(max),
            None => CodePoint::from(0u8),
        };
        let field_class = self.classes.last().filter(|c| c.field.is_some());
        let mut units = Vec::new();
        if cp.bits() > u64::from(super::parse::MAX_VALUE_BITS) {
            if let (Some(c), None) = (&self.continued, self.max) {
                c.encode(&cp.to_biguint(), &mut units);
                return push(&units, out);
            }
            let Some(class) = field_class else {
                return Err(EncodeError::beyond_range(self.name, cp.to_u64(), max()));
            };
            write_field(class, &cp.to_biguint(), &mut units);
            return push(&units, out);
        }
        let v = cp
            .to_biguint()
            .iter_u64_digits()
            .rev()
            .fold(0u128, |acc, d| (acc << 64) | u128::from(d));
        if self.surrogates == SurrogatePolicy::Refuse && (0xD800..=0xDFFF).contains(&v) {
            return Err(EncodeError::surrogate(self.name, v as u64));
        }
        // A value a pair stands for: the codes of its two components.
        if let Some((a, b)) = self.pair.as_ref().and_then(|p| p.split(v)) {
            if self.max.is_some_and(|max| v > max) {
                return Err(EncodeError::beyond_range(
                    self.name,
                    u64::try_from(v).ok(),
                    max(),
                ));
            }
            let mut units = Vec::new();
            for x in [a, b] {
                if let Some(k) = self
                    .classes
                    .iter()
                    .find(|k| !k.beyond && k.first <= x && x <= k.last)
                {
                    let mut code = [0u32; super::parse::MAX_UNITS];
                    k.write(x - k.offset, &mut code[..k.units.len()]);
                    units.extend_from_slice(&code[..k.units.len()]);
                }
            }
            return push(&units, out);
        }
        if self.max.is_some_and(|max| v > max) || self.in_gap(v, v) {
            return Err(EncodeError::beyond_range(
                self.name,
                u64::try_from(v).ok(),
                max(),
            ));
        }
        if let Some(c) = &self.continued {
            c.encode(&BigUint::from(v), &mut units);
            return push(&units, out);
        }
        // A class that takes the value from a class before writes it (Java's
        // U+0000 as C0 80); else the class whose range holds it.
        let taker = self.classes.iter().find(|c| c.takes.contains(&v));
        let Some(class) = taker.or_else(|| {
            self.classes
                .iter()
                .find(|c| !c.beyond && c.first <= v && v <= c.last)
        }) else {
            return Err(EncodeError::beyond_range(
                self.name,
                u64::try_from(v).ok(),
                max(),
            ));
        };
        if class.field.is_some() {
            write_field(class, &BigUint::from(v), &mut units);
            return push(&units, out);
        }
        let mut units = [0u32; super::parse::MAX_UNITS];
        class.write(v - class.offset, &mut units[..class.units.len()]);
        push(&units[..class.units.len()], out)
    }
}

fn write_field(class: &Class, value: &BigUint, out: &mut Vec<u32>) {
    if let Some(field) = &class.field {
        field.encode(&class.units, value, out);
    }
}

/// Appends `units`, which templates of the unit's width made, so every one
/// fits `U`.
fn push<U: TryFrom<u32>>(units: &[u32], out: &mut Vec<U>) -> Result<(), EncodeError> {
    out.reserve(units.len());
    for &u in units {
        if let Ok(u) = U::try_from(u) {
            out.push(u);
        }
    }
    Ok(())
}
