import Foundation

/// A JSON value as `JSONSerialization` reads it, turned into plain Swift values (`Int`,
/// `Double`, `Bool`, `String`, arrays, `[String: Any]`, ``JSONNull``), so that
/// `StateChange.changes(from:to:)` compares numbers as numbers and prints them as Swift does.
func plainJSON(_ value: Any) -> Any {
  switch value {
  case let object as [String: Any]: return object.mapValues(plainJSON)
  case let array as [Any]: return array.map(plainJSON)
  case is NSNull: return JSONNull()
  case let number as NSNumber:
    // "c" is the type of a number made from a `Bool`.
    if String(cString: number.objCType) == "c" { return number.boolValue }
    if let integer = Int(exactly: number) { return integer }
    return number.doubleValue
  default: return value
  }
}

/// JSON's `null`.
struct JSONNull: Equatable, CustomStringConvertible {
  var description: String { "null" }
}
