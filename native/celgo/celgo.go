// Package main is Hookline's binding to cel-go, built as a C shared library and loaded by
// hookline/tenant_code/celgo.py with ctypes (which lets go of the GIL for every call).
//
// cel-go is used, rather than a CEL engine with Python bindings, for its cost model: the
// checker's worst-case estimate (EstimateCost) refuses a costly filter when it is saved, and
// the interpreter's runtime cost limit (CostLimit) stops any evaluation past its budget.
// Neither exists in the Python or Rust engines. The binding holds programs and activations
// in tables under handles, so that Python passes only integers and bytes.
package main

/*
#include <stdint.h>
#include <stdlib.h>
*/
import "C"

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"unsafe"

	"cel.dev/cel-go/cel"
	"cel.dev/cel-go/checker"
	celast "cel.dev/cel-go/common/ast"
	"cel.dev/cel-go/common/types"
	"cel.dev/cel-go/common/types/ref"
)

// What a filter sees: an event's variables (endpoints) and a message's (destinations), all
// declared for both, so that a filter reading the other kind's is saved as before and does
// not match (its variables are absent when it runs).
var env = mustEnv(
	cel.Variable(hiddenType, cel.StringType), cel.Variable("data", cel.DynType),
	cel.Variable("consumer", cel.StringType), cel.Variable("eventId", cel.StringType),
	cel.Variable("body", cel.DynType),
	cel.Variable("headers", cel.MapType(cel.StringType, cel.StringType)),
	cel.Variable("query", cel.MapType(cel.StringType, cel.StringType)),
	cel.Variable("contentType", cel.DynType), cel.Variable("provider", cel.StringType),
)

func mustEnv(opts ...cel.EnvOption) *cel.Env {
	env, err := cel.NewEnv(append(opts, cel.CrossTypeNumericComparisons(true))...)
	if err != nil {
		panic(err)
	}
	return env
}

// inputs answers the checker's question "how large can this value be": at most `most`
// items or characters for anything read from the variables, one for a value that has no
// size (a number, a type), and `most` again for what the checker cannot follow.
type inputs struct{ most uint64 }

func (s inputs) EstimateSize(node checker.AstNode) *checker.SizeEstimate {
	switch node.Type().Kind() {
	case types.StringKind, types.BytesKind, types.ListKind, types.MapKind, types.DynKind,
		types.AnyKind, types.TypeParamKind:
		return &checker.SizeEstimate{Min: 0, Max: s.most}
	}
	return &checker.SizeEstimate{Min: 1, Max: 1}
}

func (s inputs) EstimateCallCost(string, string, *checker.AstNode, []checker.AstNode) *checker.CallEstimate {
	return nil
}


var (
	mu          sync.Mutex
	next        int64
	programs    = map[int64]cel.Program{}
	activations = map[int64]map[string]any{}
)

func store(put func(int64)) int64 {
	mu.Lock()
	defer mu.Unlock()
	next++
	put(next)
	return next
}

func text(p *C.char, n C.int) string { return C.GoStringN(p, n) }

func answer(value any) *C.char {
	out, _ := json.Marshal(value)
	return C.CString(string(out))
}

// CEL's standard library names the type of types `type`, and an event's filter reads the
// event's type as `type`: the parser's identifier is renamed to a name of the binding's own
// before checking, wherever no comprehension's variable of that name hides it. (The
// function `type(x)` is a call, not an identifier, and keeps its meaning.)
const hiddenType = "@type"

var factory = celast.NewExprFactory()

func renameType(e celast.Expr, shadowed bool) {
	switch e.Kind() {
	case celast.IdentKind:
		if !shadowed && e.AsIdent() == "type" {
			e.SetKindCase(factory.NewIdent(e.ID(), hiddenType))
		}
	case celast.SelectKind:
		renameType(e.AsSelect().Operand(), shadowed)
	case celast.CallKind:
		call := e.AsCall()
		if call.IsMemberFunction() {
			renameType(call.Target(), shadowed)
		}
		for _, arg := range call.Args() {
			renameType(arg, shadowed)
		}
	case celast.ListKind:
		for _, item := range e.AsList().Elements() {
			renameType(item, shadowed)
		}
	case celast.MapKind:
		for _, entry := range e.AsMap().Entries() {
			renameType(entry.AsMapEntry().Key(), shadowed)
			renameType(entry.AsMapEntry().Value(), shadowed)
		}
	case celast.ComprehensionKind:
		loop := e.AsComprehension()
		renameType(loop.IterRange(), shadowed)
		renameType(loop.AccuInit(), shadowed)
		inner := shadowed || loop.IterVar() == "type" || loop.IterVar2() == "type" ||
			loop.AccuVar() == "type"
		renameType(loop.LoopCondition(), inner)
		renameType(loop.LoopStep(), inner)
		renameType(loop.Result(), inner)
	}
}

func compiled(source string) (*cel.Ast, map[string]any) {
	parsed, issues := env.Parse(source)
	if issues != nil && issues.Err() != nil {
		return nil, map[string]any{"error": firstIssue(issues.Err()), "reason": "compile"}
	}
	renameType(parsed.NativeRep().Expr(), false)
	ast, issues := env.Check(parsed)
	if issues != nil && issues.Err() != nil {
		return nil, map[string]any{"error": firstIssue(issues.Err()), "reason": "compile"}
	}
	out := ast.OutputType()
	if !out.IsAssignableType(types.BoolType) {
		return nil, map[string]any{"reason": "result",
			"error": fmt.Sprintf("gives %s, not a bool: only true lets it through", out)}
	}
	return ast, nil
}

func firstIssue(err error) string {
	// "ERROR: <input>:1:6: undeclared reference to 'x'\n | ...\n | .....^": the position
	// and the reason, without the excerpt drawn under them.
	line := strings.SplitN(err.Error(), "\n", 2)[0]
	line = strings.ReplaceAll(line, hiddenType, "type")
	return strings.TrimPrefix(strings.TrimPrefix(line, "ERROR: "), "<input>:")
}

// hl_check compiles and type-checks a filter and estimates its worst-case cost on inputs
// whose strings, lists and maps hold at most `most` items or characters:
// {"min": n, "max": n} or {"error": "...", "reason": "compile" | "result"}.
//
//export hl_check
func hl_check(src *C.char, n C.int, most C.uint64_t) *C.char {
	ast, problem := compiled(text(src, n))
	if problem != nil {
		return answer(problem)
	}
	estimate, err := env.EstimateCost(ast, inputs{uint64(most)})
	if err != nil {
		return answer(map[string]any{"error": err.Error(), "reason": "compile"})
	}
	return answer(map[string]any{"min": estimate.Min, "max": estimate.Max})
}

// hl_program is a program for a filter that hl_check accepted, under a handle (0: it does
// not compile). Its evaluations stop once their cost passes `limit`.
//
//export hl_program
func hl_program(src *C.char, n C.int, limit C.uint64_t) C.int64_t {
	ast, problem := compiled(text(src, n))
	if problem != nil {
		return 0
	}
	prg, err := env.Program(ast, cel.CostLimit(uint64(limit)), cel.EvalOptions(cel.OptOptimize))
	if err != nil {
		return 0
	}
	return C.int64_t(store(func(h int64) { programs[h] = prg }))
}

//export hl_drop_program
func hl_drop_program(h C.int64_t) {
	mu.Lock()
	delete(programs, int64(h))
	mu.Unlock()
}

// hl_activation decodes the variables (a JSON object) once, for every filter evaluated on
// them: integers stay integers and other numbers are doubles, as in the JSON's text. `raw`
// (rn bytes, when `name` is not empty) is one more variable: its bytes decoded as JSON, or
// null when they are not JSON (a message's body), decoded here rather than by the caller.
//
//export hl_activation
func hl_activation(src *C.char, n C.int, name *C.char, raw *C.char, rn C.int) C.int64_t {
	var vars map[string]any
	if decode(C.GoBytes(unsafe.Pointer(src), n), &vars) != nil {
		return 0
	}
	for key, value := range vars {
		vars[key] = celValue(value)
	}
	if extra := C.GoString(name); extra != "" {
		var found any
		if decode(C.GoBytes(unsafe.Pointer(raw), rn), &found) != nil {
			found = nil
		}
		vars[extra] = celValue(found)
	}
	if found, ok := vars["type"]; ok {
		vars[hiddenType] = found
	}
	return C.int64_t(store(func(h int64) { activations[h] = vars }))
}

// celValue converts decoded JSON into CEL's own values once, so that evaluations read them
// without reflection (seven times slower per item with the decoded Go values as they are).
func decode(text []byte, into any) error {
	decoder := json.NewDecoder(bytes.NewReader(text))
	decoder.UseNumber()
	if err := decoder.Decode(into); err != nil {
		return err
	}
	if decoder.More() {
		return fmt.Errorf("more than one JSON value")
	}
	return nil
}

func celValue(value any) ref.Val {
	switch v := value.(type) {
	case json.Number:
		if i, err := v.Int64(); err == nil {
			return types.Int(i)
		}
		f, _ := v.Float64()
		return types.Double(f)
	case string:
		return types.String(v)
	case bool:
		return types.Bool(v)
	case []any:
		items := make([]ref.Val, len(v))
		for i, item := range v {
			items[i] = celValue(item)
		}
		return types.NewRefValList(types.DefaultTypeAdapter, items)
	case map[string]any:
		entries := make(map[ref.Val]ref.Val, len(v))
		for k, item := range v {
			entries[types.String(k)] = celValue(item)
		}
		return types.NewRefValMap(types.DefaultTypeAdapter, entries)
	}
	return types.NullValue
}

//export hl_drop_activation
func hl_drop_activation(h C.int64_t) {
	mu.Lock()
	delete(activations, int64(h))
	mu.Unlock()
}

// Outcomes of hl_eval.
const (
	matched    = 1
	notMatched = 0
	failed     = -1 // an evaluation error (message in *problem)
	overBudget = -2 // stopped at the cost limit
	unknown    = -3 // no such program or activation
)

// hl_eval runs a program on an activation within its cost limit; the cost spent goes to
// *cost and an error's message to *problem (freed with hl_free). The limit alone bounds it:
// a time box as well (a context and interrupt checks) cost 2.7 µs of the 4.5 µs of a
// typical evaluation.
//
//export hl_eval
func hl_eval(ph, ah C.int64_t, cost *C.uint64_t, problem **C.char) C.int {
	mu.Lock()
	p, okP := programs[int64(ph)]
	vars, okA := activations[int64(ah)]
	mu.Unlock()
	if !okP || !okA {
		return unknown
	}
	out, details, err := p.Eval(vars)
	if details != nil && details.ActualCost() != nil {
		*cost = C.uint64_t(*details.ActualCost())
	}
	if err != nil {
		*problem = C.CString(err.Error())
		if strings.Contains(err.Error(), "cost limit") {
			return overBudget
		}
		return failed
	}
	switch out.Value() {
	case true:
		return matched
	case false:
		return notMatched
	}
	*problem = C.CString(fmt.Sprintf("gave %s %v, not a bool", out.Type().TypeName(), out.Value()))
	return failed
}

//export hl_free
func hl_free(p *C.char) { C.free(unsafe.Pointer(p)) }

func main() {}
