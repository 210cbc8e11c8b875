//! The inner writer of the crate's buffering writers ([`CodePointWriter`]
//! and [`TranscodeWriter`]), shared so that both keep std's `BufWriter`
//! habit: what they hold is written when they are dropped.
//!
//! [`CodePointWriter`]: super::CodePointWriter
//! [`TranscodeWriter`]: super::TranscodeWriter

use std::io::{self, Write};

/// A writer that remembers whether a write to it failed, and that can be
/// taken out of a type that writes its buffer on drop.
pub(super) struct Sink<W: Write> {
    /// `None` only once [`Sink::take`] has taken it, which the owning
    /// writer's `finish` does last (a type with a `Drop` cannot move a
    /// field out).
    writer: Option<W>,
    /// A `write_all` failed: how much of it reached the writer is unknown,
    /// so the buffer is not written again on drop (it could repeat a part).
    failed: bool,
}

impl<W: Write> Sink<W> {
    pub(super) fn new(writer: W) -> Self {
        Sink {
            writer: Some(writer),
            failed: false,
        }
    }

    fn writer(&mut self) -> io::Result<&mut W> {
        self.writer
            .as_mut()
            .ok_or_else(|| io::Error::other("the writer was already handed back"))
    }

    pub(super) fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        let result = self.writer()?.write_all(bytes);
        self.failed |= result.is_err();
        result
    }

    pub(super) fn flush(&mut self) -> io::Result<()> {
        self.writer()?.flush()
    }

    /// The inner writer, handed back by `finish`.
    pub(super) fn take(&mut self) -> io::Result<W> {
        self.writer
            .take()
            .ok_or_else(|| io::Error::other("the writer was already handed back"))
    }

    /// What a dropped writer does with the output it holds: writes it, as
    /// `BufWriter` does, unless an earlier write failed; errors are
    /// ignored, since a drop cannot report them (`finish` does).
    pub(super) fn write_on_drop(&mut self, bytes: &[u8]) {
        if !self.failed && !bytes.is_empty() {
            let _ = self.write_all(bytes);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer that takes `room` bytes, then fails.
    struct Cramped {
        taken: Vec<u8>,
        room: usize,
    }

    impl Write for Cramped {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.taken.len() >= self.room {
                return Err(io::Error::other("full"));
            }
            let n = buf.len().min(self.room - self.taken.len());
            self.taken.extend_from_slice(&buf[..n]);
            Ok(n)
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_drop_writes_what_is_held() {
        let mut out = Vec::new();
        let mut sink = Sink::new(&mut out);
        sink.write_all(b"ab").unwrap();
        sink.write_on_drop(b"cd");
        assert_eq!(out, b"abcd");
    }

    /// After a failed write, part of it may have reached the writer:
    /// writing the buffer again on drop could repeat that part.
    #[test]
    fn a_drop_after_a_failed_write_writes_nothing_more() {
        let mut inner = Cramped {
            taken: Vec::new(),
            room: 3,
        };
        let mut sink = Sink::new(&mut inner);
        assert!(sink.write_all(b"abcd").is_err());
        inner_room(&mut sink, 10);
        sink.write_on_drop(b"abcd");
        assert_eq!(inner.taken, b"abc");
    }

    fn inner_room(sink: &mut Sink<&mut Cramped>, room: usize) {
        if let Some(w) = sink.writer.as_mut() {
            w.room = room;
        }
    }

    /// A flush reaches the inner writer, and its error comes back.
    #[test]
    fn a_flush_reports_the_writer_s_error() {
        struct Unflushable;
        impl Write for Unflushable {
            fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
                Ok(buf.len())
            }
            fn flush(&mut self) -> io::Result<()> {
                Err(io::Error::other("no"))
            }
        }
        assert!(Sink::new(Unflushable).flush().is_err());
    }

    #[test]
    fn the_writer_is_handed_back_once() {
        let mut sink = Sink::new(Vec::<u8>::new());
        assert_eq!(sink.take().unwrap(), b"");
        let mut empty: Sink<Vec<u8>> = Sink {
            writer: None,
            failed: false,
        };
        assert!(empty.write_all(b"x").is_err());
        assert!(empty.flush().is_err());
        assert!(empty.take().is_err());
    }
}
