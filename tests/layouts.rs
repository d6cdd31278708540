//! Random jigsaw layouts (issue 51, `sudogen::layouts`): every map drawn
//! checked by this file's own rules, written from the rules and sharing
//! no code with the library: regions counted and flood-filled here, box
//! tilings recognised here, the returned grid checked unit by unit (so
//! the map has a grid), and puzzles made on drawn maps counted unique and
//! minimal by this file's own backtracking search.
//!
//! The debug run draws a few hundred maps per side; the release-only
//! `release_*` test (`#[ignore]`) draws thousands per side, in child
//! processes of this test binary (written when the shape room kept every
//! map for the life of a process; it no longer does).

use std::collections::{HashSet, VecDeque};
use std::process::Command;

use sudogen::layouts::{self, DrawError, Drawn};
use sudogen::puzzle::{Settings, Symmetry};
use sudogen::random::grid_rng;
use sudogen::runs::SolutionRun;
use sudogen::solve::DEFAULT_BUDGET;

/// The problems this file's rules find in a map of side `n` (region of
/// each cell, row-major): empty when it is a jigsaw layout as issue 51
/// asks (n regions of n cells, numbered by first cell, each one piece by
/// sides, not a tiling by boxes, rows or columns).
fn layout_problems(regions: &[u8], n: usize) -> Vec<String> {
    let mut problems = Vec::new();
    if regions.len() != n * n {
        return vec![format!("{} cells, not {}", regions.len(), n * n)];
    }
    // Numbered by first cell: each new number is the next one.
    let mut next = 0u8;
    for (cell, &k) in regions.iter().enumerate() {
        if k == next {
            next += 1;
        } else if k > next {
            problems.push(format!("cell {cell} names region {k} before region {next}"));
            break;
        }
    }
    if usize::from(next) != n {
        problems.push(format!("{next} regions"));
    }
    for k in 0..n as u8 {
        let cells: Vec<usize> = (0..n * n).filter(|&c| regions[c] == k).collect();
        if cells.len() != n {
            problems.push(format!("region {k} has {} cells", cells.len()));
            continue;
        }
        // Flood fill by (row, column) steps.
        let mut seen = vec![false; n * n];
        let mut queue = VecDeque::from([cells[0]]);
        seen[cells[0]] = true;
        let mut reached = 0;
        while let Some(c) = queue.pop_front() {
            reached += 1;
            let (r, col) = ((c / n) as i64, (c % n) as i64);
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (rr, cc) = (r + dr, col + dc);
                if rr < 0 || cc < 0 || rr >= n as i64 || cc >= n as i64 {
                    continue;
                }
                let d = (rr as usize) * n + cc as usize;
                if !seen[d] && regions[d] == k {
                    seen[d] = true;
                    queue.push_back(d);
                }
            }
        }
        if reached != n {
            problems.push(format!(
                "region {k} is not one piece ({reached} of {n} reached)"
            ));
        }
    }
    for tall in 1..=n {
        if !n.is_multiple_of(tall) {
            continue;
        }
        let wide = n / tall;
        // Every box of one region: then (equal sizes) the map is the boxes.
        let tiled = (0..n * n).all(|c| {
            let (r, col) = (c / n, c % n);
            regions[c] == regions[(r - r % tall) * n + col - col % wide]
        });
        if tiled {
            problems.push(format!("a tiling by {tall}x{wide} boxes"));
        }
    }
    problems
}

/// The units of a jigsaw grid of side `n`: rows, columns, regions.
fn units(regions: &[u8], n: usize) -> Vec<Vec<usize>> {
    let mut units: Vec<Vec<usize>> = Vec::new();
    for i in 0..n {
        units.push((0..n).map(|c| i * n + c).collect());
        units.push((0..n).map(|r| r * n + i).collect());
    }
    for k in 0..n as u8 {
        units.push((0..n * n).filter(|&c| regions[c] == k).collect());
    }
    units
}

/// Whether `values` holds every value `1..=n` once in each unit.
fn grid_valid(values: &[u8], regions: &[u8], n: usize) -> bool {
    units(regions, n).iter().all(|unit| {
        let mut seen = vec![false; n + 1];
        unit.iter().all(|&c| {
            let v = usize::from(values[c]);
            (1..=n).contains(&v) && !std::mem::replace(&mut seen[v], true)
        })
    })
}

/// This file's own search: counts the completions of `cells` (0 for
/// empty) in the jigsaw shape of `regions` up to `limit`, keeping the
/// first; backtracking on the empty cell with the fewest values left,
/// each row, column and region keeping the values it holds as bits.
/// `None` when it passes `nodes` placements without finishing.
struct Own {
    n: usize,
    region: Vec<usize>,
    count: u64,
    limit: u64,
    nodes: u64,
    first: Option<Vec<u8>>,
}

impl Own {
    fn new(regions: &[u8], n: usize) -> Own {
        Own {
            n,
            region: regions.iter().map(|&k| usize::from(k)).collect(),
            count: 0,
            limit: 1,
            nodes: 0,
            first: None,
        }
    }

    fn count(&mut self, cells: &[u8], limit: u64, nodes: u64) -> Option<u64> {
        self.count = 0;
        self.limit = limit;
        self.nodes = nodes;
        self.first = None;
        let n = self.n;
        let mut used = vec![0u32; 3 * n];
        for (c, &v) in cells.iter().enumerate() {
            if v != 0 {
                let bit = 1u32 << v;
                let at = [c / n, n + c % n, 2 * n + self.region[c]];
                if at.iter().any(|&u| used[u] & bit != 0) {
                    return Some(0);
                }
                for u in at {
                    used[u] |= bit;
                }
            }
        }
        let mut cells = cells.to_vec();
        self.walk(&mut cells, &mut used).then_some(self.count)
    }

    /// False when the node bound ran out. Branches on the empty cell with
    /// the fewest values, or, when fewer, on the cells of a unit where
    /// one of its missing values can still go.
    fn walk(&mut self, cells: &mut Vec<u8>, used: &mut Vec<u32>) -> bool {
        let n = self.n;
        let all = ((1u32 << (n + 1)) - 1) & !1;
        let free_at = |cells: &[u8], used: &[u32], c: usize| {
            if cells[c] != 0 {
                0
            } else {
                all & !(used[c / n] | used[n + c % n] | used[2 * n + self.region[c]])
            }
        };
        // (cell, value) choices to branch on.
        let mut best: Option<Vec<(usize, u32)>> = None;
        let mut filled = true;
        for c in 0..cells.len() {
            if cells[c] != 0 {
                continue;
            }
            filled = false;
            let free = free_at(cells, used, c);
            if best
                .as_ref()
                .is_none_or(|b| (free.count_ones() as usize) < b.len())
            {
                best = Some(
                    (1..=n as u32)
                        .filter(|v| free >> v & 1 == 1)
                        .map(|v| (c, v))
                        .collect(),
                );
            }
        }
        if filled {
            self.count += 1;
            if self.first.is_none() {
                self.first = Some(cells.clone());
            }
            return true;
        }
        let mut choices = best.expect("an empty cell");
        if choices.len() > 1 {
            'units: for u in 0..3 * n {
                let members: Vec<usize> = (0..n * n)
                    .filter(|&c| match u / n {
                        0 => c / n == u,
                        1 => c % n == u - n,
                        _ => self.region[c] == u - 2 * n,
                    })
                    .collect();
                for v in (1..=n as u32).filter(|v| used[u] >> v & 1 == 0) {
                    let places: Vec<(usize, u32)> = members
                        .iter()
                        .filter(|&&c| free_at(cells, used, c) >> v & 1 == 1)
                        .map(|&c| (c, v))
                        .collect();
                    if places.len() < choices.len() {
                        choices = places;
                        if choices.len() <= 1 {
                            break 'units;
                        }
                    }
                }
            }
        }
        for (cell, v) in choices {
            if self.nodes == 0 {
                return false;
            }
            self.nodes -= 1;
            let at = [cell / n, n + cell % n, 2 * n + self.region[cell]];
            cells[cell] = v as u8;
            for u in at {
                used[u] |= 1 << v;
            }
            let finished = self.walk(cells, used);
            for u in at {
                used[u] &= !(1 << v);
            }
            cells[cell] = 0;
            if !finished {
                return false;
            }
            if self.count >= self.limit {
                return true;
            }
        }
        true
    }
}

/// Checks one drawn layout by this file's rules: the map, and the grid
/// returned with it (valid by this file's units: the map has a grid).
fn assert_drawn(drawn: &Drawn, n: usize, what: &str) {
    let problems = layout_problems(&drawn.regions, n);
    assert!(
        problems.is_empty(),
        "{what}: {problems:?} in {:?}",
        drawn.regions
    );
    let values = drawn.solution.cells();
    assert!(
        grid_valid(values, &drawn.regions, n),
        "{what}: the grid returned is not valid for its map"
    );
    // The grid's shape is the jigsaw of the map.
    let shape_regions: Vec<u8> = drawn
        .solution
        .geometry()
        .places()
        .iter()
        .map(|p| p.boxn)
        .collect();
    assert_eq!(shape_regions, drawn.regions, "{what}: the grid's shape");
}

fn text(regions: &[u8]) -> String {
    regions.iter().map(|&k| char::from(b'A' + k)).collect()
}

/// Layouts `start..start + count` of a side from `seed`, each checked.
fn check_side(n: usize, seed: u64, start: u64, count: u64) -> Vec<String> {
    (start..start + count)
        .map(|i| {
            let drawn = layouts::draw(n, &mut grid_rng(seed, i)).expect("a layout");
            assert_drawn(&drawn, n, &format!("{n}x{n} layout {i}"));
            text(&drawn.regions)
        })
        .collect()
}

#[test]
fn layouts_of_every_side_are_valid() {
    for n in layouts::MIN_SIDE..=layouts::MAX_SIDE {
        let count = match n {
            4..=9 => 150,
            10..=12 => 60,
            _ => 4,
        };
        check_side(n, 11, 0, count);
    }
}

#[test]
fn layouts_of_a_side_do_not_repeat() {
    let maps = check_side(9, 5, 0, 1000);
    let distinct: HashSet<&String> = maps.iter().collect();
    assert_eq!(distinct.len(), maps.len(), "9x9 layouts repeated");
    // The few hexomino maps of 6x6 repeat sometimes, but not often.
    let maps = check_side(6, 5, 0, 300);
    let distinct: HashSet<&String> = maps.iter().collect();
    assert!(distinct.len() > 290, "{} distinct 6x6 maps", distinct.len());
}

#[test]
fn the_same_stream_draws_the_same_layout_and_grid() {
    for n in [4, 9, 12] {
        let a = layouts::draw(n, &mut grid_rng(2, 7)).unwrap();
        let b = layouts::draw(n, &mut grid_rng(2, 7)).unwrap();
        assert_eq!(a, b, "{n}x{n}");
        let c = layouts::draw(n, &mut grid_rng(2, 8)).unwrap();
        assert_ne!(a.regions, c.regions, "{n}x{n}: streams 7 and 8");
    }
}

/// Known answers: the maps of fixed streams, recorded from the first run.
/// They change if the mixing move, its constants, the stream's use or the
/// solver's first grid within the budget (which decides which maps are
/// kept) change.
#[test]
fn golden_maps_for_fixed_seeds() {
    let golden: &[(usize, u64, &str)] = &[
        (
            9,
            0,
            "AAABCCCCCABBBBBCCDAEEFFBBCDAAEFFFBCDAEEEGFHDDAEGGGFHHDEEGGFFHDDIGGGIIHDHIIIIIIHHH",
        ),
        (
            9,
            1,
            "AAABBBBBBCCABBDBDDCAAEEDDDDCAAAEEDFFCCEEEEDFFCCEGGGFFFCHHHGGGGFHHHIIIGGFHHHIIIIII",
        ),
        (
            9,
            2,
            "AAABBBBBBAAABCBBDDAAACCCEDDFFFCCEEEDFFFCCEEDDGGFCHHEDDGFFHHEEHIGGGGHHHHIGGIIIIIII",
        ),
        (6, 0, "AABBBBAAAABBCDDDEECDDDFECCFFFECCFFEE"),
        (
            12,
            0,
            "AAAAAAAAABBBACCCDAADBBBBCCDDDDDDDDBBECCCCFFDDFBBECCGFFFFFFFBECGGHFFHHHHIEEGGHHHHHIIIEEGGHGJJHJIIEEGGGGJJJJIIEEKKKKJJJIIIEKKKLLJJLLLIKKKKKLLLLLLL",
        ),
    ];
    for &(n, index, want) in golden {
        let drawn = layouts::draw(n, &mut grid_rng(1, index)).unwrap();
        assert_eq!(text(&drawn.regions), want, "{n}x{n} seed 1 index {index}");
    }
    let drawn = layouts::draw(9, &mut grid_rng(1, 0)).unwrap();
    let grid: String = drawn
        .solution
        .cells()
        .iter()
        .map(|v| v.to_string())
        .collect();
    assert_eq!(
        grid,
        "756834921429176583982415376137952468293687154815293647541368792364729815678541239"
    );
}

#[test]
fn sides_without_layouts_are_refused_with_a_message() {
    let mut rng = grid_rng(1, 0);
    for side in [0, 3, 17, 25] {
        let err = layouts::draw(side, &mut rng).unwrap_err();
        assert_eq!(err, DrawError::Side { side });
        assert_eq!(
            err.to_string(),
            format!(
                "random jigsaw layouts are drawn for sides 4 to 16, not {side}; give a region map"
            )
        );
    }
}

/// Puzzles made on drawn maps by the project's maker are unique and
/// minimal by this file's own count.
#[test]
fn puzzles_on_drawn_layouts_are_unique_and_minimal() {
    let settings = Settings {
        symmetry: Symmetry::None,
        clues: None,
        budget: DEFAULT_BUDGET,
    };
    for (n, count) in [(6, 20), (9, 12)] {
        let run = SolutionRun::new(3, settings, None);
        for i in 0..count {
            let drawn = layouts::draw(n, &mut grid_rng(3, i)).unwrap();
            let made = run.make(i, &drawn.solution).unwrap();
            assert!(!made.fell_short);
            let puzzle = made.puzzle.cells().to_vec();
            let what = format!("{n}x{n} puzzle {i}");
            assert_unique_and_minimal(&drawn.regions, n, &puzzle, drawn.solution.cells(), &what);
        }
    }
}

/// The sides and counts of the release run: thousands per side up to
/// 12x12; the larger sides, whose maps take tens of milliseconds, fewer.
fn release_plan() -> Vec<(usize, u64)> {
    (layouts::MIN_SIDE..=layouts::MAX_SIDE)
        .map(|n| (n, if n <= 12 { 3000 } else { 300 }))
        .collect()
}

/// Maps a child process draws: few enough that the maps it checks (a
/// dozen per layout at 16x16) stay within what one process interns.
const CHUNK: u64 = 200;

#[test]
#[ignore = "release only: thousands of layouts per side, in child processes"]
fn release_thousands_of_layouts_per_side() {
    let me = std::env::current_exe().unwrap();
    for (n, count) in release_plan() {
        let mut maps = Vec::new();
        for start in (0..count).step_by(CHUNK as usize) {
            let out = Command::new(&me)
                .args(["--ignored", "--exact", "release_child", "--nocapture"])
                .args(["--test-threads", "1"])
                .env(
                    "LAYOUTS_CHILD",
                    format!("{n} {start} {}", CHUNK.min(count - start)),
                )
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{n}x{n} from {start}: {}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            let stdout = String::from_utf8(out.stdout).unwrap();
            maps.extend(
                stdout
                    .lines()
                    // (The harness's `test release_child ... ` may
                    // share the first map's line.)
                    .filter_map(|l| l.find("MAP ").map(|i| &l[i + 4..]))
                    .map(|m| m.split_whitespace().next().unwrap_or("").to_string()),
            );
        }
        assert_eq!(maps.len() as u64, count, "{n}x{n}: maps reported");
        let distinct: HashSet<&String> = maps.iter().collect();
        // Small sides have few maps (117 ways to tile 4x4 with
        // tetrominoes): repeats are due there, not from 7x7 on.
        if n >= 7 {
            assert_eq!(distinct.len(), maps.len(), "{n}x{n}: repeats");
        }
        eprintln!(
            "{n}x{n}: {count} layouts valid, {} distinct",
            distinct.len()
        );
    }
}

/// The work of one child of [`release_thousands_of_layouts_per_side`]
/// (nothing when run otherwise): `LAYOUTS_CHILD` = side, first index,
/// count; every map checked.
#[test]
#[ignore = "release only: run by release_thousands_of_layouts_per_side"]
fn release_child() {
    let Ok(task) = std::env::var("LAYOUTS_CHILD") else {
        return;
    };
    let task: Vec<u64> = task.split(' ').map(|x| x.parse().unwrap()).collect();
    let n = task[0] as usize;
    for map in check_side(n, 42, task[1], task[2]) {
        println!("MAP {map}");
    }
}

/// Asserts `puzzle` has exactly one solution on `regions`, `solution`,
/// and that every given is needed, by this file's search.
fn assert_unique_and_minimal(regions: &[u8], n: usize, puzzle: &[u8], solution: &[u8], what: &str) {
    let mut own = Own::new(regions, n);
    assert_eq!(
        own.count(puzzle, 2, 50_000_000),
        Some(1),
        "{what}: not unique"
    );
    assert_eq!(own.first.as_deref(), Some(solution), "{what}");
    for c in (0..n * n).filter(|&c| puzzle[c] != 0) {
        let mut fewer = puzzle.to_vec();
        fewer[c] = 0;
        assert_eq!(
            own.count(&fewer, 2, 50_000_000),
            Some(2),
            "{what}: the given at {c} can go"
        );
    }
}

/// The sudogen binary, for the commands' part of the release run.
const BIN: &str = env!("CARGO_BIN_EXE_sudogen");

/// Letters of a record's map (`A` for the first cell's region, the others
/// in order of first appearance) as region numbers.
fn map_of_letters(letters: &str) -> Vec<u8> {
    let mut seen: Vec<char> = Vec::new();
    letters
        .chars()
        .map(|ch| match seen.iter().position(|&s| s == ch) {
            Some(k) => k as u8,
            None => {
                seen.push(ch);
                (seen.len() - 1) as u8
            }
        })
        .collect()
}

/// A JSON record's grid (rows of values) as one value a cell.
fn cells_of(rows: &serde_json::Value) -> Vec<u8> {
    rows.as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row.as_array().unwrap().iter())
        .map(|v| v.as_u64().unwrap() as u8)
        .collect()
}

#[test]
#[ignore = "release only: thousands of drawn jigsaw puzzles through the commands"]
fn release_thousands_of_drawn_jigsaw_puzzles_through_the_commands() {
    for (n, count) in [(6usize, 1000u64), (9, 1000)] {
        let (side, many) = (n.to_string(), count.to_string());
        let out = Command::new(BIN)
            .args([
                "puzzle",
                "--variant",
                "jigsaw",
                "--size",
                &side,
                "-n",
                &many,
            ])
            .args(["--seed", "5", "--with-solution", "-f", "json"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        let mut maps = HashSet::new();
        let mut solutions = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let what = format!("{n}x{n} puzzle {i}");
            let rec: serde_json::Value = serde_json::from_str(line).unwrap();
            let letters = rec["regions"].as_str().expect("a map a record");
            let regions = map_of_letters(letters);
            let problems = layout_problems(&regions, n);
            assert!(problems.is_empty(), "{what}: {problems:?}");
            let (puzzle, solution) = (cells_of(&rec["puzzle"]), cells_of(&rec["solution"]));
            assert!(grid_valid(&solution, &regions, n), "{what}: the solution");
            assert_unique_and_minimal(&regions, n, &puzzle, &solution, &what);
            maps.insert(letters.to_string());
            solutions.push((solution, letters.to_string()));
        }
        assert_eq!(solutions.len() as u64, count, "{n}x{n}: records");
        assert_eq!(maps.len() as u64, count, "{n}x{n}: a new map each");
        // The commands read the maps back: every puzzle unique in its own
        // map, and solved to the record's solution on the record's map.
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("drawn.jsonl");
        std::fs::write(&file, &text).unwrap();
        let run = |command: &str, option: &[&str]| {
            let out = Command::new(BIN)
                .arg(command)
                .args(option)
                .arg(&file)
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{command}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            String::from_utf8(out.stdout).unwrap()
        };
        run("check", &["--unique"]);
        let solved = run("solve", &[]);
        let lines: Vec<&str> = solved.lines().collect();
        assert_eq!(lines.len() as u64, count, "{n}x{n}: solve's lines");
        for (i, (line, (solution, letters))) in lines.iter().zip(&solutions).enumerate() {
            let mut fields = line.split_whitespace();
            let cells: Vec<u8> = (fields.next().unwrap().bytes()).map(|b| b - b'0').collect();
            assert_eq!(&cells, solution, "{n}x{n} puzzle {i}: solve");
            assert_eq!(
                fields.next(),
                Some(letters.as_str()),
                "{n}x{n} puzzle {i}: map"
            );
        }
        eprintln!("{n}x{n}: {count} drawn jigsaw puzzles unique, minimal, each on its own map");
    }
}
