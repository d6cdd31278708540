//! The solver on the published collections in `../shared/data` (never
//! copied into this repository). Release only: `cargo test --release --test
//! real_data -- --ignored`. Without the folder (a fresh clone) each test
//! fails, saying why: a test that did not run must not pass. `.ci/run` runs
//! them only where the folder exists, and otherwise says they were skipped.

use std::path::PathBuf;

use sudogen::Grid;
use sudogen::solve::{Search, search};

/// The data folder: `SUDOGEN_DATA`, or `../shared/data` beside the clone.
fn data_dir() -> PathBuf {
    std::env::var_os("SUDOGEN_DATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
        PathBuf::from,
    )
}

/// The puzzles of a collection (comment lines skipped); a failure that
/// says so when the folder is absent.
fn puzzles(file: &str) -> Option<Vec<Grid>> {
    let path = data_dir().join(file);
    let Ok(text) = std::fs::read_to_string(&path) else {
        panic!(
            "{} not found: this test needs the published collections (../shared/data, or SUDOGEN_DATA), which are not part of the repository",
            path.display()
        );
    };
    let grids: Vec<Grid> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let first = l.split_whitespace().next().unwrap_or_default();
            Grid::parse_line(first.as_bytes(), None).unwrap_or_else(|e| panic!("{file}: {e}: {l}"))
        })
        .collect();
    assert!(!grids.is_empty(), "{file} holds no puzzle");
    Some(grids)
}

fn assert_all_unique(file: &str, expected: usize) {
    let Some(grids) = puzzles(file) else { return };
    assert_eq!(grids.len(), expected, "{file}");
    for (i, p) in grids.iter().enumerate() {
        let out = search(p, Search::default());
        assert_eq!(out.solutions, 1, "{file} puzzle {}: {p:?}", i + 1);
        let s = out.first.unwrap();
        assert!(s.is_valid(), "{file} puzzle {}", i + 1);
        for (&g, &v) in p.cells().iter().zip(s.cells()) {
            assert!(g == 0 || g == v, "{file} puzzle {}: a given changed", i + 1);
        }
    }
    println!(
        "{file}: {} puzzles, each with exactly one solution",
        grids.len()
    );
}

#[test]
#[ignore = "release only: run with --release -- --ignored"]
fn every_17_clue_puzzle_has_one_solution() {
    assert_all_unique("17-clue.txt", 49_158);
}

#[test]
#[ignore = "release only: run with --release -- --ignored"]
fn every_top1465_puzzle_has_one_solution() {
    assert_all_unique("top1465.txt", 1_465);
}

#[test]
#[ignore = "release only: run with --release -- --ignored"]
fn every_forum_hardest_puzzle_has_one_solution() {
    assert_all_unique("forum-hardest-1106.txt", 375);
}

#[test]
#[ignore = "release only: run with --release -- --ignored"]
fn every_multi_solution_puzzle_has_several() {
    let Some(grids) = puzzles("multi-solution-10000.txt") else {
        return;
    };
    assert_eq!(grids.len(), 10_000);
    for (i, p) in grids.iter().enumerate() {
        assert!(
            search(p, Search::default()).solutions >= 2,
            "puzzle {} has fewer than two solutions",
            i + 1
        );
    }
}

#[test]
#[ignore = "release only: run with --release -- --ignored"]
fn the_16x16_letter_puzzles_are_solved_keeping_their_givens() {
    let path = data_dir().join("16x16-letters.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("NOTE: {} not found: this test did not run", path.display());
        return;
    };
    let symbols = sudogen::format::Symbols::new("ABCDEFGHIJKLMNOP", sudogen::Size::S16).unwrap();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let mut bytes = line.as_bytes().to_vec();
        symbols.read(&mut bytes);
        let p = Grid::parse_line(&bytes, Some(sudogen::Size::S16)).unwrap();
        // They come from a solver benchmark: solvable, not unique (each has
        // 10 or more solutions).
        let out = search(&p, Search::default());
        let s = out.first.unwrap_or_else(|| panic!("no solution: {line}"));
        assert!(s.is_valid());
        for (&g, &v) in p.cells().iter().zip(s.cells()) {
            assert!(g == 0 || g == v, "a given changed: {line}");
        }
    }
}

/// The rater against Sudoku Explainer's published ratings of 21,375
/// minimal puzzles (Berthier's controlled-bias collection), by band: SE 6.2
/// and below (no chains), 6.5-7.4 (SE's first chaining technique), 7.5 and
/// up (aligned triplet exclusion, Nishio, multiple and dynamic forcing
/// chains).
#[test]
#[ignore = "release only: run with --release -- --ignored"]
fn ratings_agree_with_sudoku_explainer() {
    let path = data_dir().join("cb-000-rated.tsv");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!(
            "NOTE: {} not found (a fresh clone has no ../shared/data): this test did not run",
            path.display()
        );
        return;
    };
    // (puzzles, exact, within 0.2) for SE <= 6.2, 6.5-7.4, 7.5 and up.
    let mut bands = [(0usize, 0usize, 0usize); 3];
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let mut fields = line.split('\t');
        let (Some(p), Some(se)) = (fields.next(), fields.next()) else {
            continue;
        };
        let p = Grid::parse_line(p.as_bytes(), None).unwrap();
        let se = (se.parse::<f64>().unwrap() * 10.0).round() as u8;
        let r = sudogen::rate::rate(&p, false).unwrap_or_else(|e| panic!("{line}: {e}"));
        let band = match se {
            0..=62 => 0,
            63..=74 => 1,
            _ => 2,
        };
        bands[band].0 += 1;
        bands[band].1 += usize::from(r.exact && r.se == se);
        bands[band].2 += usize::from(r.exact && r.se.abs_diff(se) <= 2);
    }
    println!("(puzzles, exact, within 0.2) for SE <= 6.2, 6.5-7.4, 7.5+: {bands:?}");
    assert_eq!(bands.iter().map(|b| b.0).sum::<usize>(), 21_375);
    // All 21,375 are exact today; allow a handful of path-order accidents.
    for (band, &(n, exact, _)) in bands.iter().take(2).enumerate() {
        assert!(
            exact * 1000 >= n * 999,
            "band {band}: {exact}/{n} exact, below 99.9%"
        );
    }
    let (n, exact, near) = bands[2];
    assert!(
        exact * 100 >= n * 97,
        "SE 7.5+: {exact}/{n} exact, below 97%"
    );
    assert!(
        near * 100 >= n * 97,
        "SE 7.5+: {near}/{n} within 0.2, below 97%"
    );
    let all: usize = bands.iter().map(|b| b.1).sum();
    assert!(
        all * 1000 >= 21_375 * 995,
        "{all}/21375 exact overall, below 99.5%"
    );
}
