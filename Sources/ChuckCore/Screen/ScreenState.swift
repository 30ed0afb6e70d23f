/// Everything the interactive screen shows, as a value: the list, the selection and scroll
/// position, the view (list or one joke's detail), the status line and whether a fetch runs.
///
/// It changes only through ``handle(_:)`` (state + event → new state + effects) and is drawn by
/// ``ScreenRenderer``; neither does any I/O.
public struct ScreenState: Equatable, Sendable {
  /// What the body of the screen shows.
  public enum Mode: Equatable, Sendable {
    /// The list of saved jokes.
    case list
    /// One joke's fields, as `chuck show` prints them.
    case detail(Detail)
  }

  /// The detail view of one joke.
  public struct Detail: Equatable, Sendable {
    /// The joke's id.
    public var id: String
    /// The joke's fields, once read from its list, as `chuck show` lists them.
    public var fields: [Field]?
    /// Whether the joke has been read.
    public var isLoaded: Bool { fields != nil }
    /// Its icon, for a joke that has one: `loading…` until it is ready.
    public var icon: JokeDetailView.Icon?
    /// The first line shown, when the fields are taller than the screen.
    public var scroll: Int

    /// Makes the detail of a joke not read yet.
    /// - Parameter id: the joke's id.
    public init(id: String) {
      self.id = id
      fields = nil
      icon = nil
      scroll = 0
    }

    /// What the icon line says while the icon loads.
    public static let loading = "loading…"
  }

  /// What the detail shows of a joke: its id, its fields and its icon's URL.
  public struct Shown: Equatable, Sendable {
    /// The joke's id.
    public var id: String
    /// Its fields, in order.
    public var fields: [Field]
    /// Its icon's URL, for a joke that has one.
    public var icon: String?

    /// What the detail shows of a saved joke of any source.
    /// - Parameter joke: the joke.
    public init(_ joke: some SavedJoke) {
      self.init(
        id: joke.id, fields: joke.detailFields.map { Field(label: $0.label, value: $0.value) },
        icon: joke.icon)
    }

    /// Makes what the detail shows.
    /// - Parameters:
    ///   - id: the joke's id.
    ///   - fields: its fields.
    ///   - icon: its icon's URL.
    public init(id: String, fields: [Field], icon: String? = nil) {
      self.id = id
      self.fields = fields
      self.icon = icon
    }
  }

  /// One row of a joke in the detail: a label and its value.
  public struct Field: Equatable, Sendable {
    /// The field's name.
    public var label: String
    /// Its value as text.
    public var value: String

    /// Makes a row.
    /// - Parameters:
    ///   - label: the field's name.
    ///   - value: its value as text.
    public init(label: String, value: String) {
      self.label = label
      self.value = value
    }
  }

  /// What the status line at the bottom shows.
  public enum Status: Equatable, Sendable {
    /// The keys of the current view.
    case keys
    /// A message, until the next key.
    case message(TerminalText)
    /// An `error:` line (red when colour is on), until the next key.
    case error(TerminalText)
    /// A question that takes the next key.
    case prompt(Prompt)
  }

  /// A question in the status line: the next key answers it.
  public struct Prompt: Equatable, Sendable {
    /// What answering it does.
    public enum Purpose: Equatable, Sendable {
      /// `y` removes the joke with this id; any other key keeps it.
      case removal(id: String)
      /// The name typed is the name of a new favourite for the joke with this id: Enter makes
      /// it, Esc gives up.
      case favoriteName(id: String)
    }

    /// What answering it does.
    public var purpose: Purpose
    /// The question.
    public var question: TerminalText
    /// What has been typed or pasted (a name prompt's answer so far), at most
    /// ``maximumInput`` characters; made safe when it is shown.
    public var input: String = ""
    /// Why the name entered cannot be used, shown (red) instead of the prompt until the next key;
    /// what was typed stays, to be mended.
    public var problem: TerminalText?

    /// The most characters a prompt takes: a favourite's name is at most 60, so more is never
    /// needed, and a huge paste is not kept.
    public static let maximumInput = Favorite.maximumNameLength

    /// Whether the prompt takes typed text (else one key answers it).
    public var takesText: Bool {
      if case .favoriteName = purpose { true } else { false }
    }
  }

  /// The saved jokes, in the order shown.
  public internal(set) var rows: [ScreenRow]
  /// The position of the selected row (0 when the list is empty).
  public internal(set) var selection: Int
  /// The position of the first row shown.
  public internal(set) var top: Int
  /// The view.
  public internal(set) var mode: Mode
  /// The status line.
  public internal(set) var status: Status
  /// Whether the list of keys is shown over the view.
  public internal(set) var showsHelp: Bool
  /// Whether a fetch runs (the spinner turns; Joke! sends no second request).
  public internal(set) var isFetching: Bool
  /// The number of the latest fetch; results of an older (cancelled) fetch are ignored.
  public internal(set) var fetchNumber: Int
  /// How many times the spinner has turned during this fetch.
  public internal(set) var spinnerStep: Int
  /// The terminal's size, for paging and keeping the selection in view.
  public internal(set) var size: ScreenSize

  /// Makes the state of a screen that has just opened.
  /// - Parameters:
  ///   - rows: the saved jokes, in the order shown.
  ///   - size: the terminal's size.
  public init(rows: [ScreenRow] = [], size: ScreenSize) {
    self.rows = rows
    self.size = size
    selection = 0
    top = 0
    mode = .list
    status = .keys
    showsHelp = false
    isFetching = false
    fetchNumber = 0
    spinnerStep = 0
  }

  /// The selected row, if the list is not empty.
  public var selectedRow: ScreenRow? { rows.indices.contains(selection) ? rows[selection] : nil }
}
