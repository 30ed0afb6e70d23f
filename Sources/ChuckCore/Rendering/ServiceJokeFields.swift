import FoundationEssentials

extension ServiceJoke {
  /// The joke as `chuck list` shows it: its setup or text, and `saved DATE`.
  /// A joke whose service sends its date shows that date; one with a summary shows its text
  /// above it, in bold (an article's title above the start of its description).
  public var listRow: JokeListView.Row {
    let sent = Shape.sentDate(in: object)
    guard let summary = Shape.summary(in: object) else {
      return JokeListView.Row(
        id: id, date: sent ?? savedAt, value: text, dateLabel: sent == nil ? "saved " : "")
    }
    return JokeListView.Row(
      id: id, date: sent ?? savedAt, value: summary, dateLabel: sent == nil ? "saved " : "",
      heading: text)
  }

  /// The rows `chuck show` prints for the joke, after its id: `saved_at` (UTC), the text (or
  /// setup and punchline), then every other field the service sent, by name.
  public var detailFields: [(label: String, value: String)] {
    detailFields(instants: .swedishDateTime)
  }

  /// The rows of ``detailFields``, `saved_at` written in a format.
  /// - Parameter instants: how `saved_at` is written.
  /// - Returns: the labelled rows, in order.
  public func detailFields(instants: DateFormat) -> [(label: String, value: String)] {
    if let rows = Shape.detailRows(in: object, text: text, punchline: punchline) {
      var fields = [(label: Self.savedAtField, value: instants.string(savedAt))]
      if let sent = sentDate { fields.append((Shape.sentDateLabel, instants.string(sent))) }
      return fields + rows
    }
    let names = Shape.fieldNames(in: object)
    var fields: [(label: String, value: String)] = [
      (Self.savedAtField, instants.string(savedAt)),
      (names.text, text),
    ]
    if let field = names.punchline, let punchline { fields.append((field, punchline)) }
    let shown: Set<String> = ["id", Self.savedAtField, names.text, names.punchline ?? ""]
    for name in object.keys.sorted() where !shown.contains(name) {
      fields.append((name, ServiceJokeText.line(of: object[name] ?? .null)))
    }
    return fields
  }

  /// The image, for a kind whose jokes have one (a declared source's `image`).
  public var icon: String? { Shape.image(in: object) }
  /// The date the service sent, for a kind that sends one (a declared source's `date`).
  public var sentDate: PostgresTimestamp? { Shape.sentDate(in: object) }
  /// Every field but `saved_at`.
  public static func jsonAsSent(_ jokes: [Self]) -> TerminalText {
    JokeJSON.array(jokes.map { $0.object.filter { $0.key != savedAtField } })
  }

}

/// How a field of a service's joke is shown.
enum ServiceJokeText {
  /// A field's value as a line of text: a string as it is, a whole number without a fraction,
  /// anything else as JSON.
  static func line(of value: JSONValue) -> String {
    switch value {
    case .string(let text): return text
    case .number(let number) where number == number.rounded() && abs(number) < 1e15:
      return String(Int64(number))
    case .number(let number): return String(number)
    case .bool(let flag): return flag ? "true" : "false"
    case .null: return "null"
    case .array, .object:
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
    }
  }
}
