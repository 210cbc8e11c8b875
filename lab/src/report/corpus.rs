//! What formats need for real text: each file of a corpus read once, in
//! chunks, as UTF-8, and every code point counted in the units and bytes
//! of every format at once. Memory does not grow with the file: a code
//! split across two chunks waits in a buffer of at most three bytes, and
//! the length of each code point's code is remembered per format in a
//! table of at most one byte per Unicode code point, so that each format's
//! encoder runs once per distinct code point.

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use core::fmt;
use std::io::{self, Read};

use ucsx::CodePoint;

use super::Subject;

/// The sizes of one file in one format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Size {
    /// Code units of the whole file.
    pub units: u64,
    /// Bytes of the whole file: `units` times the unit's bytes.
    pub bytes: u64,
    /// Code points the format cannot encode (counted in neither of the
    /// above): text that a format with a smaller range cannot hold.
    pub unencodable: u64,
}

impl Size {
    /// Bytes per code point of the file (`None` for an empty file).
    ///
    /// ```
    /// let size = ucsx_lab::report::corpus::Size { units: 3, bytes: 6, unencodable: 0 };
    /// assert_eq!(size.bytes_per_code_point(4), Some(1.5));
    /// assert_eq!(size.bytes_per_code_point(0), None);
    /// ```
    pub fn bytes_per_code_point(&self, code_points: u64) -> Option<f64> {
        (code_points > 0).then(|| self.bytes as f64 / code_points as f64)
    }
}

/// One file counted.
#[derive(Clone, Debug, PartialEq)]
pub struct FileCount {
    /// The file's name as given.
    pub name: String,
    /// Its length in bytes (its size in UTF-8).
    pub bytes_read: u64,
    /// Its code points.
    pub code_points: u64,
    /// Its size in each format, in the order of the formats counted.
    pub sizes: Vec<Size>,
}

/// Every file of a corpus counted, under the heads of its formats (see
/// [`super::heads`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// The column heads, one per format.
    pub heads: Vec<String>,
    /// One count per file, in order.
    pub files: Vec<FileCount>,
}

/// A file that is not UTF-8, or that could not be read.
///
/// ```
/// use ucsx_lab::report::{corpus::{Counter, CorpusError}, Subject};
/// let formats = [Subject::builtin(ucsx::Format::Utf8)];
/// let mut counter = Counter::new(&formats);
/// let err = counter.feed(b"ok\xFF").unwrap_err();
/// assert!(matches!(err, CorpusError::Invalid { offset: 2, .. }), "{err}");
/// assert_eq!(err.to_string(), "not UTF-8 at byte 2 (FF)");
/// ```
#[derive(Debug)]
pub enum CorpusError {
    /// Reading failed.
    Io(io::Error),
    /// An ill-formed byte sequence at byte `offset` of the file, its first
    /// byte `byte`.
    Invalid {
        /// Where the ill-formed sequence starts.
        offset: u64,
        /// Its first byte.
        byte: u8,
    },
    /// The file ends inside a code that starts at byte `offset`.
    Truncated {
        /// Where the incomplete code starts.
        offset: u64,
    },
}

impl fmt::Display for CorpusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CorpusError::Io(e) => write!(f, "{e}"),
            CorpusError::Invalid { offset, byte } => {
                write!(f, "not UTF-8 at byte {offset} ({byte:02X})")
            }
            CorpusError::Truncated { offset } => {
                write!(f, "not UTF-8: the file ends inside a code at byte {offset}")
            }
        }
    }
}

impl core::error::Error for CorpusError {}

/// The number of Unicode scalar values' slots in a length table.
const SLOTS: usize = 0x11_0000;
/// A slot not yet filled.
const UNKNOWN: u8 = 0;
/// A code point the format cannot encode.
const REFUSED: u8 = u8::MAX;

/// Counts files in several formats at once, each file in one pass.
///
/// ```
/// use ucsx::Format;
/// use ucsx_lab::report::{corpus::Counter, Subject};
/// let formats = [Subject::builtin(Format::Utf8), Subject::builtin(Format::Utf16)];
/// let mut counter = Counter::new(&formats);
/// let text = "añ😀".as_bytes();
/// counter.feed(&text[..3]).unwrap(); // ends inside the 😀
/// counter.feed(&text[3..]).unwrap();
/// let file = counter.finish("a.txt").unwrap();
/// assert_eq!((file.bytes_read, file.code_points), (7, 3));
/// assert_eq!((file.sizes[0].bytes, file.sizes[1].units, file.sizes[1].bytes), (7, 4, 8));
/// ```
pub struct Counter<'a> {
    subjects: &'a [Subject],
    /// Per format, the units of each Unicode code point's code (empty
    /// until the first code point is counted).
    lengths: Vec<Vec<u8>>,
    /// The start of a code the last chunk ended inside.
    pending: Vec<u8>,
    bytes_read: u64,
    code_points: u64,
    sizes: Vec<Size>,
}

impl<'a> Counter<'a> {
    /// A counter for `subjects`, in that order.
    ///
    /// ```
    /// let formats = [ucsx_lab::report::Subject::builtin(ucsx::Format::Utf32)];
    /// let mut counter = ucsx_lab::report::corpus::Counter::new(&formats);
    /// assert_eq!(counter.finish("empty").unwrap().sizes[0].bytes, 0);
    /// ```
    pub fn new(subjects: &'a [Subject]) -> Counter<'a> {
        Counter {
            subjects,
            lengths: vec![Vec::new(); subjects.len()],
            pending: Vec::new(),
            bytes_read: 0,
            code_points: 0,
            sizes: vec![Size::default(); subjects.len()],
        }
    }

    /// Counts the next chunk of the file.
    ///
    /// ```
    /// let formats = [ucsx_lab::report::Subject::builtin(ucsx::Format::Utf8)];
    /// let mut counter = ucsx_lab::report::corpus::Counter::new(&formats);
    /// counter.feed(b"\xE2\x82").unwrap();
    /// let err = counter.feed(b"A").unwrap_err();
    /// assert_eq!(err.to_string(), "not UTF-8 at byte 0 (E2)");
    /// ```
    pub fn feed(&mut self, mut chunk: &[u8]) -> Result<(), CorpusError> {
        // First complete the code the last chunk ended inside.
        while !self.pending.is_empty() && !chunk.is_empty() {
            self.pending.push(chunk[0]);
            chunk = &chunk[1..];
            match core::str::from_utf8(&self.pending) {
                Ok(s) => {
                    let s = String::from(s);
                    self.tally(&s);
                    self.bytes_read += self.pending.len() as u64;
                    self.pending.clear();
                }
                Err(e) if e.error_len().is_none() => {}
                Err(_) => {
                    return Err(CorpusError::Invalid {
                        offset: self.bytes_read,
                        byte: self.pending[0],
                    })
                }
            }
        }
        match core::str::from_utf8(chunk) {
            Ok(s) => {
                self.tally(s);
                self.bytes_read += chunk.len() as u64;
            }
            Err(e) => {
                let valid = e.valid_up_to();
                let s = core::str::from_utf8(&chunk[..valid]).unwrap_or_default();
                self.tally(s);
                self.bytes_read += valid as u64;
                if e.error_len().is_some() {
                    return Err(CorpusError::Invalid {
                        offset: self.bytes_read,
                        byte: chunk[valid],
                    });
                }
                self.pending.extend_from_slice(&chunk[valid..]);
            }
        }
        Ok(())
    }

    /// The counts of the file fed so far, under `name`; the counter is
    /// then ready for the next file (its tables of lengths kept).
    ///
    /// ```
    /// let formats = [ucsx_lab::report::Subject::builtin(ucsx::Format::Utf8)];
    /// let mut counter = ucsx_lab::report::corpus::Counter::new(&formats);
    /// counter.feed(b"\xC3").unwrap();
    /// let err = counter.finish("a.txt").unwrap_err();
    /// assert_eq!(err.to_string(), "not UTF-8: the file ends inside a code at byte 0");
    /// ```
    pub fn finish(&mut self, name: &str) -> Result<FileCount, CorpusError> {
        let pending = core::mem::take(&mut self.pending);
        let bytes_read = core::mem::take(&mut self.bytes_read);
        let code_points = core::mem::take(&mut self.code_points);
        let sizes = core::mem::replace(&mut self.sizes, vec![Size::default(); self.subjects.len()]);
        if !pending.is_empty() {
            return Err(CorpusError::Truncated { offset: bytes_read });
        }
        Ok(FileCount {
            name: name.into(),
            bytes_read,
            code_points,
            sizes,
        })
    }

    /// Reads `reader` to its end in chunks and counts it as the file `name`.
    ///
    /// ```
    /// let formats = [ucsx_lab::report::Subject::builtin(ucsx::Format::UtfE8)];
    /// let mut counter = ucsx_lab::report::corpus::Counter::new(&formats);
    /// let file = counter.count("a.txt", &mut &b"abc"[..]).unwrap();
    /// assert_eq!(file.sizes[0].bytes, 3);
    /// ```
    pub fn count(&mut self, name: &str, reader: &mut dyn Read) -> Result<FileCount, CorpusError> {
        let mut buffer = vec![0u8; 64 * 1024];
        loop {
            let n = match reader.read(&mut buffer) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.reset();
                    return Err(CorpusError::Io(e));
                }
            };
            if let Err(e) = self.feed(&buffer[..n]) {
                self.reset();
                return Err(e);
            }
        }
        self.finish(name)
    }

    fn reset(&mut self) {
        let _ = self.finish("");
    }

    fn tally(&mut self, text: &str) {
        for c in text.chars() {
            self.code_points += 1;
            for (i, subject) in self.subjects.iter().enumerate() {
                let table = &mut self.lengths[i];
                if table.is_empty() {
                    *table = vec![UNKNOWN; SLOTS];
                }
                let slot = &mut table[c as usize];
                if *slot == UNKNOWN {
                    *slot = match subject.encode(&CodePoint::from(c)) {
                        // A code of 255 units or more is not remembered.
                        Some(code) => u8::try_from(code.len()).unwrap_or(UNKNOWN),
                        None => REFUSED,
                    };
                }
                let size = &mut self.sizes[i];
                let units = match *slot {
                    REFUSED => {
                        size.unencodable += 1;
                        continue;
                    }
                    UNKNOWN => subject.encode(&CodePoint::from(c)).map_or(0, |c| c.len()),
                    n => usize::from(n),
                };
                size.units += units as u64;
                size.bytes += units as u64 * u64::from(subject.unit_bits() / 8);
            }
        }
    }
}

impl fmt::Display for Table {
    /// One row per file and format: the file, the format, the code points,
    /// the units, the bytes and bytes per code point, columns aligned;
    /// `N refused` after a format that cannot encode all of the file.
    ///
    /// ```
    /// use ucsx_lab::report::{corpus::{Counter, Table}, heads, Subject};
    /// let formats = [Subject::builtin(ucsx::Format::Utf8), Subject::builtin(ucsx::Format::Utf32)];
    /// let mut counter = Counter::new(&formats);
    /// let file = counter.count("a.txt", &mut "añ".as_bytes()).unwrap();
    /// let table = Table { heads: heads(&formats), files: vec![file] };
    /// let text = table.to_string();
    /// let rows: Vec<Vec<&str>> = text.lines().map(|l| l.split_whitespace().collect()).collect();
    /// assert_eq!(rows[0], ["file", "format", "code-points", "units", "bytes", "bytes/cp"]);
    /// assert_eq!(rows[1], ["a.txt", "UTF-8", "2", "3", "3", "1.500"]);
    /// assert_eq!(rows[2], ["a.txt", "UTF-32", "2", "2", "8", "4.000"]);
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rows: Vec<[String; 6]> = vec![[
            "file".into(),
            "format".into(),
            "code-points".into(),
            "units".into(),
            "bytes".into(),
            "bytes/cp".into(),
        ]];
        let mut notes: Vec<String> = Vec::new();
        for file in &self.files {
            for (size, head) in file.sizes.iter().zip(&self.heads) {
                rows.push([
                    file.name.clone(),
                    head.clone(),
                    file.code_points.to_string(),
                    size.units.to_string(),
                    size.bytes.to_string(),
                    size.bytes_per_code_point(file.code_points)
                        .map_or("-".into(), |b| alloc::format!("{b:.3}")),
                ]);
                if size.unencodable > 0 {
                    notes.push(alloc::format!(
                        "{}: {} cannot encode {} of its code points (not counted)",
                        file.name,
                        head,
                        size.unencodable
                    ));
                }
            }
        }
        let widths: Vec<usize> = (0..6)
            .map(|i| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0))
            .collect();
        for row in &rows {
            let mut line = String::new();
            for (i, cell) in row.iter().enumerate() {
                let pad = widths[i] - cell.chars().count();
                if i > 0 {
                    line.push_str("  ");
                }
                // Text left, numbers right.
                if i < 2 {
                    line.push_str(cell);
                    line.extend(core::iter::repeat_n(' ', pad));
                } else {
                    line.extend(core::iter::repeat_n(' ', pad));
                    line.push_str(cell);
                }
            }
            writeln!(f, "{}", line.trim_end())?;
        }
        for note in notes {
            writeln!(f, "{note}")?;
        }
        Ok(())
    }
}
