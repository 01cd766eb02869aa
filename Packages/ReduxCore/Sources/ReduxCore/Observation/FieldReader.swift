/// Reads a field of a state through its key path, fast.
///
/// Applying a key path (`state[keyPath: path]`) goes through the runtime, which looks up
/// generic metadata on every call: hundreds of instructions, paid once per subscriber per
/// dispatch. For a key path made only of stored properties of structs, the field sits at a
/// fixed offset (`MemoryLayout.offset(of:)`), found once; reading it is then a load. Other key
/// paths (computed properties, classes, subscripts) are applied as usual.
@usableFromInline
package struct FieldReader<Root, Value> {
  @usableFromInline let keyPath: KeyPath<Root, Value>
  /// Where the field lies in the root, for a key path of stored properties only.
  @usableFromInline package let offset: Int?

  @inlinable
  package init(_ keyPath: KeyPath<Root, Value>) {
    self.keyPath = keyPath
    self.offset = MemoryLayout<Root>.offset(of: keyPath)
  }

  /// The field's value in `root`, read in place: `inout` hands over the root's address, where
  /// a plain argument could first be copied (a retain for each reference the root holds).
  @inlinable
  package func read(inPlace root: inout Root) -> Value {
    if let offset { return Self.load(at: offset, in: &root) }
    return root[keyPath: keyPath]
  }

  /// Runs `body` on the field where it lies, without copying it (a collection is not retained
  /// to look one element up): for a stored field; other fields are read first. The field is
  /// `inout` only because a value handed over otherwise is loaded, which retains each reference
  /// it holds; `body` must not change it.
  @inlinable
  package func withField<Result>(inPlace root: inout Root, _ body: (inout Value) -> Result) -> Result {
    guard let offset else {
      var value = read(inPlace: &root)
      return body(&value)
    }
    return withUnsafeMutableBytes(of: &root) { bytes in
      body(&(bytes.baseAddress.unsafelyUnwrapped + offset).assumingMemoryBound(to: Value.self).pointee)
    }
  }

  /// The stored field at `offset` in `root`, read where `root` lies: for callers that keep
  /// the offset without the reader.
  @inlinable
  package static func load(at offset: Int, in root: inout Root) -> Value {
    withUnsafeBytes(of: &root) { $0.load(fromByteOffset: offset, as: Value.self) }
  }
}
