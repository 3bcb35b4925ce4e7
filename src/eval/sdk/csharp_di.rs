//! .NET's dependency-injection container (`Microsoft.Extensions.
//! DependencyInjection`), as far as it decides which objects exist: a
//! registered implementation is a bean (one instance, its constructor's
//! parameters injected), and what a lookup or a constructor receives.
//! Facts from `ServiceCollectionServiceExtensions`,
//! `ServiceCollectionDescriptorExtensions` and
//! `ServiceProviderServiceExtensions` (dotnet/runtime):
//!
//! - `AddSingleton` / `AddScoped` / `AddTransient` (and `TryAdd…`,
//!   `AddKeyed…`, `AddHostedService`) register an implementation: the last
//!   type argument (`<I, Impl>`, `<Impl>`), a `typeof(Impl)` argument, an
//!   instance, or what a factory (`sp => new Impl(...)`) returns.
//! - `GetRequiredService<T>()` / `GetService<T>()` give the registration
//!   for `T` (the last one wins), `GetServices<T>()` all of them; so does
//!   a constructor parameter typed `T` or `IEnumerable<T>` (the beans'
//!   own rules: [`super::super::beans`]).
//!
//! Lifetimes are not modelled: every registration is one instance.

use super::{Effect, Op, Rule, SdkTable};
use crate::model::Lang;

pub static CSHARP_DI: SdkTable = SdkTable {
    api: "csharp.di",
    langs: &[Lang::CSharp],
    modules: &["Microsoft.Extensions.DependencyInjection", "Microsoft.Extensions.DependencyInjection.Extensions"],
    // Extension methods, by bare name (called on a receiver nobody knows).
    symbols: &[
        ("AddSingleton", "Add"),
        ("AddScoped", "Add"),
        ("AddTransient", "Add"),
        ("TryAddSingleton", "Add"),
        ("TryAddScoped", "Add"),
        ("TryAddTransient", "Add"),
        ("AddKeyedSingleton", "Add"),
        ("AddKeyedScoped", "Add"),
        ("AddKeyedTransient", "Add"),
        ("AddHostedService", "Add"),
        ("GetRequiredService", "GetOne"),
        ("GetService", "GetOne"),
        ("GetRequiredKeyedService", "GetOne"),
        ("GetKeyedService", "GetOne"),
        ("GetServices", "GetAll"),
    ],
    rules: &[
        Rule { on: "Add", op: Op::Call, effect: Effect::Service },
        Rule { on: "GetOne", op: Op::Call, effect: Effect::ContainerGet { one: true } },
        Rule { on: "GetAll", op: Op::Call, effect: Effect::ContainerGet { one: false } },
    ],
    null_is_absent: true,
};
