//! [`Effect::File`]: data files a server reads at run time and parses as
//! JSON (`JSON.parse(fs.readFileSync(path.join(__dirname, "tools.json")))`,
//! `json.load(open(Path(__file__).parent / "tools.json"))`), a tool list
//! kept as data. Reading makes a [`FILE_TEXT`] that keeps the path; parsing
//! asks the linker for that file as a JSON module (loaded before the
//! program runs again, as a module imported by name is), and its value is
//! the module's default export. Only an absolute path is followed (a
//! relative one depends on the working directory), and only to a JSON file
//! inside a linted directory; anything else is unknown.

use std::rc::Rc;

use crate::model::Lang;
use crate::source::Span;

use super::interp::Interp;
use super::paths::{from_url, text_of};
use super::sdk::forms::FILE_TEXT;
use super::sdk::FileOp;
use super::value::{PendingCall, SdkValue, Value};

impl Interp<'_> {
    pub(super) fn file_effect(&mut self, s: &SdkValue, op: FileOp, call: &PendingCall, span: Span) -> Value {
        // A method's receiver (a path object, a file) keeps its path as
        // argument 0 of its own pending call.
        let own = || s.pending.as_ref().and_then(|p| p.arg(0)).and_then(text_of);
        let path = match op {
            FileOp::Read => call.arg(0).and_then(text_of),
            FileOp::ReadOwn => own(),
            FileOp::Same if s.ty == FILE_TEXT => own(),
            FileOp::Same => None,
            FileOp::ParseJson => return self.parse_json(call.arg(0), span),
        };
        match path.map(|p| from_url(&p).to_string()).filter(|p| p.starts_with('/')) {
            Some(path) => self.file_text(&path, span),
            None => Value::Unknown(span),
        }
    }

    /// The contents of the file at `path`, unread.
    fn file_text(&self, path: &str, span: Span) -> Value {
        let lang = self.modules.iter().find(|m| m.file == span.file).map(|m| m.lang);
        let api = if lang == Some(Lang::Python) { "python.json" } else { "node.fs" };
        let Some(table) = super::sdk::table_index(api) else { return Value::Unknown(span) };
        let kept = PendingCall { positional: vec![Value::str(path, span)], ..PendingCall::new(span) };
        Value::Sdk(Rc::new(SdkValue { pending: Some(kept), ..SdkValue::plain(table, FILE_TEXT, span) }))
    }

    /// `v` (a file's contents) parsed as JSON: the document, each file of
    /// a value that differs by path; unknown for anything else.
    pub(super) fn parse_json(&mut self, v: Option<&Value>, span: Span) -> Value {
        let Some(from) = self.modules.iter().position(|m| m.file == span.file) else {
            return Value::Unknown(span);
        };
        let alternatives = v.map(Value::alternatives).unwrap_or_default();
        if alternatives.is_empty() {
            return Value::Unknown(span);
        }
        let mut out = vec![];
        for alt in alternatives {
            let path = match &alt {
                Value::Sdk(s) if s.ty == FILE_TEXT && s.method.is_none() => {
                    s.pending.as_ref().and_then(|p| p.arg(0)).and_then(text_of)
                }
                _ => None,
            };
            let module = path.and_then(|p| self.linker.data_file(from, &p));
            let value = module.and_then(|m| self.eval_module(m)).map(|frame| self.export_of(&frame, "default", span));
            out.push(value.unwrap_or(Value::Unknown(span)));
        }
        self.join(out, span)
    }
}
