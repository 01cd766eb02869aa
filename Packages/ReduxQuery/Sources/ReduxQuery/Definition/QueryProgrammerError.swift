/// A query API misused: what happened and how to fix it, in release builds too.
enum QueryProgrammerError {
  static func emptyName(of what: String) -> Never {
    fatalError("\(what) needs a name: it begins the action types the cache records.")
  }

  static func reducerMissing(api: String, key: QueryKey) -> Never {
    fatalError(
      """
      The query API "\(api)" started \(key), but the store's state did not change: its reducer \
      is not in the store's. Add it at the cache's place: \
      combineReducers(.slice(\\AppState.\(api), \(api).reducer), …).
      """)
  }

  static func noBaseQuery(api: String, endpoint: String) -> Never {
    fatalError(
      """
      The endpoint "\(endpoint)" makes an HTTPRequest, but the query API "\(api)" has no base \
      query to send it: give the API one, QueryAPI(cache: …, baseQuery: .http(baseURL: …)), or \
      write the endpoint as a function.
      """)
  }

  static func storeGone(api: String) -> Never {
    fatalError(
      """
      A hook of the query API "\(api)" read its store after the store went away. End the hook \
      with its entry: `await entry.cacheEntryRemoved` returns when the store goes.
      """)
  }

  static func noHome(api: String) -> Never {
    fatalError(
      """
      The query API "\(api)" was used on a store that has no actor to run its requests on. Make \
      the store where it will be used (on the main actor in an app, in your actor on a server).
      """)
  }
}
