/// The value of a row read by id through a key path subscript (`\.todos[id: id]` is an optional
/// `Identifiable` element): how a store recognizes that spelling to suggest `state(_:id:)`.
@usableFromInline
protocol RowReadBySubscript {}

extension Optional: RowReadBySubscript where Wrapped: Identifiable {}
