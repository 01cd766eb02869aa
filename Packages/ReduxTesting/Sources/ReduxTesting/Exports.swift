// A test of the reducer/effect style injects a clock into its effects (`TestClock`,
// `ImmediateClock`, `UnimplementedClock`) and reads failures as CustomDump's diffs; both come
// with `import ReduxTesting`, as they come with TCA.
@_exported public import Clocks
@_exported public import CustomDump
