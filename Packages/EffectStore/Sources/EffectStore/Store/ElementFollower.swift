/// Follows one collection of a parent store's state for all the child stores of its elements,
/// so that each child is told only when its own element changed, at a cost that grows neither
/// with the number of children nor, for a row changed through `ForEachElement`, with the number
/// of rows.
///
/// One subscriber per collection, not one per child. After each action it compares the
/// collection's bytes with the kept collection's: equal bytes are the same storage, and with no
/// row written in place (``FollowedRows``) nothing changed, so an action that touches no row
/// costs one comparison. Rows `ForEachElement` wrote are checked one by one, by id. Any other
/// change (a reducer writing the collection itself, rows added, removed or moved) shows as other
/// bytes: the follower then compares every row with the kept ones (O(rows)), updates the
/// children of rows that changed, and ends those whose row left.
///
/// A long list (``longListRows`` rows or more when it starts) is followed otherwise: the
/// follower keeps its ids, not its rows, so that no write to a row copies them (the parent
/// reducer's `state.todos[id: id]?.isDone.toggle()` included), and after each action it compares
/// the rows that have children, each where it was: O(rows with children), whoever wrote.
///
/// Its checks are `@inlinable`, so they are compiled for the app's own element type: generic
/// code that is not specialized pays a witness-table call per element compared.
@usableFromInline
final class ElementFollower<Rows: ElementCollection>: FollowedRows<Rows> where Rows.Element: Equatable {
  // Exclusivity: touched in the store's domain only, by the check after each action and the
  // notification after it, and by `add`, never during each other.
  @exclusivity(unchecked) @usableFromInline var children: [ID: [ElementChild]] = [:]
  /// The collection the check found in other storage, for the notification that follows it;
  /// `nil` when the check found the kept storage with rows written in place.
  @exclusivity(unchecked) @usableFromInline var changed: Rows?
  /// The rows being told, swapped with `written` so that neither array is reallocated.
  @exclusivity(unchecked) @usableFromInline var telling: [WrittenRow] = []

  /// A long list's rows with watched children, as their children last saw them, and where they were:
  /// what the follower compares after each action when it keeps only the ids
  /// (``FollowedRows/keepsOnlyIDs``).
  @exclusivity(unchecked) @usableFromInline var seen: [SeenRow] = []
  /// Where each row of ``seen`` is in it, by id.
  @exclusivity(unchecked) @usableFromInline var seenIndex: [ID: Int] = [:]
  /// The rows a check of a long list found changed, for the notification that follows it.
  @exclusivity(unchecked) @usableFromInline var changedRows: [(watchers: [ElementChild], now: Element)] = []
  /// The rows with children a check of a long list found gone.
  @exclusivity(unchecked) @usableFromInline var goneRows: [ID] = []

  /// A row with children in a long list: where it was, and its value as they last saw it.
  @usableFromInline
  struct SeenRow {
    @usableFromInline let id: ID
    @usableFromInline var position: Int
    @usableFromInline var value: Element

    @inlinable
    init(id: ID, position: Int, value: Element) {
      self.id = id
      self.position = position
      self.value = value
    }
  }

  /// From how many rows a followed list is long: its follower keeps its ids, not its rows, and
  /// compares after each action only the rows that have children. A kept row storage would make
  /// a parent reducer's write to one row copy every row, and the check after it compare them all.
  @inlinable static var longListRows: Int { 1_024 }

  /// The children of the row told last, which a row written again and again (a text field in
  /// a row) finds without hashing its id; `nil` once ``children`` changes.
  @exclusivity(unchecked) @usableFromInline var lastTold: (id: ID, watchers: [ElementChild])?

  /// A child store, reached through its link (which does not keep it alive), with how to update
  /// and end it. A class, so that telling it takes one reference, not three.
  @usableFromInline
  final class ElementChild {
    @usableFromInline let link: ChildLiveness
    @usableFromInline let update: (Element) -> Void
    @usableFromInline let end: () -> Void

    @inlinable
    init(link: ChildLiveness, update: @escaping (Element) -> Void, end: @escaping () -> Void) {
      self.link = link
      self.update = update
      self.end = end
    }
  }

  deinit {
    if isFollowing { RowFollowers.countFollowers(changedBy: -1) }
  }

  /// Whether it follows the collection: from the first child that someone watches on. Until
  /// then it only knows the children (for ``liveChild(of:as:)``), and costs nothing per action.
  @usableFromInline private(set) var isFollowing = false

  /// Starts following `collection` in `engine`'s state, unless it does already: keeps the
  /// collection and checks it after each action. The engine then keeps the follower (its
  /// subscriber holds it), which holds nothing that holds the store.
  /// - Returns: Whether it started now.
  @inlinable
  func start<ParentState, ParentAction>(
    following collection: KeyPath<ParentState, Rows>,
    of engine: StoreEngine<ParentState, ParentAction>
  ) -> Bool {
    if isFollowing { return false }
    isFollowing = true
    RowFollowers.countFollowers(changedBy: 1)
    var current = engine.untrackedState[keyPath: collection]
    if current.count >= Self.longListRows {
      keepsOnlyIDs = true
      keepIDs(&current)
    } else {
      keep(&current)
    }
    let field = FieldReader(collection)
    _ = engine.addSubscriber(checking: { [self] state in check(field, in: &state) }) { [self] in
      collectionChanged()
    }
    return true
  }

  /// Whether the collection in the new state needs the children told: other bytes than the
  /// kept collection's (another storage), or rows written in place by `ForEachElement`.
  @inlinable
  func check<ParentState>(
    _ field: FieldReader<ParentState, Rows>, in state: inout ParentState
  ) -> Bool {
    if keepsOnlyIDs { return checkRowsWithChildren(field, in: &state) }
    // The kept storage: nothing changed but the rows written in place, if any.
    if let offset = field.offset {
      if sameBytes(at: offset, in: &state, as: &keptBytes.pointee) { return !written.isEmpty }
      changed = FieldReader<ParentState, Rows>.load(at: offset, in: &state)
      return true
    }
    var current = field.read(inPlace: &state)
    if sameBytes(in: &current, as: &keptBytes.pointee) { return !written.isEmpty }
    changed = current
    return true
  }

  /// Registers a child for the element with `id`.
  @inlinable
  func add(
    _ link: ChildLiveness, for id: ID, update: @escaping (Element) -> Void,
    end: @escaping () -> Void
  ) {
    lastTold = nil
    children[id, default: []].removeAll { !$0.link.isAlive }
    children[id, default: []].append(ElementChild(link: link, update: update, end: end))
  }

  /// Notes that a child of the row with `id` is watched from now on: a long list compares that
  /// row after each action (only watched rows: a list's unwatched row stores read their rows
  /// when asked).
  @inlinable
  func watching(_ id: ID, in collection: Rows) {
    guard keepsOnlyIDs, seenIndex[id] == nil, let position = collection.index(id: id) else { return }
    // Rows whose children are all gone (a list scrolled past them) are let go now and then:
    // at each power of two, so that the cost stays O(1) per watched row.
    if seen.count >= 64, seen.count & (seen.count - 1) == 0 { forgetRowsWithNoChildLeft() }
    seenIndex[id] = seen.count
    seen.append(SeenRow(id: id, position: position, value: collection[position]))
  }

  /// Stops comparing the rows none of whose children is alive.
  @inlinable
  func forgetRowsWithNoChildLeft() {
    var index = 0
    while index < seen.count {
      let id = seen[index].id
      if children[id]?.contains(where: { $0.link.isAlive }) == true {
        index += 1
        continue
      }
      seenIndex[id] = nil
      let last = seen.removeLast()
      if index < seen.count {
        seen[index] = last
        seenIndex[last.id] = index
      }
    }
  }

  /// The child store of the element with `id` still alive and not ended, of child action
  /// `ChildAction`, if any: what ``FeatureStore/scope(forEach:action:)`` gives again rather than
  /// make another. A store that ended belongs to an element with this id that left.
  @inlinable
  func liveChild<ChildAction>(of id: ID, as _: ChildAction.Type) -> ScopedStore<Element, ChildAction>? {
    guard let watchers = children[id] else { return nil }
    for child in watchers where child.link.isAlive {
      if let link = child.link as? ChildLink<Element, ChildAction>, !link.child.ended { return link.child }
    }
    return nil
  }

  /// The children of the row with `id`, if it has any.
  @inlinable
  func watchers(of id: ID) -> [ElementChild]? {
    if let lastTold, lastTold.id == id { return lastTold.watchers }
    guard let watchers = children[id] else { return nil }
    lastTold = (id, watchers)
    return watchers
  }

  /// Tells the children whose rows changed, after a check that found the collection changed.
  @inlinable
  func collectionChanged() {
    if keepsOnlyIDs { return tellRowsWithChildren() }
    swap(&written, &telling)
    // One by one: `removeAll(keepingCapacity:)` goes through the generic `replaceSubrange`,
    // which costs more than the few rows an action writes.
    defer { while !telling.isEmpty { telling.removeLast() } }
    guard let current = changed else {
      // The kept storage: only the rows `ForEachElement` wrote in place changed, and they are
      // still where they were written.
      if children.isEmpty { return }
      // By index: `for row in telling` would take a reference to the array, a pair of atomic
      // operations per action.
      var index = 0
      while index < telling.count {
        let row = telling[index]
        index += 1
        guard let watchers = watchers(of: row.id) else { continue }
        let now = keptElements[row.position]
        if now != row.before { tell(watchers, now) }
      }
      return
    }
    changed = nil
    let previous = KeptRows(ids: keptIDs!, elements: keptElements)
    var kept = current
    keep(&kept)
    if children.isEmpty { return }
    compareEveryRow(previous, current)
    // Rows written in place before `previous` was kept again are the same in both; the
    // comparison above cannot see them.
    for row in telling {
      guard let watchers = watchers(of: row.id), let now = current[id: row.id], now != row.before,
        previous[id: row.id] == now
      else { continue }
      tell(watchers, now)
    }
  }

  /// A collection as the follower kept it: its ids and its rows.
  @usableFromInline
  struct KeptRows {
    @usableFromInline let ids: Rows.IDs
    @usableFromInline let elements: Rows._Storage

    @inlinable
    init(ids: Rows.IDs, elements: Rows._Storage) {
      self.ids = ids
      self.elements = elements
    }

    /// The row with `id`, if there is one.
    @inlinable
    subscript(id id: ID) -> Element? {
      ids.firstIndex(of: id).map { elements[$0] }
    }
  }

  /// Tells the children of every row that differs between `previous` and `current`, and ends
  /// those whose row left: O(rows), for a change not made through `ForEachElement`.
  @inlinable
  func compareEveryRow(_ previous: KeptRows, _ current: Rows) {
    // The same ids in the same order: O(1) when both share their ids (only values changed).
    if previous.ids == current.ids {
      // Only values changed: compare in place, and look up children of changed elements only.
      let ids = current.ids
      for position in current.indices where previous.elements[position] != current[position] {
        guard let watchers = watchers(of: ids[position]) else { continue }
        tell(watchers, current[position])
      }
      return
    }
    // Elements were added, removed or moved: check each child by its id.
    for (id, watchers) in children {
      guard let now = current[id: id] else {
        children[id] = nil
        lastTold = nil
        for child in watchers where child.link.isAlive { child.end() }
        continue
      }
      if previous[id: id] != now { tell(watchers, now) }
    }
  }

  /// The check after each action of a long list (``FollowedRows/keepsOnlyIDs``): each row
  /// with children, found where it was while the ids are the kept ones (else by id), is
  /// compared with the value its children last saw. O(rows with children), whoever wrote.
  @inlinable
  func checkRowsWithChildren<ParentState>(
    _ field: FieldReader<ParentState, Rows>, in state: inout ParentState
  ) -> Bool {
    // In place where the collection has a fixed place: a copy would take each of its references.
    guard let offset = field.offset else {
      var current = field.read(inPlace: &state)
      return compareRowsWithChildren(in: &current)
    }
    return withUnsafeMutableBytes(of: &state) { bytes in
      // As `MemoryLayout.offset(of:)` documents: the stored property at `offset`, in place.
      compareRowsWithChildren(in: &(bytes.baseAddress! + offset).assumingMemoryBound(to: Rows.self).pointee)
    }
  }

  /// Compares each row with watched children in `current` with the value they last saw.
  @inlinable
  func compareRowsWithChildren(in current: inout Rows) -> Bool {
    // The kept bytes: the kept ids' storage (which the follower holds, so no other storage can
    // take its address), hence the same ids in the same order, each row where it was.
    let sameIDs = sameBytes(in: &current, as: &keptBytes.pointee)
    if !sameIDs { keepIDs(&current) }
    // By index, in place: `for row in seen` would take a reference to the array.
    var index = 0
    while index < seen.count {
      defer { index += 1 }
      if !sameIDs {
        guard let now = current.index(id: seen[index].id) else {
          goneRows.append(seen[index].id)
          continue
        }
        seen[index].position = now
      }
      let now = current[seen[index].position]
      guard now != seen[index].value else { continue }
      seen[index].value = now
      if let watchers = children[seen[index].id] { changedRows.append((watchers, now)) }
    }
    return !changedRows.isEmpty || !goneRows.isEmpty
  }

  /// Tells the children of the rows the check found changed, and ends those whose rows left.
  @inlinable
  func tellRowsWithChildren() {
    // One by one, from the end: `removeAll(keepingCapacity:)` goes through the generic
    // `replaceSubrange`, which costs more than the few rows an action changes.
    while let (watchers, now) = changedRows.popLast() { tell(watchers, now) }
    while let id = goneRows.popLast() {
      if let index = seenIndex.removeValue(forKey: id) {
        let last = seen.removeLast()
        if index < seen.count {
          seen[index] = last
          seenIndex[last.id] = index
        }
      }
      lastTold = nil
      guard let watchers = children.removeValue(forKey: id) else { continue }
      for child in watchers where child.link.isAlive { child.end() }
    }
  }

  /// Gives a row's new value to the children of that row still there.
  @inlinable
  func tell(_ watchers: [ElementChild], _ now: Element) {
    for child in watchers where child.link.isAlive { child.update(now) }
  }
}
