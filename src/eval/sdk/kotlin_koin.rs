//! Koin, Kotlin's dependency-injection container, as far as it decides
//! which objects exist. Facts from `InsertKoinIO/koin` (`koin-core`'s
//! `Module.kt`, `Scope.kt`, `Koin.kt`, `KoinComponent.kt`):
//!
//! - `module { ... }` runs its block with the module as receiver;
//!   `single<T>(qualifier) { ... }` / `factory { ... }` / `scoped { ... }`
//!   define a `T` made by the lambda, whose receiver is the `Scope` that
//!   resolves its own `get()`s.
//! - `startKoin { modules(...) }` (and Ktor's `koin { }` plugin) load
//!   modules; `getKoin()` is the container.
//! - `get<T>()` gives the definition of `T` (the last one here),
//!   `getAll<T>()` every definition of `T`.
//!
//! Definitions are made once, when their module is defined: one instance
//! each, `factory` included.

use super::{Effect, Op, Rule, SdkTable};
use crate::model::Lang;

pub static KOTLIN_KOIN: SdkTable = SdkTable {
    api: "kotlin.koin",
    langs: &[Lang::Kotlin],
    modules: &[
        "org.koin.dsl",
        "org.koin.core.context",
        "org.koin.core.component",
        "org.koin.core.qualifier",
        "org.koin.core",
        "org.koin.ktor.ext",
        "org.koin.ktor.plugin",
        "org.koin.java",
    ],
    symbols: &[
        ("module", "ModuleFn"),
        ("startKoin", "StartKoin"),
        ("koinApplication", "StartKoin"),
        ("koin", "StartKoin"),
        ("getKoin", "GetKoin"),
        ("get", "GetFn"),
        ("getAll", "GetAllFn"),
        ("KoinJavaComponent", "JavaComponent"),
    ],
    rules: &[
        Rule { on: "ModuleFn", op: Op::Call, effect: Effect::ReturnsApplying("Module") },
        Rule { on: "Module", op: Op::Method("single"), effect: Effect::ContainerDefine("Scope") },
        Rule { on: "Module", op: Op::Method("factory"), effect: Effect::ContainerDefine("Scope") },
        Rule { on: "Module", op: Op::Method("scoped"), effect: Effect::ContainerDefine("Scope") },
        Rule { on: "StartKoin", op: Op::Call, effect: Effect::ReturnsApplying("KoinApp") },
        Rule { on: "KoinApp", op: Op::Member("koin"), effect: Effect::Returns("Koin") },
        Rule { on: "KoinApp", op: Op::AnyMethod, effect: Effect::Returns("KoinApp") },
        Rule { on: "GetKoin", op: Op::Call, effect: Effect::Returns("Koin") },
        Rule { on: "GetFn", op: Op::Call, effect: Effect::ContainerGet { one: true } },
        Rule { on: "GetAllFn", op: Op::Call, effect: Effect::ContainerGet { one: false } },
        Rule { on: "Koin", op: Op::Method("get"), effect: Effect::ContainerGet { one: true } },
        Rule { on: "Koin", op: Op::Method("getAll"), effect: Effect::ContainerGet { one: false } },
        Rule { on: "Scope", op: Op::Method("get"), effect: Effect::ContainerGet { one: true } },
        Rule { on: "Scope", op: Op::Method("getAll"), effect: Effect::ContainerGet { one: false } },
        Rule { on: "JavaComponent", op: Op::Method("get"), effect: Effect::ContainerGet { one: true } },
    ],
    null_is_absent: true,
};
