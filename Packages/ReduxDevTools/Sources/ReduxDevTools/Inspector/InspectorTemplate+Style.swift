extension InspectorTemplate {
  /// The page's look: a header with the slider, the action list on the left, the step on the right.
  package static let style = """
    :root { color-scheme: light dark; --line: #8884; --accent: #2a6fdb; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 13px/1.4 -apple-system, system-ui, sans-serif; height: 100vh; display: flex; flex-direction: column; }
    header { display: flex; align-items: center; gap: 12px; padding: 8px 12px; border-bottom: 1px solid var(--line); }
    h1 { font-size: 15px; margin: 0; }
    h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; opacity: .7; margin: 14px 0 6px; }
    #slider { flex: 1; }
    main { flex: 1; display: flex; min-height: 0; }
    nav { width: 34%; min-width: 220px; overflow-y: auto; position: relative; border-right: 1px solid var(--line); outline: none; }
    #rows { position: absolute; left: 0; right: 0; }
    .row { height: 22px; line-height: 22px; padding: 0 10px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; cursor: pointer; font-family: ui-monospace, Menlo, monospace; }
    .row .number { display: inline-block; min-width: 4em; opacity: .55; }
    .row.selected { background: var(--accent); color: white; }
    section { flex: 1; overflow: auto; padding: 0 16px 16px; }
    #action, #changes, #tree { font-family: ui-monospace, Menlo, monospace; }
    #action { text-transform: none; letter-spacing: 0; font-size: 13px; opacity: 1; }
    #changes { margin: 0; padding-left: 18px; }
    details { margin-left: 14px; }
    summary { cursor: pointer; margin-left: -14px; }
    .leaf { margin-left: 0; white-space: pre-wrap; word-break: break-word; }
    .key { opacity: .7; }
    .string { color: #1a7f37; }
    .number-value, .boolean, .null { color: #8250df; }
    """
}
