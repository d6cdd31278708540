//! Fuzzes the grid readers: any bytes, every format (detected and forced),
//! every size (inferred and forced). Reading must never panic, must report
//! every record, and every grid it returns must be checkable.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudogen::format::FORMATS;
use sudogen::grid::Size;
use sudogen::format::read::Reader;

fuzz_target!(|data: &[u8]| {
    let formats: Vec<_> = std::iter::once(None)
        .chain(FORMATS.iter().copied().map(Some))
        .collect();
    let sizes = [
        None,
        Some(Size::S4),
        Some(Size::S9),
        Some(Size::S16),
        Some(Size::S25),
    ];
    for &format in &formats {
        for size in sizes {
            let mut records = 0u64;
            Reader::new(data, format, size)
                .visit(|line, grid| {
                    assert!(line >= 1);
                    records += 1;
                    if let Ok(g) = grid {
                        if let Some(s) = size {
                            assert_eq!(g.size(), s);
                        }
                        let _ = g.validate();
                    }
                    Ok::<(), std::io::Error>(())
                })
                .unwrap();
            // No more records than lines.
            assert!(records <= data.iter().filter(|&&b| b == b'\n').count() as u64 + 1);
            // The check of each record and of the solution beside it.
            let mut reader = Reader::new(data, format, size);
            while let Some(batch) = reader.next_batch().unwrap() {
                let report = sudogen::check::check_batch(&batch, sudogen::check::Rules::default());
                assert!(report.valid <= report.read);
            }
        }
    }
});
