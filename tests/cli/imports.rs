//! No import runs back up between the files of the two reading crates,
//! `vtesdeck-deck` and `vtesdeck-formats` (issue 40): a module's file imports
//! nothing from the file of a module that encloses it (`lib.rs`, a `mod.rs`),
//! and no files import from each other in a circle. Cargo keeps the crates
//! apart; this test keeps their files. What is read: `use crate::`,
//! `use super::`, `use self::` trees and `crate::`/`super::` paths in the
//! code (comments left out), each resolved to the file of the deepest module
//! it names; a path through a macro's metavariable (`crate::$module::$object`,
//! the registry's) names the module of each row of the one list of layouts
//! (`Variant = "name" => module::Object,`). Test code may import what it tests: a file's code from its
//! first `#[cfg(test)]` module on, and the files `tests.rs`, `testing.rs`,
//! `*_tests.rs`, are not read.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A module's path from its crate's root (empty for `lib.rs`).
type ModPath = Vec<String>;

/// One file of a crate: its name (as reported), its module path, its code.
struct File {
    name: String,
    module: ModPath,
    code: String,
}

/// The files of a crate's `src` folder (`src`, under `root`), test files
/// left out, named by their path from `root`.
fn crate_files(root: &Path, src: &str) -> Vec<File> {
    let src = &root.join(src);
    let mut files = Vec::new();
    for entry in walkdir::WalkDir::new(src).sort_by_file_name() {
        let entry = entry.expect("a readable source folder");
        let path = entry.path();
        if path.extension().is_none_or(|ext| ext != "rs") {
            continue;
        }
        let relative = path.strip_prefix(src).expect("inside src");
        let stem = relative
            .file_stem()
            .and_then(|stem| stem.to_str())
            .expect("a UTF-8 file name");
        if stem == "tests" || stem == "testing" || stem.ends_with("_tests") {
            continue;
        }
        let mut module: ModPath = relative
            .parent()
            .into_iter()
            .flat_map(Path::components)
            .map(|part| part.as_os_str().to_string_lossy().into_owned())
            .collect();
        if stem != "lib" && stem != "mod" {
            module.push(stem.to_string());
        }
        let code = std::fs::read_to_string(path).expect("a readable source file");
        files.push(File {
            name: path
                .strip_prefix(root)
                .unwrap_or(path)
                .display()
                .to_string(),
            module,
            code,
        });
    }
    files
}

/// The code of a file without its test modules (what follows its first
/// `#[cfg(test)]` module) and without comments, line breaks kept.
fn code_of(text: &str) -> String {
    let code = match text.find("#[cfg(test)]\nmod ") {
        Some(at) => &text[..at],
        None => text,
    };
    code.lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether a byte may be part of an identifier.
fn is_ident(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_'
}

/// The paths of a use tree or a path starting at `at` (just past its
/// `crate`, `super` or `self` keyword and the `::` after it), each as its
/// segments, with the offset where it ends. A `{...}` group gives a path
/// for each of its members; `*` and `as` end a path.
fn paths_at(code: &[u8], mut at: usize, prefix: &[String]) -> (Vec<Vec<String>>, usize) {
    let skip_space = |at: &mut usize| {
        while *at < code.len() && code[*at].is_ascii_whitespace() {
            *at += 1;
        }
    };
    let mut path = prefix.to_vec();
    loop {
        skip_space(&mut at);
        if code.get(at) == Some(&b'{') {
            at += 1;
            let mut paths = Vec::new();
            loop {
                skip_space(&mut at);
                match code.get(at) {
                    Some(b'}') => return (paths, at + 1),
                    Some(b',') => at += 1,
                    None => return (paths, at),
                    Some(_) => {
                        let (inner, end) = paths_at(code, at, &path);
                        paths.extend(inner);
                        // Past the member (`as name` and the like).
                        at = end;
                        while at < code.len() && !matches!(code[at], b',' | b'}') {
                            at += 1;
                        }
                    }
                }
            }
        }
        let start = at;
        // A macro's metavariable (`$module`) is a segment too.
        if code.get(at) == Some(&b'$') {
            at += 1;
        }
        while at < code.len() && is_ident(code[at]) {
            at += 1;
        }
        if at > start {
            path.push(String::from_utf8_lossy(&code[start..at]).into_owned());
        }
        if code[at..].starts_with(b"::") && at > start {
            at += 2;
            continue;
        }
        return (vec![path], at);
    }
}

/// The modules named by the rows of a list a macro is handed (`Variant =
/// "name" => module::Object,`, the one list of layouts): what a path through
/// a macro's metavariable (`crate::$module::$object`) names, one of them for
/// each row.
fn row_modules(files: &[File]) -> Vec<String> {
    let mut names = Vec::new();
    for file in files {
        for line in code_of(&file.code).lines() {
            let Some((left, row)) = line.split_once(" => ") else {
                continue;
            };
            // `Variant = "name"`: a row, no match arm.
            let Some((_, name)) = left.split_once(" = ") else {
                continue;
            };
            if !(name.starts_with('"') && name.ends_with('"')) {
                continue;
            }
            let Some((module, object)) = row.trim().split_once("::") else {
                continue;
            };
            let object = object.strip_suffix(',').unwrap_or("");
            let ident = |word: &str| !word.is_empty() && word.bytes().all(is_ident);
            if ident(module) && ident(object) && !names.iter().any(|name| name == module) {
                names.push(module.to_string());
            }
        }
    }
    names
}

/// Every import of a file's code: its line and the module (by its path from
/// the crate root) whose file it reads from, given the modules the crate has
/// and the modules a metavariable of a path stands for ([`row_modules`]).
fn imports(file: &File, modules: &BTreeSet<ModPath>, rows: &[String]) -> Vec<(usize, ModPath)> {
    let code = code_of(&file.code);
    let bytes = code.as_bytes();
    let mut found = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let rest = &bytes[at..];
        let keyword = ["crate::", "super::", "self::"]
            .into_iter()
            .find(|keyword| rest.starts_with(keyword.as_bytes()));
        let starts_word = at == 0 || !is_ident(bytes[at - 1]) || bytes[at - 1] == b'$';
        let Some(keyword) = keyword.filter(|_| starts_word) else {
            at += 1;
            continue;
        };
        let line = 1 + bytes[..at].iter().filter(|&&b| b == b'\n').count();
        let root = keyword.trim_end_matches(':').to_string();
        let (paths, end) = paths_at(bytes, at + keyword.len(), &[root]);
        for path in paths {
            // A path through a metavariable: one path for each row.
            let expanded: Vec<Vec<String>> = match path.iter().position(|s| s.starts_with('$')) {
                Some(at) => rows
                    .iter()
                    .map(|row| {
                        let mut path = path[..at].to_vec();
                        path.push(row.clone());
                        path
                    })
                    .collect(),
                None => vec![path],
            };
            for path in expanded {
                if let Some(target) = resolve(&file.module, &path, modules) {
                    found.push((line, target));
                }
            }
        }
        at = end.max(at + 1);
    }
    found
}

/// The module a path names the deepest (its file is where the path's item
/// is found), from the module `from`; `None` for a path that leaves the crate.
fn resolve(from: &ModPath, path: &[String], modules: &BTreeSet<ModPath>) -> Option<ModPath> {
    let mut module = from.clone();
    for (index, segment) in path.iter().enumerate() {
        match segment.as_str() {
            "crate" if index == 0 => module.clear(),
            "self" => {}
            "super" => {
                module.pop()?;
            }
            name => {
                let mut deeper = module.clone();
                deeper.push(name.to_string());
                if !modules.contains(&deeper) {
                    break;
                }
                module = deeper;
            }
        }
    }
    Some(module)
}

/// What is wrong with the imports of a crate's files: each upward import
/// (`FILE:LINE: imports from ENCLOSING-FILE, a module above it`), and each
/// circle of files (`circle: A -> B -> A`, with the lines of its imports).
fn problems(files: &[File]) -> Vec<String> {
    let modules: BTreeSet<ModPath> = files.iter().map(|file| file.module.clone()).collect();
    let name_of = |module: &ModPath| {
        files
            .iter()
            .find(|file| file.module == *module)
            .map_or_else(|| module.join("::"), |file| file.name.clone())
    };
    let mut problems: Vec<String> = Vec::new();
    // Each file's imports of other files, with the first line of each.
    let mut edges: BTreeMap<ModPath, BTreeMap<ModPath, usize>> = BTreeMap::new();
    let rows = row_modules(files);
    for file in files {
        for (line, target) in imports(file, &modules, &rows) {
            if target == file.module {
                continue;
            }
            if file.module.starts_with(&target) {
                let problem = format!(
                    "{}:{line}: imports from {}, a module above it",
                    file.name,
                    name_of(&target)
                );
                if problems.last() != Some(&problem) {
                    problems.push(problem);
                }
                continue;
            }
            edges
                .entry(file.module.clone())
                .or_default()
                .entry(target)
                .or_insert(line);
        }
    }
    for circle in circles(&edges) {
        let steps: Vec<String> = circle
            .iter()
            .zip(circle.iter().cycle().skip(1))
            .map(|(from, to)| format!("{}:{}", name_of(from), edges[from][to]))
            .collect();
        problems.push(format!(
            "circle: {} -> {}",
            steps.join(" -> "),
            name_of(&circle[0])
        ));
    }
    problems
}

/// The circles of a graph: for each group of nodes that reach each other
/// (more than one), one circle through them all or some of them, from its
/// smallest node.
fn circles(edges: &BTreeMap<ModPath, BTreeMap<ModPath, usize>>) -> Vec<Vec<ModPath>> {
    let reaches = |from: &ModPath| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(node) = stack.pop() {
            for next in edges.get(&node).into_iter().flat_map(BTreeMap::keys) {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let mut in_a_circle = BTreeSet::new();
    let mut found = Vec::new();
    for start in edges.keys() {
        if in_a_circle.contains(start) || !reaches(start).contains(start) {
            continue;
        }
        // A shortest way back to `start`, by a breadth-first search.
        let mut before: BTreeMap<ModPath, ModPath> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([start.clone()]);
        'search: while let Some(node) = queue.pop_front() {
            for next in edges.get(&node).into_iter().flat_map(BTreeMap::keys) {
                if next == start {
                    let mut circle = vec![node.clone()];
                    while let Some(previous) = before.get(circle.last().expect("a node")) {
                        circle.push(previous.clone());
                    }
                    circle.reverse();
                    if circle[0] != *start {
                        circle.insert(0, start.clone());
                    }
                    circle.dedup();
                    in_a_circle.extend(circle.iter().cloned());
                    found.push(circle);
                    break 'search;
                }
                if !before.contains_key(next) && next != start {
                    before.insert(next.clone(), node.clone());
                    queue.push_back(next.clone());
                }
            }
        }
    }
    found
}

/// The two reading crates' files import nothing from above them, and in no
/// circle.
#[test]
fn no_import_runs_back_up_in_the_reading_crates() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for krate in ["crates/deck/src", "crates/formats/src"] {
        let files = crate_files(root, krate);
        assert!(files.len() > 3, "{krate}: {} files", files.len());
        found.extend(problems(&files));
    }
    assert!(
        found.is_empty(),
        "{} import problems:\n{}",
        found.len(),
        found.join("\n")
    );
}

/// The check on a tree made up for it: `a/b.rs` imports from `a/mod.rs`
/// (upward), `c.rs` and `d.rs` import from each other (a circle); the other
/// imports (down, sideways, a test's `super::*`) are fine.
#[test]
fn an_upward_import_and_a_circle_are_found_in_a_made_up_tree() {
    let file = |name: &str, module: &[&str], code: &str| File {
        name: name.to_string(),
        module: module.iter().map(|part| part.to_string()).collect(),
        code: code.to_string(),
    };
    let files = [
        file("lib.rs", &[], "mod a;\nmod c;\nmod d;\npub use a::b::Thing;\n"),
        file("a/mod.rs", &["a"], "pub mod b;\npub struct Shared;\nuse self::b::Thing;\n"),
        file(
            "a/b.rs",
            &["a", "b"],
            "use crate::c::See;\n\nuse super::{\n    Shared,\n};\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n",
        ),
        file("c.rs", &["c"], "// crate::d::Dee, in a comment\nuse crate::d::Dee;\npub struct See;\n"),
        file("d.rs", &["d"], "pub struct Dee;\nfn f() -> crate::c::See { crate::c::See }\n"),
    ];
    assert_eq!(
        problems(&files),
        [
            "a/b.rs:3: imports from a/mod.rs, a module above it".to_string(),
            "circle: c.rs:2 -> d.rs:2 -> c.rs".to_string(),
        ]
    );
    // A path through a metavariable names the module of each row of a
    // list: `e.rs` reads `f` and `g` by their rows, and `g` reads `e`.
    let files = [
        file(
            "lib.rs",
            &[],
            "mod e;
mod f;
mod g;
mod list;
",
        ),
        file(
            "list.rs",
            &["list"],
            "rows! {
    F = \"f\" => f::Eff,
    G = \"g\" => g::Gee,
}
fn h(x: X) -> Y { match x { X::A => Word::B } }
",
        ),
        file(
            "e.rs",
            &["e"],
            "macro_rules! all {
    ($($m:ident),*) => { [$(&crate::$m::ONE,)*] };
}
",
        ),
        file(
            "f.rs",
            &["f"],
            "pub struct Eff;
",
        ),
        file(
            "g.rs",
            &["g"],
            "pub struct Gee;
use crate::e;
",
        ),
    ];
    assert_eq!(problems(&files), ["circle: e.rs:2 -> g.rs:2 -> e.rs"]);
}
