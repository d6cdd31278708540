//! The killer logical solver (`killer::logic::rate`), checked against each
//! puzzle's unique solution by this test's own code: every value a step
//! places is the solution's, no candidate a step removes is the
//! solution's value, the sums a rule-of-45 sentence states are the sums
//! of the solution's values in the cells it names (parsed back from the
//! words), and a cage's combinations listed by a step hold the
//! solution's values of that cage. Puzzles from `killer::make` on 4x4,
//! 6x6, 9x9, a 9x9 jigsaw and 9x9 X; a hand-worked 4x4 where the rule of
//! 45 is needed, with its exact sentence; the distribution of levels over
//! 500 9x9 killers and the time a rating takes (printed with
//! `--nocapture`). The release run (`--ignored`) checks thousands per
//! shape.

mod common;

use std::collections::BTreeMap;
use std::time::Instant;

use sudogen::grid::{Layout, Shape, Size, Variant};
use sudogen::killer::logic::{KillerLevel, KillerRating, KillerTechnique, rate};
use sudogen::killer::make::Puzzle;

/// A 9x9 jigsaw map.
const JIGSAW: &str =
    "AAABBBCCC AABBBCCCC AAAABBBCC DDDDEEEFF DDEEEFFFF DDDEEEFFF GGGHHHIII GGGHHHIII GGGHHHIII";

/// Puzzle `i` of seed `seed` on `shape`, with `givens`, and its solution.
fn made(shape: &Shape, seed: u64, i: u64, givens: usize) -> (Puzzle, Vec<u8>) {
    common::killer_puzzle(shape, seed, i, givens)
}

/// `r3c4` to a cell index on a grid of side `side`.
fn cell_of(name: &str, side: usize) -> usize {
    let rest = name.strip_prefix('r').unwrap_or_else(|| panic!("{name}"));
    let (r, c) = rest.split_once('c').unwrap_or_else(|| panic!("{name}"));
    (r.parse::<usize>().unwrap() - 1) * side + c.parse::<usize>().unwrap() - 1
}

/// Checks a rule-of-45 sentence against the solution: `innie of rows 1-3:
/// r3c4 = 45*3 - 128 = 7` or `outies of box 5: r4c7 + r5c7 = 52 - 45 =
/// 12: removes ...`: the arithmetic holds, and the named cells' solution
/// values make the sum.
fn check_45(text: &str, solution: &[u8], side: usize) {
    let (_, body) = text.split_once(": ").unwrap_or_else(|| panic!("{text}"));
    let body = body.split(": removes").next().unwrap();
    let parts: Vec<&str> = body.split(" = ").collect();
    assert_eq!(parts.len(), 3, "{text}");
    // `r1c4 + r1c5 - r2c7`: each cell with its sign.
    let mut actual = 0i64;
    let mut sign = 1;
    for token in parts[0].split(' ') {
        match token {
            "+" => sign = 1,
            "-" => sign = -1,
            cell => actual += sign * i64::from(solution[cell_of(cell, side)]),
        }
    }
    let (a, b) = parts[1]
        .split_once(" - ")
        .unwrap_or_else(|| panic!("{text}"));
    let term = |t: &str| -> i64 { t.split('*').map(|x| x.parse::<i64>().unwrap()).product() };
    let sum: i64 = parts[2].parse().unwrap();
    assert_eq!(term(a) - term(b), sum, "{text}");
    assert_eq!(actual, sum, "{text}");
    let t = (side * (side + 1) / 2) as i64;
    assert!(
        term(a) % t == 0 || term(b) % t == 0,
        "one side is a number of units' total: {text}"
    );
}

/// Checks a cage-combinations sentence: the cage named holds, in the
/// solution, one of the combinations listed (when all are listed).
fn check_combinations(text: &str, solution: &[u8], side: usize) {
    // `cage combinations in cage 17(3) at r1c1, r1c2, r2c1: {269} {359}: removes`
    let after = text.split_once(" at ").unwrap().1;
    let (cells, rest) = after.split_once(": ").unwrap();
    let cells: Vec<usize> = cells.split(", ").map(|c| cell_of(c, side)).collect();
    let combos = rest.split(": removes").next().unwrap();
    if combos.contains("in all") {
        return;
    }
    let mut values: Vec<u8> = cells.iter().map(|&c| solution[c]).collect();
    values.sort_unstable();
    // Values as the grid's symbols: 1-9, then A, B, ...
    let symbol = |v: &u8| {
        if *v <= 9 {
            v.to_string()
        } else {
            char::from(b'A' + v - 10).to_string()
        }
    };
    let symbols: Vec<String> = values.iter().map(symbol).collect();
    let want = format!("{{{}}}", symbols.join(if side > 9 { "," } else { "" }));
    assert!(combos.split(' ').any(|c| c == want), "{want} in {text}");
}

/// Rates the puzzle and checks every step against `solution` (see the
/// module); returns the rating.
fn check(shape: &Shape, puzzle: &Puzzle, solution: &[u8]) -> KillerRating {
    let side = shape.side();
    let rating = rate(shape.geometry(), &puzzle.cages, &puzzle.givens).unwrap();
    assert!(!rating.contradiction, "{:?}", puzzle.cages);
    let mut known = puzzle.givens.clone();
    if known.is_empty() {
        known = vec![0; side * side];
    }
    for step in &rating.steps {
        let t = &step.text;
        assert!(step.place.is_some() || !step.removes.is_empty(), "{t}");
        if let Some((cell, v)) = step.place {
            assert_eq!(v, solution[cell], "{t} in {:?}", puzzle.cages);
            assert_eq!(known[cell], 0, "{t}: placed twice");
            known[cell] = v;
            let name = format!("r{}c{} = ", cell / side + 1, cell % side + 1);
            assert!(t.contains(&name), "{t}");
        }
        for &(cell, values) in &step.removes {
            assert!(
                !values.contains(solution[cell]),
                "{t}: removes the solution's {} from cell {cell} in {:?}",
                solution[cell],
                puzzle.cages
            );
            assert_eq!(known[cell], 0, "{t}: removes from a filled cell");
        }
        match step.technique {
            KillerTechnique::RuleOf45 | KillerTechnique::RuleOf45Units => {
                assert!(t.starts_with("innie") || t.starts_with("outie"), "{t}");
                check_45(t, solution, side);
            }
            KillerTechnique::CageCombinations => {
                assert!(t.starts_with("cage combinations in cage "), "{t}");
                check_combinations(t, solution, side);
            }
            KillerTechnique::CageUnit => assert!(t.starts_with("cage-unit interaction: "), "{t}"),
            KillerTechnique::CageSingle => assert!(t.starts_with("hidden single in cage "), "{t}"),
            other => assert!(t.starts_with(&other.name().replace('-', " ")), "{t}"),
        }
    }
    if rating.solved {
        assert!(known.iter().all(|&v| v != 0));
        assert_eq!(
            Some(rating.level),
            rating
                .hardest
                .map(|h| h.level())
                .or(Some(KillerLevel::Easy))
        );
    } else {
        assert_eq!(rating.level, KillerLevel::Expert);
    }
    rating
}

/// Rates `count` made puzzles of `shape` (with `givens`); returns the
/// number at each level.
fn check_shape(shape: &Shape, count: u64, givens: usize) -> BTreeMap<KillerLevel, usize> {
    let mut levels = BTreeMap::new();
    for i in 0..count {
        let (puzzle, solution) = made(shape, 51, i, givens);
        let r = check(shape, &puzzle, &solution);
        *levels.entry(r.level).or_insert(0) += 1;
    }
    println!("{shape:?} x {count}, {givens} givens: {levels:?}");
    levels
}

#[test]
fn four_by_four_steps_are_true() {
    let levels = check_shape(&Shape::from(Size::S4), 300, 0);
    // Small killers are nearly all solved without the hardest level.
    assert!(levels.get(&KillerLevel::Expert).copied().unwrap_or(0) < 30);
}

#[test]
fn six_by_six_steps_are_true() {
    check_shape(&Shape::from(Size::S6), 200, 0);
}

#[test]
fn nine_by_nine_steps_are_true() {
    check_shape(&Shape::from(Size::S9), 200, 0);
    check_shape(&Shape::from(Size::S9), 50, 10);
}

#[test]
fn jigsaw_and_x_steps_are_true() {
    check_shape(&Shape::jigsaw(Layout::parse(JIGSAW).unwrap()), 100, 0);
    check_shape(&Shape::new(Size::S9, Variant::X).unwrap(), 100, 0);
    check_shape(&Shape::new(Size::S6, Variant::X).unwrap(), 100, 0);
    check_shape(&Shape::new(Size::S9, Variant::Hyper).unwrap(), 30, 0);
    check_shape(&Shape::from(Size::from_side(8).unwrap()), 30, 0);
}

/// Thousands of killers per shape, every step checked (release: `cargo
/// test --profile ci --test killer_logic -- --ignored --nocapture`).
#[test]
#[ignore = "release only: thousands of puzzles"]
fn release_thousands_of_killers_steps_are_true() {
    check_shape(&Shape::from(Size::S4), 2000, 0);
    check_shape(&Shape::from(Size::S6), 2000, 0);
    check_shape(&Shape::from(Size::S9), 3000, 0);
    check_shape(&Shape::from(Size::S9), 1000, 20);
    check_shape(&Shape::jigsaw(Layout::parse(JIGSAW).unwrap()), 1000, 0);
    check_shape(&Shape::new(Size::S9, Variant::X).unwrap(), 1000, 0);
    check_shape(&Shape::new(Size::S9, Variant::Hyper).unwrap(), 500, 0);
    check_shape(&Shape::from(Size::from_side(8).unwrap()), 500, 0);
}

/// 12x12 (3x4 boxes) with 8 givens: the combination tables and the areas
/// past 9x9, values over 9 as symbols (`{1,9,A}`).
#[test]
fn twelve_by_twelve_steps_are_true() {
    let shape = Shape::from(Size::from_side(12).unwrap());
    let levels = check_shape(&shape, 4, 8);
    assert!(levels.values().sum::<usize>() == 4);
}

/// The distribution of levels and hardest techniques over 500 9x9
/// killers without givens, and the time a rating takes (run with
/// `--release -- --nocapture` for the figures the docs quote).
#[test]
fn nine_by_nine_levels_are_spread() {
    let shape = Shape::from(Size::S9);
    let puzzles: Vec<(Puzzle, Vec<u8>)> = (0..500).map(|i| made(&shape, 7, i, 0)).collect();
    let start = Instant::now();
    let ratings: Vec<KillerRating> = puzzles
        .iter()
        .map(|(p, _)| rate(shape.geometry(), &p.cages, &p.givens).unwrap())
        .collect();
    let ms = start.elapsed().as_secs_f64() * 1000.0 / puzzles.len() as f64;
    let mut levels = BTreeMap::new();
    let mut hardest = BTreeMap::new();
    let mut steps = 0;
    let mut examples = BTreeMap::new();
    for ((p, solution), r) in puzzles.iter().zip(&ratings) {
        assert_eq!(r, &check(&shape, p, solution));
        for s in &r.steps {
            let kind = s.text.split(" of ").next().unwrap_or("").to_string();
            let key = (
                s.technique,
                if s.technique.name().starts_with("rule") {
                    kind
                } else {
                    String::new()
                },
            );
            examples.entry(key).or_insert_with(|| s.text.clone());
        }
        *levels.entry(r.level).or_insert(0) += 1;
        *hardest.entry(r.hardest).or_insert(0) += 1;
        steps += r.steps.len();
    }
    println!(
        "500 9x9 killers, no givens: {ms:.2} ms a rating, {} steps on average",
        steps / 500
    );
    for (l, n) in &levels {
        println!("  level {l}: {n}");
    }
    for (t, n) in &hardest {
        println!("  hardest {}: {n}", t.map_or("none", |t| t.name()));
    }
    for ((t, _), text) in &examples {
        println!("  {t}: {text}");
    }
    // 9x9 killers without givens all need the rule of 45 or a cage-unit
    // interaction (no easy one); medium and hard both occur.
    for l in [KillerLevel::Moderate, KillerLevel::Hard] {
        assert!(levels.get(&l).copied().unwrap_or(0) > 0, "{levels:?}");
    }
}

/// A 6x6 killer worked by hand, where the rule of 45 is needed:
///
/// ```text
/// A A A B B C     sums: A 9, B 16, C 11, D 15, E 16, F 10,
/// D D B B C C           G 11, H 13, I 11, J 7, K 7
/// D E F F G G
/// D E E F G H     solution: 234156 156432 315264
/// I E E J J H               642315 463521 521643
/// I I K K H H
/// ```
///
/// Of the easy techniques only one step applies: cage E, 16 in five
/// cells, is {1,2,3,4,6} (1+2+3+4+5+6 = 21, less 5), so 5 leaves its
/// cells. Then the rule of 45 on box 2 (rows 1-2, columns 4-6): it is
/// covered by cage B (16, three cells in the box and r2c3 outside) and
/// cage C (11, all inside); 16 + 11 = 27, the box holds 1+...+6 = 21, so
/// the outie r2c3 is 27 - 21 = 6.
#[test]
fn a_hand_worked_six_by_six_needs_the_rule_of_45() {
    use sudogen::cages::Cages;
    use sudogen::killer::logic::rate_within;
    let shape = Shape::from(Size::S6);
    let cages = Cages::parse_map(
        "AAABBC DDBBCC DEFFGG DEEFGH IEEJJH IIKKHH",
        "9 16 11 15 16 10 11 13 11 7 7",
    )
    .unwrap();
    let solution: Vec<u8> = "234156156432315264642315463521521643"
        .bytes()
        .map(|b| b - b'0')
        .collect();
    cages.check_solution(&solution).unwrap();
    let puzzle = Puzzle {
        cages: cages.clone(),
        givens: Vec::new(),
        repairs: 0,
    };
    let r = check(&shape, &puzzle, &solution);
    assert!(r.solved);
    assert_eq!(r.level, KillerLevel::Moderate);
    assert_eq!(r.hardest, Some(KillerTechnique::RuleOf45));
    let texts: Vec<&str> = r.steps.iter().map(|s| s.text.as_str()).collect();
    assert_eq!(
        texts[..3],
        [
            "cage combinations in cage 16(5) at r3c2, r4c2, r4c3, r5c2, r5c3: {12346}: \
             removes 5 from r3c2, 5 from r4c2, 5 from r4c3, 5 from r5c2, 5 from r5c3",
            "outie of box 2: r2c3 = 27 - 21 = 6",
            "hidden single in box 2: r1c6 = 6",
        ]
    );
    assert_eq!(r.steps[1].place, Some((8, 6)));
    assert_eq!(r.steps[1].technique.name(), "rule-of-45");
    // Without the rule of 45 (easy techniques only) it stays unsolved
    // after the one step.
    let easy = rate_within(shape.geometry(), &cages, &[], KillerLevel::Easy).unwrap();
    assert!(!easy.solved && !easy.contradiction);
    assert_eq!(easy.level, KillerLevel::Expert);
    assert_eq!(easy.steps, r.steps[..1]);
    // Moderate is enough.
    let moderate = rate_within(shape.geometry(), &cages, &[], KillerLevel::Moderate).unwrap();
    assert_eq!(moderate, r);
}

#[test]
fn levels_and_techniques_have_stable_names() {
    let names: Vec<&str> = KillerLevel::ALL.iter().map(|l| l.name()).collect();
    assert_eq!(names, ["easy", "medium", "hard", "expert"]);
    for l in KillerLevel::ALL {
        assert_eq!(KillerLevel::named(l.name()), Some(l));
    }
    let easy: Vec<&str> = KillerLevel::Easy
        .techniques()
        .iter()
        .map(|t| t.name())
        .collect();
    assert_eq!(
        easy,
        [
            "full-house",
            "hidden-single",
            "naked-single",
            "cage-single",
            "cage-combinations"
        ]
    );
    let moderate = KillerLevel::Moderate.techniques();
    assert_eq!(
        moderate[5..],
        [KillerTechnique::CageUnit, KillerTechnique::RuleOf45]
    );
    assert_eq!(
        KillerLevel::Hard.techniques().len(),
        KillerTechnique::ALL.len()
    );
    // The order of difficulty is the order of the levels.
    for w in KillerTechnique::ALL.windows(2) {
        assert!(w[0] < w[1] && w[0].level() <= w[1].level());
    }
}

#[test]
fn bad_input_is_an_error_or_a_contradiction() {
    use sudogen::cages::Cages;
    use sudogen::killer::solve::KillerError;
    // The unique 4x4 of the killer solver's tests.
    let cages = Cages::parse_map("AABB CDDB CEFG HEII", "3 9 5 5 4 4 3 4 3").unwrap();
    let four = Shape::from(Size::S4);
    let nine = Shape::from(Size::S9);
    assert_eq!(
        rate(nine.geometry(), &cages, &[]).unwrap_err(),
        KillerError::CageSide { cages: 4, grid: 9 }
    );
    assert_eq!(
        rate(four.geometry(), &cages, &[0; 5]).unwrap_err(),
        KillerError::Givens {
            found: 5,
            cells: 16
        }
    );
    // Givens that repeat in a row, or that are out of range.
    let mut givens = [0u8; 16];
    givens[0] = 1;
    givens[1] = 1;
    let r = rate(four.geometry(), &cages, &givens).unwrap();
    assert!(r.contradiction && !r.solved && r.steps.is_empty());
    givens[1] = 7;
    assert!(
        rate(four.geometry(), &cages, &givens)
            .unwrap()
            .contradiction
    );
    // The right givens: solved.
    let r = rate(four.geometry(), &cages, &[]).unwrap();
    assert!(r.solved && !r.contradiction, "{:?}", r.steps);
}

/// Runs the command with `args`; its exit code, output and errors.
fn sudogen_cli(args: &[&str], stdin: &str) -> (i32, String, String) {
    use std::io::Write as _;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sudogen"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// `puzzle --variant killer --level L` keeps puzzles that `rate` then
/// rates L (each command on its own: the level comes back from the
/// records alone), `rate --explain` lists steps whose placements are the
/// solution's, and what the killer levels do not have is refused.
#[test]
fn killer_levels_cross_the_commands() {
    for (level, extra) in [
        ("medium", &[][..]),
        ("hard", &[][..]),
        ("easy", &["--clues", "30"][..]),
    ] {
        let mut args = vec![
            "puzzle",
            "--variant",
            "killer",
            "-n",
            "3",
            "--seed",
            "5",
            "--level",
            level,
        ];
        args.extend(extra);
        args.extend(["--with-solution", "-f", "json"]);
        let (code, puzzles, err) = sudogen_cli(&args, "");
        assert_eq!(code, 0, "{level}: {err}");
        let (code, rated, _) = sudogen_cli(&["rate", "-f", "csv"], &puzzles);
        assert_eq!(code, 0);
        let mut rows = rated.lines();
        let header: Vec<&str> = rows.next().unwrap().split(',').collect();
        let at = |name: &str| header.iter().position(|h| *h == name).unwrap();
        let rows: Vec<Vec<&str>> = rows.map(|r| r.split(',').collect()).collect();
        assert_eq!(rows.len(), 3);
        for row in &rows {
            assert_eq!(
                (row[at("level")], row[at("exact")]),
                (level, "true"),
                "{row:?}"
            );
        }
    }
    // The steps --explain lists place the solution's values.
    let (_, puzzles, _) = sudogen_cli(
        &[
            "puzzle",
            "--variant",
            "killer",
            "-n",
            "1",
            "--seed",
            "9",
            "--with-solution",
            "-f",
            "json",
        ],
        "",
    );
    let record: serde_json::Value = serde_json::from_str(puzzles.lines().next().unwrap()).unwrap();
    let solution: Vec<u64> = (record["solution"].as_array().unwrap().iter())
        .flat_map(|row| row.as_array().unwrap().iter().map(|v| v.as_u64().unwrap()))
        .collect();
    let (code, explained, _) = sudogen_cli(&["rate", "--explain", "-f", "json"], &puzzles);
    assert_eq!(code, 0);
    let rated: serde_json::Value = serde_json::from_str(explained.lines().next().unwrap()).unwrap();
    let path = rated["path"].as_array().unwrap();
    assert!(!path.is_empty());
    let mut placed = 0;
    for step in path {
        if let Some(place) = step.get("place") {
            let cell = place["cell"].as_str().unwrap();
            let (r, c) = cell[1..].split_once('c').unwrap();
            let i = (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1;
            assert_eq!(place["value"].as_u64().unwrap(), solution[i], "{step}");
            placed += 1;
        }
    }
    assert!(placed > 0, "{explained}");
    let (code, _, err) = sudogen_cli(
        &["puzzle", "--variant", "killer", "--level", "fiendish"],
        "",
    );
    assert_eq!(
        (code, err.as_str()),
        (
            2,
            "sudogen: error: --level fiendish: killer levels are easy, medium, hard and expert\n"
        )
    );
    let (code, _, err) = sudogen_cli(
        &["puzzle", "--variant", "killer", "--rating", "2.0..3.0"],
        "",
    );
    assert_eq!(
        (code, err.as_str()),
        (
            2,
            "sudogen: error: --rating or --rate (killer puzzles have levels: --level) does not go with --variant killer yet (killer puzzles have cages, not removed givens); leave it out\n"
        )
    );
}
