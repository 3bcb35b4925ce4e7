//! Python's `json`: a data file a server reads at run time parsed
//! (`json.load(open(path))`, `json.loads(Path(p).read_text())`). The file
//! is opened by the builtin `open` (`python_typing.rs`) or a path object's
//! `read_text()`/`open()` (`python_paths.rs`); `with open(p) as f` binds
//! what `__enter__` gives, which for a file is the file.

use super::forms::FILE_TEXT;
use super::{Effect, FileOp, Op, Rule, SdkTable};
use crate::model::Lang;

pub static PYTHON_JSON: SdkTable = SdkTable {
    api: "python.json",
    langs: &[Lang::Python],
    modules: &["json"],
    symbols: &[("load", "Parse"), ("loads", "Parse")],
    rules: &[
        Rule { on: "Parse", op: Op::Call, effect: Effect::File(FileOp::ParseJson) },
        Rule { on: FILE_TEXT, op: Op::Method("read"), effect: Effect::File(FileOp::Same) },
        Rule { on: FILE_TEXT, op: Op::Method("__enter__"), effect: Effect::File(FileOp::Same) },
    ],
    null_is_absent: false,
};
