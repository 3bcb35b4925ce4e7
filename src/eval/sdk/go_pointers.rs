//! Pointer helpers of common Go libraries: each call is its argument (a
//! pointer is its pointee for tool discovery). google/jsonschema-go's
//! `jsonschema.Ptr` (what go-sdk's examples use), k8s.io/utils/ptr's
//! `ptr.To`, samber/lo's `lo.ToPtr`, aws-sdk-go-v2's `aws.Bool`, go-github's `github.Ptr`. A
//! project's own helper (`func boolPtr(b bool) *bool { return &b }`) needs
//! no row: it runs. Read back with a fallback (`ptr.Deref(p, false)`,
//! `lo.FromPtrOr(p, false)`), a nil pointer is the fallback.
//!
//! google/jsonschema-go's `Schema` literal (`&jsonschema.Schema{Type:
//! "object", Properties: ...}`, go-sdk's input schemas) is sent under its
//! JSON names.

use super::{Effect, Op, Rule, SdkTable};

const SCHEMA_FIELDS: &[(&str, &str)] = &[("Type", "type"), ("Properties", "properties"), ("Required", "required")];
use crate::model::Lang;

pub static GO_POINTERS: SdkTable = SdkTable {
    api: "go.pointers",
    langs: &[Lang::Go],
    modules: &[
        "github.com/google/jsonschema-go",
        "github.com/google/go-github",
        "k8s.io/utils/ptr",
        "github.com/samber/lo",
        "github.com/aws/aws-sdk-go-v2/aws",
        "github.com/aws/aws-sdk-go/aws",
    ],
    symbols: &[
        ("Schema", "Schema"),
        ("Ptr", "Ptr"),
        ("To", "Ptr"),
        ("ToPtr", "Ptr"),
        ("Bool", "Ptr"),
        ("String", "Ptr"),
        ("Deref", "Deref"),
        ("FromPtrOr", "Deref"),
    ],
    rules: &[
        Rule { on: "Ptr", op: Op::Call, effect: Effect::Arg(0) },
        Rule { on: "Deref", op: Op::Call, effect: Effect::ArgOrDefault { arg: 0, default: 1 } },
        Rule { on: "Schema", op: Op::Struct, effect: Effect::WireRecord { fields: SCHEMA_FIELDS, defaults: None } },
    ],
    null_is_absent: false,
};
