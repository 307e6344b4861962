//! papermap patch: calls of a pure function with literal arguments, made once when the
//! templates are ready instead of at every render (`Tera::fold_constant_calls`).
//!
//! papermap's `t(key="site-title")` gives the same text on every page of a locale, and a paper
//! page has some thirty such calls: each built a map of its arguments, looked the message up
//! and formatted it, for every page. A call is replaced by the string it gives, which renders
//! exactly as the call's result did: a string literal is escaped as an unsafe function's result
//! is, and filters and `not` still apply to it. A call inside `~` is left alone, because a
//! concatenation escapes a function's result but not a literal's; so is a call that fails,
//! which then fails at render time as before, where the error can say which page it was.

use std::collections::HashMap;
use std::sync::Arc;

use serde_json::Value;

use crate::builtins::functions::Function;
use crate::exprs::each_in_template;
use crate::parser::ast::{Expr, ExprVal};
use crate::template::Template;

/// Folds every call of `function` whose arguments are all literals in `template`. The arguments
/// are folded before the call that takes them.
pub(crate) fn fold_template(template: &mut Template, name: &str, function: &Arc<dyn Function>) {
    let fold = Folder { name, function };
    each_in_template(template, &mut |expr| fold.expr(expr));
}

struct Folder<'f> {
    name: &'f str,
    function: &'f Arc<dyn Function>,
}

impl Folder<'_> {
    fn expr(&self, expr: &mut Expr) {
        if let ExprVal::FunctionCall(call) = &expr.val {
            if call.name == self.name {
                if let Some(text) = self.constant(&call.args) {
                    expr.val = ExprVal::String(text);
                }
            }
        }
    }

    /// The string the function gives for these arguments, when they are all literals, the
    /// function's result is escaped like a literal (it is not marked safe) and it is a string.
    fn constant(&self, args: &HashMap<String, Expr>) -> Option<String> {
        if self.function.is_safe() {
            return None;
        }
        let mut values = HashMap::with_capacity(args.len());
        for (name, arg) in args {
            if arg.negated || !arg.filters.is_empty() {
                return None;
            }
            let value = match &arg.val {
                ExprVal::String(s) => Value::String(s.clone()),
                ExprVal::Int(i) => Value::from(*i),
                ExprVal::Float(f) => Value::from(*f),
                ExprVal::Bool(b) => Value::Bool(*b),
                _ => return None,
            };
            values.insert(name.clone(), value);
        }
        match self.function.call(&values) {
            Ok(Value::String(text)) => Some(text),
            _ => None,
        }
    }
}
