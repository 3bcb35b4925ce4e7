//! Pointer helpers of common Go libraries: each call is its argument (a
//! pointer is its pointee for tool discovery). google/jsonschema-go's
//! `jsonschema.Ptr` (what go-sdk's examples use), k8s.io/utils/ptr's
//! `ptr.To`, samber/lo's `lo.ToPtr`, aws-sdk-go-v2's `aws.Bool`. A
//! project's own helper (`func boolPtr(b bool) *bool { return &b }`) needs
//! no row: it runs.

use super::{Effect, Op, Rule, SdkTable};
use crate::model::Lang;

pub static GO_POINTERS: SdkTable = SdkTable {
    api: "go.pointers",
    langs: &[Lang::Go],
    modules: &[
        "github.com/google/jsonschema-go",
        "k8s.io/utils/ptr",
        "github.com/samber/lo",
        "github.com/aws/aws-sdk-go-v2/aws",
        "github.com/aws/aws-sdk-go/aws",
    ],
    symbols: &[("Ptr", "Ptr"), ("To", "Ptr"), ("ToPtr", "Ptr"), ("Bool", "Ptr"), ("String", "Ptr")],
    rules: &[Rule { on: "Ptr", op: Op::Call, effect: Effect::Arg(0) }],
    null_is_absent: false,
};
