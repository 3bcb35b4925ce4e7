//! A struct's input fields as serde names them (`rename`, `rename_all`,
//! `skip`), for the lowering of tool parameter types.

use syn::punctuated::Punctuated;
use syn::{Attribute, Meta, Token};

use super::paths::ident;

/// Field names as serde writes them, or `None` when they cannot be known
/// (tuple struct, `#[serde(flatten)]`).
pub(super) fn struct_fields(s: &syn::ItemStruct) -> Option<Vec<String>> {
    let syn::Fields::Named(named) = &s.fields else { return None };
    let rename_all = serde_args(&s.attrs).into_iter().find_map(|m| match m {
        Meta::NameValue(nv) if nv.path.is_ident("rename_all") => str_value(&nv.value),
        _ => None,
    });
    let mut out = Vec::new();
    for f in &named.named {
        let mut name = f.ident.as_ref().map(ident)?;
        let mut renamed = false;
        for m in serde_args(&f.attrs) {
            match &m {
                Meta::Path(p) if p.is_ident("flatten") => return None,
                Meta::Path(p) if p.is_ident("skip") || p.is_ident("skip_deserializing") => name.clear(),
                Meta::NameValue(nv) if nv.path.is_ident("rename") => {
                    if let Some(v) = str_value(&nv.value) {
                        name = v;
                        renamed = true;
                    }
                }
                _ => {}
            }
        }
        if name.is_empty() {
            continue;
        }
        if !renamed {
            if let Some(rule) = &rename_all {
                name = rename(&name, rule);
            }
        }
        out.push(name);
    }
    Some(out)
}

fn serde_args(attrs: &[Attribute]) -> Vec<Meta> {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("serde"))
        .filter_map(|a| a.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated).ok())
        .flatten()
        .collect()
}

fn str_value(e: &syn::Expr) -> Option<String> {
    match e {
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => Some(s.value()),
        _ => None,
    }
}

/// serde's `rename_all` rules, applied to a snake_case field name.
fn rename(field: &str, rule: &str) -> String {
    let words: Vec<&str> = field.split('_').filter(|w| !w.is_empty()).collect();
    let cap = |w: &str| {
        let mut c = w.chars();
        c.next().map(|f| f.to_uppercase().chain(c).collect::<String>()).unwrap_or_default()
    };
    match rule {
        "camelCase" => words.iter().enumerate().map(|(i, w)| if i == 0 { w.to_string() } else { cap(w) }).collect(),
        "PascalCase" => words.iter().map(|w| cap(w)).collect(),
        "kebab-case" => words.join("-"),
        "SCREAMING_SNAKE_CASE" | "UPPERCASE" => field.to_uppercase(),
        "SCREAMING-KEBAB-CASE" => words.join("-").to_uppercase(),
        _ => field.to_string(),
    }
}
