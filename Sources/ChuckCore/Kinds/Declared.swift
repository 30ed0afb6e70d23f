import FoundationEssentials

/// A declared source's kind: a slot type whose every answer is its declaration's
/// (``DeclaredSources``).
public protocol DeclaredShape: JokeShape {
  /// The slot: which installed declaration this kind is.
  static var slot: Int { get }
  /// The declaration: the installed one of ``slot`` (a test's kind may hold its own, and then
  /// needs no registry).
  static var declaration: SourceDeclaration { get }
}

extension DeclaredShape {
  /// The installed declaration of the slot.
  public static var declaration: SourceDeclaration { DeclaredSources.declaration(slot) }

  /// `NAME` of `[sources.NAME]`.
  public static var name: String { declaration.name }
  /// `title`, else the name with a capital.
  public static var title: String { declaration.title }
  /// `label`, else the title.
  public static var label: String { declaration.label }
  /// None: `url` in the source's table says where it is.
  public static var baseURLVariable: EnvironmentVariable? { nil }
  /// Always: a declared source is a service.
  public static var hasService: Bool { true }
  /// `url`.
  public static var defaultBaseURL: String { declaration.baseURL.absoluteString }
  /// Where it was declared.
  public static var origin: SettingOrigin? { declaration.origin }
  /// `date-format`, for this source alone.
  public static var dateFormat: DateFormat? { declaration.dateFormat }
  /// Not known: a declaration names no language.
  public static var languages: [String] { [] }

  /// Unused: the text is where ``SourceDeclaration/text`` points (``textParts(in:)``).
  public static var textField: String { "text" }
  /// Unused, as ``textField``.
  public static var punchlineField: String? { nil }

  /// Any id a service may send (``JokeID/isAcceptable(_:)``) that is not shorter than a prefix,
  /// and whole numbers, which may be.
  public static func isFullID(_ id: String) -> Bool {
    JokeID.isAcceptable(id) && (JokeID.prefixProblem(id) == nil || JokeID.isWholeNumber(id))
  }
  /// ``JokeID/anyForm``.
  public static var idForm: String { JokeID.anyForm }

  /// The id where `id` points: a string as it is, a whole number's digits.
  public static func id(in object: [String: JSONValue], text: String) -> String? {
    switch declaration.id.resolve(in: .object(object)) {
    case .string(let id)?: id
    case let value?: JokeID.wholeNumber(value)
    case nil: nil
    }
  }

  /// The pointer and the form an id must have.
  public static var missingIDReason: String {
    "\(name): id (\(declaration.id.description.debugDescription)) matches nothing in the item, "
      + "or not an id (\(JokeID.anyForm), or a whole number)"
  }

  /// The text where `text` points, or the setup and punchline where `setup` and `punchline`
  /// do; a pointer that matches nothing, or a value that is not text, names the source, the
  /// key and the pointer.
  public static func textParts(in object: [String: JSONValue]) throws(ServiceJokeProblem)
    -> (text: String, punchline: String?)
  {
    switch declaration.text {
    case .single(let pointer):
      return (try string(at: pointer, key: "text", in: object), nil)
    case .twoPart(let setup, let punchline):
      return (
        try string(at: setup, key: "setup", in: object),
        try string(at: punchline, key: "punchline", in: object)
      )
    }
  }

  /// The categories where `categories` points: one string, or an array of strings.
  public static func categories(in object: [String: JSONValue]) -> [String] {
    switch declaration.categories?.resolve(in: .object(object)) {
    case .string(let name)?: [name]
    case .array(let values)?:
      values.compactMap {
        guard case .string(let name) = $0 else { return nil }
        return name
      }
    default: []
    }
  }

  /// The field's name where `date` points (`release_date`).
  public static var sentDateLabel: String {
    declaration.date.map { label(of: $0.pointer, else: "date") } ?? "date"
  }

  /// The date where `date` points, read by `date-parse`.
  public static func sentDate(in object: [String: JSONValue]) -> PostgresTimestamp? {
    guard let date = declaration.date,
      case .string(let text)? = date.pointer.resolve(in: .object(object))
    else { return nil }
    return date.pattern.timestamp(from: text)
  }

  /// The image's URL where `image` points.
  public static func image(in object: [String: JSONValue]) -> String? {
    guard case .string(let url)? = declaration.image?.resolve(in: .object(object)) else {
      return nil
    }
    return url
  }

  /// The text where `summary` points.
  public static func summary(in object: [String: JSONValue]) -> String? {
    guard case .string(let text)? = declaration.summary?.resolve(in: .object(object)) else {
      return nil
    }
    return text
  }

  /// The detail's rows: the text (or setup and punchline), the categories (when `categories`
  /// is declared and the item has some, unless a field shows the same pointer), then each field
  /// of `[sources.NAME.fields]` in file order (those that match nothing left out).
  public static func detailRows(in object: [String: JSONValue], text: String, punchline: String?)
    -> [(label: String, value: String)]?
  {
    var rows: [(label: String, value: String)] = []
    switch declaration.text {
    case .single(let pointer): rows.append((label(of: pointer, else: "text"), text))
    case .twoPart(let setup, let punchlinePointer):
      rows.append((label(of: setup, else: "setup"), text))
      if let punchline { rows.append((label(of: punchlinePointer, else: "punchline"), punchline)) }
    }
    let names = categories(in: object)
    if let pointer = declaration.categories, !names.isEmpty,
      !declaration.fields.contains(where: { $0.pointer == pointer })
    {
      rows.append(("categories", names.joined(separator: ", ")))
    }
    for field in declaration.fields {
      guard let value = field.pointer.resolve(in: .object(object)) else { continue }
      rows.append((field.label, ServiceJokeText.line(of: value)))
    }
    return rows
  }

  /// A row's label for a pointer: its last token, as the service names the field (`title` for
  /// `/title`), else `fallback` (for the whole document, or a token that is a number).
  static func label(of pointer: JSONPointer, else fallback: String) -> String {
    guard let last = pointer.tokens.last, !last.isEmpty, !last.allSatisfy(\.isNumber) else {
      return fallback
    }
    return last
  }

  /// The items of a search's answer: where `search-items` points, else the answer when it is an
  /// array, else the answer as one item.
  public static func searchResults(in answer: JSONValue) throws(ChuckError)
    -> [[String: JSONValue]]
  {
    try objects(in: answer, at: declaration.searchItems, of: .searchResults)
  }

  /// The random item's path, or for a feed its list's.
  public static func randomRequest(category: String?, settings: ServiceSettings)
    throws(ChuckError) -> ServiceRequest
  {
    switch declaration.fetch {
    case .random(let path), .feed(let path, _): ServiceRequest(encoded: path)
    }
  }

  /// The list's path, for a feed.
  public static var feedRequest: ServiceRequest? {
    guard case .feed(let path, _) = declaration.fetch else { return nil }
    return ServiceRequest(encoded: path)
  }

  /// `by-id`, with the id in place of `{id}`.
  public static var jokeRequest: ServiceRequest.ByID? {
    guard let path = declaration.byIDPath else { return nil }
    return { id in ServiceRequest(encoded: ServiceRequest.filling("{id}", with: id, in: path)) }
  }

  /// `search`, with the words in place of `{query}`.
  public static var searchRequest: ServiceRequest.Search? {
    guard let path = declaration.searchPath else { return nil }
    return { term, _ in
      ServiceRequest(encoded: ServiceRequest.filling("{query}", with: term, in: path))
    }
  }

  /// The declared headers but `User-Agent` (``userAgent``); never the device id, nor another
  /// source's headers.
  public static func headers(deviceID: () throws(ChuckError) -> String) throws(ChuckError)
    -> [(name: String, value: String)]
  {
    declaration.headers.filter { ASCIIByte.lowercased($0.name) != "user-agent" }.map {
      ($0.name, $0.value)
    }
  }

  /// A declared `User-Agent`, else chuck's.
  public static var userAgent: String {
    declaration.headers.last { ASCIIByte.lowercased($0.name) == "user-agent" }?.value
      ?? ChuckVersion.userAgent
  }

  /// The items of a feed's answer, saved now, in the service's order: where `items` points,
  /// else the answer itself, which must be an array of objects.
  public static func jokes(inFeed answer: JSONValue, savedAt: PostgresTimestamp)
    throws(ChuckError) -> [ServiceJoke<Self>]
  {
    var jokes: [ServiceJoke<Self>] = []
    var pointer: JSONPointer?
    if case .feed(_, let items) = declaration.fetch { pointer = items }
    for (index, object) in try objects(in: answer, at: pointer, of: .feedList).enumerated() {
      do throws(ChuckError) {
        jokes.append(try ServiceJoke(received: object, savedAt: savedAt))
      } catch {
        guard case .badResponse(let reason) = error else { throw error }
        throw .badResponse("item \(index + 1) of the list: \(reason)")
      }
    }
    return jokes
  }

  /// The objects of an answer that holds several items (a feed's list, a search's results).
  private static func objects(
    in answer: JSONValue, at pointer: JSONPointer?, of expected: ItemsAnswer
  ) throws(ChuckError) -> [[String: JSONValue]] {
    let (key, what) = (expected.key, expected.what)
    var items = answer
    if let pointer {
      guard let found = pointer.resolve(in: answer) else {
        throw .badResponse(
          "\(name): \(key) (\(pointer.description.debugDescription)) matches nothing in the "
            + "\(what)'s answer")
      }
      items = found
    }
    switch items {
    case .array(let values):
      var objects: [[String: JSONValue]] = []
      for (index, value) in values.enumerated() {
        guard case .object(let object) = value else {
          throw .badResponse("\(name): item \(index + 1) of the \(what) is not an object")
        }
        objects.append(object)
      }
      return objects
    case .object(let object) where expected.takesOneObject: return [object]
    default:
      throw .badResponse(
        "\(name): the \(what)'s answer is not an array of items: declare \(key), the pointer "
          + "to the array, such as \(key) = \"/items\"")
    }
  }

  /// The string a pointer names, or why there is none.
  private static func string(
    at pointer: JSONPointer, key: String, in object: [String: JSONValue]
  ) throws(ServiceJokeProblem) -> String {
    let quoted = pointer.description.debugDescription
    switch pointer.resolve(in: .object(object)) {
    case .string(let text)?: return text
    case nil:
      throw ServiceJokeProblem(reason: "\(name): \(key) (\(quoted)) matches nothing in the item")
    case _?:
      throw ServiceJokeProblem(reason: "\(name): \(key) (\(quoted)) is not text in the item")
    }
  }
}

/// An answer of a declared source that holds several items: each is read the same way
/// (``DeclaredShape``), but for its key, its name in messages and what one object is.
private enum ItemsAnswer {
  /// A search's results, where `search-items` points: an answer that is one object is one
  /// result.
  case searchResults
  /// A feed's list, where `items` points: an array of objects, always.
  case feedList

  /// The key of the pointer to the items.
  var key: String {
    switch self {
    case .searchResults: "search-items"
    case .feedList: "items"
    }
  }

  /// How messages name the answer: the `search`'s, the `list`'s.
  var what: String {
    switch self {
    case .searchResults: "search"
    case .feedList: "list"
    }
  }

  /// Whether an answer that is one object is one item (else it is no list of items).
  var takesOneObject: Bool {
    switch self {
    case .searchResults: true
    case .feedList: false
    }
  }
}
