//! Inputs that come packed: gzip (`.gz`), zip (`.zip`, as the Kaggle sets
//! ship) and NumPy's `.npz` (a zip of `.npy` arrays), recognised by their
//! first bytes, never by their names, and read as streams; and other
//! binary inputs (bzip2, xz, a PDF, a picture...), named plainly rather
//! than parsed as text.
//!
//! [`unpack`] turns one input into the inputs to read ([`Unpacked`]): the
//! input itself, its gzip content, or the members of a zip in order, each
//! named `ARCHIVE:MEMBER` (directories skipped). An `.npz` (a zip whose
//! members are all `.npy` arrays) is one input: its puzzles array, with
//! the array named `solutions` beside it when it has one (see
//! [`Unpacked::solutions`]).
//!
//! A zip is read from its central directory, at its end: a file is
//! opened again for each member (so two arrays of an `.npz` are read side
//! by side), and standard input is first read whole into memory. Members
//! are stored or deflated (what `zip` and numpy write), their CRC-32
//! checked at their end. The `zip` crate reads the directory (ZIP64, data
//! descriptors, the local headers); `flate2` inflates, with its Rust
//! back end.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, Cursor, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::npy;

/// A stream of bytes that can go to another thread.
pub type Stream = Box<dyn Read + Send>;

/// One input to read, unpacked.
pub struct Unpacked {
    /// Its name in messages: the file's, or `ARCHIVE:MEMBER`.
    pub name: String,
    /// Its bytes (the records).
    pub records: Stream,
    /// The solutions array of an `.npz` that has one (its member named
    /// `solutions.npy`), row `i` the solution of record `i`.
    pub solutions: Option<Stream>,
}

impl Read for Unpacked {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.records.read(buf)
    }
}

/// How an input is packed, from its first bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Packing {
    /// Not packed: text, or an `.npy` array (the reader takes both).
    Plain,
    /// gzip.
    Gzip,
    /// A zip archive (`.npz` included).
    Zip,
    /// Something else that is not text: what it looks like, and what to
    /// do.
    Binary(&'static str),
}

/// How an input that starts with `start` is packed. `start` need not be
/// long: a few bytes give the magic numbers, and the test for binary
/// bytes looks at what there is.
pub fn sniff(start: &[u8]) -> Packing {
    const KNOWN: &[(&[u8], &str)] = &[
        (b"BZh", "bzip2-compressed input; unpack it first (bunzip2)"),
        (
            b"\xfd7zXZ\x00",
            "xz-compressed input; unpack it first (unxz)",
        ),
        (
            b"\x28\xb5\x2f\xfd",
            "zstd-compressed input; unpack it first (unzstd)",
        ),
        (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive; unpack it first"),
        (b"Rar!\x1a\x07", "a RAR archive; unpack it first"),
        (b"%PDF-", "a PDF document, not records"),
        (b"\x89PNG", "a PNG picture, not records"),
        (b"\xff\xd8\xff", "a JPEG picture, not records"),
        (b"\x7fELF", "a program, not records"),
        (b"\xff\xfe", "UTF-16 text; save it as UTF-8"),
        (b"\xfe\xff", "UTF-16 text; save it as UTF-8"),
    ];
    if start.starts_with(npy::MAGIC) {
        return Packing::Plain;
    }
    if start.starts_with(b"\x1f\x8b") {
        return Packing::Gzip;
    }
    if start.starts_with(b"PK\x03\x04") || start.starts_with(b"PK\x05\x06") {
        return Packing::Zip;
    }
    if let Some(&(_, what)) = KNOWN.iter().find(|(magic, _)| start.starts_with(magic)) {
        return Packing::Binary(what);
    }
    if start.get(257..262) == Some(b"ustar") {
        return Packing::Binary("a tar archive; unpack it first (tar xf)");
    }
    // Text has few control bytes; a compressed or binary file has many
    // (about one byte in eight is below 0x20 at random).
    let control = start
        .iter()
        .filter(|&&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0c))
        .count();
    if start.len() >= 16 && control * 16 > start.len() {
        return Packing::Binary(
            "compressed or binary input, not records; unpack it, or name a file of records",
        );
    }
    Packing::Plain
}

/// How many bytes [`classify`] reads before deciding (at most; it waits
/// for no more than the magic numbers need).
const PEEK: usize = 4096;

/// Reads the start of `input` (the first read, and more only until there
/// are 6 bytes or the input ends, so a slow writer upstream is not waited
/// for), says how it is packed, and gives back a stream of the whole
/// input.
fn classify(mut input: Stream) -> io::Result<(Packing, Stream)> {
    let mut start = vec![0u8; PEEK];
    let mut have = 0;
    while have < 6 {
        match input.read(&mut start[have..]) {
            Ok(0) => break,
            Ok(n) => have += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    start.truncate(have);
    let packing = sniff(&start);
    Ok((packing, Box::new(Cursor::new(start).chain(input))))
}

/// The inputs to read in the input `input` named `name`; `path` is its
/// file, which a zip is read from again for each member (standard input,
/// `None`, is read into memory first). An error says why the input
/// cannot be read (a binary file, a damaged archive).
pub fn unpack(name: &str, input: Stream, path: Option<&Path>) -> io::Result<Inputs> {
    let (packing, input) = classify(input)?;
    let queue = match packing {
        Packing::Plain => Queue::One(Some(Unpacked {
            name: name.to_string(),
            records: input,
            solutions: None,
        })),
        Packing::Gzip => {
            let inflated: Stream = Box::new(Labelled {
                inner: flate2::read::MultiGzDecoder::new(input),
                what: "gzip",
            });
            let (packing, inflated) = classify(inflated)?;
            match packing {
                Packing::Plain => Queue::One(Some(Unpacked {
                    name: name.to_string(),
                    records: inflated,
                    solutions: None,
                })),
                Packing::Binary(what) => return Err(refused(format!("gzip holding {what}"))),
                _ => return Err(refused("an archive inside gzip; unpack it first".into())),
            }
        }
        Packing::Zip => {
            let source = match path {
                Some(path) => Source::File(path.to_path_buf()),
                None => {
                    let mut bytes = Vec::new();
                    let mut input = input;
                    input.read_to_end(&mut bytes)?;
                    Source::Memory(bytes.into())
                }
            };
            zip_inputs(name, source)?
        }
        Packing::Binary(what) => return Err(refused(what.to_string())),
    };
    Ok(Inputs { queue })
}

/// An input refused for what it is.
fn refused(what: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, what)
}

/// The inputs an input unpacks to, in order (see [`unpack`]).
pub struct Inputs {
    queue: Queue,
}

enum Queue {
    One(Option<Unpacked>),
    Zip {
        name: String,
        source: Source,
        members: VecDeque<Member>,
    },
}

impl Iterator for Inputs {
    type Item = io::Result<Unpacked>;

    fn next(&mut self) -> Option<io::Result<Unpacked>> {
        match &mut self.queue {
            Queue::One(one) => one.take().map(Ok),
            Queue::Zip {
                name,
                source,
                members,
            } => {
                let member = members.pop_front()?;
                Some(member.open(name, source))
            }
        }
    }
}

/// Where a zip's bytes are: a file, opened again for each member, or in
/// memory.
enum Source {
    File(PathBuf),
    Memory(Arc<[u8]>),
}

/// A readable, seekable view of a zip's bytes.
trait Seekable: Read + Seek + Send {}
impl<T: Read + Seek + Send> Seekable for T {}

impl Source {
    fn open(&self) -> io::Result<Box<dyn Seekable>> {
        Ok(match self {
            Source::File(path) => Box::new(File::open(path)?),
            Source::Memory(bytes) => Box::new(Cursor::new(Arc::clone(bytes))),
        })
    }
}

/// A member of a zip to read: where its data is and how it is packed,
/// and, for an `.npz`, the solutions array to read beside it.
struct Member {
    name: String,
    data: Data,
    solutions: Option<Data>,
}

/// A member's data in its archive.
#[derive(Clone)]
struct Data {
    name: String,
    start: u64,
    packed: u64,
    size: u64,
    crc: u32,
    deflated: bool,
}

impl Member {
    fn open(self, archive: &str, source: &Source) -> io::Result<Unpacked> {
        let records = self.data.open(source)?;
        let (packing, records) = classify(records)?;
        let member = &self.name;
        match packing {
            Packing::Plain => {}
            Packing::Gzip | Packing::Zip => {
                return Err(refused(format!(
                    "the member {member} is an archive itself; unpack it first"
                )));
            }
            Packing::Binary(what) => {
                return Err(refused(format!("the member {member} is {what}")));
            }
        }
        let name = format!("{archive}:{member}");
        let solutions = self.solutions.map(|s| s.open(source)).transpose()?;
        Ok(Unpacked {
            name,
            records,
            solutions,
        })
    }
}

impl Data {
    fn open(&self, source: &Source) -> io::Result<Stream> {
        let mut file = source.open()?;
        file.seek(SeekFrom::Start(self.start))?;
        let packed = file.take(self.packed);
        let inner: Stream = if self.deflated {
            // It buffers its input itself.
            Box::new(flate2::read::DeflateDecoder::new(packed))
        } else {
            Box::new(packed)
        };
        Ok(Box::new(Checked {
            inner,
            crc: flate2::Crc::new(),
            read: 0,
            data: self.clone(),
        }))
    }
}

/// The members of the zip in `source` to read, in order.
fn zip_inputs(name: &str, source: Source) -> io::Result<Queue> {
    let damaged =
        |e: zip::result::ZipError| refused(format!("a zip archive that cannot be read: {e}"));
    let mut archive = zip::ZipArchive::new(source.open()?).map_err(damaged)?;
    let mut all = Vec::new();
    for i in 0..archive.len() {
        let file = archive.by_index_raw(i).map_err(damaged)?;
        if file.is_dir() {
            continue;
        }
        let member = file.name().to_string();
        if file.encrypted() {
            return Err(refused(format!(
                "the member {member} is encrypted; unpack it first"
            )));
        }
        let deflated = match file.compression() {
            zip::CompressionMethod::Stored => false,
            // A constant, the same whether the crate's own inflater is
            // built or not (it is not: flate2 inflates here).
            method if method == zip::CompressionMethod::DEFLATE => true,
            other => {
                return Err(refused(format!(
                    "the member {member} is packed with {other}; sudogen reads stored and deflated members: unpack it first"
                )));
            }
        };
        let start = file.data_start();
        all.push(Data {
            name: member,
            start,
            packed: file.compressed_size(),
            size: file.size(),
            crc: file.crc32(),
            deflated,
        });
    }
    if all.is_empty() {
        return Err(refused("an empty zip archive".into()));
    }
    let npz = all.iter().all(|d| d.name.ends_with(".npy"));
    let members = if npz {
        VecDeque::from([npz_arrays(all)?])
    } else {
        all.into_iter()
            .map(|data| Member {
                name: data.name.clone(),
                data,
                solutions: None,
            })
            .collect()
    };
    Ok(Queue::Zip {
        name: name.to_string(),
        source,
        members,
    })
}

/// The arrays of an `.npz` to read: the puzzles (the only array, or the
/// one named `puzzles`, `quizzes` or `grids`), and the array named
/// `solutions` beside them, if any; other arrays are not read.
fn npz_arrays(arrays: Vec<Data>) -> io::Result<Member> {
    let stem = |d: &Data| d.name.trim_end_matches(".npy").to_string();
    let named = |names: &[&str]| {
        arrays
            .iter()
            .position(|d| names.contains(&stem(d).as_str()))
    };
    let puzzles = match named(&["puzzles", "quizzes", "grids"]) {
        Some(i) => i,
        None if arrays.len() == 1 => 0,
        None => {
            let names: Vec<String> = arrays.iter().map(stem).collect();
            return Err(refused(format!(
                "an npz of the arrays {}; name the puzzles array `puzzles` (numpy.savez(file, puzzles=..., solutions=...))",
                names.join(", ")
            )));
        }
    };
    let solutions = named(&["solutions"]).map(|i| arrays[i].clone());
    let data = arrays[puzzles].clone();
    Ok(Member {
        name: data.name.clone(),
        data,
        solutions,
    })
}

/// A member's bytes, checked at their end against the size and CRC-32
/// its archive gives.
struct Checked {
    inner: Stream,
    crc: flate2::Crc,
    read: u64,
    data: Data,
}

impl Read for Checked {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf).map_err(|e| {
            io::Error::new(
                e.kind(),
                format!("the zip member {} is damaged: {e}", self.data.name),
            )
        })?;
        self.crc.update(&buf[..n]);
        self.read += n as u64;
        if n == 0
            && !buf.is_empty()
            && (self.read != self.data.size || self.crc.sum() != self.data.crc)
        {
            let what = if self.read == self.data.size {
                "its CRC-32 does not match".to_string()
            } else {
                format!("{} bytes of its {}", self.read, self.data.size)
            };
            return Err(refused(format!(
                "the zip member {} is damaged: {what}",
                self.data.name
            )));
        }
        Ok(n)
    }
}

/// A stream whose errors say what was being unpacked.
struct Labelled<R> {
    inner: R,
    what: &'static str,
}

impl<R: Read> Read for Labelled<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.inner.read(buf).map_err(|e| {
            io::Error::new(
                e.kind(),
                format!("{} input that is damaged: {e}", self.what),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_numbers_and_binary_bytes() {
        assert_eq!(sniff(b"\x1f\x8b\x08\x00"), Packing::Gzip);
        assert_eq!(sniff(b"PK\x03\x04rest"), Packing::Zip);
        assert_eq!(sniff(b"\x93NUMPY\x01\x00"), Packing::Plain);
        assert_eq!(sniff(b"4...3.......6..8..\n"), Packing::Plain);
        assert_eq!(sniff("·9·17··3\n".as_bytes()), Packing::Plain);
        assert!(matches!(sniff(b"BZh91AY&SY"), Packing::Binary(w) if w.contains("bzip2")));
        let noise: Vec<u8> = (0..64u8).map(|i| i.wrapping_mul(37)).collect();
        assert!(matches!(sniff(&noise), Packing::Binary(_)));
        // A NUL in a line of text is a record's problem, not a binary file.
        assert_eq!(sniff(b"4...3.......6..8..\x00......\n"), Packing::Plain);
    }
}
