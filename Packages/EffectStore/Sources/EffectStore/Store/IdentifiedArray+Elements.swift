/// `IdentifiedArray` finds an element by id in constant time: a view that reads its row with
/// `store.state(\.todos, id: id)` costs each dispatch one lookup, in code compiled for the app.
extension IdentifiedArray: IdentifiedElements where Element: Identifiable, ID == Element.ID {}
