//! Iterators over the codes of a unit slice, for any [`Encoding`].

use core::iter::FusedIterator;
use core::marker::PhantomData;

use super::units_taken;
use crate::{CodePoint, DecodeError, Encoding};

/// The iterator of [`Encoding::code_points`]: code points with their unit
/// index, and errors after which decoding resumes past the maximal
/// ill-formed subpart.
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

/// The iterator of [`Encoding::code_point_indices`]: code points with their
/// unit index, each maximal ill-formed subpart replaced by U+FFFD.
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
