import ChuckTestSupport
import Foundation

/// A joke object made up for a test (real jokes have neither control characters, nor several
/// categories, nor chosen timestamps): the seven fields api.chucknorris.io sends.
struct MadeUpJoke: Sendable, CustomStringConvertible {
  var id: String
  var value: String
  var categories: [String] = []
  var createdAt = "2020-01-05 13:42:19.104863"
  var updatedAt: String?
  var iconURL = "https://api.chucknorris.io/img/avatar/chuck-norris.png"
  var url: String?

  /// A made-up joke whose id is built from `number`: 22 characters of `[A-Za-z0-9_-]`.
  init(
    _ number: Int, _ value: String, categories: [String] = [],
    createdAt: String = "2020-01-05 13:42:19.104863", updatedAt: String? = nil,
    iconURL: String = "https://api.chucknorris.io/img/avatar/chuck-norris.png"
  ) {
    self.init(
      id: Self.id(number), value: value, categories: categories, createdAt: createdAt,
      updatedAt: updatedAt, iconURL: iconURL)
  }

  init(
    id: String, value: String, categories: [String] = [],
    createdAt: String = "2020-01-05 13:42:19.104863", updatedAt: String? = nil,
    iconURL: String = "https://api.chucknorris.io/img/avatar/chuck-norris.png"
  ) {
    self.id = id
    self.value = value
    self.categories = categories
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.iconURL = iconURL
  }

  /// `madeUpJoke` followed by `number` in 12 digits.
  static func id(_ number: Int) -> String {
    let digits = String(number)
    return "madeUpJoke" + String(repeating: "0", count: 12 - digits.count) + digits
  }

  /// The joke object.
  var object: JSON {
    .object([
      "categories": .array(categories.map { .string($0) }),
      "created_at": .string(createdAt),
      "icon_url": .string(iconURL),
      "id": .string(id),
      "updated_at": .string(updatedAt ?? createdAt),
      "url": .string(url ?? "https://api.chucknorris.io/jokes/\(id)"),
      "value": .string(value),
    ])
  }

  /// The joke object as JSON text.
  var json: String { object.text }

  /// The object as `api` serves it: the fake points icons on api.chucknorris.io at itself.
  func served(by api: FakeAPI) -> JSON {
    var joke = self
    let origin = "https://api.chucknorris.io/"
    if iconURL.hasPrefix(origin) {
      var base = api.baseURL.absoluteString
      if !base.hasSuffix("/") { base += "/" }
      joke.iconURL = base + iconURL.dropFirst(origin.count)
    }
    return joke.object
  }

  var description: String { id }

  /// The seven keys of a joke object.
  static let keys = ["categories", "created_at", "icon_url", "id", "updated_at", "url", "value"]
}

/// The jokes of the fake's default pool, read from the fixtures.
enum FixtureJokes {
  /// Every joke of `samples/jokes-sample.json` and `jokes-made-up.json`, as JSON objects.
  static func all() throws -> [JSON] {
    let files = ["samples/jokes-sample.json", "jokes-made-up.json"]
    return try files.flatMap { name in
      try JSON.parse(Data(contentsOf: FakeAPI.fixtures.appendingPathComponent(name))).elements
    }
  }
}
