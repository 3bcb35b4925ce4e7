//! Python's own type forms, where they decide what a tool's inputs are:
//! `typing` / `typing_extensions`, the builtin types, `enum`, `dataclasses`.
//!
//! The Python SDKs build a tool's input schema from the handler's
//! signature with pydantic (python-sdk `fastmcp/utilities/func_metadata.py`:
//! one field per parameter, `FieldInfo.from_annotated_attribute(annotation,
//! default)`), so a parameter typed with a model takes the model's fields
//! as a nested object. What the annotation is, the interpreter evaluates
//! like any value; these rows say what the typing names are
//! ([`super::forms`], read by `eval/inputs.rs`):
//! - `Optional[X]`, `Union[X, Y]` (and `X | Y`, in `eval/inputs.rs`) are a
//!   value of any of them; `Annotated[X, meta...]`, `Required[X]`,
//!   `NotRequired[X]`, `ReadOnly[X]` are `X`; `ClassVar[X]` marks a
//!   class-level name that is no field (`typing.get_type_hints` keeps it,
//!   dataclasses and pydantic skip it).
//! - Builtin scalars and containers (`str`, `list[Model]`, `Literal[...]`,
//!   `Sequence[...]`) have no input fields of their own: a model inside a
//!   container is not a top-level input. Called, `list`, `tuple`, `set` and
//!   `frozenset` copy a known iterable (a dict: its keys), and
//!   `dict(source, **kwargs)` makes a new dict of the source's keys (a
//!   dict, or pairs) and then the keywords.
//! - `TypedDict`, `NamedTuple`, `Generic[T]`, `Protocol` and `object` add no
//!   fields to a class; an `Enum` subclass is a scalar.
//! - `NewType("Id", str)` is its second argument; `@dataclass` and
//!   `@dataclass(...)` return the class.

use super::forms::{
    ANNOTATED, CLASS_VAR, COLLECTION, ENUM_BASE, MAPPING, MODEL_BASE, SCALAR, SET_COLLECTION, STRING, UNION,
};
use super::PathOp;
use super::{Effect, FileOp, Op, Rule, SdkTable};
use crate::model::Lang;

pub static PYTHON_TYPING: SdkTable = SdkTable {
    api: "python.typing",
    langs: &[Lang::Python],
    modules: &["typing", "typing_extensions", "builtins", "enum", "dataclasses", "collections.abc"],
    symbols: &[
        ("Optional", "Optional"),
        ("Union", "Union"),
        ("Annotated", "Annotated"),
        ("Required", "Annotated"),
        ("NotRequired", "Annotated"),
        ("ReadOnly", "Annotated"),
        ("ClassVar", "ClassVar"),
        ("NewType", "NewType"),
        ("cast", "Cast"),
        ("dataclass", "Dataclass"),
        ("TypedDict", MODEL_BASE),
        ("NamedTuple", MODEL_BASE),
        ("Protocol", MODEL_BASE),
        ("Generic", "Generic"),
        ("Enum", ENUM_BASE),
        ("StrEnum", ENUM_BASE),
        ("IntEnum", ENUM_BASE),
        ("Flag", ENUM_BASE),
        ("IntFlag", ENUM_BASE),
        ("Any", SCALAR),
        ("List", SCALAR),
        ("Dict", SCALAR),
        ("Set", SCALAR),
        ("FrozenSet", SCALAR),
        ("Tuple", SCALAR),
        ("Type", SCALAR),
        ("Literal", SCALAR),
        ("LiteralString", SCALAR),
        ("Sequence", SCALAR),
        ("MutableSequence", SCALAR),
        ("Mapping", SCALAR),
        ("MutableMapping", SCALAR),
        ("Iterable", SCALAR),
        ("Collection", SCALAR),
        ("AbstractSet", SCALAR),
        ("Callable", SCALAR),
    ],
    rules: &[
        Rule { on: "Optional", op: Op::Index, effect: Effect::Keeps(UNION) },
        Rule { on: "Union", op: Op::Index, effect: Effect::Keeps(UNION) },
        Rule { on: "Annotated", op: Op::Index, effect: Effect::Keeps(ANNOTATED) },
        Rule { on: "ClassVar", op: Op::Index, effect: Effect::Keeps(CLASS_VAR) },
        Rule { on: "Generic", op: Op::Index, effect: Effect::Returns(MODEL_BASE) },
        Rule { on: MODEL_BASE, op: Op::Index, effect: Effect::Returns(MODEL_BASE) },
        Rule { on: SCALAR, op: Op::Index, effect: Effect::Returns(SCALAR) },
        // `str(p)`: a path's text (`iter_modules([str(Path(__file__).parent)])`).
        Rule { on: STRING, op: Op::Call, effect: Effect::Path(PathOp::Text) },
        Rule { on: COLLECTION, op: Op::Index, effect: Effect::Returns(SCALAR) },
        Rule { on: SET_COLLECTION, op: Op::Index, effect: Effect::Returns(SCALAR) },
        Rule { on: MAPPING, op: Op::Index, effect: Effect::Returns(SCALAR) },
        Rule { on: MAPPING, op: Op::Call, effect: Effect::NewMapping },
        // `frozenset({READ, WRITE})`: a membership test on it decides a branch.
        Rule { on: COLLECTION, op: Op::Call, effect: Effect::Collect { unique: false } },
        Rule { on: SET_COLLECTION, op: Op::Call, effect: Effect::Collect { unique: true } },
        Rule { on: "NewType", op: Op::Call, effect: Effect::Arg(1) },
        // `type(x)`: the class of an instance; `type[T]` is a type form.
        Rule { on: "Type", op: Op::Call, effect: Effect::ClassOf },
        Rule { on: "Type", op: Op::Index, effect: Effect::Returns(SCALAR) },
        Rule { on: "@isinstance", op: Op::Call, effect: Effect::IsInstance },
        Rule { on: "@issubclass", op: Op::Call, effect: Effect::IsSubclass },
        Rule { on: "@callable", op: Op::Call, effect: Effect::IsCallable },
        // `iter(xs)`: an iterator over `xs`, walked as `xs` is.
        Rule { on: "@iter", op: Op::Call, effect: Effect::Arg(0) },
        Rule { on: "@sorted", op: Op::Call, effect: Effect::Sorted },
        Rule { on: "@len", op: Op::Call, effect: Effect::Length },
        Rule { on: "@getattr", op: Op::Call, effect: Effect::GetAttr },
        // `open(p)`: the file at `p`, only ever parsed as JSON (`python_json.rs`).
        Rule { on: "@open", op: Op::Call, effect: Effect::File(FileOp::Read) },
        // `cast(T, x)` is `x` at run time.
        Rule { on: "Cast", op: Op::Call, effect: Effect::Arg(1) },
        Rule { on: "Range", op: Op::Call, effect: Effect::Range },
        // `x[a:b]` is `x[slice(a, b)]`: the bounds, for the subscript.
        Rule { on: "Slice", op: Op::Call, effect: Effect::Keeps(super::forms::SLICE) },
        Rule { on: "Dataclass", op: Op::Call, effect: Effect::ArgOrSelf(0) },
    ],
    null_is_absent: false,
};

/// Builtin names of types, bound in every Python module that does not
/// bind them itself: (name, SDK type of [`PYTHON_TYPING`]).
const BUILTINS: &[(&str, &str)] = &[
    ("str", STRING),
    ("int", SCALAR),
    ("float", SCALAR),
    ("bool", SCALAR),
    ("bytes", SCALAR),
    ("bytearray", SCALAR),
    ("complex", SCALAR),
    ("list", COLLECTION),
    ("dict", MAPPING),
    ("set", SET_COLLECTION),
    ("frozenset", SET_COLLECTION),
    ("tuple", COLLECTION),
    ("type", "Type"),
    ("object", MODEL_BASE),
    ("range", "Range"),
    ("slice", "Slice"),
    ("isinstance", "@isinstance"),
    ("issubclass", "@issubclass"),
    ("callable", "@callable"),
    ("iter", "@iter"),
    ("sorted", "@sorted"),
    ("open", "@open"),
    ("len", "@len"),
    ("getattr", "@getattr"),
];

/// The SDK type a Python builtin `name` is, when it names a type.
pub fn builtin(name: &str) -> Option<&'static str> {
    BUILTINS.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// Standard-library value types pydantic validates as one value (a string
/// or a number in the JSON schema: `format: date-time`, `path`, `uuid`,
/// ...), never an object with fields: a parameter so typed is one input,
/// itself.
pub static PYTHON_STDLIB_SCALARS: SdkTable = SdkTable {
    api: "python.stdlib",
    langs: &[Lang::Python],
    modules: &["datetime", "uuid", "decimal", "ipaddress"],
    symbols: &[
        ("datetime", SCALAR),
        ("date", SCALAR),
        ("time", SCALAR),
        ("timedelta", SCALAR),
        ("UUID", SCALAR),
        ("Decimal", SCALAR),
        ("IPv4Address", SCALAR),
        ("IPv6Address", SCALAR),
        ("IPv4Network", SCALAR),
        ("IPv6Network", SCALAR),
    ],
    rules: &[],
    null_is_absent: false,
};
