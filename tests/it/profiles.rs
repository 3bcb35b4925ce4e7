//! The profile matrix: each profile over one fixture, as the set of
//! (line, code) it reports, in one snapshot a reviewer can read across.

use crate::{repo, run_in};

#[test]
fn profile_matrix() {
    let case = repo().join("tests/fixtures/profiles");
    let mut out = String::new();
    for profile in ["recommended", "spec", "openai-apps", "anthropic-directory", "strict"] {
        let (code, json, err) = run_in(&case, &["check", "--profile", profile, "--format", "json", "--exit-zero"]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&json).expect("json");
        let mut rows: Vec<String> = v["findings"]
            .as_array()
            .expect("findings")
            .iter()
            .map(|f| {
                format!(
                    "{:>3} {} {}",
                    f["line"].as_u64().expect("line"),
                    f["code"].as_str().expect("code"),
                    f["tool"].as_str().unwrap_or("")
                )
            })
            .collect();
        rows.sort();
        out.push_str(&format!("== {profile}\n{}\n", rows.join("\n")));
    }
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(repo().join("tests/snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!("profile-matrix", out));
}

/// The profile sets themselves, from the rule docs' front matter.
#[test]
fn profiles_enable_what_the_readme_says() {
    use mcp_lint::rules::{Profile, RuleSet};
    let codes = |p| RuleSet::profile(p).codes().collect::<Vec<_>>().join(" ");
    assert_eq!(
        codes(Profile::Recommended),
        "MCP001 MCP002 MCP003 MCP004 MCP005 MCP011 MCP012 MCP013 MCP014 MCP020 MCP021 MCP022 MCP031 MCP033 MCP040 MCP041 MCP042 MCP043 MCP090 MCP091 MCP092"
    );
    assert_eq!(
        codes(Profile::Spec),
        "MCP001 MCP002 MCP003 MCP004 MCP005 MCP010 MCP011 MCP012 MCP013 MCP014 MCP031 MCP033 MCP040 MCP041 MCP042 MCP043 MCP090 MCP091 MCP092"
    );
    assert_eq!(
        codes(Profile::OpenaiApps),
        "MCP001 MCP002 MCP003 MCP004 MCP005 MCP011 MCP012 MCP013 MCP014 MCP020 MCP021 MCP022 MCP030 MCP031 MCP033 MCP040 MCP041 MCP042 MCP043 MCP090 MCP091 MCP092"
    );
    assert_eq!(
        codes(Profile::AnthropicDirectory),
        "MCP001 MCP002 MCP003 MCP004 MCP005 MCP011 MCP012 MCP013 MCP014 MCP020 MCP021 MCP022 MCP030 MCP031 MCP032 MCP033 MCP040 MCP041 MCP042 MCP043 MCP090 MCP091 MCP092"
    );
    assert_eq!(
        codes(Profile::Strict),
        "MCP001 MCP002 MCP003 MCP004 MCP005 MCP010 MCP011 MCP012 MCP013 MCP014 MCP020 MCP021 MCP022 MCP031 MCP032 MCP033 MCP040 MCP041 MCP042 MCP043 MCP090 MCP091 MCP092"
    );
}

#[test]
fn rules_listing_shows_default_severity_and_profiles() {
    let (code, list, _) = run_in(&repo(), &["rules"]);
    assert_eq!(code, 0);
    let line =
        |c: &str| list.lines().find(|l| l.starts_with(c)).unwrap_or_else(|| panic!("{c} in\n{list}")).to_string();
    assert!(
        line("MCP030").contains("off (error)") && line("MCP030").ends_with("openai-apps,anthropic-directory"),
        "{list}"
    );
    assert!(
        line("MCP032").contains("off (warning)") && line("MCP032").ends_with("anthropic-directory,strict"),
        "{list}"
    );
    assert!(line("MCP010").contains("off (info)") && line("MCP010").ends_with("spec,strict"), "{list}");
    assert!(line("MCP003").contains("info"), "{list}");
    assert!(line("MCP020").contains("warning"), "{list}");
    let (_, json, _) = run_in(&repo(), &["rules", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("json");
    let mcp030 = v.as_array().expect("array").iter().find(|r| r["code"] == "MCP030").expect("MCP030");
    assert_eq!((mcp030["severity"].as_str(), mcp030["level"].as_str()), (Some("off"), Some("error")));
}

#[test]
fn unknown_profile_is_a_usage_error() {
    let (code, _, err) = run_in(&repo(), &["check", "--profile", "lenient", "examples"]);
    assert_eq!(code, 2);
    assert!(err.contains("lenient") && err.contains("openai-apps"), "{err}");
}
