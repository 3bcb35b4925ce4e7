//! Which hint, if any, an annotation key names — and whether a key that
//! looks like a hint is a misspelling the SDK will silently drop.

use crate::model::HintKind;

/// How the SDK generation in use treats snake_case hint keys.
pub enum SnakeRule {
    Accepted,
    /// Not a hint here; the string says why (the generation in use).
    Ignored(String),
    /// The generation is not known: the key may or may not count.
    Undecided,
    /// Only snake_case keys are hints here; a camelCase key is not one (the
    /// string says why).
    Required(String),
}

#[derive(Debug, PartialEq)]
pub enum KeyClass {
    Hint(HintKind),
    Title,
    /// Looks like a hint but is not one here; the string explains why.
    Misspelt(HintKind, String),
    /// A snake_case hint under an unknown SDK generation.
    Undecided(HintKind),
    Other,
}

pub fn classify_key(key: &str, snake: &SnakeRule) -> KeyClass {
    if key == "title" {
        return KeyClass::Title;
    }
    for kind in HintKind::ALL {
        if key == kind.wire_name() {
            return match snake {
                SnakeRule::Required(why) => {
                    KeyClass::Misspelt(kind, format!("{why}: `{key}` is not `{}`", kind.snake_name()))
                }
                _ => KeyClass::Hint(kind),
            };
        }
        if key == kind.snake_name() {
            return match snake {
                SnakeRule::Accepted | SnakeRule::Required(_) => KeyClass::Hint(kind),
                SnakeRule::Undecided => KeyClass::Undecided(kind),
                SnakeRule::Ignored(why) => KeyClass::Misspelt(
                    kind,
                    format!(
                        "{why}, where only `{}` is a hint: `{key}` is sent as an unknown key that clients ignore",
                        kind.wire_name()
                    ),
                ),
            };
        }
    }
    let norm: String = key.chars().filter(|c| *c != '_' && *c != '-').flat_map(char::to_lowercase).collect();
    for kind in HintKind::ALL {
        let canon = kind.wire_name().to_ascii_lowercase();
        let bare = canon.trim_end_matches("hint");
        if norm == canon
            || norm == bare
            || norm == format!("is{bare}")
            || (norm.len() >= 8 && distance(&norm, &canon) <= 2)
        {
            return KeyClass::Misspelt(kind, format!("`{key}` is not a hint key in any SDK generation"));
        }
    }
    KeyClass::Other
}

/// Optimal string alignment distance (Damerau–Levenshtein with adjacent swaps).
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies() {
        let v1 = SnakeRule::Ignored("v1".into());
        assert_eq!(classify_key("readOnlyHint", &v1), KeyClass::Hint(HintKind::ReadOnly));
        assert!(matches!(classify_key("read_only_hint", &v1), KeyClass::Misspelt(HintKind::ReadOnly, _)));
        assert_eq!(classify_key("read_only_hint", &SnakeRule::Accepted), KeyClass::Hint(HintKind::ReadOnly));
        assert_eq!(classify_key("open_world_hint", &SnakeRule::Undecided), KeyClass::Undecided(HintKind::OpenWorld));
        let rust = SnakeRule::Required("rust".into());
        assert_eq!(classify_key("read_only_hint", &rust), KeyClass::Hint(HintKind::ReadOnly));
        assert!(matches!(classify_key("readOnlyHint", &rust), KeyClass::Misspelt(HintKind::ReadOnly, _)));
        assert!(matches!(classify_key("read_only", &rust), KeyClass::Misspelt(HintKind::ReadOnly, _)));
        for k in ["readonlyHint", "readOnly", "read_only", "destructive", "idempotentHnit", "openWorld"] {
            assert!(matches!(classify_key(k, &SnakeRule::Accepted), KeyClass::Misspelt(..)), "{k}");
        }
        for k in ["audience", "priority", "name", "description", "tags"] {
            assert_eq!(classify_key(k, &SnakeRule::Accepted), KeyClass::Other, "{k}");
        }
    }
}
