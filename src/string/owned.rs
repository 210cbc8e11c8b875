//! [`EncodedString`]: an owned sequence of code points held as the units of
//! one format, always valid in it, as `String` is for UTF-8.

use alloc::borrow::Borrow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;
use core::ops::Deref;

use super::{layout, CoversUnicode, EncodedStr, FromUnitsError, NotUnicodeError, PushItem};
use crate::{CodePoint, DecodeLimits, EncodeError, Encoding, UnitVec};

/// An owned string of code points of any size, stored as the units of the
/// format `E` and always valid in `E`. It derefs to [`EncodedStr`], which
/// holds every method that only reads.
///
/// ```
/// use ucsx::{CodePoint, EncodedString, UtfE8};
///
/// let mut s = EncodedString::<UtfE8>::from("héllo ");
/// s.push(&"U+7FFFFFFFFFFFFFFF".parse()?)?;
/// assert_eq!(s.count(), 7);
/// assert_eq!(s.len_units(), 6 + 1 + 13);
/// assert_eq!(s.to_string(), "héllo \\u{7FFFFFFFFFFFFFFF}");
/// assert!(s.clone().into_string().is_err());
///
/// let back = EncodedString::<UtfE8>::from_units(s.into_units()).unwrap();
/// assert_eq!(back.code_points().next_back(), Some("U+7FFFFFFFFFFFFFFF".parse()?));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
pub struct EncodedString<E: Encoding> {
    units: Vec<E::Unit>,
    format: PhantomData<E>,
}

impl<E: Encoding> EncodedString<E> {
    /// An empty string.
    ///
    /// ```
    /// assert!(ucsx::EncodedString::<ucsx::Utf16>::new().is_empty());
    /// ```
    pub fn new() -> Self {
        Self::from_valid_units(Vec::new())
    }

    /// An empty string with room for `units` units.
    ///
    /// ```
    /// let s = ucsx::EncodedString::<ucsx::Utf16>::with_capacity(10);
    /// assert!(s.is_empty() && s.capacity_units() >= 10);
    /// ```
    pub fn with_capacity(units: usize) -> Self {
        Self::from_valid_units(Vec::with_capacity(units))
    }

    /// The number of units the string can hold without reallocating.
    ///
    /// ```
    /// let s = ucsx::EncodedString::<ucsx::Utf8>::with_capacity(3);
    /// assert!(s.capacity_units() >= 3);
    /// ```
    pub fn capacity_units(&self) -> usize {
        self.units.capacity()
    }

    /// `units`, which the caller knows to be valid in `E`.
    pub(crate) fn from_valid_units(units: Vec<E::Unit>) -> Self {
        EncodedString {
            units,
            format: PhantomData,
        }
    }

    /// The string held by `units`, if they are valid in `E`; otherwise the
    /// units come back with the error.
    ///
    /// ```
    /// use ucsx::{EncodedString, UtfInf16};
    /// let s = EncodedString::<UtfInf16>::from_units(vec![0xDC04, 0xDE80, 0xDE00]).unwrap();
    /// assert_eq!(s.to_string(), "\\u{110000}");
    /// let err = EncodedString::<UtfInf16>::from_units(vec![0x61, 0xDE00]).unwrap_err();
    /// assert_eq!(err.decode_error().valid_up_to(), 1);
    /// ```
    pub fn from_units(units: Vec<E::Unit>) -> Result<Self, FromUnitsError<E::Unit>> {
        match E::validate(&units) {
            Ok(()) => Ok(Self::from_valid_units(units)),
            Err(error) => Err(FromUnitsError {
                error: error.within(units.len()),
                units,
            }),
        }
    }

    /// The string of `units`, each maximal ill-formed subpart replaced by
    /// U+FFFD (where `E` can encode U+FFFD; dropped otherwise).
    ///
    /// ```
    /// use ucsx::{EncodedString, Utf8};
    /// let s = EncodedString::<Utf8>::from_units_lossy(b"a\xFFb");
    /// assert_eq!(s.to_string(), "a\u{FFFD}b");
    /// ```
    pub fn from_units_lossy(units: &[E::Unit]) -> Self {
        let mut s = Self::with_capacity(units.len());
        for cp in E::decode_lossy(units) {
            // What decodes within the default limit encodes again.
            let _ = s.push(&cp);
        }
        s
    }

    /// The string of the code points of `iter`, or the error for the first
    /// one `E` cannot encode (its index in the iterator). The same as
    /// collecting into `Result<EncodedString<E>, EncodeError>`.
    ///
    /// ```
    /// use ucsx::{CodePoint, EncodedString, Utf16};
    /// let cps = [CodePoint::from('a'), CodePoint::from(0x110000u32)];
    /// let err = EncodedString::<Utf16>::try_from_code_points(cps).unwrap_err();
    /// assert_eq!(err.index(), Some(1));
    /// ```
    pub fn try_from_code_points<I>(iter: I) -> Result<Self, EncodeError>
    where
        I: IntoIterator<Item = CodePoint>,
    {
        let mut s = Self::new();
        s.try_extend(iter)?;
        Ok(s)
    }

    /// Appends a code point, as `String::push`: a `char` in a format that
    /// holds all of Unicode, returning nothing as there is nothing to fail;
    /// a [`CodePoint`] or `&CodePoint` in any format, returning why `E`
    /// cannot encode it (the string is then unchanged). A code point of more
    /// bits than [`DecodeLimits::default`] allows is refused too (only
    /// UTF-∞-16 can encode one): the string must stay readable by
    /// [`EncodedString::from_units`] and every default decoder. See
    /// [`PushItem`].
    ///
    /// ```
    /// use ucsx::{CodePoint, EncodedString, Utf8};
    /// let mut s = EncodedString::<Utf8>::new();
    /// s.push('x');
    /// s.push(&CodePoint::from('y')).unwrap();
    /// assert!(s.push(CodePoint::from(0xD800u16)).is_err());
    /// assert_eq!(s.as_units(), b"xy");
    /// ```
    pub fn push<P: PushItem<E>>(&mut self, item: P) -> P::Output {
        item.push_to(self)
    }

    /// [`push`](Self::push) of a code point.
    pub(crate) fn push_code_point(&mut self, cp: &CodePoint) -> Result<(), EncodeError> {
        if cp.bits() > DecodeLimits::DEFAULT_MAX_BITS {
            return Err(EncodeError::limit_exceeded(
                E::NAME,
                DecodeLimits::DEFAULT_MAX_BITS,
            ));
        }
        E::encode(cp, &mut self.units)
    }

    /// Appends `s`, as `String::push_str`.
    ///
    /// ```
    /// use ucsx::{EncodedString, Utf16};
    /// let mut s = EncodedString::<Utf16>::from("a");
    /// s.push_str(&EncodedString::from("😀"));
    /// assert_eq!(s.to_string(), "a😀");
    /// ```
    pub fn push_str(&mut self, s: &EncodedStr<E>) {
        self.units.extend_from_slice(s.as_units());
    }

    /// Removes the last code point and returns it, `None` if the string is
    /// empty, as `String::pop`.
    ///
    /// ```
    /// use ucsx::{CodePoint, EncodedString, UtfInf16};
    /// let mut s = EncodedString::<UtfInf16>::from("a");
    /// s.push(&"U+110000".parse()?)?;
    /// assert_eq!(s.pop(), Some("U+110000".parse()?));
    /// assert_eq!(s.pop(), Some(CodePoint::from('a')));
    /// assert_eq!(s.pop(), None);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn pop(&mut self) -> Option<CodePoint> {
        let mut it = self.code_points();
        let cp = it.next_back()?;
        let start = it.back_index();
        self.units.truncate(start);
        Some(cp)
    }

    /// Shortens the string to its first `new_len` units, as
    /// `String::truncate`; nothing happens if `new_len` is past the end.
    ///
    /// # Panics
    /// If `new_len` is not a code boundary.
    ///
    /// ```
    /// use ucsx::{EncodedString, Utf8};
    /// let mut s = EncodedString::<Utf8>::from("aé!");
    /// s.truncate(3);
    /// assert_eq!(s.to_string(), "aé");
    /// ```
    ///
    /// ```should_panic
    /// let mut s = ucsx::EncodedString::<ucsx::Utf8>::from("é");
    /// s.truncate(1);
    /// ```
    #[track_caller]
    pub fn truncate(&mut self, new_len: usize) {
        if new_len < self.units.len() {
            assert!(
                self.is_code_boundary(new_len),
                "unit index {new_len} is not a code boundary of a {} string",
                E::NAME
            );
            self.units.truncate(new_len);
        }
    }

    /// Removes every code point, keeping the capacity.
    ///
    /// ```
    /// let mut s = ucsx::EncodedString::<ucsx::Utf8>::from("abc");
    /// s.clear();
    /// assert!(s.is_empty());
    /// ```
    pub fn clear(&mut self) {
        self.units.clear();
    }

    /// Inserts a code point at unit index `index`, as `String::insert`:
    /// what [`push`](Self::push) takes, with what it returns (a `char`
    /// cannot fail; a code point `E` cannot encode leaves the string
    /// unchanged and says why).
    ///
    /// # Panics
    /// If `index` is not a code boundary.
    ///
    /// ```
    /// use ucsx::{CodePoint, EncodedString, Utf16};
    /// let mut s = EncodedString::<Utf16>::from("😀b");
    /// s.insert(2, 'a');
    /// s.insert(0, &CodePoint::from('>'))?;
    /// assert_eq!(s.to_string(), ">😀ab");
    /// assert!(s.insert(0, &CodePoint::from(0x110000u32)).is_err());
    /// # Ok::<(), ucsx::EncodeError>(())
    /// ```
    ///
    /// ```should_panic
    /// use ucsx::{CodePoint, EncodedString, Utf16};
    /// let mut s = EncodedString::<Utf16>::from("😀");
    /// let _ = s.insert(1, &CodePoint::from('a'));
    /// ```
    #[track_caller]
    pub fn insert<P: PushItem<E>>(&mut self, index: usize, item: P) -> P::Output {
        assert!(
            self.is_code_boundary(index),
            "unit index {index} is not a code boundary of a {} string",
            E::NAME
        );
        let end = self.units.len();
        let output = self.push(item);
        // The new code (none, if it was refused) sits at the end; turn it
        // to its place.
        let added = self.units.len() - end;
        self.units[index..].rotate_right(added);
        output
    }

    /// Appends the code points of `iter` until one cannot be encoded; the
    /// error gives its index in `iter`, and the ones before it stay.
    ///
    /// ```
    /// use ucsx::{CodePoint, EncodedString, Utf32};
    /// let mut s = EncodedString::<Utf32>::new();
    /// let err = s.try_extend([CodePoint::from('a'), CodePoint::from(0xDC00u16)]).unwrap_err();
    /// assert_eq!((err.index(), s.count()), (Some(1), 1));
    /// ```
    pub fn try_extend<I>(&mut self, iter: I) -> Result<(), EncodeError>
    where
        I: IntoIterator<Item = CodePoint>,
    {
        for (i, cp) in iter.into_iter().enumerate() {
            self.push_code_point(&cp).map_err(|e| e.at_index(i))?;
        }
        Ok(())
    }

    /// Appends the code points of `text` until one `E` cannot encode.
    pub(crate) fn push_text(&mut self, text: &str) -> Result<(), EncodeError> {
        layout::encode_text::<E>(text, &mut self.units)
    }

    /// The string as an [`EncodedStr`].
    ///
    /// ```
    /// use ucsx::{EncodedStr, EncodedString, Utf8};
    /// let s = EncodedString::<Utf8>::from("x");
    /// let t: &EncodedStr<Utf8> = s.as_encoded_str();
    /// assert_eq!(t.as_units(), b"x");
    /// ```
    pub fn as_encoded_str(&self) -> &EncodedStr<E> {
        EncodedStr::from_units_unchecked(&self.units)
    }

    /// The units, giving up the string.
    ///
    /// ```
    /// let s = ucsx::EncodedString::<ucsx::Utf16>::from("é");
    /// assert_eq!(s.into_units(), [0xE9]);
    /// ```
    pub fn into_units(self) -> Vec<E::Unit> {
        self.units
    }

    /// The string as a Rust `String`, if every code point is a Unicode
    /// scalar value; otherwise an error naming the first that is not. In
    /// the 8-bit formats the bytes are kept (no copy) once the crate's
    /// vectorised UTF-8 check accepts them; the others go through
    /// [`crate::transcode`].
    ///
    /// ```
    /// use ucsx::{EncodedString, UtfInf16};
    /// let s = EncodedString::<UtfInf16>::from("ok ☺");
    /// assert_eq!(s.into_string().unwrap(), "ok ☺");
    /// let mut t = EncodedString::<UtfInf16>::from("a");
    /// t.push(&"U+110000".parse().unwrap()).unwrap();
    /// assert_eq!(t.into_string().unwrap_err().unit_offset(), 1);
    /// ```
    pub fn into_string(mut self) -> Result<String, NotUnicodeError> {
        if let (Some(_), Some(UnitVec::U8(bytes))) =
            (crate::Format::of::<E>(), E::unit_vec(&mut self.units))
        {
            // SAFETY: the units of an `EncodedString<E>` are valid in `E`.
            #[allow(unsafe_code)]
            let text = unsafe { layout::unicode_string::<E>(core::mem::take(bytes)) };
            match text {
                Ok(text) => return Ok(text),
                Err(back) => *bytes = back,
            }
        } else if let Ok(text) = self.to_std_string() {
            return Ok(text);
        }
        match self.first_not_unicode() {
            Some((code_point, index, unit_offset)) => Err(NotUnicodeError {
                code_point,
                index,
                unit_offset,
            }),
            // Unreachable: the conversion fails only on such a code point.
            None => Ok(self.code_points().filter_map(|cp| cp.to_char()).collect()),
        }
    }
}

impl<E: Encoding> Deref for EncodedString<E> {
    type Target = EncodedStr<E>;

    fn deref(&self) -> &EncodedStr<E> {
        self.as_encoded_str()
    }
}

impl<E: Encoding> Borrow<EncodedStr<E>> for EncodedString<E> {
    fn borrow(&self) -> &EncodedStr<E> {
        self.as_encoded_str()
    }
}

impl<E: Encoding> AsRef<EncodedStr<E>> for EncodedString<E> {
    fn as_ref(&self) -> &EncodedStr<E> {
        self.as_encoded_str()
    }
}

impl<E: Encoding> AsRef<[E::Unit]> for EncodedString<E> {
    fn as_ref(&self) -> &[E::Unit] {
        &self.units
    }
}

impl<E: Encoding> From<&EncodedStr<E>> for EncodedString<E> {
    fn from(s: &EncodedStr<E>) -> Self {
        Self::from_valid_units(s.as_units().to_vec())
    }
}

impl<E: Encoding> TryFrom<Vec<E::Unit>> for EncodedString<E> {
    type Error = FromUnitsError<E::Unit>;

    /// [`EncodedString::from_units`].
    fn try_from(units: Vec<E::Unit>) -> Result<Self, Self::Error> {
        Self::from_units(units)
    }
}

impl<E: CoversUnicode> EncodedString<E> {
    /// Appends `text`, which every format that covers Unicode encodes: a
    /// byte copy in the 8-bit formats (valid UTF-8 is valid in each and
    /// means the same code points), `encode_utf16` in the 16-bit ones.
    fn push_std_str(&mut self, text: &str) {
        // Every `char` is within the range of a format that covers
        // Unicode, so this cannot fail.
        let _ = self.push_text(text);
    }
}

impl<E: CoversUnicode> From<&str> for EncodedString<E> {
    /// The code points of `text`: for the 8-bit formats a copy of its
    /// bytes.
    ///
    /// ```
    /// use ucsx::{EncodedString, UtfE8};
    /// assert_eq!(EncodedString::<UtfE8>::from("é").as_units(), "é".as_bytes());
    /// ```
    fn from(text: &str) -> Self {
        let mut s = Self::with_capacity(text.len());
        s.push_std_str(text);
        s
    }
}

impl<E: CoversUnicode> From<String> for EncodedString<E> {
    /// The code points of `text`; an 8-bit format keeps its buffer.
    ///
    /// ```
    /// use ucsx::{EncodedString, Utf16};
    /// let s = EncodedString::<Utf16>::from(String::from("hé"));
    /// assert_eq!(s.as_units(), [0x68, 0xE9]);
    /// ```
    fn from(text: String) -> Self {
        let mut s = Self::new();
        if let (Some(_), Some(UnitVec::U8(bytes))) =
            (crate::Format::of::<E>(), E::unit_vec(&mut s.units))
        {
            *bytes = text.into_bytes();
            return s;
        }
        s.push_std_str(&text);
        s
    }
}

impl<E: Encoding> core::ops::AddAssign<&EncodedStr<E>> for EncodedString<E> {
    /// [`push_str`](EncodedString::push_str), as `String += &str`.
    ///
    /// ```
    /// use ucsx::{EncodedString, Utf16};
    /// let mut s = EncodedString::<Utf16>::from("a");
    /// s += &EncodedString::from("b");
    /// s += "c";
    /// assert_eq!(s, "abc");
    /// ```
    fn add_assign(&mut self, other: &EncodedStr<E>) {
        self.push_str(other);
    }
}

impl<E: CoversUnicode> core::ops::AddAssign<&str> for EncodedString<E> {
    fn add_assign(&mut self, other: &str) {
        self.push_std_str(other);
    }
}

impl<E: Encoding> core::ops::Add<&EncodedStr<E>> for EncodedString<E> {
    type Output = EncodedString<E>;

    /// The two strings one after the other, as `String + &str`.
    ///
    /// ```
    /// use ucsx::{EncodedString, Utf8};
    /// let s = EncodedString::<Utf8>::from("a") + "b" + &EncodedString::from("c");
    /// assert_eq!(s, "abc");
    /// ```
    fn add(mut self, other: &EncodedStr<E>) -> EncodedString<E> {
        self.push_str(other);
        self
    }
}

// By reference to the owned type too: with two `Add` impls, `&EncodedString`
// would not coerce to `&EncodedStr` as `&String` does to `&str`.
impl<E: Encoding> core::ops::Add<&EncodedString<E>> for EncodedString<E> {
    type Output = EncodedString<E>;

    fn add(mut self, other: &EncodedString<E>) -> EncodedString<E> {
        self.push_str(other);
        self
    }
}

impl<E: Encoding> core::ops::AddAssign<&EncodedString<E>> for EncodedString<E> {
    fn add_assign(&mut self, other: &EncodedString<E>) {
        self.push_str(other);
    }
}

impl<E: CoversUnicode> core::ops::Add<&str> for EncodedString<E> {
    type Output = EncodedString<E>;

    fn add(mut self, other: &str) -> EncodedString<E> {
        self.push_std_str(other);
        self
    }
}

impl<E: CoversUnicode> FromIterator<char> for EncodedString<E> {
    /// ```
    /// use ucsx::{EncodedString, UtfG32};
    /// let s: EncodedString<UtfG32> = "abc".chars().rev().collect();
    /// assert_eq!(s.as_units(), [0x63, 0x62, 0x61]);
    /// ```
    fn from_iter<I: IntoIterator<Item = char>>(iter: I) -> Self {
        let mut s = Self::new();
        s.extend(iter);
        s
    }
}

impl<E: CoversUnicode> Extend<char> for EncodedString<E> {
    /// ```
    /// use ucsx::{EncodedString, Utf8};
    /// let mut s = EncodedString::<Utf8>::from("a");
    /// s.extend(['b', 'é']);
    /// assert_eq!(s.to_string(), "abé");
    /// ```
    fn extend<I: IntoIterator<Item = char>>(&mut self, iter: I) {
        let mut buf = [0u8; 4];
        for c in iter {
            self.push_std_str(c.encode_utf8(&mut buf));
        }
    }
}

impl<'a, E: CoversUnicode> Extend<&'a str> for EncodedString<E> {
    /// ```
    /// use ucsx::{EncodedString, Utf16};
    /// let mut s = EncodedString::<Utf16>::new();
    /// s.extend(["ab", "c"]);
    /// assert_eq!(s.to_string(), "abc");
    /// ```
    fn extend<I: IntoIterator<Item = &'a str>>(&mut self, iter: I) {
        for text in iter {
            self.push_std_str(text);
        }
    }
}

impl<E: CoversUnicode> fmt::Write for EncodedString<E> {
    /// Appends `text`; never fails.
    ///
    /// ```
    /// use core::fmt::Write;
    /// use ucsx::{EncodedString, UtfInf16};
    /// let mut s = EncodedString::<UtfInf16>::new();
    /// write!(s, "{}+{}", 1, 'é')?;
    /// assert_eq!(s.to_string(), "1+é");
    /// # Ok::<(), core::fmt::Error>(())
    /// ```
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.push_std_str(text);
        Ok(())
    }
}

impl<E: Encoding> FromIterator<CodePoint> for Result<EncodedString<E>, EncodeError> {
    /// Collects code points, failing at the first one `E` cannot encode;
    /// the error's [`index`](EncodeError::index) names it.
    ///
    /// ```
    /// use ucsx::{CodePoint, EncodeError, EncodedString, Utf8};
    /// let ok: Result<EncodedString<Utf8>, EncodeError> = "hi".chars().map(CodePoint::from).collect();
    /// assert_eq!(ok?.to_string(), "hi");
    /// let cps = [CodePoint::from('a'), CodePoint::from(0x110000u32)];
    /// let err: Result<EncodedString<Utf8>, EncodeError> = cps.into_iter().collect();
    /// assert_eq!(err.unwrap_err().index(), Some(1));
    /// # Ok::<(), EncodeError>(())
    /// ```
    fn from_iter<I: IntoIterator<Item = CodePoint>>(iter: I) -> Self {
        EncodedString::try_from_code_points(iter)
    }
}

impl<E: Encoding> Default for EncodedString<E> {
    fn default() -> Self {
        Self::new()
    }
}

impl<E: Encoding> Clone for EncodedString<E> {
    fn clone(&self) -> Self {
        Self::from_valid_units(self.units.clone())
    }
}

impl<E: Encoding> PartialEq for EncodedString<E> {
    fn eq(&self, other: &Self) -> bool {
        self.units == other.units
    }
}

impl<E: Encoding> Eq for EncodedString<E> {}

impl<E: Encoding> PartialEq<EncodedStr<E>> for EncodedString<E> {
    fn eq(&self, other: &EncodedStr<E>) -> bool {
        self.as_units() == other.as_units()
    }
}

impl<E: Encoding> PartialEq<&EncodedStr<E>> for EncodedString<E> {
    fn eq(&self, other: &&EncodedStr<E>) -> bool {
        self.as_units() == other.as_units()
    }
}

impl<E: Encoding> PartialEq<EncodedString<E>> for &EncodedStr<E> {
    fn eq(&self, other: &EncodedString<E>) -> bool {
        self.as_units() == other.as_units()
    }
}

impl<E: Encoding> PartialEq<str> for EncodedString<E> {
    fn eq(&self, other: &str) -> bool {
        *self.as_encoded_str() == *other
    }
}

impl<E: Encoding> PartialEq<&str> for EncodedString<E> {
    fn eq(&self, other: &&str) -> bool {
        *self.as_encoded_str() == **other
    }
}

impl<E: Encoding> PartialEq<EncodedString<E>> for str {
    fn eq(&self, other: &EncodedString<E>) -> bool {
        *other.as_encoded_str() == *self
    }
}

impl<E: Encoding> PartialEq<EncodedString<E>> for &str {
    fn eq(&self, other: &EncodedString<E>) -> bool {
        *other.as_encoded_str() == **self
    }
}

impl<E: Encoding> Hash for EncodedString<E>
where
    E::Unit: Hash,
{
    /// The same hash as the [`EncodedStr`] it derefs to, as `Borrow` needs.
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_encoded_str().hash(state);
    }
}

impl<E: Encoding> PartialOrd for EncodedString<E> {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<E: Encoding> Ord for EncodedString<E> {
    /// Code point order, as [`EncodedStr`]'s.
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.as_encoded_str().cmp(other.as_encoded_str())
    }
}
