//! Where commands read and write: the output (standard output, or a file
//! written as [`files`] says: whole or not at all, never replacing a
//! device, a FIFO or a link), the inputs (files or standard input), and
//! the one-line messages on standard error.

use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Read, Seek, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;

use super::exit::{Unreadable, UsageError};
use super::files::{self, Placement, Temp};
use sudogen::format::RecordError;
use sudogen::format::read::{Batch, Reader};
use sudogen::format::unpack::{self, Unpacked};
use sudogen::grid::ParseError;
use sudogen::pipeline::Pace;

/// Prints a line to standard error; a failure to do so is ignored (there
/// is nowhere left to report it).
pub fn warn(message: impl std::fmt::Display) {
    // One write: standard error is unbuffered, and a line written in
    // pieces can be split by other output on the same terminal.
    let line = format!("sudogen: {message}\n");
    let _ = io::stderr().lock().write_all(line.as_bytes());
}

/// What is wrong with a record, for people: the library's words, and the
/// option that would read it where there is one (`--symbols`).
pub fn describe(error: &RecordError) -> String {
    match error {
        RecordError::Alphabet { alphabet, .. } => {
            format!("{error}; read it with --symbols {alphabet}")
        }
        RecordError::Cells(ParseError::BadSymbol {
            found: '\u{FFFD}', ..
        }) => format!("{error}; the record holds bytes that are not UTF-8: save it as UTF-8"),
        RecordError::Cells(ParseError::BadSymbol { found, .. })
            if !(found.is_alphanumeric() || found.is_control() || found.is_whitespace()) =>
        {
            format!("{error}; if it marks an empty cell, read it with --empty '{found}'")
        }
        RecordError::VariantConflict { .. } => {
            format!(
                "{error}; leave out --variant and --regions (a record that names its shape keeps it)"
            )
        }
        other => other.to_string(),
    }
}

/// A buffered output that names itself in errors.
pub struct Output {
    /// The buffered file.
    pub file: BufWriter<File>,
    /// What errors say: "writing to standard output", "writing FILE".
    pub what: String,
    /// How the file written reaches its path (see [`files`]).
    placement: Placement,
    /// For the rows of an npy run: the temporary file they go to, and the
    /// path the arrays are made at.
    npy: Option<(Temp, PathBuf)>,
}

impl Output {
    /// Standard output, as a file of its own: unlike `io::stdout()`, a
    /// closed standard output is an error here, not silently ignored.
    pub fn stdout() -> anyhow::Result<Output> {
        let what = "writing to standard output".to_string();
        let file = stdout_file().context(what.clone())?;
        static WATCHING: std::sync::Once = std::sync::Once::new();
        WATCHING.call_once(|| watch_reader(&file));
        Ok(Output::buffered(file, what, Placement::Direct))
    }

    /// The file `path` names, written as [`files`] says: a new or regular
    /// file in full or not at all (a run that fails first leaves no
    /// half-written file, and an older file of that name as it was), a
    /// device or FIFO directly, a symbolic link followed.
    pub fn file(path: &Path) -> anyhow::Result<Output> {
        let (file, placement) = files::open(path)?;
        if matches!(placement, Placement::Direct) {
            watch_reader(&file);
        }
        Ok(Output::buffered(
            file,
            format!("writing {}", path.display()),
            placement,
        ))
    }

    /// The rows of an npy run, bound for `path`: written to a temporary
    /// file, which [`Output::finish_npy`] makes into the arrays.
    pub fn npy(path: &Path) -> anyhow::Result<Output> {
        let (file, temp) = files::scratch(path)?;
        Ok(Output {
            npy: Some((temp, path.to_path_buf())),
            ..Output::buffered(
                file,
                format!("writing {}", path.display()),
                Placement::Direct,
            )
        })
    }

    fn buffered(file: File, what: String, placement: Placement) -> Output {
        Output {
            file: BufWriter::with_capacity(1 << 16, file),
            what,
            placement,
            npy: None,
        }
    }

    /// Flushes, naming the output in the error, and puts a file in place.
    pub fn finish(mut self) -> anyhow::Result<()> {
        self.file.flush().context(self.what.clone())?;
        self.placement
            .finish(self.file.get_mut())
            .context(self.what.clone())
    }

    /// Finishes a stream the `npy` writer wrote (each record's `cells`
    /// values, and its solution's too when `solutions`) as NumPy arrays:
    /// the file itself, and `NAME.solutions.npy` beside it.
    pub fn finish_npy(mut self, cells: usize, solutions: bool) -> anyhow::Result<()> {
        self.file.flush().context(self.what.clone())?;
        let Some((_temp, path)) = &self.npy else {
            return Err(
                UsageError("npy arrays go to a file; name it with -o NAME.npy".into()).into(),
            );
        };
        let stream = self.file.get_mut();
        let bytes = stream
            .seek(io::SeekFrom::End(0))
            .context(self.what.clone())?;
        stream
            .seek(io::SeekFrom::Start(0))
            .context(self.what.clone())?;
        let mut stream = io::BufReader::new(stream);
        let mut puzzles = Output::file(path)?;
        let mut answers = match solutions {
            true => Some(Output::file(&solutions_path(path))?),
            false => None,
        };
        sudogen::format::npy::split_into_arrays(
            &mut stream,
            bytes,
            cells,
            &mut puzzles.file,
            answers.as_mut().map(|o| &mut o.file as &mut dyn Write),
        )
        .context(self.what.clone())?;
        puzzles.finish()?;
        if let Some(answers) = answers {
            answers.finish()?;
        }
        Ok(())
    }
}

/// When `file` (standard output, or a file written directly) is a pipe,
/// watches it from a thread of its own and
/// [interrupts](sudogen::pipeline::interrupt) the run as soon as its
/// reader has gone (`sudogen puzzle --size 25 -n 100 | head -1`): without
/// it, a run whose workers are busy on long records would only find out
/// at its next write, which could be minutes away.
fn watch_reader(file: &File) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let is_pipe = file
            .metadata()
            .is_ok_and(|m| m.file_type().is_fifo() || m.file_type().is_socket());
        if let (true, Ok(watched)) = (is_pipe, file.try_clone()) {
            let _ = std::thread::Builder::new()
                .name("reader-watch".into())
                .spawn(move || {
                    if reader_gone(&watched) {
                        sudogen::pipeline::interrupt();
                    }
                });
        }
    }
    #[cfg(not(unix))]
    let _ = file;
}

/// Waits until `pipe` reports an error or a hang-up, as it does once its
/// reader has closed it; `false` if it cannot be watched.
#[cfg(unix)]
fn reader_gone(pipe: &File) -> bool {
    use rustix::event::{PollFd, PollFlags, poll};
    // No events asked for: an error or hang-up is always reported.
    let mut fds = [PollFd::new(pipe, PollFlags::empty())];
    loop {
        match poll(&mut fds, None) {
            Ok(_) => {
                let revents = fds[0].revents();
                return revents.intersects(PollFlags::ERR | PollFlags::HUP);
            }
            Err(rustix::io::Errno::INTR) => {}
            Err(_) => return false,
        }
    }
}

/// Where the solutions of `NAME.npy` go: `NAME.solutions.npy`.
fn solutions_path(path: &Path) -> PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    path.with_file_name(format!("{stem}.solutions.npy"))
}

/// What the file behind standard input or output is (a terminal, a pipe,
/// a file...), if the system says.
#[cfg(unix)]
pub fn metadata_of(stream: &impl std::os::fd::AsFd) -> Option<std::fs::Metadata> {
    let fd = stream.as_fd().try_clone_to_owned().ok()?;
    File::from(fd).metadata().ok()
}

#[cfg(not(unix))]
pub fn metadata_of<T>(_stream: &T) -> Option<std::fs::Metadata> {
    None
}

/// Whether two files are one (the same device and file number); on
/// systems without those, never.
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        a.dev() == b.dev() && a.ino() == b.ino()
    }
    #[cfg(not(unix))]
    {
        let _ = (a, b);
        false
    }
}

#[cfg(unix)]
fn stdout_file() -> io::Result<File> {
    use std::os::fd::AsFd;
    Ok(File::from(io::stdout().as_fd().try_clone_to_owned()?))
}

#[cfg(windows)]
fn stdout_file() -> io::Result<File> {
    use std::os::windows::io::AsHandle;
    Ok(File::from(io::stdout().as_handle().try_clone_to_owned()?))
}

/// Opens the output (`None`: standard output), refusing a file that is
/// also one of `inputs` (`-`: standard input): the output would empty it
/// before it is read, and standard output appended to it (`>>`) would be
/// read back as input while it grows, without end.
pub fn open_output(path: Option<&Path>, inputs: &[PathBuf]) -> anyhow::Result<Output> {
    let output = match path {
        Some(path) => std::fs::metadata(path).ok(),
        None => metadata_of(&io::stdout()),
    };
    if let Some(output) = output.filter(|m| m.is_file()) {
        for input in inputs {
            let stdin = input.as_os_str() == "-";
            let meta = if stdin {
                metadata_of(&io::stdin())
            } else {
                std::fs::metadata(input).ok()
            };
            if meta.is_some_and(|m| same_file(&m, &output)) {
                let what = if stdin {
                    "standard input is the output file".to_string()
                } else {
                    format!("{} is both an input and the output", input.display())
                };
                return Err(UsageError(format!("{what}; write the output to another file")).into());
            }
        }
    }
    match path {
        Some(path) => Output::file(path),
        None => Output::stdout(),
    }
}

/// The keys that end what is typed at a terminal.
#[cfg(windows)]
const END_OF_INPUT: &str = "Ctrl-Z and Enter";
/// The keys that end what is typed at a terminal.
#[cfg(not(windows))]
const END_OF_INPUT: &str = "Ctrl-D";

/// Opens an input: standard input for `-`, else the file. The error says
/// why it cannot be read, naming it.
fn open_input(path: &Path) -> Result<(String, Box<dyn Read + Send>), String> {
    if path.as_os_str() == "-" {
        if io::stdin().is_terminal() {
            // Someone at a terminal who left out the file would otherwise
            // see a run that waits without a word.
            warn(format_args!(
                "note: reading standard input from the terminal: paste puzzles or grids, then {END_OF_INPUT} (or name a file)"
            ));
        }
        return Ok(("<stdin>".into(), Box::new(io::stdin())));
    }
    let name = path.display().to_string();
    if path.is_dir() {
        return Err(format!("cannot read {name}: it is a directory"));
    }
    match File::open(path) {
        Ok(file) => Ok((name, Box::new(file))),
        Err(e) => Err(format!("cannot read {name}: {e}")),
    }
}

/// Opens each input in turn (`-`: standard input), unpacks it (gzip, the
/// members of a zip, an `.npz`: see [`sudogen::format::unpack`]) and calls
/// `each` with the name and contents of each input it holds; an input
/// that cannot be opened or unpacked (a binary file) is reported
/// (`sudogen: error: cannot read ...`) and skipped. Returns whether every
/// input could be opened.
pub fn each_input(
    files: &[PathBuf],
    mut each: impl FnMut(&str, Unpacked) -> anyhow::Result<()>,
) -> anyhow::Result<bool> {
    let mut all = true;
    for path in files {
        let opened = open_input(path).and_then(|(name, input)| {
            // A zip is read again from a regular file; from a pipe (`-`,
            // `<(...)`), from memory.
            let file = (path.as_os_str() != "-" && path.is_file()).then_some(path.as_path());
            unpack::unpack(&name, input, file).map_err(|e| format!("cannot read {name}: {e}"))
        });
        let inputs = match opened {
            Ok(inputs) => inputs,
            Err(message) => {
                warn(format_args!("error: {message}"));
                all = false;
                continue;
            }
        };
        for input in inputs {
            match input {
                Ok(input) => each(&input.name.clone(), input)?,
                Err(e) => {
                    warn(format_args!("error: cannot read {}: {e}", path.display()));
                    all = false;
                }
            }
        }
    }
    Ok(all)
}

/// The batches of a reader as a pipeline source, each of as many records
/// as `pace` asks for; a read error names the input and is
/// [`Unreadable`].
pub fn batches<'a, R: Read>(
    reader: &'a mut Reader<R>,
    name: &'a str,
    pace: &'a Pace,
) -> impl FnMut() -> anyhow::Result<Option<Batch>> + 'a {
    move || {
        reader
            .next_batch_of(pace.records())
            .map_err(|e| Unreadable(format!("cannot read {name}: {e}")).into())
    }
}
