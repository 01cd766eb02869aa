/// What a decoding error says about how a saved state's shape differs from today's state, in
/// words a developer can act on: the field and where it is.
struct ShapeChange: CustomStringConvertible {
  let description: String

  /// `nil` for an error that is not about shape (bytes that are not the JSON of any state).
  init?(_ error: DecodingError) {
    switch error {
    case .keyNotFound(let key, let context):
      description =
        "it has no field `\(key.stringValue)`\(Self.place(context.codingPath)) "
        + "(a field added or renamed since it was saved)"
    case .typeMismatch(let type, let context):
      description =
        "the field \(Self.name(context.codingPath)) is not a \(type) "
        + "(a field whose type changed since it was saved)"
    case .valueNotFound(let type, let context):
      description =
        "the field \(Self.name(context.codingPath)) is null where a \(type) is needed "
        + "(a field that is no longer optional)"
    case .dataCorrupted:
      return nil
    @unknown default:
      return nil
    }
  }

  /// The path of a field inside the state, leaving out the file's `state` wrapper.
  private static func name(_ path: [any CodingKey]) -> String {
    let inside = path.first?.stringValue == "state" ? Array(path.dropFirst()) : path
    guard !inside.isEmpty else { return "the state" }
    return "`"
      + inside.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
      .trimmingPrefix(".") + "`"
  }

  private static func place(_ path: [any CodingKey]) -> String {
    let inside = path.first?.stringValue == "state" ? Array(path.dropFirst()) : path
    return inside.isEmpty ? "" : " in \(name(path))"
  }
}
