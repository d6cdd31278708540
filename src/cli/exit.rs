//! How a command ends: the exit status, and the errors that choose it.

use std::io;

/// How a command ended, as the process exit status (ordered by gravity:
/// the worse of two outcomes is their `max`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[repr(u8)]
pub enum Exit {
    /// Everything went well.
    Success = 0,
    /// Invalid grids were found, or an error happened while running.
    Failure = 1,
    /// The usage was wrong, or an input could not be read.
    Usage = 2,
}

/// A usage error found after parsing (exit status 2): what is wrong and
/// what to do instead.
#[derive(Debug)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// An input could not be read (exit status 2).
#[derive(Debug)]
pub struct Unreadable(pub String);

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unreadable {}

/// A usage error with this message, as an `anyhow` error.
pub fn usage(message: impl Into<String>) -> anyhow::Error {
    UsageError(message.into()).into()
}

/// Whether an error is, at its root, the reader of our output going away
/// (`sudogen ... | head`).
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// The exit status an error calls for: 2 for usage errors and unreadable
/// input, 1 for everything else.
pub fn exit_for(err: &anyhow::Error) -> Exit {
    if err.is::<UsageError>() || err.is::<Unreadable>() {
        Exit::Usage
    } else {
        Exit::Failure
    }
}
