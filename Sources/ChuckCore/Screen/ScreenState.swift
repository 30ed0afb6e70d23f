/// Everything the interactive screen shows, as a value: its tabs (one per source, then the
/// favourites), and in each its list, selection, scroll position, filter, search and view (the
/// list, one joke's detail, a punchline to come); the status line and whether a fetch runs.
///
/// It changes only through ``handle(_:)`` (state + event → new state + effects) and is drawn by
/// ``ScreenRenderer``; neither does any I/O. No part of it knows a source by name: a tab has a
/// title, a label and what its source can do.
public struct ScreenState: Equatable, Sendable {
  /// What the body of a tab shows.
  public enum Mode: Equatable, Sendable {
    /// The list of saved jokes (or of search results, while the tab has some).
    case list
    /// One joke's fields, as `chuck show` lists them.
    case detail(Detail)
    /// A two-part joke just fetched: its setup, and the punchline once a key is pressed.
    case punchline(Punchline)
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
    /// The current line, where the cursor stands: motions move it, and the view scrolls only
    /// when it would leave the screen.
    public var line = 0
    /// What the joke is to copy and open (known once it is read).
    public var shown: Shown?

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

  /// A two-part joke fetched with Joke!: the setup first, the punchline on the next key.
  public struct Punchline: Equatable, Sendable {
    /// The setup.
    public var setup: String
    /// The punchline.
    public var punchline: String
    /// Whether the punchline is shown yet.
    public var isRevealed: Bool

    /// Makes the view of a two-part joke, its punchline hidden.
    /// - Parameters:
    ///   - setup: the setup.
    ///   - punchline: the punchline.
    public init(setup: String, punchline: String) {
      self.setup = setup
      self.punchline = punchline
      isRevealed = false
    }
  }

  /// What the screen knows of one joke: the detail's fields, its image, its text to copy and its
  /// link to open.
  public struct Shown: Equatable, Sendable {
    /// The joke's id.
    public var id: String
    /// Its fields, in order.
    public var fields: [Field]
    /// Its image, for a joke that has one, as its source decides it (``JokeImage``).
    public var image: JokeImage?
    /// Its text, a two-part joke's setup and punchline on two lines (what `y` copies).
    public var text: String
    /// Its link, for a joke that has one (what `o` opens).
    public var link: String?
    /// A two-part joke's setup and punchline.
    public var parts: Punchline?

    /// What the detail shows of a joke of any source.
    /// - Parameters:
    ///   - joke: the joke.
    ///   - source: its source, which decides its image (``JokeImage``).
    ///   - instants: how its dates are written (``ShownDates``).
    public init(
      _ joke: some SavedJoke, source: JokeSource, instants: DateFormat = .swedishDateTime
    ) {
      self.init(
        id: joke.id,
        fields: joke.detailFields(instants: instants).map {
          Field(label: $0.label, value: $0.value)
        },
        image: JokeImage(joke, source: source), text: Self.text(joke.text, joke.punchline),
        link: joke.link)
      parts = joke.punchline.map { Punchline(setup: joke.text, punchline: $0) }
    }

    /// Makes what the detail shows.
    /// - Parameters:
    ///   - id: the joke's id.
    ///   - fields: its fields.
    ///   - image: its image.
    ///   - text: its text.
    ///   - link: its link.
    public init(
      id: String, fields: [Field], image: JokeImage? = nil, text: String = "",
      link: String? = nil
    ) {
      self.id = id
      self.fields = fields
      self.image = image
      self.text = text
      self.link = link
    }

    /// A joke's whole text: a two-part joke's setup and punchline on two lines.
    /// - Parameters:
    ///   - text: the text or setup.
    ///   - punchline: the punchline, if any.
    /// - Returns: the text.
    public static func text(_ text: String, _ punchline: String?) -> String {
      punchline.map { text + "\n" + $0 } ?? text
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
    /// A message, until the next key (wrapped at word boundaries when it does not fit).
    case message(TerminalText)
    /// An `error:` line (red when colour is on), until the next key.
    case error(TerminalText)
    /// A question that takes the next key, or text.
    case prompt(Prompt)
  }

  /// A question in the status line: the next key answers it, or the text typed (Enter).
  public struct Prompt: Equatable, Sendable {
    /// What answering it does.
    public enum Purpose: Equatable, Sendable {
      /// `y` removes the joke with this id; any other key keeps it.
      case removal(id: String)
      /// The name typed is the name of a new favourite for the joke with this id: Enter makes
      /// it, Esc gives up.
      case favoriteName(id: String)
      /// `y` removes the favourite with this name (its joke stays).
      case favoriteRemoval(name: String)
      /// The name typed is the new name of the favourite with this name.
      case rename(name: String)
      /// The text typed is searched for in the tab's source.
      case search
      /// The text typed filters the tab's list, as it is typed.
      case filter
    }

    /// What answering it does.
    public var purpose: Purpose
    /// The question.
    public var question: TerminalText
    /// What has been typed or pasted (a text prompt's answer so far), at most
    /// ``maximumInput`` characters; made safe when it is shown.
    public var input: String = ""
    /// Why the text entered cannot be used, shown (red) instead of the prompt until the next
    /// key; what was typed stays, to be mended.
    public var problem: TerminalText?

    /// The most characters a name prompt takes: a favourite's name is at most 60, so more is
    /// never needed, and a huge paste is not kept.
    public static let maximumInput = Favorite.maximumNameLength

    /// The most characters this prompt takes (a search query or filter may be longer than a
    /// name).
    public var maximum: Int {
      switch purpose {
      case .search, .filter: SearchQuery.lengths.upperBound
      default: Self.maximumInput
      }
    }

    /// Whether the prompt takes typed text (else one key answers it).
    public var takesText: Bool {
      switch purpose {
      case .removal, .favoriteRemoval: false
      case .favoriteName, .rename, .search, .filter: true
      }
    }
  }

  /// The tabs: every source's, in `chuck sources` order, then the favourites.
  public internal(set) var tabs: [Tab]
  /// The position of the tab shown.
  public internal(set) var current: Int
  /// The status line.
  public internal(set) var status: Status
  /// Whether the list of keys is shown over the view.
  public internal(set) var showsHelp: Bool
  /// The first line of the list of keys shown, when it is taller than the screen.
  public internal(set) var helpScroll = 0
  /// Whether a fetch runs (the spinner turns; Joke! sends no second request).
  public internal(set) var isFetching: Bool
  /// The tab whose source the running (or last) fetch is for.
  public internal(set) var fetchTab: Int
  /// The number of the latest fetch; results of an older (cancelled) fetch are ignored.
  public internal(set) var fetchNumber: Int
  /// The number of the latest search; results of an older (cancelled) one are ignored.
  public internal(set) var searchNumber: Int
  /// How many times the spinner has turned during this fetch or search.
  public internal(set) var spinnerStep: Int
  /// The terminal's size, for paging and keeping the selection in view.
  public internal(set) var size: ScreenSize
  /// The keys: what each does, and what the list of keys and the hints say.
  public internal(set) var keymap: ScreenKeymap
  /// Whether the accessible mode is on (`chuck help accessibility`): no spinner, words instead
  /// of ★ ☆ ✓, each row saying its position, text, date and state, no dim text, every change
  /// of state said in the status line, questions asked whole.
  public var isAccessible = false
  /// Whether the rows show each joke's id (`screen-ids`): off by default, since a screen reader
  /// spells an id out letter by letter; the detail and `--json` always have it.
  public var showsIDs = false

  /// Makes the state of a screen that has just opened.
  /// - Parameters:
  ///   - tabs: the tabs (at least one).
  ///   - current: the position of the tab shown first.
  ///   - size: the terminal's size.
  ///   - keymap: the keys.
  public init(tabs: [Tab], current: Int = 0, size: ScreenSize, keymap: ScreenKeymap) {
    self.tabs = tabs.isEmpty ? [Tab(title: JokeListView.title)] : tabs
    self.current = min(max(0, current), self.tabs.count - 1)
    self.size = size
    self.keymap = keymap
    status = .keys
    showsHelp = false
    isFetching = false
    fetchTab = self.current
    fetchNumber = 0
    searchNumber = 0
    spinnerStep = 0
  }

  /// Makes the state of a screen of one tab (a list titled "Chuck Norris Jokes") that has just
  /// opened.
  /// - Parameters:
  ///   - rows: the saved jokes, in the order shown.
  ///   - size: the terminal's size.
  ///   - keymap: the keys.
  public init(rows: [ScreenRow] = [], size: ScreenSize, keymap: ScreenKeymap) {
    var tab = Tab(title: JokeListView.title)
    tab.load(rows)
    self.init(tabs: [tab], size: size, keymap: keymap)
  }

  /// The tab shown.
  public var tab: Tab {
    get { tabs[current] }
    // In place: a change to the selection never copies a tab's ten thousand rows.
    _modify { yield &tabs[current] }
  }

  /// The rows the tab shows (its saved jokes that match its filter, or its search results).
  public var rows: [ScreenRow] { tab.shownRows }
  /// The position of the selected row among ``rows`` (0 when there are none).
  public var selection: Int { tab.shownSelection }
  /// The position of the first row shown.
  public var top: Int { tab.search?.top ?? tab.top }
  /// The tab's view.
  public var mode: Mode { tab.mode }
  /// Where a key is pressed now: the list of keys when it shows, else the view.
  public var context: ScreenContext { showsHelp ? .help : ScreenHelp.view(of: self) }
  /// The selected row, if there is one.
  public var selectedRow: ScreenRow? { rows.indices.contains(selection) ? rows[selection] : nil }
}
