#if canImport(Foundation)
  import Foundation
  import ReduxCore

  extension SharedKey where Value: Codable {
    /// A value kept in user defaults (TCA's `.appStorage`), as JSON under `key`: loaded when
    /// the first holder is made, written after each write. A stored value that cannot be
    /// decoded is kept under `<key>.unreadable` and reported, and the value starts from the
    /// default: nothing is lost.
    ///
    /// ```swift
    /// struct Settings: Equatable, Sendable {
    ///   @Shared(.userDefaults("isDarkMode")) var isDarkMode = false
    /// }
    /// ```
    ///
    /// In a test (Swift Testing or XCTest), user defaults are neither read nor written: the value
    /// is kept in memory, by test (see ``SharedStorage``), unless the test binds a storage of its
    /// own.
    /// - Parameters:
    ///   - key: The defaults key.
    ///   - suiteName: The suite (an app group's, say); `nil` for the standard user defaults.
    ///   - onError: Told what went wrong with the stored value; prints it by default.
    /// - Returns: The key.
    public static func userDefaults(
      _ key: String, suiteName: String? = nil,
      onError: @escaping @Sendable (String) -> Void = { print("Shared value:", $0) }
    ) -> SharedKey {
      let description = ".userDefaults(\"\(key)\")"
      return SharedKey(
        id: SharedKeyID(kind: .defaults(suite: suiteName, key: key), type: ObjectIdentifier(Value.self)),
        description: description
      ) { initial, storage in
        guard storage.writesFiles else { return SharedRoot(initial, keyDescription: description) }
        let defaults = suiteName.flatMap(UserDefaults.init(suiteName:)) ?? .standard
        var loaded = initial
        if let data = defaults.data(forKey: key) {
          do {
            loaded = try JSONDecoder().decode(Value.self, from: data)
          } catch {
            defaults.set(data, forKey: key + ".unreadable")
            onError(
              "\(description) held a value that cannot be decoded, kept under \"\(key).unreadable\": \(error)"
            )
          }
        }
        return SharedRoot(
          loaded, keyDescription: description,
          didWrite: { value in
            guard let data = try? JSONEncoder().encode(value) else {
              return onError("\(description): the value could not be encoded, so it was not saved")
            }
            (suiteName.flatMap(UserDefaults.init(suiteName:)) ?? .standard).set(data, forKey: key)
          })
      }
    }
  }
#endif
