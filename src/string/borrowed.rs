//! [`EncodedStr`]: a borrowed string of code points, always valid in its
//! format, as `str` is over `[u8]`.

use alloc::borrow::{Cow, ToOwned};
use alloc::string::String;
use core::cmp::Ordering;
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;
use core::ops::{
    Bound, Index, Range, RangeBounds, RangeFrom, RangeFull, RangeInclusive, RangeTo,
    RangeToInclusive,
};

use super::{layout, EncodedString, StringCodePointIndices, StringCodePoints};
use crate::{transcode, CodePoint, DecodeError, Encoding, Utf8, UtfE8, UtfG8};

/// A borrowed string of code points of any size, stored as the units of
/// the format `E` and always valid in `E`: what `str` is to `[u8]`.
/// [`EncodedString`] derefs to it, and slicing by unit index gives one.
///
/// ```
/// use ucsx::{CodePoint, EncodedStr, EncodedString, UtfE8};
///
/// let mut owned = EncodedString::<UtfE8>::from("héllo, ");
/// owned.push(&"U+7FFFFFFFFFFFFFFF".parse()?)?;
/// let s: &EncodedStr<UtfE8> = &owned;
/// assert_eq!((s.count(), s.len_units()), (8, 8 + 13));
/// assert_eq!(s.find(","), Some(6));
/// assert_eq!(s[..6].to_string(), "héllo");
/// assert_eq!(s.code_points().next_back(), Some("U+7FFFFFFFFFFFFFFF".parse()?));
/// assert!(EncodedStr::<UtfE8>::from_units(&[0x80]).is_err());
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
// `repr(transparent)`: the same layout and pointer metadata as
// `[E::Unit]` (`PhantomData` is a 1-aligned zero-sized field), which the
// cast in `from_units_unchecked` relies on.
#[repr(transparent)]
pub struct EncodedStr<E: Encoding> {
    format: PhantomData<E>,
    units: [E::Unit],
}

impl<E: Encoding> EncodedStr<E> {
    /// The string of `units`, if they are valid in `E` (within the default
    /// [`DecodeLimits`](crate::DecodeLimits)).
    ///
    /// ```
    /// use ucsx::{EncodedStr, Utf16};
    /// let s = EncodedStr::<Utf16>::from_units(&[0xD83D, 0xDE00]).unwrap();
    /// assert_eq!(s.count(), 1);
    /// let err = EncodedStr::<Utf16>::from_units(&[0x61, 0xD83D]).unwrap_err();
    /// assert_eq!((err.valid_up_to(), err.error_len()), (1, None));
    /// ```
    pub fn from_units(units: &[E::Unit]) -> Result<&EncodedStr<E>, DecodeError> {
        E::validate(units).map_err(|e| e.within(units.len()))?;
        Ok(Self::from_units_unchecked(units))
    }

    /// `units` as a string, which the caller has checked to be valid in `E`.
    /// Validity is an invariant of the type that the unsafe conversions to
    /// `str` in `layout.rs` rely on, so this stays private to the crate and
    /// every caller keeps it (`tests/string_model.rs` checks each method).
    #[allow(unsafe_code)]
    pub(crate) fn from_units_unchecked(units: &[E::Unit]) -> &EncodedStr<E> {
        debug_assert!(crate::Format::of::<E>().is_none() || E::validate(units).is_ok());
        // SAFETY: `EncodedStr<E>` is `repr(transparent)` over `[E::Unit]`
        // (its other field is a zero-sized, 1-aligned `PhantomData`), so
        // both have the same size, alignment and slice-length metadata,
        // and a pointer cast between them keeps the length. The lifetime
        // is carried over from `units` by the signature.
        unsafe { &*(units as *const [E::Unit] as *const EncodedStr<E>) }
    }

    /// The units, valid in `E`.
    ///
    /// ```
    /// use ucsx::{EncodedString, Utf8};
    /// assert_eq!(EncodedString::<Utf8>::from("é").as_units(), [0xC3, 0xA9]);
    /// ```
    pub fn as_units(&self) -> &[E::Unit] {
        &self.units
    }

    /// The number of units.
    ///
    /// ```
    /// use ucsx::{EncodedString, Utf16};
    /// assert_eq!(EncodedString::<Utf16>::from("a😀").len_units(), 3);
    /// ```
    pub fn len_units(&self) -> usize {
        self.units.len()
    }

    /// The number of units, as `str::len` counts bytes (the same as
    /// [`len_units`](Self::len_units)).
    ///
    /// ```
    /// use ucsx::{EncodedString, Utf16, Utf8};
    /// assert_eq!(EncodedString::<Utf16>::from("a😀").len(), 3);
    /// assert_eq!(EncodedString::<Utf8>::from("a😀").len(), "a😀".len());
    /// ```
    pub fn len(&self) -> usize {
        self.units.len()
    }

    /// Whether the string has no code points.
    ///
    /// ```
    /// use ucsx::{EncodedString, Utf8};
    /// assert!(EncodedString::<Utf8>::new().is_empty());
    /// assert!(!EncodedString::<Utf8>::from("x").is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.units.is_empty()
    }

    /// The number of code points. The built-in formats count the units that
    /// start a code without decoding (bytes that are not `10xxxxxx`, in the
    /// 8-bit formats).
    ///
    /// ```
    /// use ucsx::{EncodedString, UtfInf16};
    /// let mut s = EncodedString::<UtfInf16>::from("né");
    /// s.push(&"U+110000".parse()?)?;
    /// assert_eq!((s.count(), s.len_units()), (3, 5));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn count(&self) -> usize {
        layout::count::<E>(&self.units)
    }

    /// Whether a code starts at unit `index` (the end, `len_units()`,
    /// counts; past it does not), as `str::is_char_boundary`.
    ///
    /// ```
    /// use ucsx::{EncodedString, Utf8};
    /// let s = EncodedString::<Utf8>::from("aé");
    /// let bounds: Vec<bool> = (0..=4).map(|i| s.is_code_boundary(i)).collect();
    /// assert_eq!(bounds, [true, true, false, true, false]);
    /// ```
    pub fn is_code_boundary(&self, index: usize) -> bool {
        layout::is_boundary::<E>(&self.units, index)
    }

    /// The substring of units `range` (any range: `a..b`, `a..`, `..b`,
    /// `..`, `a..=b`, `..=b`), or `None` if either end is not a code
    /// boundary or lies past the end, as `str::get`.
    ///
    /// ```
    /// use ucsx::{EncodedString, Utf16};
    /// let s = EncodedString::<Utf16>::from("a😀b");
    /// assert_eq!(s.get(1..3).unwrap().to_string(), "😀");
    /// assert_eq!(s.get(1..).unwrap().to_string(), "😀b");
    /// assert_eq!(s.get(..=2).unwrap().to_string(), "a😀");
    /// assert!(s.get(1..2).is_none()); // inside the surrogate pair
    /// assert!(s.get(2..9).is_none());
    /// ```
    pub fn get(&self, range: impl RangeBounds<usize>) -> Option<&EncodedStr<E>> {
        let range = self.units_of(&range)?;
        if range.start <= range.end
            && self.is_code_boundary(range.start)
            && self.is_code_boundary(range.end)
        {
            Some(Self::from_units_unchecked(&self.units[range]))
        } else {
            None
        }
    }

    /// `range` as a `Range` of units, `None` where an inclusive end is
    /// `usize::MAX` (no string is that long).
    fn units_of(&self, range: &impl RangeBounds<usize>) -> Option<Range<usize>> {
        let start = match range.start_bound() {
            Bound::Included(&start) => start,
            Bound::Excluded(&start) => start.checked_add(1)?,
            Bound::Unbounded => 0,
        };
        let end = match range.end_bound() {
            Bound::Included(&end) => end.checked_add(1)?,
            Bound::Excluded(&end) => end,
            Bound::Unbounded => self.len_units(),
        };
        Some(start..end)
    }

    /// The code points, from either end (O(1) amortised per step; see
    /// [`StringCodePoints`]).
    ///
    /// ```
    /// use ucsx::{CodePoint, EncodedString, Utf16};
    /// let s = EncodedString::<Utf16>::from("a😀b");
    /// let rev: Vec<CodePoint> = s.code_points().rev().collect();
    /// assert_eq!(rev, [CodePoint::from('b'), CodePoint::from('😀'), CodePoint::from('a')]);
    /// ```
    pub fn code_points(&self) -> StringCodePoints<'_, E> {
        StringCodePoints::new(&self.units)
    }

    /// The code points with the unit index where each one's code starts,
    /// as `str::char_indices`.
    ///
    /// ```
    /// use ucsx::{CodePoint, EncodedString, Utf8};
    /// let s = EncodedString::<Utf8>::from("é!");
    /// let v: Vec<(usize, CodePoint)> = s.code_point_indices().collect();
    /// assert_eq!(v, [(0, 'é'.into()), (2, '!'.into())]);
    /// ```
    pub fn code_point_indices(&self) -> StringCodePointIndices<'_, E> {
        StringCodePointIndices::new(&self.units)
    }

    /// The string as Rust text, each code point that is not a Unicode
    /// scalar value replaced by U+FFFD. Borrowed where `E` is UTF-8; one
    /// copy (or one pass of [`transcode`]) otherwise.
    ///
    /// ```
    /// use ucsx::{EncodedString, UtfG8};
    /// let mut s = EncodedString::<UtfG8>::from("a");
    /// s.push(&"U+7FFFFFFF".parse()?)?;
    /// assert_eq!(s.to_string_lossy(), "a\u{FFFD}");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn to_string_lossy(&self) -> Cow<'_, str> {
        if let Some(text) = self.as_std_str() {
            return Cow::Borrowed(text);
        }
        match self.to_std_string() {
            Ok(text) => Cow::Owned(text),
            Err(_) => Cow::Owned(
                self.code_points()
                    .map(|cp| cp.to_char().unwrap_or(char::REPLACEMENT_CHARACTER))
                    .collect(),
            ),
        }
    }

    /// The units as a `&str` where they are UTF-8 bytes already: `E` is
    /// an 8-bit format and every code point is a Unicode scalar value.
    #[allow(unsafe_code)]
    pub(crate) fn as_std_str(&self) -> Option<&str> {
        match layout::layout::<E>(&self.units) {
            // SAFETY: the units of an `EncodedStr<E>` are valid in `E`.
            layout::Layout::Bytes(bytes) => unsafe { layout::unicode_str::<E>(bytes) },
            _ => None,
        }
    }

    /// The string as a Rust `String`, or `Err(())` if a code point is not a
    /// Unicode scalar value.
    pub(crate) fn to_std_string(&self) -> Result<String, ()> {
        if let Some(text) = self.as_std_str() {
            return Ok(String::from(text));
        }
        if let layout::Layout::Bytes(_) = layout::layout::<E>(&self.units) {
            return Err(());
        }
        let mut bytes = alloc::vec::Vec::with_capacity(self.units.len());
        transcode::<E, Utf8>(&self.units, &mut bytes).map_err(|_| ())?;
        layout::utf8_string(bytes).map_err(|_| ())
    }

    /// The first code point that is not a Unicode scalar value, with its
    /// index and unit offset.
    pub(crate) fn first_not_unicode(&self) -> Option<(CodePoint, usize, usize)> {
        self.code_point_indices()
            .enumerate()
            .find(|(_, (_, cp))| cp.to_char().is_none())
            .map(|(index, (offset, cp))| (cp, index, offset))
    }
}

impl<E: Encoding> AsRef<[E::Unit]> for EncodedStr<E> {
    fn as_ref(&self) -> &[E::Unit] {
        &self.units
    }
}

impl<E: Encoding> AsRef<EncodedStr<E>> for EncodedStr<E> {
    fn as_ref(&self) -> &EncodedStr<E> {
        self
    }
}

impl<E: Encoding> Default for &EncodedStr<E> {
    /// The empty string.
    fn default() -> Self {
        EncodedStr::from_units_unchecked(&[])
    }
}

impl<E: Encoding> ToOwned for EncodedStr<E> {
    type Owned = EncodedString<E>;

    fn to_owned(&self) -> EncodedString<E> {
        EncodedString::from_valid_units(self.units.to_vec())
    }
}

// Every format encodes a code point one way only, so equal units and
// equal code points are the same thing: equality and hashing use units.
impl<E: Encoding> PartialEq for EncodedStr<E> {
    fn eq(&self, other: &Self) -> bool {
        self.units == other.units
    }
}

impl<E: Encoding> Eq for EncodedStr<E> {}

impl<E: Encoding> PartialEq<str> for EncodedStr<E> {
    /// Whether the string holds the code points of `other`: a byte
    /// comparison in the 8-bit formats, where `other`'s bytes are its code.
    ///
    /// ```
    /// use ucsx::{EncodedString, Utf16};
    /// let s = EncodedString::<Utf16>::from("hé");
    /// assert!(*s == *"hé" && s == "hé" && "hé" == s);
    /// assert!(s != "he");
    /// ```
    fn eq(&self, other: &str) -> bool {
        match layout::layout::<E>(&self.units) {
            layout::Layout::Bytes(bytes) => bytes == other.as_bytes(),
            _ => self.code_points().eq(other.chars().map(CodePoint::from)),
        }
    }
}

impl<E: Encoding> PartialEq<&str> for EncodedStr<E> {
    fn eq(&self, other: &&str) -> bool {
        *self == **other
    }
}

impl<E: Encoding> PartialEq<EncodedStr<E>> for str {
    fn eq(&self, other: &EncodedStr<E>) -> bool {
        *other == *self
    }
}

impl<E: Encoding> PartialEq<EncodedStr<E>> for &str {
    fn eq(&self, other: &EncodedStr<E>) -> bool {
        *other == **self
    }
}

impl<E: Encoding> Hash for EncodedStr<E>
where
    E::Unit: Hash,
{
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.units.hash(state);
    }
}

impl<E: Encoding> PartialOrd for EncodedStr<E> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<E: Encoding> Ord for EncodedStr<E> {
    /// Code point order, as `str`'s. The 8- and 32-bit formats compare
    /// units, which is the same order; the 16-bit ones mend the one place
    /// where unit order differs (U+E000..U+FFFF against surrogate pairs and
    /// longer codes) and UTF-∞-16 decodes two DDFF codes that differ.
    ///
    /// ```
    /// use ucsx::{EncodedString, Utf16};
    /// let (a, b) = (EncodedString::<Utf16>::from("\u{E000}"), EncodedString::<Utf16>::from("😀"));
    /// assert!(a.as_units() > b.as_units() && *a < *b);
    /// ```
    fn cmp(&self, other: &Self) -> Ordering {
        layout::compare::<E>(&self.units, &other.units)
    }
}

/// Slicing by unit index, as `str`'s.
///
/// # Panics
/// If an end is not a code boundary or lies past the end.
///
/// ```
/// use ucsx::{EncodedString, Utf8};
/// let s = EncodedString::<Utf8>::from("aé");
/// assert_eq!(s[1..3].to_string(), "é");
/// assert_eq!(s[..1].to_string(), "a");
/// ```
///
/// ```should_panic
/// use ucsx::{EncodedString, Utf8};
/// let s = EncodedString::<Utf8>::from("aé");
/// let _ = &s[2..]; // inside é
/// ```
impl<E: Encoding> Index<Range<usize>> for EncodedStr<E> {
    type Output = EncodedStr<E>;

    fn index(&self, range: Range<usize>) -> &EncodedStr<E> {
        match self.get(range.clone()) {
            Some(s) => s,
            None => slice_error_fail(self, range),
        }
    }
}

impl<E: Encoding> Index<RangeFrom<usize>> for EncodedStr<E> {
    type Output = EncodedStr<E>;

    fn index(&self, range: RangeFrom<usize>) -> &EncodedStr<E> {
        &self[range.start..self.len_units()]
    }
}

impl<E: Encoding> Index<RangeTo<usize>> for EncodedStr<E> {
    type Output = EncodedStr<E>;

    fn index(&self, range: RangeTo<usize>) -> &EncodedStr<E> {
        &self[0..range.end]
    }
}

impl<E: Encoding> Index<RangeInclusive<usize>> for EncodedStr<E> {
    type Output = EncodedStr<E>;

    fn index(&self, range: RangeInclusive<usize>) -> &EncodedStr<E> {
        let end = range
            .end()
            .checked_add(1)
            .expect("attempted to index a string up to usize::MAX");
        &self[*range.start()..end]
    }
}

impl<E: Encoding> Index<RangeToInclusive<usize>> for EncodedStr<E> {
    type Output = EncodedStr<E>;

    fn index(&self, range: RangeToInclusive<usize>) -> &EncodedStr<E> {
        &self[0..=range.end]
    }
}

impl<E: Encoding> Index<RangeFull> for EncodedStr<E> {
    type Output = EncodedStr<E>;

    fn index(&self, _: RangeFull) -> &EncodedStr<E> {
        self
    }
}

#[cold]
#[track_caller]
fn slice_error_fail<E: Encoding>(s: &EncodedStr<E>, range: Range<usize>) -> ! {
    let len = s.len_units();
    if range.start > len || range.end > len {
        panic!(
            "unit range {range:?} out of bounds of a {} string of {len} units",
            E::NAME
        );
    }
    if range.start > range.end {
        panic!("unit range {range:?} starts after it ends");
    }
    let bad = if s.is_code_boundary(range.start) {
        range.end
    } else {
        range.start
    };
    panic!(
        "unit index {bad} is not a code boundary of a {} string",
        E::NAME
    );
}

impl<E: Encoding<Unit = u8>> EncodedStr<E> {
    /// The bytes of a string of an 8-bit format, as `str::as_bytes`.
    ///
    /// ```
    /// use ucsx::{EncodedString, UtfE8};
    /// let s: EncodedString<UtfE8> = "U+110000".parse::<ucsx::CodePoint>().map(|cp| {
    ///     let mut s = EncodedString::new();
    ///     s.push(&cp).unwrap();
    ///     s
    /// })?;
    /// assert_eq!(s.as_bytes(), [0xF4, 0x90, 0x80, 0x80]);
    /// # Ok::<(), ucsx::ParseCodePointError>(())
    /// ```
    pub fn as_bytes(&self) -> &[u8] {
        &self.units
    }
}

/// Text of a `&str` seen as a string of an 8-bit format, without a copy:
/// valid UTF-8 is valid in UTF-8, UTF-G-8 and UTF-E-8 alike (they agree up
/// to U+10FFFF).
macro_rules! from_str_slice {
    ($($e:ident),*) => {$(
        impl<'a> From<&'a str> for &'a EncodedStr<$e> {
            /// ```
            #[doc = concat!("use ucsx::{EncodedStr, ", stringify!($e), "};")]
            #[doc = concat!("let s: &EncodedStr<", stringify!($e), "> = \"né\".into();")]
            /// assert_eq!(s.as_bytes(), "né".as_bytes());
            /// assert_eq!(s.count(), 2);
            /// ```
            fn from(s: &'a str) -> Self {
                EncodedStr::from_units_unchecked(s.as_bytes())
            }
        }
    )*};
}
from_str_slice!(Utf8, UtfG8, UtfE8);
