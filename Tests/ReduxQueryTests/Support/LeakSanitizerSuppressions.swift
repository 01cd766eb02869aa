// What LeakSanitizer leaves out when the tests run under `swift test --sanitize=address`.
//
// Foundation's URLSession on Linux (swift-corelibs-foundation, over libcurl) leaves libcurl's
// per-request allocations (header lists, copied strings) unfreed at exit. They are allocated
// and owned inside libcurl, not by this package; the query cache's HTTP tests reach them
// through `BaseQuery.http`. The list is compiled into the test binary, rather than read from a
// file named in `LSAN_OPTIONS`, so that the child processes of exit tests, which drop root and
// may not read the checkout, get it too. Without the sanitizer nothing calls this function.

@_cdecl("__lsan_default_suppressions")
func leakSanitizerDefaultSuppressions() -> UnsafePointer<CChar> {
  UnsafeRawPointer(leakSanitizerSuppressions.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// One suppression per line; a string literal is stored with its terminating zero.
private let leakSanitizerSuppressions: StaticString = "leak:libcurl.so\n"
