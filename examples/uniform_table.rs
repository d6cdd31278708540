//! Writes `src/strategies/uniform_b_table.bin` from the band-count formula.
//! `cargo run --release --example uniform_table`
use std::time::Instant;
use sudogen::strategies::uniform::build_b_table;

fn main() {
    let t = Instant::now();
    let table = build_b_table();
    let built = t.elapsed();
    let bytes: Vec<u8> = table.iter().flat_map(|v| v.to_le_bytes()).collect();
    std::fs::write("src/strategies/uniform_b_table.bin", bytes).expect("write the table");
    println!("built the 280 x 280 B table in {built:.2?}");
}
