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
use crate::parser::ast::{Expr, ExprVal, Node};
use crate::template::Template;

/// Folds every call of `function` whose arguments are all literals in `template`.
pub(crate) fn fold_template(template: &mut Template, name: &str, function: &Arc<dyn Function>) {
    let fold = Folder { name, function };
    fold.nodes(&mut template.ast);
    for definition in template.macros.values_mut() {
        fold.macro_definition(&mut definition.args, &mut definition.body);
    }
    for block in template.blocks.values_mut() {
        fold.nodes(&mut block.body);
    }
    for definitions in template.blocks_definitions.values_mut() {
        for (_, block) in definitions.iter_mut() {
            fold.nodes(&mut block.body);
        }
    }
}

struct Folder<'f> {
    name: &'f str,
    function: &'f Arc<dyn Function>,
}

impl Folder<'_> {
    fn nodes(&self, nodes: &mut [Node]) {
        for node in nodes {
            self.node(node);
        }
    }

    fn node(&self, node: &mut Node) {
        match node {
            Node::VariableBlock(_, expr) => self.expr(expr),
            Node::MacroDefinition(_, definition, _) => {
                self.macro_definition(&mut definition.args, &mut definition.body)
            }
            Node::Set(_, set) => self.expr(&mut set.value),
            Node::FilterSection(_, section, _) => {
                self.call_args(&mut section.filter.args);
                self.nodes(&mut section.body);
            }
            Node::Block(_, block, _) => self.nodes(&mut block.body),
            Node::Forloop(_, forloop, _) => {
                self.expr(&mut forloop.container);
                self.nodes(&mut forloop.body);
                if let Some(body) = &mut forloop.empty_body {
                    self.nodes(body);
                }
            }
            Node::If(condition, _) => {
                for (_, expr, body) in &mut condition.conditions {
                    self.expr(expr);
                    self.nodes(body);
                }
                if let Some((_, body)) = &mut condition.otherwise {
                    self.nodes(body);
                }
            }
            Node::Super
            | Node::Text(_)
            | Node::Extends(..)
            | Node::Include(..)
            | Node::ImportMacro(..)
            | Node::Raw(..)
            | Node::Break(_)
            | Node::Continue(_)
            | Node::Comment(..) => {}
        }
    }

    fn macro_definition(&self, args: &mut HashMap<String, Option<Expr>>, body: &mut [Node]) {
        for default in args.values_mut().flatten() {
            self.expr(default);
        }
        self.nodes(body);
    }

    fn call_args(&self, args: &mut HashMap<String, Expr>) {
        for arg in args.values_mut() {
            self.expr(arg);
        }
    }

    fn expr(&self, expr: &mut Expr) {
        for filter in &mut expr.filters {
            self.call_args(&mut filter.args);
        }
        match &mut expr.val {
            ExprVal::FunctionCall(call) => {
                self.call_args(&mut call.args);
                if call.name == self.name {
                    if let Some(text) = self.constant(&call.args) {
                        expr.val = ExprVal::String(text);
                    }
                }
            }
            ExprVal::MacroCall(call) => self.call_args(&mut call.args),
            ExprVal::Math(math) => {
                self.expr(&mut math.lhs);
                self.expr(&mut math.rhs);
            }
            ExprVal::Logic(logic) => {
                self.expr(&mut logic.lhs);
                self.expr(&mut logic.rhs);
            }
            ExprVal::In(within) => {
                self.expr(&mut within.lhs);
                self.expr(&mut within.rhs);
            }
            ExprVal::Test(test) => {
                for arg in &mut test.args {
                    self.expr(arg);
                }
            }
            ExprVal::Array(items) => {
                for item in items {
                    self.expr(item);
                }
            }
            ExprVal::String(_)
            | ExprVal::Int(_)
            | ExprVal::Float(_)
            | ExprVal::Bool(_)
            | ExprVal::Ident(_)
            | ExprVal::StringConcat(_) => {}
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
