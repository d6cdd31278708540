//! Writes the committed tables of the `uniform` strategy and of `stats`:
//! `src/strategies/uniform_b_table.bin` (B per key, from the band-count
//! formula), `src/strategies/uniform_split_table.bin` (the split weights
//! below each class's representative top band) and, with `classes`, `src/strategies/uniform_class_table.bin` (the band class
//! per key, from C per key matched against the 44 published classes).
//!
//! `cargo run --release --example uniform_table [classes]`
use std::time::Instant;
use sudogen::reference::class_of_completions;
use sudogen::strategies::uniform::{all_completions, build_b_table, build_split_table};

fn main() {
    let t = Instant::now();
    let table = build_b_table();
    let built = t.elapsed();
    let bytes: Vec<u8> = table.iter().flat_map(|v| v.to_le_bytes()).collect();
    std::fs::write("src/strategies/uniform_b_table.bin", bytes).expect("write the table");
    println!("built the 280 x 280 B table in {built:.2?}");
    let t = Instant::now();
    let split = build_split_table();
    let bytes: Vec<u8> = split.iter().flat_map(|v| v.to_le_bytes()).collect();
    std::fs::write("src/strategies/uniform_split_table.bin", bytes).expect("write the table");
    println!("built the 44 x 56 x 56 split table in {:.2?}", t.elapsed());
    if std::env::args().nth(1).as_deref() == Some("classes") {
        let t = Instant::now();
        let c = all_completions();
        let bytes: Vec<u8> = c
            .iter()
            .map(|&v| class_of_completions(v).expect("every C is a class") as u8 + 1)
            .collect();
        std::fs::write("src/strategies/uniform_class_table.bin", bytes)
            .expect("write the class table");
        println!("computed C for all 78,400 keys in {:.2?}", t.elapsed());
    }
}
