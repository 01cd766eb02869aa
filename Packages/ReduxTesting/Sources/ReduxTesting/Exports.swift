// A failing state assertion prints CustomDump's diff; `diff(_:_:)` and `customDump(_:)` come with
// `import ReduxTesting` for a test's own assertions, as they come with TCA.
@_exported public import CustomDump
