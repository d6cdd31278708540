//! Canonical forms checked against an independent slow reference that
//! enumerates every symmetry plainly (sharing no code with the library's
//! searches), invariance under random transforms at every size, known
//! answers, and the fast 9x9 paths against the general search.
//!
//! The heavier runs are `#[ignore]`d: `cargo test --release --test canon
//! -- --ignored` (CI runs them).

// The reference walks cells by index, as plainly as it can.
#![allow(clippy::needless_range_loop)]

use rand::RngExt;
use sudogen::canon::{By, Canonicalizer};
use sudogen::puzzle::{self, Settings};
use sudogen::random::grid_rng;
use sudogen::transform::{Shape, Transform, TransformStream};
use sudogen::{Grid, Size, Strategy};

mod common;
use common::naive_count;

// ---------------------------------------------------------------------
// The reference: every symmetry, one after the other.
// ---------------------------------------------------------------------

/// Every permutation of `0..k`.
fn permutations(k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for p in permutations(k - 1) {
        for at in 0..k {
            let mut q = p.clone();
            q.insert(at, k - 1);
            out.push(q);
        }
    }
    out
}

/// Every order of the `b·b` lines that keeps blocks of `b` together.
fn line_orders(b: usize) -> Vec<Vec<usize>> {
    let perms = permutations(b);
    let mut out = vec![];
    for blocks in &perms {
        // One choice of inner permutation per block: b! ^ b combinations.
        let mut idx = vec![0usize; b];
        loop {
            let mut order = Vec::with_capacity(b * b);
            for (t, &block) in blocks.iter().enumerate() {
                for &k in &perms[idx[t]] {
                    order.push(block * b + k);
                }
            }
            out.push(order);
            let mut t = 0;
            while t < b {
                idx[t] += 1;
                if idx[t] < perms.len() {
                    break;
                }
                idx[t] = 0;
                t += 1;
            }
            if t == b {
                break;
            }
        }
    }
    out
}

/// The cell of the input read by target cell (i, j) under a symmetry.
fn source(transpose: bool, rows: &[usize], cols: &[usize], i: usize, j: usize) -> (usize, usize) {
    if transpose {
        (cols[j], rows[i])
    } else {
        (rows[i], cols[j])
    }
}

/// The image of `cells` under a symmetry, relabelled in order of first
/// appearance: all of it, plainly.
fn relabelled(cells: &[u8], n: usize, t: bool, rows: &[usize], cols: &[usize]) -> Vec<u8> {
    let mut label = vec![0u8; n + 1];
    let mut next = 1;
    let mut out = Vec::with_capacity(n * n);
    for i in 0..n {
        for j in 0..n {
            let (r, c) = source(t, rows, cols, i, j);
            let v = cells[r * n + c] as usize;
            if v != 0 && label[v] == 0 {
                label[v] = next;
                next += 1;
            }
            out.push(label[v]);
        }
    }
    out
}

/// The reference canonical form of `cells` (a grid of side `b·b`) under
/// `by`, by trying every symmetry.
fn reference(cells: &[u8], b: usize, by: By, solution: Option<&[u8]>) -> Vec<u8> {
    let n = b * b;
    let orders = line_orders(b);
    let mut all = vec![];
    for t in [false, true] {
        for r in &orders {
            for c in &orders {
                all.push((t, r, c));
            }
        }
    }
    let syms = || all.iter().copied();
    match by {
        By::String => syms()
            .map(|(t, r, c)| relabelled(cells, n, t, r, c))
            .min()
            .unwrap(),
        By::Pattern => {
            syms()
                .map(|(t, r, c)| {
                    let s = relabelled(cells, n, t, r, c);
                    let pattern: Vec<u8> = s.iter().map(|&v| u8::from(v != 0)).collect();
                    (pattern, s)
                })
                .min()
                .unwrap()
                .1
        }
        By::Solution => {
            let sol = solution.unwrap();
            let best = syms()
                .map(|(t, r, c)| relabelled(sol, n, t, r, c))
                .min()
                .unwrap();
            syms()
                .filter(|(t, r, c)| relabelled(sol, n, *t, r, c) == best)
                .map(|(t, r, c)| {
                    // The solution's labels, carried to the puzzle.
                    let mut label = vec![0u8; n + 1];
                    let mut next = 1;
                    for i in 0..n {
                        for j in 0..n {
                            let (rr, cc) = source(t, r, c, i, j);
                            let v = sol[rr * n + cc] as usize;
                            if label[v] == 0 {
                                label[v] = next;
                                next += 1;
                            }
                        }
                    }
                    (0..n * n)
                        .map(|k| {
                            let (rr, cc) = source(t, r, c, k / n, k % n);
                            label[cells[rr * n + cc] as usize]
                        })
                        .collect::<Vec<u8>>()
                })
                .min()
                .unwrap()
        }
    }
}

/// The same, faster for 9x9: each symmetry's string is built only as far
/// as it can still be the smallest (still every symmetry, plainly).
fn reference_pruned(cells: &[u8], by: By, solution: &[u8]) -> Vec<u8> {
    let n = 9;
    let orders = line_orders(3);
    let mut best_pattern = vec![u8::MAX; n * n];
    let mut best = vec![u8::MAX; n * n];
    let mut cand = vec![0u8; n * n];
    let base = if by == By::Solution { solution } else { cells };
    // The smallest of all (for the solution form: the solution's string).
    for t in [false, true] {
        for r in &orders {
            for c in &orders {
                // For the pattern form, the whole pattern first.
                let mut pattern_smaller = false;
                if by == By::Pattern {
                    let mut order = std::cmp::Ordering::Equal;
                    for k in 0..n * n {
                        let (rr, cc) = source(t, r, c, k / n, k % n);
                        order = u8::from(base[rr * n + cc] != 0).cmp(&best_pattern[k]);
                        if order != std::cmp::Ordering::Equal {
                            break;
                        }
                    }
                    if order == std::cmp::Ordering::Greater {
                        continue;
                    }
                    pattern_smaller = order == std::cmp::Ordering::Less;
                }
                let mut label = [0u8; 10];
                let mut next = 1;
                let mut smaller = pattern_smaller;
                let mut worse = false;
                for k in 0..n * n {
                    let (rr, cc) = source(t, r, c, k / n, k % n);
                    let v = base[rr * n + cc] as usize;
                    if v != 0 && label[v] == 0 {
                        label[v] = next;
                        next += 1;
                    }
                    cand[k] = label[v];
                    if !smaller {
                        if cand[k] > best[k] {
                            worse = true;
                            break;
                        }
                        smaller = cand[k] < best[k];
                    }
                }
                if !worse && smaller {
                    best.copy_from_slice(&cand);
                    for (p, &v) in best_pattern.iter_mut().zip(&cand) {
                        *p = u8::from(v != 0);
                    }
                }
            }
        }
    }
    if by != By::Solution {
        return best;
    }
    // The puzzle under each symmetry that gives the solution's form.
    let mut out: Option<Vec<u8>> = None;
    for t in [false, true] {
        for r in &orders {
            for c in &orders {
                let mut label = [0u8; 10];
                let mut next = 1;
                let mut same = true;
                for k in 0..n * n {
                    let (rr, cc) = source(t, r, c, k / n, k % n);
                    let v = solution[rr * n + cc] as usize;
                    if label[v] == 0 {
                        label[v] = next;
                        next += 1;
                    }
                    if label[v] != best[k] {
                        same = false;
                        break;
                    }
                }
                if same {
                    let image: Vec<u8> = (0..n * n)
                        .map(|k| {
                            let (rr, cc) = source(t, r, c, k / n, k % n);
                            label[cells[rr * n + cc] as usize]
                        })
                        .collect();
                    if out.as_ref().is_none_or(|o| image < *o) {
                        out = Some(image);
                    }
                }
            }
        }
    }
    out.unwrap()
}

// ---------------------------------------------------------------------
// Material.
// ---------------------------------------------------------------------

/// Every 4x4 grid, by plain backtracking.
fn all_4x4() -> Vec<Grid> {
    fn go(cells: &mut [u8; 16], k: usize, out: &mut Vec<Grid>) {
        if k == 16 {
            out.push(Grid::from_values(Size::S4, cells).unwrap());
            return;
        }
        let (r, c) = (k / 4, k % 4);
        for v in 1..=4u8 {
            let clash = (0..4).any(|x| cells[r * 4 + x] == v || cells[x * 4 + c] == v)
                || (0..4).any(|x| {
                    let (rr, cc) = (r / 2 * 2 + x / 2, c / 2 * 2 + x % 2);
                    cells[rr * 4 + cc] == v
                });
            if !clash {
                cells[k] = v;
                go(cells, k + 1, out);
                cells[k] = 0;
            }
        }
    }
    let mut out = vec![];
    go(&mut [0; 16], 0, &mut out);
    out
}

fn grid(size: Size, seed: u64, index: u64) -> Grid {
    let strategy = if size <= Size::S9 {
        Strategy::Uniform
    } else {
        Strategy::Backtrack
    };
    let mut g = Grid::empty(size);
    strategy.generate(&mut grid_rng(seed, index), &mut g);
    g
}

fn minimal_puzzle(size: Size, seed: u64, index: u64) -> (Grid, Grid) {
    let g = grid(size, seed, index);
    let made = puzzle::make(&mut grid_rng(seed ^ 0xabc, index), &g, Settings::MINIMAL);
    (made.puzzle, g)
}

/// A puzzle with about `keep` of the cells given, chosen at random (not
/// necessarily unique).
fn random_subset(g: &Grid, keep: f64, seed: u64) -> Grid {
    let mut rng = grid_rng(seed, 99);
    let mut p = g.clone();
    for v in p.cells_mut() {
        if rng.random::<f64>() >= keep {
            *v = 0;
        }
    }
    p
}

/// The string and pattern forms (which need no unique solution).
fn forms(c: &mut Canonicalizer, p: &Grid) -> [Grid; 2] {
    [By::String, By::Pattern].map(|by| c.form(p, by).unwrap())
}

fn check_against_reference(c: &mut Canonicalizer, p: &Grid, solution: &Grid, bys: &[By]) {
    let b = p.size().box_rows();
    for &by in bys {
        let canon = c.canon(p, by).unwrap();
        let expected = if b == 3 {
            reference_pruned(p.cells(), by, solution.cells())
        } else {
            reference(p.cells(), b, by, Some(solution.cells()))
        };
        assert_eq!(canon.form.cells(), &expected[..], "{by:?} of {p}");
        assert_eq!(
            canon.transform.apply(p).unwrap(),
            canon.form,
            "{by:?} of {p}"
        );
    }
}

// ---------------------------------------------------------------------
// 4x4: every grid, and many puzzles of each.
// ---------------------------------------------------------------------

#[test]
fn four_by_four_grids_and_puzzles_match_the_reference() {
    let grids = all_4x4();
    assert_eq!(grids.len(), 288);
    let mut fast = Canonicalizer::new();
    let mut rng = grid_rng(4, 4);
    let mut checked = 0;
    for g in &grids {
        check_against_reference(&mut fast, g, g, &By::ALL);
        for _ in 0..12 {
            let p = random_subset(g, rng.random_range(0.1..0.9), rng.random());
            let unique = naive_count(&mut p.cells().to_vec(), 4, 2) == 1;
            let bys: &[By] = if unique {
                &By::ALL
            } else {
                &[By::String, By::Pattern]
            };
            check_against_reference(&mut fast, &p, g, bys);
            checked += 1;
        }
    }
    assert_eq!(checked, 288 * 12);
}

#[test]
fn four_by_four_has_two_essentially_different_grids() {
    let mut c = Canonicalizer::new();
    let mut forms: Vec<Grid> = all_4x4()
        .iter()
        .map(|g| c.form(g, By::String).unwrap())
        .collect();
    forms.sort_by(|a, b| a.cells().cmp(b.cells()));
    forms.dedup();
    assert_eq!(forms.len(), 2, "{forms:?}");
    assert_eq!(forms[0].to_string(), "1234341221434321");
    assert_eq!(forms[1].to_string(), "1234341223414123");
}

// ---------------------------------------------------------------------
// 9x9 against the reference.
// ---------------------------------------------------------------------

fn nine_by_nine_against_reference(count: u64, seed: u64) {
    let mut fast = Canonicalizer::new();
    let mut general = Canonicalizer::general();
    for i in 0..count {
        let (p, g) = minimal_puzzle(Size::S9, seed, i);
        let dense = random_subset(&g, 0.7, seed + i);
        let sparse = random_subset(&g, 0.2, seed + i);
        check_against_reference(&mut fast, &p, &g, &By::ALL);
        check_against_reference(&mut fast, &g, &g, &[By::String]);
        check_against_reference(&mut fast, &dense, &g, &[By::String, By::Pattern]);
        check_against_reference(&mut fast, &sparse, &g, &[By::String, By::Pattern]);
        for q in [&p, &g, &dense, &sparse] {
            assert_eq!(forms(&mut general, q), forms(&mut fast, q), "{q}");
        }
    }
}

#[test]
fn nine_by_nine_matches_the_reference() {
    nine_by_nine_against_reference(2, 1);
}

#[test]
#[ignore = "slow: about a minute in release"]
fn nine_by_nine_matches_the_reference_on_many_records() {
    nine_by_nine_against_reference(60, 2);
}

// ---------------------------------------------------------------------
// Known answers.
// ---------------------------------------------------------------------

/// The first two and the last grids of the minlex catalogue of all 9x9
/// grids, as Dobrichev listed them on the enjoysudoku forum ("MinLex
/// Puzzles", 2021): each is its own form, and the first is the smallest
/// of all.
const CATALOGUE: [&str; 3] = [
    "123456789456789123789123456214365897365897214897214365531642978642978531978531642",
    "123456789456789123789123456214365897365897214897214365531642978648971532972538641",
    "123456789457893612986217354274538196531964827698721435342685971715349268869172543",
];

#[test]
fn catalogue_grids_are_their_own_forms() {
    let mut c = Canonicalizer::new();
    let mut general = Canonicalizer::general();
    let shape = Shape::of(Size::S9);
    let stream = TransformStream::new(43);
    for (k, text) in CATALOGUE.iter().enumerate() {
        let g = Grid::parse(text, None).unwrap();
        for by in By::ALL {
            assert_eq!(c.form(&g, by).unwrap(), g, "{by:?}");
        }
        assert_eq!(general.form(&g, By::String).unwrap(), g);
        // And the form of any isomorph.
        for copy in 0..20 {
            let t = stream.transform(shape, k as u64, copy);
            assert_eq!(c.form(&t.apply(&g).unwrap(), By::String).unwrap(), g);
        }
    }
    assert_eq!(
        reference_pruned(
            Grid::parse(CATALOGUE[0], None).unwrap().cells(),
            By::String,
            &[]
        ),
        Grid::parse(CATALOGUE[0], None).unwrap().cells()
    );
}

#[test]
fn every_grid_form_starts_the_same_way() {
    // Row 1 is 123456789 and row 2 starts 456 (when a band's second row
    // has the symbols of each box in one box of the first, then row 2
    // reads 456789) or 457: for every grid.
    let mut c = Canonicalizer::new();
    let mut pure = 0;
    for i in 0..300 {
        let f = c
            .form(&grid(Size::S9, 12, i), By::String)
            .unwrap()
            .to_string();
        assert!(
            f.starts_with("123456789456789") || f.starts_with("123456789457"),
            "{f}"
        );
        pure += usize::from(f.starts_with("123456789456"));
    }
    assert!(pure > 50 && pure < 250, "{pure} of 300");
}

/// Arto Inkala's "hardest" puzzle, checked against the reference in each
/// convention.
#[test]
fn inkala_puzzle_matches_the_reference() {
    let p = Grid::parse(
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        None,
    )
    .unwrap();
    let s = sudogen::solve::solve(&p).unwrap();
    let mut c = Canonicalizer::new();
    check_against_reference(&mut c, &p, &s, &By::ALL);
    assert_eq!(
        c.form(&p, By::String).unwrap().to_string(),
        "........1.....2.3...4.5.6.....6..7....678.....3...9.....8...5...9...7.1.12.....9."
    );
}

// ---------------------------------------------------------------------
// Invariance at every size.
// ---------------------------------------------------------------------

/// Records of `size`: complete grids, minimal (or, at 25x25, dense unique)
/// puzzles with their solutions, and puzzles with random givens.
fn records(size: Size, count: u64, seed: u64) -> Vec<(Grid, Option<Grid>)> {
    let mut out = vec![];
    for i in 0..count {
        let g = grid(size, seed, i);
        let unique = match size {
            Size::S25 => {
                let settings = Settings {
                    clues: Some(560),
                    ..Settings::MINIMAL
                };
                puzzle::make(&mut grid_rng(seed ^ 0xabc, i), &g, settings).puzzle
            }
            _ => minimal_puzzle(size, seed, i).0,
        };
        out.push((unique, Some(g.clone())));
        out.push((random_subset(&g, 0.3, seed ^ i), None));
        out.push((g.clone(), Some(g)));
    }
    out
}

fn invariance(size: Size, count: u64, copies: u32, seed: u64) {
    let shape = Shape::of(size);
    let stream = TransformStream::new(seed);
    let mut c = Canonicalizer::new();
    for (k, (p, solution)) in records(size, count, seed).into_iter().enumerate() {
        let bys: &[By] = if solution.is_some() {
            &By::ALL
        } else {
            &[By::String, By::Pattern]
        };
        for &by in bys {
            let canon = c.canon(&p, by).unwrap();
            assert_eq!(canon.transform.apply(&p).unwrap(), canon.form, "{by:?} {p}");
            assert_eq!(c.form(&canon.form, by).unwrap(), canon.form, "{by:?} {p}");
            for copy in 0..copies {
                let t = stream.transform(shape, k as u64, copy);
                let q = t.apply(&p).unwrap();
                assert_eq!(c.form(&q, by).unwrap(), canon.form, "{by:?} {p} under {t}");
            }
        }
    }
}

#[test]
fn forms_are_invariant_under_random_transforms_4x4_and_9x9() {
    invariance(Size::S4, 300, 4, 1);
    invariance(Size::S9, 300, 3, 2);
}

#[test]
fn forms_are_invariant_under_random_transforms_16x16_and_25x25() {
    invariance(Size::S16, 3, 2, 3);
    invariance(Size::S25, 1, 1, 4);
}

#[test]
#[ignore = "slow: a few minutes in release"]
fn forms_are_invariant_under_random_transforms_many() {
    invariance(Size::S4, 3000, 4, 5);
    invariance(Size::S9, 3000, 3, 6);
    invariance(Size::S16, 30, 3, 7);
    invariance(Size::S25, 6, 2, 8);
}

#[test]
fn fast_and_general_paths_agree() {
    let mut fast = Canonicalizer::new();
    let mut general = Canonicalizer::general();
    for (p, solution) in records(Size::S9, 200, 9) {
        assert_eq!(forms(&mut fast, &p), forms(&mut general, &p), "{p}");
        if solution.is_some() {
            assert_eq!(
                fast.form(&p, By::Solution).unwrap(),
                general.form(&p, By::Solution).unwrap(),
                "{p}"
            );
        }
    }
}

// ---------------------------------------------------------------------
// Transforms on puzzles and solutions; splits.
// ---------------------------------------------------------------------

#[test]
fn transforms_carry_solutions_with_their_puzzles() {
    for size in [Size::S4, Size::S9, Size::S16] {
        let shape = Shape::of(size);
        let stream = TransformStream::new(11);
        for i in 0..5 {
            let (p, g) = minimal_puzzle(size, 11, i);
            for copy in 0..3 {
                let t = stream.transform(shape, i, copy);
                let (tp, tg) = (t.apply(&p).unwrap(), t.apply(&g).unwrap());
                assert!(tg.is_valid());
                assert_eq!(sudogen::solve::solve(&tp).unwrap(), tg, "{t}");
                assert_eq!(t.inverse().apply(&tp).unwrap(), p);
                // Reproducible from (seed, record, copy) alone.
                assert_eq!(TransformStream::new(11).transform(shape, i, copy), t);
                let text = t.to_string();
                assert_eq!(Transform::parse(&text, shape).unwrap(), t);
            }
        }
    }
}

#[test]
fn splits_put_every_isomorph_on_the_same_side() {
    use sudogen::dataset::{Distinct, Fingerprint, Split};
    let split = Split::new(&[0.5, 0.5], 3).unwrap();
    let shape = Shape::of(Size::S9);
    let stream = TransformStream::new(12);
    let mut c = Canonicalizer::new();
    let mut distinct = Distinct::new();
    let mut sides = [0; 2];
    for i in 0..100 {
        let (p, _) = minimal_puzzle(Size::S9, 12, i);
        let part = split.part(Fingerprint::of(&c.form(&p, By::String).unwrap()));
        sides[part.unwrap()] += 1;
        for copy in 0..5 {
            let q = stream.transform(shape, i, copy).apply(&p).unwrap();
            let f = c.form(&q, By::String).unwrap();
            assert_eq!(split.part(Fingerprint::of(&f)), part);
            assert_eq!(distinct.insert_form(&f), copy == 0);
        }
    }
    assert_eq!(distinct.distinct(), 100);
    assert!(sides[0] > 25 && sides[1] > 25, "{sides:?}");
}

#[test]
fn invalid_givens_and_solution_errors() {
    use sudogen::canon::CanonError;
    let mut c = Canonicalizer::new();
    let mut bad = Grid::empty(Size::S9);
    bad.set(0, 0, 5);
    bad.set(0, 8, 5);
    assert!(matches!(
        c.form(&bad, By::String),
        Err(CanonError::Invalid(_))
    ));
    let empty = Grid::empty(Size::S9);
    assert_eq!(c.form(&empty, By::Solution), Err(CanonError::ManySolutions));
    assert_eq!(c.form(&empty, By::String).unwrap(), empty);
    let mut none = Grid::empty(Size::S4);
    // 1 2 . . / . . . . / . . . . / . . 1 2 plus a 3 that leaves r1c3 no value.
    none.set(0, 0, 1);
    none.set(0, 1, 2);
    none.set(1, 2, 3);
    none.set(2, 2, 4);
    assert_eq!(c.form(&none, By::Solution), Err(CanonError::NoSolution));
    // Boxes wider than 5 columns (14x14 of 2x7): an error, not a panic.
    for side in [14, 22] {
        let wide = Grid::empty(Size::from_side(side).unwrap());
        for by in By::ALL {
            let err = c.form(&wide, by).unwrap_err();
            assert!(matches!(err, CanonError::WideBoxes(_)), "{err}");
            assert!(err.to_string().contains("at most 5 columns wide"), "{err}");
        }
    }
}

// ---------------------------------------------------------------------
// The published 17-clue list.
// ---------------------------------------------------------------------

/// Every known 17-clue puzzle (`../shared/data/17-clue.txt`, or
/// `SUDOGEN_DATA`): each form is its own form; the list was published
/// mostly in string-minlex form (47,653 of its 49,158 lines are fixed
/// points of it, the rest later additions in other forms).
#[test]
#[ignore = "reads ../shared/data; a few seconds in release"]
fn seventeen_clue_list() {
    let dir = std::env::var_os("SUDOGEN_DATA").map_or_else(
        || std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
        std::path::PathBuf::from,
    );
    let path = dir.join("17-clue.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        panic!(
            "{} not found: this test needs the published collections (../shared/data, or SUDOGEN_DATA), which are not part of the repository",
            path.display()
        );
    };
    let mut c = Canonicalizer::new();
    let (mut lines, mut fixed) = (0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let p = Grid::parse_line(line.trim().as_bytes(), None).unwrap();
        let f = c.form(&p, By::String).unwrap();
        assert_eq!(c.form(&f, By::String).unwrap(), f, "{line}");
        let pf = c.form(&p, By::Pattern).unwrap();
        assert_eq!(c.form(&pf, By::Pattern).unwrap(), pf, "{line}");
        lines += 1;
        fixed += usize::from(f == p);
    }
    assert_eq!((lines, fixed), (49_158, 47_653));
}
