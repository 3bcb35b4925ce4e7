//! How deep `syn` may recurse on a file, estimated from the code without
//! parsing it: bracket nesting, plus the constructs `syn` also parses
//! recursively without brackets — generic arguments (`Vec<Vec<..>>`),
//! runs of prefix operators and keywords (`!!x`, `& & x`, `return return`),
//! `else if` chains, and chains of operators inside one expression: `syn`
//! parses `a + b + c`, `x as u8 as u8`, `f()()`, `a[0][0]`, `a??` and
//! `a.b().c()` in a loop but nests them, and its visitors and destructors
//! recurse once per link. The sum of the per-kind maxima bounds the nesting
//! along any path.

use super::fallback::blank;

/// Words `syn` parses by recursing into what follows.
const PREFIX_WORDS: &[&[u8]] =
    &[b"return", b"break", b"move", b"async", b"box", b"ref", b"mut", b"dyn", b"impl", b"const", b"raw", b"yield"];

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
}

pub fn recursion_risk(text: &str) -> usize {
    let code = blank(text);
    let n = code.len();
    let (mut depth, mut max_depth) = (0usize, 0usize);
    let (mut angle, mut max_angle) = (0usize, 0usize);
    let (mut run, mut max_run) = (0usize, 0usize);
    // `else if` chain length per bracket depth.
    let mut chains: Vec<usize> = vec![0];
    let mut max_chain = 0usize;
    let mut prev_word: &[u8] = b"";
    // Operators in the current expression, per bracket level.
    let (mut ops, mut max_ops, mut outer_ops) = (0usize, 0usize, Vec::new());
    let mut prev: u8 = b' ';
    let mut i = 0;
    while i < n {
        let c = code[i];
        if is_ident(c) {
            let start = i;
            while i < n && is_ident(code[i]) {
                i += 1;
            }
            let word = &code[start..i];
            if PREFIX_WORDS.contains(&word) {
                run += 1;
                max_run = max_run.max(run);
            } else {
                run = 0;
            }
            if word == b"as" {
                ops += 1;
                max_ops = max_ops.max(ops);
            }
            if word == b"if" && prev_word == b"else" {
                if let Some(ch) = chains.get_mut(depth) {
                    *ch += 1;
                    max_chain = max_chain.max(*ch);
                }
            }
            prev_word = word;
            prev = b'a';
            continue;
        }
        match c {
            // A call or an index on what precedes: one more link.
            b'(' | b'[' if is_ident(prev) || matches!(prev, b')' | b']' | b'?') => ops += 1,
            // Not `<` and `>`: generics are counted above, comparisons do
            // not chain; shifts do.
            b'<' | b'>' if code.get(i + 1) == Some(&c) && prev != c => ops += 1,
            b'.' | b'?' | b'+' | b'-' | b'*' | b'/' | b'%' | b'^' | b'&' | b'|' | b'='
                if !matches!(
                    prev,
                    b'.' | b'+' | b'-' | b'*' | b'/' | b'%' | b'^' | b'&' | b'|' | b'<' | b'>' | b'=' | b'!'
                ) =>
            {
                ops += 1
            }
            b';' | b',' => ops = 0,
            _ => {}
        }
        max_ops = max_ops.max(ops);
        match c {
            b'(' | b'[' | b'{' => outer_ops.push(std::mem::take(&mut ops)),
            b')' | b']' => ops = outer_ops.pop().unwrap_or(0),
            // A block ends a statement or an item.
            b'}' => {
                outer_ops.pop();
                ops = 0;
            }
            _ => {}
        }
        match c {
            b'(' | b'[' | b'{' => {
                depth += 1;
                max_depth = max_depth.max(depth);
                if chains.len() <= depth {
                    chains.resize(depth + 1, 0);
                }
                chains[depth] = 0;
                if c == b'{' {
                    angle = 0;
                }
            }
            b')' | b']' | b'}' => {
                depth = depth.saturating_sub(1);
                if c == b'}' {
                    angle = 0;
                }
            }
            b';' => {
                angle = 0;
                if let Some(ch) = chains.get_mut(depth) {
                    *ch = 0;
                }
            }
            b'<' => {
                angle += 1;
                max_angle = max_angle.max(angle);
            }
            // `->` and `=>` close nothing.
            b'>' if i == 0 || (code[i - 1] != b'-' && code[i - 1] != b'=') => angle = angle.saturating_sub(1),
            _ => {}
        }
        match c {
            b'!' | b'-' | b'*' | b'&' | b'|' => {
                run += 1;
                max_run = max_run.max(run);
            }
            c if c.is_ascii_whitespace() => {}
            _ => run = 0,
        }
        if !c.is_ascii_whitespace() {
            prev_word = b"";
            prev = c;
        }
        i += 1;
    }
    max_depth + max_angle + max_run + max_chain + max_ops
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measures_each_kind() {
        assert!(recursion_risk("fn main() { let x = 1; }") < 6);
        assert!(recursion_risk(&format!("type T = {}u8{};", "Vec<".repeat(500), ">".repeat(500))) >= 500);
        assert!(recursion_risk(&format!("const X: bool = {}true;", "!".repeat(500))) >= 500);
        let chain = format!("fn f(x: u8) {{ if x == 0 {{}} {} }}", "else if x == 1 {} ".repeat(500));
        assert!(recursion_risk(&chain) >= 500);
        // Comparisons and arrows do not pile up.
        let many = "fn f(a: u8, b: u8) -> bool { a < b }\n".repeat(2000);
        assert!(recursion_risk(&many) < 10);
        // Chains nest in the syntax tree without brackets.
        for link in [" + 1", " as u8", " && a", "[0]", "?", ".b()", "()", ".b", " << 1"] {
            let chain = format!("fn f() {{ let _x = a{}; }}", link.repeat(500));
            assert!(recursion_risk(&chain) >= 500, "{link}");
        }
        // Statements and arguments do not add up.
        let flat = format!("fn f() {{ {} g({}); }}", "let _x = a + b;".repeat(500), "a + b, ".repeat(500));
        assert!(recursion_risk(&flat) < 10);
    }
}
