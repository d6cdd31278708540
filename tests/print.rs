//! The printing room, read back by independent parsers: PDFs opened with
//! `lopdf` (page count, page sizes, the embedded and subset font shared by
//! every page, each page's text in reading order), SVG pages parsed with
//! `roxmltree` and checked the same way, and bad input refused with an
//! error rather than a panic. Puzzles are made with sudogen itself.

use std::collections::BTreeSet;

mod common;

use lopdf::{Dictionary, Document, Object, ObjectId};
use sudogen::print::{self, Entry, Error, Geometry, Options, Paper, Window};
use sudogen::puzzle::{self, Settings};
use sudogen::random::{below, grid_rng};
use sudogen::{Grid, Size, Strategy};

/// `count` puzzles of `size` with their solutions, numbered from 1; every
/// other one carries a level and a rating.
fn entries(count: usize, size: Size, seed: u64) -> Vec<Entry> {
    let strategy = match size {
        Size::S4 | Size::S9 => Strategy::Uniform,
        _ => Strategy::Backtrack,
    };
    // 16x16 and 25x25 stop at a clue count: printing needs puzzles, not
    // minimal ones, and the tests must stay quick.
    let settings = match size {
        Size::S16 => Settings {
            clues: Some(140),
            ..Settings::MINIMAL
        },
        Size::S25 => Settings {
            clues: Some(420),
            ..Settings::MINIMAL
        },
        _ => Settings::MINIMAL,
    };
    (0..count)
        .map(|i| {
            let mut grid = Grid::empty(size);
            strategy.generate(&mut grid_rng(seed, i as u64), &mut grid);
            let made = puzzle::make(&mut grid_rng(seed + 1, i as u64), &grid, settings);
            let mut entry = Entry::new(
                i as u64 + 1,
                made.puzzle.cells().to_vec(),
                grid.cells().to_vec(),
            );
            if i % 2 == 0 {
                entry.level = Some("hard".into());
                entry.rating = Some(format!("{}.{}", 2 + i % 7, i % 10));
            }
            entry
        })
        .collect()
}

fn options(size: Size, per_page: usize) -> Options {
    Options {
        per_page,
        ..Options::new(Geometry::from_size(size))
    }
}

/// The text of a page with every space and line break taken out.
fn squeeze(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// `values` written with `alphabet`, empty cells left out.
fn symbols(values: &[u8], alphabet: &str) -> String {
    let a: Vec<char> = alphabet.chars().collect();
    values
        .iter()
        .filter(|&&v| v != 0)
        .map(|&v| a[usize::from(v) - 1])
        .collect()
}

/// What each page must read, in order, once spaces are taken out: the
/// running head, then each grid's label and symbols row by row, then the
/// page number.
fn expected_pages(entries: &[Entry], options: &Options) -> Vec<String> {
    let plan = print::plan(entries, options).unwrap();
    let (puzzle_pages, answer_pages) = (plan.puzzle_pages, plan.answer_pages);
    let per_answer_page = plan.answers_per_page;
    let mut pages = Vec::new();
    let page = |pages: &mut Vec<String>, head: Option<&str>, grids: String| {
        let number = pages.len() + 1;
        let foot = if options.page_numbers {
            number.to_string()
        } else {
            String::new()
        };
        pages.push(format!("{}{grids}{foot}", squeeze(head.unwrap_or(""))));
    };
    for chunk in entries.chunks(options.per_page) {
        let grids: String = chunk
            .iter()
            .map(|e| {
                let mut detail: Vec<String> = e.level.iter().cloned().collect();
                detail.extend(e.rating.iter().map(|r| format!("SE {r}")));
                format!(
                    "#{}{}{}",
                    e.number,
                    squeeze(&detail.join(" · ")),
                    symbols(&e.puzzle, &options.alphabet)
                )
            })
            .collect();
        page(&mut pages, options.title.as_deref(), grids);
    }
    assert_eq!(pages.len(), puzzle_pages);
    if options.answers {
        for chunk in entries.chunks(per_answer_page) {
            let grids: String = chunk
                .iter()
                .map(|e| format!("#{}{}", e.number, symbols(&e.solution, &options.alphabet)))
                .collect();
            page(&mut pages, Some(&options.answers_heading), grids);
        }
        assert_eq!(pages.len(), puzzle_pages + answer_pages);
    }
    pages
}

/// Each page's text as `lopdf` extracts it.
fn pdf_texts(doc: &Document) -> Vec<String> {
    doc.get_pages()
        .keys()
        .map(|&n| doc.extract_text(&[n]).unwrap())
        .collect()
}

/// Each SVG page's text, its `text` elements in document order.
fn svg_text(svg: &str) -> String {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .flat_map(|n| n.descendants().filter(|d| d.is_text()))
        .map(|n| n.text().unwrap_or(""))
        .collect()
}

fn deref<'a>(doc: &'a Document, o: &'a Object) -> &'a Object {
    match o {
        Object::Reference(id) => doc.get_object(*id).unwrap(),
        o => o,
    }
}

fn dict<'a>(doc: &'a Document, o: &'a Object) -> &'a Dictionary {
    match deref(doc, o) {
        Object::Dictionary(d) => d,
        Object::Stream(s) => &s.dict,
        o => panic!("not a dictionary: {o:?}"),
    }
}

fn name(o: &Object) -> &[u8] {
    o.as_name().unwrap()
}

/// The page's media box, as (width, height).
fn page_size(doc: &Document, page: ObjectId) -> (f32, f32) {
    let page = doc.get_dictionary(page).unwrap();
    let b = deref(doc, page.get(b"MediaBox").unwrap())
        .as_array()
        .unwrap();
    let v: Vec<f32> = b.iter().map(|o| o.as_float().unwrap()).collect();
    assert_eq!((v[0], v[1]), (0.0, 0.0));
    (v[2], v[3])
}

/// Killer cages (issue 51): each cage outlined in dashes inside its cells
/// and its sum written once, in the top left corner of its first cell,
/// on the puzzle pages only; the rule stated when asked; a cage that
/// leaves the grid or shares a cell is refused.
#[test]
fn killer_cages_are_dashed_with_their_sums() {
    // A valid 9x9 grid: row r is 1..9 shifted by 3r + r/3.
    let solution: Vec<u8> = (0..81)
        .map(|i| ((i % 9 + 3 * (i / 9) + i / 27) % 9) as u8 + 1)
        .collect();
    // Cages: rows 1-6 cut into cells 1-2, 3-5, 6-7, 8-9; L shapes and
    // turns below (a letter a cage).
    let mut cages = Vec::new();
    for r in 0..6 {
        for cells in [&[0, 1][..], &[2, 3, 4], &[5, 6], &[7, 8]] {
            let cells: Vec<usize> = cells.iter().map(|c| r * 9 + c).collect();
            let sum = cells.iter().map(|&c| u32::from(solution[c])).sum();
            cages.push(print::Cage { sum, cells });
        }
    }
    let below = "ABBCCDDEE AABCFFDEG HHHCFIIGG";
    for letter in "ABCDEFGHI".chars() {
        let cells: Vec<usize> = (below.split(' ').enumerate())
            .flat_map(|(r, row)| {
                row.char_indices()
                    .filter(move |&(_, l)| l == letter)
                    .map(move |(c, _)| 54 + r * 9 + c)
            })
            .collect();
        let sum = cells.iter().map(|&c| u32::from(solution[c])).sum();
        cages.push(print::Cage { sum, cells });
    }
    let mut geometry = Geometry::square(9);
    geometry.cages = cages.clone();
    let entries = [Entry::new(1, vec![0; 81], solution.clone())];
    let options = Options {
        per_page: 1,
        rules: true,
        ..Options::new(geometry.clone())
    };
    let svg = print::svg_pages(&entries, &options).unwrap();
    assert!(svg[0].contains("stroke-dasharray"));
    assert!(
        !svg[1].contains("stroke-dasharray"),
        "no cages on the answers"
    );
    let text = svg_text(&svg[0]);
    let sums: String = cages.iter().map(|c| c.sum.to_string()).collect();
    assert!(text.contains(&sums), "{text}");
    assert!(text.starts_with("Killer: the digits of each dashed cage add up to its sum"));
    let pdf = print::pdf(&entries, &options).unwrap();
    // To look at it: SUDOGEN_SAVE_PDF=killer.pdf.
    if let Ok(path) = std::env::var("SUDOGEN_SAVE_PDF") {
        std::fs::write(path, &pdf).unwrap();
    }
    let doc = Document::load_mem(&pdf).unwrap();
    assert!(squeeze(&pdf_texts(&doc)[0]).contains(&squeeze(&sums)));
    let mut bad = geometry.clone();
    bad.cages[1].cells.push(0);
    assert!(print::pdf(&entries, &Options::new(bad)).is_err());
    let mut bad = geometry;
    bad.cages[0].cells.push(81);
    assert!(print::pdf(&entries, &Options::new(bad)).is_err());
}

#[test]
fn sixty_puzzles_at_six_per_page_make_ten_pages_then_answers() {
    let entries = entries(60, Size::S9, 1);
    let options = options(Size::S9, 6);
    let bytes = print::pdf(&entries, &options).unwrap();
    let doc = Document::load_mem(&bytes).unwrap();
    // 10 pages of puzzles, then 20 solutions to an A4 page: 3 pages.
    let plan = print::plan(&entries, &options).unwrap();
    assert_eq!(
        (plan.puzzle_pages, plan.answer_pages, plan.answers_per_page),
        (10, 3, 20)
    );
    assert_eq!(doc.get_pages().len(), 13);
    let expected = expected_pages(&entries, &options);
    let texts = pdf_texts(&doc);
    for (i, (text, want)) in texts.iter().zip(&expected).enumerate() {
        assert_eq!(&squeeze(text), want, "page {}", i + 1);
    }
    // The answer pages hold every solution, in full.
    let answers: String = texts[10..].iter().map(|t| squeeze(t)).collect();
    for e in &entries {
        let solution = symbols(&e.solution, &options.alphabet);
        assert!(
            answers.contains(&format!("#{}{solution}", e.number)),
            "#{}",
            e.number
        );
    }
}

#[test]
fn each_puzzle_reads_row_by_row_and_no_text_falls_between_cells() {
    let entries = entries(4, Size::S9, 2);
    let options = options(Size::S9, 4);
    let doc = Document::load_mem(&print::pdf(&entries, &options).unwrap()).unwrap();
    let text = doc.extract_text(&[1]).unwrap();
    // Each line of text is a row's givens, or a label, or the page number:
    // the rows of each grid come one after the other.
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let mut at = 0;
    for e in &entries {
        assert_eq!(lines[at], format!("#{}", e.number));
        at += 1 + usize::from(e.level.is_some());
        for row in e.puzzle.chunks(9) {
            let givens = symbols(row, &options.alphabet);
            if givens.is_empty() {
                continue;
            }
            assert_eq!(squeeze(lines[at]), givens, "#{}: {lines:?}", e.number);
            at += 1;
        }
    }
    assert_eq!(lines[at..], ["1"]);
}

#[test]
fn pages_have_the_size_of_their_paper() {
    let entries = entries(3, Size::S9, 3);
    for (paper, want) in [
        ("a4", (595.28, 841.89)),
        ("letter", (612.0, 792.0)),
        ("legal", (612.0, 1008.0)),
        ("a5", (419.53, 595.28)),
        ("6x9in", (432.0, 648.0)),
        ("170x240mm", (481.89, 680.31)),
        ("297x210mm", (841.89, 595.28)),
    ] {
        let options = Options {
            paper: Paper::parse(paper).unwrap(),
            ..options(Size::S9, 2)
        };
        let bytes = print::pdf(&entries, &options).unwrap();
        let doc = Document::load_mem(&bytes).unwrap();
        assert_eq!(doc.get_pages().len(), 3, "{paper}");
        for &page in doc.get_pages().values() {
            let (w, h) = page_size(&doc, page);
            assert!(
                (w - want.0).abs() < 0.01 && (h - want.1).abs() < 0.01,
                "{paper}: {w} x {h}"
            );
        }
        for svg in print::svg_pages(&entries, &options).unwrap() {
            let doc = roxmltree::Document::parse(&svg).unwrap();
            let root = doc.root_element();
            let mm = |a: &str| {
                root.attribute(a)
                    .unwrap()
                    .trim_end_matches("mm")
                    .parse::<f32>()
                    .unwrap()
            };
            let pt = 72.0 / 25.4;
            assert!((mm("width") * pt - want.0).abs() < 0.02, "{paper}");
            assert!((mm("height") * pt - want.1).abs() < 0.02, "{paper}");
        }
    }
}

#[test]
fn one_font_embedded_subset_and_shared_by_every_page() {
    let entries = entries(30, Size::S9, 4);
    let options = Options {
        title: Some("Puzzles for the train".into()),
        ..options(Size::S9, 6)
    };
    let bytes = print::pdf(&entries, &options).unwrap();
    let doc = Document::load_mem(&bytes).unwrap();
    let fonts: Vec<(&ObjectId, &Dictionary)> = doc
        .objects
        .iter()
        .filter_map(|(id, o)| match o {
            Object::Dictionary(d) if d.get(b"Type").map(name).ok() == Some(b"Font") => {
                Some((id, d))
            }
            _ => None,
        })
        .collect();
    // One Type 0 font over one CID font.
    let type0: Vec<_> = fonts
        .iter()
        .filter(|f| name(f.1.get(b"Subtype").unwrap()) == b"Type0")
        .collect();
    assert_eq!(type0.len(), 1, "{fonts:?}");
    assert_eq!(fonts.len(), 2, "{fonts:?}");
    let font = type0[0].1;
    let base = String::from_utf8(name(font.get(b"BaseFont").unwrap()).to_vec()).unwrap();
    let (tag, family) = base.split_once('+').unwrap();
    assert!(
        tag.len() == 6 && tag.bytes().all(|b| b.is_ascii_uppercase()),
        "{base}"
    );
    assert_eq!(family, "AtkinsonHyperlegible-Bold");
    assert!(font.get(b"ToUnicode").is_ok());
    // Embedded: the descendant's descriptor holds the font program, much
    // smaller than the 54 KB font (subset).
    let kids = deref(&doc, font.get(b"DescendantFonts").unwrap())
        .as_array()
        .unwrap();
    let cid = dict(&doc, &kids[0]);
    let descriptor = dict(&doc, cid.get(b"FontDescriptor").unwrap());
    let file = descriptor
        .get(b"FontFile2")
        .or_else(|_| descriptor.get(b"FontFile3"))
        .expect("the font program is embedded");
    let Object::Stream(stream) = deref(&doc, file) else {
        panic!("FontFile2 is not a stream");
    };
    let program = stream.decompressed_content().unwrap();
    assert!(
        program.len() > 1000 && program.len() < 20_000,
        "{} bytes",
        program.len()
    );
    assert_eq!(&program[..4], &[0, 1, 0, 0], "a TrueType program");
    // Shared: every page names the same font object.
    let mut used = BTreeSet::new();
    for &page in doc.get_pages().values() {
        let page = doc.get_dictionary(page).unwrap();
        let resources = dict(&doc, page.get(b"Resources").unwrap());
        for (_, f) in dict(&doc, resources.get(b"Font").unwrap()).iter() {
            used.insert(f.as_reference().unwrap());
        }
    }
    assert_eq!(used.into_iter().collect::<Vec<_>>(), [*type0[0].0]);
    // The title is the running head and the document's title.
    let info = dict(&doc, doc.trailer.get(b"Info").unwrap());
    let title = info.get(b"Title").unwrap().as_str().unwrap();
    assert_eq!(title, b"Puzzles for the train");
    assert!(
        doc.extract_text(&[1])
            .unwrap()
            .starts_with("Puzzles for the train")
    );
}

#[test]
fn svg_pages_read_like_the_pdf() {
    let entries = entries(14, Size::S9, 5);
    let options = Options {
        paper: Paper::LETTER,
        ..options(Size::S9, 4)
    };
    let svgs = print::svg_pages(&entries, &options).unwrap();
    let expected = expected_pages(&entries, &options);
    assert_eq!(svgs.len(), 4 + 1);
    assert_eq!(svgs.len(), expected.len());
    for (i, (svg, want)) in svgs.iter().zip(&expected).enumerate() {
        assert_eq!(&squeeze(&svg_text(svg)), want, "page {}", i + 1);
    }
    let pdf = Document::load_mem(&print::pdf(&entries, &options).unwrap()).unwrap();
    for (svg, pdf) in svgs.iter().zip(pdf_texts(&pdf)) {
        assert_eq!(squeeze(&svg_text(svg)), squeeze(&pdf));
    }
}

#[test]
fn every_layout_and_size_reads_in_order() {
    for (size, count) in [
        (Size::S4, 13),
        (Size::S9, 25),
        (Size::S16, 5),
        (Size::S25, 2),
    ] {
        let entries = entries(count, size, 6);
        for &per_page in print::PER_PAGE {
            for paper in [Paper::A4, Paper::LETTER] {
                let options = Options {
                    paper,
                    ..options(size, per_page)
                };
                let doc = Document::load_mem(&print::pdf(&entries, &options).unwrap()).unwrap();
                let texts = pdf_texts(&doc);
                let expected = expected_pages(&entries, &options);
                assert_eq!(texts.len(), expected.len(), "{size:?} {per_page}");
                for (i, (text, want)) in texts.iter().zip(&expected).enumerate() {
                    assert_eq!(
                        &squeeze(text),
                        want,
                        "{size:?} {per_page}/page: page {}",
                        i + 1
                    );
                }
            }
        }
    }
}

#[test]
fn letters_large_print_and_no_answers() {
    let entries = entries(3, Size::S16, 7);
    let options = Options {
        alphabet: "ABCDEFGHIJKLMNOP".into(),
        large_print: true,
        answers: false,
        page_numbers: false,
        ..options(Size::S16, 1)
    };
    let doc = Document::load_mem(&print::pdf(&entries, &options).unwrap()).unwrap();
    let texts = pdf_texts(&doc);
    assert_eq!(texts.len(), 3);
    let expected = expected_pages(&entries, &options);
    for (text, want) in texts.iter().zip(&expected) {
        assert_eq!(&squeeze(text), want);
        assert!(
            !text
                .chars()
                .any(|c| c.is_ascii_digit() && !want.contains(c))
        );
    }
    // Large print draws bigger digits, and heavier lines, than normal
    // print of the same layout, and far bigger digits than the usual 6 to
    // a page.
    let look = |options: &Options| -> (f32, f32) {
        let svg = &print::svg_pages(&entries, options).unwrap()[0];
        let doc = roxmltree::Document::parse(svg).unwrap();
        let cells = doc
            .descendants()
            .find(|n| {
                n.has_tag_name("text") && n.first_child().is_some_and(|c| c.has_tag_name("tspan"))
            })
            .unwrap();
        let thin = doc
            .descendants()
            .find(|n| n.has_tag_name("path") && n.attribute("stroke").is_some())
            .unwrap();
        let number = |n: roxmltree::Node, a| n.attribute(a).unwrap().parse().unwrap();
        (number(cells, "font-size"), number(thin, "stroke-width"))
    };
    let large = look(&options);
    let normal = look(&Options {
        large_print: false,
        ..options.clone()
    });
    assert!(large.0 > normal.0 * 1.05, "{large:?} {normal:?}");
    assert!(large.1 > normal.1 * 1.5, "{large:?} {normal:?}");
    let six = look(&Options {
        large_print: false,
        per_page: 6,
        ..options.clone()
    });
    assert!(
        look(&Options {
            per_page: 2,
            ..options.clone()
        })
        .0 > six.0 * 1.5
    );
}

#[test]
fn answers_per_page_can_be_chosen() {
    let entries = entries(25, Size::S9, 8);
    for (n, pages) in [(1, 25), (4, 7), (7, 4), (12, 3), (13, 2), (48, 1)] {
        let options = Options {
            answers_per_page: Some(n),
            ..options(Size::S9, 12)
        };
        let plan = print::plan(&entries, &options).unwrap();
        assert_eq!((plan.puzzle_pages, plan.answer_pages), (3, pages), "{n}");
        assert_eq!(plan.answers_per_page, n);
        let doc = Document::load_mem(&print::pdf(&entries, &options).unwrap()).unwrap();
        assert_eq!(doc.get_pages().len(), 3 + pages);
    }
}

/// A 6x6 solution with 2x3 boxes: row `r` is the first row shifted.
fn six_by_six() -> Vec<u8> {
    let shift = [0, 3, 1, 4, 2, 5];
    (0..36)
        .map(|i| ((i % 6 + shift[i / 6]) % 6 + 1) as u8)
        .collect()
}

#[test]
fn other_shapes_print_regions_and_shading() {
    let solution = six_by_six();
    let mut puzzle = solution.clone();
    for i in (0..36).step_by(2) {
        puzzle[i] = 0;
    }
    let six = vec![Entry::new(1, puzzle.clone(), solution.clone())];
    let thick_width = |svg: &str| -> usize {
        // The thick lines are the last stroked path of the grid: count its
        // segments.
        let doc = roxmltree::Document::parse(svg).unwrap();
        let paths: Vec<_> = doc
            .descendants()
            .filter(|n| n.has_tag_name("path") && n.attribute("stroke").is_some())
            .collect();
        paths
            .last()
            .unwrap()
            .attribute("d")
            .unwrap()
            .matches('M')
            .count()
    };
    let rect = Options::new(Geometry::rectangular(6, 2, 3));
    let svg = print::svg_puzzle(&six[0], &rect).unwrap();
    // The border (4) and box lines: 2 across, 1 down.
    assert_eq!(thick_width(&svg), 4 + 2 + 1);
    assert_eq!(
        squeeze(&svg_text(&svg)),
        format!("#1{}", symbols(&puzzle, &rect.alphabet))
    );
    let solved = print::svg_solution(&six[0], &rect).unwrap();
    assert_eq!(
        squeeze(&svg_text(&solved)),
        format!("#1{}", symbols(&solution, &rect.alphabet))
    );
    // A jigsaw: regions are the rows (so only the border and 5 lines
    // across), printed without a box shape.
    let rows: Vec<u8> = (0..36).map(|i| (i / 6) as u8).collect();
    let jigsaw = Options::new(Geometry::jigsaw(6, rows));
    assert_eq!(
        thick_width(&print::svg_puzzle(&six[0], &jigsaw).unwrap()),
        4 + 5
    );
    let pdf = print::pdf(&six, &jigsaw).unwrap();
    assert_eq!(Document::load_mem(&pdf).unwrap().get_pages().len(), 2);
    // X and Hyper: shaded cells, one filled path of 11 (6 + 6 - 1... none
    // shared at even side: 12) and 36 squares.
    let shaded = |svg: &str| -> usize {
        let doc = roxmltree::Document::parse(svg).unwrap();
        doc.descendants()
            .filter(|n| n.has_tag_name("path") && n.attribute("fill").is_some_and(|f| f != "none"))
            .map(|n| n.attribute("d").unwrap().matches('M').count())
            .sum()
    };
    let x = Options::new(Geometry::rectangular(6, 2, 3).with_diagonals());
    assert_eq!(shaded(&print::svg_puzzle(&six[0], &x).unwrap()), 12);
    assert_eq!(shaded(&svg), 0);
    let nine = entries(1, Size::S9, 9);
    let hyper = Options::new(Geometry::hyper());
    assert_eq!(shaded(&print::svg_puzzle(&nine[0], &hyper).unwrap()), 36);
    let x9 = Options::new(Geometry::square(9).with_diagonals());
    assert_eq!(shaded(&print::svg_puzzle(&nine[0], &x9).unwrap()), 17);
    print::pdf(&nine, &hyper).unwrap();
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let good = entries(2, Size::S9, 10);
    let nine = options(Size::S9, 6);
    let check = |entries: &[Entry], options: &Options, says: &str| {
        let e = print::pdf(entries, options).unwrap_err();
        assert!(e.to_string().contains(says), "{e} (wanted: {says})");
        let e2 = print::svg_pages(entries, options).unwrap_err();
        assert_eq!(e, e2);
    };
    for per_page in [0, 3, 5, 7, 13, 100] {
        let options = Options {
            per_page,
            ..nine.clone()
        };
        check(&good, &options, &format!("{per_page} puzzles per page"));
        assert_eq!(print::pdf(&good, &options), Err(Error::PerPage(per_page)));
    }
    check(
        &good,
        &Options {
            large_print: true,
            ..nine.clone()
        },
        "large print holds 1 or 2 puzzles per page, not 6",
    );
    for n in [0, 49] {
        check(
            &good,
            &Options {
                answers_per_page: Some(n),
                ..nine.clone()
            },
            &format!("{n} solutions per page"),
        );
    }
    check(&[], &nine, "no puzzles");
    let mut short = good.clone();
    short[1].puzzle.pop();
    check(
        &short,
        &nine,
        "puzzle #2: the puzzle has 80 cells, and a 9x9 grid has 81",
    );
    let mut long = good.clone();
    long[0].solution.push(1);
    check(&long, &nine, "puzzle #1: the solution has 82 cells");
    let mut wrong = good.clone();
    let i = wrong[0].puzzle.iter().position(|&v| v != 0).unwrap();
    wrong[0].puzzle[i] = wrong[0].solution[i] % 9 + 1;
    check(&wrong, &nine, "where its solution has");
    let mut big = good.clone();
    big[0].puzzle[0] = 10;
    check(&big, &nine, "holds 10, above the grid's 9 symbols");
    let mut empty = good.clone();
    empty[1].solution[80] = 0;
    check(
        &empty,
        &nine,
        "puzzle #2: the solution's cell at row 9, column 9 holds 0",
    );
    // Entries of another size than the geometry.
    check(&entries(1, Size::S4, 1), &nine, "the puzzle has 16 cells");
    for (alphabet, says) in [
        ("12345678", "needs 9"),
        ("123456781", "'1' stands for two values, 1 and 9"),
        ("1234 6789", "a space"),
        ("12345678\u{4e00}", "the font has no"),
    ] {
        let options = Options {
            alphabet: alphabet.into(),
            ..nine.clone()
        };
        check(&good, &options, says);
    }
    check(
        &good,
        &Options {
            title: Some("数独".into()),
            ..nine.clone()
        },
        "the title '数独' holds '数'",
    );
    check(
        &good,
        &Options {
            title: Some("a\u{7}b".into()),
            ..nine.clone()
        },
        "control character",
    );
    let mut level = good.clone();
    level[0].level = Some("très \u{1f600}".into());
    check(&level, &nine, "puzzle #1: the level");
    check(
        &good,
        &Options::new(Geometry::rectangular(9, 2, 3)),
        "do not tile",
    );
    let window = Geometry {
        windows: vec![Window {
            row: 8,
            col: 8,
            height: 2,
            width: 1,
        }],
        ..Geometry::square(9)
    };
    check(&good, &Options::new(window), "does not lie inside");
    assert!(
        Paper::parse("a3")
            .unwrap_err()
            .contains("unknown paper size 'a3'")
    );
    // A single puzzle is checked the same way.
    assert!(print::svg_puzzle(&short[1], &nine).is_err());
    assert!(print::svg_solution(&good[0], &Options::new(Geometry::square(10))).is_err());
}

#[test]
fn random_input_never_panics() {
    let mut rng = grid_rng(2026, 41);
    let mut r = |n: u32| below(&mut rng, n) as usize;
    for _ in 0..300 {
        let side = r(12);
        let geometry = Geometry {
            regions: if r(4) == 0 {
                Some((0..r(150)).map(|_| r(5) as u8).collect())
            } else {
                None
            },
            diagonals: r(2) == 0,
            windows: (0..r(3))
                .map(|_| Window {
                    row: r(12),
                    col: r(12),
                    height: r(5),
                    width: r(5),
                })
                .collect(),
            ..Geometry::rectangular(side, r(5), r(5))
        };
        let cells = side * side;
        let entries: Vec<Entry> = (0..r(4))
            .map(|i| {
                let len = |r: &mut dyn FnMut(u32) -> usize| if r(5) == 0 { r(200) } else { cells };
                let n = len(&mut r);
                let puzzle = (0..n).map(|_| r(side as u32 + 2) as u8).collect();
                let n = len(&mut r);
                let solution = (0..n).map(|_| r(side as u32 + 2) as u8).collect();
                Entry::new(i as u64, puzzle, solution)
            })
            .collect();
        let options = Options {
            per_page: r(14),
            large_print: r(3) == 0,
            answers_per_page: if r(2) == 0 { Some(r(60)) } else { None },
            alphabet: "123456789ABC".chars().take(r(13)).collect(),
            ..Options::new(geometry)
        };
        let _ = print::pdf(&entries, &options);
        let _ = print::svg_pages(&entries, &options);
        if let Some(e) = entries.first() {
            let _ = print::svg_puzzle(e, &options);
            let _ = print::svg_solution(e, &options);
        }
    }
}

#[test]
fn a_thousand_puzzles_fit_in_a_megabyte() {
    let entries = entries(1000, Size::S9, 11);
    let options = options(Size::S9, 6);
    let bytes = print::pdf(&entries, &options).unwrap();
    assert!(bytes.len() < 1_000_000, "{} bytes", bytes.len());
    let doc = Document::load_mem(&bytes).unwrap();
    assert_eq!(doc.get_pages().len(), 167 + 50);
}

/// The built-in font's file, read here by `ttf-parser` alone: the tests
/// measure text with it, not with the writer's code.
static FONT: &[u8] = include_bytes!("../assets/fonts/AtkinsonHyperlegible-Bold.ttf");

/// The width of `text` in ems in the font, and whether it has every
/// character.
fn em_width(face: &ttf_parser::Face, text: &str) -> (f32, bool) {
    let upem = f32::from(face.units_per_em());
    text.chars().fold((0.0, true), |(w, all), c| {
        match face.glyph_index(c).and_then(|g| face.glyph_hor_advance(g)) {
            Some(a) => (w + f32::from(a) / upem, all),
            None => (w, false),
        }
    })
}

/// An attribute of `node` as a number.
fn attr(node: roxmltree::Node, name: &str) -> f32 {
    node.attribute(name)
        .unwrap_or_else(|| panic!("no {name}"))
        .parse()
        .unwrap()
}

/// A text element's run: its text, its anchor x, its anchor and its size.
fn run_of(node: roxmltree::Node) -> (String, f32, String, f32) {
    let text: String = node
        .descendants()
        .filter(|d| d.is_text())
        .map(|d| d.text().unwrap_or(""))
        .collect();
    (
        text,
        node.attribute("x").map_or(f32::NAN, |x| x.parse().unwrap()),
        node.attribute("text-anchor").unwrap_or("start").to_string(),
        attr(node, "font-size"),
    )
}

/// A grid's label: its text runs, as [`run_of`] reads them.
type Label = Vec<(String, f32, String, f32)>;

/// Each grid of an SVG page, as (left, top, outer width), with the text
/// runs just before it from the one that starts with `#` (its label), in
/// document order.
fn svg_grids(svg: &str) -> Vec<([f32; 3], Label)> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let mut grids = Vec::new();
    let mut runs: Label = Vec::new();
    for node in doc.root_element().children().filter(|n| n.is_element()) {
        match node.tag_name().name() {
            "text" => runs.push(run_of(node)),
            "g" => {
                let t = node.attribute("transform").unwrap();
                let xy: Vec<f32> = t
                    .trim_start_matches("translate(")
                    .trim_end_matches(')')
                    .split(' ')
                    .map(|v| v.parse().unwrap())
                    .collect();
                // The border is the first segment of the thickest lines.
                let thick = node
                    .children()
                    .filter(|n| n.has_tag_name("path") && n.attribute("stroke").is_some())
                    .max_by(|a, b| attr(*a, "stroke-width").total_cmp(&attr(*b, "stroke-width")))
                    .unwrap();
                let d = thick.attribute("d").unwrap();
                let nums: Vec<f32> = d[1..]
                    .split(['L', 'M', ' '])
                    .take(4)
                    .map(|v| v.parse().unwrap())
                    .collect();
                let width = nums[2] - nums[0] + attr(thick, "stroke-width");
                let label = runs.split_off(
                    runs.iter()
                        .rposition(|r| r.0.starts_with('#'))
                        .unwrap_or(runs.len()),
                );
                grids.push(([xy[0], xy[1], width], label));
            }
            _ => {}
        }
    }
    grids
}

/// Item 26 of issue 50: on small paper labels and page numbers shrink
/// with the grids. On 80x110 mm, for every number per page, shape and
/// large print, each label lies within its grid's width (measured with
/// the font's own advances), the number and the level do not overlap, a
/// label is no taller than a tenth of a grid narrower than 75 points, and
/// the running head and page number over such grids no taller than 15% of
/// them (one and a half labels).
#[test]
fn small_paper_labels_and_page_numbers_shrink_with_the_grids() {
    let face = ttf_parser::Face::parse(FONT, 0).unwrap();
    let paper = Paper::parse("80x110mm").unwrap();
    let mut cases: Vec<(Size, usize, bool)> = Vec::new();
    for &per_page in print::PER_PAGE {
        for size in [Size::S4, Size::S9, Size::S16] {
            cases.push((size, per_page, false));
        }
    }
    cases.extend([(Size::S9, 1, true), (Size::S9, 2, true)]);
    for (size, per_page, large_print) in cases {
        let mut entries = entries(13, size, 21);
        for e in &mut entries {
            e.level = Some("fiendish".into());
            e.rating = Some("10.5+".into());
        }
        let options = Options {
            paper,
            large_print,
            title: Some("Pocket puzzles".into()),
            ..options(size, per_page)
        };
        let case = format!("{size:?}, {per_page} a page, large print {large_print}");
        for (page, svg) in print::svg_pages(&entries, &options)
            .unwrap()
            .iter()
            .enumerate()
        {
            let grids = svg_grids(svg);
            assert!(!grids.is_empty(), "{case}: page {}", page + 1);
            for ([x, _, width], label) in &grids {
                let (number, detail) = (&label[0], label.get(1));
                assert_eq!(number.2, "start");
                let (w, all) = em_width(&face, &number.0);
                assert!(all, "{case}: {}", number.0);
                let number_end = number.1 + w * number.3;
                let right = match detail {
                    Some(d) => {
                        assert_eq!(d.2, "end");
                        let (dw, all) = em_width(&face, &d.0);
                        assert!(all, "{case}: {}", d.0);
                        assert!(
                            number_end <= d.1 - dw * d.3 + 0.05,
                            "{case}: {label:?} overlap"
                        );
                        d.1
                    }
                    None => number_end,
                };
                assert!(
                    number.1 >= x - 0.05 && right <= x + width + 0.05,
                    "{case}, page {}: label {label:?} from {} to {right}, grid from {x} to {}",
                    page + 1,
                    number.1,
                    x + width
                );
                let size = label.iter().map(|r| r.3).fold(0.0, f32::max);
                if *width < 75.0 {
                    assert!(
                        size <= width / 10.0 + 0.01,
                        "{case}: a {size} pt label over a {width} pt grid"
                    );
                }
            }
            let doc = roxmltree::Document::parse(svg).unwrap();
            let furniture: Vec<_> = doc
                .root_element()
                .children()
                .filter(|n| n.has_tag_name("text") && n.attribute("text-anchor") == Some("middle"))
                .map(run_of)
                .collect();
            assert_eq!(
                furniture.len(),
                2,
                "{case}: the running head and the page number"
            );
            assert_eq!(furniture[1].0, (page + 1).to_string());
            let narrowest = grids.iter().map(|g| g.0[2]).fold(f32::MAX, f32::min);
            for run in &furniture {
                assert!(
                    narrowest >= 75.0 || run.3 <= 0.15 * narrowest + 0.01,
                    "{case}, page {}: '{}' in {} pt over grids of {narrowest} pt",
                    page + 1,
                    run.0,
                    run.3
                );
            }
        }
    }
}

/// The plan tells the cell sizes, and whether they can be written in (5
/// mm) and read (3 mm): on A4, six 9x9 puzzles to a page can; on 80x110
/// mm, twelve cannot, and one can.
#[test]
fn the_plan_tells_whether_cells_are_big_enough() {
    let entries = entries(13, Size::S9, 3);
    let a4 = print::plan(&entries, &options(Size::S9, 6)).unwrap();
    assert!(a4.puzzles_writable() && a4.answers_readable(), "{a4:?}");
    assert!((8.0..10.0).contains(&a4.puzzle_cell_mm), "{a4:?}");
    let small = |per_page| {
        let options = Options {
            paper: Paper::parse("80x110mm").unwrap(),
            ..options(Size::S9, per_page)
        };
        print::plan(&entries, &options).unwrap()
    };
    let (twelve, one) = (small(12), small(1));
    assert!(
        !twelve.puzzles_writable() && twelve.puzzle_cell_mm < 2.0,
        "{twelve:?}"
    );
    assert!(one.puzzles_writable() && one.answers_readable(), "{one:?}");
    let crowded = Options {
        answers_per_page: Some(48),
        ..options(Size::S16, 6)
    };
    let crowded = print::plan(&entries_16(), &crowded).unwrap();
    assert!(!crowded.answers_readable(), "{crowded:?}");
}

/// The puzzles a page holds by default: the most of 1, 2, 4, 6 whose
/// cells stay writable, so 9x9 on A4 keeps 6 and bigger grids and smaller
/// paper take fewer; the next more would not be writable.
#[test]
fn the_default_per_page_keeps_cells_writable() {
    let cases = [
        (Size::S9, "a4", 6),
        (Size::S16, "a4", 4),
        (Size::S25, "a4", 1),
        (Size::S9, "80x110mm", 1),
        (Size::from_side(12).unwrap(), "a5", 2),
    ];
    for (size, paper, want) in cases {
        let options = Options {
            paper: Paper::parse(paper).unwrap(),
            ..options(size, 12)
        };
        let got = print::default_per_page(&options);
        assert_eq!(got, want, "{size:?} on {paper}");
        let entries = entries(1, size, 1);
        let plan = |per_page| {
            print::plan(
                &entries,
                &Options {
                    per_page,
                    ..options.clone()
                },
            )
            .unwrap()
        };
        assert!(plan(got).puzzles_writable(), "{size:?} on {paper}");
        if let Some(&more) = print::PER_PAGE.iter().find(|&&n| n > got && n <= 6) {
            assert!(
                !plan(more).puzzles_writable(),
                "{size:?} on {paper}: {more}"
            );
        }
    }
    let large = Options {
        large_print: true,
        ..options(Size::S9, 1)
    };
    assert_eq!(print::default_per_page(&large), 1);
}

/// Three 16x16 puzzles.
fn entries_16() -> Vec<Entry> {
    entries(3, Size::S16, 4)
}

/// Base64 as RFC 4648 reads it, written here.
fn unbase64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {}", char::from(c)),
    };
    let bytes: Vec<u8> = text.bytes().filter(|&c| c != b'=').collect();
    let mut out = Vec::new();
    for chunk in bytes.chunks(4) {
        let word = chunk
            .iter()
            .enumerate()
            .fold(0u32, |w, (i, &c)| w | u32::from(value(c)) << (18 - 6 * i));
        out.extend(&word.to_be_bytes()[1..chunk.len()]);
    }
    out
}

/// A WOFF 1.0 file unpacked to the TrueType file it holds (the W3C's
/// layout, read here: header, directory, zlib-compressed tables).
fn unwoff(woff: &[u8]) -> Vec<u8> {
    let u32_at = |at: usize| u32::from_be_bytes(woff[at..at + 4].try_into().unwrap());
    assert_eq!(&woff[..4], b"wOFF");
    assert_eq!(u32_at(8) as usize, woff.len(), "the length in the header");
    let count = usize::from(u16::from_be_bytes([woff[12], woff[13]]));
    let mut tables = Vec::new();
    for i in 0..count {
        let at = 44 + 20 * i;
        let (offset, packed, length) = (
            u32_at(at + 4) as usize,
            u32_at(at + 8) as usize,
            u32_at(at + 12) as usize,
        );
        let stored = &woff[offset..offset + packed];
        let data = if packed < length {
            miniz_oxide::inflate::decompress_to_vec_zlib(stored).unwrap()
        } else {
            stored.to_vec()
        };
        assert_eq!(data.len(), length);
        tables.push((woff[at..at + 4].to_vec(), data));
    }
    let mut out = woff[4..8].to_vec();
    out.extend((count as u16).to_be_bytes());
    out.extend([0; 6]);
    let mut offset = 12 + 16 * count;
    for (tag, data) in &tables {
        out.extend(tag);
        out.extend([0; 4]);
        out.extend((offset as u32).to_be_bytes());
        out.extend((data.len() as u32).to_be_bytes());
        offset += data.len().next_multiple_of(4);
    }
    for (_, data) in &tables {
        out.extend(data);
        out.resize(out.len().next_multiple_of(4), 0);
    }
    out
}

/// Item 26 of issue 50: each SVG page embeds the font, so that it renders
/// the same everywhere: an `@font-face` whose `data:` URL holds a WOFF
/// file of a font that has every character of the page, each as wide as
/// in the built-in font, and that the page's text asks for first.
#[test]
fn svg_pages_embed_the_font_they_use() {
    let face = ttf_parser::Face::parse(FONT, 0).unwrap();
    let mut entries = entries(5, Size::S16, 8);
    entries[0].level = Some("très difficile".into());
    let options = Options {
        title: Some("Hexadoku · Ÿ".into()),
        ..options(Size::S16, 4)
    };
    let pages = print::svg_pages(&entries, &options).unwrap();
    let mut families = Vec::new();
    for svg in &pages {
        let doc = roxmltree::Document::parse(svg).unwrap();
        let style = doc
            .descendants()
            .find(|n| n.has_tag_name("style"))
            .and_then(|n| n.text())
            .unwrap();
        let (_, face_rule) = style.split_once("@font-face{").expect("a font face");
        let family = face_rule
            .split_once("font-family:'")
            .and_then(|(_, f)| f.split_once('\''))
            .unwrap()
            .0;
        let data = face_rule
            .split_once("url(data:font/woff;base64,")
            .and_then(|(_, d)| d.split_once(')'))
            .unwrap()
            .0;
        assert!(
            style.contains(&format!("text{{font-family:'{family}',")),
            "{style}"
        );
        let ttf = unwoff(&unbase64(data));
        let sub = ttf_parser::Face::parse(&ttf, 0).unwrap();
        let text = svg_text(svg);
        for c in text.chars() {
            let gid = sub
                .glyph_index(c)
                .unwrap_or_else(|| panic!("no '{c}' in {family}"));
            let advance = sub.glyph_hor_advance(gid).unwrap();
            let whole = face
                .glyph_hor_advance(face.glyph_index(c).unwrap())
                .unwrap();
            assert_eq!(advance, whole, "'{c}'");
        }
        families.push(family.to_string());
    }
    // Pages of other characters declare other families, so that pages
    // can share an HTML page.
    assert_eq!(pages.len(), 3);
    assert!(svg_text(&pages[0]).contains('è') && !svg_text(&pages[1]).contains('è'));
    assert_ne!(families[0], families[1]);
}

/// `sudogen print` on the command line: the issue's acceptance commands,
/// read back; bad input stops the run with nothing written.
mod command {
    use super::*;
    use std::process::{Command, Stdio};

    const BIN: &str = env!("CARGO_BIN_EXE_sudogen");

    /// Runs `sudogen ARGS` with `input` on standard input in `dir`.
    fn run(dir: &std::path::Path, args: &[&str], input: &[u8]) -> std::process::Output {
        let mut child = Command::new(BIN)
            .args(args)
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // (A usage error ends the run before it reads its input.)
        let _ = std::io::Write::write_all(child.stdin.as_mut().unwrap(), input);
        drop(child.stdin.take());
        child.wait_with_output().unwrap()
    }

    fn made(args: &[&str]) -> Vec<u8> {
        let out = Command::new(BIN).args(args).output().unwrap();
        assert!(out.status.success(), "{out:?}");
        out.stdout
    }

    /// One book mixes shapes, variants and jigsaw maps (issue 51): each
    /// grid drawn in its own shape, the rule of each variant stated once,
    /// in the running head of the page where it first appears.
    #[test]
    fn a_book_mixes_shapes_and_states_each_rule_once() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let other_map = "AAADDDGGG AAADDDGGG ABADEDGGG BBADEEHHH BBBEEEHHH BCBEFEHHH CCBEFFIII CCCFFFIII CCCFFFIII";
        let mut input = Vec::new();
        for args in [
            &["puzzle", "-n", "2", "--seed", "1", "-f", "json"][..],
            &[
                "puzzle", "-n", "1", "--seed", "2", "--size", "6", "-f", "json",
            ],
            &[
                "puzzle",
                "-n",
                "6",
                "--seed",
                "3",
                "--variant",
                "x",
                "-f",
                "json",
            ],
            &[
                "puzzle",
                "-n",
                "1",
                "--seed",
                "4",
                "--variant",
                "jigsaw",
                "--regions",
                "AAABBBCCC AABBBCCCC AAAABBBCC DDDDEEEFF DDEEEFFFF DDDEEEFFF GGGHHHIII GGGHHHIII GGGHHHIII",
                "-f",
                "json",
            ],
            &[
                "puzzle",
                "-n",
                "1",
                "--seed",
                "5",
                "--variant",
                "jigsaw",
                "--regions",
                other_map,
                "-f",
                "json",
            ],
        ] {
            input.extend(made(args));
        }
        let out = run(d, &["print", "--per-page", "4", "-o", "mixed.pdf"], &input);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let doc = Document::load(d.join("mixed.pdf")).unwrap();
        let pages = pdf_texts(&doc);
        let count = |page: &str, text: &str| squeeze(page).matches(&squeeze(text)).count();
        let x = "X: each long diagonal also holds 1-9 once";
        let jigsaw = "Jigsaw: each outlined region holds 1-9 once, in place of boxes";
        // Page 1: two classic, one 6x6, one X: the X rule; page 2: five X;
        // page 3: the last X and both jigsaws: the jigsaw rule.
        assert_eq!(count(&pages[0], x), 1, "{}", pages[0]);
        assert_eq!(count(&pages[0], jigsaw), 0);
        assert_eq!(
            count(&pages[1], x) + count(&pages[1], jigsaw),
            0,
            "{}",
            pages[1]
        );
        assert_eq!(count(&pages[2], jigsaw), 1, "{}", pages[2]);
        assert_eq!(count(&pages[2], x), 0);
        // Without variants, no rule and no head: a classic book is as it was.
        let classic = made(&["puzzle", "-n", "2", "--seed", "1", "-f", "json"]);
        let out = run(d, &["print", "-o", "plain.pdf"], &classic);
        assert!(out.status.success());
        let plain = pdf_texts(&Document::load(d.join("plain.pdf")).unwrap());
        assert!(!plain[0].contains(':'), "{}", plain[0]);
    }

    #[test]
    fn the_acceptance_commands_make_their_books() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let json = made(&[
            "puzzle",
            "-n",
            "60",
            "--seed",
            "1",
            "--with-solution",
            "-f",
            "json",
        ]);
        let out = run(
            d,
            &[
                "print",
                "--per-page",
                "6",
                "--paper",
                "a4",
                "-o",
                "book.pdf",
            ],
            &json,
        );
        assert!(out.status.success(), "{out:?}");
        let book = Document::load(d.join("book.pdf")).unwrap();
        let pages = book.get_pages();
        // Ten pages of puzzles, then the answers.
        assert!(pages.len() > 10, "{}", pages.len());
        let (w, h) = page_size(&book, pages[&1]);
        assert!(
            (w - 595.3).abs() < 1.0 && (h - 841.9).abs() < 1.0,
            "{w} x {h}"
        );
        // The givens of each puzzle, row by row, on its page.
        let texts = pdf_texts(&book);
        let lines: Vec<String> = String::from_utf8(json.clone())
            .unwrap()
            .lines()
            .map(|l| {
                let doc: serde_json::Value = serde_json::from_str(l).unwrap();
                let rows = doc["puzzle"].as_array().unwrap().iter().flat_map(|r| {
                    r.as_array()
                        .unwrap()
                        .iter()
                        .map(|v| v.as_u64().unwrap() as u8)
                        .collect::<Vec<_>>()
                });
                rows.map(|v| if v == 0 { ' ' } else { char::from(b'0' + v) })
                    .filter(|c| *c != ' ')
                    .collect()
            })
            .collect();
        for (i, givens) in lines.iter().enumerate() {
            let page = squeeze(&texts[i / 6]);
            assert!(
                page.contains(givens.as_str()),
                "puzzle {i}: {givens} not on page {}",
                i / 6 + 1
            );
        }

        let line = made(&["puzzle", "-n", "5", "--seed", "2", "-f", "line"]);
        let out = run(
            d,
            &[
                "print",
                "--per-page",
                "1",
                "--paper",
                "letter",
                "-o",
                "one.pdf",
            ],
            &line,
        );
        assert!(out.status.success(), "{out:?}");
        let one = Document::load(d.join("one.pdf")).unwrap();
        let pages = one.get_pages();
        assert_eq!(pages.len(), 6, "five puzzle pages, then one of answers");
        let (w, h) = page_size(&one, pages[&1]);
        assert!(
            (w - 612.0).abs() < 1.0 && (h - 792.0).abs() < 1.0,
            "{w} x {h}"
        );

        let big = made(&[
            "puzzle", "-n", "4", "--size", "16", "--seed", "3", "-f", "line",
        ]);
        let out = run(d, &["print", "--per-page", "1", "-o", "big.pdf"], &big);
        assert!(out.status.success(), "{out:?}");
        assert!(Document::load(d.join("big.pdf")).unwrap().get_pages().len() >= 5);

        let single = made(&["puzzle", "-n", "1", "--seed", "4", "-f", "line"]);
        let out = run(d, &["print", "--format", "svg", "-o", "page.svg"], &single);
        assert!(out.status.success(), "{out:?}");
        let svg = std::fs::read_to_string(d.join("page.svg")).unwrap();
        roxmltree::Document::parse(&svg).unwrap();
        let givens: String = String::from_utf8(single).unwrap().trim().replace('.', "");
        assert!(
            squeeze(&svg_text(&svg)).contains(&givens),
            "{}",
            svg_text(&svg)
        );
        assert!(d.join("page-2.svg").exists(), "the answers' page");
    }

    #[test]
    fn bad_input_writes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let puzzles = made(&["puzzle", "-n", "3", "--seed", "1"]);
        let mut bad = puzzles.clone();
        bad.extend_from_slice(b"123\n");
        let out = run(d, &["print", "-o", "book.pdf"], &bad);
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("<stdin>:4: 3 cells"), "{err}");
        // A puzzle with two solutions: exit 1.
        let two = format!("{}\n", ".".repeat(81));
        let out = run(d, &["print", "-o", "book.pdf"], two.as_bytes());
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        for (args, says) in [
            (
                vec!["print", "--paper", "b5", "-o", "book.pdf"],
                "unknown paper size 'b5'",
            ),
            (
                vec!["print", "--per-page", "0", "-o", "book.pdf"],
                "use 1, 2, 4, 6, 9 or 12",
            ),
            (
                vec![
                    "print",
                    "--large-print",
                    "--per-page",
                    "6",
                    "-o",
                    "book.pdf",
                ],
                "1 or 2 puzzles per page",
            ),
        ] {
            let out = run(d, &args, &puzzles);
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            let err = String::from_utf8(out.stderr).unwrap();
            assert!(err.contains(says) && err.lines().count() == 1, "{err}");
        }
        // Nothing left behind, not even a temporary file.
        let left: Vec<_> = std::fs::read_dir(d).unwrap().collect();
        assert!(left.is_empty(), "{left:?}");
    }

    /// Rated records keep their ratings, and sorted books run from easy
    /// to hard.
    #[test]
    fn sorted_by_rating_with_labels() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let puzzles = made(&["puzzle", "-n", "6", "--seed", "3"]);
        let out = run(d, &["print", "--sort", "rating", "-o", "r.pdf"], &puzzles);
        assert!(out.status.success(), "{out:?}");
        let text = pdf_texts(&Document::load(d.join("r.pdf")).unwrap()).join(" ");
        let ratings: Vec<f64> = text
            .split("SE ")
            .skip(1)
            .map(|t| {
                t.split_whitespace()
                    .next()
                    .unwrap()
                    .trim_end_matches('+')
                    .parse()
                    .unwrap()
            })
            .collect();
        assert_eq!(ratings.len(), 6, "{text}");
        assert!(ratings.windows(2).all(|w| w[0] <= w[1]), "{ratings:?}");
    }

    /// Item 2 of issue 50: X puzzles written as lines, which carry no
    /// variant, have several solutions as classic puzzles: `print` without
    /// `--variant x` refuses them, whatever solution each record carries,
    /// and names the flag; with it, the book is made.
    #[test]
    fn puzzles_unique_only_as_x_are_refused_naming_the_flag() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let lines = made(&[
            "puzzle",
            "--variant",
            "x",
            "-n",
            "6",
            "--seed",
            "1",
            "--with-solution",
            "-f",
            "line",
        ]);
        std::fs::write(d.join("x.txt"), &lines).unwrap();
        // Each has 2+ solutions as a classic puzzle: counted here.
        for line in String::from_utf8(lines.clone()).unwrap().lines() {
            let mut cells = common::line_cells(line.split(' ').next().unwrap());
            assert!(common::naive_count(&mut cells, 9, 2) >= 2, "{line}");
        }
        let out = run(d, &["print", "x.txt", "-o", "x.pdf"], b"");
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        for k in 1..=6 {
            assert!(
                err.contains(&format!(
                    "x.txt:{k}: 2+ solutions as a 9x9 puzzle, exactly one as a 9x9 X puzzle: print it with --variant x\n"
                )),
                "{err}"
            );
        }
        assert!(!d.join("x.pdf").exists());
        let out = run(d, &["print", "--variant", "x", "x.txt", "-o", "x.pdf"], b"");
        assert!(out.status.success(), "{out:?}");
        assert_eq!(
            Document::load(d.join("x.pdf")).unwrap().get_pages().len(),
            2
        );
        // Hyper lines name --variant hyper.
        let hyper = made(&["puzzle", "--variant", "hyper", "-n", "1", "--seed", "3"]);
        let out = run(d, &["print", "-o", "h.pdf"], &hyper);
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("print it with --variant hyper\n"), "{err}");
    }

    /// Jigsaw puzzles written as lines without their regions (as other
    /// programs write them) fail as classic puzzles (a value twice in a box, in the puzzle or in the
    /// solution it carries; no solution; several): `print` without
    /// `--regions` says in the same line that a jigsaw needs its map; with
    /// it, the book is made. A fault no jigsaw explains (a row) gets no
    /// such words.
    #[test]
    fn a_jigsaw_read_as_classic_is_refused_naming_regions() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let regions = d.join("regions.txt");
        std::fs::write(
            &regions,
            "AAABBBCCC\nAABBBCCCC\nAAAABBBCC\nDDDDEEEFF\nDDEEEFFFF\nDDDEEEFFF\nGGGHHHIII\nGGGHHHIII\nGGGHHHIII\n",
        )
        .unwrap();
        let regions = regions.to_str().unwrap();
        let hint = "; if it is a jigsaw puzzle, give its region map with --regions";
        for with_solution in [true, false] {
            let mut args = vec!["puzzle", "--regions", regions, "-n", "6", "--seed", "3"];
            if with_solution {
                args.push("--with-solution");
            }
            // The map after each puzzle taken out.
            let lines: Vec<u8> = String::from_utf8(made(&args))
                .unwrap()
                .lines()
                .map(|l| {
                    let mut f: Vec<&str> = l.split(' ').collect();
                    f.remove(1);
                    f.join(" ") + "\n"
                })
                .collect::<String>()
                .into_bytes();
            let out = run(d, &["print", "-o", "j.pdf"], &lines);
            assert_eq!(out.status.code(), Some(1), "{out:?}");
            let err = String::from_utf8(out.stderr).unwrap();
            let messages: Vec<&str> = err.lines().collect();
            assert_eq!(messages.len(), 7, "{err}");
            for m in &messages[..6] {
                assert!(
                    m.contains(hint) || m.ends_with("print it with --variant x"),
                    "{m}"
                );
            }
            assert!(!d.join("j.pdf").exists());
            let out = run(d, &["print", "--regions", regions, "-o", "j.pdf"], &lines);
            assert!(out.status.success(), "{out:?}");
            std::fs::remove_file(d.join("j.pdf")).unwrap();
        }
        // A value twice in a row is no jigsaw's fault.
        let row = format!("11{}\n", ".".repeat(79));
        let out = run(d, &["print", "-o", "r.pdf"], row.as_bytes());
        assert_eq!(
            String::from_utf8(out.stderr).unwrap().lines().next(),
            Some("sudogen: <stdin>:1: row 1 has two 1s")
        );
    }

    /// Item 2 of issue 50: a hand-edited record whose puzzle has several
    /// solutions is refused though it carries a valid grid that keeps its
    /// givens; and a carried solution must be the puzzle's one solution in
    /// the book's shape (a classic solution of an X puzzle is not).
    #[test]
    fn a_carried_solution_does_not_stand_for_the_puzzle_s_one_solution() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let line = String::from_utf8(made(&[
            "puzzle",
            "-n",
            "1",
            "--seed",
            "7",
            "--with-solution",
            "-f",
            "line",
        ]))
        .unwrap();
        let (puzzle, solution) = line.trim().split_once(' ').unwrap();
        // A given taken out: a minimal puzzle then has several solutions.
        let at = puzzle.find(|c: char| c != '.').unwrap();
        let edited = format!("{}.{} {solution}\n", &puzzle[..at], &puzzle[at + 1..]);
        let mut cells = common::line_cells(&edited[..81]);
        assert!(common::naive_count(&mut cells, 9, 2) >= 2);
        let out = run(d, &["print", "-o", "e.pdf"], edited.as_bytes());
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(
            err,
            "sudogen: <stdin>:1: 2+ solutions: a puzzle for a book needs exactly one; if it is a jigsaw puzzle, give its region map with --regions (an X or Hyper puzzle: --variant)\n\
             sudogen: error: nothing was printed; mend the records above, or leave them out\n"
        );
        assert!(!d.join("e.pdf").exists());

        // An X puzzle with a classic solution of its givens that is not
        // its X solution, found here by fixing cells one by one.
        let x = String::from_utf8(made(&[
            "puzzle",
            "--variant",
            "x",
            "-n",
            "1",
            "--seed",
            "1",
            "--with-solution",
            "-f",
            "line",
        ]))
        .unwrap();
        let (puzzle, x_solution) = x.trim().split_once(' ').unwrap();
        let mut cells = common::line_cells(puzzle);
        let x_cells = common::line_cells(x_solution);
        let mut differs = false;
        for i in 0..81 {
            if cells[i] != 0 {
                continue;
            }
            cells[i] = (1..=9)
                .filter(|&v| differs || v != x_cells[i])
                .find(|&v| {
                    let mut trial = cells.clone();
                    trial[i] = v;
                    common::naive_count(&mut trial, 9, 1) == 1
                })
                .unwrap_or(x_cells[i]);
            differs |= cells[i] != x_cells[i];
        }
        assert!(differs && common::naive_count(&mut cells.clone(), 9, 1) == 1);
        let other: String = cells.iter().map(|v| char::from(b'0' + v)).collect();
        let record = format!("{puzzle} {other}\n");
        let out = run(
            d,
            &["print", "--variant", "x", "-o", "x.pdf"],
            record.as_bytes(),
        );
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.starts_with("sudogen: <stdin>:1: its solution "),
            "{err}"
        );
        assert!(!d.join("x.pdf").exists());
        // With its own solution, it prints.
        let out = run(d, &["print", "--variant", "x", "-o", "x.pdf"], x.as_bytes());
        assert!(out.status.success(), "{out:?}");
    }

    /// Item 27 of issue 50: `--answers-per-page` with `--no-solutions` is a
    /// usage error, not silently ignored.
    #[test]
    fn answers_per_page_without_solutions_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let puzzles = made(&["puzzle", "-n", "2", "--seed", "1"]);
        let args = [
            "print",
            "--no-solutions",
            "--answers-per-page",
            "4",
            "-o",
            "b.pdf",
        ];
        let out = run(dir.path(), &args, &puzzles);
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with("sudogen: ")
                && err.contains("--no-solutions")
                && err.contains("--answers-per-page"),
            "{err}"
        );
        assert!(!dir.path().join("b.pdf").exists());
    }

    /// Item 26 of issue 50: cells too small to write in get a warning that
    /// says how big they are and what would do (fewer to a page, larger
    /// paper); the book is still made. A usual book gets none.
    #[test]
    fn cells_too_small_to_write_in_are_warned_of() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let puzzles = made(&["puzzle", "-n", "12", "--seed", "1"]);
        let small = [
            "print",
            "--paper",
            "80x110mm",
            "--per-page",
            "12",
            "-o",
            "s.pdf",
        ];
        let out = run(d, &small, &puzzles);
        assert!(out.status.success(), "{out:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.starts_with("sudogen: warning: the puzzles' cells are 1.")
                && err.ends_with(" mm wide, too small to write in (5 mm or more); print fewer to a page (--per-page 1 gives 6.5 mm) or use larger paper\n")
                && err.lines().count() == 1,
            "{err}"
        );
        assert!(d.join("s.pdf").exists());
        let out = run(d, &["print", "-o", "a4.pdf"], &puzzles);
        assert!(out.status.success() && out.stderr.is_empty(), "{out:?}");
        let crowded = [
            "print",
            "--size",
            "16",
            "--answers-per-page",
            "48",
            "-o",
            "c.pdf",
        ];
        let big = made(&[
            "puzzle", "--size", "16", "-n", "2", "--seed", "1", "--clues", "150",
        ]);
        let out = run(d, &crowded, &big);
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains("warning: the solutions' cells are 1.4 mm wide, too small to read (3 mm or more); print fewer to a page (--answers-per-page 12 gives 3.4 mm) or use larger paper\n"),
            "{err}"
        );
    }

    /// A book made without `--per-page` holds as many puzzles a page as
    /// stay writable, so it warns of nothing: 16x16 books at 4 a page and
    /// 25x25 at 1 are the books `--per-page 4` and `--per-page 1` make,
    /// and 9x9 on A4 the book `--per-page 6` makes. Asked for, 6 a page of
    /// 16x16 is made and warned of.
    #[test]
    fn the_default_per_page_warns_of_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let cases: [(&[&str], &str); 3] = [
            (&["--size", "16", "--clues", "150"], "4"),
            (&["--size", "25", "-s", "search", "--clues", "450"], "1"),
            (&[], "6"),
        ];
        for (shape, per_page) in cases {
            let mut args = vec!["puzzle", "-n", "7", "--seed", "1"];
            args.extend_from_slice(shape);
            let puzzles = made(&args);
            let out = run(d, &["print", "-o", "default.pdf"], &puzzles);
            assert!(
                out.status.success() && out.stderr.is_empty(),
                "{shape:?}: {out:?}"
            );
            let out = run(
                d,
                &["print", "--per-page", per_page, "-o", "asked.pdf"],
                &puzzles,
            );
            assert!(out.status.success(), "{out:?}");
            assert!(
                std::fs::read(d.join("default.pdf")).unwrap()
                    == std::fs::read(d.join("asked.pdf")).unwrap(),
                "{shape:?}: the default is not --per-page {per_page}"
            );
        }
        let puzzles = made(&[
            "puzzle", "-n", "7", "--seed", "1", "--size", "16", "--clues", "150",
        ]);
        let out = run(d, &["print", "--per-page", "6", "-o", "six.pdf"], &puzzles);
        assert!(out.status.success(), "{out:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.starts_with("sudogen: warning: the puzzles' cells are 4.7 mm wide"),
            "{err}"
        );
    }

    /// The SVG pages of `dir`, sorted by name.
    fn svg_files(dir: &std::path::Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| n.ends_with(".svg"))
            .collect();
        names.sort();
        names
    }

    /// Item 26 of issue 50: SVG page numbers are padded to the width of the
    /// page count, so names sort in page order; a shorter book written
    /// again under the same name removes the pages of the earlier run
    /// that it did not write, and nothing else: not a file of that name
    /// that is not a page of this book, not a link, not another book's page.
    #[test]
    fn svg_page_names_sort_and_stale_pages_go() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let many = made(&["puzzle", "-n", "60", "--seed", "2", "--with-solution"]);
        let out = run(d, &["print", "--per-page", "1", "-o", "book.svg"], &many);
        assert!(out.status.success(), "{out:?}");
        let names = svg_files(d);
        // 60 pages of puzzles, 3 of solutions: book.svg, book-02 ... book-63.
        assert_eq!(names.len(), 63);
        assert_eq!(names[0], "book-02.svg");
        assert_eq!(names[61], "book-63.svg");
        assert_eq!(names[62], "book.svg");
        let page_two = std::fs::read_to_string(d.join("book-02.svg")).unwrap();
        assert!(squeeze(&svg_text(&page_two)).starts_with("#2"));
        // Files that are not this book's pages, named as its pages are.
        let foreign = "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n";
        std::fs::write(d.join("book-70.svg"), foreign).unwrap();
        std::fs::write(d.join("book-71.svg"), "").unwrap();
        let other = made(&["puzzle", "-n", "3", "--seed", "4"]);
        let out = run(d, &["print", "--per-page", "1", "-o", "other.svg"], &other);
        assert!(out.status.success(), "{out:?}");
        std::fs::rename(d.join("other-2.svg"), d.join("book-72.svg")).unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(d.join("book-63.svg"), d.join("book-73.svg")).unwrap();

        let few = made(&["puzzle", "-n", "7", "--seed", "3"]);
        let out = run(d, &["print", "--per-page", "1", "-o", "book.svg"], &few);
        assert!(out.status.success(), "{out:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains(
                "note: removed 62 pages of an earlier run of this book that this one did not write"
            ),
            "{err}"
        );
        let mut kept: Vec<String> = (2..=8).map(|k| format!("book-{k}.svg")).collect();
        kept.extend(["book-70.svg", "book-71.svg", "book-72.svg"].map(String::from));
        #[cfg(unix)]
        kept.push("book-73.svg".into());
        kept.extend(["book.svg", "other-3.svg", "other-4.svg", "other.svg"].map(String::from));
        kept.sort();
        assert_eq!(svg_files(d), kept);
        assert_eq!(
            std::fs::read_to_string(d.join("book-70.svg")).unwrap(),
            foreign
        );
        // Seven puzzles, one page of answers: the last is page 8.
        let last = std::fs::read_to_string(d.join("book-8.svg")).unwrap();
        assert!(squeeze(&svg_text(&last)).starts_with("Solutions#1"));
    }
}

/// Runs the binary with `args`, `stdin` on its standard input.
fn run_sudogen(args: &[&str], stdin: &[u8]) -> std::process::Output {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sudogen"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

/// The web page's size targets: 100 hard puzzles with their hints under
/// 300 KB, and so (the page's own weight once, then each puzzle's) 1,000
/// under 3 MB.
#[test]
fn a_web_page_of_100_hard_puzzles_with_hints_is_under_300_kb() {
    let made = run_sudogen(
        &[
            "puzzle",
            "-n",
            "100",
            "--level",
            "hard",
            "--seed",
            "1",
            "--with-solution",
            "-f",
            "json",
        ],
        b"",
    );
    assert!(made.status.success());
    let page = run_sudogen(&["print", "-f", "html"], &made.stdout);
    assert!(
        page.status.success(),
        "{}",
        String::from_utf8_lossy(&page.stderr)
    );
    let one_line = made.stdout.split(|&b| b == b'\n').next().unwrap().to_vec();
    let one = run_sudogen(&["print", "-f", "html"], &one_line);
    let (all, single) = (page.stdout.len(), one.stdout.len());
    let per_puzzle = (all - single) / 99;
    eprintln!("100 hard puzzles: {all} bytes; one: {single}; about {per_puzzle} a puzzle");
    assert!(all < 300_000, "{all} bytes");
    assert!(single + 999 * per_puzzle < 3_000_000);
    let html = String::from_utf8(page.stdout).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    for outside in ["http:", "https:", "src=\"", "<link", "@import"] {
        assert!(!html.contains(outside), "the page refers to {outside}");
    }
}

#[test]
fn an_htm_or_html_name_writes_the_web_page() {
    let dir = common::scratch_dir();
    let made = run_sudogen(&["puzzle", "-n", "2", "--seed", "3", "--size", "6"], b"");
    for name in ["book.htm", "book.html"] {
        let path = dir.path().join(name);
        let out = run_sudogen(
            &[
                "print",
                "--title",
                "Six <&> \"six\"",
                "-o",
                path.to_str().unwrap(),
            ],
            &made.stdout,
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let html = std::fs::read_to_string(&path).unwrap();
        assert!(html.starts_with("<!DOCTYPE html>"), "{name}");
        assert!(html.contains("<title>Six &lt;&amp;&gt; &quot;six&quot;</title>"));
        assert!(html.contains(r#""shape":{"box":[2,3],"side":6}"#), "{name}");
    }
}

#[test]
fn the_web_page_escapes_its_data_and_refuses_hints_off_the_grid() {
    let mut entries = entries(1, Size::S4, 5);
    entries[0].level = Some("</script><b>".into());
    let options = options(Size::S4, 1);
    let page = print::html(&entries, &[], &options).unwrap();
    assert_eq!(
        page.matches("</script>").count(),
        2,
        "the data's and the script's"
    );
    let off = print::Hint {
        text: "r5c1".into(),
        cells: vec![16],
        ..print::Hint::default()
    };
    let err = print::html(&entries, &[vec![off]], &options).unwrap_err();
    assert!(matches!(err, Error::Entry { number: 1, .. }), "{err:?}");
    assert!(
        err.to_string()
            .contains("a hint names a cell or value off the grid")
    );
    let wrong_value = print::Hint {
        text: "r1c1 = 5".into(),
        place: Some((0, 5)),
        ..print::Hint::default()
    };
    assert!(print::html(&entries, &[vec![wrong_value]], &options).is_err());
}
