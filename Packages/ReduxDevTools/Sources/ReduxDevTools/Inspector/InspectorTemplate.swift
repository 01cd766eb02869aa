/// The inspector page's markup, with its style and script (in the files beside this one).
package enum InspectorTemplate {
  static func page(title: String, embeddedJSON: String, nonce: String) -> String {
    let title = escapedText(title)
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'nonce-\(nonce)'; \
      style-src 'nonce-\(nonce)'; img-src data:; base-uri 'none'; form-action 'none'">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(title): recorded session</title>
      <style nonce="\(nonce)">\(style)</style>
      </head>
      <body>
      <header>
        <h1>\(title)</h1>
        <span id="summary"></span>
        <input id="slider" type="range" min="0" max="0" value="0" aria-label="Step">
        <span id="position"></span>
      </header>
      <main>
        <nav id="actions" aria-label="Actions" tabindex="0"><div id="spacer"></div><div id="rows"></div></nav>
        <section>
          <h2>Action <span id="action"></span></h2>
          <h2>Changes</h2>
          <ul id="changes"></ul>
          <h2>State after it</h2>
          <div id="tree"></div>
        </section>
      </main>
      <script id="recording" type="application/json">\(embeddedJSON)</script>
      <script nonce="\(nonce)">\(script)</script>
      </body>
      </html>

      """
  }

  /// Text for an element's content: what could be read as markup, as character references.
  package static func escapedText(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "&": escaped += "&amp;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
