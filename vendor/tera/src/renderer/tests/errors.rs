use std::collections::HashMap;
use std::error::Error;

use crate::context::Context;
use crate::tera::Tera;

#[test]
fn error_location_basic() {
    let mut tera = Tera::default();
    tera.add_raw_templates(vec![("tpl", "{{ 1 + true }}")]).unwrap();

    let result = tera.render("tpl", &Context::new());

    assert_eq!(result.unwrap_err().to_string(), "Failed to render \'tpl\'");
}

#[test]
fn error_location_inside_macro() {
    let mut tera = Tera::default();
    tera.add_raw_templates(vec![
        ("macros", "{% macro hello()%}{{ 1 + true }}{% endmacro hello %}"),
        ("tpl", "{% import \"macros\" as macros %}{{ macros::hello() }}"),
    ])
    .unwrap();

    let result = tera.render("tpl", &Context::new());

    assert_eq!(
        result.unwrap_err().to_string(),
        "Failed to render \'tpl\': error while rendering macro `macros::hello`"
    );
}

#[test]
fn error_loading_macro_from_unloaded_namespace() {
    let mut tera = Tera::default();
    tera.add_raw_templates(vec![
        ("macros", "{% macro hello()%}{{ 1 + true }}{% endmacro hello %}"),
        ("tpl", "{% import \"macros\" as macros %}{{ macro::hello() }}"),
    ])
    .unwrap();

    let result = tera.render("tpl", &Context::new());
    println!("{:#?}", result);
    assert_eq!(
        result.unwrap_err().source().unwrap().to_string(),
        "Macro namespace `macro` was not found in template `tpl`. Have you maybe forgotten to import it, or misspelled it?"
    );
}

#[test]
fn error_location_base_template() {
    let mut tera = Tera::default();
    tera.add_raw_templates(vec![
        ("parent", "Hello {{ greeting + 1}} {% block bob %}{% endblock bob %}"),
        ("child", "{% extends \"parent\" %}{% block bob %}Hey{% endblock bob %}"),
    ])
    .unwrap();

    let result = tera.render("child", &Context::new());

    assert_eq!(
        result.unwrap_err().to_string(),
        "Failed to render \'child\' (error happened in 'parent')."
    );
}

#[test]
fn error_location_in_parent_block() {
    let mut tera = Tera::default();
    tera.add_raw_templates(vec![
        ("parent", "Hello {{ greeting }} {% block bob %}{{ 1 + true }}{% endblock bob %}"),
        ("child", "{% extends \"parent\" %}{% block bob %}{{ super() }}Hey{% endblock bob %}"),
    ])
    .unwrap();

    let result = tera.render("child", &Context::new());

    assert_eq!(
        result.unwrap_err().to_string(),
        "Failed to render \'child\' (error happened in 'parent')."
    );
}

#[test]
fn error_location_in_parent_in_macro() {
    let mut tera = Tera::default();
    tera.add_raw_templates(vec![
        ("macros", "{% macro hello()%}{{ 1 + true }}{% endmacro hello %}"),
        ("parent", "{% import \"macros\" as macros %}{{ macros::hello() }}{% block bob %}{% endblock bob %}"),
        ("child", "{% extends \"parent\" %}{% block bob %}{{ super() }}Hey{% endblock bob %}"),
    ]).unwrap();

    let result = tera.render("child", &Context::new());

    assert_eq!(
        result.unwrap_err().to_string(),
        "Failed to render \'child\': error while rendering macro `macros::hello` (error happened in \'parent\')."
    );
}

#[test]
fn error_out_of_range_index() {
    let mut tera = Tera::default();
    tera.add_raw_templates(vec![("tpl", "{{ arr[10] }}")]).unwrap();
    let mut context = Context::new();
    context.insert("arr", &[1, 2, 3]);

    let result = tera.render("tpl", &Context::new());

    assert_eq!(
        result.unwrap_err().source().unwrap().to_string(),
        "Variable `arr[10]` not found in context while rendering \'tpl\': the evaluated version was `arr.10`. Maybe the index is out of bounds?"
    );
}

#[test]
fn error_unknown_index_variable() {
    let mut tera = Tera::default();
    tera.add_raw_templates(vec![("tpl", "{{ arr[a] }}")]).unwrap();
    let mut context = Context::new();
    context.insert("arr", &[1, 2, 3]);

    let result = tera.render("tpl", &context);

    assert_eq!(
        result.unwrap_err().source().unwrap().to_string(),
        "Variable arr[a] can not be evaluated because: Variable `a` not found in context while rendering \'tpl\'"
    );
}

#[test]
fn error_invalid_type_index_variable() {
    let mut tera = Tera::default();
    tera.add_raw_templates(vec![("tpl", "{{ arr[a] }}")]).unwrap();

    let mut context = Context::new();
    context.insert("arr", &[1, 2, 3]);
    context.insert("a", &true);

    let result = tera.render("tpl", &context);

    assert_eq!(
        result.unwrap_err().source().unwrap().to_string(),
        "Only variables evaluating to String or Number can be used as index (`a` of `arr[a]`)"
    );
}

#[test]
fn error_when_missing_macro_templates() {
    let mut tera = Tera::default();
    let result = tera.add_raw_templates(vec![(
        "parent",
        "{% import \"macros\" as macros %}{{ macros::hello() }}{% block bob %}{% endblock bob %}",
    )]);
    assert_eq!(
        result.unwrap_err().to_string(),
        "Template `parent` loads macros from `macros` which isn\'t present in Tera"
    );
}

#[test]
fn error_when_using_variable_set_in_included_templates_outside() {
    let mut tera = Tera::default();
    tera.add_raw_templates(vec![
        ("included", r#"{{a}}{% set b = "hi" %}-{{b}}"#),
        ("base", r#"{{a}}{% include "included" %}{{b}}"#),
    ])
    .unwrap();
    let mut context = Context::new();
    context.insert("a", &10);
    let result = tera.render("base", &context);

    assert_eq!(
        result.unwrap_err().source().unwrap().to_string(),
        "Variable `b` not found in context while rendering \'base\'"
    );
}

// https://github.com/Keats/tera/issues/344
// Yes it is as silly as it sounds
#[test]
fn right_variable_name_is_needed_in_for_loop() {
    let mut data = HashMap::new();
    data.insert("content", "hello");
    let mut context = Context::new();
    context.insert("comments", &vec![data]);
    let mut tera = Tera::default();
    tera.add_raw_template(
        "tpl",
        r#"
{%- for comment in comments -%}
<p>{{ comment.content }}</p>
<p>{{ whocares.content }}</p>
<p>{{ doesntmatter.content }}</p>
{% endfor -%}"#,
    )
    .unwrap();
    let result = tera.render("tpl", &context);

    assert_eq!(
        result.unwrap_err().source().unwrap().to_string(),
        "Variable `whocares.content` not found in context while rendering \'tpl\'"
    );
}

// https://github.com/Keats/tera/issues/385
// https://github.com/Keats/tera/issues/370
#[test]
fn errors_with_inheritance_in_included_template() {
    let mut tera = Tera::default();
    tera.add_raw_templates(vec![
        ("base", "Base - {% include \"child\" %}"),
        ("parent", "{% block title %}Parent{% endblock %}"),
        ("child", "{% extends \"parent\" %}{% block title %}{{ super() }} - Child{% endblock %}"),
    ])
    .unwrap();

    let result = tera.render("base", &Context::new());

    assert_eq!(
        result.unwrap_err().source().unwrap().to_string(),
        "Inheritance in included templates is currently not supported: extended `parent`"
    );
}

#[test]
fn error_string_concat_math_logic() {
    let mut tera = Tera::default();
    tera.add_raw_templates(vec![("tpl", "{{ 'ho' ~ name < 10 }}")]).unwrap();
    let mut context = Context::new();
    context.insert("name", &"john");

    let result = tera.render("tpl", &context);

    assert_eq!(
        result.unwrap_err().source().unwrap().to_string(),
        "Tried to do math with a string concatenation: 'ho' ~ name"
    );
}

#[test]
fn error_gives_source_on_tests() {
    let mut tera = Tera::default();
    tera.add_raw_templates(vec![("tpl", "{% if a is undefined(1) %}-{% endif %}")]).unwrap();
    let result = tera.render("tpl", &Context::new());
    println!("{:?}", result);
    let err = result.unwrap_err();

    let source = err.source().unwrap();
    assert_eq!(source.to_string(), "Test call \'undefined\' failed");
    let source2 = source.source().unwrap();

    assert_eq!(
        source2.to_string(),
        "Tester `undefined` was called with some args but this test doesn\'t take args"
    );
}

// papermap patch: macro calls and includes nest at most `MAX_CALL_DEPTH` deep (processor.rs):
// deeper, they are an error rather than a stack overflow that aborts the process.
#[test]
fn calls_without_end_are_an_error_naming_the_circle() {
    let cases = vec![
        (
            vec![("tpl", "{% macro boom(n) %}{{ self::boom(n=n+1) }}{% endmacro boom %}{{ self::boom(n=0) }}")],
            "the macro `boom` calls itself more than 64 times deep",
        ),
        (
            vec![("tpl", "{% include \"loop\" %}"), ("loop", "x{% include \"loop\" %}")],
            "templates include one another without end: `loop` → `loop` (stopped at 64 includes deep)",
        ),
        (
            vec![
                ("tpl", "{% include \"a\" %}"),
                ("a", "{% include \"b\" %}"),
                ("b", "{% include \"a\" %}"),
            ],
            "templates include one another without end: `a` → `b` → `a`",
        ),
        (
            vec![
                ("macros", "{% macro m() %}{% include \"tpl\" %}{% endmacro m %}"),
                ("tpl", "{% import \"macros\" as macros %}{{ macros::m() }}"),
            ],
            "macros and includes call one another more than 64 deep, as if without end: `m` → `tpl` → `m`",
        ),
        (
            vec![(
                "tpl",
                "{% macro ping() %}{{ self::pong() }}{% endmacro ping %}\
                 {% macro pong() %}{{ self::ping() }}{% endmacro pong %}{{ self::ping() }}",
            )],
            "macros call one another more than 64 deep, as if without end: `ping` → `pong` → `ping`",
        ),
    ];
    for (templates, message) in cases {
        let mut tera = Tera::default();
        tera.add_raw_templates(templates).unwrap();
        let err = tera.render("tpl", &Context::new()).unwrap_err();
        let mut text = err.to_string();
        let mut source = err.source();
        while let Some(s) = source {
            text = s.to_string();
            source = s.source();
        }
        assert!(text.starts_with(message), "{}", text);
    }
}

// papermap patch: calls that end before `MAX_CALL_DEPTH` render as before.
#[test]
fn calls_that_end_may_nest_up_to_the_limit() {
    let mut tera = Tera::default();
    tera.add_raw_templates(vec![
        (
            "macros",
            "{% macro down(n) %}{{ n }}{% if n > 1 %},{{ self::down(n=n - 1) }}{% endif %}{% endmacro down %}",
        ),
        ("tpl", "{% import \"macros\" as macros %}{{ macros::down(n=64) }}"),
        ("inc", "{% set n = n - 1 %}{{ n }}{% if n > 0 %}{% include \"inc\" %}{% endif %}"),
        ("include", "{% set n = 64 %}{% include \"inc\" %}"),
    ])
    .unwrap();
    let down: Vec<String> = (1..=64).rev().map(|n| n.to_string()).collect();
    assert_eq!(tera.render("tpl", &Context::new()).unwrap(), down.join(","));
    let down: String = (0..64).rev().map(|n| n.to_string()).collect();
    assert_eq!(tera.render("include", &Context::new()).unwrap(), down);
}

// papermap patch: a render error knows the expression it happened on (`Error::place`).
#[test]
fn a_render_error_knows_the_innermost_expression_it_happened_on() {
    let cases: Vec<(&str, &str)> = vec![
        // A comparison names nothing: the whole of it.
        ("a\n{% if x / 0 > 3 %}{% endif %}", "x / 0 > 3"),
        // The failing operand of a sum, not the sum.
        ("{{ 1 + nope }}", "nope"),
        // The failing argument of a call, with its filter.
        ("{{ range(end=x | first) }}", "x | first"),
        // The loop's container.
        ("{% for i in x %}{% endfor %}", "x"),
        // Negated, with its `not`.
        ("{% if not x / 0 > 1 %}{% endif %}", "not x / 0 > 1"),
        // The second of two uses of the same name, the first of which renders.
        ("{{ x }}{{ x | first }}", "x | first"),
    ];
    for (template, expression) in cases {
        let mut tera = Tera::default();
        tera.add_raw_templates(vec![("tpl", template)]).unwrap();
        let mut context = Context::new();
        context.insert("x", &2);
        let err = tera.render("tpl", &context).expect_err(template);
        let (name, bytes) = err.place().unwrap_or_else(|| panic!("{template}: {err:?}"));
        assert_eq!((name, &template[bytes]), ("tpl", expression), "{template}");
    }
}

// papermap patch: an error inside a macro is placed in the macro's template.
#[test]
fn a_render_error_in_a_macro_is_placed_in_the_macro_s_template() {
    let mut tera = Tera::default();
    tera.add_raw_templates(vec![
        ("macros", "{% macro m(v) %}{{ v | first }}{% endmacro m %}"),
        ("tpl", "{% import \"macros\" as macros %}{{ macros::m(v=2) }}"),
    ])
    .unwrap();
    let err = tera.render("tpl", &Context::new()).unwrap_err();
    let (name, bytes) = err.place().unwrap();
    assert_eq!((name, bytes), ("macros", 19..28));
    // The chain of errors says what it said before.
    assert_eq!(err.to_string(), "Failed to render 'tpl': error while rendering macro `macros::m`");
}
