//! File-system paths computed from a module's own file, the way a server
//! finds the directory of its tool modules to import each one:
//! `pkgutil.iter_modules([str(Path(__file__).parent)])`,
//! `os.path.join(os.path.dirname(__file__), "tools")`.
//!
//! - `os.path` (CPython `Lib/posixpath.py`): `dirname(p)` is everything
//!   before the last `/` (the root stays the root), `basename(p)` what
//!   follows it, `join(a, *p)` appends each part with a `/` (an absolute
//!   part starts over); `normpath` folds `.` and `..` lexically, and
//!   `abspath` and `realpath` are that here, since a module's `__file__`
//!   is already absolute. `os.fspath(p)` is a path object's text.
//! - `pathlib` (`Lib/pathlib/`): `Path(*parts)` joins its parts as
//!   `os.path.join` does; `p.parent`, `p.name`, `p.stem`, `p / part` and
//!   `p.joinpath(*parts)`; `resolve()`, `absolute()` and `expanduser()`
//!   give the same path, normalized, here. `str(p)` (the builtin, in `python_typing.rs`)
//!   is its text.
//!
//! - Listing: `os.listdir(p)` gives the names in the directory (in no
//!   set order: sorted here), `p.iterdir()` its entries as paths,
//!   `p.glob(pattern)` those whose name matches the pattern (`*` any run of
//!   characters, `?` one; a pattern with `/` or `**` is not followed).
//!
//! A directory is only listed (here or by `pkgutil`, `python_importlib.rs`)
//! when it is the directory of a module of the program.

use super::forms::{PATH, PATH_OBJECT};
use super::{Effect, FileOp, Op, PathOp, Rule, SdkTable};
use crate::model::Lang;

pub static PYTHON_PATHS: SdkTable = SdkTable {
    api: "python.paths",
    langs: &[Lang::Python],
    modules: &["os", "posixpath", "pathlib"],
    symbols: &[
        ("path.dirname", "DirName"),
        ("path.basename", "BaseName"),
        ("path.join", "JoinText"),
        ("path.abspath", "NormalText"),
        ("path.realpath", "NormalText"),
        ("path.normpath", "NormalText"),
        ("fspath", "SameText"),
        ("listdir", "ListDir"),
        ("Path", PATH),
        ("PurePath", PATH),
        ("PosixPath", PATH),
        ("PurePosixPath", PATH),
        ("WindowsPath", PATH),
    ],
    rules: &[
        Rule { on: "DirName", op: Op::Call, effect: Effect::Path(PathOp::Parent) },
        Rule { on: "BaseName", op: Op::Call, effect: Effect::Path(PathOp::Name) },
        Rule { on: "JoinText", op: Op::Call, effect: Effect::Path(PathOp::Join) },
        Rule { on: "SameText", op: Op::Call, effect: Effect::Path(PathOp::Text) },
        Rule { on: "NormalText", op: Op::Call, effect: Effect::Path(PathOp::Normal) },
        Rule { on: "ListDir", op: Op::Call, effect: Effect::Path(PathOp::ListNames) },
        Rule { on: PATH, op: Op::Call, effect: Effect::Path(PathOp::Make) },
        Rule { on: PATH_OBJECT, op: Op::Method("iterdir"), effect: Effect::Path(PathOp::Children { glob: false }) },
        Rule { on: PATH_OBJECT, op: Op::Method("glob"), effect: Effect::Path(PathOp::Children { glob: true }) },
        Rule { on: PATH_OBJECT, op: Op::Member("parent"), effect: Effect::Path(PathOp::Parent) },
        Rule { on: PATH_OBJECT, op: Op::Member("name"), effect: Effect::Path(PathOp::Name) },
        Rule { on: PATH_OBJECT, op: Op::Member("stem"), effect: Effect::Path(PathOp::Stem) },
        Rule { on: PATH_OBJECT, op: Op::Method("joinpath"), effect: Effect::Path(PathOp::Join) },
        Rule { on: PATH_OBJECT, op: Op::Method("resolve"), effect: Effect::Path(PathOp::Same) },
        Rule { on: PATH_OBJECT, op: Op::Method("absolute"), effect: Effect::Path(PathOp::Same) },
        Rule { on: PATH_OBJECT, op: Op::Method("expanduser"), effect: Effect::Path(PathOp::Same) },
        Rule { on: PATH_OBJECT, op: Op::Method("as_posix"), effect: Effect::Path(PathOp::Text) },
        // The file read (`json.loads(p.read_text())`, `json.load(p.open())`).
        Rule { on: PATH_OBJECT, op: Op::Method("read_text"), effect: Effect::File(FileOp::ReadOwn) },
        Rule { on: PATH_OBJECT, op: Op::Method("read_bytes"), effect: Effect::File(FileOp::ReadOwn) },
        Rule { on: PATH_OBJECT, op: Op::Method("open"), effect: Effect::File(FileOp::ReadOwn) },
    ],
    null_is_absent: false,
};
