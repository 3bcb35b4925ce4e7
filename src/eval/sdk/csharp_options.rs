//! .NET's options pattern (`Microsoft.Extensions.Options`, whose extension
//! methods live in namespace `Microsoft.Extensions.DependencyInjection`):
//! the container calls a configure callback with the options object once
//! it is first asked for (`OptionsFactory<T>.Create`), so a server's
//! options set there are set. Facts from `OptionsServiceCollectionExtensions`
//! and `OptionsBuilder<TOptions>` (dotnet/runtime):
//!
//! - `services.Configure<T>(Action<T>)`, `PostConfigure<T>(Action<T>)`
//!   and `ConfigureAll<T>` / `PostConfigureAll<T>`: the callback gets the
//!   `T`.
//! - `services.AddOptions<T>()` gives an `OptionsBuilder<T>`, whose
//!   `Configure(Action<T>)` / `PostConfigure(...)` and the forms with
//!   services (`Configure<TDep1, ...>(Action<T, TDep1, ...>)`) call back
//!   with the `T` first and the services the container resolves after;
//!   each returns the builder.

use super::{Effect, Given, Op, Path, Rule, SdkTable};
use crate::model::Lang;

/// The options first, then services nobody here knows.
const OPTIONS_THEN_SERVICES: &[Given] =
    &[Given::KeptTypeArgument(0), Given::Unknown, Given::Unknown, Given::Unknown, Given::Unknown, Given::Unknown];

pub static CSHARP_OPTIONS: SdkTable = SdkTable {
    api: "csharp.options",
    langs: &[Lang::CSharp],
    modules: &["Microsoft.Extensions.DependencyInjection", "Microsoft.Extensions.Options"],
    // Extension methods, by bare name (called on a receiver nobody knows).
    symbols: &[
        ("Configure", "Configure"),
        ("PostConfigure", "Configure"),
        ("ConfigureAll", "Configure"),
        ("PostConfigureAll", "Configure"),
        ("AddOptions", "AddOptions"),
    ],
    rules: &[
        Rule {
            on: "Configure",
            op: Op::Call,
            effect: Effect::CallsBack { func: Path::Arg(1), with: &[Given::TypeArgument(0)], returns: None },
        },
        Rule { on: "AddOptions", op: Op::Call, effect: Effect::Keeps("OptionsBuilder") },
        Rule {
            on: "OptionsBuilder",
            op: Op::Method("Configure"),
            effect: Effect::CallsBack {
                func: Path::Arg(0),
                with: OPTIONS_THEN_SERVICES,
                returns: Some("OptionsBuilder"),
            },
        },
        Rule {
            on: "OptionsBuilder",
            op: Op::Method("PostConfigure"),
            effect: Effect::CallsBack {
                func: Path::Arg(0),
                with: OPTIONS_THEN_SERVICES,
                returns: Some("OptionsBuilder"),
            },
        },
        Rule { on: "OptionsBuilder", op: Op::AnyMethod, effect: Effect::Returns("OptionsBuilder") },
    ],
    null_is_absent: true,
};
