//! The report page (in progress).
