//! The Spring container, as far as it decides which objects exist: the
//! beans (classes a stereotype annotation marks) and what it injects.
//! Facts from spring-framework's reference ("Classpath Scanning",
//! "Autowiring Collaborators") and `ListableBeanFactory`:
//!
//! - `@Component` and the stereotypes meta-annotated with it (`@Service`,
//!   `@Repository`, `@Controller`, `@RestController`, `@Configuration`,
//!   `@SpringBootApplication`) make a class a singleton bean;
//! - a constructor, `@Bean` or `@Autowired` parameter typed `List<T>`,
//!   `Set<T>`, `Collection<T>`, `T[]` or `Map<String, T>` receives every
//!   bean assignable to `T` ([`super::super::beans`]);
//! - `ApplicationContext.getBeansOfType(T.class)` is the map of those beans
//!   by name, `getBean(T.class)` the one bean of that type.

use super::{Effect, Op, Rule, SdkTable};
use crate::model::Lang;

pub static JAVA_SPRING_BEANS: SdkTable = SdkTable {
    api: "java.spring-beans",
    langs: &[Lang::Java, Lang::Kotlin],
    modules: &[
        "org.springframework.stereotype",
        "org.springframework.context",
        "org.springframework.beans.factory",
        "org.springframework.web.bind.annotation",
        "org.springframework.boot.autoconfigure",
    ],
    symbols: &[
        ("Component", "Stereotype"),
        ("Service", "Stereotype"),
        ("Repository", "Stereotype"),
        ("Controller", "Stereotype"),
        ("RestController", "Stereotype"),
        ("annotation.Configuration", "Stereotype"),
        ("SpringBootApplication", "Stereotype"),
        ("ApplicationContext", "ContextClass"),
        ("ConfigurableApplicationContext", "ContextClass"),
        ("ListableBeanFactory", "ContextClass"),
        ("BeanFactory", "ContextClass"),
    ],
    rules: &[
        Rule { on: "Stereotype", op: Op::Call, effect: Effect::Bean },
        Rule { on: "ContextClass", op: Op::Call, effect: Effect::Returns("Context") },
        Rule { on: "Context", op: Op::Method("getBeansOfType"), effect: Effect::BeansOf { one: false } },
        Rule { on: "Context", op: Op::Method("getBean"), effect: Effect::BeansOf { one: true } },
    ],
    null_is_absent: true,
};
