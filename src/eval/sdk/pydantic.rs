//! pydantic, where it decides the names a tool's inputs have.
//!
//! A `BaseModel` subclass's fields are its annotated class-level names,
//! inherited ones included (`ClassVar`s and `_private` names are none).
//! The name a client sends is the one the input schema shows: the python
//! SDKs build it with `model_json_schema()` (`by_alias=True`, validation
//! mode), and pydantic's `GenerateJsonSchema._get_alias_name` takes a
//! field's `validation_alias` when it is a string, the first single-name
//! path of an `AliasChoices`, else the field's name; `Field(alias=x)` sets
//! `validation_alias` to `x` when none is given. The alias is read from
//! `Field(...)` as the field's default or in `Annotated[T, Field(...)]`
//! metadata; a `model_config` with an `alias_generator` renames every
//! field by code, so its fields are unknown (`eval/inputs.rs`).
//! `pydantic.dataclasses.dataclass` is the standard `@dataclass`.

use super::forms::{ALIAS_CHOICES, FIELD, MODEL_BASE, SCALAR};
use super::{Effect, Op, Rule, SdkTable};
use crate::model::Lang;

pub static PYDANTIC: SdkTable = SdkTable {
    api: "python.pydantic",
    langs: &[Lang::Python],
    modules: &["pydantic"],
    symbols: &[
        ("BaseModel", MODEL_BASE),
        ("Field", "FieldFunction"),
        ("AliasChoices", "AliasChoicesClass"),
        ("ConfigDict", "ConfigDict"),
        ("dataclasses.dataclass", "Dataclass"),
        // `@validate_call` / `@validate_call(...)` wraps a function with
        // `functools.wraps` and keeps its signature: the same function to
        // whatever decorates it next (`validate_call_decorator.py`).
        ("validate_call", "ValidateCall"),
        // Network and special types (`pydantic.networks`, `pydantic.types`):
        // validated as one string or number, no fields of their own.
        ("AnyUrl", SCALAR),
        ("AnyHttpUrl", SCALAR),
        ("HttpUrl", SCALAR),
        ("FileUrl", SCALAR),
        ("EmailStr", SCALAR),
        ("NameEmail", SCALAR),
        ("IPvAnyAddress", SCALAR),
        ("SecretStr", SCALAR),
        ("SecretBytes", SCALAR),
        ("FilePath", SCALAR),
        ("DirectoryPath", SCALAR),
        ("NewPath", SCALAR),
        ("UUID4", SCALAR),
        ("PositiveInt", SCALAR),
        ("NonNegativeInt", SCALAR),
        ("PositiveFloat", SCALAR),
        ("NonNegativeFloat", SCALAR),
        ("StrictStr", SCALAR),
        ("StrictInt", SCALAR),
        ("StrictBool", SCALAR),
        ("StrictFloat", SCALAR),
    ],
    rules: &[
        Rule { on: "FieldFunction", op: Op::Call, effect: Effect::Keeps(FIELD) },
        Rule { on: "AliasChoicesClass", op: Op::Call, effect: Effect::Keeps(ALIAS_CHOICES) },
        // A `TypedDict`: its keys are the config.
        Rule { on: "ConfigDict", op: Op::Call, effect: Effect::Record },
        Rule { on: "Dataclass", op: Op::Call, effect: Effect::ArgOrSelf(0) },
        Rule { on: "ValidateCall", op: Op::Call, effect: Effect::ArgOrSelf(0) },
        Rule { on: MODEL_BASE, op: Op::Index, effect: Effect::Returns(MODEL_BASE) },
    ],
    null_is_absent: false,
};
