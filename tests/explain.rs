//! `rate --explain` steps a person can follow: every chain step's links
//! are checked by this file's own board (candidates kept here, units from
//! the rules, no library code but the rater under test): each link follows
//! from the links it names by the reason it gives, the first link is the
//! assumption, and the chains end where the step's conclusion says. The
//! text of known steps is checked exactly.

mod common;

use std::collections::BTreeMap;

use sudogen::Grid;
use sudogen::rate::rate;
use sudogen::techniques::explain::{Chain, Forcing, Reason};
use sudogen::techniques::{Step, Technique};

/// The 27 units of 9x9 (boxes, rows, columns, as the library numbers
/// them: box `0..9`, row `9..18`, column `18..27`), from the rules.
fn units() -> Vec<Vec<usize>> {
    let mut u = Vec::new();
    for b in 0..9 {
        let (r0, c0) = (b / 3 * 3, b % 3 * 3);
        u.push(
            (0..9)
                .map(|k| (r0 + k / 3) * 9 + c0 + k % 3)
                .collect::<Vec<_>>(),
        );
    }
    for r in 0..9 {
        u.push((0..9).map(|c| r * 9 + c).collect());
    }
    for c in 0..9 {
        u.push((0..9).map(|r| r * 9 + c).collect());
    }
    u
}

/// Pencil marks kept by the test: per cell a bit per value (bit `v`), 0
/// once the cell is filled.
struct Marks {
    cands: [u16; 81],
    units: Vec<Vec<usize>>,
}

impl Marks {
    fn new(puzzle: &Grid) -> Marks {
        let mut m = Marks {
            cands: [0b11_1111_1110; 81],
            units: units(),
        };
        for (c, &v) in puzzle.cells().iter().enumerate() {
            if v != 0 {
                m.place(c, v);
            }
        }
        m
    }

    fn place(&mut self, cell: usize, v: u8) {
        self.cands[cell] = 0;
        for u in 0..27 {
            if self.units[u].contains(&cell) {
                for &c in &self.units[u] {
                    self.cands[c] &= !(1 << v);
                }
            }
        }
    }

    fn has(&self, cell: usize, v: u8) -> bool {
        self.cands[cell] >> v & 1 == 1
    }

    fn apply(&mut self, step: &Step) {
        if let Some((c, v)) = step.place {
            self.place(c, v);
        }
        for &(c, m) in &step.removes {
            for v in m.iter() {
                self.cands[c] &= !(1 << v);
            }
        }
    }
}

type Pot = (usize, u8, bool);

fn pot_of(l: &sudogen::techniques::explain::Link) -> Pot {
    (l.cell, l.value, l.on)
}

/// Checks one chain on `marks` (the board the step was found on): each
/// link after the first follows from the links it names by its reason.
/// Returns the first problem.
fn check_chain(marks: &Marks, chain: &Chain) -> Result<(), String> {
    let links = &chain.links;
    let first = links.first().ok_or("an empty chain")?;
    if first.reason != Reason::Assumption || !first.from.is_empty() {
        return Err("the first link is not the assumption".into());
    }
    for (i, l) in links.iter().enumerate().skip(1) {
        let at = || format!("link {} ({:?})", i + 1, pot_of(l));
        if l.from.is_empty() || l.from.iter().any(|&j| j >= i) {
            return Err(format!("{}: does not follow from earlier links", at()));
        }
        let parents: Vec<Pot> = l.from.iter().map(|&j| pot_of(&links[j])).collect();
        let before: Vec<Pot> = links[..i].iter().map(pot_of).collect();
        let ok = match (&l.reason, l.on) {
            (Reason::Assumption, _) => false,
            // Off: the cell holds another value, or a unit of both cells
            // holds the value elsewhere.
            (Reason::Cell, false) => parents
                .iter()
                .any(|&(c, v, on)| on && c == l.cell && v != l.value),
            (Reason::Unit(u), false) => {
                let unit = &marks.units[*u];
                unit.contains(&l.cell)
                    && parents
                        .iter()
                        .any(|&(c, v, on)| on && v == l.value && c != l.cell && unit.contains(&c))
            }
            // On: every other value of the cell, or every other place of
            // the value in the unit, is off by an earlier link.
            (Reason::Cell, true) => (1..=9u8)
                .filter(|&w| w != l.value && marks.has(l.cell, w))
                .all(|w| before.contains(&(l.cell, w, false))),
            (Reason::Unit(u), true) => {
                let unit = &marks.units[*u];
                unit.contains(&l.cell)
                    && unit
                        .iter()
                        .filter(|&&c| c != l.cell && marks.has(c, l.value))
                        .all(|&c| before.contains(&(c, l.value, false)))
            }
            // An inner technique of the nested levels removes a candidate
            // the board still has, after earlier links.
            (Reason::Technique(name), on) => !on && !name.is_empty() && marks.has(l.cell, l.value),
        };
        if !ok {
            return Err(format!("{}: {:?} does not hold", at(), l.reason));
        }
    }
    Ok(())
}

/// What the step concludes, as one potential: the value placed, or the
/// one candidate removed.
fn conclusion(step: &Step) -> Option<Pot> {
    match step.place {
        Some((c, v)) => Some((c, v, true)),
        None if step.removes.len() == 1 && step.removes[0].1.len() == 1 => {
            let (c, m) = step.removes[0];
            Some((c, m.first()?, false))
        }
        None => None,
    }
}

/// Checks a chain step on `marks`: its chains, where they start and where
/// they end.
fn check_step(marks: &Marks, step: &Step) -> Result<(), String> {
    for (k, chain) in step.chains.iter().enumerate() {
        check_chain(marks, chain).map_err(|e| format!("chain {}: {e}", k + 1))?;
    }
    let starts: Vec<Pot> = step.chains.iter().map(|c| pot_of(&c.links[0])).collect();
    let ends: Vec<Pot> = step
        .chains
        .iter()
        .map(|c| pot_of(c.links.last().expect("a link")))
        .collect();
    let common_end = || {
        let t = conclusion(step).ok_or("no single conclusion")?;
        if ends.iter().all(|&e| e == t) {
            Ok(())
        } else {
            Err(format!("the chains end at {ends:?}, not at {t:?}"))
        }
    };
    match step.forcing {
        Some(Forcing::Contradiction(c, v, on)) => {
            if starts.len() != 2 || starts.iter().any(|&s| s != (c, v, on)) {
                return Err(format!("contradiction chains start at {starts:?}"));
            }
            let (a, b) = (ends[0], ends[1]);
            if (a.0, a.1) != (b.0, b.1) || a.2 == b.2 {
                return Err(format!("no contradiction at the ends {ends:?}"));
            }
            if conclusion(step) != Some((c, v, !on)) {
                return Err("the conclusion is not the assumption's opposite".into());
            }
            Ok(())
        }
        Some(Forcing::Double(c, v)) => {
            let mut s = starts.clone();
            s.sort_unstable();
            if s != vec![(c, v, false), (c, v, true)] {
                return Err(format!("double forcing starts at {starts:?}"));
            }
            common_end()
        }
        Some(Forcing::Cell(c)) => {
            let values: Vec<Pot> = (1..=9u8)
                .filter(|&w| marks.has(c, w))
                .map(|w| (c, w, true))
                .collect();
            if starts != values {
                return Err(format!("cell forcing starts at {starts:?}, not {values:?}"));
            }
            common_end()
        }
        Some(Forcing::Unit(u, v)) => {
            let places: Vec<Pot> = marks.units[u]
                .iter()
                .filter(|&&c| marks.has(c, v))
                .map(|&c| (c, v, true))
                .collect();
            let mut s = starts.clone();
            s.sort_unstable();
            if s != places {
                return Err(format!("unit forcing starts at {starts:?}, not {places:?}"));
            }
            common_end()
        }
        None => match step.technique {
            Technique::ForcingXChain | Technique::ForcingChain => {
                let (s, e) = (starts[0], ends[0]);
                if (s.0, s.1) != (e.0, e.1) || s.2 == e.2 {
                    return Err(format!("a forcing chain from {s:?} to {e:?}"));
                }
                if conclusion(step) != Some(e) {
                    return Err("the conclusion is not the chain's end".into());
                }
                Ok(())
            }
            // A cycle returns to its start.
            _ if starts == ends => Ok(()),
            t => Err(format!("{t:?}: chains without a start")),
        },
    }
}

/// Rates every puzzle with its path and checks every chain step's links
/// on the test's own board; returns how many chain steps of each
/// technique were checked.
fn check_puzzles(puzzles: &[String]) -> BTreeMap<&'static str, usize> {
    let mut checked = BTreeMap::new();
    for line in puzzles {
        let p = Grid::parse_line(line.as_bytes(), None).unwrap();
        let r = rate(&p, true).unwrap_or_else(|e| panic!("{line}: {e}"));
        let mut marks = Marks::new(&p);
        for (k, step) in r.path.iter().enumerate() {
            let chained = step.technique >= Technique::XCycle
                && step.technique != Technique::AlignedTripletExclusion;
            if chained {
                assert!(!step.chains.is_empty(), "{line}: step {}: no chains", k + 1);
                if let Err(e) = check_step(&marks, step) {
                    panic!(
                        "{line}: step {} ({}): {e}\n{}",
                        k + 1,
                        step.technique.name(),
                        step.describe(p.size())
                    );
                }
                *checked.entry(step.technique.name()).or_insert(0) += 1;
            } else {
                assert!(step.chains.is_empty(), "{line}: step {}", k + 1);
            }
            marks.apply(step);
        }
    }
    checked
}

/// Puzzles of the magictour top 1465 and the forum's hardest (in
/// `tests/data/se-hard.txt`) whose paths need Nishio, multiple and dynamic
/// forcing chains, and the nested levels.
const CHAINED: [&str; 6] = [
    "......8...7..9..1...3..7..51..6......5..2..4...8..9..74.....2...6..1..5......6..3",
    "....97...8..3....1...86.3....16...9....9.26.35........3.2...4.7.5.7..8..7........",
    "38.6.......9.......2..3.51......5....3..1..6....4......17.5..8.......9.......7.32",
    "3....4..6....2..7..658....113.5..9..6..2.1.....9.........9..7.48...........46..32",
    ".5..9......12.......6..73.8....2...4...98...53.....91.7.....6...4.8..1..1.8.7....",
    "..3.9....1...4..36..8..21...4..8..73...9................4.7..686........7.....5.4",
];

#[test]
fn every_chain_link_follows_from_the_links_it_names() {
    let puzzles: Vec<String> = CHAINED.iter().map(|s| s.to_string()).collect();
    let checked = check_puzzles(&puzzles);
    for t in [
        "nishio",
        "dynamic-forcing-chain",
        "dynamic-forcing-chain-plus",
    ] {
        assert!(checked.get(t).copied().unwrap_or(0) > 0, "{checked:?}");
    }
}

/// A checker that can fail: a link whose reason is changed, or that names
/// a later link, is refused.
#[test]
fn the_checker_refuses_a_broken_chain() {
    let p = Grid::parse_line(CHAINED[5].as_bytes(), None).unwrap();
    let r = rate(&p, true).unwrap();
    let mut marks = Marks::new(&p);
    for step in &r.path {
        if step.technique == Technique::Nishio {
            assert_eq!(check_step(&marks, step), Ok(()));
            let mut bad = step.clone();
            let l = &mut bad.chains[0].links[1];
            l.reason = match l.reason {
                Reason::Cell => Reason::Unit(26),
                _ => Reason::Cell,
            };
            assert!(check_step(&marks, &bad).is_err());
            let mut bad = step.clone();
            bad.chains[0].links[1].from = vec![2];
            assert!(check_step(&marks, &bad).is_err());
            let mut bad = step.clone();
            bad.chains[1].links.pop();
            assert!(check_step(&marks, &bad).is_err());
            return;
        }
        marks.apply(step);
    }
    panic!("no nishio step");
}

/// The quicker hard puzzles of `tests/data/se-hard.txt` (SE 9.5 to 10.x),
/// the nested level 2 among them, and the published collections when
/// `../shared/data` is there (top 1465, and a sample of the controlled-bias
/// collection): thousands of chain steps.
#[test]
#[ignore = "release only: thousands of chain steps checked link by link"]
fn release_every_chain_link_follows_from_the_links_it_names() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/se-hard.txt"),
    )
    .unwrap();
    let mut puzzles: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            // The ones serate rated within 20 seconds.
            let mut f = l.split_whitespace();
            let p = f.next()?;
            let secs: f64 = f.nth(3)?.strip_suffix('s')?.parse().ok()?;
            (secs < 20.0).then(|| p.to_string())
        })
        .collect();
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    if let Ok(t) = std::fs::read_to_string(data.join("top1465.txt")) {
        puzzles.extend(
            t.lines()
                .filter(|l| l.len() >= 81 && !l.starts_with('#'))
                .map(|l| l[..81].to_string()),
        );
    } else {
        eprintln!("note: ../shared/data absent: the published collections are skipped");
    }
    if let Ok(t) = std::fs::read_to_string(data.join("cb-000-rated.tsv")) {
        puzzles.extend(
            t.lines()
                .step_by(5)
                .filter(|l| l.len() >= 81 && !l.starts_with('#'))
                .map(|l| l[..81].to_string()),
        );
    }
    // On two threads.
    let halves: Vec<Vec<String>> = vec![
        puzzles.iter().step_by(2).cloned().collect(),
        puzzles.iter().skip(1).step_by(2).cloned().collect(),
    ];
    let counts: Vec<BTreeMap<&'static str, usize>> = std::thread::scope(|s| {
        let hs: Vec<_> = halves
            .iter()
            .map(|h| s.spawn(move || check_puzzles(h)))
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut total: BTreeMap<&str, usize> = BTreeMap::new();
    for c in counts {
        for (k, v) in c {
            *total.entry(k).or_insert(0) += v;
        }
    }
    eprintln!("chain steps checked: {total:?}");
    assert!(total.values().sum::<usize>() >= 1000, "{total:?}");
    assert!(
        total.get("nested-forcing-chain").copied().unwrap_or(0) > 0,
        "{total:?}"
    );
}

/// The step `k` (1-based) of `puzzle`'s path, in words.
fn step_text(puzzle: &str, k: usize) -> String {
    let p = Grid::parse_line(puzzle.as_bytes(), None).unwrap();
    let r = rate(&p, true).unwrap();
    r.path[k - 1].describe(p.size())
}

/// Known steps, word for word: a forcing chain, a cycle (back to its
/// start), Nishio's two chains from one assumption, and a unit forcing
/// chain's one chain per place.
#[test]
fn known_steps_read_as_written() {
    let readme =
        "...3.4......1..28..78......2...657.9.85...63.........2........19..6.2.....6.183..";
    assert_eq!(
        step_text(readme, 21),
        "forcing chain: r3c9=5 → r3c9≠3 [cell] → r3c1=3 [row 3] → r3c1≠1 [cell] → r3c7=1 [row 3] → r1c7≠1 [box 3] → r1c7=5 [cell] → r3c9≠5 [box 3]: removes 5 from r3c9"
    );
    assert_eq!(
        step_text(readme, 27),
        "bidirectional cycle: r1c7=1 → r3c7≠1 [box 3] → r3c1=1 [row 3] → r5c1≠1 [column 1] → r5c1=7 [cell] → r9c1≠7 [column 1] → r9c9=7 [row 9] → r9c9≠5 [cell] → r8c7=5 [box 9] → r1c7≠5 [column 7] → r1c7=1 [cell]: removes 1,7 from r6c1"
    );
    let hard = CHAINED[5];
    assert_eq!(
        step_text(hard, 4),
        "nishio, contradiction from r8c3=1: r8c3=1 → r8c9≠1 [row 8] → r8c8≠1 [row 8, after r8c3=1] → r9c8=1 [box 9, after r8c9≠1, r8c8≠1] → r9c5≠1 [row 9] → r9c2≠1 [box 7, after r8c3=1] → r7c2≠1 [box 7, after r8c3=1] → r8c2≠1 [box 7, after r8c3=1] → r6c2=1 [column 2, after r9c2≠1, r7c2≠1, r8c2≠1] → r6c5≠1 [row 6] → r8c5≠1 [row 8, after r8c3=1] → r5c5=1 [column 5, after r9c5≠1, r6c5≠1, r8c5≠1] | r8c3=1 → r9c2≠1 [box 7] → r7c2≠1 [box 7, after r8c3=1] → r8c2≠1 [box 7, after r8c3=1] → r6c2=1 [column 2, after r9c2≠1, r7c2≠1, r8c2≠1] → r6c9≠1 [row 6] → r8c9≠1 [row 8, after r8c3=1] → r5c9=1 [column 9, after r6c9≠1, r8c9≠1] → r5c5≠1 [row 5]: removes 1 from r8c3"
    );
    assert_eq!(
        step_text(hard, 21),
        "dynamic forcing chain, unit forcing on the places of 2 in column 1: r1c1=2 → r2c2≠2 [box 1] → r2c7=2 [row 2] → r7c7≠2 [column 7] → r7c1≠2 [column 1, after r1c1=2] → r7c4=2 [row 7, after r7c7≠2, r7c1≠2] → r4c4≠2 [column 4] → r4c1≠2 [column 1, after r1c1=2] → r4c7≠2 [column 7, after r2c7=2] → r4c3=2 [row 4, after r4c4≠2, r4c1≠2, r4c7≠2] → r9c3≠2 [column 3] → r9c3=9 [cell] → r8c3≠9 [box 7] → r8c3≠2 [column 3, after r4c3=2] → r8c3=5 [cell, after r8c3≠9, r8c3≠2] → r7c1≠5 [box 7] | r4c1=2 → r4c1≠9 [cell] → r4c3=9 [box 4] → r9c3≠9 [column 3] → r9c3=2 [cell] → r8c3≠2 [box 7] → r8c3≠9 [column 3, after r4c3=9] → r8c3=5 [cell, after r8c3≠2, r8c3≠9] → r7c1≠5 [box 7] | r5c1=2 → r5c1≠8 [cell] → r6c1=8 [box 4] → r6c1≠3 [cell] → r5c1≠3 [cell, after r5c1=2] → r7c1=3 [column 1, after r6c1≠3, r5c1≠3] → r7c1≠5 [cell] | r6c1=2 → r6c1≠8 [cell] → r5c1=8 [box 4] → r5c1≠3 [cell] → r6c1≠3 [cell, after r6c1=2] → r7c1=3 [column 1, after r5c1≠3, r6c1≠3] → r7c1≠5 [cell] | r7c1=2 → r7c1≠5 [cell]: removes 5 from r7c1"
    );
}

/// Easter Monster's first step, a nested chain of level 2: its start, the
/// first links, the count of the links left out of the text, and the
/// inner rules named as reasons; the step's chains keep every link.
#[test]
#[ignore = "release only: Easter Monster takes seconds"]
fn release_easter_monster_explains_its_nested_chains() {
    let em = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
    let p = Grid::parse_line(em.as_bytes(), None).unwrap();
    let r = rate(&p, true).unwrap();
    let first = &r.path[0];
    let text = first.describe(p.size());
    assert!(
        text.starts_with(
            "nested forcing chain (+ forcing chains), contradiction from r5c9=6: r5c9=6 → r2c9≠6 [column 9] → r4c9≠6 [box 6, after r5c9=6] → "
        ),
        "{text}"
    );
    assert!(text.contains(" more links … "), "{text}");
    assert!(text.contains(" [pointing or claiming, after "), "{text}");
    assert!(text.contains(" [forcing chain, after "), "{text}");
    assert!(text.ends_with(": removes 6 from r5c9"), "{text}");
    let longest = first.chains.iter().map(|c| c.links.len()).max().unwrap();
    assert!(longest > sudogen::techniques::explain::SHOWN, "{longest}");
    let mut marks = Marks::new(&p);
    for step in &r.path {
        if !step.chains.is_empty() {
            check_step(&marks, step).unwrap_or_else(|e| panic!("{e}"));
        }
        marks.apply(step);
    }
}
