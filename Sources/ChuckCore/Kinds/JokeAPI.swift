import FoundationEssentials

/// JokeAPI's jokes (v2.jokeapi.dev, MIT): `{"error": false, "category": "Programming", "type":
/// "single", "joke": "…", "flags": {…}, "id": 41, "safe": true, "lang": "en"}`, or a two-part
/// joke with `"type": "twopart"`, `setup` and `delivery`. `GET /joke/<Category or Any>`,
/// `?idRange=<id>`, `?contains=<text>&amount=10`, `GET /categories`; safe mode (`?safe-mode`) on
/// random jokes and searches unless `CHUCK_JOKEAPI_SAFE=0`, and `lang=` on them for a configured
/// language JokeAPI has (``languages``). A joke asked for by its id is shown whatever its flags:
/// the user named it (and in English: ids are per language).
public enum JokeAPI: JokeShape {
  /// `jokeapi`.
  public static var name: String { "jokeapi" }
  /// The title.
  public static var title: String { "JokeAPI Jokes" }
  /// The tab\'s name on the screen.
  public static var label: String { "JokeAPI" }
  /// `CHUCK_JOKEAPI_URL`.
  public static var baseURLVariable: EnvironmentVariable? {
    EnvironmentVariable("CHUCK_JOKEAPI_URL")
  }
  /// v2.jokeapi.dev.
  public static var defaultBaseURL: String { "https://v2.jokeapi.dev" }
  /// `CHUCK_JOKEAPI_SAFE`: `0` turns safe mode off; `1` (or unset) keeps it on (read by
  /// ``ChuckConfiguration``, which gives ``ServiceSettings/jokeAPISafe``).
  public static var safeModeVariable: EnvironmentVariable {
    EnvironmentVariable("CHUCK_JOKEAPI_SAFE")
  }
  /// The languages it has jokes in: Czech, German, English, Spanish, French, Portuguese.
  public static var languages: [String] { ["cs", "de", "en", "es", "fr", "pt"] }
  /// The configured language (lower-cased) when JokeAPI has jokes in it; `nil` (English, sent
  /// as no `lang=`) for none or one it lacks.
  public static func requestLanguage(_ settings: ServiceSettings) -> String? {
    guard let language = settings.language?.lowercased(), languages.contains(language) else {
      return nil
    }
    return language
  }
  /// JokeAPI's flags: a joke may be marked with any of them (safe mode leaves all of those out).
  public static var flagNames: [String] {
    ["nsfw", "religious", "political", "racist", "sexist", "explicit"]
  }

  /// `joke`, or `setup` for a two-part joke.
  public static var textField: String { "joke" }
  /// None for a single joke; `delivery` for a two-part one (``fieldNames(in:)``).
  public static var punchlineField: String? { nil }
  /// `joke` for `"type": "single"`; `setup` and `delivery` for `"type": "twopart"`.
  public static func fieldNames(in object: [String: JSONValue]) -> (
    text: String, punchline: String?
  ) {
    object["type"] == .string("twopart") ? ("setup", "delivery") : ("joke", nil)
  }
  /// Its one category.
  public static func categories(in object: [String: JSONValue]) -> [String] {
    if case .string(let category)? = object["category"] { return [category] }
    return []
  }
  /// The flags set to `true` in its `flags` object, of those JokeAPI has.
  public static func flags(in object: [String: JSONValue]) -> [String] {
    guard case .object(let flags)? = object["flags"] else { return [] }
    return flagNames.filter { flags[$0] == .bool(true) }
  }
  /// The id: a whole number's digits, after the language and `-` for a joke in another
  /// language than English (`fr-2`): JokeAPI numbers each language's jokes on their own, so
  /// French joke 2 and English joke 2 are two jokes. An English joke keeps its bare number, as
  /// every list saved before languages has it.
  public static func id(in object: [String: JSONValue], text: String) -> String? {
    guard let number = JokeID.wholeNumber(object["id"]) else { return nil }
    guard case .string(let language)? = object["lang"], language != "en" else { return number }
    guard isLanguageCode(language) else { return nil }
    return language + "-" + number
  }
  /// Whole numbers, after the language for another than English.
  public static var idForm: String {
    "whole numbers without leading zeros, after the language and - for a joke not in English "
      + "(fr-2)"
  }
  /// A whole number, or a language, `-` and a whole number (either may be shorter than a
  /// prefix).
  public static func isFullID(_ id: String) -> Bool {
    guard let (_, number) = languageAndNumber(id) else { return JokeID.isWholeNumber(id) }
    return JokeID.isWholeNumber(number)
  }

  /// `fr-2` as its language and number; `nil` for an id without a language.
  static func languageAndNumber(_ id: String) -> (String, String)? {
    let parts = id.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2, isLanguageCode(String(parts[0])) else { return nil }
    return (String(parts[0]), String(parts[1]))
  }

  /// Two lower-case letters.
  private static func isLanguageCode(_ text: String) -> Bool {
    text.utf8.count == 2
      && text.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
  }

  /// `"error": true`: JokeAPI's "no matching joke", sent with a 200 by some versions.
  public static func isNoJoke(_ object: [String: JSONValue]) -> Bool {
    object["error"] == .bool(true)
  }
  /// 400: its "no matching joke" (code 106) and an unknown category.
  public static var noJokeStatuses: Set<Int> { [400] }

  /// `/joke/<category or Any>`, with `safe-mode` unless it is off and `lang=` for a language
  /// JokeAPI has (``requestLanguage(_:)``).
  public static func randomRequest(category: String?, settings: ServiceSettings)
    throws(ChuckError) -> ServiceRequest
  {
    ServiceRequest(["joke", category ?? "Any"], query: filters(settings))
  }
  /// `/joke/Any?idRange=<id>`, and `lang=` for an id with a language (`fr-2`).
  public static var jokeRequest: ServiceRequest.ByID? {
    { id in
      guard let (language, number) = languageAndNumber(id) else {
        return ServiceRequest(["joke", "Any"], query: [URLQueryItem(name: "idRange", value: id)])
      }
      return ServiceRequest(
        ["joke", "Any"],
        query: [
          URLQueryItem(name: "idRange", value: number), URLQueryItem(name: "lang", value: language),
        ])
    }
  }
  /// `/joke/Any?contains=<term>&amount=10`, with `safe-mode` unless it is off and `lang=` as a
  /// random joke's: JokeAPI searches the jokes of one language (English when none is named).
  public static var searchRequest: ServiceRequest.Search? {
    { (term: String, settings: ServiceSettings) throws(ChuckError) -> ServiceRequest in
      let query = [
        URLQueryItem(name: "contains", value: term), URLQueryItem(name: "amount", value: "10"),
      ]
      return ServiceRequest(["joke", "Any"], query: query + filters(settings))
    }
  }
  /// `{"amount": N, "jokes": […]}`, or one bare joke when one matches.
  public static func searchResults(in answer: JSONValue) throws(ChuckError)
    -> [[String: JSONValue]]
  {
    guard case .object(let object) = answer else {
      throw .badResponse("the search answer is not an object")
    }
    guard case .array(let jokes)? = object["jokes"] else { return [object] }
    var objects: [[String: JSONValue]] = []
    for joke in jokes {
      guard case .object(let joke) = joke else {
        throw .badResponse("a search result is not an object")
      }
      objects.append(joke)
    }
    return objects
  }
  /// `/categories`.
  public static var categoriesRequest: ServiceRequest? { ServiceRequest(["categories"]) }
  /// `{"categories": ["Any", "Misc", …]}`, without `Any` (every category).
  public static func categoryNames(in answer: JSONValue) throws(ChuckError) -> [String] {
    guard case .object(let object) = answer, case .array(let names)? = object["categories"] else {
      throw .badResponse("the categories answer has no 'categories' array")
    }
    return names.compactMap { if case .string(let name) = $0, name != "Any" { name } else { nil } }
  }

  /// `safe-mode` unless it is off, then `lang=` when a language is asked for.
  private static func filters(_ settings: ServiceSettings) -> [URLQueryItem] {
    var query: [URLQueryItem] = []
    if settings.jokeAPISafe { query.append(URLQueryItem(name: "safe-mode", value: nil)) }
    if let language = requestLanguage(settings) {
      query.append(URLQueryItem(name: "lang", value: language))
    }
    return query
  }
}

extension JokeSource {
  /// JokeAPI's jokes.
  public static let jokeapi = JokeSource(JokeAPI.self)
}
