//! A Python handler's inputs read off its signature (`eval/inputs.rs`):
//! input models followed through imports, aliases and type forms; what
//! cannot be followed stays unknown.

use super::*;

/// Each tool's inputs, by name: `None` when unknown.
fn inputs(src: &str) -> Vec<(String, Option<Vec<String>>)> {
    let out = run_py(src);
    let mut all: Vec<(String, Option<Vec<String>>)> = out
        .registrations
        .iter()
        .map(|r| {
            let name = match &r.name {
                Some(Value::Str(s, _)) => s.to_string(),
                _ => "?".into(),
            };
            let inputs = match &r.inputs {
                Inputs::Read(p) => p.clone(),
                other => panic!("{name}: not read: {other:?}"),
            };
            (name, inputs)
        })
        .collect();
    all.sort();
    all
}

fn of(list: &[(String, Option<Vec<String>>)], tool: &str) -> Option<Vec<String>> {
    list.iter().find(|(n, _)| n == tool).unwrap_or_else(|| panic!("no tool {tool}")).1.clone()
}

fn known(names: &[&str]) -> Option<Vec<String>> {
    Some(names.iter().map(|s| s.to_string()).collect())
}

const MODELS: &str = "from typing import Annotated, ClassVar, Optional, TypedDict\n\
    from enum import Enum\n\
    from dataclasses import dataclass\n\
    from mcp.server.fastmcp import FastMCP, Context\n\
    from mcp.server.fastmcp import Context as Ctx\n\
    from pydantic import AliasChoices, BaseModel, Field\n\
    mcp = FastMCP('x')\n\
    class Base(BaseModel):\n    namespace: str\n    _secret: int = 0\n    LIMIT: ClassVar[int] = 3\n    model_config = {}\n\
    class Req(Base):\n    confirm: Annotated[bool, Field(description='x')] = False\n\
    class Aliased(BaseModel):\n    really: bool = Field(False, alias='dryRun')\n    \
        other: Annotated[int, Field(validation_alias=AliasChoices('first', 'second'))] = 0\n\
    @dataclass(frozen=True)\nclass Opts:\n    force: bool = False\n\
    class Flags(TypedDict, total=False):\n    yes: bool\n\
    class Mode(str, Enum):\n    A = 'a'\n\
    class MyContext(Context):\n    pass\n\
    Maybe = Optional[Req]\n\
    type Later = Opts | None\n";

#[test]
fn input_models_bring_their_fields_through_type_forms_and_aliases() {
    let src = format!(
        "{MODELS}\
         @mcp.tool()\ndef plain(req: Req, n: int = 1, ctx: Context = None) -> int: ...\n\
         @mcp.tool()\ndef aliased_type(req: Maybe = None, c: Ctx[object, object] = None): ...\n\
         @mcp.tool()\ndef field_aliases(x: Aliased, own: Annotated[bool, Field(alias='dry_run')] = False): ...\n\
         @mcp.tool()\ndef others(o: 'Opts | None', f: Flags, m: Mode, items: list[Req], c: MyContext): ...\n\
         @mcp.tool()\ndef statement_alias(o: Later, *args: str, **kw: str): ...\n"
    );
    let all = inputs(&src);
    assert_eq!(of(&all, "plain"), known(&["req", "n", "namespace", "confirm"]));
    assert_eq!(of(&all, "aliased_type"), known(&["req", "namespace", "confirm"]));
    assert_eq!(of(&all, "field_aliases"), known(&["x", "dry_run", "dryRun", "first"]));
    // A model inside a container brings no top-level inputs; an Enum is a scalar.
    assert_eq!(of(&all, "others"), known(&["o", "f", "m", "items", "force", "yes"]));
    assert_eq!(of(&all, "statement_alias"), known(&["o", "force"]));
}

#[test]
fn types_the_interpreter_cannot_follow_leave_the_inputs_unknown() {
    let src = format!(
        "{MODELS}\
         from elsewhere import Outside, to_camel, computed\n\
         from pydantic import ConfigDict\n\
         class FromOutside(Outside):\n    confirm: bool\n\
         class Generated(BaseModel):\n    model_config = ConfigDict(alias_generator=to_camel)\n    dry_run: bool\n\
         @mcp.tool()\ndef outside(x: Outside): ...\n\
         @mcp.tool()\ndef outside_base(x: FromOutside): ...\n\
         @mcp.tool()\ndef generated(x: Generated): ...\n\
         @mcp.tool()\ndef optional_outside(x: Optional[Outside] = None): ...\n\
         @mcp.tool()\ndef computed_alias(x: Annotated[str, Field(alias=computed())]): ...\n\
         @mcp.tool()\ndef untyped(x, y): ...\n"
    );
    let all = inputs(&src);
    for tool in ["outside", "outside_base", "generated", "optional_outside", "computed_alias"] {
        assert_eq!(of(&all, tool), None, "{tool}");
    }
    assert_eq!(of(&all, "untyped"), known(&["x", "y"]));
}

#[test]
fn parameters_the_sdk_injects_are_no_inputs() {
    let all = inputs(
        "from fastmcp import FastMCP, Context\nfrom fastmcp.dependencies import Depends, Progress\n\
         from other_kit import Depends as OtherDepends\n\
         mcp = FastMCP('x')\n\
         def db(): ...\n\
         @mcp.tool\nasync def wipe_all(scope: str, ctx: Context, progress: Progress = Progress(), conn = Depends(db)): ...\n\
         @mcp.tool\nasync def purge_all(scope: str, conn = OtherDepends(db)): ...\n",
    );
    assert_eq!(of(&all, "wipe_all"), known(&["scope"]));
    // Another library's `Depends` is a default like any other.
    assert_eq!(of(&all, "purge_all"), known(&["scope", "conn"]));
}

/// Value types of the standard library and pydantic are one input each,
/// never a model with fields.
#[test]
fn value_types_are_one_input_each() {
    let src = format!(
        "{MODELS}\
         import datetime\n\
         from pathlib import Path\n\
         from pydantic import AnyUrl\n\
         @mcp.tool()\ndef values(a: datetime.datetime, b: Path, c: Optional[AnyUrl] = None): ...\n"
    );
    let all = inputs(&src);
    assert_eq!(of(&all, "values"), known(&["a", "b", "c"]));
}
