import FoundationEssentials

extension ServiceJoke {
  /// The joke as `chuck list` shows it: its setup or text, and `saved DATE`.
  public var listRow: JokeListView.Row {
    JokeListView.Row(id: id, created: savedAt, value: text, dateLabel: "saved ")
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
    let names = Shape.fieldNames(in: object)
    var fields: [(label: String, value: String)] = [
      (Self.savedAtField, instants.string(savedAt)),
      (names.text, text),
    ]
    if let field = names.punchline, let punchline { fields.append((field, punchline)) }
    let shown: Set<String> = ["id", Self.savedAtField, names.text, names.punchline ?? ""]
    for name in object.keys.sorted() where !shown.contains(name) {
      fields.append((name, Self.text(of: object[name] ?? .null)))
    }
    return fields
  }

  /// None: these services send no icons.
  public var icon: String? { nil }
  /// None: these services send no dates.
  public var sentDate: PostgresTimestamp? { nil }
  /// Every field but `saved_at`.
  public static func jsonAsSent(_ jokes: [Self]) -> TerminalText {
    JokeJSON.array(jokes.map { $0.object.filter { $0.key != savedAtField } })
  }

  /// A field's value as a line of text: a string as it is, a whole number without a fraction,
  /// anything else as JSON.
  private static func text(of value: JSONValue) -> String {
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
