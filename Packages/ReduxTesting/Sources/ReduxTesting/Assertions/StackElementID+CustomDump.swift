public import CustomDump
public import EffectStore

/// A failed assertion shows a stack's screen under its id as the stack's description writes it,
/// `#0`, the way the "What differs" line names it (`path[#0].title`).
extension StackElementID: CustomDumpStringConvertible {
  /// `#` and the screen's number.
  public var customDumpDescription: String { description }
}
