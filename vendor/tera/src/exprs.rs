//! papermap patch: every expression of a template, each handed to a function after the
//! expressions it holds, for what is done to all of them: naming their template in their spans
//! (`Template::new`), folding constant calls (`fold.rs`).

use std::collections::HashMap;

use crate::parser::ast::{Expr, ExprVal, Node};
use crate::template::Template;

/// Each expression of `template`: of its nodes, its macros and its blocks, which are copies.
pub(crate) fn each_in_template(template: &mut Template, visit: &mut dyn FnMut(&mut Expr)) {
    each_in_nodes(&mut template.ast, visit);
    for definition in template.macros.values_mut() {
        each_in_macro(&mut definition.args, &mut definition.body, visit);
    }
    for block in template.blocks.values_mut() {
        each_in_nodes(&mut block.body, visit);
    }
    for definitions in template.blocks_definitions.values_mut() {
        for (_, block) in definitions.iter_mut() {
            each_in_nodes(&mut block.body, visit);
        }
    }
}

/// Each expression of `nodes` and of the nodes they hold.
pub(crate) fn each_in_nodes(nodes: &mut [Node], visit: &mut dyn FnMut(&mut Expr)) {
    for node in nodes {
        match node {
            Node::VariableBlock(_, expr) => each_in_expr(expr, visit),
            Node::MacroDefinition(_, definition, _) => {
                each_in_macro(&mut definition.args, &mut definition.body, visit)
            }
            Node::Set(_, set) => each_in_expr(&mut set.value, visit),
            Node::FilterSection(_, section, _) => {
                each_in_args(&mut section.filter.args, visit);
                each_in_nodes(&mut section.body, visit);
            }
            Node::Block(_, block, _) => each_in_nodes(&mut block.body, visit),
            Node::Forloop(_, forloop, _) => {
                each_in_expr(&mut forloop.container, visit);
                each_in_nodes(&mut forloop.body, visit);
                if let Some(body) = &mut forloop.empty_body {
                    each_in_nodes(body, visit);
                }
            }
            Node::If(condition, _) => {
                for (_, expr, body) in &mut condition.conditions {
                    each_in_expr(expr, visit);
                    each_in_nodes(body, visit);
                }
                if let Some((_, body)) = &mut condition.otherwise {
                    each_in_nodes(body, visit);
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
}

fn each_in_macro(
    args: &mut HashMap<String, Option<Expr>>,
    body: &mut [Node],
    visit: &mut dyn FnMut(&mut Expr),
) {
    for default in args.values_mut().flatten() {
        each_in_expr(default, visit);
    }
    each_in_nodes(body, visit);
}

fn each_in_args(args: &mut HashMap<String, Expr>, visit: &mut dyn FnMut(&mut Expr)) {
    for arg in args.values_mut() {
        each_in_expr(arg, visit);
    }
}

/// The expressions `expr` holds, then `expr`.
fn each_in_expr(expr: &mut Expr, visit: &mut dyn FnMut(&mut Expr)) {
    for filter in &mut expr.filters {
        each_in_args(&mut filter.args, visit);
    }
    match &mut expr.val {
        ExprVal::FunctionCall(call) => each_in_args(&mut call.args, visit),
        ExprVal::MacroCall(call) => each_in_args(&mut call.args, visit),
        ExprVal::Math(math) => {
            each_in_expr(&mut math.lhs, visit);
            each_in_expr(&mut math.rhs, visit);
        }
        ExprVal::Logic(logic) => {
            each_in_expr(&mut logic.lhs, visit);
            each_in_expr(&mut logic.rhs, visit);
        }
        ExprVal::In(within) => {
            each_in_expr(&mut within.lhs, visit);
            each_in_expr(&mut within.rhs, visit);
        }
        ExprVal::Test(test) => {
            for arg in &mut test.args {
                each_in_expr(arg, visit);
            }
        }
        ExprVal::Array(items) => {
            for item in items {
                each_in_expr(item, visit);
            }
        }
        ExprVal::String(_)
        | ExprVal::Int(_)
        | ExprVal::Float(_)
        | ExprVal::Bool(_)
        | ExprVal::Ident(_)
        | ExprVal::StringConcat(_) => {}
    }
    visit(expr);
}
