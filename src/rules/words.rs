//! Words in tool and parameter names, for the intent rules (MCP020–MCP022).
//!
//! A name is split into lowercase words across snake_case, camelCase,
//! PascalCase, kebab-case, dotted and slashed forms (`notes.deleteAll` →
//! `notes`, `delete`, `all`). The word lists are data: the defaults below are
//! documented in the rule docs and replaced or extended by configuration.
//! Entries may be phrases (`dry_run`, `dry-run` and `dryRun` are all the
//! two words `dry run`).
//!
//! Precision comes first: a list word counts as the tool's *verb* only in a
//! verb position — the first word of the name (after a dotted or slashed
//! namespace), the last word (`note_delete`), or a word after a conjunction
//! (`get_or_create`, `find_and_delete`). `list_deleted_items` and
//! `set_reset_time` therefore read as neither destructive nor bulk.

/// Split a name into lowercase words.
pub fn tokens(name: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let chars: Vec<char> = name.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if !c.is_alphanumeric() {
            flush(&mut cur, &mut out);
            continue;
        }
        if let Some(&prev) = i.checked_sub(1).and_then(|p| chars.get(p)) {
            let next = chars.get(i + 1).copied();
            let boundary = (c.is_uppercase() && (prev.is_lowercase() || prev.is_ascii_digit()))
                // `HTTPServer`: the last capital of a run starts a word.
                || (c.is_uppercase() && prev.is_uppercase() && next.is_some_and(|n| n.is_lowercase()));
            if boundary {
                flush(&mut cur, &mut out);
            }
        }
        cur.extend(c.to_lowercase());
    }
    flush(&mut cur, &mut out);
    out
}

fn flush(cur: &mut String, out: &mut Vec<String>) {
    if !cur.is_empty() {
        out.push(std::mem::take(cur));
    }
}

/// The words of the last namespace segment (`github.issues/delete_all` →
/// `delete`, `all`): a namespace prefix is not where a verb is.
fn last_segment(name: &str) -> Vec<String> {
    let seg = name.rsplit(['.', '/', ':']).find(|s| !s.is_empty()).unwrap_or(name);
    tokens(seg)
}

const CONJUNCTIONS: &[&str] = &["and", "or", "then"];

/// Words that negate the verb after them (`t` is what is left of `n't`).
const NEGATIONS: &[&str] = &["not", "never", "no", "without", "t", "cannot", "nor"];

/// Up to the first sentence end or blank line.
fn first_sentence(text: &str) -> &str {
    let text = text.trim_start();
    let para = text.find("\n\n").map_or(text, |i| &text[..i]);
    let end = para
        .char_indices()
        .find(|(i, c)| matches!(c, '.' | '!' | '?') && para[i + 1..].chars().next().is_none_or(char::is_whitespace));
    end.map_or(para, |(i, _)| &para[..i])
}

/// `word` is an active form of the verb `base`: creates, creating, drops,
/// dropping. Past participles are left out on purpose: in descriptions they
/// are mostly adjectives ("how many notes are stored", "list deleted notes").
fn inflects(word: &str, base: &str) -> bool {
    if word == base {
        return true;
    }
    let Some(rest) = word.strip_prefix(base.trim_end_matches('e')) else { return false };
    let stem_e = base.ends_with('e');
    match rest {
        "s" => stem_e || word == format!("{base}s"),
        "es" => true,
        "ing" => true,
        // A doubled final consonant: dropping, setting.
        _ => !stem_e && base.chars().last().and_then(|l| rest.strip_prefix(l)) == Some("ing"),
    }
}

/// A configured word list, each entry already split into words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WordList(Vec<Vec<String>>);

impl WordList {
    pub fn new<S: AsRef<str>>(entries: &[S]) -> WordList {
        WordList(entries.iter().map(|e| tokens(e.as_ref())).filter(|t| !t.is_empty()).collect())
    }
    pub fn extend<S: AsRef<str>>(&mut self, entries: &[S]) {
        for e in WordList::new(entries).0 {
            if !self.0.contains(&e) {
                self.0.push(e);
            }
        }
    }
    /// The entry found at `words[at..]`, if any (longest first).
    fn at<'a>(&'a self, words: &[String], at: usize) -> Option<&'a [String]> {
        self.0
            .iter()
            .filter(|e| words.len() >= at + e.len() && words[at..at + e.len()] == e[..])
            .max_by_key(|e| e.len())
            .map(|e| &e[..])
    }
    /// An entry anywhere in `words`, as it is written in the name.
    pub fn anywhere(&self, words: &[String]) -> Option<String> {
        (0..words.len()).find_map(|i| self.at(words, i)).map(|e| e.join("_"))
    }
    /// An entry in a verb position of `name`: first word, last word, or after
    /// a conjunction.
    pub fn verb(&self, name: &str) -> Option<String> {
        let words = last_segment(name);
        let mut starts = vec![0];
        starts.extend(words.iter().enumerate().filter(|(_, w)| CONJUNCTIONS.contains(&w.as_str())).map(|(i, _)| i + 1));
        for s in starts {
            if let Some(e) = self.at(&words, s) {
                return Some(e.join("_"));
            }
        }
        // The last word (noun-first names: `note_delete`), or the last before
        // a preposition (`search_replace_in_file`), single words only.
        let single = |w: &String| self.0.iter().find(|e| e.len() == 1 && e[0] == *w).map(|e| e[0].clone());
        single(words.last()?).or_else(|| object(&words).last().and_then(single))
    }
    /// Like [`WordList::verb`], with the other words of the name's last
    /// segment (the verb's object, and whatever else the name says).
    pub fn verb_and_rest(&self, name: &str) -> Option<(String, Vec<String>)> {
        let verb = self.verb(name)?;
        let words = last_segment(name);
        let parts = tokens(&verb);
        let at = (0..words.len()).rev().find(|&i| words[i..].starts_with(&parts))?;
        let mut rest = words[..at].to_vec();
        rest.extend_from_slice(&words[at + parts.len()..]);
        Some((verb, rest))
    }
    /// An entry that ends `words` (the head noun of an object).
    pub fn ends(&self, words: &[String]) -> Option<String> {
        self.0.iter().filter(|e| words.ends_with(e)).max_by_key(|e| e.len()).map(|e| e.join("_"))
    }
    /// An entry in prose (a description's first sentence), in any verb
    /// form (`creates`, `deleted`, `dropping`), unless a negation comes just
    /// before it ("does not modify anything").
    pub fn in_prose(&self, text: &str) -> Option<String> {
        let sentence = first_sentence(text);
        let words = tokens(sentence);
        for (i, w) in words.iter().enumerate() {
            let negated = words[i.saturating_sub(3)..i].iter().any(|p| NEGATIONS.contains(&p.as_str()));
            if negated {
                continue;
            }
            for e in &self.0 {
                let hit = match e.len() {
                    1 => inflects(w, &e[0]),
                    n => words.len() >= i + n && words[i..i + n] == e[..],
                };
                if hit {
                    return Some(e.join("_"));
                }
            }
        }
        None
    }
    /// The first word of `name` (after its namespace) is an entry.
    pub fn leads(&self, name: &str) -> Option<String> {
        self.at(&last_segment(name), 0).map(|e| e.join("_"))
    }
    pub fn entries(&self) -> Vec<String> {
        self.0.iter().map(|e| e.join("_")).collect()
    }
}

/// Verbs that make a name read like a read (MCP020: the *first* word only).
#[rustfmt::skip]
pub const READ: &[&str] = &[
    "get", "list", "search", "read", "find", "query", "describe", "fetch", "show", "count", "lookup", "look_up",
    "view", "inspect", "retrieve", "browse", "peek", "preview", "status", "stat", "explain",
];

/// First words that are deliberately *not* read verbs: a tool that
/// generates, builds, computes, refreshes or summarises often produces and
/// stores something (a report, a cache, a running summary).
#[rustfmt::skip]
pub const NOT_READ: &[&str] = &["generate", "build", "compute", "refresh", "summarize", "summarise"];

/// Verbs that make a name read like destruction (MCP021, MCP022).
#[rustfmt::skip]
pub const DESTRUCTIVE: &[&str] = &[
    "delete", "del", "remove", "rm", "clear", "drop", "purge", "wipe", "reset", "destroy", "forget", "truncate",
    "erase", "revoke", "overwrite", "unlink", "evict", "expunge", "shred", "discard", "prune", "nuke",
    "terminate", "kill", "uninstall", "deprovision",
];

/// Verbs that say the tool also writes: they veto MCP020 (`get_or_create`).
#[rustfmt::skip]
pub const WRITE: &[&str] = &[
    "create", "add", "insert", "update", "upsert", "set", "put", "post", "patch", "write", "save", "store",
    "upload", "send", "edit", "modify", "change", "rename", "move", "replace", "apply", "run", "exec",
    "execute", "start", "stop", "restart", "enable", "disable", "toggle", "increment", "decrement", "mark",
    "assign", "publish", "submit", "approve", "merge", "push", "commit", "import", "install", "register",
    "subscribe", "unsubscribe", "schedule", "cancel", "book", "pay", "invite", "share", "lock", "unlock",
    "archive", "restore", "sync", "generate", "refresh", "claim", "acquire", "consume", "pop", "dequeue",
    "mutate", "transfer", "deploy", "summarize", "summarise",
];

/// Verbs that are bulk destruction by themselves (MCP022).
/// (`flush` is left out: flushing a buffer writes, it does not destroy.)
#[rustfmt::skip]
pub const BULK_VERBS: &[&str] = &[
    "clear", "purge", "wipe", "reset", "drop", "truncate", "nuke",
];

/// Words that make a destructive verb bulk: quantifiers (`delete_all_notes`)
/// and whole containers (`delete_table`, `drop_database`) (MCP022).
#[rustfmt::skip]
pub const BULK_WORDS: &[&str] = &[
    "all", "every", "everything", "entire", "bulk", "batch", "many", "cache", "table", "database", "db",
    "index", "queue", "store", "storage", "history", "trash", "bucket", "collection", "namespace", "inbox",
    "workspace", "directory", "folder", "repository", "repo", "dataset",
];

/// Bulk words that are quantifiers: they make a destructive verb bulk
/// wherever they stand (`delete_all_notes`, `bulk_delete`). Any other bulk
/// word names a whole container and counts only as the verb's object
/// (`drop_table`, not `delete_table_row`).
#[rustfmt::skip]
pub const QUANTIFIERS: &[&str] = &["all", "every", "everything", "entire", "bulk", "batch", "many"];

/// Words that end the verb's object: `remove_from_index` removes something
/// *from* the index, `clear_cache_for_user` still clears the cache.
#[rustfmt::skip]
const PREPOSITIONS: &[&str] = &[
    "from", "in", "into", "inside", "within", "by", "for", "with", "of", "on", "at", "to", "under", "if",
];

/// The object of a verb: the words of the rest of the name up to the first
/// preposition.
pub fn object(rest: &[String]) -> &[String] {
    let end = rest.iter().position(|w| PREPOSITIONS.contains(&w.as_str())).unwrap_or(rest.len());
    &rest[..end]
}

/// Objects whose clearing or removal loses no data: view and editing state
/// (`clear_selection`, `reset_zoom`, `remove_background` of an image). A
/// destructive verb on one of these does not read like destruction.
#[rustfmt::skip]
pub const TRANSIENT: &[&str] = &[
    "selection", "selections", "filter", "filters", "formatting", "format", "zoom", "viewport", "camera",
    "highlight", "highlights", "cursor", "focus", "sort", "sorting", "background", "screen", "console",
    "input", "inputs",
];

/// Last words that make a name a report about destruction, not the act
/// (`purge_preview`, `kill_switch_status`).
#[rustfmt::skip]
pub const REPORT_NOUNS: &[&str] = &["status", "preview", "estimate", "impact"];

/// First words that make a name ask about or rehearse destruction, not do
/// it (`can_delete_file`, `check_delete_permissions`, `simulate_wipe`,
/// `dry_run_delete`). Without this, a first word that is no verb would be
/// taken for a server prefix.
#[rustfmt::skip]
pub const HYPOTHETICAL: &[&str] = &[
    "can", "check", "validate", "verify", "estimate", "simulate", "preview", "dry_run", "dryrun", "plan", "diff",
    "is", "has",
];

/// A plural-looking word (`notes`, `sessions`; not `status`, `access`).
pub fn plural(word: &str) -> bool {
    word.len() > 3 && word.ends_with('s') && !["ss", "us", "is"].iter().any(|e| word.ends_with(e))
}

/// Parameter names that guard a destructive call (MCP022).
#[rustfmt::skip]
pub const GUARDS: &[&str] = &[
    "confirm", "confirmed", "confirmation", "force", "yes", "dry_run", "dryrun", "preview", "simulate",
    "really", "i_am_sure", "sure",
];

/// The word lists the intent rules read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Words {
    pub read: WordList,
    pub write: WordList,
    pub destructive: WordList,
    pub bulk_verbs: WordList,
    pub bulk_words: WordList,
    pub guards: WordList,
}

impl Words {
    /// Whether a destructive name only touches transient state or reports on
    /// destruction: its verb's object ends with a [`TRANSIENT`] word, its
    /// last word is a [`REPORT_NOUNS`] word, or its first word is a
    /// [`HYPOTHETICAL`] one.
    pub fn harmless_destruction(&self, name: &str) -> bool {
        // … unless a conjunction adds the act itself (`check_and_delete`).
        let words = last_segment(name);
        if WordList::new(HYPOTHETICAL).leads(name).is_some()
            && !words.iter().any(|w| CONJUNCTIONS.contains(&w.as_str()))
        {
            return true;
        }
        let name = self.unprefixed(name);
        if last_segment(&name).last().is_some_and(|w| REPORT_NOUNS.contains(&w.as_str())) {
            return true;
        }
        let Some((_, rest)) = self.destructive.verb_and_rest(&name).or_else(|| self.bulk_verbs.verb_and_rest(&name))
        else {
            return false;
        };
        object(&rest).last().is_some_and(|w| TRANSIENT.contains(&w.as_str()))
    }

    /// The name without a server prefix: `miragen_delete_agent` →
    /// `delete_agent`. In a name of three or more words, a first word that is
    /// no verb of any list, followed by one that is, is a namespace. Only
    /// the last dotted or slashed segment is kept (it is where verbs are).
    /// The read verb a tool's name leads with (`get`, `list`), when
    /// nothing in the name or the first sentence of its description says
    /// it also writes (`get_or_create`, "Creates the tag if missing"): the
    /// tool reads like a read-only one. Descriptions can only veto.
    pub fn reads_only(&self, name: &str, description: Option<&str>) -> Option<String> {
        let verbs = self.unprefixed(name);
        let verb = self.read.leads(&verbs)?;
        if self.write.verb(&verbs).is_some() || self.destructive.verb(&verbs).is_some() {
            return None;
        }
        if description.is_some_and(|d| self.write.in_prose(d).is_some() || self.destructive.in_prose(d).is_some()) {
            return None;
        }
        Some(verb)
    }

    pub fn unprefixed(&self, name: &str) -> String {
        let words = last_segment(name);
        let lists = [&self.read, &self.write, &self.destructive, &self.bulk_verbs];
        let verb_at = |i: usize| lists.iter().any(|l| l.at(&words, i).is_some());
        if words.len() >= 3 && !verb_at(0) && verb_at(1) {
            words[1..].join("_")
        } else {
            name.to_string()
        }
    }
}

impl Default for Words {
    fn default() -> Words {
        Words {
            read: WordList::new(READ),
            write: WordList::new(WRITE),
            destructive: WordList::new(DESTRUCTIVE),
            bulk_verbs: WordList::new(BULK_VERBS),
            bulk_words: WordList::new(BULK_WORDS),
            guards: WordList::new(GUARDS),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_every_case_style() {
        assert_eq!(tokens("delete_all_notes"), ["delete", "all", "notes"]);
        assert_eq!(tokens("deleteAllNotes"), ["delete", "all", "notes"]);
        assert_eq!(tokens("DeleteAllNotes"), ["delete", "all", "notes"]);
        assert_eq!(tokens("delete-all-notes"), ["delete", "all", "notes"]);
        assert_eq!(tokens("notes.delete_all"), ["notes", "delete", "all"]);
        assert_eq!(tokens("getHTTPStatus"), ["get", "http", "status"]);
        assert_eq!(tokens("dryRun"), ["dry", "run"]);
        assert_eq!(tokens("get_v2_items"), ["get", "v2", "items"]);
        assert_eq!(tokens("SCREAMING_CASE"), ["screaming", "case"]);
        assert!(tokens("__").is_empty());
    }

    #[test]
    fn verb_positions() {
        let w = Words::default();
        assert_eq!(w.read.leads("get_status").as_deref(), Some("get"));
        assert_eq!(w.read.leads("notes.list").as_deref(), Some("list"));
        assert_eq!(w.read.leads("notes_list"), None);
        assert_eq!(w.write.verb("get_or_create").as_deref(), Some("create"));
        assert_eq!(w.destructive.verb("find_and_delete").as_deref(), Some("delete"));
        assert_eq!(w.destructive.verb("note_delete").as_deref(), Some("delete"));
        assert_eq!(w.destructive.verb("deleteNote").as_deref(), Some("delete"));
        assert_eq!(w.destructive.verb("list_deleted_items"), None);
        assert_eq!(w.destructive.verb("set_reset_time"), None);
        assert_eq!(w.write.verb("search_replace_in_file").as_deref(), Some("replace"));
        assert_eq!(w.write.verb("get_notes_in_folder"), None);
        assert_eq!(w.bulk_verbs.verb_and_rest("notes_clear"), Some(("clear".into(), vec!["notes".into()])));
        assert_eq!(w.bulk_verbs.verb_and_rest("clear"), Some(("clear".into(), vec![])));
        assert!(plural("notes") && !plural("status") && !plural("access") && !plural("gas"));
        assert_eq!(w.guards.anywhere(&tokens("dryRun")).as_deref(), Some("dry_run"));
        assert_eq!(w.write.in_prose("Creates the tag if it is missing. Returns it.").as_deref(), Some("create"));
        assert_eq!(w.write.in_prose("Return the note. Does not modify anything."), None);
        assert_eq!(w.write.in_prose("Return the note; it doesn't modify anything"), None);
        assert_eq!(w.destructive.in_prose("Fetch the job and dropping stale rows").as_deref(), Some("drop"));
        assert_eq!(w.write.in_prose("Return the settings of v1.2 of the API"), None);
        assert!(inflects("updates", "update") && inflects("updating", "update") && !inflects("updated", "update"));
        assert!(inflects("pushes", "push") && inflects("setting", "set") && inflects("dropping", "drop"));
        assert!(!inflects("address", "add") && !inflects("stored", "store") && !inflects("reset", "set"));
        assert_eq!(w.write.in_prose("Report how many notes are stored."), None);
        assert_eq!(w.guards.anywhere(&tokens("confirm_delete")).as_deref(), Some("confirm"));
        assert_eq!(w.guards.anywhere(&tokens("confirmation_token")).as_deref(), Some("confirmation"));
        assert_eq!(w.guards.anywhere(&tokens("note_id")), None);
        assert!(w.harmless_destruction("clear_selection") && w.harmless_destruction("reset_zoom"));
        assert!(w.harmless_destruction("remove_background") && w.harmless_destruction("kill_switch_status"));
        assert!(w.harmless_destruction("editor_clear_filters_for_view"));
        assert!(!w.harmless_destruction("delete_filter_rule") && !w.harmless_destruction("drop_view"));
        assert!(!w.harmless_destruction("delete_note") && !w.harmless_destruction("list_notes"));
        assert!(w.harmless_destruction("can_delete_file") && w.harmless_destruction("check_delete_permissions"));
        assert!(w.harmless_destruction("simulate_wipe") && w.harmless_destruction("dry_run_delete"));
        assert!(!w.harmless_destruction("validate_and_delete") && !w.harmless_destruction("checkout_delete_cart"));
        assert_eq!(w.unprefixed("miragen_delete_agent"), "delete_agent");
        assert_eq!(w.unprefixed("jira.jira_get_issue"), "get_issue");
        assert_eq!(w.unprefixed("get_p411_status"), "get_p411_status");
        assert_eq!(w.unprefixed("forms_purge"), "forms_purge");
        assert_eq!(w.unprefixed("gmail_send_email"), "send_email");
        assert_eq!(w.unprefixed("evaluate_release_gate"), "evaluate_release_gate");
        let rest = |n: &str| w.destructive.verb_and_rest(n).map(|(_, r)| r).unwrap_or_default();
        assert_eq!(w.bulk_words.ends(object(&rest("drop_table"))).as_deref(), Some("table"));
        assert_eq!(w.bulk_words.ends(object(&rest("delete_table_row"))), None);
        assert_eq!(w.bulk_words.ends(object(&rest("remove_from_index"))), None);
        assert_eq!(w.bulk_words.ends(object(&rest("purge_queue_for_user"))).as_deref(), Some("queue"));
        assert_eq!(w.bulk_words.ends(object(&rest("cache_clear"))).as_deref(), Some("cache"));
        assert_eq!(w.bulk_words.ends(object(&rest("index_delete"))).as_deref(), Some("index"));
    }
}
