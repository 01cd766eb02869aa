/// Composes functions right to left, as Redux's `compose`: `compose(f, g, h)(x)` is
/// `f(g(h(x)))`. With no function it returns the identity; with one, that function.
///
/// Most often used to combine store enhancers:
///
/// ```swift
/// let enhancer: StoreEnhancer<Int, CounterAction> = compose(
///   applyMiddleware(logger), applyMiddleware(analytics))
/// ```
/// - Parameter functions: Applied last to first.
/// - Returns: Their composition.
public func compose<Value>(_ functions: ((Value) -> Value)...) -> (Value) -> Value {
  switch functions.count {
  case 0: return { $0 }
  case 1: return functions[0]
  default: return { value in functions.reversed().reduce(value) { result, function in function(result) } }
  }
}
