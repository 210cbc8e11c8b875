//! Search in an [`EncodedStr`]: one small [`Pattern`] trait (a `char`, a
//! `&CodePoint`, a `&str` or an `&EncodedStr<E>`) and the `str` methods
//! built on it. Results are unit indices of code boundaries.
//!
//! Why a match never lies off a code boundary: see [`Pattern`].

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::iter::FusedIterator;

use super::layout::{self, Layout};
use super::{EncodedStr, EncodedString};
use crate::{CodePoint, Encoding, UnitSlice};

/// What [`EncodedStr::find`] and the other searches look for: a `char`, a
/// `&CodePoint`, a `&str`, a `&String` or a string of the same format.
///
/// ```
/// use ucsx::{CodePoint, EncodedString, Utf16};
/// let s = EncodedString::<Utf16>::from("a😀b😀");
/// assert_eq!(s.find('😀'), Some(1));
/// assert_eq!(s.find(&CodePoint::from('b')), Some(3));
/// assert_eq!(s.rfind("😀"), Some(4));
/// assert_eq!(s.find(&EncodedString::<Utf16>::from("b")), Some(3));
/// assert_eq!(s.find(&CodePoint::from(0x110000u32)), None); // not in UTF-16
/// ```
///
/// # Why a match never lies off a code boundary
///
/// The search looks for the pattern's units among the string's units (a
/// `memmem` for the 8-bit formats, a scan for the first unit then a
/// comparison for the others), then checks that the match starts and ends
/// on a code boundary, skipping it otherwise. For the nine built-in
/// formats the check never skips anything: in valid text a valid pattern
/// can only match on boundaries.
///
/// - The pattern's first unit starts a code. In the 8-bit formats a code
///   starts with a byte that is not `10xxxxxx`, and in valid text such a
///   byte always starts a code. In UTF-32 and UTF-G-32 every unit does. In
///   UTF-16 a code starts with a unit outside DC00..DFFF, and those units
///   always start a code. In UTF-∞-16 (and UTF-G-16, UTF-E-16) one kind of
///   unit is ambiguous: DC04..DDFF is a lead, or the low half of a
///   surrogate pair after D800..DBFF (`utf-inf-16.txt` §3.2, §3.3). A
///   pattern can start with such a lead, but its code goes on with a
///   trailing unit DE00..DFFF, while the unit after a pair starts a code
///   and is never DE00..DFFF; so the pattern cannot match there either.
/// - Codes are prefix-free in every format (a lead, or a DDFF code's length
///   field, fixes how many units follow, §3.4), so from a common start the
///   pattern's codes and the string's line up one for one, and the match
///   ends where a code of the string ends.
///
/// A format defined outside the crate has neither guarantee (a format whose
/// trailing units can also be one-unit codes would match a one-unit pattern
/// inside a longer code); the check makes the search exact for it too.
///
/// ```
/// use ucsx::{CodePoint, EncodedString, UtfInf16};
/// // U+10404 is the pair D801 DC04; U+110000 is DC04 DE80 DE00, whose lead
/// // is the same unit as the pair's low half.
/// let s = EncodedString::<UtfInf16>::try_from_code_points(
///     [CodePoint::from(0x10404u32), CodePoint::from(0x110000u32)])?;
/// assert_eq!(s.as_units(), [0xD801, 0xDC04, 0xDC04, 0xDE80, 0xDE00]);
/// // Unit by unit the pattern fits only where it starts a code.
/// let p = EncodedString::<UtfInf16>::try_from_code_points([CodePoint::from(0x110000u32)])?;
/// assert_eq!(s.as_units().windows(3).position(|w| w == p.as_units()), Some(2));
/// assert_eq!(s.find(&p), Some(2));
/// # Ok::<(), ucsx::EncodeError>(())
/// ```
pub trait Pattern<'p, E: Encoding> {
    /// The pattern's units in `E`, or `None` if `E` cannot encode it: it
    /// then matches nowhere.
    ///
    /// ```
    /// use ucsx::{Pattern, Utf16};
    /// assert_eq!(Pattern::<Utf16>::into_units('😀').unwrap().as_ref(), [0xD83D, 0xDE00]);
    /// ```
    fn into_units(self) -> Option<Cow<'p, [E::Unit]>>;
}

impl<'p, E: Encoding> Pattern<'p, E> for char {
    fn into_units(self) -> Option<Cow<'p, [E::Unit]>> {
        let mut buf = [0u8; 4];
        let mut units = Vec::new();
        layout::encode_text::<E>(self.encode_utf8(&mut buf), &mut units).ok()?;
        Some(Cow::Owned(units))
    }
}

impl<'p, E: Encoding> Pattern<'p, E> for &CodePoint {
    fn into_units(self) -> Option<Cow<'p, [E::Unit]>> {
        let mut units = Vec::new();
        E::encode(self, &mut units).ok()?;
        Some(Cow::Owned(units))
    }
}

impl<'p, E: Encoding> Pattern<'p, E> for &str {
    fn into_units(self) -> Option<Cow<'p, [E::Unit]>> {
        let mut units = Vec::with_capacity(self.len());
        layout::encode_text::<E>(self, &mut units).ok()?;
        Some(Cow::Owned(units))
    }
}

impl<'p, E: Encoding> Pattern<'p, E> for &String {
    fn into_units(self) -> Option<Cow<'p, [E::Unit]>> {
        Pattern::<E>::into_units(self.as_str())
    }
}

impl<'p, E: Encoding> Pattern<'p, E> for &'p EncodedStr<E> {
    fn into_units(self) -> Option<Cow<'p, [E::Unit]>> {
        Some(Cow::Borrowed(self.as_units()))
    }
}

impl<'p, E: Encoding> Pattern<'p, E> for &'p EncodedString<E> {
    fn into_units(self) -> Option<Cow<'p, [E::Unit]>> {
        Some(Cow::Borrowed(self.as_units()))
    }
}

/// The index of the first `x` in `hay`: blocks are tested with a loop
/// the compiler vectorises, then the block that holds one is scanned.
fn position<T: Copy + PartialEq>(hay: &[T], x: T) -> Option<usize> {
    const BLOCK: usize = 32;
    let mut base = 0;
    for block in hay.chunks(BLOCK) {
        if block.iter().fold(false, |seen, &u| seen | (u == x)) {
            return block.iter().position(|&u| u == x).map(|i| base + i);
        }
        base += block.len();
    }
    None
}

/// The first index `i >= from` where `needle` (not empty) occurs in `hay`
/// as units, boundaries aside.
fn raw_find<T: Copy + PartialEq>(hay: &[T], needle: &[T], mut from: usize) -> Option<usize> {
    let last = hay.len().checked_sub(needle.len())?;
    while from <= last {
        from += position(&hay[from..=last], needle[0])?;
        if hay[from + 1..from + needle.len()] == needle[1..] {
            return Some(from);
        }
        from += 1;
    }
    None
}

/// The last index `i` with `i + needle.len() <= end` where `needle` (not
/// empty) occurs in `hay` as units, boundaries aside.
fn raw_rfind<T: Copy + PartialEq>(hay: &[T], needle: &[T], end: usize) -> Option<usize> {
    let mut i = end.checked_sub(needle.len())?;
    loop {
        if hay[i] == needle[0] && hay[i + 1..i + needle.len()] == needle[1..] {
            return Some(i);
        }
        i = i.checked_sub(1)?;
    }
}

/// The first match of `needle` (not empty) in `hay` at or after `from`
/// whose ends are code boundaries.
pub(crate) fn find_from<E: Encoding>(
    hay: &[E::Unit],
    needle: &[E::Unit],
    mut from: usize,
) -> Option<usize> {
    loop {
        let found = match (layout::layout::<E>(hay), E::unit_slice(needle)) {
            (Layout::Bytes(h), Some(UnitSlice::U8(n))) => {
                memchr::memmem::find(h.get(from..)?, n).map(|i| i + from)
            }
            (Layout::Words(h, _), Some(UnitSlice::U16(n))) => raw_find(h, n, from),
            _ => raw_find(hay, needle, from),
        }?;
        let end = found + needle.len();
        if layout::is_boundary::<E>(hay, found) && layout::is_boundary::<E>(hay, end) {
            return Some(found);
        }
        from = found + 1;
    }
}

/// The last match of `needle` (not empty) in `hay[..end]` whose ends are
/// code boundaries.
pub(crate) fn rfind_before<E: Encoding>(
    hay: &[E::Unit],
    needle: &[E::Unit],
    mut end: usize,
) -> Option<usize> {
    loop {
        let found = match (layout::layout::<E>(hay), E::unit_slice(needle)) {
            (Layout::Bytes(h), Some(UnitSlice::U8(n))) => memchr::memmem::rfind(&h[..end], n),
            _ => raw_rfind(hay, needle, end),
        }?;
        if layout::is_boundary::<E>(hay, found)
            && layout::is_boundary::<E>(hay, found + needle.len())
        {
            return Some(found);
        }
        end = found + needle.len() - 1;
    }
}

impl<E: Encoding> EncodedStr<E> {
    /// The unit index of the first match of `pattern`, as `str::find`; an
    /// empty pattern matches at 0.
    ///
    /// ```
    /// use ucsx::{EncodedString, Utf8};
    /// let s = EncodedString::<Utf8>::from("né né");
    /// assert_eq!(s.find("é"), Some(1));
    /// assert_eq!(s.find('x'), None);
    /// ```
    pub fn find<'p, P: Pattern<'p, E>>(&self, pattern: P) -> Option<usize> {
        let needle = pattern.into_units()?;
        if needle.is_empty() {
            return Some(0);
        }
        find_from::<E>(self.as_units(), &needle, 0)
    }

    /// The unit index of the last match of `pattern`, as `str::rfind`; an
    /// empty pattern matches at the end.
    ///
    /// ```
    /// use ucsx::{EncodedString, Utf16};
    /// let s = EncodedString::<Utf16>::from("😀a😀");
    /// assert_eq!(s.rfind('😀'), Some(3));
    /// assert_eq!(s.rfind(""), Some(5));
    /// ```
    pub fn rfind<'p, P: Pattern<'p, E>>(&self, pattern: P) -> Option<usize> {
        let needle = pattern.into_units()?;
        if needle.is_empty() {
            return Some(self.len_units());
        }
        rfind_before::<E>(self.as_units(), &needle, self.len_units())
    }

    /// Whether `pattern` occurs, as `str::contains`.
    ///
    /// ```
    /// use ucsx::{CodePoint, EncodedString, UtfInf16};
    /// let mut s = EncodedString::<UtfInf16>::from("x");
    /// s.push(&"U+110000".parse()?)?;
    /// assert!(s.contains(&"U+110000".parse::<CodePoint>()?));
    /// assert!(!s.contains("y"));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn contains<'p, P: Pattern<'p, E>>(&self, pattern: P) -> bool {
        self.find(pattern).is_some()
    }

    /// Whether the string begins with `pattern`, as `str::starts_with`.
    ///
    /// ```
    /// use ucsx::{EncodedString, Utf8};
    /// let s = EncodedString::<Utf8>::from("héllo");
    /// assert!(s.starts_with("hé") && !s.starts_with("é"));
    /// ```
    pub fn starts_with<'p, P: Pattern<'p, E>>(&self, pattern: P) -> bool {
        pattern.into_units().is_some_and(|needle| {
            self.as_units().starts_with(&needle) && self.is_code_boundary(needle.len())
        })
    }

    /// Whether the string ends with `pattern`, as `str::ends_with`.
    ///
    /// ```
    /// use ucsx::{EncodedString, Utf32};
    /// let s = EncodedString::<Utf32>::from("héllo");
    /// assert!(s.ends_with('o') && !s.ends_with("l"));
    /// ```
    pub fn ends_with<'p, P: Pattern<'p, E>>(&self, pattern: P) -> bool {
        pattern.into_units().is_some_and(|needle| {
            self.as_units().ends_with(&needle)
                && self.is_code_boundary(self.len_units() - needle.len())
        })
    }

    /// The substrings between the matches of `pattern`, as `str::split`.
    ///
    /// ```
    /// use ucsx::{EncodedString, Utf16};
    /// let s = EncodedString::<Utf16>::from("a,b,,c");
    /// let parts: Vec<String> = s.split(',').map(|p| p.to_string()).collect();
    /// assert_eq!(parts, ["a", "b", "", "c"]);
    /// let chars: Vec<String> = EncodedString::<Utf16>::from("ab").split("").map(|p| p.to_string()).collect();
    /// assert_eq!(chars, ["", "a", "b", ""]);
    /// ```
    pub fn split<'a, 'p, P: Pattern<'p, E>>(&'a self, pattern: P) -> Split<'a, 'p, E> {
        Split {
            matches: Matcher::new(self, pattern),
            piece_start: 0,
            finished: false,
        }
    }

    /// The matches of `pattern` with their unit indices, as
    /// `str::match_indices`; matches do not overlap.
    ///
    /// ```
    /// use ucsx::{EncodedString, Utf8};
    /// let s = EncodedString::<Utf8>::from("aéaéé");
    /// let at: Vec<usize> = s.match_indices("aé").map(|(i, _)| i).collect();
    /// assert_eq!(at, [0, 3]);
    /// ```
    pub fn match_indices<'a, 'p, P: Pattern<'p, E>>(
        &'a self,
        pattern: P,
    ) -> MatchIndices<'a, 'p, E> {
        MatchIndices {
            matches: Matcher::new(self, pattern),
        }
    }
}

/// The matches of one pattern, left to right, without overlaps.
#[derive(Debug)]
struct Matcher<'a, 'p, E: Encoding> {
    hay: &'a EncodedStr<E>,
    /// `None`: the pattern cannot be encoded and matches nowhere.
    needle: Option<Cow<'p, [E::Unit]>>,
    /// Where the next search starts; past the end when done.
    pos: usize,
}

// By hand: a derive would ask for `E: Clone`.
impl<E: Encoding> Clone for Matcher<'_, '_, E> {
    fn clone(&self) -> Self {
        Matcher {
            hay: self.hay,
            needle: self.needle.clone(),
            pos: self.pos,
        }
    }
}

impl<E: Encoding> Clone for Split<'_, '_, E> {
    fn clone(&self) -> Self {
        Split {
            matches: self.matches.clone(),
            piece_start: self.piece_start,
            finished: self.finished,
        }
    }
}

impl<E: Encoding> Clone for MatchIndices<'_, '_, E> {
    fn clone(&self) -> Self {
        MatchIndices {
            matches: self.matches.clone(),
        }
    }
}

impl<'a, 'p, E: Encoding> Matcher<'a, 'p, E> {
    fn new<P: Pattern<'p, E>>(hay: &'a EncodedStr<E>, pattern: P) -> Self {
        Matcher {
            hay,
            needle: pattern.into_units(),
            pos: 0,
        }
    }

    /// The next match's unit range.
    fn next_match(&mut self) -> Option<(usize, usize)> {
        let needle = self.needle.as_deref()?;
        let units = self.hay.as_units();
        if self.pos > units.len() {
            return None;
        }
        if needle.is_empty() {
            // An empty pattern matches at every boundary, end included.
            let at = self.pos;
            self.pos += if at < units.len() {
                layout::decode_len::<E>(&units[at..])
            } else {
                1
            };
            return Some((at, at));
        }
        match find_from::<E>(units, needle, self.pos) {
            Some(at) => {
                self.pos = at + needle.len();
                Some((at, self.pos))
            }
            None => {
                self.pos = units.len() + 1;
                None
            }
        }
    }
}

/// The iterator of [`EncodedStr::split`].
///
/// ```
/// use ucsx::{EncodedString, Utf8};
/// let s = EncodedString::<Utf8>::from("x y");
/// assert_eq!(s.split(' ').count(), 2);
/// ```
#[derive(Debug)]
pub struct Split<'a, 'p, E: Encoding> {
    matches: Matcher<'a, 'p, E>,
    piece_start: usize,
    finished: bool,
}

impl<'a, E: Encoding> Iterator for Split<'a, '_, E> {
    type Item = &'a EncodedStr<E>;

    fn next(&mut self) -> Option<&'a EncodedStr<E>> {
        if self.finished {
            return None;
        }
        let hay = self.matches.hay;
        let units = hay.as_units();
        match self.matches.next_match() {
            Some((start, end)) => {
                let piece = &units[self.piece_start..start];
                self.piece_start = end;
                Some(EncodedStr::from_units_unchecked(piece))
            }
            None => {
                self.finished = true;
                Some(EncodedStr::from_units_unchecked(&units[self.piece_start..]))
            }
        }
    }
}

impl<E: Encoding> FusedIterator for Split<'_, '_, E> {}

/// The iterator of [`EncodedStr::match_indices`].
///
/// ```
/// use ucsx::{EncodedString, Utf32};
/// let s = EncodedString::<Utf32>::from("abab");
/// let v: Vec<(usize, String)> = s.match_indices("b").map(|(i, m)| (i, m.to_string())).collect();
/// assert_eq!(v, [(1, "b".to_string()), (3, "b".to_string())]);
/// ```
#[derive(Debug)]
pub struct MatchIndices<'a, 'p, E: Encoding> {
    matches: Matcher<'a, 'p, E>,
}

impl<'a, E: Encoding> Iterator for MatchIndices<'a, '_, E> {
    type Item = (usize, &'a EncodedStr<E>);

    fn next(&mut self) -> Option<(usize, &'a EncodedStr<E>)> {
        let (start, end) = self.matches.next_match()?;
        let units = &self.matches.hay.as_units()[start..end];
        Some((start, EncodedStr::from_units_unchecked(units)))
    }
}

impl<E: Encoding> FusedIterator for MatchIndices<'_, '_, E> {}
