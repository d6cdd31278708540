//! The house rules that the layout promises, checked on the source:
//!
//! - no module imports one that imports it back (no import cycle between
//!   the files of the library, nor between those of the binary);
//! - `main.rs` stays thin;
//! - the library knows nothing of clap, and nothing opts out of its
//!   documentation;
//! - `--budget` is declared once;
//! - CSV and JSON text is written only in the format room.
//!
//! Test modules (from `#[cfg(test)]` to the end of a file) are left out:
//! what they import is not the architecture.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, with its module path (`format::csv`;
/// `format` for `format/mod.rs`; `` for the crate root).
fn modules(dir: &Path, prefix: &str, out: &mut BTreeMap<String, PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let join = |p: &str, n: &str| {
            if p.is_empty() {
                n.to_string()
            } else {
                format!("{p}::{n}")
            }
        };
        if path.is_dir() {
            modules(&path, &join(prefix, &name), out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let module = match name.as_str() {
                "mod" => prefix.to_string(),
                "lib" | "main" if prefix.is_empty() => String::new(),
                _ => join(prefix, &name),
            };
            out.insert(module, path);
        }
    }
}

/// A file's code before its test module, without comments.
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let before_tests = text.split("#[cfg(test)]").next().unwrap_or("");
    before_tests
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths a piece of code names: `crate::a::b`, `super::c`, and in
/// `use` lines the items of braces (`use super::{a, b::c}` names
/// `super::a` and `super::b::c`).
fn paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    // `use` declarations, braces expanded.
    for decl in code.split("use ").skip(1) {
        let Some(end) = decl.find(';') else { continue };
        let decl: String = decl[..end].split_whitespace().collect();
        if decl.starts_with("crate::") || decl.starts_with("super::") {
            expand(&decl, &mut out);
        }
    }
    // Paths in the code itself.
    let bytes = code.as_bytes();
    for start in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(i) = code[from..].find(start) {
            let at = from + i;
            from = at + start.len();
            if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_') {
                continue;
            }
            let end = code[at..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                .map_or(code.len(), |e| at + e);
            out.push(code[at..end].trim_end_matches(':').to_string());
        }
    }
    out
}

/// `a::{b, c::{d, e}}` as `a::b`, `a::c::d`, `a::c::e`.
fn expand(decl: &str, out: &mut Vec<String>) {
    match decl.find('{') {
        None => out.push(decl.to_string()),
        Some(open) => {
            let head = &decl[..open];
            let inner = &decl[open + 1..decl.rfind('}').unwrap_or(decl.len())];
            let (mut depth, mut last) = (0, 0);
            let mut parts = Vec::new();
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        parts.push(&inner[last..i]);
                        last = i + 1;
                    }
                    _ => {}
                }
            }
            parts.push(&inner[last..]);
            for part in parts.into_iter().map(str::trim).filter(|p| !p.is_empty()) {
                expand(&format!("{head}{part}"), out);
            }
        }
    }
}

/// The module a path names: its longest prefix that is a module of the
/// crate, resolving `crate::` and `super::` from module `from`.
fn target(path: &str, from: &str, known: &BTreeMap<String, PathBuf>) -> String {
    let mut segments: Vec<&str> = Vec::new();
    let mut here: Vec<&str> = from.split("::").filter(|s| !s.is_empty()).collect();
    for (i, seg) in path.split("::").enumerate() {
        match seg {
            "crate" if i == 0 => here.clear(),
            "super" => {
                here.pop();
            }
            "self" => {}
            s => segments.push(s),
        }
    }
    let base: Vec<&str> = here.into_iter().filter(|s| !s.is_empty()).collect();
    let mut full: Vec<&str> = base.clone();
    full.extend(segments);
    (0..=full.len())
        .rev()
        .map(|n| full[..n].join("::"))
        .find(|m| known.contains_key(m))
        .unwrap_or_default()
}

/// The import graph of the crate whose root is `root` (`lib.rs` or
/// `main.rs`) among the modules `known`.
fn graph(known: &BTreeMap<String, PathBuf>) -> BTreeMap<String, BTreeSet<String>> {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, path) in known {
        for p in paths(&code(path)) {
            let to = target(&p, module, known);
            if &to != module && !to.is_empty() && !module.starts_with(&format!("{to}::")) {
                edges.entry(module.clone()).or_default().insert(to);
            }
        }
    }
    edges
}

/// A cycle in the graph, if there is one.
fn cycle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = stack.iter().position(|s| s == node) {
            let mut c = stack[at..].to_vec();
            c.push(node.to_string());
            return Some(c);
        }
        if done.contains(node) {
            return None;
        }
        stack.push(node.to_string());
        for next in edges.get(node).into_iter().flatten() {
            if let Some(c) = visit(next, edges, stack, done) {
                return Some(c);
            }
        }
        stack.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for node in edges.keys() {
        if let Some(c) = visit(node, edges, &mut Vec::new(), &mut done) {
            return Some(c);
        }
    }
    None
}

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The library's modules and the binary's (`cli::...`, and the root
/// `main.rs`).
fn crates() -> (BTreeMap<String, PathBuf>, BTreeMap<String, PathBuf>) {
    let mut all = BTreeMap::new();
    modules(&src(), "", &mut all);
    let mut lib = BTreeMap::new();
    let mut bin = BTreeMap::new();
    for (module, path) in all {
        if path.ends_with("main.rs") {
            bin.insert(String::new(), path);
        } else if module == "cli" || module.starts_with("cli::") {
            bin.insert(module, path);
        } else {
            lib.insert(module, path);
        }
    }
    (lib, bin)
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let (lib, bin) = crates();
    assert!(lib.len() > 30 && bin.len() > 10, "{lib:?} {bin:?}");
    for known in [&lib, &bin] {
        let edges = graph(known);
        assert!(
            edges.values().map(BTreeSet::len).sum::<usize>() > 20,
            "too few imports found: {edges:?}"
        );
        if let Some(c) = cycle(&edges) {
            panic!("import cycle: {}", c.join(" -> "));
        }
    }
}

/// The checker itself finds a cycle where there is one, and resolves
/// `super` and braces.
#[test]
fn the_cycle_check_can_fail() {
    let mut known = BTreeMap::new();
    for m in ["a", "a::b", "a::c", "d"] {
        known.insert(m.to_string(), PathBuf::new());
    }
    assert_eq!(target("super::c::X", "a::b", &known), "a::c");
    assert_eq!(target("super::X", "a", &known), "");
    assert_eq!(target("crate::d::x", "a::b", &known), "d");
    let mut out = Vec::new();
    expand("super::{c::{X, Y}, b}", &mut out);
    assert_eq!(out, ["super::c::X", "super::c::Y", "super::b"]);
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    edges
        .entry("a::b".into())
        .or_default()
        .insert("a::c".into());
    assert_eq!(cycle(&edges), None);
    edges
        .entry("a::c".into())
        .or_default()
        .insert("a::b".into());
    assert!(cycle(&edges).is_some());
}

#[test]
fn main_is_thin() {
    let main = std::fs::read_to_string(src().join("main.rs")).unwrap();
    let lines = main.lines().count();
    assert!(lines <= 90, "main.rs has {lines} lines; keep it at most 90");
}

#[test]
fn the_library_knows_nothing_of_clap_and_documents_everything() {
    let (lib, bin) = crates();
    for (module, path) in lib.iter().chain(&bin) {
        let text = std::fs::read_to_string(path).unwrap();
        assert!(
            !text.contains("allow(missing_docs)"),
            "{module}: allow(missing_docs)"
        );
        if lib.contains_key(module) {
            assert!(!code(path).contains("clap"), "{module} mentions clap");
        }
    }
}

#[test]
fn the_budget_option_is_declared_once() {
    let (_, bin) = crates();
    let declared: Vec<&String> = bin
        .iter()
        .filter(|(_, path)| {
            let code = code(path);
            code.split("#[arg(").skip(1).any(|arg| {
                arg.split_once(']')
                    .is_some_and(|(_, rest)| rest.trim_start().starts_with("pub budget:"))
            })
        })
        .map(|(m, _)| m)
        .collect();
    assert_eq!(declared, ["cli::args"], "--budget declared in {declared:?}");
}

#[test]
fn csv_and_json_are_written_only_in_the_format_room() {
    let (lib, bin) = crates();
    for (module, path) in lib.iter().chain(&bin) {
        if module == "format" || module.starts_with("format::") {
            continue;
        }
        // The web page embeds its book as JSON for its own script: data
        // of the page, not a record format.
        if module == "print::html" {
            continue;
        }
        let code = code(path);
        for mark in ["serde_json", "\"index,", "b\"index", "{\\\""] {
            assert!(!code.contains(mark), "{module} writes CSV or JSON ({mark})");
        }
    }
}
