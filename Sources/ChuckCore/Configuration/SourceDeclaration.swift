import FoundationEssentials

/// A source declared in the config file: one `[sources.NAME]` table, with its
/// `[sources.NAME.fields]` and `[sources.NAME.headers]`, read and checked. It says where the
/// service is, what to ask it, and where each field is in its answers, as JSON Pointers:
///
/// ```toml
/// [sources.articles]
/// url = "https://run.mocky.io"
/// list = "/v3/de42e6d9-2d03-40e2-a426-8953c7c94fb8"
/// id = "/id"
/// text = "/title"
/// date = "/release_date"
/// date-parse = "%m/%d/%Y"
/// date-format = "%a, %b %-d, '%y"
/// image = "/image"
///
/// [sources.articles.fields]
/// Description = "/description"
/// Author = "/author"
///
/// [sources.articles.headers]
/// Authorization = "Bearer ${ARTICLES_TOKEN}"
/// ```
///
/// ``declarations(in:path:environment:)`` reads every declaration of a file and finds every
/// problem at once. A declaration only describes a source; what fetches from it comes later.
public struct SourceDeclaration: Sendable, Equatable {
  /// The source's name, `NAME` of `[sources.NAME]`: `--source NAME`, its list file
  /// `NAME-jokes.json`. One to ``longestName`` of `a`–`z`, `0`–`9` and `-`, never a built-in
  /// source's name or `all`.
  public let name: String
  /// Where it was declared: the file and the line of its first table header.
  public let origin: SettingOrigin
  /// The list's title, on `chuck list` and the screen (`title`; default: the name with its
  /// first letter in upper case, `Articles`).
  public let title: String
  /// The list's short name, its tab on the screen (`label`; default: the title).
  public let label: String
  /// The service's base URL (`url`): http or https, with a host, without a query or fragment.
  public let baseURL: URL
  /// What a random joke, or Joke!, asks the service for.
  public let fetch: Fetch
  /// The path of one item by its id, with `{id}` where the id goes once (`by-id`); `nil` when
  /// the service has none, and the source then fetches no joke by id.
  public let byIDPath: String?
  /// The path of a search, with `{query}` where the words go once (`search`); `nil` when the
  /// service has none, and the source then cannot search.
  public let searchPath: String?
  /// Where the items are in a search's answer (`search-items`); `nil` when the answer is the
  /// array of items itself, or one item.
  public let searchItems: JSONPointer?
  /// Where an item's id is (`id`).
  public let id: JSONPointer
  /// Where an item's text is: one text, or a setup and a punchline.
  public let text: Text
  /// Where an item's date is and how it is written (`date` and `date-parse`); `nil` for items
  /// without a date.
  public let date: DateField?
  /// How the source's dates are shown (`date-format`), instead of the `date-format` setting's;
  /// `nil` for the setting's.
  public let dateFormat: DateFormat?
  /// Where an item's categories are (`categories`): a string, or an array of strings.
  public let categories: JSONPointer?
  /// Where an item's image URL is (`image`).
  public let image: JSONPointer?
  /// Where the text is that a list shows under an item's text (`summary`): the start of an
  /// article's description under its title.
  public let summary: JSONPointer?
  /// The further rows of an item's detail, in file order (`[sources.NAME.fields]`).
  public let fields: [Field]
  /// The header fields every request to the service sends, in file order
  /// (`[sources.NAME.headers]`).
  public let headers: [Header]

  /// The longest name a declared source may have.
  public static let longestName = 20
  /// The longest title or label, in characters.
  public static let longestTitle = 40

  /// What a random joke, or Joke!, asks the service for: one item, or the whole list.
  public enum Fetch: Sendable, Equatable {
    /// One random item, at this path (`random`).
    case random(path: String)
    /// A feed: the whole latest list at this path (`list`), its items in the array that the
    /// pointer names (`items`), or the answer itself when there is no pointer.
    case feed(path: String, items: JSONPointer?)
  }

  /// Where an item's text is.
  public enum Text: Sendable, Equatable {
    /// One text (`text`).
    case single(JSONPointer)
    /// A two-part joke: its setup and its punchline (`setup` and `punchline`).
    case twoPart(setup: JSONPointer, punchline: JSONPointer)
  }

  /// Where an item's date is, and how the service writes it.
  public struct DateField: Sendable, Equatable {
    /// Where the date is (`date`): a string.
    public let pointer: JSONPointer
    /// How the date is written (`date-parse`).
    public let pattern: DateParsePattern
  }

  /// One further row of an item's detail: `Author = "/author"`.
  public struct Field: Sendable, Equatable {
    /// The row's label, the key as the file writes it (`Author`).
    public let label: String
    /// Where the row's value is.
    public let pointer: JSONPointer
  }

  /// One header field of the requests: `Authorization = "Bearer ${ARTICLES_TOKEN}"`.
  ///
  /// The value may name environment variables as `${NAME}`, so that a secret stays out of the
  /// config file. Both forms are kept: ``template``, as the file writes it, is what may be
  /// shown or written back (`chuck config`, `chuck sources`); ``value``, with the variables
  /// filled in, is only ever sent, never stored, printed or written to a file. The type's
  /// descriptions show the template alone.
  public struct Header: Sendable, Equatable, CustomStringConvertible,
    CustomDebugStringConvertible
  {
    /// The header's name, as the file writes it (`Authorization`).
    public let name: String
    /// The value as the file writes it, its `${NAME}` references unfilled.
    public let template: String
    /// The value with each `${NAME}` replaced by the variable's value: for the request alone.
    public let value: String

    /// `Name: template`, without the filled-in value.
    public var description: String { name + ": " + template }
    /// `Name: template`, without the filled-in value.
    public var debugDescription: String { description }
  }
}
