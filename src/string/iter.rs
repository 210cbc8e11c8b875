//! The iterators over a string's code points, from either end.

use alloc::collections::VecDeque;
use core::iter::FusedIterator;

use super::layout;
use crate::{CodePoint, Encoding};

/// The iterator of [`EncodedStr::code_points`](crate::EncodedStr::code_points).
///
/// Each step from either end costs O(length of the code): forward it
/// decodes, backward it walks back over the units of the last code to its
/// start, which every built-in format shows by the units' roles (see the
/// `UnitRole` docs). For a format defined outside the crate the first step
/// from the back records where each remaining code starts, one `usize` per
/// code point, since such a format in general cannot be read backwards.
///
/// ```
/// use ucsx::{CodePoint, EncodedStr, UtfInf16};
/// let s = EncodedStr::<UtfInf16>::from_units(&[0x61, 0xDC04, 0xDE80, 0xDE00, 0x62]).unwrap();
/// let mut it = s.code_points();
/// assert_eq!(it.next_back(), Some(CodePoint::from('b')));
/// assert_eq!(it.next_back(), Some(CodePoint::from(0x110000u32)));
/// assert_eq!(it.next(), Some(CodePoint::from('a')));
/// assert_eq!(it.next(), None);
/// ```
#[derive(Debug)]
pub struct StringCodePoints<'a, E: Encoding> {
    units: &'a [E::Unit],
    front: usize,
    back: usize,
    /// Code starts in `front..back`, for a format outside the crate only,
    /// built on the first `next_back`.
    starts: Option<VecDeque<usize>>,
}

// By hand: a derive would ask for `E: Clone`.
impl<E: Encoding> Clone for StringCodePoints<'_, E> {
    fn clone(&self) -> Self {
        StringCodePoints {
            units: self.units,
            front: self.front,
            back: self.back,
            starts: self.starts.clone(),
        }
    }
}

impl<E: Encoding> Clone for StringCodePointIndices<'_, E> {
    fn clone(&self) -> Self {
        StringCodePointIndices {
            inner: self.inner.clone(),
        }
    }
}

impl<'a, E: Encoding> StringCodePoints<'a, E> {
    /// The code points of `units`, which are valid in `E`.
    pub(crate) fn new(units: &'a [E::Unit]) -> Self {
        StringCodePoints {
            units,
            front: 0,
            back: units.len(),
            starts: None,
        }
    }

    /// The unit index of the next code from the front (the back end, when
    /// the iterator is done).
    pub(crate) fn front_index(&self) -> usize {
        self.front
    }

    /// The unit index where the code last taken from the back starts.
    pub(crate) fn back_index(&self) -> usize {
        self.back
    }
}

impl<E: Encoding> Iterator for StringCodePoints<'_, E> {
    type Item = CodePoint;

    #[inline]
    fn next(&mut self) -> Option<CodePoint> {
        if self.front >= self.back {
            return None;
        }
        let (cp, len) = layout::decode_at::<E>(&self.units[..self.back], self.front);
        self.front += len;
        if let Some(starts) = &mut self.starts {
            starts.pop_front();
        }
        Some(cp)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let units = self.back - self.front;
        // A code holds at most all of the units left, at least one.
        (usize::from(units > 0), Some(units))
    }
}

impl<E: Encoding> DoubleEndedIterator for StringCodePoints<'_, E> {
    fn next_back(&mut self) -> Option<CodePoint> {
        if self.front >= self.back {
            return None;
        }
        let start = match layout::last_code_start::<E>(self.units, self.back) {
            Some(start) => start,
            None => {
                let (units, front, back) = (self.units, self.front, self.back);
                let starts = self.starts.get_or_insert_with(|| {
                    let mut starts = VecDeque::new();
                    let mut pos = front;
                    while pos < back {
                        starts.push_back(pos);
                        pos += layout::decode_len::<E>(&units[pos..back]);
                    }
                    starts
                });
                starts.pop_back().unwrap_or(front)
            }
        };
        let (cp, _) = layout::decode_at::<E>(&self.units[..self.back], start);
        self.back = start;
        Some(cp)
    }
}

impl<E: Encoding> FusedIterator for StringCodePoints<'_, E> {}

/// The iterator of
/// [`EncodedStr::code_point_indices`](crate::EncodedStr::code_point_indices):
/// each code point with the unit index where its code starts, from either
/// end.
///
/// ```
/// use ucsx::{CodePoint, EncodedString, Utf16};
/// let s = EncodedString::<Utf16>::from("a😀b");
/// let v: Vec<(usize, CodePoint)> = s.code_point_indices().rev().collect();
/// assert_eq!(v, [(3, 'b'.into()), (1, '😀'.into()), (0, 'a'.into())]);
/// ```
#[derive(Debug)]
pub struct StringCodePointIndices<'a, E: Encoding> {
    inner: StringCodePoints<'a, E>,
}

impl<'a, E: Encoding> StringCodePointIndices<'a, E> {
    pub(crate) fn new(units: &'a [E::Unit]) -> Self {
        StringCodePointIndices {
            inner: StringCodePoints::new(units),
        }
    }
}

impl<E: Encoding> Iterator for StringCodePointIndices<'_, E> {
    type Item = (usize, CodePoint);

    #[inline]
    fn next(&mut self) -> Option<(usize, CodePoint)> {
        let pos = self.inner.front_index();
        self.inner.next().map(|cp| (pos, cp))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl<E: Encoding> DoubleEndedIterator for StringCodePointIndices<'_, E> {
    fn next_back(&mut self) -> Option<(usize, CodePoint)> {
        let cp = self.inner.next_back()?;
        Some((self.inner.back_index(), cp))
    }
}

impl<E: Encoding> FusedIterator for StringCodePointIndices<'_, E> {}
