extension StoreEngine {
  /// Adds a middleware to the live store: from the next action, it runs after (inside) every
  /// middleware the store was made with, and after those added before it.
  ///
  /// ```swift
  /// let handle = engine.addMiddleware(.logging(label: "debug"))
  /// handle.remove()
  /// ```
  /// - Parameter middleware: The middleware.
  /// - Returns: What removes it.
  @inlinable
  package func addMiddleware(_ middleware: Middleware<State, Action>) -> AddedMiddleware {
    if core.isReducing { ProgrammerError.changeMiddlewareDuringReduce(in: core.style) }
    checkMadeHere([middleware])
    let core = core
    // While the middleware's outer functions run a dispatch must reach `enqueueNested`, which
    // reports it.
    let wasRunning = core.queue.isRunning
    core.queue.isRunning = true
    isBuildingChain = true
    let link = middleware.prepare(middlewareContext())
    isBuildingChain = false
    core.queue.isRunning = wasRunning
    let id = addedMiddlewares.add(link)
    linkAddedMiddlewares()
    return AddedMiddleware { [weak self] in
      guard let self else { return }
      if self.core.isReducing { ProgrammerError.changeMiddlewareDuringReduce(in: self.core.style) }
      if self.addedMiddlewares.remove(id) { self.linkAddedMiddlewares() }
    }
  }

  /// Links the added middlewares into one chain, in front of the reducer. A store made without
  /// middlewares enters it directly (and keeps its direct path while none is added); one made
  /// with some enters it from the innermost of those.
  @inlinable
  func linkAddedMiddlewares() {
    let core = core
    let reduce: (Action) -> Void
    switch stepRecorders.count {
    case 0:
      reduce = { action in core.reduceAndNotifyFromChain(action) }
    case 1:
      let record = stepRecorders[0].record
      reduce = { action in
        core.reduceAndNotifyFromChain(action)
        record(action, core.state)
      }
    default:
      let recorders = stepRecorders
      reduce = { action in
        core.reduceAndNotifyFromChain(action)
        for recorder in recorders { recorder.record(action, core.state) }
      }
    }
    let entry = addedMiddlewares.link(to: reduce, evenIfEmpty: !stepRecorders.isEmpty)
    if hasMadeMiddlewares { return }
    core.replaceChain(with: entry)
  }
}

/// The middlewares added to a live store, in the order added: each prepared once for the
/// store (its outer functions, which may keep state, run once), and linked again, which is
/// cheap, whenever one is added or removed, so a dispatch through them costs what it costs
/// through middlewares given at creation.
@usableFromInline
final class AddedMiddlewares<Action> {
  // Exclusivity: read by the chain during a dispatch, written by `link` outside the reducer, in
  // the store's domain; a dispatch keeps the entry it started with.
  /// Where an action enters the added middlewares; `nil` while there are none.
  @exclusivity(unchecked) @usableFromInline var entry: ((Action) -> Void)?
  /// One prepared middleware. A class, not a tuple in the array: a function stored as an
  /// array's element is kept in its most general form, and calls through it go through
  /// conversion thunks.
  @usableFromInline
  final class Link {
    @usableFromInline let id: Int
    @usableFromInline let wrap: (@escaping (Action) -> Void) -> (Action) -> Void

    @usableFromInline
    init(id: Int, wrap: @escaping (@escaping (Action) -> Void) -> (Action) -> Void) {
      self.id = id
      self.wrap = wrap
    }
  }

  @usableFromInline var links: [Link] = []
  @usableFromInline var lastID = 0

  @usableFromInline init() {}

  /// Appends a prepared middleware, innermost; returns its id.
  @inlinable
  func add(_ wrap: @escaping (@escaping (Action) -> Void) -> (Action) -> Void) -> Int {
    lastID += 1
    links.append(Link(id: lastID, wrap: wrap))
    return lastID
  }

  /// Removes a middleware; returns whether it was there.
  @inlinable
  func remove(_ id: Int) -> Bool {
    guard let index = links.firstIndex(where: { $0.id == id }) else { return false }
    links.remove(at: index)
    return true
  }

  /// Links them in front of `reduce`, the first added outermost; returns the entry (`nil` for
  /// none, unless `evenIfEmpty`: `reduce` itself is then the entry).
  @inlinable
  func link(to reduce: @escaping (Action) -> Void, evenIfEmpty: Bool = false) -> ((Action) -> Void)? {
    guard !links.isEmpty || evenIfEmpty else {
      entry = nil
      return nil
    }
    // A loop, not `reduce`: a function value passed through a generic parameter is wrapped in
    // conversion thunks, which every action would then go through.
    var next = reduce
    for link in links.reversed() { next = link.wrap(next) }
    entry = next
    return next
  }
}
