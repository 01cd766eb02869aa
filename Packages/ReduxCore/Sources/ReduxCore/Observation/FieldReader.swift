/// Reads a field of a state through its key path, fast.
///
/// Applying a key path (`state[keyPath: path]`) goes through the runtime, which looks up
/// generic metadata on every call: hundreds of instructions, paid once per subscriber per
/// dispatch. For a key path made only of stored properties of structs, the field sits at a
/// fixed offset (`MemoryLayout.offset(of:)`), found once; reading it is then a load. Other key
/// paths (computed properties, classes, subscripts) are applied as usual, unless the reader
/// was given a function that reads the same value in code compiled for it (an element by id:
/// ``StateStore/state(_:id:)``).
@usableFromInline
package struct FieldReader<Root, Value> {
  @usableFromInline let keyPath: KeyPath<Root, Value>
  /// Where the field lies in the root, for a key path of stored properties only.
  @usableFromInline package let offset: Int?
  /// Reads what `keyPath` names without the runtime; `nil` to apply the key path.
  @usableFromInline let fastRead: ((inout Root) -> Value)?

  @inlinable
  package init(_ keyPath: KeyPath<Root, Value>, reading fastRead: ((inout Root) -> Value)? = nil) {
    self.keyPath = keyPath
    self.offset = MemoryLayout<Root>.offset(of: keyPath)
    self.fastRead = fastRead
  }

  /// The field's value in `root`, read in place: `inout` hands over the root's address, where
  /// a plain argument could first be copied (a retain for each reference the root holds).
  @inlinable
  package func read(inPlace root: inout Root) -> Value {
    if let offset { return Self.load(at: offset, in: &root) }
    if let fastRead { return fastRead(&root) }
    return root[keyPath: keyPath]
  }

  /// Runs `body` on the field where it lies, without copying it (a collection is not retained
  /// to look one element up): for a stored field; other fields are read first.
  @inlinable
  package func withField<Result>(inPlace root: inout Root, _ body: (borrowing Value) -> Result) -> Result {
    guard let offset else { return body(read(inPlace: &root)) }
    return withUnsafeMutableBytes(of: &root) { bytes in
      body((bytes.baseAddress.unsafelyUnwrapped + offset).assumingMemoryBound(to: Value.self).pointee)
    }
  }

  /// The stored field at `offset` in `root`, read where `root` lies: for callers that keep
  /// the offset without the reader.
  @inlinable
  package static func load(at offset: Int, in root: inout Root) -> Value {
    withUnsafeBytes(of: &root) { $0.load(fromByteOffset: offset, as: Value.self) }
  }
}
