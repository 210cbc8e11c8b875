//! Iterators over the codes of a unit slice, for any [`Encoding`].

use core::iter::FusedIterator;
use core::marker::PhantomData;

use super::units_taken;
use crate::{CodePoint, DecodeError, Encoding};

/// The iterator of [`Encoding::code_points`]: code points with the index of
/// their first unit, and errors (whose `valid_up_to` is the absolute index
/// of the ill-formed part) after which decoding resumes past the maximal
/// ill-formed subpart. A code cut off by the end of the input is an error
/// with no `error_len`, and the last item.
///
/// ```
/// use ucsx::{CodePoint, Encoding, Utf8};
/// let mut it = Utf8::code_points(b"\xFFa\xE2\x82");
/// assert_eq!(it.next().unwrap().unwrap_err().valid_up_to(), 0);
/// assert_eq!(it.next(), Some(Ok((1, CodePoint::from('a')))));
/// let cut = it.next().unwrap().unwrap_err();
/// assert_eq!((cut.valid_up_to(), cut.error_len()), (2, None));
/// assert_eq!(it.next(), None);
/// ```
#[derive(Debug, Clone)]
pub struct CodePoints<'a, E: Encoding> {
    input: &'a [E::Unit],
    pos: usize,
    format: PhantomData<E>,
}

impl<'a, E: Encoding> CodePoints<'a, E> {
    pub(crate) fn new(input: &'a [E::Unit]) -> Self {
        CodePoints {
            input,
            pos: 0,
            format: PhantomData,
        }
    }

    /// The units not yet decoded.
    ///
    /// ```
    /// use ucsx::{Encoding, Utf32};
    /// let mut it = Utf32::code_points(&[0x41, 0x42]);
    /// it.next();
    /// assert_eq!(it.as_units(), &[0x42]);
    /// ```
    pub fn as_units(&self) -> &'a [E::Unit] {
        &self.input[self.pos..]
    }
}

impl<E: Encoding> Iterator for CodePoints<'_, E> {
    type Item = Result<(usize, CodePoint), DecodeError>;

    fn next(&mut self) -> Option<Self::Item> {
        let rest = &self.input[self.pos..];
        if rest.is_empty() {
            return None;
        }
        let start = self.pos;
        match E::decode(rest) {
            Ok((cp, len)) => {
                self.pos += units_taken(len, rest.len());
                Some(Ok((start, cp)))
            }
            Err(e) => {
                // A code cut off by the end of the input takes the rest of it.
                self.pos += units_taken(e.error_len().unwrap_or(rest.len()), rest.len());
                Some(Err(e.within(rest.len()).shifted(start)))
            }
        }
    }
}

impl<E: Encoding> FusedIterator for CodePoints<'_, E> {}

/// The iterator of [`Encoding::code_point_indices`]: code points with the
/// index of their first unit, each maximal ill-formed subpart replaced by
/// one U+FFFD at the index where it starts.
///
/// ```
/// use ucsx::{CodePoint, Encoding, Utf8};
/// // E2 82 is the start of a three-byte code that `b` cannot continue.
/// let v: Vec<_> = Utf8::code_point_indices(b"a\xE2\x82b").collect();
/// assert_eq!(v, [(0, CodePoint::from('a')), (1, CodePoint::REPLACEMENT), (3, CodePoint::from('b'))]);
/// ```
#[derive(Debug, Clone)]
pub struct CodePointIndices<'a, E: Encoding> {
    inner: CodePoints<'a, E>,
}

impl<'a, E: Encoding> CodePointIndices<'a, E> {
    pub(crate) fn new(input: &'a [E::Unit]) -> Self {
        CodePointIndices {
            inner: CodePoints::new(input),
        }
    }
}

impl<E: Encoding> Iterator for CodePointIndices<'_, E> {
    type Item = (usize, CodePoint);

    fn next(&mut self) -> Option<Self::Item> {
        self.inner.next().map(|item| match item {
            Ok(pair) => pair,
            Err(e) => (e.valid_up_to(), CodePoint::REPLACEMENT),
        })
    }
}

impl<E: Encoding> FusedIterator for CodePointIndices<'_, E> {}
